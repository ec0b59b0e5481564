-- Quotes made while Redis could not be reached: kept here until they expire, so prices can be
-- given and booked through a Redis outage. Redis stays the store of every other quote.
CREATE TABLE held_quotes (
    quote_id uuid PRIMARY KEY,
    meta bytea NOT NULL,
    details bytea NOT NULL,
    expires_at timestamptz NOT NULL
);
CREATE INDEX held_quotes_expires_at ON held_quotes (expires_at);
