-- Transactional outbox: rows written in the same transaction as the change they describe,
-- published by the relay, then marked.
CREATE TABLE outbox (
    id uuid PRIMARY KEY,
    event_type text NOT NULL,
    payload bytea NOT NULL,
    headers jsonb NOT NULL DEFAULT '{}'::jsonb,
    created_at timestamptz NOT NULL DEFAULT now(),
    published_at timestamptz
);
CREATE INDEX outbox_unpublished_idx ON outbox (id) WHERE published_at IS NULL;

-- Consumer ledger: an event id is processed at most once per consumer.
CREATE TABLE processed_events (
    consumer text NOT NULL,
    event_id uuid NOT NULL,
    processed_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (consumer, event_id)
);
