//! Additional drivers: the trip's guest invites people by email; each invitation carries a
//! single-use token (kept as its SHA-256) that expires after 7 days or at the trip's end. The
//! invitee, signed in with the invited email, checks it (`verification`) and accepts it
//! (`addDriverToTrip`), which needs their licence and selfie on file. Invitations leave as
//! `trips.additional_driver_invited` events for the notifications consumer to email.

use crate::api::agreement::random_token;
use crate::api::incidentals::{load, note};
use crate::error::{TripsError, TripsResult};
use crate::state::AppState;
use crate::store::extras::{self, DriverRow};
use crate::store::trips;
use chrono::Utc;
use diesel_async::{AsyncConnection, AsyncPgConnection};
use sha2::Digest;
use trips_domain::TripStatus;
use trips_domain::extras::{
    MAX_ADDITIONAL_DRIVERS, invitation_expiry, may_invite_drivers, normalize_email,
};
use upcar_errors::ErrorKind;
use upcar_identity::Identity;
use upcar_proto::accounts as apb;
use upcar_proto::trips as pb;
use uuid::Uuid;

fn sha256(token: &str) -> String {
    sha2::Sha256::digest(token.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

async fn account(state: &AppState, who: &Identity) -> TripsResult<apb::User> {
    state
        .accounts
        .clone()
        .get_user(upcar_identity::outgoing(
            apb::IdRequest { id: who.user_id.to_string() },
            Some(who),
        ))
        .await
        .map_err(TripsError::upstream)?
        .into_inner()
        .user
        .ok_or_else(|| TripsError::Internal(anyhow::anyhow!("accounts answered no user")))
}

fn driver_of(d: &DriverRow) -> pb::AdditionalDriver {
    pb::AdditionalDriver {
        email: d.email.clone(),
        status: if d.status == "invited" && d.expires_at < Utc::now() {
            "expired".to_owned()
        } else {
            d.status.clone()
        },
        invited_at: d.created_at.to_rfc3339(),
        expires_at: d.expires_at.to_rfc3339(),
        added_at: d.used_at.map(|t| t.to_rfc3339()),
    }
}

/// A trip's additional drivers and pending invitations, as answered with the trip.
pub async fn listed(
    c: &mut AsyncPgConnection,
    trip: Uuid,
) -> TripsResult<Vec<pb::AdditionalDriver>> {
    Ok(extras::drivers(c, trip).await?.iter().map(driver_of).collect())
}

/// `trips/addAdditionalDriver` `{tripId, additionalDriverEmails}`.
pub async fn invite(
    state: &AppState,
    who: Identity,
    r: pb::AddAdditionalDriversRequest,
) -> TripsResult<pb::AdditionalDriversReply> {
    if r.emails.is_empty() {
        return Err(TripsError::coded(
            ErrorKind::InvalidInput,
            "additional_driver_emails_required",
            "additionalDriverEmails is required",
        ));
    }
    let mut emails: Vec<String> = Vec::new();
    for e in &r.emails {
        let n = normalize_email(e).ok_or_else(|| {
            TripsError::coded(
                ErrorKind::InvalidInput,
                "invalid_email",
                format!("{:?} is not a valid email address.", e.trim()),
            )
        })?;
        if !emails.contains(&n) {
            emails.push(n);
        }
    }
    if emails.len() > MAX_ADDITIONAL_DRIVERS {
        return Err(TripsError::coded(
            ErrorKind::InvalidInput,
            "too_many_drivers",
            format!("At most {MAX_ADDITIONAL_DRIVERS} additional drivers per trip."),
        ));
    }
    let me = account(state, &who).await?;
    if emails.iter().any(|e| e.eq_ignore_ascii_case(me.email.trim())) {
        return Err(TripsError::coded(
            ErrorKind::InvalidInput,
            "own_email",
            "You are already the trip's driver; invite someone else.",
        ));
    }
    let mut conn = state.conn().await?;
    let reply = conn
        .transaction::<_, TripsError, _>(async |c| {
            let (t, actor, status) = load(c, &who, &r.trip_id, true).await?;
            may_invite_drivers(status, actor)?;
            let now = Utc::now();
            let live = extras::drivers(c, t.id).await?;
            if let Some(d) = live.iter().find(|d| d.status == "added" && emails.contains(&d.email))
            {
                return Err(TripsError::coded(
                    ErrorKind::Conflict,
                    "driver_already_added",
                    format!("{} is already an additional driver of this trip.", d.email),
                ));
            }
            let others = live
                .iter()
                .filter(|d| !emails.contains(&d.email))
                .filter(|d| d.status == "added" || d.expires_at > now)
                .count();
            if others + emails.len() > MAX_ADDITIONAL_DRIVERS {
                return Err(TripsError::coded(
                    ErrorKind::Conflict,
                    "too_many_drivers",
                    format!("At most {MAX_ADDITIONAL_DRIVERS} additional drivers per trip."),
                ));
            }
            let expires_at = invitation_expiry(now, t.end_time);
            for email in &emails {
                extras::revoke_invitation(c, t.id, email).await?;
                let token = random_token();
                extras::insert_driver(
                    c,
                    &DriverRow {
                        id: Uuid::now_v7(),
                        trip_id: t.id,
                        email: email.clone(),
                        status: "invited".to_owned(),
                        user_id: None,
                        expires_at,
                        created_at: now,
                        used_at: None,
                    },
                    &sha256(&token),
                    who.user_id,
                )
                .await?;
                crate::events::driver_invited(
                    c,
                    upcar_proto::events::AdditionalDriverInvited {
                        trip_id: t.id.to_string(),
                        invited_by: who.user_id.to_string(),
                        email: email.clone(),
                        token,
                        expires_at: expires_at.to_rfc3339(),
                        reservation_number: t.reservation_number.clone(),
                        occurred_at: now.to_rfc3339(),
                    },
                )
                .await?;
                note(c, &t, Some(&who), "guest", "invite_driver", email).await?;
            }
            Ok(pb::AdditionalDriversReply {
                trip_id: t.id.to_string(),
                drivers: listed(c, t.id).await?,
                message: "Invitations sent.".to_owned(),
            })
        })
        .await?;
    state.relay.wake();
    Ok(reply)
}

/// Checks a token for the signed-in invitee: the invitation and its trip (locked when `lock`).
async fn invitation(
    c: &mut AsyncPgConnection,
    me: &apb::User,
    token: &str,
    lock: bool,
) -> TripsResult<(DriverRow, trips::TripRow)> {
    let token = token.trim();
    if token.is_empty() {
        return Err(TripsError::coded(
            ErrorKind::InvalidInput,
            "token_required",
            "token is required",
        ));
    }
    let not_found = || {
        TripsError::coded(
            ErrorKind::NotFound,
            "invitation_not_found",
            "This invitation link is not valid.",
        )
    };
    if token.len() > 256 {
        return Err(not_found());
    }
    let d = extras::driver_by_token(c, &sha256(token), lock).await?.ok_or_else(not_found)?;
    if d.status == "revoked" {
        return Err(not_found());
    }
    if !d.email.eq_ignore_ascii_case(me.email.trim()) {
        return Err(TripsError::coded(
            ErrorKind::Forbidden,
            "invitation_for_another_email",
            "This invitation was sent to another email address. Sign in with that address.",
        ));
    }
    if d.status == "added" {
        return Err(TripsError::coded(
            ErrorKind::Conflict,
            "invitation_used",
            "This invitation has already been used.",
        ));
    }
    if d.expires_at < Utc::now() {
        return Err(TripsError::coded(
            ErrorKind::Conflict,
            "invitation_expired",
            "This invitation has expired. Ask the guest to invite you again.",
        ));
    }
    let t = trips::get(c, d.trip_id, lock).await?.ok_or(TripsError::TripNotFound)?;
    if !TripStatus::parse(&t.status).is_some_and(TripStatus::holds_car) {
        return Err(TripsError::coded(
            ErrorKind::Conflict,
            "invalid_trip_status",
            "This trip is no longer booked.",
        ));
    }
    Ok((d, t))
}

fn answer(
    d: &DriverRow,
    t: &trips::TripRow,
    status: &str,
    message: &str,
) -> pb::DriverInvitationReply {
    pb::DriverInvitationReply {
        trip_id: t.id.to_string(),
        email: d.email.clone(),
        status: status.to_owned(),
        expires_at: d.expires_at.to_rfc3339(),
        reservation_number: t.reservation_number.clone(),
        car_id: t.car_id.to_string(),
        start_time: crate::api::convert::local(t.start_time, &t.time_zone),
        end_time: crate::api::convert::local(t.end_time, &t.time_zone),
        time_zone: t.time_zone.clone(),
        message: message.to_owned(),
    }
}

/// `additionaldriver/verification` `{token}`: whether the invitation is valid for the caller.
pub async fn verify(
    state: &AppState,
    who: Identity,
    r: pb::DriverTokenRequest,
) -> TripsResult<pb::DriverInvitationReply> {
    let me = account(state, &who).await?;
    let mut conn = state.conn().await?;
    let (d, t) = invitation(&mut conn, &me, &r.token, false).await?;
    Ok(answer(&d, &t, "invited", "The invitation is valid."))
}

/// `additionaldriver/addDriverToTrip` `{token}`: the invitee joins the trip (once).
pub async fn accept(
    state: &AppState,
    who: Identity,
    r: pb::DriverTokenRequest,
) -> TripsResult<pb::DriverInvitationReply> {
    let me = account(state, &who).await?;
    let needed = me.pre_book_verif_needed_fields.unwrap_or_default();
    let mut conn = state.conn().await?;
    conn.transaction::<_, TripsError, _>(async |c| {
        let (d, t) = invitation(c, &me, &r.token, true).await?;
        if t.guest_id == who.user_id || t.owner_id == who.user_id {
            return Err(TripsError::coded(
                ErrorKind::Conflict,
                "already_on_trip",
                "You are already on this trip.",
            ));
        }
        if needed.dl_upload_needed || needed.dob {
            return Err(TripsError::VerificationRequired(
                "Please add your date of birth and upload your licence (front and back) and a selfie before joining the trip as a driver.".to_owned(),
            ));
        }
        if extras::mark_driver_added(c, d.id, who.user_id).await? != 1 {
            return Err(TripsError::coded(
                ErrorKind::Conflict,
                "invitation_used",
                "This invitation has already been used.",
            ));
        }
        note(c, &t, Some(&who), "additional_driver", "add_driver", &d.email).await?;
        Ok(answer(&d, &t, "added", "You are now an additional driver on this trip."))
    })
    .await
}
