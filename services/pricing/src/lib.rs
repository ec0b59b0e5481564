//! The pricing service: quotes for search pages, car pages and checkout; refunds of booked
//! trips; protection plans and coupons. The rules are the `pricing-domain` crate; this crate
//! adds the rates read model (fed by catalog events), quotes in Redis and the gRPC API.

pub mod api;
pub mod cache;
pub mod config;
pub mod demo;
pub mod error;
pub mod events;
pub mod startup;
pub mod state;
pub mod store;

pub use config::Settings;
pub use startup::Application;
