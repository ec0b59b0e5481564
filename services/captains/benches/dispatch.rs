//! Dispatch of one day of 500 tasks among 20 captains around Fremont (docs/PERFORMANCE.md):
//! the plan alone (`domain::dispatch::plan`), and the service's whole day (`dispatch::day`:
//! the advisory lock, reading the day's tasks and captains, planning, writing every task's
//! plan) on a fresh Postgres database. Prints p50, p99 and max over the runs. `DISPATCH_TASKS`,
//! `DISPATCH_CAPTAINS` and `DISPATCH_RUNS` change the size.

use captains::domain::dispatch::{Captain, Job, plan};
use captains::domain::geo::Point;
use captains::domain::tasks::TaskKind;
use captains::store::{self, CaptainRow, NewTask, TripFact};
use chrono::{Duration, NaiveDate, TimeZone, Utc};
use diesel_async::AsyncConnection;
use std::time::Instant;
use uuid::Uuid;

/// A small deterministic generator (xorshift64*), so every run plans the same day.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> f64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 11) as f64 / (1u64 << 53) as f64
    }
    /// A point within about `miles` of Fremont.
    fn near(&mut self, miles: f64) -> Point {
        let d = miles / 69.0;
        Point {
            lat: 37.5485 + (self.next() * 2.0 - 1.0) * d,
            lng: -121.9886 + (self.next() * 2.0 - 1.0) * d * 1.26,
        }
    }
}

fn env(name: &str, default: usize) -> usize {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

fn summary(label: &str, mut ms: Vec<f64>) {
    ms.sort_by(f64::total_cmp);
    let at = |q: f64| ms[((ms.len() as f64 * q).ceil() as usize).clamp(1, ms.len()) - 1];
    println!(
        "{label}: runs {}, p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        ms.len(),
        at(0.50),
        at(0.99),
        ms[ms.len() - 1]
    );
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let (tasks, captains, runs) =
        (env("DISPATCH_TASKS", 500), env("DISPATCH_CAPTAINS", 20), env("DISPATCH_RUNS", 50));
    let mut rng = Rng(0x5eed_1234_abcd_0001);
    let tz = chrono_tz::America::Los_Angeles;
    let date = NaiveDate::from_ymd_opt(2026, 12, 1).unwrap_or_default();
    let day_start = tz
        .from_local_datetime(&date.and_hms_opt(0, 0, 0).unwrap_or_default())
        .earliest()
        .map(|t| t.with_timezone(&Utc))
        .unwrap_or_default();
    let crew: Vec<Captain> = (0..captains)
        .map(|i| Captain {
            id: Uuid::from_u128(0xc0de_0000 + i as u128),
            base: rng.near(8.0),
            shift_start: day_start + Duration::hours(6),
            shift_end: day_start + Duration::hours(22),
        })
        .collect();
    let jobs: Vec<Job> = (0..tasks)
        .map(|i| {
            let at = day_start + Duration::minutes(7 * 60 + (rng.next() * 14.0 * 60.0) as i64);
            let (car, guest) = (rng.near(10.0), rng.near(15.0));
            let kind = if i % 2 == 0 { TaskKind::DeliveryToGuest } else { TaskKind::ReturnToHost };
            let (from, to) =
                if kind == TaskKind::DeliveryToGuest { (car, guest) } else { (guest, car) };
            Job { id: Uuid::from_u128(0x7a5c_0000 + i as u128), kind, at, from, to, fixed: None }
        })
        .collect();

    // The plan alone.
    let mut ms = Vec::with_capacity(runs);
    let mut late = 0;
    for _ in 0..runs.max(1) {
        let t0 = Instant::now();
        let p = plan(&crew, &jobs);
        ms.push(t0.elapsed().as_secs_f64() * 1000.0);
        late = p.tasks.values().filter(|a| a.timing.late > Duration::zero()).count();
    }
    println!("dispatch of {tasks} tasks among {captains} captains ({late} late in the plan)");
    summary("plan (domain, in memory)", ms);

    // The service's day: the same tasks and captains in a fresh database.
    let db = upcar_testkit::TestDatabase::create("bench_dispatch").await?;
    upcar_db::run_migrations(&db.url, captains::startup::MIGRATIONS).await?;
    let pool = upcar_db::pool(&db.url, 2)?;
    let mut conn = pool.get().await?;
    for c in &crew {
        store::upsert_captain(
            &mut conn,
            &CaptainRow {
                id: c.id,
                first_name: "Captain".into(),
                base_latitude: c.base.lat,
                base_longitude: c.base.lng,
                time_zone: tz.name().into(),
                shift_start_minute: 6 * 60,
                shift_end_minute: 22 * 60,
            },
        )
        .await?;
    }
    for j in &jobs {
        let trip = Uuid::now_v7();
        store::upsert_trip(
            &mut conn,
            &TripFact {
                trip_id: trip,
                car_id: Uuid::now_v7(),
                guest_id: Uuid::now_v7(),
                owner_id: Uuid::now_v7(),
                start: j.at,
                end: j.at + Duration::days(1),
                time_zone: tz.name().into(),
                version: 1,
            },
        )
        .await?;
        let place = |p: Point| serde_json::json!({"street": "1 Main St", "city": "Fremont", "state": "CA", "zip": "94536", "latitude": p.lat, "longitude": p.lng});
        store::insert_task(
            &mut conn,
            &NewTask {
                id: j.id,
                trip_id: trip,
                kind: j.kind.as_str(),
                scheduled_at: j.at,
                local_date: date,
                from_place: place(j.from),
                to_place: place(j.to),
                car_make: "Tesla",
                car_model: "Model 3",
                car_photo: "",
            },
        )
        .await?;
    }
    let mut ms = Vec::with_capacity(runs);
    for i in 0..runs.max(1) {
        // Every other run starts from no plan, so the writes are real, not skipped as unchanged.
        if i % 2 == 0 {
            use diesel_async::RunQueryDsl;
            diesel::sql_query("UPDATE tasks SET captain_id = NULL, route_order = NULL, eta_first = NULL, eta_second = NULL, late = false")
                .execute(&mut conn)
                .await?;
        }
        let t0 = Instant::now();
        conn.transaction::<_, anyhow::Error, _>(async |c| {
            captains::dispatch::day(c, date).await.map(|_| ())
        })
        .await?;
        ms.push(t0.elapsed().as_secs_f64() * 1000.0);
    }
    summary("day (service: read, plan, write in one transaction)", ms);
    Ok(())
}
