ALTER TABLE trip_photos DROP CONSTRAINT trip_photos_once_per_kind;
ALTER TABLE trip_photos ADD CONSTRAINT trip_photos_trip_id_event_sha256_key UNIQUE (trip_id, event, sha256);
