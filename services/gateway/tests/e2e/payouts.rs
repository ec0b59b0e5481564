//! Payment customers and host payouts through the gateway: one provider customer per user,
//! the payout account's onboarding (`hostStripeAccountSetup`, `hostStripeOnboardingStatus`,
//! the local provider's development link), and a payout run shown in the host's history.

use crate::helpers::*;
use crate::trips::{car, create, trip_body, verified_guest};
use serde_json::json;

#[tokio::test]
async fn two_bookings_by_one_guest_create_one_payment_customer() {
    let g = verified_guest().await;
    for (n, from) in [(21, 200), (22, 204)] {
        let (s, b) = create(&g.token, trip_body(&car(n), from, from + 2), None).await;
        assert_eq!(s, 201, "{b}");
    }
    let customers = trips_scalar(&format!(
        "SELECT count(*) AS n FROM local_provider_customers WHERE user_id = '{}'",
        g.id
    ))
    .await;
    assert_eq!(customers, 1, "the card and both bookings use one customer");
    let kept = trips_scalar(&format!(
        "SELECT count(*) AS n FROM payment_customers WHERE user_id = '{}'",
        g.id
    ))
    .await;
    assert_eq!(kept, 1);
}

#[tokio::test]
async fn a_host_onboards_a_payout_account_and_is_paid_final_earnings() {
    let host = sign_up().await;
    let t = Some(host.token.as_str());
    let status =
        async || parts(get("/v1/payment/stripe/hostStripeOnboardingStatus", t).await).await;
    let (s, b) = status().await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(b["data"]["onboardingStatus"], "not_started");
    assert_eq!(b["data"]["hasAccount"], false);

    // A link for an account that does not exist yet is refused; bad input is a 400.
    let setup = async |body: serde_json::Value| {
        parts(post("/v1/payment/stripe/hostStripeAccountSetup", body, t).await).await
    };
    let (s, b) = setup(json!({"createOnboardingLinkOnly": true})).await;
    assert_eq!((s, b["error"].as_str()), (409, Some("payout_account_missing")), "{b}");
    let (s, b) = setup(json!({"createOnboardingLinkOnly": "maybe"})).await;
    assert_eq!(
        (s, b["error"].as_str(), b["message"].as_str()),
        (400, Some("invalid_body"), Some("createOnboardingLinkOnly: must be true or false")),
        "{b}"
    );
    assert_eq!(status().await.1["data"]["hasAccount"], false, "nothing was created");
    let (s, b) = parts(get("/v1/payment/stripe/hostStripeOnboardingStatus", None).await).await;
    assert_eq!(s, 401, "{b}");

    let (s, b) = setup(json!({})).await;
    assert_eq!(s, 200, "{b}");
    let account = b["data"]["accountId"].as_str().unwrap().to_owned();
    let url = b["url"].as_str().unwrap().to_owned();
    assert!(account.starts_with("acct_local_"), "{b}");
    assert_eq!(url, format!("{}/v1/dev/payment/stripe/completeOnboarding/{account}", stack().base));
    assert_eq!(b["data"]["onboardingStatus"], "pending");
    let (s, b) = status().await;
    assert_eq!((s, b["data"]["onboardingStatus"].as_str()), (200, Some("pending")), "{b}");
    assert!(!b["data"]["requirementsDue"].as_array().unwrap().is_empty(), "{b}");
    // A new link for the same account.
    let (s, b) = setup(json!({"createOnboardingLinkOnly": true})).await;
    assert_eq!((s, b["data"]["accountId"].as_str()), (200, Some(account.as_str())), "{b}");

    // Development: opening the link plays the host filling in the provider's form.
    let (s, b) = parts(client().get(&url).send().await.unwrap()).await;
    assert_eq!((s, b["data"]["onboardingComplete"].as_bool()), (200, Some(true)), "{b}");
    let (s, b) =
        parts(get("/v1/dev/payment/stripe/completeOnboarding/acct_local_nope", None).await).await;
    assert_eq!((s, b["error"].as_str()), (404, Some("payout_account_not_found")), "{b}");
    let (s, b) = status().await;
    assert_eq!((s, b["data"]["onboardingStatus"].as_str()), (200, Some("complete")), "{b}");
    assert_eq!(b["data"]["isOnboardingComplete"], true);

    // $150 earned at the check-in of a trip that ended two days ago is final: the payout run
    // pays it.
    let trip = uuid::Uuid::now_v7();
    let txn = uuid::Uuid::now_v7();
    trips_sql(&format!(
        "INSERT INTO trips (id, car_id, owner_id, guest_id, status, period, time_zone, quote_id, total_cents, price_details, reservation_number) \
         VALUES ('{trip}', gen_random_uuid(), '{h}', gen_random_uuid(), 'completed', tstzrange(now() - interval '4 days', now() - interval '2 days'), \
         'America/Los_Angeles', gen_random_uuid(), 20000, ''::bytea, md5(random()::text)); \
         BEGIN; INSERT INTO ledger_entries (txn_id, trip_id, account, user_id, kind, amount_cents, created_at) VALUES \
         ('{txn}', '{trip}', 'guest:x', NULL, 'charge', -15000, now() - interval '4 days'), \
         ('{txn}', '{trip}', 'host:{h}', '{h}', 'earning', 15000, now() - interval '4 days'); COMMIT;",
        h = host.id
    ))
    .await;
    let pool = upcar_db::pool(&stack().trips_db, 2).unwrap();
    let provider = trips::payments::local::LocalProvider::new(pool.clone(), &stack().base);
    for _ in 0..2 {
        trips::jobs::run_payouts(&pool, &provider, chrono::Utc::now()).await.unwrap();
    }
    let (s, b) = parts(get("/v1/transaction/getTransactionHistory", t).await).await;
    assert_eq!(s, 200, "{b}");
    let payouts: Vec<_> =
        b["data"].as_array().unwrap().iter().filter(|e| e["type"] == "payout").collect();
    assert_eq!(payouts.len(), 1, "paid once: {b}");
    assert_eq!(payouts[0]["amount"].as_f64(), Some(-150.0), "{b}");
    assert_eq!(b["totals"]["paidOut"].as_f64(), Some(150.0), "{b}");
    assert_eq!(b["totals"]["earned"].as_f64(), Some(150.0), "{b}");
    let transfers = trips_scalar(&format!(
        "SELECT coalesce(sum(amount_cents), 0)::bigint AS n FROM local_provider_transfers WHERE account_id = '{account}'"
    ))
    .await;
    assert_eq!(transfers, 15_000);
}

