//! Service tests of hosting against the real Postgres and RabbitMQ: a draft per host however
//! many first steps race, a VIN on one listing however many save it at once, nothing saved
//! from a refused section, and an approval published once, in full, through the outbox.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use hosting_teams::state::AppState;
use std::sync::Arc;
use tonic::transport::Channel;
use tonic::{Code, Request};
use upcar_identity::{Identity, Role};
use upcar_proto::hosting as pb;
use upcar_proto::hosting::hosting_client::HostingClient;
use upcar_proto::hosting::save_listing_section_request::Section;
use uuid::Uuid;

struct TestApp {
    client: HostingClient<Channel>,
    state: Arc<AppState>,
}

async fn spawn_app() -> TestApp {
    let db = upcar_testkit::TestDatabase::create("hosting").await.unwrap();
    let mut settings = hosting_teams::Settings::load().unwrap();
    settings.database.url = db.url.clone().into();
    settings.grpc.port = 0;
    settings.demo.load = false;
    settings.amqp.exchange = upcar_testkit::unique("test-hosting");
    settings.vin.offline_db = std::env::var("VPIC_DB").expect(
        "VPIC_DB names NHTSA's vPIC data (scripts/vpic-data.sh fetches it; make test sets it)",
    );
    let app = hosting_teams::Application::build(settings).await.unwrap();
    let (port, state) = (app.port(), app.state());
    tokio::spawn(app.run_until(std::future::pending()));
    let client = HostingClient::connect(format!("http://127.0.0.1:{port}")).await.unwrap();
    TestApp { client, state }
}

fn who(role: Role) -> Identity {
    Identity {
        user_id: Uuid::now_v7(),
        role,
        token_id: "t".into(),
        expires_at: i64::MAX,
        session: upcar_identity::Session { id: "s".into(), auth_time: 0 },
    }
}

fn req<T>(msg: T, id: &Identity) -> Request<T> {
    upcar_identity::outgoing(msg, Some(id))
}

fn location() -> Section {
    Section::Location(pb::LocationSection {
        address: Some(pb::Address {
            street: "1 Main St".into(),
            city: "Fremont".into(),
            state: "CA".into(),
            zip: "94538".into(),
            country: "US".into(),
        }),
        latitude: Some(37.55),
        longitude: Some(-121.99),
    })
}

fn save(step: &str, section: Section) -> pb::SaveListingSectionRequest {
    pb::SaveListingSectionRequest {
        section_name: step.into(),
        car_id: String::new(),
        section: Some(section),
    }
}

fn vin_details(vin: &str) -> Section {
    Section::VinDetails(pb::VinDetailsSection {
        vin: vin.into(),
        make: "Honda".into(),
        model: "Accord".into(),
        style: "sedan".into(),
        car_year: "2020".into(),
        odometer: "0-50k miles".into(),
        transmission_type: "automatic".into(),
        trim: "EX".into(),
        terms_accepted: None,
    })
}

#[tokio::test]
async fn ten_first_steps_at_once_give_the_host_one_draft() {
    let app = spawn_app().await;
    let host = who(Role::User);
    let mut calls = Vec::new();
    for _ in 0..10 {
        let mut c = app.client.clone();
        let host = host.clone();
        calls.push(tokio::spawn(async move {
            c.save_listing_section(req(save("location", location()), &host)).await
        }));
    }
    let mut ids = std::collections::BTreeSet::new();
    for call in calls {
        ids.insert(call.await.unwrap().unwrap().into_inner().car_id);
    }
    assert_eq!(ids.len(), 1, "{ids:?}");
    let r = app
        .client
        .clone()
        .check_car_listing(req(pb::CheckCarListingRequest {}, &host))
        .await
        .unwrap()
        .into_inner();
    assert!(r.has_existing_listing);
    assert_eq!(r.next_step, "vinDetails");
}

#[tokio::test]
async fn one_vin_saved_by_two_hosts_at_once_is_registered_to_one() {
    let app = spawn_app().await;
    let vin = "1HGCM82633A004352";
    let (a, b) = (who(Role::User), who(Role::User));
    for h in [&a, &b] {
        app.client
            .clone()
            .save_listing_section(req(save("location", location()), h))
            .await
            .unwrap();
    }
    let (mut ca, mut cb) = (app.client.clone(), app.client.clone());
    let (ra, rb) = tokio::join!(
        ca.save_listing_section(req(save("vinDetails", vin_details(vin)), &a)),
        cb.save_listing_section(req(save("vinDetails", vin_details(vin)), &b)),
    );
    let codes: Vec<_> = [&ra, &rb].iter().map(|r| r.as_ref().err().map(|e| e.code())).collect();
    assert_eq!(codes.iter().filter(|c| c.is_none()).count(), 1, "{ra:?} {rb:?}");
    assert!(codes.contains(&Some(Code::AlreadyExists)), "{ra:?} {rb:?}");
}

