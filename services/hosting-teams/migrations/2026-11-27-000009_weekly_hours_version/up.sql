-- The weekly hours are published (`hosting.weekly_hours_changed`, full state): each change
-- moves the version on, so catalog-search keeps the newest.
ALTER TABLE host_weekly_availability ADD COLUMN version bigint NOT NULL DEFAULT 1 CHECK (version >= 1);
