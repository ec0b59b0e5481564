//! Trips and their append-only history.

use chrono::{DateTime, Utc};
use diesel::QueryableByName;
use diesel::sql_types::{
    Array, BigInt, Bytea, Jsonb, Nullable, Text, Timestamptz, Uuid as SqlUuid,
};
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
use upcar_db::Prepare;
use uuid::Uuid;

/// A trip as stored.
#[derive(Debug, Clone, QueryableByName)]
pub struct TripRow {
    #[diesel(sql_type = SqlUuid)]
    pub id: Uuid,
    #[diesel(sql_type = SqlUuid)]
    pub car_id: Uuid,
    #[diesel(sql_type = SqlUuid)]
    pub owner_id: Uuid,
    #[diesel(sql_type = SqlUuid)]
    pub guest_id: Uuid,
    #[diesel(sql_type = Text)]
    pub status: String,
    #[diesel(sql_type = Timestamptz)]
    pub start_time: DateTime<Utc>,
    #[diesel(sql_type = Timestamptz)]
    pub end_time: DateTime<Utc>,
    #[diesel(sql_type = Text)]
    pub time_zone: String,
    #[diesel(sql_type = SqlUuid)]
    pub quote_id: Uuid,
    #[diesel(sql_type = BigInt)]
    pub total_cents: i64,
    #[diesel(sql_type = Bytea)]
    pub price_details: Vec<u8>,
    #[diesel(sql_type = Jsonb)]
    pub extras: serde_json::Value,
    #[diesel(sql_type = Text)]
    pub protection_plan_type: String,
    #[diesel(sql_type = Nullable<Jsonb>)]
    pub pick_up_location: Option<serde_json::Value>,
    /// Where a delivered car is collected (None: at the car's place).
    #[diesel(sql_type = Nullable<Jsonb>)]
    pub drop_off_location: Option<serde_json::Value>,
    #[diesel(sql_type = Text)]
    pub message: String,
    #[diesel(sql_type = Text)]
    pub cancel_reason: String,
    #[diesel(sql_type = Text)]
    pub reject_reason: String,
    #[diesel(sql_type = Nullable<BigInt>)]
    pub refund_cents: Option<i64>,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    pub cancelled_at: Option<DateTime<Utc>>,
    #[diesel(sql_type = Text)]
    pub reservation_number: String,
    #[diesel(sql_type = BigInt)]
    pub version: i64,
    #[diesel(sql_type = Timestamptz)]
    pub created_at: DateTime<Utc>,
    #[diesel(sql_type = Timestamptz)]
    pub updated_at: DateTime<Utc>,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    pub checked_in_at: Option<DateTime<Utc>>,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    pub checked_out_at: Option<DateTime<Utc>>,
    /// The car's minimum driver age when it was booked.
    #[diesel(sql_type = diesel::sql_types::Integer)]
    pub min_driver_age: i32,
}

const COLUMNS: &str = "id, car_id, owner_id, guest_id, status, lower(period) AS start_time, \
    upper(period) AS end_time, time_zone, quote_id, total_cents, price_details, extras, \
    protection_plan_type, pick_up_location, drop_off_location, message, cancel_reason, reject_reason, refund_cents, \
    cancelled_at, reservation_number, version, created_at, updated_at, checked_in_at, checked_out_at, \
    min_driver_age";

/// How often a statement checked by the exclusion constraints runs after a deadlock.
const DEADLOCK_ATTEMPTS: u32 = 3;

/// Whether a database error is Postgres aborting this transaction to break a deadlock.
pub fn is_deadlock(e: &diesel::result::Error) -> bool {
    matches!(e, diesel::result::Error::DatabaseError(_, info) if info.message() == "deadlock detected")
}

/// Inserts a trip. Fails with the exclusion constraints' names when the car or the guest is
/// already held for an overlapping period.
///
/// Two transactions inserting conflicting periods at the same moment can each find the other's
/// index entry and wait for it; Postgres then aborts one with a deadlock. The insert runs in a
/// savepoint and again after such an abort: the second time it waits for the other transaction
/// and meets the constraint as a plain conflict (or succeeds if that transaction rolled back).
/// The coupon a booked trip's price holds, with its conditions on the guest's trips (the
/// database refuses a trip that breaks them: `trips_coupon_first_trip_only`,
/// `trips_coupon_used_up`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TripCoupon {
    pub code: String,
    pub first_trip_only: bool,
    /// `None`: no limit.
    pub uses_per_account: Option<i32>,
}

