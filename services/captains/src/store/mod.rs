//! Queries of the captains database. Functions take a connection, which may already be inside
//! a transaction, so callers compose them.

use chrono::{DateTime, NaiveDate, Utc};
use diesel::QueryableByName;
use diesel::sql_types::{
    Array, BigInt, Bool, Date, Double, Integer, Jsonb, Nullable, Text, Timestamptz, Uuid as SqlUuid,
};
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use upcar_db::Prepare;
use uuid::Uuid;

/// A delivery trip as the trips events tell it.
#[derive(Debug, Clone, PartialEq)]
pub struct TripFact {
    pub trip_id: Uuid,
    pub car_id: Uuid,
    pub guest_id: Uuid,
    pub owner_id: Uuid,
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
    pub time_zone: String,
    pub version: i64,
}

/// Writes a booked or rescheduled trip unless a newer version is kept; answers whether it was
/// written.
pub async fn upsert_trip(conn: &mut AsyncPgConnection, t: &TripFact) -> diesel::QueryResult<bool> {
    let n = diesel::sql_query(
        "INSERT INTO trips (trip_id, car_id, guest_id, owner_id, start_time, end_time, time_zone, version) \
         SELECT $1, $2, $3, $4, $5, $6, $7, $8 \
         WHERE NOT EXISTS (SELECT 1 FROM cancelled_trips WHERE trip_id = $1) \
         ON CONFLICT (trip_id) DO UPDATE SET start_time = EXCLUDED.start_time, \
           end_time = EXCLUDED.end_time, version = EXCLUDED.version \
         WHERE trips.version < EXCLUDED.version AND NOT trips.cancelled",
    )
    .bind::<SqlUuid, _>(t.trip_id)
    .bind::<SqlUuid, _>(t.car_id)
    .bind::<SqlUuid, _>(t.guest_id)
    .bind::<SqlUuid, _>(t.owner_id)
    .bind::<Timestamptz, _>(t.start)
    .bind::<Timestamptz, _>(t.end)
    .bind::<Text, _>(&t.time_zone)
    .bind::<BigInt, _>(t.version)
    .prepared()
    .execute(conn)
    .await?;
    Ok(n > 0)
}

/// Moves a known trip (a reschedule) unless a newer version is kept; answers whether it moved.
pub async fn move_trip(
    conn: &mut AsyncPgConnection,
    trip: Uuid,
    start: DateTime<Utc>,
    end: DateTime<Utc>,
    version: i64,
) -> diesel::QueryResult<bool> {
    let n = diesel::sql_query(
        "UPDATE trips SET start_time = $2, end_time = $3, version = $4 \
         WHERE trip_id = $1 AND version < $4 AND NOT cancelled",
    )
    .bind::<SqlUuid, _>(trip)
    .bind::<Timestamptz, _>(start)
    .bind::<Timestamptz, _>(end)
    .bind::<BigInt, _>(version)
    .prepared()
    .execute(conn)
    .await?;
    Ok(n > 0)
}

/// Marks a known trip cancelled (whatever its version: a cancellation is final); answers
/// whether it changed.
pub async fn cancel_trip(
    conn: &mut AsyncPgConnection,
    trip: Uuid,
    version: i64,
) -> diesel::QueryResult<bool> {
    diesel::sql_query(
        "INSERT INTO cancelled_trips (trip_id, version) VALUES ($1, $2) ON CONFLICT (trip_id) DO NOTHING",
    )
    .bind::<SqlUuid, _>(trip)
    .bind::<BigInt, _>(version)
    .prepared()
    .execute(conn)
    .await?;
    let n = diesel::sql_query(
        "UPDATE trips SET cancelled = true, version = greatest(version, $2) \
         WHERE trip_id = $1 AND NOT cancelled",
    )
    .bind::<SqlUuid, _>(trip)
    .bind::<BigInt, _>(version)
    .prepared()
    .execute(conn)
    .await?;
    Ok(n > 0)
}

/// A new task.
pub struct NewTask<'a> {
    pub id: Uuid,
    pub trip_id: Uuid,
    pub kind: &'a str,
    pub scheduled_at: DateTime<Utc>,
    pub local_date: NaiveDate,
    pub from_place: serde_json::Value,
    pub to_place: serde_json::Value,
    pub car_make: &'a str,
    pub car_model: &'a str,
    pub car_photo: &'a str,
}

