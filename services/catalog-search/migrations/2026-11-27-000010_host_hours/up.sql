-- Each host's weekly pickup and return hours (for all their cars), from
-- `hosting.weekly_hours_changed`; a host without a row is always available. The newest
-- version wins.
CREATE TABLE host_hours (
    host_id uuid PRIMARY KEY,
    is_always_available boolean NOT NULL,
    -- Monday to Sunday: [{"day", "isAvailable", "startMinute", "endMinute"}], -1 minutes for a
    -- whole day.
    days jsonb NOT NULL CHECK (jsonb_typeof(days) = 'array' AND jsonb_array_length(days) = 7),
    version bigint NOT NULL CHECK (version >= 1),
    updated_at timestamptz NOT NULL DEFAULT now()
);
