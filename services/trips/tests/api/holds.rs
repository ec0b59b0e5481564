//! The money plan of trips_domain::holds with the clock moved over the lead of a booking: a
//! start far ahead is booked with the card saved and held on pricing's charge date; a hold
//! about to lapse before check-in is renewed; a refused card gives the guest a day to add
//! another, then the trip is cancelled. The local provider refuses (and counts) any capture of
//! a lapsed authorisation, so "never captured lapsed" is checked against the card network's
//! own record.

use crate::helpers::{TestApp, spawn_app};
use chrono::{DateTime, Duration, Utc};
use trips::holds::{PlanRun, run};
use upcar_proto::trips as pb;
use uuid::Uuid;

fn start_of(t: &pb::Trip) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(&t.start_time).unwrap().with_timezone(&Utc)
}

async fn plan(app: &TestApp) -> PlanRun {
    run(&app.state.pool, app.state.payments.as_ref(), app.clock.now()).await.unwrap()
}

async fn payment_status(app: &TestApp, guest: Uuid, trip: &str) -> pb::PaymentStatus {
    app.trip(guest, trip).await.unwrap().payment_status()
}

async fn log_of(app: &TestApp, trip: &str) -> Vec<String> {
    use diesel::QueryableByName;
    use diesel_async::RunQueryDsl;
    #[derive(QueryableByName)]
    struct E {
        #[diesel(sql_type = diesel::sql_types::Text)]
        event: String,
    }
    let mut c = app.state.pool.get().await.unwrap();
    let rows: Vec<E> = diesel::sql_query(format!(
        "SELECT event FROM payment_log WHERE trip_id = '{trip}' ORDER BY id"
    ))
    .load(&mut c)
    .await
    .unwrap();
    rows.into_iter().map(|e| e.event).collect()
}

/// What the card network recorded: (authorisations, captured ones, captures refused as lapsed).
async fn network(app: &TestApp) -> (i64, i64, i64) {
    (
        app.count("SELECT count(*) AS n FROM local_provider_authorizations").await,
        app.count("SELECT count(*) AS n FROM local_provider_authorizations WHERE status = 'captured'")
            .await,
        app.count(
            "SELECT coalesce(sum(refused_captures), 0)::bigint AS n FROM local_provider_authorizations",
        )
        .await,
    )
}

async fn charged(app: &TestApp, trip: &str) -> i64 {
    app.count(&format!(
        "SELECT coalesce(-sum(amount_cents), 0)::bigint AS n FROM ledger_entries \
         WHERE trip_id = '{trip}' AND kind = 'charge'"
    ))
    .await
}

async fn guest_with(app: &TestApp, card: &str) -> Uuid {
    let id = app.person(&format!("guest-{}@example.com", Uuid::now_v7()), "1990-01-01", true);
    app.add_test_card(id, card).await.unwrap();
    id
}

#[tokio::test]
async fn a_trip_booked_60_days_ahead_is_held_on_its_charge_date_and_captured_valid() {
    let app = spawn_app().await;
    let (car, _host) = app.car(0, true).await;
    let guest = app.guest().await;
    let trip = app.book(guest, app.trip_request(car, 60, 62)).await.unwrap();
    let start = start_of(&trip);
    assert_eq!(trip.payment_status(), pb::PaymentStatus::Scheduled);
    assert_eq!(network(&app).await, (0, 0, 0), "nothing is held 60 days ahead");
    assert_eq!(app.count("SELECT count(*) AS n FROM local_provider_setups").await, 1);

    // Walk the lead in half days: nothing is held until 48 hours before the start (pricing's
    // pay-later date), then exactly one authorisation that stands at the start.
    let booked = app.clock.now();
    let mut held_at = None;
    let mut at = booked;
    while at < start - Duration::minutes(10) {
        app.clock.set(at);
        plan(&app).await;
        let status = payment_status(&app, guest, &trip.trip_id).await;
        if at < start - Duration::hours(48) {
            assert_eq!(status, pb::PaymentStatus::Scheduled, "at {at}");
        } else {
            assert_eq!(status, pb::PaymentStatus::Authorized, "at {at}");
            held_at.get_or_insert(at);
        }
        at += Duration::hours(12);
    }
    assert!(held_at.is_some_and(|h| h - (start - Duration::hours(48)) < Duration::hours(12)));
    assert_eq!(network(&app).await, (1, 0, 0));

    app.clock.set(start - Duration::minutes(10));
    let started = app.handover(guest, &trip.trip_id, true).await.unwrap();
    assert_eq!(started.payment_status(), pb::PaymentStatus::Captured);
    assert_eq!(network(&app).await, (1, 1, 0), "one capture, none on a lapsed hold");
    assert_eq!(charged(&app, &trip.trip_id).await, trip.total_cents, "charged once, in full");
    assert_eq!(log_of(&app, &trip.trip_id).await, ["card_saved", "authorized", "captured"]);
}

