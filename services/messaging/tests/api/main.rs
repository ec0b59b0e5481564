//! Service tests of messaging against the real Postgres, RabbitMQ and a real accounts service:
//! the trips events open one room per trip whatever their order and repetitions, each party
//! lists the room from their own side with names from accounts, the list is paged newest
//! activity first, and nobody else can read a room.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use chrono::{DateTime, Duration, Utc};
use messaging::domain::UserType;
use messaging::state::AppState;
use messaging::store::messages::{NewMessage, append};
use prost::Message;
use std::sync::{Arc, OnceLock};
use tonic::transport::Channel;
use tonic::{Code, Request};
use upcar_events::IntegrationEvent;
use upcar_identity::{Identity, Role};
use upcar_proto::accounts as apb;
use upcar_proto::accounts::accounts_client::AccountsClient;
use upcar_proto::events::{TripBooked, TripConfirmed};
use upcar_proto::messaging as pb;
use upcar_proto::messaging::messaging_client::MessagingClient;
use uuid::Uuid;

/// One accounts service for the whole test binary (each test signs up its own people).
fn accounts_port() -> u16 {
    static PORT: OnceLock<u16> = OnceLock::new();
    *PORT.get_or_init(|| {
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let rt = tokio::runtime::Runtime::new().unwrap();
            rt.block_on(async move {
                let db = upcar_testkit::TestDatabase::create("messaging_accounts").await.unwrap();
                let mut settings = accounts::Settings::load().unwrap();
                settings.environment = upcar_config::Environment::Development;
                settings.database.url = db.url.clone().into();
                settings.grpc.port = 0;
                settings.redis.url = upcar_testkit::redis_url();
                settings.amqp.exchange = upcar_testkit::unique("test-messaging-accounts");
                let app = accounts::Application::build(settings).await.unwrap();
                tx.send(app.port()).unwrap();
                let _ = app.run_until(std::future::pending()).await;
            })
        });
        rx.recv().unwrap()
    })
}

struct TestApp {
    client: MessagingClient<Channel>,
    state: Arc<AppState>,
    exchange: String,
    amqp_url: String,
    /// The service's clock: tests move it instead of rewriting times in the database.
    clock: upcar_clock::Clock,
}

async fn spawn_app() -> TestApp {
    let accounts = accounts_port();
    let db = upcar_testkit::TestDatabase::create("messaging").await.unwrap();
    let mut settings = messaging::Settings::load().unwrap();
    settings.database.url = db.url.clone().into();
    settings.grpc.port = 0;
    settings.amqp.exchange = upcar_testkit::unique("test-messaging");
    settings.services.accounts = format!("http://127.0.0.1:{accounts}");
    let (exchange, amqp_url) = (settings.amqp.exchange.clone(), settings.amqp.url().to_owned());
    let app = messaging::Application::build(settings).await.unwrap();
    let (port, state) = (app.port(), app.state());
    let clock = state.clock.clone();
    tokio::spawn(app.run_until(std::future::pending()));
    let client = MessagingClient::connect(format!("http://127.0.0.1:{port}")).await.unwrap();
    TestApp { client, state, exchange, amqp_url, clock }
}

