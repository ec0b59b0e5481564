//! Co-host teams (spec 001 sections 2, 3, 4, 6, 7): the host creates a team of their listed
//! cars with permissions, invites co-hosts by email (a single-use link valid for 7 days, which
//! can be resent), edits permissions, cars and the earnings split, removes co-hosts and deletes
//! the team; the invitee accepts or rejects. A team is active only while at least one co-host
//! is approved. Every change is written to the team's audit log and published whole
//! (`hosting.team_changed`), which trips and pricing apply to the co-hosts' access; the
//! invitation is published (`hosting.cohost_invited`) for accounts to email.

use crate::api::states;
use crate::api::{host, listing_id};
use crate::error::{HostingError, HostingResult};
use crate::state::AppState;
use crate::store::listings::{self, Listing};
use crate::store::teams::{self as store, AuditWrite, MemberRow, TeamRow};
use chrono::{DateTime, SecondsFormat, Utc};
use diesel_async::{AsyncConnection, AsyncPgConnection};
use hosting_domain::policy::INVITATION_LIFETIME_DAYS;
use hosting_domain::teams::{
    CoHostInvite, EarningsSplit, Invitation, InvitationStatus, InviteAction, Permissions,
    PermissionsInput, Role, TeamName, TeamStatus, parse_car_ids, share_bp_from_percent,
};
use sha2::Digest;
use std::collections::HashMap;
use upcar_identity::Identity;
use upcar_proto::accounts as apb;
use upcar_proto::events::{CoHostInvited, TeamChanged};
use upcar_proto::hosting as pb;
use uuid::Uuid;

fn rfc3339(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Millis, true)
}

fn team_id(s: &str) -> HostingResult<Uuid> {
    match s.trim() {
        "" => Err(HostingError::TeamIdRequired),
        s => s.parse().map_err(|_| HostingError::TeamNotFound),
    }
}

/// A new random token (two v4 UUIDs, 244 random bits) and the SHA-256 that is stored of it.
fn new_token() -> (String, Vec<u8>) {
    let token = format!("{}{}", Uuid::new_v4().simple(), Uuid::new_v4().simple());
    let sha = sha256(&token);
    (token, sha)
}

fn sha256(token: &str) -> Vec<u8> {
    sha2::Sha256::digest(token.trim().as_bytes()).to_vec()
}

fn permissions_of(t: &TeamRow) -> Permissions {
    Permissions::parse(PermissionsInput {
        full: t.perm_full,
        booking_management: true,
        pricing_and_availability: t.perm_pricing_availability,
    })
}

fn permissions_input(p: Option<&pb::TeamPermissions>) -> PermissionsInput {
    p.map(|p| PermissionsInput {
        full: p.full,
        booking_management: p.booking_management,
        pricing_and_availability: p.pricing_and_availability,
    })
    .unwrap_or_default()
}

fn pb_permissions(p: &Permissions) -> pb::TeamPermissions {
    pb::TeamPermissions {
        full: p.full,
        booking_management: p.booking_management,
        pricing_and_availability: p.pricing_and_availability,
    }
}

fn permissions_json(p: &Permissions) -> serde_json::Value {
    serde_json::json!({
        "full": p.full,
        "bookingManagement": p.booking_management,
        "pricingAndAvailability": p.pricing_and_availability,
    })
}

/// The status of a member row as of `now` (a pending invitation past its expiry is expired).
fn member_status(m: &MemberRow, now: DateTime<Utc>) -> String {
    if m.status == "pending" && now >= m.expires_at {
        "expired".to_owned()
    } else {
        m.status.clone()
    }
}

fn invitation_of(m: &MemberRow) -> Invitation {
    let status = match m.status.as_str() {
        "pending" => InvitationStatus::Pending,
        "accepted" => InvitationStatus::Accepted,
        "rejected" => InvitationStatus::Rejected,
        _ => InvitationStatus::Revoked,
    };
    Invitation { status, expires_at: m.expires_at }
}

/// A car as a team option: "2021 Toyota Camry", its primary photo and plate.
pub fn vehicle_option(l: &Listing) -> pb::VehicleOption {
    let r = &l.row;
    let name = [
        r.car_year.map(|y| y.to_string()).unwrap_or_default(),
        r.make.clone().unwrap_or_default(),
        r.model.clone().unwrap_or_default(),
    ]
    .iter()
    .filter(|s| !s.is_empty())
    .cloned()
    .collect::<Vec<_>>()
    .join(" ");
    pb::VehicleOption {
        id: r.id.to_string(),
        name,
        photo_url: r.primary_photo_url.clone().unwrap_or_default(),
        license_plate: r.license_plate.clone().unwrap_or_default(),
    }
}

