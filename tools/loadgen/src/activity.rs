//! The activity ingestion benchmark of `docs/PERFORMANCE.md`:
//!
//! ```text
//! loadgen activity http <gateway> <activity db> <events per second, comma separated> <seconds per step> [batch]
//! ```
//!
//! Open loop: at each rate, batches of `batch` events (50, as the web app sends) go to
//! `POST /v1/activity/bulk` on schedule, each from its own task, so a slow answer does not
//! slow the sending. A batch answered 202 is safe with the broker (publisher confirms); the
//! step then waits until every accepted event is in the activity database. Printed per step:
//! the rate reached, the answers' latency (send to 202, from the scheduled send time), events
//! refused or lost (sent and accepted but never stored within a minute), send-to-stored p50 and
//! p99 (the batch's `sentAt`, the load generator's clock, to the row's `stored_at`, the
//! database's: one machine, one clock), and the CPU each process spent per 1,000 events.

use diesel::QueryableByName;
use diesel_async::{AsyncConnection, AsyncPgConnection};
use serde_json::{Value, json};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

#[derive(QueryableByName)]
struct Stored {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    n: i64,
    #[diesel(sql_type = diesel::sql_types::Double)]
    p50: f64,
    #[diesel(sql_type = diesel::sql_types::Double)]
    p99: f64,
    #[diesel(sql_type = diesel::sql_types::Double)]
    max: f64,
}

async fn stored(db: &str, run: &str) -> anyhow::Result<Stored> {
    use diesel_async::RunQueryDsl;
    let mut conn = AsyncPgConnection::establish(db).await?;
    // The run's events: their ids start with the run's tag.
    Ok(diesel::sql_query(
        "SELECT count(*) AS n, \
           coalesce(percentile_cont(0.5) WITHIN GROUP (ORDER BY ms), 0) AS p50, \
           coalesce(percentile_cont(0.99) WITHIN GROUP (ORDER BY ms), 0) AS p99, \
           coalesce(max(ms), 0)::float8 AS max \
         FROM (SELECT extract(epoch FROM stored_at - sent_at)::float8 * 1000 AS ms \
               FROM activity_events WHERE event_id LIKE $1) s",
    )
    .bind::<diesel::sql_types::Text, _>(format!("{run}-%"))
    .get_result(&mut conn)
    .await?)
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

fn now_millis() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_millis() as i64).unwrap_or(0)
}

