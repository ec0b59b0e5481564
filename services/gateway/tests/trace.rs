//! One trace per request: a booking through the gateway is one trace, from the gateway's HTTP
//! span through every gRPC hop it causes (trips, and the services trips calls) to the RabbitMQ
//! consumers of its events (catalog-search, messaging, captains), each hop a child of the one
//! that caused it. The services run in this process (the e2e stack) on real ports, brokers and
//! databases; their spans go to an exporter that keeps them here, as a collector would.
//! A test binary of its own: it installs the process's tracing subscriber.
#![allow(clippy::unwrap_used, clippy::expect_used)]

#[allow(dead_code)]
#[path = "e2e/fake_google.rs"]
mod fake_google;
#[allow(dead_code)]
#[path = "e2e/helpers.rs"]
mod helpers;

use chrono::{Duration, Utc};
use helpers::*;
use opentelemetry::trace::{SpanId, TraceId, TracerProvider as _};
use opentelemetry_sdk::error::OTelSdkResult;
use opentelemetry_sdk::trace::{SdkTracerProvider, SpanData, SpanExporter};
use serde_json::json;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use tracing_subscriber::layer::SubscriberExt;

/// Keeps every finished span.
#[derive(Debug, Clone, Default)]
struct Kept(Arc<Mutex<Vec<SpanData>>>);

impl SpanExporter for Kept {
    fn export(
        &self,
        batch: Vec<SpanData>,
    ) -> impl std::future::Future<Output = OTelSdkResult> + Send {
        self.0.lock().unwrap().extend(batch);
        std::future::ready(Ok(()))
    }
}

fn attr(s: &SpanData, key: &str) -> Option<String> {
    s.attributes.iter().find(|kv| kv.key.as_str() == key).map(|kv| kv.value.to_string())
}

fn day(d: i64) -> String {
    (Utc::now().date_naive() + Duration::days(d)).to_string()
}

