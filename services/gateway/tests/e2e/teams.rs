//! Co-host teams through the gateway, end to end: the host creates a team of a listed car and
//! invites a co-host by email; the invitee reads the emailed link's team and accepts; the
//! co-host then manages bookings (trips learns the team from hosting's event) and, only when
//! granted, prices and availability; never deleting the car or the team. Strangers learn
//! nothing; a removed co-host loses access at once; expired and withdrawn links are refused;
//! every change is in the host's audit log.

use crate::helpers::*;
use crate::hosting::{approved_car, book, car_update};
use crate::trips::verified_guest;
use serde_json::{Value, json};

async fn call(path: &str, body: Value, token: &str) -> (u16, Value) {
    parts(post(path, body, Some(token)).await).await
}

async fn read(path: &str, token: &str) -> (u16, Value) {
    parts(get(path, Some(token)).await).await
}

/// The newest invitation email to `to`: its body and its token.
async fn invitation_mail(to: &str) -> (String, String) {
    let (s, b) = parts(get(&format!("/v1/dev/outbox?to={}", urlencode(to)), None).await).await;
    assert_eq!(s, 200, "{b}");
    for m in b["data"].as_array().unwrap() {
        if m["subject"].as_str().is_some_and(|s| s.contains("co-host")) {
            return (
                m["body"].as_str().unwrap().to_owned(),
                m["code"].as_str().unwrap().to_owned(),
            );
        }
    }
    panic!("no invitation to {to}: {b}");
}

