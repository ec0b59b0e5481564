DROP TABLE scheduled_sends;
DROP TABLE trip_schedules;
DROP TABLE host_templates;
DROP TABLE template_versions;
