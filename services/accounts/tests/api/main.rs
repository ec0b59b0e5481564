#![allow(clippy::unwrap_used, clippy::expect_used)]
//! Service tests of accounts against the real Postgres, Redis and RabbitMQ: a fresh database
//! per test, the service on a free port, called over gRPC.

use accounts::state::AppState;
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tonic::transport::Channel;
use upcar_proto::accounts as pb;
use upcar_proto::accounts::accounts_client::AccountsClient;

mod limits;
mod notify;
mod passwords;
mod standing;

struct TestApp {
    client: AccountsClient<Channel>,
    state: Arc<AppState>,
    settings: accounts::Settings,
    /// The service's clock: tests move it instead of rewriting times in the database.
    clock: upcar_clock::Clock,
}

async fn spawn_app() -> TestApp {
    spawn_app_with(|_| {}).await
}

/// [`spawn_app`] with settings of the test's own.
async fn spawn_app_with(adjust: impl FnOnce(&mut accounts::Settings)) -> TestApp {
    let db = upcar_testkit::TestDatabase::create("accounts").await.expect("database");
    let mut settings = accounts::Settings::load().expect("settings");
    settings.database.url = db.url.clone().into();
    settings.grpc.port = 0;
    settings.redis.url = upcar_testkit::redis_url();
    adjust(&mut settings);
    let app = accounts::Application::build(settings.clone()).await.expect("build");
    let port = app.port();
    let state = app.state();
    let clock = state.clock.clone();
    tokio::spawn(app.run_until(std::future::pending()));
    let client =
        AccountsClient::connect(format!("http://127.0.0.1:{port}")).await.expect("connect");
    TestApp { client, state, settings, clock }
}

fn sign_up_request() -> pb::SignUpRequest {
    pb::SignUpRequest {
        first_name: "Ada".into(),
        last_name: "Lovelace".into(),
        email: format!("ada-{}@example.com", uuid::Uuid::now_v7().simple()),
        password: "secret123".into(),
        sign_up_code: "DEMO-INVITE".into(),
        ..Default::default()
    }
}

#[derive(QueryableByName, Debug)]
struct Count {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    n: i64,
}

async fn count(state: &AppState, sql: &str) -> i64 {
    let mut conn = state.pool.get().await.expect("conn");
    diesel::sql_query(sql).get_result::<Count>(&mut conn).await.expect("count").n
}

#[tokio::test]
async fn sign_up_writes_the_user_and_its_event_in_one_transaction() {
    let mut app = spawn_app().await;
    let before = count(
        &app.state,
        "SELECT count(*) AS n FROM outbox WHERE event_type = 'accounts.user_signed_up'",
    )
    .await;
    let req = sign_up_request();
    let reply = app.client.sign_up(req.clone()).await.expect("sign up").into_inner();
    let user_id = reply.user.expect("user").user_id;
    let after = count(
        &app.state,
        "SELECT count(*) AS n FROM outbox WHERE event_type = 'accounts.user_signed_up'",
    )
    .await;
    assert_eq!(after, before + 1);
    // A refused sign-up writes neither a user nor an event.
    let err = app.client.sign_up(req).await.expect_err("duplicate");
    assert_eq!(err.code(), tonic::Code::AlreadyExists);
    assert_eq!(
        count(
            &app.state,
            "SELECT count(*) AS n FROM outbox WHERE event_type = 'accounts.user_signed_up'"
        )
        .await,
        after
    );
    let n = count(
        &app.state,
        &format!(
            "SELECT count(*) AS n FROM outbox WHERE encode(payload, 'escape') LIKE '%{user_id}%'"
        ),
    )
    .await;
    assert_eq!(n, 1, "the event names the new user");
}

