//! Storage: chat rooms, their messages and the co-host teams in Postgres. Functions take a
//! connection that may already be inside a transaction.

pub mod messages;
pub mod rooms;
pub mod schedule;
pub mod schema;
pub mod teams;
pub mod tickets;
