//! The activity service: what people do in the product. The browser logs events in batches
//! (`activity/log`, `activity/bulk`); each is validated, checked against the event ids seen in
//! the last 7 days (Redis), and the accepted ones are published to RabbitMQ with publisher
//! confirms before the call answers. A consumer of this service stores them in batches, with
//! the daily rollups analytics reads, idempotent by event id in the database. The services that
//! see the server-side steps of the booking funnel (registration, car viewed, booking started,
//! trip booked) publish them through their outboxes, and the same consumer stores them.

pub mod api;
pub mod config;
pub mod domain;
pub mod error;
pub mod events;
pub mod publisher;
pub mod seen;
pub mod sink;
pub mod startup;
pub mod state;
pub mod store;

pub use config::Settings;
pub use startup::Application;
