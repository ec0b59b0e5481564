//! A trip's append-only history: every status change, and what is done around the trip (an
//! invitation, an incidental, a report, the agreement's signature), each line at the service's
//! time.

use crate::api::access::history_role;
use crate::error::TripsResult;
use crate::store::extras;
use crate::store::trips::{self, HistoryRow, TripRow};
use chrono::{DateTime, Utc};
use diesel_async::AsyncPgConnection;
use trips_domain::extras::agreement_signable;
use trips_domain::{Action, Actor, TripStatus};
use upcar_identity::Identity;

/// One transition of a trip, for the history.
pub struct Change {
    pub actor: Actor,
    pub from: TripStatus,
    pub to: TripStatus,
    pub action: Action,
}

/// Records a status change made by `who`.
pub async fn record(
    c: &mut AsyncPgConnection,
    t: &TripRow,
    who: &Identity,
    ch: Change,
    why: &str,
    at: DateTime<Utc>,
) -> TripsResult<()> {
    let Change { actor, from, to, action } = ch;
    trips::append_history(
        c,
        &HistoryRow {
            trip_id: t.id,
            from_status: from.as_str().to_owned(),
            to_status: to.as_str().to_owned(),
            action: action.as_str().to_owned(),
            actor_id: Some(who.user_id),
            actor_role: history_role(actor).to_owned(),
            reason: why.to_owned(),
            at,
        },
    )
    .await?;
    Ok(())
}

/// A history line for something done around the trip (the status does not change).
pub async fn note(
    c: &mut AsyncPgConnection,
    t: &TripRow,
    who: Option<&Identity>,
    role: &str,
    action: &str,
    why: &str,
    at: DateTime<Utc>,
) -> TripsResult<()> {
    trips::append_history(
        c,
        &HistoryRow {
            trip_id: t.id,
            from_status: t.status.clone(),
            to_status: t.status.clone(),
            action: action.to_owned(),
            actor_id: who.map(|w| w.user_id),
            actor_role: role.to_owned(),
            reason: why.to_owned(),
            at,
        },
    )
    .await?;
    Ok(())
}

/// Signs the rental agreement if check-in and checkout data exist and it is not signed yet;
/// the signature is a history line with the service's time.
pub async fn sign_if_ready(
    c: &mut AsyncPgConnection,
    t: &TripRow,
    at: DateTime<Utc>,
) -> TripsResult<()> {
    if agreement_signable(t.checked_in_at, t.checked_out_at)
        && extras::sign_agreement(c, t.id, at).await?
    {
        note(
            c,
            t,
            None,
            "system",
            "agreement_signed",
            "Signed by the guest's check-in and the checkout of the car",
            at,
        )
        .await?;
    }
    Ok(())
}
