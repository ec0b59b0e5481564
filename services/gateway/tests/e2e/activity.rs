//! The activity log through the gateway: anonymous and signed-in callers log events, the user
//! is the token's and never the body's, each event of a batch gets its answer, bad input is a
//! 4xx, reads are for admins, and the services' own funnel steps (registration, a car page
//! view) reach a user's journey. Other tests share the stack: assertions look only at their
//! own users and event ids.

use crate::helpers::*;
use crate::trips::login;
use serde_json::{Value, json};

async fn admin() -> String {
    login("admin@demo.local", "DemoAdmin123!").await
}

fn id(prefix: &str) -> String {
    format!("{prefix}-{}", uuid::Uuid::now_v7().simple())
}

/// The user's journey once it holds what `done` wants (the consumer stores within moments).
async fn journey_until(user: &str, done: impl Fn(&[Value]) -> bool) -> Vec<Value> {
    let token = admin().await;
    let mut last = Vec::new();
    for _ in 0..100 {
        let (s, b) =
            parts(get(&format!("/v1/activity/journey?userId={user}"), Some(&token)).await).await;
        assert_eq!(s, 200, "{b}");
        last = b["data"].as_array().cloned().unwrap_or_default();
        if done(&last) {
            return last;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("the journey of {user} never got there: {last:?}");
}

fn has(events: &[Value], event_id: &str) -> bool {
    events.iter().any(|e| e["eventId"] == event_id)
}

#[tokio::test]
async fn activity_log_and_bulk_take_anonymous_callers_and_the_user_only_from_the_token() {
    let (me, other) = (sign_up().await, sign_up().await);
    let mine = id("mine");
    let body = json!({"eventId": mine, "userId": other.id, "sessionId": "tab-1", "activityType": "search",
                      "activityCategory": "search", "metadata": {"pageUrl": "/search?x=1", "referrer": "/"}});
    let (s, b) = parts(post("/v1/activity/log", body.clone(), Some(&me.token)).await).await;
    assert_eq!((s, b["data"]["status"].as_str()), (202, Some("accepted")), "{b}");
    // The same event again is a duplicate.
    let (s, b) = parts(post("/v1/activity/log", body, Some(&me.token)).await).await;
    assert_eq!((s, b["data"]["status"].as_str()), (202, Some("duplicate")), "{b}");
    // Anonymous, naming a user in the body.
    let anon = id("anon");
    let (s, b) = parts(
        post(
            "/v1/activity/bulk",
            json!({"activities": [{"eventId": anon, "userId": other.id, "sessionId": "visitor-1", "activityType": "page_view"}],
                   "sentAt": chrono::Utc::now().timestamp_millis()}),
            None,
        )
        .await,
    )
    .await;
    assert_eq!((s, b["data"]["accepted"].as_i64()), (202, Some(1)), "{b}");

    let journey = journey_until(&me.id, |e| has(e, &mine)).await;
    let e = journey.iter().find(|e| e["eventId"] == mine.as_str()).unwrap();
    assert_eq!(
        (e["userId"].as_str(), e["source"].as_str()),
        (Some(me.id.as_str()), Some("client"))
    );
    assert_eq!(e["metadata"]["pageUrl"], "/search?x=1");
    let stored = format!(
        "SELECT count(*) AS n FROM activity_events WHERE event_id = '{anon}' AND user_id IS NULL"
    );
    for _ in 0..100 {
        if activity_scalar(&stored).await == 1 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(activity_scalar(&stored).await, 1, "the anonymous event is stored without a user");
    let theirs = journey_until(&other.id, |_| true).await;
    assert!(
        !has(&theirs, &mine) && !has(&theirs, &anon),
        "nothing is stored under the body's user"
    );
    assert_eq!(
        activity_scalar(&format!(
            "SELECT count(*) AS n FROM activity_events WHERE event_id = '{mine}'"
        ))
        .await,
        1,
        "the duplicate was stored once"
    );
}

/// Rows stored for the session once there are `n` of them (the consumer stores within moments).
async fn stored_in_session(session: &str, n: i64) -> i64 {
    let sql = format!("SELECT count(*) AS n FROM activity_events WHERE session_id = '{session}'");
    for _ in 0..100 {
        if activity_scalar(&sql).await >= n {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    // A moment more, so a row too many would be seen too.
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    activity_scalar(&sql).await
}

#[tokio::test]
async fn events_as_the_spec_sends_them_without_an_id_are_stored_and_a_resend_in_a_batch_counts_once()
 {
    let me = sign_up().await;
    let session = id("spec-tab");
    // The spec's event: userId, sessionId, activityType, activityCategory, metadata; no id.
    let event = |page: &str| {
        json!({"userId": me.id, "sessionId": session, "activityType": "page_view",
               "activityCategory": "navigation", "metadata": {"pageUrl": page, "referrer": "/"}})
    };
    let (s, b) = parts(post("/v1/activity/log", event("/"), Some(&me.token)).await).await;
    assert_eq!((s, b["data"]["status"].as_str()), (202, Some("accepted")), "{b}");
    let given = b["data"]["eventId"].as_str().unwrap_or_default().to_owned();
    assert!(given.starts_with("srv-"), "the service names the event: {b}");
    // The same page logged again later is another visit, stored again.
    let (s, b) = parts(post("/v1/activity/log", event("/"), Some(&me.token)).await).await;
    assert_eq!((s, b["data"]["status"].as_str()), (202, Some("accepted")), "{b}");
    assert_ne!(b["data"]["eventId"].as_str(), Some(given.as_str()));
    // A batch holding one event twice (a resend), another event, and a malformed one.
    let (s, b) = parts(
        post(
            "/v1/activity/bulk",
            json!({"activities": [event("/search"), event("/search"), event("/car/7"),
                                  {"sessionId": session, "activityType": "page_view", "metadata": 3}]}),
            Some(&me.token),
        )
        .await,
    )
    .await;
    assert_eq!(s, 202, "{b}");
    assert_eq!(
        (
            b["data"]["accepted"].as_i64(),
            b["data"]["duplicates"].as_i64(),
            b["data"]["rejected"].as_i64()
        ),
        (Some(2), Some(1), Some(1)),
        "{b}"
    );
    let results = b["data"]["results"].as_array().unwrap();
    let got: Vec<(i64, &str)> = results
        .iter()
        .map(|r| (r["index"].as_i64().unwrap(), r["status"].as_str().unwrap()))
        .collect();
    assert_eq!(got, vec![(0, "accepted"), (1, "duplicate"), (2, "accepted"), (3, "rejected")]);
    assert_eq!(results[1]["eventId"], results[0]["eventId"], "the resend is the first event");
    assert_eq!(results[3]["error"], "invalid_metadata");
    // Two single logs and two events of the batch: four rows, under the token's user.
    assert_eq!(stored_in_session(&session, 4).await, 4);
    let mine = activity_scalar(&format!(
        "SELECT count(*) AS n FROM activity_events WHERE session_id = '{session}' AND user_id = '{}'",
        me.id
    ))
    .await;
    assert_eq!(mine, 4);
}

#[tokio::test]
async fn activity_bulk_answers_each_event_and_bad_input_is_a_4xx_that_stores_nothing() {
    let ok = id("ok");
    let (s, b) = parts(
        post(
            "/v1/activity/bulk",
            json!({"activities": [
                {"eventId": ok, "activityType": "carViewed", "metadata": {"pageUrl": "/car/1"}},
                {"eventId": id("bad"), "activityType": "search", "metadata": "not an object"},
                {"eventId": {"nested": true}, "activityType": "search"},
                {"eventId": id("old"), "activityType": "search", "timestamp": "2020-01-01T00:00:00Z"}
            ]}),
            None,
        )
        .await,
    )
    .await;
    assert_eq!(s, 202, "{b}");
    let results = b["data"]["results"].as_array().unwrap();
    let got: Vec<(&str, &str)> = results
        .iter()
        .map(|r| (r["status"].as_str().unwrap(), r["error"].as_str().unwrap_or("")))
        .collect();
    assert_eq!(
        got,
        vec![
            ("accepted", ""),
            ("rejected", "invalid_metadata"),
            ("rejected", "invalid_event_id"),
            ("rejected", "event_too_old")
        ]
    );
    assert_eq!(results[2]["message"], "eventId must be 1 to 100 visible ASCII characters");
    // Whole-request refusals.
    let many: Vec<Value> = (0..51)
        .map(|i| json!({"eventId": format!("{ok}-{i}"), "activityType": "search"}))
        .collect();
    for (body, code) in [
        (json!({"activities": many}), "too_many_activities"),
        (json!({"activities": []}), "activities_required"),
        (json!({}), "activities_required"),
        (json!({"activities": "search"}), "invalid_body"),
        (
            json!({"activities": [{"eventId": id("s"), "activityType": "search"}], "sentAt": "noon"}),
            "invalid_sent_at",
        ),
        (json!([1, 2]), "invalid_body"),
    ] {
        let (s, b) = parts(post("/v1/activity/bulk", body, None).await).await;
        assert_eq!((s, b["error"].as_str()), (400, Some(code)), "{b}");
        assert!(b["message"].as_str().is_some_and(|m| !m.is_empty()));
    }
    let bad = id("bad-log");
    let (s, b) =
        parts(post("/v1/activity/log", json!({"eventId": bad, "activityType": ""}), None).await)
            .await;
    assert_eq!(
        (s, b["error"].as_str(), b["message"].as_str()),
        (400, Some("activity_type_required"), Some("activityType is required"))
    );
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    assert_eq!(activity_scalar(&format!("SELECT count(*) AS n FROM activity_events WHERE event_id LIKE '{ok}-%' OR event_id = '{bad}'")).await, 0);
}

#[tokio::test]
async fn activity_reads_are_for_admins_and_the_types_for_any_signed_in_user() {
    let user = sign_up().await;
    let admin = admin().await;
    for path in [
        "/v1/activity",
        "/v1/activity/analytics",
        &format!("/v1/activity/journey?userId={}", user.id),
    ] {
        let (s, b) = parts(get(path, None).await).await;
        assert_eq!((s, b["error"].as_str()), (401, Some("token_missing")), "{path}");
        let (s, b) = parts(get(path, Some(&user.token)).await).await;
        assert_eq!((s, b["error"].as_str()), (403, Some("admin_only")), "{path}");
        let (s, b) = parts(get(path, Some(&admin)).await).await;
        assert_eq!((s, b["status"].as_bool()), (200, Some(true)), "{path}: {b}");
    }
    let (s, _) = parts(get("/v1/activity/types", None).await).await;
    assert_eq!(s, 401);
    let (s, b) = parts(get("/v1/activity/types", Some(&user.token)).await).await;
    assert_eq!(s, 200, "{b}");
    let steps: Vec<&str> = b["data"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|t| t["funnelStep"].as_str().filter(|s| !s.is_empty()))
        .collect();
    assert_eq!(steps, ["search", "car_viewed", "booking_started", "trip_booked"]);
    let (s, b) = parts(get("/v1/activity/analytics", Some(&admin)).await).await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(
        b["data"]["dailyActiveUsers"].as_array().unwrap().len(),
        7,
        "the last week by default"
    );
    assert_eq!(b["data"]["funnel"].as_array().unwrap().len(), 4);
    for (path, code) in [
        ("/v1/activity/analytics?startDate=2026-02-01&endDate=2026-01-01", "dates_inverted"),
        ("/v1/activity/analytics?startDate=Monday", "invalid_date"),
        ("/v1/activity/journey", "user_id_required"),
        ("/v1/activity?limit=0", "invalid_limit"),
        ("/v1/activity?page=abc", "invalid_query"),
    ] {
        let (s, b) = parts(get(path, Some(&admin)).await).await;
        assert_eq!((s, b["error"].as_str()), (400, Some(code)), "{path}: {b}");
    }
}

#[tokio::test]
async fn the_services_log_registration_and_car_page_views_in_the_journey() {
    let u = sign_up().await;
    let car = catalog_search::demo::car_id(2).to_string();
    let (s, b) = parts(get(&format!("/v1/cars/getCar/{car}"), Some(&u.token)).await).await;
    assert_eq!(s, 200, "{b}");
    let journey = journey_until(&u.id, |e| {
        e.iter().any(|x| x["activityType"] == "registration")
            && e.iter().any(|x| {
                x["activityType"] == "car_viewed" && x["metadata"]["carId"] == car.as_str()
            })
    })
    .await;
    assert!(journey.iter().all(|e| e["source"] == "server"), "{journey:?}");
    let first = journey[0]["activityType"].as_str();
    assert_eq!(first, Some("registration"), "in the order they happened: {journey:?}");
}

#[tokio::test]
async fn activity_calls_beyond_the_limit_a_minute_from_one_address_are_refused_with_429() {
    let limited = start_with_activity_limit(3);
    let url = |path: &str| format!("{}{path}", limited.base);
    let event =
        || json!({"eventId": id("limited"), "sessionId": "tab-rl", "activityType": "page_view"});
    // The limit counts in fixed minutes: start early in one, so the calls share it.
    let second = chrono::Utc::now().timestamp() % 60;
    if second >= 50 {
        tokio::time::sleep(std::time::Duration::from_secs((61 - second) as u64)).await;
    }
    // `log` and `bulk` count against the same limit: three taken (the gateway thread may still
    // be starting: a connection error counts nothing), then refused.
    let mut taken = 0;
    for n in 0..40 {
        if taken == 3 {
            break;
        }
        let r = if n % 2 == 0 {
            client().post(url("/v1/activity/log")).json(&event()).send().await
        } else {
            client()
                .post(url("/v1/activity/bulk"))
                .json(&json!({"activities": [event()], "sentAt": chrono::Utc::now().timestamp_millis()}))
                .send()
                .await
        };
        match r {
            Ok(r) => {
                assert_eq!(r.status().as_u16(), 202, "call {n} within the limit");
                taken += 1;
            }
            Err(_) => tokio::time::sleep(std::time::Duration::from_millis(200)).await,
        }
    }
    assert_eq!(taken, 3);
    for path in ["/v1/activity/log", "/v1/activity/bulk"] {
        let body = if path.ends_with("bulk") {
            json!({"activities": [event()], "sentAt": chrono::Utc::now().timestamp_millis()})
        } else {
            event()
        };
        let r = client().post(url(path)).json(&body).send().await.expect("send");
        let retry: u64 =
            r.headers()["retry-after"].to_str().expect("text").parse().expect("seconds");
        let (s, b) = parts(r).await;
        assert_eq!((s, b["error"].as_str()), (429, Some("rate_limited")), "{path}: {b}");
        assert!(b["message"].as_str().is_some_and(|m| !m.is_empty()), "{b}");
        assert!((1..=60).contains(&retry), "{retry}");
    }
    // The shared gateway, with its own limit, still takes them.
    let (s, b) = parts(post("/v1/activity/log", event(), None).await).await;
    assert_eq!(s, 202, "{b}");
}
