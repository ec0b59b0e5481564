DROP INDEX cars_pricing_unpublished_idx;
ALTER TABLE cars DROP COLUMN weekly_discount_pct, DROP COLUMN miles_per_day, DROP COLUMN price_per_mile_cents,
    DROP COLUMN delivery_price_per_mile_cents, DROP COLUMN pricing_published_at;
