//! Spawns the real stack for black-box tests: a fresh accounts database, the accounts service
//! and the gateway on free ports, talking to the local Postgres, Redis and RabbitMQ.

use reqwest::{Client, Response};
use serde_json::{Value, json};
use std::sync::OnceLock;
use upcar_config::Environment;

pub struct Stack {
    pub base: String,
    pub accounts_port: u16,
    pub catalog_port: u16,
    /// The catalog database, for arranging the availability read model directly.
    pub catalog_db: String,
    pub pricing_port: u16,
    pub trips_port: u16,
    /// The trips database, for checking invariants with SQL.
    pub trips_db: String,
    pub messaging_port: u16,
    pub hosting_port: u16,
    pub hosting_db: String,
    pub captains_port: u16,
    /// The captains database, for checking tasks with SQL.
    pub captains_db: String,
    pub activity_port: u16,
    /// The activity database, for waiting on the consumer's writes.
    pub activity_db: String,
    /// The gateway's internal metrics address.
    pub metrics_base: String,
    /// Stops this gateway as a SIGTERM would (none for a stack this process did not start).
    pub stopper: Option<gateway::Stopper>,
}

impl Stack {
    /// A running product at `base` (its load balancer): only its HTTP API is reached; the
    /// services' ports and databases are not (a test that needs them cannot run this way).
    fn external(base: String) -> Stack {
        Stack {
            base: base.trim_end_matches('/').to_owned(),
            accounts_port: 0,
            catalog_port: 0,
            catalog_db: String::new(),
            pricing_port: 0,
            trips_port: 0,
            trips_db: String::new(),
            messaging_port: 0,
            hosting_port: 0,
            hosting_db: String::new(),
            captains_port: 0,
            captains_db: String::new(),
            activity_port: 0,
            activity_db: String::new(),
            metrics_base: String::new(),
            stopper: None,
        }
    }

    /// Stops this process's gateway as a SIGTERM would.
    pub fn stopper(&self) -> &gateway::Stopper {
        self.stopper.as_ref().expect("a gateway started by this test binary")
    }
}

static STACK: OnceLock<Stack> = OnceLock::new();
/// The database of each accounts service started here, by its port.
static ACCOUNTS_DBS: std::sync::Mutex<Vec<(u16, String)>> = std::sync::Mutex::new(Vec::new());

/// The database of the accounts service on `port` (arranging what only a person could do).
#[allow(dead_code)]
pub fn accounts_db(port: u16) -> String {
    ACCOUNTS_DBS
        .lock()
        .expect("accounts dbs")
        .iter()
        .find(|(p, _)| *p == port)
        .map(|(_, url)| url.clone())
        .expect("an accounts service started by this test binary")
}
static EXCHANGE: OnceLock<String> = OnceLock::new();

static REALTIME_PREFIX: OnceLock<String> = OnceLock::new();

/// The real-time channels' prefix of this test run's messaging and gateways.
pub fn realtime_prefix() -> &'static str {
    REALTIME_PREFIX.get_or_init(|| upcar_testkit::unique("test-rt"))
}

/// The exchange of this test run's services.
pub fn test_exchange() -> &'static str {
    EXCHANGE.get_or_init(|| upcar_testkit::unique("test-e2e"))
}

/// One stack per test binary run, shared by the tests (each test uses its own accounts).
/// With `UPCAR_E2E_BASE` set, the product running there instead (the compose stack,
/// `scripts/test-compose.sh`: the tests it names need nothing but the HTTP API).
pub fn stack() -> &'static Stack {
    STACK.get_or_init(|| match std::env::var("UPCAR_E2E_BASE") {
        Ok(base) if !base.is_empty() => Stack::external(base),
        _ => start(Environment::Development, 10_000, None, None),
    })
}

/// Starts accounts (unless `accounts_port` is given) and a gateway.
pub fn start(
    env: Environment,
    login_limit: u32,
    accounts_port: Option<u16>,
    dist: Option<String>,
) -> Stack {
    start_with_catalog(env, login_limit, accounts_port, dist, None)
}

/// As `start`, with the gateway calling catalog-search at `catalog` when given (an address
/// nobody listens on, say).
pub fn start_with_catalog(
    env: Environment,
    login_limit: u32,
    accounts_port: Option<u16>,
    dist: Option<String>,
    catalog: Option<String>,
) -> Stack {
    start_inner(env, login_limit, 100_000, accounts_port, dist, catalog)
}

