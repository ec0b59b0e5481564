//! OpenID Connect rules with no I/O: random state values, PKCE (RFC 7636), the authorization
//! request URL and the ID token checks (OpenID Connect Core 1.0, section 3.1.3.7).

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use jsonwebtoken::jwk::{AlgorithmParameters, Jwk, JwkSet, KeyAlgorithm, PublicKeyUse};
use jsonwebtoken::{Algorithm, DecodingKey, Validation, decode, decode_header};
use rand::Rng;
use serde::Deserialize;
use sha2::{Digest, Sha256};

/// Scopes asked of the provider.
pub const SCOPES: &str = "openid email profile";

/// Clock skew allowed on `exp` (and `iat`), in seconds.
pub const LEEWAY_SECS: u64 = 60;

/// 32 random bytes, hex: unguessable state, nonce and PKCE verifier values (64 characters of
/// the verifier alphabet, inside RFC 7636's 43 to 128).
pub fn random_token() -> String {
    let mut bytes = [0u8; 32];
    rand::rng().fill(&mut bytes);
    hex::encode(bytes)
}

/// The S256 code challenge of a PKCE verifier: `BASE64URL(SHA256(verifier))`.
pub fn pkce_challenge(verifier: &str) -> String {
    URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes()))
}

/// The provider's authorization endpoint with the request's parameters.
pub fn authorization_url(
    endpoint: &url::Url,
    client_id: &str,
    redirect_uri: &str,
    state: &str,
    nonce: &str,
    code_challenge: &str,
) -> url::Url {
    let mut url = endpoint.clone();
    url.query_pairs_mut()
        .append_pair("response_type", "code")
        .append_pair("client_id", client_id)
        .append_pair("redirect_uri", redirect_uri)
        .append_pair("scope", SCOPES)
        .append_pair("state", state)
        .append_pair("nonce", nonce)
        .append_pair("code_challenge", code_challenge)
        .append_pair("code_challenge_method", "S256")
        .append_pair("prompt", "select_account");
    url
}

/// What the ID token must say.
#[derive(Debug, Clone)]
pub struct Expected<'a> {
    /// Our client id: the token's audience (and authorized party).
    pub client_id: &'a str,
    /// The provider's issuer identifier.
    pub issuer: &'a str,
    /// The nonce sent with the authorization request.
    pub nonce: &'a str,
}

/// Why an ID token was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum IdTokenError {
    #[error("the ID token is not a well-formed JWT: {0}")]
    Malformed(String),
    #[error("the ID token is not signed with RS256")]
    WrongAlgorithm,
    #[error("the ID token's signing key is not in the provider's key set")]
    UnknownKey,
    #[error("the ID token's signature does not verify")]
    BadSignature,
    #[error("the ID token was issued by someone else")]
    WrongIssuer,
    #[error("the ID token was issued to another client")]
    WrongAudience,
    #[error("the ID token has expired")]
    Expired,
    #[error("the ID token's nonce is not the one sent")]
    WrongNonce,
    #[error("the ID token has no subject")]
    MissingSubject,
}

/// `aud`: one string or a list.
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
enum Audience {
    One(String),
    Many(Vec<String>),
}

/// `email_verified`: a boolean (some providers have sent the string "true").
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
enum Flag {
    Bool(bool),
    Text(String),
}

#[derive(Debug, Clone, Deserialize)]
struct RawClaims {
    sub: String,
    aud: Audience,
    #[serde(default)]
    azp: Option<String>,
    #[serde(default)]
    nonce: Option<String>,
    #[serde(default)]
    iat: Option<i64>,
    #[serde(default)]
    email: Option<String>,
    #[serde(default)]
    email_verified: Option<Flag>,
    #[serde(default)]
    given_name: Option<String>,
    #[serde(default)]
    family_name: Option<String>,
    #[serde(default)]
    name: Option<String>,
}

/// The person an accepted ID token names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IdClaims {
    /// The provider's stable, never reassigned id of the account.
    pub sub: String,
    pub email: Option<String>,
    /// True only when the provider says so.
    pub email_verified: bool,
    pub given_name: Option<String>,
    pub family_name: Option<String>,
    /// The full name, for providers that send no given/family names.
    pub name: Option<String>,
}

/// The issuer values accepted for `issuer`: Google documents that its ID tokens carry either
/// `https://accounts.google.com` or `accounts.google.com`, so the scheme-less form of an https
/// issuer is accepted too.
fn accepted_issuers(issuer: &str) -> Vec<String> {
    let issuer = issuer.trim();
    let mut out = vec![issuer.to_owned()];
    if let Some(bare) = issuer.strip_prefix("https://") {
        out.push(bare.to_owned());
    }
    out
}

