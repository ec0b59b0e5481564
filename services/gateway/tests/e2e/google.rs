//! Google sign-up/sign-in through the gateway, against the fake provider of `fake_google`,
//! walked step by step the way a browser window does: start, consent, callback.

use crate::fake_google::{CLIENT_ID, fake_google};
use crate::helpers::*;
use base64::Engine;
use reqwest::header::{ACCEPT, COOKIE, HeaderMap, LOCATION, SET_COOKIE};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use std::collections::HashMap;

const HTML: &str = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
const FAILED: &str = "Google signup failed. Please try again.";

/// A browser that does not follow redirects, so each step can be looked at.
fn browser() -> reqwest::Client {
    reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .timeout(std::time::Duration::from_secs(20))
        .build()
        .expect("client")
}

fn query(url: &url::Url) -> HashMap<String, String> {
    url.query_pairs().into_owned().collect()
}

struct Started {
    /// The provider's authorization URL.
    location: url::Url,
    /// `name=value` of the state cookie.
    cookie: String,
    set_cookie: String,
}

impl Started {
    fn state(&self) -> String {
        query(&self.location)["state"].clone()
    }
}

/// `GET /v1/users/auth/google{query}`: must redirect to the provider and set the state cookie.
async fn start(query_string: &str) -> Started {
    let r = browser()
        .get(format!("{}/v1/users/auth/google{query_string}", stack().base))
        .header(ACCEPT, HTML)
        .send()
        .await
        .expect("start");
    let status = r.status().as_u16();
    let headers = r.headers().clone();
    assert_eq!(status, 302, "{}", r.text().await.unwrap_or_default());
    let location: url::Url =
        headers[LOCATION].to_str().unwrap().parse().expect("absolute Location");
    let set_cookie = headers[SET_COOKIE].to_str().unwrap().to_owned();
    let cookie = set_cookie.split(';').next().unwrap().to_owned();
    Started { location, cookie, set_cookie }
}

/// The person consents at the provider as the account `who` describes; answers the callback
/// URL the provider redirects to.
async fn consent(started: &Started, who: &[(&str, &str)]) -> url::Url {
    let mut url = started.location.clone();
    url.query_pairs_mut().extend_pairs(who);
    let r = browser().get(url).send().await.expect("authorize");
    assert_eq!(r.status().as_u16(), 302, "{}", r.text().await.unwrap_or_default());
    r.headers()[LOCATION].to_str().unwrap().parse().expect("callback URL")
}

struct Finished {
    status: u16,
    headers: HeaderMap,
    body: String,
}

impl Finished {
    /// The session the success page writes to localStorage.
    fn session(&self) -> Value {
        let start = r#"<script type="application/json" id="upcar-session">"#;
        let from = self.body.find(start).unwrap_or_else(|| panic!("no session: {}", self.body));
        let rest = &self.body[from + start.len()..];
        serde_json::from_str(&rest[..rest.find("</script>").unwrap()]).expect("session JSON")
    }

    fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or_else(|_| panic!("not JSON: {}", self.body))
    }
}

/// The provider's redirect arriving at the gateway, with the browser's cookie.
async fn callback(url: &url::Url, cookie: Option<&str>, html: bool) -> Finished {
    let mut req = browser().get(url.clone());
    if html {
        req = req.header(ACCEPT, HTML);
    }
    if let Some(c) = cookie {
        req = req.header(COOKIE, c);
    }
    let r = req.send().await.expect("callback");
    let status = r.status().as_u16();
    let headers = r.headers().clone();
    Finished { status, headers, body: r.text().await.expect("body") }
}

/// The whole window: start, consent as `who`, callback in a browser.
async fn sign_in(query_string: &str, who: &[(&str, &str)]) -> Finished {
    let started = start(query_string).await;
    let back = consent(&started, who).await;
    callback(&back, Some(&started.cookie), true).await
}

