//! A trip's life after booking: the host answers a request, the guest checks in when check-in
//! opens and checks out, lateness is measured at the checkout, lists follow the clock, and an
//! additional driver sees the trip without its money or other people's invitations.

use crate::helpers::*;
use chrono::{DateTime, Duration, Utc};
use prost::Message;
use tonic::Code;
use upcar_proto::events::AdditionalDriverInvited;
use upcar_proto::trips as pb;
use uuid::Uuid;

/// A trip of a new car from day 5 to day 8 (requested when the car takes requests only).
async fn booked(app: &TestApp, instant: bool) -> (pb::Trip, Uuid, Uuid) {
    let (car, host) = app.car(3, instant).await;
    let guest = app.guest().await;
    let trip = app.book(guest, app.trip_request(car, 5, 8)).await.unwrap();
    (trip, guest, host)
}

/// When a trip starts, as it says (the clock's "today" moves with the clock; the trip does not).
fn start_of(t: &pb::Trip) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(&t.start_time).unwrap().with_timezone(&Utc)
}

/// When a trip ends.
fn end_of(t: &pb::Trip) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(&t.end_time).unwrap().with_timezone(&Utc)
}

#[tokio::test]
async fn a_request_waits_for_the_host_and_accepting_it_twice_changes_nothing() {
    let app = spawn_app().await;
    let (trip, _, host) = booked(&app, false).await;
    assert_eq!(trip.status(), pb::TripStatus::Requested);
    let accept = |id: &str| pb::TripIdRequest { trip_id: id.to_owned() };

    let first = app.trips.clone().accept_trip(as_user(accept(&trip.trip_id), host)).await;
    let again = app.trips.clone().accept_trip(as_user(accept(&trip.trip_id), host)).await;

    let (first, again) = (first.unwrap().into_inner(), again.unwrap().into_inner());
    assert_eq!(first.trip.as_ref().unwrap().status(), pb::TripStatus::Confirmed);
    assert_eq!(again.message, "The trip is already confirmed.");
    assert_eq!(again.trip.unwrap().history.len(), first.trip.unwrap().history.len());
}

#[tokio::test]
async fn a_guest_cannot_accept_their_own_request() {
    let app = spawn_app().await;
    let (trip, guest, _) = booked(&app, false).await;

    let e = app
        .trips
        .clone()
        .accept_trip(as_user(pb::TripIdRequest { trip_id: trip.trip_id }, guest))
        .await
        .unwrap_err();

    assert_eq!(code_of(&e), (Code::PermissionDenied, "not_allowed".into()));
}

#[tokio::test]
async fn a_rejected_request_releases_the_hold() {
    let app = spawn_app().await;
    let (trip, _, host) = booked(&app, false).await;
    let r = pb::RejectTripRequest { trip_id: trip.trip_id.clone(), reject_reason: "Busy".into() };

    let t = app.trips.clone().reject_trip(as_user(r, host)).await.unwrap().into_inner().trip;

    assert_eq!(t.unwrap().status(), pb::TripStatus::Rejected);
    let released = format!(
        "SELECT count(*) AS n FROM payment_holds WHERE trip_id = '{}' AND status = 'released'",
        trip.trip_id
    );
    assert_eq!(app.count(&released).await, 1);
}

#[tokio::test]
async fn check_in_opens_thirty_minutes_before_the_start_and_captures_the_hold() {
    let app = spawn_app().await;
    let (trip, guest, _) = booked(&app, true).await;
    app.clock.set(start_of(&trip) - Duration::minutes(45));

    let early = app.handover(guest, &trip.trip_id, true).await.unwrap_err();
    app.clock.set(start_of(&trip) - Duration::minutes(20));
    let started = app.handover(guest, &trip.trip_id, true).await.unwrap();

    assert_eq!(code_of(&early), (Code::AlreadyExists, "check_in_not_open".into()));
    assert_eq!(
        (started.status(), started.payment_status()),
        (pb::TripStatus::InProgress, pb::PaymentStatus::Captured)
    );
}

