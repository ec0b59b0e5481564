//! Who is a party to a trip, and loading a trip for a caller. Every handler reaches a trip
//! through here, so a caller with no part in it learns nothing: the same 404 `trip_not_found`
//! whether the trip exists or not.

use crate::error::{TripsError, TripsResult};
use crate::store::trips::{self, TripRow};
use diesel_async::AsyncPgConnection;
use trips_domain::{Action, Actor, TripStatus, transition};
use upcar_identity::{Identity, Role};
use uuid::Uuid;

/// The caller's part in a trip: its guest, the car's host, a co-host of the car in one of the
/// host's active teams (the `team_access` read model), an additional driver who accepted the
/// guest's invitation, an admin, or a stranger.
pub async fn actor_of(
    conn: &mut AsyncPgConnection,
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
    if s.trim().is_empty() {
        return Err(TripsError::TripIdRequired);
    }
    s.trim().parse().map_err(|_| TripsError::TripNotFound)
}

/// A stored status.
pub fn status_of(s: &str) -> TripsResult<TripStatus> {
    TripStatus::parse(s).ok_or_else(|| TripsError::Internal(anyhow::anyhow!("bad status {s}")))
}

/// The trip (locked when `lock`), the caller's part and its status; 404 for anyone who may not
/// read it.
pub async fn load(
    c: &mut AsyncPgConnection,
    who: &Identity,
    id: &str,
    lock: bool,
) -> TripsResult<(TripRow, Actor, TripStatus)> {
    let id = trip_id(id)?;
    let t = trips::get(c, id, lock).await?.ok_or(TripsError::TripNotFound)?;
    let actor = actor_of(c, &t, who).await?;
    if !actor.may_read() {
        return Err(TripsError::TripNotFound);
    }
    let status = status_of(&t.status)?;
    Ok((t, actor, status))
}

/// A change of a trip's status by the caller: the trip, locked, and the statuses before and
/// after `action` (the domain decides who may, from which status).
pub struct Transition {
    pub trip: TripRow,
    pub actor: Actor,
    pub from: TripStatus,
    pub to: TripStatus,
}

/// Loads the trip for a change (locked) and the status `action` leads to.
pub async fn load_for(
    c: &mut AsyncPgConnection,
    who: &Identity,
    id: &str,
    action: Action,
) -> TripsResult<Transition> {
    let (trip, actor, from) = load(c, who, id, true).await?;
    let to = transition(from, action, actor)?;
    Ok(Transition { trip, actor, from, to })
}

/// Re-reads a trip inside the transaction that changed it.
pub async fn reread(c: &mut AsyncPgConnection, id: Uuid) -> TripsResult<TripRow> {
    trips::get(c, id, false).await?.ok_or(TripsError::TripNotFound)
}
