//! Users' standing from accounts (`accounts.user_standing_changed`): the terms' exclusion list.
//! A suspended user cannot book, and each of their trips that has not started is cancelled as
//! the policy cancels it when its guest or its host does (refund and host penalty from
//! pricing, settled on the hold and the ledger, published like any cancellation). The
//! consumer only records the standing; the cancellations run after its commit, each in its own
//! transaction through the same code as `trips/cancelTrip`, and `handled_version` records
//! that they are done, so a crash or a second replica finishes the work without repeating it.

use crate::api::lifecycle::cancel_trip;
use crate::error::TripsError;
use crate::state::AppState;
use diesel::QueryableByName;
use diesel::sql_types::{BigInt, Bool, Uuid as SqlUuid};
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Notify;
use upcar_db::Prepare;
use upcar_events::{Envelope, IntegrationEvent};
use upcar_identity::{Identity, Role};
use upcar_proto::events::UserStandingChanged;
use upcar_proto::trips as pb;
use uuid::Uuid;

/// The reason written on a trip cancelled because its guest was suspended.
pub const GUEST_SUSPENDED: &str = "Cancelled by Upcar: the guest's account is suspended.";
/// The reason written on a trip cancelled because its host was suspended.
pub const HOST_SUSPENDED: &str = "Cancelled by Upcar: the host's account is suspended.";

/// How often the canceller looks for work it was not woken for (another replica's consumer,
/// a failed round).
const POLL: Duration = Duration::from_secs(5);

/// Why a standing event cannot be applied (logged and dropped).
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum BadStanding {
    #[error("invalid {0}")]
    Field(&'static str),
}

/// The user, whether suspended, and the version, checked.
pub fn standing_of(e: &UserStandingChanged) -> Result<(Uuid, bool, i64), BadStanding> {
    let user = e.user_id.trim().parse().map_err(|_| BadStanding::Field("user_id"))?;
    if e.version < 1 {
        return Err(BadStanding::Field("version"));
    }
    Ok((user, e.suspended, e.version))
}

/// Records a standing event unless a newer one is kept; answers whether it was applied.
pub async fn apply(conn: &mut AsyncPgConnection, event: &Envelope) -> anyhow::Result<bool> {
    debug_assert_eq!(event.event_type, UserStandingChanged::ROUTING_KEY);
    let parsed = event
        .decode::<UserStandingChanged>()
        .map_err(|_| BadStanding::Field("payload"))
        .and_then(|e| standing_of(&e));
    let (user, suspended, version) = match parsed {
        Ok(s) => s,
        Err(e) => {
            tracing::error!(event_id = %event.id, error = %e, "dropping a standing event that cannot be applied");
            return Ok(false);
        }
    };
    let n = diesel::sql_query(
        "INSERT INTO account_standing (user_id, suspended, version) VALUES ($1, $2, $3) \
         ON CONFLICT (user_id) DO UPDATE \
           SET suspended = EXCLUDED.suspended, version = EXCLUDED.version, updated_at = now() \
         WHERE account_standing.version < EXCLUDED.version",
    )
    .bind::<SqlUuid, _>(user)
    .bind::<Bool, _>(suspended)
    .bind::<BigInt, _>(version)
    .prepared()
    .execute(conn)
    .await?;
    tracing::info!(user_id = %user, suspended, version, applied = n > 0, "account standing");
    Ok(n > 0)
}

#[derive(QueryableByName)]
struct Flag {
    #[diesel(sql_type = Bool)]
    suspended: bool,
}

/// Whether the user is on the exclusion list as trips last heard.
pub async fn is_suspended(conn: &mut AsyncPgConnection, user: Uuid) -> diesel::QueryResult<bool> {
    let rows: Vec<Flag> =
        diesel::sql_query("SELECT suspended FROM account_standing WHERE user_id = $1")
            .bind::<SqlUuid, _>(user)
            .prepared()
            .load(conn)
            .await?;
    Ok(rows.iter().any(|r| r.suspended))
}

#[derive(QueryableByName)]
struct Due {
    #[diesel(sql_type = SqlUuid)]
    user_id: Uuid,
    #[diesel(sql_type = BigInt)]
    version: i64,
}

#[derive(QueryableByName)]
struct Open {
    #[diesel(sql_type = SqlUuid)]
    id: Uuid,
    #[diesel(sql_type = SqlUuid)]
    guest_id: Uuid,
}

/// What one round did.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct Round {
    /// Trips cancelled.
    pub cancelled: Vec<Uuid>,
    /// Users whose trips are all handled.
    pub users: usize,
    /// Users left for the next round (a cancellation failed).
    pub retry: usize,
}

