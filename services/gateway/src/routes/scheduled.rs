//! `/v1/scheduledMessage/*`: the host's scheduled message templates (spec 001 section 7),
//! answered by hosting. Sending them at their moments belongs to messaging.

use crate::auth::AuthUser;
use crate::error::{HttpError, HttpResult};
use crate::grpc::request;
use crate::state::AppState;
use crate::wire::{Json, Text};
use actix_web::{delete, get, post, web};
use serde::{Deserialize, Serialize};
use upcar_proto::hosting as pb;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

type State = web::Data<AppState>;

/// Registers this module's routes.
pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(all_templates)
        .service(one_template)
        .service(create_template)
        .service(update_template)
        .service(update_enabled)
        .service(delete_template)
        .service(trip_messages);
}

/// A template: its moment (`trigger`, `offsetHours` before a start or an end), its text with
/// placeholders (`{guestName}`, `{hostName}`, `{carName}`, `{pickupAddress}`, `{startTime}`,
/// `{endTime}`) and whether it is sent.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Template {
    #[serde(rename = "_id")]
    id: String,
    name: String,
    message: String,
    /// booking_confirmed, before_trip_start, trip_started, before_trip_end, trip_ended.
    trigger: String,
    offset_hours: i32,
    enabled: bool,
    created_at: String,
    updated_at: String,
}

impl From<pb::MessageTemplate> for Template {
    fn from(t: pb::MessageTemplate) -> Self {
        Self {
            id: t.id,
            name: t.name,
            message: t.message,
            trigger: t.trigger,
            offset_hours: t.offset_hours,
            enabled: t.enabled,
            created_at: t.created_at,
            updated_at: t.updated_at,
        }
    }
}

/// `{status, message, data: [template]}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct TemplatesAnswer {
    status: bool,
    message: String,
    data: Vec<Template>,
}

/// `{status, message, data: template}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct TemplateAnswer {
    status: bool,
    message: String,
    data: Template,
}

fn answer(r: pb::TemplateReply, message: &str) -> HttpResult<Json<TemplateAnswer>> {
    let data = r.template.ok_or_else(|| HttpError::internal("hosting answered no template"))?;
    Ok(Json(TemplateAnswer { status: true, message: message.to_owned(), data: data.into() }))
}

/// The caller's templates (the product's defaults the first time).
#[utoipa::path(tag = "scheduledMessage", responses((status = 200, body = TemplatesAnswer)), security(("bearer" = [])))]
#[get("/scheduledMessage/getAllTemplates")]
pub async fn all_templates(state: State, user: AuthUser) -> HttpResult<Json<TemplatesAnswer>> {
    let r = state
        .hosting
        .clone()
        .list_templates(request(pb::ListTemplatesRequest {}, Some(&user.0)))
        .await?
        .into_inner();
    Ok(Json(TemplatesAnswer {
        status: true,
        message: "Templates fetched successfully".to_owned(),
        data: r.templates.into_iter().map(Template::from).collect(),
    }))
}

/// One of the caller's templates.
#[utoipa::path(tag = "scheduledMessage", responses((status = 200, body = TemplateAnswer)), security(("bearer" = [])))]
#[get("/scheduledMessage/getTemplate/{id}")]
pub async fn one_template(
    state: State,
    user: AuthUser,
    id: web::Path<String>,
) -> HttpResult<Json<TemplateAnswer>> {
    let msg = pb::TemplateIdRequest { template_id: id.into_inner() };
    let r = state.hosting.clone().get_template(request(msg, Some(&user.0))).await?.into_inner();
    answer(r, "Template fetched successfully")
}

/// A template's fields; those not sent keep their value.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct TemplateBody {
    name: Option<Text>,
    message: Option<Text>,
    trigger: Option<Text>,
    offset_hours: Option<i64>,
    enabled: Option<bool>,
}

fn write(id: String, b: TemplateBody) -> pb::TemplateWrite {
    pb::TemplateWrite {
        template_id: id,
        name: b.name.map(String::from),
        message: b.message.map(String::from),
        trigger: b.trigger.map(String::from),
        offset_hours: b.offset_hours,
        enabled: b.enabled,
        enabled_required: false,
    }
}

/// A new template (`name`, `message` and `trigger` required).
#[utoipa::path(tag = "scheduledMessage", request_body = TemplateBody, responses((status = 200, body = TemplateAnswer)), security(("bearer" = [])))]
#[post("/scheduledMessage/createTemplate")]
pub async fn create_template(
    state: State,
    user: AuthUser,
    body: Json<TemplateBody>,
) -> HttpResult<Json<TemplateAnswer>> {
    let msg = write(String::new(), body.into_inner());
    let r = state.hosting.clone().create_template(request(msg, Some(&user.0))).await?.into_inner();
    answer(r, "Template created")
}