/// The key of the set that signed a token: by `kid`, or the only key when the token has none.
/// Keys meant for encryption or for another algorithm are never used.
fn signing_key<'a>(keys: &'a JwkSet, kid: Option<&str>) -> Option<&'a Jwk> {
    let usable = |k: &&Jwk| {
        matches!(k.algorithm, AlgorithmParameters::RSA(_))
            && k.common.public_key_use.as_ref().is_none_or(|u| *u == PublicKeyUse::Signature)
            && k.common.key_algorithm.is_none_or(|a| a == KeyAlgorithm::RS256)
    };
    match kid {
        Some(kid) => keys.find(kid).filter(usable),
        None => {
            let mut rsa = keys.keys.iter().filter(usable);
            match (rsa.next(), rsa.next()) {
                (Some(only), None) => Some(only),
                _ => None,
            }
        }
    }
}

/// Checks an ID token: RS256 signature by a key of `keys`, issuer, audience (and `azp` when
/// there are several audiences), expiry, issue time and nonce.
pub fn verify_id_token(
    token: &str,
    keys: &JwkSet,
    expected: &Expected<'_>,
) -> Result<IdClaims, IdTokenError> {
    use jsonwebtoken::errors::ErrorKind as K;
    let header = decode_header(token).map_err(|e| IdTokenError::Malformed(e.to_string()))?;
    if header.alg != Algorithm::RS256 {
        return Err(IdTokenError::WrongAlgorithm);
    }
    let jwk = signing_key(keys, header.kid.as_deref()).ok_or(IdTokenError::UnknownKey)?;
    let key = DecodingKey::from_jwk(jwk).map_err(|_| IdTokenError::UnknownKey)?;
    let mut validation = Validation::new(Algorithm::RS256);
    validation.leeway = LEEWAY_SECS;
    validation.set_audience(&[expected.client_id]);
    validation.set_issuer(&accepted_issuers(expected.issuer));
    validation.set_required_spec_claims(&["exp", "iss", "aud", "sub"]);
    let data = decode::<RawClaims>(token, &key, &validation).map_err(|e| match e.kind() {
        K::InvalidSignature => IdTokenError::BadSignature,
        K::InvalidAlgorithm => IdTokenError::WrongAlgorithm,
        K::InvalidIssuer => IdTokenError::WrongIssuer,
        K::InvalidAudience => IdTokenError::WrongAudience,
        K::ExpiredSignature => IdTokenError::Expired,
        K::MissingRequiredClaim(c) if c == "iss" => IdTokenError::WrongIssuer,
        K::MissingRequiredClaim(c) if c == "aud" => IdTokenError::WrongAudience,
        K::MissingRequiredClaim(c) if c == "exp" => IdTokenError::Expired,
        K::MissingRequiredClaim(c) if c == "sub" => IdTokenError::MissingSubject,
        other => IdTokenError::Malformed(format!("{other:?}")),
    })?;
    let c = data.claims;
    let audiences: Vec<&str> = match &c.aud {
        Audience::One(a) => vec![a.as_str()],
        Audience::Many(list) => list.iter().map(String::as_str).collect(),
    };
    // Several audiences: the token must have been issued to us as the authorized party.
    if !audiences.contains(&expected.client_id)
        || (audiences.len() > 1 && c.azp.as_deref() != Some(expected.client_id))
        || c.azp.as_deref().is_some_and(|azp| azp != expected.client_id)
    {
        return Err(IdTokenError::WrongAudience);
    }
    let now = jsonwebtoken::get_current_timestamp() as i64;
    if c.iat.is_some_and(|iat| iat > now + LEEWAY_SECS as i64) {
        return Err(IdTokenError::Malformed("issued in the future".to_owned()));
    }
    // The nonce ties the token to this browser's authorization request (no replay).
    if expected.nonce.is_empty() || c.nonce.as_deref() != Some(expected.nonce) {
        return Err(IdTokenError::WrongNonce);
    }
    if c.sub.trim().is_empty() {
        return Err(IdTokenError::MissingSubject);
    }
    let email_verified = match c.email_verified {
        Some(Flag::Bool(b)) => b,
        Some(Flag::Text(t)) => t.eq_ignore_ascii_case("true"),
        None => false,
    };
    Ok(IdClaims {
        sub: c.sub,
        email: c.email,
        email_verified,
        given_name: c.given_name,
        family_name: c.family_name,
        name: c.name,
    })
}

/// Reads a JWK set, skipping keys this crate cannot parse (a provider may publish key types
/// it does not use for ID tokens).
pub fn parse_jwks(body: &serde_json::Value) -> JwkSet {
    let keys = body
        .get("keys")
        .and_then(serde_json::Value::as_array)
        .map(|keys| keys.iter().filter_map(|k| serde_json::from_value(k.clone()).ok()).collect())
        .unwrap_or_default();
    JwkSet { keys }
}

