DROP INDEX users_google_sub_key;
ALTER TABLE users DROP COLUMN google_sub;
