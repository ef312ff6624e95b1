-- Each event's link to the one before it: the SHA-256 of the previous event's line as
-- night.jsonl writes it (the first event's: of its run's record). Events stored before
-- housie 0.14 have none.
ALTER TABLE events ADD COLUMN prev TEXT;