/// The caller's role in a team: its host, an approved co-host, or nothing (not found).
async fn role_in(
    c: &mut AsyncPgConnection,
    t: &TeamRow,
    who: &Identity,
) -> HostingResult<Option<Role>> {
    if t.host_id == who.user_id {
        return Ok(Some(Role::Host));
    }
    let members = store::members(c, t.id).await?;
    Ok(members
        .iter()
        .any(|m| m.status == "accepted" && m.user_id == Some(who.user_id))
        .then_some(Role::CoHost))
}

/// A live team the caller belongs to, locked when `lock`; a stranger is told it does not exist.
async fn team_for(
    c: &mut AsyncPgConnection,
    who: &Identity,
    id: Uuid,
    lock: bool,
) -> HostingResult<(TeamRow, Role)> {
    let t = store::get(c, id, lock).await?.ok_or(HostingError::TeamNotFound)?;
    match role_in(c, &t, who).await? {
        Some(role) => Ok((t, role)),
        None => Err(HostingError::TeamNotFound),
    }
}

/// A live team the caller hosts, locked; a co-host is refused (403), a stranger told it does
/// not exist.
async fn hosted(c: &mut AsyncPgConnection, who: &Identity, id: Uuid) -> HostingResult<TeamRow> {
    let (t, role) = team_for(c, who, id, true).await?;
    if role != Role::Host {
        return Err(HostingError::TeamHostOnly);
    }
    Ok(t)
}

/// The caller's cars named by `ids`, each on the platform or under review (a draft is 409
/// `car_not_listed`; another host's or a deleted car is not found), none in another team.
async fn own_cars(
    c: &mut AsyncPgConnection,
    who: &Identity,
    ids: &[String],
    team: Option<Uuid>,
) -> HostingResult<Vec<Listing>> {
    let mut cars = Vec::with_capacity(ids.len());
    for id in ids {
        let l = listings::find(c, listing_id(id)?).await?.ok_or(HostingError::ListingNotFound)?;
        if l.row.host_id != who.user_id
            || l.row.stage() == hosting_domain::stage::ListingStage::Deleted
        {
            return Err(HostingError::ListingNotFound);
        }
        // A draft is the host's own car: say what it lacks rather than that it does not exist.
        if !l.row.stage().may_join_team() {
            return Err(HostingError::CarNotListed);
        }
        cars.push(l);
    }
    let ids: Vec<Uuid> = cars.iter().map(|l| l.row.id).collect();
    if let Some((car, team_name)) = store::cars_in_other_teams(c, &ids, team).await?.first() {
        let name = cars
            .iter()
            .find(|l| l.row.id == *car)
            .map(|l| vehicle_option(l).name)
            .unwrap_or_else(|| car.to_string());
        return Err(HostingError::CarInOtherTeam(name, team_name.clone()));
    }
    Ok(cars)
}

#[allow(clippy::too_many_arguments)]
async fn audit(
    c: &mut AsyncPgConnection,
    team: Uuid,
    who: &Identity,
    role: &str,
    action: &str,
    before: Option<serde_json::Value>,
    after: Option<serde_json::Value>,
    at: DateTime<Utc>,
) -> HostingResult<()> {
    store::audit(
        c,
        &AuditWrite {
            team_id: team,
            actor_id: who.user_id,
            actor_role: role,
            action,
            car_id: None,
            before,
            after,
            at,
        },
    )
    .await?;
    Ok(())
}

/// Moves the team's version on and writes its whole state to the outbox.
pub async fn publish_team(
    c: &mut AsyncPgConnection,
    id: Uuid,
    now: DateTime<Utc>,
) -> HostingResult<()> {
    let version = store::touch(c, id, now).await?;
    let t = store::get(c, id, false).await?;
    let event = match t {
        None => {
            // Deleted: its host is still on the row.
            let host_id = store::host_of(c, id).await?;
            TeamChanged {
                team_id: id.to_string(),
                host_id: host_id.to_string(),
                status: pb::TeamStatus::Deleted as i32,
                version,
                occurred_at: rfc3339(now),
                booking_management: true,
                ..Default::default()
            }
        }
        Some(t) => {
            let members = store::members(c, id).await?;
            let approved: Vec<&MemberRow> =
                members.iter().filter(|m| m.status == "accepted").collect();
            let p = permissions_of(&t);
            TeamChanged {
                team_id: id.to_string(),
                host_id: t.host_id.to_string(),
                status: states::team_status(TeamStatus::from_approved_co_hosts(approved.len()))
                    as i32,
                car_ids: store::car_ids(c, id).await?.iter().map(Uuid::to_string).collect(),
                cohost_ids: approved
                    .iter()
                    .filter_map(|m| m.user_id.map(|u| u.to_string()))
                    .collect(),
                cohost_shares_bp: approved.iter().map(|m| m.share_bp).collect(),
                booking_management: true,
                pricing_availability: p.pricing_and_availability,
                version,
                occurred_at: rfc3339(now),
            }
        }
    };
    upcar_events::enqueue(c, &event).await?;
    Ok(())
}

