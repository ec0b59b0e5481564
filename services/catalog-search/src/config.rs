//! Catalog-search settings.

use serde::Deserialize;
use upcar_config::{
    AmqpSettings, DatabaseSettings, Environment, ListenSettings, RedisSettings, TelemetrySettings,
};

/// Everything the catalog-search binary needs.
#[derive(Debug, Clone, Deserialize)]
pub struct Settings {
    /// Development loads the demo fleet.
    pub environment: Environment,
    /// gRPC listen address.
    pub grpc: ListenSettings,
    /// The catalog database.
    pub database: DatabaseSettings,
    /// Integration events.
    pub amqp: AmqpSettings,
    /// The cache of hot reads.
    pub redis: RedisSettings,
    /// What is cached and for how long.
    #[serde(default)]
    pub cache: crate::cache::CacheSettings,
    /// Logs and traces.
    #[serde(default)]
    pub telemetry: TelemetrySettings,
    /// Search policy.
    pub search: SearchSettings,
    /// Where demo photos are stored: the gateway's file store (same folder and public URL).
    pub files: FilesSettings,
}

/// The local file store shared with the gateway.
#[derive(Debug, Clone, Deserialize)]
pub struct FilesSettings {
    /// Folder holding the files.
    pub root: String,
    /// Public address of the gateway, used in photo URLs.
    pub public_base_url: String,
}

/// Search policy.
#[derive(Debug, Clone, Deserialize)]
pub struct SearchSettings {
    /// Cars farther than this from the place are not shown (CONTRACT: 50 by default).
    pub radius_miles: f64,
    /// Searches that may run at once, now and on average lately, with their total counted on a
    /// second connection beside the page (see `api::search::Searches`); more than this and the
    /// count follows the page.
    pub count_beside_max: usize,
    /// Connections of the search pool (apart from `database.max_connections`).
    pub pool_connections: usize,
}

impl Settings {
    /// Reads `services/catalog-search/config` (or `APP_CONFIG_DIR`) and the environment.
    pub fn load() -> anyhow::Result<Self> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("config");
        upcar_config::load(&dir)
    }
}
