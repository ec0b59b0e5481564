//! Service tests of activity against the real Postgres, Redis and RabbitMQ: each event of a
//! batch is answered accepted, duplicate or rejected; accepted events are stored once however
//! often they are sent; the user is the caller's; the client's clock is corrected; the
//! services' funnel events and the rollups feed analytics; reads are for admins.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use activity::state::AppState;
use diesel::QueryableByName;
use diesel_async::RunQueryDsl;
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::Duration;
use tonic::transport::Channel;
use tonic::{Code, Request};
use upcar_events::IntegrationEvent;
use upcar_identity::{Identity, Role};
use upcar_proto::activity as pb;
use upcar_proto::activity::activity_client::ActivityClient;
use upcar_proto::events::{BookingStarted, CarViewed, TripBooked, UserSignedUp};
use uuid::Uuid;

struct TestApp {
    client: ActivityClient<Channel>,
    state: Arc<AppState>,
    exchange: String,
    amqp_url: String,
    redis_prefix: String,
}

async fn spawn_app() -> TestApp {
    let db = upcar_testkit::TestDatabase::create("activity").await.unwrap();
    let mut settings = activity::Settings::load().unwrap();
    settings.database.url = db.url.clone().into();
    settings.grpc.port = 0;
    settings.amqp.exchange = upcar_testkit::unique("test-activity");
    settings.redis.url = upcar_testkit::redis_url();
    settings.dedupe.key_prefix = upcar_testkit::unique("test-activity");
    let (exchange, amqp_url) = (settings.amqp.exchange.clone(), settings.amqp.url().to_owned());
    let redis_prefix = settings.dedupe.key_prefix.clone();
    let app = activity::Application::build(settings).await.unwrap();
    let (port, state) = (app.port(), app.state());
    tokio::spawn(app.run_until(std::future::pending()));
    let client = ActivityClient::connect(format!("http://127.0.0.1:{port}")).await.unwrap();
    TestApp { client, state, exchange, amqp_url, redis_prefix }
}

fn caller<T>(body: T, who: Option<(Uuid, Role)>) -> Request<T> {
    let mut r = Request::new(body);
    if let Some((user_id, role)) = who {
        Identity {
            user_id,
            role,
            token_id: "t".into(),
            expires_at: i64::MAX,
            session: upcar_identity::Session { id: "s".into(), auth_time: 0 },
        }
        .inject(r.metadata_mut());
    }
    r
}

fn admin() -> Option<(Uuid, Role)> {
    Some((Uuid::now_v7(), Role::Admin))
}

fn user(id: Uuid) -> Option<(Uuid, Role)> {
    Some((id, Role::User))
}

fn code_of(s: &tonic::Status) -> &str {
    s.metadata().get(upcar_errors::ERROR_CODE_METADATA).and_then(|v| v.to_str().ok()).unwrap_or("")
}

fn event(id: &str, activity_type: &str) -> Value {
    json!({"eventId": id, "sessionId": "s-1", "activityType": activity_type,
           "metadata": {"pageUrl": "/search", "referrer": ""}})
}

#[derive(QueryableByName)]
struct N {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    n: i64,
}

impl TestApp {
    async fn ingest(
        &self,
        who: Option<(Uuid, Role)>,
        events: &[Value],
        sent_at: &str,
    ) -> Result<pb::IngestReply, tonic::Status> {
        let req = pb::IngestRequest {
            events_json: events.iter().map(Value::to_string).collect(),
            sent_at: sent_at.to_owned(),
            single: false,
        };
        self.client.clone().ingest(caller(req, who)).await.map(|r| r.into_inner())
    }

    async fn count(&self, sql: &str) -> i64 {
        let mut conn = self.state.pool.get().await.unwrap();
        diesel::sql_query(sql).get_result::<N>(&mut conn).await.unwrap().n
    }