/// A team's cars as options, in the order they were added.
async fn car_options(
    c: &mut AsyncPgConnection,
    team: Uuid,
) -> HostingResult<Vec<pb::VehicleOption>> {
    let mut cars = Vec::new();
    for id in store::car_ids(c, team).await? {
        if let Some(l) = listings::find(c, id).await? {
            cars.push(vehicle_option(&l));
        }
    }
    Ok(cars)
}

/// The invitation an invitee means: the link's `token` (single use, any signed-in account), or
/// without one the newest invitation of the team to the caller's `email`. Another team's is
/// not found.
async fn invitation_for(
    c: &mut AsyncPgConnection,
    team: Uuid,
    token: &str,
    email: Option<&str>,
) -> HostingResult<MemberRow> {
    match email {
        None if token.len() > 256 => None,
        None => store::by_token(c, &sha256(token)).await?,
        Some(e) => store::latest_for_email(c, team, e).await?,
    }
    .filter(|m| m.team_id == team)
    .ok_or(HostingError::InvitationNotFound)
}

/// A team read again after a change, as `role` sees it.
async fn fresh_view(
    c: &mut AsyncPgConnection,
    id: Uuid,
    role: Role,
    now: DateTime<Utc>,
) -> HostingResult<pb::Team> {
    let t = store::get(c, id, false).await?.ok_or(HostingError::TeamNotFound)?;
    view(c, &t, role, now).await
}

/// A team as its member sees it (names are added after, outside the transaction).
async fn view(
    c: &mut AsyncPgConnection,
    t: &TeamRow,
    role: Role,
    now: DateTime<Utc>,
) -> HostingResult<pb::Team> {
    let cars = car_options(c, t.id).await?;
    let members = store::members(c, t.id).await?;
    let live: Vec<&MemberRow> = members
        .iter()
        .filter(|m| matches!(member_status(m, now).as_str(), "pending" | "accepted"))
        .collect();
    let approved = live.iter().filter(|m| m.status == "accepted").count();
    let shared: i32 = live.iter().map(|m| m.share_bp).sum();
    Ok(pb::Team {
        id: t.id.to_string(),
        host_id: t.host_id.to_string(),
        team_name: t.team_name.clone(),
        team_status: states::team_status(TeamStatus::from_approved_co_hosts(approved)) as i32,
        cars,
        co_hosts: members
            .iter()
            // The host sees every invitation; a co-host sees the team's co-hosts and who is
            // invited.
            .filter(|m| role == Role::Host || matches!(m.status.as_str(), "pending" | "accepted"))
            .map(|m| pb::TeamMember {
                id: m.id.to_string(),
                co_host_id: m.user_id.map(|u| u.to_string()).unwrap_or_default(),
                email: m.email.clone(),
                status: states::invitation_status(&member_status(m, now)) as i32,
                share_bp: m.share_bp,
                invited_at: rfc3339(m.invited_at),
                expires_at: rfc3339(m.expires_at),
                answered_at: m.answered_at.map(rfc3339).unwrap_or_default(),
                ..Default::default()
            })
            .collect(),
        permissions: Some(pb_permissions(&permissions_of(t))),
        role: states::team_role(role) as i32,
        created_at: rfc3339(t.created_at),
        updated_at: rfc3339(t.updated_at),
        host_share_bp: 10_000 - shared,
    })
}

/// Adds the co-hosts' public names (best effort: a team answers without them when accounts
/// cannot be reached).
async fn named(state: &AppState, who: &Identity, mut teams: Vec<pb::Team>) -> Vec<pb::Team> {
    let ids: Vec<String> = teams
        .iter()
        .flat_map(|t| t.co_hosts.iter().map(|m| m.co_host_id.clone()))
        .filter(|id| !id.is_empty())
        .collect();
    if ids.is_empty() {
        return teams;
    }
    let req = upcar_identity::outgoing(apb::PublicProfilesRequest { ids }, Some(who));
    let profiles: HashMap<String, apb::PublicProfile> =
        match state.accounts.clone().get_public_profiles(req).await {
            Ok(r) => r.into_inner().profiles.into_iter().map(|p| (p.id.clone(), p)).collect(),
            Err(e) => {
                tracing::warn!(error = %e, "co-hosts' names could not be read");
                return teams;
            }
        };
    for m in teams.iter_mut().flat_map(|t| t.co_hosts.iter_mut()) {
        if let Some(p) = profiles.get(&m.co_host_id) {
            m.first_name = p.first_name.clone();
            m.last_name = p.last_name.clone();
            m.profile_pic = p.profile_pic.clone();
        }
    }
    teams
}

