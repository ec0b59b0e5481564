//! Tests of the payment providers: the Stripe adapter speaks Stripe's HTTP API (checked
//! against a local fake of the endpoints it uses: form fields, bearer key, idempotency keys,
//! card errors); the local provider behaves as Stripe's test mode.

use actix_web::{App, HttpRequest, HttpResponse, HttpServer, web};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use trips::payments::stripe::StripeProvider;
use trips::payments::{Initiated, PaymentError, PaymentProvider};

const KEY: &str = "sk_test_fake_123";

#[derive(Default)]
struct Seen {
    /// (path, form, idempotency key)
    calls: Vec<(String, HashMap<String, String>, Option<String>)>,
}

fn form(body: &[u8]) -> HashMap<String, String> {
    String::from_utf8_lossy(body)
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|p| {
            let (k, v) = p.split_once('=').unwrap_or((p, ""));
            let dec = |s: &str| {
                let s = s.replace('+', " ");
                let mut out = Vec::new();
                let b = s.as_bytes();
                let mut i = 0;
                while i < b.len() {
                    if b[i] == b'%' && i + 2 < b.len() + 1 {
                        out.push(u8::from_str_radix(&s[i + 1..i + 3], 16).unwrap());
                        i += 3;
                    } else {
                        out.push(b[i]);
                        i += 1;
                    }
                }
                String::from_utf8(out).unwrap()
            };
            (dec(k), dec(v))
        })
        .collect()
}

async fn fake(
    req: HttpRequest,
    body: web::Bytes,
    seen: web::Data<Arc<Mutex<Seen>>>,
) -> HttpResponse {
    if req.headers().get("authorization").and_then(|v| v.to_str().ok())
        != Some(&format!("Bearer {KEY}"))
    {
        return HttpResponse::Unauthorized().json(serde_json::json!({"error": {"type": "invalid_request_error", "message": "Invalid API Key provided"}}));
    }
    let f = form(&body);
    let path = req.path().to_owned();
    let key = req.headers().get("idempotency-key").and_then(|v| v.to_str().ok()).map(str::to_owned);
    seen.lock().unwrap().calls.push((path.clone(), f.clone(), key));
    let card_error = |m: &str| {
        HttpResponse::PaymentRequired().json(serde_json::json!({"error": {"type": "card_error", "code": "card_declined", "message": m}}))
    };
    match path.as_str() {
        "/v1/customers" => HttpResponse::Ok().json(serde_json::json!({"id": "cus_123", "object": "customer"})),
        p if p.starts_with("/v1/payment_methods/") && p.ends_with("/attach") => {
            let id = p.trim_start_matches("/v1/payment_methods/").trim_end_matches("/attach");
            if id == "pm_card_chargeDeclined" {
                return card_error("Your card was declined.");
            }
            HttpResponse::Ok().json(serde_json::json!({"id": id, "object": "payment_method", "card": {"brand": "visa", "last4": "4242", "exp_month": 8, "exp_year": 2031}}))
        }
        "/v1/payment_intents" => {
            if f.get("amount").map(String::as_str) == Some("666") {
                return card_error("Your card has insufficient funds.");
            }
            HttpResponse::Ok().json(serde_json::json!({"id": "pi_123", "object": "payment_intent", "status": "requires_capture"}))
        }
        "/v1/setup_intents" => HttpResponse::Ok().json(serde_json::json!({"id": "seti_123", "object": "setup_intent", "status": "succeeded"})),
        // Stripe cancels an uncaptured PaymentIntent when its authorisation lapses.
        "/v1/payment_intents/pi_lapsed/capture" => HttpResponse::BadRequest().json(serde_json::json!({"error": {"type": "invalid_request_error", "code": "payment_intent_unexpected_state", "message": "This PaymentIntent's amount could not be captured because it has a status of canceled."}})),
        "/v1/payment_intents/pi_123/capture" => HttpResponse::Ok().json(serde_json::json!({"id": "pi_123", "status": "succeeded"})),
        "/v1/payment_intents/pi_123/cancel" => HttpResponse::Ok().json(serde_json::json!({"id": "pi_123", "status": "canceled"})),
        "/v1/refunds" => HttpResponse::Ok().json(serde_json::json!({"id": "re_1", "status": "succeeded"})),
        "/v1/accounts" if req.method() == actix_web::http::Method::POST => HttpResponse::Ok().json(serde_json::json!({"id": "acct_123", "object": "account", "details_submitted": false, "payouts_enabled": false, "requirements": {"currently_due": ["external_account"]}})),
        "/v1/accounts/acct_123" => HttpResponse::Ok().json(serde_json::json!({"id": "acct_123", "object": "account", "details_submitted": true, "payouts_enabled": true, "requirements": {"currently_due": []}})),
        "/v1/account_links" => HttpResponse::Ok().json(serde_json::json!({"object": "account_link", "url": "https://connect.stripe.com/setup/e/acct_123/abc", "expires_at": 1_900_000_000})),
        "/v1/transfers" => HttpResponse::Ok().json(serde_json::json!({"id": "tr_1", "object": "transfer"})),
        _ => HttpResponse::NotFound().json(serde_json::json!({"error": {"type": "invalid_request_error", "message": "No such resource"}})),
    }
}

