//! Ingestion across a broker restart: N events (`UPCAR_ACTIVITY_EVENTS`, 100,000 by default:
//! about 20 s on a 2-core machine with a debug build) sent in batches of 50 by four senders,
//! a tenth of the batches sent twice, while RabbitMQ is stopped and started in the middle.
//! A batch the service could not get confirmed is answered 503 and sent again, as a client
//! would. Every event is stored exactly once, and the rollups count each once.
//!
//! Stops and starts the machine's RabbitMQ: a test binary of its own, so no other test of this
//! crate runs beside it.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use diesel::QueryableByName;
use serde_json::json;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};
use tonic::Request;
use upcar_identity::{Identity, Role};
use upcar_proto::activity as pb;
use upcar_proto::activity::activity_client::ActivityClient;
use uuid::Uuid;

const BATCH: usize = 50;
const SENDERS: usize = 4;

fn rabbitmqctl(arg: &str) {
    let status = std::process::Command::new("rabbitmqctl")
        .arg(arg)
        .stdout(std::process::Stdio::null())
        .status()
        .expect("rabbitmqctl runs");
    assert!(status.success(), "rabbitmqctl {arg}");
}

/// Starts the broker again if the test ends while it is stopped.
struct BrokerGuard(Arc<AtomicBool>);

impl Drop for BrokerGuard {
    fn drop(&mut self) {
        if self.0.load(Ordering::SeqCst) {
            rabbitmqctl("start_app");
        }
    }
}

