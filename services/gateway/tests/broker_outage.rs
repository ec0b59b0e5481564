//! Bookings flow through the gateway while RabbitMQ is stopped (`rabbitmqctl stop_app`) and
//! started again; afterwards catalog's availability projection has applied every booked trip's
//! event exactly once. A test binary of its own: the outage would break the e2e tests that run
//! beside each other in the `e2e` binary. Run it alone, with nothing else using the broker.
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[allow(dead_code)]
#[path = "e2e/fake_google.rs"]
mod fake_google;
#[allow(dead_code)]
#[path = "e2e/helpers.rs"]
mod helpers;

use chrono::{Duration, Utc};
use helpers::*;
use serde_json::json;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

fn day(d: i64) -> String {
    (Utc::now().date_naive() + Duration::days(d)).to_string()
}

fn car(n: u128) -> String {
    uuid::Uuid::from_u128(0x0194_0000_0000_7000_8000_0000_0000_0000 + n).to_string()
}

fn rabbitmqctl(arg: &str) {
    let out = std::process::Command::new("rabbitmqctl").arg(arg).output().expect("rabbitmqctl");
    assert!(out.status.success(), "rabbitmqctl {arg}: {}", String::from_utf8_lossy(&out.stderr));
}

/// Guests that pass pre-booking verification: the flags set with SQL on the accounts
/// database (as a person would by email code and uploads), a card through the gateway.
async fn verified_guests(n: usize) -> Vec<NewUser> {
    let mut guests = Vec::new();
    for _ in 0..n {
        guests.push(sign_up().await);
    }
    let ids: Vec<String> = guests.iter().map(|g| format!("'{}'", g.id)).collect();
    let ids = ids.join(",");
    let url = accounts_db(stack().accounts_port);
    use diesel_async::{AsyncConnection, SimpleAsyncConnection};
    let mut conn = diesel_async::AsyncPgConnection::establish(&url).await.unwrap();
    conn.batch_execute(&format!(
        "UPDATE users SET email_verified = true, dob = '1990-01-01' WHERE id IN ({ids}); \
         INSERT INTO driver_documents (user_id, dl_key, dl_back_key, selfie_key, license_first_name, \
           license_last_name, license_number, license_issued_on, license_expires_on) \
         SELECT id, 'test/dl', 'test/dl-back', 'test/selfie', 'Test', 'Guest', 'T1234567', \
           current_date - 365, current_date + 5 * 365 FROM users WHERE id IN ({ids});"
    ))
    .await
    .unwrap();
    for g in &guests {
        let (s, b) = parts(post("/v1/payment/stripe/addPaymentMethod", json!({
            "paymentMethodId": "pm_card_visa",
            "billingDetails": {"street": "1 Main St", "city": "Fremont", "state": "CA", "zip": "94536", "country": "US"},
        }), Some(&g.token)).await).await;
        assert_eq!(s, 200, "{b}");
    }
    guests
}

