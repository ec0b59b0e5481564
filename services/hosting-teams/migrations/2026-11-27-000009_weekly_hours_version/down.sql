ALTER TABLE host_weekly_availability DROP COLUMN version;
