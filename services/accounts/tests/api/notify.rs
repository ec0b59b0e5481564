//! The email and SMS adapters against real servers on loopback: an aiosmtpd SMTP sink (a Python
//! package) and a one-request HTTP server standing in for the SMS provider.

use super::sign_up_request;
use accounts::config::{EmailTransport, SmsHttpSettings, SmsTransport, SmtpSettings, SmtpTls};
use accounts::state::AppState;
use diesel::prelude::*;
use diesel_async::RunQueryDsl;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::sync::oneshot;
use tonic::transport::Channel;
use upcar_config::Environment;
use upcar_proto::accounts as pb;
use upcar_proto::accounts::accounts_client::AccountsClient;

/// Development settings on a fresh database.
async fn settings() -> accounts::Settings {
    let db = upcar_testkit::TestDatabase::create("accounts").await.expect("database");
    let mut settings = accounts::Settings::load().expect("settings");
    settings.database.url = db.url.clone().into();
    settings.grpc.port = 0;
    settings.redis.url = upcar_testkit::redis_url();
    settings
}

async fn spawn(settings: accounts::Settings) -> (AccountsClient<Channel>, Arc<AppState>) {
    let app = accounts::Application::build(settings).await.expect("build");
    let port = app.port();
    let state = app.state();
    tokio::spawn(app.run_until(std::future::pending()));
    let client =
        AccountsClient::connect(format!("http://127.0.0.1:{port}")).await.expect("connect");
    (client, state)
}

async fn outbox_code(client: &mut AccountsClient<Channel>, to: &str) -> String {
    let messages = client
        .list_dev_outbox(pb::ListDevOutboxRequest { to: to.to_owned() })
        .await
        .expect("outbox")
        .into_inner()
        .messages;
    assert_eq!(messages.len(), 1, "one message recorded for {to}");
    let code = messages[0].code.clone();
    assert_eq!(code.len(), 6, "development keeps the code ({code:?})");
    code
}

// ---- SMTP sink -------------------------------------------------------------------------------

const INSTALL_AIOSMTPD: &str = "python3 -m venv \"${UPCAR_TOOLS_DIR:-$HOME/.cache/upcar-tools}/venv\" && \
\"${UPCAR_TOOLS_DIR:-$HOME/.cache/upcar-tools}/venv/bin/pip\" install aiosmtpd==1.4.6";

/// The tools venv's Python when it exists, else `python3`.
fn tools_python() -> PathBuf {
    let dir = std::env::var_os("UPCAR_TOOLS_DIR").map(PathBuf::from).or_else(|| {
        std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache").join("upcar-tools"))
    });
    match dir.map(|d| d.join("venv").join("bin").join("python")) {
        Some(p) if p.exists() => p,
        _ => PathBuf::from("python3"),
    }
}

/// `python -m aiosmtpd` on a free loopback port, printing every message it receives to a log
/// file; killed on drop.
struct SmtpSink {
    child: Child,
    port: u16,
    log: PathBuf,
}

