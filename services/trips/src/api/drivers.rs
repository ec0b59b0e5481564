//! Additional drivers: the trip's guest invites people by email; each invitation carries a
//! single-use token (kept as its SHA-256) that expires after 7 days or at the trip's end. The
//! invitee, signed in with the invited email, checks it (`verification`) and accepts it
//! (`addDriverToTrip`), which needs their licence and selfie on file. Invitations leave as
//! `trips.additional_driver_invited` events for the notifications consumer to email.

use crate::api::access::{history_role, load};
use crate::api::convert::{INVITE_DRIVER, REMOVE_DRIVER};
use crate::api::eligibility::{DriverFacts, check_driver, day_of};
use crate::api::history::note;
use crate::api::peers::account;
use crate::api::tokens::{random_token, sha256};
use crate::api::view::drivers;
use crate::error::{TripsError, TripsResult};
use crate::state::AppState;
use crate::store::extras::{self, DriverRow};
use crate::store::trips;
use chrono::{DateTime, Utc};
use diesel_async::{AsyncConnection, AsyncPgConnection};
use trips_domain::TripStatus;
use trips_domain::extras::{
    MAX_ADDITIONAL_DRIVERS, invitation_expiry, may_invite_drivers, may_remove_drivers,
    normalize_email,
};
use upcar_identity::Identity;
use upcar_proto::accounts as apb;
use upcar_proto::trips as pb;
use uuid::Uuid;

/// `trips/addAdditionalDriver` `{tripId, additionalDriverEmails}`.
pub async fn invite(
    state: &AppState,
    who: Identity,
    r: pb::AddAdditionalDriversRequest,
) -> TripsResult<pb::AdditionalDriversReply> {
    if r.emails.is_empty() {
        return Err(TripsError::DriverEmailsRequired);
    }
    let mut emails: Vec<String> = Vec::new();
    for e in &r.emails {
        let n = normalize_email(e).ok_or_else(|| TripsError::InvalidEmail(e.trim().to_owned()))?;
        if !emails.contains(&n) {
            emails.push(n);
        }
    }
    if emails.len() > MAX_ADDITIONAL_DRIVERS {
        return Err(TripsError::TooManyDrivers);
    }
    let me = account(state, &who).await?;
    if emails.iter().any(|e| e.eq_ignore_ascii_case(me.email.trim())) {
        return Err(TripsError::OwnEmail);
    }
    let mut conn = state.conn().await?;
    let reply = conn
        .transaction::<_, TripsError, _>(async |c| {
            let (t, actor, status) = load(c, &who, &r.trip_id, true).await?;
            may_invite_drivers(status, actor)?;
            let now = state.clock.now();
            let live = extras::drivers(c, t.id).await?;
            if let Some(d) = live.iter().find(|d| d.status == "added" && emails.contains(&d.email))
            {
                return Err(TripsError::DriverAlreadyAdded(d.email.clone()));
            }
            let others = live
                .iter()
                .filter(|d| !emails.contains(&d.email))
                .filter(|d| d.status == "added" || d.expires_at > now)
                .count();
            if others + emails.len() > MAX_ADDITIONAL_DRIVERS {
                return Err(TripsError::TooManyDrivers);
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
                note(c, &t, Some(&who), "guest", INVITE_DRIVER, email, now).await?;
            }
            Ok(pb::AdditionalDriversReply {
                trip_id: t.id.to_string(),
                drivers: drivers(c, t.id, now).await?,
                message: "Invitations sent.".to_owned(),
            })
        })
        .await?;
    state.relay.wake();
    Ok(reply)
}

