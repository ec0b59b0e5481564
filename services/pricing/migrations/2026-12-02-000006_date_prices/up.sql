-- The host's price for chosen dates: {"YYYY-MM-DD": cents}, dates local to the car.
ALTER TABLE car_rates ADD COLUMN date_prices jsonb NOT NULL DEFAULT '{}'::jsonb
    CHECK (jsonb_typeof(date_prices) = 'object');
