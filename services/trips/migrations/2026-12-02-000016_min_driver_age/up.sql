-- The car's minimum driver age when the trip was booked (catalog's, by the car's class): the
-- age every driver of the trip (its guest, its added drivers) must have on its first day.
ALTER TABLE trips ADD COLUMN min_driver_age integer NOT NULL DEFAULT 21
    CHECK (min_driver_age BETWEEN 21 AND 99);
