//! The hosting database: diesel schema, rows and queries.

pub mod availability;
pub mod bookings;
pub mod calendar;
pub mod listings;
pub mod schema;
pub mod teams;
