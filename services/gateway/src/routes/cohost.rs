//! `/v1/cohost/*`: co-host teams (spec 001 section 7, Co-host), mapped onto the hosting
//! service, which decides who may do what. Answers carry the spec's fields: `_id`, `teamName`,
//! `teamStatus`, `cars`, `coHosts` and the viewer's `role`.

use crate::auth::AuthUser;
use crate::error::HttpResult;
use crate::grpc::request;
use crate::state::AppState;
use crate::states::{InvitationStatus, TeamRole, TeamStatus};
use crate::wire::{Flag, Json, Query, Text, Texts};
use actix_web::{get, post, web};
use serde::{Deserialize, Serialize};
use upcar_proto::hosting as pb;
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;

type State = web::Data<AppState>;

/// Registers this module's routes.
pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(create_team)
        .service(invite_cohosts)
        .service(manage_permissions)
        .service(update_team)
        .service(delete_team)
        .service(handle_invite)
        .service(manage_vehicles)
        .service(remove_cohost)
        .service(all_teams)
        .service(team_by_id)
        .service(team_info_for_invitee)
        .service(team_vehicles)
        .service(host_vehicles)
        .service(team_audit_log);
}

// ---------------------------------------------------------------------------------------------
// Answers

/// `{full, bookingManagement, pricingAndAvailability}`.
#[derive(Debug, Serialize, Deserialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct Permissions {
    full: Flag,
    booking_management: Flag,
    pricing_and_availability: Flag,
}

impl From<Permissions> for pb::TeamPermissions {
    fn from(p: Permissions) -> Self {
        pb::TeamPermissions {
            full: p.full.0,
            booking_management: p.booking_management.0,
            pricing_and_availability: p.pricing_and_availability.0,
        }
    }
}

fn permissions(p: Option<pb::TeamPermissions>) -> Permissions {
    let p = p.unwrap_or_default();
    Permissions {
        full: Flag(p.full),
        booking_management: Flag(p.booking_management),
        pricing_and_availability: Flag(p.pricing_and_availability),
    }
}

/// A car as a team option (spec 001 section 3: id, name, photoUrl, licensePlate).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VehicleOption {
    id: String,
    #[serde(rename = "_id")]
    underscore_id: String,
    name: String,
    photo_url: String,
    license_plate: String,
}

impl From<pb::VehicleOption> for VehicleOption {
    fn from(v: pb::VehicleOption) -> Self {
        Self {
            underscore_id: v.id.clone(),
            id: v.id,
            name: v.name,
            photo_url: v.photo_url,
            license_plate: v.license_plate,
        }
    }
}

fn percent(bp: i32) -> f64 {
    f64::from(bp) / 100.0
}

fn opt(s: String) -> Option<String> {
    (!s.is_empty()).then_some(s)
}

/// A co-host or an invitation.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CoHost {
    /// The invitation's id.
    #[serde(rename = "_id")]
    id: String,
    /// The co-host's account, once they answered.
    co_host_id: Option<String>,
    email: String,
    first_name: String,
    last_name: String,
    profile_pic: String,
    /// pending, accepted, rejected, expired, revoked, removed.
    status: InvitationStatus,
    /// The co-host's share of the team cars' earnings, percent.
    earnings_share_percent: f64,
    invited_at: String,
    expires_at: String,
    answered_at: Option<String>,
}

/// A team (spec 001 section 3) and the viewer's role in it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Team {
    #[serde(rename = "_id")]
    id: String,
    host_id: String,
    team_name: String,
    /// active (at least one approved co-host) or inactive.
    team_status: TeamStatus,
    cars: Vec<VehicleOption>,
    co_hosts: Vec<CoHost>,
    permissions: Permissions,
    /// host or co-host.
    role: TeamRole,
    /// What the host keeps of the team cars' earnings, percent.
    host_earnings_share_percent: f64,
    created_at: String,
    updated_at: String,
}

