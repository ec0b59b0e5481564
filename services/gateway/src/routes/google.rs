//! `GET /v1/users/auth/google` and its callback: Google sign-up/sign-in (spec 002: "opens in a
//! new window; the token is then read from browser storage").
//!
//! The start route asks accounts for the provider's authorization URL (accounts keeps the PKCE
//! verifier and nonce under a one-time `state`), binds that state to the browser with a
//! short-lived cookie and redirects. The callback checks the cookie against the returned state
//! (no login CSRF), hands state and code to accounts, and answers a small page that writes
//! `token` and `user` to `localStorage`, then closes the window or opens `nextPage`.
//!
//! Browsers (`Accept: text/html`) get HTML pages, failures included ("Google signup failed.
//! Please try again."); other clients get the usual JSON answers.

use crate::answers::{Session, User};
use crate::error::{GatewayError, HttpError};
use crate::grpc::request;
use crate::rate_limit::{self, Bucket};
use crate::state::AppState;
use crate::wire::{Text, from_query};
use actix_web::http::StatusCode;
use actix_web::http::header::{self, HeaderValue};
use actix_web::{HttpRequest, HttpResponse, ResponseError, get, web};
use base64::Engine;
use serde::{Deserialize, Serialize};
use serde_json::json;
use sha2::{Digest, Sha256};
use std::sync::LazyLock;
use upcar_proto::accounts as pb;
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;

type State = web::Data<AppState>;

/// Path of the callback, registered with the provider as `{public_base_url}` + this.
pub const CALLBACK_PATH: &str = "/v1/users/auth/google/callback";
/// Cookie binding a started sign-in to the browser that started it.
pub const STATE_COOKIE: &str = "upcar_google_state";
const COOKIE_PATH: &str = "/v1/users/auth/google";
/// As long as accounts keeps the state.
const COOKIE_MAX_AGE_SECS: u32 = 600;
/// The spec's text for any failure.
pub const FAILED: &str = "Google signup failed. Please try again.";

/// The only script of the success page. It reads the session from the inert JSON block, so
/// its text (and the hash the CSP allows) never changes.
const SESSION_SCRIPT: &str = r#"(function () {
  var s = JSON.parse(document.getElementById("upcar-session").textContent);
  try {
    localStorage.setItem("token", s.token);
    localStorage.setItem("user", JSON.stringify(s.user));
  } catch (e) {}
  try { window.close(); } catch (e) {}
  setTimeout(function () { window.location.replace(s.next); }, 300);
})();"#;

/// `Content-Security-Policy` of the pages: nothing loads, nothing runs, no framing...
const FAILURE_CSP: &str =
    "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
/// ...except that the success page may run [`SESSION_SCRIPT`], allowed by its hash.
static SUCCESS_CSP: LazyLock<String> = LazyLock::new(|| {
    let hash = base64::engine::general_purpose::STANDARD.encode(Sha256::digest(SESSION_SCRIPT));
    format!("{FAILURE_CSP}; script-src 'sha256-{hash}'")
});

/// Registers this module's routes.
pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(start).service(callback);
}

/// How a Google sign-in starts.
#[derive(Debug, Deserialize, Default, IntoParams)]
#[serde(default, rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct StartQuery {
    /// The invitation code (needed only when the Google account is new to Upcar).
    #[serde(alias = "invitationCode", alias = "code")]
    sign_up_code: Text,
    /// The page of this site to open after signing in.
    next_page: Text,
    /// Absent or empty leaves it to the form; `false` or `0` refuses.
    terms_accepted: Text,
}

/// The provider's answer.
#[derive(Debug, Deserialize, Default, IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct CallbackQuery {
    code: Text,
    state: Text,
    error: Text,
}

/// A Google session, for a client that asked for JSON.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GoogleSession {
    #[serde(flatten)]
    session: Session,
    next_page: String,
    /// Whether the account was created by this sign-in.
    created: bool,
}

/// True for a browser navigation (which asks for HTML).
fn wants_html(req: &HttpRequest) -> bool {
    req.headers()
        .get_all(header::ACCEPT)
        .filter_map(|v| v.to_str().ok())
        .any(|v| v.to_ascii_lowercase().contains("text/html"))
}

/// `nextPage` if it is a path on this site (`/` followed by anything but a second slash or a
/// backslash, which browsers read as another host), else `/`.
pub fn safe_next_page(next: &str) -> String {
    let ok = next.starts_with('/')
        && !next.starts_with("//")
        && !next.contains('\\')
        && next.len() <= 2048
        && !next.chars().any(char::is_control);
    if ok { next.to_owned() } else { "/".to_owned() }
}