fn google_account() -> (String, String) {
    let id = uuid::Uuid::now_v7().simple().to_string();
    (format!("g-{id}"), format!("google-{id}@example.com"))
}

#[tokio::test]
async fn the_start_route_redirects_to_the_provider_with_state_and_pkce() {
    let s = start("?signUpCode=DEMO-INVITE&nextPage=%2Ftrips").await;
    assert!(
        s.location.as_str().starts_with(&format!("{}/authorize?", fake_google().base)),
        "{}",
        s.location
    );
    let q = query(&s.location);
    assert_eq!(q["response_type"], "code");
    assert_eq!(q["client_id"], CLIENT_ID);
    assert_eq!(q["scope"], "openid email profile");
    assert_eq!(q["redirect_uri"], format!("{}/v1/users/auth/google/callback", stack().base));
    assert_eq!(q["code_challenge_method"], "S256");
    assert_eq!(q["code_challenge"].len(), 43);
    assert_eq!(q["state"].len(), 64);
    assert!(!q["nonce"].is_empty() && q["nonce"] != q["state"]);
    // The state is bound to this browser by a short-lived cookie scripts cannot read.
    assert_eq!(s.cookie, format!("upcar_google_state={}", q["state"]));
    for attribute in ["HttpOnly", "SameSite=Lax", "Max-Age=600", "Path=/v1/users/auth/google"] {
        assert!(s.set_cookie.contains(attribute), "{}", s.set_cookie);
    }
    // Each start is a fresh request.
    let again = start("").await;
    assert_ne!(again.state(), s.state());
    assert_ne!(query(&again.location)["code_challenge"], q["code_challenge"]);
}

