//! Co-host teams (the read model of `hosting.team_changed`): whose co-hosts may read and write
//! in the rooms of which cars.

use diesel::sql_types::{Array, BigInt, Bool, Uuid as SqlUuid};
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

/// A team's state as the last applied event gave it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamAccess {
    pub team_id: Uuid,
    pub host_id: Uuid,
    pub active: bool,
    pub car_ids: Vec<Uuid>,
    pub cohost_ids: Vec<Uuid>,
    pub version: i64,
}

/// Stores `t` unless the row already holds the same or a newer version; answers whether it
/// was applied.
pub async fn upsert(conn: &mut AsyncPgConnection, t: &TeamAccess) -> diesel::QueryResult<bool> {
    let n = diesel::sql_query(
        "INSERT INTO team_access (team_id, host_id, active, car_ids, cohost_ids, version) \
         VALUES ($1, $2, $3, $4, $5, $6) \
         ON CONFLICT (team_id) DO UPDATE SET host_id = EXCLUDED.host_id, active = EXCLUDED.active, \
           car_ids = EXCLUDED.car_ids, cohost_ids = EXCLUDED.cohost_ids, \
           version = EXCLUDED.version, updated_at = now() \
         WHERE team_access.version < EXCLUDED.version",
    )
    .bind::<SqlUuid, _>(t.team_id)
    .bind::<SqlUuid, _>(t.host_id)
    .bind::<Bool, _>(t.active)
    .bind::<Array<SqlUuid>, _>(&t.car_ids)
    .bind::<Array<SqlUuid>, _>(&t.cohost_ids)
    .bind::<BigInt, _>(t.version)
    .execute(conn)
    .await?;
    Ok(n == 1)
}