#[tokio::test]
async fn secrets_are_stored_only_as_hashes() {
    let mut app = spawn_app().await;
    let req = sign_up_request();
    app.client.sign_up(req.clone()).await.expect("sign up");
    app.client.request_email_otp(pb::EmailRequest { email: req.email.clone() }).await.expect("otp");
    #[derive(QueryableByName)]
    struct Row {
        #[diesel(sql_type = diesel::sql_types::Text)]
        password_hash: String,
        #[diesel(sql_type = diesel::sql_types::Text)]
        code_hash: String,
        #[diesel(sql_type = diesel::sql_types::Text)]
        code: String,
    }
    let mut conn = app.state.pool.get().await.expect("conn");
    let row: Row = diesel::sql_query(
        "SELECT u.password_hash, o.code_hash, m.code FROM users u JOIN otp_codes o ON o.subject_id = u.id \
         JOIN sent_messages m ON m.to_address = u.email WHERE u.email = $1",
    )
    .bind::<diesel::sql_types::Text, _>(&req.email)
    .get_result(&mut conn)
    .await
    .expect("row");
    assert!(row.password_hash.starts_with("$argon2id$"));
    assert!(!row.password_hash.contains("secret123"));
    assert_eq!(row.code_hash.len(), 64);
    assert!(!row.code_hash.contains(&row.code));
}

#[tokio::test]
async fn an_expired_code_is_refused() {
    let mut app = spawn_app().await;
    let req = sign_up_request();
    let user =
        app.client.sign_up(req.clone()).await.expect("sign up").into_inner().user.expect("user");
    app.client.request_email_otp(pb::EmailRequest { email: req.email.clone() }).await.expect("otp");
    let code = app
        .client
        .list_dev_outbox(pb::ListDevOutboxRequest { to: req.email.clone() })
        .await
        .expect("outbox")
        .into_inner()
        .messages[0]
        .code
        .clone();
    app.clock.advance(chrono::Duration::seconds(app.settings.otp.ttl_secs + 1));
    let err = app
        .client
        .verify_login_otp(pb::VerifyLoginOtpRequest {
            user_id: user.user_id,
            otp: code,
            otp_type: "email".into(),
            ..Default::default()
        })
        .await
        .expect_err("expired");
    assert_eq!(err.message(), "The code has expired. Please request a new one.");
}

#[tokio::test]
async fn a_new_code_can_be_asked_for_once_thirty_seconds_have_passed_and_only_it_works() {
    let mut app = spawn_app().await;
    let req = sign_up_request();
    let user =
        app.client.sign_up(req.clone()).await.expect("sign up").into_inner().user.expect("user");
    let ask = pb::EmailRequest { email: req.email.clone() };
    app.client.request_email_otp(ask.clone()).await.expect("first code");
    app.clock.advance(chrono::Duration::seconds(29));
    let err = app.client.request_email_otp(ask.clone()).await.expect_err("too soon");
    assert_eq!(err.message(), "Please wait 30 seconds before requesting a new code.");
    app.clock.advance(chrono::Duration::seconds(2));
    app.client.request_email_otp(ask).await.expect("a second code after 31 seconds");
    let sent = app
        .client
        .list_dev_outbox(pb::ListDevOutboxRequest { to: req.email.clone() })
        .await
        .expect("outbox")
        .into_inner()
        .messages;
    assert_eq!(sent.len(), 2);
    let (newest, older) = (sent[0].code.clone(), sent[1].code.clone());
    let verify = |otp: String| pb::VerifyLoginOtpRequest {
        user_id: user.user_id.clone(),
        otp,
        otp_type: "email".into(),
        ..Default::default()
    };
    if older != newest {
        let err = app.client.verify_login_otp(verify(older)).await.expect_err("retired");
        assert_eq!(err.message(), "Invalid OTP.");
    }
    app.client.verify_login_otp(verify(newest)).await.expect("the newest code works");
}

#[tokio::test]
async fn loading_demo_data_twice_changes_nothing() {
    let app = spawn_app().await;
    let users = count(&app.state, "SELECT count(*) AS n FROM users").await;
    let codes = count(&app.state, "SELECT count(*) AS n FROM invitation_codes").await;
    accounts::demo::load(&app.state).await.expect("second load");
    assert_eq!(count(&app.state, "SELECT count(*) AS n FROM users").await, users);
    assert_eq!(count(&app.state, "SELECT count(*) AS n FROM invitation_codes").await, codes);
    assert!(users >= 8);
}

struct Recorder(Mutex<Vec<String>>);