pub async fn insert(
    conn: &mut AsyncPgConnection,
    t: &TripRow,
    coupon: Option<&TripCoupon>,
) -> diesel::QueryResult<()> {
    let mut attempt = 1;
    loop {
        match conn
            .transaction::<_, diesel::result::Error, _>(async |c| insert_once(c, t, coupon).await)
            .await
        {
            Err(e) if is_deadlock(&e) && attempt < DEADLOCK_ATTEMPTS => attempt += 1,
            other => return other,
        }
    }
}

async fn insert_once(
    conn: &mut AsyncPgConnection,
    t: &TripRow,
    coupon: Option<&TripCoupon>,
) -> diesel::QueryResult<()> {
    diesel::sql_query(
        "INSERT INTO trips (id, car_id, owner_id, guest_id, status, period, time_zone, quote_id, total_cents, \
           price_details, extras, protection_plan_type, pick_up_location, message, reservation_number, \
           created_at, updated_at, drop_off_location, coupon_code, coupon_first_trip_only, coupon_uses_per_account, \
           min_driver_age) \
         VALUES ($1, $2, $3, $4, $5, tstzrange($6, $7, '[)'), $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $17, $18, \
           $19, $20, $21, $22)",
    )
    .bind::<SqlUuid, _>(t.id)
    .bind::<SqlUuid, _>(t.car_id)
    .bind::<SqlUuid, _>(t.owner_id)
    .bind::<SqlUuid, _>(t.guest_id)
    .bind::<Text, _>(&t.status)
    .bind::<Timestamptz, _>(t.start_time)
    .bind::<Timestamptz, _>(t.end_time)
    .bind::<Text, _>(&t.time_zone)
    .bind::<SqlUuid, _>(t.quote_id)
    .bind::<BigInt, _>(t.total_cents)
    .bind::<Bytea, _>(&t.price_details)
    .bind::<Jsonb, _>(&t.extras)
    .bind::<Text, _>(&t.protection_plan_type)
    .bind::<Nullable<Jsonb>, _>(&t.pick_up_location)
    .bind::<Text, _>(&t.message)
    .bind::<Text, _>(&t.reservation_number)
    .bind::<Timestamptz, _>(t.created_at)
    .bind::<Nullable<Jsonb>, _>(&t.drop_off_location)
    .bind::<Nullable<Text>, _>(coupon.map(|c| c.code.as_str()))
    .bind::<diesel::sql_types::Bool, _>(coupon.is_some_and(|c| c.first_trip_only))
    .bind::<Nullable<diesel::sql_types::Integer>, _>(coupon.and_then(|c| c.uses_per_account))
    .bind::<diesel::sql_types::Integer, _>(t.min_driver_age)
    .prepared()
    .execute(conn)
    .await?;
    Ok(())
}

/// A trip by id, locked for update when `lock` is set.
pub async fn get(
    conn: &mut AsyncPgConnection,
    id: Uuid,
    lock: bool,
) -> diesel::QueryResult<Option<TripRow>> {
    let rows: Vec<TripRow> = diesel::sql_query(format!(
        "SELECT {COLUMNS} FROM trips WHERE id = $1{}",
        if lock { " FOR UPDATE" } else { "" }
    ))
    .bind::<SqlUuid, _>(id)
    .load(conn)
    .await?;
    Ok(rows.into_iter().next())
}

/// Which trips a list shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum View {
    /// The guest's trips in progress and to come.
    GuestCurrent,
    /// The guest's past, cancelled and rejected trips, newest first.
    GuestPast,
    /// Bookings of the host's cars to come.
    HostFuture,
    /// Past bookings of the host's cars, newest first.
    HostPast,
}

/// A user's trips for a view (at most 200), past and future as of `now`.
pub async fn list(
    conn: &mut AsyncPgConnection,
    user: Uuid,
    view: View,
    now: DateTime<Utc>,
) -> diesel::QueryResult<Vec<TripRow>> {
    diesel::sql_query(list_sql(view))
        .bind::<SqlUuid, _>(user)
        .bind::<Timestamptz, _>(now)
        .load(conn)
        .await
}

