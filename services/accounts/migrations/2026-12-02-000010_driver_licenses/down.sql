ALTER TABLE driver_documents
    DROP CONSTRAINT driver_license_dates,
    DROP COLUMN license_first_name,
    DROP COLUMN license_last_name,
    DROP COLUMN license_number,
    DROP COLUMN license_issued_on,
    DROP COLUMN license_expires_on;
