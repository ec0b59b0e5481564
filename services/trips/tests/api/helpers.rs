//! A fresh trips service per test: its own database, on a free port, with the real pricing
//! service (its own database, rates fed through RabbitMQ as catalog publishes them), and small
//! stand-ins for accounts and catalog that answer what the test sets (who is verified, each
//! car's own rules). One clock is shared by trips, pricing and the catalog stand-in, so a test
//! moves time instead of rewriting rows.

use chrono::{DateTime, Duration, TimeZone, Utc};
use chrono_tz::Tz;
use std::collections::HashMap;
use std::future::Future;
use std::marker::PhantomData;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use tonic::codegen::http;
use tonic::transport::Channel;
use tonic::{Code, Request, Status};
use trips::state::AppState;
use upcar_clock::Clock;
use upcar_identity::{Identity, Role};
use upcar_proto::accounts as apb;
use upcar_proto::catalog as cpb;
use upcar_proto::events::{CarPricingChanged, TeamChanged};
use upcar_proto::pricing as ppb;
use upcar_proto::pricing::pricing_client::PricingClient;
use upcar_proto::trips as pb;
use upcar_proto::trips::trips_client::TripsClient;
use uuid::Uuid;

/// The time zone of every test car.
pub const TZ: Tz = chrono_tz::America::Los_Angeles;

// --- a gRPC stand-in: a few unary methods answered by closures ---

type Body = tonic::body::Body;
type Handler = Arc<
    dyn Fn(http::Request<Body>) -> Pin<Box<dyn Future<Output = http::Response<Body>> + Send>>
        + Send
        + Sync,
>;

/// The service name a stand-in answers to.
pub trait Named: Send + Sync + 'static {
    const NAME: &'static str;
}

/// Accounts' service name.
pub struct AccountsService;
impl Named for AccountsService {
    const NAME: &'static str = "upcar.accounts.v1.Accounts";
}

/// Catalog's service name.
pub struct CatalogService;
impl Named for CatalogService {
    const NAME: &'static str = "upcar.catalog.v1.Catalog";
}

/// A stand-in gRPC service: methods by path; any other answers `Unimplemented`.
pub struct Fake<N> {
    routes: Arc<HashMap<String, Handler>>,
    _name: PhantomData<N>,
}

impl<N> Clone for Fake<N> {
    fn clone(&self) -> Self {
        Self { routes: self.routes.clone(), _name: PhantomData }
    }
}

struct Unary<F, Req, Res>(Arc<F>, PhantomData<fn(Req) -> Res>);

impl<F, Req, Res> tonic::server::UnaryService<Req> for Unary<F, Req, Res>
where
    F: Fn(Req) -> Result<Res, Status> + Send + Sync + 'static,
    Req: Send + 'static,
    Res: Send + 'static,
{
    type Response = Res;
    type Future = std::future::Ready<Result<tonic::Response<Res>, Status>>;
    fn call(&mut self, r: tonic::Request<Req>) -> Self::Future {
        std::future::ready((self.0)(r.into_inner()).map(tonic::Response::new))
    }
}

impl<N: Named> Fake<N> {
    fn new() -> Self {
        Self { routes: Arc::new(HashMap::new()), _name: PhantomData }
    }

    /// Answers `method` with `f`.
    fn unary<Req, Res, F>(mut self, method: &str, f: F) -> Self
    where
        Req: prost::Message + Default + Send + 'static,
        Res: prost::Message + Send + 'static,
        F: Fn(Req) -> Result<Res, Status> + Send + Sync + 'static,
    {
        let f = Arc::new(f);
        let handler: Handler = Arc::new(move |req| {
            let f = f.clone();
            Box::pin(async move {
                let codec = tonic_prost::ProstCodec::<Res, Req>::default();
                tonic::server::Grpc::new(codec).unary(Unary(f, PhantomData), req).await
            })
        });
        Arc::make_mut(&mut self.routes).insert(format!("/{}/{method}", N::NAME), handler);
        self
    }
}