/// A second gateway on the shared stack's services that takes `per_minute` activity calls a
/// minute from one address.
pub fn start_with_activity_limit(per_minute: u32) -> Stack {
    start_inner(
        Environment::Development,
        10_000,
        per_minute,
        Some(stack().accounts_port),
        None,
        None,
    )
}

fn start_inner(
    env: Environment,
    login_limit: u32,
    activity_limit: u32,
    accounts_port: Option<u16>,
    dist: Option<String>,
    catalog: Option<String>,
) -> Stack {
    let accounts_port = accounts_port.unwrap_or_else(spawn_accounts);
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind gateway");
    let port = listener.local_addr().expect("addr").port();
    let files_root = std::env::temp_dir()
        .join(format!("upcar-files-{}", uuid::Uuid::now_v7()))
        .display()
        .to_string();
    // The first stack's catalog stores its demo photos in this gateway's file folder.
    // Pricing starts first: its queue must exist before catalog publishes the fleet's rates.
    // Messaging starts before trips too, so the first bookings' events find its queue.
    let (
        catalog_port,
        catalog_db,
        pricing_port,
        trips_port,
        trips_db,
        messaging_port,
        hosting_port,
        hosting_db,
        captains_port,
        captains_db,
        activity_port,
        activity_db,
    ) = match STACK.get() {
        Some(s) => (
            s.catalog_port,
            s.catalog_db.clone(),
            s.pricing_port,
            s.trips_port,
            s.trips_db.clone(),
            s.messaging_port,
            s.hosting_port,
            s.hosting_db.clone(),
            s.captains_port,
            s.captains_db.clone(),
            s.activity_port,
            s.activity_db.clone(),
        ),
        None => {
            await_broker();
            // Activity first: its queue takes the other services' funnel events from their
            // first one.
            let (activity_port, adb) = spawn_activity();
            let pricing_port = spawn_pricing();
            let (c, db) = spawn_catalog(&files_root, &format!("http://127.0.0.1:{port}"));
            let messaging_port = spawn_messaging(accounts_port, c);
            // Captains before trips: the demo delivery trips' events find its queue.
            let (captains_port, cdb) = spawn_captains(accounts_port, c);
            let (t, tdb) = spawn_trips(accounts_port, c, pricing_port, port);
            let (hosting_port, hdb) =
                spawn_hosting(accounts_port, &format!("http://127.0.0.1:{port}"));
            (
                c,
                db,
                pricing_port,
                t,
                tdb,
                messaging_port,
                hosting_port,
                hdb,
                captains_port,
                cdb,
                activity_port,
                adb,
            )
        }
    };
    let mut settings = gateway::Settings::load().expect("gateway settings");
    settings.environment = env;
    settings.services.accounts = format!("http://127.0.0.1:{accounts_port}");
    settings.services.catalog =
        catalog.unwrap_or_else(|| format!("http://127.0.0.1:{catalog_port}"));
    settings.services.pricing = format!("http://127.0.0.1:{pricing_port}");
    settings.services.trips = format!("http://127.0.0.1:{trips_port}");
    settings.services.messaging = format!("http://127.0.0.1:{messaging_port}");
    settings.services.hosting = format!("http://127.0.0.1:{hosting_port}");
    settings.services.captains = format!("http://127.0.0.1:{captains_port}");
    settings.services.activity = format!("http://127.0.0.1:{activity_port}");
    settings.files.root = files_root;
    settings.files.public_base_url = format!("http://127.0.0.1:{port}");
    settings.rate_limits.login_per_minute = login_limit;
    settings.rate_limits.otp_per_minute = 10_000;
    settings.rate_limits.signup_per_hour = 10_000;
    settings.rate_limits.activity_per_minute = activity_limit;
    settings.rate_limits.namespace = format!("rl-test-{}", uuid::Uuid::now_v7().simple());
    settings.frontend.dist = dist;
    settings.metrics.port = 0;
    settings.realtime.prefix = realtime_prefix().to_owned();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        actix_web::rt::System::new().block_on(async move {
            let app = gateway::Application::build_on(settings, listener).expect("build gateway");
            tx.send((app.metrics_port(), app.stopper())).expect("send metrics port");
            let _ = app.run().await;
        })
    });
    let (metrics_port, stopper) = rx.recv().expect("gateway metrics port");
    Stack {
        base: format!("http://127.0.0.1:{port}"),
        accounts_port,
        catalog_port,
        catalog_db,
        pricing_port,
        trips_port,
        trips_db,
        messaging_port,
        hosting_port,
        hosting_db,
        captains_port,
        captains_db,
        activity_port,
        activity_db,
        metrics_base: format!("http://127.0.0.1:{metrics_port}"),
        stopper: Some(stopper),
    }
}