/// `termsAccepted`: empty leaves it to the form; `false`/`0` refuses.
fn terms(v: &str) -> Option<bool> {
    match v {
        "" => None,
        v => Some(!(v.eq_ignore_ascii_case("false") || v == "0")),
    }
}

fn callback_url(public_base_url: &str) -> String {
    format!("{}{CALLBACK_PATH}", public_base_url.trim_end_matches('/'))
}

fn secure_cookies(state: &AppState) -> bool {
    state.settings.files.public_base_url.starts_with("https://")
}

fn state_cookie(value: &str, max_age: u32, secure: bool) -> String {
    format!(
        "{STATE_COOKIE}={value}; Path={COOKIE_PATH}; Max-Age={max_age}; HttpOnly; SameSite=Lax{}",
        if secure { "; Secure" } else { "" }
    )
}

/// The value of a request cookie.
fn cookie(req: &HttpRequest, name: &str) -> Option<String> {
    req.headers()
        .get_all(header::COOKIE)
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v.trim_matches('"').to_owned())
}

/// Escapes text for HTML element content and attribute values.
fn escape_html(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            _ => out.push(c),
        }
    }
    out
}

/// JSON that is safe inside a `<script>` element: `<`, `>` and `&` (which can only occur in
/// strings) become `\u` escapes, so no `</script>` can close the element early.
fn script_json(v: &serde_json::Value) -> String {
    v.to_string().replace('<', "\\u003c").replace('>', "\\u003e").replace('&', "\\u0026")
}

/// Headers every page of the flow carries.
fn page(status: StatusCode, csp: &str, body: String) -> HttpResponse {
    HttpResponse::build(status)
        .content_type("text/html; charset=utf-8")
        .insert_header((header::CONTENT_SECURITY_POLICY, csp))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .insert_header((header::REFERRER_POLICY, "no-referrer"))
        .insert_header((header::X_CONTENT_TYPE_OPTIONS, "nosniff"))
        .body(body)
}

fn success_page(session: &pb::AuthReply, next: &str) -> HttpResponse {
    let data = json!({
        "token": session.access_token,
        "user": session.user.as_ref().map(User::from),
        "next": safe_next_page(next),
    });
    let body = format!(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Signing you in</title></head>\
         <body><p>Signing you in&hellip;</p>\
         <script type=\"application/json\" id=\"upcar-session\">{}</script>\
         <script>{SESSION_SCRIPT}</script></body></html>\n",
        script_json(&data)
    );
    page(StatusCode::OK, &SUCCESS_CSP, body)
}

fn failure_page(err: &HttpError) -> HttpResponse {
    let body = format!(
        "<!doctype html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>Google signup failed</title></head><body>\
         <h1>{}</h1><p id=\"reason\" data-error=\"{}\">{}</p><p><a href=\"/\">Back to Upcar</a></p>\
         </body></html>\n",
        escape_html(FAILED),
        escape_html(&err.0.code),
        escape_html(&err.0.message),
    );
    page(err.status_code(), FAILURE_CSP, body)
}

/// A failure as the client wants it: the page for a browser, the JSON error otherwise.
fn failure(req: &HttpRequest, err: &HttpError) -> HttpResponse {
    if wants_html(req) { failure_page(err) } else { err.error_response() }
}

fn state_invalid() -> HttpError {
    GatewayError::OauthStateInvalid.into()
}

/// Google sign-up/sign-in in a new window: 302 to the provider.
#[utoipa::path(tag = "accounts", params(StartQuery), responses((status = 302, description = "To the provider's sign-in page")))]
#[get("/users/auth/google")]
pub async fn start(state: State, req: HttpRequest) -> HttpResponse {
    match start_flow(&state, &req).await {
        Ok(r) => r,
        Err(e) => failure(&req, &e),
    }
}

async fn start_flow(state: &AppState, req: &HttpRequest) -> Result<HttpResponse, HttpError> {
    rate_limit::check(state, req, Bucket::Login).await?;
    let q: StartQuery = from_query(req.query_string())?;
    let next = if q.next_page.is_empty() { "/" } else { q.next_page.as_str() };
    let msg = pb::StartGoogleSignInRequest {
        sign_up_code: q.sign_up_code.into(),
        redirect_uri: callback_url(&state.settings.files.public_base_url),
        next_page: safe_next_page(next),
        terms_accepted: terms(q.terms_accepted.as_str()),
    };
    let r = state.accounts.clone().start_google_sign_in(request(msg, None)).await?.into_inner();
    let location = HeaderValue::from_str(&r.authorization_url).map_err(HttpError::internal)?;
    Ok(HttpResponse::Found()
        .insert_header((header::LOCATION, location))
        .insert_header((
            header::SET_COOKIE,
            state_cookie(&r.state, COOKIE_MAX_AGE_SECS, secure_cookies(state)),
        ))
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .insert_header((header::REFERRER_POLICY, "no-referrer"))
        .finish())
}