impl<N: Named> tonic::server::NamedService for Fake<N> {
    const NAME: &'static str = N::NAME;
}

impl<N: Named> tonic::codegen::Service<http::Request<Body>> for Fake<N> {
    type Response = http::Response<Body>;
    type Error = std::convert::Infallible;
    type Future = Pin<Box<dyn Future<Output = Result<Self::Response, Self::Error>> + Send>>;

    fn poll_ready(&mut self, _: &mut Context<'_>) -> Poll<Result<(), Self::Error>> {
        Poll::Ready(Ok(()))
    }

    fn call(&mut self, req: http::Request<Body>) -> Self::Future {
        let handler = self.routes.get(req.uri().path()).cloned();
        Box::pin(async move {
            Ok(match handler {
                Some(h) => h(req).await,
                None => Status::unimplemented("not in the stand-in").into_http(),
            })
        })
    }
}

async fn serve<N: Named>(fake: Fake<N>) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let incoming = tonic::transport::server::TcpIncoming::from(listener);
    tokio::spawn(
        tonic::transport::Server::builder().add_service(fake).serve_with_incoming(incoming),
    );
    format!("http://127.0.0.1:{port}")
}

// --- what the stand-ins know ---

/// A car as catalog keeps its own rules.
#[derive(Debug, Clone)]
pub struct CarRules {
    pub advance_notice_hours: i32,
    pub instant_booking: bool,
    /// Periods the host blocked (catalog refuses a window overlapping one).
    pub blocks: Vec<(DateTime<Utc>, DateTime<Utc>)>,
    /// The youngest driver it takes (catalog's, by its class).
    pub min_driver_age: i32,
}

#[derive(Default)]
struct World {
    users: HashMap<Uuid, apb::User>,
    cars: HashMap<Uuid, CarRules>,
}

fn local_instant(date: &str, time: &str) -> Option<DateTime<Utc>> {
    let d = chrono::NaiveDate::parse_from_str(date.trim(), "%Y-%m-%d").ok()?;
    let t = chrono::NaiveTime::parse_from_str(&time.trim().to_uppercase(), "%I:%M %p").ok()?;
    TZ.from_local_datetime(&d.and_time(t)).earliest().map(|t| t.with_timezone(&Utc))
}

/// Catalog's answer for a window, by the car's rules (the messages are catalog's).
fn availability(
    world: &World,
    clock: &Clock,
    r: cpb::AvailabilityRequest,
) -> Result<cpb::AvailabilityReply, Status> {
    let id: Uuid = r.car_id.parse().map_err(|_| Status::not_found("Car not found"))?;
    let car = world.cars.get(&id).ok_or_else(|| Status::not_found("Car not found"))?;
    let (Some(start), Some(end)) =
        (local_instant(&r.from_date, &r.from_time), local_instant(&r.until_date, &r.until_time))
    else {
        return Err(Status::invalid_argument("bad window"));
    };
    let reply = |available: bool, message: String| {
        Ok(cpb::AvailabilityReply {
            available,
            message,
            instant_booking: car.instant_booking,
            min_driver_age: car.min_driver_age,
        })
    };
    if start < clock.now() + Duration::hours(i64::from(car.advance_notice_hours)) {
        return reply(
            false,
            format!("This car needs {} hours of advance notice.", car.advance_notice_hours),
        );
    }
    if car.blocks.iter().any(|(s, e)| *s < end && start < *e) {
        return reply(false, "Car is not available for these dates.".to_owned());
    }
    reply(true, "Car is available for these dates.".to_owned())
}

// --- the service under test ---

pub struct TestApp {
    pub trips: TripsClient<Channel>,
    pub pricing: PricingClient<Channel>,
    /// The time of trips, pricing and the catalog stand-in.
    pub clock: Clock,
    /// Trips' state (its database, for what a test checks beyond the answers).
    pub state: Arc<AppState>,
    pub exchange: String,
    pub amqp_url: String,
    world: Arc<Mutex<World>>,
}

