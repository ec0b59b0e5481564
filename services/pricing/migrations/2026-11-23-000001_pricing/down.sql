DROP TABLE trip_prices;
DROP TABLE coupons;
DROP TABLE car_rates;
