//! Around a trip, through the gateway: incidentals charged by the host and paid by the guest,
//! issue reports and their photos, the rental agreement, additional drivers.

use crate::helpers::*;
use crate::trips::{car, create, login, trip_body, upload_photo, verified_guest};
use serde_json::{Value, json};

fn money(v: &Value) -> i64 {
    (v.as_f64().unwrap_or(f64::NAN) * 100.0).round() as i64
}

async fn host_token() -> String {
    login("host@demo.local", "DemoHost123!").await
}

/// A booked trip of one of the demo host's cars: (guest, trip id).
pub(crate) async fn booked(car_no: u128, from: i64) -> (NewUser, String) {
    let g = verified_guest().await;
    let (s, b) = create(&g.token, trip_body(&car(car_no), from, from + 2), None).await;
    assert_eq!(s, 201, "{b}");
    let id = b["data"]["tripId"].as_str().unwrap().to_owned();
    (g, id)
}

/// Checks the trip in (arranged to start in 10 minutes), then moves its end 3 hours into the
/// past (only the clock could) and has the host check it out: completed, 180 minutes late.
pub(crate) async fn completed_three_hours_late(g: &NewUser, host: &str, id: &str) {
    trips_sql(&format!("UPDATE trips SET period = tstzrange(now() + interval '10 minutes', now() + interval '2 days') WHERE id = '{id}'")).await;
    let photo = upload_photo(&g.token).await;
    let (s, b) = parts(
        post(
            &format!("/v1/trips/checkIn/{id}"),
            json!({"role": "guest", "photoUrls": [photo], "type": "exterior"}),
            Some(&g.token),
        )
        .await,
    )
    .await;
    assert_eq!((s, b["data"]["status"].as_str()), (200, Some("in_progress")), "{b}");
    trips_sql(&format!("UPDATE trips SET period = tstzrange(now() - interval '2 days', now() - interval '3 hours') WHERE id = '{id}'")).await;
    let back = upload_photo(host).await;
    let (s, b) = parts(
        post(
            &format!("/v1/trips/checkout/{id}"),
            json!({"role": "host", "photoUrls": [back], "type": "exterior"}),
            Some(host),
        )
        .await,
    )
    .await;
    assert_eq!((s, b["data"]["status"].as_str()), (200, Some("completed")), "{b}");
}