/// Trips, pricing and the stand-ins, fresh.
pub async fn spawn_app() -> TestApp {
    let clock = Clock::system();
    let exchange = upcar_testkit::unique("test-trips");
    let amqp_url = upcar_testkit::amqp_url();
    let world = Arc::new(Mutex::new(World::default()));

    let pricing_db = upcar_testkit::TestDatabase::create("trips_pricing").await.unwrap();
    let mut ps = pricing::Settings::load().unwrap();
    ps.database.url = pricing_db.url.clone().into();
    ps.grpc.port = 0;
    ps.redis.url = upcar_testkit::redis_url();
    ps.quotes.key_prefix = upcar_testkit::unique("test-trips-pricing");
    ps.amqp.exchange = exchange.clone();
    let pricing_app = pricing::Application::build_with_clock(ps, clock.clone()).await.unwrap();
    let pricing_url = format!("http://127.0.0.1:{}", pricing_app.port());
    tokio::spawn(pricing_app.run_until(std::future::pending()));

    let accounts_url = {
        let w = world.clone();
        let w2 = world.clone();
        serve(
            Fake::<AccountsService>::new()
                .unary("GetUser", move |r: apb::IdRequest| {
                    let id: Uuid = r.id.parse().map_err(|_| Status::not_found("User not found"))?;
                    let user = w.lock().unwrap().users.get(&id).cloned();
                    let user = user.ok_or_else(|| Status::not_found("User not found"))?;
                    Ok(apb::UserReply { user: Some(user) })
                })
                .unary("GetDriverFacts", move |r: apb::DriverFactsRequest| {
                    let w = w2.lock().unwrap();
                    let drivers = r
                        .user_ids
                        .iter()
                        .filter_map(|id| w.users.get(&id.parse().ok()?))
                        .map(|u| apb::DriverFacts {
                            user_id: u.user_id.clone(),
                            dob: u.dob.clone(),
                            license_expiration_date: u.license_expiration_date.clone(),
                        })
                        .collect();
                    Ok(apb::DriverFactsReply { drivers })
                }),
        )
        .await
    };
    let catalog_url = {
        let (w, c) = (world.clone(), clock.clone());
        let w2 = world.clone();
        serve(
            Fake::<CatalogService>::new()
                .unary("IsCarAvailable", move |r: cpb::AvailabilityRequest| {
                    availability(&w.lock().unwrap(), &c, r)
                })
                .unary("GetCar", move |r: cpb::CarIdRequest| {
                    let id: Uuid = r.car_id.parse().map_err(|_| Status::not_found("Car"))?;
                    let car = w2.lock().unwrap().cars.get(&id).cloned();
                    let car = car.ok_or_else(|| Status::not_found("Car not found"))?;
                    Ok(cpb::CarDetails {
                        advance_notice_hours: car.advance_notice_hours,
                        min_trip_days: 1,
                        max_trip_days: 1000,
                        status: "active".into(),
                        time_zone: TZ.name().into(),
                        ..Default::default()
                    })
                }),
        )
        .await
    };

    let db = upcar_testkit::TestDatabase::create("trips").await.unwrap();
    let mut settings = trips::Settings::load().unwrap();
    settings.database.url = db.url.clone().into();
    settings.grpc.port = 0;
    settings.amqp.exchange = exchange.clone();
    settings.services.accounts = accounts_url;
    settings.services.catalog = catalog_url;
    settings.services.pricing = pricing_url.clone();
    settings.payments.provider = "local".into();
    // The money jobs run when a test runs them.
    settings.jobs.interval_seconds = 0;
    // The tests count the trips they make.
    settings.demo.delivery_trips = false;
    let app = trips::Application::build_with_clock(settings, clock.clone()).await.unwrap();
    let port = app.port();
    let state = app.state();
    tokio::spawn(app.run_until(std::future::pending()));
    let trips = TripsClient::connect(format!("http://127.0.0.1:{port}")).await.unwrap();
    let pricing = PricingClient::connect(pricing_url).await.unwrap();
    TestApp { trips, pricing, clock, state, exchange, amqp_url, world }
}

