-- Each host's templates are published whole after every change (`hosting.message_templates_changed`);
-- the version orders those publications for messaging, which sends the templates.
ALTER TABLE message_template_seeds ADD COLUMN version bigint NOT NULL DEFAULT 1 CHECK (version > 0);