#[tokio::test]
async fn incidentals_are_charged_by_the_host_by_the_rules_and_paid_by_the_guest() {
    let host = host_token().await;
    let (g, id) = booked(1, 170).await;
    let stranger = sign_up().await;

    // Before the trip starts the host cannot charge anything yet.
    let (s, e) = parts(
        post(&format!("/v1/trips/addIncidentals/{id}"), json!({"type": "smoking"}), Some(&host))
            .await,
    )
    .await;
    assert_eq!((s, e["error"].as_str()), (409, Some("invalid_trip_status")), "{e}");
    completed_three_hours_late(&g, &host, &id).await;

    // The options carry the rules and the trip's own numbers.
    let (s, o) =
        parts(get(&format!("/v1/trips/getIncidentalOptions/{id}"), Some(&host)).await).await;
    assert_eq!(s, 200, "{o}");
    let d = &o["data"];
    assert_eq!(d["canAdd"], true);
    let minutes = d["minutesLate"].as_i64().unwrap();
    assert!((179..=182).contains(&minutes), "{o}");
    let daily = money(&d["averageDailyRate"]);
    assert!(daily > 0, "{o}");
    let opt =
        |t: &str| d["options"].as_array().unwrap().iter().find(|x| x["type"] == t).unwrap().clone();
    assert_eq!(money(&opt("smoking")["amount"]), 25_000);
    assert_eq!(money(&opt("cleaning")["amount"]), 15_450);
    assert_eq!(money(&opt("late_return")["amountNow"]), daily + 2_000);
    assert_eq!(opt("tolls")["computedFrom"], "amount");
    assert!(opt("late_return")["rule"].as_str().unwrap().contains("30 min"));
    let (s, o) =
        parts(get(&format!("/v1/trips/getIncidentalOptions/{id}"), Some(&g.token)).await).await;
    assert_eq!((s, o["data"]["canAdd"].as_bool()), (200, Some(false)), "{o}");
    let (s, _) =
        parts(get(&format!("/v1/trips/getIncidentalOptions/{id}"), Some(&stranger.token)).await)
            .await;
    assert_eq!(s, 404);

    // Only the host adds; bad input is refused and adds nothing.
    let add = |token: String, body: Value| {
        let id = id.clone();
        async move {
            parts(post(&format!("/v1/trips/addIncidentals/{id}"), body, Some(&token)).await).await
        }
    };
    let (s, e) = add(g.token.clone(), json!({"type": "smoking"})).await;
    assert_eq!((s, e["error"].as_str()), (403, Some("not_allowed")), "{e}");
    let (s, e) = add(stranger.token.clone(), json!({"type": "smoking"})).await;
    assert_eq!(s, 404, "{e}");
    for bad in [
        json!({}),
        json!({"incidentals": []}),
        json!({"incidentals": [{"type": "spa day"}]}),
        json!({"incidentals": [{"type": "tolls"}]}),
        json!({"incidentals": [{"type": "tolls", "amount": -3}]}),
        json!({"incidentals": [{"type": "fuel", "amount": 2500.01}]}),
        json!({"incidentals": [{"type": "extra_miles", "milesDriven": 1}]}),
        json!({"incidentals": [{"type": "smoking"}, {"type": "tolls", "amount": "abc"}]}),
        json!({"incidentals": "smoking"}),
    ] {
        let (s, e) = add(host.clone(), bad.clone()).await;
        assert_eq!(s, 400, "{bad}: {e}");
        assert!(e["error"].is_string() && e["message"].is_string(), "{e}");
    }
    let (s, b) = add(
        host.clone(),
        json!({"incidentals": [
            {"type": "late_return", "description": "Three hours late, no message"},
            {"type": "smoking", "description": "Ash on the seats"},
            {"type": "tolls", "amount": 12.5, "description": "Bay Bridge"},
        ]}),
    )
    .await;
    assert_eq!(s, 200, "{b}");
    let items = b["data"]["incidentals"].as_array().unwrap().clone();
    assert_eq!(items.len(), 3, "{b}");
    assert_eq!(money(&items[0]["total"]), daily + 2_000);
    assert_eq!(money(&items[1]["total"]), 25_000);
    assert_eq!(money(&items[2]["total"]), 1_250);
    assert!(items.iter().all(|i| i["status"] == "pending"));
    let pending = daily + 2_000 + 25_000 + 1_250;
    assert_eq!(money(&b["data"]["pendingTotal"]), pending);
    // Once-per-trip kinds cannot be charged twice.
    let (s, e) = add(host.clone(), json!({"type": "smoking"})).await;
    assert_eq!((s, e["error"].as_str()), (409, Some("incidental_exists")), "{e}");

    // Each side reads its own list; the role is checked.
    let list = |token: String, q: &'static str| {
        let id = id.clone();
        async move { parts(get(&format!("/v1/trips/getIncidentals/{id}{q}"), Some(&token)).await).await }
    };
    // The role is trips' rule: a missing or unknown one is bad input (400 `invalid_role`).
    for q in ["", "?role=pilot"] {
        let (s, e) = list(g.token.clone(), q).await;
        assert_eq!((s, e["error"].as_str()), (400, Some("invalid_role")), "{q}: {e}");
        assert_eq!(e["message"], "role must be guest or host");
    }
    let (s, e) = list(g.token.clone(), "?role=host").await;
    assert_eq!(s, 403, "{e}");
    let (s, e) = list(stranger.token.clone(), "?role=guest").await;
    assert_eq!(s, 404, "{e}");
    let (s, b) = list(g.token.clone(), "?role=guest").await;
    assert_eq!((s, money(&b["data"]["priceToPay"])), (200, pending), "{b}");

    // The host removes the tolls; removal needs at least one incidental.
    let modify = |token: String, body: Value| {
        let id = id.clone();
        async move {
            parts(post(&format!("/v1/trips/modifyIncidentals/{id}"), body, Some(&token)).await)
                .await
        }
    };
    let (s, e) = modify(host.clone(), json!({"incidentalIds": []})).await;
    assert_eq!((s, e["error"].as_str()), (400, Some("incidental_ids_required")), "{e}");
    let (s, e) = modify(host.clone(), json!({"incidentalIds": ["nope"]})).await;
    assert_eq!(s, 400, "{e}");
    let tolls = items[2]["incidentalId"].as_str().unwrap().to_owned();
    let (s, e) = modify(g.token.clone(), json!({"incidentalIds": [tolls]})).await;
    assert_eq!(s, 403, "{e}");
    let (s, b) = modify(host.clone(), json!({"incidentalIds": [tolls]})).await;
    assert_eq!(s, 200, "{b}");
    let pending = pending - 1_250;
    assert_eq!(money(&b["data"]["pendingTotal"]), pending);
    let (s, e) = modify(host.clone(), json!({"incidentalIds": [tolls]})).await;
    assert_eq!((s, e["error"].as_str()), (409, Some("incidental_not_pending")), "{e}");

    // The trip summary card's charges per issue type.
    let (s, c) =
        parts(get(&format!("/v1/trips/getTripIssueCharges/{id}"), Some(&g.token)).await).await;
    assert_eq!(s, 200, "{c}");
    let smoking = c["data"].as_array().unwrap().iter().find(|e| e["type"] == "smoking").unwrap();
    assert_eq!(smoking["label"], "Smoking");
    assert_eq!(smoking["charges"]["Smoking_fine"]["price"], "250.00");
    assert!(c["data"].as_array().unwrap().iter().all(|e| e["type"] != "tolls"), "{c}");
    let (s, one) = parts(
        get(&format!("/v1/trips/getTripIssueCharges/{id}?type=smoking"), Some(&g.token)).await,
    )
    .await;
    assert_eq!((s, one["data"].as_array().unwrap().len()), (200, 1), "{one}");
    let (s, _) =
        parts(get(&format!("/v1/trips/getTripIssueCharges/{id}"), Some(&stranger.token)).await)
            .await;
    assert_eq!(s, 404);
    assert_eq!(money(&c["invoiceTotal"]), pending);

    // The guest accepts: priceToPay must be a number above 0 and the price shown.
    let ledger_before =
        trips_scalar(&format!("SELECT count(*) AS n FROM ledger_entries WHERE trip_id = '{id}'"))
            .await;
    let accept = |token: String, body: Value, key: Option<&'static str>| async move {
        let mut r = client()
            .post(format!("{}/v1/trips/acceptIncidentals", stack().base))
            .bearer_auth(token)
            .json(&body);
        if let Some(k) = key {
            r = r.header("Idempotency-Key", k);
        }
        parts(r.send().await.unwrap()).await
    };
    for bad in [json!({"tripId": id}), json!({"tripId": id, "priceToPay": 0})] {
        let (s, e) = accept(g.token.clone(), bad.clone(), None).await;
        assert_eq!(
            (s, e["error"].as_str(), e["message"].as_str()),
            (
                400,
                Some("invalid_price_to_pay"),
                Some("priceToPay must be a number greater than 0.")
            ),
            "{bad}"
        );
    }
    // Not an amount at all: the body is refused before trips is asked.
    for bad in [json!({"tripId": id, "priceToPay": "abc"}), json!({"tripId": id, "priceToPay": -5})]
    {
        let (s, e) = accept(g.token.clone(), bad.clone(), None).await;
        assert_eq!(
            (s, e["error"].as_str(), e["message"].as_str()),
            (400, Some("invalid_body"), Some("priceToPay: must be an amount in dollars")),
            "{bad}"
        );
    }
    let (s, e) = accept(g.token.clone(), json!({"priceToPay": 10}), None).await;
    assert_eq!((s, e["error"].as_str()), (400, Some("trip_id_required")), "{e}");
    let price = pending as f64 / 100.0;
    let (s, e) = accept(host.clone(), json!({"tripId": id, "priceToPay": price}), None).await;
    assert_eq!(s, 403, "{e}");
    let (s, e) =
        accept(g.token.clone(), json!({"tripId": id, "priceToPay": price + 1.0}), None).await;
    assert_eq!((s, e["error"].as_str()), (409, Some("price_changed")), "{e}");
    let key = Some("accept-incidentals-1");
    let (s, paid) = accept(g.token.clone(), json!({"tripId": id, "priceToPay": price}), key).await;
    assert_eq!(s, 200, "{paid}");
    assert_eq!(money(&paid["data"]["paidTotal"]), pending);
    assert_eq!(money(&paid["data"]["pendingTotal"]), 0);
    // The same key replays the answer and charges nothing more.
    let (s, again) = accept(g.token.clone(), json!({"tripId": id, "priceToPay": price}), key).await;
    assert_eq!((s, &again), (200, &paid));
    let (s, e) = accept(g.token.clone(), json!({"tripId": id, "priceToPay": price}), None).await;
    assert_eq!((s, e["error"].as_str()), (409, Some("no_pending_incidentals")), "{e}");
    assert_eq!(
        trips_scalar(&format!("SELECT count(*) AS n FROM trip_charges WHERE trip_id = '{id}'"))
            .await,
        1
    );
    assert_eq!(
        trips_scalar(&format!("SELECT count(*) AS n FROM ledger_entries WHERE trip_id = '{id}'"))
            .await,
        ledger_before + 2 // guest charge and host earning (no processing line here)
    );
    assert_eq!(trips_scalar("SELECT count(*) AS n FROM (SELECT txn_id FROM ledger_entries GROUP BY txn_id HAVING sum(amount_cents) <> 0) x").await, 0);
    let (_, h) = parts(get("/v1/transaction/getTransactionHistory", Some(&host)).await).await;
    assert!(
        h["data"].as_array().unwrap().iter().any(|t| t["tripId"] == id.as_str()
            && t["type"] == "earning"
            && money(&t["amount"]) == pending),
        "{h}"
    );
    // Every step is in the trip's history.
    let (_, t) = parts(get(&format!("/v1/trips/getTrip/{id}"), Some(&g.token)).await).await;
    let actions: Vec<&str> = t["data"]["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["action"].as_str().unwrap())
        .collect();
    for a in ["add_incidentals", "remove_incidentals", "accept_incidentals", "agreement_signed"] {
        assert!(actions.contains(&a), "{a} in {actions:?}");
    }

    // The agreement signed itself at checkout (check-in and checkout data exist).
    let (s, a) =
        parts(get(&format!("/v1/trips/getRentalAgreement/{id}"), Some(&g.token)).await).await;
    assert_eq!(s, 200, "{a}");
    assert_eq!(a["data"]["signed"], true);
    assert!(a["data"]["signedAt"].is_string() && a["data"]["checkedOutAt"].is_string());

    // 48 hours after the return the claim window is closed.
    trips_sql(&format!(
        "UPDATE trips SET checked_out_at = now() - interval '49 hours' WHERE id = '{id}'"
    ))
    .await;
    let (s, e) = add(host.clone(), json!({"type": "tolls", "amount": 3})).await;
    assert_eq!((s, e["error"].as_str()), (409, Some("claim_window_closed")), "{e}");
    let (s, e) = parts(
        post(
            &format!("/v1/trips/reportIssue/{id}"),
            json!({"type": "damage", "description": "Found later"}),
            Some(&host),
        )
        .await,
    )
    .await;
    assert_eq!((s, e["error"].as_str()), (409, Some("claim_window_closed")), "{e}");
}

