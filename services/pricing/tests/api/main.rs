//! Service tests of pricing against the real Postgres, Redis and RabbitMQ: the rates read
//! model follows catalog events, quotes are honoured and bound to trips once, and every call
//! refuses bad input with the right status.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use chrono::{Duration, Utc};
use prost::Message;
use tonic::transport::Channel;
use tonic::{Code, Request};
use upcar_events::IntegrationEvent;
use upcar_identity::{Identity, Role};
use upcar_proto::events::{CarExtra, CarPricingChanged};
use upcar_proto::pricing as pb;
use upcar_proto::pricing::pricing_client::PricingClient;
use uuid::Uuid;

struct TestApp {
    client: PricingClient<Channel>,
    exchange: String,
    amqp_url: String,
    /// The service's time: tests move it.
    clock: upcar_clock::Clock,
}

const OWNER: &str = "0193a000-0000-7000-8000-0000000000aa";

fn car_event(car: Uuid, version: i64, daily: i64) -> CarPricingChanged {
    CarPricingChanged {
        car_id: car.to_string(),
        owner_id: OWNER.into(),
        version,
        status: "active".into(),
        daily_price_cents: daily,
        price_per_hour_cents: 1_500,
        weekly_discount_pct: 10,
        monthly_discount_pct: 30,
        miles_per_day: 200,
        price_per_mile_cents: 45,
        delivery_price_per_mile_cents: 300,
        max_delivery_miles: 25,
        min_age: 21,
        state: "CA".into(),
        time_zone: "America/Los_Angeles".into(),
        latitude: 37.5485,
        longitude: -121.9886,
        extras: vec![
            CarExtra {
                extra_id: "child_safety_seat".into(),
                extra_type: "child_safety_seat".into(),
                description: "Child safety seat".into(),
                amount_cents: 1_000,
                per: "day".into(),
                is_quantity_choosable: false,
                available_quantity: 1,
            },
            CarExtra {
                extra_id: "prepaid_refuel".into(),
                extra_type: "prepaid_refuel".into(),
                description: "Prepaid refuel".into(),
                amount_cents: 6_000,
                per: "trip".into(),
                is_quantity_choosable: false,
                available_quantity: 1,
            },
        ],
        occurred_at: Utc::now().to_rfc3339(),
        date_prices: vec![],
    }
}

fn error_code(s: &tonic::Status) -> &str {
    s.metadata()
        .get(upcar_errors::ERROR_CODE_METADATA)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
}

fn day(d: i64) -> String {
    (Utc::now().with_timezone(&chrono_tz::America::Los_Angeles).date_naive() + Duration::days(d))
        .to_string()
}

fn as_user<T>(body: T, user: Uuid) -> Request<T> {
    let mut r = Request::new(body);
    Identity {
        user_id: user,
        role: Role::User,
        token_id: "t".into(),
        expires_at: i64::MAX,
        session: upcar_identity::Session { id: "s".into(), auth_time: 0 },
    }
    .inject(r.metadata_mut());
    r
}

fn price_request(car: Uuid, from: i64, until: i64) -> pb::TripPriceRequest {
    pb::TripPriceRequest {
        car_id: car.to_string(),
        start_date: day(from),
        start_time: "10:00 AM".into(),
        end_date: day(until),
        end_time: "10:00 AM".into(),
        age: None,
    }
}

async fn spawn_app() -> TestApp {
    spawn_app_with(|_| {}).await
}

async fn spawn_app_with(tweak: impl FnOnce(&mut pricing::Settings)) -> TestApp {
    let db = upcar_testkit::TestDatabase::create("pricing").await.unwrap();
    let mut settings = pricing::Settings::load().unwrap();
    settings.database.url = db.url.clone().into();
    settings.grpc.port = 0;
    settings.redis.url = upcar_testkit::redis_url();
    settings.quotes.key_prefix = upcar_testkit::unique("test-pricing");
    settings.amqp.exchange = upcar_testkit::unique("test-pricing");
    tweak(&mut settings);
    let (exchange, amqp_url) = (settings.amqp.exchange.clone(), settings.amqp.url().to_owned());
    let clock = upcar_clock::Clock::system();
    let app = pricing::Application::build_with_clock(settings, clock.clone()).await.unwrap();
    let port = app.port();
    tokio::spawn(app.run_until(std::future::pending()));
    let client = PricingClient::connect(format!("http://127.0.0.1:{port}")).await.unwrap();
    TestApp { client, exchange, amqp_url, clock }
}

