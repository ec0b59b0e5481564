//! `/v1/admin/users/{userId}`: the terms' exclusion list (spec 002). An admin suspends a user
//! with a reason and may reinstate them; a suspended user's tokens are refused at once
//! (`account_suspended`, 403) and they cannot sign in, their cars leave search and their trips
//! that have not started are cancelled by the policy. Every action is logged with its admin and
//! reason. The rules are the accounts service's.

use crate::auth::AuthAdmin;
use crate::error::HttpResult;
use crate::grpc::request;
use crate::state::AppState;
use crate::wire::{Json, Text};
use actix_web::{get, post, web};
use serde::{Deserialize, Serialize};
use upcar_proto::accounts as pb;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

type State = web::Data<AppState>;

/// Registers this module's routes.
pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(suspend_user).service(reinstate_user).service(user_standing);
}

/// Why the admin acts: 1 to 1000 characters, kept in the action log.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default)]
pub struct StandingBody {
    reason: Text,
}

/// One logged admin action on the account.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AccountAction {
    action_id: String,
    admin_id: String,
    /// suspend | reinstate
    action: String,
    reason: String,
    at: String,
}

/// An account's standing and its action log, newest first.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Standing {
    user_id: String,
    email: String,
    first_name: String,
    last_name: String,
    suspended: bool,
    /// Null unless suspended.
    suspended_at: Option<String>,
    /// Null unless suspended.
    suspension_reason: Option<String>,
    actions: Vec<AccountAction>,
}

/// The answer of a standing call.
#[derive(Debug, Serialize, ToSchema)]
pub struct StandingReply {
    status: bool,
    message: String,
    data: Standing,
}

fn some(s: String) -> Option<String> {
    (!s.is_empty()).then_some(s)
}

fn reply(r: pb::StandingReply, message: Option<&str>) -> Json<StandingReply> {
    Json(StandingReply {
        status: true,
        message: message.map(str::to_owned).unwrap_or(r.message),
        data: Standing {
            user_id: r.user_id,
            email: r.email,
            first_name: r.first_name,
            last_name: r.last_name,
            suspended: r.suspended,
            suspended_at: some(r.suspended_at),
            suspension_reason: some(r.suspension_reason),
            actions: r
                .actions
                .into_iter()
                .map(|a| AccountAction {
                    action_id: a.action_id,
                    admin_id: a.admin_id,
                    action: a.action,
                    reason: a.reason,
                    at: a.at,
                })
                .collect(),
        },
    })
}

/// Suspends a user (admin): they are signed out everywhere at once and cannot sign in, book,
/// list or message; their cars leave search; their trips that have not started are cancelled
/// as the policy cancels a guest's or a host's. Refused for admins (409
/// `admin_not_suspendable`) and for a user already suspended (409 `already_suspended`).
#[utoipa::path(tag = "admin", request_body = StandingBody, responses((status = 200, body = StandingReply)), security(("bearer" = [])))]
#[post("/admin/users/{userId}/suspend")]
pub async fn suspend_user(
    state: State,
    admin: AuthAdmin,
    id: web::Path<String>,
    body: Json<StandingBody>,
) -> HttpResult<Json<StandingReply>> {
    let msg = pb::StandingChangeRequest {
        user_id: id.into_inner(),
        reason: body.into_inner().reason.into(),
    };
    let r = state.accounts.clone().suspend_user(request(msg, Some(&admin.0))).await?.into_inner();
    Ok(reply(r, None))
}

/// Reinstates a suspended user (admin): they can sign in again and their cars return to
/// search; cancelled trips stay cancelled. 409 `not_suspended` for a user in good standing.
#[utoipa::path(tag = "admin", request_body = StandingBody, responses((status = 200, body = StandingReply)), security(("bearer" = [])))]
#[post("/admin/users/{userId}/reinstate")]
pub async fn reinstate_user(
    state: State,
    admin: AuthAdmin,
    id: web::Path<String>,
    body: Json<StandingBody>,
) -> HttpResult<Json<StandingReply>> {
    let msg = pb::StandingChangeRequest {
        user_id: id.into_inner(),
        reason: body.into_inner().reason.into(),
    };
    let r = state.accounts.clone().reinstate_user(request(msg, Some(&admin.0))).await?.into_inner();
    Ok(reply(r, None))
}

/// A user's standing and the log of admin actions on the account (admin).
#[utoipa::path(tag = "admin", responses((status = 200, body = StandingReply)), security(("bearer" = [])))]
#[get("/admin/users/{userId}")]
pub async fn user_standing(
    state: State,
    admin: AuthAdmin,
    id: web::Path<String>,
) -> HttpResult<Json<StandingReply>> {
    let msg = pb::IdRequest { id: id.into_inner() };
    let r =
        state.accounts.clone().get_user_standing(request(msg, Some(&admin.0))).await?.into_inner();
    Ok(reply(r, Some("User standing")))
}