#[tokio::test]
async fn cleaning_processing_goes_to_the_platform() {
    let host = host_token().await;
    let (g, id) = booked(3, 174).await;
    // In progress (arranged to start in 10 minutes): incidentals may be added during the trip.
    trips_sql(&format!("UPDATE trips SET period = tstzrange(now() + interval '10 minutes', now() + interval '2 days') WHERE id = '{id}'")).await;
    let photo = upload_photo(&g.token).await;
    let (s, b) = parts(
        post(
            &format!("/v1/trips/checkIn/{id}"),
            json!({"role": "guest", "photoUrls": [photo], "type": "exterior"}),
            Some(&g.token),
        )
        .await,
    )
    .await;
    assert_eq!(s, 200, "{b}");
    let (s, b) = parts(
        post(&format!("/v1/trips/addIncidentals/{id}"), json!([{"type": "cleaning"}]), Some(&host))
            .await,
    )
    .await;
    assert_eq!(s, 200, "{b}");
    let lines = b["data"]["incidentals"][0]["charges"].as_array().unwrap();
    assert_eq!(
        lines.iter().map(|l| l["platform"].as_bool().unwrap()).collect::<Vec<_>>(),
        [false, true]
    );
    // Incidence photos are kept by incidental type and shown with it.
    let evidence = upload_photo(&host).await;
    let (s, p) = parts(
        post(
            &format!("/v1/trips/attachReportPhotos/{id}"),
            json!({"kind": "incidence", "category": "cleaning", "photoUrls": [evidence]}),
            Some(&host),
        )
        .await,
    )
    .await;
    assert_eq!(s, 200, "{p}");
    let (_, l) =
        parts(get(&format!("/v1/trips/getIncidentals/{id}?role=host"), Some(&host)).await).await;
    assert_eq!(l["data"]["incidentals"][0]["photoUrls"][0].as_str(), Some(evidence.as_str()));
    let (s, paid) = parts(
        post(
            "/v1/trips/acceptIncidentals",
            json!({"tripId": id, "priceToPay": "154.50"}),
            Some(&g.token),
        )
        .await,
    )
    .await;
    assert_eq!(s, 200, "{paid}");
    assert_eq!(
        trips_scalar(&format!("SELECT coalesce(sum(amount_cents), 0)::bigint AS n FROM ledger_entries WHERE trip_id = '{id}' AND account = 'platform:revenue' AND description LIKE 'Incidentals%'")).await,
        450
    );
}

