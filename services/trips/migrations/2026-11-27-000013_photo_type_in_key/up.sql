-- A handover's photos are kept once per content and kind: the same picture sent as exterior
-- and as interior is two records (it was one, and the second answered as kept).
ALTER TABLE trip_photos DROP CONSTRAINT trip_photos_trip_id_event_sha256_key;
ALTER TABLE trip_photos ADD CONSTRAINT trip_photos_once_per_kind UNIQUE (trip_id, event, photo_type, sha256);
