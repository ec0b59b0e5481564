//! A host's incidentals are never charged before the guest answers: within 48 hours the guest
//! accepts (charged) or disputes (support upholds, charged, or waives, removed); unanswered,
//! the job charges them when the window closes. The clock is moved over the window.

use crate::helpers::{TestApp, as_role, as_user, code_of, spawn_app};
use chrono::{DateTime, Duration, Utc};
use tonic::Code;
use trips::api::incidentals::{UnansweredRun, charge_unanswered};
use upcar_identity::Role;
use upcar_proto::trips as pb;
use uuid::Uuid;

fn at(t: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(t).unwrap().with_timezone(&Utc)
}

/// A completed trip, returned now; answers (trip, guest, host).
async fn returned(app: &TestApp) -> (pb::Trip, Uuid, Uuid) {
    let (car, host) = app.car(3, true).await;
    let guest = app.guest().await;
    let trip = app.book(guest, app.trip_request(car, 1, 3)).await.unwrap();
    app.clock.set(at(&trip.start_time));
    app.handover(guest, &trip.trip_id, true).await.unwrap();
    app.clock.set(at(&trip.end_time));
    app.handover(guest, &trip.trip_id, false).await.unwrap();
    (trip, guest, host)
}

async fn add(app: &TestApp, host: Uuid, trip: &str, kinds: &[&str]) -> Vec<pb::Incidental> {
    let r = pb::AddIncidentalsRequest {
        trip_id: trip.to_owned(),
        items: kinds
            .iter()
            .map(|k| pb::IncidentalItem {
                r#type: (*k).into(),
                description: format!("{k} found at the return"),
                ..Default::default()
            })
            .collect(),
    };
    app.trips.clone().add_incidentals(as_user(r, host)).await.unwrap().into_inner().incidentals
}

fn dispute(trip: &str, ids: &[&str], reason: &str) -> pb::DisputeIncidentalsRequest {
    pb::DisputeIncidentalsRequest {
        trip_id: trip.to_owned(),
        incidental_ids: ids.iter().map(|s| (*s).to_owned()).collect(),
        reason: reason.into(),
    }
}

async fn charged(app: &TestApp, trip: &str) -> i64 {
    app.count(&format!(
        "SELECT coalesce(-sum(amount_cents), 0)::bigint AS n FROM ledger_entries \
         WHERE trip_id = '{trip}' AND kind = 'charge' AND description LIKE 'Incidentals%'"
    ))
    .await
}

async fn run(app: &TestApp) -> UnansweredRun {
    charge_unanswered(&app.state.pool, app.state.payments.as_ref(), app.clock.now()).await.unwrap()
}

#[tokio::test]
async fn unanswered_incidentals_are_charged_only_when_the_48_hours_close() {
    let app = spawn_app().await;
    let (trip, guest, host) = returned(&app).await;
    let added = add(&app, host, &trip.trip_id, &["smoking"]).await;
    let until = at(&added[0].dispute_until);
    assert_eq!(until - at(&added[0].created_at), Duration::hours(48));

    app.clock.set(until - Duration::seconds(1));
    assert_eq!(run(&app).await, UnansweredRun::default());
    assert_eq!(charged(&app, &trip.trip_id).await, 0, "nothing before the window closes");

    app.clock.set(until);
    assert_eq!(run(&app).await.charged, 1);
    assert_eq!(charged(&app, &trip.trip_id).await, added[0].total_cents);
    assert_eq!(run(&app).await, UnansweredRun::default(), "charged once");
    let r = pb::IncidentalsRequest { trip_id: trip.trip_id.clone(), role: "guest".into() };
    let list = app.trips.clone().get_incidentals(as_user(r, guest)).await.unwrap().into_inner();
    assert_eq!(list.incidentals[0].status(), pb::IncidentalStatus::Paid);
    let history = app.trip(guest, &trip.trip_id).await.unwrap().history;
    assert!(history.iter().any(|h| h.action == "charge_incidentals"), "{history:?}");
}

