//! The `/v1` gateway: verifies tokens at the edge, maps the spec's paths onto the services'
//! gRPC calls, serves files, health, metrics, OpenAPI and the built web app.

pub mod answers;
pub mod auth;
pub mod config;
pub mod error;
pub mod grpc;
pub mod metrics;
pub mod middleware;
pub mod rate_limit;
pub mod realtime;
pub mod recent_searches;
pub mod routes;
pub mod startup;
pub mod state;
pub mod states;
pub mod text;
pub mod web_app;
pub mod wire;

pub use config::Settings;
pub use startup::{Application, Stopper};
