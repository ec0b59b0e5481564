//! Cancelling a trip: the refund follows the policy at the moment of the cancellation (the
//! tests move the clock to it), the hold is settled once, and only the trip's parties may.

use crate::helpers::*;
use chrono::Duration;
use tonic::Code;
use upcar_identity::Role;
use upcar_proto::pricing as ppb;
use upcar_proto::trips as pb;
use uuid::Uuid;

/// A confirmed trip of a new car from day 5 to day 8, and its guest and host.
async fn booked(app: &TestApp) -> (pb::Trip, Uuid, Uuid) {
    let (car, host) = app.car(3, true).await;
    let guest = app.guest().await;
    let trip = app.book(guest, app.trip_request(car, 5, 8)).await.unwrap();
    (trip, guest, host)
}

async fn hold_status(app: &TestApp, trip: &str) -> (i64, String) {
    let captured = app
        .count(&format!("SELECT captured_cents AS n FROM payment_holds WHERE trip_id = '{trip}'"))
        .await;
    let released = app
        .count(&format!(
            "SELECT count(*) AS n FROM payment_holds WHERE trip_id = '{trip}' AND status = 'released'"
        ))
        .await;
    (captured, if released == 1 { "released".into() } else { "captured".into() })
}

#[tokio::test]
async fn a_guest_who_cancels_within_an_hour_of_booking_gets_everything_back() {
    let app = spawn_app().await;
    let (trip, guest, _) = booked(&app).await;
    app.clock.advance(Duration::minutes(50));

    let reply = app.cancel(guest, &trip.trip_id).await.unwrap();

    let t = reply.trip.unwrap();
    assert_eq!(t.status(), pb::TripStatus::CancelledByGuest);
    assert_eq!(t.refund_cents, Some(trip.total_cents));
    assert_eq!(reply.message, "Cancelled within 1 hour of booking: full refund.");
    assert_eq!(hold_status(&app, &trip.trip_id).await, (0, "released".into()));
}

#[tokio::test]
async fn a_guest_who_cancels_more_than_a_day_before_the_start_gets_everything_back() {
    let app = spawn_app().await;
    let (trip, guest, _) = booked(&app).await;
    app.clock.advance(Duration::hours(3));

    let reply = app.cancel(guest, &trip.trip_id).await.unwrap();

    assert_eq!(reply.trip.unwrap().refund_cents, Some(trip.total_cents));
    assert_eq!(reply.message, "Cancelled more than 24 hours before the start: full refund.");
}

#[tokio::test]
async fn a_guest_who_cancels_within_a_day_of_the_start_gets_half_back_and_the_host_earns_24_percent()
 {
    let app = spawn_app().await;
    let (trip, guest, host) = booked(&app).await;
    app.clock.set(at(&day(&app, 5), "10:00 AM") - Duration::hours(12));

    let reply = app.cancel(guest, &trip.trip_id).await.unwrap();

    let paid = trip.total_cents;
    let refund = reply.trip.unwrap().refund_cents.unwrap();
    assert_eq!(reply.message, "Cancelled less than 24 hours before the start: 50% refund.");
    assert!((refund - paid / 2).abs() <= 1, "{refund} of {paid}");
    assert_eq!(hold_status(&app, &trip.trip_id).await, (paid - refund, "captured".into()));
    let earned = app
        .count(&format!(
            "SELECT sum(amount_cents)::bigint AS n FROM ledger_entries WHERE account = 'host:{host}'"
        ))
        .await;
    assert!((earned - paid * 24 / 100).abs() <= 1, "the host earns {earned} of {paid}");
}

#[tokio::test]
async fn a_host_who_cancels_refunds_the_guest_in_full() {
    let app = spawn_app().await;
    let (trip, _, host) = booked(&app).await;
    app.clock.set(at(&day(&app, 5), "10:00 AM") - Duration::hours(2));

    let reply = app.cancel(host, &trip.trip_id).await.unwrap();

    let t = reply.trip.unwrap();
    assert_eq!(
        (t.status(), t.refund_cents),
        (pb::TripStatus::CancelledByHost, Some(trip.total_cents))
    );
    assert_eq!(hold_status(&app, &trip.trip_id).await, (0, "released".into()));
}

