ALTER TABLE trips DROP COLUMN drop_off_location;
