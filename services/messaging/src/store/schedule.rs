//! Scheduled messages: each host's templates (from hosting), each trip's moments (from the
//! trips events), and what was sent for which trip and template.

use chrono::{DateTime, Utc};
use diesel::QueryableByName;
use diesel::sql_types::{Bool, Int4, Int8, Nullable, Text, Timestamptz, Uuid as SqlUuid};
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

/// A template as messaging keeps it.
#[derive(Debug, Clone, PartialEq, Eq, QueryableByName)]
pub struct TemplateRow {
    #[diesel(sql_type = SqlUuid)]
    pub template_id: Uuid,
    #[diesel(sql_type = Text)]
    pub name: String,
    #[diesel(sql_type = Text)]
    pub message: String,
    #[diesel(sql_type = Text)]
    pub trigger: String,
    #[diesel(sql_type = Int4)]
    pub offset_hours: i32,
    #[diesel(sql_type = Bool)]
    pub enabled: bool,
}

/// Replaces `host`'s templates with `templates` when `version` is newer than the one kept;
/// answers whether it was applied.
pub async fn replace_templates(
    conn: &mut AsyncPgConnection,
    host: Uuid,
    version: i64,
    templates: &[TemplateRow],
) -> diesel::QueryResult<bool> {
    let n = diesel::sql_query(
        "INSERT INTO template_versions (host_id, version) VALUES ($1, $2) \
         ON CONFLICT (host_id) DO UPDATE SET version = EXCLUDED.version \
         WHERE template_versions.version < EXCLUDED.version",
    )
    .bind::<SqlUuid, _>(host)
    .bind::<Int8, _>(version)
    .execute(conn)
    .await?;
    if n == 0 {
        return Ok(false);
    }
    diesel::sql_query("DELETE FROM host_templates WHERE host_id = $1")
        .bind::<SqlUuid, _>(host)
        .execute(conn)
        .await?;
    for t in templates {
        diesel::sql_query(
            "INSERT INTO host_templates (template_id, host_id, name, message, trigger, offset_hours, enabled) \
             VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (template_id) DO NOTHING",
        )
        .bind::<SqlUuid, _>(t.template_id)
        .bind::<SqlUuid, _>(host)
        .bind::<Text, _>(&t.name)
        .bind::<Text, _>(&t.message)
        .bind::<Text, _>(&t.trigger)
        .bind::<Int4, _>(t.offset_hours)
        .bind::<Bool, _>(t.enabled)
        .execute(conn)
        .await?;
    }
    Ok(true)
}

/// A trip's schedule as stored.
#[derive(Debug, Clone, PartialEq, Eq, QueryableByName)]
pub struct TripRow {
    #[diesel(sql_type = SqlUuid)]
    pub trip_id: Uuid,
    #[diesel(sql_type = SqlUuid)]
    pub car_id: Uuid,
    #[diesel(sql_type = SqlUuid)]
    pub guest_id: Uuid,
    #[diesel(sql_type = SqlUuid)]
    pub host_id: Uuid,
    #[diesel(sql_type = Timestamptz)]
    pub start_time: DateTime<Utc>,
    #[diesel(sql_type = Timestamptz)]
    pub end_time: DateTime<Utc>,
    #[diesel(sql_type = Text)]
    pub state: String,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    pub confirmed_at: Option<DateTime<Utc>>,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    pub checked_in_at: Option<DateTime<Utc>>,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    pub checked_out_at: Option<DateTime<Utc>>,
}

const TRIP_COLUMNS: &str = "s.trip_id, s.car_id, s.guest_id, s.host_id, s.start_time, s.end_time, \
    s.state, s.confirmed_at, s.checked_in_at, s.checked_out_at";

