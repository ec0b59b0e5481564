//! The exclusion list through the gateway (spec 002, terms): an admin suspends a user with a
//! reason; their tokens stop at once, they cannot sign in, their open socket is closed, their
//! cars leave search and cannot be booked, and their trips that have not started are cancelled
//! as the policy cancels a guest's or a host's. Reinstated, they sign in and list again.

use crate::helpers::*;
use crate::hosting::{admin, approved_car, book};
use crate::trips::verified_guest;
use serde_json::{Value, json};
use std::time::Duration;
use upcar_testkit::ws::{Received, WsClient};

async fn standing(path: &str, user: &str, reason: &str, token: &str) -> (u16, Value) {
    parts(
        post(&format!("/v1/admin/users/{user}/{path}"), json!({"reason": reason}), Some(token))
            .await,
    )
    .await
}

/// Waits until the trips database answers `want` for `sql` (the cancellations follow the
/// event within a second or so).
async fn trips_reach(sql: &str, want: i64) {
    let mut last = -1;
    for _ in 0..100 {
        last = trips_scalar(sql).await;
        if last == want {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("trips never reached {want} for {sql} (last {last})");
}

async fn login_as(email: &str, password: &str) -> (u16, Value) {
    parts(post("/v1/users/login", json!({"email": email, "password": password}), None).await).await
}

#[tokio::test]
async fn a_suspended_guest_is_signed_out_at_once_and_their_trips_to_come_are_cancelled() {
    let (host, car) = approved_car().await;
    let guest = verified_guest().await;
    let trip = book(&guest, &car, 40, 42).await;
    let trip_id = trip["data"]["tripId"].as_str().expect("trip id").to_owned();
    let mut ws = WsClient::connect(&stack().base, "/v1/ws").await.unwrap();
    ws.send_json(&json!({"type": "auth", "token": guest.token})).await.unwrap();
    assert_eq!(ws.next_json(Duration::from_secs(5)).await.unwrap()["type"], "ready");
    let admin = admin().await;

    // Only admins, and only with a reason.
    let (s, b) = standing("suspend", &guest.id, "Fraud", &host.token).await;
    assert_eq!((s, b["error"].as_str()), (403, Some("admin_only")), "{b}");
    let (s, b) = standing("suspend", &guest.id, " ", &admin).await;
    assert_eq!((s, b["error"].as_str()), (400, Some("reason_invalid")), "{b}");
    let (s, b) = standing("suspend", "no-such-user", "Fraud", &admin).await;
    assert_eq!((s, b["error"].as_str()), (404, Some("user_not_found")), "{b}");
    let (s, b) =
        parts(get(&format!("/v1/users/getuser/{}", guest.id), Some(&guest.token)).await).await;
    assert_eq!(s, 200, "nothing changed so far: {b}");

    let (s, b) = standing("suspend", &guest.id, "Chargebacks on three trips", &admin).await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(
        (b["message"].as_str(), b["data"]["suspended"].as_bool()),
        (Some("User suspended"), Some(true)),
        "{b}"
    );
    assert_eq!(b["data"]["suspensionReason"], "Chargebacks on three trips", "{b}");

    // At once: the very next request with the guest's token is refused, on every call.
    for (path, body) in [
        (format!("/v1/users/getuser/{}", guest.id), None),
        ("/v1/trips/getInProgressAndFutureTrips".to_owned(), None),
        ("/v1/chat/sendmessage".to_owned(), Some(json!({"roomId": trip_id, "text": "hi"}))),
    ] {
        let r = match body {
            None => get(&path, Some(&guest.token)).await,
            Some(body) => post(&path, body, Some(&guest.token)).await,
        };
        let (s, b) = parts(r).await;
        assert_eq!((s, b["error"].as_str()), (403, Some("account_suspended")), "{path}: {b}");
        assert_eq!(b["message"], "This account is suspended. Contact support for help.");
    }
    let (s, b) = login_as(&guest.email, &guest.password).await;
    assert_eq!((s, b["error"].as_str()), (403, Some("account_suspended")), "{b}");
    let (s, b) = standing("suspend", &guest.id, "Again", &admin).await;
    assert_eq!((s, b["error"].as_str()), (409, Some("already_suspended")), "{b}");

    // The trip to come is cancelled as the guest's cancellation, by the policy.
    trips_reach(
        &format!(
            "SELECT count(*) AS n FROM trips WHERE id = '{trip_id}' AND status = 'cancelled_by_guest' \
             AND cancel_reason = 'Cancelled by Upcar: the guest''s account is suspended.' \
             AND refund_cents IS NOT NULL"
        ),
        1,
    )
    .await;
    // The open socket is closed at its next check of the token (each heartbeat).
    let mut closed = None;
    let mut refused = Value::Null;
    while let Some(r) = ws.next(Duration::from_secs(45)).await.unwrap() {
        match r {
            Received::Text(t) => refused = serde_json::from_str(&t).unwrap(),
            Received::Closed(code) => {
                closed = code;
                break;
            }
        }
    }
    assert_eq!(refused["error"], "account_suspended", "{refused}");
    assert_eq!(closed, Some(4401));

    // Reinstated: signs in again; the cancelled trip stays cancelled; the log has both.
    let (s, b) = standing("reinstate", &guest.id, "Disputes settled", &admin).await;
    assert_eq!((s, b["data"]["suspended"].as_bool()), (200, Some(false)), "{b}");
    let (s, b) = login_as(&guest.email, &guest.password).await;
    assert_eq!(s, 200, "{b}");
    let (s, b) = parts(get(&format!("/v1/admin/users/{}", guest.id), Some(&admin)).await).await;
    assert_eq!(s, 200, "{b}");
    let actions: Vec<(&str, &str)> = b["data"]["actions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| (a["action"].as_str().unwrap(), a["reason"].as_str().unwrap()))
        .collect();
    assert_eq!(
        actions,
        [("reinstate", "Disputes settled"), ("suspend", "Chargebacks on three trips")]
    );
    assert_eq!(b["data"]["suspendedAt"], Value::Null, "{b}");
    let (s, b) = standing("reinstate", &guest.id, "Twice", &admin).await;
    assert_eq!((s, b["error"].as_str()), (409, Some("not_suspended")), "{b}");
    assert_eq!(
        trips_scalar(&format!("SELECT count(*) AS n FROM trips WHERE id = '{trip_id}' AND status = 'cancelled_by_guest'")).await,
        1
    );
}

#[tokio::test]
async fn a_suspended_hosts_cars_leave_search_and_their_trips_are_cancelled_as_the_hosts() {
    let (host, car) = approved_car().await;
    let guest = verified_guest().await;
    let trip = book(&guest, &car, 44, 46).await;
    let trip_id = trip["data"]["tripId"].as_str().expect("trip id").to_owned();
    let listed = |b: &Value| b["data"].as_array().map(|a| a.len()).unwrap_or(0);
    let (s, b) = parts(get(&format!("/v1/cars/getCarsByOwner/{}", host.id), None).await).await;
    assert_eq!((s, listed(&b)), (200, 1), "{b}");
    let admin = admin().await;
    let (s, b) = standing("suspend", &host.id, "Listing a car they do not own", &admin).await;
    assert_eq!(s, 200, "{b}");
    let (s, b) = parts(get("/v1/host/getHostCarsOnPlatform", Some(&host.token)).await).await;
    assert_eq!((s, b["error"].as_str()), (403, Some("account_suspended")), "{b}");

    // The host's trip to come is cancelled as the host's: the guest gets everything back.
    trips_reach(
        &format!(
            "SELECT count(*) AS n FROM trips WHERE id = '{trip_id}' AND status = 'cancelled_by_host' \
             AND cancel_reason = 'Cancelled by Upcar: the host''s account is suspended.' \
             AND refund_cents = total_cents"
        ),
        1,
    )
    .await;
    // The car leaves search and cannot be booked.
    let mut gone = Value::Null;
    for _ in 0..100 {
        let (_, b) = parts(get(&format!("/v1/cars/getCarsByOwner/{}", host.id), None).await).await;
        if listed(&b) == 0 {
            gone = b;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(listed(&gone), 0, "the car left the host's public list: {gone}");
    let other = verified_guest().await;
    let (s, b) =
        crate::trips::create(&other.token, crate::trips::trip_body(&car, 50, 52), None).await;
    assert_eq!((s, b["error"].as_str()), (409, Some("car_not_available")), "{b}");

    // Reinstated: the car returns.
    let (s, b) = standing("reinstate", &host.id, "Ownership proven", &admin).await;
    assert_eq!(s, 200, "{b}");
    let mut back = Value::Null;
    for _ in 0..100 {
        let (_, b) = parts(get(&format!("/v1/cars/getCarsByOwner/{}", host.id), None).await).await;
        if listed(&b) == 1 {
            back = b;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(listed(&back), 1, "the car is listed again: {back}");
    book(&other, &car, 50, 52).await;
}
