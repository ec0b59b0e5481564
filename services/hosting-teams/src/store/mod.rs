//! The hosting database: diesel schema, rows and queries.

pub mod listings;
pub mod schema;
