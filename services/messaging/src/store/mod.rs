//! Storage: chat rooms and their messages in Postgres. Functions take a connection that may
//! already be inside a transaction.

pub mod messages;
pub mod rooms;
pub mod schema;