/// The provider's redirect: a page storing token and user in localStorage (JSON unless
/// Accept has text/html).
#[utoipa::path(tag = "accounts", params(CallbackQuery), responses((status = 200, body = GoogleSession, description = "The session (a page that stores it, for a browser)")))]
#[get("/users/auth/google/callback")]
pub async fn callback(state: State, req: HttpRequest) -> HttpResponse {
    let mut res = match callback_flow(&state, &req).await {
        Ok(pb::GoogleSignInReply { session: Some(session), next_page, created }) => {
            if wants_html(&req) {
                success_page(&session, &next_page)
            } else {
                let body = GoogleSession {
                    session: Session::from(&session),
                    next_page: safe_next_page(&next_page),
                    created,
                };
                HttpResponse::Ok().insert_header((header::CACHE_CONTROL, "no-store")).json(body)
            }
        }
        Ok(_) => failure(&req, &HttpError::internal("Google sign-in reply without a session")),
        Err(e) => failure(&req, &e),
    };
    // The state is single use whatever happened.
    if let Ok(v) = HeaderValue::from_str(&state_cookie("", 0, secure_cookies(&state))) {
        res.headers_mut().append(header::SET_COOKIE, v);
    }
    res
}

async fn callback_flow(
    state: &AppState,
    req: &HttpRequest,
) -> Result<pb::GoogleSignInReply, HttpError> {
    rate_limit::check(state, req, Bucket::Login).await?;
    let q: CallbackQuery = from_query(req.query_string())?;
    if !q.error.is_empty() {
        return Err(if q.error.as_str() == "access_denied" {
            GatewayError::GoogleSignInCancelled.into()
        } else {
            GatewayError::GoogleSignInFailed.into()
        });
    }
    let st = String::from(q.state);
    // Only the browser that started the sign-in may finish it.
    if st.is_empty() || cookie(req, STATE_COOKIE).as_deref() != Some(st.as_str()) {
        return Err(state_invalid());
    }
    let msg = pb::GoogleSignInRequest { state: st, code: q.code.into() };
    Ok(state.accounts.clone().google_sign_in(request(msg, None)).await?.into_inner())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn next_page_stays_on_this_site() {
        for ok in ["/", "/trips", "/search?city=Fremont&x=/y", "/car/1#photos"] {
            assert_eq!(safe_next_page(ok), ok);
        }
        for bad in [
            "",
            "//evil.com",
            "///evil.com",
            "/\\evil.com",
            "https://evil.com",
            "javascript:alert(1)",
            "evil.com/path",
            "/a\nb",
            "\t/x",
        ] {
            assert_eq!(safe_next_page(bad), "/", "{bad:?}");
        }
        assert_eq!(safe_next_page(&format!("/{}", "a".repeat(3000))), "/");
    }

    #[test]
    fn session_json_cannot_close_the_script_element() {
        let v = json!({"name": "</script><script>alert(1)</script>&"});
        let s = script_json(&v);
        assert!(!s.contains('<') && !s.contains('>') && !s.contains('&'));
        assert_eq!(serde_json::from_str::<serde_json::Value>(&s).unwrap(), v);
    }

    #[test]
    fn the_csp_allows_exactly_the_page_script() {
        let hash = base64::engine::general_purpose::STANDARD.encode(Sha256::digest(SESSION_SCRIPT));
        assert!(SUCCESS_CSP.contains(&format!("script-src 'sha256-{hash}'")));
        assert!(!SUCCESS_CSP.contains("unsafe"));
    }

    #[test]
    fn terms_are_refused_only_explicitly() {
        assert_eq!(terms(""), None);
        assert_eq!(terms("false"), Some(false));
        assert_eq!(terms("0"), Some(false));
        assert_eq!(terms("true"), Some(true));
    }

    #[test]
    fn failure_pages_escape_the_reason() {
        let err = HttpError::from(GatewayError::InvalidBody("<img src=x onerror=alert(1)>".into()));
        let res = failure_page(&err);
        assert_eq!(res.status(), StatusCode::BAD_REQUEST);
        let body = actix_web::body::to_bytes(res.into_body());
        let body = futures::executor::block_on(body).unwrap();
        let text = String::from_utf8(body.to_vec()).unwrap();
        assert!(text.contains(FAILED));
        assert!(text.contains("&lt;img") && !text.contains("<img"));
    }
}
