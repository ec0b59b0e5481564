//! The admin reads: stored events filtered and paged, one user's journey, and analytics from
//! the daily rollups.

use crate::domain::DateRange;
use crate::store::schema::activity_events::dsl as a;
use chrono::{DateTime, NaiveDate, NaiveTime, Utc};
use diesel::prelude::*;
use diesel::sql_types::{BigInt, Date, Text};
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

/// A stored event.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = crate::store::schema::activity_events)]
pub struct ActivityRow {
    pub id: Uuid,
    pub event_id: String,
    pub user_id: Option<Uuid>,
    pub session_id: Option<String>,
    pub activity_type: String,
    pub activity_category: String,
    pub source: String,
    pub metadata: serde_json::Value,
    pub occurred_at: DateTime<Utc>,
    pub client_time: Option<DateTime<Utc>>,
    pub received_at: DateTime<Utc>,
    pub stored_at: DateTime<Utc>,
}

/// The filters of `GET activity`.
#[derive(Debug, Clone, Default)]
pub struct Filters {
    pub user_id: Option<Uuid>,
    pub session_id: Option<String>,
    pub activity_type: Option<String>,
    pub category: Option<String>,
    pub source: Option<String>,
    pub range: Option<DateRange>,
}

fn start_of(d: NaiveDate) -> DateTime<Utc> {
    d.and_time(NaiveTime::MIN).and_utc()
}

/// Events matching `f`, newest first: `limit + 1` rows from `offset`, so the caller can tell
/// whether more follow without counting them all.
pub async fn list(
    conn: &mut AsyncPgConnection,
    f: &Filters,
    offset: i64,
    limit: i64,
) -> QueryResult<Vec<ActivityRow>> {
    let mut q = a::activity_events.select(ActivityRow::as_select()).into_boxed();
    if let Some(u) = f.user_id {
        q = q.filter(a::user_id.eq(u));
    }
    if let Some(s) = &f.session_id {
        q = q.filter(a::session_id.eq(s.clone()));
    }
    if let Some(t) = &f.activity_type {
        q = q.filter(a::activity_type.eq(t.clone()));
    }
    if let Some(c) = &f.category {
        q = q.filter(a::activity_category.eq(c.clone()));
    }
    if let Some(s) = &f.source {
        q = q.filter(a::source.eq(s.clone()));
    }
    if let Some(r) = f.range {
        q = q
            .filter(a::occurred_at.ge(start_of(r.start)))
            .filter(a::occurred_at.lt(start_of(r.end + chrono::Duration::days(1))));
    }
    q.order((a::occurred_at.desc(), a::id.desc())).offset(offset).limit(limit + 1).load(conn).await
}

/// One user's events in the order they happened (ties in the order stored): `limit + 1` rows.
pub async fn journey(
    conn: &mut AsyncPgConnection,
    user: Uuid,
    range: Option<DateRange>,
    limit: i64,
) -> QueryResult<Vec<ActivityRow>> {
    let mut q = a::activity_events
        .select(ActivityRow::as_select())
        .filter(a::user_id.eq(user))
        .into_boxed();
    if let Some(r) = range {
        q = q
            .filter(a::occurred_at.ge(start_of(r.start)))
            .filter(a::occurred_at.lt(start_of(r.end + chrono::Duration::days(1))));
    }
    q.order((a::occurred_at.asc(), a::id.asc())).limit(limit + 1).load(conn).await
}

/// A name and a number.
#[derive(Debug, Clone, PartialEq, Eq, QueryableByName)]
pub struct Count {
    #[diesel(sql_type = Text)]
    pub name: String,
    #[diesel(sql_type = BigInt)]
    pub count: i64,
}

/// A day's number of actors of a kind.
#[derive(Debug, Clone, PartialEq, Eq, QueryableByName)]
pub struct DayCount {
    #[diesel(sql_type = Date)]
    pub day: NaiveDate,
    #[diesel(sql_type = Text)]
    pub kind: String,
    #[diesel(sql_type = BigInt)]
    pub count: i64,
}

/// Events over the range grouped by `column` of the daily counts (`activity_type`,
/// `activity_category` or `source`), most first.
pub async fn counts_by(
    conn: &mut AsyncPgConnection,
    column: Column,
    r: DateRange,
) -> QueryResult<Vec<Count>> {
    let col = column.as_sql();
    diesel::sql_query(format!(
        "SELECT {col} AS name, sum(events)::bigint AS count FROM activity_daily_counts \
         WHERE day BETWEEN $1 AND $2 GROUP BY {col} ORDER BY count DESC, name"
    ))
    .bind::<Date, _>(r.start)
    .bind::<Date, _>(r.end)
    .load(conn)
    .await
}

/// The daily counts' grouping columns.
#[derive(Debug, Clone, Copy)]
pub enum Column {
    Type,
    Category,
    Source,
}

impl Column {
    fn as_sql(self) -> &'static str {
        match self {
            Column::Type => "activity_type",
            Column::Category => "activity_category",
            Column::Source => "source",
        }
    }
}

/// Events of each type from one source over the range (the funnel's steps).
pub async fn step_events(
    conn: &mut AsyncPgConnection,
    r: DateRange,
    steps: &[(&str, &str)],
) -> QueryResult<Vec<Count>> {
    let types: Vec<String> = steps.iter().map(|(t, _)| (*t).to_owned()).collect();
    let sources: Vec<String> = steps.iter().map(|(_, s)| (*s).to_owned()).collect();
    diesel::sql_query(
        "SELECT c.activity_type AS name, sum(c.events)::bigint AS count \
         FROM activity_daily_counts c \
         JOIN unnest($3::text[], $4::text[]) AS s(activity_type, source) \
           ON s.activity_type = c.activity_type AND s.source = c.source \
         WHERE c.day BETWEEN $1 AND $2 GROUP BY c.activity_type",
    )
    .bind::<Date, _>(r.start)
    .bind::<Date, _>(r.end)
    .bind::<diesel::sql_types::Array<Text>, _>(&types)
    .bind::<diesel::sql_types::Array<Text>, _>(&sources)
    .load(conn)
    .await
}

/// Actors per day and kind over the range.
pub async fn actors(conn: &mut AsyncPgConnection, r: DateRange) -> QueryResult<Vec<DayCount>> {
    diesel::sql_query(
        "SELECT day, kind, actors AS count FROM activity_daily_actor_counts \
         WHERE day BETWEEN $1 AND $2 ORDER BY day, kind",
    )
    .bind::<Date, _>(r.start)
    .bind::<Date, _>(r.end)
    .load(conn)
    .await
}
