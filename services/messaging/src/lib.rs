//! The messaging service: the chat room of each booking, between its guest and its host.
//! Rooms are opened by the trips events (`trips.trip_booked`, `trips.trip_confirmed`), one per
//! trip; names and pictures come from accounts when a room is answered.

pub mod api;
pub mod config;
pub mod domain;
pub mod error;
pub mod events;
pub mod profiles;
pub mod startup;
pub mod state;
pub mod store;

pub use config::Settings;
pub use startup::Application;
