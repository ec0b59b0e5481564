//! Health, readiness, metrics, the OpenAPI document and the development outbox.

use crate::error::{GatewayError, HttpResult};
use crate::grpc::request;
use crate::state::AppState;
use crate::wire::{Json, Query, Text};
use actix_web::{HttpResponse, get, web};
use serde::{Deserialize, Serialize};
use serde_json::json;
use upcar_proto::accounts as pb;
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;

type State = web::Data<AppState>;

/// Liveness: the process answers.
pub async fn healthz() -> HttpResponse {
    HttpResponse::Ok().json(json!({"status": "ok"}))
}

/// Readiness: Redis and every service answer their health checks, and the gateway is not
/// stopping (from SIGTERM on it answers 503 `draining` while its requests finish, so a load
/// balancer checking it takes it out before it goes).
pub async fn readyz(state: State) -> HttpResponse {
    if state.hub.is_stopping() {
        return HttpResponse::ServiceUnavailable().json(json!({"status": "draining"}));
    }
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
async fn serving(channel: upcar_grpc::Channel) -> bool {
    let mut health = tonic_health::pb::health_client::HealthClient::new(channel);
    let serving = tonic_health::pb::health_check_response::ServingStatus::Serving as i32;
    matches!(
        health.check(tonic_health::pb::HealthCheckRequest { service: String::new() }).await,
        Ok(r) if r.get_ref().status == serving
    )
}

/// The OpenAPI document of the routes this gateway serves (built once at start).
#[derive(Clone)]
pub struct OpenApiJson(pub std::sync::Arc<String>);

/// This document.
#[utoipa::path(tag = "system", responses((status = 200, description = "The OpenAPI 3.1 document", content_type = "application/json")))]
#[get("/openapi.json")]
pub async fn openapi(doc: web::Data<OpenApiJson>) -> HttpResponse {
    HttpResponse::Ok().content_type("application/json").body(doc.0.as_str().to_owned())
}

/// Registers this module's `/v1` routes.
pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(openapi);
}

/// Registers the development routes (development mode only).
pub fn dev_routes(cfg: &mut ServiceConfig) {
    cfg.service(dev_outbox);
}

/// The address whose messages to list.
#[derive(Debug, Deserialize, Default, IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct OutboxQuery {
    /// An email address or phone number.
    to: Text,
}

/// One message the product sent.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OutboxMessage {
    to: String,
    subject: String,
    body: String,
    /// The one-time code the message carries, if any.
    code: Option<String>,
    created_at: String,
}

/// Messages sent to one address, newest first.
#[derive(Debug, Serialize, ToSchema)]
pub struct Outbox {
    data: Vec<OutboxMessage>,
}

/// Emails and SMS sent to an address (development only).
#[utoipa::path(tag = "development", params(OutboxQuery), responses((status = 200, body = Outbox)))]
#[get("/dev/outbox")]
pub async fn dev_outbox(state: State, q: Query<OutboxQuery>) -> HttpResult<Json<Outbox>> {
    let to = String::from(q.into_inner().to);
    if to.is_empty() {
        return Err(GatewayError::OutboxAddressRequired.into());
    }
    let r = state
        .accounts
        .clone()
        .list_dev_outbox(request(pb::ListDevOutboxRequest { to }, None))
        .await?
        .into_inner();
    let data = r
        .messages
        .into_iter()
        .map(|m| OutboxMessage {
            to: m.to,
            subject: m.subject,
            body: m.body,
            code: (!m.code.is_empty()).then_some(m.code),
            created_at: m.created_at,
        })
        .collect();
    Ok(Json(Outbox { data }))
}
