//! Calendar sync: each car's secret feed, the external calendars imported for it and the events
//! read from them.

use chrono::{DateTime, Utc};
use diesel::sql_types::{Integer, Nullable, Text, Timestamptz, Uuid as SqlUuid};
use diesel::{OptionalExtension, QueryableByName};
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

#[derive(QueryableByName)]
struct Token {
    #[diesel(sql_type = Text)]
    token: String,
}

#[derive(QueryableByName)]
struct CarId {
    #[diesel(sql_type = SqlUuid)]
    car_id: Uuid,
}

/// The car's feed secret, `token` kept when it has none yet.
pub async fn feed_token(
    conn: &mut AsyncPgConnection,
    car: Uuid,
    token: &str,
) -> diesel::QueryResult<String> {
    diesel::sql_query(
        "INSERT INTO calendar_feeds (car_id, token) VALUES ($1, $2) \
         ON CONFLICT (car_id) DO UPDATE SET car_id = EXCLUDED.car_id RETURNING token",
    )
    .bind::<SqlUuid, _>(car)
    .bind::<Text, _>(token)
    .get_result::<Token>(conn)
    .await
    .map(|t| t.token)
}

/// Replaces the car's feed secret with `token`.
pub async fn rotate(
    conn: &mut AsyncPgConnection,
    car: Uuid,
    token: &str,
) -> diesel::QueryResult<String> {
    diesel::sql_query(
        "INSERT INTO calendar_feeds (car_id, token) VALUES ($1, $2) \
         ON CONFLICT (car_id) DO UPDATE SET token = EXCLUDED.token, created_at = now() RETURNING token",
    )
    .bind::<SqlUuid, _>(car)
    .bind::<Text, _>(token)
    .get_result::<Token>(conn)
    .await
    .map(|t| t.token)
}

/// The car a feed secret names.
pub async fn car_of_token(
    conn: &mut AsyncPgConnection,
    token: &str,
) -> diesel::QueryResult<Option<Uuid>> {
    let rows: Vec<CarId> = diesel::sql_query("SELECT car_id FROM calendar_feeds WHERE token = $1")
        .bind::<Text, _>(token)
        .load(conn)
        .await?;
    Ok(rows.into_iter().next().map(|r| r.car_id))
}

/// A busy period of the car's own feed.
#[derive(Debug, QueryableByName)]
pub struct OwnBusy {
    /// `trip` or `block`.
    #[diesel(sql_type = Text)]
    pub kind: String,
    #[diesel(sql_type = SqlUuid)]
    pub id: Uuid,
    #[diesel(sql_type = Timestamptz)]
    pub start_at: DateTime<Utc>,
    #[diesel(sql_type = Timestamptz)]
    pub end_at: DateTime<Utc>,
}

/// The car's trips and its own blocks (not those read from imported calendars) ending after
/// `since`, by start.
pub async fn own_busy(
    conn: &mut AsyncPgConnection,
    car: Uuid,
    since: DateTime<Utc>,
) -> diesel::QueryResult<Vec<OwnBusy>> {
    diesel::sql_query(
        "SELECT 'trip' AS kind, trip_id AS id, lower(period) AS start_at, upper(period) AS end_at \
           FROM car_bookings WHERE car_id = $1 AND period IS NOT NULL AND upper(period) > $2 \
         UNION ALL \
         SELECT 'block', id, lower(period), upper(period) FROM host_blocks \
           WHERE car_id = $1 AND NOT deleted AND import_id IS NULL AND upper(period) > $2 \
         ORDER BY start_at, id",
    )
    .bind::<SqlUuid, _>(car)
    .bind::<Timestamptz, _>(since)
    .load(conn)
    .await
}

/// An imported calendar.
#[derive(Debug, Clone, QueryableByName)]
pub struct ImportRow {
    #[diesel(sql_type = SqlUuid)]
    pub id: Uuid,
    #[diesel(sql_type = SqlUuid)]
    pub car_id: Uuid,
    #[diesel(sql_type = Text)]
    pub url: String,
    #[diesel(sql_type = Nullable<Text>)]
    pub etag: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    pub last_modified: Option<String>,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    pub last_sync_at: Option<DateTime<Utc>>,
    #[diesel(sql_type = Text)]
    pub last_error: String,
}

