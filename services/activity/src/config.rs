//! Activity settings.

use serde::Deserialize;
use upcar_config::{
    AmqpSettings, DatabaseSettings, Environment, ListenSettings, RedisSettings, TelemetrySettings,
};

/// Everything the activity binary needs.
#[derive(Debug, Clone, Deserialize)]
pub struct Settings {
    /// Development or production.
    pub environment: Environment,
    /// gRPC listen address.
    pub grpc: ListenSettings,
    /// The activity database (events, the ids seen, daily rollups).
    pub database: DatabaseSettings,
    /// Ingested events go through the broker; the funnel's server-side events come from it.
    pub amqp: AmqpSettings,
    /// The event ids seen in the last 7 days, for the answer's duplicates.
    pub redis: RedisSettings,
    /// Where the seen ids live in Redis.
    pub dedupe: DedupeSettings,
    /// How the consumer batches its inserts.
    #[serde(default)]
    pub ingest: IngestSettings,
    /// Logs and traces.
    #[serde(default)]
    pub telemetry: TelemetrySettings,
}

/// The Redis keys of the event ids seen.
#[derive(Debug, Clone, Deserialize)]
pub struct DedupeSettings {
    /// Keys are `{key_prefix}:seen:{scope}:{eventId}`, so deployments (and tests) sharing a
    /// Redis do not see each other's ids.
    pub key_prefix: String,
}

/// The consumer's batches.
#[derive(Debug, Clone, Deserialize)]
#[serde(default)]
pub struct IngestSettings {
    /// Events stored in one transaction at most.
    pub batch_events: usize,
    /// Milliseconds a batch waits for more after its first message.
    pub batch_ms: u64,
    /// Broker messages held unacknowledged at most.
    pub prefetch: u16,
}

impl Default for IngestSettings {
    fn default() -> Self {
        Self { batch_events: 500, batch_ms: 50, prefetch: 64 }
    }
}

impl Settings {
    /// Reads `services/activity/config` (or `APP_CONFIG_DIR`) and the environment.
    pub fn load() -> anyhow::Result<Self> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("config");
        upcar_config::load(&dir)
    }
}
