DROP TABLE team_access;
DROP TRIGGER messages_immutable ON messages;
DROP FUNCTION messages_immutable();
DROP TRIGGER messages_take_seq ON messages;
DROP FUNCTION messages_take_seq();
CREATE INDEX messages_room_idx ON messages (room_id, created_at DESC, id DESC);
DROP INDEX messages_client_key_idx;
ALTER TABLE messages
    DROP CONSTRAINT messages_images_count,
    DROP CONSTRAINT messages_body_length,
    DROP CONSTRAINT messages_client_key_length,
    DROP CONSTRAINT messages_room_seq,
    DROP CONSTRAINT messages_seq_positive,
    DROP COLUMN client_key,
    DROP COLUMN seq;
ALTER TABLE chat_rooms
    DROP CONSTRAINT chat_rooms_reads_within,
    DROP CONSTRAINT chat_rooms_seq_positive,
    DROP COLUMN host_read_seq,
    DROP COLUMN guest_read_seq,
    DROP COLUMN last_seq;
