-- Calendar sync (RFC 5545). A car's own feed: a secret token names it (no sign-in), and
-- rotating it replaces the token, so the old address answers nothing.
CREATE TABLE calendar_feeds (
    car_id uuid PRIMARY KEY REFERENCES listings (id) ON DELETE CASCADE,
    token text NOT NULL UNIQUE CHECK (char_length(token) >= 32),
    created_at timestamptz NOT NULL DEFAULT now()
);

-- External calendars a car's host added; fetched every 15 minutes (the claim moves
-- next_sync_at on, so two replicas never fetch one at once).
CREATE TABLE calendar_imports (
    id uuid PRIMARY KEY,
    car_id uuid NOT NULL REFERENCES listings (id) ON DELETE CASCADE,
    url text NOT NULL CHECK (char_length(url) BETWEEN 1 AND 2000),
    etag text,
    last_modified text,
    -- The last fetch that read the calendar (a 304 counts), and the latest attempt's error.
    last_sync_at timestamptz,
    last_error text NOT NULL DEFAULT '',
    next_sync_at timestamptz NOT NULL DEFAULT now(),
    created_by uuid NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (car_id, url)
);
CREATE INDEX calendar_imports_due_idx ON calendar_imports (next_sync_at);

-- Each busy event of an import, by its UID: a block of the car while it is clear of the car's
-- trips (block_id), else a conflict the host is shown (conflict_trip_id); never both.
CREATE TABLE calendar_import_events (
    import_id uuid NOT NULL REFERENCES calendar_imports (id) ON DELETE CASCADE,
    uid text NOT NULL CHECK (char_length(uid) BETWEEN 1 AND 1000),
    period tstzrange NOT NULL CHECK (NOT isempty(period)),
    block_id uuid,
    conflict_trip_id uuid,
    PRIMARY KEY (import_id, uid),
    CHECK (block_id IS NULL OR conflict_trip_id IS NULL)
);

-- A block made from an import (never written back to the car's own feed: two platforms
-- importing each other would echo a booking back and forth).
ALTER TABLE host_blocks ADD COLUMN import_id uuid;
