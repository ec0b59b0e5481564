//! Service tests of messaging against the real Postgres, RabbitMQ and a real accounts service:
//! the trips events open one room per trip whatever their order and repetitions, each party
//! lists the room from their own side with names from accounts, the list is paged newest
//! activity first, and nobody else can read a room.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use chrono::{DateTime, Duration, Utc};
use messaging::state::AppState;
use prost::Message;
use std::sync::{Arc, OnceLock};
use tonic::transport::Channel;
use tonic::{Code, Request};
use upcar_events::IntegrationEvent;
use upcar_identity::{Identity, Role};
use upcar_proto::accounts as apb;
use upcar_proto::accounts::accounts_client::AccountsClient;
use upcar_proto::events::{TeamChanged, TripBooked, TripConfirmed};
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
    /// Its real-time channels' prefix on Redis.
    prefix: String,
    port: u16,
}

async fn spawn_app() -> TestApp {
    let accounts = accounts_port();
    let db = upcar_testkit::TestDatabase::create("messaging").await.unwrap();
    let mut settings = messaging::Settings::load().unwrap();
    settings.database.url = db.url.clone().into();
    settings.grpc.port = 0;
    settings.amqp.exchange = upcar_testkit::unique("test-messaging");
    settings.services.accounts = format!("http://127.0.0.1:{accounts}");
    settings.redis.url = upcar_testkit::redis_url();
    settings.realtime.prefix = upcar_testkit::unique("test-rt");
    // Tests run the scheduled messages rounds themselves, at the times they choose.
    settings.scheduled.poll_secs = 3600;
    let prefix = settings.realtime.prefix.clone();
    let (exchange, amqp_url) = (settings.amqp.exchange.clone(), settings.amqp.url().to_owned());
    let cars = messaging::cars::Fixed(
        [(
            demo_car(),
            messaging::cars::CarFacts {
                name: "Tesla Model 3".into(),
                address: "1 Main St, Fremont, CA 94536".into(),
                time_zone: "America/Los_Angeles".into(),
            },
        )]
        .into_iter()
        .collect(),
    );
    let app = messaging::Application::build_with_cars(settings, Some(std::sync::Arc::new(cars)))
        .await
        .unwrap();
    let (port, state) = (app.port(), app.state());
    let clock = state.clock.clone();
    tokio::spawn(app.run_until(std::future::pending()));
    let client = MessagingClient::connect(format!("http://127.0.0.1:{port}")).await.unwrap();
    TestApp { client, state, exchange, amqp_url, clock, prefix, port }
}