async fn start_fake() -> (String, Arc<Mutex<Seen>>) {
    let seen = Arc::new(Mutex::new(Seen::default()));
    let data = web::Data::new(seen.clone());
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = listener.local_addr().unwrap().port();
    let server =
        HttpServer::new(move || App::new().app_data(data.clone()).default_service(web::to(fake)))
            .workers(1)
            .listen(listener)
            .unwrap()
            .run();
    tokio::spawn(server);
    (format!("http://127.0.0.1:{port}"), seen)
}

#[actix_web::test]
async fn the_stripe_adapter_speaks_the_api_it_uses() {
    let (base, seen) = start_fake().await;
    let stripe = StripeProvider::new(&base, KEY.to_owned().into()).unwrap();
    let customer = stripe.create_customer("user-1", "ada@example.com").await.unwrap();
    assert_eq!(customer, "cus_123");
    let card = stripe.attach(&customer, "pm_card_visa").await.unwrap();
    assert_eq!(
        (card.id.as_str(), card.brand.as_str(), card.last4.as_str(), card.exp_year),
        ("pm_card_visa", "visa", "4242", 2031)
    );
    let setup = stripe.save_card(&customer, &card.id, "trip-0").await.unwrap();
    assert_eq!(setup, "seti_123");
    let hold =
        stripe.authorize(&customer, &card.id, 12_345, "trip-1", Initiated::Customer).await.unwrap();
    assert_eq!(hold, "pi_123");
    stripe
        .authorize(&customer, &card.id, 12_345, "trip-1-auth-2", Initiated::Merchant)
        .await
        .unwrap();
    assert!(matches!(stripe.capture("pi_lapsed", 100).await, Err(PaymentError::Expired(_))));
    stripe.capture(&hold, 6_000).await.unwrap();
    stripe.refund(&hold, 1_000).await.unwrap();
    stripe.release(&hold).await.unwrap();
    let calls = seen.lock().unwrap().calls.clone();
    let intent = calls.iter().find(|c| c.0 == "/v1/payment_intents").unwrap();
    assert_eq!(intent.1.get("amount").map(String::as_str), Some("12345"));
    assert_eq!(intent.1.get("currency").map(String::as_str), Some("usd"));
    assert_eq!(intent.1.get("capture_method").map(String::as_str), Some("manual"));
    assert_eq!(intent.1.get("confirm").map(String::as_str), Some("true"));
    assert_eq!(intent.1.get("payment_method").map(String::as_str), Some("pm_card_visa"));
    assert_eq!(intent.2.as_deref(), Some("trip-1"), "holds carry the idempotency key");
    // At the checkout the guest is present and the card is kept for later; the platform's own
    // authorisation is off-session (merchant initiated).
    assert_eq!(intent.1.get("setup_future_usage").map(String::as_str), Some("off_session"));
    assert_eq!(intent.1.get("off_session"), None);
    let later = calls.iter().find(|c| c.2.as_deref() == Some("trip-1-auth-2")).unwrap();
    assert_eq!(later.1.get("off_session").map(String::as_str), Some("true"));
    assert_eq!(later.1.get("setup_future_usage"), None);
    let saved = calls.iter().find(|c| c.0 == "/v1/setup_intents").unwrap();
    assert_eq!(saved.1.get("usage").map(String::as_str), Some("off_session"));
    assert_eq!(saved.1.get("confirm").map(String::as_str), Some("true"));
    assert_eq!(saved.1.get("payment_method").map(String::as_str), Some("pm_card_visa"));
    assert_eq!(saved.2.as_deref(), Some("trip-0"));
    let capture = calls.iter().find(|c| c.0 == "/v1/payment_intents/pi_123/capture").unwrap();
    assert_eq!(capture.1.get("amount_to_capture").map(String::as_str), Some("6000"));
    let customer_call = calls.iter().find(|c| c.0 == "/v1/customers").unwrap();
    assert_eq!(customer_call.1.get("metadata[user_id]").map(String::as_str), Some("user-1"));
    assert_eq!(customer_call.1.get("email").map(String::as_str), Some("ada@example.com"));
    let refund = calls.iter().find(|c| c.0 == "/v1/refunds").unwrap();
    assert_eq!(refund.1.get("payment_intent").map(String::as_str), Some("pi_123"));

    // Card errors become declines with Stripe's message; a wrong key is not a decline.
    assert_eq!(
        stripe.attach(&customer, "pm_card_chargeDeclined").await,
        Err(PaymentError::Declined("Your card was declined.".into()))
    );
    assert_eq!(
        stripe.authorize(&customer, &card.id, 666, "trip-2", Initiated::Customer).await,
        Err(PaymentError::Declined("Your card has insufficient funds.".into()))
    );
    let wrong = StripeProvider::new(&base, "sk_test_wrong".to_owned().into()).unwrap();
    assert!(matches!(wrong.create_customer("u", "e").await, Err(PaymentError::Unavailable(_))));
}

