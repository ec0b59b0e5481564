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
/// Metadata key: the token's session ([`Claims::session`]), for revoking it whole.
pub const MD_SESSION_ID: &str = "x-session-id";
/// Metadata key: when the caller last proved who they are (unix seconds), for the calls that
/// want a recent sign-in.
pub const MD_AUTH_TIME: &str = "x-auth-time";

/// Redis key marking a token id as revoked until the token would have expired anyway.
pub fn revoked_key(token_id: &str) -> String {
    format!("auth:revoked:{token_id}")
}

/// Redis key marking a session revoked (a logout): every token of it, the phone's upload
/// token included, is refused until the longest of them would have expired anyway.
pub fn revoked_session_key(session_id: &str) -> String {
    format!("auth:revoked-session:{session_id}")
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
    /// The session: the sign-in this token descends from (refreshes and the phone's upload
    /// token keep it). A UUIDv7, so it tells when the session began.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sid: Option<String>,
    /// When the person proved who they are for this session (unix seconds): the sign-in,
    /// never a refresh.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub auth_time: Option<i64>,
}

/// A sign-in's session: what every token it leads to carries.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Session {
    /// A UUIDv7 made at the sign-in.
    pub id: String,
    /// The sign-in's time (unix seconds).
    pub auth_time: i64,
}

impl Session {
    /// A new session, for a sign-in now (password, code, Google or sign-up).
    pub fn begin() -> Self {
        Self { id: Uuid::now_v7().to_string(), auth_time: Utc::now().timestamp() }
    }

    /// When the session began, in unix milliseconds: the time in its UUIDv7. A token from
    /// before sessions were named (its session is its own id) began when it was issued.
    pub fn started_ms(&self, issued_at: i64) -> i64 {
        self.id
            .parse::<Uuid>()
            .ok()
            .and_then(|u| u.get_timestamp())
            .map(|t| {
                let (secs, nanos) = t.to_unix();
                (secs as i64) * 1000 + i64::from(nanos / 1_000_000)
            })
            .unwrap_or(issued_at.saturating_mul(1000))
    }
}

impl Claims {
    /// The token's session (its own id and issue time for a token that names none).
    pub fn session(&self) -> Session {
        Session {
            id: self.sid.clone().unwrap_or_else(|| self.jti.clone()),
            auth_time: self.auth_time.unwrap_or(self.iat),
        }
    }
}

/// What the gateway trusts of an account, as [`account_key`] caches it: its kind (or
/// [`ACCOUNT_SUSPENDED`], [`ACCOUNT_NONE`]) and, after a password change, the moment before
/// which its sessions ended, with the one session kept (the one that changed it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccountStanding {
    /// [`Role::as_str`], [`ACCOUNT_SUSPENDED`] or [`ACCOUNT_NONE`].
    pub kind: String,
    /// Sessions begun before this (unix milliseconds) are over, but `kept`.
    pub sessions_from_ms: Option<i64>,
    /// The session that changed the password, which goes on.
    pub kept: Option<String>,
}

impl AccountStanding {
    /// A standing with no session ended.
    pub fn of_kind(kind: &str) -> Self {
        Self { kind: kind.to_owned(), sessions_from_ms: None, kept: None }
    }

    /// From what accounts answers of an account (`GetAccountKind`): whether it exists, is
    /// suspended, its kind, and the cut of its sessions (0 and empty when none).
    pub fn from_kind(
        exists: bool,
        suspended: bool,
        role: &str,
        sessions_from_ms: i64,
        kept: &str,
    ) -> Self {
        let kind = match (exists, suspended) {
            (false, _) => ACCOUNT_NONE,
            (true, true) => ACCOUNT_SUSPENDED,
            (true, false) => role,
        };
        Self {
            kind: kind.to_owned(),
            sessions_from_ms: (sessions_from_ms > 0).then_some(sessions_from_ms),
            kept: (!kept.is_empty()).then(|| kept.to_owned()),
        }
    }

