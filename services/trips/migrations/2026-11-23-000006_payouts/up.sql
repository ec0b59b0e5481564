-- The payment provider's customer of each user: created once (with the first card) and reused
-- by every booking, modification and charge.
CREATE TABLE payment_customers (
    user_id uuid NOT NULL,
    provider text NOT NULL,
    customer_id text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (user_id, provider)
);

-- A host's payout account (a Stripe Connect account, or the local provider's model of one)
-- and what the provider last said about its onboarding.
CREATE TABLE payout_accounts (
    user_id uuid PRIMARY KEY,
    provider text NOT NULL,
    account_id text NOT NULL UNIQUE,
    details_submitted boolean NOT NULL DEFAULT false,
    payouts_enabled boolean NOT NULL DEFAULT false,
    requirements_due jsonb NOT NULL DEFAULT '[]'::jsonb,
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now()
);

-- One payout per host and month at most. The row and its ledger transaction are written
-- before the provider is asked (status pending); the provider call carries the row's id as
-- idempotency key, so a run interrupted between the two retries the same transfer and never
-- pays twice.
CREATE TABLE payouts (
    id uuid PRIMARY KEY,
    host_id uuid NOT NULL,
    period text NOT NULL CHECK (period ~ '^[0-9]{4}-[0-9]{2}$'),
    account_id text NOT NULL,
    provider text NOT NULL,
    amount_cents bigint NOT NULL CHECK (amount_cents > 0),
    status text NOT NULL CHECK (status IN ('pending', 'paid', 'failed')),
    transfer_id text,
    failure text NOT NULL DEFAULT '',
    created_at timestamptz NOT NULL DEFAULT now(),
    updated_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (host_id, period),
    CHECK ((status = 'paid') = (transfer_id IS NOT NULL))
);
CREATE INDEX payouts_pending_idx ON payouts (created_at) WHERE status = 'pending';

-- Holds past their release date are found by the release job.
CREATE INDEX payment_holds_due_idx ON payment_holds (release_by) WHERE status = 'authorized';
-- Host balances are read per account.
CREATE INDEX ledger_entries_account_idx ON ledger_entries (account);

-- The local payment provider's own records (development and tests): the customers, connected
-- accounts and transfers it created, as Stripe would keep them.
CREATE TABLE local_provider_customers (
    id text PRIMARY KEY,
    user_id text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE local_provider_accounts (
    id text PRIMARY KEY,
    user_id text NOT NULL,
    email text NOT NULL DEFAULT '',
    details_submitted boolean NOT NULL DEFAULT false,
    payouts_enabled boolean NOT NULL DEFAULT false,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE local_provider_transfers (
    id text PRIMARY KEY,
    account_id text NOT NULL REFERENCES local_provider_accounts (id),
    amount_cents bigint NOT NULL CHECK (amount_cents > 0),
    idempotency_key text NOT NULL UNIQUE,
    created_at timestamptz NOT NULL DEFAULT now()
);
