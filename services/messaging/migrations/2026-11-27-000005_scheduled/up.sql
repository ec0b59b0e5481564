-- Scheduled messages: hosting's templates (a read model of `hosting.message_templates_changed`,
-- each host's full set replaced by a newer version), the trips' moments (a read model of the
-- trips events), and what was sent: one row per trip and template, so a message goes once
-- however often the events repeat and however many replicas run the job.
CREATE TABLE template_versions (
    host_id uuid PRIMARY KEY,
    version bigint NOT NULL CHECK (version > 0)
);

CREATE TABLE host_templates (
    template_id uuid PRIMARY KEY,
    host_id uuid NOT NULL REFERENCES template_versions (host_id) ON DELETE CASCADE,
    name text NOT NULL,
    message text NOT NULL CHECK (length(message) BETWEEN 1 AND 1000),
    trigger text NOT NULL CHECK (trigger IN
        ('booking_confirmed', 'before_trip_start', 'trip_started', 'before_trip_end', 'trip_ended')),
    offset_hours integer NOT NULL CHECK (offset_hours BETWEEN 0 AND 168),
    enabled boolean NOT NULL
);
CREATE INDEX host_templates_host_idx ON host_templates (host_id) WHERE enabled;

CREATE TABLE trip_schedules (
    trip_id uuid PRIMARY KEY,
    car_id uuid NOT NULL,
    guest_id uuid NOT NULL,
    host_id uuid NOT NULL,
    start_time timestamptz NOT NULL,
    end_time timestamptz NOT NULL CHECK (end_time > start_time),
    state text NOT NULL CHECK (state IN ('requested', 'confirmed', 'in_progress', 'completed', 'cancelled')),
    confirmed_at timestamptz,
    checked_in_at timestamptz,
    checked_out_at timestamptz,
    -- The trip's version of the last booking, confirmation or reschedule applied.
    version bigint NOT NULL
);
-- The job looks at trips that have not ended long ago.
CREATE INDEX trip_schedules_active_idx ON trip_schedules (end_time) WHERE state <> 'cancelled';

CREATE TABLE scheduled_sends (
    trip_id uuid NOT NULL REFERENCES trip_schedules (trip_id) ON DELETE CASCADE,
    template_id uuid NOT NULL,
    -- sent: a message was written to the trip's room; skipped: a placeholder had no value.
    outcome text NOT NULL CHECK (outcome IN ('sent', 'skipped')),
    message_id uuid,
    reason text NOT NULL DEFAULT '',
    at timestamptz NOT NULL,
    PRIMARY KEY (trip_id, template_id),
    CONSTRAINT scheduled_sends_sent_has_message CHECK ((outcome = 'sent') = (message_id IS NOT NULL))
);
