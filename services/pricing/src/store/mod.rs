//! Storage: the rates read model, coupons and trip prices in Postgres; quotes and remembered
//! search pages in Redis with expiry.

pub mod coupons;
pub mod quotes;
pub mod rates;
pub mod trip_prices;
