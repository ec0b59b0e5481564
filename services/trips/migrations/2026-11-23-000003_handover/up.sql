-- Handover: when the trip was checked in and out, and the photos documenting both, kept with
-- server time and a content hash (photos are kept 3 years by the terms; nothing deletes them).
ALTER TABLE trips ADD COLUMN checked_in_at timestamptz, ADD COLUMN checked_out_at timestamptz;
CREATE TABLE trip_photos (
    id bigserial PRIMARY KEY,
    trip_id uuid NOT NULL REFERENCES trips (id),
    event text NOT NULL CHECK (event IN ('check_in', 'checkout')),
    photo_type text NOT NULL CHECK (photo_type IN ('exterior', 'interior')),
    url text NOT NULL,
    sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
    uploaded_by uuid NOT NULL,
    role text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (trip_id, event, sha256)
);
CREATE FUNCTION refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
END $$;
CREATE TRIGGER trip_photos_no_update BEFORE UPDATE OR DELETE ON trip_photos
    FOR EACH ROW EXECUTE FUNCTION refuse_change();
