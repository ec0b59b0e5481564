ALTER TABLE trip_additional_drivers DROP CONSTRAINT trip_additional_drivers_status_facts;
DELETE FROM trip_additional_drivers WHERE status = 'revoked' AND used_at IS NOT NULL;
ALTER TABLE trip_additional_drivers ADD CONSTRAINT trip_additional_drivers_check
    CHECK ((status = 'added') = (used_at IS NOT NULL AND user_id IS NOT NULL));
ALTER TABLE trip_additional_drivers DROP COLUMN revoked_at;