/// A request carrying `user`'s identity, as the gateway sends it.
pub fn as_user<T>(body: T, user: Uuid) -> Request<T> {
    as_role(body, user, Role::User)
}

/// A request carrying an identity of `role`.
pub fn as_role<T>(body: T, user: Uuid, role: Role) -> Request<T> {
    let mut r = Request::new(body);
    Identity {
        user_id: user,
        role,
        token_id: "t".into(),
        expires_at: i64::MAX,
        session: upcar_identity::Session { id: "s".into(), auth_time: 0 },
    }
    .inject(r.metadata_mut());
    r
}

/// The stable code of a refusal.
pub fn code_of(s: &Status) -> (Code, String) {
    let code = s
        .metadata()
        .get(upcar_errors::ERROR_CODE_METADATA)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
        .to_owned();
    (s.code(), code)
}

/// A local date `days` from the clock's today, `YYYY-MM-DD`.
pub fn day(app: &TestApp, days: i64) -> String {
    (app.clock.now().with_timezone(&TZ).date_naive() + Duration::days(days)).to_string()
}

/// The instant of a local date and time.
pub fn at(date: &str, time: &str) -> DateTime<Utc> {
    local_instant(date, time).unwrap()
}

pub const DAILY_CENTS: i64 = 10_000;

impl TestApp {
    /// A person accounts knows: verified for booking (email, date of birth, licence and
    /// selfie) unless `verified` is false; born in `born`.
    pub fn person(&self, email: &str, born: &str, verified: bool) -> Uuid {
        let id = Uuid::now_v7();
        let user = apb::User {
            user_id: id.to_string(),
            first_name: "Ada".into(),
            email: email.to_owned(),
            email_verify: verified,
            dob: born.to_owned(),
            pre_book_verif_needed_fields: Some(apb::PreBookVerifNeededFields {
                dob: !verified,
                email_verified: verified,
                dl_upload_needed: !verified,
            }),
            license_expiration_date: if verified { "2099-12-31".into() } else { String::new() },
            ..Default::default()
        };
        self.world.lock().unwrap().users.insert(id, user);
        id
    }

    /// A verified guest with a card on file.
    pub async fn guest(&self) -> Uuid {
        let id = self.person(&format!("guest-{}@example.com", Uuid::now_v7()), "1990-01-01", true);
        self.add_card(id).await.unwrap();
        id
    }

    /// Puts a Visa test card on file for `user`.
    pub async fn add_card(&self, user: Uuid) -> Result<pb::PaymentMethodReply, Status> {
        self.add_test_card(user, "pm_card_visa").await
    }

    /// Puts one of the provider's test cards (`pm_card_...`) on file for `user`.
    pub async fn add_test_card(
        &self,
        user: Uuid,
        card: &str,
    ) -> Result<pb::PaymentMethodReply, Status> {
        let r = pb::AddPaymentMethodRequest {
            payment_method_id: card.into(),
            billing_details: Some(pb::BillingDetails {
                street: "1 Main St".into(),
                city: "Fremont".into(),
                state: "CA".into(),
                zip: "94536".into(),
                country: "US".into(),
                ..Default::default()
            }),
        };
        self.trips.clone().add_payment_method(as_user(r, user)).await.map(|r| r.into_inner())
    }

    /// A car of a new host, priced by pricing ($100 a day), needing `notice_hours` of advance
    /// notice and booking at once or on request; answers the car and its host.
    pub async fn car(&self, notice_hours: i32, instant_booking: bool) -> (Uuid, Uuid) {
        let (car, owner) = (Uuid::now_v7(), Uuid::now_v7());
        self.person(&format!("host-{owner}@example.com"), "1980-01-01", true);
        self.world.lock().unwrap().cars.insert(
            car,
            CarRules {
                advance_notice_hours: notice_hours,
                instant_booking,
                blocks: Vec::new(),
                min_driver_age: 21,
            },
        );
        self.list_car(car, owner).await;
        (car, owner)
    }

