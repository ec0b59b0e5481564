-- Scheduled message templates: the texts a host has sent to guests at moments of a trip.
-- Every host starts with the product's defaults (seeded once, on their first read; a host who
-- deletes them all keeps an empty list).
CREATE TABLE message_templates (
    id uuid PRIMARY KEY,
    host_id uuid NOT NULL,
    name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 80),
    message text NOT NULL CHECK (char_length(message) BETWEEN 1 AND 1000),
    trigger text NOT NULL CHECK (trigger IN
        ('booking_confirmed', 'before_trip_start', 'trip_started', 'before_trip_end', 'trip_ended')),
    offset_hours integer NOT NULL DEFAULT 0 CHECK (offset_hours BETWEEN 0 AND 168),
    CHECK (offset_hours = 0 OR trigger IN ('before_trip_start', 'before_trip_end')),
    enabled boolean NOT NULL DEFAULT true,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX message_templates_host_idx ON message_templates (host_id, created_at, id);

CREATE TABLE message_template_seeds (
    host_id uuid PRIMARY KEY,
    seeded_at timestamptz NOT NULL DEFAULT now()
);