/// Runs the stepped benchmark.
pub async fn run(args: &[String]) -> anyhow::Result<()> {
    anyhow::ensure!(
        args.len() >= 7 && args[2] == "http",
        "usage: loadgen activity http <gateway> <activity db> <events/s,...> <seconds per step> [batch]"
    );
    let base = args[3].clone();
    let db = args[4].clone();
    let rates: Vec<u64> = args[5].split(',').map(str::parse).collect::<Result<_, _>>()?;
    let seconds: u64 = args[6].parse()?;
    let batch: u64 = args.get(7).map(|b| b.parse()).transpose()?.unwrap_or(50);
    let http = reqwest::Client::builder().pool_max_idle_per_host(512).build()?;
    let labels = match std::env::var("LOADGEN_PG") {
        Ok(url) => crate::book::postgres_labels(&url).await,
        Err(_) => Default::default(),
    };
    let tag = format!("bench-{:x}", now_millis());
    // Warm-up: connections and the first batch's paths.
    for i in 0..20 {
        send(&http, &base, &format!("{tag}-warm"), i, batch).await?;
    }
    println!(
        "activity ingestion: batches of {batch} events through {base}/v1/activity/bulk, {seconds} s per step"
    );
    for rate in rates {
        let run = format!("{tag}-{rate}");
        let batches_per_second = (rate as f64 / batch as f64).max(0.1);
        let every = Duration::from_secs_f64(1.0 / batches_per_second);
        let total = (batches_per_second * seconds as f64).round() as u64;
        let (accepted, refused) = (Arc::new(AtomicU64::new(0)), Arc::new(AtomicU64::new(0)));
        let latencies = Arc::new(std::sync::Mutex::new(Vec::with_capacity(total as usize)));
        let cpu_before = crate::cpu::snapshot_labelled(&labels);
        let start = Instant::now();
        let mut tasks = Vec::with_capacity(total as usize);
        for i in 0..total {
            let due = start + every.mul_f64(i as f64);
            tokio::time::sleep_until(due.into()).await;
            let (http, base, run) = (http.clone(), base.clone(), run.clone());
            let (accepted, refused, latencies) =
                (accepted.clone(), refused.clone(), latencies.clone());
            tasks.push(tokio::spawn(async move {
                match send(&http, &base, &run, i, batch).await {
                    Ok(n) => {
                        accepted.fetch_add(n, Ordering::Relaxed);
                        // From the scheduled send time: a late start counts against the answer.
                        let ms = due.elapsed().as_secs_f64() * 1000.0;
                        latencies.lock().map(|mut l| l.push(ms)).ok();
                    }
                    Err(e) => {
                        refused.fetch_add(batch, Ordering::Relaxed);
                        eprintln!("  batch {i}: {e}");
                    }
                }
            }));
        }
        for t in tasks {
            t.await?;
        }
        let sending = start.elapsed().as_secs_f64();
        let accepted = accepted.load(Ordering::Relaxed);
        // Every accepted event must reach the database.
        let deadline = Instant::now() + Duration::from_secs(60);
        let mut s = stored(&db, &run).await?;
        while (s.n as u64) < accepted && Instant::now() < deadline {
            tokio::time::sleep(Duration::from_millis(100)).await;
            s = stored(&db, &run).await?;
        }
        let drained = start.elapsed().as_secs_f64();
        let (cpu, cpu_total) = crate::cpu::per_op(
            &cpu_before,
            &crate::cpu::snapshot_labelled(&labels),
            (accepted / 1000).max(1),
        );
        let mut l = latencies.lock().map(|l| l.clone()).unwrap_or_default();
        l.sort_by(f64::total_cmp);
        println!(
            "rate {rate}/s: sent {} events in {sending:.1} s ({:.0}/s), accepted {accepted}, refused {}, \
             stored {} ({:.0}/s until the last was stored), lost {}",
            total * batch,
            (total * batch) as f64 / sending,
            refused.load(Ordering::Relaxed),
            s.n,
            s.n as f64 / drained,
            accepted.saturating_sub(s.n as u64),
        );
        println!(
            "  answer (send to 202, broker confirmed): p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
            percentile(&l, 0.5),
            percentile(&l, 0.99),
            l.last().copied().unwrap_or(0.0)
        );
        println!("  send to stored: p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms", s.p50, s.p99, s.max);
        println!("  cpu ms per 1,000 events: total={cpu_total:.1} {}", crate::cpu::describe(&cpu));
    }
    Ok(())
}

/// Sends batch `i` of `run`; answers the number of events accepted (all of them, or an error).
async fn send(
    http: &reqwest::Client,
    base: &str,
    run: &str,
    i: u64,
    batch: u64,
) -> anyhow::Result<u64> {
    let now = now_millis();
    let activities: Vec<Value> = (0..batch)
        .map(|j| {
            let activity_type = ["search", "page_view", "car_viewed", "map_moved"][(j % 4) as usize];
            json!({"eventId": format!("{run}-{i}-{j}"), "sessionId": format!("bench-session-{}", i % 500),
                   "activityType": activity_type, "timestamp": now,
                   "metadata": {"pageUrl": "/search?lat=37.55&lng=-121.99", "referrer": "/", "seq": j}})
        })
        .collect();
    let r = http
        .post(format!("{base}/v1/activity/bulk"))
        .json(&json!({"activities": activities, "sentAt": now}))
        .send()
        .await?;
    let status = r.status();
    let b: Value = r.json().await?;
    anyhow::ensure!(status.as_u16() == 202, "{status}: {b}");
    let accepted = b["data"]["accepted"].as_u64().unwrap_or(0);
    anyhow::ensure!(accepted == batch, "accepted {accepted} of {batch}: {b}");
    Ok(accepted)
}