/// Another gateway replica in front of the same services (the first stack's).
pub fn another_gateway() -> Stack {
    let accounts = stack().accounts_port;
    start(Environment::Development, 10_000, Some(accounts), None)
}

/// Waits (two minutes at most) until the broker takes queue declarations: the services below
/// declare their queues as they start, and events published before a queue exists are lost.
fn await_broker() {
    std::thread::spawn(|| {
        let rt = tokio::runtime::Runtime::new().expect("runtime");
        rt.block_on(upcar_testkit::await_broker(
            &upcar_testkit::amqp_url(),
            std::time::Duration::from_secs(120),
        ))
    })
    .join()
    .expect("broker probe")
    .expect("the broker is ready");
}

fn spawn_activity() -> (u16, String) {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let rt = tokio::runtime::Runtime::new().expect("runtime");
        rt.block_on(async move {
            let db = upcar_testkit::TestDatabase::create("gateway_activity")
                .await
                .expect("test database");
            let mut settings = activity::Settings::load().expect("activity settings");
            settings.environment = Environment::Development;
            // The whole stack shares one Postgres and its 100 connections.
            settings.database.max_connections = 4;
            settings.amqp.exchange = test_exchange().to_owned();
            settings.database.url = db.url.clone().into();
            settings.grpc.port = 0;
            settings.redis.url = upcar_testkit::redis_url();
            settings.dedupe.key_prefix = upcar_testkit::unique("test-e2e-activity");
            let app = activity::Application::build(settings).await.expect("build activity");
            tx.send((app.port(), db.url.clone())).expect("send port");
            let _ = app.run_until(std::future::pending()).await;
        })
    });
    rx.recv().expect("activity started")
}

/// One number from the activity database (`sql` selects a bigint named `n`).
pub async fn activity_scalar(sql: &str) -> i64 {
    scalar(&stack().activity_db, sql).await
}

fn spawn_messaging(accounts: u16, catalog: u16) -> u16 {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let rt = tokio::runtime::Runtime::new().expect("runtime");
        rt.block_on(async move {
            let db = upcar_testkit::TestDatabase::create("gateway_messaging")
                .await
                .expect("test database");
            let mut settings = messaging::Settings::load().expect("messaging settings");
            settings.environment = Environment::Development;
            settings.amqp.exchange = test_exchange().to_owned();
            settings.database.url = db.url.clone().into();
            settings.grpc.port = 0;
            settings.services.accounts = format!("http://127.0.0.1:{accounts}");
            settings.redis.url = upcar_testkit::redis_url();
            settings.realtime.prefix = realtime_prefix().to_owned();
            settings.services.catalog = format!("http://127.0.0.1:{catalog}");
            settings.scheduled.poll_secs = 1;
            let app = messaging::Application::build(settings).await.expect("build messaging");
            tx.send(app.port()).expect("send port");
            let _ = app.run_until(std::future::pending()).await;
        })
    });
    rx.recv().expect("messaging started")
}

/// Captains, making tasks from the stack's trips events (and the demo captain's profile).
fn spawn_captains(accounts: u16, catalog: u16) -> (u16, String) {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let rt = tokio::runtime::Runtime::new().expect("runtime");
        rt.block_on(async move {
            let db = upcar_testkit::TestDatabase::create("gateway_captains")
                .await
                .expect("test database");
            let mut settings = captains::Settings::load().expect("captains settings");
            settings.environment = Environment::Development;
            settings.amqp.exchange = test_exchange().to_owned();
            settings.database.url = db.url.clone().into();
            settings.grpc.port = 0;
            settings.services.accounts = format!("http://127.0.0.1:{accounts}");
            settings.services.catalog = format!("http://127.0.0.1:{catalog}");
            // The whole stack shares one Postgres and its 100 connections.
            settings.database.max_connections = 4;
            let app = captains::Application::build(settings).await.expect("build captains");
            tx.send((app.port(), db.url.clone())).expect("send port");
            let _ = app.run_until(std::future::pending()).await;
        })
    });
    rx.recv().expect("captains started")
}