#[tokio::test]
async fn the_local_provider_follows_stripe_test_ids() {
    // Cards touch no table: a pool that never connects is enough.
    let pool = upcar_db::pool("postgres://127.0.0.1:1/none", 1).unwrap();
    let local = trips::payments::local::LocalProvider::new(pool, "http://127.0.0.1:8080");
    assert_eq!(local.name(), "local");
    let card = local.attach("cus", "pm_card_mastercard").await.unwrap();
    assert_eq!((card.brand.as_str(), card.last4.as_str()), ("mastercard", "4444"));
    assert!(matches!(
        local.attach("cus", "pm_card_chargeDeclinedInsufficientFunds").await,
        Err(PaymentError::Declined(_))
    ));
    assert!(matches!(local.attach("cus", "4242424242424242").await, Err(PaymentError::Invalid(_))));
}

#[actix_web::test]
async fn the_stripe_adapter_speaks_connect_for_payouts() {
    let (base, seen) = start_fake().await;
    let stripe = StripeProvider::new(&base, KEY.to_owned().into()).unwrap();
    let account = stripe.create_connected_account("host-1", "host@example.com").await.unwrap();
    assert_eq!(account, "acct_123");
    let link =
        stripe.onboarding_link(&account, "http://app/refresh", "http://app/return").await.unwrap();
    assert_eq!(link.url, "https://connect.stripe.com/setup/e/acct_123/abc");
    assert_eq!(link.expires_at, 1_900_000_000);
    let status = stripe.connected_account(&account).await.unwrap();
    assert!(status.complete(), "{status:?}");
    let transfer = stripe.payout(&account, 15_000, "payout-1").await.unwrap();
    assert_eq!(transfer, "tr_1");
    let calls = seen.lock().unwrap().calls.clone();
    let create = calls.iter().find(|c| c.0 == "/v1/accounts").unwrap();
    assert_eq!(create.1.get("type").map(String::as_str), Some("express"));
    assert_eq!(create.1.get("country").map(String::as_str), Some("US"));
    assert_eq!(
        create.1.get("capabilities[transfers][requested]").map(String::as_str),
        Some("true")
    );
    assert_eq!(create.1.get("metadata[user_id]").map(String::as_str), Some("host-1"));
    assert_eq!(create.2.as_deref(), Some("account-host-1"), "one account per host, even on retry");
    let l = calls.iter().find(|c| c.0 == "/v1/account_links").unwrap();
    assert_eq!(l.1.get("type").map(String::as_str), Some("account_onboarding"));
    assert_eq!(l.1.get("account").map(String::as_str), Some("acct_123"));
    assert_eq!(l.1.get("return_url").map(String::as_str), Some("http://app/return"));
    assert_eq!(l.1.get("refresh_url").map(String::as_str), Some("http://app/refresh"));
    let t = calls.iter().find(|c| c.0 == "/v1/transfers").unwrap();
    assert_eq!(t.1.get("amount").map(String::as_str), Some("15000"));
    assert_eq!(t.1.get("currency").map(String::as_str), Some("usd"));
    assert_eq!(t.1.get("destination").map(String::as_str), Some("acct_123"));
    assert_eq!(t.2.as_deref(), Some("payout-1"), "transfers carry the payout's idempotency key");
}