async fn reply(state: &AppState, who: &Identity, team: pb::Team, message: &str) -> pb::TeamReply {
    let team = named(state, who, vec![team]).await.pop();
    pb::TeamReply { team, message: message.to_owned() }
}

/// The caller's email as accounts has it.
async fn email_of(state: &AppState, who: &Identity) -> HostingResult<String> {
    let req = upcar_identity::outgoing(apb::IdRequest { id: who.user_id.to_string() }, Some(who));
    let user = state
        .accounts
        .clone()
        .get_user(req)
        .await
        .map_err(|e| {
            tracing::warn!(error = %e, "accounts could not be reached");
            HostingError::AccountsUnavailable
        })?
        .into_inner()
        .user
        .ok_or(HostingError::AccountsUnavailable)?;
    Ok(user.email.trim().to_lowercase())
}

// ---------------------------------------------------------------------------------------------
// Calls

/// `cohost/createTeam` `{teamName, carIds, permissions}`.
pub async fn create(
    state: &AppState,
    who: Option<Identity>,
    r: pb::CreateTeamRequest,
) -> HostingResult<pb::TeamReply> {
    let who = host(who)?;
    let name = TeamName::parse(&r.team_name)?;
    let ids = parse_car_ids(&r.car_ids.iter().map(String::as_str).collect::<Vec<_>>())?;
    let p = Permissions::parse(permissions_input(r.permissions.as_ref()));
    let now = state.clock.now();
    let mut conn = state.conn().await?;
    let team = conn
        .transaction::<_, HostingError, _>(async |c| {
            let cars = own_cars(c, &who, &ids, None).await?;
            let id = Uuid::now_v7();
            store::insert(
                c,
                id,
                who.user_id,
                name.as_str(),
                p.full,
                p.pricing_and_availability,
                now,
            )
            .await?;
            let car_ids: Vec<Uuid> = cars.iter().map(|l| l.row.id).collect();
            store::set_cars(c, id, &car_ids, now).await?;
            let after = serde_json::json!({
                "teamName": name.as_str(),
                "carIds": car_ids,
                "permissions": permissions_json(&p),
            });
            audit(c, id, &who, "host", "team_created", None, Some(after), now).await?;
            publish_team(c, id, now).await?;
            fresh_view(c, id, Role::Host, now).await
        })
        .await?;
    state.relay.wake();
    Ok(reply(state, &who, team, "Team created successfully").await)
}

/// `cohost/inviteCoHosts` `{teamId, coHostEmails}`: a new invitation per email, or the pending
/// one resent (a new link; the old one stops working).
pub async fn invite(
    state: &AppState,
    who: Option<Identity>,
    r: pb::InviteCoHostsRequest,
) -> HostingResult<pb::TeamReply> {
    let who = host(who)?;
    let emails: Vec<&str> = r.co_host_emails.iter().map(String::as_str).collect();
    let form = CoHostInvite::parse(&r.team_id, &emails)?;
    let share = match r.earnings_share_percent.as_deref().map(str::trim) {
        None | Some("") => 0,
        Some(p) => share_bp_from_percent(p)?,
    };
    let share = i32::try_from(share)
        .map_err(|_| HostingError::Team(hosting_domain::teams::TeamError::InvalidShare))?;
    let id = team_id(&form.team_id)?;
    let now = state.clock.now();
    let mut conn = state.conn().await?;
    // The team is checked before accounts is asked for the host's own email.
    hosted(&mut conn, &who, id).await?;
    let mine = email_of(state, &who).await?;
    if form.co_host_emails.contains(&mine) {
        return Err(HostingError::CannotInviteSelf);
    }
    let expires_at = now + chrono::Duration::days(INVITATION_LIFETIME_DAYS);
    let team = conn
        .transaction::<_, HostingError, _>(async |c| {
            let t = hosted(c, &who, id).await?;
            for email in &form.co_host_emails {
                let (token, sha) = new_token();
                let action = match store::live_by_email(c, id, email).await? {
                    Some(m) if m.status == "accepted" => {
                        return Err(HostingError::AlreadyCoHost(email.clone()));
                    }
                    Some(m) => {
                        store::resend(c, m.id, &sha, share, expires_at, now).await?;
                        "invitation_resent"
                    }
                    None => {
                        store::invite(c, Uuid::now_v7(), id, email, share, &sha, expires_at, now)
                            .await?;
                        "cohost_invited"
                    }
                };
                let after = serde_json::json!({"email": email, "shareBp": share, "expiresAt": rfc3339(expires_at)});
                audit(c, id, &who, "host", action, None, Some(after), now).await?;
                upcar_events::enqueue(
                    c,
                    &CoHostInvited {
                        team_id: id.to_string(),
                        team_name: t.team_name.clone(),
                        host_id: who.user_id.to_string(),
                        email: email.clone(),
                        token,
                        expires_at: rfc3339(expires_at),
                        share_bp: share,
                        occurred_at: rfc3339(now),
                    },
                )
                .await?;
            }
            view(c, &t, Role::Host, now).await
        })
        .await?;
    state.relay.wake();
    let n = form.co_host_emails.len();
    let msg = if n == 1 { "Invitation sent".to_owned() } else { format!("{n} invitations sent") };
    Ok(reply(state, &who, team, &msg).await)
}

