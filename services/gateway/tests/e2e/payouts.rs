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
