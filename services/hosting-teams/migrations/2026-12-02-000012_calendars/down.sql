ALTER TABLE host_blocks DROP COLUMN import_id;
DROP TABLE calendar_import_events;
DROP TABLE calendar_imports;
DROP TABLE calendar_feeds;
