-- Pricing options of a listing beyond the daily price, and the publication mark of the
-- pricing feed: a car whose pricing changed after it was last published (updated_at newer
-- than pricing_published_at) is sent to pricing as catalog.car_pricing_changed.
ALTER TABLE cars
    ADD COLUMN weekly_discount_pct integer NOT NULL DEFAULT 0 CHECK (weekly_discount_pct BETWEEN 0 AND 50),
    ADD COLUMN miles_per_day integer NOT NULL DEFAULT 200 CHECK (miles_per_day >= 0),
    ADD COLUMN price_per_mile_cents bigint NOT NULL DEFAULT 45 CHECK (price_per_mile_cents >= 0),
    ADD COLUMN delivery_price_per_mile_cents bigint NOT NULL DEFAULT 300 CHECK (delivery_price_per_mile_cents >= 0),
    ADD COLUMN pricing_published_at timestamptz;
CREATE INDEX cars_pricing_unpublished_idx ON cars (updated_at)
    WHERE pricing_published_at IS NULL OR pricing_published_at < updated_at;
