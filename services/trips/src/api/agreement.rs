//! The rental agreement: read by the trip's guest, host or an admin (signed in), or by anyone
//! holding the trip's agreement token (a link in an email works without signing in). It signs
//! itself, with server time recorded in the history, once check-in and checkout data exist.

use crate::api::access::{actor_of, trip_id};
use crate::api::convert;
use crate::api::history::sign_if_ready;
use crate::api::tokens::random_token;
use crate::api::view::{drivers, seen_by};
use crate::error::{TripsError, TripsResult};
use crate::state::AppState;
use crate::store::extras;
use crate::store::payments::hold_statuses;
use crate::store::trips;
use chrono::Duration;
use diesel_async::AsyncConnection;
use trips_domain::extras::AGREEMENT_TOKEN_DAYS_AFTER_END;
use upcar_identity::Identity;
use upcar_proto::trips as pb;

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
        let now = state.clock.now();
        let t = trips::get(c, id, true).await?;
        let (t, actor) = match &who {
            Some(w) => {
                let t = t.ok_or(TripsError::TripNotFound)?;
                let actor = actor_of(c, &t, w).await?;
                if !actor.may_read() {
                    return Err(TripsError::TripNotFound);
                }
                (t, Some(actor))
            }
            None => {
                let t = t.ok_or(TripsError::AgreementNotFound)?;
                let owner = extras::trip_of_agreement_token(c, &token).await?;
                let expired = now > t.end_time + Duration::days(AGREEMENT_TOKEN_DAYS_AFTER_END);
                if owner != Some(t.id) || expired {
                    return Err(TripsError::AgreementNotFound);
                }
                (t, None)
            }
        };
        sign_if_ready(c, &t, now).await?;
        let agreement_token = if who.is_some() {
            extras::agreement_token(c, t.id, &random_token()).await?
        } else {
            String::new()
        };
        let (_, signed_at) = extras::agreement_state(c, t.id).await?;
        let history = trips::history(c, &[t.id]).await?;
        let holds = hold_statuses(c, &[t.id]).await?;
        let payment = holds.get(&t.id).map(String::as_str).unwrap_or("");
        let drivers = drivers(c, t.id, now).await?;
        // A party sees the trip as everywhere else; the link's holder sees the whole agreement.
        let trip = match actor {
            Some(a) => seen_by(a, &t, &history, payment, drivers),
            None => {
                let mut trip = convert::trip(&t, &history, "agreement_link", payment);
                trip.additional_drivers = drivers;
                trip
            }
        };
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