#[tokio::test]
async fn the_earnings_of_a_team_car_are_split_with_its_cohost_by_their_share() {
    let app = spawn_app().await;
    let (car, host) = app.car(3, true).await;
    let cohost = Uuid::now_v7();
    app.cohost_with_share(host, car, cohost, 2_500).await;
    let known = format!(
        "SELECT count(*) AS n FROM team_access WHERE active AND '{car}' = ANY(car_ids) AND cohost_shares = ARRAY[2500]"
    );
    app.eventually("trips knows the team's split", || async { app.count(&known).await == 1 }).await;
    let guest = app.guest().await;
    let trip = app.book(guest, app.trip_request(car, 5, 8)).await.unwrap();
    app.clock.set(start_of(&trip) - Duration::minutes(10));
    app.handover(guest, &trip.trip_id, true).await.unwrap();

    let earned = |who: Uuid| {
        format!(
            "SELECT coalesce(sum(amount_cents), 0)::bigint AS n FROM ledger_entries \
             WHERE trip_id = '{}' AND kind = 'earning' AND user_id = '{who}'",
            trip.trip_id
        )
    };
    let (host_part, cohost_part) =
        (app.count(&earned(host)).await, app.count(&earned(cohost)).await);
    assert!(host_part > 0, "the host earned {host_part}");
    // The co-host's quarter, rounded toward zero; the host keeps the rest.
    assert_eq!(cohost_part, (host_part + cohost_part) * 2_500 / 10_000);
    let unbalanced = format!(
        "SELECT count(*) AS n FROM (SELECT txn_id FROM ledger_entries WHERE trip_id = '{}' \
         GROUP BY txn_id HAVING sum(amount_cents) <> 0) x",
        trip.trip_id
    );
    assert_eq!(app.count(&unbalanced).await, 0);
    let history = pb::TransactionHistoryRequest { year: None };
    let mine = app.trips.clone().get_transaction_history(as_user(history, cohost)).await.unwrap();
    assert_eq!(mine.into_inner().total_earned_cents, cohost_part);
}

#[tokio::test]
async fn checkout_completes_the_trip_and_signs_the_agreement_at_the_services_time() {
    let app = spawn_app().await;
    let (trip, guest, host) = booked(&app, true).await;
    app.clock.set(start_of(&trip) - Duration::minutes(10));
    app.handover(guest, &trip.trip_id, true).await.unwrap();
    let returned = end_of(&trip) - Duration::minutes(15);
    app.clock.set(returned);

    let done = app.handover(host, &trip.trip_id, false).await.unwrap();

    assert_eq!(done.status(), pb::TripStatus::Completed);
    let r = pb::RentalAgreementRequest { trip_id: trip.trip_id.clone(), token: String::new() };
    let agreement = app.trips.clone().get_rental_agreement(as_user(r, guest)).await.unwrap();
    let signed_at = agreement.into_inner().signed_at.unwrap();
    let signed_at = DateTime::parse_from_rfc3339(&signed_at).unwrap().with_timezone(&Utc);
    assert!((signed_at - returned).num_seconds().abs() < 60, "signed at {signed_at}");
}