/// A trip row of `owner` (the car `car`) with a price whose owner share is known, written
/// directly: what a booking stores, without a listed car of a fresh host.
async fn stored_trip(car: uuid::Uuid, owner: &str, status: &str, period: &str) -> uuid::Uuid {
    use prost::Message;
    use upcar_proto::pricing::{Line, PriceDetails};
    // $100 before tax of which $20 protection, $10 tax: the owner earns 75 % of $80 = $60.
    let details = PriceDetails {
        final_price_before_tax_cents: 10_000,
        final_price_cents: 11_000,
        tax_cents: 1_000,
        lines: vec![Line {
            label: "Standard".into(),
            amount_cents: 2_000,
            kind: "protection".into(),
            ..Default::default()
        }],
        ..Default::default()
    };
    let hex: String = details.encode_to_vec().iter().map(|b| format!("{b:02x}")).collect();
    let id = uuid::Uuid::now_v7();
    trips_sql(&format!(
        "INSERT INTO trips (id, car_id, owner_id, guest_id, status, period, time_zone, quote_id, total_cents, price_details, reservation_number) \
         VALUES ('{id}', '{car}', '{owner}', gen_random_uuid(), '{status}', {period}, 'America/Los_Angeles', gen_random_uuid(), 11000, '\\x{hex}'::bytea, md5(random()::text))"
    ))
    .await;
    id
}