    /// The cached text: `kind`, or `kind|from_ms|kept` (kept may be empty).
    pub fn encode(&self) -> String {
        match self.sessions_from_ms {
            None => self.kind.clone(),
            Some(ms) => format!("{}|{ms}|{}", self.kind, self.kept.as_deref().unwrap_or_default()),
        }
    }

    /// Reads [`AccountStanding::encode`]'s text (a bare kind, as before sessions ended, too).
    pub fn decode(s: &str) -> Self {
        let mut parts = s.splitn(3, '|');
        let kind = parts.next().unwrap_or_default().to_owned();
        let sessions_from_ms = parts.next().and_then(|ms| ms.parse().ok());
        let kept = parts.next().filter(|k| !k.is_empty()).map(str::to_owned);
        Self { kind, sessions_from_ms, kept }
    }

    /// Whether a token's session is still on: begun after the cut, or the one kept.
    pub fn admits(&self, claims: &Claims) -> bool {
        let Some(from) = self.sessions_from_ms else { return true };
        let session = claims.session();
        self.kept.as_deref() == Some(session.id.as_str()) || session.started_ms(claims.iat) >= from
    }
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

    /// Issues a token for an account in `session`, valid for `ttl_secs`.
    pub fn issue(
        &self,
        sub: Uuid,
        role: Role,
        purpose: Purpose,
        ttl_secs: i64,
        session: &Session,
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
            sid: Some(session.id.clone()),
            auth_time: Some(session.auth_time),
        };
        let mut header = Header::new(Algorithm::HS256);
        header.kid = Some(self.active_kid.clone());
        Ok((encode(&header, &claims, &self.encoding)?, claims))
    }

    /// Issues a regular access token in `session` (a new one at a sign-in, the old one at a
    /// refresh).
    pub fn issue_access(
        &self,
        sub: Uuid,
        role: Role,
        session: &Session,
    ) -> anyhow::Result<(String, Claims)> {
        self.issue(sub, role, Purpose::Access, self.access_ttl_secs, session)
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
    /// The token's session and when it signed in.
    pub session: Session,
}