#[async_trait::async_trait]
impl upcar_events::EventHandler for Recorder {
    async fn handle(
        &self,
        _conn: &mut diesel_async::AsyncPgConnection,
        event: &upcar_events::Envelope,
    ) -> anyhow::Result<()> {
        let e: upcar_proto::events::UserSignedUp = event.decode()?;
        self.0.lock().expect("lock").push(e.user_id);
        Ok(())
    }
}

/// Consumes `accounts.user_signed_up` into a fresh queue, recording what arrives. Returns the
/// queue name (to delete at the end), the recorder and the consumer's stop switch.
fn record_sign_ups(
    app: &TestApp,
    prefix: &str,
) -> (String, Arc<Recorder>, tokio_util::sync::CancellationToken) {
    let queue = upcar_testkit::unique(prefix);
    let recorder = Arc::new(Recorder(Mutex::new(Vec::new())));
    let stop = tokio_util::sync::CancellationToken::new();
    tokio::spawn(upcar_events::run_consumer(
        app.state.pool.clone(),
        app.settings.amqp.url().to_owned(),
        app.settings.amqp.exchange.clone(),
        queue.clone(),
        vec!["accounts.user_signed_up".to_owned()],
        recorder.clone(),
        stop.clone().cancelled_owned(),
    ));
    (queue, recorder, stop)
}

fn rabbitmqctl(arg: &str) {
    let status =
        std::process::Command::new("rabbitmqctl").arg(arg).status().expect("rabbitmqctl runs");
    assert!(status.success(), "rabbitmqctl {arg}");
}

/// The recorded events of `ours` (tests running beside this one publish to the same exchange).
fn seen(recorder: &Recorder, ours: &[String]) -> Vec<String> {
    let mut v: Vec<String> =
        recorder.0.lock().expect("lock").iter().filter(|u| ours.contains(u)).cloned().collect();
    v.sort();
    v
}

async fn wait_for(recorder: &Recorder, ours: &[String], n: usize, secs: u64) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(secs);
    while seen(recorder, ours).len() < n && tokio::time::Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test]
async fn events_committed_while_the_broker_is_down_arrive_exactly_once_after_it_restarts() {
    let mut app = spawn_app().await;
    let (queue, recorder, stop) = record_sign_ups(&app, "test-signups");
    // The queue exists once the consumer has declared it; events before that are not ours.
    tokio::time::sleep(Duration::from_secs(1)).await;
    let mut expected = Vec::new();
    for _ in 0..3 {
        expected.push(
            app.client
                .sign_up(sign_up_request())
                .await
                .expect("sign up")
                .into_inner()
                .user
                .expect("user")
                .user_id,
        );
    }
    wait_for(&recorder, &expected, 3, 20).await;
    assert_eq!(seen(&recorder, &expected).len(), 3, "delivered before the outage");

    rabbitmqctl("stop_app");
    for _ in 0..3 {
        expected.push(
            app.client
                .sign_up(sign_up_request())
                .await
                .expect("sign up while the broker is down")
                .into_inner()
                .user
                .expect("user")
                .user_id,
        );
    }
    let pending =
        count(&app.state, "SELECT count(*) AS n FROM outbox WHERE published_at IS NULL").await;
    assert!(pending >= 3, "events wait in the outbox while the broker is down ({pending})");
    rabbitmqctl("start_app");
    upcar_testkit::await_broker(app.settings.amqp.url(), Duration::from_secs(120))
        .await
        .expect("the broker takes declarations again");

    wait_for(&recorder, &expected, 6, 90).await;
    // Let any redelivery arrive before judging duplicates.
    tokio::time::sleep(Duration::from_secs(2)).await;
    let got = seen(&recorder, &expected);
    expected.sort();
    assert_eq!(got, expected, "every event exactly once");
    assert_eq!(
        count(&app.state, "SELECT count(*) AS n FROM outbox WHERE published_at IS NULL").await,
        0
    );
    stop.cancel();

    let conn =
        lapin::Connection::connect(app.settings.amqp.url(), lapin::ConnectionProperties::default())
            .await
            .expect("amqp");
    let ch = conn.create_channel().await.expect("channel");
    let _ =
        ch.queue_delete(queue.as_str().into(), lapin::options::QueueDeleteOptions::default()).await;
}

