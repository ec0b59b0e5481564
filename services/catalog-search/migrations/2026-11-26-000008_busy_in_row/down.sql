DROP TRIGGER car_busy_on_insert ON cars;
DROP FUNCTION car_inserted_busy();
DROP TRIGGER car_unavailability_inserted ON car_unavailability;
DROP TRIGGER car_unavailability_updated ON car_unavailability;
DROP TRIGGER car_unavailability_deleted ON car_unavailability;
DROP FUNCTION car_unavailability_changed();
DROP FUNCTION car_busy(uuid);
ALTER TABLE cars DROP COLUMN busy;
