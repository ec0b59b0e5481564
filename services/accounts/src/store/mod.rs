//! Diesel queries of the accounts database. Functions take a connection, which may already be
//! inside a transaction, so callers compose them.

pub mod codes;
pub mod guard;
pub mod messages;
pub mod schema;
pub mod standing;
pub mod users;