#[cfg(test)]
mod tests {
    use super::*;
    use aws_lc_rs::rand::SystemRandom;
    use aws_lc_rs::rsa::KeyPair;
    use aws_lc_rs::signature::{KeyPair as _, RSA_PKCS1_SHA256};
    use serde_json::{Value, json};
    use std::sync::LazyLock;

    const CLIENT: &str = "client-123.apps.example";
    const ISSUER: &str = "https://issuer.example";
    const NONCE: &str = "nonce-abc";

    struct TestKey {
        pair: KeyPair,
        kid: &'static str,
    }

    impl TestKey {
        fn new(kid: &'static str) -> Self {
            let pair = KeyPair::generate(aws_lc_rs::rsa::KeySize::Rsa2048).unwrap();
            Self { pair, kid }
        }

        fn jwk(&self) -> Value {
            let public = self.pair.public_key();
            json!({
                "kty": "RSA", "use": "sig", "alg": "RS256", "kid": self.kid,
                "n": URL_SAFE_NO_PAD.encode(public.modulus().big_endian_without_leading_zero()),
                "e": URL_SAFE_NO_PAD.encode(public.exponent().big_endian_without_leading_zero()),
            })
        }

        fn sign(&self, header: &Value, claims: &Value) -> String {
            let input = format!(
                "{}.{}",
                URL_SAFE_NO_PAD.encode(header.to_string()),
                URL_SAFE_NO_PAD.encode(claims.to_string())
            );
            let mut sig = vec![0u8; self.pair.public_modulus_len()];
            self.pair
                .sign(&RSA_PKCS1_SHA256, &SystemRandom::new(), input.as_bytes(), &mut sig)
                .unwrap();
            format!("{input}.{}", URL_SAFE_NO_PAD.encode(sig))
        }

        fn token(&self, claims: &Value) -> String {
            self.sign(&json!({"alg": "RS256", "typ": "JWT", "kid": self.kid}), claims)
        }
    }

    static KEY: LazyLock<TestKey> = LazyLock::new(|| TestKey::new("k1"));
    static OTHER: LazyLock<TestKey> = LazyLock::new(|| TestKey::new("k1"));

    fn keys() -> JwkSet {
        parse_jwks(&json!({"keys": [KEY.jwk(), {"kty": "EC", "crv": "P-999", "kid": "odd"}]}))
    }

    fn now() -> i64 {
        jsonwebtoken::get_current_timestamp() as i64
    }

    fn claims() -> Value {
        json!({
            "iss": ISSUER, "aud": CLIENT, "azp": CLIENT, "sub": "1098",
            "email": "ada@example.com", "email_verified": true,
            "given_name": "Ada", "family_name": "Lovelace", "nonce": NONCE,
            "iat": now(), "exp": now() + 3600,
        })
    }

    fn with(f: impl FnOnce(&mut Value)) -> Value {
        let mut c = claims();
        f(&mut c);
        c
    }

    fn check(token: &str) -> Result<IdClaims, IdTokenError> {
        verify_id_token(
            token,
            &keys(),
            &Expected { client_id: CLIENT, issuer: ISSUER, nonce: NONCE },
        )
    }

    #[test]
    fn a_good_token_gives_the_person() {
        let c = check(&KEY.token(&claims())).unwrap();
        assert_eq!(c.sub, "1098");
        assert_eq!(c.email.as_deref(), Some("ada@example.com"));
        assert!(c.email_verified);
        assert_eq!(c.given_name.as_deref(), Some("Ada"));
        assert_eq!(c.family_name.as_deref(), Some("Lovelace"));
    }

    #[test]
    fn a_token_signed_by_another_key_is_refused() {
        assert_eq!(check(&OTHER.token(&claims())), Err(IdTokenError::BadSignature));
        let unknown = OTHER.sign(&json!({"alg": "RS256", "kid": "k9"}), &claims());
        assert_eq!(check(&unknown), Err(IdTokenError::UnknownKey));
    }

    #[test]
    fn a_tampered_payload_is_refused() {
        let token = KEY.token(&claims());
        let mut parts: Vec<String> = token.split('.').map(str::to_owned).collect();
        parts[1] = URL_SAFE_NO_PAD.encode(with(|c| c["sub"] = json!("someone-else")).to_string());
        assert_eq!(check(&parts.join(".")), Err(IdTokenError::BadSignature));
    }