/// Adds a task unless the trip has one of that type; answers whether it was added.
pub async fn insert_task(
    conn: &mut AsyncPgConnection,
    t: &NewTask<'_>,
) -> diesel::QueryResult<bool> {
    let n = diesel::sql_query(
        "INSERT INTO tasks (id, trip_id, kind, scheduled_at, local_date, from_place, to_place, \
           car_make, car_model, car_photo) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (trip_id, kind) DO NOTHING",
    )
    .bind::<SqlUuid, _>(t.id)
    .bind::<SqlUuid, _>(t.trip_id)
    .bind::<Text, _>(t.kind)
    .bind::<Timestamptz, _>(t.scheduled_at)
    .bind::<Date, _>(t.local_date)
    .bind::<Jsonb, _>(&t.from_place)
    .bind::<Jsonb, _>(&t.to_place)
    .bind::<Text, _>(t.car_make)
    .bind::<Text, _>(t.car_model)
    .bind::<Text, _>(t.car_photo)
    .prepared()
    .execute(conn)
    .await?;
    Ok(n > 0)
}

#[derive(QueryableByName)]
struct DateRow {
    #[diesel(sql_type = Date)]
    local_date: NaiveDate,
}

/// Moves a trip's task of `kind` that has not started; answers the dates it left and entered.
pub async fn move_task(
    conn: &mut AsyncPgConnection,
    trip: Uuid,
    kind: &str,
    at: DateTime<Utc>,
    date: NaiveDate,
) -> diesel::QueryResult<Vec<NaiveDate>> {
    let rows: Vec<DateRow> = diesel::sql_query(
        "WITH old AS (SELECT id, local_date FROM tasks WHERE trip_id = $1 AND kind = $2 \
           AND status = 'scheduled' FOR UPDATE) \
         UPDATE tasks t SET scheduled_at = $3, local_date = $4, updated_at = now() FROM old \
         WHERE t.id = old.id RETURNING old.local_date",
    )
    .bind::<SqlUuid, _>(trip)
    .bind::<Text, _>(kind)
    .bind::<Timestamptz, _>(at)
    .bind::<Date, _>(date)
    .prepared()
    .load(conn)
    .await?;
    let mut out: Vec<NaiveDate> = rows.into_iter().map(|r| r.local_date).collect();
    if !out.is_empty() {
        out.push(date);
    }
    Ok(out)
}

/// Cancels a trip's tasks that are not done; answers their dates.
pub async fn cancel_tasks(
    conn: &mut AsyncPgConnection,
    trip: Uuid,
) -> diesel::QueryResult<Vec<NaiveDate>> {
    let rows: Vec<DateRow> = diesel::sql_query(
        "UPDATE tasks SET status = 'cancelled', updated_at = now() \
         WHERE trip_id = $1 AND status IN ('scheduled', 'in_progress') RETURNING local_date",
    )
    .bind::<SqlUuid, _>(trip)
    .prepared()
    .load(conn)
    .await?;
    Ok(rows.into_iter().map(|r| r.local_date).collect())
}

/// A task with its trip's guest and time zone.
#[derive(Debug, Clone, QueryableByName)]
pub struct TaskRow {
    #[diesel(sql_type = SqlUuid)]
    pub id: Uuid,
    #[diesel(sql_type = SqlUuid)]
    pub trip_id: Uuid,
    #[diesel(sql_type = Text)]
    pub kind: String,
    #[diesel(sql_type = Text)]
    pub status: String,
    #[diesel(sql_type = Nullable<Text>)]
    pub step: Option<String>,
    #[diesel(sql_type = Timestamptz)]
    pub scheduled_at: DateTime<Utc>,
    #[diesel(sql_type = Date)]
    pub local_date: NaiveDate,
    #[diesel(sql_type = Jsonb)]
    pub from_place: serde_json::Value,
    #[diesel(sql_type = Jsonb)]
    pub to_place: serde_json::Value,
    #[diesel(sql_type = Text)]
    pub car_make: String,
    #[diesel(sql_type = Text)]
    pub car_model: String,
    #[diesel(sql_type = Text)]
    pub car_photo: String,
    #[diesel(sql_type = Nullable<SqlUuid>)]
    pub captain_id: Option<Uuid>,
    #[diesel(sql_type = Nullable<Integer>)]
    pub route_order: Option<i32>,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    pub eta_first: Option<DateTime<Utc>>,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    pub eta_second: Option<DateTime<Utc>>,
    #[diesel(sql_type = Bool)]
    pub late: bool,
    #[diesel(sql_type = SqlUuid)]
    pub guest_id: Uuid,
    #[diesel(sql_type = SqlUuid)]
    pub owner_id: Uuid,
    #[diesel(sql_type = SqlUuid)]
    pub car_id: Uuid,
    #[diesel(sql_type = Text)]
    pub time_zone: String,
}

const TASK_COLUMNS: &str = "t.id, t.trip_id, t.kind, t.status, t.step, t.scheduled_at, t.local_date, \
    t.from_place, t.to_place, t.car_make, t.car_model, t.car_photo, t.captain_id, t.route_order, \
    t.eta_first, t.eta_second, t.late, r.guest_id, r.owner_id, r.car_id, r.time_zone";

