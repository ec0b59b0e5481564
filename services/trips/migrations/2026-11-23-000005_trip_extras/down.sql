DROP TABLE trip_additional_drivers;
ALTER TABLE trips DROP COLUMN agreement_signed_at, DROP COLUMN agreement_token;
DROP TABLE trip_report_photos;
DROP TABLE trip_issue_reports;
DROP TABLE trip_charges;
DROP TABLE trip_incidentals;