#[tokio::test]
async fn a_stranger_learns_nothing_of_a_trip_from_trips_or_from_pricing() {
    let app = spawn_app().await;
    let (trip, _, _) = booked(&app).await;
    let stranger = app.guest().await;
    let unknown = Uuid::now_v7().to_string();

    for id in [&trip.trip_id, &unknown] {
        let not_found = (Code::NotFound, "trip_not_found".to_owned());
        assert_eq!(code_of(&app.trip(stranger, id).await.unwrap_err()), not_found);
        assert_eq!(code_of(&app.cancel(stranger, id).await.unwrap_err()), not_found);
        let refund = ppb::TripRefundRequest { trip_id: id.clone(), cancelled_by: String::new() };
        let e = app.pricing.clone().get_trip_refund_price(as_user(refund, stranger)).await;
        assert_eq!(code_of(&e.unwrap_err()), not_found, "pricing's refund");
        let modified = ppb::ModifiedTripPriceRequest {
            trip_id: id.clone(),
            start_date: day(&app, 6),
            start_time: "10:00 AM".into(),
            end_date: day(&app, 9),
            end_time: "10:00 AM".into(),
            ..Default::default()
        };
        let e = app.pricing.clone().get_modified_trip_price(as_user(modified, stranger)).await;
        assert_eq!(code_of(&e.unwrap_err()), not_found, "pricing's modified price");
    }
    let admin = app.trip_with_role(Uuid::now_v7(), &trip.trip_id, Role::Admin).await.unwrap();
    assert_eq!(admin.status(), pb::TripStatus::Confirmed, "support still reads it");
}

#[tokio::test]
async fn a_cohost_with_booking_management_cancels_for_the_host() {
    let app = spawn_app().await;
    let (trip, _, host) = booked(&app).await;
    let cohost = app.person("cohost@example.com", "1985-01-01", true);
    app.cohost(host, trip.car_id.parse().unwrap(), cohost).await;
    // Both trips and pricing keep the team from hosting's event.
    app.eventually("trips knows the co-host", || async {
        app.trip(cohost, &trip.trip_id).await.is_ok()
    })
    .await;
    let refund = || ppb::TripRefundRequest { trip_id: trip.trip_id.clone(), ..Default::default() };
    app.eventually("pricing knows the co-host", || async {
        app.pricing.clone().get_trip_refund_price(as_user(refund(), cohost)).await.is_ok()
    })
    .await;

    let reply = app.cancel(cohost, &trip.trip_id).await.unwrap();

    let t = reply.trip.unwrap();
    assert_eq!(
        (t.status(), t.refund_cents),
        (pb::TripStatus::CancelledByHost, Some(trip.total_cents))
    );
    let last = t.history.last().unwrap();
    assert_eq!(
        (last.actor_role(), last.actor_id.as_str()),
        (pb::TripRole::Cohost, &*cohost.to_string())
    );
}

#[tokio::test]
async fn a_cancellation_retried_with_its_key_is_answered_the_same_and_settles_once() {
    let app = spawn_app().await;
    let (trip, guest, _) = booked(&app).await;
    app.clock.set(at(&day(&app, 5), "10:00 AM") - Duration::hours(6));
    let r = pb::CancelTripRequest {
        trip_id: trip.trip_id.clone(),
        cancel_reason: "Sick".into(),
        idempotency_key: "cancel-once".into(),
        ..Default::default()
    };

    let first = app.trips.clone().cancel_trip(as_user(r.clone(), guest)).await.unwrap();
    let again = app.trips.clone().cancel_trip(as_user(r, guest)).await.unwrap();

    assert_eq!(first.into_inner(), again.into_inner());
    let settled = app
        .count(&format!(
            "SELECT count(*) AS n FROM outbox WHERE event_type = 'payments.payment_settled' \
             AND position('{}'::bytea in payload) > 0",
            trip.trip_id
        ))
        .await;
    assert_eq!(settled, 1);
}

#[tokio::test]
async fn a_cancelled_trip_cannot_be_cancelled_again() {
    let app = spawn_app().await;
    let (trip, guest, _) = booked(&app).await;
    app.cancel(guest, &trip.trip_id).await.unwrap();

    let e = app.cancel(guest, &trip.trip_id).await.unwrap_err();

    assert_eq!(code_of(&e), (Code::AlreadyExists, "invalid_trip_status".into()));
}
