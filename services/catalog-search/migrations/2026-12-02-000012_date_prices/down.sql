ALTER TABLE cars DROP COLUMN date_prices;