/// Waits for the invitation email (accounts sends it from hosting's event).
async fn invitation_to(to: &str, not: Option<&str>) -> (String, String) {
    for _ in 0..100 {
        let (s, b) = parts(get(&format!("/v1/dev/outbox?to={}", urlencode(to)), None).await).await;
        assert_eq!(s, 200, "{b}");
        let found = b["data"].as_array().unwrap().iter().any(|m| {
            m["subject"].as_str().is_some_and(|s| s.contains("co-host"))
                && m["code"].as_str() != not
        });
        if found {
            return invitation_mail(to).await;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("the invitation to {to} was never sent");
}

async fn team_of(host: &NewUser, car: &str, permissions: Value) -> String {
    let (s, b) = call(
        "/v1/cohost/createTeam",
        json!({"teamName": " Bay Fleet ", "carIds": [car], "permissions": permissions}),
        &host.token,
    )
    .await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(
        (b["data"]["teamName"].as_str(), b["data"]["teamStatus"].as_str(), b["role"].as_str()),
        (Some("Bay Fleet"), Some("inactive"), Some("host")),
        "{b}"
    );
    b["data"]["_id"].as_str().unwrap().to_owned()
}

/// Polls a trips call until it answers `want` (trips learns teams from hosting's events).
async fn trips_answer(path: &str, token: &str, want: u16) {
    let mut last = (0, Value::Null);
    for _ in 0..100 {
        last = read(path, token).await;
        if last.0 == want {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("{path} never answered {want}: {last:?}");
}

#[tokio::test]
async fn a_cohost_does_exactly_what_the_team_grants_and_loses_it_when_removed() {
    let (host, car) = approved_car().await;
    let cohost = sign_up().await;
    let stranger = sign_up().await;
    let day = |d: i64| (chrono::Utc::now().date_naive() + chrono::Duration::days(d)).to_string();

    // The host's vehicle list for team creation.
    let (s, b) = read("/v1/cohost/getHostVehicles", &host.token).await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(b["data"][0]["id"], car.as_str(), "{b}");
    assert!(b["data"][0]["name"].as_str().unwrap().contains("Honda"), "{b}");

    // The create form's rules, with the spec's messages; nothing is created.
    let create = |body: Value| call("/v1/cohost/createTeam", body, &host.token);
    let (s, b) = create(json!({"teamName": "  ", "carIds": [car]})).await;
    assert_eq!((s, b["message"].as_str()), (400, Some("Please enter a team name")), "{b}");
    let (s, b) = create(json!({"teamName": "Fleet", "carIds": []})).await;
    assert_eq!(
        (s, b["message"].as_str()),
        (400, Some("Please select at least one vehicle")),
        "{b}"
    );
    let (s, b) = call(
        "/v1/cohost/createTeam",
        json!({"teamName": "Not mine", "carIds": [car]}),
        &stranger.token,
    )
    .await;
    assert_eq!(s, 404, "another host's car is not found: {b}");
    let (s, b) = read("/v1/cohost/getAllTeamsForHost", &host.token).await;
    assert_eq!((s, b["data"].as_array().map(Vec::len)), (200, Some(0)), "{b}");

    // Booking management only.
    let team = team_of(&host, &car, json!({"full": false, "bookingManagement": true})).await;
    let (s, b) = create(json!({"teamName": "Twice", "carIds": [car]})).await;
    assert_eq!((s, b["error"].as_str()), (409, Some("car_in_other_team")), "{b}");

    // Invitations: the spec's message for a missing list; the host cannot invite themselves.
    let invite = |body: Value| call("/v1/cohost/inviteCoHosts", body, &host.token);
    let (s, b) = invite(json!({"teamId": team, "coHostEmails": []})).await;
    assert_eq!(
        (s, b["message"].as_str()),
        (400, Some("Invalid input: teamId and coHostEmails are required")),
        "{b}"
    );
    let (s, b) = invite(json!({"teamId": team, "coHostEmails": [host.email]})).await;
    assert_eq!((s, b["error"].as_str()), (400, Some("cannot_invite_self")), "{b}");
    let (s, b) = invite(json!({"teamId": team, "coHostEmails": [cohost.email.to_uppercase()], "earningsSharePercent": "20"})).await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(b["data"]["coHosts"][0]["status"], "pending", "{b}");
    assert_eq!(b["data"]["coHosts"][0]["earningsSharePercent"], 20.0, "{b}");
    assert_eq!(b["data"]["hostEarningsSharePercent"], 80.0, "{b}");
    let (body, token) = invitation_to(&cohost.email, None).await;
    assert!(body.contains(&format!("/host/teams/invite/{team}?token={token}")), "{body}");
    assert!(body.contains("20% of the earnings"), "{body}");

    // A stranger learns nothing of the team and cannot touch it or its car.
    let t = &stranger.token;
    for path in [
        format!("/v1/cohost/getTeamById/{team}"),
        format!("/v1/cohost/getTeamVehicles/{team}"),
        format!("/v1/cohost/getTeamAuditLog/{team}"),
        format!("/v1/cohost/getTeamInfoForInvitee/{team}"),
    ] {
        let (s, b) = read(&path, t).await;
        assert_eq!(s, 404, "{path}: {b}");
    }
    for (path, body) in [
        ("/v1/cohost/inviteCoHosts", json!({"teamId": team, "coHostEmails": ["x@example.com"]})),
        (
            "/v1/cohost/manageTeamPermissions",
            json!({"teamId": team, "permissions": {"full": true}}),
        ),
        ("/v1/cohost/updateTeam", json!({"teamId": team, "teamName": "Mine"})),
        ("/v1/cohost/manageVehiclesOnTeam", json!({"teamId": team, "carIds": [car]})),
        ("/v1/cohost/removeCoHost", json!({"teamId": team, "coHostId": cohost.id})),
        ("/v1/cohost/deleteTeam", json!({"teamId": team})),
        ("/v1/cohost/handleCoHostInvite", json!({"teamId": team, "action": "accept"})),
    ] {
        let (s, b) = call(path, body, t).await;
        assert_eq!(s, 404, "{path}: {b}");
    }
    let price = format!("/v1/host/car-update/updateCarDailyPrice/{car}");
    assert_eq!(car_update(t, &price, json!({"dailyPrice": "99"})).await.0, 404);
    let listing = format!("/v1/host/carListing/car/{car}");
    assert_eq!(read(&listing, t).await.0, 404, "a stranger does not read the listing");
    assert_eq!(read(&listing, &cohost.token).await.0, 404, "nor an invitee who has not accepted");

    // The invitee reads what they are invited to, then accepts with the link (once).
    let info = format!("/v1/cohost/getTeamInfoForInvitee/{team}?token={token}");
    let (s, b) = read(&info, &cohost.token).await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(
        (b["data"]["invitationStatus"].as_str(), b["data"]["earningsSharePercent"].as_f64()),
        (Some("pending"), Some(20.0)),
        "{b}"
    );
    assert_eq!(b["data"]["cars"][0]["id"], car.as_str(), "{b}");
    let (s, b) = call(
        "/v1/cohost/handleCoHostInvite",
        json!({"teamId": team, "action": "maybe", "token": token}),
        &cohost.token,
    )
    .await;
    assert_eq!((s, b["error"].as_str()), (400, Some("invalid_invite_action")), "{b}");
    let accept = json!({"teamId": team, "action": "accept", "token": token});
    let (s, b) = call("/v1/cohost/handleCoHostInvite", accept.clone(), &cohost.token).await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(
        (b["role"].as_str(), b["data"]["teamStatus"].as_str()),
        (Some("co-host"), Some("active")),
        "{b}"
    );
    let (s, b) = call("/v1/cohost/handleCoHostInvite", accept, &cohost.token).await;
    assert_eq!((s, b["error"].as_str()), (409, Some("invitation_already_answered")), "{b}");

    // The co-host sees the team as a co-host; the team's management stays the host's.
    let (s, b) = read(&format!("/v1/cohost/getTeamById/{team}"), &cohost.token).await;
    assert_eq!((s, b["role"].as_str()), (200, Some("co-host")), "{b}");
    let (s, b) = read("/v1/cohost/getAllTeamsForHost", &cohost.token).await;
    assert_eq!((s, b["data"][0]["role"].as_str()), (200, Some("co-host")), "{b}");
    let (s, b) = read(&format!("/v1/cohost/getTeamVehicles/{team}"), &cohost.token).await;
    assert_eq!((s, b["data"][0]["id"].as_str()), (200, Some(car.as_str())), "{b}");
    // The co-host reads the car's listing (its settings page), as it is.
    let (s, b) = read(&listing, &cohost.token).await;
    assert_eq!(
        (s, b["carListing"]["_id"].as_str(), b["carListing"]["dailyPrice"].as_f64()),
        (200, Some(car.as_str()), Some(75.0)),
        "{b}"
    );
    let c = &cohost.token;
    assert_eq!(read(&format!("/v1/cohost/getTeamAuditLog/{team}"), c).await.0, 403);
    for (path, body) in [
        ("/v1/cohost/inviteCoHosts", json!({"teamId": team, "coHostEmails": ["x@example.com"]})),
        (
            "/v1/cohost/manageTeamPermissions",
            json!({"teamId": team, "permissions": {"full": true}}),
        ),
        ("/v1/cohost/manageVehiclesOnTeam", json!({"teamId": team, "carIds": [car]})),
        ("/v1/cohost/deleteTeam", json!({"teamId": team})),
    ] {
        let (s, b) = call(path, body, c).await;
        assert_eq!((s, b["error"].as_str()), (403, Some("team_host_only")), "{path}: {b}");
    }

    // Without the pricing-and-availability grant: price, availability and status are refused
    // (403), and so is deleting the car; nothing changes.
    let (s, b) = car_update(c, &price, json!({"dailyPrice": "99"})).await;
    assert_eq!((s, b["error"].as_str()), (403, Some("team_permission_denied")), "{b}");
    assert!(b["message"].as_str().unwrap().contains("pricing"), "{b}");
    let block = |d: i64| json!({"action": "add", "customAvailability": [{"carId": car, "startDate": day(d), "endDate": day(d + 1)}]});
    let blocks = "/v1/trips/updateCustomAvailabilityForHost";
    let (s, b) = call(blocks, block(60), c).await;
    assert_eq!((s, b["error"].as_str()), (403, Some("team_permission_denied")), "{b}");
    let (s, b) = car_update(
        c,
        &format!("/v1/host/car-update/updateCarStatus/{car}"),
        json!({"carStatus": "snoozed"}),
    )
    .await;
    assert_eq!(s, 403, "{b}");
    let (s, b) = car_update(c, &format!("/v1/host/car-update/deleteCar/{car}"), json!({})).await;
    assert_eq!(s, 403, "{b}");
    let (s, b) = read(&format!("/v1/cohost/getTeamInfoForInvitee/{team}"), c).await;
    assert_eq!((s, b["data"]["invitationStatus"].as_str()), (200, Some("accepted")), "{b}");

    // Booking management: the co-host sees and manages the car's trips.
    let guest = verified_guest().await;
    let trip = book(&guest, &car, 30, 32).await;
    let trip_id = trip["data"]["tripId"].as_str().unwrap().to_owned();
    trips_answer(&format!("/v1/trips/getTrip/{trip_id}"), c, 200).await;
    trips_answer(&format!("/v1/trips/getTrip/{trip_id}"), &stranger.token, 404).await;

    // Granted pricing and availability: both work, and the audit log says who did what.
    let (s, b) = call(
        "/v1/cohost/manageTeamPermissions",
        json!({"teamId": team, "permissions": {"full": false, "bookingManagement": true, "pricingAndAvailability": true}}),
        &host.token,
    )
    .await;
    assert_eq!(
        (s, b["data"]["permissions"]["pricingAndAvailability"].as_bool()),
        (200, Some(true)),
        "{b}"
    );
    let (s, b) = car_update(c, &price, json!({"dailyPrice": "99"})).await;
    assert_eq!((s, b["data"]["dailyPrice"].as_f64()), (200, Some(99.0)), "{b}");
    let (s, b) = call(blocks, block(60), c).await;
    assert_eq!(s, 200, "{b}");
    let (s, b) = read(&format!("/v1/cohost/getTeamAuditLog/{team}"), &host.token).await;
    assert_eq!(s, 200, "{b}");
    let log = b["data"].as_array().unwrap();
    let priced = log.iter().find(|e| e["action"] == "car_updated").expect("the price change");
    assert_eq!(
        (priced["actorId"].as_str(), priced["actorRole"].as_str(), priced["carId"].as_str()),
        (Some(cohost.id.as_str()), Some("co-host"), Some(car.as_str())),
        "{priced}"
    );
    assert_eq!(
        (priced["before"]["dailyPriceCents"].as_i64(), priced["after"]["dailyPriceCents"].as_i64()),
        (Some(7500), Some(9900)),
        "{priced}"
    );
    let actions: Vec<&str> = log.iter().filter_map(|e| e["action"].as_str()).collect();
    for a in [
        "availability_blocked",
        "permissions_changed",
        "invitation_accepted",
        "cohost_invited",
        "team_created",
    ] {
        assert!(actions.contains(&a), "{a} missing from {actions:?}");
    }

    // Removed: access ends at once in hosting, and trips follows the team's event.
    let (s, b) = call(
        "/v1/cohost/removeCoHost",
        json!({"teamId": team, "coHostId": cohost.id}),
        &host.token,
    )
    .await;
    assert_eq!((s, b["data"]["teamStatus"].as_str()), (200, Some("inactive")), "{b}");
    let (s, _) = car_update(c, &price, json!({"dailyPrice": "98"})).await;
    assert_eq!(s, 404);
    assert_eq!(read(&format!("/v1/cohost/getTeamById/{team}"), c).await.0, 404);
    assert_eq!(read(&listing, c).await.0, 404, "a removed co-host no longer reads the listing");
    trips_answer(&format!("/v1/trips/getTrip/{trip_id}"), c, 404).await;
}

#[tokio::test]
async fn an_invitation_link_works_once_within_seven_days_and_a_resent_one_replaces_it() {
    let (host, car) = approved_car().await;
    let team = team_of(&host, &car, json!({"full": true})).await;
    let invitee = sign_up().await;
    let other = sign_up().await;
    let invite = json!({"teamId": team, "coHostEmails": [invitee.email]});
    let (s, b) = call("/v1/cohost/inviteCoHosts", invite.clone(), &host.token).await;
    assert_eq!(s, 200, "{b}");
    let (_, first) = invitation_to(&invitee.email, None).await;

    // Seven days later the link is refused, and nothing changes.
    hosting_sql(&format!(
        "UPDATE team_members SET expires_at = now() - interval '1 minute' WHERE team_id = '{team}'"
    ))
    .await;
    let (s, b) = read(&format!("/v1/cohost/getTeamById/{team}"), &host.token).await;
    assert_eq!((s, b["data"]["coHosts"][0]["status"].as_str()), (200, Some("expired")), "{b}");
    let accept = |token: &str| json!({"teamId": team, "action": "accept", "token": token});
    let (s, b) = call("/v1/cohost/handleCoHostInvite", accept(&first), &invitee.token).await;
    assert_eq!((s, b["error"].as_str()), (409, Some("invitation_expired")), "{b}");
    let (s, b) = read(&format!("/v1/cohost/getTeamById/{team}"), &host.token).await;
    assert_eq!((s, b["data"]["teamStatus"].as_str()), (200, Some("inactive")), "{b}");

    // Resent: a new link for seven more days; the old one no longer works.
    let (s, b) = call("/v1/cohost/inviteCoHosts", invite, &host.token).await;
    assert_eq!((s, b["data"]["coHosts"][0]["status"].as_str()), (200, Some("pending")), "{b}");
    let (_, second) = invitation_to(&invitee.email, Some(&first)).await;
    assert_ne!(first, second);
    let (s, b) = call("/v1/cohost/handleCoHostInvite", accept(&first), &invitee.token).await;
    assert_eq!((s, b["error"].as_str()), (404, Some("invitation_not_found")), "{b}");
    // Someone else holding the link of another team's invitation gets nothing either.
    let (s, b) = call(
        "/v1/cohost/handleCoHostInvite",
        json!({"teamId": uuid::Uuid::now_v7().to_string(), "action": "accept", "token": second}),
        &other.token,
    )
    .await;
    assert_eq!(s, 404, "{b}");

    // Without a token the invitee's own email finds the invitation; rejecting leaves the team
    // inactive and the invitee outside it.
    let (s, b) = call(
        "/v1/cohost/handleCoHostInvite",
        json!({"teamId": team, "action": "reject"}),
        &invitee.token,
    )
    .await;
    assert_eq!((s, b["data"].is_null()), (200, true), "{b}");
    let (s, _) = read(&format!("/v1/cohost/getTeamById/{team}"), &invitee.token).await;
    assert_eq!(s, 404);
    let (s, b) = call("/v1/cohost/handleCoHostInvite", accept(&second), &invitee.token).await;
    assert_eq!((s, b["error"].as_str()), (409, Some("invitation_already_answered")), "{b}");

    // The host withdraws a pending invitation; its link stops working.
    let third = sign_up().await;
    let (s, b) = call(
        "/v1/cohost/inviteCoHosts",
        json!({"teamId": team, "coHostEmails": [third.email]}),
        &host.token,
    )
    .await;
    assert_eq!(s, 200, "{b}");
    let pending = b["data"]["coHosts"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["email"] == third.email.as_str())
        .unwrap()["_id"]
        .as_str()
        .unwrap()
        .to_owned();
    let (_, link) = invitation_to(&third.email, None).await;
    let (s, b) =
        call("/v1/cohost/removeCoHost", json!({"teamId": team, "coHostId": pending}), &host.token)
            .await;
    assert_eq!(s, 200, "{b}");
    let (s, b) = call("/v1/cohost/handleCoHostInvite", accept(&link), &third.token).await;
    assert_eq!((s, b["error"].as_str()), (409, Some("invitation_revoked")), "{b}");

    // Shares above the whole are refused; the host renames the team; deleting it frees the car.
    let (s, b) = call(
        "/v1/cohost/updateTeam",
        json!({"teamId": team, "earningsSplit": [{"coHostId": pending, "sharePercent": "101"}]}),
        &host.token,
    )
    .await;
    assert_eq!(s, 400, "{b}");
    let (s, b) =
        call("/v1/cohost/updateTeam", json!({"teamId": team, "teamName": "Renamed"}), &host.token)
            .await;
    assert_eq!((s, b["data"]["teamName"].as_str()), (200, Some("Renamed")), "{b}");
    let (s, b) = call("/v1/cohost/deleteTeam", json!({"teamId": team}), &host.token).await;
    assert_eq!((s, b["message"].as_str()), (200, Some("Team deleted successfully")), "{b}");
    assert_eq!(read(&format!("/v1/cohost/getTeamById/{team}"), &host.token).await.0, 404);
    let again = team_of(&host, &car, json!({})).await;
    assert_ne!(again, team);
}

#[tokio::test]
async fn a_host_keeps_scheduled_message_templates_of_their_own() {
    let host = sign_up().await;
    let other = sign_up().await;
    // The product's defaults, the first time.
    let (s, b) = read("/v1/scheduledMessage/getAllTemplates", &host.token).await;
    assert_eq!(s, 200, "{b}");
    let defaults = b["data"].as_array().unwrap().clone();
    assert_eq!(defaults.len(), 5, "{b}");
    assert!(defaults.iter().all(|t| t["enabled"] == true), "{b}");
    assert_eq!(defaults[1]["trigger"], "before_trip_start");
    let id = defaults[0]["_id"].as_str().unwrap().to_owned();

    // Turned off and on; `enabled` must be a boolean.
    let enabled = format!("/v1/scheduledMessage/updateEnabledStatus/{id}");
    let (s, b) = call(&enabled, json!({"enabled": false}), &host.token).await;
    assert_eq!((s, b["data"]["enabled"].as_bool()), (200, Some(false)), "{b}");
    let (s, b) = call(&enabled, json!({}), &host.token).await;
    assert_eq!((s, b["error"].as_str()), (400, Some("enabled_required")), "{b}");
    let (s, b) = call(&enabled, json!({"enabled": "yes"}), &host.token).await;
    assert_eq!(s, 400, "{b}");

    // Updated: checked whole, with the rule's message; a refused change changes nothing.
    let update = format!("/v1/scheduledMessage/updateTemplate/{id}");
    let (s, b) = call(&update, json!({"message": "Hi {guest}"}), &host.token).await;
    assert_eq!((s, b["error"].as_str()), (400, Some("unknown_placeholder")), "{b}");
    assert!(b["message"].as_str().unwrap().contains("{guest}"), "{b}");
    let (s, b) =
        call(&update, json!({"trigger": "before_trip_end", "offsetHours": 500}), &host.token).await;
    assert_eq!((s, b["error"].as_str()), (400, Some("invalid_offset")), "{b}");
    let (s, b) = read(&format!("/v1/scheduledMessage/getTemplate/{id}"), &host.token).await;
    assert_eq!((s, &b["data"]["message"]), (200, &defaults[0]["message"]), "{b}");
    let (s, b) = call(
        &update,
        json!({"name": "Welcome", "message": "Welcome {guestName}!", "trigger": "before_trip_start", "offsetHours": 2}),
        &host.token,
    )
    .await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(
        (
            b["data"]["name"].as_str(),
            b["data"]["offsetHours"].as_i64(),
            b["data"]["enabled"].as_bool()
        ),
        (Some("Welcome"), Some(2), Some(false)),
        "{b}"
    );

    // Created; someone else's are not found; deleted ones stay deleted.
    let (s, b) = call(
        "/v1/scheduledMessage/createTemplate",
        json!({"name": "Keys", "message": "The keys are in the lockbox.", "trigger": "trip_started"}),
        &host.token,
    )
    .await;
    assert_eq!(s, 200, "{b}");
    let created = b["data"]["_id"].as_str().unwrap().to_owned();
    let (s, _) = read(&format!("/v1/scheduledMessage/getTemplate/{created}"), &other.token).await;
    assert_eq!(s, 404);
    let (s, _) = call(&update, json!({"name": "Mine"}), &other.token).await;
    assert_eq!(s, 404);
    let (s, _) = parts(
        crate::helpers::client()
            .delete(format!("{}/v1/scheduledMessage/delete/{created}", stack().base))
            .bearer_auth(&other.token)
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(s, 404);
    let (s, b) = parts(
        crate::helpers::client()
            .delete(format!("{}/v1/scheduledMessage/delete/{created}", stack().base))
            .bearer_auth(&host.token)
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(s, 200, "{b}");
    let (s, b) = read("/v1/scheduledMessage/getAllTemplates", &host.token).await;
    assert_eq!((s, b["data"].as_array().map(Vec::len)), (200, Some(5)), "{b}");
}

#[tokio::test]
async fn a_hosts_performance_is_computed_from_their_trips() {
    let (host, car) = approved_car().await;
    let (s, b) = read("/v1/hostbusiness/getPerformanceData", &host.token).await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(
        (b["data"]["bookings"].as_i64(), b["data"]["cancellationRate"].is_null()),
        (Some(0), true),
        "nothing measured is null, not zero: {b}"
    );
    assert_eq!(b["data"]["cancellationStatus"], "good");
    assert_eq!(b["data"]["cancellationThreshold"], 4.0);
    assert_eq!(b["data"]["cancellationPenaltyBand"], 2.0);
    assert_eq!(b["data"]["carsOnPlatform"], 1);
    let (s, b) = read("/v1/hostbusiness/getPerformanceData?days=3", &host.token).await;
    assert_eq!((s, b["error"].as_str()), (400, Some("invalid_period")), "{b}");

    // Two bookings; the host cancels one: 50 %, over the terms' 4 % threshold.
    let guest = verified_guest().await;
    book(&guest, &car, 20, 22).await;
    let second = book(&guest, &car, 25, 27).await;
    let trip = second["data"]["tripId"].as_str().unwrap().to_owned();
    let (s, b) = call(
        "/v1/trips/cancelTrip",
        json!({"tripId": trip, "cancelReason": "The car needs a repair"}),
        &host.token,
    )
    .await;
    assert_eq!((s, b["data"]["status"].as_str()), (200, Some("cancelled_by_host")), "{b}");
    let mut last = Value::Null;
    for _ in 0..100 {
        let (s, b) = read("/v1/hostbusiness/getPerformanceData?days=30", &host.token).await;
        assert_eq!(s, 200, "{b}");
        if b["data"]["bookings"] == 2 && b["data"]["cancellationRate"] == 50.0 {
            assert_eq!(b["data"]["cancellationStatus"], "over", "{b}");
            assert_eq!(b["data"]["periodDays"], 30, "{b}");
            assert_eq!(b["data"]["tripsCompleted"], 0, "{b}");
            return;
        }
        last = b;
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("the trips never reached the host's performance: {last}");
}

#[tokio::test]
async fn a_host_reads_the_reviews_of_their_cars_and_answers_them_publicly() {
    let (host, car) = approved_car().await;
    let stranger = sign_up().await;
    // A guest's review of the car, as a finished trip leaves it (writing reviews after a trip
    // is not built yet).
    let review = uuid::Uuid::now_v7();
    catalog_sql(&format!(
        "INSERT INTO car_reviews (id, car_id, trip_id, from_user_id, reviewer_name, stars, review) \
         VALUES ('{review}', '{car}', '{}', '{}', 'Gabriel G.', 4, 'Clean and easy pickup.'); \
         INSERT INTO car_category_ratings (review_id, category, rating) VALUES ('{review}', 'Cleanliness', 5);",
        uuid::Uuid::now_v7(),
        uuid::Uuid::now_v7()
    ))
    .await;

    let (s, b) = read("/v1/hostbusiness/getReviewsForHost", &host.token).await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(
        (
            b["data"]["reviewCount"].as_i64(),
            b["data"]["unanswered"].as_i64(),
            b["data"]["averageRating"].as_f64()
        ),
        (Some(1), Some(1), Some(4.0)),
        "{b}"
    );
    let r = &b["data"]["reviews"][0];
    assert_eq!(
        (r["ratingId"].as_str(), r["carId"].as_str()),
        (Some(review.to_string().as_str()), Some(car.as_str())),
        "{r}"
    );
    assert!(r["carName"].as_str().unwrap().contains("Honda"), "{r}");
    assert_eq!(r["categoryRatings"][0]["rating"], 5.0, "{r}");
    let (s, b) = read("/v1/hostbusiness/getReviewsForHost", &stranger.token).await;
    assert_eq!((s, b["data"]["reviewCount"].as_i64()), (200, Some(0)), "{b}");

    // Only the car's host answers; an empty answer is refused.
    let respond = |id: &str, text: &str| json!({"ratingId": id, "responseMessage": text});
    let path = "/v1/cars/respondToCarReview";
    let (s, b) = call(path, respond(&review.to_string(), "Thank you!"), &stranger.token).await;
    assert_eq!((s, b["error"].as_str()), (404, Some("review_not_found")), "{b}");
    let (s, b) = call(path, respond(&review.to_string(), "   "), &host.token).await;
    assert_eq!((s, b["error"].as_str()), (400, Some("response_required")), "{b}");
    let (s, b) = call(path, respond("nope", "Thank you!"), &host.token).await;
    assert_eq!(s, 404, "{b}");
    let (s, b) =
        call(path, respond(&review.to_string(), " Thank you, come again! "), &host.token).await;
    assert_eq!((s, b["data"]["response"].as_str()), (200, Some("Thank you, come again!")), "{b}");
    assert!(b["data"]["responserName"].as_str().unwrap().starts_with("Ada"), "{b}");

    // The answer is public on the car's ratings.
    let (s, b) = parts(get(&format!("/v1/cars/getRatings/{car}"), None).await).await;
    assert_eq!(s, 200, "{b}");
    let shown = &b["data"]["reviews"][0];
    assert_eq!(
        (shown["ratingId"].as_str(), shown["response"].as_str()),
        (Some(review.to_string().as_str()), Some("Thank you, come again!")),
        "{shown}"
    );
    let (s, b) = read("/v1/hostbusiness/getReviewsForHost", &host.token).await;
    assert_eq!((s, b["data"]["unanswered"].as_i64()), (200, Some(0)), "{b}");
}
