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
    /// How emails and text messages leave the service.
    #[serde(default)]
    pub notify: NotifySettings,
    /// Google sign-in (OpenID Connect); off while `client_id` is empty.
    #[serde(default)]
    pub google: GoogleSettings,
    /// Links in the messages this service sends.
    #[serde(default)]
    pub web: WebSettings,
    /// The gateway's real-time channels (its presence marks).
    #[serde(default)]
    pub realtime: RealtimeSettings,
    /// The threads that hash and check passwords (`crate::hashing`).
    #[serde(default)]
    pub passwords: crate::hashing::PasswordWorkSettings,
}

/// The gateway's real-time prefix on Redis (the same setting as the gateway's and messaging's).
#[derive(Debug, Clone, Deserialize)]
#[serde(default)]
pub struct RealtimeSettings {
    pub prefix: String,
}

impl Default for RealtimeSettings {
    fn default() -> Self {
        Self { prefix: "upcar:rt".to_owned() }
    }
}

/// Where people reach the web app (the gateway's public address).
#[derive(Debug, Clone, Deserialize)]
pub struct WebSettings {
    #[serde(default = "default_public_base_url")]
    pub public_base_url: String,
}

impl Default for WebSettings {
    fn default() -> Self {
        Self { public_base_url: default_public_base_url() }
    }
}

fn default_public_base_url() -> String {
    "http://127.0.0.1:8080".to_owned()
}

/// An OpenID Connect provider used for "Sign in with Google". The endpoints default to
/// Google's; tests point them at a local fake provider.
#[derive(Debug, Clone, Deserialize)]
pub struct GoogleSettings {
    /// OAuth client id; empty turns Google sign-in off (`google_not_configured`).
    #[serde(default)]
    pub client_id: String,
    /// OAuth client secret (sent to the token endpoint only).
    #[serde(default = "empty_secret")]
    pub client_secret: SecretString,
    /// Where the browser is sent to consent.
    #[serde(default = "default_google_authorization_endpoint")]
    pub authorization_endpoint: String,
    /// Where the authorization code is exchanged for tokens.
    #[serde(default = "default_google_token_endpoint")]
    pub token_endpoint: String,
    /// The provider's signing keys (JWK set).
    #[serde(default = "default_google_jwks_uri")]
    pub jwks_uri: String,
    /// The `iss` of the provider's ID tokens.
    #[serde(default = "default_google_issuer")]
    pub issuer: String,
    /// Limit of each call to the provider.
    #[serde(default = "default_notify_timeout")]
    pub timeout_secs: u64,
}

impl Default for GoogleSettings {
    fn default() -> Self {
        Self {
            client_id: String::new(),
            client_secret: empty_secret(),
            authorization_endpoint: default_google_authorization_endpoint(),
            token_endpoint: default_google_token_endpoint(),
            jwks_uri: default_google_jwks_uri(),
            issuer: default_google_issuer(),
            timeout_secs: default_notify_timeout(),
        }
    }
}

impl GoogleSettings {
    /// True when a client id is set.
    pub fn enabled(&self) -> bool {
        !self.client_id.trim().is_empty()
    }
}

fn empty_secret() -> SecretString {
    SecretString::from(String::new())
}

fn default_google_authorization_endpoint() -> String {
    "https://accounts.google.com/o/oauth2/v2/auth".to_owned()
}

fn default_google_token_endpoint() -> String {
    "https://oauth2.googleapis.com/token".to_owned()
}

fn default_google_jwks_uri() -> String {
    "https://www.googleapis.com/oauth2/v3/certs".to_owned()
}

fn default_google_issuer() -> String {
    "https://accounts.google.com".to_owned()
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

/// Where each kind of message goes. Every message is recorded in `sent_messages` whatever is
/// chosen here (development serves that table as the dev outbox); a real adapter also sends it.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct NotifySettings {
    /// `outbox` (recorded only) or `smtp`.
    #[serde(default)]
    pub email: EmailTransport,
    /// `outbox` (recorded only) or `http` (an SMS provider's HTTP API).
    #[serde(default)]
    pub sms: SmsTransport,
    /// Required when `email = "smtp"`.
    #[serde(default)]
    pub smtp: Option<SmtpSettings>,
    /// Required when `sms = "http"`.
    #[serde(default)]
    pub sms_http: Option<SmsHttpSettings>,
}

/// Email adapter.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum EmailTransport {
    /// Recorded in `sent_messages` only.
    #[default]
    Outbox,
    /// Sent through an SMTP relay.
    Smtp,
}

/// SMS adapter.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SmsTransport {
    /// Recorded in `sent_messages` only.
    #[default]
    Outbox,
    /// Posted to an SMS provider's HTTP API.
    Http,
}

/// How the SMTP connection is secured.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum SmtpTls {
    /// Plain text (a relay on the same host or a test sink only).
    None,
    /// Plain connection upgraded with STARTTLS, which is required (port 587).
    #[default]
    Starttls,
    /// TLS from the first byte (SMTPS, port 465).
    Tls,
}

/// An SMTP relay.
#[derive(Debug, Clone, Deserialize)]
pub struct SmtpSettings {
    /// Relay host name (also the name its certificate must carry).
    pub host: String,
    /// Relay port.
    #[serde(default = "default_smtp_port")]
    pub port: u16,
    /// Login, when the relay wants one (together with `password`).
    #[serde(default)]
    pub username: Option<String>,
    /// Password of `username`.
    #[serde(default)]
    pub password: Option<SecretString>,
    /// `none`, `starttls` or `tls`.
    #[serde(default)]
    pub tls: SmtpTls,
    /// Sender, `address@example.com` or `Name <address@example.com>`.
    pub from: String,
    /// Limit of each SMTP command.
    #[serde(default = "default_notify_timeout")]
    pub timeout_secs: u64,
}

/// An SMS provider's HTTP API that takes a form POST of `To`, `From` and `Body` with basic
/// authentication (Twilio's Messages resource and its look-alikes).
#[derive(Debug, Clone, Deserialize)]
pub struct SmsHttpSettings {
    /// Endpoint, e.g. `https://api.twilio.com/2010-04-01/Accounts/{sid}/Messages.json`.
    pub url: String,
    /// Basic-auth user (Twilio: the account SID).
    pub username: String,
    /// Basic-auth password (Twilio: the auth token).
    pub password: SecretString,
    /// Sending number, E.164.
    pub from: String,
    /// Limit of the whole request.
    #[serde(default = "default_notify_timeout")]
    pub timeout_secs: u64,
}

fn default_smtp_port() -> u16 {
    587
}

fn default_notify_timeout() -> u64 {
    10
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
        secrets.push(("otp.pepper".to_owned(), self.otp.pepper.expose_secret()));
        let named: Vec<(&str, &str)> = secrets.iter().map(|(n, v)| (n.as_str(), *v)).collect();
        upcar_config::refuse_committed_secrets(&COMMITTED, &named)
    }

    /// Reads `services/accounts/config` (or `APP_CONFIG_DIR`) and the environment.
    pub fn load() -> anyhow::Result<Self> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("config");
        let s: Self = upcar_config::load(&dir)?;
        anyhow::ensure!(
            s.otp.pepper.expose_secret().len() >= 16,
            "otp.pepper must be at least 16 bytes"
        );
        // The adapters' own checks of their settings run where they are built
        // (`Application::build`): this module knows no adapter.
        Ok(s)
    }
}