#[tokio::test]
async fn a_disputed_incidental_opens_a_support_ticket_and_support_decides() {
    let host = host_token().await;
    // Car 4 books on request (no other test moves a trip of it to now): the host accepts.
    let (g, id) = booked(4, 178).await;
    let (s, b) =
        parts(post(&format!("/v1/trips/acceptTrip/{id}"), json!({}), Some(&host)).await).await;
    assert_eq!((s, b["data"]["status"].as_str()), (200, Some("confirmed")), "{b}");
    completed_three_hours_late(&g, &host, &id).await;
    let (s, b) = parts(
        post(
            &format!("/v1/trips/addIncidentals/{id}"),
            json!([{"type": "smoking", "description": "Ash in the cup holder"}, {"type": "cleaning"}]),
            Some(&host),
        )
        .await,
    )
    .await;
    assert_eq!(s, 200, "{b}");
    let added = b["data"]["incidentals"].as_array().unwrap().clone();
    let ids: Vec<&str> = added.iter().map(|i| i["incidentalId"].as_str().unwrap()).collect();
    assert!(added.iter().all(|i| i["status"] == "pending" && i["disputeUntil"].is_string()), "{b}");

    // The host cannot dispute; the guest needs a reason.
    let path = format!("/v1/trips/disputeIncidentals/{id}");
    let (s, e) =
        parts(post(&path, json!({"incidentalIds": [ids[0]], "reason": "x"}), Some(&host)).await)
            .await;
    assert_eq!((s, e["error"].as_str()), (403, Some("not_allowed")), "{e}");
    let (s, e) = parts(post(&path, json!({"incidentalIds": [ids[0]]}), Some(&g.token)).await).await;
    assert_eq!((s, e["error"].as_str()), (400, Some("dispute_reason_required")), "{e}");
    let (s, b) = parts(
        post(
            &path,
            json!({"incidentalIds": [ids[0]], "reason": "Nobody smoked in the car."}),
            Some(&g.token),
        )
        .await,
    )
    .await;
    assert_eq!(s, 200, "{b}");
    let smoking = &b["data"]["incidentals"][0];
    assert_eq!(
        (smoking["status"].as_str(), smoking["disputeReason"].as_str()),
        (Some("disputed"), Some("Nobody smoked in the car."))
    );
    // Accepting now pays only the cleaning; the disputed one waits for support.
    let cleaning = money(&b["data"]["incidentals"][1]["total"]);
    assert_eq!(money(&b["data"]["priceToPay"]), cleaning);

    // Messaging opens a ticket for support, which the guest also sees as theirs.
    let mut ticket = None;
    for _ in 0..100 {
        let (s, t) = parts(get("/v1/admin/tasks", Some(&g.token)).await).await;
        assert_eq!(s, 200, "{t}");
        ticket = t["data"]
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["title"].as_str().is_some_and(|x| x.starts_with("Disputed incidentals")))
            .cloned();
        if ticket.is_some() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let ticket = ticket.expect("a support ticket for the dispute");
    assert_eq!(ticket["priority"], "high", "{ticket}");

    // Only support decides: upheld, it is charged on the guest's card.
    let decide = format!("/v1/admin/trips/decideDispute/{id}");
    let (s, e) =
        parts(post(&decide, json!({"incidentalIds": [ids[0]], "uphold": true}), Some(&host)).await)
            .await;
    assert_eq!(s, 403, "{e}");
    let support = crate::hosting::admin().await;
    let (s, b) = parts(
        post(&decide, json!({"incidentalIds": [ids[0]], "uphold": true}), Some(&support)).await,
    )
    .await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(b["data"]["incidentals"][0]["status"], "charged", "{b}");
    let (s, e) = parts(
        post(&decide, json!({"incidentalIds": [ids[0]], "uphold": false}), Some(&support)).await,
    )
    .await;
    assert_eq!(
        (s, e["error"].as_str()),
        (409, Some("incidental_not_disputed")),
        "decided once: {e}"
    );
}