impl From<pb::Team> for Team {
    fn from(t: pb::Team) -> Self {
        let (team_status, role) = (t.team_status().into(), t.role().into());
        Self {
            id: t.id,
            host_id: t.host_id,
            team_name: t.team_name,
            team_status,
            cars: t.cars.into_iter().map(VehicleOption::from).collect(),
            co_hosts: t
                .co_hosts
                .into_iter()
                .map(|m| CoHost {
                    status: m.status().into(),
                    id: m.id,
                    co_host_id: opt(m.co_host_id),
                    email: m.email,
                    first_name: m.first_name,
                    last_name: m.last_name,
                    profile_pic: m.profile_pic,
                    earnings_share_percent: percent(m.share_bp),
                    invited_at: m.invited_at,
                    expires_at: m.expires_at,
                    answered_at: opt(m.answered_at),
                })
                .collect(),
            permissions: permissions(t.permissions),
            role,
            host_earnings_share_percent: percent(t.host_share_bp),
            created_at: t.created_at,
            updated_at: t.updated_at,
        }
    }
}

/// `{status, message, data, role}`: the team (null after a rejected invitation or leaving).
#[derive(Debug, Serialize, ToSchema)]
pub struct TeamAnswer {
    status: bool,
    message: String,
    data: Option<Team>,
    role: Option<TeamRole>,
}

fn team_answer(r: pb::TeamReply) -> TeamAnswer {
    let data = r.team.map(Team::from);
    TeamAnswer { status: true, message: r.message, role: data.as_ref().map(|t| t.role), data }
}

/// `{status, data: [team]}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct TeamsAnswer {
    status: bool,
    data: Vec<Team>,
}

/// `{status, data: [vehicle]}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct VehiclesAnswer {
    status: bool,
    data: Vec<VehicleOption>,
}

/// `{status, message}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct Done {
    status: bool,
    message: String,
}

// ---------------------------------------------------------------------------------------------
// Calls

/// `createTeam`.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct CreateBody {
    team_name: Text,
    car_ids: Texts,
    permissions: Permissions,
}

/// Creates a team of the caller's listed cars; answers it (`data._id`).
#[utoipa::path(tag = "cohost", request_body = CreateBody, responses((status = 200, body = TeamAnswer)), security(("bearer" = [])))]
#[post("/cohost/createTeam")]
pub async fn create_team(
    state: State,
    user: AuthUser,
    body: Json<CreateBody>,
) -> HttpResult<Json<TeamAnswer>> {
    let b = body.into_inner();
    let msg = pb::CreateTeamRequest {
        team_name: b.team_name.into(),
        car_ids: b.car_ids.into_vec(),
        permissions: Some(b.permissions.into()),
    };
    let r = state.hosting.clone().create_team(request(msg, Some(&user.0))).await?.into_inner();
    Ok(Json(team_answer(r)))
}

/// `inviteCoHosts`.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct InviteBody {
    team_id: Text,
    co_host_emails: Texts,
    /// The earnings share offered, percent (for example 12.5); none: 0.
    earnings_share_percent: Text,
}

/// Invites co-hosts by email (an invitation already pending is sent again with a new link).
#[utoipa::path(tag = "cohost", request_body = InviteBody, responses((status = 200, body = TeamAnswer)), security(("bearer" = [])))]
#[post("/cohost/inviteCoHosts")]
pub async fn invite_cohosts(
    state: State,
    user: AuthUser,
    body: Json<InviteBody>,
) -> HttpResult<Json<TeamAnswer>> {
    let b = body.into_inner();
    let share = b.earnings_share_percent.into_string();
    let msg = pb::InviteCoHostsRequest {
        team_id: b.team_id.into(),
        co_host_emails: b.co_host_emails.into_vec(),
        earnings_share_percent: (!share.is_empty()).then_some(share),
    };
    let r = state.hosting.clone().invite_co_hosts(request(msg, Some(&user.0))).await?.into_inner();
    Ok(Json(team_answer(r)))
}

/// `manageTeamPermissions`.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct PermissionsBody {
    team_id: Text,
    permissions: Permissions,
}

