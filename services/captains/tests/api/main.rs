#![allow(clippy::unwrap_used, clippy::expect_used)]
//! Service tests of captains against the real Postgres and RabbitMQ: a fresh database and
//! exchange per test, trips' events published to the broker, the service called over gRPC.

use captains::cars::{CarFacts, Fixed, Place};
use captains::demo::DEMO_CAPTAIN;
use chrono::{DateTime, Utc};
use diesel::QueryableByName;
use diesel_async::RunQueryDsl;
use std::sync::Arc;
use tonic::transport::Channel;
use upcar_events::IntegrationEvent;
use upcar_identity::{Identity, Role};
use upcar_proto::captains as pb;
use upcar_proto::captains::captains_client::CaptainsClient;
use upcar_proto::events::{TripBooked, TripCancelled, TripPlace, TripRescheduled};
use uuid::Uuid;

const CAR: Uuid = Uuid::from_u128(0x0194_0000_0000_7000_8000_0000_0000_0013);

struct TestApp {
    client: CaptainsClient<Channel>,
    state: Arc<captains::state::AppState>,
    exchange: String,
    amqp_url: String,
}

async fn spawn_app() -> TestApp {
    let db = upcar_testkit::TestDatabase::create("captains").await.unwrap();
    let mut settings = captains::Settings::load().unwrap();
    settings.database.url = db.url.clone().into();
    settings.grpc.port = 0;
    settings.amqp.exchange = upcar_testkit::unique("test-captains");
    // Nobody answers here: guests' names are left out, as when accounts is away.
    settings.services.accounts = "http://127.0.0.1:9".into();
    let (exchange, amqp_url) = (settings.amqp.exchange.clone(), settings.amqp.url().to_owned());
    let car = CarFacts {
        make: "Jeep".into(),
        model: "Wrangler".into(),
        photo: "http://127.0.0.1/v1/files/public/cars/19/1.jpg".into(),
        place: Place {
            street: "803 Stevenson Blvd".into(),
            city: "Fremont".into(),
            state: "CA".into(),
            zip: "94538".into(),
            latitude: 37.63041,
            longitude: -121.99333,
        },
    };
    let cars = Fixed([(CAR, car)].into_iter().collect());
    let app = captains::Application::build_with_cars(settings, Some(Arc::new(cars))).await.unwrap();
    let (port, state) = (app.port(), app.state());
    tokio::spawn(async move {
        let _db = db;
        app.run_until(std::future::pending()).await
    });
    let client = CaptainsClient::connect(format!("http://127.0.0.1:{port}")).await.unwrap();
    TestApp { client, state, exchange, amqp_url }
}

fn as_who<T>(body: T, user_id: Uuid, role: Role) -> tonic::Request<T> {
    let mut r = tonic::Request::new(body);
    Identity {
        user_id,
        role,
        token_id: "t".into(),
        expires_at: i64::MAX,
        session: upcar_identity::Session { id: "s".into(), auth_time: 0 },
    }
    .inject(r.metadata_mut());
    r
}

fn t(s: &str) -> DateTime<Utc> {
    DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc)
}

fn booked(trip: Uuid, start: &str, end: &str) -> TripBooked {
    let place = TripPlace {
        latitude: 37.5297,
        longitude: -122.0402,
        address: "5400 Mowry Ave, Newark, CA 94560".into(),
    };
    TripBooked {
        trip_id: trip.to_string(),
        car_id: CAR.to_string(),
        guest_id: Uuid::now_v7().to_string(),
        owner_id: Uuid::now_v7().to_string(),
        start_time: start.into(),
        end_time: end.into(),
        version: 1,
        occurred_at: Utc::now().to_rfc3339(),
        status: upcar_proto::trips::TripStatus::Confirmed as i32,
        pick_up: Some(place.clone()),
        drop_off: Some(place),
        time_zone: "America/Los_Angeles".into(),
    }
}