/// `cohost/manageTeamPermissions` `{teamId, permissions}`.
pub async fn manage_permissions(
    state: &AppState,
    who: Option<Identity>,
    r: pb::ManageTeamPermissionsRequest,
) -> HostingResult<pb::TeamReply> {
    let who = host(who)?;
    let id = team_id(&r.team_id)?;
    let p = Permissions::parse(permissions_input(r.permissions.as_ref()));
    let now = state.clock.now();
    let mut conn = state.conn().await?;
    let team = conn
        .transaction::<_, HostingError, _>(async |c| {
            let t = hosted(c, &who, id).await?;
            let before = permissions_of(&t);
            if before != p {
                store::update(c, id, &t.team_name, p.full, p.pricing_and_availability, now).await?;
                let (b, a) = (permissions_json(&before), permissions_json(&p));
                audit(c, id, &who, "host", "permissions_changed", Some(b), Some(a), now).await?;
                publish_team(c, id, now).await?;
            }
            fresh_view(c, id, Role::Host, now).await
        })
        .await?;
    state.relay.wake();
    Ok(reply(state, &who, team, "Permissions updated").await)
}

/// `cohost/updateTeam` `{teamId, teamName?, earningsSplit?: [{coHostId, sharePercent}]}`.
pub async fn update(
    state: &AppState,
    who: Option<Identity>,
    r: pb::UpdateTeamRequest,
) -> HostingResult<pb::TeamReply> {
    let who = host(who)?;
    let id = team_id(&r.team_id)?;
    let name = r.team_name.as_deref().map(TeamName::parse).transpose()?;
    let mut shares: Vec<(String, u32)> = Vec::new();
    for e in &r.earnings_split {
        shares.push((e.co_host_id.trim().to_owned(), share_bp_from_percent(&e.share_percent)?));
    }
    let borrowed: Vec<(&str, u32)> = shares.iter().map(|(i, b)| (i.as_str(), *b)).collect();
    EarningsSplit::new(&borrowed)?;
    let now = state.clock.now();
    let mut conn = state.conn().await?;
    let team = conn
        .transaction::<_, HostingError, _>(async |c| {
            let t = hosted(c, &who, id).await?;
            let mut changed = false;
            if let Some(n) = &name
                && n.as_str() != t.team_name
            {
                store::update(c, id, n.as_str(), t.perm_full, t.perm_pricing_availability, now)
                    .await?;
                let (b, a) = (
                    serde_json::json!({"teamName": t.team_name}),
                    serde_json::json!({"teamName": n.as_str()}),
                );
                audit(c, id, &who, "host", "team_renamed", Some(b), Some(a), now).await?;
                changed = true;
            }
            if r.earnings_split_sent || !shares.is_empty() {
                let members = store::members(c, id).await?;
                let live: Vec<&MemberRow> = members
                    .iter()
                    .filter(|m| matches!(m.status.as_str(), "pending" | "accepted"))
                    .collect();
                // Each entry names a live member by account or invitation id.
                let mut next: HashMap<Uuid, i32> =
                    live.iter().map(|m| (m.id, m.share_bp)).collect();
                for (who_id, bp) in &shares {
                    let m = live
                        .iter()
                        .find(|m| {
                            m.id.to_string() == *who_id
                                || m.user_id.is_some_and(|u| u.to_string() == *who_id)
                        })
                        .ok_or(HostingError::CoHostNotFound)?;
                    next.insert(m.id, i32::try_from(*bp).unwrap_or(i32::MAX));
                }
                let total: i64 = next.values().map(|v| i64::from(*v)).sum();
                if total > 10_000 {
                    return Err(hosting_domain::teams::TeamError::SharesOver100.into());
                }
                for m in &live {
                    let bp = next.get(&m.id).copied().unwrap_or(m.share_bp);
                    if bp != m.share_bp {
                        store::set_share(c, m.id, bp).await?;
                        let b = serde_json::json!({"email": m.email, "shareBp": m.share_bp});
                        let a = serde_json::json!({"email": m.email, "shareBp": bp});
                        audit(c, id, &who, "host", "earnings_split_changed", Some(b), Some(a), now)
                            .await?;
                        changed = true;
                    }
                }
            }
            if changed {
                publish_team(c, id, now).await?;
            }
            fresh_view(c, id, Role::Host, now).await
        })
        .await?;
    state.relay.wake();
    Ok(reply(state, &who, team, "Team updated").await)
}

