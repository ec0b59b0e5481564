CREATE OR REPLACE FUNCTION messages_take_seq() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE chat_rooms
       SET last_seq = last_seq + 1,
           last_message = NEW.body,
           last_message_at = NEW.created_at,
           updated_at = NEW.created_at
     WHERE id = NEW.room_id
    RETURNING last_seq INTO NEW.seq;
    IF NEW.seq IS NULL THEN
        RAISE EXCEPTION 'no chat room %', NEW.room_id USING ERRCODE = 'foreign_key_violation';
    END IF;
    RETURN NEW;
END $$;
ALTER TABLE chat_rooms DROP COLUMN last_sender_type, DROP COLUMN confirmed_at;
