//! Gateway settings.

use secrecy::{ExposeSecret, SecretString};
use serde::Deserialize;
use upcar_config::{Environment, JwtSettings, ListenSettings, RedisSettings, TelemetrySettings};

/// Everything the gateway needs.
#[derive(Debug, Clone, Deserialize)]
pub struct Settings {
    /// Development exposes `/v1/dev/*`.
    pub environment: Environment,
    /// HTTP listen address.
    pub http: ListenSettings,
    /// Where `/metrics` is served: an internal port, not the public one (port 0 picks one).
    pub metrics: ListenSettings,
    /// Rate limits and the revocation list.
    pub redis: RedisSettings,
    /// gRPC addresses of the services.
    pub services: ServiceUrls,
    /// Logs and traces.
    #[serde(default)]
    pub telemetry: TelemetrySettings,
    /// Token verification keys (the same as the accounts service's).
    pub jwt: JwtSettings,
    /// The local file store.
    pub files: FilesSettings,
    /// The built web app.
    #[serde(default)]
    pub frontend: FrontendSettings,
    /// Body sizes and timeouts.
    pub limits: LimitSettings,
    /// Abuse protection on credential and code calls.
    pub rate_limits: RateLimitSettings,
    /// The HTTP server's threads.
    #[serde(default)]
    pub server: ServerSettings,
    /// The real-time socket `/v1/ws`.
    #[serde(default)]
    pub realtime: RealtimeSettings,
}

/// The real-time socket: its Redis channels and the limits each connection is held to.
#[derive(Debug, Clone, Deserialize)]
#[serde(default)]
pub struct RealtimeSettings {
    /// Redis channels are `{prefix}:chat-{roomId}` (messaging publishes with the same prefix).
    pub prefix: String,
    /// Events waiting for one connection; a client that lets more pile up is disconnected.
    pub queue: usize,
    /// Channels one connection may follow at once.
    pub max_subscriptions: usize,
    /// Seconds between the server's pings.
    pub heartbeat_secs: u64,
    /// Seconds without any frame from the client (pongs included) before it is closed.
    pub idle_secs: u64,
    /// Seconds a new connection has to send its `auth` frame.
    pub auth_secs: u64,
}

impl Default for RealtimeSettings {
    fn default() -> Self {
        Self {
            prefix: "upcar:rt".to_owned(),
            queue: 256,
            max_subscriptions: 100,
            heartbeat_secs: 20,
            idle_secs: 60,
            auth_secs: 10,
        }
    }
}

/// The HTTP server's threads.
#[derive(Debug, Clone, Deserialize, Default)]
pub struct ServerSettings {
    /// HTTP worker threads, each with its own runtime and service channels. 0 (the default):
    /// one per core the process may use, which in a container follows its CPU limit.
    #[serde(default)]
    pub workers: usize,
}

/// gRPC endpoints, `http://host:port`.
#[derive(Debug, Clone, Deserialize)]
pub struct ServiceUrls {
    /// Accounts service.
    pub accounts: String,
    /// Catalog-search service.
    pub catalog: String,
    /// Pricing service.
    pub pricing: String,
    /// Trips service.
    pub trips: String,
    /// Messaging service.
    pub messaging: String,
    /// Hosting service (listings, availability, co-host teams).
    pub hosting: String,
    /// Captains service (delivery tasks).
    pub captains: String,
    /// Activity service (logged events, analytics).
    pub activity: String,
}

/// The local-folder file store behind `/v1/files`.
#[derive(Debug, Clone, Deserialize)]
pub struct FilesSettings {
    /// Folder holding the files.
    pub root: String,
    /// HMAC key of signed URLs (at least 32 bytes).
    pub signing_secret: SecretString,
    /// Public address of the gateway, used in URLs handed to clients.
    pub public_base_url: String,
}

impl FilesSettings {
    /// The signing key bytes.
    pub fn secret(&self) -> &[u8] {
        self.signing_secret.expose_secret().as_bytes()
    }
}

