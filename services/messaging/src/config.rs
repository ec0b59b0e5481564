//! Messaging settings.

use serde::Deserialize;
use upcar_config::{
    AmqpSettings, DatabaseSettings, Environment, ListenSettings, RedisSettings, TelemetrySettings,
};

/// Everything the messaging binary needs.
#[derive(Debug, Clone, Deserialize)]
pub struct Settings {
    /// Development or production.
    pub environment: Environment,
    /// gRPC listen address.
    pub grpc: ListenSettings,
    /// The messaging database (rooms, messages).
    pub database: DatabaseSettings,
    /// Integration events (the trips events open rooms).
    pub amqp: AmqpSettings,
    /// Real-time fan-out and typing state.
    pub redis: RedisSettings,
    /// The real-time channels' names on Redis.
    pub realtime: RealtimeSettings,
    /// The scheduled messages job.
    #[serde(default)]
    pub scheduled: ScheduledSettings,
    /// Logs and traces.
    #[serde(default)]
    pub telemetry: TelemetrySettings,
    /// The services messaging asks.
    pub services: ServiceUrls,
}

/// Real-time publishing.
#[derive(Debug, Clone, Deserialize)]
pub struct RealtimeSettings {
    /// Redis channels are `{prefix}:chat-{roomId}`; the gateway subscribes with the same.
    pub prefix: String,
}

/// How often the scheduled messages job looks for due messages.
#[derive(Debug, Clone, Deserialize)]
#[serde(default)]
pub struct ScheduledSettings {
    pub poll_secs: u64,
}

impl Default for ScheduledSettings {
    fn default() -> Self {
        Self { poll_secs: 15 }
    }
}

/// gRPC endpoints, `http://host:port`.
#[derive(Debug, Clone, Deserialize)]
pub struct ServiceUrls {
    /// Accounts: the public names and pictures of a room's guest and host.
    pub accounts: String,
    /// Catalog-search: the car's name, address and time zone in scheduled messages.
    pub catalog: String,
}

impl Settings {
    /// Reads `services/messaging/config` (or `APP_CONFIG_DIR`) and the environment.
    pub fn load() -> anyhow::Result<Self> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("config");
        upcar_config::load(&dir)
    }
}