impl From<&Claims> for Identity {
    fn from(c: &Claims) -> Self {
        Self {
            user_id: c.sub,
            role: c.role,
            token_id: c.jti.clone(),
            expires_at: c.exp,
            session: c.session(),
        }
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
            (MD_SESSION_ID, self.session.id.clone()),
            (MD_AUTH_TIME, self.session.auth_time.to_string()),
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
        let token_id = get(MD_TOKEN_ID)?.to_owned();
        Some(Self {
            user_id: get(MD_USER_ID)?.parse().ok()?,
            role: get(MD_ROLE)?.parse().ok()?,
            expires_at: get(MD_TOKEN_EXP)?.parse().ok()?,
            // A caller that names no session (a service's own job) is its own.
            session: Session {
                id: get(MD_SESSION_ID).map_or_else(|| token_id.clone(), str::to_owned),
                auth_time: get(MD_AUTH_TIME).and_then(|t| t.parse().ok()).unwrap_or_default(),
            },
            token_id,
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
        let (token, claims) = keys.issue_access(id, Role::User, &Session::begin()).unwrap();
        assert_eq!(keys.verify(&token).unwrap(), claims);
        assert_eq!(claims.sub, id);
    }

    #[test]
    fn tokens_of_a_rotated_out_key_still_verify_while_the_key_is_listed() {
        let old = JwtKeys::from_settings(&settings("k1")).unwrap();
        let new = JwtKeys::from_settings(&settings("k2")).unwrap();
        let (token, _) = old.issue_access(Uuid::now_v7(), Role::User, &Session::begin()).unwrap();
        assert!(new.verify(&token).is_ok());
    }

    #[test]
    fn expired_tokens_are_refused() {
        let keys = JwtKeys::from_settings(&settings("k1")).unwrap();
        let (token, _) = keys
            .issue(Uuid::now_v7(), Role::User, Purpose::Access, -60, &Session::begin())
            .unwrap();
        assert_eq!(keys.verify(&token), Err(TokenError::Expired));
    }

    #[test]
    fn wrong_audience_or_issuer_is_refused() {
        let keys = JwtKeys::from_settings(&settings("k1")).unwrap();
        let mut other = settings("k1");
        other.audience = "someone-else".into();
        let foreign = JwtKeys::from_settings(&other).unwrap();
        let (token, _) =
            foreign.issue_access(Uuid::now_v7(), Role::User, &Session::begin()).unwrap();
        assert_eq!(keys.verify(&token), Err(TokenError::Invalid));
        let mut other = settings("k1");
        other.issuer = "evil".into();
        let foreign = JwtKeys::from_settings(&other).unwrap();
        let (token, _) =
            foreign.issue_access(Uuid::now_v7(), Role::User, &Session::begin()).unwrap();
        assert_eq!(keys.verify(&token), Err(TokenError::Invalid));
    }

    #[test]
    fn forged_and_alg_none_tokens_are_refused() {
        use base64::Engine;
        let keys = JwtKeys::from_settings(&settings("k1")).unwrap();
        let (token, claims) =
            keys.issue_access(Uuid::now_v7(), Role::User, &Session::begin()).unwrap();
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
        let (_, mut claims) =
            keys.issue_access(Uuid::now_v7(), Role::User, &Session::begin()).unwrap();
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
    fn a_refresh_keeps_the_session_and_its_sign_in_time() {
        let keys = JwtKeys::from_settings(&settings("k1")).unwrap();
        let id = Uuid::now_v7();
        let signed_in = Session::begin();
        let (_, first) = keys.issue_access(id, Role::User, &signed_in).unwrap();
        let (_, refreshed) = keys.issue_access(id, Role::User, &first.session()).unwrap();
        assert_ne!(first.jti, refreshed.jti);
        assert_eq!(refreshed.session(), signed_in);
        let (_, upload) =
            keys.issue(id, Role::User, Purpose::Upload, 900, &refreshed.session()).unwrap();
        assert_eq!(upload.session(), signed_in);
        // A token from before sessions had names is a session of its own, begun when issued.
        let old = Claims { sid: None, auth_time: None, ..first.clone() };
        assert_eq!(old.session(), Session { id: old.jti.clone(), auth_time: old.iat });
        assert_eq!(Session { id: "not-a-uuid".into(), auth_time: 0 }.started_ms(12), 12_000);
        let started = signed_in.started_ms(0);
        assert!((started - Utc::now().timestamp_millis()).abs() < 5_000, "{started}");
    }

    #[test]
    fn a_cut_ends_the_sessions_begun_before_it_but_the_kept_one() {
        let keys = JwtKeys::from_settings(&settings("k1")).unwrap();
        let id = Uuid::now_v7();
        let (_, before) = keys.issue_access(id, Role::User, &Session::begin()).unwrap();
        let (_, kept) = keys.issue_access(id, Role::User, &Session::begin()).unwrap();
        std::thread::sleep(std::time::Duration::from_millis(2));
        let cut = Utc::now().timestamp_millis();
        std::thread::sleep(std::time::Duration::from_millis(2));
        let (_, after) = keys.issue_access(id, Role::User, &Session::begin()).unwrap();
        let standing = AccountStanding {
            kind: "user".into(),
            sessions_from_ms: Some(cut),
            kept: Some(kept.session().id),
        };
        assert!(!standing.admits(&before));
        assert!(standing.admits(&kept));
        assert!(standing.admits(&after));
        assert!(AccountStanding::of_kind("user").admits(&before));
        // The cache's text round-trips, and a bare kind (no cut) still reads.
        for s in [standing.clone(), AccountStanding { kept: None, ..standing.clone() }] {
            assert_eq!(AccountStanding::decode(&s.encode()), s);
        }
        assert_eq!(AccountStanding::decode("suspended"), AccountStanding::of_kind("suspended"));
        assert_eq!(AccountStanding::of_kind("admin").encode(), "admin");
    }

    #[test]
    fn identity_round_trips_through_metadata() {
        let id = Identity {
            user_id: Uuid::now_v7(),
            role: Role::Captain,
            token_id: "t".into(),
            expires_at: 42,
            session: Session { id: "s".into(), auth_time: 7 },
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
