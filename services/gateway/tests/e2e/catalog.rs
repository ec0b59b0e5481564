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

/// `path`'s answer (200) and the plain search's, read in a moment when the fleet did not
/// change: other tests list and book cars meanwhile, so `path` is asked between two plain
/// searches that agree.
async fn beside_plain(plain: &str, path: &str) -> (Value, Value) {
    for _ in 0..20 {
        let (_, before) = search(plain).await;
        let (s, b) = parts(get(path, None).await).await;
        let (_, after) = search(plain).await;
        assert_eq!(s, 200, "{path}: {b}");
        if ids(&before) == ids(&after) && before["count"] == after["count"] {
            return (b, before);
        }
    }
    panic!("the fleet changed during every one of 20 comparisons");
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
    // Server-Timing names the store's time inside catalog-search and the whole call to it.
    let r = get(&format!("/v1/cars/search?{}&limit=5", base_query(monday(), 2)), None).await;
    let timing = r.headers()["server-timing"].to_str().unwrap().to_owned();
    let dur = |name: &str| -> f64 {
        let m = timing.split(", ").find_map(|m| m.strip_prefix(&format!("{name};dur=")));
        m.and_then(|d| d.parse().ok()).unwrap_or_else(|| panic!("{name} in {timing}"))
    };
    assert!(dur("db") > 0.0 && dur("db") <= dur("catalog"), "{timing}");
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
        ("fromDate=9999-01-01&untilDate=9999-01-03".to_owned(), "start_too_far_ahead"),
    ] {
        let (s, b) = search(&q).await;
        assert_eq!((s, b["error"].as_str()), (400, Some(code)), "{q}: {b}");
    }
    let (_, b) = search(&format!("fromDate={}&untilDate={}", day(5), day(3))).await;
    assert_eq!(b["message"], "Start date must be before or equal to the end date.");
}

#[tokio::test]
async fn the_availability_check_keeps_the_booking_horizon_and_every_400_has_its_shape() {
    let car = ids(&search(&base_query(monday(), 2)).await.1)[0].clone();
    let check = |q: String| {
        let path = format!("/v1/cars/isCarAvailableForTheseDates/{car}?{q}");
        async move { parts(get(&path, None).await).await }
    };
    let window = |from: String, until: String| {
        format!(
            "newStartDate={from}&newStartTime=10:00%20AM&newEndDate={until}&newEndTime=10:00%20AM"
        )
    };
    // What pricing and booking refuse, the availability check refuses with the same code.
    let far = window("9999-01-01".into(), "9999-01-03".into());
    let (s, b) = check(far.clone()).await;
    assert_eq!(
        (s, b["error"].as_str(), b["available"].as_bool(), b["status"].as_bool()),
        (400, Some("start_too_far_ahead"), Some(false), Some(false)),
        "{b}"
    );
    assert_eq!(b["message"], "Trips can start at most 365 days from now.");
    let (s, p) = parts(
        get(
            &format!(
                "/v1/tripPrice/getTripPrice?carId={car}&startDate=9999-01-01&startTime=10:00%20AM&endDate=9999-01-03&endTime=10:00%20AM"
            ),
            None,
        )
        .await,
    )
    .await;
    assert_eq!((s, p["error"].as_str()), (400, Some("start_too_far_ahead")), "{p}");
    // 366 days on is past the horizon; a window inside it is answered.
    let (s, b) = check(window(day(366), day(368))).await;
    assert_eq!((s, b["error"].as_str()), (400, Some("start_too_far_ahead")), "{b}");
    let (s, b) = check(window(day(monday()), day(monday() + 2))).await;
    assert!(b["available"].is_boolean() && (s == 200 || s == 409), "{s}: {b}");
    // Every refusal of the input is the call's own shape: available and status false.
    for q in [
        format!("{far}&isDelivery=null"),
        "isDelivery=maybe".to_owned(),
        window(day(-2), day(1)),
        window(day(5), day(3)),
        "newStartDate=tomorrow".to_owned(),
        format!("newStartDate={}&startDate={}", day(3), day(4)),
    ] {
        let (s, b) = check(q.clone()).await;
        assert_eq!(s, 400, "{q}: {b}");
        assert_eq!(
            (b["available"].as_bool(), b["status"].as_bool()),
            (Some(false), Some(false)),
            "{q}: {b}"
        );
        assert!(b["error"].is_string() && b["message"].is_string(), "{q}: {b}");
    }
    // An unknown car is still a 404 naming the car.
    let (s, b) = parts(
        get(&format!("/v1/cars/isCarAvailableForTheseDates/{}", uuid::Uuid::now_v7()), None).await,
    )
    .await;
    assert_eq!((s, b["error"].as_str()), (404, Some("car_not_found")), "{b}");
}

