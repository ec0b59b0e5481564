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
    /// Internal port of `GET /metrics` (Prometheus text); unset serves none, 0 picks a port.
    #[serde(default)]
    pub metrics_port: Option<u16>,
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
    /// All keys accepted for verification (from the config files).
    #[serde(default)]
    pub keys: Vec<JwtKey>,
    /// The same keys as one secret value, `kid:secret,kid:secret`; when set it replaces
    /// `keys`. Deployments pass it as `APP__JWT__KEYRING` from their secret store.
    #[serde(default)]
    pub keyring: Option<SecretString>,
}

impl JwtSettings {
    /// The effective keys: the keyring when given, else `keys`.
    pub fn resolved_keys(&self) -> anyhow::Result<Vec<JwtKey>> {
        let Some(ring) = self
            .keyring
            .as_ref()
            .map(|r| r.expose_secret().trim().to_owned())
            .filter(|r| !r.is_empty())
        else {
            return Ok(self.keys.clone());
        };
        ring.split(',')
            .map(|entry| {
                let (kid, secret) = entry
                    .trim()
                    .split_once(':')
                    .ok_or_else(|| anyhow::anyhow!("jwt keyring entries are kid:secret"))?;
                anyhow::ensure!(!kid.is_empty(), "jwt keyring entry without a key id");
                Ok(JwtKey { kid: kid.to_owned(), secret: secret.to_owned().into() })
            })
            .collect()
    }
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

/// Refuses to run with a secret written in the repository. `committed` are the texts of the
/// service's committed settings files (compiled in, so a changed file on disk cannot hide
/// them); `secrets` name each secret the process would use. Those files carry test values
/// only, which the tests use in process; a running process signing tokens or file links with
/// one would let anyone with the source forge them. Empty secrets are left to each setting's
/// own check (production refuses them; an unused adapter needs none).
pub fn refuse_committed_secrets(
    committed: &[&str],
    secrets: &[(&str, &str)],
) -> anyhow::Result<()> {
    let mut known = std::collections::HashSet::new();
    for text in committed {
        let value = config::Config::builder()
            .add_source(config::File::from_str(text, config::FileFormat::Toml))
            .build()?
            .cache;
        strings_of(value, &mut known);
    }
    for (name, value) in secrets {
        if !value.is_empty() && known.contains(*value) {
            anyhow::bail!(
                "{name} is a value written in the repository's settings files, which are for tests: anyone with the source could sign with it; give this process a secret of its own (`make dev` makes one per run folder)"
            );
        }
    }
    Ok(())
}

fn strings_of(v: config::Value, out: &mut std::collections::HashSet<String>) {
    match v.kind {
        config::ValueKind::String(s) => {
            // A keyring is `kid:secret,kid:secret`: its secrets count one by one.
            for pair in s.split(',') {
                if let Some((_, secret)) = pair.split_once(':') {
                    out.insert(secret.trim().to_owned());
                }
            }
            out.insert(s);
        }
        config::ValueKind::Table(t) => t.into_values().for_each(|v| strings_of(v, out)),
        config::ValueKind::Array(a) => a.into_iter().for_each(|v| strings_of(v, out)),
        _ => {}
    }
}

/// Resolves on Ctrl-C or SIGTERM (how Kubernetes and `make dev` stop a process), so `main` can
/// drain servers and consumers.
pub async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! { () = ctrl_c => {}, () = term => {} }
    tracing::info!("shutting down");
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(ring: Option<&str>) -> JwtSettings {
        JwtSettings {
            issuer: "i".into(),
            audience: "a".into(),
            access_ttl_secs: 60,
            active_kid: "k2".into(),
            keys: vec![JwtKey { kid: "file".into(), secret: "s".to_owned().into() }],
            keyring: ring.map(|r| r.to_owned().into()),
        }
    }

    #[test]
    fn a_secret_written_in_the_settings_files_is_refused_and_one_of_its_own_is_not() {
        let base = "[jwt]\nactive_kid = \"dev-1\"\n[[jwt.keys]]\nkid = \"dev-1\"\nsecret = \"committed-signing-key-0001\"\n[files]\nsigning_secret = \"committed-file-secret\"\nring = \"k1:ring-secret-0001\"\n";
        let refused = |name: &str, value: &str| {
            refuse_committed_secrets(&[base], &[(name, value)]).err().map(|e| e.to_string())
        };
        for value in ["committed-signing-key-0001", "committed-file-secret", "ring-secret-0001"] {
            let e = refused("jwt key dev-1", value).expect("refused");
            assert!(e.starts_with("jwt key dev-1 is a value written in the repository"), "{e}");
        }
        assert_eq!(refused("jwt key dev-1", "a-secret-made-for-this-run-only-0123456789"), None);
        assert_eq!(refused("files.signing_secret", ""), None);
        assert!(refuse_committed_secrets(&["not = [toml"], &[]).is_err());
    }

    #[test]
    fn a_keyring_replaces_the_file_keys() {
        let keys = settings(Some("k2:new-secret, k1:old:secret")).resolved_keys().unwrap();
        let pairs: Vec<(String, String)> =
            keys.iter().map(|k| (k.kid.clone(), k.secret.expose_secret().to_owned())).collect();
        assert_eq!(
            pairs,
            vec![("k2".into(), "new-secret".into()), ("k1".into(), "old:secret".into())]
        );
        assert_eq!(settings(None).resolved_keys().unwrap()[0].kid, "file");
        assert!(settings(Some("no-colon")).resolved_keys().is_err());
    }
}