/// The statement of [`list`] for a view (`$1` is the user, `$2` the time it is), public for
/// the plan tests.
pub fn list_sql(view: View) -> String {
    let live = "status IN ('requested', 'confirmed', 'modification_pending', 'in_progress')";
    let (host, filter, order) = match view {
        View::GuestCurrent => {
            (false, format!("{live} AND upper(period) > $2"), "lower(period) ASC")
        }
        View::GuestPast => {
            (false, format!("NOT ({live} AND upper(period) > $2)"), "lower(period) DESC")
        }
        View::HostFuture => (true, format!("{live} AND upper(period) > $2"), "lower(period) ASC"),
        View::HostPast => {
            (true, format!("NOT ({live} AND upper(period) > $2)"), "lower(period) DESC")
        }
    };
    // A host's lists hold the bookings of their own cars and of the cars they co-host with
    // booking management; a guest's also the trips they joined as an additional driver. Both
    // find their candidates through an index (owner, or guest and primary key), never by
    // filtering every live trip through a subquery.
    let who = if host {
        // The caller's cars and those of the hosts whose teams they co-host in; then each
        // co-hosted trip's car checked against the team.
        format!(
            "owner_id = ANY (ARRAY[$1] || ARRAY(SELECT ta.host_id FROM team_access ta \
             WHERE ta.active AND ta.booking_management AND ta.cohost_ids @> ARRAY[$1])) \
             AND (owner_id = $1 OR {})",
            crate::store::teams::MANAGED_BY_COHOST
        )
    } else {
        "(guest_id = $1 OR id = ANY (ARRAY(SELECT trip_id FROM trip_additional_drivers \
         WHERE user_id = $1 AND status = 'added')))"
            .to_owned()
    };
    format!("SELECT {COLUMNS} FROM trips WHERE {who} AND {filter} ORDER BY {order} LIMIT 200")
}

/// Live trips of a guest overlapping `[start, end)`.
pub async fn guest_overlaps(
    conn: &mut AsyncPgConnection,
    guest: Uuid,
    start: DateTime<Utc>,
    end: DateTime<Utc>,
) -> diesel::QueryResult<Vec<Uuid>> {
    #[derive(QueryableByName)]
    struct Id {
        #[diesel(sql_type = SqlUuid)]
        id: Uuid,
    }
    let rows: Vec<Id> = diesel::sql_query(
        "SELECT id FROM trips WHERE guest_id = $1 AND period && tstzrange($2, $3, '[)') \
         AND status IN ('requested', 'confirmed', 'modification_pending', 'in_progress')",
    )
    .bind::<SqlUuid, _>(guest)
    .bind::<Timestamptz, _>(start)
    .bind::<Timestamptz, _>(end)
    .prepared()
    .load(conn)
    .await?;
    Ok(rows.into_iter().map(|r| r.id).collect())
}

/// The live periods of a car from `from` on, in order (to suggest free dates).
pub async fn car_periods_from(
    conn: &mut AsyncPgConnection,
    car: Uuid,
    from: DateTime<Utc>,
) -> diesel::QueryResult<Vec<(DateTime<Utc>, DateTime<Utc>)>> {
    #[derive(QueryableByName)]
    struct P {
        #[diesel(sql_type = Timestamptz)]
        s: DateTime<Utc>,
        #[diesel(sql_type = Timestamptz)]
        e: DateTime<Utc>,
    }
    let rows: Vec<P> = diesel::sql_query(
        "SELECT lower(period) AS s, upper(period) AS e FROM trips WHERE car_id = $1 AND upper(period) > $2 \
         AND status IN ('requested', 'confirmed', 'modification_pending', 'in_progress') ORDER BY lower(period) LIMIT 500",
    )
    .bind::<SqlUuid, _>(car)
    .bind::<Timestamptz, _>(from)
    .prepared()
    .load(conn)
    .await?;
    Ok(rows.into_iter().map(|p| (p.s, p.e)).collect())
}

/// A status change (bumps the version).
pub struct StatusChange<'a> {
    pub id: Uuid,
    /// When it happens (the cancellation's time when `cancelled`).
    pub at: DateTime<Utc>,
    pub status: &'a str,
    pub cancel_reason: Option<&'a str>,
    pub reject_reason: Option<&'a str>,
    pub refund_cents: Option<i64>,
    pub cancelled: bool,
}

/// Applies a status change.
pub async fn set_status(
    conn: &mut AsyncPgConnection,
    c: &StatusChange<'_>,
) -> diesel::QueryResult<()> {
    diesel::sql_query(
        "UPDATE trips SET status = $2, cancel_reason = coalesce($3, cancel_reason), \
           reject_reason = coalesce($4, reject_reason), refund_cents = coalesce($5, refund_cents), \
           cancelled_at = CASE WHEN $6 THEN $7 ELSE cancelled_at END, \
           version = version + 1, updated_at = $7 WHERE id = $1",
    )
    .bind::<SqlUuid, _>(c.id)
    .bind::<Text, _>(c.status)
    .bind::<Nullable<Text>, _>(c.cancel_reason)
    .bind::<Nullable<Text>, _>(c.reject_reason)
    .bind::<Nullable<BigInt>, _>(c.refund_cents)
    .bind::<diesel::sql_types::Bool, _>(c.cancelled)
    .bind::<Timestamptz, _>(c.at)
    .prepared()
    .execute(conn)
    .await?;
    Ok(())
}