/// Sets what the team's co-hosts may do (booking management is always granted).
#[utoipa::path(tag = "cohost", request_body = PermissionsBody, responses((status = 200, body = TeamAnswer)), security(("bearer" = [])))]
#[post("/cohost/manageTeamPermissions")]
pub async fn manage_permissions(
    state: State,
    user: AuthUser,
    body: Json<PermissionsBody>,
) -> HttpResult<Json<TeamAnswer>> {
    let b = body.into_inner();
    let msg = pb::ManageTeamPermissionsRequest {
        team_id: b.team_id.into(),
        permissions: Some(b.permissions.into()),
    };
    let r = state
        .hosting
        .clone()
        .manage_team_permissions(request(msg, Some(&user.0)))
        .await?
        .into_inner();
    Ok(Json(team_answer(r)))
}

/// One co-host's earnings share.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct ShareBody {
    /// The co-host's account id (or the invitation's `_id`).
    co_host_id: Text,
    share_percent: Text,
}

/// `updateTeam`.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct UpdateBody {
    team_id: Text,
    team_name: Option<Text>,
    earnings_split: Option<Vec<ShareBody>>,
}

/// Renames the team and/or sets the co-hosts' earnings shares.
#[utoipa::path(tag = "cohost", request_body = UpdateBody, responses((status = 200, body = TeamAnswer)), security(("bearer" = [])))]
#[post("/cohost/updateTeam")]
pub async fn update_team(
    state: State,
    user: AuthUser,
    body: Json<UpdateBody>,
) -> HttpResult<Json<TeamAnswer>> {
    let b = body.into_inner();
    let sent = b.earnings_split.is_some();
    let msg = pb::UpdateTeamRequest {
        team_id: b.team_id.into(),
        team_name: b.team_name.map(String::from),
        earnings_split: b
            .earnings_split
            .unwrap_or_default()
            .into_iter()
            .map(|s| pb::ShareEntry {
                co_host_id: s.co_host_id.into(),
                share_percent: s.share_percent.into(),
            })
            .collect(),
        earnings_split_sent: sent,
    };
    let r = state.hosting.clone().update_team(request(msg, Some(&user.0))).await?.into_inner();
    Ok(Json(team_answer(r)))
}

/// `{teamId}`.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct TeamIdBody {
    team_id: Text,
}

/// Deletes the team: its co-hosts lose access at once.
#[utoipa::path(tag = "cohost", request_body = TeamIdBody, responses((status = 200, body = Done)), security(("bearer" = [])))]
#[post("/cohost/deleteTeam")]
pub async fn delete_team(
    state: State,
    user: AuthUser,
    body: Json<TeamIdBody>,
) -> HttpResult<Json<Done>> {
    let msg = pb::TeamIdRequest { team_id: body.into_inner().team_id.into() };
    let r = state.hosting.clone().delete_team(request(msg, Some(&user.0))).await?.into_inner();
    Ok(Json(Done { status: true, message: r.message }))
}

/// `handleCoHostInvite`.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct HandleBody {
    team_id: Text,
    /// accept or reject.
    action: Text,
    /// The invitation link's token; without it, the invitation of the caller's email.
    token: Text,
}

/// The invitee accepts or rejects.
#[utoipa::path(tag = "cohost", request_body = HandleBody, responses((status = 200, body = TeamAnswer)), security(("bearer" = [])))]
#[post("/cohost/handleCoHostInvite")]
pub async fn handle_invite(
    state: State,
    user: AuthUser,
    body: Json<HandleBody>,
) -> HttpResult<Json<TeamAnswer>> {
    let b = body.into_inner();
    let msg = pb::HandleCoHostInviteRequest {
        team_id: b.team_id.into(),
        action: b.action.into(),
        token: b.token.into(),
    };
    let r = state
        .hosting
        .clone()
        .handle_co_host_invite(request(msg, Some(&user.0)))
        .await?
        .into_inner();
    Ok(Json(team_answer(r)))
}

/// `manageVehiclesOnTeam`.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct VehiclesBody {
    team_id: Text,
    car_ids: Texts,
}

/// The team's cars become these.
#[utoipa::path(tag = "cohost", request_body = VehiclesBody, responses((status = 200, body = TeamAnswer)), security(("bearer" = [])))]
#[post("/cohost/manageVehiclesOnTeam")]
pub async fn manage_vehicles(
    state: State,
    user: AuthUser,
    body: Json<VehiclesBody>,
) -> HttpResult<Json<TeamAnswer>> {
    let b = body.into_inner();
    let msg =
        pb::ManageVehiclesRequest { team_id: b.team_id.into(), car_ids: b.car_ids.into_vec() };
    let r = state
        .hosting
        .clone()
        .manage_vehicles_on_team(request(msg, Some(&user.0)))
        .await?
        .into_inner();
    Ok(Json(team_answer(r)))
}

