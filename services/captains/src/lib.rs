//! The captains service: delivery and return tasks made from delivery trips, dispatched to
//! captains by availability and distance with a route and an ETA per stop, and the steps a
//! captain records (spec 001 sections 2, 3, 7, 9).

pub mod api;
pub mod cars;
pub mod config;
pub mod demo;
pub mod dispatch;
pub mod domain;
pub mod error;
pub mod startup;
pub mod state;
pub mod store;
pub mod trips_feed;

pub use config::Settings;
pub use startup::Application;