#[tokio::test]
async fn a_late_return_is_measured_at_the_checkout_and_priced_by_the_rule() {
    let app = spawn_app().await;
    let (trip, guest, host) = booked(&app, true).await;
    app.clock.set(start_of(&trip));
    app.handover(guest, &trip.trip_id, true).await.unwrap();
    app.clock.set(end_of(&trip) + Duration::minutes(90));
    app.handover(guest, &trip.trip_id, false).await.unwrap();
    // The host looks a day later: the lateness is the checkout's, not today's.
    app.clock.advance(Duration::hours(24));

    let o = app
        .trips
        .clone()
        .get_incidental_options(as_user(pb::TripIdRequest { trip_id: trip.trip_id }, host))
        .await
        .unwrap()
        .into_inner();

    assert_eq!(o.minutes_late, 90);
    let late = o.options.iter().find(|x| x.r#type == "late_return").unwrap();
    assert_eq!(late.amount_now_cents, Some(DAILY_CENTS / 2), "half a day under 2 hours");
    assert!(o.can_add, "within 48 hours of the return");
}

#[tokio::test]
async fn claims_close_48_hours_after_the_return() {
    let app = spawn_app().await;
    let (trip, guest, host) = booked(&app, true).await;
    app.clock.set(start_of(&trip));
    app.handover(guest, &trip.trip_id, true).await.unwrap();
    app.clock.set(end_of(&trip));
    app.handover(guest, &trip.trip_id, false).await.unwrap();
    app.clock.advance(Duration::hours(49));
    let smoking = pb::AddIncidentalsRequest {
        trip_id: trip.trip_id.clone(),
        items: vec![pb::IncidentalItem { r#type: "smoking".into(), ..Default::default() }],
    };

    let e = app.trips.clone().add_incidentals(as_user(smoking, host)).await.unwrap_err();

    assert_eq!(code_of(&e), (Code::AlreadyExists, "claim_window_closed".into()));
}

#[tokio::test]
async fn a_trip_moves_from_the_current_list_to_the_past_one_when_its_end_passes() {
    let app = spawn_app().await;
    let (trip, guest, _) = booked(&app, true).await;
    let list = |view: &str| {
        let r = as_user(pb::ListTripsRequest { view: view.into() }, guest);
        let trips = app.trips.clone();
        async move {
            let ids: Vec<String> = trips
                .clone()
                .list_trips(r)
                .await
                .unwrap()
                .into_inner()
                .trips
                .into_iter()
                .map(|t| t.trip_id)
                .collect();
            ids
        }
    };
    assert_eq!(list("guest_current").await, std::slice::from_ref(&trip.trip_id));

    app.clock.set(end_of(&trip) + Duration::hours(1));

    assert!(list("guest_current").await.is_empty());
    assert_eq!(list("guest_past").await, [trip.trip_id]);
}

/// The invitation tokens trips published, by email.
async fn invitation_tokens(app: &TestApp) -> Vec<(String, String)> {
    use diesel::QueryableByName;
    use diesel_async::RunQueryDsl;
    #[derive(QueryableByName)]
    struct Payload {
        #[diesel(sql_type = diesel::sql_types::Bytea)]
        payload: Vec<u8>,
    }
    let mut conn = app.state.pool.get().await.unwrap();
    let rows: Vec<Payload> = diesel::sql_query(
        "SELECT payload FROM outbox WHERE event_type = 'trips.additional_driver_invited'",
    )
    .load(&mut conn)
    .await
    .unwrap();
    rows.iter()
        .map(|r| AdditionalDriverInvited::decode(r.payload.as_slice()).unwrap())
        .map(|e| (e.email, e.token))
        .collect()
}

#[tokio::test]
async fn an_added_driver_sees_neither_the_money_nor_the_emails_of_pending_invitees() {
    let app = spawn_app().await;
    let (trip, guest, _) = booked(&app, true).await;
    let invite = pb::AddAdditionalDriversRequest {
        trip_id: trip.trip_id.clone(),
        emails: vec!["friend@example.com".into(), "pending@example.com".into()],
    };
    app.trips.clone().add_additional_drivers(as_user(invite, guest)).await.unwrap();
    let friend = app.person("friend@example.com", "1992-02-02", true);
    let tokens = invitation_tokens(&app).await;
    let token = &tokens.iter().find(|(e, _)| e == "friend@example.com").unwrap().1;
    let join = pb::DriverTokenRequest { token: token.clone() };
    app.trips.clone().add_driver_to_trip(as_user(join, friend)).await.unwrap();

    let seen = app.trip(friend, &trip.trip_id).await.unwrap();

    assert_eq!((seen.viewer_role(), seen.total_cents), (pb::TripRole::Driver, 0));
    assert!(
        seen.price_details.is_empty() && seen.payment_status() == pb::PaymentStatus::Unspecified
    );
    let emails: Vec<&str> = seen.additional_drivers.iter().map(|d| d.email.as_str()).collect();
    assert_eq!(emails, ["friend@example.com"]);
    assert!(seen.history.iter().all(|h| !h.reason.contains("pending@")), "{:?}", seen.history);
    assert!(seen.history.iter().any(|h| h.reason == "friend@example.com"));
    // The guest still sees whom they invited.
    let own = app.trip(guest, &trip.trip_id).await.unwrap();
    assert!(own.history.iter().any(|h| h.reason == "pending@example.com"));
}

#[tokio::test]
async fn at_check_in_the_host_earns_75_percent_of_the_trip_before_tax_and_protection() {
    let app = spawn_app().await;
    let (trip, guest, host) = booked(&app, true).await;
    app.clock.set(start_of(&trip));

    app.handover(guest, &trip.trip_id, true).await.unwrap();

    let d = upcar_proto::pricing::PriceDetails::decode(trip.price_details.as_slice()).unwrap();
    let protection: i64 =
        d.lines.iter().filter(|l| l.kind == "protection").map(|l| l.amount_cents).sum();
    assert!(protection > 0, "the Standard plan was chosen");
    let earned = app
        .count(&format!(
            "SELECT sum(amount_cents)::bigint AS n FROM ledger_entries WHERE account = 'host:{host}'"
        ))
        .await;
    let base = d.final_price_before_tax_cents - protection;
    assert_eq!(earned, (base * 3 + 2) / 4, "75 % of {base}");
    let charged = app
        .count(&format!(
            "SELECT -sum(amount_cents)::bigint AS n FROM ledger_entries WHERE account = 'guest:{guest}'"
        ))
        .await;
    assert_eq!(charged, trip.total_cents, "the whole hold is captured");
}

#[tokio::test]
async fn the_same_picture_sent_as_exterior_and_as_interior_is_kept_as_both() {
    let app = spawn_app().await;
    let (trip, guest, _) = booked(&app, true).await;
    app.clock.set(start_of(&trip) - Duration::minutes(20));
    let same = "b".repeat(64);
    for kind in ["exterior", "interior", "interior"] {
        let r = pb::TripEventRequest {
            trip_id: trip.trip_id.clone(),
            photos: vec![pb::Photo {
                url: format!("/files/{}.jpg", Uuid::now_v7()),
                sha256: same.clone(),
            }],
            r#type: kind.to_owned(),
            ..Default::default()
        };
        app.trips.clone().check_in(as_user(r, guest)).await.unwrap();
    }
    let kept = app
        .count(&format!(
            "SELECT count(*) AS n FROM trip_photos WHERE trip_id = '{}' AND sha256 = '{same}'",
            trip.trip_id
        ))
        .await;
    assert_eq!(kept, 2, "once as exterior, once as interior; the repeat is kept once");
}
