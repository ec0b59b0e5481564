DROP TABLE trip_photos;
DROP FUNCTION refuse_change;
ALTER TABLE trips DROP COLUMN checked_in_at, DROP COLUMN checked_out_at;
