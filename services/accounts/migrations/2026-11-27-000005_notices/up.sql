-- Notifications of trips and messages (email, and SMS to a verified phone for the urgent ones):
-- each is sent once, keyed by what it is about and to whom.
CREATE TABLE notices (
    key text PRIMARY KEY CHECK (length(key) BETWEEN 1 AND 200),
    user_id uuid NOT NULL,
    kind text NOT NULL,
    sent_at timestamptz NOT NULL
);

-- The trips accounts notifies about (from the trips events): their parties, start and state,
-- for cancellation notices and the check-in reminder.
CREATE TABLE trip_notices (
    trip_id uuid PRIMARY KEY,
    guest_id uuid NOT NULL,
    host_id uuid NOT NULL,
    start_time timestamptz NOT NULL,
    end_time timestamptz NOT NULL,
    state text NOT NULL CHECK (state IN ('requested', 'confirmed', 'cancelled', 'started')),
    version bigint NOT NULL
);
CREATE INDEX trip_notices_reminder_idx ON trip_notices (start_time) WHERE state = 'confirmed';