#[tokio::test]
async fn issues_are_reported_with_the_callers_own_photos() {
    let host = host_token().await;
    let (g, id) = booked(1, 178).await;
    let stranger = sign_up().await;
    let (s, o) =
        parts(get(&format!("/v1/trips/getAllReportIssuesOption/{id}"), Some(&g.token)).await).await;
    assert_eq!(s, 200, "{o}");
    assert!(o["data"].as_array().unwrap().iter().any(|x| x["type"] == "damage"));
    let (s, _) = parts(
        get(&format!("/v1/trips/getAllReportIssuesOption/{id}"), Some(&stranger.token)).await,
    )
    .await;
    assert_eq!(s, 404);

    let report = |token: String, body: Value| {
        let id = id.clone();
        async move {
            parts(post(&format!("/v1/trips/reportIssue/{id}"), body, Some(&token)).await).await
        }
    };
    let photo = upload_photo(&g.token).await;
    let strangers_photo = upload_photo(&stranger.token).await;
    for (bad, code) in [
        (json!({"description": "x"}), "invalid_issue_type"),
        (json!({"type": "lasers", "description": "x"}), "invalid_issue_type"),
        (json!({"type": "damage"}), "description_required"),
        (
            json!({"type": "damage", "description": "Dent", "photoUrls": [strangers_photo]}),
            "not_your_photo",
        ),
    ] {
        let (s, e) = report(g.token.clone(), bad.clone()).await;
        assert!(s == 400 || s == 403, "{bad}: {s} {e}");
        assert_eq!(e["error"].as_str(), Some(code), "{bad}: {e}");
    }
    let (s, e) =
        report(stranger.token.clone(), json!({"type": "damage", "description": "x"})).await;
    assert_eq!(s, 404, "{e}");
    let (s, r) = report(
        g.token.clone(),
        json!({"type": "damage", "description": "Scratch on the rear bumper", "photoUrls": [photo]}),
    )
    .await;
    assert_eq!(s, 200, "{r}");
    assert_eq!(r["data"]["type"], "damage");
    assert_eq!(r["data"]["reportedBy"], "guest");
    assert_eq!(r["data"]["photos"][0]["sha256"].as_str().unwrap().len(), 64);

    // Photo attachment: at least one of one's own photos; issue photos need the report first.
    let attach = |token: String, body: Value| {
        let id = id.clone();
        async move {
            parts(post(&format!("/v1/trips/attachReportPhotos/{id}"), body, Some(&token)).await)
                .await
        }
    };
    let (s, e) = attach(
        g.token.clone(),
        json!({"kind": "report-damage", "category": "bumper", "photoUrls": []}),
    )
    .await;
    assert_eq!(
        (s, e["message"].as_str()),
        (400, Some("Please select or capture at least 1 image."))
    );
    let (s, e) = attach(
        g.token.clone(),
        json!({"kind": "report-damage", "category": "bumper", "photoUrls": [strangers_photo]}),
    )
    .await;
    assert_eq!(s, 403, "{e}");
    let (s, e) = attach(
        g.token.clone(),
        json!({"kind": "report-damage", "category": "../x", "photoUrls": [photo]}),
    )
    .await;
    assert_eq!(s, 400, "{e}");
    let more = upload_photo(&g.token).await;
    let (s, e) = attach(
        g.token.clone(),
        json!({"kind": "report-issue", "category": "accident", "photoUrls": [more]}),
    )
    .await;
    assert_eq!((s, e["error"].as_str()), (409, Some("issue_not_reported")), "{e}");
    let (s, p) = attach(
        g.token.clone(),
        json!({"kind": "report-issue", "category": "Damage", "photoUrls": [more]}),
    )
    .await;
    assert_eq!(s, 200, "{p}");
    assert_eq!(p["data"]["photoUrls"].as_array().unwrap().len(), 2);
    let host_photo = upload_photo(&host).await;
    let (s, p) = attach(
        host.clone(),
        json!({"kind": "report-damage", "category": "bumper", "photoUrls": [host_photo]}),
    )
    .await;
    assert_eq!((s, p["data"]["photos"][0]["uploadedBy"].as_str()), (200, Some("host")), "{p}");
    let (s, _) = attach(
        stranger.token.clone(),
        json!({"kind": "report-damage", "category": "bumper", "photoUrls": [strangers_photo]}),
    )
    .await;
    assert_eq!(s, 404);

    // The host sees the guest's report and its photos.
    let (s, c) =
        parts(get(&format!("/v1/trips/getTripIssueCharges/{id}"), Some(&host)).await).await;
    assert_eq!(s, 200, "{c}");
    let reports = c["reports"].as_array().unwrap();
    assert_eq!(reports.len(), 1);
    assert_eq!(reports[0]["photoUrls"].as_array().unwrap().len(), 2);
    assert_eq!(c["data"].as_array().unwrap().len(), 0);
    // Photos and reports are append-only.
    let n = trips_scalar(&format!(
        "SELECT count(*) AS n FROM trip_report_photos WHERE trip_id = '{id}'"
    ))
    .await;
    assert_eq!(n, 3);
}

