//! Layered configuration shared by every binary: `base.toml`, then `{environment}.toml` from the
//! service's config folder, then `APP__SECTION__KEY` environment variables. Settings are
//! loaded once in `main` and passed in; nothing reads a global.

use secrecy::{ExposeSecret, SecretString};
use serde::Deserialize;
use std::path::{Path, PathBuf};

/// Which configuration is running. Development turns on demo data and `/v1/dev/*`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Environment {
    /// The one-machine stack: demo data, dev outbox route, local adapters.
    Development,
    /// Production: no demo data, no `/v1/dev/*` routes.
    Production,
}

impl Environment {
    /// Reads `APP_ENVIRONMENT` (default `development`).
    pub fn from_env() -> anyhow::Result<Self> {
        match std::env::var("APP_ENVIRONMENT").as_deref() {
            Err(_) | Ok("development") | Ok("local") => Ok(Self::Development),
            Ok("production") => Ok(Self::Production),
            Ok(other) => anyhow::bail!("unknown APP_ENVIRONMENT {other:?}"),
        }
    }

    /// File stem of the environment's config file.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Development => "development",
            Self::Production => "production",
        }
    }

    /// True where demo data and dev routes exist.
    pub fn is_development(self) -> bool {
        self == Self::Development
    }
}

/// Postgres connection of one service (each service owns its own database).
#[derive(Debug, Clone, Deserialize)]
pub struct DatabaseSettings {
    /// `postgres://user@host:port/dbname`.
    pub url: SecretString,
    /// Pool size.
    #[serde(default = "default_pool")]
    pub max_connections: usize,
}

fn default_pool() -> usize {
    16
}

impl DatabaseSettings {
    /// The URL with the secret exposed, for the driver only.
    pub fn url(&self) -> &str {
        self.url.expose_secret()
    }
}

/// Redis connection.
#[derive(Debug, Clone, Deserialize)]
pub struct RedisSettings {
    /// `redis://host:port/db`.
    pub url: String,
}

/// RabbitMQ connection and the topic exchange all integration events go through.
#[derive(Debug, Clone, Deserialize)]
pub struct AmqpSettings {
    /// `amqp://user:pass@host:port/%2f`.
    pub url: SecretString,
    /// Topic exchange name.
    #[serde(default = "default_exchange")]
    pub exchange: String,
}

fn default_exchange() -> String {
    "upcar.events".to_owned()
}

impl AmqpSettings {
    /// The URL with the secret exposed, for the driver only.
    pub fn url(&self) -> &str {
        self.url.expose_secret()
    }
}

/// Where a server listens. Port 0 binds a free port (tests).
#[derive(Debug, Clone, Deserialize)]
pub struct ListenSettings {
    /// Interface, `127.0.0.1` locally, `0.0.0.0` in a container.
    pub host: String,
    /// TCP port.
    pub port: u16,
}

impl ListenSettings {
    /// `host:port`.
    pub fn addr(&self) -> String {
        format!("{}:{}", self.host, self.port)
    }
}

/// Logs and traces.
#[derive(Debug, Clone, Deserialize, Default)]
pub struct TelemetrySettings {
    /// `tracing` filter, e.g. `info,accounts=debug`.
    #[serde(default)]
    pub filter: Option<String>,
    /// JSON log lines (containers) instead of human-readable ones.
    #[serde(default)]
    pub json_logs: bool,
    /// OTLP/gRPC collector endpoint; spans are still propagated when unset.
    #[serde(default)]
    pub otlp_endpoint: Option<String>,
}

/// Signing keys for access tokens. The first key of `keys` whose `kid` equals `active_kid`
/// signs; every listed key verifies, so a key can be rotated out without logging users out.
#[derive(Debug, Clone, Deserialize)]
pub struct JwtSettings {
    /// `iss` claim written and required.
    pub issuer: String,
    /// `aud` claim written and required.
    pub audience: String,
    /// Lifetime of an access token in seconds.
    pub access_ttl_secs: i64,
    /// Key id used for new tokens.
    pub active_kid: String,
    /// All keys accepted for verification.
    pub keys: Vec<JwtKey>,
}

/// One HMAC signing key.
#[derive(Debug, Clone, Deserialize)]
pub struct JwtKey {
    /// Key id written to the token header.
    pub kid: String,
    /// Secret (at least 32 bytes).
    pub secret: SecretString,
}

/// Loads `T` from `{dir}/base.toml`, `{dir}/{env}.toml` and `APP__*` variables. The folder is
/// `APP_CONFIG_DIR` when set, else `default_dir`.
pub fn load<T: serde::de::DeserializeOwned>(default_dir: &Path) -> anyhow::Result<T> {
    let dir = std::env::var_os("APP_CONFIG_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| default_dir.to_path_buf());
    let env = Environment::from_env()?;
    let settings = config::Config::builder()
        .add_source(config::File::from(dir.join("base.toml")).required(true))
        .add_source(config::File::from(dir.join(format!("{}.toml", env.as_str()))).required(false))
        .add_source(
            config::Environment::with_prefix("APP")
                .prefix_separator("__")
                .separator("__")
                .try_parsing(true),
        )
        .set_override("environment", env.as_str())?
        .build()?;
    Ok(settings.try_deserialize()?)
}
