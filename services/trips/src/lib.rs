//! The trips service: bookings with no double booking (exclusion constraints), safe retries
//! (idempotency keys), the trip lifecycle (rules in `trips-domain`) with an append-only
//! history, card payments behind a provider trait and a double-entry ledger, and the trip
//! events the availability projection and other contexts consume.

pub mod api;
pub mod captain_evidence;
pub mod config;
pub mod demo;
pub mod error;
pub mod events;
pub mod feeds;
pub mod holds;
pub mod jobs;
pub mod payments;
pub mod reviews;
pub mod standing;
pub mod startup;
pub mod state;
pub mod store;
pub mod teams;

pub use config::Settings;
pub use startup::Application;