const IMPORT_COLUMNS: &str = "id, car_id, url, etag, last_modified, last_sync_at, last_error";

/// The car's imported calendars, oldest first.
pub async fn imports_of(
    conn: &mut AsyncPgConnection,
    car: Uuid,
) -> diesel::QueryResult<Vec<ImportRow>> {
    diesel::sql_query(format!(
        "SELECT {IMPORT_COLUMNS} FROM calendar_imports WHERE car_id = $1 ORDER BY created_at, id"
    ))
    .bind::<SqlUuid, _>(car)
    .load(conn)
    .await
}

/// Adds a calendar to the car, next due at `next` (the caller reads it at once); `None` when
/// the car has it already.
pub async fn add_import(
    conn: &mut AsyncPgConnection,
    car: Uuid,
    url: &str,
    by: Uuid,
    next: DateTime<Utc>,
) -> diesel::QueryResult<Option<ImportRow>> {
    diesel::sql_query(format!(
        "INSERT INTO calendar_imports (id, car_id, url, created_by, next_sync_at) \
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT (car_id, url) DO NOTHING RETURNING {IMPORT_COLUMNS}"
    ))
    .bind::<SqlUuid, _>(Uuid::now_v7())
    .bind::<SqlUuid, _>(car)
    .bind::<Text, _>(url)
    .bind::<SqlUuid, _>(by)
    .bind::<Timestamptz, _>(next)
    .get_result::<ImportRow>(conn)
    .await
    .optional()
}

/// Removes a calendar of the car (its events go with it); answers it when there was one.
pub async fn delete_import(
    conn: &mut AsyncPgConnection,
    car: Uuid,
    id: Uuid,
) -> diesel::QueryResult<Option<ImportRow>> {
    diesel::sql_query(format!(
        "DELETE FROM calendar_imports WHERE car_id = $1 AND id = $2 RETURNING {IMPORT_COLUMNS}"
    ))
    .bind::<SqlUuid, _>(car)
    .bind::<SqlUuid, _>(id)
    .get_result::<ImportRow>(conn)
    .await
    .optional()
}

/// Claims the calendar most overdue at `now`, moving it to `next`, so no other replica fetches
/// it meanwhile; `None` when none is due.
pub async fn claim_due(
    conn: &mut AsyncPgConnection,
    now: DateTime<Utc>,
    next: DateTime<Utc>,
) -> diesel::QueryResult<Option<ImportRow>> {
    diesel::sql_query(format!(
        "UPDATE calendar_imports SET next_sync_at = $2 WHERE id = ( \
           SELECT id FROM calendar_imports WHERE next_sync_at <= $1 \
           ORDER BY next_sync_at, id LIMIT 1 FOR UPDATE SKIP LOCKED) \
         RETURNING {IMPORT_COLUMNS}"
    ))
    .bind::<Timestamptz, _>(now)
    .bind::<Timestamptz, _>(next)
    .get_result::<ImportRow>(conn)
    .await
    .optional()
}

/// Locks a calendar for its sync; `None` when it was removed meanwhile.
pub async fn lock_import(
    conn: &mut AsyncPgConnection,
    id: Uuid,
) -> diesel::QueryResult<Option<ImportRow>> {
    diesel::sql_query(format!(
        "SELECT {IMPORT_COLUMNS} FROM calendar_imports WHERE id = $1 FOR UPDATE"
    ))
    .bind::<SqlUuid, _>(id)
    .get_result::<ImportRow>(conn)
    .await
    .optional()
}