/// One history line.
#[derive(Debug, Clone, QueryableByName)]
pub struct HistoryRow {
    #[diesel(sql_type = SqlUuid)]
    pub trip_id: Uuid,
    #[diesel(sql_type = Text)]
    pub from_status: String,
    #[diesel(sql_type = Text)]
    pub to_status: String,
    #[diesel(sql_type = Text)]
    pub action: String,
    #[diesel(sql_type = Nullable<SqlUuid>)]
    pub actor_id: Option<Uuid>,
    #[diesel(sql_type = Text)]
    pub actor_role: String,
    #[diesel(sql_type = Text)]
    pub reason: String,
    #[diesel(sql_type = Timestamptz)]
    pub at: DateTime<Utc>,
}

/// Appends a history line.
pub async fn append_history(
    conn: &mut AsyncPgConnection,
    h: &HistoryRow,
) -> diesel::QueryResult<()> {
    diesel::sql_query(
        "INSERT INTO trip_history (trip_id, from_status, to_status, action, actor_id, actor_role, reason, at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind::<SqlUuid, _>(h.trip_id)
    .bind::<Text, _>(&h.from_status)
    .bind::<Text, _>(&h.to_status)
    .bind::<Text, _>(&h.action)
    .bind::<Nullable<SqlUuid>, _>(h.actor_id)
    .bind::<Text, _>(&h.actor_role)
    .bind::<Text, _>(&h.reason)
    .bind::<Timestamptz, _>(h.at)
    .prepared()
    .execute(conn)
    .await?;
    Ok(())
}

/// The history of trips, oldest first.
pub async fn history(
    conn: &mut AsyncPgConnection,
    ids: &[Uuid],
) -> diesel::QueryResult<Vec<HistoryRow>> {
    diesel::sql_query(
        "SELECT trip_id, from_status, to_status, action, actor_id, actor_role, reason, at \
         FROM trip_history WHERE trip_id = ANY($1) ORDER BY id",
    )
    .bind::<Array<SqlUuid>, _>(ids)
    .prepared()
    .load(conn)
    .await
}

/// Records when the check-in or the checkout happened (the service's time).
pub async fn mark_event(
    conn: &mut AsyncPgConnection,
    id: Uuid,
    event: &str,
    at: DateTime<Utc>,
) -> diesel::QueryResult<()> {
    let column = if event == "check_in" { "checked_in_at" } else { "checked_out_at" };
    diesel::sql_query(format!("UPDATE trips SET {column} = $2 WHERE id = $1"))
        .bind::<SqlUuid, _>(id)
        .bind::<Timestamptz, _>(at)
        .execute(conn)
        .await?;
    Ok(())
}

/// Applies an accepted modification: the new period, price and choices (the exclusion
/// constraints refuse a period another trip holds; a deadlock with a concurrent booking is
/// retried as in [`insert`]).
pub async fn apply_modification(
    conn: &mut AsyncPgConnection,
    id: Uuid,
    m: &crate::store::modifications::ModRow,
) -> diesel::QueryResult<()> {
    let mut attempt = 1;
    loop {
        match conn
            .transaction::<_, diesel::result::Error, _>(async |c| modify_once(c, id, m).await)
            .await
        {
            Err(e) if is_deadlock(&e) && attempt < DEADLOCK_ATTEMPTS => attempt += 1,
            other => return other,
        }
    }
}

async fn modify_once(
    conn: &mut AsyncPgConnection,
    id: Uuid,
    m: &crate::store::modifications::ModRow,
) -> diesel::QueryResult<()> {
    diesel::sql_query(
        "UPDATE trips SET period = tstzrange($2, $3, '[)'), total_cents = $4, price_details = $5, quote_id = $6, \
           extras = coalesce($7, extras), protection_plan_type = coalesce($8, protection_plan_type), \
           version = version + 1, updated_at = now() WHERE id = $1",
    )
    .bind::<SqlUuid, _>(id)
    .bind::<Timestamptz, _>(m.new_start)
    .bind::<Timestamptz, _>(m.new_end)
    .bind::<BigInt, _>(m.new_total_cents)
    .bind::<Bytea, _>(&m.price_details)
    .bind::<SqlUuid, _>(m.quote_id)
    .bind::<Nullable<Jsonb>, _>(&m.extras)
    .bind::<Nullable<Text>, _>(&m.protection_plan_type)
    .prepared()
    .execute(conn)
    .await?;
    Ok(())
}
