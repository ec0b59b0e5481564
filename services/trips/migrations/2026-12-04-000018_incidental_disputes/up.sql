-- A guest answers an incidental within 48 hours (trips_domain::extras::GUEST_RESPONSE_HOURS):
-- accepted (charged), disputed (support decides), or unanswered (charged when the window
-- closes). Nothing is charged before.
ALTER TABLE trip_incidentals DROP CONSTRAINT trip_incidentals_status_check;
ALTER TABLE trip_incidentals ADD CONSTRAINT trip_incidentals_status_check
    CHECK (status IN ('pending', 'disputed', 'removed', 'paid'));
ALTER TABLE trip_incidentals ADD COLUMN dispute_until timestamptz;
UPDATE trip_incidentals SET dispute_until = created_at + interval '48 hours';
ALTER TABLE trip_incidentals ALTER COLUMN dispute_until SET NOT NULL;
ALTER TABLE trip_incidentals ADD COLUMN dispute_reason text NOT NULL DEFAULT '';
ALTER TABLE trip_incidentals ADD COLUMN disputed_at timestamptz;
ALTER TABLE trip_incidentals ADD CONSTRAINT trip_incidentals_disputed
    CHECK (status <> 'disputed' OR (disputed_at IS NOT NULL AND dispute_reason <> ''));
-- Pending incidentals whose window closed are charged by the scheduled job.
CREATE INDEX trip_incidentals_due_idx ON trip_incidentals (dispute_until) WHERE status = 'pending';
