//! Co-hosts through the gateway: a co-host manages the bookings of the cars of their team (as
//! hosting publishes it in `hosting.team_changed`), and nothing else.

use crate::helpers::*;
use crate::trips::{car, create, login, trip_body, verified_guest};
use serde_json::{Value, json};
use upcar_proto::events::TeamChanged;

/// Publishes a team's state as hosting would; answers the event id.
async fn publish_team(t: &TeamChanged) -> String {
    let id = uuid::Uuid::now_v7().to_string();
    upcar_testkit::publish(&upcar_testkit::amqp_url(), test_exchange(), t, &id).await.unwrap();
    id
}

/// Waits until trips has recorded the event `id` (applied or found stale).
async fn wait_processed(id: &str) {
    for _ in 0..200 {
        let n = trips_scalar(&format!(
            "SELECT count(*) AS n FROM processed_events WHERE event_id = '{id}'"
        ))
        .await;
        if n == 1 {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("trips did not consume event {id}");
}

fn team(team_id: &str, host: &str, cars: &[String], cohosts: &[&str], version: i64) -> TeamChanged {
    TeamChanged {
        team_id: team_id.to_owned(),
        host_id: host.to_owned(),
        status: upcar_proto::hosting::TeamStatus::Active as i32,
        car_ids: cars.to_vec(),
        cohost_ids: cohosts.iter().map(|c| (*c).to_owned()).collect(),
        booking_management: true,
        pricing_availability: false,
        version,
        occurred_at: chrono::Utc::now().to_rfc3339(),
        cohost_shares_bp: vec![],
    }
}

async fn user_id(token: &str) -> String {
    let (s, b) = parts(
        post("/v1/users/verifyToken", json!({"token": token, "deviceFingerprint": "fp"}), None)
            .await,
    )
    .await;
    assert_eq!(s, 200, "{b}");
    b["user"]["_id"].as_str().unwrap().to_owned()
}

fn future_has(list: &Value, trip: &str) -> bool {
    list["data"].as_array().is_some_and(|a| a.iter().any(|t| t["tripId"] == trip))
}

#[tokio::test]
async fn a_cohost_manages_the_bookings_of_the_teams_cars_and_loses_access_when_removed() {
    let g = verified_guest().await;
    let host = login("host@demo.local", "DemoHost123!").await;
    let host_id = user_id(&host).await;
    let cohost = sign_up().await;
    let outsider = sign_up().await;
    // Car 4 is the demo host's and takes requests only.
    let (s, b) = create(&g.token, trip_body(&car(4), 80, 82), None).await;
    assert_eq!(s, 201, "{b}");
    assert_eq!(b["data"]["status"], "requested");
    let trip = b["data"]["tripId"].as_str().unwrap().to_owned();
    let get_trip = |token: String| {
        let trip = trip.clone();
        async move { parts(get(&format!("/v1/trips/getTrip/{trip}"), Some(&token)).await).await }
    };

    // Before any team: a stranger to the trip.
    assert_eq!(get_trip(cohost.token.clone()).await.0, 404);

    // A team of someone else's that names the car grants nothing: a team counts only for its
    // own host's cars.
    let rogue = uuid::Uuid::now_v7().to_string();
    let id = publish_team(&team(&rogue, &outsider.id, &[car(4)], &[&cohost.id], 1)).await;
    wait_processed(&id).await;
    assert_eq!(get_trip(cohost.token.clone()).await.0, 404);

    // The host's team with car 4 and the co-host, approved.
    let team_id = uuid::Uuid::now_v7().to_string();
    let id = publish_team(&team(&team_id, &host_id, &[car(4), car(2)], &[&cohost.id], 1)).await;
    wait_processed(&id).await;
    let (s, b) = get_trip(cohost.token.clone()).await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(b["data"]["viewerRole"], "host");
    let (s, list) =
        parts(get("/v1/trips/getAllFutureBookingsForHostSortByDate", Some(&cohost.token)).await)
            .await;
    assert_eq!(s, 200, "{list}");
    assert!(future_has(&list, &trip), "{list}");
    // Someone outside the team still learns nothing, and cannot act.
    assert_eq!(get_trip(outsider.token.clone()).await.0, 404);
    let (s, _) = parts(
        post(&format!("/v1/trips/acceptTrip/{trip}"), json!({}), Some(&outsider.token)).await,
    )
    .await;
    assert_eq!(s, 404);

    // The co-host accepts the request; the history says a co-host did it, and who.
    let (s, b) =
        parts(post(&format!("/v1/trips/acceptTrip/{trip}"), json!({}), Some(&cohost.token)).await)
            .await;
    assert_eq!((s, b["data"]["status"].as_str()), (200, Some("confirmed")), "{b}");
    let last = b["data"]["history"].as_array().unwrap().last().unwrap().clone();
    assert_eq!(
        (last["action"].as_str(), last["actorRole"].as_str(), last["actorId"].as_str()),
        (Some("accept"), Some("cohost"), Some(cohost.id.as_str())),
        "{last}"
    );

    // Removed from the team (a newer version): no access any more.
    let id = publish_team(&team(&team_id, &host_id, &[car(4), car(2)], &[], 2)).await;
    wait_processed(&id).await;
    assert_eq!(get_trip(cohost.token.clone()).await.0, 404);
    let (s, _) =
        parts(get("/v1/trips/getAllFutureBookingsForHostSortByDate", Some(&cohost.token)).await)
            .await;
    assert_eq!(s, 404);
    // A late copy of the older state changes nothing.
    let id = publish_team(&team(&team_id, &host_id, &[car(4), car(2)], &[&cohost.id], 1)).await;
    wait_processed(&id).await;
    assert_eq!(get_trip(cohost.token.clone()).await.0, 404);

    // Approved again, then the team goes inactive: access follows the team's status.
    let id = publish_team(&team(&team_id, &host_id, &[car(4)], &[&cohost.id], 3)).await;
    wait_processed(&id).await;
    assert_eq!(get_trip(cohost.token.clone()).await.0, 200);
    let mut inactive = team(&team_id, &host_id, &[car(4)], &[&cohost.id], 4);
    inactive.status = upcar_proto::hosting::TeamStatus::Deleted as i32;
    let id = publish_team(&inactive).await;
    wait_processed(&id).await;
    assert_eq!(get_trip(cohost.token.clone()).await.0, 404);

    // The host's own access never depended on the team; the guest cancels to free the car.
    assert_eq!(get_trip(host.clone()).await.0, 200);
    let (s, b) = parts(
        post(
            "/v1/trips/cancelTrip",
            json!({"tripId": trip, "cancelReason": "Plans changed"}),
            Some(&g.token),
        )
        .await,
    )
    .await;
    assert_eq!(s, 200, "{b}");
}
