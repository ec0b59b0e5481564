//! Captains settings.

use serde::Deserialize;
use upcar_config::{
    AmqpSettings, DatabaseSettings, Environment, ListenSettings, TelemetrySettings,
};

/// Everything the captains binary needs.
#[derive(Debug, Clone, Deserialize)]
pub struct Settings {
    /// Development or production (demo data in development).
    pub environment: Environment,
    /// gRPC listen address.
    pub grpc: ListenSettings,
    /// The captains database (profiles, tasks, steps).
    pub database: DatabaseSettings,
    /// Integration events (trips' events make the tasks; steps are published).
    pub amqp: AmqpSettings,
    /// Logs and traces.
    #[serde(default)]
    pub telemetry: TelemetrySettings,
    /// The services captains asks.
    pub services: ServiceUrls,
}

/// gRPC endpoints, `http://host:port`.
#[derive(Debug, Clone, Deserialize)]
pub struct ServiceUrls {
    /// Accounts: the guests' names on task cards.
    pub accounts: String,
    /// Catalog-search: the car's make, model, photo and place.
    pub catalog: String,
}

impl Settings {
    /// Reads `services/captains/config` (or `APP_CONFIG_DIR`) and the environment.
    pub fn load() -> anyhow::Result<Self> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("config");
        upcar_config::load(&dir)
    }
}
