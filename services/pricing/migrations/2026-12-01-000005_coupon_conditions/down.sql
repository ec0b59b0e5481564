DROP TABLE guest_trips;
ALTER TABLE coupons DROP COLUMN uses_per_account, DROP COLUMN first_trip_only;