/// The car the scheduled messages tests book (the service's car facts know it).
fn demo_car() -> Uuid {
    Uuid::from_u128(0x0194_0000_0000_7000_8000_0000_0000_0abc)
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
        status: upcar_proto::trips::TripStatus::Confirmed as i32,
        ..Default::default()
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

    async fn send(
        &self,
        user: Uuid,
        room: &str,
        sender_type: &str,
        text: &str,
        key: &str,
    ) -> Result<pb::SendMessageReply, tonic::Status> {
        let req = pb::SendMessageRequest {
            room_id: room.into(),
            sender_type: sender_type.into(),
            message: text.into(),
            image_urls: vec![],
            client_key: key.into(),
        };
        self.client.clone().send_message(as_user(req, user)).await.map(|r| r.into_inner())
    }

    async fn messages(
        &self,
        user: Uuid,
        room: &str,
        before: &str,
        limit: Option<i32>,
    ) -> Result<pb::MessagesReply, tonic::Status> {
        let req = pb::GetMessagesRequest {
            room_id: room.into(),
            user_type: "guest".into(),
            before: before.into(),
            limit,
        };
        self.client.clone().get_messages(as_user(req, user)).await.map(|r| r.into_inner())
    }

    /// A room of a new booking between `guest` and `host`; answers the room and the car.
    async fn room(&self, guest: Uuid, host: Uuid) -> (String, Uuid) {
        let b = booked(Uuid::now_v7(), guest, host, Utc::now());
        self.publish(&b, Uuid::now_v7()).await;
        for _ in 0..200 {
            let rooms = self.list(guest, "guest", Some(50), None).await.unwrap().rooms;
            if let Some(r) = rooms.into_iter().find(|r| r.trip_id == b.trip_id) {
                return (r.id, b.car_id.parse().unwrap());
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        panic!("the room of trip {} never opened", b.trip_id);
    }

    /// Subscribes to a room's real-time channel on Redis as a gateway does.
    async fn subscribe(&self, room: &str) -> redis::aio::PubSub {
        let client = redis::Client::open(upcar_testkit::redis_url()).unwrap();
        let mut ps = client.get_async_pubsub().await.unwrap();
        ps.subscribe(format!("{}:chat-{room}", self.prefix)).await.unwrap();
        ps
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
    let text = "Hi Paula, the car is ready. It is parked by the gate, keys in the box.";
    let sent = app.send(host, &oldest.id, "host", text, "").await.unwrap();
    let p1 = app.list(guest, "guest", Some(5), Some(1)).await.unwrap();
    assert_eq!((p1.num_pages, p1.rooms.len()), (3, 5));
    assert_eq!(p1.rooms[0].id, oldest.id);
    // The list shows the first 40 characters; the room itself the whole message.
    let last = p1.rooms[0].last_message.as_ref().unwrap();
    assert_eq!(last.message, text.chars().take(40).collect::<String>());
    assert_eq!(last.timestamp, sent.message.as_ref().unwrap().timestamp);
    let whole = app.get(guest, &oldest.id, "guest").await.unwrap();
    assert_eq!(whole.last_message.unwrap().message, text);
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

fn as_admin<T>(body: T, user: Uuid) -> Request<T> {
    let mut r = Request::new(body);
    Identity {
        user_id: user,
        role: Role::Admin,
        token_id: "t".into(),
        expires_at: i64::MAX,
        session: upcar_identity::Session { id: "s".into(), auth_time: 0 },
    }
    .inject(r.metadata_mut());
    r
}

fn seqs(r: &pb::MessagesReply) -> Vec<i64> {
    r.messages.iter().map(|m| m.seq).collect()
}

#[tokio::test]
async fn messages_are_numbered_one_after_the_other_with_no_gap_under_concurrent_senders() {
    let app = spawn_app().await;
    let (guest, host) = (person("Cora", "Current").await, person("Hugo", "Host").await);
    let (room, _) = app.room(guest, host).await;
    let sends = (0..20).map(|i| {
        let (app, room) = (&app, room.clone());
        async move {
            let (who, side) = if i % 2 == 0 { (guest, "guest") } else { (host, "host") };
            app.send(who, &room, side, &format!("message {i}"), "").await.unwrap()
        }
    });
    let replies = futures::future::join_all(sends).await;
    assert!(replies.iter().all(|r| r.created));
    let mut numbers: Vec<i64> = replies.iter().map(|r| r.message.as_ref().unwrap().seq).collect();
    numbers.sort_unstable();
    assert_eq!(numbers, (1..=20).collect::<Vec<_>>());
    let all = app.messages(guest, &room, "", Some(200)).await.unwrap();
    assert_eq!(seqs(&all), (1..=20).collect::<Vec<_>>());
    assert!(!all.has_more);
    assert_eq!(all.last_seq, 20);
    // Each stored message is the one its sender was answered, under the same number.
    for r in &replies {
        let m = r.message.as_ref().unwrap();
        assert_eq!(&all.messages[usize::try_from(m.seq - 1).unwrap()], m);
    }
    // The database keeps a message as it was stored.
    use diesel_async::RunQueryDsl;
    let mut conn = app.state.pool.get().await.unwrap();
    let changed =
        diesel::sql_query("UPDATE messages SET body = 'rewritten'").execute(&mut conn).await;
    assert!(changed.is_err(), "a stored message was changed");
    let renumbered =
        diesel::sql_query("UPDATE messages SET seq = seq + 100").execute(&mut conn).await;
    assert!(renumbered.is_err(), "a stored message was renumbered");
}

#[tokio::test]
async fn a_retried_send_stores_one_message_and_a_key_reused_for_other_text_is_refused() {
    let app = spawn_app().await;
    let (guest, host) = (person("Rita", "Retry").await, person("Hugo", "Host").await);
    let (room, _) = app.room(guest, host).await;
    // Five copies of one send race each other, as a flaky network's retries would.
    let tries = (0..5).map(|_| app.send(guest, &room, "guest", "Running 10 minutes late", "k-1"));
    let replies: Vec<_> =
        futures::future::join_all(tries).await.into_iter().map(Result::unwrap).collect();
    let first = replies[0].message.clone().unwrap();
    assert!(replies.iter().all(|r| r.message.as_ref() == Some(&first)));
    assert_eq!(replies.iter().filter(|r| r.created).count(), 1);
    // Later retries answer the same message without storing it again.
    let again = app.send(guest, &room, "guest", "Running 10 minutes late", "k-1").await.unwrap();
    assert_eq!((again.created, again.message.unwrap()), (false, first.clone()));
    let all = app.messages(guest, &room, "", None).await.unwrap();
    assert_eq!(all.messages, vec![first]);
    // The same key for another text is a mistake of the client, not a retry.
    let e = app.send(guest, &room, "guest", "Something else", "k-1").await.unwrap_err();
    assert_eq!((e.code(), code_of(&e)), (Code::AlreadyExists, "idempotency_key_reused"));
    // Keys are the sender's own: the host may use the same one.
    assert!(app.send(host, &room, "host", "No problem", "k-1").await.unwrap().created);
    // Refused sends store nothing.
    for (text, side, code, kind) in [
        ("   ", "guest", "empty_message", Code::InvalidArgument),
        ("hi", "host", "wrong_sender_type", Code::PermissionDenied),
        ("hi", "captain", "invalid_user_type", Code::InvalidArgument),
    ] {
        let e = app.send(guest, &room, side, text, "").await.unwrap_err();
        assert_eq!((e.code(), code_of(&e)), (kind, code), "{text} {side}");
    }
    let e = app.send(guest, &room, "guest", "", "").await.unwrap_err();
    assert_eq!(e.message(), "Cannot send an empty message");
    assert_eq!(app.messages(guest, &room, "", None).await.unwrap().last_seq, 2);
}

#[tokio::test]
async fn pages_go_back_by_message_id_and_reading_shows_the_other_side_what_was_read() {
    let app = spawn_app().await;
    let (guest, host) = (person("Pia", "Pages").await, person("Hugo", "Host").await);
    let (room, _) = app.room(guest, host).await;
    for i in 1..=7 {
        app.send(host, &room, "host", &format!("note {i}"), "").await.unwrap();
    }
    // Nothing read yet: the host sees no read mark of the guest.
    let host_view = app.messages(host, &room, "", Some(1)).await.unwrap();
    assert_eq!((host_view.other_read_seq, host_view.other_read_message_id.as_str()), (0, ""));
    let p1 = app.messages(guest, &room, "", Some(3)).await.unwrap();
    assert_eq!((seqs(&p1), p1.has_more, p1.side.as_str()), (vec![5, 6, 7], true, "guest"));
    let p2 = app.messages(guest, &room, &p1.messages[0].id, Some(3)).await.unwrap();
    assert_eq!((seqs(&p2), p2.has_more), (vec![2, 3, 4], true));
    let p3 = app.messages(guest, &room, &p2.messages[0].id, Some(3)).await.unwrap();
    assert_eq!((seqs(&p3), p3.has_more), (vec![1], false));
    // The guest read the newest page: the host sees it read up to the last message.
    let host_view = app.messages(host, &room, &p1.messages[0].id, Some(1)).await.unwrap();
    assert_eq!(host_view.other_read_seq, 7);
    assert_eq!(host_view.other_read_message_id, p1.messages[2].id);
    // An explicit mark never moves back.
    let req = pb::MarkReadRequest { room_id: room.clone(), message_id: p3.messages[0].id.clone() };
    let r = app.client.clone().mark_read(as_user(req, guest)).await.unwrap().into_inner();
    assert_eq!((r.read_seq, r.read_message_id), (7, p1.messages[2].id.clone()));
    for (before, limit, code) in [
        ("nope", None, "invalid_message_id"),
        (&Uuid::now_v7().to_string()[..], None, "invalid_message_id"),
        ("", Some(0), "invalid_message_limit"),
        ("", Some(201), "invalid_message_limit"),
    ] {
        let e = app.messages(guest, &room, before, limit).await.unwrap_err();
        assert_eq!((e.code(), code_of(&e)), (Code::InvalidArgument, code), "{before} {limit:?}");
    }
}

#[tokio::test]
async fn each_side_counts_the_other_sides_messages_it_has_not_read() {
    let app = spawn_app().await;
    let (guest, host) = (person("Una", "Unread").await, person("Hal", "Host").await);
    let (room, _) = app.room(guest, host).await;
    let (other, _) = app.room(guest, host).await;
    for i in 1..=3 {
        app.send(host, &room, "host", &format!("hello {i}"), "").await.unwrap();
    }
    app.send(host, &other, "host", "and here", "").await.unwrap();
    // The guest has four unread over two rooms; the host's own messages are never unread to it.
    let g = app.list(guest, "guest", Some(1), None).await.unwrap();
    assert_eq!((g.rooms.len(), g.unread_total), (1, 4), "the total covers every page");
    let g = app.list(guest, "guest", Some(50), None).await.unwrap();
    let count = |l: &pb::ListRoomsReply, id: &str| {
        l.rooms.iter().find(|r| r.id == id).unwrap().unread_count
    };
    assert_eq!((count(&g, &room), count(&g, &other)), (3, 1));
    assert_eq!(app.get(guest, &room, "guest").await.unwrap().unread_count, 3);
    let h = app.list(host, "host", Some(50), None).await.unwrap();
    assert_eq!((count(&h, &room), h.unread_total), (0, 0));
    // Reading the room's newest page reads it; the guest's answer is unread to the host.
    app.messages(guest, &room, "", None).await.unwrap();
    app.send(guest, &room, "guest", "thanks", "").await.unwrap();
    let g = app.list(guest, "guest", Some(50), None).await.unwrap();
    assert_eq!((count(&g, &room), g.unread_total), (0, 1));
    let h = app.list(host, "host", Some(50), None).await.unwrap();
    assert_eq!((count(&h, &room), h.unread_total), (1, 1));
    assert_eq!(app.get(host, &room, "host").await.unwrap().unread_count, 1);
}

fn team(team: Uuid, host: Uuid, car: Uuid, cohosts: &[Uuid], version: i64) -> TeamChanged {
    TeamChanged {
        team_id: team.to_string(),
        host_id: host.to_string(),
        status: upcar_proto::hosting::TeamStatus::Active as i32,
        car_ids: vec![car.to_string()],
        cohost_ids: cohosts.iter().map(Uuid::to_string).collect(),
        booking_management: true,
        version,
        ..Default::default()
    }
}

#[tokio::test]
async fn cohosts_of_a_team_holding_the_car_speak_for_the_host_and_support_only_reads() {
    let app = spawn_app().await;
    let (guest, host) = (person("Gwen", "Guest").await, person("Hugo", "Host").await);
    let (cohost, stranger) = (person("Cleo", "Cohost").await, person("Sam", "Stranger").await);
    let (room, car) = app.room(guest, host).await;
    let e = app.messages(cohost, &room, "", None).await.unwrap_err();
    assert_eq!(code_of(&e), "room_not_found");
    let team_id = Uuid::now_v7();
    app.publish(&team(team_id, host, car, &[cohost], 1), Uuid::now_v7()).await;
    let mut read = None;
    for _ in 0..200 {
        if let Ok(r) = app.messages(cohost, &room, "", None).await {
            read = Some(r);
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!(read.expect("the co-host never got the room").side, "host");
    let sent = app.send(cohost, &room, "host", "I'm Cleo, I look after Hugo's cars", "").await;
    let sent = sent.unwrap().message.unwrap();
    assert_eq!((sent.sender_id, sent.sender_type.as_str()), (cohost.to_string(), "host"));
    let e = app.send(cohost, &room, "guest", "pretending", "").await.unwrap_err();
    assert_eq!(code_of(&e), "wrong_sender_type");
    let theirs = app.list(cohost, "host", None, None).await.unwrap();
    assert_eq!(theirs.rooms.iter().map(|r| r.id.as_str()).collect::<Vec<_>>(), vec![room.as_str()]);
    // Support reads every room and writes in none; a stranger learns nothing.
    let req = pb::GetMessagesRequest {
        room_id: room.clone(),
        user_type: "host".into(),
        ..Default::default()
    };
    let staff = app.client.clone().get_messages(as_admin(req, stranger)).await.unwrap();
    assert_eq!((staff.get_ref().messages.len(), staff.get_ref().side.as_str()), (1, ""));
    let req = pb::SendMessageRequest {
        room_id: room.clone(),
        message: "hello".into(),
        ..Default::default()
    };
    let e = app.client.clone().send_message(as_admin(req, stranger)).await.unwrap_err();
    assert_eq!((e.code(), code_of(&e)), (Code::PermissionDenied, "read_only_room"));
    assert_eq!(
        code_of(&app.messages(stranger, &room, "", None).await.unwrap_err()),
        "room_not_found"
    );
    // The co-host leaves the team; a late copy of the older state changes nothing.
    app.publish(&team(team_id, host, car, &[], 2), Uuid::now_v7()).await;
    app.publish(&team(team_id, host, car, &[cohost], 1), Uuid::now_v7()).await;
    // A later event of another team proves both were consumed.
    let other = Uuid::now_v7();
    app.publish(&team(other, host, Uuid::now_v7(), &[stranger], 1), Uuid::now_v7()).await;
    for _ in 0..200 {
        if app.list(stranger, "host", None, None).await.is_ok()
            && app.messages(cohost, &room, "", None).await.is_err()
        {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    let e = app.messages(cohost, &room, "", None).await.unwrap_err();
    assert_eq!(code_of(&e), "room_not_found");
    assert_eq!(app.list(cohost, "host", None, None).await.unwrap().total, 0);
}

async fn next_event(ps: &mut redis::aio::PubSub) -> pb::RealtimeEvent {
    use futures::StreamExt;
    let msg = tokio::time::timeout(std::time::Duration::from_secs(5), ps.on_message().next())
        .await
        .expect("a real-time event within 5 s")
        .expect("the subscription is open");
    pb::RealtimeEvent::decode(msg.get_payload_bytes()).unwrap()
}

#[tokio::test]
async fn messages_typing_and_reads_reach_the_rooms_real_time_channel() {
    use pb::realtime_event::Event;
    let app = spawn_app().await;
    let (guest, host) = (person("Tia", "Typer").await, person("Hugo", "Host").await);
    let (room, _) = app.room(guest, host).await;
    let mut ps = app.subscribe(&room).await;
    let channel = format!("chat-{room}");
    let sent = app.send(guest, &room, "guest", "Hello!", "").await.unwrap().message.unwrap();
    let e = next_event(&mut ps).await;
    assert_eq!(
        (e.channel.as_str(), e.event),
        (channel.as_str(), Some(Event::Message(sent.clone())))
    );
    // "typing" at most once a second; "stopped" 2 s after the last one.
    let typing = |user: Uuid, is_typing: bool| {
        let req = pb::TypingRequest { room_id: room.clone(), user_id: String::new(), is_typing };
        let mut client = app.client.clone();
        async move { client.typing(as_user(req, user)).await.map(|r| r.into_inner().sent) }
    };
    assert!(typing(host, true).await.unwrap());
    assert!(!typing(host, true).await.unwrap());
    let state = |is_typing| {
        Some(Event::Typing(pb::TypingState {
            user_id: host.to_string(),
            user_type: "host".into(),
            is_typing,
        }))
    };
    assert_eq!(next_event(&mut ps).await.event, state(true));
    let started = std::time::Instant::now();
    assert_eq!(next_event(&mut ps).await.event, state(false));
    assert!(started.elapsed() >= std::time::Duration::from_millis(1500), "{:?}", started.elapsed());
    // The host reads the room: the guest's side learns how far.
    app.messages(host, &room, "", None).await.unwrap();
    let read = pb::ReadMark {
        user_id: host.to_string(),
        side: "host".into(),
        message_id: sent.id.clone(),
        seq: 1,
    };
    assert_eq!(next_event(&mut ps).await.event, Some(Event::Read(read)));
    // Typing is the caller's own.
    let req =
        pb::TypingRequest { room_id: room.clone(), user_id: host.to_string(), is_typing: true };
    let e = app.client.clone().typing(as_user(req, guest)).await.unwrap_err();
    assert_eq!((e.code(), code_of(&e)), (Code::PermissionDenied, "typing_user_mismatch"));
    // The socket's catch-up read: everything after a number, for readers only.
    let req = pb::ReadChannelRequest { channel: channel.clone(), since: 0, limit: None };
    let r = app.client.clone().read_channel(as_user(req.clone(), host)).await.unwrap().into_inner();
    assert_eq!((r.messages, r.last_seq), (vec![sent], 1));
    let stranger = person("Sam", "Stranger").await;
    let e = app.client.clone().read_channel(as_user(req, stranger)).await.unwrap_err();
    assert_eq!(code_of(&e), "room_not_found");
    let bad = pb::ReadChannelRequest { channel: "room-1".into(), since: 0, limit: None };
    let e = app.client.clone().read_channel(as_user(bad, host)).await.unwrap_err();
    assert_eq!(code_of(&e), "invalid_channel");
}

fn ticket_req(name: &str, email: &str, title: &str, description: &str) -> pb::CreateTicketRequest {
    pb::CreateTicketRequest {
        name: name.into(),
        email: email.into(),
        title: title.into(),
        description: description.into(),
        ..Default::default()
    }
}

async fn support(app: &TestApp) -> upcar_proto::messaging::support_client::SupportClient<Channel> {
    let url = format!("http://127.0.0.1:{}", app.port);
    upcar_proto::messaging::support_client::SupportClient::connect(url).await.unwrap()
}

#[tokio::test]
async fn tickets_take_the_specs_defaults_and_a_signed_in_users_own_name_and_email() {
    let app = spawn_app().await;
    let mut s = support(&app).await;
    // Anonymous: name and email are required; the rest takes the spec's defaults, whatever
    // the form says.
    let e = s
        .create_ticket(Request::new(ticket_req("", "a@b.co", "Refund", "Where is it?")))
        .await
        .unwrap_err();
    assert_eq!(
        (e.code(), code_of(&e), e.message()),
        (Code::InvalidArgument, "name_required", "Name is required")
    );
    let e = s
        .create_ticket(Request::new(ticket_req("Ana", "ana@", "Refund", "Where?")))
        .await
        .unwrap_err();
    assert_eq!((code_of(&e), e.message()), ("invalid_email", "Please enter a valid email address"));
    let e = s
        .create_ticket(Request::new(ticket_req("Ana", "ana@x.io", "", "Where?")))
        .await
        .unwrap_err();
    assert_eq!(code_of(&e), "title_required");
    let mut anon = ticket_req(" Ana ", "Ana@Example.com", "Refund", "Where is my refund?");
    anon.priority = "low".into();
    anon.status = "resolved".into();
    anon.assigned_to = Uuid::now_v7().to_string();
    let t = s.create_ticket(Request::new(anon)).await.unwrap().into_inner().ticket.unwrap();
    assert_eq!(
        (t.name.as_str(), t.email.as_str(), t.priority(), t.status()),
        ("Ana", "ana@example.com", pb::TicketPriority::High, pb::TicketStatus::Pending)
    );
    assert_eq!(
        (t.assigned_to.as_str(), t.source.as_str(), t.created_by.as_str()),
        ("support_team", "support_page", "")
    );
    // Signed in: the profile's name and email, not the form's.
    let me = person("Sina", "Signedin").await;
    let mine = s
        .create_ticket(as_user(
            ticket_req("Someone", "someone@else.com", "Car was dirty", "Seats"),
            me,
        ))
        .await
        .unwrap()
        .into_inner()
        .ticket
        .unwrap();
    assert_eq!(mine.name, "Sina Signedin");
    assert!(
        mine.email.starts_with("sina-") && mine.email.ends_with("@example.com"),
        "{}",
        mine.email
    );
    assert_eq!(mine.created_by, me.to_string());
    // The creator reads their own tickets only; support reads all.
    let theirs =
        s.list_tickets(as_user(pb::ListTicketsRequest::default(), me)).await.unwrap().into_inner();
    assert_eq!(
        theirs.tickets.iter().map(|t| t.id.clone()).collect::<Vec<_>>(),
        vec![mine.id.clone()]
    );
    let admin = Uuid::now_v7();
    let all = s
        .list_tickets(as_admin(
            pb::ListTicketsRequest { limit: Some(100), ..Default::default() },
            admin,
        ))
        .await
        .unwrap()
        .into_inner();
    assert!(
        all.tickets.iter().any(|x| x.id == t.id) && all.tickets.iter().any(|x| x.id == mine.id)
    );
    let e = s.get_ticket(as_user(pb::TicketIdRequest { id: t.id.clone() }, me)).await.unwrap_err();
    assert_eq!((e.code(), code_of(&e)), (Code::NotFound, "ticket_not_found"));
}

#[tokio::test]
async fn support_moves_tickets_along_every_change_is_logged_and_a_closed_ticket_stays_closed() {
    use diesel_async::RunQueryDsl;
    let app = spawn_app().await;
    let mut s = support(&app).await;
    let me = person("Cleo", "Creator").await;
    let t = s
        .create_ticket(as_user(ticket_req("", "", "Lost keys", "Left them in the car"), me))
        .await
        .unwrap()
        .into_inner()
        .ticket
        .unwrap();
    let (admin, other_admin) = (Uuid::now_v7(), Uuid::now_v7());
    let update = |status: Option<&str>, assigned: Option<String>| pb::UpdateTicketRequest {
        id: t.id.clone(),
        status: status.map(str::to_owned),
        priority: None,
        assigned_to: assigned,
    };
    let e = s.update_ticket(as_user(update(Some("resolved"), None), me)).await.unwrap_err();
    assert_eq!((e.code(), code_of(&e)), (Code::PermissionDenied, "admin_only"));
    let u = s
        .update_ticket(as_admin(update(Some("in-progress"), Some(other_admin.to_string())), admin))
        .await
        .unwrap()
        .into_inner()
        .ticket
        .unwrap();
    assert_eq!(
        (u.status(), u.assigned_to),
        (pb::TicketStatus::InProgress, other_admin.to_string())
    );
    let e = s.update_ticket(as_admin(update(Some("done"), None), admin)).await.unwrap_err();
    assert_eq!(code_of(&e), "invalid_status");
    let e = s.update_ticket(as_admin(update(None, Some("bob".into())), admin)).await.unwrap_err();
    assert_eq!(code_of(&e), "invalid_assignee");
    s.update_ticket(as_admin(update(Some("closed"), None), admin)).await.unwrap();
    let e = s.update_ticket(as_admin(update(Some("pending"), None), admin)).await.unwrap_err();
    assert_eq!((e.code(), code_of(&e)), (Code::AlreadyExists, "ticket_closed"));
    // Two changes applied, two logged, and the log cannot be rewritten.
    let mut conn = app.state.pool.get().await.unwrap();
    let logged =
        messaging::store::tickets::actions_on(&mut conn, t.id.parse().unwrap()).await.unwrap();
    assert_eq!(logged.len(), 2, "{logged:?}");
    assert_eq!((logged[1].0, logged[1].2["to"]["status"].as_str()), (admin, Some("closed")));
    assert!(diesel::sql_query("DELETE FROM admin_actions").execute(&mut conn).await.is_err());
    // Filters.
    let closed = s
        .list_tickets(as_admin(
            pb::ListTicketsRequest { status: "closed".into(), ..Default::default() },
            admin,
        ))
        .await
        .unwrap()
        .into_inner();
    assert!(
        closed.tickets.iter().all(|x| x.status() == pb::TicketStatus::Closed)
            && closed.tickets.iter().any(|x| x.id == t.id)
    );
    let e = s
        .list_tickets(as_admin(
            pb::ListTicketsRequest { priority: "asap".into(), ..Default::default() },
            admin,
        ))
        .await
        .unwrap_err();
    assert_eq!(code_of(&e), "invalid_priority");
}

#[tokio::test]
async fn a_tickets_conversation_is_its_creators_and_supports_and_reaches_its_channel() {
    use pb::realtime_event::Event;
    let app = spawn_app().await;
    let mut s = support(&app).await;
    let (me, stranger, admin) =
        (person("Tess", "Ticket").await, person("Sam", "Stranger").await, Uuid::now_v7());
    let t = s
        .create_ticket(as_user(ticket_req("", "", "Billing", "Charged twice"), me))
        .await
        .unwrap()
        .into_inner()
        .ticket
        .unwrap();
    let client = redis::Client::open(upcar_testkit::redis_url()).unwrap();
    let mut ps = client.get_async_pubsub().await.unwrap();
    ps.subscribe(format!("{}:support-{}", app.prefix, t.id)).await.unwrap();
    let send = |text: &str, key: &str| pb::SendTicketMessageRequest {
        id: t.id.clone(),
        message: text.into(),
        image_urls: vec![],
        client_key: key.into(),
    };
    let mine = s
        .send_ticket_message(as_user(send("I was charged twice", "k1"), me))
        .await
        .unwrap()
        .into_inner();
    let again = s
        .send_ticket_message(as_user(send("I was charged twice", "k1"), me))
        .await
        .unwrap()
        .into_inner();
    assert_eq!((mine.created, again.created, &mine.message), (true, false, &again.message));
    let reply = s
        .send_ticket_message(as_admin(send("Refunded the second charge", ""), admin))
        .await
        .unwrap()
        .into_inner();
    let (m1, m2) = (mine.message.unwrap(), reply.message.unwrap());
    assert_eq!(
        (m1.sender_type.as_str(), m1.seq, m2.sender_type.as_str(), m2.seq),
        ("user", 1, "support", 2)
    );
    for want in [&m1, &m2] {
        let e = next_event(&mut ps).await;
        assert_eq!(
            (e.channel, e.event),
            (format!("support-{}", t.id), Some(Event::Message(want.clone())))
        );
    }
    let e = s.send_ticket_message(as_user(send("me too", ""), stranger)).await.unwrap_err();
    assert_eq!(code_of(&e), "ticket_not_found");
    let read = pb::TicketMessagesRequest { id: t.id.clone(), since: 1, limit: None };
    let r = s.get_ticket_messages(as_user(read, me)).await.unwrap().into_inner();
    assert_eq!((r.messages, r.last_seq), (vec![m2.clone()], 2));
    // The socket's catch-up read of the ticket's channel: its creator and support only.
    let channel =
        pb::ReadChannelRequest { channel: format!("support-{}", t.id), since: 0, limit: None };
    let r =
        app.client.clone().read_channel(as_user(channel.clone(), me)).await.unwrap().into_inner();
    assert_eq!(r.messages.len(), 2);
    let e = app.client.clone().read_channel(as_user(channel, stranger)).await.unwrap_err();
    assert_eq!(code_of(&e), "room_not_found");
}

fn at(s: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc)
}

fn template(trigger: &str, offset: i32, message: &str) -> upcar_proto::events::ScheduledTemplate {
    upcar_proto::events::ScheduledTemplate {
        template_id: Uuid::now_v7().to_string(),
        name: trigger.into(),
        message: message.into(),
        trigger: trigger.into(),
        offset_hours: offset,
        enabled: true,
    }
}

/// A confirmed booking of the demo car from 10 AM Dec 10 to 10 AM Dec 12 (Los Angeles),
/// booked at noon on Dec 1.
fn confirmed_booking(guest: Uuid, host: Uuid) -> TripBooked {
    TripBooked {
        trip_id: Uuid::now_v7().to_string(),
        car_id: demo_car().to_string(),
        guest_id: guest.to_string(),
        owner_id: host.to_string(),
        start_time: "2026-12-10T18:00:00Z".into(),
        end_time: "2026-12-12T18:00:00Z".into(),
        version: 1,
        occurred_at: "2026-12-01T20:00:00Z".into(),
        status: upcar_proto::trips::TripStatus::Confirmed as i32,
        ..Default::default()
    }
}

impl TestApp {
    async fn schedule(
        &self,
        user: Uuid,
        trip: &str,
    ) -> Result<pb::TripScheduleReply, tonic::Status> {
        let req = pb::TripScheduleRequest { trip_id: trip.into() };
        self.client.clone().get_trip_schedule(as_user(req, user)).await.map(|r| r.into_inner())
    }

    /// Waits until the trip's schedule is in `state` with `n` templates.
    async fn wait_schedule(
        &self,
        host: Uuid,
        trip: &str,
        state: &str,
        n: usize,
    ) -> pb::TripScheduleReply {
        for _ in 0..200 {
            if let Ok(r) = self.schedule(host, trip).await
                && r.state == state
                && r.items.len() == n
            {
                return r;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        panic!("trip {trip} never reached {state} with {n} templates");
    }

    async fn room_texts(&self, user: Uuid, trip: &str) -> Vec<(String, String)> {
        let rooms = self.list(user, "guest", Some(50), None).await.unwrap().rooms;
        let room = rooms.into_iter().find(|r| r.trip_id == trip).unwrap();
        let msgs = self.messages(user, &room.id, "", Some(200)).await.unwrap().messages;
        msgs.into_iter().map(|m| (m.sender_type, m.message)).collect()
    }
}

fn status_of<'a>(r: &'a pb::TripScheduleReply, trigger: &str) -> (&'a str, &'a str, &'a str) {
    let i = r.items.iter().find(|i| i.name == trigger).unwrap();
    (i.status.as_str(), i.at.as_str(), i.reason.as_str())
}

#[tokio::test]
async fn scheduled_messages_go_once_as_the_host_outside_quiet_hours_and_never_for_a_cancelled_trip()
{
    use messaging::scheduled::send_due;
    let app = spawn_app().await;
    let (guest, host) = (person("Gina", "Guestly").await, person("Hank", "Hostman").await);
    let templates = vec![
        template(
            "booking_confirmed",
            0,
            "Hi {guestName}, thanks for booking my {carName}! - {hostName}",
        ),
        // 10 AM the day before: outside quiet hours.
        template("before_trip_start", 24, "Pick-up at {pickupAddress}, {startTime}."),
        // 10 PM the evening before: quiet hours move it to 9 AM.
        template("before_trip_end", 60, "Your trip ends {endTime}."),
        template("trip_ended", 0, "Thanks {guestName}!"),
    ];
    let mut missing = template("trip_started", 0, "The lockbox code is {lockboxCode}.");
    missing.name = "lockbox".into();
    let mut all = templates.clone();
    all.push(missing);
    let event = |version: i64, t: Vec<upcar_proto::events::ScheduledTemplate>| {
        upcar_proto::events::MessageTemplatesChanged {
            host_id: host.to_string(),
            version,
            templates: t,
            occurred_at: "2026-11-30T00:00:00Z".into(),
        }
    };
    app.publish(&event(2, all.clone()), Uuid::now_v7()).await;
    // An older set arriving late changes nothing.
    app.publish(&event(1, vec![template("trip_ended", 0, "old")]), Uuid::now_v7()).await;
    let b = confirmed_booking(guest, host);
    app.publish(&b, Uuid::now_v7()).await;
    app.clock.set(at("2026-12-01T20:01:00Z"));
    let s = app.wait_schedule(host, &b.trip_id, "confirmed", 5).await;
    assert_eq!(status_of(&s, "before_trip_start"), ("due", "2026-12-09T18:00:00.000Z", ""));
    assert_eq!(status_of(&s, "trip_ended"), ("waiting", "", ""));

    // Noon on Dec 1: the confirmation's message goes, as the host, with its placeholders.
    let round = send_due(&app.state, at("2026-12-01T20:01:00Z")).await.unwrap();
    assert_eq!(round.sent, 1, "{round:?}");
    // The same events again, and another round: nothing more.
    app.publish(&b, Uuid::now_v7()).await;
    app.publish(&confirmed(&b), Uuid::now_v7()).await;
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert_eq!(send_due(&app.state, at("2026-12-01T20:02:00Z")).await.unwrap().sent, 0);
    assert_eq!(
        app.room_texts(guest, &b.trip_id).await,
        vec![(
            "host".to_owned(),
            "Hi Gina, thanks for booking my Tesla Model 3! - Hank".to_owned()
        )]
    );
    // The day before, 10 AM: the pick-up reminder, with the car's address and local time.
    assert_eq!(send_due(&app.state, at("2026-12-09T18:00:00Z")).await.unwrap().sent, 1);
    let texts = app.room_texts(guest, &b.trip_id).await;
    assert_eq!(texts[1].1, "Pick-up at 1 Main St, Fremont, CA 94536, Thu, Dec 10 at 10:00 AM.");
    // The return reminder falls at 10 PM on Dec 9: not at 11 PM, but at 9 AM on Dec 10.
    assert_eq!(send_due(&app.state, at("2026-12-10T07:00:00Z")).await.unwrap().sent, 0);
    app.clock.set(at("2026-12-10T07:00:00Z"));
    assert_eq!(
        status_of(&app.schedule(host, &b.trip_id).await.unwrap(), "before_trip_end"),
        ("due", "2026-12-10T17:00:00.000Z", "")
    );
    assert_eq!(send_due(&app.state, at("2026-12-10T17:00:00Z")).await.unwrap().sent, 1);
    // Check-in: the lockbox template has no value for its placeholder: not sent, and said so.
    let checked_in = upcar_proto::events::TripCheckedIn {
        trip_id: b.trip_id.clone(),
        car_id: b.car_id.clone(),
        version: 3,
        occurred_at: "2026-12-10T18:05:00Z".into(),
    };
    app.publish(&checked_in, Uuid::now_v7()).await;
    app.clock.set(at("2026-12-10T18:10:00Z"));
    app.wait_schedule(host, &b.trip_id, "in_progress", 5).await;
    let round = send_due(&app.state, at("2026-12-10T18:10:00Z")).await.unwrap();
    assert_eq!((round.sent, round.skipped), (0, 1), "{round:?}");
    let s = app.schedule(host, &b.trip_id).await.unwrap();
    assert_eq!(status_of(&s, "lockbox").2, "missing_value");
    assert_eq!(app.room_texts(guest, &b.trip_id).await.len(), 3);
    // The guest does not see the host's plan.
    assert_eq!(code_of(&app.schedule(guest, &b.trip_id).await.unwrap_err()), "trip_not_found");

    // A cancelled trip gets nothing, whatever comes due.
    let c = confirmed_booking(guest, host);
    let c = TripBooked {
        start_time: "2026-12-20T18:00:00Z".into(),
        end_time: "2026-12-22T18:00:00Z".into(),
        ..c
    };
    app.publish(&c, Uuid::now_v7()).await;
    let cancelled = upcar_proto::events::TripCancelled {
        trip_id: c.trip_id.clone(),
        car_id: c.car_id.clone(),
        version: 2,
        occurred_at: "2026-12-02T10:00:00Z".into(),
        status: upcar_proto::trips::TripStatus::CancelledByGuest as i32,
        owner_id: host.to_string(),
        unpaid: false,
    };
    app.publish(&cancelled, Uuid::now_v7()).await;
    app.clock.set(at("2026-12-19T18:00:00Z"));
    let s = app.wait_schedule(host, &c.trip_id, "cancelled", 5).await;
    assert!(
        s.items
            .iter()
            .filter(|i| i.enabled)
            .all(|i| i.status == "not_sent" && i.reason == "cancelled"),
        "{s:?}"
    );
    send_due(&app.state, at("2026-12-19T18:00:00Z")).await.unwrap();
    assert!(app.room_texts(guest, &c.trip_id).await.is_empty());
}

#[tokio::test]
async fn a_round_reads_every_page_so_trips_waiting_for_later_moments_never_hide_due_ones() {
    let app = spawn_app().await;
    let (guest, host) = (person("Pat", "Pager").await, person("Hank", "Hostman").await);
    // Five templates: the confirmation's is due at once, the other four wait for later
    // moments, so 101 trips give 505 candidates, more than one page of 500.
    let templates: Vec<_> =
        ["booking_confirmed", "trip_started", "trip_ended", "before_trip_end", "before_trip_start"]
            .iter()
            .map(|t| template(t, if t.starts_with("before") { 1 } else { 0 }, "Hi {guestName}"))
            .collect();
    let event = upcar_proto::events::MessageTemplatesChanged {
        host_id: host.to_string(),
        version: 1,
        templates,
        occurred_at: "2026-11-30T00:00:00Z".into(),
    };
    app.publish(&event, Uuid::now_v7()).await;
    let mut last = String::new();
    for _ in 0..101 {
        let b = confirmed_booking(guest, host);
        last = b.trip_id.clone();
        app.publish(&b, Uuid::now_v7()).await;
    }
    app.clock.set(at("2026-12-01T20:01:00Z"));
    app.wait_schedule(host, &last, "confirmed", 5).await;
    // Every trip's row reached the schedule (the last one published is the last consumed).
    let round =
        messaging::scheduled::send_due(&app.state, at("2026-12-01T20:01:00Z")).await.unwrap();
    assert_eq!(round.sent, 101, "{round:?}");
}

#[tokio::test]
async fn contact_details_are_hidden_from_the_other_side_until_the_trip_is_confirmed() {
    use pb::realtime_event::Event;
    let hidden = "[hidden until the booking is confirmed]";
    let app = spawn_app().await;
    let (guest, host) = (person("Mia", "Masked").await, person("Hal", "Hidden").await);
    let mut b = booked(Uuid::now_v7(), guest, host, Utc::now());
    b.status = upcar_proto::trips::TripStatus::Requested as i32;
    app.publish(&b, Uuid::now_v7()).await;
    let room = loop {
        let rooms = app.list(guest, "guest", Some(50), None).await.unwrap().rooms;
        if let Some(r) = rooms.into_iter().find(|r| r.trip_id == b.trip_id) {
            break r.id;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    };
    let mut ps = app.subscribe(&room).await;
    let text = "Call me at 555-123-4567 or write to maya@mail.com, it's $296.01 in all";
    let masked = format!("Call me at {hidden} or write to {hidden}, it's $296.01 in all");
    // The writer gets it back as sent, and is told why the other side does not see it so.
    let sent = app.send(host, &room, "host", text, "").await.unwrap();
    let mine = sent.message.unwrap();
    assert_eq!((mine.message.as_str(), mine.masked), (text, false));
    assert!(sent.notice.contains("hidden from the other party"), "{}", sent.notice);
    // The room's channel carries what the guest is shown.
    let Some(Event::Message(m)) = next_event(&mut ps).await.event else { panic!("a message") };
    assert_eq!((m.message.as_str(), m.masked, m.seq), (masked.as_str(), true, 1));
    // Each reads it as they are shown it: pages, the socket's catch-up and the list.
    let page = |user| app.messages(user, &room, "", None);
    let g = page(guest).await.unwrap().messages;
    assert_eq!((g[0].message.as_str(), g[0].masked), (masked.as_str(), true));
    let h = page(host).await.unwrap().messages;
    assert_eq!((h[0].message.as_str(), h[0].masked), (text, false));
    let read = |user| {
        let req = pb::ReadChannelRequest { channel: format!("chat-{room}"), since: 0, limit: None };
        let mut client = app.client.clone();
        async move { client.read_channel(as_user(req, user)).await.unwrap().into_inner() }
    };
    assert_eq!(read(guest).await.messages[0].message, masked);
    assert_eq!(read(host).await.messages[0].message, text);
    let last = |user, side| app.get(user, &room, side);
    let g = last(guest, "guest").await.unwrap().last_message.unwrap();
    assert!(g.masked && g.message.contains(hidden), "{g:?}");
    assert!(!last(host, "host").await.unwrap().last_message.unwrap().masked);
    // A message with nothing to hide goes as it is, without a notice, to both sides.
    let plain = app.send(guest, &room, "guest", "See you at 10:30 at gate 5", "").await.unwrap();
    assert_eq!(plain.notice, "");
    // (The reads above went to the channel first.)
    let m = loop {
        if let Some(Event::Message(m)) = next_event(&mut ps).await.event {
            break m;
        }
    };
    assert_eq!((m.message.as_str(), m.masked), ("See you at 10:30 at gate 5", false));
    // The guest's own details are hidden from the host the same way.
    let reply = app
        .send(guest, &room, "guest", "mine: five five five one two three four five six seven", "")
        .await
        .unwrap();
    assert!(!reply.notice.is_empty());
    let h = page(host).await.unwrap().messages;
    assert_eq!(h[2].message, format!("mine: {hidden}"));
    // Once the trip is confirmed, every message is shown as sent, earlier ones included.
    app.publish(&confirmed(&b), Uuid::now_v7()).await;
    for _ in 0..200 {
        if !page(guest).await.unwrap().messages[0].masked {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let g = page(guest).await.unwrap().messages;
    assert_eq!((g[0].message.as_str(), g[0].masked), (text, false));
    assert_eq!(
        page(host).await.unwrap().messages[2].message,
        "mine: five five five one two three four five six seven"
    );
    let after = app.send(host, &room, "host", "text me: 555-987-6543", "").await.unwrap();
    assert_eq!(after.notice, "");
    let g = last(guest, "guest").await.unwrap().last_message.unwrap();
    assert_eq!((g.message.as_str(), g.masked), ("text me: 555-987-6543", false));
}