#[tokio::test]
async fn a_refused_section_saves_nothing_and_a_captain_has_no_listings() {
    let app = spawn_app().await;
    let host = who(Role::User);
    app.client
        .clone()
        .save_listing_section(req(save("location", location()), &host))
        .await
        .unwrap();
    let bad = Section::DailyPrice(pb::DailyPriceSection { car_daily_price: "-5".into() });
    let e = app
        .client
        .clone()
        .save_listing_section(req(save("dailyPrice", bad), &host))
        .await
        .unwrap_err();
    assert_eq!(e.code(), Code::InvalidArgument);
    let r = app
        .client
        .clone()
        .check_car_listing(req(pb::CheckCarListingRequest {}, &host))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(r.next_step, "vinDetails");
    let mut conn = app.state.conn().await.unwrap();
    let id: Uuid = r.car_id.parse().unwrap();
    let l = hosting_teams::store::listings::find(&mut conn, id).await.unwrap().unwrap();
    assert_eq!(l.row.daily_price_cents, None);
    let e = app
        .client
        .clone()
        .check_car_listing(req(pb::CheckCarListingRequest {}, &who(Role::Captain)))
        .await
        .unwrap_err();
    assert_eq!(e.code(), Code::PermissionDenied);
}

#[tokio::test]
async fn an_approval_publishes_the_listing_once_in_full() {
    use diesel::prelude::*;
    use diesel_async::RunQueryDsl;
    use prost::Message;
    let app = spawn_app().await;
    let host = who(Role::User);
    let mut c = app.client.clone();
    let r = c
        .save_listing_section(req(save("location", location()), &host))
        .await
        .unwrap()
        .into_inner();
    let id = r.car_id.clone();
    // The rest of the wizard is written straight to the store (its rules are the gateway
    // tests'): this test is about the review.
    let mut conn = app.state.conn().await.unwrap();
    diesel::sql_query(format!(
        "UPDATE listings SET vin = '5YJ3E1EA7KF317000', make = 'Tesla', model = 'Model 3', style = 'sedan', \
         car_year = 2019, trim = 'Standard', odometer = '0-50k miles', transmission = 'automatic', \
         license_plate = 'ABC123', plate_state = 'CA', seats = 5, doors = 4, gas_type = 'ev', \
         special_feature = 'Electric', description = 'x', photo_urls = ARRAY['p'], primary_photo_url = 'p', \
         daily_price_cents = 9000, completed_steps = ARRAY['location','vinDetails','availability','features','description','dailyPrice','photos'] \
         WHERE id = '{id}'"
    ))
    .execute(&mut conn)
    .await
    .unwrap();
    diesel::sql_query(format!("INSERT INTO listing_rules VALUES ('{id}', 3, 1, 1000, false)"))
        .execute(&mut conn)
        .await
        .unwrap();
    c.save_listing_section(req(
        pb::SaveListingSectionRequest {
            section_name: "finalize".into(),
            car_id: String::new(),
            section: None,
        },
        &host,
    ))
    .await
    .unwrap();
    // Not an admin: refused, nothing published.
    let e = c
        .approve_listing(req(pb::ListingIdRequest { car_id: id.clone() }, &host))
        .await
        .unwrap_err();
    assert_eq!(e.code(), Code::PermissionDenied);
    let admin = who(Role::Admin);
    let l = c
        .approve_listing(req(pb::ListingIdRequest { car_id: id.clone() }, &admin))
        .await
        .unwrap()
        .into_inner();
    assert_eq!(l.listing.unwrap().status(), pb::ListingStatus::Active);
    let again = c
        .approve_listing(req(pb::ListingIdRequest { car_id: id.clone() }, &admin))
        .await
        .unwrap_err();
    assert_eq!(again.code(), Code::AlreadyExists);
    use hosting_teams::store::schema::outbox::dsl as o;
    let rows: Vec<(String, Vec<u8>)> =
        o::outbox.select((o::event_type, o::payload)).load(&mut conn).await.unwrap();
    assert_eq!(rows.len(), 1);
    assert_eq!(rows[0].0, "hosting.car_listing_changed");
    let e = upcar_proto::events::CarListingChanged::decode(rows[0].1.as_slice()).unwrap();
    assert_eq!(
        (e.car_id.as_str(), e.status(), e.version),
        (id.as_str(), pb::ListingStatus::Active, 1)
    );
    assert_eq!(
        (e.make.as_str(), e.daily_price_cents, e.time_zone.as_str()),
        ("Tesla", 9000, "America/Los_Angeles")
    );
    assert_eq!((e.min_trip_days, e.max_trip_days, e.advance_notice_hours), (1, 1000, 3));
    // The relay publishes it (publisher confirms) and marks it.
    for _ in 0..100 {
        let published: Option<chrono::DateTime<chrono::Utc>> =
            o::outbox.select(o::published_at).first(&mut conn).await.unwrap();
        if published.is_some() {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("the approval was never published");
}
