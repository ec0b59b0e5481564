-- The coupon a trip's price holds, with the conditions pricing gave for it, and the rule the
-- database holds for them: a first-trip coupon only on a guest's first trip (no other trip that
-- holds or held a car: requested, confirmed, changing, under way or completed), a limited one
-- on at most that many such trips of the guest. The insert takes a lock per guest first, so
-- parallel bookings of one guest are decided one after the other: ten at once, one gets it.
ALTER TABLE trips
    ADD COLUMN coupon_code text,
    ADD COLUMN coupon_first_trip_only boolean NOT NULL DEFAULT false,
    ADD COLUMN coupon_uses_per_account integer CHECK (coupon_uses_per_account IS NULL OR coupon_uses_per_account > 0),
    ADD CONSTRAINT trips_coupon_conditions_need_a_coupon
        CHECK (coupon_code IS NOT NULL OR (NOT coupon_first_trip_only AND coupon_uses_per_account IS NULL));

CREATE FUNCTION trips_coupon_conditions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF NEW.coupon_code IS NULL OR (NOT NEW.coupon_first_trip_only AND NEW.coupon_uses_per_account IS NULL) THEN
        RETURN NEW;
    END IF;
    PERFORM pg_advisory_xact_lock(hashtextextended('trips-coupon-guest:' || NEW.guest_id::text, 0));
    IF NEW.coupon_first_trip_only AND EXISTS (
        SELECT 1 FROM trips
        WHERE guest_id = NEW.guest_id AND id <> NEW.id
          AND status IN ('requested', 'confirmed', 'modification_pending', 'in_progress', 'completed')
    ) THEN
        RAISE EXCEPTION 'a first-trip coupon on a guest with trips'
            USING ERRCODE = 'check_violation', CONSTRAINT = 'trips_coupon_first_trip_only';
    END IF;
    IF NEW.coupon_uses_per_account IS NOT NULL AND (
        SELECT count(*) FROM trips
        WHERE guest_id = NEW.guest_id AND id <> NEW.id AND coupon_code = NEW.coupon_code
          AND status IN ('requested', 'confirmed', 'modification_pending', 'in_progress', 'completed')
    ) >= NEW.coupon_uses_per_account THEN
        RAISE EXCEPTION 'a coupon used as many times as it may be'
            USING ERRCODE = 'check_violation', CONSTRAINT = 'trips_coupon_used_up';
    END IF;
    RETURN NEW;
END $$;
CREATE TRIGGER trips_coupon_conditions BEFORE INSERT ON trips
    FOR EACH ROW EXECUTE FUNCTION trips_coupon_conditions();
