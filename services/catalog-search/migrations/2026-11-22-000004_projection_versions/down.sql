DELETE FROM car_unavailability WHERE period IS NULL;
ALTER TABLE car_unavailability DROP CONSTRAINT car_unavailability_period_check;
ALTER TABLE car_unavailability ALTER COLUMN period SET NOT NULL;
ALTER TABLE car_unavailability ADD CONSTRAINT car_unavailability_period_check CHECK (NOT isempty(period));
ALTER TABLE car_unavailability DROP COLUMN version;
