-- Stored activity events: the browser's (source client) and the services' funnel steps
-- (source server). Written only by the consumer, in batches.
CREATE TABLE activity_events (
    id uuid PRIMARY KEY,
    -- The client's event id (server events: the integration event's id), unique within scope
    -- for 7 days (activity_seen).
    event_id text NOT NULL,
    -- u:{userId} | s:{sessionId} | anon | server
    scope text NOT NULL,
    -- From the caller's token, never from the event's body; NULL for anonymous visitors.
    user_id uuid,
    session_id text,
    activity_type text NOT NULL,
    activity_category text NOT NULL,
    source text NOT NULL CHECK (source IN ('client', 'server')),
    metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
    -- The event's time corrected by the batch's send time (the client's clock offset).
    occurred_at timestamptz NOT NULL,
    -- As the client gave them, uncorrected.
    client_time timestamptz,
    sent_at timestamptz,
    received_at timestamptz NOT NULL,
    stored_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX activity_events_time_idx ON activity_events (occurred_at DESC, id DESC);
CREATE INDEX activity_events_user_idx ON activity_events (user_id, occurred_at, id)
    WHERE user_id IS NOT NULL;

-- The event ids stored, with when they were received: an id seen less than 7 days before is a
-- duplicate (the Redis check answers the client; this is the guard that counts). Rows older
-- than 7 days are deleted by the service's cleanup.
CREATE TABLE activity_seen (
    scope text NOT NULL,
    event_id text NOT NULL,
    seen_at timestamptz NOT NULL,
    PRIMARY KEY (scope, event_id)
);
CREATE INDEX activity_seen_time_idx ON activity_seen (seen_at);

-- Daily rollups, written in the transaction of the events they count; analytics reads only
-- these. Days are UTC days of the corrected time.
CREATE TABLE activity_daily_counts (
    day date NOT NULL,
    activity_type text NOT NULL,
    activity_category text NOT NULL,
    source text NOT NULL,
    events bigint NOT NULL,
    PRIMARY KEY (day, activity_type, activity_category, source)
);

-- Who did something on a day: kind `user` (signed-in users), `session` (anonymous sessions)
-- and `step:{funnel step}`; actor u:{userId} or s:{sessionId}.
CREATE TABLE activity_daily_actors (
    day date NOT NULL,
    kind text NOT NULL,
    actor text NOT NULL,
    PRIMARY KEY (day, kind, actor)
);

-- The number of rows of activity_daily_actors per day and kind, kept beside them.
CREATE TABLE activity_daily_actor_counts (
    day date NOT NULL,
    kind text NOT NULL,
    actors bigint NOT NULL,
    PRIMARY KEY (day, kind)
);
