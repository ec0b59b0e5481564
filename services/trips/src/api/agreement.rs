//! The rental agreement: read by the trip's guest, host or an admin (signed in), or by anyone
//! holding the trip's agreement token (a link in an email works without signing in). It signs
//! itself, with server time recorded in the history, once check-in and checkout data exist.

use crate::api::convert;
use crate::api::incidentals::note;
use crate::api::read::{actor_of, role_name, trip_id};
use crate::error::{TripsError, TripsResult};
use crate::state::AppState;
use crate::store::extras;
use crate::store::payments::hold_statuses;
use crate::store::trips::{self, TripRow};
use chrono::{Duration, Utc};
use diesel_async::{AsyncConnection, AsyncPgConnection};
use trips_domain::extras::{AGREEMENT_TOKEN_DAYS_AFTER_END, agreement_signable};
use upcar_errors::ErrorKind;
use upcar_identity::Identity;
use upcar_proto::trips as pb;
use uuid::Uuid;

/// A new random token (244 random bits as 64 hex characters).
pub fn random_token() -> String {
    format!("{}{}", Uuid::new_v4().simple(), Uuid::new_v4().simple())
}

/// Signs the agreement if check-in and checkout data exist and it is not signed yet; the
/// signature is a history line with server time.
pub async fn sign_if_ready(c: &mut AsyncPgConnection, t: &TripRow) -> TripsResult<()> {
    if agreement_signable(t.checked_in_at, t.checked_out_at)
        && extras::sign_agreement(c, t.id).await?
    {
        note(
            c,
            t,
            None,
            "system",
            "agreement_signed",
            "Signed by the guest's check-in and the checkout of the car",
        )
        .await?;
    }
    Ok(())
}

fn not_found() -> TripsError {
    TripsError::coded(
        ErrorKind::NotFound,
        "agreement_not_found",
        "This agreement link is not valid or has expired.",
    )
}

/// `trips/getRentalAgreement/{tripId}?token=`.
pub async fn get(
    state: &AppState,
    who: Option<Identity>,
    r: pb::RentalAgreementRequest,
) -> TripsResult<pb::RentalAgreementReply> {
    let id = trip_id(&r.trip_id)?;
    let token = r.token.trim().to_owned();
    if who.is_none() && token.is_empty() {
        return Err(TripsError::SignInRequired);
    }
    let mut conn = state.conn().await?;
    conn.transaction::<_, TripsError, _>(async |c| {
        let t = trips::get(c, id, true).await?;
        let (t, role) = match &who {
            Some(w) => {
                let t = t.ok_or(TripsError::TripNotFound)?;
                let actor = actor_of(c, &t, w).await?;
                if !actor.may_read() {
                    return Err(TripsError::TripNotFound);
                }
                (t, role_name(actor))
            }
            None => {
                let t = t.ok_or_else(not_found)?;
                let owner = extras::trip_of_agreement_token(c, &token).await?;
                let expired =
                    Utc::now() > t.end_time + Duration::days(AGREEMENT_TOKEN_DAYS_AFTER_END);
                if owner != Some(t.id) || expired {
                    return Err(not_found());
                }
                (t, "agreement_link")
            }
        };
        sign_if_ready(c, &t).await?;
        let agreement_token = if who.is_some() {
            extras::agreement_token(c, t.id, &random_token()).await?
        } else {
            String::new()
        };
        let (_, signed_at) = extras::agreement_state(c, t.id).await?;
        let history = trips::history(c, &[t.id]).await?;
        let holds = hold_statuses(c, &[t.id]).await?;
        let payment = holds.get(&t.id).map(String::as_str).unwrap_or("");
        let mut trip = convert::trip(&t, &history, role, payment);
        trip.additional_drivers = crate::api::drivers::listed(c, t.id).await?;
        Ok(pb::RentalAgreementReply {
            trip: Some(trip),
            signed: signed_at.is_some(),
            signed_at: signed_at.map(|d| d.to_rfc3339()),
            checked_in_at: t.checked_in_at.map(|d| d.to_rfc3339()),
            checked_out_at: t.checked_out_at.map(|d| d.to_rfc3339()),
            token_expires_at: if agreement_token.is_empty() {
                String::new()
            } else {
                (t.end_time + Duration::days(AGREEMENT_TOKEN_DAYS_AFTER_END)).to_rfc3339()
            },
            agreement_token,
        })
    })
    .await
}
