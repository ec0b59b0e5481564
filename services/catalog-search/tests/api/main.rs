//! Service tests of catalog-search against the real Postgres and RabbitMQ: the availability
//! read model follows trips and hosting events, including duplicates and late arrivals.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use chrono::{Duration, Utc};
use prost::Message;
use tonic::transport::Channel;
use upcar_events::IntegrationEvent;
use upcar_proto::catalog as pb;
use upcar_proto::catalog::catalog_client::CatalogClient;
use upcar_proto::events::{
    AvailabilityBlocked, AvailabilityUnblocked, TripBooked, TripCancelled, TripCheckedOut,
    TripRescheduled,
};

struct TestApp {
    state: std::sync::Arc<catalog_search::state::AppState>,
    client: CatalogClient<Channel>,
    exchange: String,
    amqp_url: String,
    /// The service's clock: tests move it instead of rewriting times in the database.
    clock: upcar_clock::Clock,
}

async fn spawn_app() -> TestApp {
    let db = upcar_testkit::TestDatabase::create("catalog").await.unwrap();
    let mut settings = catalog_search::Settings::load().unwrap();
    settings.database.url = db.url.clone().into();
    settings.grpc.port = 0;
    settings.files.root =
        std::env::temp_dir().join(upcar_testkit::unique("catalog-files")).display().to_string();
    // A private exchange: other tests' events cannot reach this app's queue.
    settings.amqp.exchange = upcar_testkit::unique("test-catalog");
    settings.redis.url = upcar_testkit::redis_url();
    settings.cache.key_prefix = upcar_testkit::unique("test-catalog-cache");
    let (exchange, amqp_url) = (settings.amqp.exchange.clone(), settings.amqp.url().to_owned());
    let app = catalog_search::Application::build(settings).await.unwrap();
    let port = app.port();
    let state = app.state();
    let clock = state.clock.clone();
    tokio::spawn(app.run_until(std::future::pending()));
    let client = CatalogClient::connect(format!("http://127.0.0.1:{port}")).await.unwrap();
    let app = TestApp { state, client, exchange, amqp_url, clock };
    // Events published before the consumer has bound its queue are unroutable; re-send a probe
    // block until one is applied, then the queue is known to be bound.
    let probe = car(44);
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(30);
    for version in 1.. {
        let block = AvailabilityBlocked {
            block_id: "probe".into(),
            car_id: probe.clone(),
            start_time: at(300),
            end_time: at(301),
            version,
            ..Default::default()
        };
        app.publish(&block, &id()).await;
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
        if !app.available(&probe, 300, 301).await {
            break;
        }
        assert!(tokio::time::Instant::now() < deadline, "the consumer never started");
    }
    app
}

impl TestApp {
    async fn publish<M: Message + IntegrationEvent>(&self, event: &M, id: &str) {
        upcar_testkit::publish(&self.amqp_url, &self.exchange, event, id).await.unwrap();
    }

    async fn available(&self, car: &str, from: i64, until: i64) -> bool {
        let day = |d: i64| (Utc::now().date_naive() + Duration::days(d)).to_string();
        self.client
            .clone()
            .is_car_available(pb::AvailabilityRequest {
                car_id: car.to_owned(),
                from_date: day(from),
                from_time: "10:00 AM".into(),
                until_date: day(until),
                until_time: "10:00 AM".into(),
                is_delivery: false,
            })
            .await
            .unwrap()
            .into_inner()
            .available
    }

