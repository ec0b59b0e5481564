//! The messaging service: the chat room of each booking, between its guest and its host (and
//! the co-hosts of a team holding the car). Rooms are opened by the trips events
//! (`trips.trip_booked`, `trips.trip_confirmed`), one per trip; names and pictures come from
//! accounts when a room is answered. Messages are stored in Postgres under the room's sequence
//! number, then published on Redis for the gateways' sockets.

pub mod api;
pub mod cars;
pub mod config;
pub mod domain;
pub mod error;
pub mod events;
pub mod profiles;
pub mod realtime;
pub mod scheduled;
pub mod startup;
pub mod state;
pub mod store;

pub use config::Settings;
pub use startup::Application;