/// Cancels the trips that have not started of every suspended user not yet handled.
pub async fn cancel_for_suspended(state: &AppState) -> anyhow::Result<Round> {
    let mut round = Round::default();
    let mut conn = state.pool.get().await?;
    let due: Vec<Due> = diesel::sql_query(
        "SELECT user_id, version FROM account_standing \
         WHERE suspended AND handled_version < version ORDER BY updated_at LIMIT 100",
    )
    .prepared()
    .load(&mut conn)
    .await?;
    for d in due {
        let open: Vec<Open> = diesel::sql_query(
            "SELECT id, guest_id FROM trips \
             WHERE (guest_id = $1 OR owner_id = $1) \
               AND status IN ('requested', 'confirmed', 'modification_pending') \
             ORDER BY lower(period)",
        )
        .bind::<SqlUuid, _>(d.user_id)
        .prepared()
        .load(&mut conn)
        .await?;
        let mut failed = false;
        for t in open {
            // The suspended user's own cancellation: as the trip's guest or as its host.
            let who = Identity {
                user_id: d.user_id,
                role: Role::User,
                token_id: format!("standing-{}", d.version),
                expires_at: state.clock.now().timestamp() + 3600,
                session: upcar_identity::Session {
                    id: format!("standing-{}", d.version),
                    auth_time: 0,
                },
            };
            let reason = if t.guest_id == d.user_id { GUEST_SUSPENDED } else { HOST_SUSPENDED };
            let req = pb::CancelTripRequest {
                trip_id: t.id.to_string(),
                cancel_reason: reason.to_owned(),
                ..Default::default()
            };
            match cancel_trip(state, who, req).await {
                Ok(_) => round.cancelled.push(t.id),
                // Started, finished or cancelled meanwhile: nothing left to do for it.
                Err(TripsError::Transition(_)) => {}
                Err(e) => {
                    tracing::warn!(trip_id = %t.id, user_id = %d.user_id, error = %e, "could not cancel a suspended user's trip; retrying");
                    failed = true;
                }
            }
        }
        if failed {
            round.retry += 1;
            continue;
        }
        // Done for this version; a newer standing (reinstated, suspended again) is left alone.
        diesel::sql_query(
            "UPDATE account_standing SET handled_version = $2 \
             WHERE user_id = $1 AND version = $2",
        )
        .bind::<SqlUuid, _>(d.user_id)
        .bind::<BigInt, _>(d.version)
        .prepared()
        .execute(&mut conn)
        .await?;
        round.users += 1;
    }
    Ok(round)
}

/// Runs rounds when woken (a standing event committed) and every [`POLL`], until `shutdown`.
pub async fn run(
    state: Arc<AppState>,
    wake: Arc<Notify>,
    shutdown: impl std::future::Future<Output = ()>,
) {
    tokio::pin!(shutdown);
    loop {
        match cancel_for_suspended(&state).await {
            Ok(r) if r.cancelled.is_empty() && r.retry == 0 => {}
            Ok(r) => {
                tracing::info!(
                    cancelled = r.cancelled.len(),
                    users = r.users,
                    retry = r.retry,
                    "suspended users' trips cancelled"
                )
            }
            Err(e) => tracing::warn!(error = %e, "suspension round failed; retrying"),
        }
        tokio::select! {
            () = &mut shutdown => return,
            () = wake.notified() => {}
            () = tokio::time::sleep(POLL) => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_standing_event_needs_a_user_and_a_version() {
        let id = Uuid::now_v7();
        let e = |user: &str, version| UserStandingChanged {
            user_id: user.to_owned(),
            suspended: true,
            version,
            occurred_at: String::new(),
        };
        assert_eq!(standing_of(&e(&id.to_string(), 3)), Ok((id, true, 3)));
        assert_eq!(standing_of(&e("x", 3)), Err(BadStanding::Field("user_id")));
        assert_eq!(standing_of(&e(&id.to_string(), 0)), Err(BadStanding::Field("version")));
    }
}
