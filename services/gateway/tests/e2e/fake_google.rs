//! A local OpenID Connect provider standing in for Google, on a free loopback port.
//!
//! - `GET /authorize` consents at once and redirects back with a code and the state. The test,
//!   playing the person at the consent screen, picks the account with extra query parameters
//!   (`sub`, `email`, `email_verified`, `given_name`, `family_name`), can refuse (`deny=1`) or
//!   ask for a forged ID token (`forge=wrong_key|wrong_aud|wrong_nonce|wrong_iss|expired`).
//! - `POST /token` checks the client id and secret, the code (single use), the redirect URI and
//!   the PKCE verifier against the challenge, then answers an ID token signed RS256.
//! - `GET /jwks` publishes the signing key.
//!
//! The RSA keys are generated when the provider starts; none is stored in the repository.

use actix_web::{App, HttpResponse, HttpServer, web};
use aws_lc_rs::rand::SystemRandom;
use aws_lc_rs::rsa::{KeyPair, KeySize};
use aws_lc_rs::signature::{KeyPair as _, RSA_PKCS1_SHA256};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use std::collections::HashMap;
use std::sync::{Mutex, OnceLock};

pub const CLIENT_ID: &str = "upcar-e2e.apps.example";
pub const CLIENT_SECRET: &str = "e2e-only-client-secret";
const KID: &str = "fake-google-1";

/// The running provider.
pub struct FakeGoogle {
    pub base: String,
}

impl FakeGoogle {
    /// The provider's issuer identifier.
    pub fn issuer(&self) -> String {
        self.base.clone()
    }

    /// Accounts settings pointing at this provider.
    pub fn accounts_settings(&self) -> accounts::config::GoogleSettings {
        accounts::config::GoogleSettings {
            client_id: CLIENT_ID.to_owned(),
            client_secret: CLIENT_SECRET.to_owned().into(),
            authorization_endpoint: format!("{}/authorize", self.base),
            token_endpoint: format!("{}/token", self.base),
            jwks_uri: format!("{}/jwks", self.base),
            issuer: self.issuer(),
            timeout_secs: 10,
        }
    }
}

/// What the person consented to, remembered under the code.
struct Grant {
    redirect_uri: String,
    challenge: String,
    nonce: String,
    claims: Value,
    forge: String,
}

struct Provider {
    issuer: String,
    key: KeyPair,
    /// Signs "wrong_key" forgeries under the real key's id.
    impostor: KeyPair,
    grants: Mutex<HashMap<String, Grant>>,
}

static FAKE: OnceLock<FakeGoogle> = OnceLock::new();

/// The provider, started on first use and shared by the tests of this binary.
pub fn fake_google() -> &'static FakeGoogle {
    FAKE.get_or_init(start)
}

fn start() -> FakeGoogle {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind fake provider");
    let base = format!("http://127.0.0.1:{}", listener.local_addr().expect("addr").port());
    let provider = web::Data::new(Provider {
        issuer: base.clone(),
        key: KeyPair::generate(KeySize::Rsa2048).expect("rsa key"),
        impostor: KeyPair::generate(KeySize::Rsa2048).expect("rsa key"),
        grants: Mutex::new(HashMap::new()),
    });
    std::thread::spawn(move || {
        actix_web::rt::System::new().block_on(async move {
            let server = HttpServer::new(move || {
                App::new()
                    .app_data(provider.clone())
                    .route("/authorize", web::get().to(authorize))
                    .route("/token", web::post().to(token))
                    .route("/jwks", web::get().to(jwks))
            })
            .workers(2)
            .listen(listener)
            .expect("listen")
            .run();
            let _ = server.await;
        })
    });
    FakeGoogle { base }
}

fn b64(bytes: impl AsRef<[u8]>) -> String {
    URL_SAFE_NO_PAD.encode(bytes)
}

fn jwk(key: &KeyPair) -> Value {
    let public = key.public_key();
    json!({
        "kty": "RSA", "use": "sig", "alg": "RS256", "kid": KID,
        "n": b64(public.modulus().big_endian_without_leading_zero()),
        "e": b64(public.exponent().big_endian_without_leading_zero()),
    })
}

fn sign(key: &KeyPair, claims: &Value) -> String {
    let header = json!({"alg": "RS256", "kid": KID, "typ": "JWT"});
    let input = format!("{}.{}", b64(header.to_string()), b64(claims.to_string()));
    let mut sig = vec![0u8; key.public_modulus_len()];
    key.sign(&RSA_PKCS1_SHA256, &SystemRandom::new(), input.as_bytes(), &mut sig).expect("sign");
    format!("{input}.{}", b64(sig))
}

