//! The "Sign in with Google" adapter: an OpenID Connect relying party using the authorization
//! code flow with PKCE. It builds the authorization request, exchanges the code at the token
//! endpoint (client id and secret in the form body) and checks the ID token against the
//! provider's published keys. The endpoints come from [`GoogleSettings`], so tests run it
//! against a local fake provider.

use crate::config::GoogleSettings;
use crate::domain::oidc::{self, Expected, IdClaims, IdTokenError};
use anyhow::Context;
use jsonwebtoken::jwk::JwkSet;
use secrecy::{ExposeSecret, SecretString};
use serde::Deserialize;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::RwLock;
use url::Url;

/// Keys are refetched after this long (providers rotate them every few days).
const JWKS_MAX_AGE: Duration = Duration::from_secs(3600);
/// An unknown key id refetches the set at most this often.
const JWKS_MIN_REFRESH: Duration = Duration::from_secs(30);

/// Why a call to the provider failed.
#[derive(Debug, thiserror::Error)]
pub enum ProviderError {
    /// The token endpoint refused the code (`invalid_grant`): expired, used or not ours.
    #[error("the provider refused the authorization code")]
    CodeRefused,
    /// The ID token did not pass the checks.
    #[error(transparent)]
    IdToken(#[from] IdTokenError),
    /// The provider is unreachable, answered 5xx, or refused our client (a configuration
    /// problem, logged).
    #[error("the provider is unavailable: {0:#}")]
    Unavailable(anyhow::Error),
}

struct CachedKeys {
    keys: Arc<JwkSet>,
    fetched: Instant,
}

/// A configured provider.
pub struct GoogleClient {
    client_id: String,
    client_secret: SecretString,
    authorization_endpoint: Url,
    token_endpoint: Url,
    jwks_uri: Url,
    issuer: String,
    http: reqwest::Client,
    jwks: RwLock<Option<CachedKeys>>,
}

#[derive(Deserialize)]
struct TokenResponse {
    #[serde(default)]
    id_token: Option<String>,
}

#[derive(Deserialize, Default)]
struct TokenError {
    #[serde(default)]
    error: String,
}

fn endpoint(name: &str, value: &str) -> anyhow::Result<Url> {
    let url: Url =
        value.trim().parse().with_context(|| format!("google.{name} {value:?} is not a URL"))?;
    anyhow::ensure!(
        matches!(url.scheme(), "http" | "https") && url.host().is_some(),
        "google.{name} must be an http or https URL"
    );
    Ok(url)
}

impl GoogleClient {
    /// Checks settings with a client id: every endpoint a URL, a secret, a timeout.
    pub fn check(s: &GoogleSettings) -> anyhow::Result<()> {
        Self::endpoints(s).map(|_| ())
    }

    fn endpoints(s: &GoogleSettings) -> anyhow::Result<(Url, Url, Url)> {
        let urls = (
            endpoint("authorization_endpoint", &s.authorization_endpoint)?,
            endpoint("token_endpoint", &s.token_endpoint)?,
            endpoint("jwks_uri", &s.jwks_uri)?,
        );
        anyhow::ensure!(!s.issuer.trim().is_empty(), "google.issuer is empty");
        anyhow::ensure!(
            !s.client_secret.expose_secret().trim().is_empty(),
            "google.client_secret is empty while google.client_id is set"
        );
        anyhow::ensure!(s.timeout_secs > 0, "google.timeout_secs is 0");
        Ok(urls)
    }

    /// A client for the configured provider.
    pub fn new(s: &GoogleSettings) -> anyhow::Result<Self> {
        let (authorization_endpoint, token_endpoint, jwks_uri) = Self::endpoints(s)?;
        let http = reqwest::Client::builder()
            .timeout(Duration::from_secs(s.timeout_secs))
            // The token endpoint answers directly; a redirect would resend the secret elsewhere.
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .context("building the Google HTTP client")?;
        Ok(Self {
            client_id: s.client_id.trim().to_owned(),
            client_secret: s.client_secret.clone(),
            authorization_endpoint,
            token_endpoint,
            jwks_uri,
            issuer: s.issuer.trim().to_owned(),
            http,
            jwks: RwLock::new(None),
        })
    }

