//! Storage: the rates and co-host read models, coupons and trip prices in Postgres; quotes and
//! remembered search pages in Redis with expiry.

pub mod coupons;
pub mod quotes;
pub mod rates;
pub mod teams;
pub mod trip_prices;
