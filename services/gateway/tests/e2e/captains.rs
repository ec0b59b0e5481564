//! Captains' work through the gateway (spec 001 sections 2, 3, 7, 9): a delivery booking gives
//! the captain a delivery and a return task, which only the assigned captain moves forward,
//! one step at a time, with position and photos; the guest follows the captain's ETA and step
//! and is told when the car is on the way; the photos become the trip's evidence.

use crate::helpers::*;
use crate::trips::{
    car, create, day, login, trip_body, upload_photo, upload_photo_through, verified_guest,
};
use serde_json::{Value, json};
use std::time::Duration;

/// Signs a captain in (the demo captains' password); answers the captain token.
pub(crate) async fn captain_login(email: &str) -> String {
    let (s, b) = parts(
        post("/v1/captains/login", json!({"email": email, "password": "DemoCaptain123!"}), None)
            .await,
    )
    .await;
    assert_eq!(s, 200, "{b}");
    b["access_token"].as_str().unwrap().to_owned()
}

/// Uploads a photo as a captain; answers its URL.
async fn captain_photo(token: &str) -> String {
    upload_photo_through("/v1/captains/image/generatePresignedUrlsForUpload", token).await
}

/// Polls the guest's view of the trip's deliveries until `want` holds.
async fn deliveries(token: &str, trip: &str, want: impl Fn(&Value) -> bool) -> Value {
    let mut last = Value::Null;
    for _ in 0..100 {
        let (s, b) =
            parts(get(&format!("/v1/trips/getDeliveryTasks/{trip}"), Some(token)).await).await;
        if s == 200 && want(&b) {
            return b;
        }
        last = b;
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the trip's deliveries never matched: {last}");
}

async fn step(token: &str, task: &str, body: Value) -> (u16, Value) {
    parts(post(&format!("/v1/captains/tasks/update/{task}"), body, Some(token)).await).await
}

#[tokio::test]
async fn a_delivery_booking_gives_the_captain_both_tasks_moved_forward_only_by_them() {
    let guest = verified_guest().await;
    let mut body = trip_body(&car(14), 60, 62);
    body["pickUpLocation"] = json!({"latitude": 37.5297, "longitude": -122.0402, "address": "5400 Mowry Ave, Newark, CA 94560"});
    body["returnToSameAddress"] = json!(true);
    let (s, b) = create(&guest.token, body, None).await;
    assert_eq!(s, 201, "{b}");
    let trip = b["data"]["tripId"].as_str().unwrap().to_owned();

    // Both tasks, from the booking's events.
    let d = deliveries(&guest.token, &trip, |b| b["data"].as_array().is_some_and(|a| a.len() == 2))
        .await;
    let types: Vec<&str> =
        d["data"].as_array().unwrap().iter().map(|t| t["taskType"].as_str().unwrap()).collect();
    assert_eq!(types, ["delivery_to_guest", "return_to_host"], "{d}");
    assert_eq!(d["data"][0]["captainFirstName"], "Casey", "dispatched to the demo captain: {d}");
    let n =
        captains_scalar(&format!("SELECT count(*) AS n FROM tasks WHERE trip_id = '{trip}'")).await;
    assert_eq!(n, 2, "one task of each type");
    assert!(d["data"][0]["eta"].is_string(), "{d}");

    // The captain's day lists the delivery with the spec's fields.
    let captain = captain_login("captain@demo.local").await;
    let (s, b) = parts(get(&format!("/v1/tasks?date={}", day(60)), Some(&captain)).await).await;
    assert_eq!(s, 200, "{b}");
    let mine: Vec<&Value> =
        b["data"].as_array().unwrap().iter().filter(|t| t["tripId"] == trip.as_str()).collect();
    assert_eq!(mine.len(), 1, "{b}");
    let t = mine[0];
    assert_eq!(t["taskType"], "delivery_to_guest");
    assert_eq!(t["deliveryLocation"]["street"], "5400 Mowry Ave", "{t}");
    assert_eq!(
        (t["deliveryLocation"]["city"].as_str(), t["deliveryLocation"]["state"].as_str()),
        (Some("Newark"), Some("CA"))
    );
    for field in ["taskId", "guestName", "scheduledTime", "carMake", "carModel"] {
        assert!(t[field].as_str().is_some_and(|v| !v.is_empty()), "{field}: {t}");
    }
    assert!(t["pickupLocation"]["street"].as_str().is_some_and(|v| !v.is_empty()), "{t}");
    assert!(t["carPhotos"]["primaryPhoto"].as_str().is_some_and(|v| !v.is_empty()), "{t}");
    assert_eq!(t["nextStep"], "picked_up_from_host");
    let task = t["taskId"].as_str().unwrap().to_owned();
    let (s, b) = parts(get(&format!("/v1/tasks?date={}", day(62)), Some(&captain)).await).await;
    assert_eq!(s, 200, "{b}");
    assert!(
        b["data"]
            .as_array()
            .unwrap()
            .iter()
            .any(|t| t["tripId"] == trip.as_str() && t["taskType"] == "return_to_host"),
        "{b}"
    );

    // A malformed date; tokens of the wrong kind.
    for bad in ["2026-13-01", "tomorrow", "01/12/2026"] {
        let (s, b) = parts(get(&format!("/v1/tasks?date={bad}"), Some(&captain)).await).await;
        assert_eq!((s, b["error"].as_str()), (400, Some("invalid_date")), "{bad}: {b}");
    }
    let (s, b) = parts(get(&format!("/v1/tasks?date={}", day(60)), Some(&guest.token)).await).await;
    assert_eq!((s, b["error"].as_str()), (403, Some("wrong_account_kind")), "{b}");
    let (s, b) = step(&guest.token, &task, json!({"step": "picked_up_from_host"})).await;
    assert_eq!((s, b["error"].as_str()), (403, Some("wrong_account_kind")), "{b}");
    let (s, b) =
        parts(get(&format!("/v1/trips/getDeliveryTasks/{trip}"), Some(&captain)).await).await;
    assert_eq!((s, b["error"].as_str()), (403, Some("wrong_account_kind")), "{b}");
    let stranger = verified_guest().await;
    let (s, b) =
        parts(get(&format!("/v1/trips/getDeliveryTasks/{trip}"), Some(&stranger.token)).await)
            .await;
    assert_eq!((s, b["error"].as_str()), (404, Some("trip_not_found")), "{b}");

    // Another captain cannot touch it.
    let other = format!("captain-{}@demo.local", uuid::Uuid::now_v7().simple());
    accounts_sql(&format!(
        "INSERT INTO captains (id, email, first_name, last_name, password_hash) \
         SELECT gen_random_uuid(), '{other}', 'Sam', 'Second', password_hash FROM captains WHERE email = 'captain@demo.local'"
    ))
    .await;
    let second = captain_login(&other).await;
    let (s, b) = step(&second, &task, json!({"step": "picked_up_from_host"})).await;
    assert_eq!((s, b["error"].as_str()), (404, Some("task_not_found")), "{b}");

    // Forward only, one step at a time, with server time and position.
    let (s, b) = step(&captain, &task, json!({"step": "delivered_to_guest"})).await;
    assert_eq!((s, b["error"].as_str()), (409, Some("step_out_of_order")), "{b}");
    let (s, b) = step(&captain, &task, json!({"step": "picked_up_from_guest"})).await;
    assert_eq!((s, b["error"].as_str()), (400, Some("step_not_of_this_task")), "{b}");
    let (s, b) = step(
        &captain,
        &task,
        json!({"step": "picked_up_from_host", "latitude": 91, "longitude": 0}),
    )
    .await;
    assert_eq!((s, b["error"].as_str()), (400, Some("invalid_position")), "{b}");
    let (s, b) = step(
        &captain,
        &task,
        json!({"step": "picked_up_from_host", "latitude": 37.551, "longitude": -121.98}),
    )
    .await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(
        (b["data"]["status"].as_str(), b["data"]["step"].as_str()),
        (Some("in_progress"), Some("picked_up_from_host")),
        "{b}"
    );
    assert_eq!(b["data"]["steps"][0]["latitude"], 37.551);

    // The guest follows the step and the ETA from the captain's position, and is told.
    let d =
        deliveries(&guest.token, &trip, |b| b["data"][0]["step"] == "picked_up_from_host").await;
    assert!(d["data"][0]["eta"].is_string(), "{d}");
    let mut told = Value::Null;
    for _ in 0..100 {
        let (_, b) =
            parts(get(&format!("/v1/dev/outbox?to={}", urlencode(&guest.email)), None).await).await;
        if b["data"]
            .as_array()
            .is_some_and(|a| a.iter().any(|m| m["subject"] == "Your car is on the way"))
        {
            told = b;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(told.is_object(), "the guest was told the car is on the way");

    // Handing the car over with photos: they become the trip's check-in evidence.
    let photo = captain_photo(&captain).await;
    let (s, b) = step(&captain, &task, json!({"step": "delivered_to_guest", "latitude": 37.5297, "longitude": -122.0402, "photoUrls": [photo]})).await;
    assert_eq!((s, b["data"]["status"].as_str()), (200, Some("completed")), "{b}");
    assert_eq!(b["data"]["nextStep"], Value::Null);
    let (s, b) = step(&captain, &task, json!({"step": "delivered_to_guest"})).await;
    assert_eq!((s, b["error"].as_str()), (409, Some("step_already_recorded")), "{b}");
    let mut kept = 0;
    for _ in 0..100 {
        kept = trips_scalar(&format!(
            "SELECT count(*) AS n FROM trip_photos WHERE trip_id = '{trip}' AND event = 'check_in' AND role = 'captain'"
        ))
        .await;
        if kept == 1 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(kept, 1, "the captain's photo is the trip's check-in evidence");
    // A photo the captain did not upload is refused.
    let someone_elses = upload_photo(&guest.token).await;
    let (s, b) =
        step(&captain, &task, json!({"step": "delivered_to_guest", "photoUrls": [someone_elses]}))
            .await;
    assert_eq!(s, 403, "{b}");

    // Cancelling the trip cancels the return that had not started.
    let (s, b) = parts(
        post(
            "/v1/trips/cancelTrip",
            json!({"tripId": trip, "cancelReason": "Plans changed"}),
            Some(&guest.token),
        )
        .await,
    )
    .await;
    assert_eq!(s, 200, "{b}");
    let d = deliveries(&guest.token, &trip, |b| b["data"][1]["status"] == "cancelled").await;
    assert_eq!(d["data"][0]["status"], "completed", "{d}");
}

#[tokio::test]
async fn the_demo_captain_has_delivery_and_return_tasks_today_and_each_of_the_next_7_days() {
    let captain = captain_login("captain@demo.local").await;
    let today = chrono::Utc::now().with_timezone(&chrono_tz::America::Los_Angeles).date_naive();
    for d in 0..=7 {
        let date = today + chrono::Duration::days(d);
        let mut last = Value::Null;
        let mut ok = false;
        for _ in 0..100 {
            let (s, b) = parts(get(&format!("/v1/tasks?date={date}"), Some(&captain)).await).await;
            assert_eq!(s, 200, "{b}");
            let kinds: Vec<&str> = b["data"]
                .as_array()
                .unwrap()
                .iter()
                .filter_map(|t| t["taskType"].as_str())
                .collect();
            if kinds.contains(&"delivery_to_guest") && kinds.contains(&"return_to_host") {
                assert_eq!(b["count"].as_u64(), Some(kinds.len() as u64));
                ok = true;
                break;
            }
            last = b;
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        assert!(ok, "{date}: {last}");
    }
    let host = login("host@demo.local", "DemoHost123!").await;
    let (s, b) = parts(get(&format!("/v1/tasks?date={today}"), Some(&host)).await).await;
    assert_eq!((s, b["error"].as_str()), (403, Some("wrong_account_kind")), "{b}");
}
