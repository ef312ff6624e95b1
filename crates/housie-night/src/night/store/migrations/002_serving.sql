-- Where the night is being served, so a second server on the same night (another
-- `housie serve`, or the studio's desk) is sent to it rather than refused blindly. Overwritten at
-- each start; not part of the log and not sealed.
CREATE TABLE serving (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    url TEXT NOT NULL,
    since TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);