/// `cohost/deleteTeam` `{teamId}`: its co-hosts lose access at once, its invitations stop
/// working.
pub async fn delete(
    state: &AppState,
    who: Option<Identity>,
    r: pb::TeamIdRequest,
) -> HostingResult<pb::DeleteTeamReply> {
    let who = host(who)?;
    let id = team_id(&r.team_id)?;
    let now = state.clock.now();
    let mut conn = state.conn().await?;
    conn.transaction::<_, HostingError, _>(async |c| {
        let t = hosted(c, &who, id).await?;
        let before =
            serde_json::json!({"teamName": t.team_name, "carIds": store::car_ids(c, id).await?});
        audit(c, id, &who, "host", "team_deleted", Some(before), None, now).await?;
        store::delete(c, id, now).await?;
        publish_team(c, id, now).await
    })
    .await?;
    state.relay.wake();
    Ok(pb::DeleteTeamReply { message: "Team deleted successfully".to_owned() })
}

/// `cohost/handleCoHostInvite` `{teamId, action, token?}`: with the link's token, its
/// invitation (single use); without, the pending invitation of the caller's email.
pub async fn handle_invite(
    state: &AppState,
    who: Option<Identity>,
    r: pb::HandleCoHostInviteRequest,
) -> HostingResult<pb::TeamReply> {
    let who = host(who)?;
    let id = team_id(&r.team_id)?;
    let action = InviteAction::parse(&r.action)?;
    let token = r.token.trim().to_owned();
    let email = if token.is_empty() { Some(email_of(state, &who).await?) } else { None };
    let now = state.clock.now();
    let mut conn = state.conn().await?;
    let team = conn
        .transaction::<_, HostingError, _>(async |c| {
            let t = store::get(c, id, true).await?.ok_or(HostingError::InvitationNotFound)?;
            let m = invitation_for(c, id, &token, email.as_deref()).await?;
            if t.host_id == who.user_id {
                return Err(HostingError::CannotInviteSelf);
            }
            let answered = invitation_of(&m).respond(action, now)?;
            let status = match answered.status {
                InvitationStatus::Accepted => "accepted",
                _ => "rejected",
            };
            if status == "accepted" && role_in(c, &t, &who).await? == Some(Role::CoHost) {
                return Err(HostingError::AlreadyCoHost(m.email.clone()));
            }
            store::answer(c, m.id, status, who.user_id, now).await?;
            let after = serde_json::json!({"email": m.email, "status": status});
            let act =
                if status == "accepted" { "invitation_accepted" } else { "invitation_rejected" };
            audit(c, id, &who, "invitee", act, None, Some(after), now).await?;
            if status == "accepted" {
                publish_team(c, id, now).await?;
                Ok(Some(fresh_view(c, id, Role::CoHost, now).await?))
            } else {
                Ok(None)
            }
        })
        .await?;
    state.relay.wake();
    Ok(match team {
        Some(t) => reply(state, &who, t, "Invitation accepted").await,
        None => pb::TeamReply { team: None, message: "Invitation rejected".to_owned() },
    })
}

