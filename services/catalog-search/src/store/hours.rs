//! Hosts' weekly pickup and return hours (`host_hours`), from hosting's events.

use diesel::QueryableByName;
use diesel::sql_types::{BigInt, Bool, Jsonb, Uuid as SqlUuid};
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use upcar_db::Prepare;
use uuid::Uuid;

#[derive(QueryableByName)]
struct Row {
    #[diesel(sql_type = Bool)]
    is_always_available: bool,
    #[diesel(sql_type = Jsonb)]
    days: serde_json::Value,
}

/// The host's hours as stored: always available, and the seven days. None: never set.
pub async fn of_host(
    conn: &mut AsyncPgConnection,
    host: Uuid,
) -> diesel::QueryResult<Option<(bool, serde_json::Value)>> {
    let rows: Vec<Row> =
        diesel::sql_query("SELECT is_always_available, days FROM host_hours WHERE host_id = $1")
            .bind::<SqlUuid, _>(host)
            .prepared()
            .load(conn)
            .await?;
    Ok(rows.into_iter().next().map(|r| (r.is_always_available, r.days)))
}

/// Keeps the host's hours unless a newer version is already there; answers whether written.
pub async fn apply(
    conn: &mut AsyncPgConnection,
    host: Uuid,
    always: bool,
    days: &serde_json::Value,
    version: i64,
) -> diesel::QueryResult<bool> {
    let n = diesel::sql_query(
        "INSERT INTO host_hours (host_id, is_always_available, days, version) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (host_id) DO UPDATE SET is_always_available = EXCLUDED.is_always_available, \
           days = EXCLUDED.days, version = EXCLUDED.version, updated_at = now() \
         WHERE host_hours.version < EXCLUDED.version",
    )
    .bind::<SqlUuid, _>(host)
    .bind::<Bool, _>(always)
    .bind::<Jsonb, _>(days)
    .bind::<BigInt, _>(version)
    .prepared()
    .execute(conn)
    .await?;
    Ok(n == 1)
}
