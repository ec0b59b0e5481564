//! Reading trips: one trip for its guest, its host or an admin; lists for guests and hosts.

use crate::api::convert;
use crate::error::{TripsError, TripsResult};
use crate::state::AppState;
use crate::store::payments::hold_statuses;
use crate::store::trips::{self, TripRow, View};
use trips_domain::Actor;
use upcar_identity::{Identity, Role};
use upcar_proto::trips as pb;
use uuid::Uuid;

/// The caller's part in a trip: its guest, the car's host, a co-host of the car in one of the
/// host's active teams (the `team_access` read model), an additional driver who accepted the
/// guest's invitation, an admin, or a stranger.
pub async fn actor_of(
    conn: &mut diesel_async::AsyncPgConnection,
    t: &TripRow,
    who: &Identity,
) -> diesel::QueryResult<Actor> {
    let actor = direct_actor(t, who);
    if actor != Actor::Stranger || who.role != Role::User {
        return Ok(actor);
    }
    if let Some(booking_management) =
        crate::store::teams::cohost_grant(conn, who.user_id, t.car_id, t.owner_id).await?
    {
        return Ok(Actor::CoHost { booking_management });
    }
    Ok(if crate::store::extras::is_added_driver(conn, t.id, who.user_id).await? {
        Actor::Driver
    } else {
        Actor::Stranger
    })
}

/// The caller's part in a trip as the trip itself tells (no team lookup).
fn direct_actor(t: &TripRow, who: &Identity) -> Actor {
    if who.role == Role::Admin {
        Actor::Admin
    } else if who.role != Role::User {
        Actor::Stranger
    } else if t.guest_id == who.user_id {
        Actor::Guest
    } else if t.owner_id == who.user_id {
        Actor::Host
    } else {
        Actor::Stranger
    }
}

/// The role name of an actor in answers (the view the client shows: a co-host sees the host's).
pub fn role_name(a: Actor) -> &'static str {
    match a {
        Actor::Guest => "guest",
        Actor::Host | Actor::CoHost { .. } => "host",
        Actor::Admin => "admin",
        Actor::Driver => "driver",
        Actor::Stranger => "none",
    }
}

/// The role recorded in a trip's history: who exactly acted.
pub fn history_role(a: Actor) -> &'static str {
    match a {
        Actor::CoHost { .. } => "cohost",
        other => role_name(other),
    }
}

/// A trip id from a request; a malformed id is an unknown trip.
pub fn trip_id(s: &str) -> TripsResult<Uuid> {
    s.trim().parse().map_err(|_| TripsError::TripNotFound)
}

/// A trip answered to its guest, host or an admin. Anyone else learns nothing (404).
pub async fn reply_for(
    state: &AppState,
    t: &TripRow,
    who: &Identity,
    message: &str,
) -> TripsResult<pb::TripReply> {
    let mut conn = state.conn().await?;
    reply_with(&mut conn, t, who, message).await
}

/// A trip as `actor` sees it: an additional driver's view leaves the money out.
fn seen_by(
    actor: Actor,
    t: &TripRow,
    history: &[trips::HistoryRow],
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

/// The same on a given connection (inside a transaction that changed the trip).
pub async fn reply_with(
    conn: &mut diesel_async::AsyncPgConnection,
    t: &TripRow,
    who: &Identity,
    message: &str,
) -> TripsResult<pb::TripReply> {
    let actor = actor_of(conn, t, who).await?;
    if !actor.may_read() {
        return Err(TripsError::TripNotFound);
    }
    let history = trips::history(conn, &[t.id]).await?;
    let holds = hold_statuses(conn, &[t.id]).await?;
    let payment = holds.get(&t.id).map(String::as_str).unwrap_or("");
    let drivers = crate::api::drivers::listed(conn, t.id).await?;
    let trip = seen_by(actor, t, &history, payment, drivers);
    Ok(pb::TripReply { trip: Some(trip), message: message.to_owned() })
}

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
        other => return Err(TripsError::Invalid(format!("unknown list {other:?}"))),
    };
    let mut conn = state.conn().await?;
    let rows = trips::list(&mut conn, who.user_id, v).await?;
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