    /// Waits until `sql` counts `n` (the consumer stores asynchronously), then a little more
    /// so a wrong extra row would show.
    async fn wait_count(&self, sql: &str, n: i64) {
        let mut last = -1;
        for _ in 0..300 {
            last = self.count(sql).await;
            if last >= n {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        tokio::time::sleep(Duration::from_millis(300)).await;
        assert_eq!(self.count(sql).await, n, "{sql} (last seen {last})");
    }

    async fn publish<E: IntegrationEvent>(&self, event: &E, id: &str) {
        upcar_testkit::publish(&self.amqp_url, &self.exchange, event, id).await.unwrap();
    }

    async fn journey(&self, user: Uuid) -> pb::JourneyReply {
        let req = pb::JourneyRequest { user_id: user.to_string(), ..Default::default() };
        self.client.clone().journey(caller(req, admin())).await.unwrap().into_inner()
    }

    async fn analytics(&self, start: &str, end: &str) -> pb::AnalyticsReply {
        let req = pb::AnalyticsRequest { start_date: start.into(), end_date: end.into() };
        self.client.clone().analytics(caller(req, admin())).await.unwrap().into_inner()
    }
}

#[tokio::test]
async fn events_without_an_id_are_named_by_the_service_and_a_resend_in_one_batch_counts_once() {
    let app = spawn_app().await;
    let u = Uuid::now_v7();
    let spec = |page: &str| {
        json!({"userId": "ignored", "sessionId": "s-9", "activityType": "page_view",
               "activityCategory": "navigation", "metadata": {"pageUrl": page}})
    };
    let batch = [spec("/"), spec("/"), spec("/search"), event("a", "search")];
    let r = app.ingest(user(u), &batch, "").await.unwrap();
    let statuses: Vec<&str> = r.results.iter().map(|r| r.status.as_str()).collect();
    assert_eq!(statuses, vec!["accepted", "duplicate", "accepted", "accepted"]);
    assert!(r.results[0].event_id.starts_with("srv-"), "{:?}", r.results[0]);
    assert_eq!(r.results[1].event_id, r.results[0].event_id);
    assert_ne!(r.results[2].event_id, r.results[0].event_id);
    // The same batch sent again is new visits for the events without an id (nothing tells
    // them from new ones), a duplicate for the one with an id.
    let again = app.ingest(user(u), &batch, "").await.unwrap();
    assert_eq!((again.accepted, again.duplicates), (2, 2));
    app.wait_count("SELECT count(*) AS n FROM activity_events", 5).await;
    assert_eq!(
        app.count("SELECT count(*) AS n FROM activity_events WHERE event_id LIKE 'srv-%'").await,
        4
    );
}

#[tokio::test]
async fn a_batch_answers_each_event_accepted_duplicate_or_rejected_and_stores_the_accepted_once() {
    let app = spawn_app().await;
    let u = Uuid::now_v7();
    let batch = [
        event("a", "search"),
        json!({"eventId": "b", "activityType": "<b>"}),
        event("a", "search"),
        json!({"eventId": "has space", "activityType": "search"}),
        json!("not an object"),
        event("c", "pageView"),
    ];
    let r = app.ingest(user(u), &batch, "").await.unwrap();
    let statuses: Vec<(&str, &str, &str)> = r
        .results
        .iter()
        .map(|r| (r.event_id.as_str(), r.status.as_str(), r.error.as_str()))
        .collect();
    assert_eq!(
        statuses,
        vec![
            ("a", "accepted", ""),
            ("b", "rejected", "invalid_activity_type"),
            ("a", "duplicate", ""),
            ("has space", "rejected", "invalid_event_id"),
            ("", "rejected", "invalid_event"),
            ("c", "accepted", ""),
        ]
    );
    assert_eq!((r.accepted, r.duplicates, r.rejected), (2, 1, 3));
    assert_eq!(r.results[3].reason, "eventId must be 1 to 100 visible ASCII characters");
    // The same batch again: every valid event is now a duplicate.
    let again = app.ingest(user(u), &batch, "").await.unwrap();
    assert_eq!((again.accepted, again.duplicates, again.rejected), (0, 3, 3));
    app.wait_count("SELECT count(*) AS n FROM activity_events", 2).await;
    assert_eq!(
        app.count("SELECT count(*) AS n FROM activity_events WHERE activity_type = 'page_view' AND activity_category = 'navigation'").await,
        1,
        "types are normalised and known types get their category"
    );
    assert_eq!(
        app.count("SELECT coalesce(sum(events), 0)::bigint AS n FROM activity_daily_counts").await,
        2
    );
    // Another user's "a" is another event.
    let other = app.ingest(user(Uuid::now_v7()), &[event("a", "search")], "").await.unwrap();
    assert_eq!(other.accepted, 1);
}

#[tokio::test]
async fn the_user_comes_from_the_caller_never_from_the_body() {
    let app = spawn_app().await;
    let (caller_id, victim) = (Uuid::now_v7(), Uuid::now_v7());
    let mut e = event("mine", "search");
    e["userId"] = json!(victim.to_string());
    app.ingest(user(caller_id), &[e.clone()], "").await.unwrap();
    // Anonymous, naming a user in the body: stored as anonymous.
    e["eventId"] = json!("anon-1");
    app.ingest(None, &[e], "").await.unwrap();
    app.wait_count("SELECT count(*) AS n FROM activity_events", 2).await;
    assert_eq!(app.journey(caller_id).await.activities.len(), 1);
    assert!(
        app.journey(victim).await.activities.is_empty(),
        "nothing is stored under the body's user"
    );
    assert_eq!(
        app.count(&format!("SELECT count(*) AS n FROM activity_events WHERE user_id = '{victim}'"))
            .await,
        0
    );
    assert_eq!(
        app.count("SELECT count(*) AS n FROM activity_events WHERE user_id IS NULL AND session_id = 's-1' AND scope = 's:s-1'").await,
        1
    );
}

#[tokio::test]
async fn a_resent_event_is_stored_once_even_when_redis_forgot_it() {
    let app = spawn_app().await;
    let u = Uuid::now_v7();
    let r = app.ingest(user(u), &[event("once", "search")], "").await.unwrap();
    assert_eq!(r.accepted, 1);
    app.wait_count("SELECT count(*) AS n FROM activity_events", 1).await;
    // Redis loses the key (a restart, an eviction): the answer says accepted again, but the
    // database's ids seen keep the event stored once and counted once.
    let mut redis = redis::Client::open(upcar_testkit::redis_url())
        .unwrap()
        .get_multiplexed_async_connection()
        .await
        .unwrap();
    let key = format!("{}:seen:u:{u}:once", app.redis_prefix);
    let removed: i64 = redis::cmd("DEL").arg(&key).query_async(&mut redis).await.unwrap();
    assert_eq!(removed, 1, "the seen key was {key}");
    let r = app
        .ingest(user(u), &[event("once", "search"), event("twice", "search")], "")
        .await
        .unwrap();
    assert_eq!(r.accepted, 2);
    app.wait_count("SELECT count(*) AS n FROM activity_events", 2).await;
    assert_eq!(
        app.count("SELECT coalesce(sum(events), 0)::bigint AS n FROM activity_daily_counts").await,
        2
    );
    assert_eq!(
        app.count("SELECT count(*) AS n FROM activity_events WHERE event_id = 'once'").await,
        1
    );
}

#[tokio::test]
async fn the_client_clock_is_corrected_by_the_batch_send_time_and_both_times_are_kept() {
    let app = spawn_app().await;
    let u = Uuid::now_v7();
    let now = chrono::Utc::now();
    // The client's clock is 3 hours behind: it sent the batch at now - 3 h by its clock; the
    // event happened 10 s before that.
    let sent = now - chrono::Duration::hours(3);
    let happened = sent - chrono::Duration::seconds(10);
    let mut e = event("clock", "search");
    e["timestamp"] = json!(happened.timestamp_millis());
    app.ingest(user(u), &[e], &sent.to_rfc3339()).await.unwrap();
    app.wait_count("SELECT count(*) AS n FROM activity_events", 1).await;
    let a = &app.journey(u).await.activities[0];
    let t = |s: &str| chrono::DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&chrono::Utc);
    let (occurred, client, received) = (t(&a.occurred_at), t(&a.client_time), t(&a.received_at));
    assert_eq!((client - happened).num_milliseconds(), 0, "the client's time is kept as sent");
    let gap = (received - occurred).num_milliseconds();
    assert!((9_990..=10_010).contains(&gap), "corrected to 10 s before receipt, was {gap} ms");
    assert!((received - now).num_seconds().abs() < 30, "received is the service's time");
}

#[tokio::test]
async fn a_single_events_refusal_is_the_calls_error_and_batch_limits_refuse_the_whole_batch() {
    let app = spawn_app().await;
    let req = pb::IngestRequest {
        events_json: vec![
            json!({"eventId": "x", "activityType": "search", "metadata": [1]}).to_string(),
        ],
        sent_at: String::new(),
        single: true,
    };
    let e = app.client.clone().ingest(caller(req, None)).await.unwrap_err();
    assert_eq!(
        (e.code(), code_of(&e), e.message()),
        (Code::InvalidArgument, "invalid_metadata", "metadata must be a JSON object")
    );
    let e = app.ingest(None, &[], "").await.unwrap_err();
    assert_eq!(code_of(&e), "activities_required");
    let many: Vec<Value> = (0..51).map(|i| event(&format!("m{i}"), "search")).collect();
    let e = app.ingest(None, &many, "").await.unwrap_err();
    assert_eq!(
        (code_of(&e), e.message()),
        ("too_many_activities", "A batch may hold at most 50 events")
    );
    let e = app.ingest(None, &many[..50], "half past nine").await.unwrap_err();
    assert_eq!(code_of(&e), "invalid_sent_at");
    let ok = app.ingest(None, &many[..50], "").await.unwrap();
    assert_eq!(ok.accepted, 50);
    app.wait_count("SELECT count(*) AS n FROM activity_events", 50).await;
}

#[tokio::test]
async fn the_funnel_counts_the_services_events_and_analytics_reads_the_rollups() {
    let app = spawn_app().await;
    let (guest, other) = (Uuid::now_v7(), Uuid::now_v7());
    let now = chrono::Utc::now();
    let at = now.to_rfc3339();
    let today = now.format("%Y-%m-%d").to_string();
    // The browser: two searches by the guest, one by an anonymous session, and a car view
    // the browser logged itself (the funnel counts the server's).
    app.ingest(
        user(guest),
        &[event("s1", "search"), event("s2", "search"), event("v1", "car_viewed")],
        "",
    )
    .await
    .unwrap();
    let mut anon = event("s3", "search");
    anon["sessionId"] = json!("visitor-9");
    app.ingest(None, &[anon], "").await.unwrap();
    // The services.
    let car = Uuid::now_v7().to_string();
    let signed_up =
        UserSignedUp { user_id: guest.to_string(), occurred_at: at.clone(), ..Default::default() };
    let viewed = |u: &str| CarViewed {
        car_id: car.clone(),
        user_id: u.to_owned(),
        occurred_at: at.clone(),
        ..Default::default()
    };
    let started =
        BookingStarted { user_id: guest.to_string(), car_id: car.clone(), occurred_at: at.clone() };
    let booked = TripBooked {
        trip_id: Uuid::now_v7().to_string(),
        car_id: car.clone(),
        guest_id: guest.to_string(),
        occurred_at: at.clone(),
        ..Default::default()
    };
    let viewed_id = Uuid::now_v7().to_string();
    app.publish(&signed_up, &Uuid::now_v7().to_string()).await;
    app.publish(&viewed(&guest.to_string()), &viewed_id).await;
    // A redelivery of the same event is stored once.
    app.publish(&viewed(&guest.to_string()), &viewed_id).await;
    app.publish(&viewed(""), &Uuid::now_v7().to_string()).await;
    app.publish(&viewed(&other.to_string()), &Uuid::now_v7().to_string()).await;
    app.publish(&started, &Uuid::now_v7().to_string()).await;
    app.publish(&booked, &Uuid::now_v7().to_string()).await;
    app.wait_count("SELECT count(*) AS n FROM activity_events", 10).await;

    let a = app.analytics(&today, &today).await;
    assert_eq!(a.total_events, 10);
    let count =
        |v: &[pb::TypeCount], n: &str| v.iter().find(|c| c.name == n).map_or(0, |c| c.count);
    assert_eq!(count(&a.by_type, "search"), 3);
    assert_eq!(count(&a.by_type, "car_viewed"), 4, "the browser's and the services' views");
    assert_eq!(count(&a.by_category, "account"), 1);
    assert_eq!((count(&a.by_source, "client"), count(&a.by_source, "server")), (4, 6));
    let funnel: Vec<(&str, i64, i64)> =
        a.funnel.iter().map(|s| (s.step.as_str(), s.events, s.actors)).collect();
    assert_eq!(
        funnel,
        vec![
            ("search", 3, 2),
            ("car_viewed", 3, 2),
            ("booking_started", 1, 1),
            ("trip_booked", 1, 1)
        ],
        "car_viewed counts only the services' views; actors are distinct users or sessions"
    );
    assert!((a.funnel[2].conversion - 1.0 / 3.0).abs() < 1e-9);
    assert_eq!(a.daily_active.len(), 1);
    // Users: the guest and the other viewer; sessions: the anonymous visitor (a signed-in
    // user's session counts as the user).
    assert_eq!(
        (a.daily_active[0].users, a.daily_active[0].sessions),
        (2, 1),
        "{:?}",
        a.daily_active
    );
    // The rollups are what analytics reads: they hold the same numbers.
    assert_eq!(
        app.count("SELECT coalesce(sum(events), 0)::bigint AS n FROM activity_daily_counts").await,
        10
    );
    // The journey has the server's steps too, in order.
    let types: Vec<String> =
        app.journey(guest).await.activities.into_iter().map(|a| a.activity_type).collect();
    for t in ["search", "registration", "car_viewed", "booking_started", "trip_booked"] {
        assert!(types.iter().any(|x| x == t), "{t} missing from {types:?}");
    }
    // A week with no events: zeros for every day.
    let empty = app.analytics("2020-01-01", "2020-01-07").await;
    assert_eq!((empty.total_events, empty.daily_active.len()), (0, 7));
    assert!(empty.funnel.iter().all(|s| s.events == 0));
}

#[tokio::test]
async fn reads_are_for_admins_and_the_types_for_any_signed_in_user() {
    let app = spawn_app().await;
    let u = Uuid::now_v7();
    let list = pb::ListActivitiesRequest::default();
    for who in [None, user(u)] {
        let e = app.client.clone().list_activities(caller(list.clone(), who)).await.unwrap_err();
        assert!(matches!(code_of(&e), "token_missing" | "admin_only"), "{e:?}");
        let e = app
            .client
            .clone()
            .analytics(caller(pb::AnalyticsRequest::default(), who))
            .await
            .unwrap_err();
        assert!(matches!(code_of(&e), "token_missing" | "admin_only"));
        let j = pb::JourneyRequest { user_id: u.to_string(), ..Default::default() };
        let e = app.client.clone().journey(caller(j, who)).await.unwrap_err();
        assert!(matches!(code_of(&e), "token_missing" | "admin_only"));
    }
    let e = app.client.clone().list_types(caller(pb::TypesRequest {}, None)).await.unwrap_err();
    assert_eq!(code_of(&e), "token_missing");
    let types = app
        .client
        .clone()
        .list_types(caller(pb::TypesRequest {}, user(u)))
        .await
        .unwrap()
        .into_inner();
    let car = types.types.iter().find(|t| t.activity_type == "car_viewed").unwrap();
    assert_eq!(
        (car.activity_category.as_str(), car.funnel_step.as_str(), car.server_side),
        ("car", "car_viewed", true)
    );
    // Bad filters are 400s naming the rule.
    for (req, code) in [
        (
            pb::ListActivitiesRequest { user_id: "me".into(), ..Default::default() },
            "invalid_user_id",
        ),
        (
            pb::ListActivitiesRequest { start_date: "yesterday".into(), ..Default::default() },
            "invalid_date",
        ),
        (
            pb::ListActivitiesRequest { source: "robot".into(), ..Default::default() },
            "invalid_source",
        ),
        (pb::ListActivitiesRequest { limit: Some(500), ..Default::default() }, "invalid_limit"),
    ] {
        let e = app.client.clone().list_activities(caller(req, admin())).await.unwrap_err();
        assert_eq!((e.code(), code_of(&e)), (Code::InvalidArgument, code));
    }
    let e = app
        .client
        .clone()
        .analytics(caller(
            pb::AnalyticsRequest { start_date: "2026-02-01".into(), end_date: "2026-01-01".into() },
            admin(),
        ))
        .await
        .unwrap_err();
    assert_eq!(code_of(&e), "dates_inverted");
    let e = app
        .client
        .clone()
        .journey(caller(pb::JourneyRequest::default(), admin()))
        .await
        .unwrap_err();
    assert_eq!(code_of(&e), "user_id_required");
}

#[tokio::test]
async fn the_list_filters_and_pages_and_the_journey_is_in_the_order_things_happened() {
    let app = spawn_app().await;
    let u = Uuid::now_v7();
    let base = chrono::Utc::now() - chrono::Duration::hours(1);
    // Sent out of order; each says when it happened.
    let events: Vec<Value> = [(3, "page_view"), (1, "search"), (2, "car_viewed"), (4, "login")]
        .iter()
        .map(|(m, t)| {
            let mut e = event(&format!("j{m}"), t);
            e["timestamp"] = json!((base + chrono::Duration::minutes(*m)).to_rfc3339());
            e
        })
        .collect();
    app.ingest(user(u), &events, "").await.unwrap();
    app.wait_count("SELECT count(*) AS n FROM activity_events", 4).await;
    let ids: Vec<String> =
        app.journey(u).await.activities.into_iter().map(|a| a.event_id).collect();
    assert_eq!(ids, ["j1", "j2", "j3", "j4"]);
    let list = |req: pb::ListActivitiesRequest| {
        let mut c = app.client.clone();
        async move { c.list_activities(caller(req, admin())).await.unwrap().into_inner() }
    };
    let page1 = list(pb::ListActivitiesRequest { limit: Some(3), ..Default::default() }).await;
    let page2 =
        list(pb::ListActivitiesRequest { limit: Some(3), page: Some(2), ..Default::default() })
            .await;
    let ids = |r: &pb::ListActivitiesReply| {
        r.activities.iter().map(|a| a.event_id.clone()).collect::<Vec<_>>()
    };
    assert_eq!(
        (ids(&page1), page1.has_more),
        (vec!["j4".to_owned(), "j3".into(), "j2".into()], true)
    );
    assert_eq!((ids(&page2), page2.has_more), (vec!["j1".to_owned()], false));
    let searches = list(pb::ListActivitiesRequest {
        activity_type: "Search".into(),
        user_id: u.to_string(),
        ..Default::default()
    })
    .await;
    assert_eq!(ids(&searches), ["j1"]);
    let meta: Value = serde_json::from_str(&searches.activities[0].metadata_json).unwrap();
    assert_eq!(meta["pageUrl"], "/search");
}