#[tokio::test]
async fn the_rental_agreement_is_read_by_the_trips_people_or_with_its_link() {
    let (g, id) = booked(2, 182).await;
    let host = host_token().await;
    let (s, a) =
        parts(get(&format!("/v1/trips/getRentalAgreement/{id}"), Some(&g.token)).await).await;
    assert_eq!(s, 200, "{a}");
    let d = &a["data"];
    for f in [
        "renterName",
        "createdAt",
        "timeZone",
        "carName",
        "licensePlate",
        "newStartTimeFormatted",
        "newEndTimeFormatted",
        "reservationNumber",
    ] {
        assert!(d[f].as_str().is_some_and(|v| !v.is_empty()), "{f}: {a}");
    }
    assert!(d["carYear"].as_i64().is_some(), "{a}");
    assert_eq!(d["protectionPlan"]["name"], "Standard");
    assert!(d["newStartTimeFormatted"].as_str().unwrap().contains("10:00 AM"), "{a}");
    assert_eq!(d["signed"], false);
    let token = d["agreementToken"].as_str().unwrap().to_owned();
    // The host gets the same link; a stranger learns nothing.
    let (_, ha) =
        parts(get(&format!("/v1/trips/getRentalAgreement/{id}"), Some(&host)).await).await;
    assert_eq!(ha["data"]["agreementToken"].as_str(), Some(token.as_str()));
    let stranger = sign_up().await;
    let (s, _) =
        parts(get(&format!("/v1/trips/getRentalAgreement/{id}"), Some(&stranger.token)).await)
            .await;
    assert_eq!(s, 404);
    // Without signing in: the link's token works, the user's token in the url too.
    let (s, b) =
        parts(get(&format!("/v1/trips/getRentalAgreement/{id}?token={token}"), None).await).await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(b["data"]["reservationNumber"], d["reservationNumber"]);
    assert!(b["data"]["agreementToken"].is_null());
    let (s, _) =
        parts(get(&format!("/v1/trips/getRentalAgreement/{id}?token={}", g.token), None).await)
            .await;
    assert_eq!(s, 200);
    let (s, e) =
        parts(get(&format!("/v1/trips/getRentalAgreement/{id}?token=wrong"), None).await).await;
    assert_eq!((s, e["error"].as_str()), (404, Some("agreement_not_found")));
    let (other_guest, other) = booked(3, 186).await;
    let _ = other_guest;
    let (s, _) =
        parts(get(&format!("/v1/trips/getRentalAgreement/{other}?token={token}"), None).await)
            .await;
    assert_eq!(s, 404);
    let (s, e) = parts(get(&format!("/v1/trips/getRentalAgreement/{id}"), None).await).await;
    assert_eq!((s, e["error"].as_str()), (401, Some("token_missing")));
}

