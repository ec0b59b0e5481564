DROP TABLE host_hours;
