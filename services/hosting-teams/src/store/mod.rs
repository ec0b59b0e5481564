//! The hosting database: diesel schema, rows and queries.

pub mod bookings;
pub mod listings;
pub mod schema;