#[tokio::test]
async fn a_hold_about_to_lapse_before_a_late_check_in_is_renewed_never_captured_lapsed() {
    let app = spawn_app().await;
    let (car, _host) = app.car(0, true).await;
    let guest = app.guest().await;
    // Starting within 72 hours: authorised at the checkout (guest present, 7 days).
    let trip = app.book(guest, app.trip_request(car, 1, 14)).await.unwrap();
    assert_eq!(trip.payment_status(), pb::PaymentStatus::Authorized);
    let booked = app.clock.now();

    // Six days on the guest has not checked in yet: 24 hours before the lapse it is renewed.
    app.clock.set(booked + Duration::days(6) + Duration::minutes(1));
    let r = plan(&app).await;
    assert_eq!(r.authorized, 1, "{r:?}");
    assert_eq!(network(&app).await, (2, 0, 0));
    assert_eq!(
        app.count(
            "SELECT count(*) AS n FROM local_provider_authorizations WHERE status = 'released'"
        )
        .await,
        1,
        "the old authorisation is let go"
    );
    // The same run again changes nothing.
    assert_eq!(plan(&app).await, PlanRun::default());

    // Past the first authorisation's lapse, check-in captures the renewed one.
    app.clock.set(booked + Duration::days(8));
    let started = app.handover(guest, &trip.trip_id, true).await.unwrap();
    assert_eq!(started.payment_status(), pb::PaymentStatus::Captured);
    assert_eq!(network(&app).await, (2, 1, 0));
    assert_eq!(charged(&app, &trip.trip_id).await, trip.total_cents);
    assert_eq!(log_of(&app, &trip.trip_id).await, ["authorized", "renewed", "captured"]);
}

#[tokio::test]
async fn two_replicas_running_the_plan_at_once_hold_the_money_once() {
    let app = spawn_app().await;
    let (car, _host) = app.car(0, true).await;
    let guest = app.guest().await;
    let trip = app.book(guest, app.trip_request(car, 30, 31)).await.unwrap();
    app.clock.set(start_of(&trip) - Duration::hours(47));
    let (a, b) = tokio::join!(plan(&app), plan(&app));
    assert_eq!(a.authorized + b.authorized, 1, "{a:?} {b:?}");
    assert_eq!(network(&app).await, (1, 0, 0));
}

#[tokio::test]
async fn a_refused_card_gives_the_guest_a_day_then_the_trip_is_cancelled_unpaid() {
    let app = spawn_app().await;
    let (car, _host) = app.car(0, true).await;
    let guest = guest_with(&app, "pm_card_chargeCustomerFail").await;
    let trip = app.book(guest, app.trip_request(car, 10, 12)).await.unwrap();
    let start = start_of(&trip);
    assert_eq!(trip.payment_status(), pb::PaymentStatus::Scheduled);

    app.clock.set(start - Duration::hours(48));
    let r = plan(&app).await;
    assert_eq!(r.failed, 1, "{r:?}");
    let t = app.trip(guest, &trip.trip_id).await.unwrap();
    assert_eq!(t.payment_status(), pb::PaymentStatus::AuthorizationFailed);
    assert_eq!(t.status(), pb::TripStatus::Confirmed);
    assert!(t.history.iter().any(|h| h.action == "payment_failed"), "{:?}", t.history);
    assert_eq!(
        app.count("SELECT count(*) AS n FROM outbox WHERE event_type = 'payments.payment_failed'")
            .await,
        1,
        "the guest is told"
    );
    // The same card is not retried: a minute before the deadline nothing has changed.
    app.clock.set(start - Duration::hours(24) - Duration::minutes(1));
    assert_eq!(plan(&app).await, PlanRun::default());

    app.clock.set(start - Duration::hours(24));
    assert_eq!(plan(&app).await.cancelled, 1);
    let t = app.trip(guest, &trip.trip_id).await.unwrap();
    assert_eq!(t.status(), pb::TripStatus::CancelledByGuest);
    assert_eq!(t.refund_cents, Some(0));
    assert_eq!(t.payment_status(), pb::PaymentStatus::Released);
    assert_eq!(charged(&app, &trip.trip_id).await, 0, "nothing was charged");
    assert_eq!(
        log_of(&app, &trip.trip_id).await,
        ["card_saved", "authorization_failed", "cancelled_unpaid"]
    );
}

#[tokio::test]
async fn a_new_card_after_a_refusal_is_tried_at_once() {
    let app = spawn_app().await;
    let (car, _host) = app.car(0, true).await;
    let guest = guest_with(&app, "pm_card_chargeCustomerFail").await;
    let trip = app.book(guest, app.trip_request(car, 10, 12)).await.unwrap();
    app.clock.set(start_of(&trip) - Duration::hours(48));
    assert_eq!(plan(&app).await.failed, 1);

    app.add_card(guest).await.unwrap();
    assert_eq!(
        payment_status(&app, guest, &trip.trip_id).await,
        pb::PaymentStatus::Authorized,
        "adding a card holds the money on it at once"
    );
    assert_eq!(network(&app).await, (1, 0, 0));
    app.clock.set(start_of(&trip) - Duration::minutes(5));
    app.handover(guest, &trip.trip_id, true).await.unwrap();
    assert_eq!(network(&app).await, (1, 1, 0));
    assert_eq!(charged(&app, &trip.trip_id).await, trip.total_cents);
}

#[tokio::test]
async fn a_guest_cancelling_a_scheduled_trip_is_charged_nothing_and_nothing_is_held() {
    let app = spawn_app().await;
    let (car, _host) = app.car(0, true).await;
    let guest = app.guest().await;
    let trip = app.book(guest, app.trip_request(car, 40, 42)).await.unwrap();
    app.clock.set(start_of(&trip) - Duration::days(20));
    app.cancel(guest, &trip.trip_id).await.unwrap();
    let t = app.trip(guest, &trip.trip_id).await.unwrap();
    assert_eq!(t.payment_status(), pb::PaymentStatus::Released);
    assert_eq!(network(&app).await, (0, 0, 0));
    assert_eq!(charged(&app, &trip.trip_id).await, 0);
    // The plan leaves a cancelled trip alone.
    app.clock.set(start_of(&trip) - Duration::hours(47));
    assert_eq!(plan(&app).await, PlanRun::default());
}
