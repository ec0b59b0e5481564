ALTER TABLE cars DROP COLUMN instant_booking;
