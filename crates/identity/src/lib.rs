//! Who is calling. The gateway verifies the bearer JWT at the edge and passes the caller to
//! services in gRPC metadata; services trust only that metadata ([`Identity::from_metadata`]).

use chrono::Utc;
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation, decode, encode};
use secrecy::ExposeSecret;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::str::FromStr;
use tonic::metadata::MetadataMap;
use upcar_config::JwtSettings;
use uuid::Uuid;

/// Metadata key: the caller's user or captain id.
pub const MD_USER_ID: &str = "x-user-id";
/// Metadata key: the caller's role.
pub const MD_ROLE: &str = "x-user-role";
/// Metadata key: the token id (`jti`), for revocation.
pub const MD_TOKEN_ID: &str = "x-token-id";
/// Metadata key: the token's expiry (unix seconds), for refresh.
pub const MD_TOKEN_EXP: &str = "x-token-exp";

/// Redis key marking a token id as revoked until the token would have expired anyway.
pub fn revoked_key(token_id: &str) -> String {
    format!("auth:revoked:{token_id}")
}

/// Redis key caching what the gateway trusts of an account: its kind ([`Role::as_str`]),
/// [`ACCOUNT_SUSPENDED`] or [`ACCOUNT_NONE`]. The gateway fills it from accounts only when it
/// is missing; accounts overwrites it the moment an account's standing changes, so a
/// suspension stops every token of the account at once.
pub fn account_key(id: &Uuid) -> String {
    format!("auth:account:{id}")
}

/// How long [`account_key`] entries live: the longest an account removed without passing
/// through accounts' own write could stay trusted.
pub const ACCOUNT_CACHE_SECS: u64 = 60;

/// [`account_key`] value of a suspended account: its tokens are refused.
pub const ACCOUNT_SUSPENDED: &str = "suspended";

/// [`account_key`] value of an id that names no account.
pub const ACCOUNT_NONE: &str = "none";

/// What kind of account signed the token. Guests and hosts share one account kind (`user`);
/// captains have their own accounts; admins do support work.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    /// A guest and/or host account.
    User,
    /// A captain account (deliveries and returns).
    Captain,
    /// Support and listing review.
    Admin,
}

impl Role {
    /// Lowercase name.
    pub fn as_str(self) -> &'static str {
        match self {
            Role::User => "user",
            Role::Captain => "captain",
            Role::Admin => "admin",
        }
    }
}

impl FromStr for Role {
    type Err = ();
    fn from_str(s: &str) -> Result<Self, ()> {
        match s {
            "user" => Ok(Role::User),
            "captain" => Ok(Role::Captain),
            "admin" => Ok(Role::Admin),
            _ => Err(()),
        }
    }
}

/// What a token is good for. Access tokens open the API; upload tokens only the mobile
/// licence/selfie upload flow.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "lowercase")]
pub enum Purpose {
    /// Full API access for the role.
    #[default]
    Access,
    /// Driver document uploads only (`session/generate-temp-token`).
    Upload,
}

/// JWT claims.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct Claims {
    /// Account id.
    pub sub: Uuid,
    /// Account kind.
    pub role: Role,
    /// Token id, used for revocation.
    pub jti: String,
    /// Issued at (unix seconds).
    pub iat: i64,
    /// Expiry (unix seconds).
    pub exp: i64,
    /// Issuer.
    pub iss: String,
    /// Audience.
    pub aud: String,
    /// What the token is good for.
    #[serde(default)]
    pub purpose: Purpose,
    /// Not before (unix seconds); we do not issue it, but a token carrying one is held to it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nbf: Option<i64>,
}

/// Why a token was refused. All map to 401 at the edge.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum TokenError {
    /// Expired.
    #[error("Token has expired")]
    Expired,
    /// Bad signature, unknown key, wrong issuer/audience/algorithm or malformed.
    #[error("Invalid token")]
    Invalid,
}

/// Clock skew allowed between the machines that issue and check tokens.
const LEEWAY_SECS: u64 = 5;

/// The signing and verifying keys.
#[derive(Clone)]
pub struct JwtKeys {
    active_kid: String,
    encoding: EncodingKey,
    decoding: HashMap<String, DecodingKey>,
    validation: Validation,
    issuer: String,
    audience: String,
    /// Access token lifetime in seconds.
    pub access_ttl_secs: i64,
}

