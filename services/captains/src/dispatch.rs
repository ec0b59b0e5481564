//! Dispatch of a day: the day's open tasks and the working captains go through the plan of
//! [`crate::domain::dispatch`], and each task's captain, route order and ETAs are written.
//! A day is planned under a transaction-scoped advisory lock, so two consumers (or replicas)
//! planning the same day take turns.

use crate::domain::dispatch::{self, Captain, Job, Plan};
use crate::domain::geo::Point;
use crate::domain::tasks::TaskKind;
use crate::store::{self, CaptainRow, TaskRow};
use chrono::{DateTime, Duration, NaiveDate, TimeZone, Utc};
use diesel::sql_types::Text;
use diesel_async::{AsyncPgConnection, RunQueryDsl};

/// The captain's shift on `date`, in their time zone.
pub fn shift(c: &CaptainRow, date: NaiveDate) -> (DateTime<Utc>, DateTime<Utc>) {
    let tz: chrono_tz::Tz = c.time_zone.parse().unwrap_or(chrono_tz::America::Los_Angeles);
    let midnight = date.and_hms_opt(0, 0, 0).unwrap_or_default();
    let start = tz
        .from_local_datetime(&midnight)
        .earliest()
        .map(|t| t.with_timezone(&Utc))
        .unwrap_or_else(|| Utc.from_utc_datetime(&midnight));
    (
        start + Duration::minutes(i64::from(c.shift_start_minute)),
        start + Duration::minutes(i64::from(c.shift_end_minute)),
    )
}

/// Where a stored place is.
pub fn point(place: &serde_json::Value) -> Point {
    Point {
        lat: place["latitude"].as_f64().unwrap_or_default(),
        lng: place["longitude"].as_f64().unwrap_or_default(),
    }
}

/// A stored task as dispatch sees it.
pub fn job(t: &TaskRow) -> Job {
    Job {
        id: t.id,
        kind: TaskKind::parse(&t.kind).unwrap_or(TaskKind::DeliveryToGuest),
        at: t.scheduled_at,
        from: point(&t.from_place),
        to: point(&t.to_place),
        fixed: if t.status == "in_progress" { t.captain_id } else { None },
    }
}

/// Plans `date` again and writes the plan; answers it.
pub async fn day(conn: &mut AsyncPgConnection, date: NaiveDate) -> anyhow::Result<Plan> {
    diesel::sql_query("SELECT pg_advisory_xact_lock(hashtext($1))")
        .bind::<Text, _>(format!("captains-dispatch:{date}"))
        .execute(conn)
        .await?;
    let captains: Vec<Captain> = store::active_captains(conn)
        .await?
        .iter()
        .map(|c| {
            let (shift_start, shift_end) = shift(c, date);
            Captain {
                id: c.id,
                base: Point { lat: c.base_latitude, lng: c.base_longitude },
                shift_start,
                shift_end,
            }
        })
        .collect();
    let tasks = store::open_tasks_of_day(conn, date).await?;
    let jobs: Vec<Job> = tasks.iter().map(job).collect();
    let plan = dispatch::plan(&captains, &jobs);
    for t in &tasks {
        if t.status == "in_progress" && !plan.tasks.contains_key(&t.id) {
            // Under way with a captain who no longer works: left as it is.
            continue;
        }
        let p = plan.tasks.get(&t.id).map(|a| store::Planned {
            captain: a.captain,
            order: a.order,
            eta_first: a.timing.first,
            eta_second: a.timing.second,
            late: a.timing.late > Duration::zero(),
        });
        store::set_plan(conn, t.id, p).await?;
    }
    Ok(plan)
}

/// Plans each of `dates` (once each).
pub async fn days(conn: &mut AsyncPgConnection, dates: &[NaiveDate]) -> anyhow::Result<()> {
    let mut dates = dates.to_vec();
    dates.sort_unstable();
    dates.dedup();
    for d in dates {
        day(conn, d).await?;
    }
    Ok(())
}