#[tokio::test]
async fn a_redelivered_event_is_applied_once() {
    let app = spawn_app().await;
    let (queue, recorder, stop) = record_sign_ups(&app, "test-dupes");
    tokio::time::sleep(Duration::from_secs(1)).await;
    // Publish the same event id three times, as a broker may after a crash.
    let conn =
        lapin::Connection::connect(app.settings.amqp.url(), lapin::ConnectionProperties::default())
            .await
            .expect("amqp");
    let ch = conn.create_channel().await.expect("channel");
    let id = uuid::Uuid::now_v7().to_string();
    let body = prost::Message::encode_to_vec(&upcar_proto::events::UserSignedUp {
        user_id: "dup-user".into(),
        ..Default::default()
    });
    for _ in 0..3 {
        ch.basic_publish(
            app.settings.amqp.exchange.as_str().into(),
            "accounts.user_signed_up".into(),
            lapin::options::BasicPublishOptions::default(),
            &body,
            lapin::BasicProperties::default().with_message_id(id.as_str().into()),
        )
        .await
        .expect("publish")
        .await
        .expect("confirm");
    }
    let deadline = tokio::time::Instant::now() + Duration::from_secs(15);
    while !recorder.0.lock().expect("lock").contains(&"dup-user".to_owned())
        && tokio::time::Instant::now() < deadline
    {
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    tokio::time::sleep(Duration::from_secs(1)).await;
    let n = recorder.0.lock().expect("lock").iter().filter(|u| *u == "dup-user").count();
    assert_eq!(n, 1);
    stop.cancel();
    let _ =
        ch.queue_delete(queue.as_str().into(), lapin::options::QueueDeleteOptions::default()).await;
}

#[tokio::test]
async fn google_sign_in_without_a_client_is_unavailable_not_a_bad_request() {
    let mut app = spawn_app().await;
    assert!(!app.settings.google.enabled(), "the base configuration has no Google client");
    let code = |s: &tonic::Status| {
        s.metadata()
            .get(upcar_errors::ERROR_CODE_METADATA)
            .and_then(|v| v.to_str().ok())
            .map(str::to_owned)
    };
    let err = app
        .client
        .start_google_sign_in(pb::StartGoogleSignInRequest {
            sign_up_code: "DEMO-INVITE".into(),
            redirect_uri: "http://127.0.0.1:8080/v1/users/auth/google/callback".into(),
            ..Default::default()
        })
        .await
        .expect_err("not configured");
    assert_eq!(err.code(), tonic::Code::Unavailable);
    assert_eq!(code(&err).as_deref(), Some("google_not_configured"));
    let err = app
        .client
        .google_sign_in(pb::GoogleSignInRequest { state: "x".into(), code: "y".into() })
        .await
        .expect_err("not configured");
    assert_eq!(code(&err).as_deref(), Some("google_not_configured"));
}

#[tokio::test]
async fn google_users_are_unique_per_google_account() {
    let app = spawn_app().await;
    let mut conn = app.state.pool.get().await.expect("conn");
    let sub = format!("sub-{}", uuid::Uuid::now_v7().simple());
    for n in 0..2 {
        let r = diesel::sql_query(
            "INSERT INTO users (id, role, first_name, last_name, email, country_code, google_sub) \
             VALUES ($1, 'user', 'A', 'B', $2, '+1', $3)",
        )
        .bind::<diesel::sql_types::Uuid, _>(uuid::Uuid::now_v7())
        .bind::<diesel::sql_types::Text, _>(format!("g{n}-{sub}@example.com"))
        .bind::<diesel::sql_types::Text, _>(&sub)
        .execute(&mut conn)
        .await;
        assert_eq!(r.is_ok(), n == 0, "{r:?}");
    }
    let (a, b) = (format!("n1-{sub}@example.com"), format!("n2-{sub}@example.com"));
    for email in [a, b] {
        diesel::sql_query(
            "INSERT INTO users (id, role, first_name, last_name, email, country_code) \
             VALUES ($1, 'user', 'A', 'B', $2, '+1')",
        )
        .bind::<diesel::sql_types::Uuid, _>(uuid::Uuid::now_v7())
        .bind::<diesel::sql_types::Text, _>(email)
        .execute(&mut conn)
        .await
        .expect("many users without a Google account");
    }
}

/// The user's profile as they read it (`getuser`).
async fn profile_of(app: &TestApp, user: uuid::Uuid) -> pb::User {
    let mut r = tonic::Request::new(pb::IdRequest { id: user.to_string() });
    upcar_identity::Identity {
        user_id: user,
        role: upcar_identity::Role::User,
        token_id: "t".into(),
        expires_at: i64::MAX,
        session: upcar_identity::Session { id: "s".into(), auth_time: 0 },
    }
    .inject(r.metadata_mut());
    app.client.clone().get_user(r).await.expect("getuser").into_inner().user.expect("user")
}

#[tokio::test]
async fn a_card_added_in_trips_shows_in_getuser_once_however_often_the_event_arrives() {
    // An exchange of this test's own, so its queue receives only what the test publishes.
    let db = upcar_testkit::TestDatabase::create("accounts").await.expect("database");
    let mut settings = accounts::Settings::load().expect("settings");
    settings.database.url = db.url.clone().into();
    settings.grpc.port = 0;
    settings.redis.url = upcar_testkit::redis_url();
    settings.amqp.exchange = upcar_testkit::unique("test-accounts");
    let built = accounts::Application::build(settings.clone()).await.expect("build");
    let (port, state) = (built.port(), built.state());
    tokio::spawn(built.run_until(std::future::pending()));
    let client =
        AccountsClient::connect(format!("http://127.0.0.1:{port}")).await.expect("connect");
    let clock = state.clock.clone();
    let app = TestApp { client, state, settings, clock };
    let user: uuid::Uuid = app
        .client
        .clone()
        .sign_up(sign_up_request())
        .await
        .expect("sign up")
        .into_inner()
        .user
        .expect("user")
        .user_id
        .parse()
        .expect("id");
    let before = profile_of(&app, user).await;
    assert!(!before.has_payment_method);
    assert_eq!(before.current_tier, "Explorer");

    let event = upcar_proto::events::PaymentMethodAdded {
        user_id: user.to_string(),
        payment_method_id: "pm_card_visa".into(),
        card_type: "visa".into(),
        last4: "4242".into(),
        provider: "local".into(),
        occurred_at: chrono::Utc::now().to_rfc3339(),
    };
    // As trips' relay would, and again with the same id, as a broker may redeliver.
    let id = uuid::Uuid::now_v7().to_string();
    for _ in 0..2 {
        upcar_testkit::publish(app.settings.amqp.url(), &app.settings.amqp.exchange, &event, &id)
            .await
            .expect("publish");
    }
    let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
    while !profile_of(&app, user).await.has_payment_method {
        assert!(tokio::time::Instant::now() < deadline, "the card never reached the profile");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    let processed = count(
        &app.state,
        &format!("SELECT count(*) AS n FROM processed_events WHERE event_id = '{id}'"),
    )
    .await;
    assert_eq!(processed, 1, "the event is applied once");
    // A card alone is not verification: the tier waits for email, date of birth and licence.
    let after = profile_of(&app, user).await;
    assert_eq!(after.current_tier, "Explorer");
    assert!(after.pre_book_verif_needed_fields.expect("fields").dl_upload_needed);
}

/// The accounts binary refuses the repository's test secrets (its settings files hold test
/// values only): a process signing tokens or hashing codes with them could be impersonated by
/// anyone with the source.
#[test]
fn the_accounts_binary_refuses_the_repositorys_secrets() {
    let run = |env: &[(&str, &str)]| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_accounts"))
            .env_remove("APP__JWT__KEYRING")
            .env_remove("APP__OTP__PEPPER")
            .env("APP_ENVIRONMENT", "development")
            .envs(env.iter().copied())
            .output()
            .expect("the accounts binary runs");
        assert!(!out.status.success(), "started with a committed secret: {env:?}");
        String::from_utf8_lossy(&out.stderr).into_owned()
    };
    let e = run(&[]);
    assert!(e.contains("jwt key dev-1 is a value written in the repository"), "{e}");
    let e = run(&[("APP__JWT__KEYRING", "dev-1:this-run-only-key-5d0c9a5e8f7b4c1d9e2a6b3c")]);
    assert!(e.contains("otp.pepper is a value written in the repository"), "{e}");
}
