DROP TABLE message_template_seeds;
DROP TABLE message_templates;
