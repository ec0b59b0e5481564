DROP TABLE host_blocks;
DROP TABLE host_weekly_availability;
