//! Accounts settings.

use secrecy::{ExposeSecret, SecretString};
use serde::Deserialize;
use upcar_config::{
    AmqpSettings, DatabaseSettings, Environment, JwtSettings, ListenSettings, RedisSettings,
    TelemetrySettings,
};

/// Everything the accounts binary needs.
#[derive(Debug, Clone, Deserialize)]
pub struct Settings {
    /// Development (demo data, dev outbox) or production.
    pub environment: Environment,
    /// gRPC listen address.
    pub grpc: ListenSettings,
    /// The accounts database.
    pub database: DatabaseSettings,
    /// Token revocation list.
    pub redis: RedisSettings,
    /// Integration events.
    pub amqp: AmqpSettings,
    /// Logs and traces.
    #[serde(default)]
    pub telemetry: TelemetrySettings,
    /// Token signing keys.
    pub jwt: JwtSettings,
    /// One-time codes.
    pub otp: OtpSettings,
}

/// One-time code policy.
#[derive(Debug, Clone, Deserialize)]
pub struct OtpSettings {
    /// Lifetime of a code.
    pub ttl_secs: i64,
    /// Wrong entries allowed before the code is burnt.
    pub max_attempts: i32,
    /// Key of the code digests.
    pub pepper: SecretString,
}

impl Settings {
    /// Reads `services/accounts/config` (or `APP_CONFIG_DIR`) and the environment.
    pub fn load() -> anyhow::Result<Self> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("config");
        let s: Self = upcar_config::load(&dir)?;
        anyhow::ensure!(
            s.otp.pepper.expose_secret().len() >= 16,
            "otp.pepper must be at least 16 bytes"
        );
        Ok(s)
    }
}
