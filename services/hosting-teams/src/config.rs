//! Hosting settings.

use serde::Deserialize;
use upcar_config::{
    AmqpSettings, DatabaseSettings, Environment, ListenSettings, TelemetrySettings,
};

/// Everything the hosting binary needs.
#[derive(Debug, Clone, Deserialize)]
pub struct Settings {
    /// Development or production.
    pub environment: Environment,
    /// gRPC listen address.
    pub grpc: ListenSettings,
    /// The hosting database (listings).
    pub database: DatabaseSettings,
    /// Integration events (listed cars are published).
    pub amqp: AmqpSettings,
    /// Logs and traces.
    #[serde(default)]
    pub telemetry: TelemetrySettings,
    /// VIN decoding.
    pub vin: VinSettings,
    /// The services hosting calls.
    pub services: ServiceUrls,
    /// Who writes `getcardescription`'s text.
    pub description: DescriptionSettings,
    /// The development demo data.
    #[serde(default)]
    pub demo: DemoSettings,
    /// The gateway's file store, where the demo cars' drawn pictures are.
    #[serde(default)]
    pub files: FilesSettings,
    /// Reading the calendars hosts import.
    #[serde(default)]
    pub calendar: CalendarSettings,
}

/// Reading external calendars (by default, public addresses only).
#[derive(Debug, Clone, Default, Deserialize)]
pub struct CalendarSettings {
    /// Whether a calendar may be read from a private or loopback address: never in production
    /// (a host's link must not reach inside the platform's network); in development the test
    /// calendars run on this machine.
    pub allow_private_addresses: bool,
}

/// The development demo data (loaded in development only).
#[derive(Debug, Clone, Deserialize)]
pub struct DemoSettings {
    /// Whether to load it (tests of other things turn it off).
    pub load: bool,
}

impl Default for DemoSettings {
    fn default() -> Self {
        Self { load: true }
    }
}

/// The gateway's file store as its public URLs start.
#[derive(Debug, Clone, Deserialize)]
pub struct FilesSettings {
    pub public_base_url: String,
}

impl Default for FilesSettings {
    fn default() -> Self {
        Self { public_base_url: "http://127.0.0.1:8080".to_owned() }
    }
}

/// The description writer.
#[derive(Debug, Clone, Deserialize)]
pub struct DescriptionSettings {
    /// `deterministic` or `llm`.
    pub writer: String,
    #[serde(default)]
    pub llm_base_url: String,
    #[serde(default)]
    pub llm_model: String,
    #[serde(default)]
    pub llm_api_key: String,
    #[serde(default = "ten")]
    pub llm_timeout_seconds: u64,
}

fn ten() -> u64 {
    10
}

/// Where the other services answer.
#[derive(Debug, Clone, Deserialize)]
pub struct ServiceUrls {
    pub accounts: String,
}

/// Where VINs are decoded.
#[derive(Debug, Clone, Deserialize)]
pub struct VinSettings {
    /// `offline` (NHTSA vPIC data in a local SQLite file) or `vpic_api` (NHTSA's web API).
    pub decoder: String,
    /// The vPIC SQLite file; empty: the default cache location of `scripts/vpic-data.sh`.
    #[serde(default)]
    pub offline_db: String,
    /// Where the indexed copy of the vPIC file is kept (made once, about 80 MB); empty: the
    /// file's own folder.
    #[serde(default)]
    pub index_dir: String,
    /// NHTSA vPIC API base URL.
    pub api_base_url: String,
}

impl Settings {
    /// Reads `services/hosting-teams/config` (or `APP_CONFIG_DIR`) and the environment.
    pub fn load() -> anyhow::Result<Self> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("config");
        upcar_config::load(&dir)
    }
}
