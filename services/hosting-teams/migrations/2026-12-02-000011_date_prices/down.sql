ALTER TABLE listing_settings DROP COLUMN date_prices;
