-- The driver form of the spec (002 section 4): the licence as printed on it. Its expiry
-- decides whether a driver may drive a trip to its end.
ALTER TABLE driver_documents
    ADD COLUMN license_first_name text,
    ADD COLUMN license_last_name text,
    ADD COLUMN license_number text,
    ADD COLUMN license_issued_on date,
    ADD COLUMN license_expires_on date,
    ADD CONSTRAINT driver_license_dates CHECK (license_expires_on > license_issued_on);
