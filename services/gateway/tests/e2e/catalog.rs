//! Catalog calls through the gateway: search, car pages, availability, enums, places.

use crate::helpers::*;
use chrono::{Datelike, Duration, Utc, Weekday};
use serde_json::{Value, json};

/// A date `days` from today (UTC) as YYYY-MM-DD.
fn day(days: i64) -> String {
    (Utc::now().date_naive() + Duration::days(days)).to_string()
}

/// The next Monday at least a week away, so weekend and notice rules stay out of the way.
fn monday() -> i64 {
    let today = Utc::now().date_naive();
    let mut d = 7;
    while (today + Duration::days(d)).weekday() != Weekday::Mon {
        d += 1;
    }
    d
}

const FREMONT: (f64, f64) = (37.5485, -121.9886);

async fn search(query: &str) -> (u16, Value) {
    parts(get(&format!("/v1/cars/search?{query}"), None).await).await
}

fn base_query(days_ahead: i64, len: i64) -> String {
    format!(
        "latitude={}&longitude={}&fromDate={}&fromTime=10:00%20AM&untilDate={}&untilTime=10:00%20AM",
        FREMONT.0,
        FREMONT.1,
        day(days_ahead),
        day(days_ahead + len)
    )
}

fn ids(body: &Value) -> Vec<String> {
    body["data"].as_array().unwrap().iter().map(|c| c["_id"].as_str().unwrap().to_owned()).collect()
}

#[tokio::test]
async fn search_near_fremont_lists_cars_nearest_first_with_the_spec_fields() {
    let (s, b) = search(&format!("{}&sortBy=distance&limit=50", base_query(monday(), 2))).await;
    assert_eq!(s, 200, "{b}");
    assert!(b["count"].as_i64().unwrap() >= 20, "{b}");
    assert!(b["requestId"].as_str().is_some_and(|r| !r.is_empty()));
    assert_eq!(b["isLongTermRental"], false);
    let cars = b["data"].as_array().unwrap();
    let distances: Vec<f64> = cars.iter().map(|c| c["distance"].as_f64().unwrap()).collect();
    assert!(distances.windows(2).all(|w| w[0] <= w[1]), "nearest first: {distances:?}");
    assert!(distances.iter().all(|d| *d <= 50.0));
    let c = &cars[0];
    for f in [
        "_id",
        "make",
        "model",
        "carYear",
        "latitude",
        "longitude",
        "address",
        "location",
        "primaryPhotoUrl",
        "photoUrls",
        "totalRating",
        "tripCount",
        "distance",
        "isFav",
        "specialFeature",
    ] {
        assert!(c.get(f).is_some(), "{f} missing: {c}");
    }
    assert_eq!(c["location"]["coordinates"][0], c["longitude"]);
    assert_eq!(c["address"]["city"], "Fremont");
}

#[tokio::test]
async fn search_without_a_place_uses_fremont_and_far_places_find_nothing() {
    let (s, b) =
        search(&format!("fromDate={}&untilDate={}", day(monday()), day(monday() + 2))).await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(b["data"][0]["address"]["city"], "Fremont");
    let (s, b) = search(&format!(
        "latitude=40.7128&longitude=-74.006&fromDate={}&untilDate={}",
        day(monday()),
        day(monday() + 2)
    ))
    .await;
    assert_eq!((s, b["count"].as_i64()), (200, Some(0)));
    assert!(b["message"].as_str().is_some_and(|m| !m.is_empty()));
}

#[tokio::test]
async fn past_inverted_and_malformed_searches_are_refused() {
    for (q, code) in [
        (format!("fromDate={}&untilDate={}", day(-1), day(2)), "dates_in_past"),
        (format!("fromDate={}&untilDate={}", day(5), day(3)), "dates_inverted"),
        ("fromDate=tomorrow".to_owned(), "invalid_date"),
        (format!("fromDate={}&fromTime=25:00", day(3)), "invalid_time"),
        ("latitude=91&longitude=0".to_owned(), "invalid_coordinates"),
        ("latitude=37".to_owned(), "invalid_coordinates"),
        ("sortBy=cheapest".to_owned(), "invalid_sort"),
        ("seats=3".to_owned(), "invalid_seats"),
        ("priceMin=300&priceMax=100".to_owned(), "invalid_range"),
        ("latitude=abc&longitude=1".to_owned(), "invalid_query"),
    ] {
        let (s, b) = search(&q).await;
        assert_eq!((s, b["error"].as_str()), (400, Some(code)), "{q}: {b}");
    }
    let (_, b) = search(&format!("fromDate={}&untilDate={}", day(5), day(3))).await;
    assert_eq!(b["message"], "Start date must be before or equal to the end date.");
}

