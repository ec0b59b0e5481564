//! Driver eligibility at booking: old enough for the car's class on the first day, a licence
//! valid through the last (pricing's driver rules; catalog's minimum age of the car).

use crate::helpers::*;
use tonic::Code;
use upcar_proto::trips as pb;

#[tokio::test]
async fn a_licence_that_expires_before_the_trip_ends_is_refused_and_one_valid_through_it_books() {
    let app = spawn_app().await;
    let (car, _) = app.car(3, true).await;
    let guest = app.guest().await;
    // Valid through day 7 of a trip that ends on day 8.
    app.set_license_expiry(guest, &day(&app, 7));

    let e = app.book(guest, app.trip_request(car, 5, 8)).await.unwrap_err();

    assert_eq!(code_of(&e), (Code::InvalidArgument, "license_expires_before_trip_ends".into()));
    assert!(e.message().contains(&day(&app, 7)), "{}", e.message());
    assert_eq!(app.count("SELECT count(*) AS n FROM trips").await, 0);

    // Valid through its expiration date: a trip ending that day books.
    app.set_license_expiry(guest, &day(&app, 8));
    let t = app.book(guest, app.trip_request(car, 5, 8)).await.unwrap();
    assert_eq!(t.status(), pb::TripStatus::Confirmed);
}

#[tokio::test]
async fn a_driver_without_licence_details_is_asked_for_them() {
    let app = spawn_app().await;
    let (car, _) = app.car(3, true).await;
    let guest = app.guest().await;
    app.set_license_expiry(guest, "");

    let e = app.book(guest, app.trip_request(car, 5, 8)).await.unwrap_err();

    assert_eq!(code_of(&e), (Code::PermissionDenied, "verification_required".into()));
    assert!(e.message().contains("licence details"), "{}", e.message());
}

#[tokio::test]
async fn a_luxury_car_refuses_a_driver_under_its_minimum_age_by_the_date_of_birth_not_the_stated_age()
 {
    let app = spawn_app().await;
    let (car, _) = app.car(3, true).await;
    app.set_min_driver_age(car, 25);
    // 23 years old on the trip's first day, whatever age the request states (36).
    let born = chrono::NaiveDate::parse_from_str(&day(&app, 5), "%Y-%m-%d").unwrap()
        - chrono::Months::new(23 * 12);
    let young = app.person("young-luxury@example.com", &born.to_string(), true);
    app.add_card(young).await.unwrap();

    let e = app.book(young, app.trip_request(car, 5, 8)).await.unwrap_err();

    assert_eq!(code_of(&e), (Code::InvalidArgument, "under_car_minimum_age".into()));
    assert_eq!(e.message(), "The minimum age for this car is 25.");

    // The same driver books a car of the standard class, and the trip keeps the car's minimum.
    let (standard, _) = app.car(3, true).await;
    let t = app.book(young, app.trip_request(standard, 5, 8)).await.unwrap();
    assert_eq!(
        app.count(&format!(
            "SELECT min_driver_age::bigint AS n FROM trips WHERE id = '{}'",
            t.trip_id
        ))
        .await,
        21
    );
}