#[tokio::test]
async fn a_disputed_incidental_waits_for_support_who_upholds_or_waives_it() {
    let app = spawn_app().await;
    let (trip, guest, host) = returned(&app).await;
    let added = add(&app, host, &trip.trip_id, &["smoking", "cleaning"]).await;
    let (smoking, cleaning) = (added[0].id.as_str(), added[1].id.as_str());

    // Only the guest disputes, with a reason, within the window.
    let e = app
        .trips
        .clone()
        .dispute_incidentals(as_user(dispute(&trip.trip_id, &[smoking], "No one smoked."), host))
        .await
        .unwrap_err();
    assert_eq!(code_of(&e).0, Code::PermissionDenied);
    let e = app
        .trips
        .clone()
        .dispute_incidentals(as_user(dispute(&trip.trip_id, &[smoking], "  "), guest))
        .await
        .unwrap_err();
    assert_eq!(code_of(&e), (Code::InvalidArgument, "dispute_reason_required".into()));
    let r = app
        .trips
        .clone()
        .dispute_incidentals(as_user(
            dispute(&trip.trip_id, &[smoking, cleaning], "No one smoked; the car was clean."),
            guest,
        ))
        .await
        .unwrap()
        .into_inner();
    assert!(r.incidentals.iter().all(|i| i.status() == pb::IncidentalStatus::Disputed));
    assert_eq!(r.incidentals[0].dispute_reason, "No one smoked; the car was clean.");
    assert_eq!(
        app.count(
            "SELECT count(*) AS n FROM outbox WHERE event_type = 'trips.incidentals_disputed'"
        )
        .await,
        1,
        "support is told"
    );
    // Disputed twice, or accepted as if pending: refused.
    let e = app
        .trips
        .clone()
        .dispute_incidentals(as_user(dispute(&trip.trip_id, &[smoking], "again"), guest))
        .await
        .unwrap_err();
    assert_eq!(code_of(&e), (Code::AlreadyExists, "incidental_not_disputable".into()));

    // The window closing charges nothing disputed.
    app.clock.advance(Duration::hours(49));
    assert_eq!(run(&app).await, UnansweredRun::default());
    assert_eq!(charged(&app, &trip.trip_id).await, 0);

    // Support decides: only support; smoking upheld (charged), cleaning waived (removed).
    let decide = |ids: &[&str], uphold: bool| pb::DecideDisputeRequest {
        trip_id: trip.trip_id.clone(),
        incidental_ids: ids.iter().map(|s| (*s).to_owned()).collect(),
        uphold,
    };
    let e = app
        .trips
        .clone()
        .decide_dispute(as_user(decide(&[smoking], true), host))
        .await
        .unwrap_err();
    assert_eq!(code_of(&e).0, Code::PermissionDenied);
    let admin = Uuid::now_v7();
    let upheld = app
        .trips
        .clone()
        .decide_dispute(as_role(decide(&[smoking], true), admin, Role::Admin))
        .await
        .unwrap()
        .into_inner();
    let waived = app
        .trips
        .clone()
        .decide_dispute(as_role(decide(&[cleaning], false), admin, Role::Admin))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(upheld.incidentals[0].status(), pb::IncidentalStatus::Paid);
    assert_eq!(waived.incidentals[1].status(), pb::IncidentalStatus::Removed);
    assert_eq!(charged(&app, &trip.trip_id).await, added[0].total_cents, "only the upheld one");
    let e = app
        .trips
        .clone()
        .decide_dispute(as_role(decide(&[smoking], true), admin, Role::Admin))
        .await
        .unwrap_err();
    assert_eq!(
        code_of(&e),
        (Code::AlreadyExists, "incidental_not_disputed".into()),
        "decided once"
    );
}

#[tokio::test]
async fn the_window_to_dispute_closes_after_48_hours() {
    let app = spawn_app().await;
    let (trip, guest, host) = returned(&app).await;
    let added = add(&app, host, &trip.trip_id, &["smoking"]).await;
    app.clock.set(at(&added[0].dispute_until));
    let e = app
        .trips
        .clone()
        .dispute_incidentals(as_user(dispute(&trip.trip_id, &[&added[0].id], "late"), guest))
        .await
        .unwrap_err();
    assert_eq!(code_of(&e), (Code::AlreadyExists, "invalid_trip_status".into()));
}
