//! Co-host teams (pricing's read model of `hosting.team_changed`, kept as trips keeps its
//! own): which approved co-hosts may manage, and so see the prices of, which cars' bookings.

use diesel::QueryableByName;
use diesel::sql_types::{Array, BigInt, Bool, Nullable, Uuid as SqlUuid};
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use upcar_db::Prepare;
use uuid::Uuid;

/// A team's state as the last applied event gave it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamAccess {
    pub team_id: Uuid,
    pub host_id: Uuid,
    pub active: bool,
    pub booking_management: bool,
    pub car_ids: Vec<Uuid>,
    pub cohost_ids: Vec<Uuid>,
    pub version: i64,
}

/// Stores `t` unless the row already holds the same or a newer version. Answers whether it
/// was applied.
pub async fn upsert(conn: &mut AsyncPgConnection, t: &TeamAccess) -> diesel::QueryResult<bool> {
    let n = diesel::sql_query(
        "INSERT INTO team_access (team_id, host_id, active, booking_management, car_ids, cohost_ids, version) \
         VALUES ($1, $2, $3, $4, $5, $6, $7) \
         ON CONFLICT (team_id) DO UPDATE SET host_id = EXCLUDED.host_id, active = EXCLUDED.active, \
           booking_management = EXCLUDED.booking_management, car_ids = EXCLUDED.car_ids, \
           cohost_ids = EXCLUDED.cohost_ids, version = EXCLUDED.version, updated_at = now() \
         WHERE team_access.version < EXCLUDED.version",
    )
    .bind::<SqlUuid, _>(t.team_id)
    .bind::<SqlUuid, _>(t.host_id)
    .bind::<Bool, _>(t.active)
    .bind::<Bool, _>(t.booking_management)
    .bind::<Array<SqlUuid>, _>(&t.car_ids)
    .bind::<Array<SqlUuid>, _>(&t.cohost_ids)
    .bind::<BigInt, _>(t.version)
    .prepared()
    .execute(conn)
    .await?;
    Ok(n == 1)
}

#[derive(QueryableByName)]
struct Grant {
    #[diesel(sql_type = Nullable<Bool>)]
    booking_management: Option<bool>,
}

/// Whether `user` co-hosts `car` of `owner` in an active team, and if so whether with booking
/// management. A team counts only for its own host's cars.
pub async fn cohost_grant(
    conn: &mut AsyncPgConnection,
    user: Uuid,
    car: Uuid,
    owner: Uuid,
) -> diesel::QueryResult<Option<bool>> {
    let g: Grant = diesel::sql_query(
        "SELECT bool_or(booking_management) AS booking_management FROM team_access \
         WHERE active AND cohost_ids @> ARRAY[$1] AND $2 = ANY(car_ids) AND host_id = $3",
    )
    .bind::<SqlUuid, _>(user)
    .bind::<SqlUuid, _>(car)
    .bind::<SqlUuid, _>(owner)
    .prepared()
    .get_result(conn)
    .await?;
    Ok(g.booking_management)
}
