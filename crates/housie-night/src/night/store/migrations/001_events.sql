-- The night: one row binding the database to its run, and an append-only log of events.
-- Everything the desk shows is replayed from the log; nothing is updated or deleted.
CREATE TABLE night (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    run_sha256 TEXT NOT NULL,
    token TEXT NOT NULL,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))
);

CREATE TABLE events (
    seq INTEGER PRIMARY KEY AUTOINCREMENT,
    at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
    game INTEGER NOT NULL,
    kind TEXT NOT NULL,
    data TEXT NOT NULL
);

CREATE INDEX events_by_game ON events (game, seq);

CREATE TRIGGER events_no_update BEFORE UPDATE ON events
BEGIN
    SELECT RAISE(ABORT, 'the event log is append-only');
END;

CREATE TRIGGER events_no_delete BEFORE DELETE ON events
BEGIN
    SELECT RAISE(ABORT, 'the event log is append-only');
END;
