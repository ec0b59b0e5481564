-- The host's price for chosen dates, {"YYYY-MM-DD": cents}, as hosting publishes it; the
-- catalog passes it on to pricing with the car's other rates.
ALTER TABLE cars ADD COLUMN date_prices jsonb NOT NULL DEFAULT '{}'::jsonb
    CHECK (jsonb_typeof(date_prices) = 'object');
