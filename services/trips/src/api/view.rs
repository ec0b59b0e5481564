//! A trip as each party sees it: the guest, the host and co-hosts, support, and additional
//! drivers (who see neither its money nor other people's pending invitations).

use crate::api::access::{actor_of, role_name};
use crate::api::convert;
use crate::error::{TripsError, TripsResult};
use crate::state::AppState;
use crate::store::extras::{self, DriverRow};
use crate::store::payments::hold_statuses;
use crate::store::trips::{self, HistoryRow, TripRow};
use chrono::{DateTime, Utc};
use diesel_async::AsyncPgConnection;
use trips_domain::Actor;
use upcar_identity::Identity;
use upcar_proto::trips as pb;
use uuid::Uuid;

/// An invitation or an added driver as answered (an invitation past its date reads `expired`).
pub fn driver_of(d: &DriverRow, now: DateTime<Utc>) -> pb::AdditionalDriver {
    pb::AdditionalDriver {
        email: d.email.clone(),
        status: if d.status == "invited" && d.expires_at < now {
            pb::DriverStatus::Expired
        } else {
            convert::driver_status(&d.status)
        } as i32,
        invited_at: d.created_at.to_rfc3339(),
        expires_at: d.expires_at.to_rfc3339(),
        added_at: d.used_at.map(|t| t.to_rfc3339()),
    }
}

/// A trip's additional drivers and pending invitations, as answered with the trip.
pub async fn drivers(
    c: &mut AsyncPgConnection,
    trip: Uuid,
    now: DateTime<Utc>,
) -> TripsResult<Vec<pb::AdditionalDriver>> {
    Ok(extras::drivers(c, trip).await?.iter().map(|d| driver_of(d, now)).collect())
}

/// A trip as `actor` sees it.
pub fn seen_by(
    actor: Actor,
    t: &TripRow,
    history: &[HistoryRow],
    payment: &str,
    drivers: Vec<pb::AdditionalDriver>,
) -> pb::Trip {
    let mut trip = convert::trip(t, history, role_name(actor), payment);
    trip.additional_drivers = drivers;
    if actor == Actor::Driver {
        convert::for_driver(&mut trip);
    }
    trip
}

/// A trip answered to a party, on a given connection (inside the transaction that changed it).
/// Anyone else learns nothing (404).
pub async fn reply_with(
    c: &mut AsyncPgConnection,
    t: &TripRow,
    who: &Identity,
    message: &str,
    now: DateTime<Utc>,
) -> TripsResult<pb::TripReply> {
    let actor = actor_of(c, t, who).await?;
    if !actor.may_read() {
        return Err(TripsError::TripNotFound);
    }
    let history = trips::history(c, &[t.id]).await?;
    let holds = hold_statuses(c, &[t.id]).await?;
    let payment = holds.get(&t.id).map(String::as_str).unwrap_or("");
    let drivers = drivers(c, t.id, now).await?;
    let trip = seen_by(actor, t, &history, payment, drivers);
    Ok(pb::TripReply { trip: Some(trip), message: message.to_owned() })
}

/// [`reply_with`] on a connection of its own.
pub async fn reply_for(
    state: &AppState,
    t: &TripRow,
    who: &Identity,
    message: &str,
) -> TripsResult<pb::TripReply> {
    let mut conn = state.conn().await?;
    reply_with(&mut conn, t, who, message, state.clock.now()).await
}
