-- Messages in order: each room numbers its messages 1, 2, 3, ... as they are stored. The
-- number is taken by the database while the message is inserted (the room row is locked for
-- the moment of the insert), so two senders can never get the same number or leave a gap,
-- and a reader asking for "everything after n" misses nothing. Postgres, not the broker or
-- the real-time fan-out, is the source of truth.
ALTER TABLE chat_rooms
    ADD COLUMN last_seq bigint NOT NULL DEFAULT 0,
    -- Read receipts: the highest message each side has read (the host side is the host and
    -- the co-hosts of a team holding the car).
    ADD COLUMN guest_read_seq bigint NOT NULL DEFAULT 0,
    ADD COLUMN host_read_seq bigint NOT NULL DEFAULT 0;

ALTER TABLE messages
    ADD COLUMN seq bigint,
    -- The sender's idempotency key: a retried send finds the message the first one stored.
    ADD COLUMN client_key text;

-- Messages stored before numbering (none are sent through the API before this migration)
-- get their numbers in the order they were written.
WITH numbered AS (
    SELECT id, row_number() OVER (PARTITION BY room_id ORDER BY created_at, id) AS n FROM messages
)
UPDATE messages m SET seq = numbered.n FROM numbered WHERE numbered.id = m.id;
UPDATE chat_rooms r SET last_seq = COALESCE((SELECT max(seq) FROM messages WHERE room_id = r.id), 0);

ALTER TABLE messages
    ALTER COLUMN seq SET NOT NULL,
    ADD CONSTRAINT messages_seq_positive CHECK (seq > 0),
    ADD CONSTRAINT messages_room_seq UNIQUE (room_id, seq),
    ADD CONSTRAINT messages_client_key_length CHECK (client_key IS NULL OR length(client_key) BETWEEN 1 AND 100),
    ADD CONSTRAINT messages_body_length CHECK (length(body) <= 4000),
    ADD CONSTRAINT messages_images_count CHECK (cardinality(image_urls) <= 10);
CREATE UNIQUE INDEX messages_client_key_idx ON messages (room_id, sender_id, client_key)
    WHERE client_key IS NOT NULL;
-- Pages are read by sequence number now (the unique index above).
DROP INDEX messages_room_idx;

ALTER TABLE chat_rooms
    ADD CONSTRAINT chat_rooms_seq_positive CHECK (last_seq >= 0),
    ADD CONSTRAINT chat_rooms_reads_within CHECK (
        guest_read_seq BETWEEN 0 AND last_seq AND host_read_seq BETWEEN 0 AND last_seq);

-- Numbering: a new message takes the room's next number and becomes its last message.
CREATE FUNCTION messages_take_seq() RETURNS trigger LANGUAGE plpgsql AS $$
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
CREATE TRIGGER messages_take_seq BEFORE INSERT ON messages
    FOR EACH ROW EXECUTE FUNCTION messages_take_seq();

-- A stored message is never changed: readers who saw number n once see the same message
-- under n forever.
CREATE FUNCTION messages_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'messages cannot be changed' USING ERRCODE = 'integrity_constraint_violation';
END $$;
CREATE TRIGGER messages_immutable BEFORE UPDATE ON messages
    FOR EACH ROW EXECUTE FUNCTION messages_immutable();

-- Co-host teams as messaging needs them (a read model of hosting's `hosting.team_changed`):
-- the approved co-hosts of an active team read and write in the rooms of the team's cars
-- (booking management, which covers guest messaging, is always granted). One row per team,
-- replaced only by a newer version; a deleted team keeps its row (inactive) so a late older
-- event cannot revive it.
CREATE TABLE team_access (
    team_id uuid PRIMARY KEY,
    host_id uuid NOT NULL,
    active boolean NOT NULL,
    car_ids uuid[] NOT NULL DEFAULT '{}',
    cohost_ids uuid[] NOT NULL DEFAULT '{}',
    version bigint NOT NULL CHECK (version > 0),
    updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX team_access_cohosts_idx ON team_access USING gin (cohost_ids) WHERE active;
