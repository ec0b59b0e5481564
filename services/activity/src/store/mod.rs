//! Diesel queries: the batch writer (events, the ids seen, the daily rollups) and the reads.

pub mod read;
pub mod schema;
pub mod write;
