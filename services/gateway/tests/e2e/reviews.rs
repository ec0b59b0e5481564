//! Reviews after a trip, through the gateway: the guest reviews the car and host, the host the
//! guest, each once within the window; both stay hidden until both are in (or the window
//! closes), then feed the car's ratings, the host card and the profiles' reviews.

use crate::helpers::*;
use crate::trip_extras::{booked, completed_three_hours_late};
use crate::trips::{car, login};
use serde_json::{Value, json};

const HOST_ID: &str = "01930000-0000-7000-8000-000000000002";

async fn review(token: &str, trip: &str, body: Value) -> (u16, Value) {
    parts(post(&format!("/v1/trips/reviewTrip/{trip}"), body, Some(token)).await).await
}

async fn reviews(token: &str, trip: &str) -> (u16, Value) {
    parts(get(&format!("/v1/trips/getTripReviews/{trip}"), Some(token)).await).await
}

/// Polls `f` until it answers true (events travel through the broker), at most 20 seconds.
async fn eventually<F, Fut>(what: &str, mut f: F)
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = bool>,
{
    for _ in 0..200 {
        if f().await {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("{what} did not happen");
}

async fn car_ratings(car_id: &str) -> Value {
    let (s, b) = parts(get(&format!("/v1/cars/getRatings/{car_id}"), None).await).await;
    assert_eq!(s, 200, "{b}");
    b["data"].clone()
}

#[tokio::test]
async fn reviews_stay_hidden_until_both_sides_write_then_feed_ratings_and_profiles() {
    let host = login("host@demo.local", "DemoHost123!").await;
    let (g, id) = booked(1, 200).await;
    let stranger = sign_up().await;
    let guest_review = json!({"stars": 5, "review": "  Spotless car, easy pickup. ",
        "categoryRatings": [{"category": "cleanliness", "rating": 5}, {"category": "Accuracy", "rating": 4}]});

    // Not before the car is back.
    let (s, e) = review(&g.token, &id, guest_review.clone()).await;
    assert_eq!((s, e["error"].as_str()), (409, Some("review_trip_not_ended")), "{e}");
    let before = car_ratings(&car(1)).await;
    let (_, card) = parts(get(&format!("/v1/users/gethost/{HOST_ID}"), None).await).await;
    let trips_before = card["data"]["tripCount"].as_i64().unwrap();
    completed_three_hours_late(&g, &host, &id).await;
    // The checkout counts one more trip for the host card (other tests complete the demo
    // host's trips too, so at least one more).
    eventually("the host's trip count", || async {
        let (_, card) = parts(get(&format!("/v1/users/gethost/{HOST_ID}"), None).await).await;
        card["data"]["tripCount"].as_i64().is_some_and(|n| n > trips_before)
    })
    .await;

    // Strangers learn nothing; bad input changes nothing.
    let (s, e) = review(&stranger.token, &id, guest_review.clone()).await;
    assert_eq!((s, e["error"].as_str()), (404, Some("trip_not_found")), "{e}");
    let (s, _) = review("", &id, guest_review.clone()).await;
    assert_eq!(s, 401);
    let long = "x".repeat(2_001);
    let cases = [
        (&g.token, json!({"stars": 6}), "invalid_stars"),
        (&g.token, json!({"stars": 4.5}), "invalid_stars"),
        (&g.token, json!({}), "invalid_stars"),
        (&g.token, json!({"stars": 5, "review": long}), "review_too_long"),
        (
            &g.token,
            json!({"stars": 5, "categoryRatings": [{"category": "Speed", "rating": 5}]}),
            "unknown_review_category",
        ),
        (
            &g.token,
            json!({"stars": 5, "categoryRatings": [{"category": "Accuracy", "rating": 0}]}),
            "invalid_category_rating",
        ),
        (
            &g.token,
            json!({"stars": 5, "categoryRatings": [{"category": "Accuracy", "rating": 3}, {"category": "accuracy", "rating": 4}]}),
            "duplicate_review_category",
        ),
        (
            &host,
            json!({"stars": 5, "categoryRatings": [{"category": "Accuracy", "rating": 3}]}),
            "review_categories_for_cars_only",
        ),
    ];
    for (token, body, code) in cases {
        let (s, e) = review(token, &id, body.clone()).await;
        assert_eq!((s, e["error"].as_str()), (400, Some(code)), "{body}: {e}");
        assert!(!e["message"].as_str().unwrap_or("").is_empty());
    }
    assert_eq!(
        trips_scalar(&format!("SELECT count(*) AS n FROM trip_reviews WHERE trip_id = '{id}'"))
            .await,
        0
    );

    // The guest writes: their own review shows to them, nothing is public yet.
    let (s, b) = review(&g.token, &id, guest_review.clone()).await;
    assert_eq!(s, 200, "{b}");
    let d = &b["data"];
    assert_eq!((d["role"].as_str(), d["canReview"].as_bool()), (Some("guest"), Some(false)), "{b}");
    assert_eq!(d["myReview"]["review"], "Spotless car, easy pickup.");
    assert_eq!(d["myReview"]["stars"], 5);
    assert_eq!(d["myReview"]["isPublished"], false);
    assert_eq!(
        d["myReview"]["categoryRatings"],
        json!([{"category": "Cleanliness", "rating": 5}, {"category": "Accuracy", "rating": 4}])
    );
    assert_eq!((&d["theirReview"], &d["otherSideReviewed"]), (&Value::Null, &json!(false)));
    assert!(d["reviewWindowClosesAt"].as_str().is_some(), "{b}");
    let guest_review_id = d["myReview"]["id"].as_str().unwrap().to_owned();
    let (s, e) = review(&g.token, &id, json!({"stars": 1})).await;
    assert_eq!((s, e["error"].as_str()), (409, Some("already_reviewed")), "{e}");

    // The host sees that the guest wrote, not what.
    let (s, b) = reviews(&host, &id).await;
    assert_eq!(s, 200, "{b}");
    let d = &b["data"];
    assert_eq!((d["role"].as_str(), d["canReview"].as_bool()), (Some("host"), Some(true)), "{b}");
    assert_eq!(
        (&d["otherSideReviewed"], &d["theirReview"], &d["myReview"]),
        (&json!(true), &Value::Null, &Value::Null)
    );
    let (s, _) = reviews(&stranger.token, &id).await;
    assert_eq!(s, 404);
    let after_one = car_ratings(&car(1)).await;
    assert_eq!(after_one["ratingCount"], before["ratingCount"], "a lone review is not public");
    assert!(!after_one["reviews"].to_string().contains(&guest_review_id));

    // The host writes: both are public at once.
    let (s, b) =
        review(&host, &id, json!({"stars": 4, "review": "Careful driver, returned clean."})).await;
    assert_eq!(s, 200, "{b}");
    let d = &b["data"];
    assert_eq!(d["theirReview"]["id"], guest_review_id.as_str(), "{b}");
    assert_eq!(
        (&d["myReview"]["isPublished"], &d["theirReview"]["isPublished"]),
        (&json!(true), &json!(true))
    );
    assert_eq!(d["myReview"]["fromUserId"], HOST_ID);
    let (_, b) = reviews(&g.token, &id).await;
    assert_eq!(b["data"]["theirReview"]["review"], "Careful driver, returned clean.", "{b}");
    assert_eq!(b["data"]["theirReview"]["authorRole"], "host");

    // The car's ratings, the host's profile reviews and the guest's profile reviews follow.
    let want = before["ratingCount"].as_i64().unwrap() + 1;
    eventually("the car's rating", || async {
        car_ratings(&car(1)).await["ratingCount"].as_i64() == Some(want)
    })
    .await;
    let r = car_ratings(&car(1)).await;
    let mine = r["reviews"]
        .as_array()
        .unwrap()
        .iter()
        .find(|v| v["ratingId"] == guest_review_id.as_str())
        .cloned()
        .unwrap();
    assert_eq!(
        (mine["stars"].as_i64(), mine["fromUserId"].as_str()),
        (Some(5), Some(g.id.as_str())),
        "{mine}"
    );
    assert_eq!(mine["reviewerName"], "Ada L.");
    eventually("the car page's rating count", || async {
        let (_, page) = parts(get(&format!("/v1/cars/getCar/{}", car(1)), None).await).await;
        page["data"]["ratingCount"].as_i64() == Some(want)
    })
    .await;
    eventually("the guest's profile review", || async {
        let (_, b) = parts(get(&format!("/v1/guestReviews/getReviews/{}", g.id), None).await).await;
        b["data"].as_array().is_some_and(|a| a.len() == 1 && a[0]["stars"] == 4)
    })
    .await;
    let (_, b) = parts(get(&format!("/v1/guestReviews/getReviews/{HOST_ID}"), None).await).await;
    let about_host = b["data"].as_array().unwrap();
    assert!(
        about_host.iter().any(|r| r["review"] == "Spotless car, easy pickup."
            && r["fromUserProfileLink"] == format!("/user-profile/{}", g.id)),
        "{b}"
    );
    // The host card's rating is the average of the host's history (37 reviews summing 181)
    // and the published guest reviews (this one, and others when tests share the stack).
    let q = |col: &str| format!("SELECT {col}::bigint AS n FROM users WHERE id = '{HOST_ID}'");
    let (sum, count) = (
        accounts_scalar(&q("host_rating_sum")).await,
        accounts_scalar(&q("host_rating_count")).await,
    );
    assert!(count >= 38 && sum >= 186, "{sum} / {count}");
    let (_, card) = parts(get(&format!("/v1/users/gethost/{HOST_ID}"), None).await).await;
    let rating = card["data"]["rating"].as_f64().unwrap();
    let average = sum as f64 / count as f64;
    assert!((rating - average).abs() <= 0.05 + 1e-9, "{card}: {sum} / {count}");
    assert!(((rating * 10.0).round() - rating * 10.0).abs() < 1e-6, "one decimal: {card}");
}

#[tokio::test]
async fn a_lone_review_is_published_when_the_window_closes() {
    let host = login("host@demo.local", "DemoHost123!").await;
    let (g, id) = booked(2, 204).await;
    completed_three_hours_late(&g, &host, &id).await;
    let (s, b) = review(&g.token, &id, json!({"stars": 2, "review": "Smelled of smoke."})).await;
    assert_eq!(s, 200, "{b}");
    let review_id = b["data"]["myReview"]["id"].as_str().unwrap().to_owned();
    let pool = upcar_db::pool(&stack().trips_db, 2).unwrap();
    // Within the window the job leaves it hidden.
    trips::reviews::close_windows(&pool, chrono::Utc::now()).await.unwrap();
    let (_, b) = reviews(&g.token, &id).await;
    assert_eq!(b["data"]["myReview"]["isPublished"], false, "{b}");

    // Fifteen days after checkout the host may no longer write, and the job publishes it.
    trips_sql(&format!(
        "UPDATE trips SET checked_out_at = now() - interval '15 days' WHERE id = '{id}'"
    ))
    .await;
    let (s, e) = review(&host, &id, json!({"stars": 5})).await;
    assert_eq!((s, e["error"].as_str()), (409, Some("review_window_closed")), "{e}");
    let (_, b) = reviews(&host, &id).await;
    assert_eq!(
        (&b["data"]["canReview"], &b["data"]["theirReview"]),
        (&json!(false), &Value::Null),
        "{b}"
    );
    let n = trips::reviews::close_windows(&pool, chrono::Utc::now()).await.unwrap();
    assert!(n >= 1);
    assert_eq!(
        trips::reviews::close_windows(&pool, chrono::Utc::now()).await.unwrap(),
        0,
        "published once"
    );
    let (_, b) = reviews(&host, &id).await;
    assert_eq!(b["data"]["theirReview"]["id"], review_id.as_str(), "{b}");
    eventually("the car's review", || async {
        car_ratings(&car(2)).await["reviews"].to_string().contains(&review_id)
    })
    .await;
}
