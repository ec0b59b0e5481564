//! Booking a car: at the price the guest saw, by a verified guest, never twice for the same
//! dates, never beyond the booking horizon, and a refusal that offers a start the car takes.

use crate::helpers::*;
use tonic::Code;
use upcar_proto::trips as pb;

#[tokio::test]
async fn a_verified_guest_books_at_the_quoted_price_and_the_card_is_held() {
    let app = spawn_app().await;
    let (car, host) = app.car(3, true).await;
    let guest = app.guest().await;
    // Starting within 72 hours: the money is held at booking (further ahead: `holds.rs`).
    let mut r = app.trip_request(car, 1, 4);
    let q = app.quote(guest, &r).await.unwrap();
    r.quote_id = q.quote_id.clone();
    r.final_price_cents = Some(q.final_price_cents);

    let trip = app.create(guest, r).await.unwrap();

    assert_eq!(trip.status(), pb::TripStatus::Confirmed, "the car books instantly");
    assert_eq!(trip.total_cents, q.final_price_cents);
    assert_eq!(trip.payment_status(), pb::PaymentStatus::Authorized);
    assert_eq!((trip.owner_id, trip.guest_id), (host.to_string(), guest.to_string()));
    let held = app
        .count(&format!(
            "SELECT amount_cents AS n FROM payment_holds WHERE trip_id = '{}' AND status = 'authorized'",
            trip.trip_id
        ))
        .await;
    assert_eq!(held, q.final_price_cents);
}

#[tokio::test]
async fn a_host_cannot_book_their_own_car() {
    let app = spawn_app().await;
    let (car, host) = app.car(3, true).await;
    app.add_card(host).await.unwrap();

    let e = app.book(host, app.trip_request(car, 5, 8)).await.unwrap_err();

    assert_eq!(code_of(&e), (Code::PermissionDenied, "own_car".into()));
    assert_eq!(app.count("SELECT count(*) AS n FROM trips").await, 0);
}

#[tokio::test]
async fn a_guest_without_a_card_is_asked_to_add_one_before_booking() {
    let app = spawn_app().await;
    let (car, _) = app.car(3, true).await;
    let guest = app.person("no-card@example.com", "1990-01-01", true);

    let e = app.book(guest, app.trip_request(car, 5, 8)).await.unwrap_err();

    assert_eq!(code_of(&e), (Code::PermissionDenied, "verification_required".into()));
    assert!(e.message().contains("add a payment method"), "{}", e.message());
}

#[tokio::test]
async fn a_guest_under_21_by_their_date_of_birth_is_refused_with_the_age_rules_code() {
    let app = spawn_app().await;
    let (car, _) = app.car(3, true).await;
    let young = app.person("young@example.com", "2012-06-01", true);
    app.add_card(young).await.unwrap();

    let e = app.book(young, app.trip_request(car, 5, 8)).await.unwrap_err();

    assert_eq!(code_of(&e), (Code::InvalidArgument, "under_minimum_age".into()));
}

#[tokio::test]
async fn a_price_that_changed_since_the_guest_saw_it_is_refused() {
    let app = spawn_app().await;
    let (car, _) = app.car(3, true).await;
    let guest = app.guest().await;
    let mut r = app.trip_request(car, 5, 8);
    let q = app.quote(guest, &r).await.unwrap();
    r.quote_id = q.quote_id;
    r.final_price_cents = Some(q.final_price_cents - 500);

    let e = app.create(guest, r).await.unwrap_err();

    assert_eq!(code_of(&e), (Code::AlreadyExists, "price_changed".into()));
    assert_eq!(app.count("SELECT count(*) AS n FROM payment_holds").await, 0);
}

#[tokio::test]
async fn the_same_car_is_never_booked_twice_for_overlapping_dates() {
    let app = spawn_app().await;
    let (car, _) = app.car(3, true).await;
    let (first, second) = (app.guest().await, app.guest().await);
    app.book(first, app.trip_request(car, 5, 8)).await.unwrap();

    let e = app.book(second, app.trip_request(car, 6, 9)).await.unwrap_err();

    assert_eq!(code_of(&e), (Code::AlreadyExists, "car_not_available".into()));
    // The suggestion starts when the first trip ends.
    let free = at(&day(&app, 8), "10:00 AM").with_timezone(&TZ);
    let shown = free.format("%b %-d, %Y %-I:%M %p").to_string();
    assert!(e.message().ends_with(&format!("is {shown}.")), "{}", e.message());
    assert_eq!(app.count("SELECT count(*) AS n FROM trips").await, 1);
}

#[tokio::test]
async fn a_booking_retried_with_its_idempotency_key_answers_the_first_trip() {
    let app = spawn_app().await;
    let (car, _) = app.car(3, true).await;
    let guest = app.guest().await;
    let mut r = app.trip_request(car, 5, 8);
    let q = app.quote(guest, &r).await.unwrap();
    r.quote_id = q.quote_id;
    r.idempotency_key = "book-once".into();

    let first = app.create(guest, r.clone()).await.unwrap();
    let again = app.create(guest, r).await.unwrap();

    assert_eq!(again.trip_id, first.trip_id);
    assert_eq!(app.count("SELECT count(*) AS n FROM trips").await, 1);
    assert_eq!(app.count("SELECT count(*) AS n FROM payment_holds").await, 1);
}