    /// Catalog's minimum driver age of the car (its class's).
    pub fn set_min_driver_age(&self, car: Uuid, age: i32) {
        self.world.lock().unwrap().cars.get_mut(&car).unwrap().min_driver_age = age;
    }

    /// The user's licence expiry as accounts keeps it (YYYY-MM-DD).
    pub fn set_license_expiry(&self, user: Uuid, date: &str) {
        self.world.lock().unwrap().users.get_mut(&user).unwrap().license_expiration_date =
            date.to_owned();
    }

    /// The host blocks the car for a period (catalog refuses it).
    pub fn block(&self, car: Uuid, from: DateTime<Utc>, until: DateTime<Utc>) {
        let mut w = self.world.lock().unwrap();
        w.cars.get_mut(&car).unwrap().blocks.push((from, until));
    }

    /// Publishes the car's rates as catalog does, until pricing prices it.
    async fn list_car(&self, car: Uuid, owner: Uuid) {
        let event = CarPricingChanged {
            car_id: car.to_string(),
            owner_id: owner.to_string(),
            version: 1,
            status: "active".into(),
            daily_price_cents: DAILY_CENTS,
            price_per_hour_cents: 1_500,
            miles_per_day: 200,
            price_per_mile_cents: 45,
            min_age: 21,
            state: "CA".into(),
            time_zone: TZ.name().into(),
            latitude: 37.5485,
            longitude: -121.9886,
            occurred_at: Utc::now().to_rfc3339(),
            ..Default::default()
        };
        let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(30);
        loop {
            self.publish(&event).await;
            for _ in 0..10 {
                tokio::time::sleep(std::time::Duration::from_millis(100)).await;
                let probe = ppb::TripPriceRequest {
                    car_id: car.to_string(),
                    start_date: day(self, 5),
                    start_time: "10:00 AM".into(),
                    end_date: day(self, 7),
                    end_time: "10:00 AM".into(),
                    age: Some(40),
                };
                if self.pricing.clone().get_trip_price(probe).await.is_ok() {
                    return;
                }
            }
            assert!(tokio::time::Instant::now() < deadline, "the rates never reached pricing");
        }
    }

    /// Publishes an event to this test's exchange, as its producer would.
    pub async fn publish<E: upcar_events::IntegrationEvent>(&self, event: &E) {
        upcar_testkit::publish(&self.amqp_url, &self.exchange, event, &Uuid::now_v7().to_string())
            .await
            .unwrap();
    }

    /// Makes `cohost` a co-host of `car` in a team of `host`, as hosting publishes it.
    pub async fn cohost(&self, host: Uuid, car: Uuid, cohost: Uuid) {
        self.cohost_with_share(host, car, cohost, 0).await;
    }

    /// As [`TestApp::cohost`], the co-host earning `share_bp` basis points of the car.
    pub async fn cohost_with_share(&self, host: Uuid, car: Uuid, cohost: Uuid, share_bp: i32) {
        self.publish(&TeamChanged {
            team_id: Uuid::now_v7().to_string(),
            host_id: host.to_string(),
            status: upcar_proto::hosting::TeamStatus::Active as i32,
            car_ids: vec![car.to_string()],
            cohost_ids: vec![cohost.to_string()],
            booking_management: true,
            pricing_availability: false,
            version: 1,
            occurred_at: Utc::now().to_rfc3339(),
            cohost_shares_bp: vec![share_bp],
        })
        .await;
    }

    /// The trip request for `car` from day `from` to day `until`, 10:00 AM both.
    pub fn trip_request(&self, car: Uuid, from: i64, until: i64) -> pb::CreateTripRequest {
        pb::CreateTripRequest {
            car_id: car.to_string(),
            start_date: day(self, from),
            start_time: "10:00 AM".into(),
            end_date: day(self, until),
            end_time: "10:00 AM".into(),
            age: Some(36),
            protection_plan_type: "Standard".into(),
            ..Default::default()
        }
    }

