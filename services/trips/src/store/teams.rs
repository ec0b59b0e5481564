//! Co-host teams (the read model of `hosting.team_changed`): which approved co-hosts may
//! manage the bookings of which cars.

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
    /// Each co-host's share of the earnings, basis points, in the order of `cohost_ids`.
    pub cohost_shares: Vec<i32>,
    pub version: i64,
}

/// Stores `t` unless the row already holds the same or a newer version. Answers whether it
/// was applied.
pub async fn upsert(conn: &mut AsyncPgConnection, t: &TeamAccess) -> diesel::QueryResult<bool> {
    let n = diesel::sql_query(
        "INSERT INTO team_access (team_id, host_id, active, booking_management, car_ids, cohost_ids, version, cohost_shares) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) \
         ON CONFLICT (team_id) DO UPDATE SET host_id = EXCLUDED.host_id, active = EXCLUDED.active, \
           booking_management = EXCLUDED.booking_management, car_ids = EXCLUDED.car_ids, \
           cohost_ids = EXCLUDED.cohost_ids, cohost_shares = EXCLUDED.cohost_shares, \
           version = EXCLUDED.version, updated_at = now() \
         WHERE team_access.version < EXCLUDED.version",
    )
    .bind::<SqlUuid, _>(t.team_id)
    .bind::<SqlUuid, _>(t.host_id)
    .bind::<Bool, _>(t.active)
    .bind::<Bool, _>(t.booking_management)
    .bind::<Array<SqlUuid>, _>(&t.car_ids)
    .bind::<Array<SqlUuid>, _>(&t.cohost_ids)
    .bind::<BigInt, _>(t.version)
    .bind::<Array<diesel::sql_types::Integer>, _>(&t.cohost_shares)
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

/// The condition, on a `trips` row, that the user `$1` manages its bookings as a co-host.
pub const MANAGED_BY_COHOST: &str = "EXISTS (SELECT 1 FROM team_access ta \
    WHERE ta.active AND ta.booking_management AND ta.cohost_ids @> ARRAY[$1] \
      AND trips.car_id = ANY(ta.car_ids) AND ta.host_id = trips.owner_id)";

#[derive(QueryableByName)]
struct Shares {
    #[diesel(sql_type = Array<SqlUuid>)]
    cohost_ids: Vec<Uuid>,
    #[diesel(sql_type = Array<diesel::sql_types::Integer>)]
    cohost_shares: Vec<i32>,
}

/// The co-hosts who share the earnings of `owner`'s `car` (its active team's), with their
/// shares in basis points; empty when the car is in no active team or nobody has a share.
pub async fn earnings_shares(
    conn: &mut AsyncPgConnection,
    car: Uuid,
    owner: Uuid,
) -> diesel::QueryResult<Vec<(Uuid, i32)>> {
    let rows: Vec<Shares> = diesel::sql_query(
        "SELECT cohost_ids, cohost_shares FROM team_access \
         WHERE active AND $1 = ANY(car_ids) AND host_id = $2 ORDER BY updated_at DESC LIMIT 1",
    )
    .bind::<SqlUuid, _>(car)
    .bind::<SqlUuid, _>(owner)
    .load(conn)
    .await?;
    Ok(rows
        .into_iter()
        .flat_map(|r| r.cohost_ids.into_iter().zip(r.cohost_shares))
        .filter(|(_, bp)| *bp > 0)
        .collect())
}