/// The ids of the trips service's `trip_booked` events, quoted for SQL.
async fn booked_event_ids() -> Vec<String> {
    use diesel::QueryableByName;
    use diesel_async::{AsyncConnection, RunQueryDsl};
    #[derive(QueryableByName)]
    struct Id {
        #[diesel(sql_type = diesel::sql_types::Uuid)]
        id: uuid::Uuid,
    }
    let mut conn = diesel_async::AsyncPgConnection::establish(&stack().trips_db).await.unwrap();
    let rows: Vec<Id> =
        diesel::sql_query("SELECT id FROM outbox WHERE event_type = 'trips.trip_booked'")
            .load(&mut conn)
            .await
            .unwrap();
    rows.into_iter().map(|r| format!("'{}'", r.id)).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn bookings_during_a_broker_restart_reach_the_availability_projection_exactly_once() {
    let guests = verified_guests(8).await;
    // Bookings made before this test (the demo data's) are not this test's.
    let earlier = booked_event_ids().await;
    let before = earlier.len() as i64;
    let stop = Arc::new(AtomicBool::new(false));
    // Guest i books car 5 + i, one day after the other, until told to stop.
    let tasks: Vec<_> = guests
        .into_iter()
        .enumerate()
        .map(|(i, g)| {
            let stop = stop.clone();
            tokio::spawn(async move {
                let mut booked = Vec::new();
                let mut k = 0;
                while !stop.load(Ordering::Relaxed) {
                    let from = 250 + k;
                    k += 1;
                    let body = json!({
                        "carId": car(5 + i as u128), "newStartDate": day(from), "newStartTime": "10:00 AM",
                        "newEndDate": day(from + 1), "newEndTime": "10:00 AM", "age": 36, "extras": [],
                        "protectionPlanType": "Standard",
                    });
                    let (s, b) = parts(post("/v1/trips/createTrip", body, Some(&g.token)).await).await;
                    assert_eq!(s, 201, "bookings go on while the broker is away: {b}");
                    booked.push(b["data"]["tripId"].as_str().unwrap().to_owned());
                }
                booked
            })
        })
        .collect();
    tokio::time::sleep(std::time::Duration::from_secs(3)).await;
    tokio::task::spawn_blocking(|| rabbitmqctl("stop_app")).await.unwrap();
    let down_at = std::time::Instant::now();
    tokio::time::sleep(std::time::Duration::from_secs(4)).await;
    tokio::task::spawn_blocking(|| rabbitmqctl("start_app")).await.unwrap();
    eprintln!("broker was down {:.1} s", down_at.elapsed().as_secs_f64());
    // The next test binary's services declare their queues as they start.
    upcar_testkit::await_broker(&upcar_testkit::amqp_url(), std::time::Duration::from_secs(120))
        .await
        .expect("the broker takes declarations again");
    tokio::time::sleep(std::time::Duration::from_secs(4)).await;
    stop.store(true, Ordering::Relaxed);
    let mut trips = Vec::new();
    for t in tasks {
        trips.extend(t.await.unwrap());
    }
    let during: i64 =
        trips_scalar("SELECT count(*) AS n FROM outbox WHERE event_type = 'trips.trip_booked'")
            .await;
    assert_eq!(during - before, trips.len() as i64, "one booked event per trip");
    eprintln!("{} trips booked around the outage", trips.len());
    assert!(trips.len() >= 16, "bookings flowed: {}", trips.len());

    // Every event is published once the broker is back, and applied by the projection.
    let list: Vec<String> = trips.iter().map(|t| format!("'{t}'")).collect();
    let list = list.join(",");
    let mut applied = 0;
    let drain = std::time::Instant::now();
    // Up to three minutes: the relay and the consumer reconnect with backoff (5 s at most) and
    // then drain everything booked meanwhile; a debug build under load is slow at it.
    for _ in 0..720 {
        applied = catalog_scalar(&format!(
            "SELECT count(*) AS n FROM car_unavailability WHERE source = 'booking' AND source_id IN ({list})"
        ))
        .await;
        if applied == trips.len() as i64 {
            eprintln!(
                "all {applied} applied {:.1} s after the bookings stopped",
                drain.elapsed().as_secs_f64()
            );
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(250)).await;
    }
    if applied != trips.len() as i64 {
        let unpublished =
            trips_scalar("SELECT count(*) AS n FROM outbox WHERE published_at IS NULL").await;
        eprintln!("after the wait: {applied} applied, {unpublished} events not yet published");
    }
    assert_eq!(applied, trips.len() as i64, "every booking reached the projection");
    assert_eq!(
        trips_scalar("SELECT count(*) AS n FROM outbox WHERE published_at IS NULL").await,
        0,
        "the relay published everything after the restart"
    );
    // Exactly once: each booked event recorded once by catalog's consumer, each trip one row
    // at version 1 with the trip's own period.
    let events: Vec<String> =
        booked_event_ids().await.into_iter().filter(|id| !earlier.contains(id)).collect();
    let processed = catalog_scalar(&format!(
        "SELECT count(*) AS n FROM processed_events WHERE event_id IN ({})",
        events.join(",")
    ))
    .await;
    assert_eq!(processed, trips.len() as i64, "each booked event processed once");
    // One day of the car's local time, 10:00 AM to 10:00 AM: 24 hours, or 23 or 25 where the
    // night of a daylight-saving change falls inside (the dates move with the day the test runs).
    let right = catalog_scalar(&format!(
        "SELECT count(*) AS n FROM car_unavailability c JOIN (VALUES {}) AS t(id) ON c.source_id = t.id \
         WHERE c.version = 1 \
           AND upper(c.period) - lower(c.period) BETWEEN interval '23 hours' AND interval '25 hours'",
        trips.iter().map(|t| format!("('{t}')")).collect::<Vec<_>>().join(",")
    ))
    .await;
    assert_eq!(right, trips.len() as i64, "each trip applied once, as booked");
}
