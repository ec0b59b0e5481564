//! `/v1/admin/tasks`: the service ticket of the help page (spec 000 s. 4.8, 7, 9) and how
//! support handles tickets, with the conversation of each (also on the socket as
//! `support-{ticketId}`). The rules are the messaging service's.

use crate::auth::{AuthAdmin, AuthUser, MaybeUser};
use crate::error::{HttpError, HttpResult};
use crate::grpc::request;
use crate::routes::chat::ChatMessage;
use crate::routes::trips::idempotency_key;
use crate::state::AppState;
use crate::wire::{Created, Int, Json, Query, Text, Texts};
use actix_web::{HttpRequest, get, post, web};
use serde::{Deserialize, Serialize};
use upcar_proto::messaging as pb;
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;

type State = web::Data<AppState>;

/// Registers this module's routes.
pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(create_ticket)
        .service(list_tickets)
        .service(get_ticket)
        .service(update_ticket)
        .service(ticket_messages)
        .service(send_ticket_message);
}

/// The ticket's metadata (spec 000: `metadata{createdBy, source}`).
#[derive(Debug, Serialize, Deserialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct TicketMetadata {
    /// The signed-in creator's id (empty for an anonymous visitor).
    created_by: Text,
    source: Text,
}

/// Who opened a ticket and from where, as answered (`metadata`).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TicketSource {
    /// The signed-in creator's id (empty for an anonymous visitor).
    created_by: String,
    source: String,
}

/// A service ticket: the spec's fields plus its id, times and conversation number.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Ticket {
    #[serde(rename = "_id")]
    underscore_id: String,
    id: String,
    name: String,
    email: String,
    title: String,
    description: String,
    priority: crate::states::TicketPriority,
    status: crate::states::TicketStatus,
    /// support_team, or the id of the admin handling it.
    assigned_to: String,
    metadata: TicketSource,
    /// The number of the conversation's last message (0 before any).
    last_seq: i64,
    created_at: String,
    updated_at: String,
}

impl From<pb::Ticket> for Ticket {
    fn from(t: pb::Ticket) -> Self {
        Self {
            priority: t.priority().into(),
            status: t.status().into(),
            underscore_id: t.id.clone(),
            id: t.id,
            name: t.name,
            email: t.email,
            title: t.title,
            description: t.description,
            assigned_to: t.assigned_to,
            metadata: TicketSource { created_by: t.created_by, source: t.source },
            last_seq: t.last_seq,
            created_at: t.created_at,
            updated_at: t.updated_at,
        }
    }
}

fn ticket(t: Option<pb::Ticket>) -> HttpResult<Ticket> {
    t.map(Ticket::from).ok_or_else(|| HttpError::internal("the ticket call answered no ticket"))
}

/// A new ticket (spec 000 s. 7). Name and email are needed from anonymous callers only.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct TicketBody {
    name: Text,
    email: Text,
    title: Text,
    description: Text,
    /// Set by support only; others get `high`.
    priority: Text,
    /// Set by support only; others get `pending`.
    status: Text,
    /// Set by support only; others get `support_team`.
    assigned_to: Text,
    metadata: TicketMetadata,
}

/// The created ticket.
#[derive(Debug, Serialize, ToSchema)]
pub struct TicketCreated {
    status: bool,
    /// "Service Ticket Created Successfully!"
    message: String,
    data: Ticket,
}

/// Files a service ticket (anyone; a signed-in caller's name and email come from their
/// profile).
#[utoipa::path(tag = "support", request_body = TicketBody, responses((status = 201, body = TicketCreated)), security((), ("bearer" = [])))]
#[post("/admin/tasks")]
pub async fn create_ticket(
    state: State,
    user: MaybeUser,
    body: Json<TicketBody>,
) -> HttpResult<Created<TicketCreated>> {
    let b = body.into_inner();
    let msg = pb::CreateTicketRequest {
        name: b.name.into(),
        email: b.email.into(),
        title: b.title.into(),
        description: b.description.into(),
        priority: b.priority.into(),
        status: b.status.into(),
        assigned_to: b.assigned_to.into(),
        source: b.metadata.source.into(),
    };
    let r = state.support.clone().create_ticket(request(msg, user.0.as_ref())).await?.into_inner();
    Ok(Created(TicketCreated {
        status: true,
        message: "Service Ticket Created Successfully!".to_owned(),
        data: ticket(r.ticket)?,
    }))
}

/// Which tickets.
#[derive(Debug, Deserialize, Default, IntoParams)]
#[serde(default, rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct TicketsQuery {
    status: Text,
    priority: Text,
    assigned_to: Text,
    /// Tickets a page (20 when absent, at most 100).
    limit: Int,
    /// The page, from 1.
    #[serde(alias = "currentPage")]
    page: Int,
}

/// A page of tickets.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Tickets {
    status: bool,
    data: Vec<Ticket>,
    total: i64,
    current_page: i32,
    num_pages: i32,
}

/// Support: every ticket, newest first, filtered by status, priority and assignee. A signed-in
/// user who is not support gets their own tickets.
#[utoipa::path(tag = "support", params(TicketsQuery), responses((status = 200, body = Tickets)), security(("bearer" = [])))]
#[get("/admin/tasks")]
pub async fn list_tickets(
    state: State,
    user: AuthUser,
    q: Query<TicketsQuery>,
) -> HttpResult<Json<Tickets>> {
    let q = q.into_inner();
    let msg = pb::ListTicketsRequest {
        status: q.status.into(),
        priority: q.priority.into(),
        assigned_to: q.assigned_to.into(),
        limit: q.limit.0,
        page: q.page.0,
    };
    let r = state.support.clone().list_tickets(request(msg, Some(&user.0))).await?.into_inner();
    Ok(Json(Tickets {
        status: true,
        data: r.tickets.into_iter().map(Ticket::from).collect(),
        total: r.total,
        current_page: r.page,
        num_pages: r.num_pages,
    }))
}

