DROP TRIGGER owner_standing_to_cars ON owner_standing;
DROP FUNCTION owner_standing_to_cars();
DROP TRIGGER cars_take_owner_standing ON cars;
DROP FUNCTION cars_take_owner_standing();
ALTER TABLE cars DROP COLUMN owner_suspended;
DROP TABLE owner_standing;
