-- Where a delivered car is collected after the trip (the booking's return options): null when
-- it comes back to the car's place. With `pick_up_location` it makes the captains' tasks.
ALTER TABLE trips ADD COLUMN drop_off_location jsonb;