/// `removeCoHost`.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct RemoveBody {
    team_id: Text,
    /// The co-host's account id, or a pending invitation's `_id`.
    co_host_id: Text,
}

/// The host removes a co-host or withdraws an invitation; a co-host may remove themselves.
#[utoipa::path(tag = "cohost", request_body = RemoveBody, responses((status = 200, body = TeamAnswer)), security(("bearer" = [])))]
#[post("/cohost/removeCoHost")]
pub async fn remove_cohost(
    state: State,
    user: AuthUser,
    body: Json<RemoveBody>,
) -> HttpResult<Json<TeamAnswer>> {
    let b = body.into_inner();
    let msg =
        pb::RemoveCoHostRequest { team_id: b.team_id.into(), co_host_id: b.co_host_id.into() };
    let r = state.hosting.clone().remove_co_host(request(msg, Some(&user.0))).await?.into_inner();
    Ok(Json(team_answer(r)))
}

/// `getAllTeamsForHost?status`.
#[derive(Debug, Deserialize, Default, IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct TeamsQuery {
    /// active, inactive, or none for all.
    status: Text,
}

/// The teams the caller hosts or co-hosts.
#[utoipa::path(tag = "cohost", params(TeamsQuery), responses((status = 200, body = TeamsAnswer)), security(("bearer" = [])))]
#[get("/cohost/getAllTeamsForHost")]
pub async fn all_teams(
    state: State,
    user: AuthUser,
    q: Query<TeamsQuery>,
) -> HttpResult<Json<TeamsAnswer>> {
    let msg = pb::ListTeamsRequest { status: q.into_inner().status.into() };
    let r = state.hosting.clone().list_teams(request(msg, Some(&user.0))).await?.into_inner();
    Ok(Json(TeamsAnswer { status: true, data: r.teams.into_iter().map(Team::from).collect() }))
}

/// One team the caller belongs to, with their `role`.
#[utoipa::path(tag = "cohost", responses((status = 200, body = TeamAnswer)), security(("bearer" = [])))]
#[get("/cohost/getTeamById/{id}")]
pub async fn team_by_id(
    state: State,
    user: AuthUser,
    id: web::Path<String>,
) -> HttpResult<Json<TeamAnswer>> {
    let msg = pb::TeamIdRequest { team_id: id.into_inner() };
    let r = state.hosting.clone().get_team(request(msg, Some(&user.0))).await?.into_inner();
    Ok(Json(team_answer(r)))
}

/// `getTeamInfoForInvitee/{id}?token`.
#[derive(Debug, Deserialize, Default, IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct InviteeQuery {
    /// The invitation link's token; without it, the invitation of the caller's email.
    token: Text,
}

/// What the invitee sees before answering.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InviteeInfo {
    #[serde(rename = "_id")]
    id: String,
    team_name: String,
    team_status: TeamStatus,
    host_id: String,
    host_name: String,
    cars: Vec<VehicleOption>,
    permissions: Permissions,
    /// pending, accepted, rejected, expired, revoked, removed.
    invitation_status: InvitationStatus,
    email: String,
    /// The earnings share offered, percent.
    earnings_share_percent: f64,
    expires_at: String,
}

/// `{status, data}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct InviteeAnswer {
    status: bool,
    data: InviteeInfo,
}