/// Changes a template; it is checked whole.
#[utoipa::path(tag = "scheduledMessage", request_body = TemplateBody, responses((status = 200, body = TemplateAnswer)), security(("bearer" = [])))]
#[post("/scheduledMessage/updateTemplate/{id}")]
pub async fn update_template(
    state: State,
    user: AuthUser,
    id: web::Path<String>,
    body: Json<TemplateBody>,
) -> HttpResult<Json<TemplateAnswer>> {
    let msg = write(id.into_inner(), body.into_inner());
    let r = state.hosting.clone().update_template(request(msg, Some(&user.0))).await?.into_inner();
    answer(r, "Template updated")
}

/// `{enabled}`: a JSON boolean.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default)]
pub struct EnabledBody {
    enabled: Option<bool>,
}

/// Turns a template on or off.
#[utoipa::path(tag = "scheduledMessage", request_body = EnabledBody, responses((status = 200, body = TemplateAnswer)), security(("bearer" = [])))]
#[post("/scheduledMessage/updateEnabledStatus/{id}")]
pub async fn update_enabled(
    state: State,
    user: AuthUser,
    id: web::Path<String>,
    body: Json<EnabledBody>,
) -> HttpResult<Json<TemplateAnswer>> {
    let enabled = body.into_inner().enabled;
    let msg = pb::TemplateWrite {
        template_id: id.into_inner(),
        enabled,
        enabled_required: true,
        ..Default::default()
    };
    let r = state.hosting.clone().update_template(request(msg, Some(&user.0))).await?.into_inner();
    answer(r, if enabled == Some(true) { "Template enabled" } else { "Template disabled" })
}

/// `{status, message}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct TemplateDeleted {
    status: bool,
    message: String,
}

/// Deletes one of the caller's templates.
#[utoipa::path(tag = "scheduledMessage", responses((status = 200, body = TemplateDeleted)), security(("bearer" = [])))]
#[delete("/scheduledMessage/delete/{id}")]
pub async fn delete_template(
    state: State,
    user: AuthUser,
    id: web::Path<String>,
) -> HttpResult<Json<TemplateDeleted>> {
    let msg = pb::TemplateIdRequest { template_id: id.into_inner() };
    let r = state.hosting.clone().delete_template(request(msg, Some(&user.0))).await?.into_inner();
    Ok(Json(TemplateDeleted { status: true, message: r.message }))
}

/// One template's fate for one trip.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TripScheduledMessage {
    template_id: String,
    name: String,
    trigger: String,
    offset_hours: i32,
    enabled: bool,
    /// sent | due | waiting | skipped | not_sent
    status: String,
    /// When it was sent, or when it is due (RFC 3339); empty otherwise.
    at: String,
    /// The chat message, once sent.
    message_id: String,
    /// Why it was skipped or not sent: missing_value | too_late | cancelled | disabled.
    reason: String,
}

/// A trip's scheduled messages.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TripScheduledMessages {
    status: bool,
    trip_id: String,
    /// requested | confirmed | in_progress | completed | cancelled (empty before the first
    /// booking event reached messaging).
    trip_status: String,
    data: Vec<TripScheduledMessage>,
}

/// For the trip's host (and co-hosts and support): each scheduled message template and what
/// became of it for this trip: sent, due when, waiting for its moment, or why not sent.
#[utoipa::path(tag = "scheduled", responses((status = 200, body = TripScheduledMessages)), security(("bearer" = [])))]
#[get("/scheduledMessage/getTripMessages/{tripId}")]
pub async fn trip_messages(
    state: State,
    user: AuthUser,
    trip_id: web::Path<String>,
) -> HttpResult<Json<TripScheduledMessages>> {
    use upcar_proto::messaging as mpb;
    let msg = mpb::TripScheduleRequest { trip_id: trip_id.into_inner() };
    let r =
        state.messaging.clone().get_trip_schedule(request(msg, Some(&user.0))).await?.into_inner();
    Ok(Json(TripScheduledMessages {
        status: true,
        trip_id: r.trip_id,
        trip_status: r.state,
        data: r
            .items
            .into_iter()
            .map(|i| TripScheduledMessage {
                template_id: i.template_id,
                name: i.name,
                trigger: i.trigger,
                offset_hours: i.offset_hours,
                enabled: i.enabled,
                status: i.status,
                at: i.at,
                message_id: i.message_id,
                reason: i.reason,
            })
            .collect(),
    }))
}