/// A ticket.
#[derive(Debug, Serialize, ToSchema)]
pub struct TicketAnswer {
    status: bool,
    data: Ticket,
}

/// One ticket, for its creator or support (anyone else: 404 `ticket_not_found`).
#[utoipa::path(tag = "support", responses((status = 200, body = TicketAnswer)), security(("bearer" = [])))]
#[get("/admin/tasks/{id}")]
pub async fn get_ticket(
    state: State,
    user: AuthUser,
    id: web::Path<String>,
) -> HttpResult<Json<TicketAnswer>> {
    let msg = pb::TicketIdRequest { id: id.into_inner() };
    let r = state.support.clone().get_ticket(request(msg, Some(&user.0))).await?.into_inner();
    Ok(Json(TicketAnswer { status: true, data: ticket(r.ticket)? }))
}

/// What support changes on a ticket; absent fields stay.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct TicketUpdate {
    #[schema(value_type = Option<String>)]
    status: Option<Text>,
    #[schema(value_type = Option<String>)]
    priority: Option<Text>,
    #[schema(value_type = Option<String>)]
    assigned_to: Option<Text>,
}

/// Support: assigns a ticket, sets its priority or moves its status (a closed ticket stays
/// closed: 409 `ticket_closed`). Every change is logged with the admin who made it.
#[utoipa::path(tag = "support", request_body = TicketUpdate, responses((status = 200, body = TicketAnswer)), security(("bearer" = [])))]
#[post("/admin/tasks/{id}")]
pub async fn update_ticket(
    state: State,
    admin: AuthAdmin,
    id: web::Path<String>,
    body: Json<TicketUpdate>,
) -> HttpResult<Json<TicketAnswer>> {
    let b = body.into_inner();
    let msg = pb::UpdateTicketRequest {
        id: id.into_inner(),
        status: b.status.map(String::from),
        priority: b.priority.map(String::from),
        assigned_to: b.assigned_to.map(String::from),
    };
    let r = state.support.clone().update_ticket(request(msg, Some(&admin.0))).await?.into_inner();
    Ok(Json(TicketAnswer { status: true, data: ticket(r.ticket)? }))
}

/// Messages after a number.
#[derive(Debug, Deserialize, Default, IntoParams)]
#[serde(default, rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct TicketMessagesQuery {
    /// Messages numbered above this (0 when absent: from the first).
    since: Int,
    /// At most this many (50 when absent, at most 200).
    limit: Int,
}

/// A ticket's conversation.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TicketMessages {
    status: bool,
    formatted_messages: Vec<ChatMessage>,
    has_more: bool,
    last_seq: i64,
}

/// The conversation of a ticket, oldest first (its creator or support).
#[utoipa::path(tag = "support", params(TicketMessagesQuery), responses((status = 200, body = TicketMessages)), security(("bearer" = [])))]
#[get("/admin/tasks/{id}/messages")]
pub async fn ticket_messages(
    state: State,
    user: AuthUser,
    id: web::Path<String>,
    q: Query<TicketMessagesQuery>,
) -> HttpResult<Json<TicketMessages>> {
    let q = q.into_inner();
    let msg = pb::TicketMessagesRequest {
        id: id.into_inner(),
        since: i64::from(q.since.or(0)),
        limit: q.limit.0,
    };
    let r =
        state.support.clone().get_ticket_messages(request(msg, Some(&user.0))).await?.into_inner();
    Ok(Json(TicketMessages {
        status: true,
        formatted_messages: r.messages.into_iter().map(ChatMessage::from).collect(),
        has_more: r.has_more,
        last_seq: r.last_seq,
    }))
}

/// A message of a ticket's conversation.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct TicketMessageBody {
    message: Text,
    #[schema(value_type = Vec<String>)]
    image_url: Texts,
    /// The client's idempotency key (or the `Idempotency-Key` header).
    client_message_id: Text,
}

/// The stored message.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TicketMessageSent {
    status: bool,
    message_id: String,
    created: bool,
    data: ChatMessage,
}

/// Writes in a ticket's conversation (its signed-in creator as `user`, support as `support`);
/// a closed ticket takes no more (409 `ticket_closed`).
#[utoipa::path(
    tag = "support",
    params(("Idempotency-Key" = Option<String>, Header, description = "Retries with the same key store one message")),
    request_body = TicketMessageBody,
    responses((status = 200, body = TicketMessageSent)),
    security(("bearer" = []))
)]
#[post("/admin/tasks/{id}/messages")]
pub async fn send_ticket_message(
    state: State,
    user: AuthUser,
    req: HttpRequest,
    id: web::Path<String>,
    body: Json<TicketMessageBody>,
) -> HttpResult<Json<TicketMessageSent>> {
    let b = body.into_inner();
    let header = idempotency_key(&req)?;
    let key = if b.client_message_id.is_empty() { header } else { b.client_message_id.into() };
    let msg = pb::SendTicketMessageRequest {
        id: id.into_inner(),
        message: b.message.into(),
        image_urls: b.image_url.into_vec(),
        client_key: key,
    };
    let r =
        state.support.clone().send_ticket_message(request(msg, Some(&user.0))).await?.into_inner();
    let m =
        r.message.ok_or_else(|| HttpError::internal("SendTicketMessage answered no message"))?;
    Ok(Json(TicketMessageSent {
        status: true,
        message_id: m.id.clone(),
        created: r.created,
        data: m.into(),
    }))
}
