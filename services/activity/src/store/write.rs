//! Storing a batch of events, in the caller's transaction: the ids seen decide which events
//! are new, only those are inserted, and the daily rollups grow by exactly them. A redelivered
//! message or a resent event therefore changes nothing.

use crate::domain::DEDUPE_WINDOW_DAYS;
use crate::domain::catalogue::{Source, funnel_step};
use chrono::{DateTime, NaiveDate, Utc};
use diesel::QueryableByName;
use diesel::sql_types::{Array, Date, Int8, Jsonb, Nullable, Text, Timestamptz, Uuid as SqlUuid};
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use std::collections::{BTreeMap, BTreeSet, HashSet};
use uuid::Uuid;

/// An event to store.
#[derive(Debug, Clone, PartialEq)]
pub struct NewActivity {
    pub event_id: String,
    /// Whose ids `event_id` is unique among: `u:{userId}`, `s:{sessionId}`, `anon`, `server`.
    pub scope: String,
    pub user_id: Option<Uuid>,
    pub session_id: Option<String>,
    pub activity_type: String,
    pub category: String,
    pub source: Source,
    pub metadata: serde_json::Value,
    pub occurred_at: DateTime<Utc>,
    pub client_time: Option<DateTime<Utc>>,
    pub sent_at: Option<DateTime<Utc>>,
    /// When the service took it in; the same on every redelivery, so it dates the id seen.
    pub received_at: DateTime<Utc>,
}

impl NewActivity {
    /// Who did it, for the daily actors: the user, else the anonymous session.
    fn actor(&self) -> Option<(&'static str, String)> {
        match (&self.user_id, &self.session_id) {
            (Some(u), _) => Some(("user", format!("u:{u}"))),
            (None, Some(s)) => Some(("session", format!("s:{s}"))),
            (None, None) => None,
        }
    }
}

#[derive(QueryableByName)]
struct SeenKey {
    #[diesel(sql_type = Text)]
    scope: String,
    #[diesel(sql_type = Text)]
    event_id: String,
}

/// Stores the new events of `batch`; answers how many were new. Run it in a transaction.
pub async fn store_batch(
    conn: &mut AsyncPgConnection,
    batch: Vec<NewActivity>,
) -> diesel::QueryResult<usize> {
    // One row per id: the seen upsert may not touch a row twice. Sorted, so concurrent
    // consumers lock rows in one order.
    let mut by_key: BTreeMap<(String, String), NewActivity> = BTreeMap::new();
    for e in batch {
        by_key.entry((e.scope.clone(), e.event_id.clone())).or_insert(e);
    }
    if by_key.is_empty() {
        return Ok(0);
    }
    let (scopes, ids, seen_at): (Vec<String>, Vec<String>, Vec<DateTime<Utc>>) = by_key
        .iter()
        .map(|((s, i), e)| (s.clone(), i.clone(), e.received_at))
        .fold((vec![], vec![], vec![]), |(mut a, mut b, mut c), (s, i, t)| {
            a.push(s);
            b.push(i);
            c.push(t);
            (a, b, c)
        });
    // An id seen more than the window before counts as new again (and is dated anew).
    let fresh: Vec<SeenKey> = diesel::sql_query(format!(
        "INSERT INTO activity_seen (scope, event_id, seen_at) \
         SELECT * FROM unnest($1::text[], $2::text[], $3::timestamptz[]) \
         ON CONFLICT (scope, event_id) DO UPDATE SET seen_at = EXCLUDED.seen_at \
         WHERE activity_seen.seen_at < EXCLUDED.seen_at - interval '{DEDUPE_WINDOW_DAYS} days' \
         RETURNING scope, event_id"
    ))
    .bind::<Array<Text>, _>(&scopes)
    .bind::<Array<Text>, _>(&ids)
    .bind::<Array<Timestamptz>, _>(&seen_at)
    .load(conn)
    .await?;
    let fresh: HashSet<(String, String)> =
        fresh.into_iter().map(|k| (k.scope, k.event_id)).collect();
    let events: Vec<NewActivity> =
        by_key.into_iter().filter(|(k, _)| fresh.contains(k)).map(|(_, e)| e).collect();
    if events.is_empty() {
        return Ok(0);
    }
    insert_events(conn, &events).await?;
    add_counts(conn, &events).await?;
    add_actors(conn, &events).await?;
    Ok(events.len())
}