/// The invitation token sent to `email`, from the trips outbox (the notifications consumer
/// would email it).
/// The invitation token, as the invitee receives it: accounts consumes trips' invitation event
/// and emails the link (read here from the development outbox).
pub(crate) async fn invitation_token(email: &str) -> String {
    for _ in 0..200 {
        let (s, b) =
            parts(get(&format!("/v1/dev/outbox?to={}", urlencode(email)), None).await).await;
        assert_eq!(s, 200, "{b}");
        let found =
            b["data"].as_array().unwrap().iter().find(|m| {
                m["subject"].as_str().is_some_and(|s| s.ends_with("invited you to drive"))
            });
        if let Some(m) = found {
            let token = m["code"].as_str().expect("the token as the message's code").to_owned();
            let body = m["body"].as_str().unwrap();
            assert!(body.contains(&format!("/additional-driver?token={token}")), "{body}");
            assert_eq!(m["subject"], "Ada invited you to drive");
            return token;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("no invitation email reached {email}");
}

#[tokio::test]
async fn additional_drivers_are_invited_by_the_guest_and_join_with_a_single_use_token() {
    let (g, id) = booked(2, 190).await;
    let host = host_token().await;
    let friend = verified_guest().await;
    let invite = |token: String, body: Value| async move {
        parts(post("/v1/trips/addAdditionalDriver", body, Some(&token)).await).await
    };
    for (bad, code) in [
        (json!({"additionalDriverEmails": [friend.email]}), "trip_id_required"),
        (json!({"tripId": id}), "additional_driver_emails_required"),
        (json!({"tripId": id, "additionalDriverEmails": []}), "additional_driver_emails_required"),
        (json!({"tripId": id, "additionalDriverEmails": ["not-an-email"]}), "invalid_email"),
        (json!({"tripId": id, "additionalDriverEmails": [g.email]}), "own_email"),
        (
            json!({"tripId": id, "additionalDriverEmails": ["a@x.com", "b@x.com", "c@x.com", "d@x.com"]}),
            "too_many_drivers",
        ),
    ] {
        let (s, e) = invite(g.token.clone(), bad.clone()).await;
        assert_eq!((s, e["error"].as_str()), (400, Some(code)), "{bad}: {e}");
    }
    let (s, e) =
        invite(host.clone(), json!({"tripId": id, "additionalDriverEmails": [friend.email]})).await;
    assert_eq!(s, 403, "{e}");
    let (s, b) = invite(
        g.token.clone(),
        json!({"tripId": id, "additionalDriverEmails": format!("{}, second@example.com", friend.email.to_uppercase())}),
    )
    .await;
    assert_eq!(s, 200, "{b}");
    let drivers = b["data"]["additionalDrivers"].as_array().unwrap();
    assert_eq!(drivers.len(), 2);
    assert!(drivers.iter().all(|d| d["status"] == "invited"));
    let (s, e) = invite(
        g.token.clone(),
        json!({"tripId": id, "additionalDriverEmails": ["c@x.com", "d@x.com"]}),
    )
    .await;
    // One rule, one code: too many drivers is a 400 whether the request or the trip holds them.
    assert_eq!((s, e["error"].as_str()), (400, Some("too_many_drivers")), "{e}");
    // Tokens are stored hashed only.
    let token = invitation_token(&friend.email).await;
    assert_eq!(
        trips_scalar(&format!(
            "SELECT count(*) AS n FROM trip_additional_drivers WHERE token_sha256 = '{token}'"
        ))
        .await,
        0
    );

    let check = |path: &'static str, bearer: String, token: String| async move {
        parts(post(path, json!({"token": token}), Some(&bearer)).await).await
    };
    let (s, e) =
        check("/v1/additionaldriver/verification", friend.token.clone(), String::new()).await;
    assert_eq!((s, e["error"].as_str()), (400, Some("token_required")));
    let (s, e) =
        check("/v1/additionaldriver/verification", friend.token.clone(), "nope".into()).await;
    assert_eq!((s, e["error"].as_str()), (404, Some("invitation_not_found")));
    let other = sign_up().await;
    let (s, e) =
        check("/v1/additionaldriver/verification", other.token.clone(), token.clone()).await;
    assert_eq!((s, e["error"].as_str()), (403, Some("invitation_for_another_email")), "{e}");
    let (s, v) =
        check("/v1/additionaldriver/verification", friend.token.clone(), token.clone()).await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(
        (v["data"]["tripId"].as_str(), v["data"]["status"].as_str()),
        (Some(id.as_str()), Some("invited"))
    );
    // Before joining, the friend is a stranger to the trip.
    let (s, _) = parts(get(&format!("/v1/trips/getTrip/{id}"), Some(&friend.token)).await).await;
    assert_eq!(s, 404);
    let (s, j) =
        check("/v1/additionaldriver/addDriverToTrip", friend.token.clone(), token.clone()).await;
    assert_eq!((s, j["data"]["status"].as_str()), (200, Some("added")), "{j}");
    // Once added, the driver reads the trip without its money and finds it in their trips,
    // but can neither cancel nor modify it (nor check in: the domain's table tests).
    let (s, d) = parts(get(&format!("/v1/trips/getTrip/{id}"), Some(&friend.token)).await).await;
    assert_eq!(s, 200, "{d}");
    assert_eq!(d["data"]["viewerRole"], "driver");
    assert_eq!(d["data"]["tripId"], id.as_str());
    assert!(d["data"]["finalPrice"].is_null() && d["data"]["priceDetails"].is_null(), "{d}");
    assert!(d["data"]["paymentStatus"].is_null(), "no payment in a driver's view: {d}");
    assert_eq!(d["data"]["message"], "");
    assert!(
        d["data"]["additionalDrivers"].as_array().unwrap().iter().all(|x| x["status"] == "added")
    );
    let (s, list) =
        parts(get("/v1/trips/getInProgressAndFutureTrips", Some(&friend.token)).await).await;
    assert_eq!(s, 200, "{list}");
    let mine: Vec<&Value> =
        list["data"].as_array().unwrap().iter().filter(|t| t["tripId"] == id.as_str()).collect();
    assert_eq!(mine.len(), 1, "{list}");
    assert!(mine[0]["viewerRole"] == "driver" && mine[0]["finalPrice"].is_null());
    let (s, e) = parts(
        post(
            "/v1/trips/cancelTrip",
            json!({"tripId": id, "cancelReason": "not mine", "refundAmount": 0}),
            Some(&friend.token),
        )
        .await,
    )
    .await;
    assert_eq!(s, 403, "{e}");
    let (s, e) = parts(
        post(
            "/v1/trips/createModifyTripRequest",
            json!({"tripId": id, "extras": [], "protectionPlanType": "Minimum"}),
            Some(&friend.token),
        )
        .await,
    )
    .await;
    assert_eq!(s, 403, "{e}");
    let (s, _) = parts(
        get(&format!("/v1/trips/getCheckInAndCheckoutPhotos/{id}"), Some(&friend.token)).await,
    )
    .await;
    assert_eq!(s, 200);
    let (s, e) =
        parts(get(&format!("/v1/trips/getIncidentals/{id}?role=guest"), Some(&friend.token)).await)
            .await;
    assert_eq!(s, 403, "{e}");
    // The guest's own view still carries the money.
    let (_, gv) = parts(get(&format!("/v1/trips/getTrip/{id}"), Some(&g.token)).await).await;
    assert!(
        gv["data"]["finalPrice"].as_f64().unwrap() > 0.0 && gv["data"]["viewerRole"] == "guest"
    );
    let (s, e) =
        check("/v1/additionaldriver/addDriverToTrip", friend.token.clone(), token.clone()).await;
    assert_eq!((s, e["error"].as_str()), (409, Some("invitation_used")), "{e}");
    // An unverified invitee cannot join; an expired invitation neither.
    let second = invitation_token("second@example.com").await;
    trips_sql(&format!("UPDATE trip_additional_drivers SET expires_at = now() - interval '1 minute' WHERE trip_id = '{id}' AND email = 'second@example.com'")).await;
    let (s, b) =
        invite(g.token.clone(), json!({"tripId": id, "additionalDriverEmails": [friend.email]}))
            .await;
    assert_eq!((s, b["error"].as_str()), (409, Some("driver_already_added")), "{b}");
    let _ = second;
    let unverified = sign_up().await;
    let (s, b) = invite(
        g.token.clone(),
        json!({"tripId": id, "additionalDriverEmails": [unverified.email]}),
    )
    .await;
    assert_eq!(s, 200, "{b}");
    let t = invitation_token(&unverified.email).await;
    let (s, e) = check("/v1/additionaldriver/addDriverToTrip", unverified.token.clone(), t).await;
    assert_eq!((s, e["error"].as_str()), (403, Some("verification_required")), "{e}");
    let (_, trip) = parts(get(&format!("/v1/trips/getTrip/{id}"), Some(&g.token)).await).await;
    let actions: Vec<&str> = trip["data"]["history"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h["action"].as_str().unwrap())
        .collect();
    assert!(actions.contains(&"invite_driver") && actions.contains(&"add_driver"), "{actions:?}");
    let added: Vec<&str> = trip["data"]["additionalDrivers"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| d["status"] == "added")
        .map(|d| d["email"].as_str().unwrap())
        .collect();
    assert_eq!(added, [friend.email.as_str()]);
    let (_, a) =
        parts(get(&format!("/v1/trips/getRentalAgreement/{id}"), Some(&g.token)).await).await;
    assert_eq!(a["data"]["additionalDrivers"], json!([friend.email]));
}

#[tokio::test]
async fn the_guest_removes_an_additional_driver_who_then_no_longer_sees_the_trip() {
    let (g, id) = booked(2, 196).await;
    let friend = verified_guest().await;
    let remove = |token: String, body: Value| async move {
        parts(post("/v1/trips/removeAdditionalDriver", body, Some(&token)).await).await
    };
    let (s, b) = parts(
        post(
            "/v1/trips/addAdditionalDriver",
            json!({"tripId": id, "additionalDriverEmails": [friend.email, "pending@example.com"]}),
            Some(&g.token),
        )
        .await,
    )
    .await;
    assert_eq!(s, 200, "{b}");
    let token = invitation_token(&friend.email).await;
    let (s, j) = parts(
        post("/v1/additionaldriver/addDriverToTrip", json!({"token": token}), Some(&friend.token))
            .await,
    )
    .await;
    assert_eq!(s, 200, "{j}");
    let pending = invitation_token("pending@example.com").await;

    // Bad input changes nothing.
    for (bad, status, code) in [
        (json!({"email": friend.email}), 400, "trip_id_required"),
        (json!({"tripId": id}), 400, "email_required"),
        (json!({"tripId": id, "email": "not-an-email"}), 400, "invalid_email"),
        (json!({"tripId": id, "email": "nobody@example.com"}), 404, "driver_not_found"),
    ] {
        let (s, e) = remove(g.token.clone(), bad.clone()).await;
        assert_eq!((s, e["error"].as_str()), (status, Some(code)), "{bad}: {e}");
    }
    // Only the guest (or support) removes: the host and the driver are refused.
    let (s, e) = remove(host_token().await, json!({"tripId": id, "email": friend.email})).await;
    assert_eq!((s, e["error"].as_str()), (403, Some("not_allowed")), "{e}");
    let (s, e) = remove(friend.token.clone(), json!({"tripId": id, "email": friend.email})).await;
    assert_eq!((s, e["error"].as_str()), (403, Some("not_allowed")), "{e}");
    let (s, _) = parts(get(&format!("/v1/trips/getTrip/{id}"), Some(&friend.token)).await).await;
    assert_eq!(s, 200, "still a driver after the refusals");

    // The guest removes the driver (the email in any case) and withdraws the invitation.
    let (s, b) =
        remove(g.token.clone(), json!({"tripId": id, "email": friend.email.to_uppercase()})).await;
    assert_eq!(s, 200, "{b}");
    assert!(b["message"].as_str().is_some_and(|m| m.contains(&friend.email)), "{b}");
    let left: Vec<&str> = b["data"]["additionalDrivers"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["email"].as_str().unwrap())
        .collect();
    assert_eq!(left, ["pending@example.com"], "{b}");
    let (s, _) = parts(get(&format!("/v1/trips/getTrip/{id}"), Some(&friend.token)).await).await;
    assert_eq!(s, 404, "a removed driver is a stranger to the trip again");
    let (_, list) =
        parts(get("/v1/trips/getInProgressAndFutureTrips", Some(&friend.token)).await).await;
    let listed =
        list["data"].as_array().is_some_and(|l| l.iter().any(|t| t["tripId"] == id.as_str()));
    assert!(!listed, "{list}");
    let (s, e) = remove(g.token.clone(), json!({"tripId": id, "email": friend.email})).await;
    assert_eq!((s, e["error"].as_str()), (404, Some("driver_not_found")), "removed once: {e}");

    let (s, b) =
        remove(g.token.clone(), json!({"tripId": id, "email": "pending@example.com"})).await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(b["data"]["additionalDrivers"], json!([]));
    let other = sign_up().await;
    let (s, e) = parts(
        post("/v1/additionaldriver/verification", json!({"token": pending}), Some(&other.token))
            .await,
    )
    .await;
    assert_eq!(
        (s, e["error"].as_str()),
        (404, Some("invitation_not_found")),
        "a withdrawn link: {e}"
    );

    // The history records both removals; the agreement lists no additional driver.
    let (_, trip) = parts(get(&format!("/v1/trips/getTrip/{id}"), Some(&g.token)).await).await;
    let removed = trip["data"]["history"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|h| h["action"] == "remove_driver")
        .count();
    assert_eq!(removed, 2, "{trip}");
    let (_, a) =
        parts(get(&format!("/v1/trips/getRentalAgreement/{id}"), Some(&g.token)).await).await;
    assert_eq!(a["data"]["additionalDrivers"], json!([]));
    // The driver may be invited again.
    let (s, b) = parts(
        post(
            "/v1/trips/addAdditionalDriver",
            json!({"tripId": id, "additionalDriverEmails": [friend.email]}),
            Some(&g.token),
        )
        .await,
    )
    .await;
    assert_eq!(s, 200, "{b}");
}