/// What a fetch of a calendar found: read (its validators kept) or refused with `error`.
pub async fn record(
    conn: &mut AsyncPgConnection,
    id: Uuid,
    read_at: Option<DateTime<Utc>>,
    validators: Option<(Option<&str>, Option<&str>)>,
    error: &str,
) -> diesel::QueryResult<()> {
    let (etag, modified, keep) = match validators {
        Some((e, m)) => (e, m, false),
        None => (None, None, true),
    };
    diesel::sql_query(
        "UPDATE calendar_imports SET last_error = $2, \
           last_sync_at = COALESCE($3, last_sync_at), \
           etag = CASE WHEN $6 THEN etag ELSE $4 END, \
           last_modified = CASE WHEN $6 THEN last_modified ELSE $5 END \
         WHERE id = $1",
    )
    .bind::<SqlUuid, _>(id)
    .bind::<Text, _>(error)
    .bind::<Nullable<Timestamptz>, _>(read_at)
    .bind::<Nullable<Text>, _>(etag)
    .bind::<Nullable<Text>, _>(modified)
    .bind::<diesel::sql_types::Bool, _>(keep)
    .execute(conn)
    .await?;
    Ok(())
}

/// An event read from an imported calendar.
#[derive(Debug, Clone, QueryableByName)]
pub struct EventRow {
    #[diesel(sql_type = SqlUuid)]
    pub import_id: Uuid,
    #[diesel(sql_type = Text)]
    pub uid: String,
    #[diesel(sql_type = Timestamptz)]
    pub start_at: DateTime<Utc>,
    #[diesel(sql_type = Timestamptz)]
    pub end_at: DateTime<Utc>,
    #[diesel(sql_type = Nullable<SqlUuid>)]
    pub block_id: Option<Uuid>,
    #[diesel(sql_type = Nullable<SqlUuid>)]
    pub conflict_trip_id: Option<Uuid>,
}

/// The events of these calendars, by start.
pub async fn events_of(
    conn: &mut AsyncPgConnection,
    imports: &[Uuid],
) -> diesel::QueryResult<Vec<EventRow>> {
    diesel::sql_query(
        "SELECT import_id, uid, lower(period) AS start_at, upper(period) AS end_at, block_id, \
           conflict_trip_id FROM calendar_import_events WHERE import_id = ANY($1) \
         ORDER BY lower(period), uid",
    )
    .bind::<diesel::sql_types::Array<SqlUuid>, _>(imports)
    .load(conn)
    .await
}

/// Writes an event as it now is.
pub async fn save_event(conn: &mut AsyncPgConnection, e: &EventRow) -> diesel::QueryResult<()> {
    diesel::sql_query(
        "INSERT INTO calendar_import_events (import_id, uid, period, block_id, conflict_trip_id) \
         VALUES ($1, $2, tstzrange($3, $4), $5, $6) ON CONFLICT (import_id, uid) DO UPDATE SET \
           period = EXCLUDED.period, block_id = EXCLUDED.block_id, \
           conflict_trip_id = EXCLUDED.conflict_trip_id",
    )
    .bind::<SqlUuid, _>(e.import_id)
    .bind::<Text, _>(&e.uid)
    .bind::<Timestamptz, _>(e.start_at)
    .bind::<Timestamptz, _>(e.end_at)
    .bind::<Nullable<SqlUuid>, _>(e.block_id)
    .bind::<Nullable<SqlUuid>, _>(e.conflict_trip_id)
    .execute(conn)
    .await?;
    Ok(())
}

/// Forgets an event the calendar no longer has.
pub async fn delete_event(
    conn: &mut AsyncPgConnection,
    import: Uuid,
    uid: &str,
) -> diesel::QueryResult<()> {
    diesel::sql_query("DELETE FROM calendar_import_events WHERE import_id = $1 AND uid = $2")
        .bind::<SqlUuid, _>(import)
        .bind::<Text, _>(uid)
        .execute(conn)
        .await?;
    Ok(())
}

#[derive(QueryableByName)]
struct Count {
    #[diesel(sql_type = Integer)]
    n: i32,
}

/// How many calendars the car imports.
pub async fn count_imports(conn: &mut AsyncPgConnection, car: Uuid) -> diesel::QueryResult<usize> {
    let c: Count =
        diesel::sql_query("SELECT count(*)::int AS n FROM calendar_imports WHERE car_id = $1")
            .bind::<SqlUuid, _>(car)
            .get_result(conn)
            .await?;
    Ok(usize::try_from(c.n).unwrap_or(0))
}
