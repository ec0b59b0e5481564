//! A host's weekly hours and custom blocks.

use crate::store::schema::host_weekly_availability as hw;
use chrono::{DateTime, NaiveDate, Utc};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Bool, Date, Nullable, Text, Timestamptz, Uuid as SqlUuid};
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

/// The host's week as stored.
pub async fn weekly(
    conn: &mut AsyncPgConnection,
    host: Uuid,
) -> QueryResult<Option<(bool, serde_json::Value)>> {
    hw::table.find(host).select((hw::is_always_available, hw::weekly)).first(conn).await.optional()
}

/// Replaces the host's week; answers its new version.
pub async fn save_weekly(
    conn: &mut AsyncPgConnection,
    host: Uuid,
    always: bool,
    weekly: &serde_json::Value,
    now: DateTime<Utc>,
) -> QueryResult<i64> {
    diesel::insert_into(hw::table)
        .values((
            hw::host_id.eq(host),
            hw::is_always_available.eq(always),
            hw::weekly.eq(weekly),
            hw::updated_at.eq(now),
        ))
        .on_conflict(hw::host_id)
        .do_update()
        .set((
            hw::is_always_available.eq(always),
            hw::weekly.eq(weekly),
            hw::updated_at.eq(now),
            hw::version.eq(hw::version + 1),
        ))
        .returning(hw::version)
        .get_result(conn)
        .await
}

/// One block row.
#[derive(Debug, Clone, QueryableByName)]
pub struct BlockRow {
    #[diesel(sql_type = SqlUuid)]
    pub id: Uuid,
    #[diesel(sql_type = SqlUuid)]
    pub group_id: Uuid,
    #[diesel(sql_type = SqlUuid)]
    pub car_id: Uuid,
    #[diesel(sql_type = Timestamptz)]
    pub start_at: DateTime<Utc>,
    #[diesel(sql_type = Timestamptz)]
    pub end_at: DateTime<Utc>,
    #[diesel(sql_type = Date)]
    pub start_date: NaiveDate,
    #[diesel(sql_type = Text)]
    pub start_time: String,
    #[diesel(sql_type = Date)]
    pub end_date: NaiveDate,
    #[diesel(sql_type = Text)]
    pub end_time: String,
    #[diesel(sql_type = Text)]
    pub reason: String,
    #[diesel(sql_type = Bool)]
    pub deleted: bool,
    #[diesel(sql_type = BigInt)]
    pub version: i64,
    /// The external calendar the block was read from (it changes only with that calendar).
    #[diesel(sql_type = Nullable<SqlUuid>)]
    pub import_id: Option<Uuid>,
}

const COLUMNS: &str = "id, group_id, car_id, lower(period) AS start_at, upper(period) AS end_at, \
    start_date, start_time, end_date, end_time, reason, deleted, version, import_id";

/// A new or moved block row (`version` 1 for a new one).
pub struct BlockWrite<'a> {
    pub id: Uuid,
    pub group_id: Uuid,
    pub host_id: Uuid,
    /// The owner or the co-host who set it.
    pub created_by: Uuid,
    pub car_id: Uuid,
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
    pub start_date: NaiveDate,
    pub start_time: &'a str,
    pub end_date: NaiveDate,
    pub end_time: &'a str,
    pub reason: &'a str,
    /// The external calendar it is read from; `None` for the host's own.
    pub import_id: Option<Uuid>,
}

/// Writes a block row: inserted, or moved with its version increased. Answers the row.
pub async fn upsert(
    conn: &mut AsyncPgConnection,
    b: &BlockWrite<'_>,
    now: DateTime<Utc>,
) -> QueryResult<BlockRow> {
    diesel::sql_query(format!(
        "INSERT INTO host_blocks (id, group_id, host_id, car_id, period, start_date, start_time, end_date, \
           end_time, reason, created_at, updated_at, created_by, import_id) \
         VALUES ($1, $2, $3, $4, tstzrange($5, $6), $7, $8, $9, $10, $11, $12, $12, $13, $14) \
         ON CONFLICT (id) DO UPDATE SET period = EXCLUDED.period, start_date = EXCLUDED.start_date, \
           start_time = EXCLUDED.start_time, end_date = EXCLUDED.end_date, end_time = EXCLUDED.end_time, \
           reason = EXCLUDED.reason, version = host_blocks.version + 1, updated_at = EXCLUDED.updated_at \
         RETURNING {COLUMNS}"
    ))
    .bind::<SqlUuid, _>(b.id)
    .bind::<SqlUuid, _>(b.group_id)
    .bind::<SqlUuid, _>(b.host_id)
    .bind::<SqlUuid, _>(b.car_id)
    .bind::<Timestamptz, _>(b.start)
    .bind::<Timestamptz, _>(b.end)
    .bind::<Date, _>(b.start_date)
    .bind::<Text, _>(b.start_time)
    .bind::<Date, _>(b.end_date)
    .bind::<Text, _>(b.end_time)
    .bind::<Text, _>(b.reason)
    .bind::<Timestamptz, _>(now)
    .bind::<SqlUuid, _>(b.created_by)
    .bind::<Nullable<SqlUuid>, _>(b.import_id)
    .get_result(conn)
    .await
}

/// Marks a block row deleted, its version increased. Answers the row.
pub async fn delete(
    conn: &mut AsyncPgConnection,
    id: Uuid,
    now: DateTime<Utc>,
) -> QueryResult<BlockRow> {
    diesel::sql_query(format!(
        "UPDATE host_blocks SET deleted = true, version = version + 1, updated_at = $2 WHERE id = $1 \
         RETURNING {COLUMNS}"
    ))
    .bind::<SqlUuid, _>(id)
    .bind::<Timestamptz, _>(now)
    .get_result(conn)
    .await
}

/// The live block rows on `cars` (the cars the caller manages) of a group (the block the
/// host sees), locked when `lock`; `None` for every group.
pub async fn of_cars(
    conn: &mut AsyncPgConnection,
    cars: &[Uuid],
    group: Option<Uuid>,
    lock: bool,
) -> QueryResult<Vec<BlockRow>> {
    diesel::sql_query(format!(
        "SELECT {COLUMNS} FROM host_blocks WHERE car_id = ANY($1) AND NOT deleted \
         AND ($2::uuid IS NULL OR group_id = $2) ORDER BY lower(period), group_id, car_id{}",
        if lock { " FOR UPDATE" } else { "" }
    ))
    .bind::<diesel::sql_types::Array<SqlUuid>, _>(cars)
    .bind::<Nullable<SqlUuid>, _>(group)
    .load(conn)
    .await
}
