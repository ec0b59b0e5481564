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
    /// The periodic money jobs (payouts, hold releases).
    #[serde(default)]
    pub jobs: JobSettings,
    /// Development data.
    #[serde(default)]
    pub demo: DemoSettings,
}

/// What development mode loads besides the demo guest's card.
#[derive(Debug, Clone, Deserialize)]
pub struct DemoSettings {
    /// The demo rider's delivery trips (today and the next 7 days), which give the demo captain
    /// tasks; the service's own tests, which count trips, turn them off.
    pub delivery_trips: bool,
}

impl Default for DemoSettings {
    fn default() -> Self {
        Self { delivery_trips: true }
    }
}

/// How often the money jobs run.
#[derive(Debug, Clone, Deserialize)]
pub struct JobSettings {
    /// Seconds between runs; 0 turns the jobs off (tests run them with their own clock).
    pub interval_seconds: u64,
}

impl Default for JobSettings {
    fn default() -> Self {
        Self { interval_seconds: 300 }
    }
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
    /// Where hosts reach the web app and the gateway: onboarding links come back there.
    #[serde(default = "default_public_base_url")]
    pub public_base_url: String,
}

fn default_public_base_url() -> String {
    "http://127.0.0.1:8080".to_owned()
}

impl Settings {
    /// Reads `services/trips/config` (or `APP_CONFIG_DIR`) and the environment.
    pub fn load() -> anyhow::Result<Self> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("config");
        upcar_config::load(&dir)
    }
}