#[derive(QueryableByName)]
struct N {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    n: i64,
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_event_sent_across_a_broker_restart_is_stored_once() {
    let total: usize =
        std::env::var("UPCAR_ACTIVITY_EVENTS").ok().and_then(|n| n.parse().ok()).unwrap_or(100_000);
    let total = total.div_ceil(BATCH) * BATCH;
    upcar_testkit::await_broker(&upcar_testkit::amqp_url(), Duration::from_secs(120))
        .await
        .unwrap();
    let db = upcar_testkit::TestDatabase::create("activity_restart").await.unwrap();
    let mut settings = activity::Settings::load().unwrap();
    settings.database.url = db.url.clone().into();
    settings.grpc.port = 0;
    settings.amqp.exchange = upcar_testkit::unique("test-activity-restart");
    settings.redis.url = upcar_testkit::redis_url();
    settings.dedupe.key_prefix = upcar_testkit::unique("test-activity-restart");
    let prefix = settings.dedupe.key_prefix.clone();
    let app = activity::Application::build(settings).await.unwrap();
    let (port, state) = (app.port(), app.state());
    tokio::spawn(app.run_until(std::future::pending()));
    let client = ActivityClient::connect(format!("http://127.0.0.1:{port}")).await.unwrap();

    let stopped = Arc::new(AtomicBool::new(false));
    let _guard = BrokerGuard(stopped.clone());
    let sent = Arc::new(AtomicU64::new(0));
    let refused = Arc::new(AtomicU64::new(0));
    let duplicates = Arc::new(AtomicU64::new(0));
    let started = Instant::now();
    let batches = total / BATCH;
    let mut senders = Vec::new();
    for s in 0..SENDERS {
        let (client, sent, refused, duplicates) =
            (client.clone(), sent.clone(), refused.clone(), duplicates.clone());
        senders.push(tokio::spawn(async move {
            for b in (s..batches).step_by(SENDERS) {
                // Half the batches from signed-in users, half from anonymous sessions.
                let who = (b % 2 == 0).then(|| Uuid::from_u128(0x0194_0000_0000_7000_8000_0000_0000_0000 | (b % 97) as u128));
                let events: Vec<String> = (0..BATCH)
                    .map(|i| {
                        let activity_type = ["search", "page_view", "car_viewed"][i % 3];
                        json!({"eventId": format!("e-{b}-{i}"), "sessionId": format!("session-{}", b % 13),
                               "activityType": activity_type,
                               "metadata": {"pageUrl": "/search", "batch": b}})
                        .to_string()
                    })
                    .collect();
                let send_times = if b % 10 == 0 { 2 } else { 1 };
                for _ in 0..send_times {
                    loop {
                        let mut req = Request::new(pb::IngestRequest {
                            events_json: events.clone(),
                            sent_at: chrono::Utc::now().to_rfc3339(),
                            single: false,
                        });
                        if let Some(u) = who {
                            Identity { user_id: u, role: Role::User, token_id: "t".into(), expires_at: i64::MAX, session: upcar_identity::Session { id: "s".into(), auth_time: 0 } }
                                .inject(req.metadata_mut());
                        }
                        // A call must answer (stored or 503) within its confirm wait: one
                        // that hangs is the failure this test exists to catch.
                        let answer = tokio::time::timeout(Duration::from_secs(30), client.clone().ingest(req))
                            .await
                            .expect("an ingest call answered within 30 s");
                        match answer {
                            Ok(r) => {
                                let r = r.into_inner();
                                assert_eq!(r.rejected, 0, "{r:?}");
                                duplicates.fetch_add(r.duplicates as u64, Ordering::Relaxed);
                                break;
                            }
                            Err(e) if e.code() == tonic::Code::Unavailable => {
                                refused.fetch_add(1, Ordering::Relaxed);
                                tokio::time::sleep(Duration::from_millis(200)).await;
                            }
                            Err(e) => panic!("ingest failed: {e:?}"),
                        }
                    }
                }
                sent.fetch_add(BATCH as u64, Ordering::Relaxed);
            }
        }));
    }
    // Stop the broker when half the events are in, start it 3 seconds later.
    while sent.load(Ordering::Relaxed) < (total / 2) as u64 {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    stopped.store(true, Ordering::SeqCst);
    tokio::task::spawn_blocking(|| rabbitmqctl("stop_app")).await.unwrap();
    let stopped_at = started.elapsed();
    tokio::time::sleep(Duration::from_secs(3)).await;
    tokio::task::spawn_blocking(|| rabbitmqctl("start_app")).await.unwrap();
    stopped.store(false, Ordering::SeqCst);
    for s in senders {
        s.await.unwrap();
    }
    let sending = started.elapsed();

    let count = async |sql: &str| -> i64 {
        use diesel_async::RunQueryDsl;
        let mut conn = state.pool.get().await.unwrap();
        let row: N = diesel::sql_query(sql).get_result(&mut conn).await.unwrap();
        row.n
    };
    let deadline = Instant::now() + Duration::from_secs(600);
    while count("SELECT count(*) AS n FROM activity_events").await < total as i64
        && Instant::now() < deadline
    {
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    let stored_after = started.elapsed();
    // Let any redelivery land before judging duplicates.
    tokio::time::sleep(Duration::from_secs(3)).await;
    let stored = count("SELECT count(*) AS n FROM activity_events").await;
    let distinct =
        count("SELECT count(DISTINCT (scope, event_id)) AS n FROM activity_events").await;
    let rolled =
        count("SELECT coalesce(sum(events), 0)::bigint AS n FROM activity_daily_counts").await;
    let p99 = count(
        "SELECT (percentile_cont(0.99) WITHIN GROUP (ORDER BY extract(epoch FROM stored_at - received_at) * 1000))::bigint AS n FROM activity_events",
    )
    .await;
    println!(
        "activity broker restart: {total} events sent in {:.1} s (broker stopped at {:.1} s for 3 s), \
         {} calls answered 503 and resent, {} duplicates answered; all stored after {:.1} s; \
         receipt-to-stored p99 {p99} ms",
        sending.as_secs_f64(),
        stopped_at.as_secs_f64(),
        refused.load(Ordering::Relaxed),
        duplicates.load(Ordering::Relaxed),
        stored_after.as_secs_f64(),
    );
    assert_eq!(stored, total as i64, "every event stored");
    assert_eq!(distinct, total as i64, "each once");
    assert_eq!(rolled, total as i64, "and counted once");
    assert!(
        duplicates.load(Ordering::Relaxed) >= (batches / 10 * BATCH) as u64,
        "the resent batches were answered duplicate"
    );
    let _ = db.drop_now().await;
    forget_keys(&prefix).await;
}

/// Deletes this run's seen keys (they would otherwise stay in Redis for 7 days).
async fn forget_keys(prefix: &str) {
    let Ok(client) = redis::Client::open(upcar_testkit::redis_url()) else { return };
    let Ok(mut conn) = client.get_multiplexed_async_connection().await else { return };
    let mut cursor: u64 = 0;
    loop {
        let Ok((next, keys)): Result<(u64, Vec<String>), _> = redis::cmd("SCAN")
            .arg(cursor)
            .arg("MATCH")
            .arg(format!("{prefix}:*"))
            .arg("COUNT")
            .arg(10_000)
            .query_async(&mut conn)
            .await
        else {
            return;
        };
        if !keys.is_empty() {
            let _: Result<i64, _> = redis::cmd("DEL").arg(&keys).query_async(&mut conn).await;
        }
        if next == 0 {
            return;
        }
        cursor = next;
    }
}