    /// Polls until the car's availability for the days is `want` (events are asynchronous).
    async fn eventually(&self, car: &str, from: i64, until: i64, want: bool) {
        let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(20);
        loop {
            if self.available(car, from, until).await == want {
                return;
            }
            assert!(
                tokio::time::Instant::now() < deadline,
                "car {car} days {from}..{until} never became available={want}"
            );
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
    }
}

fn car(n: u32) -> String {
    catalog_search::demo::car_id(n).to_string()
}

/// RFC 3339 at 18:00 UTC (10 AM in California) `d` days from today.
fn at(d: i64) -> String {
    format!("{}T18:00:00Z", Utc::now().date_naive() + Duration::days(d))
}

fn id() -> String {
    uuid::Uuid::now_v7().to_string()
}

/// A nearest-first search near Fremont for two days from ten days out.
fn fremont_search(limit: i32) -> pb::SearchRequest {
    let day = |d: i64| (Utc::now().date_naive() + Duration::days(d)).to_string();
    pb::SearchRequest {
        from_date: day(10),
        until_date: day(12),
        latitude: Some(37.5485),
        longitude: Some(-121.9886),
        sort_by: "distance".into(),
        limit,
        ..Default::default()
    }
}

#[tokio::test]
async fn a_booking_hides_the_car_for_its_days_until_it_is_cancelled() {
    let app = spawn_app().await;
    let c = car(1);
    assert!(app.available(&c, 20, 23).await);
    let booked = TripBooked {
        trip_id: "trip-a".into(),
        car_id: c.clone(),
        start_time: at(21),
        end_time: at(22),
        version: 1,
        ..Default::default()
    };
    let event_id = id();
    app.publish(&booked, &event_id).await;
    app.eventually(&c, 20, 23, false).await;
    assert!(app.available(&c, 23, 25).await, "days after the booking stay free");
    // The same event again changes nothing.
    app.publish(&booked, &event_id).await;
    app.publish(
        &TripCancelled {
            trip_id: "trip-a".into(),
            car_id: c.clone(),
            version: 2,
            ..Default::default()
        },
        &id(),
    )
    .await;
    app.eventually(&c, 20, 23, true).await;
}

#[tokio::test]
async fn a_trip_returned_early_frees_the_car_from_the_return_on() {
    let app = spawn_app().await;
    let c = car(3);
    app.publish(
        &TripBooked {
            trip_id: "trip-early".into(),
            car_id: c.clone(),
            start_time: at(21),
            end_time: at(26),
            version: 1,
            ..Default::default()
        },
        &id(),
    )
    .await;
    app.eventually(&c, 23, 25, false).await;
    // Returned on the second day: the days after the return are free, the ones before not.
    app.publish(
        &TripCheckedOut {
            trip_id: "trip-early".into(),
            car_id: c.clone(),
            version: 3,
            occurred_at: at(22),
            ..Default::default()
        },
        &id(),
    )
    .await;
    app.eventually(&c, 23, 25, true).await;
    assert!(!app.available(&c, 21, 22).await, "the days the trip ran stay taken");
}

#[tokio::test]
async fn a_late_booked_event_does_not_undo_a_newer_cancellation() {
    let app = spawn_app().await;
    let c = car(2);
    app.publish(
        &TripCancelled {
            trip_id: "trip-b".into(),
            car_id: c.clone(),
            version: 2,
            ..Default::default()
        },
        &id(),
    )
    .await;
    app.publish(
        &TripBooked {
            trip_id: "trip-b".into(),
            car_id: c.clone(),
            start_time: at(30),
            end_time: at(32),
            version: 1,
            ..Default::default()
        },
        &id(),
    )
    .await;
    // A later, unrelated booking proves both earlier events were consumed.
    app.publish(
        &TripBooked {
            trip_id: "trip-c".into(),
            car_id: c.clone(),
            start_time: at(40),
            end_time: at(41),
            version: 1,
            ..Default::default()
        },
        &id(),
    )
    .await;
    app.eventually(&c, 39, 42, false).await;
    assert!(app.available(&c, 29, 33).await, "the cancelled trip stays released");
}

#[tokio::test]
async fn a_rescheduled_trip_moves_its_hold() {
    let app = spawn_app().await;
    let c = car(3);
    app.publish(
        &TripBooked {
            trip_id: "trip-d".into(),
            car_id: c.clone(),
            start_time: at(50),
            end_time: at(52),
            version: 1,
            ..Default::default()
        },
        &id(),
    )
    .await;
    app.eventually(&c, 50, 52, false).await;
    app.publish(
        &TripRescheduled {
            trip_id: "trip-d".into(),
            car_id: c.clone(),
            start_time: at(60),
            end_time: at(62),
            version: 2,
            ..Default::default()
        },
        &id(),
    )
    .await;
    app.eventually(&c, 60, 62, false).await;
    assert!(app.available(&c, 50, 52).await);
}

#[tokio::test]
async fn host_blocks_hide_the_car_and_unblocks_release_it_and_bad_events_are_skipped() {
    let app = spawn_app().await;
    let c = car(4);
    let broken =
        TripBooked { trip_id: "bad".into(), car_id: "not-a-car".into(), ..Default::default() };
    app.publish(&broken, &id()).await;
    app.publish(
        &AvailabilityBlocked {
            block_id: "blk-1".into(),
            car_id: c.clone(),
            start_time: at(70),
            end_time: at(75),
            version: 1,
            ..Default::default()
        },
        &id(),
    )
    .await;
    app.eventually(&c, 71, 72, false).await;
    app.publish(
        &AvailabilityUnblocked {
            block_id: "blk-1".into(),
            car_id: c.clone(),
            version: 2,
            ..Default::default()
        },
        &id(),
    )
    .await;
    app.eventually(&c, 71, 72, true).await;
}

/// Runs `sql` on a connection of the service's plain pool.
async fn catalog_sql(app: &TestApp, sql: &str) {
    use diesel_async::SimpleAsyncConnection;
    app.state.pool.get().await.unwrap().batch_execute(sql).await.unwrap();
}

/// Whether the car's `busy` periods cover `[at(from), at(until))`, and whether they are empty.
async fn busy(app: &TestApp, car: &str, from: i64, until: i64) -> (bool, bool) {
    use diesel_async::RunQueryDsl;
    #[derive(diesel::QueryableByName)]
    struct Busy {
        #[diesel(sql_type = diesel::sql_types::Bool)]
        covers: bool,
        #[diesel(sql_type = diesel::sql_types::Bool)]
        empty: bool,
    }
    let b: Busy = diesel::sql_query(format!(
        "SELECT busy @> tstzrange('{}', '{}') AS covers, isempty(busy) AS empty FROM cars WHERE id = '{car}'",
        at(from),
        at(until)
    ))
    .get_result(&mut app.state.pool.get().await.unwrap())
    .await
    .unwrap();
    (b.covers, b.empty)
}

/// Whether a nearest-first search at the car's own place for the days finds it.
async fn found_at_home(app: &TestApp, car: &str, from: i64, until: i64) -> bool {
    let details = app
        .client
        .clone()
        .get_car(pb::CarIdRequest { car_id: car.to_owned(), ..Default::default() })
        .await
        .unwrap()
        .into_inner()
        .summary
        .unwrap();
    let day = |d: i64| (Utc::now().date_naive() + Duration::days(d)).to_string();
    let reply = app
        .client
        .clone()
        .search_cars(pb::SearchRequest {
            from_date: day(from),
            until_date: day(until),
            latitude: Some(details.latitude),
            longitude: Some(details.longitude),
            sort_by: "distance".into(),
            limit: 50,
            ..Default::default()
        })
        .await
        .unwrap()
        .into_inner();
    reply.cars.iter().any(|c| c.id == car)
}

#[tokio::test]
async fn a_cars_busy_periods_follow_the_read_model_whoever_writes_it() {
    let app = spawn_app().await;
    let c = car(5);
    assert!(found_at_home(&app, &c, 80, 82).await);
    // Rows written straight into the read model (as an operator's fix would be): the car's row
    // takes the periods that have not ended, and search hides it for those days only.
    catalog_sql(
        &app,
        &format!(
            "INSERT INTO car_unavailability (source, source_id, car_id, period) VALUES \
             ('booking', 'busy-a', '{c}', tstzrange('{}', '{}')), \
             ('booking', 'busy-past', '{c}', tstzrange('{}', '{}'))",
            at(80),
            at(82),
            at(-5),
            at(-3)
        ),
    )
    .await;
    assert_eq!(busy(&app, &c, 80, 82).await, (true, false));
    assert!(!busy(&app, &c, -5, -3).await.0, "an ended period is left out");
    assert!(!found_at_home(&app, &c, 80, 82).await);
    assert!(found_at_home(&app, &c, 83, 85).await);
    // A release (the tombstone a cancellation leaves) and a deleted row free the days again.
    catalog_sql(&app, "UPDATE car_unavailability SET period = NULL WHERE source_id = 'busy-a'")
        .await;
    assert!(busy(&app, &c, 80, 82).await.1);
    assert!(found_at_home(&app, &c, 80, 82).await);
    catalog_sql(
        &app,
        &format!(
            "INSERT INTO car_unavailability (source, source_id, car_id, period) VALUES \
             ('host_block', 'busy-b', '{c}', tstzrange('{}', '{}'))",
            at(90),
            at(91)
        ),
    )
    .await;
    assert_eq!(busy(&app, &c, 90, 91).await, (true, false));
    catalog_sql(&app, "DELETE FROM car_unavailability WHERE source_id = 'busy-b'").await;
    assert!(busy(&app, &c, 90, 91).await.1);

    // Two transactions adding periods to the same car at once: the second waits for the
    // first's lock on the car and then sees its period, so neither is lost.
    use diesel_async::SimpleAsyncConnection;
    let mut first = app.state.pool.get().await.unwrap();
    first
        .batch_execute(&format!(
            "BEGIN; INSERT INTO car_unavailability (source, source_id, car_id, period) VALUES \
             ('booking', 'busy-c', '{c}', tstzrange('{}', '{}'))",
            at(100),
            at(101)
        ))
        .await
        .unwrap();
    let second = {
        let (pool, c) = (app.state.pool.clone(), c.clone());
        tokio::spawn(async move {
            pool.get()
                .await
                .unwrap()
                .batch_execute(&format!(
                    "BEGIN; INSERT INTO car_unavailability (source, source_id, car_id, period) VALUES \
                     ('booking', 'busy-d', '{c}', tstzrange('{}', '{}')); COMMIT",
                    at(110),
                    at(111)
                ))
                .await
                .unwrap();
        })
    };
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert!(!second.is_finished(), "the second transaction waits for the car");
    first.batch_execute("COMMIT").await.unwrap();
    second.await.unwrap();
    assert!(busy(&app, &c, 100, 101).await.0, "the first transaction's period stays");
    assert!(busy(&app, &c, 110, 111).await.0, "and the second's");

    // A car added after periods for its id arrived starts with them.
    let newcomer = uuid::Uuid::now_v7().to_string();
    catalog_sql(
        &app,
        &format!(
            "INSERT INTO car_unavailability (source, source_id, car_id, period) VALUES \
             ('booking', 'busy-e', '{newcomer}', tstzrange('{}', '{}')); \
             INSERT INTO cars SELECT (jsonb_populate_record(NULL::cars, to_jsonb(c) || \
               jsonb_build_object('id', '{newcomer}', 'busy', '{{}}'))).* FROM cars c WHERE id = '{c}'",
            at(120),
            at(121)
        ),
    )
    .await;
    assert_eq!(busy(&app, &newcomer, 120, 121).await, (true, false));
}

#[tokio::test]
async fn a_search_counts_its_total_beside_the_page_or_after_it_alike() {
    use catalog_search::store::cars;
    let app = spawn_app().await;
    let request = fremont_search(5);
    let (mut q, _) =
        catalog_search::api::search::query(app.state.radius_miles, &request, Utc::now()).unwrap();
    let pool = &app.state.search_pool;
    let (mut conn, mut spare) = (pool.get().await.unwrap(), pool.get().await.unwrap());
    let ids = |rows: &[cars::SearchRow]| rows.iter().map(|r| r.car.id).collect::<Vec<_>>();
    // A full page: the total is counted, on the spare connection or after the page.
    let (after, n_after) = cars::search(&mut conn, None, &q).await.unwrap();
    let (beside, n_beside) = cars::search(&mut conn, Some(&mut spare), &q).await.unwrap();
    assert_eq!(after.len(), 5);
    assert_eq!(ids(&after), ids(&beside));
    assert_eq!(n_after, n_beside);
    assert!(n_after > 5, "{n_after}");
    // The last page, not full: its length gives the same total either way.
    q.offset = (n_after - 2) as i32;
    let (last_after, t_after) = cars::search(&mut conn, None, &q).await.unwrap();
    let (last_beside, t_beside) = cars::search(&mut conn, Some(&mut spare), &q).await.unwrap();
    assert_eq!((last_after.len(), last_beside.len()), (2, 2));
    assert_eq!((t_after, t_beside), (n_after, n_after));
    drop((conn, spare));
    // Only the first `count_beside_max` searches running at once get a second connection.
    let searches = catalog_search::api::search::Searches::new(1);
    let first = searches.enter();
    assert!(first.spare(pool).await.is_some());
    // (Overlapping only while the second is refused, which needs no I/O: a lone search
    // right after them finds the replica's recent mean below one.)
    let second = searches.enter();
    assert!(second.spare(pool).await.is_none());
    drop((first, second));
    assert!(searches.enter().spare(pool).await.is_some());
    // Searches that overlapped lately keep counting after the page for a while (the mean over
    // time: `api::search`'s unit test, on a clock of its own).
}

#[tokio::test]
async fn search_statements_stay_prepared_with_one_generic_plan_per_set_of_filters() {
    use catalog_search::domain::filters::Sort;
    use catalog_search::store::cars;
    use diesel_async::RunQueryDsl;
    let app = spawn_app().await;
    let mut conn = app.state.search_pool.get().await.unwrap();
    let (base, _) =
        catalog_search::api::search::query(app.state.radius_miles, &fremont_search(2), Utc::now())
            .unwrap();
    let ids = |rows: &[cars::SearchRow]| rows.iter().map(|r| r.car.id).collect::<Vec<_>>();
    // Every match on one page that is not full: its length is the total, no count runs.
    let mut whole = base.clone();
    whole.limit = 300;
    let (all, n_all) = cars::search(&mut conn, None, &whole).await.unwrap();
    assert!(all.len() > 2 && all.len() < 300, "{}", all.len());
    assert_eq!(n_all, all.len() as i64);
    let make = all[0].car.make.clone();
    let n_make = all.iter().filter(|r| r.car.make == make).count() as i64;
    // Each run binds its own values to the kept statements: a make filter, then none again.
    for run in 0..8 {
        let mut q = base.clone();
        if run % 2 == 1 {
            q.make = Some(make.clone());
        }
        let (rows, n) = cars::search(&mut conn, None, &q).await.unwrap();
        match &q.make {
            Some(m) => {
                assert!(rows.iter().all(|r| &r.car.make == m));
                assert_eq!(n, n_make);
            }
            None => {
                assert_eq!(ids(&rows), ids(&all[..2]));
                assert_eq!(n, n_all, "the kept count statement counts every run's matches");
            }
        }
    }
    let mut recommended = base.clone();
    recommended.sort = Sort::Recommended;
    cars::search(&mut conn, None, &recommended).await.unwrap();

    #[derive(diesel::QueryableByName, Debug, PartialEq)]
    struct Kept {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        custom_plans: i64,
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        generic_plans: i64,
    }
    let kept = |text: std::sync::Arc<str>| {
        diesel::sql_query(
            "SELECT custom_plans, generic_plans FROM pg_prepared_statements WHERE statement = $1",
        )
        .bind::<diesel::sql_types::Text, _>(text.to_string())
    };
    // One text per set of filters given, holding only their conditions.
    let mut with_make = base.clone();
    with_make.make = Some(make.clone());
    let (plain_text, make_text) = (cars::page_sql(&base), cars::page_sql(&with_make));
    assert!(
        !plain_text.contains("IS NULL") && !plain_text.contains("lower(c.make)"),
        "{plain_text}"
    );
    assert!(make_text.contains("lower(c.make) = lower($10)"), "{make_text}");
    // Each kept once on the connection, with one generic plan for all its runs: the whole
    // list and four pages without the make, four with it.
    let plain: Vec<Kept> = kept(plain_text).load(&mut *conn).await.unwrap();
    assert_eq!(plain, [Kept { custom_plans: 0, generic_plans: 5 }]);
    let by_make: Vec<Kept> = kept(make_text).load(&mut *conn).await.unwrap();
    assert_eq!(by_make, [Kept { custom_plans: 0, generic_plans: 4 }]);
    let rec: Vec<Kept> = kept(cars::page_sql(&recommended)).load(&mut *conn).await.unwrap();
    assert_eq!(rec, [Kept { custom_plans: 0, generic_plans: 1 }]);
    // The total runs for the five full pages without the make, the recommended one among
    // them (the whole list's length is its total).
    let count: Vec<Kept> = kept(cars::count_sql(&base)).load(&mut *conn).await.unwrap();
    assert_eq!(count, [Kept { custom_plans: 0, generic_plans: 5 }]);
    // Price orders run with the planner's defaults and are not kept.
    let mut by_price = base.clone();
    by_price.sort = Sort::PriceAsc;
    cars::search(&mut conn, None, &by_price).await.unwrap();
    assert!(kept(cars::page_sql(&by_price)).load::<Kept>(&mut *conn).await.unwrap().is_empty());

    // The steering lives in the search connections' sessions (no transaction per search,
    // and the price order's defaults ended with its own); the service's other connections
    // keep the defaults (the places' trigram index needs bitmap scans).
    #[derive(diesel::QueryableByName)]
    struct Setting {
        #[diesel(sql_type = diesel::sql_types::Text)]
        setting: String,
    }
    let settings = "SELECT string_agg(setting, ',' ORDER BY name) AS setting FROM pg_settings \
                    WHERE name IN ('enable_bitmapscan', 'enable_sort', 'jit', 'plan_cache_mode')";
    let steered: Setting = diesel::sql_query(settings).get_result(&mut *conn).await.unwrap();
    assert_eq!(steered.setting, "off,off,off,force_generic_plan");
    let mut plain = app.state.pool.get().await.unwrap();
    let default: Setting = diesel::sql_query(settings).get_result(&mut plain).await.unwrap();
    assert_eq!(default.setting, "on,on,on,auto");
}

#[tokio::test]
async fn nearest_first_search_walks_the_geo_index_in_distance_order_without_sorting() {
    use catalog_search::domain::filters::Sort;
    let app = spawn_app().await;
    let mut plain = app.state.pool.get().await.unwrap();
    catalog_search::store::generate::generate(&mut plain, 20_000, 60_000).await.unwrap();
    drop(plain);
    let mut conn = app.state.search_pool.get().await.unwrap();
    let request = fremont_search(0);
    let (q, _) =
        catalog_search::api::search::query(app.state.radius_miles, &request, Utc::now()).unwrap();
    let plan = catalog_search::store::cars::explain_search(&mut conn, &q).await.unwrap();
    let text = plan.join("\n");
    // The GiST index yields cars nearest first inside the radius box and the scan stops after
    // one page: no sort of the candidates, no read of the table.
    assert!(text.contains("Index Scan using cars_active_geo_idx"), "{text}");
    assert!(text.contains("Order By:"), "{text}");
    assert!(
        !plan.iter().any(|l| l
            .trim_start()
            .trim_start_matches("->")
            .trim_start()
            .starts_with("Sort")),
        "{text}"
    );
    assert!(!text.contains("Seq Scan on cars"), "{text}");
    // Recommended ranks the cars of the same distance walk.
    let mut rec = q.clone();
    rec.sort = Sort::Recommended;
    let plan =
        catalog_search::store::cars::explain_search(&mut conn, &rec).await.unwrap().join("\n");
    assert!(plan.contains("Index Scan using cars_active_geo_idx"), "{plan}");
    assert!(!plan.contains("Seq Scan on cars"), "{plan}");
    // No order reads the availability read model per car: a car's free days are in its row.
    for sort in [Sort::Distance, Sort::Recommended, Sort::PriceAsc, Sort::PriceDesc] {
        let mut sorted_q = q.clone();
        sorted_q.sort = sort;
        let plan = catalog_search::store::cars::explain_search(&mut conn, &sorted_q).await.unwrap();
        let text = plan.join("\n");
        assert!(!text.contains("car_unavailability"), "{sort:?}: {text}");
    }
    // The price orders sort the radius' free candidates as narrow rows, then read the card
    // columns only until the page is full (not once per candidate).
    for sort in [Sort::PriceAsc, Sort::PriceDesc] {
        let mut by_price = q.clone();
        by_price.sort = sort;
        let plan = catalog_search::store::cars::explain_analyze_search(&mut conn, &by_price)
            .await
            .unwrap();
        let (mut card_reads, mut sorted) = (0.0, 0.0);
        fn walk(n: &serde_json::Value, f: &mut dyn FnMut(&serde_json::Value)) {
            f(n);
            for c in n["Plans"].as_array().into_iter().flatten() {
                walk(c, f);
            }
        }
        walk(&plan[0]["Plan"], &mut |n| {
            let loops = n["Actual Loops"].as_f64().unwrap_or(0.0);
            if n["Node Type"] == "Index Scan" && n["Index Name"] == "cars_pkey" {
                card_reads += loops;
            }
            if n["Node Type"] == "Sort" {
                // What the sort read (it hands on only what the page pulls).
                sorted += n["Plans"][0]["Actual Rows"].as_f64().unwrap_or(0.0);
            }
        });
        assert!(sorted > 300.0, "{sort:?}: candidates sorted: {sorted}");
        assert!((1.0..=100.0).contains(&card_reads), "{sort:?}: {card_reads} card reads: {plan}");
    }
    // And the search still answers nearest first over the large fleet.
    let reply = app.client.clone().search_cars(request).await.unwrap().into_inner();
    assert_eq!(reply.cars.len(), 20);
    assert!(reply.cars.windows(2).all(|w| w[0].distance_miles <= w[1].distance_miles));
    assert!(reply.count > 100);
}

#[tokio::test]
async fn a_search_page_is_read_back_by_its_request_id() {
    let app = spawn_app().await;
    let reply = app
        .client
        .clone()
        .search_cars(pb::SearchRequest {
            from_time: "10:00 AM".into(),
            until_time: "10:00 AM".into(),
            age: Some(30),
            ..fremont_search(5)
        })
        .await
        .unwrap()
        .into_inner();
    assert_eq!(reply.cars.len(), 5);
    let page = |request_id: &str, with_cars: bool| {
        let mut client = app.client.clone();
        let request_id = request_id.to_owned();
        async move { client.get_search_page(pb::SearchPageRequest { request_id, with_cars }).await }
    };
    // The window and age come from the id itself.
    let window = page(&reply.request_id, false).await.unwrap().into_inner();
    assert_eq!(
        (window.start_time.as_str(), window.end_time.as_str()),
        (reply.start_time.as_str(), reply.end_time.as_str())
    );
    assert_eq!(window.age, 30);
    assert!(window.car_ids.is_empty());
    // The cars, in the page's order, asked for at once: the replica that ran the search
    // answers from memory.
    let want: Vec<String> = reply.cars.iter().map(|c| c.id.clone()).collect();
    assert_eq!(page(&reply.request_id, true).await.unwrap().into_inner().car_ids, want);
    // Other replicas read the page from Redis, where the writer puts it after its linger.
    let (redis, prefix) = (&app.state.redis, &app.state.cache.key_prefix);
    let mut stored = None;
    for _ in 0..100 {
        stored = catalog_search::pages::stored(redis, prefix, &reply.request_id).await;
        if stored.is_some() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    assert_eq!(stored, Some(want.clone()));
    // With the Redis copy gone, this replica still answers from memory.
    let key = catalog_search::pages::page_key(prefix, &reply.request_id);
    let mut conn = redis.get().await.unwrap();
    let removed: i64 =
        deadpool_redis::redis::cmd("DEL").arg(&key).query_async(&mut *conn).await.unwrap();
    assert_eq!(removed, 1);
    assert_eq!(page(&reply.request_id, true).await.unwrap().into_inner().car_ids, want);
    // A damaged id, a plain uuid, or an id whose page was never kept: a clear 400.
    let damaged = reply.request_id.replacen('.', ":", 1);
    let never_kept = catalog_search::domain::search_page::SearchPageId::new(
        Utc::now() + Duration::days(3),
        Utc::now() + Duration::days(4),
        25,
        app.clock.now(),
    )
    .encode();
    for (bad, with_cars) in [(damaged.as_str(), false), (&id(), false), (&never_kept, true)] {
        let e = page(bad, with_cars).await.unwrap_err();
        assert_eq!(e.code(), tonic::Code::InvalidArgument, "{bad}");
        assert_eq!(e.message(), "This search has expired; search again to see prices.");
    }
    // The window of an id never kept is still its own (prices by ids need no stored page).
    assert_eq!(page(&never_kept, false).await.unwrap().into_inner().age, 25);
}

#[tokio::test]
async fn a_reporter_reports_a_listing_once_a_day_and_again_the_next_day() {
    use diesel_async::RunQueryDsl;
    let app = spawn_app().await;
    let reporter = |user| upcar_identity::Identity {
        user_id: user,
        role: upcar_identity::Role::User,
        token_id: id(),
        expires_at: i64::MAX,
        session: upcar_identity::Session { id: "s".into(), auth_time: 0 },
    };
    let (first, second) = (reporter(uuid::Uuid::now_v7()), reporter(uuid::Uuid::now_v7()));
    let report = |who: &upcar_identity::Identity| {
        let req = pb::ReportListingRequest {
            car_id: car(3),
            report_type: "Inaccurate listing".into(),
            reason: "The photos show another car.".into(),
        };
        let mut client = app.client.clone();
        let req = upcar_identity::outgoing(req, Some(who));
        async move { client.report_listing(req).await }
    };
    // Just before midnight UTC, so the next report is on another day an hour later.
    let evening = (Utc::now().date_naive() + Duration::days(1)).and_hms_opt(23, 0, 0).unwrap();
    app.clock.set(evening.and_utc());
    assert_eq!(
        report(&first).await.unwrap().into_inner().message,
        "Report submitted successfully!"
    );
    let again = report(&first).await.unwrap_err();
    assert_eq!(again.code(), tonic::Code::AlreadyExists);
    assert_eq!(again.message(), "You have already reported this listing today.");
    report(&second).await.expect("another reporter, the same day");
    app.clock.advance(Duration::hours(1));
    report(&first).await.expect("the next day");
    let mut conn = app.state.pool.get().await.unwrap();
    #[derive(diesel::QueryableByName)]
    struct Days {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        n: i64,
    }
    let days: Days = diesel::sql_query(format!(
        "SELECT count(DISTINCT report_day) AS n FROM listing_reports WHERE reporter_id = '{}'",
        first.user_id
    ))
    .get_result(&mut *conn)
    .await
    .unwrap();
    assert_eq!(days.n, 2, "one report on each day, dated by the service's clock");
}

#[tokio::test]
async fn a_start_inside_the_cars_advance_notice_is_not_available() {
    use chrono::TimeZone;
    let app = spawn_app().await;
    // Demo car 5 asks for 6 hours of notice.
    let tz = chrono_tz::America::Los_Angeles;
    let day = Utc::now().with_timezone(&tz).date_naive() + Duration::days(2);
    let start = tz.from_local_datetime(&day.and_hms_opt(10, 0, 0).unwrap()).unwrap();
    let ask = || {
        let mut client = app.client.clone();
        let req = pb::AvailabilityRequest {
            car_id: car(5),
            from_date: day.to_string(),
            from_time: "10:00 AM".into(),
            until_date: (day + Duration::days(1)).to_string(),
            until_time: "10:00 AM".into(),
            is_delivery: false,
        };
        async move { client.is_car_available(req).await.unwrap().into_inner() }
    };
    app.clock.set(start.with_timezone(&Utc) - Duration::hours(5));
    let late = ask().await;
    assert!(!late.available);
    assert_eq!(late.message, "This car needs 6 hours of advance notice.");
    app.clock.set(start.with_timezone(&Utc) - Duration::hours(7));
    let early = ask().await;
    assert!(early.available, "{}", early.message);
}

#[tokio::test]
async fn a_cars_trip_length_limits_and_weekend_minimum_decide_where_it_is_offered() {
    use chrono::Datelike;
    let app = spawn_app().await;
    let (short, weekend) = (car(7), car(8));
    catalog_sql(
        &app,
        &format!(
            "UPDATE cars SET min_trip_days = 3, max_trip_days = 5 WHERE id = '{short}'; \
             UPDATE cars SET two_day_weekend = true WHERE id = '{weekend}'"
        ),
    )
    .await;
    let day = |d: i64| (Utc::now().date_naive() + Duration::days(d)).to_string();
    let ask = |from: i64, until: i64| {
        let mut client = app.client.clone();
        let req = pb::AvailabilityRequest {
            car_id: short.clone(),
            from_date: day(from),
            from_time: "10:00 AM".into(),
            until_date: day(until),
            until_time: "10:00 AM".into(),
            is_delivery: false,
        };
        async move { client.is_car_available(req).await.unwrap().into_inner() }
    };
    let two = ask(20, 22).await;
    assert_eq!(
        (two.available, two.message.as_str()),
        (false, "The minimum trip for this car is 3 days.")
    );
    let six = ask(20, 26).await;
    assert_eq!(
        (six.available, six.message.as_str()),
        (false, "The maximum trip for this car is 5 days.")
    );
    assert!(ask(20, 24).await.available);

    let found = |from: i64, until: i64, id: String| {
        let mut client = app.client.clone();
        let req = pb::SearchRequest {
            from_date: day(from),
            until_date: day(until),
            ..fremont_search(50)
        };
        async move {
            let cars = client.search_cars(req).await.unwrap().into_inner().cars;
            cars.iter().any(|c| c.id == id)
        }
    };
    assert!(!found(10, 12, short.clone()).await, "two days is under the minimum");
    assert!(found(10, 13, short.clone()).await);
    assert!(!found(10, 16, short.clone()).await, "six days is over the maximum");
    // A Friday start needs two days when the host asks for two-day weekends.
    let friday = (7..14)
        .find(|d| (Utc::now().date_naive() + Duration::days(*d)).weekday() == chrono::Weekday::Fri)
        .unwrap();
    assert!(!found(friday, friday + 1, weekend.clone()).await, "one weekend day");
    assert!(found(friday, friday + 2, weekend.clone()).await);
    assert!(found(friday - 3, friday - 2, weekend.clone()).await, "one weekday is fine");
}

/// The `catalog.car_viewed` rows of the outbox for `car` whose viewer is `user` (empty:
/// anonymous).
async fn views_of(app: &TestApp, car: &str, user: &str) -> usize {
    use diesel_async::RunQueryDsl;
    #[derive(diesel::QueryableByName)]
    struct Row {
        #[diesel(sql_type = diesel::sql_types::Binary)]
        payload: Vec<u8>,
    }
    let rows: Vec<Row> =
        diesel::sql_query("SELECT payload FROM outbox WHERE event_type = 'catalog.car_viewed'")
            .load(&mut app.state.pool.get().await.unwrap())
            .await
            .unwrap();
    rows.iter()
        .filter_map(|r| upcar_proto::events::CarViewed::decode(r.payload.as_slice()).ok())
        .filter(|v| v.car_id == car && v.user_id == user)
        .count()
}

#[tokio::test]
async fn a_car_page_view_goes_to_the_outbox_and_other_services_reads_do_not() {
    let app = spawn_app().await;
    let car_id = car(3);
    let viewer = uuid::Uuid::now_v7();
    let mut page =
        tonic::Request::new(pb::CarIdRequest { car_id: car_id.clone(), page_view: true });
    upcar_identity::Identity {
        user_id: viewer,
        role: upcar_identity::Role::User,
        token_id: "t".into(),
        expires_at: i64::MAX,
        session: upcar_identity::Session { id: "s".into(), auth_time: 0 },
    }
    .inject(page.metadata_mut());
    let owner =
        app.client.clone().get_car(page).await.unwrap().into_inner().summary.unwrap().owner_id;
    app.client
        .clone()
        .get_car(pb::CarIdRequest { car_id: car_id.clone(), page_view: true })
        .await
        .unwrap();
    // Another service's read (trips, messaging) is not a view.
    app.client
        .clone()
        .get_car(pb::CarIdRequest { car_id: car_id.clone(), page_view: false })
        .await
        .unwrap();
    let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(10);
    while views_of(&app, &car_id, &viewer.to_string()).await + views_of(&app, &car_id, "").await < 2
        && tokio::time::Instant::now() < deadline
    {
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert_eq!(views_of(&app, &car_id, &viewer.to_string()).await, 1, "the signed-in view");
    assert_eq!(
        views_of(&app, &car_id, "").await,
        1,
        "the anonymous view, and not the service's read"
    );
    assert!(!owner.is_empty());
}