#[tokio::test]
async fn filters_really_filter_and_sorts_really_order() {
    let q = base_query(monday(), 2);
    let all = search(&format!("{q}&limit=50")).await.1["count"].as_i64().unwrap();
    let check = |name: &str, body: &Value, pred: &dyn Fn(&Value) -> bool| {
        let cars = body["data"].as_array().unwrap();
        assert!(!cars.is_empty(), "{name} found nothing");
        assert!((body["count"].as_i64().unwrap()) < all, "{name} did not narrow the list");
        assert!(cars.iter().all(pred), "{name}: {body}");
    };
    check("suv", &search(&format!("{q}&vehicleType=suv&limit=50")).await.1, &|c| {
        c["vehicleType"] == "suv"
    });
    check("tesla", &search(&format!("{q}&make=Tesla&limit=50")).await.1, &|c| c["make"] == "Tesla");
    check("model", &search(&format!("{q}&make=Tesla&model=Model%20Y&limit=50")).await.1, &|c| {
        c["model"] == "Model Y"
    });
    check("6+ seats", &search(&format!("{q}&seats=6&limit=50")).await.1, &|c| {
        c["seats"].as_i64().unwrap() >= 6
    });
    check("5 seats", &search(&format!("{q}&seats=5&limit=50")).await.1, &|c| c["seats"] == 5);
    check("manual", &search(&format!("{q}&transmissionType=manual&limit=50")).await.1, &|c| {
        c["transmissionType"] == "manual"
    });
    check("price", &search(&format!("{q}&priceMin=50&priceMax=90&limit=50")).await.1, &|c| {
        let p = c["dailyPrice"].as_f64().unwrap();
        (50.0..=90.0).contains(&p)
    });
    check("price range", &search(&format!("{q}&priceRange=100,500&limit=50")).await.1, &|c| {
        c["dailyPrice"].as_f64().unwrap() >= 100.0
    });
    check("years", &search(&format!("{q}&yearMin=2023&yearMax=2024&limit=50")).await.1, &|c| {
        c["carYear"].as_i64().unwrap() >= 2023
    });
    check("age", &search(&format!("{q}&age=21&limit=50")).await.1, &|c| {
        c["dailyPrice"].as_f64().unwrap() <= 120.0
    });
    let prices = |b: &Value| {
        b["data"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["dailyPrice"].as_f64().unwrap())
            .collect::<Vec<_>>()
    };
    let asc = prices(&search(&format!("{q}&sortBy=priceAsc&limit=50")).await.1);
    assert!(asc.windows(2).all(|w| w[0] <= w[1]), "{asc:?}");
    let desc = prices(&search(&format!("{q}&sortBy=priceDesc&limit=50")).await.1);
    assert!(desc.windows(2).all(|w| w[0] >= w[1]), "{desc:?}");
    let rec = search(&format!("{q}&sortBy=recommended&limit=50")).await.1;
    let dist = search(&format!("{q}&sortBy=distance&limit=50")).await.1;
    assert_ne!(ids(&rec), ids(&dist), "recommended is not just distance");
    // The alias call with its own parameter names gives the same cars.
    let alias = parts(get(&format!(
        "/v1/cars/findAvailableCarsNearAddress?latitude={}&longitude={}&newStartDate={}&newEndDate={}&newStartTime=10:00%20AM&newEndTime=10:00%20AM&carType=suv&sortOrder=distance&limit=50",
        FREMONT.0, FREMONT.1, day(monday()), day(monday() + 2)
    ), None).await).await.1;
    let suv = search(&format!("{q}&vehicleType=suv&sortBy=distance&limit=50")).await.1;
    assert_eq!(ids(&alias), ids(&suv));
}

#[tokio::test]
async fn pages_do_not_overlap() {
    let q = format!("{}&sortBy=distance&limit=5", base_query(monday(), 2));
    let p1 = ids(&search(&format!("{q}&page=1")).await.1);
    let p2 = ids(&search(&format!("{q}&page=2")).await.1);
    assert_eq!((p1.len(), p2.len()), (5, 5));
    assert!(p1.iter().all(|id| !p2.contains(id)));
}

#[tokio::test]
async fn thirty_days_and_more_is_long_term_with_a_monthly_price() {
    let (_, b) = search(&base_query(monday(), 29)).await;
    assert_eq!(b["isLongTermRental"], false);
    let (_, b) = search(&base_query(monday(), 30)).await;
    assert_eq!(b["isLongTermRental"], true);
    let c = &b["data"][0];
    assert!(c["monthlyPrice"].as_f64().unwrap() <= c["dailyPrice"].as_f64().unwrap() * 30.0);
    assert!(
        c["monthlyPrice"].as_f64().unwrap() >= c["dailyPrice"].as_f64().unwrap() * 15.0,
        "at most 50% off"
    );
}

