// The tables the reads use through diesel's DSL (the writer uses SQL over arrays).

diesel::table! {
    activity_events (id) {
        id -> Uuid,
        event_id -> Text,
        scope -> Text,
        user_id -> Nullable<Uuid>,
        session_id -> Nullable<Text>,
        activity_type -> Text,
        activity_category -> Text,
        source -> Text,
        metadata -> Jsonb,
        occurred_at -> Timestamptz,
        client_time -> Nullable<Timestamptz>,
        sent_at -> Nullable<Timestamptz>,
        received_at -> Timestamptz,
        stored_at -> Timestamptz,
    }
}