#[tokio::test]
async fn every_booking_attempt_is_published_as_booking_started_once_refusals_included() {
    let app = spawn_app().await;
    let (car, _) = app.car(3, true).await;
    let guest = app.guest().await;
    let mut r = app.trip_request(car, 5, 8);
    let q = app.quote(guest, &r).await.unwrap();
    r.quote_id = q.quote_id;
    r.idempotency_key = "start-once".into();
    app.create(guest, r.clone()).await.unwrap();
    // A retry with the same key is the same attempt.
    app.create(guest, r).await.unwrap();
    // A refused attempt started a booking too.
    app.create(guest, app.trip_request(car, 400, 402)).await.unwrap_err();
    let started = format!(
        "SELECT count(*) AS n FROM outbox WHERE event_type = 'trips.booking_started' \
         AND position('{guest}'::bytea in payload) > 0"
    );
    assert_eq!(app.count(&started).await, 2);
}

#[tokio::test]
async fn a_trip_starting_past_the_booking_horizon_is_refused_and_no_card_is_held() {
    let app = spawn_app().await;
    let (car, _) = app.car(3, true).await;
    let guest = app.guest().await;
    let far = app.trip_request(car, 400, 402);
    let mut year_9999 = app.trip_request(car, 5, 8);
    year_9999.start_date = "9999-01-01".into();
    year_9999.end_date = "9999-01-03".into();

    for r in [far, year_9999] {
        // Priced by trips from the fields, as a client without a quote books.
        let e = app.create(guest, r.clone()).await.unwrap_err();
        assert_eq!(code_of(&e), (Code::InvalidArgument, "start_too_far_ahead".into()), "{r:?}");
        // And the checkout price refuses it the same way.
        let e = app.quote(guest, &r).await.unwrap_err();
        assert_eq!(code_of(&e), (Code::InvalidArgument, "start_too_far_ahead".into()));
    }
    assert_eq!(app.count("SELECT count(*) AS n FROM payment_holds").await, 0);
    assert_eq!(app.count("SELECT count(*) AS n FROM trips").await, 0);
}

#[tokio::test]
async fn the_advance_notice_refusal_suggests_a_start_the_car_then_takes() {
    let app = spawn_app().await;
    // 9:00 AM on a day a month ahead; the car needs 24 hours' notice.
    app.clock.set(at(&day(&app, 30), "9:00 AM"));
    let (car, _) = app.car(24, true).await;
    // Another guest holds the car from tomorrow 10:00 AM for two days.
    app.book(app.guest().await, app.trip_request(car, 1, 3)).await.unwrap();
    let guest = app.guest().await;
    let mut soon = app.trip_request(car, 0, 1);
    soon.start_time = "2:00 PM".into();
    soon.end_time = "2:00 PM".into();

    let e = app.book(guest, soon).await.unwrap_err();

    assert_eq!(code_of(&e), (Code::AlreadyExists, "car_not_available".into()));
    assert!(e.message().starts_with("This car needs 24 hours of advance notice."));
    // Not the refused start (today 2:00 PM), nor tomorrow 9:00 AM (the notice's end, but the
    // other trip's): when that trip ends.
    let shown = e.message().rsplit("is ").next().unwrap().trim_end_matches('.');
    let suggested = chrono::NaiveDateTime::parse_from_str(shown, "%b %d, %Y %I:%M %p").unwrap();
    let expected = at(&day(&app, 3), "10:00 AM");
    assert_eq!(suggested, expected.with_timezone(&TZ).naive_local(), "{}", e.message());
    // And a booking at the suggested start is taken.
    let trip = app.book(guest, app.trip_request(car, 3, 4)).await.unwrap();
    assert_eq!(trip.status(), pb::TripStatus::Confirmed);
}

#[tokio::test]
async fn the_suggested_start_skips_a_period_the_host_blocked() {
    let app = spawn_app().await;
    app.clock.set(at(&day(&app, 30), "9:00 AM"));
    let (car, _) = app.car(3, true).await;
    app.block(car, at(&day(&app, 2), "12:00 AM"), at(&day(&app, 3), "12:00 AM"));
    let guest = app.guest().await;

    let e = app.book(guest, app.trip_request(car, 2, 3)).await.unwrap_err();

    assert_eq!(code_of(&e), (Code::AlreadyExists, "car_not_available".into()));
    let shown = e.message().rsplit("is ").next().unwrap().trim_end_matches('.');
    let suggested = chrono::NaiveDateTime::parse_from_str(shown, "%b %d, %Y %I:%M %p").unwrap();
    assert_eq!(suggested, at(&day(&app, 3), "10:00 AM").with_timezone(&TZ).naive_local());
    app.book(guest, app.trip_request(car, 3, 4)).await.unwrap();
}

#[tokio::test]
async fn a_card_added_is_published_for_accounts_through_the_outbox() {
    let app = spawn_app().await;
    let user = app.person("card@example.com", "1990-01-01", true);

    let added = app.add_card(user).await.unwrap();

    assert_eq!(added.payment_method.unwrap().last4, "4242");
    let published = format!(
        "SELECT count(*) AS n FROM outbox WHERE event_type = 'trips.payment_method_added' \
         AND published_at IS NOT NULL AND position('{user}'::bytea in payload) > 0"
    );
    app.eventually("the event is published", || async { app.count(&published).await == 1 }).await;
}

#[tokio::test]
async fn a_card_with_a_billing_address_outside_the_us_is_refused_and_nothing_is_published() {
    let app = spawn_app().await;
    let user = app.person("abroad@example.com", "1990-01-01", true);
    let r = pb::AddPaymentMethodRequest {
        payment_method_id: "pm_card_visa".into(),
        billing_details: Some(pb::BillingDetails {
            street: "1 Rue de Rivoli".into(),
            city: "Paris".into(),
            state: "IDF".into(),
            country: "FR".into(),
            ..Default::default()
        }),
    };

    let e = app.trips.clone().add_payment_method(as_user(r, user)).await.unwrap_err();

    assert_eq!(code_of(&e), (Code::InvalidArgument, "billing_country_not_supported".into()));
    assert_eq!(app.count("SELECT count(*) AS n FROM outbox").await, 0);
}