impl JwtKeys {
    /// Builds keys from settings; fails when the active key is missing or a secret is short.
    pub fn from_settings(s: &JwtSettings) -> anyhow::Result<Self> {
        let mut decoding = HashMap::new();
        let mut encoding = None;
        for k in &s.resolved_keys()? {
            let secret = k.secret.expose_secret().as_bytes();
            anyhow::ensure!(secret.len() >= 32, "jwt key {} is shorter than 32 bytes", k.kid);
            decoding.insert(k.kid.clone(), DecodingKey::from_secret(secret));
            if k.kid == s.active_kid {
                encoding = Some(EncodingKey::from_secret(secret));
            }
        }
        let encoding = encoding
            .ok_or_else(|| anyhow::anyhow!("active jwt key {} not in keys", s.active_kid))?;
        let mut validation = Validation::new(Algorithm::HS256);
        validation.algorithms = vec![Algorithm::HS256];
        validation.set_issuer(&[&s.issuer]);
        validation.set_audience(&[&s.audience]);
        validation.set_required_spec_claims(&["exp", "iss", "aud", "sub"]);
        validation.validate_nbf = true;
        validation.leeway = LEEWAY_SECS;
        Ok(Self {
            active_kid: s.active_kid.clone(),
            encoding,
            decoding,
            validation,
            issuer: s.issuer.clone(),
            audience: s.audience.clone(),
            access_ttl_secs: s.access_ttl_secs,
        })
    }

    /// Issues a token for an account, valid for `ttl_secs`.
    pub fn issue(
        &self,
        sub: Uuid,
        role: Role,
        purpose: Purpose,
        ttl_secs: i64,
    ) -> anyhow::Result<(String, Claims)> {
        let now = Utc::now().timestamp();
        let claims = Claims {
            sub,
            role,
            jti: Uuid::now_v7().to_string(),
            iat: now,
            exp: now + ttl_secs,
            iss: self.issuer.clone(),
            aud: self.audience.clone(),
            purpose,
            nbf: None,
        };
        let mut header = Header::new(Algorithm::HS256);
        header.kid = Some(self.active_kid.clone());
        Ok((encode(&header, &claims, &self.encoding)?, claims))
    }

    /// Issues a regular access token.
    pub fn issue_access(&self, sub: Uuid, role: Role) -> anyhow::Result<(String, Claims)> {
        self.issue(sub, role, Purpose::Access, self.access_ttl_secs)
    }

    /// Verifies signature (by `kid`), algorithm, issuer, audience, expiry and not-before, and
    /// that the token's times are ones we issue: not issued in the future, and living no
    /// longer than the access lifetime (the longest we give). A signed token breaking those
    /// was not made by this code path, so it is refused whatever its signature.
    pub fn verify(&self, token: &str) -> Result<Claims, TokenError> {
        let header = jsonwebtoken::decode_header(token).map_err(|_| TokenError::Invalid)?;
        if header.alg != Algorithm::HS256 {
            return Err(TokenError::Invalid);
        }
        let kid = header.kid.ok_or(TokenError::Invalid)?;
        let key = self.decoding.get(&kid).ok_or(TokenError::Invalid)?;
        let claims = decode::<Claims>(token, key, &self.validation).map(|d| d.claims).map_err(
            |e| match e.kind() {
                jsonwebtoken::errors::ErrorKind::ExpiredSignature => TokenError::Expired,
                _ => TokenError::Invalid,
            },
        )?;
        let now = Utc::now().timestamp();
        let longest = self.access_ttl_secs + LEEWAY_SECS as i64;
        let issued_in_future = claims.iat > now + LEEWAY_SECS as i64;
        let too_long = claims.exp - claims.iat > longest || claims.exp - now > longest;
        if issued_in_future || too_long {
            return Err(TokenError::Invalid);
        }
        Ok(claims)
    }
}

/// The authenticated caller as a service sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Identity {
    /// Account id.
    pub user_id: Uuid,
    /// Account kind.
    pub role: Role,
    /// Token id.
    pub token_id: String,
    /// Token expiry (unix seconds).
    pub expires_at: i64,
}