impl SmtpSink {
    fn start() -> Self {
        let python = tools_python();
        let found = Command::new(&python)
            .args(["-c", "import aiosmtpd"])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success());
        assert!(
            found,
            "the SMTP sink needs the Python package aiosmtpd, which {} cannot import. Install it \
             with:\n    {INSTALL_AIOSMTPD}",
            python.display()
        );
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("free port")
            .port();
        let log = std::env::temp_dir()
            .join(format!("upcar-smtp-sink-{}.log", uuid::Uuid::now_v7().simple()));
        let out = std::fs::File::create(&log).expect("sink log");
        let err = out.try_clone().expect("sink log");
        // -n: stay the current user; -u: unbuffered, so the log shows a message at once.
        let child = Command::new(&python)
            .args(["-u", "-m", "aiosmtpd", "-n", "-l", &format!("127.0.0.1:{port}")])
            .stdin(Stdio::null())
            .stdout(out)
            .stderr(err)
            .spawn()
            .expect("start aiosmtpd");
        let mut sink = Self { child, port, log };
        let deadline = std::time::Instant::now() + Duration::from_secs(15);
        while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
            if let Ok(Some(status)) = sink.child.try_wait() {
                panic!("aiosmtpd exited ({status}):\n{}", sink.output());
            }
            assert!(
                std::time::Instant::now() < deadline,
                "aiosmtpd did not listen on {port}:\n{}",
                sink.output()
            );
            std::thread::sleep(Duration::from_millis(50));
        }
        sink
    }

    fn output(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// The sink's log once it holds a whole message, or whatever it holds after `secs`.
    async fn received(&mut self, secs: u64) -> String {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(secs);
        loop {
            let out = self.output();
            if out.contains("END MESSAGE") || tokio::time::Instant::now() >= deadline {
                return out;
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }
}

impl Drop for SmtpSink {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_file(&self.log);
    }
}

fn smtp_settings(port: u16) -> SmtpSettings {
    SmtpSettings {
        host: "127.0.0.1".into(),
        port,
        username: None,
        password: None,
        tls: SmtpTls::None,
        from: "Upcar <no-reply@upcar.test>".into(),
        timeout_secs: 10,
    }
}

#[tokio::test]
async fn an_email_code_is_sent_through_smtp_and_recorded() {
    let mut sink = SmtpSink::start();
    let mut settings = settings().await;
    settings.notify.email = EmailTransport::Smtp;
    settings.notify.smtp = Some(smtp_settings(sink.port));
    let (mut client, _state) = spawn(settings).await;
    let req = sign_up_request();
    client.sign_up(req.clone()).await.expect("sign up");

    client.request_email_otp(pb::EmailRequest { email: req.email.clone() }).await.expect("otp");

    let code = outbox_code(&mut client, &req.email).await;
    let mail = sink.received(15).await;
    assert!(mail.contains("END MESSAGE"), "the sink received no message:\n{mail}");
    assert!(mail.contains(&format!("To: {}", req.email)), "addressed to the user:\n{mail}");
    assert!(mail.contains("From: Upcar <no-reply@upcar.test>"), "from the sender:\n{mail}");
    assert!(mail.contains("Subject: Your login code"), "with the subject:\n{mail}");
    assert!(mail.contains(&format!("Your code to log in is {code}.")), "with the code:\n{mail}");
}

#[tokio::test]
async fn smtp_without_its_settings_stops_the_start_up() {
    let mut settings = settings().await;
    settings.notify.email = EmailTransport::Smtp;
    settings.notify.smtp = None;
    let err = accounts::Application::build(settings.clone()).await.err().expect("refused");
    assert!(format!("{err:#}").contains("[notify.smtp]"), "{err:#}");
    settings.notify.smtp = Some(SmtpSettings { host: String::new(), ..smtp_settings(25) });
    let err = accounts::Application::build(settings).await.err().expect("refused");
    assert!(format!("{err:#}").contains("notify.smtp.host"), "{err:#}");
}

// ---- SMS provider --------------------------------------------------------------------------

/// What the fake provider was sent.
#[derive(Debug)]
struct Request {
    head: String,
    form: Vec<(String, String)>,
}

impl Request {
    fn field(&self, name: &str) -> &str {
        self.form.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str()).unwrap_or_default()
    }
}

/// Answers one HTTP request with `status` and hands it over.
async fn fake_provider(status: &'static str) -> (String, oneshot::Receiver<Request>) {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let url = format!(
        "http://127.0.0.1:{}/2010-04-01/Accounts/ACtest/Messages.json",
        listener.local_addr().expect("addr").port()
    );
    let (tx, rx) = oneshot::channel();
    tokio::spawn(async move {
        let (mut stream, _) = listener.accept().await.expect("accept");
        let mut buf = Vec::new();
        let mut chunk = [0u8; 4096];
        let (head_len, body_len) = loop {
            let n = stream.read(&mut chunk).await.expect("read");
            assert!(n > 0, "connection closed before the request ended");
            buf.extend_from_slice(&chunk[..n]);
            if let Some(end) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
                let head = String::from_utf8_lossy(&buf[..end]).to_lowercase();
                let len = head
                    .lines()
                    .find_map(|l| l.strip_prefix("content-length:"))
                    .map(|v| v.trim().parse::<usize>().expect("content-length"))
                    .unwrap_or(0);
                break (end + 4, len);
            }
        };
        while buf.len() < head_len + body_len {
            let n = stream.read(&mut chunk).await.expect("read body");
            assert!(n > 0, "connection closed before the body ended");
            buf.extend_from_slice(&chunk[..n]);
        }
        let head = String::from_utf8_lossy(&buf[..head_len]).into_owned();
        let body = String::from_utf8_lossy(&buf[head_len..head_len + body_len]).into_owned();
        let reply = format!(
            "HTTP/1.1 {status}\r\ncontent-type: application/json\r\ncontent-length: 2\r\nconnection: close\r\n\r\n{{}}"
        );
        stream.write_all(reply.as_bytes()).await.expect("reply");
        let _ = stream.shutdown().await;
        let form = reqwest::Url::parse(&format!("http://form.invalid/?{body}"))
            .expect("form")
            .query_pairs()
            .map(|(k, v)| (k.into_owned(), v.into_owned()))
            .collect();
        let _ = tx.send(Request { head, form });
    });
    (url, rx)
}

fn sms_settings(url: String) -> SmsHttpSettings {
    SmsHttpSettings {
        url,
        username: "ACtest".into(),
        password: "secret-token".to_owned().into(),
        from: "+15005550006".into(),
        timeout_secs: 10,
    }
}

fn random_phone() -> String {
    format!("312{:07}", rand::random::<u32>() % 10_000_000)
}

/// Signs up a user with a phone number (through a development app, which has the invitation
/// codes) and returns the number.
async fn user_with_phone(client: &mut AccountsClient<Channel>) -> String {
    let phone = random_phone();
    let req = pb::SignUpRequest { phone_number: phone.clone(), ..sign_up_request() };
    client.sign_up(req).await.expect("sign up");
    phone
}

async fn received(rx: oneshot::Receiver<Request>) -> Request {
    tokio::time::timeout(Duration::from_secs(10), rx)
        .await
        .expect("the provider was called")
        .expect("request")
}

