//! Diesel schema of the messaging database.

diesel::table! {
    /// One room per trip.
    chat_rooms (id) {
        id -> Uuid,
        trip_id -> Uuid,
        car_id -> Uuid,
        guest_id -> Uuid,
        host_id -> Uuid,
        last_message -> Nullable<Text>,
        last_message_at -> Nullable<Timestamptz>,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
        /// Generated: `COALESCE(last_message_at, created_at)`.
        activity_at -> Timestamptz,
        /// The sequence number of the room's newest message (0 before any).
        last_seq -> Int8,
        guest_read_seq -> Int8,
        host_read_seq -> Int8,
        /// When the room's trip was confirmed: contact details are shown as sent from then.
        confirmed_at -> Nullable<Timestamptz>,
        /// The side that wrote the newest message (`guest` | `host`).
        last_sender_type -> Nullable<Text>,
    }
}

diesel::table! {
    /// Messages of a room.
    messages (id) {
        id -> Uuid,
        room_id -> Uuid,
        sender_id -> Uuid,
        sender_type -> Text,
        body -> Text,
        image_urls -> Array<Text>,
        created_at -> Timestamptz,
        /// Set by the database on insert: the room's next number.
        seq -> Int8,
        client_key -> Nullable<Text>,
    }
}

diesel::table! {
    /// Co-host teams (the read model of `hosting.team_changed`).
    team_access (team_id) {
        team_id -> Uuid,
        host_id -> Uuid,
        active -> Bool,
        car_ids -> Array<Uuid>,
        cohost_ids -> Array<Uuid>,
        version -> Int8,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    /// Support tickets.
    support_tickets (id) {
        id -> Uuid,
        name -> Text,
        email -> Text,
        title -> Text,
        description -> Text,
        priority -> Text,
        status -> Text,
        assigned_to -> Text,
        created_by -> Nullable<Uuid>,
        source -> Text,
        last_seq -> Int8,
        created_at -> Timestamptz,
        updated_at -> Timestamptz,
    }
}

diesel::table! {
    /// The conversation of a ticket.
    ticket_messages (id) {
        id -> Uuid,
        ticket_id -> Uuid,
        seq -> Int8,
        sender_id -> Uuid,
        sender_type -> Text,
        body -> Text,
        image_urls -> Array<Text>,
        client_key -> Nullable<Text>,
        created_at -> Timestamptz,
    }
}

diesel::table! {
    /// Admin actions on tickets (append-only).
    admin_actions (id) {
        id -> Uuid,
        admin_id -> Uuid,
        action -> Text,
        subject_id -> Uuid,
        details -> Jsonb,
        created_at -> Timestamptz,
    }
}

diesel::joinable!(ticket_messages -> support_tickets (ticket_id));
diesel::joinable!(messages -> chat_rooms (room_id));
diesel::allow_tables_to_appear_in_same_query!(
    chat_rooms,
    messages,
    team_access,
    support_tickets,
    ticket_messages,
    admin_actions
);
