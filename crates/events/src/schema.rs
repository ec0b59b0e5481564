//! Diesel schema of the outbox and consumer ledger tables.

diesel::table! {
    /// Events waiting to be (or already) published.
    outbox (id) {
        id -> Uuid,
        event_type -> Text,
        payload -> Bytea,
        headers -> Jsonb,
        created_at -> Timestamptz,
        published_at -> Nullable<Timestamptz>,
    }
}

diesel::table! {
    /// Event ids each consumer has already applied.
    processed_events (consumer, event_id) {
        consumer -> Text,
        event_id -> Uuid,
        processed_at -> Timestamptz,
    }
}