impl TestApp {
    async fn publish<M: Message + IntegrationEvent>(&self, event: &M, id: &str) {
        upcar_testkit::publish(&self.amqp_url, &self.exchange, event, id).await.unwrap();
    }

    /// Publishes a car's pricing (re-sending until the consumer's queue is bound) and waits
    /// until a price with `daily` comes back.
    async fn list_car(&self, event: &CarPricingChanged) {
        let car: Uuid = event.car_id.parse().unwrap();
        let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(30);
        loop {
            self.publish(event, &Uuid::now_v7().to_string()).await;
            for _ in 0..10 {
                tokio::time::sleep(std::time::Duration::from_millis(100)).await;
                // Old enough for any car's minimum age.
                let probe = pb::TripPriceRequest { age: Some(60), ..price_request(car, 5, 8) };
                if let Ok(p) = self.client.clone().get_trip_price(probe).await
                    && p.get_ref().daily_price_cents == event.daily_price_cents
                {
                    return;
                }
            }
            assert!(tokio::time::Instant::now() < deadline, "the rates never arrived");
        }
    }

    async fn final_price(
        &self,
        user: Uuid,
        r: pb::FinalTripPriceRequest,
    ) -> Result<pb::PriceDetails, tonic::Status> {
        self.client.clone().get_final_trip_price(as_user(r, user)).await.map(|r| r.into_inner())
    }
}

fn final_request(car: Uuid, from: i64, until: i64) -> pb::FinalTripPriceRequest {
    pb::FinalTripPriceRequest {
        car_id: car.to_string(),
        start_date: day(from),
        start_time: "10:00 AM".into(),
        end_date: day(until),
        end_time: "10:00 AM".into(),
        age: Some(30),
        ..Default::default()
    }
}

fn assert_adds_up(p: &pb::PriceDetails) {
    let (last, rest) = p.lines.split_last().unwrap();
    assert_eq!(last.kind, "total");
    assert_eq!(rest.iter().map(|l| l.amount_cents).sum::<i64>(), p.final_price_cents);
    assert_eq!(last.amount_cents, p.final_price_cents);
    assert_eq!(p.original_price_cents - p.total_discount_cents, p.final_price_before_tax_cents);
    assert_eq!(p.final_price_before_tax_cents + p.tax_cents, p.final_price_cents);
    assert!(p.lines.iter().all(|l| !l.label.is_empty() && !l.explanation.is_empty()));
}

#[tokio::test]
async fn a_car_page_price_follows_the_rates_and_adds_up() {
    let app = spawn_app().await;
    let car = Uuid::now_v7();
    app.list_car(&car_event(car, 1, 10_000)).await;
    let p = app.client.clone().get_trip_price(price_request(car, 5, 8)).await.unwrap().into_inner();
    // Three days at $100 and the default plan (Standard, 20 %), itemised, then the tax on both.
    assert_eq!(p.protection_plan_type, "Standard");
    let plan = p.lines.iter().find(|l| l.kind == "protection").expect("the plan is a line");
    assert_eq!(
        (plan.label.as_str(), plan.amount_cents),
        ("Protection plan: Standard (20% of the rental)", 6_000)
    );
    assert_eq!(p.final_price_before_tax_cents, 36_000);
    assert_eq!(p.tax_cents, 2_610);
    assert_eq!(p.final_price_cents, 38_610);
    // The checkout a guest goes on to, with nothing changed, totals the same.
    let checkout = app.final_price(Uuid::now_v7(), final_request(car, 5, 8)).await.unwrap();
    assert_eq!(checkout.final_price_cents, p.final_price_cents);
    assert_eq!(checkout.lines.len(), p.lines.len());
    assert_eq!(p.total_miles_included, 600);
    assert_eq!(p.price_per_mile_cents, 45);
    assert!(p.can_pay_later);
    assert!(p.converted_free_cancellation_before.is_some());
    assert!(!p.quote_id.is_empty() && !p.quote_expires_at.is_empty());
    assert_adds_up(&p);
    // Times are rounded as the spec says: 10:20 AM is priced from 10:30 AM.
    let mut r = price_request(car, 5, 8);
    r.start_time = "10:20 AM".into();
    let p = app.client.clone().get_trip_price(r).await.unwrap().into_inner();
    assert!(p.start_time.contains("T10:30:00"), "{}", p.start_time);
    // 30+ days: long-term with the monthly price.
    let p =
        app.client.clone().get_trip_price(price_request(car, 5, 40)).await.unwrap().into_inner();
    assert!(p.is_long_term);
    assert_eq!(p.final_price_per_month_cents, Some(210_000));
    assert!(
        p.lines.iter().any(|l| l.kind == "discount" && l.label.starts_with("Monthly discount"))
    );
}