#[tokio::test]
async fn a_phone_code_is_posted_to_the_sms_provider() {
    let (url, rx) = fake_provider("201 Created").await;
    let mut settings = settings().await;
    settings.notify.sms = SmsTransport::Http;
    settings.notify.sms_http = Some(sms_settings(url));
    let (mut client, _state) = spawn(settings).await;
    let phone = user_with_phone(&mut client).await;

    client
        .start_phone_login(pb::StartPhoneLoginRequest { phone_number: phone.clone() })
        .await
        .expect("otp");

    let code = outbox_code(&mut client, &phone).await;
    let request = received(rx).await;
    assert!(
        request.head.starts_with("POST /2010-04-01/Accounts/ACtest/Messages.json HTTP/1.1"),
        "{}",
        request.head
    );
    let head = request.head.to_lowercase();
    assert!(head.contains("content-type: application/x-www-form-urlencoded"), "{head}");
    // Basic base64("ACtest:secret-token").
    assert!(head.contains("authorization: basic "), "{head}");
    assert!(request.head.contains("QUN0ZXN0OnNlY3JldC10b2tlbg=="), "{}", request.head);
    assert_eq!(request.field("To"), format!("+1{phone}"));
    assert_eq!(request.field("From"), "+15005550006");
    assert!(
        request.field("Body").contains(&format!("Your code to log in is {code}.")),
        "{:?}",
        request.form
    );
}

#[tokio::test]
async fn a_provider_failure_fails_the_request_and_keeps_the_code() {
    let (url, rx) = fake_provider("500 Internal Server Error").await;
    let mut settings = settings().await;
    settings.notify.sms = SmsTransport::Http;
    settings.notify.sms_http = Some(sms_settings(url));
    let (mut client, _state) = spawn(settings).await;
    let phone = user_with_phone(&mut client).await;

    let err = client
        .start_phone_login(pb::StartPhoneLoginRequest { phone_number: phone.clone() })
        .await
        .expect_err("not delivered");
    assert_eq!(err.code(), tonic::Code::Unavailable);
    assert_eq!(err.message(), "Failed to send OTP. Please try again later.");
    received(rx).await;
    // The code and its record stay, so an immediate retry meets the resend rule.
    outbox_code(&mut client, &phone).await;
    let again = client
        .start_phone_login(pb::StartPhoneLoginRequest { phone_number: phone })
        .await
        .expect_err("too soon");
    assert_eq!(again.message(), "Please wait 30 seconds before requesting a new code.");
}

// ---- production redaction ------------------------------------------------------------------

#[test]
fn redaction_removes_every_copy_of_the_code() {
    let body = "Your code to log in is 482913. Enter 482913 within 10 minutes.";
    let stored = accounts::notify::redact(body, "482913");
    assert_eq!(stored, "Your code to log in is ******. Enter ****** within 10 minutes.");
    assert!(!stored.contains("482913"));
    assert_eq!(accounts::notify::redact(body, ""), body);
}

#[derive(QueryableByName)]
struct Stored {
    #[diesel(sql_type = diesel::sql_types::Text)]
    body: String,
    #[diesel(sql_type = diesel::sql_types::Nullable<diesel::sql_types::Text>)]
    code: Option<String>,
}

#[tokio::test]
async fn production_stores_the_message_without_its_code_and_still_sends_it() {
    let settings = settings().await;
    // A development app on the same database loads the invitation codes sign-up needs.
    let (mut dev, _) = spawn(settings.clone()).await;
    let phone = user_with_phone(&mut dev).await;

    let (url, rx) = fake_provider("201 Created").await;
    let mut prod = settings;
    prod.environment = Environment::Production;
    prod.notify.sms = SmsTransport::Http;
    prod.notify.sms_http = Some(sms_settings(url));
    let (mut client, state) = spawn(prod).await;
    let started = client
        .start_phone_login(pb::StartPhoneLoginRequest { phone_number: phone.clone() })
        .await
        .expect("otp")
        .into_inner();

    let sent = received(rx).await;
    let body = sent.field("Body").to_owned();
    let code: String = body
        .strip_prefix("Your code to log in is ")
        .expect("the sent body")
        .chars()
        .take(6)
        .collect();
    assert!(code.chars().all(|c| c.is_ascii_digit()) && code.len() == 6, "{body}");

    let mut conn = state.pool.get().await.expect("conn");
    let stored: Stored =
        diesel::sql_query("SELECT body, code FROM sent_messages WHERE to_address = $1")
            .bind::<diesel::sql_types::Text, _>(&phone)
            .get_result(&mut conn)
            .await
            .expect("recorded");
    assert_eq!(stored.code, None);
    assert!(!stored.body.contains(&code), "{}", stored.body);
    assert_eq!(stored.body, accounts::notify::redact(&body, &code));

    // The delivered code is the real one.
    client
        .verify_login_otp(pb::VerifyLoginOtpRequest {
            user_id: started.user_id,
            otp: code,
            otp_type: "phone".into(),
            ..Default::default()
        })
        .await
        .expect("the sent code logs in");
}