#[derive(QueryableByName, Debug)]
struct TaskLine {
    #[diesel(sql_type = diesel::sql_types::Text)]
    kind: String,
    #[diesel(sql_type = diesel::sql_types::Text)]
    status: String,
    #[diesel(sql_type = diesel::sql_types::Timestamptz)]
    scheduled_at: DateTime<Utc>,
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Uuid>)]
    captain_id: Option<Uuid>,
}

impl TestApp {
    async fn publish<M: prost::Message + IntegrationEvent>(&self, event: &M, id: Uuid) {
        upcar_testkit::publish(&self.amqp_url, &self.exchange, event, &id.to_string())
            .await
            .unwrap();
    }

    async fn tasks(&self, trip: Uuid) -> Vec<TaskLine> {
        let mut conn = self.state.pool.get().await.unwrap();
        diesel::sql_query(format!(
            "SELECT kind, status, scheduled_at, captain_id FROM tasks WHERE trip_id = '{trip}' ORDER BY kind"
        ))
        .load(&mut conn)
        .await
        .unwrap()
    }

    /// Waits until the trip's tasks satisfy `want` (events are consumed asynchronously).
    async fn wait(&self, trip: Uuid, want: impl Fn(&[TaskLine]) -> bool) -> Vec<TaskLine> {
        for _ in 0..150 {
            let got = self.tasks(trip).await;
            if want(&got) {
                return got;
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        panic!("the trip's tasks never matched: {:?}", self.tasks(trip).await);
    }

    async fn processed(&self, n: i64) {
        #[derive(QueryableByName)]
        struct N {
            #[diesel(sql_type = diesel::sql_types::BigInt)]
            n: i64,
        }
        for _ in 0..150 {
            let mut conn = self.state.pool.get().await.unwrap();
            let got: N = diesel::sql_query("SELECT count(*) AS n FROM processed_events")
                .get_result(&mut conn)
                .await
                .unwrap();
            if got.n >= n {
                return;
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        panic!("fewer than {n} events were processed");
    }
}

#[tokio::test]
async fn a_delivery_booking_makes_both_tasks_once_however_often_its_events_arrive() {
    let app = spawn_app().await;
    let trip = Uuid::now_v7();
    let b = booked(trip, "2026-12-01T18:00:00Z", "2026-12-03T18:00:00Z");
    let id = Uuid::now_v7();
    app.publish(&b, id).await;
    app.publish(&b, id).await;
    app.publish(&b, Uuid::now_v7()).await;
    let tasks = app.wait(trip, |t| t.len() == 2 && t.iter().all(|t| t.captain_id.is_some())).await;
    app.processed(2).await;
    assert_eq!(app.tasks(trip).await.len(), 2);
    assert_eq!(
        (tasks[0].kind.as_str(), tasks[0].scheduled_at),
        ("delivery_to_guest", t("2026-12-01T18:00:00Z"))
    );
    assert_eq!(
        (tasks[1].kind.as_str(), tasks[1].scheduled_at),
        ("return_to_host", t("2026-12-03T18:00:00Z"))
    );
    assert!(tasks.iter().all(|t| t.captain_id == Some(DEMO_CAPTAIN) && t.status == "scheduled"));

    // The captain's day: the delivery, with a route position and ETAs that reach the guest on
    // time (10 AM at the car: the delivery leaves Fremont for Newark before).
    let r = app
        .client
        .clone()
        .list_tasks(as_who(
            pb::ListTasksRequest { date: "2026-12-01".into() },
            DEMO_CAPTAIN,
            Role::Captain,
        ))
        .await
        .unwrap()
        .into_inner();
    let d = r.tasks.iter().find(|x| x.trip_id == trip.to_string()).unwrap();
    assert_eq!((d.task_type(), d.route_order, d.late), (pb::TaskType::DeliveryToGuest, 1, false));
    assert_eq!(d.next_step(), pb::TaskStep::PickedUpFromHost, "the first step comes next");
    assert_eq!(d.delivery_location.as_ref().unwrap().street, "5400 Mowry Ave");
    assert_eq!(d.pickup_location.as_ref().unwrap().city, "Fremont");
    let eta = t(&d.eta_delivery);
    assert!(eta <= t("2026-12-01T18:00:00Z") && eta > t("2026-12-01T17:00:00Z"), "{eta}");
    assert!(t(&d.eta_pickup) < eta);
    // A trip with no delivery makes nothing.
    let plain = Uuid::now_v7();
    app.publish(
        &TripBooked {
            pick_up: None,
            drop_off: None,
            ..booked(plain, "2026-12-05T18:00:00Z", "2026-12-06T18:00:00Z")
        },
        Uuid::now_v7(),
    )
    .await;
    app.processed(3).await;
    assert!(app.tasks(plain).await.is_empty());
}

#[tokio::test]
async fn a_reschedule_moves_the_tasks_and_late_or_repeated_events_change_nothing() {
    let app = spawn_app().await;
    let trip = Uuid::now_v7();
    app.publish(&booked(trip, "2026-12-01T18:00:00Z", "2026-12-03T18:00:00Z"), Uuid::now_v7())
        .await;
    app.wait(trip, |t| t.len() == 2).await;
    let moved = |v: i64, start: &str, end: &str| TripRescheduled {
        trip_id: trip.to_string(),
        car_id: CAR.to_string(),
        start_time: start.into(),
        end_time: end.into(),
        version: v,
        occurred_at: String::new(),
    };
    app.publish(&moved(3, "2026-12-10T18:00:00Z", "2026-12-12T18:00:00Z"), Uuid::now_v7()).await;
    let at = t("2026-12-10T18:00:00Z");
    app.wait(trip, |x| x.len() == 2 && x[0].scheduled_at == at).await;
    // An older reschedule arriving late changes nothing.
    app.publish(&moved(2, "2026-12-20T18:00:00Z", "2026-12-22T18:00:00Z"), Uuid::now_v7()).await;
    app.processed(3).await;
    let tasks = app.tasks(trip).await;
    assert_eq!(tasks[0].scheduled_at, t("2026-12-10T18:00:00Z"));
    assert_eq!(tasks[1].scheduled_at, t("2026-12-12T18:00:00Z"));
    // The captain's days follow: nothing left on the 1st, the delivery on the 10th.
    let day = |d: &str| pb::ListTasksRequest { date: d.into() };
    let first = app
        .client
        .clone()
        .list_tasks(as_who(day("2026-12-01"), DEMO_CAPTAIN, Role::Captain))
        .await
        .unwrap()
        .into_inner();
    assert!(first.tasks.iter().all(|x| x.trip_id != trip.to_string()));
    let tenth = app
        .client
        .clone()
        .list_tasks(as_who(day("2026-12-10"), DEMO_CAPTAIN, Role::Captain))
        .await
        .unwrap()
        .into_inner();
    assert!(tenth.tasks.iter().any(|x| x.trip_id == trip.to_string()));
}

#[tokio::test]
async fn a_cancellation_cancels_the_tasks_and_a_booking_arriving_after_it_makes_none() {
    let app = spawn_app().await;
    let cancel = |trip: Uuid| TripCancelled {
        trip_id: trip.to_string(),
        car_id: CAR.to_string(),
        version: 2,
        occurred_at: String::new(),
        status: upcar_proto::trips::TripStatus::CancelledByGuest as i32,
        owner_id: String::new(),
        unpaid: false,
    };
    let trip = Uuid::now_v7();
    app.publish(&booked(trip, "2026-12-01T18:00:00Z", "2026-12-03T18:00:00Z"), Uuid::now_v7())
        .await;
    app.wait(trip, |t| t.len() == 2).await;
    app.publish(&cancel(trip), Uuid::now_v7()).await;
    app.wait(trip, |t| t.iter().all(|t| t.status == "cancelled")).await;
    // Out of order: the cancellation first, then its booking.
    let late = Uuid::now_v7();
    app.publish(&cancel(late), Uuid::now_v7()).await;
    app.processed(3).await;
    app.publish(&booked(late, "2026-12-01T18:00:00Z", "2026-12-03T18:00:00Z"), Uuid::now_v7())
        .await;
    app.processed(4).await;
    assert!(app.tasks(late).await.is_empty());
}

#[tokio::test]
async fn steps_go_forward_only_by_the_assigned_captain_and_are_published() {
    let app = spawn_app().await;
    let trip = Uuid::now_v7();
    app.publish(&booked(trip, "2026-12-01T18:00:00Z", "2026-12-03T18:00:00Z"), Uuid::now_v7())
        .await;
    app.wait(trip, |t| t.len() == 2 && t.iter().all(|t| t.captain_id.is_some())).await;
    let list = app
        .client
        .clone()
        .list_tasks(as_who(
            pb::ListTasksRequest { date: "2026-12-01".into() },
            DEMO_CAPTAIN,
            Role::Captain,
        ))
        .await
        .unwrap()
        .into_inner();
    let task = list.tasks.iter().find(|x| x.trip_id == trip.to_string()).unwrap().task_id.clone();
    let update = |step: &str, who: Uuid, role: Role| {
        as_who(
            pb::UpdateTaskRequest {
                task_id: task.clone(),
                step: step.into(),
                latitude: Some(37.6),
                longitude: Some(-121.99),
                photos: vec![],
            },
            who,
            role,
        )
    };
    let code = |r: Result<tonic::Response<pb::TaskReply>, tonic::Status>| r.unwrap_err().code();
    assert_eq!(
        code(
            app.client
                .clone()
                .update_task(update("picked_up_from_host", Uuid::now_v7(), Role::Captain))
                .await
        ),
        tonic::Code::NotFound
    );
    assert_eq!(
        code(
            app.client
                .clone()
                .update_task(update("picked_up_from_host", DEMO_CAPTAIN, Role::User))
                .await
        ),
        tonic::Code::PermissionDenied
    );
    assert_eq!(
        code(
            app.client
                .clone()
                .update_task(update("delivered_to_guest", DEMO_CAPTAIN, Role::Captain))
                .await
        ),
        tonic::Code::AlreadyExists
    );
    assert_eq!(
        code(app.client.clone().update_task(update("arrived", DEMO_CAPTAIN, Role::Captain)).await),
        tonic::Code::InvalidArgument
    );
    let r = app
        .client
        .clone()
        .update_task(update("picked_up_from_host", DEMO_CAPTAIN, Role::Captain))
        .await
        .unwrap()
        .into_inner();
    let got = r.task.unwrap();
    assert_eq!(
        (got.status(), got.step(), got.next_step(), got.steps.len()),
        (
            pb::TaskStatus::InProgress,
            pb::TaskStep::PickedUpFromHost,
            pb::TaskStep::DeliveredToGuest,
            1
        )
    );

    // The database holds the same rules whatever writes to it.
    let mut conn = app.state.pool.get().await.unwrap();
    for (sql, why) in [
        (
            format!(
                "INSERT INTO task_steps (task_id, step, captain_id, at) VALUES ('{task}', 'delivered_to_host', '{DEMO_CAPTAIN}', now())"
            ),
            "forward one at a time",
        ),
        (format!("UPDATE task_steps SET at = now() WHERE task_id = '{task}'"), "append-only"),
        (format!("DELETE FROM task_steps WHERE task_id = '{task}'"), "append-only"),
    ] {
        let err = diesel::sql_query(sql).execute(&mut conn).await.unwrap_err();
        assert!(err.to_string().contains(why), "{err}");
    }
    #[derive(QueryableByName)]
    struct N {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        n: i64,
    }
    let n: N = diesel::sql_query(
        "SELECT count(*) AS n FROM outbox WHERE event_type = 'captains.task_step_recorded'",
    )
    .get_result(&mut conn)
    .await
    .unwrap();
    assert_eq!(n.n, 1, "one event per recorded step");
    // The guest's view: a stranger learns nothing; the guest sees the captain on the way.
    let trip_req =
        |who: Uuid| as_who(pb::TripTasksRequest { trip_id: trip.to_string() }, who, Role::User);
    assert_eq!(
        app.client.clone().get_trip_tasks(trip_req(Uuid::now_v7())).await.unwrap_err().code(),
        tonic::Code::NotFound
    );
}
