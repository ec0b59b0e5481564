ALTER TABLE cars DROP COLUMN listing_version;
