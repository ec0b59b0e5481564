-- Contact details before a booking: a room's messages are shown to the other side with phone
-- numbers, email addresses and links hidden until its trip is confirmed (messaging's
-- `domain/contact.rs`). The room keeps when the trip was confirmed (from the trips events),
-- and which side wrote its last message, so the list's preview is hidden the same way.
ALTER TABLE chat_rooms
    ADD COLUMN confirmed_at timestamptz,
    ADD COLUMN last_sender_type text CHECK (last_sender_type IN ('guest', 'host'));

UPDATE chat_rooms r SET confirmed_at = s.confirmed_at
  FROM trip_schedules s WHERE s.trip_id = r.trip_id AND s.confirmed_at IS NOT NULL;
UPDATE chat_rooms r SET last_sender_type = m.sender_type
  FROM messages m WHERE m.room_id = r.id AND m.seq = r.last_seq;

CREATE OR REPLACE FUNCTION messages_take_seq() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE chat_rooms
       SET last_seq = last_seq + 1,
           last_message = NEW.body,
           last_message_at = NEW.created_at,
           last_sender_type = NEW.sender_type,
           updated_at = NEW.created_at
     WHERE id = NEW.room_id
    RETURNING last_seq INTO NEW.seq;
    IF NEW.seq IS NULL THEN
        RAISE EXCEPTION 'no chat room %', NEW.room_id USING ERRCODE = 'foreign_key_violation';
    END IF;
    RETURN NEW;
END $$;