/// A new account with these names; answers its id.
async fn person(first: &str, last: &str) -> Uuid {
    let mut accounts =
        AccountsClient::connect(format!("http://127.0.0.1:{}", accounts_port())).await.unwrap();
    let r = accounts
        .sign_up(apb::SignUpRequest {
            first_name: first.into(),
            last_name: last.into(),
            email: format!("{}-{}@example.com", first.to_lowercase(), Uuid::now_v7().simple()),
            password: "secret123".into(),
            sign_up_code: "DEMO-INVITE".into(),
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    r.user.unwrap().user_id.parse().unwrap()
}

fn as_user<T>(body: T, user: Uuid) -> Request<T> {
    let mut r = Request::new(body);
    Identity { user_id: user, role: Role::User, token_id: "t".into(), expires_at: i64::MAX }
        .inject(r.metadata_mut());
    r
}

fn booked(trip: Uuid, guest: Uuid, host: Uuid, at: DateTime<Utc>) -> TripBooked {
    TripBooked {
        trip_id: trip.to_string(),
        car_id: Uuid::now_v7().to_string(),
        guest_id: guest.to_string(),
        owner_id: host.to_string(),
        start_time: (at + Duration::days(30)).to_rfc3339(),
        end_time: (at + Duration::days(32)).to_rfc3339(),
        version: 1,
        occurred_at: at.to_rfc3339(),
        status: "confirmed".into(),
    }
}

fn confirmed(b: &TripBooked) -> TripConfirmed {
    TripConfirmed {
        trip_id: b.trip_id.clone(),
        car_id: b.car_id.clone(),
        guest_id: b.guest_id.clone(),
        owner_id: b.owner_id.clone(),
        start_time: b.start_time.clone(),
        end_time: b.end_time.clone(),
        version: 2,
        occurred_at: b.occurred_at.clone(),
    }
}

fn code_of(s: &tonic::Status) -> &str {
    s.metadata().get(upcar_errors::ERROR_CODE_METADATA).and_then(|v| v.to_str().ok()).unwrap_or("")
}

impl TestApp {
    async fn publish<M: Message + IntegrationEvent>(&self, event: &M, id: Uuid) {
        upcar_testkit::publish(&self.amqp_url, &self.exchange, event, &id.to_string())
            .await
            .unwrap();
    }

    async fn list(
        &self,
        user: Uuid,
        user_type: &str,
        limit: Option<i32>,
        page: Option<i32>,
    ) -> Result<pb::ListRoomsReply, tonic::Status> {
        let req = pb::ListRoomsRequest { user_type: user_type.into(), limit, current_page: page };
        self.client.clone().list_rooms(as_user(req, user)).await.map(|r| r.into_inner())
    }

    async fn get(
        &self,
        user: Uuid,
        room: &str,
        user_type: &str,
    ) -> Result<pb::ChatRoom, tonic::Status> {
        let req = pb::GetRoomRequest { room_id: room.into(), user_type: user_type.into() };
        self.client.clone().get_room(as_user(req, user)).await.map(|r| r.into_inner().room.unwrap())
    }

    /// Waits until `user` has `n` rooms as `user_type` (the events are consumed asynchronously).
    async fn wait_rooms(&self, user: Uuid, user_type: &str, n: i64) -> pb::ListRoomsReply {
        let mut last = None;
        for _ in 0..200 {
            let r = self.list(user, user_type, Some(50), None).await.unwrap();
            if r.total == n {
                return r;
            }
            last = Some(r.total);
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        panic!("{user} never had {n} rooms as {user_type} (last seen {last:?})");
    }

    async fn rooms_of_trip(&self, trip: Uuid) -> i64 {
        use diesel::prelude::*;
        use diesel_async::RunQueryDsl;
        use messaging::store::schema::chat_rooms::dsl as r;
        let mut conn = self.state.pool.get().await.unwrap();
        r::chat_rooms.filter(r::trip_id.eq(trip)).count().get_result(&mut conn).await.unwrap()
    }
}

#[tokio::test]
async fn a_booking_opens_one_room_however_often_and_in_whatever_order_its_events_arrive() {
    let app = spawn_app().await;
    let (guest, host) = (person("Gina", "Guestly").await, person("Hank", "Hostman").await);
    let trip = Uuid::now_v7();
    let b = booked(trip, guest, host, Utc::now() - Duration::minutes(5));
    // The confirmation overtakes the booking; the booking is delivered twice, and published
    // again under a new id (as a replayed outbox row would be).
    app.publish(&confirmed(&b), Uuid::now_v7()).await;
    let booked_id = Uuid::now_v7();
    app.publish(&b, booked_id).await;
    app.publish(&b, booked_id).await;
    app.publish(&b, Uuid::now_v7()).await;
    // A later booking of the same guest proves every earlier event was consumed.
    let marker = booked(Uuid::now_v7(), guest, host, Utc::now());
    app.publish(&marker, Uuid::now_v7()).await;
    let list = app.wait_rooms(guest, "guest", 2).await;
    assert_eq!(app.rooms_of_trip(trip).await, 1);
    let trips: Vec<&str> = list.rooms.iter().map(|r| r.trip_id.as_str()).collect();
    assert_eq!(trips, [marker.trip_id.as_str(), b.trip_id.as_str()], "newest first");
}

#[tokio::test]
async fn a_booked_event_without_its_host_leaves_the_room_to_the_confirmation() {
    let app = spawn_app().await;
    let (guest, host) = (person("Olive", "Older").await, person("Hugo", "Hostly").await);
    let trip = Uuid::now_v7();
    let mut old = booked(trip, guest, host, Utc::now());
    old.owner_id = String::new(); // published before the booked event named the host
    app.publish(&old, Uuid::now_v7()).await;
    let mut c = confirmed(&old);
    c.owner_id = host.to_string();
    app.publish(&c, Uuid::now_v7()).await;
    let list = app.wait_rooms(host, "host", 1).await;
    assert_eq!(list.rooms[0].trip_id, trip.to_string());
    assert_eq!(list.rooms[0].guest_id, guest.to_string());
    assert_eq!(app.rooms_of_trip(trip).await, 1);
}

#[tokio::test]
async fn guest_and_host_each_see_the_room_from_their_own_side_with_current_names() {
    let app = spawn_app().await;
    let (guest, host) = (person("Gina", "Guestly").await, person("Hank", "Hostman").await);
    let b = booked(Uuid::now_v7(), guest, host, Utc::now());
    app.publish(&b, Uuid::now_v7()).await;
    let as_guest = app.wait_rooms(guest, "guest", 1).await;
    let room = &as_guest.rooms[0];
    assert_eq!(room.guest_name, "Gina G.");
    assert_eq!(room.host_name, "Hank H.");
    assert_eq!(
        (room.guest_id.as_str(), room.host_id.as_str()),
        (b.guest_id.as_str(), b.owner_id.as_str())
    );
    assert_eq!(room.car_id, b.car_id);
    assert!(room.last_message.is_none(), "no message yet");
    assert!(!room.created_at.is_empty() && room.created_at == room.updated_at);
    assert_eq!((as_guest.current_page, as_guest.num_pages), (1, 1));
    let as_host = app.list(host, "host", None, None).await.unwrap();
    assert_eq!(as_host.rooms, as_guest.rooms, "the same room from the other side");
    // Each sees nothing in the other view.
    assert_eq!(app.list(guest, "host", None, None).await.unwrap().total, 0);
    let none = app.list(host, "guest", None, None).await.unwrap();
    assert_eq!((none.total, none.num_pages, none.rooms.len()), (0, 0, 0));
    // Both read the room itself, in either view.
    for (who, view) in [(guest, "guest"), (host, "host"), (host, "guest")] {
        let r = app.get(who, &room.id, view).await.unwrap();
        assert_eq!(&r, room, "{view}");
    }
    // Names are read from accounts when the room is answered: a new name shows at once.
    let mut accounts =
        AccountsClient::connect(format!("http://127.0.0.1:{}", accounts_port())).await.unwrap();
    let rename = apb::UpdateProfileRequest {
        first_name: Some("Georgina".into()),
        profile_pic: Some("https://example.com/georgina.jpg".into()),
        ..Default::default()
    };
    accounts.update_profile(as_user(rename, guest)).await.unwrap();
    let r = app.get(host, &room.id, "host").await.unwrap();
    assert_eq!(r.guest_name, "Georgina G.");
    assert_eq!(r.guest_profile_pic, "https://example.com/georgina.jpg");
}

#[tokio::test]
async fn an_event_dated_after_the_services_now_opens_its_room_at_that_now() {
    let app = spawn_app().await;
    let (guest, host) = (person("Fiona", "Future").await, person("Hugo", "Hostly").await);
    // The service's time is a day behind the event's: the event's time is not trusted.
    let service_now = Utc::now() - Duration::days(1);
    app.clock.set(service_now);
    app.publish(&booked(Uuid::now_v7(), guest, host, Utc::now()), Uuid::now_v7()).await;
    let room = app.wait_rooms(guest, "guest", 1).await.rooms.remove(0);
    let created = DateTime::parse_from_rfc3339(&room.created_at).unwrap().with_timezone(&Utc);
    assert!((created - service_now).num_seconds().abs() < 30, "{created} vs {service_now}");
}

#[tokio::test]
async fn the_list_is_paged_newest_activity_first() {
    let app = spawn_app().await;
    let (guest, host) = (person("Paula", "Pager").await, person("Hal", "Hoster").await);
    let start = Utc::now() - Duration::hours(2);
    let mut trips = Vec::new();
    for i in 0..12 {
        let b = booked(Uuid::now_v7(), guest, host, start + Duration::minutes(i));
        trips.push(b.trip_id.clone());
        app.publish(&b, Uuid::now_v7()).await;
    }
    app.wait_rooms(guest, "guest", 12).await;
    // Rooms without messages: newest booking first; ten a page by default.
    let p1 = app.list(guest, "guest", None, None).await.unwrap();
    let p2 = app.list(guest, "guest", None, Some(2)).await.unwrap();
    assert_eq!((p1.current_page, p1.num_pages, p1.limit, p1.total), (1, 2, 10, 12));
    assert_eq!((p1.rooms.len(), p2.rooms.len(), p2.current_page), (10, 2, 2));
    let order: Vec<String> = p1.rooms.iter().chain(&p2.rooms).map(|r| r.trip_id.clone()).collect();
    let newest_first: Vec<String> = trips.iter().rev().cloned().collect();
    assert_eq!(order, newest_first);
    // A message in the oldest room moves it to the top.
    let oldest = p2.rooms.last().unwrap();
    let mut conn = app.state.pool.get().await.unwrap();
    let sent = Utc::now();
    append(
        &mut conn,
        &NewMessage {
            id: Uuid::now_v7(),
            room_id: oldest.id.parse().unwrap(),
            sender_id: host,
            sender_type: UserType::Host,
            body: "Hi Paula, the car is ready".into(),
            image_urls: vec![],
            created_at: sent,
        },
    )
    .await
    .unwrap();
    drop(conn);
    let p1 = app.list(guest, "guest", Some(5), Some(1)).await.unwrap();
    assert_eq!((p1.num_pages, p1.rooms.len()), (3, 5));
    assert_eq!(p1.rooms[0].id, oldest.id);
    let last = p1.rooms[0].last_message.as_ref().unwrap();
    assert_eq!(last.message, "Hi Paula, the car is ready");
    assert_eq!(
        DateTime::parse_from_rfc3339(&last.timestamp).unwrap().timestamp_millis(),
        sent.timestamp_millis()
    );
    assert_eq!(p1.rooms[1].trip_id, trips[11]);
    // Past the last page: no rooms, the page count still right.
    let beyond = app.list(guest, "guest", None, Some(3)).await.unwrap();
    assert_eq!((beyond.rooms.len(), beyond.num_pages, beyond.current_page), (0, 2, 3));
}

#[tokio::test]
async fn nobody_but_the_guest_and_the_host_can_read_a_room_or_tell_that_it_exists() {
    let app = spawn_app().await;
    let (guest, host) = (person("Gina", "Guestly").await, person("Hank", "Hostman").await);
    let stranger = person("Sam", "Stranger").await;
    let b = booked(Uuid::now_v7(), guest, host, Utc::now());
    app.publish(&b, Uuid::now_v7()).await;
    let room = app.wait_rooms(guest, "guest", 1).await.rooms[0].id.clone();
    for view in ["guest", "host"] {
        let e = app.get(stranger, &room, view).await.unwrap_err();
        assert_eq!((e.code(), code_of(&e)), (Code::NotFound, "room_not_found"));
    }
    let e = app.get(guest, &Uuid::now_v7().to_string(), "guest").await.unwrap_err();
    assert_eq!(
        (e.code(), code_of(&e), e.message()),
        (Code::NotFound, "room_not_found", "Chat room not found")
    );
    assert_eq!(app.list(stranger, "guest", None, None).await.unwrap().total, 0);
    assert_eq!(app.list(stranger, "host", None, None).await.unwrap().total, 0);
}

#[tokio::test]
async fn bad_input_is_refused_with_its_own_code_and_anonymous_callers_are_not_served() {
    let app = spawn_app().await;
    let me = Uuid::now_v7();
    for (user_type, limit, page, code) in [
        ("", None, None, "user_type_required"),
        ("admin", None, None, "invalid_user_type"),
        ("guest", Some(0), None, "invalid_limit"),
        ("guest", Some(51), None, "invalid_limit"),
        ("host", None, Some(0), "invalid_page"),
    ] {
        let e = app.list(me, user_type, limit, page).await.unwrap_err();
        assert_eq!(
            (e.code(), code_of(&e)),
            (Code::InvalidArgument, code),
            "{user_type} {limit:?} {page:?}"
        );
    }
    for (room, user_type, code) in [
        ("", "guest", "room_id_required"),
        ("not-a-room", "guest", "invalid_room_id"),
        (&Uuid::now_v7().to_string(), "visitor", "invalid_user_type"),
    ] {
        let e = app.get(me, room, user_type).await.unwrap_err();
        assert_eq!((e.code(), code_of(&e)), (Code::InvalidArgument, code), "{room} {user_type}");
    }
    let anonymous = pb::ListRoomsRequest { user_type: "guest".into(), ..Default::default() };
    let e = app.client.clone().list_rooms(Request::new(anonymous)).await.unwrap_err();
    assert_eq!(e.code(), Code::Unauthenticated);
}
