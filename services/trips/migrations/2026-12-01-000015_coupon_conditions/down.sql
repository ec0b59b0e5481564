DROP TRIGGER trips_coupon_conditions ON trips;
DROP FUNCTION trips_coupon_conditions();
ALTER TABLE trips DROP CONSTRAINT trips_coupon_conditions_need_a_coupon,
    DROP COLUMN coupon_uses_per_account, DROP COLUMN coupon_first_trip_only, DROP COLUMN coupon_code;
