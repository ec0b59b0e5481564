ALTER TABLE trips DROP COLUMN min_driver_age;