    /// The checkout price of a trip request, as the guest sees it.
    pub async fn quote(
        &self,
        guest: Uuid,
        r: &pb::CreateTripRequest,
    ) -> Result<ppb::PriceDetails, Status> {
        let msg = ppb::FinalTripPriceRequest {
            car_id: r.car_id.clone(),
            start_date: r.start_date.clone(),
            start_time: r.start_time.clone(),
            end_date: r.end_date.clone(),
            end_time: r.end_time.clone(),
            age: r.age,
            protection_plan_type: r.protection_plan_type.clone(),
            ..Default::default()
        };
        self.pricing.clone().get_final_trip_price(as_user(msg, guest)).await.map(|r| r.into_inner())
    }

    /// Books `r` as `guest` at the price they were quoted.
    pub async fn book(
        &self,
        guest: Uuid,
        mut r: pb::CreateTripRequest,
    ) -> Result<pb::Trip, Status> {
        let q = self.quote(guest, &r).await?;
        r.quote_id = q.quote_id;
        r.final_price_cents = Some(q.final_price_cents);
        self.create(guest, r).await
    }

    /// `createTrip` as sent.
    pub async fn create(&self, guest: Uuid, r: pb::CreateTripRequest) -> Result<pb::Trip, Status> {
        let reply = self.trips.clone().create_trip(as_user(r, guest)).await?.into_inner();
        Ok(reply.trip.unwrap())
    }

    /// A trip as `who` reads it.
    pub async fn trip(&self, who: Uuid, id: &str) -> Result<pb::Trip, Status> {
        let r = pb::TripIdRequest { trip_id: id.to_owned() };
        Ok(self.trips.clone().get_trip(as_user(r, who)).await?.into_inner().trip.unwrap())
    }

    /// A trip as someone of `role` reads it.
    pub async fn trip_with_role(
        &self,
        who: Uuid,
        id: &str,
        role: Role,
    ) -> Result<pb::Trip, Status> {
        let r = pb::TripIdRequest { trip_id: id.to_owned() };
        Ok(self.trips.clone().get_trip(as_role(r, who, role)).await?.into_inner().trip.unwrap())
    }

    /// `cancelTrip` as `who`.
    pub async fn cancel(&self, who: Uuid, id: &str) -> Result<pb::TripReply, Status> {
        let r = pb::CancelTripRequest {
            trip_id: id.to_owned(),
            cancel_reason: "Plans changed".into(),
            ..Default::default()
        };
        self.trips.clone().cancel_trip(as_user(r, who)).await.map(|r| r.into_inner())
    }

    /// Check-in or checkout as `who`, with one exterior photo.
    pub async fn handover(&self, who: Uuid, id: &str, check_in: bool) -> Result<pb::Trip, Status> {
        let r = pb::TripEventRequest {
            trip_id: id.to_owned(),
            photos: vec![pb::Photo {
                url: format!("/files/{}.jpg", Uuid::now_v7()),
                sha256: "a".repeat(64),
            }],
            ..Default::default()
        };
        let reply = if check_in {
            self.trips.clone().check_in(as_user(r, who)).await?
        } else {
            self.trips.clone().checkout(as_user(r, who)).await?
        };
        Ok(reply.into_inner().trip.unwrap())
    }

    /// One number from trips' database (`sql` selects a bigint named `n`).
    pub async fn count(&self, sql: &str) -> i64 {
        use diesel::QueryableByName;
        use diesel_async::RunQueryDsl;
        #[derive(QueryableByName)]
        struct N {
            #[diesel(sql_type = diesel::sql_types::BigInt)]
            n: i64,
        }
        let mut conn = self.state.pool.get().await.unwrap();
        diesel::sql_query(sql).get_result::<N>(&mut conn).await.unwrap().n
    }

    /// Waits until `check` holds (a read model fed by events), for up to 20 s.
    pub async fn eventually<F, Fut>(&self, what: &str, check: F)
    where
        F: Fn() -> Fut,
        Fut: Future<Output = bool>,
    {
        let deadline = tokio::time::Instant::now() + std::time::Duration::from_secs(20);
        while !check().await {
            assert!(tokio::time::Instant::now() < deadline, "never: {what}");
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
    }
}