#[tokio::test]
async fn google_sign_up_with_an_invitation_code_creates_a_verified_user_and_stores_the_session() {
    let (sub, email) = google_account();
    let started = start("?signUpCode=demo-invite&nextPage=%2Ftrips%3Ftab%3D1").await;
    let back = consent(
        &started,
        &[
            ("sub", &sub),
            ("email", &email),
            ("given_name", "Katherine"),
            ("family_name", "Johnson"),
        ],
    )
    .await;
    let page = callback(&back, Some(&started.cookie), true).await;
    assert_eq!(page.status, 200, "{}", page.body);
    assert!(page.headers["content-type"].to_str().unwrap().starts_with("text/html"));
    assert_eq!(page.headers["cache-control"], "no-store");
    // The page writes both localStorage keys and runs no other script than its own.
    assert!(page.body.contains(r#"localStorage.setItem("token", s.token)"#));
    assert!(page.body.contains(r#"localStorage.setItem("user", JSON.stringify(s.user))"#));
    assert!(!page.body.contains(" src="), "no external script");
    let csp = page.headers["content-security-policy"].to_str().unwrap().to_owned();
    let script_start = page.body.find("<script>").unwrap() + "<script>".len();
    let script = &page.body[script_start..][..page.body[script_start..].find("</script>").unwrap()];
    let hash = base64::engine::general_purpose::STANDARD.encode(Sha256::digest(script));
    assert!(csp.contains(&format!("script-src 'sha256-{hash}'")), "{csp}");
    assert!(csp.contains("default-src 'none'") && !csp.contains("unsafe-inline"), "{csp}");
    // The state cookie is cleared.
    assert!(
        page.headers.get_all(SET_COOKIE).iter().any(|v| v.to_str().unwrap().contains("Max-Age=0"))
    );
    let session = page.session();
    assert_eq!(session["next"], "/trips?tab=1");
    let user = &session["user"];
    assert_eq!(user["email"], email.as_str());
    assert_eq!(user["firstName"], "Katherine");
    assert_eq!(user["lastName"], "Johnson");
    assert_eq!(user["emailVerify"], true);
    assert_eq!(user["preBookVerifNeededFields"]["emailVerified"], true);
    assert_eq!(user["signUpCode"], "DEMO-INVITE");
    // The token is a working session for that user.
    let token = session["token"].as_str().unwrap();
    let (s, b) = parts(post("/v1/users/verifyToken", json!({"token": token}), None).await).await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(b["user"]["_id"], user["_id"]);
    // The account has no password to guess.
    let (s, _) = parts(
        post("/v1/users/login", json!({"email": email, "password": "anything1"}), None).await,
    )
    .await;
    assert_eq!(s, 401);
    // The same callback URL does not work twice.
    let replay = callback(&back, Some(&started.cookie), false).await;
    assert_eq!(
        (replay.status, replay.json()["error"].clone()),
        (400, json!("oauth_state_invalid"))
    );
}

#[tokio::test]
async fn a_second_google_sign_in_logs_into_the_same_user_without_a_code() {
    let (sub, email) = google_account();
    let first = sign_in("?signUpCode=DEMO-INVITE", &[("sub", &sub), ("email", &email)]).await;
    assert_eq!(first.status, 200, "{}", first.body);
    let id = first.session()["user"]["_id"].clone();
    // Later, from the login page: no code, and the account's email has changed at Google.
    let other_email = unique_email();
    let started = start("").await;
    let back = consent(&started, &[("sub", &sub), ("email", &other_email)]).await;
    let again = callback(&back, Some(&started.cookie), false).await;
    assert_eq!(again.status, 200, "{}", again.body);
    let body = again.json();
    assert_eq!(body["user"]["_id"], id);
    assert_eq!(body["created"], false);
    assert_eq!(body["message"], "Login successful");
    assert_eq!(body["nextPage"], "/");
    assert!(body["access_token"].as_str().is_some_and(|t| !t.is_empty()));
}

/// Proves the account's email with a code, as the verification box does.
async fn verify_email(u: &NewUser) {
    let (s, b) = parts(
        post(
            "/v1/users/sendEmail",
            json!({"email": u.email, "firstName": "Ada", "userId": u.id}),
            Some(&u.token),
        )
        .await,
    )
    .await;
    assert_eq!(s, 200, "{b}");
    let code = latest_code(&u.email).await;
    let (s, b) = parts(
        post("/v1/users/login/otp", json!({"userId": u.id, "otp": code, "otpType": "email"}), None)
            .await,
    )
    .await;
    assert_eq!(s, 200, "{b}");
}

#[tokio::test]
async fn an_existing_password_account_with_the_same_verified_email_is_linked() {
    let u = sign_up().await;
    let (sub, _) = google_account();
    // While the address is unproven here, Google cannot take the account over.
    let blocked = sign_in("", &[("sub", &sub), ("email", &u.email)]).await;
    assert_eq!(blocked.status, 409, "{}", blocked.body);
    assert!(blocked.body.contains(FAILED));
    assert!(blocked.body.contains("account_email_unverified"));
    verify_email(&u).await;
    let linked = sign_in("", &[("sub", &sub), ("email", &u.email.to_uppercase())]).await;
    assert_eq!(linked.status, 200, "{}", linked.body);
    assert_eq!(linked.session()["user"]["_id"], u.id.as_str());
    // The password still works, and the Google account now signs in by its id alone.
    let (s, _) = parts(
        post("/v1/users/login", json!({"email": u.email, "password": u.password}), None).await,
    )
    .await;
    assert_eq!(s, 200);
    let again = sign_in("", &[("sub", &sub), ("email", &unique_email())]).await;
    assert_eq!(again.session()["user"]["_id"], u.id.as_str());
    // Another Google account with the same email is not silently swapped in.
    let (other_sub, _) = google_account();
    let conflict = sign_in("", &[("sub", &other_sub), ("email", &u.email)]).await;
    assert_eq!(conflict.status, 409, "{}", conflict.body);
    assert!(conflict.body.contains("google_account_conflict"));
}

#[tokio::test]
async fn a_new_google_account_needs_a_valid_invitation_code() {
    let (sub, email) = google_account();
    let who = [("sub", sub.as_str()), ("email", email.as_str())];
    for (query_string, message) in [
        ("", "Invitation code is required"),
        ("?signUpCode=", "Invitation code is required"),
        ("?signUpCode=NOPE-CODE", "Invalid invitation code"),
    ] {
        let page = sign_in(query_string, &who).await;
        assert_eq!(page.status, 400, "{query_string}: {}", page.body);
        assert!(page.headers["content-type"].to_str().unwrap().starts_with("text/html"));
        assert!(page.body.contains(FAILED), "{}", page.body);
        assert!(page.body.contains(message), "{}", page.body);
        assert!(!page.body.contains("localStorage"));
    }
    // A client that does not ask for HTML gets the JSON error.
    let started = start("").await;
    let back = consent(&started, &who).await;
    let answer = callback(&back, Some(&started.cookie), false).await;
    assert_eq!(answer.status, 400);
    assert_eq!(
        answer.json(),
        json!({"error": "invitation_code_required", "message": "Invitation code is required"})
    );
    // Nothing was created: the same account still signs up with a code.
    let created = sign_in("?invitationCode=DEMO-INVITE", &who).await;
    assert_eq!(created.status, 200, "{}", created.body);
}

#[tokio::test]
async fn explicitly_refused_terms_stop_the_sign_up_before_the_provider() {
    let r = browser()
        .get(format!(
            "{}/v1/users/auth/google?signUpCode=DEMO-INVITE&termsAccepted=false",
            stack().base
        ))
        .send()
        .await
        .unwrap();
    let (s, b) = parts(r).await;
    assert_eq!((s, b["error"].as_str()), (400, Some("terms_not_accepted")));
}

#[tokio::test]
async fn a_tampered_missing_or_unknown_state_is_refused() {
    let (sub, email) = google_account();
    let who = [("sub", sub.as_str()), ("email", email.as_str())];
    let started = start("?signUpCode=DEMO-INVITE").await;
    let back = consent(&started, &who).await;
    let with_state = |state: &str| {
        let mut url = back.clone();
        let pairs: Vec<(String, String)> = url
            .query_pairs()
            .into_owned()
            .map(|(k, v)| if k == "state" { (k, state.to_owned()) } else { (k, v) })
            .collect();
        url.query_pairs_mut().clear().extend_pairs(pairs);
        url
    };
    let st = started.state();
    let tampered = format!("{}{}", &st[..63], if st.ends_with('0') { "1" } else { "0" });
    let unknown = "ab".repeat(32);
    for (url, cookie) in [
        // Another state than the browser's cookie.
        (with_state(&tampered), started.cookie.clone()),
        // A state and cookie that agree but were never issued.
        (with_state(&unknown), format!("upcar_google_state={unknown}")),
        (with_state(&tampered), format!("upcar_google_state={tampered}")),
        // No cookie: another browser than the one that started.
        (back.clone(), String::new()),
        (with_state(""), String::new()),
    ] {
        let cookie = (!cookie.is_empty()).then_some(cookie.as_str());
        let answer = callback(&url, cookie, false).await;
        assert_eq!(answer.status, 400, "{url}: {}", answer.body);
        assert_eq!(answer.json()["error"], "oauth_state_invalid");
        let page = callback(&url, cookie, true).await;
        assert_eq!(page.status, 400);
        assert!(page.body.contains(FAILED));
    }
    // The untouched request still completes: the refusals consumed nothing.
    let ok = callback(&back, Some(&started.cookie), true).await;
    assert_eq!(ok.status, 200, "{}", ok.body);
}

#[tokio::test]
async fn forged_id_tokens_are_refused() {
    let (sub, email) = google_account();
    for forge in ["wrong_key", "wrong_aud", "wrong_nonce", "wrong_iss", "expired"] {
        let started = start("?signUpCode=DEMO-INVITE").await;
        let back = consent(&started, &[("sub", &sub), ("email", &email), ("forge", forge)]).await;
        let answer = callback(&back, Some(&started.cookie), false).await;
        assert_eq!(answer.status, 400, "{forge}: {}", answer.body);
        assert_eq!(answer.json()["error"], "google_token_invalid", "{forge}");
    }
    // None of them created the account.
    let page = sign_in("?signUpCode=DEMO-INVITE", &[("sub", &sub), ("email", &email)]).await;
    assert_eq!(page.status, 200, "{}", page.body);
    let (s, b) =
        parts(post("/v1/users/verifyToken", json!({"token": page.session()["token"]}), None).await)
            .await;
    assert_eq!((s, b["user"]["email"].as_str()), (200, Some(email.as_str())));
}

#[tokio::test]
async fn a_used_or_made_up_code_is_refused() {
    let (sub, email) = google_account();
    let who = [("sub", sub.as_str()), ("email", email.as_str())];
    let first = start("?signUpCode=DEMO-INVITE").await;
    let first_back = consent(&first, &who).await;
    assert_eq!(callback(&first_back, Some(&first.cookie), true).await.status, 200);
    let used_code = query(&first_back)["code"].clone();
    for code in [used_code.as_str(), "made-up-code", ""] {
        let started = start("").await;
        let mut url: url::Url =
            format!("{}/v1/users/auth/google/callback", stack().base).parse().unwrap();
        url.query_pairs_mut().append_pair("code", code).append_pair("state", &started.state());
        let answer = callback(&url, Some(&started.cookie), false).await;
        assert_eq!(answer.status, 400, "{code}: {}", answer.body);
        assert_eq!(answer.json()["error"], "google_code_invalid");
    }
}

#[tokio::test]
async fn an_unverified_google_email_does_not_create_an_account() {
    let (sub, email) = google_account();
    let page = sign_in(
        "?signUpCode=DEMO-INVITE",
        &[("sub", &sub), ("email", &email), ("email_verified", "false")],
    )
    .await;
    assert_eq!(page.status, 400, "{}", page.body);
    assert!(page.body.contains("google_email_unverified"));
}

#[tokio::test]
async fn refusing_consent_at_the_provider_shows_the_failure_page() {
    let started = start("?signUpCode=DEMO-INVITE").await;
    let back = consent(&started, &[("deny", "1")]).await;
    assert_eq!(query(&back)["error"], "access_denied");
    let page = callback(&back, Some(&started.cookie), true).await;
    assert_eq!(page.status, 400);
    assert!(page.body.contains(FAILED));
    assert!(page.body.contains("google_sign_in_cancelled"));
}

#[tokio::test]
async fn next_page_only_ever_leads_to_this_site() {
    for (next, want) in [
        ("//evil.com", "/"),
        ("https://evil.com/x", "/"),
        ("/\\evil.com", "/"),
        ("javascript:alert(1)", "/"),
        ("/search?city=Fremont", "/search?city=Fremont"),
    ] {
        let (sub, email) = google_account();
        let mut q = url::form_urlencoded::Serializer::new(String::new());
        q.append_pair("signUpCode", "DEMO-INVITE").append_pair("nextPage", next);
        let page = sign_in(&format!("?{}", q.finish()), &[("sub", &sub), ("email", &email)]).await;
        assert_eq!(page.status, 200, "{}", page.body);
        assert_eq!(page.session()["next"], want, "{next}");
    }
}

#[tokio::test]
async fn without_a_google_client_the_start_route_answers_503_json() {
    let accounts = spawn_accounts_with(false);
    let bare =
        crate::helpers::start(upcar_config::Environment::Development, 10_000, Some(accounts), None);
    let (s, b) = parts(
        get_when_up(&format!("{}/v1/users/auth/google?signUpCode=DEMO-INVITE", bare.base)).await,
    )
    .await;
    assert_eq!(s, 503, "{b}");
    assert_eq!(
        b,
        json!({"error": "google_not_configured", "message": "Google sign-in is not available right now."})
    );
}
