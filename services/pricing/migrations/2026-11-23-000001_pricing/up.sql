-- The pricing read model: each car's rates and options as the catalog last published them
-- (catalog.car_pricing_changed). Only a newer `version` replaces a row.
CREATE TABLE car_rates (
    car_id uuid PRIMARY KEY,
    owner_id uuid NOT NULL,
    version bigint NOT NULL,
    status text NOT NULL,
    daily_price_cents bigint NOT NULL CHECK (daily_price_cents > 0),
    price_per_hour_cents bigint NOT NULL DEFAULT 0 CHECK (price_per_hour_cents >= 0),
    weekly_discount_pct integer NOT NULL DEFAULT 0 CHECK (weekly_discount_pct BETWEEN 0 AND 50),
    monthly_discount_pct integer NOT NULL DEFAULT 0 CHECK (monthly_discount_pct BETWEEN 0 AND 50),
    miles_per_day integer NOT NULL DEFAULT 200 CHECK (miles_per_day >= 0),
    price_per_mile_cents bigint NOT NULL DEFAULT 0 CHECK (price_per_mile_cents >= 0),
    delivery_price_per_mile_cents bigint NOT NULL DEFAULT 0 CHECK (delivery_price_per_mile_cents >= 0),
    max_delivery_miles integer NOT NULL DEFAULT 0 CHECK (max_delivery_miles >= 0),
    min_age integer NOT NULL DEFAULT 21 CHECK (min_age >= 21),
    state text NOT NULL DEFAULT '',
    time_zone text NOT NULL DEFAULT 'America/Los_Angeles',
    latitude double precision NOT NULL,
    longitude double precision NOT NULL,
    extras jsonb NOT NULL DEFAULT '[]'::jsonb,
    updated_at timestamptz NOT NULL DEFAULT now()
);

-- Coupons the product offers.
CREATE TABLE coupons (
    code text PRIMARY KEY CHECK (code = upper(btrim(code)) AND code <> ''),
    kind text NOT NULL CHECK (kind IN ('amount', 'percent')),
    amount_cents bigint NOT NULL DEFAULT 0 CHECK (amount_cents >= 0),
    percent integer NOT NULL DEFAULT 0 CHECK (percent BETWEEN 0 AND 100),
    cap_cents bigint CHECK (cap_cents IS NULL OR cap_cents >= 0),
    min_trip_cents bigint NOT NULL DEFAULT 0 CHECK (min_trip_cents >= 0),
    valid_from timestamptz,
    valid_until timestamptz,
    active boolean NOT NULL DEFAULT true,
    description text NOT NULL DEFAULT ''
);

-- The price a booked trip keeps: the accepted quote, its inputs (to re-price a modification)
-- and when it was booked (for the cancellation policy). One row per trip; a quote binds to
-- one trip only.
CREATE TABLE trip_prices (
    trip_id uuid PRIMARY KEY,
    quote_id uuid NOT NULL UNIQUE,
    car_id uuid NOT NULL,
    owner_id uuid NOT NULL,
    user_id uuid NOT NULL,
    start_time timestamptz NOT NULL,
    end_time timestamptz NOT NULL CHECK (end_time > start_time),
    total_cents bigint NOT NULL CHECK (total_cents >= 0),
    inputs jsonb NOT NULL,
    details bytea NOT NULL,
    booked_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX trip_prices_user_idx ON trip_prices (user_id);
