-- A coupon's conditions on the guest's trips: only for a first trip, and how many trips of one
-- account may use it (NULL: no limit). Trips enforces both as it books; pricing tells the
-- guest at checkout from what it knows of the guest's trips (below).
ALTER TABLE coupons
    ADD COLUMN first_trip_only boolean NOT NULL DEFAULT false,
    ADD COLUMN uses_per_account integer CHECK (uses_per_account IS NULL OR uses_per_account > 0);

-- The guests' trips as trips' events tell them (`trips.trip_booked`, `trips.trip_cancelled`):
-- a trip counts while it is not cancelled or rejected. A cancellation that arrives before its
-- booking is kept, so the trip never counts again.
CREATE TABLE guest_trips (
    trip_id uuid PRIMARY KEY,
    guest_id uuid,
    counts boolean NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX guest_trips_guest_idx ON guest_trips (guest_id) WHERE counts;
