//! Pricing settings.

use serde::Deserialize;
use upcar_config::{
    AmqpSettings, DatabaseSettings, Environment, ListenSettings, RedisSettings, TelemetrySettings,
};

/// Everything the pricing binary needs.
#[derive(Debug, Clone, Deserialize)]
pub struct Settings {
    /// Development loads demo coupons.
    pub environment: Environment,
    /// gRPC listen address.
    pub grpc: ListenSettings,
    /// The pricing database (rates read model, coupons, trip prices).
    pub database: DatabaseSettings,
    /// Quotes and remembered search pages (short-lived, with expiry).
    pub redis: RedisSettings,
    /// Integration events.
    pub amqp: AmqpSettings,
    /// Logs and traces.
    #[serde(default)]
    pub telemetry: TelemetrySettings,
    /// Quote lifetimes.
    pub quotes: QuoteSettings,
    /// The in-memory rates cache of the search paths.
    #[serde(default)]
    pub rates_cache: RatesCacheSettings,
}

/// The in-memory rates cache of the search paths.
#[derive(Debug, Clone, Deserialize)]
#[serde(default)]
pub struct RatesCacheSettings {
    /// How long another replica's rates change can take to show on search prices (this
    /// replica drops its entry when it applies the event).
    pub ttl_ms: u64,
    /// Most cars held.
    pub max_entries: usize,
}

impl Default for RatesCacheSettings {
    fn default() -> Self {
        Self { ttl_ms: 2_000, max_entries: 200_000 }
    }
}

/// Quote lifetimes.
#[derive(Debug, Clone, Deserialize)]
pub struct QuoteSettings {
    /// A quote is honoured at checkout for this many minutes.
    pub valid_minutes: i64,
    /// Prefix of this deployment's Redis keys (tests use their own).
    #[serde(default = "default_prefix")]
    pub key_prefix: String,
}

fn default_prefix() -> String {
    "pricing".to_owned()
}

impl Settings {
    /// Reads `services/pricing/config` (or `APP_CONFIG_DIR`) and the environment.
    pub fn load() -> anyhow::Result<Self> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("config");
        upcar_config::load(&dir)
    }
}
