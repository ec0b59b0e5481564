CREATE EXTENSION IF NOT EXISTS btree_gist;

-- A trip. While its status holds the car (requested, confirmed, modification_pending,
-- in_progress) the database itself refuses a second trip of the same car, or of the same
-- guest, over an overlapping period: no double booking whatever the application does.
CREATE TABLE trips (
    id uuid PRIMARY KEY,
    car_id uuid NOT NULL,
    owner_id uuid NOT NULL,
    guest_id uuid NOT NULL,
    status text NOT NULL CHECK (status IN ('requested', 'confirmed', 'rejected', 'cancelled_by_guest',
        'cancelled_by_host', 'modification_pending', 'in_progress', 'completed')),
    period tstzrange NOT NULL CHECK (NOT isempty(period) AND lower_inc(period) AND NOT upper_inc(period)),
    time_zone text NOT NULL,
    quote_id uuid NOT NULL UNIQUE,
    total_cents bigint NOT NULL CHECK (total_cents >= 0),
    price_details bytea NOT NULL,
    extras jsonb NOT NULL DEFAULT '[]'::jsonb,
    protection_plan_type text NOT NULL DEFAULT '',
    pick_up_location jsonb,
    message text NOT NULL DEFAULT '',
    cancel_reason text NOT NULL DEFAULT '',
    reject_reason text NOT NULL DEFAULT '',
    refund_cents bigint CHECK (refund_cents IS NULL OR refund_cents >= 0),
    cancelled_at timestamptz,
    reservation_number text NOT NULL UNIQUE,
    version bigint NOT NULL DEFAULT 1,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    CONSTRAINT trips_no_double_booking EXCLUDE USING gist (car_id WITH =, period WITH &&)
        WHERE (status IN ('requested', 'confirmed', 'modification_pending', 'in_progress')),
    CONSTRAINT trips_guest_one_trip_at_a_time EXCLUDE USING gist (guest_id WITH =, period WITH &&)
        WHERE (status IN ('requested', 'confirmed', 'modification_pending', 'in_progress'))
);
CREATE INDEX trips_guest_idx ON trips (guest_id, lower(period));
CREATE INDEX trips_owner_idx ON trips (owner_id, lower(period));

-- Every status change, append only: the database refuses updates and deletes.
CREATE TABLE trip_history (
    id bigserial PRIMARY KEY,
    trip_id uuid NOT NULL REFERENCES trips (id),
    from_status text NOT NULL,
    to_status text NOT NULL,
    action text NOT NULL,
    actor_id uuid,
    actor_role text NOT NULL,
    reason text NOT NULL DEFAULT '',
    at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX trip_history_trip_idx ON trip_history (trip_id, id);
CREATE FUNCTION trip_history_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'trip_history is append-only';
END $$;
CREATE TRIGGER trip_history_no_update BEFORE UPDATE OR DELETE ON trip_history
    FOR EACH ROW EXECUTE FUNCTION trip_history_append_only();

-- Safe retries: the first answer to an Idempotency-Key is kept and replayed.
CREATE TABLE idempotency_keys (
    user_id uuid NOT NULL,
    key text NOT NULL CHECK (length(key) BETWEEN 1 AND 255),
    operation text NOT NULL,
    request_hash text NOT NULL,
    response bytea,
    error_code text,
    error_message text,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, key)
);

-- Payments (local provider): cards on file, pre-authorisation holds, and the double-entry
-- ledger of every money movement.
CREATE TABLE payment_methods (
    id text PRIMARY KEY,
    user_id uuid NOT NULL,
    provider text NOT NULL,
    card_type text NOT NULL,
    last4 text NOT NULL,
    exp_month integer NOT NULL,
    exp_year integer NOT NULL,
    billing jsonb NOT NULL DEFAULT '{}'::jsonb,
    is_primary boolean NOT NULL DEFAULT false,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX payment_methods_one_primary ON payment_methods (user_id) WHERE is_primary;

CREATE TABLE payment_holds (
    id text PRIMARY KEY,
    trip_id uuid NOT NULL UNIQUE REFERENCES trips (id),
    user_id uuid NOT NULL,
    payment_method_id text NOT NULL,
    provider text NOT NULL,
    amount_cents bigint NOT NULL CHECK (amount_cents >= 0),
    captured_cents bigint NOT NULL DEFAULT 0 CHECK (captured_cents >= 0 AND captured_cents <= amount_cents),
    refunded_cents bigint NOT NULL DEFAULT 0 CHECK (refunded_cents >= 0 AND refunded_cents <= captured_cents),
    status text NOT NULL CHECK (status IN ('authorized', 'captured', 'released', 'refunded', 'partially_refunded')),
    release_by timestamptz NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
);

-- Double entry: each money movement is a transaction of entries summing to zero (checked at
-- commit by a deferred constraint trigger).
CREATE TABLE ledger_entries (
    id bigserial PRIMARY KEY,
    txn_id uuid NOT NULL,
    trip_id uuid REFERENCES trips (id),
    account text NOT NULL,
    user_id uuid,
    kind text NOT NULL CHECK (kind IN ('charge', 'refund', 'earning', 'commission', 'tax', 'payout')),
    amount_cents bigint NOT NULL CHECK (amount_cents <> 0),
    description text NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ledger_entries_user_idx ON ledger_entries (user_id, created_at);
CREATE INDEX ledger_entries_txn_idx ON ledger_entries (txn_id);
CREATE FUNCTION ledger_txn_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF (SELECT coalesce(sum(amount_cents), 0) FROM ledger_entries WHERE txn_id = NEW.txn_id) <> 0 THEN
        RAISE EXCEPTION 'ledger transaction % does not balance', NEW.txn_id;
    END IF;
    RETURN NULL;
END $$;
CREATE CONSTRAINT TRIGGER ledger_balanced AFTER INSERT ON ledger_entries
    DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_txn_balanced();
CREATE FUNCTION ledger_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'ledger_entries is append-only';
END $$;
CREATE TRIGGER ledger_no_update BEFORE UPDATE OR DELETE ON ledger_entries
    FOR EACH ROW EXECUTE FUNCTION ledger_append_only();
