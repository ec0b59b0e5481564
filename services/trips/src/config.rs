//! Trips settings.

use secrecy::SecretString;
use serde::Deserialize;
use upcar_config::{
    AmqpSettings, DatabaseSettings, Environment, ListenSettings, TelemetrySettings,
};

/// Everything the trips binary needs.
#[derive(Debug, Clone, Deserialize)]
pub struct Settings {
    /// Development loads the demo guest's card.
    pub environment: Environment,
    /// gRPC listen address.
    pub grpc: ListenSettings,
    /// The trips database (trips, history, idempotency keys, payments, ledger).
    pub database: DatabaseSettings,
    /// Integration events.
    pub amqp: AmqpSettings,
    /// Logs and traces.
    #[serde(default)]
    pub telemetry: TelemetrySettings,
    /// The services a booking asks (once per booking, never per car).
    pub services: ServiceUrls,
    /// The card payment provider.
    pub payments: PaymentSettings,
}

/// gRPC endpoints, `http://host:port`.
#[derive(Debug, Clone, Deserialize)]
pub struct ServiceUrls {
    /// Accounts: the guest's verification and tier.
    pub accounts: String,
    /// Catalog: the car's own rules (advance notice, host blocks, trip length).
    pub catalog: String,
    /// Pricing: quotes bound to trips, refunds.
    pub pricing: String,
}

/// Which provider moves money.
#[derive(Debug, Clone, Deserialize)]
pub struct PaymentSettings {
    /// `local` (the default on one machine) or `stripe`.
    pub provider: String,
    /// Stripe's API address (a local fake in tests).
    pub api_base: String,
    /// Stripe secret key.
    pub secret_key: SecretString,
}

impl Settings {
    /// Reads `services/trips/config` (or `APP_CONFIG_DIR`) and the environment.
    pub fn load() -> anyhow::Result<Self> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("config");
        upcar_config::load(&dir)
    }
}