#[tokio::test]
async fn a_booked_or_blocked_car_disappears_only_for_overlapping_ranges() {
    let start = monday() + 14;
    let (_, b) = search(&format!("{}&sortBy=distance&limit=50", base_query(start, 3))).await;
    let victim = ids(&b)[0].clone();
    let booking_start = Utc::now().date_naive() + Duration::days(start + 1);
    catalog_sql(&format!(
        "INSERT INTO car_unavailability (source, source_id, car_id, period) VALUES \
         ('booking', 'test-{victim}', '{victim}', tstzrange('{booking_start} 18:00:00+00', '{} 18:00:00+00'))",
        booking_start + Duration::days(1)
    ))
    .await;
    let (_, overlapping) = search(&format!("{}&limit=50", base_query(start, 3))).await;
    assert!(
        !ids(&overlapping).contains(&victim),
        "the booked car is hidden for an overlapping range"
    );
    let (_, before) = search(&format!("{}&limit=50", base_query(start - 5, 3))).await;
    assert!(ids(&before).contains(&victim), "and shown for a range before the booking");
    let (_, after) = search(&format!("{}&limit=50", base_query(start + 4, 3))).await;
    assert!(ids(&after).contains(&victim), "and after it");

    let (s, b) = parts(
        get(
            &format!(
                "/v1/cars/isCarAvailableForTheseDates/{victim}?fromDate={}&untilDate={}",
                day(start),
                day(start + 3)
            ),
            None,
        )
        .await,
    )
    .await;
    assert_eq!((s, b["available"].as_bool()), (400, Some(false)), "{b}");
    let (s, b) = parts(
        get(
            &format!(
                "/v1/cars/isCarAvailableForTheseDates/{victim}?newStartDate={}&newEndDate={}",
                day(start - 5),
                day(start - 3)
            ),
            None,
        )
        .await,
    )
    .await;
    assert_eq!((s, b["available"].as_bool()), (200, Some(true)), "{b}");
    let month = booking_start;
    let (s, b) = parts(
        get(
            &format!(
                "/v1/calendar/getBlockedOrBookedDates?carId={victim}&year={}&month={}",
                month.year(),
                month.month()
            ),
            None,
        )
        .await,
    )
    .await;
    assert_eq!(s, 200, "{b}");
    assert!(
        b["carUnavailableDates"]
            .as_array()
            .unwrap()
            .iter()
            .any(|d| d == &json!(booking_start.to_string())),
        "{b}"
    );
}

#[tokio::test]
async fn car_pages_show_the_details_and_unknown_cars_are_404() {
    let (_, b) = search(&format!("{}&limit=1", base_query(monday(), 2))).await;
    let id = ids(&b)[0].clone();
    let (s, b) = parts(get(&format!("/v1/cars/getCar/{id}"), None).await).await;
    assert_eq!(s, 200, "{b}");
    let car = &b["data"];
    for f in [
        "_id",
        "title",
        "ownerId",
        "isOwnCar",
        "make",
        "model",
        "carYear",
        "trim",
        "primaryPhotoUrl",
        "photoUrls",
        "totalRating",
        "ratingCount",
        "tripCount",
        "doors",
        "seats",
        "gasType",
        "carDetails",
        "features",
        "extras",
        "minAgeRequired",
        "ReportListingPolicy",
        "cancellationPolicy",
        "pricePerHour",
        "price",
        "location",
        "address",
        "pickupLocations",
    ] {
        assert!(car.get(f).is_some(), "{f} missing");
    }
    assert_eq!(car["isOwnCar"], false);
    assert!(car["carDetails"].as_str().unwrap().len() > 300);
    assert!(car["extras"][0]["price"]["per"].is_string());
    let (s, b) = parts(get(&format!("/v1/cars/getCar/{}", uuid::Uuid::now_v7()), None).await).await;
    assert_eq!((s, b["error"].as_str()), (404, Some("car_not_found")));
    let (s, _) = parts(get("/v1/cars/getCar/not-a-car", None).await).await;
    assert_eq!(s, 404);
}