/// Hosting, decoding VINs from the vPIC data `make test` fetches (`VPIC_DB`).
fn spawn_hosting(accounts: u16, files_base: &str) -> (u16, String) {
    let (tx, rx) = std::sync::mpsc::channel();
    let files_base = files_base.to_owned();
    std::thread::spawn(move || {
        let rt = tokio::runtime::Runtime::new().expect("runtime");
        rt.block_on(async move {
            let db =
                upcar_testkit::TestDatabase::create("gateway_hosting").await.expect("test database");
            let mut settings = hosting_teams::Settings::load().expect("hosting settings");
            settings.environment = Environment::Development;
            settings.amqp.exchange = test_exchange().to_owned();
            settings.database.url = db.url.clone().into();
            settings.grpc.port = 0;
            settings.services.accounts = format!("http://127.0.0.1:{accounts}");
            // The demo listings point at the demo photos catalog-search stored for this stack.
            settings.files.public_base_url = files_base;
            settings.vin.offline_db = std::env::var("VPIC_DB").expect(
                "VPIC_DB names NHTSA's vPIC data (scripts/vpic-data.sh fetches it; make test sets it)",
            );
            let app = hosting_teams::Application::build(settings).await.expect("build hosting");
            tx.send((app.port(), db.url.clone())).expect("send port");
            let _ = app.run_until(std::future::pending()).await;
        })
    });
    rx.recv().expect("hosting started")
}

fn spawn_trips(accounts: u16, catalog: u16, pricing: u16, gateway: u16) -> (u16, String) {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let rt = tokio::runtime::Runtime::new().expect("runtime");
        rt.block_on(async move {
            let db =
                upcar_testkit::TestDatabase::create("gateway_trips").await.expect("test database");
            let mut settings = trips::Settings::load().expect("trips settings");
            settings.environment = Environment::Development;
            settings.amqp.exchange = test_exchange().to_owned();
            settings.database.url = db.url.clone().into();
            settings.grpc.port = 0;
            settings.services.accounts = format!("http://127.0.0.1:{accounts}");
            settings.services.catalog = format!("http://127.0.0.1:{catalog}");
            settings.services.pricing = format!("http://127.0.0.1:{pricing}");
            settings.payments.public_base_url = format!("http://127.0.0.1:{gateway}");
            // The money jobs run when a test runs them, with the clock it chooses.
            settings.jobs.interval_seconds = 0;
            let app = trips::Application::build(settings).await.expect("build trips");
            tx.send((app.port(), db.url.clone())).expect("send port");
            let _ = app.run_until(std::future::pending()).await;
        })
    });
    rx.recv().expect("trips started")
}

/// Runs a query on the trips database and answers the first column of the first row.
pub async fn trips_scalar(sql: &str) -> i64 {
    scalar(&stack().trips_db, sql).await
}

/// One number from the stack's accounts database (`sql` selects a bigint named `n`).
pub async fn accounts_scalar(sql: &str) -> i64 {
    scalar(&accounts_db(stack().accounts_port), sql).await
}

/// One number from the hosting database (`sql` selects a bigint named `n`).
pub async fn hosting_scalar(sql: &str) -> i64 {
    scalar(&stack().hosting_db, sql).await
}

/// One number from the catalog database (`sql` selects a bigint named `n`).
pub async fn catalog_scalar(sql: &str) -> i64 {
    scalar(&stack().catalog_db, sql).await
}

async fn scalar(db: &str, sql: &str) -> i64 {
    use diesel::QueryableByName;
    use diesel_async::{AsyncConnection, RunQueryDsl};
    #[derive(QueryableByName)]
    struct N {
        #[diesel(sql_type = diesel::sql_types::BigInt)]
        n: i64,
    }
    let mut conn = diesel_async::AsyncPgConnection::establish(db).await.expect("test db");
    let rows: Vec<N> = diesel::sql_query(sql).load(&mut conn).await.expect("test sql");
    rows.into_iter().next().map(|r| r.n).unwrap_or(0)
}

