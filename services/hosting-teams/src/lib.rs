//! The hosting service: hosts' car listings from the wizard's first step to a listed car, and
//! their review. A listing is a draft while the host goes through the eight steps, `pending`
//! once finalized, and `active` when an admin approves it; from then on every change is
//! published (`hosting.car_listing_changed`, full state) and catalog-search makes it a
//! searchable, bookable car. Also co-host teams, availability, scheduled message templates and
//! the host's performance. The rules are in `hosting-domain`; VIN decoding in `hosting-vpic`.

pub mod api;
pub mod calendar_fetch;
pub mod calendar_sync;
pub mod config;
pub mod demo;
pub mod describe;
pub mod error;
pub mod events;
pub mod startup;
pub mod state;
pub mod store;
pub mod suggest;
pub mod trip_facts;
pub mod trips_feed;
pub mod vocabulary;
pub mod zones;

pub use config::Settings;
pub use startup::Application;
