//! Health, readiness, metrics, the OpenAPI document and the development outbox.

use crate::error::{HttpError, HttpResult};
use crate::grpc::request;
use crate::state::AppState;
use actix_web::{HttpResponse, web};
use serde::Deserialize;
use serde_json::json;
use upcar_proto::accounts as pb;

type State = web::Data<AppState>;

/// Liveness: the process answers.
pub async fn healthz() -> HttpResponse {
    HttpResponse::Ok().json(json!({"status": "ok"}))
}

/// Readiness: Redis and every service answer their health checks.
pub async fn readyz(state: State) -> HttpResponse {
    let redis_ok = match state.redis.get().await {
        Ok(mut c) => redis::cmd("PING").query_async::<String>(&mut *c).await.is_ok(),
        Err(_) => false,
    };
    // The services are checked side by side, so readiness costs one round trip.
    let (accounts_ok, catalog_ok) = futures::join!(
        serving(state.accounts_channel.clone()),
        serving(state.catalog_channel.clone())
    );
    let ready = redis_ok && accounts_ok && catalog_ok;
    let body = json!({
        "status": if ready { "ready" } else { "not_ready" },
        "checks": {"redis": redis_ok, "accounts": accounts_ok, "catalog": catalog_ok},
    });
    if ready {
        HttpResponse::Ok().json(body)
    } else {
        HttpResponse::ServiceUnavailable().json(body)
    }
}

/// True when the service behind `channel` answers its gRPC health check as serving.
async fn serving(channel: upcar_grpc::Link) -> bool {
    let mut health = tonic_health::pb::health_client::HealthClient::new(channel);
    let serving = tonic_health::pb::health_check_response::ServingStatus::Serving as i32;
    matches!(
        health.check(tonic_health::pb::HealthCheckRequest { service: String::new() }).await,
        Ok(r) if r.get_ref().status == serving
    )
}

/// Prometheus text.
pub async fn metrics(state: State) -> HttpResponse {
    HttpResponse::Ok().content_type("text/plain; version=0.0.4").body(state.metrics.render())
}

/// The OpenAPI document built from the route table.
pub async fn openapi() -> HttpResponse {
    HttpResponse::Ok().json(super::openapi_document())
}

#[derive(Deserialize)]
pub struct OutboxQuery {
    #[serde(default)]
    to: String,
}

/// `GET /v1/dev/outbox?to=`: messages sent to an email or phone, newest first.
pub async fn dev_outbox(state: State, q: web::Query<OutboxQuery>) -> HttpResult {
    if q.to.trim().is_empty() {
        return Err(HttpError::invalid("to_required", "Give the email or phone number in ?to="));
    }
    let r = state
        .accounts
        .clone()
        .list_dev_outbox(request(pb::ListDevOutboxRequest { to: q.to.clone() }, None))
        .await?
        .into_inner();
    let data: Vec<_> = r
        .messages
        .iter()
        .map(|m| {
            json!({
                "to": m.to, "subject": m.subject, "body": m.body,
                "code": if m.code.is_empty() { serde_json::Value::Null } else { json!(m.code) },
                "createdAt": m.created_at,
            })
        })
        .collect();
    Ok(HttpResponse::Ok().json(json!({"data": data})))
}
