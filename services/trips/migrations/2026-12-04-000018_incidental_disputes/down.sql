DROP INDEX trip_incidentals_due_idx;
ALTER TABLE trip_incidentals DROP CONSTRAINT trip_incidentals_disputed;
UPDATE trip_incidentals SET status = 'pending' WHERE status = 'disputed';
ALTER TABLE trip_incidentals DROP COLUMN disputed_at, DROP COLUMN dispute_reason, DROP COLUMN dispute_until;
ALTER TABLE trip_incidentals DROP CONSTRAINT trip_incidentals_status_check;
ALTER TABLE trip_incidentals ADD CONSTRAINT trip_incidentals_status_check
    CHECK (status IN ('pending', 'removed', 'paid'));
