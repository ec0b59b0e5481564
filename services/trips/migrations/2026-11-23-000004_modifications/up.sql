-- A change of a confirmed trip (dates, or extras and plan) asked by one party and answered by
-- the other. One pending request per trip.
CREATE TABLE trip_modifications (
    id uuid PRIMARY KEY,
    trip_id uuid NOT NULL REFERENCES trips (id),
    requested_by uuid NOT NULL,
    requested_role text NOT NULL,
    status text NOT NULL CHECK (status IN ('pending', 'withdrawn', 'accepted', 'declined')),
    new_start timestamptz NOT NULL,
    new_end timestamptz NOT NULL CHECK (new_end > new_start),
    extras jsonb,
    protection_plan_type text,
    quote_id uuid NOT NULL,
    new_total_cents bigint NOT NULL CHECK (new_total_cents >= 0),
    difference_cents bigint NOT NULL,
    price_details bytea NOT NULL,
    message text NOT NULL DEFAULT '',
    response_message text NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL DEFAULT now(),
    answered_at timestamptz
);
CREATE UNIQUE INDEX trip_modifications_one_pending ON trip_modifications (trip_id) WHERE status = 'pending';
