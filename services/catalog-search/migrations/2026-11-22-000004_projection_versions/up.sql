-- Events may arrive twice or out of order: each row keeps the version of the last change it
-- applied, and a released booking or block stays as a row with no period (a tombstone), so an
-- older "booked" arriving late cannot bring it back.
ALTER TABLE car_unavailability ADD COLUMN version bigint NOT NULL DEFAULT 0;
ALTER TABLE car_unavailability ALTER COLUMN period DROP NOT NULL;
ALTER TABLE car_unavailability DROP CONSTRAINT car_unavailability_period_check;
ALTER TABLE car_unavailability ADD CONSTRAINT car_unavailability_period_check CHECK (period IS NULL OR NOT isempty(period));