/// `cohost/manageVehiclesOnTeam` `{teamId, carIds}`: the team's cars become these.
pub async fn manage_vehicles(
    state: &AppState,
    who: Option<Identity>,
    r: pb::ManageVehiclesRequest,
) -> HostingResult<pb::TeamReply> {
    let who = host(who)?;
    let id = team_id(&r.team_id)?;
    let ids = parse_car_ids(&r.car_ids.iter().map(String::as_str).collect::<Vec<_>>())?;
    let now = state.clock.now();
    let mut conn = state.conn().await?;
    let team = conn
        .transaction::<_, HostingError, _>(async |c| {
            let t = hosted(c, &who, id).await?;
            let cars = own_cars(c, &who, &ids, Some(id)).await?;
            let before = store::car_ids(c, id).await?;
            let after: Vec<Uuid> = cars.iter().map(|l| l.row.id).collect();
            if before != after {
                store::set_cars(c, id, &after, now).await?;
                let (b, a) =
                    (serde_json::json!({"carIds": before}), serde_json::json!({"carIds": after}));
                audit(c, id, &who, "host", "vehicles_changed", Some(b), Some(a), now).await?;
                publish_team(c, id, now).await?;
            }
            view(c, &t, Role::Host, now).await
        })
        .await?;
    state.relay.wake();
    Ok(reply(state, &who, team, "Vehicles updated").await)
}

/// `cohost/removeCoHost` `{teamId, coHostId}`: the host removes a co-host (or withdraws a
/// pending invitation); a co-host may remove themselves (leave). Access ends at once.
pub async fn remove_cohost(
    state: &AppState,
    who: Option<Identity>,
    r: pb::RemoveCoHostRequest,
) -> HostingResult<pb::TeamReply> {
    let who = host(who)?;
    let id = team_id(&r.team_id)?;
    let target = r.co_host_id.trim().to_owned();
    if target.is_empty() {
        return Err(HostingError::CoHostNotFound);
    }
    let now = state.clock.now();
    let mut conn = state.conn().await?;
    let team = conn
        .transaction::<_, HostingError, _>(async |c| {
            let (t, role) = team_for(c, &who, id, true).await?;
            let members = store::members(c, id).await?;
            let m = members
                .iter()
                .filter(|m| matches!(m.status.as_str(), "pending" | "accepted"))
                .find(|m| {
                    m.id.to_string() == target || m.user_id.is_some_and(|u| u.to_string() == target)
                })
                .ok_or(HostingError::CoHostNotFound)?;
            let leaving = role == Role::CoHost && m.user_id == Some(who.user_id);
            if role != Role::Host && !leaving {
                return Err(HostingError::TeamHostOnly);
            }
            let status = if m.status == "pending" { "revoked" } else { "removed" };
            store::end(c, m.id, status, now).await?;
            let before = serde_json::json!({"email": m.email, "status": m.status});
            let after = serde_json::json!({"email": m.email, "status": status});
            let (actor, action) =
                if leaving { ("co-host", "cohost_left") } else { ("host", "cohost_removed") };
            audit(c, id, &who, actor, action, Some(before), Some(after), now).await?;
            publish_team(c, id, now).await?;
            if leaving {
                return Ok(None);
            }
            Ok(Some(view(c, &t, Role::Host, now).await?))
        })
        .await?;
    state.relay.wake();
    Ok(match team {
        Some(t) => reply(state, &who, t, "Co-host removed").await,
        None => pb::TeamReply { team: None, message: "You left the team".to_owned() },
    })
}

/// `cohost/getAllTeamsForHost`: the teams the caller hosts or co-hosts.
pub async fn list(
    state: &AppState,
    who: Option<Identity>,
    r: pb::ListTeamsRequest,
) -> HostingResult<pb::TeamsReply> {
    let who = host(who)?;
    let filter = match r.status.trim().to_ascii_lowercase().as_str() {
        "" | "all" => None,
        "active" => Some(pb::TeamStatus::Active),
        "inactive" => Some(pb::TeamStatus::Inactive),
        _ => return Err(HostingError::InvalidTeamStatus),
    };
    let now = state.clock.now();
    let mut conn = state.conn().await?;
    let mut teams = Vec::new();
    for t in store::of_user(&mut conn, who.user_id).await? {
        let role = if t.host_id == who.user_id { Role::Host } else { Role::CoHost };
        let v = view(&mut conn, &t, role, now).await?;
        if filter.is_none_or(|f| v.team_status() == f) {
            teams.push(v);
        }
    }
    Ok(pb::TeamsReply { teams: named(state, &who, teams).await })
}

/// `cohost/getTeamById/{id}`.
pub async fn get(
    state: &AppState,
    who: Option<Identity>,
    r: pb::TeamIdRequest,
) -> HostingResult<pb::TeamReply> {
    let who = host(who)?;
    let id = team_id(&r.team_id)?;
    let now = state.clock.now();
    let mut conn = state.conn().await?;
    let (t, role) = team_for(&mut conn, &who, id, false).await?;
    let team = view(&mut conn, &t, role, now).await?;
    Ok(reply(state, &who, team, "Team fetched successfully").await)
}