/// The tasks of a date still to plan (not done, not cancelled).
pub async fn open_tasks_of_day(
    conn: &mut AsyncPgConnection,
    date: NaiveDate,
) -> diesel::QueryResult<Vec<TaskRow>> {
    diesel::sql_query(format!(
        "SELECT {TASK_COLUMNS} FROM tasks t JOIN trips r USING (trip_id) \
         WHERE t.local_date = $1 AND t.status IN ('scheduled', 'in_progress') ORDER BY t.id"
    ))
    .bind::<Date, _>(date)
    .load(conn)
    .await
}

/// A captain's tasks of a date, in route order (done ones included, cancelled ones not).
pub async fn captain_tasks(
    conn: &mut AsyncPgConnection,
    captain: Uuid,
    date: NaiveDate,
) -> diesel::QueryResult<Vec<TaskRow>> {
    diesel::sql_query(format!(
        "SELECT {TASK_COLUMNS} FROM tasks t JOIN trips r USING (trip_id) \
         WHERE t.local_date = $1 AND t.captain_id = $2 AND t.status <> 'cancelled' \
         ORDER BY t.route_order NULLS LAST, t.scheduled_at, t.id"
    ))
    .bind::<Date, _>(date)
    .bind::<SqlUuid, _>(captain)
    .load(conn)
    .await
}

/// One task, locked for a change when `lock`.
pub async fn task(
    conn: &mut AsyncPgConnection,
    id: Uuid,
    lock: bool,
) -> diesel::QueryResult<Option<TaskRow>> {
    let rows: Vec<TaskRow> = diesel::sql_query(format!(
        "SELECT {TASK_COLUMNS} FROM tasks t JOIN trips r USING (trip_id) WHERE t.id = $1{}",
        if lock { " FOR UPDATE OF t" } else { "" }
    ))
    .bind::<SqlUuid, _>(id)
    .load(conn)
    .await?;
    Ok(rows.into_iter().next())
}

/// A trip's tasks (cancelled ones included), delivery first.
pub async fn trip_tasks(
    conn: &mut AsyncPgConnection,
    trip: Uuid,
) -> diesel::QueryResult<Vec<TaskRow>> {
    diesel::sql_query(format!(
        "SELECT {TASK_COLUMNS} FROM tasks t JOIN trips r USING (trip_id) WHERE t.trip_id = $1 \
         ORDER BY t.scheduled_at, t.kind"
    ))
    .bind::<SqlUuid, _>(trip)
    .load(conn)
    .await
}

/// A trip's parties, when captains knows the trip.
pub async fn trip_parties(
    conn: &mut AsyncPgConnection,
    trip: Uuid,
) -> diesel::QueryResult<Option<(Uuid, Uuid)>> {
    #[derive(QueryableByName)]
    struct Row {
        #[diesel(sql_type = SqlUuid)]
        guest_id: Uuid,
        #[diesel(sql_type = SqlUuid)]
        owner_id: Uuid,
    }
    let rows: Vec<Row> =
        diesel::sql_query("SELECT guest_id, owner_id FROM trips WHERE trip_id = $1")
            .bind::<SqlUuid, _>(trip)
            .load(conn)
            .await?;
    Ok(rows.into_iter().next().map(|r| (r.guest_id, r.owner_id)))
}

/// A task's place in dispatch's plan.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Planned {
    pub captain: Uuid,
    pub order: i32,
    pub eta_first: DateTime<Utc>,
    pub eta_second: DateTime<Utc>,
    pub late: bool,
}

/// Writes dispatch's plan for a task (None: no captain).
pub async fn set_plan(
    conn: &mut AsyncPgConnection,
    id: Uuid,
    plan: Option<Planned>,
) -> diesel::QueryResult<()> {
    let (captain, order, first, second, late) = match plan {
        Some(p) => (Some(p.captain), Some(p.order), Some(p.eta_first), Some(p.eta_second), p.late),
        None => (None, None, None, None, false),
    };
    diesel::sql_query(
        "UPDATE tasks SET captain_id = $2, route_order = $3, eta_first = $4, eta_second = $5, late = $6 \
         WHERE id = $1 AND (captain_id, route_order, eta_first, eta_second, late) \
           IS DISTINCT FROM ($2, $3, $4, $5, $6)",
    )
    .bind::<SqlUuid, _>(id)
    .bind::<Nullable<SqlUuid>, _>(captain)
    .bind::<Nullable<Integer>, _>(order)
    .bind::<Nullable<Timestamptz>, _>(first)
    .bind::<Nullable<Timestamptz>, _>(second)
    .bind::<Bool, _>(late)
    .prepared()
    .execute(conn)
    .await?;
    Ok(())
}

