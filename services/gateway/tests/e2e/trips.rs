//! Trips and payments through the gateway: booking at the quoted price, no double booking,
//! safe retries, the lifecycle with its rules, payment methods, and the availability events.

use crate::helpers::*;
use chrono::{Duration, Utc};
use serde_json::{Value, json};

pub(crate) fn day(d: i64) -> String {
    (Utc::now().date_naive() + Duration::days(d)).to_string()
}

/// A demo car: 1..=22 around Fremont (1-4 the demo host's; 4 takes requests only).
pub(crate) fn car(n: u128) -> String {
    uuid::Uuid::from_u128(0x0194_0000_0000_7000_8000_0000_0000_0000 + n).to_string()
}

pub(crate) async fn login(email: &str, password: &str) -> String {
    let (s, b) =
        parts(post("/v1/users/login", json!({"email": email, "password": password}), None).await)
            .await;
    assert_eq!(s, 200, "{b}");
    b["access_token"].as_str().unwrap().to_owned()
}

/// A new account that passes pre-booking verification: email verified, date of birth,
/// licence front and back and selfie, a card on file.
pub(crate) async fn verified_guest() -> NewUser {
    let u = sign_up().await;
    let (s, b) = parts(
        post(
            "/v1/users/sendEmail",
            json!({"email": u.email, "firstName": "Ada", "userId": u.id}),
            Some(&u.token),
        )
        .await,
    )
    .await;
    assert_eq!(s, 200, "{b}");
    let code = latest_code(&u.email).await;
    let (s, b) = parts(
        post("/v1/users/login/otp", json!({"userId": u.id, "otp": code, "otpType": "email"}), None)
            .await,
    )
    .await;
    assert_eq!(s, 200, "{b}");
    let (s, b) = parts(put("/v1/users/driverLicense", license_form(), Some(&u.token)).await).await;
    assert_eq!(s, 200, "{b}");
    for kind in ["dl", "dlBackSide", "selfie"] {
        let (s, b) = crate::upload_doc(&u.token, kind).await;
        assert_eq!(s, 200, "{b}");
    }
    let (s, b) = parts(post("/v1/payment/stripe/addPaymentMethod", json!({
        "userId": u.id, "paymentMethodId": "pm_card_visa",
        "billingDetails": {"street": "1 Main St", "city": "Fremont", "state": "CA", "zip": "94536", "country": "US"},
    }), Some(&u.token)).await).await;
    assert_eq!(s, 200, "{b}");
    u
}

/// The driver form of a licence valid for five more years, its holder born on 1990-01-01.
pub(crate) fn license_form() -> Value {
    json!({
        "firstName": "Ada", "lastName": "Lovelace", "licenseNumber": "D1234567",
        "issueDate": day(-365), "expirationDate": day(5 * 365), "dob": "1990-01-01",
    })
}

pub(crate) fn trip_body(car_id: &str, from: i64, until: i64) -> Value {
    json!({
        "carId": car_id, "newStartDate": day(from), "newStartTime": "10:00 AM",
        "newEndDate": day(until), "newEndTime": "10:00 AM", "age": 36,
        "extras": [], "protectionPlanType": "Standard", "message": "Looking forward to it",
    })
}

/// `createTrip`; a request that never got an answer (the connection failed, or the server timed
/// out reading it) is sent again, as a client does, which the Idempotency-Key makes safe.
pub(crate) async fn create(token: &str, body: Value, key: Option<&str>) -> (u16, Value) {
    for attempt in 1.. {
        let mut req = client()
            .post(format!("{}/v1/trips/createTrip", stack().base))
            .bearer_auth(token)
            .json(&body);
        if let Some(k) = key {
            req = req.header("Idempotency-Key", k);
        }
        match req.send().await {
            // 408: the server gave up reading the request (a machine too busy to read it within
            // its client timeout); nothing was done, and RFC 9110 lets the client send it again.
            Ok(r) if r.status().as_u16() == 408 && attempt < 5 && key.is_some() => {
                eprintln!(
                    "createTrip attempt {attempt} timed out before it was read; retrying with the same key"
                );
                tokio::time::sleep(std::time::Duration::from_millis(200)).await;
            }
            Ok(r) => return parts(r).await,
            Err(e) if attempt < 5 && key.is_some() => {
                eprintln!(
                    "createTrip attempt {attempt} got no answer ({e}); retrying with the same key"
                );
                tokio::time::sleep(std::time::Duration::from_millis(200)).await;
            }
            Err(e) => panic!("createTrip failed: {e}"),
        }
    }
    unreachable!()
}

