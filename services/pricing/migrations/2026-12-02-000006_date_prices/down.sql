ALTER TABLE car_rates DROP COLUMN date_prices;
