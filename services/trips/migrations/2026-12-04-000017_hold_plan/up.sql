-- The plan of a trip's money (trips_domain::holds): a trip starting beyond the card networks'
-- authorisation window is booked with the card saved, authorised when pricing's charge date
-- comes, renewed before it lapses, and cancelled when the card is refused and not replaced.
ALTER TABLE payment_holds DROP CONSTRAINT payment_holds_status_check;
ALTER TABLE payment_holds ADD CONSTRAINT payment_holds_status_check CHECK (status IN
    ('scheduled', 'authorized', 'failed', 'captured', 'released', 'refunded', 'partially_refunded'));
-- When the plan holds the money (pricing's charge date, or the booking).
ALTER TABLE payment_holds ADD COLUMN charge_at timestamptz;
UPDATE payment_holds SET charge_at = created_at;
ALTER TABLE payment_holds ALTER COLUMN charge_at SET NOT NULL;
-- When the current authorisation lapses (only an authorised hold has one).
ALTER TABLE payment_holds ADD COLUMN lapses_at timestamptz;
UPDATE payment_holds SET lapses_at = created_at + interval '7 days' WHERE status = 'authorized';
ALTER TABLE payment_holds ADD CONSTRAINT payment_holds_authorized_lapses
    CHECK (status <> 'authorized' OR lapses_at IS NOT NULL);
-- A refused authorisation: why, and by when the guest must add another card.
ALTER TABLE payment_holds ADD COLUMN failure text NOT NULL DEFAULT '';
ALTER TABLE payment_holds ADD COLUMN pay_by timestamptz;
ALTER TABLE payment_holds ADD CONSTRAINT payment_holds_failed_pay_by
    CHECK (status <> 'failed' OR pay_by IS NOT NULL);
-- How many authorisations the plan has asked for (each with its own idempotency key).
ALTER TABLE payment_holds ADD COLUMN attempts integer NOT NULL DEFAULT 1;
CREATE INDEX payment_holds_plan_idx ON payment_holds (charge_at)
    WHERE status IN ('scheduled', 'authorized', 'failed');

-- Every step of a trip's money that moves none (a card saved, an authorisation placed, renewed,
-- refused or released), next to the double-entry ledger of what moved: append-only.
CREATE TABLE payment_log (
    id bigserial PRIMARY KEY,
    trip_id uuid NOT NULL REFERENCES trips (id),
    hold_id text NOT NULL,
    event text NOT NULL CHECK (event IN ('card_saved', 'authorized', 'renewed', 'unheld',
        'authorization_failed', 'captured', 'released', 'cancelled_unpaid')),
    amount_cents bigint NOT NULL DEFAULT 0,
    detail text NOT NULL DEFAULT '',
    at timestamptz NOT NULL
);
CREATE INDEX payment_log_trip_idx ON payment_log (trip_id, id);
CREATE FUNCTION payment_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    RAISE EXCEPTION 'payment_log is append-only';
END $$;
CREATE TRIGGER payment_log_append_only BEFORE UPDATE OR DELETE ON payment_log
    FOR EACH ROW EXECUTE FUNCTION payment_log_append_only();

-- The local provider's authorisations and card setups, as the card network would keep them:
-- an authorisation lapses, and a capture asked after that is refused (and counted).
CREATE TABLE local_provider_authorizations (
    id text PRIMARY KEY,
    idempotency_key text NOT NULL UNIQUE,
    payment_method_id text NOT NULL,
    amount_cents bigint NOT NULL CHECK (amount_cents >= 0),
    initiated text NOT NULL CHECK (initiated IN ('customer', 'merchant')),
    lapses_at timestamptz NOT NULL,
    status text NOT NULL DEFAULT 'authorized' CHECK (status IN ('authorized', 'captured', 'released')),
    captured_cents bigint NOT NULL DEFAULT 0,
    refused_captures integer NOT NULL DEFAULT 0,
    created_at timestamptz NOT NULL
);
CREATE TABLE local_provider_setups (
    id text PRIMARY KEY,
    idempotency_key text NOT NULL UNIQUE,
    customer text NOT NULL,
    payment_method_id text NOT NULL,
    created_at timestamptz NOT NULL
);