#[tokio::test]
async fn a_newer_rate_replaces_an_older_one_and_late_or_repeated_events_change_nothing() {
    let app = spawn_app().await;
    let car = Uuid::now_v7();
    app.list_car(&car_event(car, 10, 10_000)).await;
    app.list_car(&car_event(car, 20, 12_000)).await;
    // An older version arrives late, twice: still 12 000.
    let late = car_event(car, 15, 9_000);
    let id = Uuid::now_v7().to_string();
    app.publish(&late, &id).await;
    app.publish(&late, &id).await;
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    let p = app.client.clone().get_trip_price(price_request(car, 5, 8)).await.unwrap().into_inner();
    assert_eq!(p.daily_price_cents, 12_000);
    // An inactive car has no price.
    let mut off = car_event(car, 30, 12_000);
    off.status = "inactive".into();
    app.publish(&off, &Uuid::now_v7().to_string()).await;
    let mut refused = None;
    for _ in 0..50 {
        if let Err(e) = app.client.clone().get_trip_price(price_request(car, 5, 8)).await {
            refused = Some(e.code());
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(refused, Some(Code::AlreadyExists));
}

#[tokio::test]
async fn a_rates_change_shows_at_once_although_search_prices_come_from_memory() {
    // An hour-long cache: only the consumer dropping the entry can make a new price show.
    let app = spawn_app_with(|s| s.rates_cache.ttl_ms = 3_600_000).await;
    let car = Uuid::now_v7();
    app.list_car(&car_event(car, 1, 10_000)).await;
    let batch = |daily_from: i64| pb::CheckPricesRequest {
        car_ids: vec![car.to_string()],
        start_date: day(daily_from),
        start_time: "10:00 AM".into(),
        end_date: day(daily_from + 2),
        end_time: "10:00 AM".into(),
        ..Default::default()
    };
    let first = app.client.clone().check_prices(batch(5)).await.unwrap().into_inner();
    assert_eq!(first.prices[0].price_details.as_ref().unwrap().daily_price_cents, 10_000);
    // list_car waits (30 s at most) until the car page answers the new rate.
    app.list_car(&car_event(car, 2, 15_000)).await;
    let again = app.client.clone().check_prices(batch(5)).await.unwrap().into_inner();
    assert_eq!(again.prices[0].price_details.as_ref().unwrap().daily_price_cents, 15_000);
}

#[tokio::test]
async fn a_batch_drops_cars_that_cannot_be_priced_and_search_pages_are_ready_at_once() {
    let app = spawn_app().await;
    let (a, b) = (Uuid::now_v7(), Uuid::now_v7());
    app.list_car(&car_event(a, 1, 10_000)).await;
    let mut strict = car_event(b, 1, 20_000);
    strict.min_age = 30;
    app.list_car(&strict).await;
    let unknown = Uuid::now_v7();
    let start = (Utc::now() + Duration::days(3)).to_rfc3339();
    let end = (Utc::now() + Duration::days(5)).to_rfc3339();
    let reply = app
        .client
        .clone()
        .get_trip_prices(pb::TripPricesRequest {
            car_ids: vec![a.to_string(), b.to_string(), unknown.to_string(), "junk".into()],
            start_time: start,
            end_time: end,
            age: Some(25),
        })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(reply.prices.iter().map(|p| p.car_id.clone()).collect::<Vec<_>>(), [a.to_string()]);

    // A search page's window as instants (what the gateway reads from catalog-search for a
    // request id): ready on the first poll.
    let (start_instant, end_instant) = (
        (Utc::now() + Duration::days(3)).to_rfc3339(),
        (Utc::now() + Duration::days(5)).to_rfc3339(),
    );
    let check = app
        .client
        .clone()
        .check_prices(pb::CheckPricesRequest {
            car_ids: vec![a.to_string(), b.to_string()],
            start_instant: start_instant.clone(),
            end_instant: end_instant.clone(),
            age: Some(35),
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(check.status, "ready");
    assert_eq!(check.prices.len(), 2);
    let pa = check.prices.iter().find(|p| p.car_id == a.to_string()).unwrap();
    // Two days at $100 and the default checkout's Standard plan (20% of the rental): the price
    // a guest then meets on the car page and at checkout.
    let d = pa.price_details.as_ref().unwrap();
    assert_eq!(d.final_price_before_tax_cents, 24_000);
    assert_eq!(d.protection_plan_type, "Standard");
    // A car whose rates have not arrived keeps the page pending.
    let check = app
        .client
        .clone()
        .check_prices(pb::CheckPricesRequest {
            car_ids: vec![a.to_string(), unknown.to_string()],
            start_instant,
            end_instant,
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(check.status, "pending");
    assert_eq!(check.pending_car_ids, [unknown.to_string()]);
    // No window at all: the spec's default trip, tomorrow 10:00 AM to the day after, in the
    // car's zone (Los Angeles).
    let check = app
        .client
        .clone()
        .check_prices(pb::CheckPricesRequest { car_ids: vec![a.to_string()], ..Default::default() })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(check.status, "ready");
    let d = check.prices[0].price_details.as_ref().unwrap();
    let local = |s: &str| {
        chrono::DateTime::parse_from_rfc3339(s)
            .unwrap()
            .with_timezone(&chrono_tz::America::Los_Angeles)
            .format("%Y-%m-%d %H:%M")
            .to_string()
    };
    assert_eq!(
        (local(&d.start_time), local(&d.end_time)),
        (format!("{} 10:00", day(1)), format!("{} 10:00", day(2)))
    );
    assert_eq!(d.days, 1);
    // Half a window is not a window: refused, not taken for the default.
    let e = app
        .client
        .clone()
        .check_prices(pb::CheckPricesRequest {
            car_ids: vec![a.to_string()],
            end_date: day(3),
            end_time: "10:00 AM".into(),
            ..Default::default()
        })
        .await
        .unwrap_err();
    assert_eq!(e.code(), Code::InvalidArgument);
}

#[tokio::test]
async fn the_checkout_price_adds_extras_fees_delivery_protection_and_coupon() {
    let app = spawn_app().await;
    let car = Uuid::now_v7();
    app.list_car(&car_event(car, 1, 10_000)).await;
    let guest = Uuid::now_v7();
    let mut r = final_request(car, 5, 7);
    r.age = Some(23);
    r.extras = vec![
        pb::ChosenExtra {
            extra_id: "child_safety_seat".into(),
            extra_type: String::new(),
            quantity: 1,
        },
        pb::ChosenExtra {
            extra_id: "prepaid_refuel".into(),
            extra_type: String::new(),
            quantity: 1,
        },
    ];
    r.protection_plan_type = "Standard".into();
    // About 4.5 miles from the car.
    r.pick_up_location = Some(pb::Location { latitude: 37.5485, longitude: -121.9062 });
    r.return_to_same_address = true;
    r.coupon_code = " first50 ".into();
    let p = app.final_price(guest, r.clone()).await.unwrap();
    let kinds: Vec<(&str, i64)> =
        p.lines.iter().map(|l| (l.kind.as_str(), l.amount_cents)).collect();
    assert_eq!(
        kinds,
        [
            ("rental", 20_000),
            ("extra", 2_000),
            ("extra", 6_000),
            ("fee", 5_000),
            ("delivery", 1_500),
            ("delivery", 1_500),
            ("protection", 4_000),
            ("coupon", -5_000),
            ("tax", 2_538),
            ("total", 37_538),
        ]
    );
    assert_eq!(p.protection_plan_type, "Standard");
    assert_adds_up(&p);

    // Bad choices are refused with 400 and a reason.
    let cases: Vec<(pb::FinalTripPriceRequest, &str)> = vec![
        (
            {
                let mut x = r.clone();
                x.age = Some(20);
                x
            },
            "21 or older",
        ),
        (
            {
                let mut x = r.clone();
                x.coupon_code = "NOPE".into();
                x
            },
            "not valid",
        ),
        (
            {
                let mut x = r.clone();
                x.protection_plan_type = "Decline".into();
                x
            },
            "Protection is required",
        ),
        (
            {
                let mut x = r.clone();
                x.protection_plan_type = "Gold".into();
                x
            },
            "Unknown protection plan",
        ),
        (
            {
                let mut x = r.clone();
                x.extras[0].extra_id = "jetpack".into();
                x
            },
            "Unknown extra",
        ),
        (
            {
                let mut x = r.clone();
                x.pick_up_location = Some(pb::Location { latitude: 38.5, longitude: -121.9 });
                x
            },
            "delivers up to 25 miles",
        ),
        (
            {
                let mut x = r.clone();
                std::mem::swap(&mut x.start_date, &mut x.end_date);
                x
            },
            "Start date must be before or equal to the end date.",
        ),
        (
            {
                let mut x = r.clone();
                x.start_date = day(-3);
                x
            },
            "in the past",
        ),
    ];
    for (req, text) in cases {
        let e = app.final_price(guest, req).await.unwrap_err();
        assert_eq!(e.code(), Code::InvalidArgument, "{text}");
        assert!(e.message().contains(text), "{} does not say {text}", e.message());
    }
    // Signed out: 401.
    let e = app.client.clone().get_final_trip_price(r.clone()).await.unwrap_err();
    assert_eq!(e.code(), Code::Unauthenticated);
    // Unknown car: 404.
    let e = app.final_price(guest, final_request(Uuid::now_v7(), 5, 7)).await.unwrap_err();
    assert_eq!(e.code(), Code::NotFound);
}

#[tokio::test]
async fn prices_are_given_and_booked_while_redis_cannot_be_reached() {
    let db = upcar_testkit::TestDatabase::create("pricing").await.unwrap();
    let url = db.url.clone();
    // Nothing listens on port 1: every Redis call of this service fails at once.
    let cut_off = spawn_app_with(|s| {
        s.database.url = url.clone().into();
        s.redis.url = "redis://127.0.0.1:1/0".into();
    })
    .await;
    let car = Uuid::now_v7();
    cut_off.list_car(&car_event(car, 1, 10_000)).await;
    let guest = Uuid::now_v7();
    let quote = cut_off.final_price(guest, final_request(car, 5, 8)).await.unwrap();
    assert!(!quote.quote_id.is_empty());
    let accept = |trip: Uuid, quote_id: &str| pb::AcceptQuoteRequest {
        quote_id: quote_id.to_owned(),
        trip_id: trip.to_string(),
        user_id: guest.to_string(),
        car_id: car.to_string(),
        replaces: false,
    };
    let bound = cut_off
        .client
        .clone()
        .accept_quote(accept(Uuid::now_v7(), &quote.quote_id))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(bound.price_details.unwrap().final_price_cents, quote.final_price_cents);

    // A quote made during the outage is honoured once Redis is back (it is not in Redis).
    let second = cut_off.final_price(guest, final_request(car, 10, 12)).await.unwrap();
    let url = db.url.clone();
    let back = spawn_app_with(|s| s.database.url = url.clone().into()).await;
    let bound = back
        .client
        .clone()
        .accept_quote(accept(Uuid::now_v7(), &second.quote_id))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(bound.price_details.unwrap().final_price_cents, second.final_price_cents);
    // And a quote neither has is still not found.
    let e = back
        .client
        .clone()
        .accept_quote(accept(Uuid::now_v7(), &Uuid::now_v7().to_string()))
        .await
        .unwrap_err();
    assert_eq!(e.code(), Code::NotFound);
}

#[tokio::test]
async fn a_quote_binds_to_one_trip_and_then_prices_its_refund_and_modification() {
    let app = spawn_app().await;
    let car = Uuid::now_v7();
    app.list_car(&car_event(car, 1, 10_000)).await;
    let (guest, stranger) = (Uuid::now_v7(), Uuid::now_v7());
    let quote = app.final_price(guest, final_request(car, 5, 8)).await.unwrap();
    let trip = Uuid::now_v7();
    let accept = |trip: Uuid, user: Uuid, quote_id: &str| pb::AcceptQuoteRequest {
        quote_id: quote_id.to_owned(),
        trip_id: trip.to_string(),
        user_id: user.to_string(),
        car_id: car.to_string(),
        replaces: false,
    };
    // Another account cannot use the guest's quote.
    let e =
        app.client.clone().accept_quote(accept(trip, stranger, &quote.quote_id)).await.unwrap_err();
    assert_eq!(e.code(), Code::PermissionDenied);
    let bound = app
        .client
        .clone()
        .accept_quote(accept(trip, guest, &quote.quote_id))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(bound.price_details.as_ref().unwrap().final_price_cents, quote.final_price_cents);
    assert_eq!(bound.owner_id, OWNER);
    // A retry answers the same; a second trip cannot reuse the quote; an unknown quote is gone.
    let again = app
        .client
        .clone()
        .accept_quote(accept(trip, guest, &quote.quote_id))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(again.price_details, bound.price_details);
    let e = app
        .client
        .clone()
        .accept_quote(accept(Uuid::now_v7(), guest, &quote.quote_id))
        .await
        .unwrap_err();
    assert_eq!(e.code(), Code::AlreadyExists);
    let e = app
        .client
        .clone()
        .accept_quote(accept(Uuid::now_v7(), guest, &Uuid::now_v7().to_string()))
        .await
        .unwrap_err();
    assert_eq!(e.code(), Code::NotFound);

    // Refund now: booked just now, so within the first hour, all of it.
    let refund = app
        .client
        .clone()
        .get_trip_refund_price(as_user(
            pb::TripRefundRequest { trip_id: trip.to_string(), cancelled_by: String::new() },
            guest,
        ))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(
        (refund.paid_cents, refund.refund_cents, refund.rule.as_str()),
        (quote.final_price_cents, quote.final_price_cents, "withinOneHourOfBooking")
    );
    // The host sees the host's rule; a stranger sees nothing.
    let owner: Uuid = OWNER.parse().unwrap();
    let host_view = app
        .client
        .clone()
        .get_trip_refund_price(as_user(
            pb::TripRefundRequest { trip_id: trip.to_string(), cancelled_by: String::new() },
            owner,
        ))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(host_view.rule, "cancelledByHost");
    let e = app
        .client
        .clone()
        .get_trip_refund_price(as_user(
            pb::TripRefundRequest { trip_id: trip.to_string(), cancelled_by: String::new() },
            stranger,
        ))
        .await
        .unwrap_err();
    // As for a trip that does not exist: a stranger cannot tell the trip is there.
    assert_eq!(e.code(), Code::NotFound);
    assert_eq!(error_code(&e), "trip_not_found");

    // One more day costs one more day (plus its protection and tax).
    let modified = app
        .client
        .clone()
        .get_modified_trip_price(as_user(
            pb::ModifiedTripPriceRequest {
                trip_id: trip.to_string(),
                start_date: day(5),
                start_time: "10:00 AM".into(),
                end_date: day(9),
                end_time: "10:00 AM".into(),
                ..Default::default()
            },
            guest,
        ))
        .await
        .unwrap()
        .into_inner();
    let d = modified.price_details.unwrap();
    assert_eq!(modified.previous_price_cents, quote.final_price_cents);
    assert_eq!(modified.difference_cents, d.final_price_cents - quote.final_price_cents);
    // $100 day + 20% Standard protection = $120, plus 7.25% tax = $128.70.
    assert_eq!(modified.difference_cents, 12_870);
    assert!(!d.quote_id.is_empty());
}

#[tokio::test]
async fn plans_and_coupons_answer_without_a_car() {
    let app = spawn_app().await;
    let plans =
        app.client.clone().list_protection_plans(pb::Empty {}).await.unwrap().into_inner().plans;
    assert_eq!(
        plans.iter().map(|p| p.name.as_str()).collect::<Vec<_>>(),
        ["Standard", "Minimum", "Decline"]
    );
    assert!(plans[0].is_default && !plans[0].coverage.is_empty());
    let price = app
        .client
        .clone()
        .get_protection_plan_price(pb::ProtectionPlanPriceRequest {
            protection_plan_type: "Minimum".into(),
            final_trip_price_cents: 45_055,
        })
        .await
        .unwrap()
        .into_inner();
    assert_eq!((price.price_cents, price.percent), (4_506, 10));
    let ok = app
        .client
        .clone()
        .validate_coupon(pb::ValidateCouponRequest { coupon_code: "first50".into() })
        .await
        .unwrap()
        .into_inner();
    assert!(ok.valid);
    assert_eq!(
        (ok.coupon_code.as_str(), ok.amount_cents, ok.message.as_str()),
        ("FIRST50", 5_000, "Save $50 on first trip")
    );
    for (code, status) in [("", Code::InvalidArgument), ("BOGUS", Code::InvalidArgument)] {
        let e = app
            .client
            .clone()
            .validate_coupon(pb::ValidateCouponRequest { coupon_code: code.into() })
            .await
            .unwrap_err();
        assert_eq!(e.code(), status, "{code:?}");
    }
    let e = app
        .client
        .clone()
        .get_protection_plan_price(pb::ProtectionPlanPriceRequest {
            protection_plan_type: "Gold".into(),
            final_trip_price_cents: 100,
        })
        .await
        .unwrap_err();
    assert_eq!(e.code(), Code::InvalidArgument);
}

#[tokio::test]
async fn a_trip_starting_more_than_a_year_ahead_is_not_priced() {
    let app = spawn_app().await;
    let car = Uuid::now_v7();
    app.list_car(&car_event(car, 1, 10_000)).await;
    let guest = Uuid::now_v7();

    let page = app.client.clone().get_trip_price(price_request(car, 400, 402)).await.unwrap_err();
    let checkout = app.final_price(guest, final_request(car, 400, 402)).await.unwrap_err();
    let mut year_9999 = final_request(car, 5, 7);
    year_9999.start_date = "9999-01-01".into();
    year_9999.end_date = "9999-01-03".into();
    let far = app.final_price(guest, year_9999).await.unwrap_err();

    for e in [page, checkout, far] {
        assert_eq!((e.code(), error_code(&e)), (Code::InvalidArgument, "start_too_far_ahead"));
    }
    // A start within the year is priced.
    app.final_price(guest, final_request(car, 360, 362)).await.unwrap();
}

#[tokio::test]
async fn a_quote_is_honoured_for_30_minutes_of_the_services_time() {
    let app = spawn_app().await;
    let car = Uuid::now_v7();
    app.list_car(&car_event(car, 1, 10_000)).await;
    let guest = Uuid::now_v7();
    let quote = app.final_price(guest, final_request(car, 5, 8)).await.unwrap();
    let accept = |trip: Uuid| pb::AcceptQuoteRequest {
        quote_id: quote.quote_id.clone(),
        trip_id: trip.to_string(),
        user_id: guest.to_string(),
        car_id: car.to_string(),
        replaces: false,
    };

    app.clock.advance(Duration::minutes(31));
    let e = app.client.clone().accept_quote(accept(Uuid::now_v7())).await.unwrap_err();

    assert_eq!((e.code(), error_code(&e)), (Code::NotFound, "quote_not_found"));
}

#[tokio::test]
async fn the_refund_follows_the_policy_at_the_moment_it_is_asked() {
    let app = spawn_app().await;
    let car = Uuid::now_v7();
    app.list_car(&car_event(car, 1, 10_000)).await;
    let guest = Uuid::now_v7();
    let quote = app.final_price(guest, final_request(car, 5, 8)).await.unwrap();
    let trip = Uuid::now_v7();
    app.client
        .clone()
        .accept_quote(pb::AcceptQuoteRequest {
            quote_id: quote.quote_id.clone(),
            trip_id: trip.to_string(),
            user_id: guest.to_string(),
            car_id: car.to_string(),
            replaces: false,
        })
        .await
        .unwrap();
    let start = chrono::DateTime::parse_from_rfc3339(&quote.start_time).unwrap().to_utc();
    let refund = async || {
        let r = pb::TripRefundRequest { trip_id: trip.to_string(), cancelled_by: String::new() };
        app.client.clone().get_trip_refund_price(as_user(r, guest)).await.unwrap().into_inner()
    };

    app.clock.advance(Duration::hours(2));
    let early = refund().await;
    app.clock.set(start - Duration::hours(6));
    let late = refund().await;
    app.clock.set(start + Duration::hours(1));
    let started = refund().await;

    assert_eq!(
        (early.rule.as_str(), early.refund_cents),
        ("moreThan24HoursBeforeStart", early.paid_cents)
    );
    assert_eq!(late.rule, "within24HoursOfStart");
    assert!((late.refund_cents - late.paid_cents / 2).abs() <= 1);
    assert!((late.owner_earns_cents - late.paid_cents * 24 / 100).abs() <= 1);
    assert_eq!((started.rule.as_str(), started.refund_cents), ("afterStart", 0));
}
