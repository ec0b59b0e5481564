//! Pricing calls through the gateway: the car page, search pages, checkout, coupons, plans,
//! and bad input answered with 4xx.

use crate::helpers::*;
use chrono::{Duration, Utc};
use serde_json::{Value, json};

fn day(days: i64) -> String {
    (Utc::now().date_naive() + Duration::days(days)).to_string()
}

const WINDOW: (i64, i64) = (10, 13);

fn window_query() -> String {
    format!(
        "newStartDate={}&newStartTime=10:00%20AM&newEndDate={}&newEndTime=10:00%20AM",
        day(WINDOW.0),
        day(WINDOW.1)
    )
}

/// A search near Fremont for the window; answers the body.
async fn fremont_search() -> Value {
    let q = format!(
        "latitude=37.5485&longitude=-121.9886&fromDate={}&fromTime=10:00%20AM&untilDate={}&untilTime=10:00%20AM&sortBy=distance",
        day(WINDOW.0),
        day(WINDOW.1)
    );
    let (s, b) = parts(get(&format!("/v1/cars/search?{q}"), None).await).await;
    assert_eq!(s, 200, "{b}");
    b
}

/// The car page price of `car`, waiting for the demo fleet's rates to reach pricing.
async fn car_price(car: &str) -> Value {
    for _ in 0..100 {
        let (s, b) = parts(
            get(&format!("/v1/tripPrice/getTripPrice?carId={car}&{}", window_query()), None).await,
        )
        .await;
        if s == 200 {
            return b;
        }
        assert_eq!(s, 404, "{b}");
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
    panic!("the demo fleet's rates never reached pricing");
}

fn assert_breakdown_adds_up(d: &Value) {
    let lines = d["pricingBreakdown"].as_array().unwrap();
    let (last, rest) = lines.split_last().unwrap();
    let cents = |v: &Value| (v.as_f64().unwrap() * 100.0).round() as i64;
    assert_eq!(last["label"], "Total");
    assert_eq!(rest.iter().map(|l| cents(&l["amount"])).sum::<i64>(), cents(&d["finalPrice"]));
    assert_eq!(cents(&last["amount"]), cents(&d["finalPrice"]));
    assert!(d["finalPrice"].as_f64().unwrap() >= d["finalPriceBeforeTax"].as_f64().unwrap());
    assert_eq!(d["totalPriceRounded"], d["finalPrice"]);
    assert!(lines.iter().all(|l| l["explanation"].as_str().is_some_and(|e| !e.is_empty())));
}

#[tokio::test]
async fn the_car_page_price_has_the_spec_fields_and_matches_the_search_page() {
    let search = fremont_search().await;
    let car = first_demo_car(&search);
    let b = car_price(&car).await;
    assert_eq!(b["status"], true);
    let d = &b["data"];
    for f in [
        "finalPriceBeforeTax",
        "originalPrice",
        "finalPrice",
        "totalDiscount",
        "finalPricePerMonth",
        "canPayLater",
        "payLaterDateMessage",
        "totalMilesIncluded",
        "pricePerMile",
        "convertedFreeCancellationBefore",
        "carId",
        "startTime",
        "endTime",
        "pricingBreakdown",
        "totalPriceRounded",
        "quoteId",
    ] {
        assert!(d.get(f).is_some(), "missing {f} in {d}");
    }
    assert_eq!(d["carId"], car.as_str());
    assert!(d["convertedFreeCancellationBefore"].is_string());
    assert_breakdown_adds_up(d);

    // The search page's prices (by request id) are ready at once and say the same.
    let ids: Vec<&str> =
        search["data"].as_array().unwrap().iter().map(|c| c["_id"].as_str().unwrap()).collect();
    let request_id = search["requestId"].as_str().unwrap();
    let mut ready = None;
    for _ in 0..50 {
        let (s, b) = parts(
            get(&format!("/v1/cars/checkPrices/{}?requestId={request_id}", ids.join(",")), None)
                .await,
        )
        .await;
        assert_eq!(s, 200, "{b}");
        if b["status"] == "ready" {
            ready = Some(b);
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
    let b = ready.expect("prices ready");
    let prices = b["prices"].as_array().unwrap();
    assert_eq!(prices.len(), ids.len());
    let same = prices.iter().find(|p| p["carId"] == car.as_str()).unwrap();
    assert_eq!(same["priceDetails"]["finalPriceBeforeTax"], d["finalPriceBeforeTax"]);
    assert_eq!(same["priceDetails"]["finalPrice"], d["finalPrice"]);
    let (s, by_id) =
        parts(get(&format!("/v1/tripPrice/getPricesByRequestId/{request_id}"), None).await).await;
    assert_eq!(s, 200, "{by_id}");
    assert_eq!(by_id["data"][&car]["finalPrice"], d["finalPrice"]);
    // Keyed by the page's own cars, every one of them.
    let mut keys: Vec<&str> =
        by_id["data"].as_object().unwrap().keys().map(|k| k.as_str()).collect();
    let mut page: Vec<&str> = ids.to_vec();
    keys.sort_unstable();
    page.sort_unstable();
    assert_eq!(keys, page);
    // A damaged id, or one catalog-search never minted, answers 400 with a message, both ways.
    for bad in ["0193ffff-0000-7000-8000-000000000000", "x", &request_id.replacen('.', "-", 1)] {
        let (s, e) =
            parts(get(&format!("/v1/tripPrice/getPricesByRequestId/{bad}"), None).await).await;
        assert_eq!((s, e["error"].as_str()), (400, Some("search_expired")), "{bad}: {e}");
        assert!(e["message"].as_str().unwrap().contains("search again"), "{e}");
        let (s, e) = parts(
            get(&format!("/v1/cars/checkPrices/{}?requestId={bad}", ids.join(",")), None).await,
        )
        .await;
        assert_eq!((s, e["error"].as_str()), (400, Some("search_expired")), "{bad}: {e}");
    }
    // The id is not a secret: one written by hand names its window, which pricing judges like
    // any other (here a window in 1970: 400 with pricing's message, nothing priced).
    let handmade = format!("{}.1.2.25", uuid::Uuid::now_v7().simple());
    let (s, e) = parts(
        get(&format!("/v1/cars/checkPrices/{}?requestId={handmade}", ids.join(",")), None).await,
    )
    .await;
    assert_eq!(s, 400, "{e}");
    assert!(e["message"].as_str().is_some_and(|m| !m.is_empty()), "{e}");

    // The many-car variant, with one unknown car dropped.
    let start = (Utc::now() + Duration::days(WINDOW.0)).to_rfc3339();
    let end = (Utc::now() + Duration::days(WINDOW.1)).to_rfc3339();
    let (s, many) = parts(
        post(
            "/v1/tripPrice/getTripPrices",
            json!({"carId": [ids[0], ids[1], "0193ffff-0000-7000-8000-000000000000"], "startTime": start, "endTime": end}),
            None,
        )
        .await,
    )
    .await;
    assert_eq!(s, 200, "{many}");
    assert_eq!(many["data"].as_array().unwrap().len(), 2);
}

#[tokio::test]
async fn checkout_prices_choices_and_refuses_bad_input_with_4xx() {
    let search = fremont_search().await;
    let car = first_demo_car(&search);
    car_price(&car).await;
    let u = sign_up().await;
    let body = json!({
        "carId": car, "newStartDate": day(WINDOW.0), "newStartTime": "10:00 AM",
        "newEndDate": day(WINDOW.1), "newEndTime": "10:00 AM", "age": 30,
        "extras": [], "protectionPlanType": "Minimum", "couponCode": "FIRST50",
        "pickUpLocation": {"latitude": 37.5485, "longitude": -121.95},
        "returnToCarLocation": true, "userId": u.id,
    });
    let (s, b) =
        parts(post("/v1/tripPrice/getFinalTripPrice", body.clone(), Some(&u.token)).await).await;
    assert_eq!(s, 200, "{b}");
    let d = &b["data"];
    assert_breakdown_adds_up(d);
    assert!(d["quoteId"].as_str().is_some_and(|q| !q.is_empty()));
    assert_eq!(d["protectionPlanType"], "Minimum");
    let labels: Vec<&str> = d["pricingBreakdown"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["label"].as_str().unwrap())
        .collect();
    assert!(labels.iter().any(|l| l.starts_with("Protection plan: Minimum")), "{labels:?}");
    assert!(labels.iter().any(|l| l.starts_with("Delivery to your address")), "{labels:?}");
    assert!(labels.contains(&"Coupon FIRST50"), "{labels:?}");
    assert!(d["totalDiscount"].as_f64().unwrap() >= 50.0);

    // Signed out: 401 with the spec's text.
    let (s, e) = parts(post("/v1/tripPrice/getFinalTripPrice", body.clone(), None).await).await;
    assert_eq!(s, 401, "{e}");

    let with = |k: &str, v: Value| {
        let mut b = body.clone();
        b[k] = v;
        b
    };
    let cases = [
        (with("couponCode", json!("BOGUS")), 400, "invalid_coupon"),
        (with("age", json!(19)), 400, "under_minimum_age"),
        (with("age", json!("old")), 400, "invalid_body"),
        (with("protectionPlanType", json!("Gold")), 400, "invalid_protection_plan"),
        (
            with("extras", json!([{"extraType": "jetpack", "extraId": "jetpack", "quantity": 1}])),
            400,
            "unknown_extra",
        ),
        (with("newStartDate", json!(day(WINDOW.1 + 2))), 400, "dates_inverted"),
        (with("newStartTime", json!("25 o'clock")), 400, "invalid_time"),
        (with("pickUpLocation", json!({"latitude": "north"})), 400, "invalid_body"),
        (with("carId", json!("0193ffff-0000-7000-8000-000000000000")), 404, "car_not_found"),
        (with("carId", json!("not-a-car")), 404, "car_not_found"),
    ];
    for (req, status, code) in cases {
        let (s, e) =
            parts(post("/v1/tripPrice/getFinalTripPrice", req.clone(), Some(&u.token)).await).await;
        assert_eq!((s, e["error"].as_str().unwrap_or_default()), (status, code), "{req} -> {e}");
        assert!(e["message"].as_str().is_some_and(|m| !m.is_empty()));
    }
    // The car page refuses the same way.
    let (s, e) = parts(
        get(&format!("/v1/tripPrice/getTripPrice?carId={car}&newStartDate={}&newStartTime=10:00%20AM&newEndDate={}&newEndTime=10:00%20AM", day(-2), day(2)), None).await,
    )
    .await;
    assert_eq!((s, e["error"].as_str().unwrap()), (400, "dates_in_past"), "{e}");
    let (s, e) = parts(get("/v1/tripPrice/getTripPrice", None).await).await;
    assert_eq!((s, e["error"].as_str().unwrap()), (400, "car_id_required"), "{e}");
}

#[tokio::test]
async fn coupons_plans_and_refunds_answer_as_the_spec_says() {
    let u = sign_up().await;
    let (s, b) = parts(
        post("/v1/tripPrice/validateCoupon", json!({"couponCode": "first50"}), Some(&u.token))
            .await,
    )
    .await;
    assert_eq!(s, 200, "{b}");
    assert_eq!((b["valid"].as_bool(), b["data"]["amount"].as_f64()), (Some(true), Some(50.0)));
    let (s, b) = parts(
        post("/v1/tripPrice/validateCoupon", json!({"couponCode": "NOPE"}), Some(&u.token)).await,
    )
    .await;
    assert_eq!((s, b["error"].as_str().unwrap()), (400, "invalid_coupon"), "{b}");
    assert_eq!(b["message"], "This coupon code is not valid.");
    let (s, _) =
        parts(post("/v1/tripPrice/validateCoupon", json!({"couponCode": "FIRST50"}), None).await)
            .await;
    assert_eq!(s, 401);

    // Protection plans need no token.
    let (s, b) = parts(get("/v1/trips/protectionPlans", None).await).await;
    assert_eq!(s, 200, "{b}");
    let names: Vec<&str> =
        b["data"].as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap()).collect();
    assert_eq!(names, ["Standard", "Minimum", "Decline"]);
    assert!(b["data"][0]["coverage"].as_array().unwrap().len() >= 2);
    let (s, b) = parts(
        post(
            "/v1/tripPrice/getProtectionPlanPrice",
            json!({"protectionPlanType": "Standard", "finalTripPrice": 300}),
            Some(&u.token),
        )
        .await,
    )
    .await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(b["data"]["price"], 60.0);
    let (s, b) = parts(
        post(
            "/v1/tripPrice/getProtectionPlanPrice",
            json!({"protectionPlanType": "Standard", "finalTripPrice": -5}),
            Some(&u.token),
        )
        .await,
    )
    .await;
    assert_eq!(s, 400, "{b}");

    // Refunds are for booked trips only.
    let (s, b) = parts(
        get(
            "/v1/tripPrice/getTripRefundPrice?tripId=0193ffff-0000-7000-8000-000000000000",
            Some(&u.token),
        )
        .await,
    )
    .await;
    assert_eq!((s, b["error"].as_str().unwrap()), (404, "trip_not_found"), "{b}");
    let (s, b) = parts(get("/v1/tripPrice/getTripRefundPrice", Some(&u.token)).await).await;
    assert_eq!((s, b["error"].as_str().unwrap()), (400, "trip_id_required"), "{b}");
    let (s, b) = parts(
        post(
            "/v1/tripPrice/getModifiedTripPrice",
            json!({"tripId": "0193ffff-0000-7000-8000-000000000000"}),
            Some(&u.token),
        )
        .await,
    )
    .await;
    assert_eq!((s, b["error"].as_str().unwrap()), (404, "trip_not_found"), "{b}");
}

/// `checkPrices` for `ids`, with `token`, once every car is priced.
async fn ready_prices(ids: &[String], query: &str, token: Option<&str>) -> Vec<Value> {
    for _ in 0..50 {
        let path = format!("/v1/cars/checkPrices/{}{query}", ids.join(","));
        let (s, b) = parts(get(&path, token).await).await;
        assert_eq!(s, 200, "{path}: {b}");
        if b["status"] == "ready" {
            return b["prices"].as_array().unwrap().clone();
        }
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
    panic!("prices never ready");
}

/// The instant an RFC 3339 text names.
fn instant(v: &Value) -> chrono::DateTime<Utc> {
    chrono::DateTime::parse_from_rfc3339(v.as_str().unwrap()).unwrap().with_timezone(&Utc)
}

/// The windows of a page's prices, as instants; every car of the page has a price.
fn windows(
    prices: &[Value],
    ids: &[String],
) -> Vec<(chrono::DateTime<Utc>, chrono::DateTime<Utc>)> {
    assert_eq!(prices.len(), ids.len(), "{prices:?}");
    prices
        .iter()
        .map(|p| (instant(&p["priceDetails"]["startTime"]), instant(&p["priceDetails"]["endTime"])))
        .collect()
}

/// Whether a page's prices are all for the spec's default trip: tomorrow 10:00 AM to the day
/// after, in each car's time zone (the offset of its RFC 3339 times).
fn is_default_trip(prices: &[Value]) -> bool {
    prices.iter().all(|p| {
        let start =
            chrono::DateTime::parse_from_rfc3339(p["priceDetails"]["startTime"].as_str().unwrap())
                .unwrap();
        let end =
            chrono::DateTime::parse_from_rfc3339(p["priceDetails"]["endTime"].as_str().unwrap())
                .unwrap();
        let tomorrow = Utc::now().with_timezone(start.offset()).date_naive() + Duration::days(1);
        let ten = chrono::NaiveTime::from_hms_opt(10, 0, 0).unwrap();
        start.naive_local() == tomorrow.and_time(ten)
            && end.naive_local() == (tomorrow + Duration::days(1)).and_time(ten)
    })
}

/// A search page near Fremont for `from..until` days ahead, as `token`'s caller.
async fn page(from: i64, until: i64, page: i32, token: &str) -> (Vec<String>, Value) {
    let q = format!(
        "latitude=37.5485&longitude=-121.9886&fromDate={}&fromTime=10:00%20AM&untilDate={}&untilTime=10:00%20AM&sortBy=distance&limit=5&page={page}",
        day(from),
        day(until)
    );
    let (s, b) = parts(get(&format!("/v1/cars/search?{q}"), Some(token)).await).await;
    assert_eq!(s, 200, "{b}");
    let ids: Vec<String> = b["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["_id"].as_str().unwrap().to_owned())
        .collect();
    assert_eq!(ids.len(), 5, "{b}");
    (ids, b)
}

#[tokio::test]
async fn check_prices_with_only_the_ids_prices_the_callers_latest_search_holding_them() {
    let u = sign_up().await;
    // Page 1 for one window, then page 2 for another: each page keeps its own window.
    let (first, first_page) = page(10, 13, 1, &u.token).await;
    let (second, second_page) = page(20, 22, 2, &u.token).await;
    car_price(&first[0]).await;
    let searched = |p: &Value| (instant(&p["startTime"]), instant(&p["endTime"]));
    let got = windows(&ready_prices(&first, "", Some(&u.token)).await, &first);
    assert!(got.iter().all(|w| *w == searched(&first_page)), "{got:?}");
    let got = windows(&ready_prices(&second, "", Some(&u.token)).await, &second);
    assert!(got.iter().all(|w| *w == searched(&second_page)), "{got:?}");
    // A later search holding some of the same cars wins for them.
    let (again, again_page) = page(50, 53, 1, &u.token).await;
    let both: Vec<String> = first.iter().filter(|c| again.contains(c)).cloned().collect();
    assert!(!both.is_empty(), "the nearest cars are on both first pages");
    let got = windows(&ready_prices(&both, "", Some(&u.token)).await, &both);
    assert!(got.iter().all(|w| *w == searched(&again_page)), "{got:?}");
    // No page of the caller holds cars of two pages, nor is any other caller's page theirs,
    // nor has an anonymous caller a page: the spec's default trip.
    let mixed = [first[0].clone(), second[0].clone()];
    assert!(is_default_trip(&ready_prices(&mixed, "", Some(&u.token)).await));
    let other = sign_up().await;
    assert!(is_default_trip(&ready_prices(&first, "", Some(&other.token)).await));
    let anonymous = ready_prices(&first, "", None).await;
    assert!(is_default_trip(&anonymous), "{anonymous:?}");
    assert_eq!(windows(&anonymous, &first).len(), 5);
    // Dates or a request id given still say which window.
    let got = windows(
        &ready_prices(&first, &format!("?{}", window_query()), Some(&u.token)).await,
        &first,
    );
    let (start, end) = got[0];
    assert_eq!((end - start).num_days(), WINDOW.1 - WINDOW.0);
    let request_id = second_page["requestId"].as_str().unwrap();
    let got = windows(
        &ready_prices(&first, &format!("?requestId={request_id}"), Some(&u.token)).await,
        &first,
    );
    assert!(got.iter().all(|w| *w == searched(&second_page)), "{got:?}");
}
