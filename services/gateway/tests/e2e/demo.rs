//! The development demo data goes through hosting's own code paths: the demo hosts' cars are
//! hosting listings (managed like any other), the second demo host runs a team with an
//! approved co-host (booking management only) and the demo host has a draft half-way through
//! the wizard.

use crate::helpers::*;
use crate::trips::{car, login};
use serde_json::{Value, json};

/// Polls a signed-in read until `ok` holds, at most 30 seconds (the demo data loads in the
/// background once accounts answers).
async fn until(path: &str, token: &str, ok: impl Fn(&Value) -> bool) -> Value {
    let mut last = Value::Null;
    for _ in 0..300 {
        let (s, b) = parts(get(path, Some(token)).await).await;
        if s == 200 && ok(&b) {
            return b;
        }
        last = b;
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("{path}: {last}");
}

#[tokio::test]
async fn the_demo_hosts_cars_team_and_draft_are_hostings_own() {
    let host = login("host@demo.local", "DemoHost123!").await;
    let b = until("/v1/host/getHostCarsOnPlatform?limit=20", &host, |b| {
        b["total"].as_i64().is_some_and(|n| n >= 3)
    })
    .await;
    let ids: Vec<&str> =
        b["data"].as_array().unwrap().iter().filter_map(|c| c["_id"].as_str()).collect();
    assert!(ids.contains(&car(1).as_str()), "{b}");

    // A demo car is managed like any listing, and the change reaches the car page (its
    // description: other tests book this car at its price).
    let (_, page) = parts(get(&format!("/v1/cars/getCar/{}", car(1)), None).await).await;
    let text =
        format!("{} Ask me about airport drop-off.", page["data"]["carDetails"].as_str().unwrap());
    let (s, r) = parts(
        post(
            &format!("/v1/host/car-update/updateCarDetails/{}", car(1)),
            json!({"carDetails": text}),
            Some(&host),
        )
        .await,
    )
    .await;
    assert_eq!(s, 200, "{r}");
    let mut shown = false;
    for _ in 0..200 {
        let (_, page) = parts(get(&format!("/v1/cars/getCar/{}", car(1)), None).await).await;
        if page["data"]["carDetails"].as_str().is_some_and(|d| d.ends_with("airport drop-off.")) {
            shown = true;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(shown, "the car page never showed the new description");

    // The half-way draft resumes at the features step.
    let (s, b) =
        parts(post("/v1/host/carListing/checkCarListing", json!({}), Some(&host)).await).await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(
        (b["hasExistingListing"].as_bool(), b["nextStep"].as_str()),
        (Some(true), Some("features")),
        "{b}"
    );

    // The second demo host's team: two of their cars, the demo co-host approved, booking
    // management only.
    let cohost = login("cohost@demo.local", "DemoCohost123!").await;
    let b = until("/v1/cohost/getAllTeamsForHost", &cohost, |b| {
        b["data"].as_array().is_some_and(|a| !a.is_empty())
    })
    .await;
    let team = &b["data"][0];
    assert_eq!(team["role"], "co-host", "{b}");
    let team_id = team["_id"].as_str().unwrap().to_owned();
    assert_eq!(team["teamName"], "Fremont crew", "{b}");
    let (s, t) =
        parts(get(&format!("/v1/cohost/getTeamVehicles/{team_id}"), Some(&cohost)).await).await;
    assert_eq!(s, 200, "{t}");
    let cars: Vec<String> = t["data"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["id"].as_str().unwrap().to_owned())
        .collect();
    assert!(cars.len() >= 2, "{t}");
    let (s, e) = parts(
        post(
            &format!("/v1/host/car-update/updateCarDailyPrice/{}", cars[0]),
            json!({"dailyPrice": "99"}),
            Some(&cohost),
        )
        .await,
    )
    .await;
    assert_eq!(s, 403, "no pricing permission: {e}");
    let host2 = login("host2@demo.local", "DemoHost123!").await;
    let (s, b) = parts(get(&format!("/v1/cohost/getTeamById/{team_id}"), Some(&host2)).await).await;
    assert_eq!((s, b["role"].as_str()), (200, Some("host")), "{b}");
    let d = &b["data"];
    assert_eq!(d["permissions"]["pricingAndAvailability"], false, "{b}");
    assert_eq!(d["permissions"]["bookingManagement"], true, "{b}");
    assert_eq!(d["teamStatus"], "active", "{b}");
    assert_eq!(d["coHosts"][0]["status"], "accepted", "{b}");
}