impl From<&Claims> for Identity {
    fn from(c: &Claims) -> Self {
        Self { user_id: c.sub, role: c.role, token_id: c.jti.clone(), expires_at: c.exp }
    }
}

impl Identity {
    /// Writes the identity into outgoing gRPC metadata.
    pub fn inject(&self, md: &mut MetadataMap) {
        let pairs = [
            (MD_USER_ID, self.user_id.to_string()),
            (MD_ROLE, self.role.as_str().to_owned()),
            (MD_TOKEN_ID, self.token_id.clone()),
            (MD_TOKEN_EXP, self.expires_at.to_string()),
        ];
        for (k, v) in pairs {
            if let Ok(v) = v.parse() {
                md.insert(k, v);
            }
        }
    }

    /// Reads the identity the gateway put in the metadata; `None` for anonymous calls.
    pub fn from_metadata(md: &MetadataMap) -> Option<Self> {
        let get = |k: &str| md.get(k).and_then(|v| v.to_str().ok());
        Some(Self {
            user_id: get(MD_USER_ID)?.parse().ok()?,
            role: get(MD_ROLE)?.parse().ok()?,
            token_id: get(MD_TOKEN_ID)?.to_owned(),
            expires_at: get(MD_TOKEN_EXP)?.parse().ok()?,
        })
    }
}

/// An outgoing gRPC request carrying the caller's identity (when signed in) and the current
/// trace context: how the gateway and services call a service on a user's behalf.
pub fn outgoing<T>(msg: T, identity: Option<&Identity>) -> tonic::Request<T> {
    let mut req = tonic::Request::new(msg);
    if let Some(id) = identity {
        id.inject(req.metadata_mut());
    }
    upcar_telemetry::inject_grpc(req.metadata_mut());
    req
}

/// Runs one gRPC call: a span parented on the caller's trace, the caller's identity from the
/// metadata, and the service's error turned into a status through the shared error table.
pub async fn serve<T, R, E, F>(
    method: &'static str,
    request: tonic::Request<T>,
    handler: F,
) -> Result<tonic::Response<R>, tonic::Status>
where
    F: AsyncFnOnce(Option<Identity>, T) -> Result<R, E>,
    E: Into<tonic::Status>,
{
    use tracing::Instrument;
    let span = upcar_telemetry::grpc_server_span(method, &request);
    let identity = Identity::from_metadata(request.metadata());
    let body = request.into_inner();
    async move { handler(identity, body).await.map(tonic::Response::new).map_err(Into::into) }
        .instrument(span)
        .await
}

#[cfg(test)]
mod tests {
    use super::*;
    use upcar_config::JwtKey;

    fn settings(active: &str) -> JwtSettings {
        JwtSettings {
            issuer: "upcar".into(),
            audience: "upcar-api".into(),
            access_ttl_secs: 3600,
            active_kid: active.into(),
            keys: vec![
                JwtKey { kid: "k1".into(), secret: "a".repeat(32).into() },
                JwtKey { kid: "k2".into(), secret: "b".repeat(32).into() },
            ],
            keyring: None,
        }
    }

    #[test]
    fn a_token_it_issued_verifies() {
        let keys = JwtKeys::from_settings(&settings("k1")).unwrap();
        let id = Uuid::now_v7();
        let (token, claims) = keys.issue_access(id, Role::User).unwrap();
        assert_eq!(keys.verify(&token).unwrap(), claims);
        assert_eq!(claims.sub, id);
    }

    #[test]
    fn tokens_of_a_rotated_out_key_still_verify_while_the_key_is_listed() {
        let old = JwtKeys::from_settings(&settings("k1")).unwrap();
        let new = JwtKeys::from_settings(&settings("k2")).unwrap();
        let (token, _) = old.issue_access(Uuid::now_v7(), Role::User).unwrap();
        assert!(new.verify(&token).is_ok());
    }

    #[test]
    fn expired_tokens_are_refused() {
        let keys = JwtKeys::from_settings(&settings("k1")).unwrap();
        let (token, _) = keys.issue(Uuid::now_v7(), Role::User, Purpose::Access, -60).unwrap();
        assert_eq!(keys.verify(&token), Err(TokenError::Expired));
    }

