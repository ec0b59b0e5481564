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
    }
}

diesel::joinable!(messages -> chat_rooms (room_id));
diesel::allow_tables_to_appear_in_same_query!(chat_rooms, messages);
