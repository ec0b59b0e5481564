//! Driver eligibility through the whole trip: the driver form (licence details) checked by
//! accounts; a booking, a change of dates and an added driver refused when a licence expires
//! before the trip ends; a luxury car refusing drivers under 25 by their date of birth.

use crate::helpers::*;
use crate::hosting::{approved_car, car_update};
use crate::trip_extras::invitation_token;
use crate::trips::{create, day, license_form, trip_body, verified_guest};
use serde_json::{Value, json};

async fn set_license(token: &str, change: Value) -> (u16, Value) {
    let mut form = license_form();
    for (k, v) in change.as_object().unwrap() {
        form[k] = v.clone();
    }
    parts(put("/v1/users/driverLicense", form, Some(token)).await).await
}

/// The car page's answer once catalog has the car (the approval reaches it by an event).
async fn car_page(car: &str, ready: impl Fn(&Value) -> bool) -> Value {
    let mut last = Value::Null;
    for _ in 0..150 {
        let (_, b) = parts(get(&format!("/v1/cars/getCar/{car}"), None).await).await;
        if ready(&b) {
            return b;
        }
        last = b;
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("the car page never showed what was awaited: {last}");
}

#[tokio::test]
async fn a_licence_must_be_valid_through_the_trip_s_end_at_booking_at_a_change_of_dates_and_for_an_added_driver()
 {
    let g = verified_guest().await;
    let (s, kept) = parts(get("/v1/users/driverLicense", Some(&g.token)).await).await;
    assert_eq!(s, 200, "{kept}");
    assert_eq!(kept["data"]["licenseNumber"], "D1234567");
    assert_eq!(kept["data"]["expirationDate"], day(5 * 365));

    // The driver form: each wrong field is a 400 naming it, and changes nothing.
    for (change, code) in [
        (json!({"expirationDate": day(-1)}), "license_expired"),
        (json!({"expirationDate": day(-400)}), "license_expiration_date_invalid"),
        (json!({"licenseNumber": "D1"}), "license_number_invalid"),
        (json!({"issueDate": day(1)}), "license_issue_date_invalid"),
        (json!({"dob": day(-365 * 18)}), "underage"),
        (json!({"firstName": ""}), "license_name_invalid"),
        (json!({"dob": "12/01/1990"}), "dob_invalid"),
    ] {
        let (s, e) = set_license(&g.token, change.clone()).await;
        assert_eq!((s, e["error"].as_str()), (400, Some(code)), "{change}: {e}");
    }
    let (_, again) = parts(get("/v1/users/driverLicense", Some(&g.token)).await).await;
    assert_eq!(again, kept);

    // A car of its own; the trip runs from day 200 to day 203.
    let (_, car) = approved_car().await;
    car_page(&car, |b| b["data"]["_id"] == json!(car)).await;
    // And pricing has its rates (catalog's feed reaches it by an event).
    let mut priced = false;
    for _ in 0..150 {
        let quote =
            post("/v1/tripPrice/getFinalTripPrice", trip_body(&car, 200, 203), Some(&g.token));
        if parts(quote.await).await.0 == 200 {
            priced = true;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(priced, "pricing never had the car");
    let (s, b) = set_license(&g.token, json!({"expirationDate": day(202)})).await;
    assert_eq!(s, 200, "{b}");
    let (s, e) = create(&g.token, trip_body(&car, 200, 203), None).await;
    assert_eq!((s, e["error"].as_str()), (400, Some("license_expires_before_trip_ends")), "{e}");
    assert!(e["message"].as_str().unwrap().contains(&day(202)), "{e}");
    // Valid through its expiration date: a trip ending that day books.
    set_license(&g.token, json!({"expirationDate": day(203)})).await;
    let (s, b) = create(&g.token, trip_body(&car, 200, 203), None).await;
    assert_eq!(s, 201, "{b}");
    let trip = b["data"]["tripId"].as_str().unwrap().to_owned();

    // A change of dates past the expiry is refused; one within it is asked.
    let change = |until: i64| {
        json!({"tripId": trip, "newStartDate": day(200), "newStartTime": "10:00 AM",
               "newEndDate": day(until), "newEndTime": "10:00 AM", "message": "Longer?"})
    };
    let (s, e) =
        parts(post("/v1/trips/createModifyTripRequest", change(205), Some(&g.token)).await).await;
    assert_eq!((s, e["error"].as_str()), (400, Some("license_expires_before_trip_ends")), "{e}");
    let (s, e) =
        parts(post("/v1/trips/createModifyTripRequest", change(202), Some(&g.token)).await).await;
    assert_eq!(s, 200, "{e}");

    // An added driver whose licence expires before the trip's end cannot join it.
    let friend = verified_guest().await;
    set_license(&friend.token, json!({"expirationDate": day(200)})).await;
    let (s, b) = parts(
        post(
            "/v1/trips/addAdditionalDriver",
            json!({"tripId": trip, "additionalDriverEmails": [friend.email]}),
            Some(&g.token),
        )
        .await,
    )
    .await;
    assert_eq!(s, 200, "{b}");
    let token = invitation_token(&friend.email).await;
    let accept = |t: String| {
        let (token, friend) = (t, friend.token.clone());
        async move {
            parts(
                post(
                    "/v1/additionaldriver/addDriverToTrip",
                    json!({"token": token}),
                    Some(&friend),
                )
                .await,
            )
            .await
        }
    };
    let (s, e) = accept(token.clone()).await;
    assert_eq!((s, e["error"].as_str()), (400, Some("license_expires_before_trip_ends")), "{e}");
    set_license(&friend.token, json!({"expirationDate": day(400)})).await;
    let (s, j) = accept(token).await;
    assert_eq!((s, j["data"]["status"].as_str()), (200, Some("added")), "{j}");
}

#[tokio::test]
async fn a_luxury_car_takes_drivers_of_25_by_their_date_of_birth_whatever_age_the_request_states() {
    let (host, car) = approved_car().await;
    let (s, b) = car_update(
        &host.token,
        &format!("/v1/host/car-update/updateCarDailyPrice/{car}"),
        json!({"dailyPrice": "150"}),
    )
    .await;
    assert_eq!(s, 200, "{b}");
    // The car page names the class's minimum once catalog has the new price.
    car_page(&car, |b| b["data"]["minAgeRequired"] == json!(25)).await;

    // 23 on the first day; the request says 36.
    let young = verified_guest().await;
    let born = chrono::NaiveDate::parse_from_str(&day(200), "%Y-%m-%d").unwrap()
        - chrono::Months::new(23 * 12);
    let (s, b) = set_license(&young.token, json!({"dob": born.to_string()})).await;
    assert_eq!(s, 200, "{b}");
    let (s, e) = create(&young.token, trip_body(&car, 200, 202), None).await;
    assert_eq!((s, e["error"].as_str()), (400, Some("under_car_minimum_age")), "{e}");
    assert_eq!(e["message"], "The minimum age for this car is 25.");
}