fn spawn_pricing() -> u16 {
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let rt = tokio::runtime::Runtime::new().expect("runtime");
        rt.block_on(async move {
            let db = upcar_testkit::TestDatabase::create("gateway_pricing")
                .await
                .expect("test database");
            let mut settings = pricing::Settings::load().expect("pricing settings");
            settings.environment = Environment::Development;
            settings.amqp.exchange = test_exchange().to_owned();
            settings.database.url = db.url.clone().into();
            settings.grpc.port = 0;
            settings.redis.url = upcar_testkit::redis_url();
            settings.quotes.key_prefix = upcar_testkit::unique("test-e2e-pricing");
            let app = pricing::Application::build(settings).await.expect("build pricing");
            tx.send(app.port()).expect("send port");
            let _ = app.run_until(std::future::pending()).await;
        })
    });
    rx.recv().expect("pricing started")
}

fn spawn_catalog(files_root: &str, public_base_url: &str) -> (u16, String) {
    let (tx, rx) = std::sync::mpsc::channel();
    let (files_root, public_base_url) = (files_root.to_owned(), public_base_url.to_owned());
    std::thread::spawn(move || {
        let rt = tokio::runtime::Runtime::new().expect("runtime");
        rt.block_on(async move {
            let db = upcar_testkit::TestDatabase::create("gateway_catalog")
                .await
                .expect("test database");
            let mut settings = catalog_search::Settings::load().expect("catalog settings");
            settings.environment = Environment::Development;
            // A private exchange, so this stack never shares a queue with a running dev stack.
            settings.amqp.exchange = test_exchange().to_owned();
            settings.database.url = db.url.clone().into();
            settings.grpc.port = 0;
            settings.files.root = files_root;
            settings.files.public_base_url = public_base_url;
            settings.redis.url = upcar_testkit::redis_url();
            settings.cache.key_prefix = upcar_testkit::unique("test-e2e-catalog");
            let app = catalog_search::Application::build(settings).await.expect("build catalog");
            tx.send((app.port(), db.url.clone())).expect("send port");
            let _ = app.run_until(std::future::pending()).await;
        })
    });
    rx.recv().expect("catalog started")
}

/// Runs SQL against the catalog database (arranging the availability read model).
pub async fn catalog_sql(sql: &str) {
    use diesel_async::{AsyncConnection, SimpleAsyncConnection};
    let mut conn =
        diesel_async::AsyncPgConnection::establish(&stack().catalog_db).await.expect("catalog db");
    conn.batch_execute(sql).await.expect("catalog sql");
}

fn spawn_accounts() -> u16 {
    spawn_accounts_with(true)
}

/// Starts an accounts service on a fresh database; `google` points its Google sign-in at the
/// local fake provider, otherwise Google sign-in stays unconfigured.
pub fn spawn_accounts_with(google: bool) -> u16 {
    let google = google.then(|| crate::fake_google::fake_google().accounts_settings());
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let rt = tokio::runtime::Runtime::new().expect("runtime");
        rt.block_on(async move {
            let db =
                upcar_testkit::TestDatabase::create("gateway_e2e").await.expect("test database");
            let mut settings = accounts::Settings::load().expect("accounts settings");
            settings.environment = Environment::Development;
            // The stack's own accounts (with Google) consumes this run's events; a second
            // accounts service on the same exchange would share its queue and take some of
            // them (the additional-driver invitations) into another database.
            settings.amqp.exchange = match google {
                Some(_) => test_exchange().to_owned(),
                None => upcar_testkit::unique("test-e2e-aux"),
            };
            settings.database.url = db.url.clone().into();
            settings.grpc.port = 0;
            settings.redis.url = upcar_testkit::redis_url();
            settings.realtime.prefix = realtime_prefix().to_owned();
            if let Some(google) = google {
                settings.google = google;
            }
            let app = accounts::Application::build(settings).await.expect("build accounts");
            ACCOUNTS_DBS.lock().expect("accounts dbs").push((app.port(), db.url.clone()));
            tx.send(app.port()).expect("send port");
            let _ = app.run_until(std::future::pending()).await;
        })
    });
    rx.recv().expect("accounts started")
}

pub fn client() -> Client {
    Client::builder().timeout(std::time::Duration::from_secs(20)).build().expect("client")
}

pub async fn post(path: &str, body: Value, token: Option<&str>) -> Response {
    let mut r = client().post(format!("{}{path}", stack().base)).json(&body);
    if let Some(t) = token {
        r = r.bearer_auth(t);
    }
    r.send().await.expect("request")
}

pub async fn get(path: &str, token: Option<&str>) -> Response {
    let mut r = client().get(format!("{}{path}", stack().base));
    if let Some(t) = token {
        r = r.bearer_auth(t);
    }
    r.send().await.expect("request")
}

