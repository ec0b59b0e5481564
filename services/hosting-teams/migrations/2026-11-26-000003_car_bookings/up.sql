-- The cars' bookings as hosting needs them (a read model of the trips events): a car with a
-- trip still to come is not deleted, and a host block may not cover a booked trip. One row per
-- trip, replaced only by a newer version; a cancelled trip keeps its row with no period (a
-- tombstone), so a late "booked" cannot bring it back.
CREATE TABLE car_bookings (
    trip_id uuid PRIMARY KEY,
    car_id uuid NOT NULL,
    period tstzrange CHECK (period IS NULL OR NOT isempty(period)),
    version bigint NOT NULL,
    updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX car_bookings_car_idx ON car_bookings (car_id) WHERE period IS NOT NULL;