    /// Where to send the browser: the consent page for this request.
    pub fn authorization_url(
        &self,
        redirect_uri: &str,
        state: &str,
        nonce: &str,
        code_challenge: &str,
    ) -> Url {
        oidc::authorization_url(
            &self.authorization_endpoint,
            &self.client_id,
            redirect_uri,
            state,
            nonce,
            code_challenge,
        )
    }

    /// Exchanges an authorization code for the ID token.
    pub async fn exchange_code(
        &self,
        code: &str,
        code_verifier: &str,
        redirect_uri: &str,
    ) -> Result<String, ProviderError> {
        let response = self
            .http
            .post(self.token_endpoint.clone())
            .header(reqwest::header::ACCEPT, "application/json")
            .form(&[
                ("grant_type", "authorization_code"),
                ("code", code),
                ("redirect_uri", redirect_uri),
                ("client_id", self.client_id.as_str()),
                ("client_secret", self.client_secret.expose_secret()),
                ("code_verifier", code_verifier),
            ])
            .send()
            .await
            .map_err(|e| ProviderError::Unavailable(anyhow::Error::new(e).context("token call")))?;
        let status = response.status();
        if status.is_success() {
            let body: TokenResponse = response.json().await.map_err(|e| {
                ProviderError::Unavailable(anyhow::Error::new(e).context("token answer"))
            })?;
            return body
                .id_token
                .filter(|t| !t.is_empty())
                .ok_or(ProviderError::IdToken(IdTokenError::Malformed("no id_token".to_owned())));
        }
        let error: TokenError = response.json().await.unwrap_or_default();
        if status.is_client_error() && error.error == "invalid_grant" {
            return Err(ProviderError::CodeRefused);
        }
        Err(ProviderError::Unavailable(anyhow::anyhow!(
            "token endpoint answered {status} {:?}",
            error.error
        )))
    }

    async fn fetch_keys(&self) -> Result<Arc<JwkSet>, ProviderError> {
        let unavailable = |e: reqwest::Error| ProviderError::Unavailable(e.into());
        let body: serde_json::Value = self
            .http
            .get(self.jwks_uri.clone())
            .send()
            .await
            .and_then(reqwest::Response::error_for_status)
            .map_err(unavailable)?
            .json()
            .await
            .map_err(unavailable)?;
        let keys = Arc::new(oidc::parse_jwks(&body));
        if keys.keys.is_empty() {
            return Err(ProviderError::Unavailable(anyhow::anyhow!("the JWK set has no keys")));
        }
        *self.jwks.write().await = Some(CachedKeys { keys: keys.clone(), fetched: Instant::now() });
        Ok(keys)
    }

    /// The provider's keys: cached, refetched when old, or when `force`d and not just fetched.
    async fn keys(&self, force: bool) -> Result<Arc<JwkSet>, ProviderError> {
        if let Some(c) = self.jwks.read().await.as_ref() {
            let age = c.fetched.elapsed();
            if age < JWKS_MAX_AGE && (!force || age < JWKS_MIN_REFRESH) {
                return Ok(c.keys.clone());
            }
        }
        self.fetch_keys().await
    }

    /// Checks the ID token (signature, issuer, audience, expiry, nonce) and reads the person.
    /// A key id the cached set lacks refetches the set once (key rotation).
    pub async fn verify(&self, id_token: &str, nonce: &str) -> Result<IdClaims, ProviderError> {
        let expected = Expected { client_id: &self.client_id, issuer: &self.issuer, nonce };
        match oidc::verify_id_token(id_token, &*self.keys(false).await?, &expected) {
            Err(IdTokenError::UnknownKey) => {
                Ok(oidc::verify_id_token(id_token, &*self.keys(true).await?, &expected)?)
            }
            other => Ok(other?),
        }
    }
}