/// A guest who passes pre-booking verification (the flags set with SQL, a card added).
async fn verified_guest() -> NewUser {
    let g = sign_up().await;
    use diesel_async::{AsyncConnection, SimpleAsyncConnection};
    let url = accounts_db(stack().accounts_port);
    let mut conn = diesel_async::AsyncPgConnection::establish(&url).await.unwrap();
    conn.batch_execute(&format!(
        "UPDATE users SET email_verified = true, dob = '1990-01-01' WHERE id = '{id}'; \
         INSERT INTO driver_documents (user_id, dl_key, dl_back_key, selfie_key, license_first_name, \
           license_last_name, license_number, license_issued_on, license_expires_on) \
         VALUES ('{id}', 'test/dl', 'test/dl-back', 'test/selfie', 'Test', 'Guest', 'T1234567', \
           current_date - 365, current_date + 5 * 365);",
        id = g.id
    ))
    .await
    .unwrap();
    let (s, b) = parts(post("/v1/payment/stripe/addPaymentMethod", json!({
        "paymentMethodId": "pm_card_visa",
        "billingDetails": {"street": "1 Main St", "city": "Fremont", "state": "CA", "zip": "94536", "country": "US"},
    }), Some(&g.token)).await).await;
    assert_eq!(s, 200, "{b}");
    g
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_booking_is_one_trace_from_the_gateway_through_every_hop_and_consumer() {
    let kept = Kept::default();
    let provider = SdkTracerProvider::builder().with_simple_exporter(kept.clone()).build();
    opentelemetry::global::set_text_map_propagator(
        opentelemetry_sdk::propagation::TraceContextPropagator::new(),
    );
    let subscriber = tracing_subscriber::registry()
        .with(tracing_subscriber::EnvFilter::new("info"))
        .with(tracing_opentelemetry::layer().with_tracer(provider.tracer("upcar-test")));
    tracing::subscriber::set_global_default(subscriber).expect("the only subscriber");

    let guest = verified_guest().await;
    // Demo car 7 (Fremont, instant), a day far enough out that no other test books it.
    let car = uuid::Uuid::from_u128(0x0194_0000_0000_7000_8000_0000_0000_0007).to_string();
    let body = json!({
        "carId": car, "newStartDate": day(320), "newStartTime": "10:00 AM",
        "newEndDate": day(321), "newEndTime": "10:00 AM", "age": 36, "extras": [],
        "protectionPlanType": "Standard",
    });
    let (s, b) = parts(post("/v1/trips/createTrip", body, Some(&guest.token)).await).await;
    assert_eq!(s, 201, "{b}");

    // The booking's HTTP span at the gateway is the root of its trace.
    let spans = |kept: &Kept| kept.0.lock().unwrap().clone();
    let root = spans(&kept)
        .into_iter()
        .find(|s| {
            s.name == "http" && attr(s, "http.path").as_deref() == Some("/v1/trips/createTrip")
        })
        .expect("the gateway's span of the booking");
    let trace: TraceId = root.span_context.trace_id();
    assert_eq!(root.parent_span_id, SpanId::INVALID, "the request came without a trace");

    // The consumers apply the booking's events shortly after; wait for their spans, and for
    // every span's parent (a span is kept when it ends: a child may end, and be kept, while its
    // parent is still open).
    let consumers = ["catalog-search", "messaging", "captains"];
    let mut in_trace = Vec::new();
    for _ in 0..100 {
        let _ = provider.force_flush();
        in_trace =
            spans(&kept).into_iter().filter(|s| s.span_context.trace_id() == trace).collect();
        let consumed: Vec<String> = in_trace
            .iter()
            .filter(|s| {
                s.name == "consume" && attr(s, "event_type").as_deref() == Some("trips.trip_booked")
            })
            .filter_map(|s| attr(s, "consumer"))
            .collect();
        let ids: std::collections::HashSet<SpanId> =
            in_trace.iter().map(|s| s.span_context.span_id()).collect();
        let closed = in_trace
            .iter()
            .all(|s| s.parent_span_id == SpanId::INVALID || ids.contains(&s.parent_span_id));
        if closed
            && consumers.iter().all(|c| consumed.iter().any(|q| q.ends_with(&format!(".{c}"))))
        {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let tree: Vec<String> = in_trace
        .iter()
        .map(|s| {
            format!(
                "{} {:?} parent={:?} method={:?} consumer={:?}",
                s.name,
                s.span_context.span_id(),
                s.parent_span_id,
                attr(s, "rpc.method"),
                attr(s, "consumer")
            )
        })
        .collect();
    let dump = tree.join("\n");

    // Every span of the trace hangs from the root through spans of the same trace.
    let by_id: HashMap<SpanId, &SpanData> =
        in_trace.iter().map(|s| (s.span_context.span_id(), s)).collect();
    for s in &in_trace {
        let mut at: &SpanData = s;
        let mut hops = 0;
        while at.span_context.span_id() != root.span_context.span_id() {
            at = *by_id.get(&at.parent_span_id).unwrap_or_else(|| {
                panic!("span {} has a parent outside the trace:\n{dump}", s.name)
            });
            hops += 1;
            assert!(hops < 64, "a cycle:\n{dump}");
        }
    }
    // trips served the booking, under the gateway's span; trips' own calls (the car and its
    // price, the guest's standing) are spans of the services it called, under trips' span.
    let create = in_trace
        .iter()
        .find(|s| s.name == "grpc" && attr(s, "rpc.method").as_deref() == Some("CreateTrip"))
        .unwrap_or_else(|| panic!("trips' span:\n{dump}"));
    let under_trips: Vec<String> = in_trace
        .iter()
        .filter(|s| s.name == "grpc" && s.parent_span_id != SpanId::INVALID)
        .filter(|s| {
            let mut at: &SpanData = s;
            while let Some(p) = by_id.get(&at.parent_span_id) {
                if p.span_context.span_id() == create.span_context.span_id() {
                    return true;
                }
                at = p;
            }
            false
        })
        .filter_map(|s| attr(s, "rpc.method"))
        .collect();
    // catalog-search (is the car free), pricing (the price and its quote), accounts (the guest).
    for (service, methods) in [
        ("catalog-search", &["IsCarAvailable"][..]),
        ("pricing", &["GetFinalTripPrice", "AcceptQuote"][..]),
        ("accounts", &["GetUser"][..]),
    ] {
        assert!(
            methods.iter().any(|m| under_trips.iter().any(|u| u == m)),
            "{service}'s span under trips' in the trace:\n{dump}"
        );
    }
    // Each consumer's span of the booked event is in the trace.
    for c in consumers {
        assert!(
            in_trace.iter().any(|s| s.name == "consume"
                && attr(s, "event_type").as_deref() == Some("trips.trip_booked")
                && attr(s, "consumer").is_some_and(|q| q.ends_with(&format!(".{c}")))),
            "{c} consumed the booking in its trace:\n{dump}"
        );
    }
    eprintln!("the booking's trace, {} spans:\n{dump}", in_trace.len());
}