#[tokio::test]
async fn the_owner_sees_their_own_car_and_favourites_show_in_search() {
    let (_, login) = parts(
        post(
            "/v1/users/login",
            json!({"email": "host@demo.local", "password": "DemoHost123!"}),
            None,
        )
        .await,
    )
    .await;
    let host = login["access_token"].as_str().unwrap().to_owned();
    let host_id = login["user"]["_id"].as_str().unwrap().to_owned();
    let (_, b) = search(&format!("{}&limit=50", base_query(monday(), 2))).await;
    let own: Vec<&Value> =
        b["data"].as_array().unwrap().iter().filter(|c| c["ownerId"] == host_id.as_str()).collect();
    assert!(own.len() >= 3, "the demo host owns at least 3 Fremont cars");
    let own_id = own[0]["_id"].as_str().unwrap();
    let (_, b) = parts(get(&format!("/v1/cars/getCar/{own_id}"), Some(&host)).await).await;
    assert_eq!(b["data"]["isOwnCar"], true);

    let u = sign_up().await;
    post(&format!("/v1/users/addFav/{own_id}"), json!({}), Some(&u.token)).await;
    let r = client()
        .get(format!("{}/v1/cars/search?{}&limit=50", stack().base, base_query(monday(), 2)))
        .bearer_auth(&u.token)
        .send()
        .await
        .unwrap();
    let (_, b) = parts(r).await;
    let fav = b["data"].as_array().unwrap().iter().find(|c| c["_id"] == own_id).unwrap();
    assert_eq!(fav["isFav"], true);
    assert!(b["data"].as_array().unwrap().iter().filter(|c| c["isFav"] == true).count() == 1);
}

#[tokio::test]
async fn enums_and_models_are_served() {
    for name in [
        "availableCarMakes",
        "carMakes",
        "carTypes",
        "carOdometers",
        "statesList",
        "carSpecialFeatures",
        "carFeatures",
    ] {
        let (s, b) = parts(get(&format!("/v1/api/enums/{name}"), None).await).await;
        assert_eq!(s, 200, "{name}");
        assert!(!b["data"].as_array().unwrap().is_empty(), "{name}");
    }
    let (_, b) = parts(get("/v1/api/enums/statesList", None).await).await;
    assert_eq!(b["data"][4], json!({"value": "CA", "label": "California"}));
    let (_, b) = parts(get("/v1/api/enums/availableCarMakes", None).await).await;
    assert!(b["data"].as_array().unwrap().contains(&json!("Tesla")));
    let (s, b) = parts(get("/v1/car-makes-models/Toyota", None).await).await;
    assert_eq!(s, 200);
    assert!(b["data"]["models"].as_array().unwrap().contains(&json!("Camry")));
    let (s, _) = parts(get("/v1/car-makes-models/Yugo", None).await).await;
    assert_eq!(s, 404);
    let (s, _) = parts(get("/v1/api/enums/nothing", None).await).await;
    assert_eq!(s, 404);
}

#[tokio::test]
async fn place_autocomplete_groups_cities_airports_hotels_and_addresses() {
    let (s, b) = parts(get("/v1/places/autocomplete?input=fremont", None).await).await;
    assert_eq!(s, 200, "{b}");
    let city = b["groups"].as_array().unwrap().iter().find(|g| g["group"] == "City").unwrap();
    assert_eq!(city["items"][0]["name"], "Fremont");
    assert!(city["items"][0]["formatted_address"].as_str().unwrap().contains("CA"));
    let (_, b) =
        parts(get("/v1/places/autocomplete?input=san%20francisco%20international", None).await)
            .await;
    assert_eq!(b["data"][0]["group"], "Airport", "{b}");
    let (_, b) = parts(get("/v1/places/autocomplete?input=Fremont%20Blvd", None).await).await;
    assert!(b["data"].as_array().unwrap().iter().any(|p| p["group"] == "Address"), "{b}");
    let (_, b) = parts(get("/v1/places/autocomplete?input=fr", None).await).await;
    assert_eq!(b["data"], json!([]), "fewer than 3 characters give nothing");
}

#[tokio::test]
async fn free_text_becomes_search_parameters() {
    let (s, b) = parts(
        get(
            "/v1/allai/getSearchParams?query=SUV%20near%20SFO%20next%20Friday%20to%20Sunday%209am",
            None,
        )
        .await,
    )
    .await;
    assert_eq!(s, 200, "{b}");
    assert!(b["location"].as_str().unwrap().contains("SFO"), "{b}");
    assert_eq!(b["fromTime"], "9:00 AM");
    assert_eq!(b["vehicleType"], "suv");
    assert!((b["latitude"].as_f64().unwrap() - 37.62).abs() < 0.1);
    let (s, b) = parts(get("/v1/allai/getSearchParams?query=", None).await).await;
    assert_eq!((s, b["error"].as_str()), (400, Some("empty_text")));
}
