-- One chat room per trip, between the trip's guest and the car's host. Rooms are opened by
-- the trips events; names and pictures stay in accounts and are read when a room is answered.
CREATE TABLE chat_rooms (
    id uuid PRIMARY KEY,
    -- The booking the room belongs to: the trips events may arrive twice or out of order, and
    -- each of them may open the room, so the trip decides which room is meant.
    trip_id uuid NOT NULL UNIQUE,
    car_id uuid NOT NULL,
    guest_id uuid NOT NULL,
    host_id uuid NOT NULL,
    -- The newest message, kept on the room so the list sorts without reading messages.
    last_message text,
    last_message_at timestamptz,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    -- What the list sorts by: the last message's time, or the room's creation before any.
    activity_at timestamptz GENERATED ALWAYS AS (COALESCE(last_message_at, created_at)) STORED,
    CONSTRAINT chat_rooms_two_parties CHECK (guest_id <> host_id),
    CONSTRAINT chat_rooms_last_message_whole CHECK ((last_message IS NULL) = (last_message_at IS NULL))
);

-- The two views of the list, each in its sort order.
CREATE INDEX chat_rooms_guest_idx ON chat_rooms (guest_id, activity_at DESC, id DESC);
CREATE INDEX chat_rooms_host_idx ON chat_rooms (host_id, activity_at DESC, id DESC);

-- Messages of a room, ready for sending and reading (added with the chat calls).
CREATE TABLE messages (
    id uuid PRIMARY KEY,
    room_id uuid NOT NULL REFERENCES chat_rooms (id) ON DELETE CASCADE,
    sender_id uuid NOT NULL,
    sender_type text NOT NULL CHECK (sender_type IN ('guest', 'host')),
    body text NOT NULL DEFAULT '',
    image_urls text[] NOT NULL DEFAULT '{}',
    created_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT messages_not_empty CHECK (body <> '' OR cardinality(image_urls) > 0)
);
CREATE INDEX messages_room_idx ON messages (room_id, created_at DESC, id DESC);