#[tokio::test]
async fn a_hosts_earnings_show_what_trips_to_come_will_earn_what_is_pending_and_what_is_available()
{
    let host = sign_up().await;
    let cohost = sign_up().await;
    let h = host.id.clone();
    let history = async |token: &str| {
        let (s, b) = parts(get("/v1/transaction/getTransactionHistory", Some(token)).await).await;
        assert_eq!(s, 200, "{b}");
        b
    };
    let b = history(&host.token).await;
    assert_eq!(
        (
            b["totals"]["upcoming"].as_f64(),
            b["totals"]["pending"].as_f64(),
            b["totals"]["available"].as_f64()
        ),
        (Some(0.0), Some(0.0), Some(0.0)),
        "{b}"
    );
    assert_eq!(b["upcomingEarnings"], json!([]));

    let car = uuid::Uuid::now_v7();
    let future = "tstzrange(now() + interval '5 days', now() + interval '7 days')";
    let confirmed = stored_trip(car, &h, "confirmed", future).await;
    // A request not answered yet, a cancelled trip and another host's trip earn nothing here.
    stored_trip(
        car,
        &h,
        "requested",
        "tstzrange(now() + interval '9 days', now() + interval '10 days')",
    )
    .await;
    stored_trip(
        car,
        &h,
        "cancelled_by_guest",
        "tstzrange(now() + interval '12 days', now() + interval '13 days')",
    )
    .await;
    let someone = uuid::Uuid::now_v7().to_string();
    stored_trip(
        car,
        &someone,
        "confirmed",
        "tstzrange(now() + interval '15 days', now() + interval '16 days')",
    )
    .await;
    // Earned at check-in: a trip under way (pending) and one over for two days (final).
    let under_way = stored_trip(
        car,
        &h,
        "in_progress",
        "tstzrange(now() - interval '1 day', now() + interval '1 day')",
    )
    .await;
    let over = stored_trip(
        car,
        &h,
        "completed",
        "tstzrange(now() - interval '4 days', now() - interval '2 days')",
    )
    .await;
    for (trip, cents) in [(under_way, 4_000), (over, 15_000)] {
        trips_sql(&format!(
            "BEGIN; INSERT INTO ledger_entries (txn_id, trip_id, account, user_id, kind, amount_cents, created_at) VALUES \
             ('{txn}', '{trip}', 'guest:x', NULL, 'charge', -{cents}, now() - interval '3 days'), \
             ('{txn}', '{trip}', 'host:{h}', '{h}', 'earning', {cents}, now() - interval '3 days'); COMMIT;",
            txn = uuid::Uuid::now_v7()
        ))
        .await;
    }

    let b = history(&host.token).await;
    assert_eq!(b["totals"]["upcoming"].as_f64(), Some(60.0), "{b}");
    assert_eq!(b["totals"]["pending"].as_f64(), Some(40.0), "{b}");
    assert_eq!(b["totals"]["available"].as_f64(), Some(150.0), "{b}");
    let next = b["upcomingEarnings"].as_array().unwrap();
    assert_eq!(next.len(), 1, "{b}");
    assert_eq!(next[0]["tripId"], confirmed.to_string());
    assert_eq!(next[0]["carId"], car.to_string());
    assert_eq!(next[0]["amount"].as_f64(), Some(60.0));

    // With a co-host taking 25 % of the car's earnings, each sees their own share to come.
    trips_sql(&format!(
        "INSERT INTO team_access (team_id, host_id, active, booking_management, car_ids, cohost_ids, cohost_shares, version) \
         VALUES (gen_random_uuid(), '{h}', true, true, ARRAY['{car}']::uuid[], ARRAY['{c}']::uuid[], ARRAY[2500], 1)",
        c = cohost.id
    ))
    .await;
    let b = history(&host.token).await;
    assert_eq!(b["totals"]["upcoming"].as_f64(), Some(45.0), "{b}");
    let c = history(&cohost.token).await;
    assert_eq!(c["totals"]["upcoming"].as_f64(), Some(15.0), "{c}");
    assert_eq!(c["upcomingEarnings"][0]["tripId"], confirmed.to_string(), "{c}");
}