/// The team an invitation is for, its cars, permissions and the earnings share offered.
#[utoipa::path(tag = "cohost", params(InviteeQuery), responses((status = 200, body = InviteeAnswer)), security(("bearer" = [])))]
#[get("/cohost/getTeamInfoForInvitee/{id}")]
pub async fn team_info_for_invitee(
    state: State,
    user: AuthUser,
    id: web::Path<String>,
    q: Query<InviteeQuery>,
) -> HttpResult<Json<InviteeAnswer>> {
    let msg =
        pb::TeamInvitationRequest { team_id: id.into_inner(), token: q.into_inner().token.into() };
    let r =
        state.hosting.clone().get_team_invitation(request(msg, Some(&user.0))).await?.into_inner();
    let (team_status, invitation_status) = (r.team_status().into(), r.invitation_status().into());
    Ok(Json(InviteeAnswer {
        status: true,
        data: InviteeInfo {
            id: r.team_id,
            team_name: r.team_name,
            team_status,
            host_id: r.host_id,
            host_name: r.host_first_name,
            cars: r.cars.into_iter().map(VehicleOption::from).collect(),
            permissions: permissions(r.permissions),
            invitation_status,
            email: r.email,
            earnings_share_percent: percent(r.share_bp),
            expires_at: r.expires_at,
        },
    }))
}

/// The team's cars (host and co-hosts).
#[utoipa::path(tag = "cohost", responses((status = 200, body = VehiclesAnswer)), security(("bearer" = [])))]
#[get("/cohost/getTeamVehicles/{id}")]
pub async fn team_vehicles(
    state: State,
    user: AuthUser,
    id: web::Path<String>,
) -> HttpResult<Json<VehiclesAnswer>> {
    let msg = pb::TeamIdRequest { team_id: id.into_inner() };
    let r =
        state.hosting.clone().get_team_vehicles(request(msg, Some(&user.0))).await?.into_inner();
    Ok(Json(VehiclesAnswer {
        status: true,
        data: r.vehicles.into_iter().map(VehicleOption::from).collect(),
    }))
}

/// The host vehicle list for team creation: the caller's cars on the platform.
#[utoipa::path(tag = "cohost", responses((status = 200, body = VehiclesAnswer)), security(("bearer" = [])))]
#[get("/cohost/getHostVehicles")]
pub async fn host_vehicles(state: State, user: AuthUser) -> HttpResult<Json<VehiclesAnswer>> {
    let msg = pb::GetHostVehiclesRequest {};
    let r =
        state.hosting.clone().get_host_vehicles(request(msg, Some(&user.0))).await?.into_inner();
    Ok(Json(VehiclesAnswer {
        status: true,
        data: r.vehicles.into_iter().map(VehicleOption::from).collect(),
    }))
}

/// `getTeamAuditLog/{id}?limit`.
#[derive(Debug, Deserialize, Default, IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct AuditQuery {
    /// 1 to 500; default 100.
    limit: crate::wire::Int,
}

/// One entry of the audit log: who did what, before and after, when.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditEntry {
    #[serde(rename = "_id")]
    id: String,
    actor_id: String,
    /// host, co-host or invitee.
    actor_role: TeamRole,
    action: String,
    car_id: Option<String>,
    #[schema(value_type = Object)]
    before: Option<serde_json::Value>,
    #[schema(value_type = Object)]
    after: Option<serde_json::Value>,
    at: String,
}

/// `{status, data: [entry]}`, newest first.
#[derive(Debug, Serialize, ToSchema)]
pub struct AuditAnswer {
    status: bool,
    data: Vec<AuditEntry>,
}

/// The team's audit log (its host only).
#[utoipa::path(tag = "cohost", params(AuditQuery), responses((status = 200, body = AuditAnswer)), security(("bearer" = [])))]
#[get("/cohost/getTeamAuditLog/{id}")]
pub async fn team_audit_log(
    state: State,
    user: AuthUser,
    id: web::Path<String>,
    q: Query<AuditQuery>,
) -> HttpResult<Json<AuditAnswer>> {
    let msg = pb::TeamAuditRequest { team_id: id.into_inner(), limit: q.into_inner().limit.or(0) };
    let r =
        state.hosting.clone().get_team_audit_log(request(msg, Some(&user.0))).await?.into_inner();
    let json = |s: String| (!s.is_empty()).then(|| serde_json::from_str(&s).ok()).flatten();
    Ok(Json(AuditAnswer {
        status: true,
        data: r
            .entries
            .into_iter()
            .map(|e| AuditEntry {
                actor_role: e.actor_role().into(),
                id: e.id,
                actor_id: e.actor_id,
                action: e.action,
                car_id: opt(e.car_id),
                before: json(e.before_json),
                after: json(e.after_json),
                at: e.at,
            })
            .collect(),
    }))
}
