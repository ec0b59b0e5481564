//! Reading trips: one trip for its parties; lists for guests and hosts.

use crate::api::access::{actor_of, trip_id};
use crate::api::view::{reply_for, seen_by};
use crate::error::{TripsError, TripsResult};
use crate::state::AppState;
use crate::store::payments::hold_statuses;
use crate::store::trips::{self, View};
use upcar_identity::Identity;
use upcar_proto::trips as pb;
use uuid::Uuid;

/// `trips/getTrip/{id}`.
pub async fn get_trip(state: &AppState, who: &Identity, id: &str) -> TripsResult<pb::TripReply> {
    let id = trip_id(id)?;
    let t = {
        let mut conn = state.conn().await?;
        trips::get(&mut conn, id, false).await?.ok_or(TripsError::TripNotFound)?
    };
    reply_for(state, &t, who, "").await
}

/// The guest's and host's trip lists.
pub async fn list_trips(
    state: &AppState,
    who: &Identity,
    view: &str,
) -> TripsResult<pb::TripsReply> {
    let v = match view {
        "guest_current" => View::GuestCurrent,
        "guest_past" => View::GuestPast,
        "host_future" => View::HostFuture,
        "host_past" => View::HostPast,
        other => return Err(TripsError::UnknownTripList(other.to_owned())),
    };
    let mut conn = state.conn().await?;
    let rows = trips::list(&mut conn, who.user_id, v, state.clock.now()).await?;
    let ids: Vec<Uuid> = rows.iter().map(|t| t.id).collect();
    let history = trips::history(&mut conn, &ids).await?;
    let holds = hold_statuses(&mut conn, &ids).await?;
    let mut trips = Vec::with_capacity(rows.len());
    for t in &rows {
        let actor = actor_of(&mut conn, t, who).await?;
        let payment = holds.get(&t.id).map(String::as_str).unwrap_or("");
        trips.push(seen_by(actor, t, &history, payment, Vec::new()));
    }
    Ok(pb::TripsReply { trips })
}