fn oauth_error(status: u16, error: &str) -> HttpResponse {
    HttpResponse::build(actix_web::http::StatusCode::from_u16(status).expect("status"))
        .json(json!({"error": error}))
}

fn redirect(to: url::Url) -> HttpResponse {
    HttpResponse::Found().insert_header(("location", to.to_string())).finish()
}

async fn authorize(p: web::Data<Provider>, q: web::Query<HashMap<String, String>>) -> HttpResponse {
    let get = |k: &str| q.get(k).map(String::as_str).unwrap_or("");
    let checks = [
        ("response_type", get("response_type") == "code"),
        ("client_id", get("client_id") == CLIENT_ID),
        ("scope", get("scope").split(' ').any(|s| s == "openid")),
        ("code_challenge_method", get("code_challenge_method") == "S256"),
        ("code_challenge", get("code_challenge").len() == 43),
        ("state", !get("state").is_empty()),
        ("nonce", !get("nonce").is_empty()),
    ];
    if let Some((name, _)) = checks.iter().find(|(_, ok)| !ok) {
        return HttpResponse::BadRequest().body(format!("invalid_request: {name}"));
    }
    let Ok(mut back) = url::Url::parse(get("redirect_uri")) else {
        return HttpResponse::BadRequest().body("invalid_request: redirect_uri");
    };
    if get("deny") == "1" {
        back.query_pairs_mut()
            .append_pair("error", "access_denied")
            .append_pair("state", get("state"));
        return redirect(back);
    }
    let unique = uuid::Uuid::new_v4().simple().to_string();
    let or = |k: &str, default: String| q.get(k).cloned().unwrap_or(default);
    let claims = json!({
        "sub": or("sub", format!("g-{unique}")),
        "email": or("email", format!("google-{unique}@example.com")),
        "email_verified": get("email_verified") != "false",
        "given_name": or("given_name", "Grace".to_owned()),
        "family_name": or("family_name", "Hopper".to_owned()),
        "name": "Grace Hopper",
    });
    let code = format!("code-{}", uuid::Uuid::new_v4().simple());
    p.grants.lock().expect("grants").insert(
        code.clone(),
        Grant {
            redirect_uri: get("redirect_uri").to_owned(),
            challenge: get("code_challenge").to_owned(),
            nonce: get("nonce").to_owned(),
            claims,
            forge: get("forge").to_owned(),
        },
    );
    back.query_pairs_mut().append_pair("code", &code).append_pair("state", get("state"));
    redirect(back)
}

async fn token(p: web::Data<Provider>, form: web::Form<HashMap<String, String>>) -> HttpResponse {
    let get = |k: &str| form.get(k).map(String::as_str).unwrap_or("");
    if get("client_id") != CLIENT_ID || get("client_secret") != CLIENT_SECRET {
        return oauth_error(401, "invalid_client");
    }
    if get("grant_type") != "authorization_code" {
        return oauth_error(400, "unsupported_grant_type");
    }
    // A code works once, whatever the outcome.
    let Some(grant) = p.grants.lock().expect("grants").remove(get("code")) else {
        return oauth_error(400, "invalid_grant");
    };
    if grant.redirect_uri != get("redirect_uri")
        || b64(Sha256::digest(get("code_verifier"))) != grant.challenge
    {
        return oauth_error(400, "invalid_grant");
    }
    let now = chrono::Utc::now().timestamp();
    let mut claims = grant.claims;
    for (k, v) in [
        ("iss", json!(p.issuer)),
        ("aud", json!(CLIENT_ID)),
        ("azp", json!(CLIENT_ID)),
        ("nonce", json!(grant.nonce)),
        ("iat", json!(now)),
        ("exp", json!(now + 3600)),
    ] {
        claims[k] = v;
    }
    let mut key = &p.key;
    match grant.forge.as_str() {
        "wrong_key" => key = &p.impostor,
        "wrong_aud" => {
            claims["aud"] = json!("someone-else.apps.example");
            claims["azp"] = json!("someone-else.apps.example");
        }
        "wrong_nonce" => claims["nonce"] = json!("a-nonce-from-another-request"),
        "wrong_iss" => claims["iss"] = json!("https://issuer.evil.example"),
        "expired" => {
            claims["iat"] = json!(now - 7200);
            claims["exp"] = json!(now - 3600);
        }
        _ => {}
    }
    HttpResponse::Ok().json(json!({
        "access_token": format!("access-{}", uuid::Uuid::new_v4().simple()),
        "token_type": "Bearer",
        "expires_in": 3599,
        "scope": "openid email profile",
        "id_token": sign(key, &claims),
    }))
}

async fn jwks(p: web::Data<Provider>) -> HttpResponse {
    HttpResponse::Ok().json(json!({"keys": [jwk(&p.key)]}))
}