/// Where the built frontend is.
#[derive(Debug, Clone, Deserialize, Default)]
pub struct FrontendSettings {
    /// `frontend/dist`; served at `/` when it exists.
    #[serde(default)]
    pub dist: Option<String>,
    /// Whether the app was built with a Mapbox token: its pages may then load Mapbox's
    /// hosts (the Content-Security-Policy allows them).
    #[serde(default)]
    pub mapbox: bool,
    /// Whether the app was built with the card provider's publishable key
    /// (`VITE_STRIPE_PUBLISHABLE_KEY`): its pages may then load Stripe.js and its card fields.
    #[serde(default)]
    pub stripe: bool,
}

/// Request limits.
#[derive(Debug, Clone, Deserialize)]
pub struct LimitSettings {
    /// Largest JSON body accepted (413 beyond).
    pub json_body_bytes: usize,
    /// Deadline of one call to a service that answers from its own data (catalog-search,
    /// pricing, messaging, captains, activity): a hung one is answered 503 within it.
    pub request_timeout_ms: u64,
    /// Deadline of one call to a service whose calls may wait on an outside provider
    /// (accounts: email, text messages, Google; trips: the card provider; hosting-teams: the
    /// VIN decoder and the description writer).
    #[serde(default = "default_provider_timeout_ms")]
    pub provider_request_timeout_ms: u64,
}

fn default_provider_timeout_ms() -> u64 {
    10_000
}

/// Fixed-window limits per client address.
#[derive(Debug, Clone, Deserialize)]
pub struct RateLimitSettings {
    /// Password and code logins per minute.
    pub login_per_minute: u32,
    /// Code sends per minute.
    pub otp_per_minute: u32,
    /// Sign-ups per hour.
    pub signup_per_hour: u32,
    /// `activity/log` and `activity/bulk` calls per minute (each up to 50 events): the web app
    /// sends a batch every 2 s at most while a page is busy, so 600 leaves room for many tabs
    /// behind one address.
    #[serde(default = "default_activity_per_minute")]
    pub activity_per_minute: u32,
    /// Prefix of the Redis counters, so separate deployments sharing a Redis do not mix.
    #[serde(default = "default_rl_namespace")]
    pub namespace: String,
    /// Proxies in front of the gateway whose `X-Forwarded-For` names the client, as
    /// comma-separated addresses or CIDR blocks (`10.0.0.0/8, 192.168.1.7`); empty trusts none.
    #[serde(default)]
    pub trusted_proxies: String,
}

fn default_activity_per_minute() -> u32 {
    600
}

fn default_rl_namespace() -> String {
    "rl".to_owned()
}

impl Settings {
    /// Refuses a signing secret written in the repository's settings files (test values):
    /// `main` calls it, tests (which use those values in process) do not.
    pub fn refuse_committed_secrets(&self) -> anyhow::Result<()> {
        const COMMITTED: [&str; 2] =
            [include_str!("../config/base.toml"), include_str!("../config/production.toml")];
        let keys = self.jwt.resolved_keys()?;
        let mut secrets: Vec<(String, &str)> =
            keys.iter().map(|k| (format!("jwt key {}", k.kid), k.secret.expose_secret())).collect();
        secrets
            .push(("files.signing_secret".to_owned(), self.files.signing_secret.expose_secret()));
        let named: Vec<(&str, &str)> = secrets.iter().map(|(n, v)| (n.as_str(), *v)).collect();
        upcar_config::refuse_committed_secrets(&COMMITTED, &named)
    }

    /// Reads `services/gateway/config` (or `APP_CONFIG_DIR`) and the environment.
    pub fn load() -> anyhow::Result<Self> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("config");
        let s: Self = upcar_config::load(&dir)?;
        anyhow::ensure!(
            s.files.secret().len() >= 32,
            "files.signing_secret must be at least 32 bytes"
        );
        Ok(s)
    }
}