pub async fn put(path: &str, body: Value, token: Option<&str>) -> Response {
    let mut r = client().put(format!("{}{path}", stack().base)).json(&body);
    if let Some(t) = token {
        r = r.bearer_auth(t);
    }
    r.send().await.expect("request")
}

/// Status and JSON body.
pub async fn parts(r: Response) -> (u16, Value) {
    let status = r.status().as_u16();
    let body = r.json::<Value>().await.unwrap_or(Value::Null);
    (status, body)
}

pub fn unique_email() -> String {
    format!("user-{}@example.com", uuid::Uuid::now_v7().simple())
}

/// A US number not used before (555 exchange, random line).
pub fn unique_phone() -> String {
    let n = uuid::Uuid::now_v7().as_u128() % 10_000_000;
    format!("555{n:07}")
}

pub struct NewUser {
    pub email: String,
    pub phone: String,
    pub password: String,
    pub token: String,
    pub id: String,
}

pub async fn sign_up() -> NewUser {
    let (email, phone, password) = (unique_email(), unique_phone(), "secret123".to_owned());
    let (status, body) = parts(
        post(
            "/v1/users/sign-up",
            json!({"firstName": "Ada", "lastName": "Lovelace", "email": email, "phoneNumber": phone,
                   "password": password, "signUpCode": "DEMO-INVITE", "promotions_enrollment": true}),
            None,
        )
        .await,
    )
    .await;
    assert_eq!(status, 201, "{body}");
    NewUser {
        email,
        phone,
        password,
        token: body["access_token"].as_str().expect("token").to_owned(),
        id: body["user"]["_id"].as_str().expect("id").to_owned(),
    }
}

/// The newest one-time code sent to an email or phone, from the development outbox.
pub async fn latest_code(to: &str) -> String {
    let (status, body) =
        parts(get(&format!("/v1/dev/outbox?to={}", urlencode(to)), None).await).await;
    assert_eq!(status, 200, "{body}");
    body["data"][0]["code"].as_str().expect("a code in the outbox").to_owned()
}

pub fn urlencode(s: &str) -> String {
    s.replace('+', "%2B").replace('@', "%40")
}

/// GET with retries while a freshly started gateway binds.
pub async fn get_when_up(url: &str) -> Response {
    for _ in 0..50 {
        if let Ok(r) = client().get(url).send().await {
            return r;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("{url} never answered");
}

/// Runs SQL on the hosting database (arranging what only time does, like an expiry).
pub async fn hosting_sql(sql: &str) {
    use diesel_async::{AsyncConnection, SimpleAsyncConnection};
    let mut conn =
        diesel_async::AsyncPgConnection::establish(&stack().hosting_db).await.expect("hosting db");
    conn.batch_execute(sql).await.expect("hosting sql");
}

/// One number from the captains database (`sql` selects a bigint named `n`).
pub async fn captains_scalar(sql: &str) -> i64 {
    scalar(&stack().captains_db, sql).await
}

/// Runs SQL on the accounts database.
pub async fn accounts_sql(sql: &str) {
    use diesel_async::{AsyncConnection, SimpleAsyncConnection};
    let url = accounts_db(stack().accounts_port);
    let mut conn = diesel_async::AsyncPgConnection::establish(&url).await.expect("accounts db");
    conn.batch_execute(sql).await.expect("accounts sql");
}

/// Runs SQL on the trips database (arranging a trip's time, which only the clock moves).
pub async fn trips_sql(sql: &str) {
    use diesel_async::{AsyncConnection, SimpleAsyncConnection};
    let mut conn =
        diesel_async::AsyncPgConnection::establish(&stack().trips_db).await.expect("trips db");
    conn.batch_execute(sql).await.expect("trips sql");
}

/// The first car of a search page that a demo host owns. Other tests list cars at the very
/// point these searches start from and change their rates while they run; no test changes a
/// demo car's rates, so what one read says of a demo car the next read says too.
pub fn first_demo_car(search: &Value) -> String {
    let demo_hosts: Vec<String> = std::iter::once(accounts::demo::ids::HOST)
        .chain(accounts::demo::ids::OTHER_HOSTS)
        .map(|id| id.to_string())
        .collect();
    search["data"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["ownerId"].as_str().is_some_and(|o| demo_hosts.iter().any(|h| h == o)))
        .and_then(|c| c["_id"].as_str())
        .unwrap_or_else(|| panic!("no demo car on the page: {search}"))
        .to_owned()
}
