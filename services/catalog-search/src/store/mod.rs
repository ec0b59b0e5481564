//! Queries of the catalog database. Functions take a connection so callers compose them.

pub mod cars;
pub mod generate;
pub mod hours;
pub mod places;
pub mod reports;
pub mod reviews;
