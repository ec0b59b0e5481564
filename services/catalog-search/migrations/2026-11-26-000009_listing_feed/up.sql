-- Cars listed through hosting arrive as hosting.car_listing_changed (full state); each row keeps
-- the version of the last listing event applied, so a late or repeated event changes nothing.
ALTER TABLE cars ADD COLUMN listing_version bigint NOT NULL DEFAULT 0;