/// A recorded step.
#[derive(Debug, Clone, QueryableByName)]
pub struct StepRow {
    #[diesel(sql_type = SqlUuid)]
    pub task_id: Uuid,
    #[diesel(sql_type = Text)]
    pub step: String,
    #[diesel(sql_type = SqlUuid)]
    pub captain_id: Uuid,
    #[diesel(sql_type = Timestamptz)]
    pub at: DateTime<Utc>,
    #[diesel(sql_type = Nullable<Double>)]
    pub latitude: Option<f64>,
    #[diesel(sql_type = Nullable<Double>)]
    pub longitude: Option<f64>,
    #[diesel(sql_type = Jsonb)]
    pub photos: serde_json::Value,
}

/// Records a step (the database checks it follows the task's last and that it is the task's
/// captain's, and moves the task's step and status).
pub async fn insert_step(conn: &mut AsyncPgConnection, s: &StepRow) -> diesel::QueryResult<()> {
    diesel::sql_query(
        "INSERT INTO task_steps (task_id, step, captain_id, at, latitude, longitude, photos) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind::<SqlUuid, _>(s.task_id)
    .bind::<Text, _>(&s.step)
    .bind::<SqlUuid, _>(s.captain_id)
    .bind::<Timestamptz, _>(s.at)
    .bind::<Nullable<Double>, _>(s.latitude)
    .bind::<Nullable<Double>, _>(s.longitude)
    .bind::<Jsonb, _>(&s.photos)
    .prepared()
    .execute(conn)
    .await?;
    Ok(())
}

/// The steps of these tasks, in the order they were recorded.
pub async fn steps_of(
    conn: &mut AsyncPgConnection,
    tasks: &[Uuid],
) -> diesel::QueryResult<Vec<StepRow>> {
    diesel::sql_query(
        "SELECT task_id, step, captain_id, at, latitude, longitude, photos FROM task_steps \
         WHERE task_id = ANY($1) ORDER BY at, step",
    )
    .bind::<Array<SqlUuid>, _>(tasks)
    .load(conn)
    .await
}

/// A captain's dispatch profile.
#[derive(Debug, Clone, QueryableByName)]
pub struct CaptainRow {
    #[diesel(sql_type = SqlUuid)]
    pub id: Uuid,
    #[diesel(sql_type = Text)]
    pub first_name: String,
    #[diesel(sql_type = Double)]
    pub base_latitude: f64,
    #[diesel(sql_type = Double)]
    pub base_longitude: f64,
    #[diesel(sql_type = Text)]
    pub time_zone: String,
    #[diesel(sql_type = Integer)]
    pub shift_start_minute: i32,
    #[diesel(sql_type = Integer)]
    pub shift_end_minute: i32,
}

/// The captains who work.
pub async fn active_captains(conn: &mut AsyncPgConnection) -> diesel::QueryResult<Vec<CaptainRow>> {
    diesel::sql_query(
        "SELECT id, first_name, base_latitude, base_longitude, time_zone, shift_start_minute, \
           shift_end_minute FROM captains WHERE active ORDER BY id",
    )
    .load(conn)
    .await
}

/// A captain's first name, when captains knows them.
pub async fn captain_name(
    conn: &mut AsyncPgConnection,
    id: Uuid,
) -> diesel::QueryResult<Option<String>> {
    #[derive(QueryableByName)]
    struct Row {
        #[diesel(sql_type = Text)]
        first_name: String,
    }
    let rows: Vec<Row> = diesel::sql_query("SELECT first_name FROM captains WHERE id = $1")
        .bind::<SqlUuid, _>(id)
        .load(conn)
        .await?;
    Ok(rows.into_iter().next().map(|r| r.first_name))
}

/// Writes a captain's profile (demo data, and captains added by operations).
pub async fn upsert_captain(
    conn: &mut AsyncPgConnection,
    c: &CaptainRow,
) -> diesel::QueryResult<()> {
    diesel::sql_query(
        "INSERT INTO captains (id, first_name, base_latitude, base_longitude, time_zone, \
           shift_start_minute, shift_end_minute) VALUES ($1, $2, $3, $4, $5, $6, $7) \
         ON CONFLICT (id) DO UPDATE SET first_name = EXCLUDED.first_name, \
           base_latitude = EXCLUDED.base_latitude, base_longitude = EXCLUDED.base_longitude, \
           time_zone = EXCLUDED.time_zone, shift_start_minute = EXCLUDED.shift_start_minute, \
           shift_end_minute = EXCLUDED.shift_end_minute",
    )
    .bind::<SqlUuid, _>(c.id)
    .bind::<Text, _>(&c.first_name)
    .bind::<Double, _>(c.base_latitude)
    .bind::<Double, _>(c.base_longitude)
    .bind::<Text, _>(&c.time_zone)
    .bind::<Integer, _>(c.shift_start_minute)
    .bind::<Integer, _>(c.shift_end_minute)
    .execute(conn)
    .await?;
    Ok(())
}