    #[test]
    fn wrong_audience_or_issuer_is_refused() {
        let keys = JwtKeys::from_settings(&settings("k1")).unwrap();
        let mut other = settings("k1");
        other.audience = "someone-else".into();
        let foreign = JwtKeys::from_settings(&other).unwrap();
        let (token, _) = foreign.issue_access(Uuid::now_v7(), Role::User).unwrap();
        assert_eq!(keys.verify(&token), Err(TokenError::Invalid));
        let mut other = settings("k1");
        other.issuer = "evil".into();
        let foreign = JwtKeys::from_settings(&other).unwrap();
        let (token, _) = foreign.issue_access(Uuid::now_v7(), Role::User).unwrap();
        assert_eq!(keys.verify(&token), Err(TokenError::Invalid));
    }

    #[test]
    fn forged_and_alg_none_tokens_are_refused() {
        use base64::Engine;
        let keys = JwtKeys::from_settings(&settings("k1")).unwrap();
        let (token, claims) = keys.issue_access(Uuid::now_v7(), Role::User).unwrap();
        let mut parts: Vec<&str> = token.split('.').collect();
        let b64 = base64::engine::general_purpose::URL_SAFE_NO_PAD;
        let mut admin = claims.clone();
        admin.role = Role::Admin;
        let body = b64.encode(serde_json::to_vec(&admin).unwrap());
        parts[1] = &body;
        assert_eq!(keys.verify(&parts.join(".")), Err(TokenError::Invalid));
        let none_header = b64.encode(br#"{"alg":"none","typ":"JWT","kid":"k1"}"#);
        let unsigned = format!("{none_header}.{body}.");
        assert_eq!(keys.verify(&unsigned), Err(TokenError::Invalid));
        assert_eq!(keys.verify("not-a-token"), Err(TokenError::Invalid));
    }

    /// A token signed with our key but with times we never issue.
    fn signed(keys: &JwtKeys, edit: impl FnOnce(&mut Claims)) -> String {
        let (_, mut claims) = keys.issue_access(Uuid::now_v7(), Role::User).unwrap();
        edit(&mut claims);
        let mut header = Header::new(Algorithm::HS256);
        header.kid = Some("k1".into());
        encode(&header, &claims, &keys.encoding).unwrap()
    }

    #[test]
    fn tokens_with_times_we_never_issue_are_refused() {
        let keys = JwtKeys::from_settings(&settings("k1")).unwrap();
        let now = Utc::now().timestamp();
        assert!(keys.verify(&signed(&keys, |_| {})).is_ok());
        let future_iat = signed(&keys, |c| c.iat = now + 600);
        assert_eq!(keys.verify(&future_iat), Err(TokenError::Invalid));
        let future_nbf = signed(&keys, |c| c.nbf = Some(now + 600));
        assert_eq!(keys.verify(&future_nbf), Err(TokenError::Invalid));
        let past_nbf = signed(&keys, |c| c.nbf = Some(now - 10));
        assert!(keys.verify(&past_nbf).is_ok());
        // The access lifetime is 3600 s here: a token living a year is not ours.
        let year = signed(&keys, |c| c.exp = now + 365 * 86_400);
        assert_eq!(keys.verify(&year), Err(TokenError::Invalid));
        let backdated = signed(&keys, |c| {
            c.iat = now - 7200;
            c.exp = now + 60;
        });
        assert_eq!(keys.verify(&backdated), Err(TokenError::Invalid));
    }

    #[test]
    fn identity_round_trips_through_metadata() {
        let id = Identity {
            user_id: Uuid::now_v7(),
            role: Role::Captain,
            token_id: "t".into(),
            expires_at: 42,
        };
        let mut md = MetadataMap::new();
        id.inject(&mut md);
        assert_eq!(Identity::from_metadata(&md), Some(id));
        assert_eq!(Identity::from_metadata(&MetadataMap::new()), None);
    }

    #[test]
    fn short_secrets_are_refused_at_start_up() {
        let mut s = settings("k1");
        s.keys[0].secret = "short".to_owned().into();
        assert!(JwtKeys::from_settings(&s).is_err());
    }
}