/// `cohost/getTeamInfoForInvitee/{id}`: the team, its cars, the permissions and the earnings
/// share offered, for the invitee before they answer (by the link's token, or by the caller's
/// email).
pub async fn invitation(
    state: &AppState,
    who: Option<Identity>,
    r: pb::TeamInvitationRequest,
) -> HostingResult<pb::TeamInvitationReply> {
    let who = host(who)?;
    let id = team_id(&r.team_id)?;
    let token = r.token.trim().to_owned();
    let email = if token.is_empty() { Some(email_of(state, &who).await?) } else { None };
    let now = state.clock.now();
    let mut conn = state.conn().await?;
    let mut reply = conn
        .transaction::<_, HostingError, _>(async |c| {
            let t = store::get(c, id, false).await?.ok_or(HostingError::InvitationNotFound)?;
            let m = invitation_for(c, id, &token, email.as_deref()).await?;
            let cars = car_options(c, id).await?;
            let members = store::members(c, id).await?;
            let approved = members.iter().filter(|m| m.status == "accepted").count();
            Ok(pb::TeamInvitationReply {
                team_id: id.to_string(),
                team_name: t.team_name.clone(),
                host_id: t.host_id.to_string(),
                host_first_name: String::new(),
                cars,
                permissions: Some(pb_permissions(&permissions_of(&t))),
                invitation_status: states::invitation_status(&member_status(&m, now)) as i32,
                email: m.email.clone(),
                share_bp: m.share_bp,
                expires_at: rfc3339(m.expires_at),
                team_status: states::team_status(TeamStatus::from_approved_co_hosts(approved))
                    as i32,
            })
        })
        .await?;
    // The host's first name, best effort.
    let req = upcar_identity::outgoing(
        apb::PublicProfilesRequest { ids: vec![reply.host_id.clone()] },
        Some(&who),
    );
    if let Ok(r) = state.accounts.clone().get_public_profiles(req).await
        && let Some(p) = r.into_inner().profiles.into_iter().next()
    {
        reply.host_first_name = p.first_name;
    }
    Ok(reply)
}

/// `cohost/getTeamVehicles/{id}`.
pub async fn vehicles(
    state: &AppState,
    who: Option<Identity>,
    r: pb::TeamIdRequest,
) -> HostingResult<pb::VehicleOptionsReply> {
    let who = host(who)?;
    let id = team_id(&r.team_id)?;
    let mut conn = state.conn().await?;
    team_for(&mut conn, &who, id, false).await?;
    Ok(pb::VehicleOptionsReply { vehicles: car_options(&mut conn, id).await? })
}

/// The host's vehicle list for team creation: their cars on the platform or under review.
pub async fn host_vehicles(
    state: &AppState,
    who: Option<Identity>,
) -> HostingResult<pb::VehicleOptionsReply> {
    let who = host(who)?;
    let mut conn = state.conn().await?;
    let (cars, _) = listings::host_cars(&mut conn, who.user_id, 0, 1000).await?;
    Ok(pb::VehicleOptionsReply {
        vehicles: cars
            .iter()
            .filter(|l| l.row.stage().may_join_team())
            .map(vehicle_option)
            .collect(),
    })
}

/// The team's audit log (host only), newest first.
pub async fn audit_log(
    state: &AppState,
    who: Option<Identity>,
    r: pb::TeamAuditRequest,
) -> HostingResult<pb::TeamAuditReply> {
    let who = host(who)?;
    let id = team_id(&r.team_id)?;
    let limit = match r.limit {
        0 => 100,
        n if (1..=500).contains(&n) => i64::from(n),
        _ => return Err(HostingError::InvalidLimit),
    };
    let mut conn = state.conn().await?;
    let (_, role) = team_for(&mut conn, &who, id, false).await?;
    if role != Role::Host {
        return Err(HostingError::TeamHostOnly);
    }
    let json = |v: Option<serde_json::Value>| v.map(|v| v.to_string()).unwrap_or_default();
    Ok(pb::TeamAuditReply {
        entries: store::audit_log(&mut conn, id, limit)
            .await?
            .into_iter()
            .map(|a| pb::AuditEntry {
                id: a.id.to_string(),
                actor_id: a.actor_id.to_string(),
                actor_role: states::actor_role(&a.actor_role) as i32,
                action: a.action,
                car_id: a.car_id.map(|c| c.to_string()).unwrap_or_default(),
                before_json: json(a.before),
                after_json: json(a.after),
                at: rfc3339(a.at),
            })
            .collect(),
    })
}