/// A booking or confirmation: the trip's parties and times. A later state (in progress,
/// completed, cancelled) is never taken back; times move only with a newer version.
#[allow(clippy::too_many_arguments)]
pub async fn booked(
    conn: &mut AsyncPgConnection,
    trip: Uuid,
    car: Uuid,
    guest: Uuid,
    host: Uuid,
    start: DateTime<Utc>,
    end: DateTime<Utc>,
    confirmed_at: Option<DateTime<Utc>>,
    version: i64,
) -> diesel::QueryResult<()> {
    let state = if confirmed_at.is_some() { "confirmed" } else { "requested" };
    diesel::sql_query(
        "INSERT INTO trip_schedules AS s (trip_id, car_id, guest_id, host_id, start_time, end_time, state, confirmed_at, version) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) \
         ON CONFLICT (trip_id) DO UPDATE SET \
           start_time = CASE WHEN s.version < EXCLUDED.version THEN EXCLUDED.start_time ELSE s.start_time END, \
           end_time = CASE WHEN s.version < EXCLUDED.version THEN EXCLUDED.end_time ELSE s.end_time END, \
           version = GREATEST(s.version, EXCLUDED.version), \
           confirmed_at = COALESCE(s.confirmed_at, EXCLUDED.confirmed_at), \
           state = CASE WHEN s.state = 'requested' THEN EXCLUDED.state ELSE s.state END",
    )
    .bind::<SqlUuid, _>(trip)
    .bind::<SqlUuid, _>(car)
    .bind::<SqlUuid, _>(guest)
    .bind::<SqlUuid, _>(host)
    .bind::<Timestamptz, _>(start)
    .bind::<Timestamptz, _>(end)
    .bind::<Text, _>(state)
    .bind::<Nullable<Timestamptz>, _>(confirmed_at)
    .bind::<Int8, _>(version)
    .execute(conn)
    .await
    .map(|_| ())
}

/// New times, when `version` is newer.
pub async fn rescheduled(
    conn: &mut AsyncPgConnection,
    trip: Uuid,
    start: DateTime<Utc>,
    end: DateTime<Utc>,
    version: i64,
) -> diesel::QueryResult<()> {
    diesel::sql_query(
        "UPDATE trip_schedules SET start_time = $2, end_time = $3, version = $4 \
         WHERE trip_id = $1 AND version < $4",
    )
    .bind::<SqlUuid, _>(trip)
    .bind::<Timestamptz, _>(start)
    .bind::<Timestamptz, _>(end)
    .bind::<Int8, _>(version)
    .execute(conn)
    .await
    .map(|_| ())
}

/// A cancellation or rejection: nothing more is sent for the trip.
pub async fn cancelled(conn: &mut AsyncPgConnection, trip: Uuid) -> diesel::QueryResult<()> {
    diesel::sql_query("UPDATE trip_schedules SET state = 'cancelled' WHERE trip_id = $1")
        .bind::<SqlUuid, _>(trip)
        .execute(conn)
        .await
        .map(|_| ())
}

/// The check-in (the first one counts).
pub async fn checked_in(
    conn: &mut AsyncPgConnection,
    trip: Uuid,
    at: DateTime<Utc>,
) -> diesel::QueryResult<()> {
    diesel::sql_query(
        "UPDATE trip_schedules SET checked_in_at = COALESCE(checked_in_at, $2), \
           state = CASE WHEN state IN ('cancelled', 'completed') THEN state ELSE 'in_progress' END \
         WHERE trip_id = $1",
    )
    .bind::<SqlUuid, _>(trip)
    .bind::<Timestamptz, _>(at)
    .execute(conn)
    .await
    .map(|_| ())
}

/// The checkout (the first one counts).
pub async fn checked_out(
    conn: &mut AsyncPgConnection,
    trip: Uuid,
    at: DateTime<Utc>,
) -> diesel::QueryResult<()> {
    diesel::sql_query(
        "UPDATE trip_schedules SET checked_out_at = COALESCE(checked_out_at, $2), \
           state = CASE WHEN state = 'cancelled' THEN state ELSE 'completed' END \
         WHERE trip_id = $1",
    )
    .bind::<SqlUuid, _>(trip)
    .bind::<Timestamptz, _>(at)
    .execute(conn)
    .await
    .map(|_| ())
}

/// A trip and one of its host's enabled templates not yet sent or skipped for it.
#[derive(Debug, Clone, QueryableByName)]
pub struct Pending {
    #[diesel(embed)]
    pub trip: TripRow,
    #[diesel(embed)]
    pub template: TemplateRow,
}