/// Polls `isCarAvailableForTheseDates` until it says `want` (the projection is fed by events).
async fn wait_car_available(car_id: &str, from: i64, until: i64, want: bool) {
    for _ in 0..100 {
        let (s, b) = parts(get(&format!(
            "/v1/cars/isCarAvailableForTheseDates/{car_id}?newStartDate={}&newStartTime=10:00%20AM&newEndDate={}&newEndTime=10:00%20AM",
            day(from), day(until)
        ), None).await).await;
        assert!(s == 200 || s == 409, "{b}");
        if b["available"].as_bool() == Some(want) {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("car {car_id} never became available={want}");
}

#[tokio::test]
async fn a_verified_guest_books_at_the_quoted_price_cancels_and_the_car_comes_back() {
    let g = verified_guest().await;
    let c = car(10);
    let (s, q) =
        parts(post("/v1/tripPrice/getFinalTripPrice", trip_body(&c, 40, 43), Some(&g.token)).await)
            .await;
    assert_eq!(s, 200, "{q}");
    let quote = &q["data"];
    let mut body = trip_body(&c, 40, 43);
    body["quoteId"] = quote["quoteId"].clone();
    body["finalPrice"] = quote["finalPrice"].clone();
    let (s, b) = create(&g.token, body, None).await;
    assert_eq!(s, 201, "{b}");
    let t = &b["data"];
    assert_eq!(t["status"], "confirmed");
    assert_eq!(t["finalPrice"], quote["finalPrice"]);
    assert_eq!(t["priceDetails"]["finalPrice"], quote["finalPrice"]);
    // 40 days ahead: the card is saved and nothing is held before pricing's pay-later date.
    assert_eq!(t["paymentStatus"], "scheduled");
    assert!(
        t["priceDetails"]["payLaterDateMessage"]
            .as_str()
            .is_some_and(|m| m.starts_with("$0 due now")),
        "{t}"
    );
    assert_eq!(t["newStartDate"], day(40));
    assert_eq!(t["newStartTime"], "10:00 AM");
    assert_eq!(t["history"][0]["action"], "book");
    assert!(t["reservationNumber"].as_str().unwrap().starts_with("UPC-"));
    assert!(!t["carName"].as_str().unwrap().is_empty());
    let id = t["tripId"].as_str().unwrap().to_owned();

    // The guest reads it; another account learns nothing.
    let (s, _) = parts(get(&format!("/v1/trips/getTrip/{id}"), Some(&g.token)).await).await;
    assert_eq!(s, 200);
    let other = sign_up().await;
    let (s, e) = parts(get(&format!("/v1/trips/getTrip/{id}"), Some(&other.token)).await).await;
    assert_eq!((s, e["error"].as_str().unwrap()), (404, "trip_not_found"));
    let (s, _) = parts(get(&format!("/v1/trips/getTrip/{id}"), None).await).await;
    assert_eq!(s, 401);

    // The booking reaches catalog's availability through the event, and the guest is busy.
    wait_car_available(&c, 41, 42, false).await;
    let (s, b) = parts(get(&format!("/v1/cars/isUserAvailableForTheDates?startDate={}&startTime=10:00%20AM&endDate={}&endTime=10:00%20AM", day(41), day(42)), Some(&g.token)).await).await;
    assert_eq!((s, b["isUserAvailable"].as_bool()), (200, Some(false)), "{b}");
    let (s, b) = parts(get("/v1/trips/getInProgressAndFutureTrips", Some(&g.token)).await).await;
    assert_eq!(s, 200);
    assert!(b["data"].as_array().unwrap().iter().any(|t| t["tripId"] == id.as_str()));

    // Cancelling within the first hour refunds everything; the same key replays the answer.
    let cancel = || async {
        let r = client()
            .post(format!("{}/v1/trips/cancelTrip", stack().base))
            .bearer_auth(&g.token)
            .header("Idempotency-Key", format!("cancel-{id}"))
            .json(&json!({"tripId": id, "cancelReason": "Plans changed", "refundAmount": 1}))
            .send()
            .await
            .unwrap();
        parts(r).await
    };
    let (s, first) = cancel().await;
    assert_eq!(s, 200, "{first}");
    assert_eq!(first["data"]["status"], "cancelled_by_guest");
    assert_eq!(first["data"]["refundAmount"], quote["finalPrice"]);
    assert_eq!(first["data"]["paymentStatus"], "released");
    assert_eq!(first["data"]["isCancelled"], true);
    let (s, again) = cancel().await;
    assert_eq!(s, 200, "{again}");
    assert_eq!(again["data"]["history"], first["data"]["history"]);
    // Without the key a second cancel is refused: the trip is no longer cancellable.
    let (s, e) = parts(
        post(
            "/v1/trips/cancelTrip",
            json!({"tripId": id, "cancelReason": "again"}),
            Some(&g.token),
        )
        .await,
    )
    .await;
    assert_eq!((s, e["error"].as_str().unwrap()), (409, "invalid_trip_status"), "{e}");
    wait_car_available(&c, 41, 42, true).await;
    let (s, b) =
        parts(get("/v1/trips/getAllPastTripsForUserSortByDate", Some(&g.token)).await).await;
    assert_eq!(s, 200);
    assert!(
        b["data"]
            .as_array()
            .unwrap()
            .iter()
            .any(|t| t["tripId"] == id.as_str() && t["isCancelled"] == true)
    );
    // A released hold moved no money.
    let (s, b) = parts(get("/v1/transaction/getTransactionHistory", Some(&g.token)).await).await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(b["data"].as_array().unwrap().len(), 0);
    // The history and the ledger are append-only and balanced.
    let lines = format!("SELECT count(*) AS n FROM trip_history WHERE trip_id = '{id}'");
    assert_eq!(trips_scalar(&lines).await, 2, "book and cancel are in the history");
    assert_eq!(trips_scalar("SELECT count(*) AS n FROM (SELECT txn_id FROM ledger_entries GROUP BY txn_id HAVING sum(amount_cents) <> 0) x").await, 0);
}

#[tokio::test]
async fn the_same_idempotency_key_sent_100_times_at_once_books_one_trip() {
    let g = verified_guest().await;
    let body = trip_body(&car(11), 45, 47);
    let key = format!("book-{}", uuid::Uuid::now_v7());
    let tasks: Vec<_> = (0..100)
        .map(|_| {
            let (token, body, key) = (g.token.clone(), body.clone(), key.clone());
            tokio::spawn(async move { create(&token, body, Some(&key)).await })
        })
        .collect();
    let mut ids = std::collections::HashSet::new();
    for t in tasks {
        let (s, b) = t.await.unwrap();
        assert_eq!(s, 201, "{b}");
        ids.insert(b["data"]["tripId"].as_str().unwrap().to_owned());
    }
    assert_eq!(ids.len(), 1, "one trip, the same answer: {ids:?}");
    let n =
        trips_scalar(&format!("SELECT count(*) AS n FROM trips WHERE guest_id = '{}'", g.id)).await;
    assert_eq!(n, 1);
    // The key with another body is refused.
    let (s, e) = create(&g.token, trip_body(&car(11), 50, 52), Some(&key)).await;
    assert_eq!((s, e["error"].as_str().unwrap()), (409, "idempotency_key_reused"), "{e}");
}

#[tokio::test]
async fn booking_rules_are_enforced_by_the_server() {
    // Not verified: 403 with what is missing.
    let fresh = sign_up().await;
    let (s, e) = create(&fresh.token, trip_body(&car(12), 30, 32), None).await;
    assert_eq!((s, e["error"].as_str().unwrap()), (403, "verification_required"), "{e}");
    assert!(e["message"].as_str().unwrap().contains("verify your email"), "{e}");
    // The owner cannot book their own car.
    let host = login("host@demo.local", "DemoHost123!").await;
    let (s, e) = create(&host, trip_body(&car(1), 30, 32), None).await;
    assert_eq!((s, e["error"].as_str().unwrap()), (403, "own_car"), "{e}");
    assert_eq!(e["message"], "You can not book your own car");
    let g = verified_guest().await;
    // Another account's quote.
    let (_, q) = parts(
        post("/v1/tripPrice/getFinalTripPrice", trip_body(&car(12), 30, 32), Some(&fresh.token))
            .await,
    )
    .await;
    let mut body = trip_body(&car(12), 30, 32);
    body["quoteId"] = q["data"]["quoteId"].clone();
    let (s, e) = create(&g.token, body, None).await;
    assert_eq!((s, e["error"].as_str().unwrap()), (403, "quote_mismatch"), "{e}");
    // A price that is not the current one.
    let mut body = trip_body(&car(12), 30, 32);
    body["finalPrice"] = json!(1.0);
    let (s, e) = create(&g.token, body, None).await;
    assert_eq!((s, e["error"].as_str().unwrap()), (409, "price_changed"), "{e}");
    // Bad input.
    let cases = [
        (trip_body(&car(12), -3, 2), 400, "dates_in_past"),
        (trip_body(&car(12), 33, 31), 400, "dates_inverted"),
        (trip_body("0194ffff-0000-7000-8000-000000000000", 30, 32), 404, "car_not_found"),
        (
            {
                let mut b = trip_body(&car(12), 30, 32);
                b["finalPrice"] = json!("lots");
                b
            },
            400,
            "invalid_body",
        ),
    ];
    for (body, status, code) in cases {
        let (s, e) = create(&g.token, body.clone(), None).await;
        assert_eq!((s, e["error"].as_str().unwrap_or_default()), (status, code), "{body} -> {e}");
    }
    // A missing car is trips' rule (checked there only).
    let (s, e) = create(&g.token, json!({"newStartDate": day(30)}), None).await;
    assert_eq!((s, e["message"].as_str()), (400, Some("carId is required")), "{e}");
    let (s, _) = parts(post("/v1/trips/createTrip", trip_body(&car(12), 30, 32), None).await).await;
    assert_eq!(s, 401);
    assert_eq!(
        trips_scalar(&format!("SELECT count(*) AS n FROM trips WHERE guest_id = '{}'", g.id)).await,
        0,
        "refused bookings changed nothing"
    );
}

#[tokio::test]
async fn an_overlap_loses_with_409_and_the_nearest_free_dates() {
    let (a, b) = (verified_guest().await, verified_guest().await);
    let (s, r) = create(&a.token, trip_body(&car(13), 50, 53), None).await;
    assert_eq!(s, 201, "{r}");
    // The catalog's calendar hears of the booking by its event.
    wait_car_available(&car(13), 50, 53, false).await;
    let (s, e) = create(&b.token, trip_body(&car(13), 51, 52), None).await;
    assert_eq!((s, e["error"].as_str().unwrap()), (409, "car_not_available"), "{e}");
    assert!(e["message"].as_str().unwrap().contains("nearest free start"), "{e}");
    // With the alternatives: the same car a day at a time around the booking (days 50 to 53,
    // 10 AM), nearest first and later before earlier ...
    let same = &e["alternatives"]["sameCar"];
    let window = |from: i64, until: i64| json!({"startDate": day(from), "startTime": "10:00 AM", "endDate": day(until), "endTime": "10:00 AM"});
    assert_eq!(same[0], window(53, 54), "{e}");
    assert_eq!(same[1], window(49, 50), "{e}");
    assert!(same.as_array().unwrap().len() <= 3, "{e}");
    // ... and three comparable cars nearby that are free for the asked days, priced.
    let others = e["alternatives"]["otherCars"].as_array().expect("otherCars");
    assert_eq!(others.len(), 3, "{e}");
    let mut last = 0.0;
    for o in others {
        assert_ne!(o["carId"], car(13).as_str(), "{o}");
        assert!(o["finalPriceBeforeTax"].as_f64().unwrap() > 0.0, "{o}");
        assert!(
            o["make"].as_str().is_some_and(|m| !m.is_empty()) && o["carYear"].as_i64() > Some(1990),
            "{o}"
        );
        let d = o["distance"].as_f64().unwrap();
        assert!(d >= last, "nearest first: {e}");
        last = d;
        let id = o["carId"].as_str().unwrap();
        let (s, p) = parts(get(&format!(
            "/v1/cars/isCarAvailableForTheseDates/{id}?newStartDate={}&newStartTime=10:00%20AM&newEndDate={}&newEndTime=10:00%20AM",
            day(51), day(52)), None).await).await;
        assert_eq!((s, p["available"].as_bool()), (200, Some(true)), "{id} is offered free: {p}");
    }
    // The guest cannot hold two trips at once either.
    let (s, e) = create(&a.token, trip_body(&car(14), 52, 54), None).await;
    assert_eq!((s, e["error"].as_str().unwrap()), (409, "user_not_available"), "{e}");
    assert_eq!(e["message"], "User is not available.");
}

#[tokio::test]
async fn a_request_waits_for_the_host_who_accepts_or_rejects_it() {
    let g = verified_guest().await;
    let host = login("host@demo.local", "DemoHost123!").await;
    let (s, b) = create(&g.token, trip_body(&car(4), 60, 62), None).await;
    assert_eq!(s, 201, "{b}");
    assert_eq!(b["data"]["status"], "requested");
    let id = b["data"]["tripId"].as_str().unwrap().to_owned();
    // The guest cannot accept their own request; a stranger cannot even see it.
    let (s, e) =
        parts(post(&format!("/v1/trips/acceptTrip/{id}"), json!({}), Some(&g.token)).await).await;
    assert_eq!((s, e["error"].as_str().unwrap()), (403, "not_allowed"), "{e}");
    let stranger = sign_up().await;
    let (s, _) =
        parts(post(&format!("/v1/trips/acceptTrip/{id}"), json!({}), Some(&stranger.token)).await)
            .await;
    assert_eq!(s, 404);
    // The host sees it among future bookings and accepts; accepting again changes nothing.
    let (s, list) =
        parts(get("/v1/trips/getAllFutureBookingsForHostSortByDate", Some(&host)).await).await;
    assert_eq!(s, 200, "{list}");
    assert!(
        list["data"]
            .as_array()
            .unwrap()
            .iter()
            .any(|t| t["tripId"] == id.as_str() && t["viewerRole"] == "host")
    );
    let (s, b) =
        parts(post(&format!("/v1/trips/acceptTrip/{id}"), json!({}), Some(&host)).await).await;
    assert_eq!((s, b["data"]["status"].as_str()), (200, Some("confirmed")), "{b}");
    let (s, b) =
        parts(post(&format!("/v1/trips/acceptTrip/{id}"), json!({}), Some(&host)).await).await;
    assert_eq!((s, b["data"]["status"].as_str()), (200, Some("confirmed")), "{b}");
    let (s, e) =
        parts(post(&format!("/v1/trips/rejectTrip/{id}"), json!({}), Some(&host)).await).await;
    assert_eq!((s, e["error"].as_str().unwrap()), (409, "invalid_trip_status"), "{e}");
    // A second request, rejected with a reason: the hold is released.
    let (s, b) = create(&g.token, trip_body(&car(4), 70, 72), None).await;
    assert_eq!(s, 201, "{b}");
    let id2 = b["data"]["tripId"].as_str().unwrap().to_owned();
    let (s, b) = parts(
        post(
            &format!("/v1/trips/rejectTrip/{id2}"),
            json!({"rejectReason": "In the shop that week"}),
            Some(&host),
        )
        .await,
    )
    .await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(
        (b["data"]["status"].as_str(), b["data"]["rejectReason"].as_str()),
        (Some("rejected"), Some("In the shop that week"))
    );
    assert_eq!(b["data"]["paymentStatus"], "released");
    let actions: Vec<&str> = b["data"]["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["action"].as_str().unwrap())
        .collect();
    assert_eq!(actions, ["book", "reject"]);
    // A host with no bookings gets the spec's 404 texts.
    let (s, e) =
        parts(get("/v1/trips/getAllFutureBookingsForHostSortByDate", Some(&stranger.token)).await)
            .await;
    assert_eq!((s, e["message"].as_str()), (404, Some("No future bookings found for this host")));
    let (s, e) = parts(get("/v1/host/getPastTripsForHost", Some(&stranger.token)).await).await;
    assert_eq!((s, e["message"].as_str()), (404, Some("No past trips found for this host")));
}

#[tokio::test]
async fn cards_are_checked_by_the_payment_provider() {
    let u = sign_up().await;
    let billing = json!({"street": "1 Main St", "city": "Fremont", "state": "CA", "zip": "94536", "country": "US"});
    let add = |pm: &str, billing: Value| {
        let (token, id, pm) = (u.token.clone(), u.id.clone(), pm.to_owned());
        async move {
            parts(
                post(
                    "/v1/payment/stripe/addPaymentMethod",
                    json!({"userId": id, "paymentMethodId": pm, "billingDetails": billing}),
                    Some(&token),
                )
                .await,
            )
            .await
        }
    };
    let (s, e) = add("pm_card_chargeDeclined", billing.clone()).await;
    assert_eq!(
        (s, e["error"].as_str(), e["message"].as_str()),
        (400, Some("card_declined"), Some("Your card was declined."))
    );
    let (s, e) =
        add("pm_card_visa", json!({"city": "Fremont", "state": "CA", "country": "US"})).await;
    assert_eq!((s, e["message"].as_str()), (400, Some("Street address is required")));
    let (s, b) = parts(
        post("/v1/payment/stripe/getPrimaryPaymentMethod", json!({"userId": u.id}), Some(&u.token))
            .await,
    )
    .await;
    assert_eq!(s, 200);
    assert_eq!(b["data"], Value::Null);
    let (s, b) = add("pm_card_visa", billing).await;
    assert_eq!(s, 200, "{b}");
    let (s, b) = parts(
        post("/v1/payment/stripe/getPrimaryPaymentMethod", json!({"userId": u.id}), Some(&u.token))
            .await,
    )
    .await;
    assert_eq!(s, 200);
    assert_eq!(
        (b["data"]["cardType"].as_str(), b["data"]["last4"].as_str()),
        (Some("visa"), Some("4242"))
    );
    assert_eq!(b["data"]["billingAddress"]["city"], "Fremont");
}

/// 16 guests book 20 cars at random windows at the same time. The database lets no two live
/// trips of one car (or one guest) overlap; every loser gets 409.
#[tokio::test]
async fn concurrent_bookings_never_overlap() {
    let attempts: usize =
        std::env::var("UPCAR_BOOKING_ATTEMPTS").ok().and_then(|v| v.parse().ok()).unwrap_or(500);
    let mut guests = Vec::new();
    for _ in 0..16 {
        guests.push(verified_guest().await);
    }
    let cars: Vec<String> = (5..=22).chain([23, 24]).map(car).collect();
    let started = std::time::Instant::now();
    let tasks: Vec<_> = guests
        .iter()
        .enumerate()
        .map(|(i, g)| {
            let (token, cars) = (g.token.clone(), cars.clone());
            tokio::spawn(async move {
                let mut seed: u64 = 0x9E37_79B9_7F4A_7C15 ^ (i as u64 + 1);
                let mut next = move |m: u64| {
                    seed = seed
                        .wrapping_mul(6_364_136_223_846_793_005)
                        .wrapping_add(1_442_695_040_888_963_407);
                    (seed >> 33) % m
                };
                let (mut ok, mut lost) = (0usize, 0usize);
                for _ in 0..attempts {
                    let c = &cars[next(cars.len() as u64) as usize];
                    let from = 100 + next(60) as i64;
                    let len = 1 + next(3) as i64;
                    let (s, b) = create(&token, trip_body(c, from, from + len), None).await;
                    match s {
                        201 => ok += 1,
                        409 => lost += 1,
                        other => panic!("unexpected {other}: {b}"),
                    }
                }
                (ok, lost)
            })
        })
        .collect();
    let (mut ok, mut lost) = (0, 0);
    for t in tasks {
        let (a, b) = t.await.unwrap();
        ok += a;
        lost += b;
    }
    let overlaps = trips_scalar(
        "SELECT count(*) AS n FROM trips a JOIN trips b ON a.id < b.id AND a.period && b.period \
         AND (a.car_id = b.car_id OR a.guest_id = b.guest_id) \
         WHERE a.status IN ('requested', 'confirmed', 'modification_pending', 'in_progress') \
           AND b.status IN ('requested', 'confirmed', 'modification_pending', 'in_progress')",
    )
    .await;
    let line = format!(
        "concurrent bookings: {} attempts by 16 guests on 20 cars in {:.1} s: {ok} booked, {lost} refused with 409, {overlaps} overlapping pairs",
        16 * attempts,
        started.elapsed().as_secs_f64()
    );
    println!("{line}");
    // make test prints this line at the end (test output is captured).
    let _ = std::fs::write(std::env::temp_dir().join("upcar-booking-concurrency.txt"), &line);
    assert_eq!(overlaps, 0);
    assert_eq!(ok + lost, 16 * attempts);
    assert!(ok > 0 && lost > 0);
}

/// Uploads a JPEG through the presigned flow as `token`; answers its `s3Url`.
pub(crate) async fn upload_photo(token: &str) -> String {
    upload_photo_through("/v1/image/generatePresignedUrlsForUpload", token).await
}

/// Uploads a JPEG through the presign call at `path` (the guest's or the captains') as
/// `token`; answers its `s3Url`.
pub(crate) async fn upload_photo_through(path: &str, token: &str) -> String {
    let (s, b) = parts(
        post(
            path,
            json!({"files": [{"fileName": "car.jpg", "fileType": "image/jpeg"}]}),
            Some(token),
        )
        .await,
    )
    .await;
    assert_eq!(s, 200, "{b}");
    let put = client()
        .put(b["urls"][0]["presignedUrl"].as_str().unwrap())
        .header("content-type", "image/jpeg")
        .body([crate::JPEG, uuid::Uuid::now_v7().as_bytes()].concat())
        .send()
        .await
        .unwrap();
    assert!(put.status().is_success(), "{}", put.status());
    b["urls"][0]["s3Url"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn check_in_and_checkout_are_documented_by_photos_and_move_the_money() {
    let g = verified_guest().await;
    let host = login("host@demo.local", "DemoHost123!").await;
    let (s, b) = create(&g.token, trip_body(&car(2), 80, 82), None).await;
    assert_eq!(s, 201, "{b}");
    let id = b["data"]["tripId"].as_str().unwrap().to_owned();
    let total = b["data"]["finalPrice"].as_f64().unwrap();
    let photo = upload_photo(&g.token).await;
    let check_in = |token: String, urls: Value, kind: &'static str| {
        let id = id.clone();
        async move {
            parts(
                post(
                    &format!("/v1/trips/checkIn/{id}"),
                    json!({"role": "guest", "photoUrls": urls, "type": kind}),
                    Some(&token),
                )
                .await,
            )
            .await
        }
    };
    // Days before the start: not yet.
    let (s, e) = check_in(g.token.clone(), json!([photo]), "exterior").await;
    assert_eq!((s, e["error"].as_str().unwrap()), (409, "check_in_not_open"), "{e}");
    // The trip starts in 10 minutes (arranged: only the clock could move it).
    trips_sql(&format!("UPDATE trips SET period = tstzrange(now() + interval '10 minutes', now() + interval '2 days') WHERE id = '{id}'")).await;
    let (s, e) = check_in(g.token.clone(), json!([]), "exterior").await;
    assert_eq!(
        (s, e["message"].as_str()),
        (400, Some("Please select or capture at least 1 image."))
    );
    let strangers_photo = upload_photo(&sign_up().await.token).await;
    let (s, e) = check_in(g.token.clone(), json!([strangers_photo]), "exterior").await;
    assert_eq!((s, e["error"].as_str().unwrap()), (403, "not_your_photo"), "{e}");
    let (s, e) = check_in(g.token.clone(), json!([photo]), "roof").await;
    assert_eq!(s, 400, "{e}");
    let (s, b) = check_in(g.token.clone(), json!([photo]), "exterior").await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(
        (b["data"]["status"].as_str(), b["data"]["paymentStatus"].as_str()),
        (Some("in_progress"), Some("captured"))
    );
    // More photos within 30 minutes of the check-in are added.
    let inside = upload_photo(&g.token).await;
    let (s, b) = check_in(g.token.clone(), json!([inside]), "interior").await;
    assert_eq!((s, b["message"].as_str()), (200, Some("Photos added.")), "{b}");
    // A trip under way cannot be cancelled.
    let (s, e) = parts(
        post("/v1/trips/cancelTrip", json!({"tripId": id, "cancelReason": "x"}), Some(&g.token))
            .await,
    )
    .await;
    assert_eq!((s, e["error"].as_str().unwrap()), (409, "invalid_trip_status"), "{e}");
    // The capture is in the ledger: the guest paid the total, the host earned their share.
    let (s, h) = parts(get("/v1/transaction/getTransactionHistory", Some(&g.token)).await).await;
    assert_eq!(s, 200, "{h}");
    assert_eq!(h["totals"]["paid"].as_f64(), Some(total));
    let (_, hh) = parts(get("/v1/transaction/getTransactionHistory", Some(&host)).await).await;
    assert!(
        hh["data"].as_array().unwrap().iter().any(|t| t["tripId"] == id.as_str()
            && t["type"] == "earning"
            && t["amount"].as_f64().unwrap() > 0.0),
        "{hh}"
    );
    assert_eq!(trips_scalar("SELECT count(*) AS n FROM (SELECT txn_id FROM ledger_entries GROUP BY txn_id HAVING sum(amount_cents) <> 0) x").await, 0);
    // The host checks out.
    let back = upload_photo(&host).await;
    let (s, b) = parts(
        post(
            &format!("/v1/trips/checkout/{id}"),
            json!({"role": "host", "photoUrls": [back], "type": "exterior"}),
            Some(&host),
        )
        .await,
    )
    .await;
    assert_eq!((s, b["data"]["status"].as_str()), (200, Some("completed")), "{b}");
    let actions: Vec<&str> = b["data"]["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["action"].as_str().unwrap())
        .collect();
    // With check-in and checkout data the rental agreement signed itself.
    assert_eq!(actions, ["book", "check_in", "checkout", "agreement_signed"]);
    // The photos, with server time and content hash, for the trip's people only.
    let (s, p) =
        parts(get(&format!("/v1/trips/getCheckInAndCheckoutPhotos/{id}"), Some(&g.token)).await)
            .await;
    assert_eq!(s, 200, "{p}");
    let ins = p["data"]["checkIn"]["photos"].as_array().unwrap();
    assert_eq!(ins.len(), 2);
    assert!(
        ins.iter().all(|x| x["sha256"].as_str().unwrap().len() == 64 && x["takenAt"].is_string())
    );
    assert_eq!(p["data"]["checkout"]["photoUrls"].as_array().unwrap().len(), 1);
    let (s, _) = parts(
        get(&format!("/v1/trips/getCheckInAndCheckoutPhotos/{id}"), Some(&sign_up().await.token))
            .await,
    )
    .await;
    assert_eq!(s, 404);
}

#[tokio::test]
async fn a_modification_is_asked_by_one_party_and_answered_by_the_other() {
    let g = verified_guest().await;
    let host = login("host@demo.local", "DemoHost123!").await;
    let (s, b) = create(&g.token, trip_body(&car(3), 90, 92), None).await;
    assert_eq!(s, 201, "{b}");
    let id = b["data"]["tripId"].as_str().unwrap().to_owned();
    let before = b["data"]["finalPrice"].as_f64().unwrap();
    let extend = json!({"tripId": id, "newStartDate": day(90), "newStartTime": "10:00 AM", "newEndDate": day(93), "newEndTime": "10:00 AM", "message": "One more day please"});
    // Nothing to change is refused; a stranger sees nothing.
    let (s, _) = parts(
        post("/v1/trips/createModifyTripRequest", json!({"tripId": id}), Some(&g.token)).await,
    )
    .await;
    assert_eq!(s, 400);
    let (s, _) = parts(
        post("/v1/trips/createModifyTripRequest", extend.clone(), Some(&sign_up().await.token))
            .await,
    )
    .await;
    assert_eq!(s, 404);
    // The guest asks for an extension; it needs the owner's approval.
    let (s, b) =
        parts(post("/v1/trips/createModifyTripRequest", extend.clone(), Some(&g.token)).await)
            .await;
    assert_eq!((s, b["data"]["status"].as_str()), (200, Some("modification_pending")), "{b}");
    let (s, e) =
        parts(post("/v1/trips/createModifyTripRequest", extend.clone(), Some(&g.token)).await)
            .await;
    assert_eq!((s, e["error"].as_str().unwrap()), (409, "invalid_trip_status"), "{e}");
    let (s, e) = parts(
        post(
            "/v1/trips/respondToModifyRequest",
            json!({"tripId": id, "response": "accept"}),
            Some(&g.token),
        )
        .await,
    )
    .await;
    assert_eq!(
        (s, e["error"].as_str().unwrap()),
        (403, "not_allowed"),
        "one cannot answer one's own request: {e}"
    );
    // The guest withdraws it, asks again, and the host accepts.
    let (s, b) =
        parts(post("/v1/trips/cancelModifyRequest", json!({"tripId": id}), Some(&g.token)).await)
            .await;
    assert_eq!((s, b["data"]["status"].as_str()), (200, Some("confirmed")), "{b}");
    let (s, _) =
        parts(post("/v1/trips/createModifyTripRequest", extend.clone(), Some(&g.token)).await)
            .await;
    assert_eq!(s, 200);
    let (s, b) = parts(
        post(
            "/v1/trips/respondToModifyRequest",
            json!({"tripId": id, "response": "accept", "message": "Sure"}),
            Some(&host),
        )
        .await,
    )
    .await;
    assert_eq!(s, 200, "{b}");
    let t = &b["data"];
    assert_eq!(
        (t["status"].as_str(), t["newEndDate"].as_str()),
        (Some("confirmed"), Some(day(93).as_str()))
    );
    assert!(t["finalPrice"].as_f64().unwrap() > before, "{t}");
    assert_eq!(t["priceDetails"]["finalPrice"], t["finalPrice"]);
    let actions: Vec<&str> =
        t["history"].as_array().unwrap().iter().map(|h| h["action"].as_str().unwrap()).collect();
    assert_eq!(
        actions,
        [
            "book",
            "request_modification",
            "withdraw_modification",
            "request_modification",
            "respond_to_modification"
        ]
    );
    // The car is now held for the new last day, and the refund follows the new price.
    wait_car_available(&car(3).to_string(), 92, 93, false).await;
    let (s, r) =
        parts(get(&format!("/v1/tripPrice/getTripRefundPrice?tripId={id}"), Some(&g.token)).await)
            .await;
    assert_eq!(s, 200, "{r}");
    assert_eq!(r["data"]["paidAmount"], t["finalPrice"]);
    // A declined request changes nothing.
    let shorten = json!({"tripId": id, "newStartDate": day(90), "newStartTime": "10:00 AM", "newEndDate": day(91), "newEndTime": "10:00 AM"});
    let (s, _) = parts(post("/v1/trips/createModifyTripRequest", shorten, Some(&host)).await).await;
    assert_eq!(s, 200);
    let (s, b) = parts(
        post(
            "/v1/trips/respondToModifyRequest",
            json!({"tripId": id, "response": "decline"}),
            Some(&g.token),
        )
        .await,
    )
    .await;
    assert_eq!(
        (s, b["data"]["status"].as_str(), b["data"]["newEndDate"].as_str()),
        (200, Some("confirmed"), Some(day(93).as_str())),
        "{b}"
    );
}

#[tokio::test]
async fn getuser_reports_a_card_added_through_payments_and_the_tier_follows() {
    // Email verified, date of birth, licence and selfie, then a card added in trips.
    let g = verified_guest().await;
    // The card reaches accounts through trips.payment_method_added.
    let mut user = Value::Null;
    for _ in 0..100 {
        let (s, b) = parts(get(&format!("/v1/users/getuser/{}", g.id), Some(&g.token)).await).await;
        assert_eq!(s, 200, "{b}");
        user = b["user"].clone();
        if user["hasPaymentMethod"] == true {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(user["hasPaymentMethod"], true, "{user}");
    assert_eq!(user["currentTier"], "Verified Driver", "{user}");
    assert_eq!(user["preBookVerifNeededFields"]["dlUploadNeeded"], false, "{user}");
}

/// A window of car 22 for the coupon tests (days 270 on: no other test books it there).
fn coupon_trip(n: i64) -> Value {
    let from = 270 + 3 * n;
    let mut b = trip_body(&car(22), from, from + 2);
    b["couponCode"] = json!("FIRST50");
    b
}

/// "Save $50 on first trip": ten bookings of a new guest at once, each priced with it, and one
/// gets it; after that (and for a guest with trips) the coupon is refused at checkout too.
#[tokio::test]
async fn the_first_trip_coupon_goes_to_one_trip_of_a_new_guest_however_many_book_at_once() {
    let g = verified_guest().await;
    let tasks: Vec<_> = (0..10)
        .map(|n| {
            let token = g.token.clone();
            tokio::spawn(async move { create(&token, coupon_trip(n), None).await })
        })
        .collect();
    let mut booked = Vec::new();
    let mut refused = 0;
    for t in tasks {
        let (s, b) = t.await.expect("joined");
        match s {
            201 => booked.push(b),
            409 => {
                assert_eq!(b["error"], "coupon_first_trip_only", "{b}");
                refused += 1;
            }
            other => panic!("unexpected {other}: {b}"),
        }
    }
    assert_eq!((booked.len(), refused), (1, 9), "{booked:?}");
    let discount = booked[0]["data"]["priceDetails"]["totalDiscount"].as_f64().unwrap_or_default();
    assert!(discount >= 50.0, "the one trip has the $50 off: {}", booked[0]);
    let rows = trips_scalar(&format!(
        "SELECT count(*) AS n FROM trips WHERE guest_id = '{}' AND coupon_code = 'FIRST50'",
        g.id
    ))
    .await;
    assert_eq!(rows, 1);
    // Once pricing has heard of the trip, checkout says so before the guest tries to book.
    let mut last = Value::Null;
    for _ in 0..100 {
        let (s, b) =
            parts(post("/v1/tripPrice/getFinalTripPrice", coupon_trip(11), Some(&g.token)).await)
                .await;
        if s == 409 {
            last = b;
            break;
        }
        last = b;
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(last["error"], "coupon_first_trip_only", "{last}");
    assert_eq!(last["message"], "This coupon is for your first trip only.");
    let (s, b) = parts(
        post("/v1/tripPrice/validateCoupon", json!({"couponCode": "FIRST50"}), Some(&g.token))
            .await,
    )
    .await;
    assert_eq!((s, b["error"].as_str()), (409, Some("coupon_first_trip_only")), "{b}");
    // Without the coupon the guest books on.
    let mut plain = coupon_trip(12);
    plain["couponCode"] = json!("");
    assert_eq!(create(&g.token, plain, None).await.0, 201);
}

/// A guest with earlier trips does not get the first-trip coupon, even with a price made
/// before they booked (the database decides as the trip is written).
#[tokio::test]
async fn a_guest_with_earlier_trips_never_gets_the_first_trip_coupon() {
    let g = verified_guest().await;
    // A price with the coupon made while the guest had no trip yet.
    let (s, early) =
        parts(post("/v1/tripPrice/getFinalTripPrice", coupon_trip(20), Some(&g.token)).await).await;
    assert_eq!(s, 200, "{early}");
    for n in 21..25 {
        let mut b = coupon_trip(n);
        b["couponCode"] = json!("");
        let (s, t) = create(&g.token, b, None).await;
        assert_eq!(s, 201, "{t}");
    }
    let mut with_quote = coupon_trip(20);
    with_quote["quoteId"] = early["data"]["quoteId"].clone();
    let (s, b) = create(&g.token, with_quote, None).await;
    assert_eq!((s, b["error"].as_str()), (409, Some("coupon_first_trip_only")), "{b}");
    assert_eq!(
        b["message"],
        "This coupon is for your first trip only. Remove it to book this trip."
    );
    // A cancelled first trip does not use the coupon up: a guest whose only trip was cancelled
    // books with it.
    let h = verified_guest().await;
    let mut b = coupon_trip(30);
    b["couponCode"] = json!("");
    let (s, t) = create(&h.token, b, None).await;
    assert_eq!(s, 201, "{t}");
    let trip = t["data"]["_id"].as_str().or(t["data"]["tripId"].as_str()).unwrap().to_owned();
    let (s, c) = parts(
        post(
            "/v1/trips/cancelTrip",
            json!({"tripId": trip, "cancelReason": "changed plans"}),
            Some(&h.token),
        )
        .await,
    )
    .await;
    assert_eq!(s, 200, "{c}");
    // Trips knows at once; pricing's checkout hears of the cancellation moments later.
    let mut last = (0, Value::Null);
    for _ in 0..100 {
        last = create(&h.token, coupon_trip(31), None).await;
        if last.0 != 409 || last.1["error"] != "coupon_first_trip_only" {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(last.0, 201, "{}", last.1);
}
