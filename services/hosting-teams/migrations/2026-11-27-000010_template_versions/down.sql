ALTER TABLE message_template_seeds DROP COLUMN version;