#[tokio::test]
async fn a_parameter_sent_under_both_its_names_is_taken_once() {
    let q = base_query(monday(), 2);
    let plain = format!("{q}&sortBy=priceAsc&limit=10");
    let (_, one) = search(&plain).await;
    // The filter entity's name and the call's, with the same value: the same search.
    for both in [
        format!("{q}&sortBy=priceAsc&sortOrder=priceAsc&limit=10"),
        format!("{q}&sortOrder=priceAsc&limit=10"),
        format!("{q}&sortBy=priceAsc&newStartDate={}&carType=&limit=10", day(monday())),
    ] {
        let (b, plain_answer) = beside_plain(&plain, &format!("/v1/cars/search?{both}")).await;
        assert_eq!(ids(&b), ids(&plain_answer), "{both}");
        assert_eq!(
            (b["startTime"].clone(), b["count"].clone()),
            (plain_answer["startTime"].clone(), plain_answer["count"].clone())
        );
    }
    let spec = format!(
        "/v1/cars/findAvailableCarsNearAddress?{q}&newStartDate={}&newEndDate={}&sortBy=priceAsc&sortOrder=priceAsc&limit=10",
        day(monday()),
        day(monday() + 2)
    );
    let (b, plain_answer) = beside_plain(&plain, &spec).await;
    assert_eq!(ids(&b), ids(&plain_answer), "{b}");
    // Different values under the two names: nobody can tell which was meant.
    for (clash, names) in [
        (format!("{q}&sortBy=priceAsc&sortOrder=distance"), ["sortBy", "sortOrder"]),
        (format!("{q}&newStartDate={}", day(monday() + 1)), ["fromDate", "newStartDate"]),
        (format!("{q}&vehicleType=suv&carType=sedan"), ["vehicleType", "carType"]),
    ] {
        let (s, e) = search(&clash).await;
        assert_eq!((s, e["error"].as_str()), (400, Some("conflicting_parameters")), "{clash}: {e}");
        let message = e["message"].as_str().unwrap();
        assert!(names.iter().all(|n| message.contains(n)), "{message}");
    }
    // The same holds for an availability check's three names of each date.
    let availability = |names: &str| {
        let path = format!("/v1/cars/isCarAvailableForTheseDates/{}?{names}", ids(&one)[0],);
        async move { parts(get(&path, None).await).await }
    };
    let (from, until) = (day(monday()), day(monday() + 2));
    let (s1, one_name) = availability(&format!("fromDate={from}&untilDate={until}")).await;
    let (s, b) = availability(&format!(
        "fromDate={from}&startDate={from}&newStartDate={from}&untilDate={until}&endDate={until}"
    ))
    .await;
    assert_eq!((s, &b["available"]), (s1, &one_name["available"]), "{b}");
    assert!(b["available"].is_boolean(), "{b}");
    let (s, e) = availability(&format!("fromDate={from}&startDate={}", day(monday() + 1))).await;
    assert_eq!((s, e["error"].as_str()), (400, Some("conflicting_parameters")), "{e}");
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
    // A car of this test's own: other tests list cars at this very point and snooze, block
    // or book them while this one runs, and the booking written below must not reach theirs.
    let (_, victim) = crate::hosting::approved_car().await;
    let (_, b) = search(&format!("{}&sortBy=distance&limit=50", base_query(start, 3))).await;
    assert!(ids(&b).contains(&victim), "the car is found before its booking");
    let booking_start = Utc::now().date_naive() + Duration::days(start + 1);
    catalog_sql(&format!(
        "INSERT INTO car_unavailability (source, source_id, car_id, period) VALUES \
         ('booking', 'test-{victim}', '{victim}', tstzrange('{booking_start} 18:00:00+00', '{} 18:00:00+00'))",
        booking_start + Duration::days(1)
    ))
    .await;
    let (_, overlapping) =
        search(&format!("{}&sortBy=distance&limit=50", base_query(start, 3))).await;
    assert!(
        !ids(&overlapping).contains(&victim),
        "the booked car is hidden for an overlapping range"
    );
    let (_, before) =
        search(&format!("{}&sortBy=distance&limit=50", base_query(start - 5, 3))).await;
    assert!(ids(&before).contains(&victim), "and shown for a range before the booking");
    let (_, after) =
        search(&format!("{}&sortBy=distance&limit=50", base_query(start + 4, 3))).await;
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
    assert_eq!(
        (s, b["available"].as_bool(), b["error"].as_str()),
        (409, Some(false), Some("car_not_available")),
        "{b}"
    );
    // The conflict names what can be had instead: the nearest free windows of the same
    // length, clear of the booking (days start+1 to start+2 at 18:00 UTC, 10 AM in the car's
    // zone, where the windows start and end), nearest first.
    let windows = b["alternatives"]["sameCar"].as_array().expect("sameCar");
    assert_eq!(windows[0]["startDate"], day(start + 2), "the nearest first: {b}");
    for w in windows {
        let (from, until) = (w["startDate"].as_str().unwrap(), w["endDate"].as_str().unwrap());
        assert_eq!(
            (w["startTime"].as_str(), w["endTime"].as_str()),
            (Some("10:00 AM"), Some("10:00 AM")),
            "{w}"
        );
        assert!(
            until <= day(start + 1).as_str() || from >= day(start + 2).as_str(),
            "{w} overlaps the booking"
        );
    }
    assert!(b["alternatives"]["otherCars"].is_array(), "{b}");
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
async fn an_address_several_cars_share_is_suggested_once() {
    // Three cars parked at one address join the gazetteer as three rows.
    let street = format!("{} Quarry Lakes Dr", 40_000 + std::process::id() % 9_000);
    for k in 0..3 {
        catalog_sql(&format!(
            "INSERT INTO places (id, kind, name, formatted_address, state_code, latitude, longitude, population, search_text) \
             VALUES ('car:dup-{street}-{k}', 'address', '{street}', '{street}, Fremont, CA 94536', 'CA', 37.56, -121.99, 0, lower('{street} Fremont CA 94536'))"
        ))
        .await;
    }
    let (s, b) = parts(
        get(&format!("/v1/places/autocomplete?input={}", street.replace(' ', "%20")), None).await,
    )
    .await;
    assert_eq!(s, 200, "{b}");
    let same: Vec<_> = b["data"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|p| p["formatted_address"].as_str().is_some_and(|a| a.starts_with(&street)))
        .collect();
    assert_eq!(same.len(), 1, "{b}");
}

#[tokio::test]
async fn place_details_and_geocoding_come_from_the_gazetteer() {
    // Details of a suggestion, by its id.
    let (_, b) = parts(get("/v1/places/autocomplete?input=fremont", None).await).await;
    let id = b["data"][0]["placeId"].as_str().unwrap().to_owned();
    let (s, d) = parts(get(&format!("/v1/places/details/{id}"), None).await).await;
    assert_eq!(s, 200, "{d}");
    assert_eq!(d["data"]["placeId"], id.as_str());
    assert_eq!(d["data"]["displayName"], "Fremont");
    assert!(d["data"]["formatted_address"].as_str().unwrap().contains("CA"));
    assert!((d["data"]["location"]["lat"].as_f64().unwrap() - 37.55).abs() < 0.1, "{d}");
    assert!(d["data"]["types"].as_array().unwrap().contains(&json!("locality")));
    let (s, e) = parts(get("/v1/places/details/no-such-place", None).await).await;
    assert_eq!((s, e["error"].as_str()), (404, Some("place_not_found")));

    // Forward: an address to its place.
    let (s, g) = parts(get("/v1/places/geocode?address=San%20Jose,%20CA", None).await).await;
    assert_eq!(s, 200, "{g}");
    assert_eq!(g["results"][0]["name"], "San Jose", "{g}");
    assert!(
        (g["results"][0]["geometry"]["location"]["lng"].as_f64().unwrap() + 121.89).abs() < 0.1
    );

    // Reverse: a point in Fremont gives the nearest places, nearest first, Fremont among them.
    let (s, r) =
        parts(get("/v1/places/geocode?latlng=37.5485,-121.9886&limit=10", None).await).await;
    assert_eq!(s, 200, "{r}");
    let results = r["results"].as_array().unwrap();
    assert!(!results.is_empty());
    let miles: Vec<f64> = results.iter().map(|p| p["distanceMiles"].as_f64().unwrap()).collect();
    assert!(miles.windows(2).all(|w| w[0] <= w[1]), "nearest first: {miles:?}");
    assert!(miles.iter().all(|m| *m <= 100.0));
    assert!(results.iter().any(|p| p["name"] == "Fremont" && p["group"] == "City"), "{r}");
    // The middle of the Pacific has nothing within 100 miles.
    let (s, r) = parts(get("/v1/places/geocode?latitude=30&longitude=-150", None).await).await;
    assert_eq!((s, r["results"].clone()), (200, json!([])));

    // Bad input: 4xx with a code.
    for (path, code) in [
        ("/v1/places/geocode", "address_required"),
        ("/v1/places/geocode?address=ab", "address_required"),
        ("/v1/places/geocode?latitude=95&longitude=0", "invalid_coordinates"),
        ("/v1/places/geocode?latitude=37", "invalid_coordinates"),
        ("/v1/places/geocode?latlng=37", "invalid_coordinates"),
        ("/v1/places/geocode?latitude=abc&longitude=1", "invalid_query"),
    ] {
        let (s, e) = parts(get(path, None).await).await;
        assert_eq!((s, e["error"].as_str()), (400, Some(code)), "{path}: {e}");
    }
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

/// Asserts something about the catalog database: `condition` is SQL that must be true.
async fn catalog_holds(condition: &str) {
    catalog_sql(&format!(
        "DO $$ BEGIN IF NOT ({condition}) THEN RAISE EXCEPTION 'not true: %', $c${condition}$c$; END IF; END $$;"
    ))
    .await;
}

/// An unlisted (inactive) car far from the demo fleet, so search and the home page never
/// show it; returns its id.
async fn inactive_car(total_rating: f64, rating_count: i32) -> String {
    let id = uuid::Uuid::now_v7().to_string();
    catalog_sql(&format!(
        "INSERT INTO cars (id, owner_id, status, make, model, car_year, daily_price_cents, latitude, \
           longitude, total_rating, rating_count, trip_count) \
         VALUES ('{id}', '{}', 'inactive', 'Toyota', 'Corolla', 2020, 4000, 61.2181, -149.9003, \
           {total_rating}, {rating_count}, {rating_count})",
        uuid::Uuid::now_v7()
    ))
    .await;
    id
}

async fn fremont_cars() -> Vec<Value> {
    let (_, b) = search(&format!("{}&sortBy=distance&limit=50", base_query(monday(), 2))).await;
    b["data"].as_array().unwrap().clone()
}

async fn ratings(id: &str) -> (u16, Value) {
    parts(get(&format!("/v1/cars/getRatings/{id}"), None).await).await
}

#[tokio::test]
async fn ratings_list_reviews_newest_first_and_add_up_to_the_car_rating() {
    let cars = fremont_cars().await;
    let rated: Vec<&Value> = cars.iter().filter(|c| c["ratingCount"].as_i64() > Some(0)).collect();
    assert!(rated.len() >= 15, "most demo cars are reviewed");
    for car in &rated {
        let id = car["_id"].as_str().unwrap();
        let (s, b) = ratings(id).await;
        assert_eq!((s, b["status"].as_bool()), (200, Some(true)), "{b}");
        let d = &b["data"];
        let reviews = d["reviews"].as_array().unwrap();
        assert!((3..=8).contains(&reviews.len()), "{id}: {} reviews", reviews.len());
        assert_eq!(d["ratingCount"].as_u64(), Some(reviews.len() as u64), "{id}");
        assert_eq!(d["ratingCount"], car["ratingCount"], "the search card agrees");
        assert_eq!(d["totalRating"], car["totalRating"], "the search card agrees");
        let stars: Vec<f64> = reviews.iter().map(|r| r["stars"].as_f64().unwrap()).collect();
        let average = stars.iter().sum::<f64>() / stars.len() as f64;
        let total = d["totalRating"].as_f64().unwrap();
        assert!((average - total).abs() <= 0.05 + 1e-9, "{id}: average {average}, total {total}");
        let times: Vec<chrono::DateTime<chrono::FixedOffset>> = reviews
            .iter()
            .map(|r| {
                chrono::DateTime::parse_from_rfc3339(r["reviewTime"].as_str().unwrap()).unwrap()
            })
            .collect();
        assert!(times.windows(2).all(|w| w[0] >= w[1]), "newest first: {times:?}");
        for r in reviews {
            let keys: Vec<&str> = r.as_object().unwrap().keys().map(String::as_str).collect();
            for f in [
                "fromUserId",
                "reviewerName",
                "reviewerProfilePic",
                "reviewTime",
                "stars",
                "review",
                "response",
                "responserName",
            ] {
                assert!(keys.contains(&f), "{f} missing: {r}");
            }
            assert!((1..=5).contains(&r["stars"].as_i64().unwrap()));
            assert!(r["review"].as_str().unwrap().len() > 30, "realistic text: {r}");
            assert_ne!(r["fromUserId"], car["ownerId"], "hosts do not review their own car");
            assert_eq!(r["response"].is_null(), r["responserName"].is_null(), "{r}");
        }
        let categories = d["categoryRatings"].as_array().unwrap();
        let names: Vec<&str> = categories.iter().map(|c| c["category"].as_str().unwrap()).collect();
        assert_eq!(
            names,
            ["Cleanliness", "Maintenance", "Communication", "Convenience", "Accuracy"],
            "{id}"
        );
        for c in categories {
            let r = c["rating"].as_f64().unwrap();
            assert!((1.0..=5.0).contains(&r) && (r * 10.0).fract() == 0.0, "{c}");
        }
    }
    assert!(
        rated.iter().any(|c| c["totalRating"].as_f64() < Some(5.0))
            && rated.iter().any(|c| c["totalRating"].as_f64() >= Some(4.8)),
        "ratings vary between cars"
    );

    let unrated = cars.iter().find(|c| c["ratingCount"] == 0).expect("a new listing");
    let (s, b) = ratings(unrated["_id"].as_str().unwrap()).await;
    assert_eq!(s, 200);
    assert_eq!(
        b["data"],
        json!({"totalRating": 0.0, "ratingCount": 0, "categoryRatings": [], "reviews": []})
    );
    let (s, b) = ratings(&uuid::Uuid::now_v7().to_string()).await;
    assert_eq!((s, b["error"].as_str()), (404, Some("car_not_found")));
    let (s, b) = ratings("not-a-car").await;
    assert_eq!((s, b["error"].as_str()), (404, Some("car_not_found")));
    let id = rated[0]["_id"].as_str().unwrap();
    let (s, b) = parts(get(&format!("/v1/cars/getRatings/{id}?page=abc"), None).await).await;
    assert_eq!((s, b["error"].as_str()), (400, Some("invalid_query")));
    let (s, b) = parts(get(&format!("/v1/cars/getRatings/{id}?page=2"), None).await).await;
    assert_eq!((s, b["data"]["reviews"].clone()), (200, json!([])), "8 reviews at most fit page 1");
}

#[tokio::test]
async fn ratings_come_fifty_a_page() {
    let id = inactive_car(4.0, 55).await;
    catalog_sql(&format!(
        "INSERT INTO car_reviews (id, car_id, trip_id, from_user_id, reviewer_name, stars, review, created_at) \
         SELECT gen_random_uuid(), '{id}', gen_random_uuid(), gen_random_uuid(), 'Guest ' || i, 4, 'Review number ' || i, \
                now() - make_interval(days => i) \
         FROM generate_series(1, 55) i"
    ))
    .await;
    let texts = |b: &Value| -> Vec<String> {
        b["data"]["reviews"]
            .as_array()
            .unwrap()
            .iter()
            .map(|r| r["review"].as_str().unwrap().to_owned())
            .collect()
    };
    let (s, p1) = ratings(&id).await;
    assert_eq!(s, 200, "{p1}");
    let p1 = texts(&p1);
    assert_eq!(p1.len(), 50);
    assert_eq!((p1[0].as_str(), p1[49].as_str()), ("Review number 1", "Review number 50"));
    let (_, p2) = parts(get(&format!("/v1/cars/getRatings/{id}?page=2"), None).await).await;
    assert_eq!(texts(&p2), ["51", "52", "53", "54", "55"].map(|n| format!("Review number {n}")));
    let (_, p0) = parts(get(&format!("/v1/cars/getRatings/{id}?page=0"), None).await).await;
    assert_eq!(texts(&p0), p1, "pages start at 1");
}

#[tokio::test]
async fn a_signed_in_user_reports_a_listing_once_a_day_and_the_car_stays_listed() {
    let car = fremont_cars().await[3].clone();
    let id = car["_id"].as_str().unwrap().to_owned();
    let path = format!("/v1/cars/reportListing/{id}");
    let report = json!({"reportType": "Inaccurate listing", "reason": "The photos show a different color and trim."});
    let (s, b) = parts(post(&path, report.clone(), None).await).await;
    assert_eq!((s, b["error"].as_str()), (401, Some("token_missing")));
    let (s, _) = parts(post(&path, report.clone(), Some("garbage.token.value")).await).await;
    assert_eq!(s, 401);

    let u = sign_up().await;
    for (body, code, message) in [
        (json!({}), "report_type_required", "Report type is required"),
        (json!({"reason": "Unsafe brakes"}), "report_type_required", "Report type is required"),
        (
            json!({"reportType": "  ", "reason": "x"}),
            "report_type_required",
            "Report type is required",
        ),
        (json!({"reportType": "Unsafe"}), "reason_required", "Reason is required"),
        (json!({"reportType": "Unsafe", "reason": null}), "reason_required", "Reason is required"),
        (
            json!({"reportType": "Unsafe", "reason": "x".repeat(1001)}),
            "reason_too_long",
            "Reason must be at most 1000 characters",
        ),
    ] {
        let (s, b) = parts(post(&path, body.clone(), Some(&u.token)).await).await;
        assert_eq!(
            (s, b["error"].as_str(), b["message"].as_str()),
            (400, Some(code), Some(message)),
            "{body}"
        );
    }
    let (s, b) = parts(
        post(
            &format!("/v1/cars/reportListing/{}", uuid::Uuid::now_v7()),
            report.clone(),
            Some(&u.token),
        )
        .await,
    )
    .await;
    assert_eq!((s, b["error"].as_str()), (404, Some("car_not_found")));

    let (s, b) = parts(post(&path, report.clone(), Some(&u.token)).await).await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(b, json!({"status": true, "message": "Report submitted successfully!"}));
    catalog_holds(&format!(
        "(SELECT count(*) FROM listing_reports WHERE car_id = '{id}' AND reporter_id = '{}' \
           AND report_type = 'Inaccurate listing' AND reason LIKE 'The photos%') = 1",
        u.id
    ))
    .await;
    let (s, b) =
        parts(post(&path, json!({"reportType": "Other", "reason": "Again"}), Some(&u.token)).await)
            .await;
    assert_eq!((s, b["error"].as_str()), (409, Some("already_reported")), "{b}");
    let long = "é".repeat(1000);
    let other = sign_up().await;
    let (s, _) = parts(
        post(&path, json!({"reportType": "Other", "reason": long}), Some(&other.token)).await,
    )
    .await;
    assert_eq!(s, 200, "another user may report the same car; 1000 characters are fine");

    // A report does not hide the car.
    let (s, _) = parts(get(&format!("/v1/cars/getCar/{id}"), None).await).await;
    assert_eq!(s, 200);
    assert!(ids(&search(&format!("{}&limit=50", base_query(monday(), 2))).await.1).contains(&id));
}

async fn delivery(id: &str, body: Value) -> (u16, Value) {
    parts(post(&format!("/v1/cars/calculateMaxDeliveryDistance/{id}"), body, None).await).await
}

#[tokio::test]
async fn delivery_distance_is_great_circle_miles_from_the_car_against_its_limit() {
    let cars = fremont_cars().await;
    for car in cars.iter().take(10) {
        let id = car["_id"].as_str().unwrap();
        let (s, b) = delivery(
            id,
            json!({"deliveryLocation": {"type": "Point", "coordinates": [FREMONT.1, FREMONT.0]}}),
        )
        .await;
        assert_eq!((s, b["status"].as_bool()), (200, Some(true)), "{b}");
        let distance = b["distance"].as_f64().unwrap();
        assert!(
            (distance - car["distance"].as_f64().unwrap()).abs() <= 0.1 + 1e-9,
            "the search's distance from the same place: {b} vs {}",
            car["distance"]
        );
        assert_eq!((distance * 10.0).fract(), 0.0, "one decimal: {distance}");
        let max = b["maxDeliveryDistance"].as_f64().unwrap();
        assert!(max > 0.0);
        assert_eq!(b["isWithinRange"].as_bool(), Some(distance <= max), "{b}");
    }
    let id = cars[0]["_id"].as_str().unwrap();
    let (_, at_car) = delivery(
        id,
        json!({"deliveryLocation": {"coordinates": [cars[0]["longitude"], cars[0]["latitude"]]}}),
    )
    .await;
    assert_eq!(
        (at_car["distance"].as_f64(), at_car["isWithinRange"].as_bool()),
        (Some(0.0), Some(true))
    );
    let (_, far) =
        delivery(id, json!({"deliveryLocation": {"coordinates": [-118.2437, 34.0522]}})).await;
    assert!(far["distance"].as_f64().unwrap() > 300.0, "{far}");
    assert_eq!(far["isWithinRange"], false);
    let (s, b) =
        delivery(id, json!({"deliveryLocation": {"coordinates": ["-121.99", "37.55"]}})).await;
    assert_eq!(s, 200, "numbers sent as text are read: {b}");
    // Hosts set their own limits: the demo fleet has several.
    let mut limits = Vec::new();
    for car in &cars {
        let (_, b) = delivery(
            car["_id"].as_str().unwrap(),
            json!({"deliveryLocation": {"coordinates": [FREMONT.1, FREMONT.0]}}),
        )
        .await;
        limits.push(b["maxDeliveryDistance"].as_i64().unwrap());
    }
    limits.sort_unstable();
    limits.dedup();
    assert!(limits.len() >= 3 && limits.contains(&25), "{limits:?}");

    for (body, code) in [
        (json!({}), "delivery_location_required"),
        (json!({"deliveryLocation": {}}), "delivery_location_required"),
        (json!({"deliveryLocation": {"coordinates": []}}), "invalid_coordinates"),
        (json!({"deliveryLocation": {"coordinates": [-121.99]}}), "invalid_coordinates"),
        (json!({"deliveryLocation": {"coordinates": [-121.99, 37.5, 3]}}), "invalid_coordinates"),
        (json!({"deliveryLocation": {"coordinates": [-200, 37.5]}}), "invalid_coordinates"),
        (json!({"deliveryLocation": {"coordinates": [-121.99, 91]}}), "invalid_coordinates"),
        (json!({"deliveryLocation": {"coordinates": [null, 37.5]}}), "invalid_coordinates"),
        // Not numbers at all: the body's shape, refused at the door naming the field.
        (json!({"deliveryLocation": {"coordinates": ["west", "north"]}}), "invalid_body"),
        (json!({"deliveryLocation": {"coordinates": "37.5,-121.99"}}), "invalid_body"),
        (json!({"deliveryLocation": {"coordinates": [null, {}]}}), "invalid_body"),
    ] {
        let (s, b) = delivery(id, body.clone()).await;
        assert_eq!((s, b["error"].as_str()), (400, Some(code)), "{body}: {b}");
        assert!(b["message"].as_str().is_some_and(|m| m.contains("deliveryLocation.coordinates")));
    }
    let (s, b) = delivery(
        &uuid::Uuid::now_v7().to_string(),
        json!({"deliveryLocation": {"coordinates": [FREMONT.1, FREMONT.0]}}),
    )
    .await;
    assert_eq!((s, b["error"].as_str()), (404, Some("car_not_found")));
}

async fn home(query: &str, token: Option<&str>) -> (u16, Value) {
    parts(get(&format!("/v1/cars/getStaticCarsByType{query}"), token).await).await
}

fn card_ids(b: &Value) -> Vec<String> {
    b["data"]["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test]
async fn the_home_grid_shows_fifteen_best_rated_cars_with_the_card_fields() {
    let (s, b) = home("", None).await;
    assert_eq!((s, b["status"].as_bool()), (200, Some(true)), "{b}");
    let cards = b["data"]["data"].as_array().unwrap();
    assert_eq!(cards.len(), 15);
    for c in cards {
        let mut keys: Vec<&str> = c.as_object().unwrap().keys().map(String::as_str).collect();
        keys.sort_unstable();
        assert_eq!(
            keys,
            [
                "address",
                "dailyprice",
                "id",
                "isFav",
                "name",
                "photoUrl",
                "specialFeature",
                "totalRating",
                "tripCount"
            ]
        );
        assert_eq!(c["address"].as_object().unwrap().len(), 2, "city and state: {c}");
        assert_eq!(c["isFav"], false);
    }
    let ratings: Vec<f64> = cards.iter().map(|c| c["totalRating"].as_f64().unwrap()).collect();
    assert!(ratings.windows(2).all(|w| w[0] >= w[1]), "best rated first: {ratings:?}");
    let (_, car) =
        parts(get(&format!("/v1/cars/getCar/{}", cards[0]["id"].as_str().unwrap()), None).await)
            .await;
    let car = &car["data"];
    assert_eq!(cards[0]["name"], car["title"], "\"2023 Tesla Model 3\"");
    assert_eq!(cards[0]["dailyprice"], car["price"]);
    assert_eq!(cards[0]["address"]["city"], car["address"]["city"]);
    assert_eq!(cards[0]["tripCount"], car["tripCount"]);

    // The page sends the literal "null" without a session; "All" is the default.
    let (s, null_token) = home("", Some("null")).await;
    assert_eq!(s, 200);
    assert_eq!(card_ids(&null_token), card_ids(&b));
    assert_eq!(card_ids(&home("?type=All", None).await.1), card_ids(&b));

    let u = sign_up().await;
    let fav = cards[2]["id"].as_str().unwrap();
    post(&format!("/v1/users/addFav/{fav}"), json!({}), Some(&u.token)).await;
    let (_, mine) = home("", Some(&u.token)).await;
    let favs: Vec<&Value> =
        mine["data"]["data"].as_array().unwrap().iter().filter(|c| c["isFav"] == true).collect();
    assert_eq!(favs.len(), 1);
    assert_eq!(favs[0]["id"], fav);
}

/// What every car of a home category satisfies, read from its car page.
type CarCheck = fn(&Value) -> bool;

#[tokio::test]
async fn home_categories_filter_the_grid() {
    let checks: [(&str, CarCheck); 4] = [
        ("Evs", |c| c["gasType"] == "ev"),
        ("Convertibles", |c| c["vehicleType"] == "convertible"),
        ("7%20Seater", |c| c["seats"].as_i64().unwrap() >= 7),
        ("Luxury", |c| c["price"].as_f64().unwrap() >= 120.0),
    ];
    for (kind, pred) in checks {
        let (s, b) = home(&format!("?type={kind}"), None).await;
        assert_eq!(s, 200, "{kind}: {b}");
        let ids = card_ids(&b);
        assert!(!ids.is_empty() && ids.len() <= 15, "{kind}");
        for id in ids {
            let (_, car) = parts(get(&format!("/v1/cars/getCar/{id}"), None).await).await;
            assert!(pred(&car["data"]), "{kind}: {}", car["data"]);
        }
    }
    let (s, b) = home("?type=Trucks", None).await;
    assert_eq!((s, b["error"].as_str()), (400, Some("invalid_car_type")));
}

#[tokio::test]
async fn the_featured_car_is_the_best_rated_active_car_with_five_ratings_or_more() {
    // An unlisted car with a perfect record is never featured nor on the home grid.
    let hidden = inactive_car(5.0, 40).await;
    let (s, b) = parts(get("/v1/statics/featured-car", None).await).await;
    assert_eq!((s, b["status"].as_bool()), (200, Some(true)), "{b}");
    let f = &b["data"]["data"];
    let id = f["carId"].as_str().unwrap();
    assert_ne!(id, hidden);
    assert!(f["carImageUrl"].is_string());
    let (_, car) = parts(get(&format!("/v1/cars/getCar/{id}"), None).await).await;
    let car = &car["data"];
    let (rating, count) =
        (car["totalRating"].as_f64().unwrap(), car["ratingCount"].as_i64().unwrap());
    assert!(count >= 5, "{car}");
    assert_eq!(
        f["message"].as_str().unwrap(),
        format!(
            "Featured this week: {} {} — {rating:.1} ★ from {count} rated trips",
            car["title"].as_str().unwrap(),
            car["trim"].as_str().unwrap()
        )
    );
    // Every listed car rated higher has fewer than 5 ratings; one rated the same has fewer
    // ratings, or as many and a larger id.
    let (_, grid) = home("", None).await;
    assert!(!card_ids(&grid).contains(&hidden));
    for c in grid["data"]["data"].as_array().unwrap() {
        let other = c["id"].as_str().unwrap();
        let r = c["totalRating"].as_f64().unwrap();
        if other == id || r < rating {
            continue;
        }
        let (_, o) = parts(get(&format!("/v1/cars/getCar/{other}"), None).await).await;
        let n = o["data"]["ratingCount"].as_i64().unwrap();
        assert!(
            n < 5 || (r == rating && (n < count || (n == count && other > id))),
            "{other} {r} {n}"
        );
    }
    let (_, again) = parts(get("/v1/statics/featured-car", None).await).await;
    assert_eq!(again, b, "the choice is deterministic");
}

#[tokio::test]
async fn demo_cars_have_three_photos_served_through_the_files_capability() {
    let (_, b) = search(&format!("{}&limit=1", base_query(monday(), 2))).await;
    let car = &b["data"][0];
    let photos = car["photoUrls"].as_array().unwrap();
    assert_eq!(photos.len(), 3, "{car}");
    assert_eq!(car["primaryPhotoUrl"], photos[0]);
    let url = car["primaryPhotoUrl"].as_str().unwrap();
    assert!(url.starts_with(&format!("{}/v1/files/public/cars/", stack().base)), "{url}");
    let r = client().get(url).send().await.unwrap();
    assert_eq!(r.status().as_u16(), 200);
    assert_eq!(r.headers()["content-type"], "image/svg+xml");
    assert!(r.headers()["content-security-policy"].to_str().unwrap().contains("sandbox"));
    let body = r.text().await.unwrap();
    let name = format!(
        "{} {} {}",
        car["carYear"],
        car["make"].as_str().unwrap(),
        car["model"].as_str().unwrap()
    );
    assert!(body.starts_with("<svg") && body.contains(&name), "{name}");
}

/// Polls `path` until `ok` holds for its body (at most `secs` seconds); answers the last body.
async fn eventually(path: &str, secs: u64, ok: impl Fn(&Value) -> bool) -> Value {
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(secs);
    loop {
        let (_, b) = parts(get(path, None).await).await;
        if ok(&b) || tokio::time::Instant::now() > deadline {
            return b;
        }
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
}

#[tokio::test]
async fn car_pages_and_the_makes_list_are_cached_until_the_car_changes() {
    // A copy of a demo car, far from every demo city, with a make of its own, and no ratings
    // (so it never enters the home grid or the featured car other tests read meanwhile).
    let (_, b) = search(&format!("{}&limit=1", base_query(monday(), 2))).await;
    let source = ids(&b)[0].clone();
    let id = uuid::Uuid::now_v7();
    catalog_sql(&format!(
        "CREATE TEMP TABLE copy AS SELECT * FROM cars WHERE id = '{source}'; \
         UPDATE copy SET id = '{id}', make = 'Zephyrine', latitude = 40.0, longitude = -117.0, \
           description = 'First words', pricing_published_at = NULL, updated_at = now(), \
           total_rating = 0, rating_count = 0; \
         INSERT INTO cars SELECT * FROM copy; DROP TABLE copy;"
    ))
    .await;
    let page = format!("/v1/cars/getCar/{id}");
    // Wait until the feed has emitted the new car's change event.
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(20);
    let published = format!(
        "SELECT count(*) AS n FROM cars WHERE id = '{id}' AND pricing_published_at = updated_at"
    );
    while catalog_scalar(&published).await == 0 && tokio::time::Instant::now() < deadline {
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
    }
    assert_eq!(catalog_scalar(&published).await, 1, "the feed emitted the car's event");
    // The feed drops cache entries just after that commit.
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    // That event dropped the makes list, so the new make shows up.
    let makes = eventually("/v1/api/enums/availableCarMakes", 20, |b| {
        b["data"].as_array().is_some_and(|m| m.contains(&json!("Zephyrine")))
    })
    .await;
    assert!(makes["data"].as_array().unwrap().contains(&json!("Zephyrine")), "{makes}");
    let (s, b) = parts(get(&page, None).await).await;
    assert_eq!((s, b["data"]["carDetails"].as_str()), (200, Some("First words")), "{b}");

    // A change that emits no event (updated_at untouched) is not seen: the page is cached.
    catalog_sql(&format!("UPDATE cars SET description = 'Second words' WHERE id = '{id}'")).await;
    tokio::time::sleep(std::time::Duration::from_secs(3)).await;
    let (_, b) = parts(get(&page, None).await).await;
    assert_eq!(b["data"]["carDetails"], "First words", "served from the cache");

    // The same change as the catalog makes it (updated_at moves, the feed emits the car's
    // change event) drops the cached page.
    catalog_sql(&format!("UPDATE cars SET updated_at = now() WHERE id = '{id}'")).await;
    let b = eventually(&page, 20, |b| b["data"]["carDetails"] == "Second words").await;
    assert_eq!(b["data"]["carDetails"], "Second words", "{b}");

    // Gone from the catalog: the list follows once the removal is an event too.
    catalog_sql(&format!(
        "UPDATE cars SET status = 'deleted', updated_at = now() WHERE id = '{id}'"
    ))
    .await;
    let b = eventually(&page, 20, |b| b["error"] == "car_not_found").await;
    assert_eq!(b["error"], "car_not_found", "{b}");
    let makes = eventually("/v1/api/enums/availableCarMakes", 20, |b| {
        b["data"].as_array().is_some_and(|m| !m.contains(&json!("Zephyrine")))
    })
    .await;
    assert!(!makes["data"].as_array().unwrap().contains(&json!("Zephyrine")), "{makes}");
}

#[tokio::test]
async fn a_hosts_profile_lists_their_active_cars_six_a_page() {
    let host = "01930000-0000-7000-8000-000000000002";
    let expected = catalog_scalar(&format!(
        "SELECT count(*) AS n FROM cars WHERE owner_id = '{host}' AND status = 'active'"
    ))
    .await;
    let (s, b) = parts(get(&format!("/v1/cars/getCarsByOwner/{host}"), None).await).await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(b["total"], expected, "{b}");
    let first = b["data"].as_array().unwrap().clone();
    assert_eq!(first.len() as i64, expected.min(6));
    assert!(
        first.iter().all(|c| c["ownerId"] == host
            && c["_id"].is_string()
            && c["primaryPhotoUrl"].is_string())
    );
    // Best rated first.
    let ratings: Vec<f64> = first.iter().map(|c| c["totalRating"].as_f64().unwrap()).collect();
    assert!(ratings.windows(2).all(|w| w[0] >= w[1]), "{ratings:?}");
    // Pages do not overlap and together list every car.
    let (_, p1) =
        parts(get(&format!("/v1/cars/getCarsByOwner/{host}?limit=2&page=1"), None).await).await;
    let (_, p2) =
        parts(get(&format!("/v1/cars/getCarsByOwner/{host}?limit=2&page=2"), None).await).await;
    let ids = |b: &Value| {
        b["data"].as_array().unwrap().iter().map(|c| c["_id"].clone()).collect::<Vec<_>>()
    };
    assert_eq!(ids(&p1).len(), 2);
    assert!(ids(&p2).iter().all(|id| !ids(&p1).contains(id)));
    // An unknown host has none; a malformed page is a 400.
    let (s, b) =
        parts(get(&format!("/v1/cars/getCarsByOwner/{}", uuid::Uuid::now_v7()), None).await).await;
    assert_eq!((s, b["total"].as_i64(), b["data"].clone()), (200, Some(0), json!([])));
    let (s, b) = parts(get(&format!("/v1/cars/getCarsByOwner/{host}?page=abc"), None).await).await;
    assert_eq!((s, b["error"].as_str()), (400, Some("invalid_query")));
}

/// With catalog-search unreachable, a search is a quick 503 with the error body (not a 500, not
/// a hang), and the gateway goes on answering.
#[tokio::test]
async fn a_search_while_catalog_search_is_unreachable_is_a_503_with_a_message() {
    let shared = stack();
    // A port that was free a moment ago: nobody listens on it.
    let dead = std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("free port");
    let gateway = crate::helpers::start_with_catalog(
        upcar_config::Environment::Development,
        10_000,
        Some(shared.accounts_port),
        None,
        Some(format!("http://127.0.0.1:{dead}")),
    );
    let started = std::time::Instant::now();
    let r = client()
        .get(format!("{}/v1/cars/search?{}", gateway.base, base_query(10, 2)))
        .send()
        .await
        .expect("request");
    let (status, body) = parts(r).await;
    assert_eq!(status, 503, "{body}");
    assert_eq!(body["error"], "service_unavailable", "{body}");
    assert!(body["message"].as_str().is_some_and(|m| !m.is_empty()), "{body}");
    assert!(started.elapsed() < std::time::Duration::from_secs(5), "{:?}", started.elapsed());
    let r = client().get(format!("{}/healthz", gateway.base)).send().await.expect("request");
    assert_eq!(r.status().as_u16(), 200);
}
