-- An added driver may be removed (and an invitation withdrawn): the row keeps who joined and
-- when, and says when it was revoked. Each status holds exactly its own facts.
ALTER TABLE trip_additional_drivers ADD COLUMN revoked_at timestamptz;
ALTER TABLE trip_additional_drivers DROP CONSTRAINT trip_additional_drivers_check;
ALTER TABLE trip_additional_drivers ADD CONSTRAINT trip_additional_drivers_status_facts CHECK (
    (status = 'invited' AND used_at IS NULL AND user_id IS NULL AND revoked_at IS NULL)
    OR (status = 'added' AND used_at IS NOT NULL AND user_id IS NOT NULL AND revoked_at IS NULL)
    OR (status = 'revoked' AND (used_at IS NULL) = (user_id IS NULL))
);