    #[test]
    fn other_algorithms_are_refused() {
        // "none", and HMAC keyed with something public (the classic key confusion).
        let body = URL_SAFE_NO_PAD.encode(claims().to_string());
        let none = format!("{}.{body}.", URL_SAFE_NO_PAD.encode(r#"{"alg":"none"}"#));
        assert!(check(&none).is_err());
        let hs = jsonwebtoken::encode(
            &jsonwebtoken::Header::new(Algorithm::HS256),
            &claims(),
            &jsonwebtoken::EncodingKey::from_secret(KEY.jwk()["n"].as_str().unwrap().as_bytes()),
        )
        .unwrap();
        assert_eq!(check(&hs), Err(IdTokenError::WrongAlgorithm));
    }

    #[test]
    fn issuer_audience_expiry_and_nonce_are_checked() {
        let cases: Vec<(Value, IdTokenError)> = vec![
            (with(|c| c["iss"] = json!("https://evil.example")), IdTokenError::WrongIssuer),
            (
                with(|c| {
                    c.as_object_mut().unwrap().remove("iss");
                }),
                IdTokenError::WrongIssuer,
            ),
            (with(|c| c["aud"] = json!("another-client")), IdTokenError::WrongAudience),
            (
                with(|c| {
                    c["aud"] = json!([CLIENT, "another-client"]);
                    c["azp"] = json!("another-client");
                }),
                IdTokenError::WrongAudience,
            ),
            (
                with(|c| {
                    c["aud"] = json!([CLIENT, "another-client"]);
                    c.as_object_mut().unwrap().remove("azp");
                }),
                IdTokenError::WrongAudience,
            ),
            (with(|c| c["exp"] = json!(now() - 3600)), IdTokenError::Expired),
            (
                with(|c| {
                    c.as_object_mut().unwrap().remove("exp");
                }),
                IdTokenError::Expired,
            ),
            (with(|c| c["nonce"] = json!("replayed")), IdTokenError::WrongNonce),
            (
                with(|c| {
                    c.as_object_mut().unwrap().remove("nonce");
                }),
                IdTokenError::WrongNonce,
            ),
            (with(|c| c["sub"] = json!(" ")), IdTokenError::MissingSubject),
        ];
        for (claims, want) in cases {
            assert_eq!(check(&KEY.token(&claims)), Err(want), "{claims}");
        }
        assert!(matches!(
            check(&KEY.token(&with(|c| c["iat"] = json!(now() + 3600)))),
            Err(IdTokenError::Malformed(_))
        ));
    }

    #[test]
    fn clock_skew_within_the_leeway_is_tolerated() {
        assert!(check(&KEY.token(&with(|c| c["exp"] = json!(now() - 30)))).is_ok());
    }

    #[test]
    fn googles_bare_issuer_and_string_flags_are_understood() {
        let c = check(&KEY.token(&with(|c| {
            c["iss"] = json!("issuer.example");
            c["aud"] = json!([CLIENT]);
            c["email_verified"] = json!("true");
        })))
        .unwrap();
        assert!(c.email_verified);
        let c = check(&KEY.token(&with(|c| {
            c.as_object_mut().unwrap().remove("email_verified");
        })))
        .unwrap();
        assert!(!c.email_verified, "unverified unless the provider says so");
    }

    #[test]
    fn a_token_without_kid_uses_the_only_signing_key() {
        let token = KEY.sign(&json!({"alg": "RS256"}), &claims());
        assert!(check(&token).is_ok());
        let two = parse_jwks(&json!({"keys": [KEY.jwk(), TestKey::new("k2").jwk()]}));
        let r = verify_id_token(
            &token,
            &two,
            &Expected { client_id: CLIENT, issuer: ISSUER, nonce: NONCE },
        );
        assert_eq!(r, Err(IdTokenError::UnknownKey));
    }

    #[test]
    fn pkce_matches_the_rfc_example() {
        // RFC 7636, appendix B.
        assert_eq!(
            pkce_challenge("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"),
            "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"
        );
        let (a, b) = (random_token(), random_token());
        assert_ne!(a, b);
        assert_eq!(a.len(), 64);
    }

    #[test]
    fn the_authorization_url_carries_every_parameter() {
        let url = authorization_url(
            &"https://idp.example/auth?hd=x".parse().unwrap(),
            CLIENT,
            "https://app.example/cb",
            "st",
            "nn",
            "ch",
        );
        let q: std::collections::HashMap<_, _> = url.query_pairs().into_owned().collect();
        assert_eq!(q["hd"], "x");
        assert_eq!(q["response_type"], "code");
        assert_eq!(q["client_id"], CLIENT);
        assert_eq!(q["redirect_uri"], "https://app.example/cb");
        assert_eq!(q["scope"], "openid email profile");
        assert_eq!((q["state"].as_str(), q["nonce"].as_str()), ("st", "nn"));
        assert_eq!(
            (q["code_challenge"].as_str(), q["code_challenge_method"].as_str()),
            ("ch", "S256")
        );
    }
}