#[actix_web::test]
async fn a_users_stripe_customer_is_created_once_and_reused() {
    let (base, seen) = start_fake().await;
    let stripe = StripeProvider::new(&base, KEY.to_owned().into()).unwrap();
    let (db, pool) = crate::jobs::fresh_db().await;
    let user = uuid::Uuid::now_v7();
    let mut conn = pool.get().await.unwrap();
    let first = trips::payments::customer(&mut conn, &stripe, user).await.unwrap();
    let second = trips::payments::customer(&mut conn, &stripe, user).await.unwrap();
    drop(conn);
    assert_eq!((first.as_str(), second.as_str()), ("cus_123", "cus_123"));
    let asked = seen.lock().unwrap().calls.iter().filter(|c| c.0 == "/v1/customers").count();
    assert_eq!(asked, 1, "the adapter is asked once per user");
    drop(pool);
    db.drop_now().await.unwrap();
}

#[tokio::test]
async fn a_local_authorisation_lapses_as_the_card_network_lets_it_and_is_then_not_captured() {
    let (db, pool) = crate::jobs::fresh_db().await;
    let clock = upcar_clock::Clock::system();
    let local = trips::payments::local::LocalProvider::new(pool.clone(), "http://127.0.0.1:8080")
        .with_clock(clock.clone());
    let card = local.attach("cus", "pm_card_visa").await.unwrap();
    let t0 = clock.now();
    let online = local.authorize("cus", &card.id, 5_000, "a", Initiated::Customer).await.unwrap();
    let saved = local.authorize("cus", &card.id, 5_000, "b", Initiated::Merchant).await.unwrap();
    // The same key answers the same authorisation.
    assert_eq!(
        local.authorize("cus", &card.id, 5_000, "a", Initiated::Customer).await.unwrap(),
        online
    );
    // Five days on, the merchant-initiated one is gone and the online one stands (seven days).
    clock.set(t0 + chrono::Duration::days(5) + chrono::Duration::minutes(1));
    assert!(matches!(local.capture(&saved, 5_000).await, Err(PaymentError::Expired(_))));
    local.capture(&online, 5_000).await.unwrap();
    let mut c = pool.get().await.unwrap();
    #[derive(diesel::QueryableByName)]
    struct N {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        n: i64,
    }
    use diesel_async::RunQueryDsl;
    let refused: N = diesel::sql_query(
        "SELECT coalesce(sum(refused_captures), 0)::bigint AS n FROM local_provider_authorizations",
    )
    .get_result(&mut c)
    .await
    .unwrap();
    assert_eq!(refused.n, 1, "the capture on the lapsed hold was refused and counted");
    drop(c);
    drop(pool);
    db.drop_now().await.unwrap();
}