async fn insert_events(
    conn: &mut AsyncPgConnection,
    events: &[NewActivity],
) -> diesel::QueryResult<()> {
    let col = |f: &dyn Fn(&NewActivity) -> String| events.iter().map(f).collect::<Vec<String>>();
    let ids: Vec<Uuid> = events.iter().map(|_| Uuid::now_v7()).collect();
    let users: Vec<Option<Uuid>> = events.iter().map(|e| e.user_id).collect();
    let sessions: Vec<Option<String>> = events.iter().map(|e| e.session_id.clone()).collect();
    let metadata: Vec<serde_json::Value> = events.iter().map(|e| e.metadata.clone()).collect();
    let occurred: Vec<DateTime<Utc>> = events.iter().map(|e| e.occurred_at).collect();
    let client: Vec<Option<DateTime<Utc>>> = events.iter().map(|e| e.client_time).collect();
    let sent: Vec<Option<DateTime<Utc>>> = events.iter().map(|e| e.sent_at).collect();
    let received: Vec<DateTime<Utc>> = events.iter().map(|e| e.received_at).collect();
    diesel::sql_query(
        "INSERT INTO activity_events (id, event_id, scope, user_id, session_id, activity_type, \
         activity_category, source, metadata, occurred_at, client_time, sent_at, received_at) \
         SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::uuid[], $5::text[], \
         $6::text[], $7::text[], $8::text[], $9::jsonb[], $10::timestamptz[], \
         $11::timestamptz[], $12::timestamptz[], $13::timestamptz[])",
    )
    .bind::<Array<SqlUuid>, _>(&ids)
    .bind::<Array<Text>, _>(col(&|e| e.event_id.clone()))
    .bind::<Array<Text>, _>(col(&|e| e.scope.clone()))
    .bind::<Array<Nullable<SqlUuid>>, _>(&users)
    .bind::<Array<Nullable<Text>>, _>(&sessions)
    .bind::<Array<Text>, _>(col(&|e| e.activity_type.clone()))
    .bind::<Array<Text>, _>(col(&|e| e.category.clone()))
    .bind::<Array<Text>, _>(col(&|e| e.source.as_str().to_owned()))
    .bind::<Array<Jsonb>, _>(&metadata)
    .bind::<Array<Timestamptz>, _>(&occurred)
    .bind::<Array<Nullable<Timestamptz>>, _>(&client)
    .bind::<Array<Nullable<Timestamptz>>, _>(&sent)
    .bind::<Array<Timestamptz>, _>(&received)
    .execute(conn)
    .await?;
    Ok(())
}

/// Events per day, type, category and source.
async fn add_counts(
    conn: &mut AsyncPgConnection,
    events: &[NewActivity],
) -> diesel::QueryResult<()> {
    let mut counts: BTreeMap<(NaiveDate, &str, &str, &str), i64> = BTreeMap::new();
    for e in events {
        let key = (
            e.occurred_at.date_naive(),
            e.activity_type.as_str(),
            e.category.as_str(),
            e.source.as_str(),
        );
        *counts.entry(key).or_default() += 1;
    }
    let mut days = Vec::new();
    let (mut types, mut cats, mut sources, mut n) = (vec![], vec![], vec![], vec![]);
    for ((d, t, c, s), count) in counts {
        days.push(d);
        types.push(t.to_owned());
        cats.push(c.to_owned());
        sources.push(s.to_owned());
        n.push(count);
    }
    diesel::sql_query(
        "INSERT INTO activity_daily_counts (day, activity_type, activity_category, source, events) \
         SELECT * FROM unnest($1::date[], $2::text[], $3::text[], $4::text[], $5::int8[]) \
         ON CONFLICT (day, activity_type, activity_category, source) \
         DO UPDATE SET events = activity_daily_counts.events + EXCLUDED.events",
    )
    .bind::<Array<Date>, _>(&days)
    .bind::<Array<Text>, _>(&types)
    .bind::<Array<Text>, _>(&cats)
    .bind::<Array<Text>, _>(&sources)
    .bind::<Array<Int8>, _>(&n)
    .execute(conn)
    .await?;
    Ok(())
}

/// Who was active each day, and who reached each funnel step; the counts beside them grow by
/// the rows that were new.
async fn add_actors(
    conn: &mut AsyncPgConnection,
    events: &[NewActivity],
) -> diesel::QueryResult<()> {
    let mut rows: BTreeSet<(NaiveDate, String, String)> = BTreeSet::new();
    for e in events {
        let Some((kind, actor)) = e.actor() else { continue };
        let day = e.occurred_at.date_naive();
        if let Some(step) = funnel_step(&e.activity_type, e.source) {
            rows.insert((day, format!("step:{step}"), actor.clone()));
        }
        rows.insert((day, kind.to_owned(), actor));
    }
    if rows.is_empty() {
        return Ok(());
    }
    let (mut days, mut kinds, mut actors) = (vec![], vec![], vec![]);
    for (d, k, a) in rows {
        days.push(d);
        kinds.push(k);
        actors.push(a);
    }
    diesel::sql_query(
        "WITH fresh AS ( \
           INSERT INTO activity_daily_actors (day, kind, actor) \
           SELECT * FROM unnest($1::date[], $2::text[], $3::text[]) \
           ON CONFLICT DO NOTHING RETURNING day, kind) \
         INSERT INTO activity_daily_actor_counts (day, kind, actors) \
         SELECT day, kind, count(*) FROM fresh GROUP BY day, kind ORDER BY day, kind \
         ON CONFLICT (day, kind) DO UPDATE SET actors = activity_daily_actor_counts.actors + EXCLUDED.actors",
    )
    .bind::<Array<Date>, _>(&days)
    .bind::<Array<Text>, _>(&kinds)
    .bind::<Array<Text>, _>(&actors)
    .execute(conn)
    .await?;
    Ok(())
}

/// Deletes up to `limit` ids seen more than the window before `now`; answers how many.
pub async fn forget_seen(
    conn: &mut AsyncPgConnection,
    now: DateTime<Utc>,
    limit: i64,
) -> diesel::QueryResult<usize> {
    diesel::sql_query(
        "DELETE FROM activity_seen WHERE ctid IN (SELECT ctid FROM activity_seen \
         WHERE seen_at < $1 LIMIT $2)",
    )
    .bind::<Timestamptz, _>(now - chrono::Duration::days(DEDUPE_WINDOW_DAYS))
    .bind::<Int8, _>(limit)
    .execute(conn)
    .await
}