/// `trips/removeAdditionalDriver` `{tripId, email}`: the guest (or support) removes an added
/// driver, who no longer sees the trip, or withdraws an invitation, whose link stops working.
pub async fn remove(
    state: &AppState,
    who: Identity,
    r: pb::RemoveAdditionalDriverRequest,
) -> TripsResult<pb::AdditionalDriversReply> {
    if r.email.trim().is_empty() {
        return Err(TripsError::DriverEmailRequired);
    }
    let email = normalize_email(&r.email)
        .ok_or_else(|| TripsError::InvalidEmail(r.email.trim().to_owned()))?;
    let mut conn = state.conn().await?;
    conn.transaction::<_, TripsError, _>(async |c| {
        let (t, actor, status) = load(c, &who, &r.trip_id, true).await?;
        may_remove_drivers(status, actor)?;
        let now = state.clock.now();
        if extras::revoke_driver(c, t.id, &email, now).await? == 0 {
            return Err(TripsError::DriverNotFound(email.clone()));
        }
        note(c, &t, Some(&who), history_role(actor), REMOVE_DRIVER, &email, now).await?;
        Ok(pb::AdditionalDriversReply {
            trip_id: t.id.to_string(),
            drivers: drivers(c, t.id, now).await?,
            message: format!("{email} is no longer a driver of this trip."),
        })
    })
    .await
}

/// Checks a token for the signed-in invitee: the invitation and its trip (locked when `lock`).
async fn invitation(
    c: &mut AsyncPgConnection,
    me: &apb::User,
    token: &str,
    lock: bool,
    now: DateTime<Utc>,
) -> TripsResult<(DriverRow, trips::TripRow)> {
    let token = token.trim();
    if token.is_empty() {
        return Err(TripsError::InvitationTokenRequired);
    }
    if token.len() > 256 {
        return Err(TripsError::InvitationNotFound);
    }
    let d = extras::driver_by_token(c, &sha256(token), lock)
        .await?
        .ok_or(TripsError::InvitationNotFound)?;
    if d.status == "revoked" {
        return Err(TripsError::InvitationNotFound);
    }
    if !d.email.eq_ignore_ascii_case(me.email.trim()) {
        return Err(TripsError::InvitationForAnotherEmail);
    }
    if d.status == "added" {
        return Err(TripsError::InvitationUsed);
    }
    if d.expires_at < now {
        return Err(TripsError::InvitationExpired);
    }
    let t = trips::get(c, d.trip_id, lock).await?.ok_or(TripsError::TripNotFound)?;
    if !TripStatus::parse(&t.status).is_some_and(TripStatus::holds_car) {
        return Err(TripsError::InvitationTripNotBooked);
    }
    Ok((d, t))
}

fn answer(
    d: &DriverRow,
    t: &trips::TripRow,
    status: pb::DriverStatus,
    message: &str,
) -> pb::DriverInvitationReply {
    pb::DriverInvitationReply {
        trip_id: t.id.to_string(),
        email: d.email.clone(),
        status: status as i32,
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
    let (d, t) = invitation(&mut conn, &me, &r.token, false, state.clock.now()).await?;
    Ok(answer(&d, &t, pb::DriverStatus::Invited, "The invitation is valid."))
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
        let now = state.clock.now();
        let (d, t) = invitation(c, &me, &r.token, true, now).await?;
        if t.guest_id == who.user_id || t.owner_id == who.user_id {
            return Err(TripsError::AlreadyOnTrip);
        }
        if needed.dl_upload_needed || needed.dob {
            return Err(TripsError::VerificationRequired(
                "Please add your date of birth, upload your licence (front and back) and a selfie and add its details before joining the trip as a driver.".to_owned(),
            ));
        }
        // Old enough for the car on the first day, licensed through the last.
        let facts = DriverFacts { dob: day_of(&me.dob), license_expires: day_of(&me.license_expiration_date) };
        let tz = t.time_zone.parse().unwrap_or(chrono_tz::America::Los_Angeles);
        check_driver(facts, t.min_driver_age, t.start_time, t.end_time, tz)?;
        if extras::mark_driver_added(c, d.id, who.user_id, now).await? != 1 {
            return Err(TripsError::InvitationUsed);
        }
        note(c, &t, Some(&who), "additional_driver", "add_driver", &d.email, now).await?;
        Ok(answer(&d, &t, pb::DriverStatus::Added, "You are now an additional driver on this trip."))
    })
    .await
}
