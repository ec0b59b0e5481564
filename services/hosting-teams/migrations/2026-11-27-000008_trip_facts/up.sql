-- The hosts' trips as their performance needs them (a read model of the trips events): when
-- each was booked, whether it waited for the host and when the host answered, how it ended,
-- and what the owner earned. One row per trip; the status moves only with a newer version.
CREATE TABLE trip_facts (
    trip_id uuid PRIMARY KEY,
    car_id uuid NOT NULL,
    owner_id uuid NOT NULL,
    status text NOT NULL CHECK (status IN ('requested', 'confirmed', 'completed', 'rejected',
        'cancelled_by_guest', 'cancelled_by_host')),
    requested boolean NOT NULL,
    booked_at timestamptz NOT NULL,
    answered_at timestamptz,
    start_at timestamptz NOT NULL,
    end_at timestamptz NOT NULL CHECK (end_at > start_at),
    earnings_cents bigint NOT NULL DEFAULT 0,
    version bigint NOT NULL
);
CREATE INDEX trip_facts_owner_idx ON trip_facts (owner_id, start_at);