/// Trips that may have a message due (not cancelled, not requested, ended after
/// `ended_after`) with each enabled template of their host not yet sent or skipped for them, in
/// (start, trip, template) order after `after`, at most `limit`: the caller pages through all of
/// them, so trips waiting for a later moment never hide the ones due now.
pub async fn pending(
    conn: &mut AsyncPgConnection,
    ended_after: DateTime<Utc>,
    after: Option<&Pending>,
    limit: i64,
) -> diesel::QueryResult<Vec<Pending>> {
    let (start, trip, template) = match after {
        Some(p) => (p.trip.start_time, p.trip.trip_id, p.template.template_id),
        None => (DateTime::<Utc>::UNIX_EPOCH, Uuid::nil(), Uuid::nil()),
    };
    diesel::sql_query(format!(
        "SELECT {TRIP_COLUMNS}, t.template_id, t.name, t.message, t.trigger, t.offset_hours, t.enabled \
         FROM trip_schedules s JOIN host_templates t ON t.host_id = s.host_id AND t.enabled \
         WHERE s.state IN ('confirmed', 'in_progress', 'completed') AND s.end_time > $1 \
           AND (s.start_time, s.trip_id, t.template_id) > ($2, $3, $4) \
           AND NOT EXISTS (SELECT 1 FROM scheduled_sends d WHERE d.trip_id = s.trip_id AND d.template_id = t.template_id) \
         ORDER BY s.start_time, s.trip_id, t.template_id LIMIT $5"
    ))
    .bind::<Timestamptz, _>(ended_after)
    .bind::<Timestamptz, _>(start)
    .bind::<SqlUuid, _>(trip)
    .bind::<SqlUuid, _>(template)
    .bind::<Int8, _>(limit)
    .load(conn)
    .await
}

/// Records what became of a template for a trip; false when it was recorded already (by
/// another replica, or an earlier round).
pub async fn record(
    conn: &mut AsyncPgConnection,
    trip: Uuid,
    template: Uuid,
    message: Option<Uuid>,
    reason: &str,
    at: DateTime<Utc>,
) -> diesel::QueryResult<bool> {
    let n = diesel::sql_query(
        "INSERT INTO scheduled_sends (trip_id, template_id, outcome, message_id, reason, at) \
         VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING",
    )
    .bind::<SqlUuid, _>(trip)
    .bind::<SqlUuid, _>(template)
    .bind::<Text, _>(if message.is_some() { "sent" } else { "skipped" })
    .bind::<Nullable<SqlUuid>, _>(message)
    .bind::<Text, _>(reason)
    .bind::<Timestamptz, _>(at)
    .execute(conn)
    .await?;
    Ok(n == 1)
}

/// What was sent or skipped for a trip.
#[derive(Debug, Clone, QueryableByName)]
pub struct SendRow {
    #[diesel(sql_type = SqlUuid)]
    pub template_id: Uuid,
    #[diesel(sql_type = Text)]
    pub outcome: String,
    #[diesel(sql_type = Nullable<SqlUuid>)]
    pub message_id: Option<Uuid>,
    #[diesel(sql_type = Text)]
    pub reason: String,
    #[diesel(sql_type = Timestamptz)]
    pub at: DateTime<Utc>,
}

/// A trip's schedule, its host's templates and what was done with each.
pub async fn of_trip(
    conn: &mut AsyncPgConnection,
    trip: Uuid,
) -> diesel::QueryResult<Option<(TripRow, Vec<TemplateRow>, Vec<SendRow>)>> {
    let rows: Vec<TripRow> = diesel::sql_query(format!(
        "SELECT {TRIP_COLUMNS} FROM trip_schedules s WHERE s.trip_id = $1"
    ))
    .bind::<SqlUuid, _>(trip)
    .load(conn)
    .await?;
    let Some(row) = rows.into_iter().next() else { return Ok(None) };
    let templates: Vec<TemplateRow> = diesel::sql_query(
        "SELECT template_id, name, message, trigger, offset_hours, enabled \
         FROM host_templates WHERE host_id = $1 ORDER BY template_id",
    )
    .bind::<SqlUuid, _>(row.host_id)
    .load(conn)
    .await?;
    let sends: Vec<SendRow> = diesel::sql_query(
        "SELECT template_id, outcome, message_id, reason, at FROM scheduled_sends WHERE trip_id = $1",
    )
    .bind::<SqlUuid, _>(trip)
    .load(conn)
    .await?;
    Ok(Some((row, templates, sends)))
}
