//! Owners' standing from accounts (`accounts.user_standing_changed`, full state, newest
//! version wins): the cars of a suspended owner leave search and cannot be booked (the terms'
//! exclusion list); reinstated, they return. The database copies the standing onto each car
//! (migration `owner_standing`).

use diesel::sql_types::{BigInt, Bool, Uuid as SqlUuid};
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use upcar_db::Prepare;
use upcar_proto::events::UserStandingChanged;
use uuid::Uuid;

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

/// Applies a standing event; answers whether it was newer than what is kept.
pub async fn apply(conn: &mut AsyncPgConnection, e: &UserStandingChanged) -> anyhow::Result<bool> {
    let (owner, suspended, version) = match standing_of(e) {
        Ok(s) => s,
        Err(bad) => {
            tracing::error!(user_id = %e.user_id, error = %bad, "dropping a standing event that cannot be applied");
            return Ok(false);
        }
    };
    let n = diesel::sql_query(
        "INSERT INTO owner_standing (owner_id, suspended, version) VALUES ($1, $2, $3) \
         ON CONFLICT (owner_id) DO UPDATE \
           SET suspended = EXCLUDED.suspended, version = EXCLUDED.version, updated_at = now() \
         WHERE owner_standing.version < EXCLUDED.version",
    )
    .bind::<SqlUuid, _>(owner)
    .bind::<Bool, _>(suspended)
    .bind::<BigInt, _>(version)
    .prepared()
    .execute(conn)
    .await?;
    tracing::info!(user_id = %owner, suspended, version, applied = n > 0, "owner standing");
    Ok(n > 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn event(user: &str, version: i64) -> UserStandingChanged {
        UserStandingChanged {
            user_id: user.to_owned(),
            suspended: true,
            version,
            occurred_at: String::new(),
        }
    }

    #[test]
    fn a_standing_event_needs_a_user_and_a_version() {
        let id = Uuid::now_v7();
        assert_eq!(standing_of(&event(&id.to_string(), 2)), Ok((id, true, 2)));
        assert_eq!(standing_of(&event("someone", 2)), Err(BadStanding::Field("user_id")));
        assert_eq!(standing_of(&event(&id.to_string(), 0)), Err(BadStanding::Field("version")));
    }
}
