//! Per-request plumbing: request id, a span parented on the caller's `traceparent`, and
//! metrics by route template.

use crate::state::AppState;
use actix_web::body::MessageBody;
use actix_web::dev::{ServiceRequest, ServiceResponse};
use actix_web::http::header::{HeaderName, HeaderValue};
use actix_web::middleware::Next;
use actix_web::{Error, HttpMessage, web};
use std::collections::HashMap;
use std::time::Instant;
use tracing::Instrument;

/// Header carrying the request id in and out.
pub const REQUEST_ID: &str = "x-request-id";

/// The request id of the current request, as extensions hold it.
#[derive(Clone, Debug)]
pub struct RequestId(pub String);

fn incoming_request_id(req: &ServiceRequest) -> Option<String> {
    let v = req.headers().get(REQUEST_ID)?.to_str().ok()?;
    (!v.is_empty()
        && v.len() <= 128
        && v.chars().all(|c| c.is_ascii_alphanumeric() || "-_.:".contains(c)))
    .then(|| v.to_owned())
}

/// Wraps every request.
pub async fn observe(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, Error> {
    let request_id = incoming_request_id(&req).unwrap_or_else(|| uuid::Uuid::now_v7().to_string());
    req.extensions_mut().insert(RequestId(request_id.clone()));
    let method = req.method().clone();
    let span = tracing::info_span!("http", http.method = %method, http.path = %req.path(), request_id = %request_id, http.status = tracing::field::Empty);
    // A caller's trace context, when it sent one (most requests come without).
    if req.headers().contains_key("traceparent") {
        let carrier: HashMap<String, String> = ["traceparent", "tracestate"]
            .iter()
            .filter_map(|k| Some((k.to_string(), req.headers().get(*k)?.to_str().ok()?.to_owned())))
            .collect();
        upcar_telemetry::set_parent_from_map(&span, &carrier);
    }
    let metrics = req.app_data::<web::Data<AppState>>().map(|s| s.metrics.clone());
    let start = Instant::now();
    let mut res = next.call(req).instrument(span.clone()).await?;
    let status = res.status().as_u16();
    span.record("http.status", status);
    let route = res.request().match_pattern().unwrap_or_else(|| "unmatched".to_owned());
    if let Some(m) = metrics {
        m.observe(method.as_str(), &route, status, start.elapsed().as_secs_f64());
    }
    if let Ok(v) = HeaderValue::from_str(&request_id) {
        res.headers_mut().insert(HeaderName::from_static(REQUEST_ID), v);
    }
    Ok(res)
}

/// Browser caching of the web app: Vite's `/assets/*` files carry a content hash in their
/// name, so they never change (a year, immutable); everything else the app serves (the
/// `index.html` shell) is revalidated on each visit. API answers set their own headers.
pub async fn web_app_caching(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, Error> {
    let app_path = !req.path().starts_with("/v1/")
        && !matches!(req.path(), "/healthz" | "/readyz" | "/metrics");
    let immutable = req.path().starts_with("/assets/");
    let mut res = next.call(req).await?;
    let cache_control = HeaderName::from_static("cache-control");
    if app_path && res.status().is_success() && !res.headers().contains_key(&cache_control) {
        let value = if immutable { "public, max-age=31536000, immutable" } else { "no-cache" };
        res.headers_mut().insert(cache_control, HeaderValue::from_static(value));
    }
    Ok(res)
}

/// The longest request target the API takes (path and query). The longest real one, a search
/// with every filter, is under 1 KiB.
pub const MAX_URI_BYTES: usize = 8 * 1024;

/// The web app's Content-Security-Policy: the app has no inline scripts and loads everything
/// from this origin (map tiles and styles too, unless a Mapbox token is configured, whose
/// hosts are then allowed), and images also from the files' origin when files are served from
/// elsewhere (a bucket or CDN: `files_origin`); nothing may frame it. Built with the card
/// provider's publishable key (`stripe`), its pages load Stripe.js, its card fields' frames and
/// its API, and nothing else of it.
pub fn web_app_csp(mapbox: bool, stripe: bool, files_origin: Option<&str>) -> String {
    let map = if mapbox { " https://*.mapbox.com https://events.mapbox.com" } else { "" };
    let files = files_origin.map(|o| format!(" {o}")).unwrap_or_default();
    let (script, frame, api) = if stripe {
        (
            " https://js.stripe.com https://*.js.stripe.com",
            "https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com",
            " https://api.stripe.com",
        )
    } else {
        ("", "", "")
    };
    // Without `frame-src` frames fall back to `child-src` (blob: only): the card fields need it.
    let frames = if stripe { format!(" frame-src {frame};") } else { String::new() };
    format!(
        "default-src 'self'; script-src 'self'{script}; style-src 'self'{map}; img-src 'self' data: blob:{files}{map}; \
         font-src 'self' data:; connect-src 'self'{map}{api}; worker-src 'self' blob:; \
         child-src blob:;{frames} object-src 'none'; base-uri 'self'; form-action 'self'; \
         frame-ancestors 'none'"
    )
}

/// The origin (`scheme://host[:port]`) of a URL, if it has one.
pub fn origin_of(url: &str) -> Option<String> {
    let u = url::Url::parse(url).ok()?;
    let origin = u.origin();
    origin.is_tuple().then(|| origin.ascii_serialization())
}

/// What every answer of the gateway carries, with the settings that shape it.
#[derive(Debug, Clone)]
pub struct SecurityHeaders {
    /// The web app's policy ([`web_app_csp`]).
    pub csp: String,
    /// `Strict-Transport-Security` (production serves behind TLS only).
    pub hsts: bool,
}

/// Security headers on every answer: no sniffing, no referrer beyond the origin, no framing;
/// the web app's CSP on its pages; `Cache-Control: no-store` on answers to signed-in callers
/// (personal data must not sit in a shared cache); HSTS in production. A request target
/// longer than [`MAX_URI_BYTES`] is refused with 414 before anything else runs.
pub async fn security(
    req: ServiceRequest,
    next: Next<impl MessageBody>,
) -> Result<ServiceResponse<impl MessageBody>, Error> {
    use actix_web::http::header;
    let target = req.uri().path_and_query().map_or(0, |p| p.as_str().len());
    if target > MAX_URI_BYTES {
        return Err(crate::error::HttpError::from(crate::error::GatewayError::UriTooLong).into());
    }
    let settings = req.app_data::<web::Data<SecurityHeaders>>().map(|s| s.get_ref().clone());
    let api = req.path().starts_with("/v1/");
    let signed_in = req.headers().contains_key(header::AUTHORIZATION);
    let mut res = next.call(req).await?;
    let h = res.headers_mut();
    h.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    h.insert(header::REFERRER_POLICY, HeaderValue::from_static("strict-origin-when-cross-origin"));
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    if let Some(s) = &settings {
        if s.hsts {
            h.insert(
                header::STRICT_TRANSPORT_SECURITY,
                HeaderValue::from_static("max-age=31536000; includeSubDomains"),
            );
        }
        // Answers that set their own policy (files, the sign-in pages) keep it.
        if !h.contains_key(header::CONTENT_SECURITY_POLICY) {
            let policy = if api { "default-src 'none'; frame-ancestors 'none'" } else { &s.csp };
            if let Ok(v) = HeaderValue::from_str(policy) {
                h.insert(header::CONTENT_SECURITY_POLICY, v);
            }
        }
    }
    if api && signed_in {
        h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
    Ok(res)
}

/// Every error answer is JSON `{error, message}`, the framework's own included (a payload
/// over a limit, a malformed request): a `/v1` error whose body is not JSON gets the error
/// table's body for its status.
pub async fn json_errors(
    req: ServiceRequest,
    next: Next<impl MessageBody + 'static>,
) -> Result<ServiceResponse<actix_web::body::BoxBody>, Error> {
    use actix_web::http::header;
    let res = next.call(req).await?.map_into_boxed_body();
    let status = res.status();
    let is_json = res
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json") || v.starts_with("text/html"));
    if !status.is_client_error() && !status.is_server_error() || is_json {
        return Ok(res);
    }
    let error = crate::error::HttpError::for_status(status.as_u16());
    let (req, res) = res.into_parts();
    let mut fresh = actix_web::ResponseError::error_response(&error);
    // Keep what the first answer said beyond its body (request id, Retry-After, ...).
    for (name, value) in res.headers() {
        if name != header::CONTENT_TYPE && name != header::CONTENT_LENGTH {
            fresh.headers_mut().insert(name.clone(), value.clone());
        }
    }
    Ok(ServiceResponse::new(req, fresh))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_csp_allows_images_from_the_files_origin_only_when_given() {
        let own = web_app_csp(false, false, None);
        assert!(own.contains("img-src 'self' data: blob:;"), "{own}");
        assert!(own.contains("script-src 'self';") && !own.contains("unsafe"), "{own}");
        let cdn = web_app_csp(false, false, Some("https://files.upcar.example"));
        assert!(cdn.contains("img-src 'self' data: blob: https://files.upcar.example;"), "{cdn}");
        assert_eq!(
            origin_of("https://files.upcar.example/v1/files"),
            Some("https://files.upcar.example".into())
        );
        assert_eq!(origin_of("http://127.0.0.1:8080"), Some("http://127.0.0.1:8080".into()));
        assert_eq!(origin_of("not a url"), None);
    }

    #[test]
    fn the_csp_opens_to_the_card_provider_only_when_the_app_is_built_with_its_key() {
        let own = web_app_csp(false, false, None);
        assert!(!own.contains("stripe") && !own.contains("frame-src"), "{own}");
        let card = web_app_csp(false, true, None);
        assert!(
            card.contains("script-src 'self' https://js.stripe.com https://*.js.stripe.com;"),
            "{card}"
        );
        assert!(
            card.contains(
                "frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com;"
            ),
            "{card}"
        );
        assert!(card.contains("connect-src 'self' https://api.stripe.com;"), "{card}");
        assert!(card.contains("frame-ancestors 'none'") && !card.contains("unsafe"), "{card}");
    }
}
