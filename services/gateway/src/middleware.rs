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
