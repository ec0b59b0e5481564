//! `S3Store` against a real S3-compatible server on loopback: moto's standalone server,
//! started by this test and killed when it ends.
//!
//! moto checks request signatures only with its IAM authentication on, and then only the
//! `Authorization` header kind: a presigned URL carries no such header and is not checked.
//! So the header-signed calls (create bucket, put, get, head, delete) run with
//! authentication on, under an IAM user made for the test, and a wrong secret must be
//! refused; the presigned URLs run with it off, and their signatures are pinned by the unit
//! tests against AWS's published example and botocore instead.
//!
//! moto is a Python package. The test looks for `moto_server` in
//! `${UPCAR_TOOLS_DIR:-$HOME/.cache/upcar-tools}/venv/bin`, then on `PATH`, and fails
//! when it is in neither place.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};
use upcar_storage::{ObjectStore, S3Settings, S3Store, StorageError};

const INSTALL_HINT: &str = "python3 -m venv \"${UPCAR_TOOLS_DIR:-$HOME/.cache/upcar-tools}/venv\" && \
\"${UPCAR_TOOLS_DIR:-$HOME/.cache/upcar-tools}/venv/bin/python\" -m pip install 'moto[server]'";
const REGION: &str = "eu-west-1";
const BUCKET: &str = "upcar-test";

/// A running moto server; killed and reaped on drop, also when an assertion fails.
struct Moto {
    child: Child,
    log: PathBuf,
    port: u16,
}

impl Drop for Moto {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_file(&self.log);
    }
}

impl Moto {
    fn base(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    fn log_text(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    async fn start() -> Moto {
        let bin = moto_binary();
        // Ask the OS for a free port, then hand it to moto. Another process could take it in
        // between; then moto fails to start and the test says so with moto's log.
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let log = std::env::temp_dir().join(format!("upcar-moto-{}.log", uuid::Uuid::now_v7()));
        let child = Command::new(&bin)
            .args(["-H", "127.0.0.1", "-p", &port.to_string()])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            // moto logs every request to stderr: a file, not a pipe nobody reads, which would
            // fill up and stall the server.
            .stderr(std::fs::File::create(&log).unwrap())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {}: {e}", bin.display()));
        let mut moto = Moto { child, log, port };
        let http = client();
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            if let Some(status) = moto.child.try_wait().unwrap() {
                panic!("moto_server exited with {status} before answering:\n{}", moto.log_text());
            }
            if let Ok(resp) = http.get(format!("{}/moto-api/", moto.base())).send().await
                && resp.status().is_success()
            {
                return moto;
            }
            assert!(
                Instant::now() < deadline,
                "moto_server did not answer on port {port} within 60 s:\n{}",
                moto.log_text()
            );
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }

    /// One IAM call. Before authentication is switched on moto accepts any signature, but it
    /// routes by the service named in the `Authorization` header, so one is sent.
    async fn iam(&self, params: &[(&str, &str)]) -> String {
        let body = url::form_urlencoded::Serializer::new(String::new())
            .extend_pairs(params)
            .append_pair("Version", "2010-05-08")
            .finish();
        let resp = client()
            .post(format!("{}/", self.base()))
            .header("content-type", "application/x-www-form-urlencoded")
            .header(
                "authorization",
                "AWS4-HMAC-SHA256 Credential=setup/20240101/us-east-1/iam/aws4_request, \
                 SignedHeaders=host, Signature=0",
            )
            .body(body)
            .send()
            .await
            .unwrap();
        let status = resp.status();
        let text = resp.text().await.unwrap();
        assert!(status.is_success(), "IAM {params:?}: {status}: {text}");
        text
    }

    /// A user allowed everything on S3, and its access key: (id, secret).
    async fn s3_user(&self) -> (String, String) {
        self.iam(&[("Action", "CreateUser"), ("UserName", "upcar-test")]).await;
        self.iam(&[
            ("Action", "PutUserPolicy"),
            ("UserName", "upcar-test"),
            ("PolicyName", "s3-all"),
            (
                "PolicyDocument",
                r#"{"Version":"2012-10-17","Statement":[{"Effect":"Allow","Action":"s3:*","Resource":"*"}]}"#,
            ),
        ])
        .await;
        let key = self.iam(&[("Action", "CreateAccessKey"), ("UserName", "upcar-test")]).await;
        (between(&key, "AccessKeyId"), between(&key, "SecretAccessKey"))
    }

    /// Checks signatures from the next request on (`true`) or stops checking (`false`).
    async fn authentication(&self, on: bool) {
        let resp = client()
            .post(format!("{}/moto-api/reset-auth", self.base()))
            .body(if on { "0" } else { "inf" })
            .send()
            .await
            .unwrap();
        assert!(resp.status().is_success(), "reset-auth: {}", resp.status());
    }
}

/// `moto_server` from the tools venv, else from `PATH`; a missing server is a failure, so a
/// machine without it cannot pass by skipping.
fn moto_binary() -> PathBuf {
    let tools = std::env::var_os("UPCAR_TOOLS_DIR").map(PathBuf::from).or_else(|| {
        std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache").join("upcar-tools"))
    });
    if let Some(bin) = tools.map(|t| t.join("venv").join("bin").join("moto_server"))
        && bin.is_file()
    {
        return bin;
    }
    if let Some(bin) = std::env::var_os("PATH")
        .iter()
        .flat_map(std::env::split_paths)
        .map(|dir| dir.join("moto_server"))
        .find(|bin| bin.is_file())
    {
        return bin;
    }
    panic!(
        "moto_server not found (this test needs a local S3 server); install it with:\n  {INSTALL_HINT}"
    );
}

/// A client that talks to loopback directly, whatever proxy the environment names.
fn client() -> reqwest::Client {
    reqwest::Client::builder().no_proxy().build().unwrap()
}

/// The text of the first `<tag>` element.
fn between(xml: &str, tag: &str) -> String {
    let open = format!("<{tag}>");
    let start = xml.find(&open).unwrap_or_else(|| panic!("no <{tag}> in {xml}")) + open.len();
    let len = xml[start..].find(&format!("</{tag}>")).unwrap();
    xml[start..start + len].to_owned()
}

fn store(moto: &Moto, bucket: &str, key_id: &str, secret: &str) -> S3Store {
    S3Store::new(S3Settings {
        endpoint: moto.base(),
        region: REGION.to_owned(),
        bucket: bucket.to_owned(),
        access_key_id: key_id.to_owned(),
        secret_access_key: secret.to_owned(),
        path_style: true,
        public_base_url: None,
    })
    .unwrap()
}

fn io_message(result: Result<impl std::fmt::Debug, StorageError>) -> String {
    match result {
        Err(StorageError::Io(msg)) => msg,
        other => panic!("expected StorageError::Io, got {other:?}"),
    }
}

#[tokio::test]
async fn s3_store_round_trips_through_a_real_s3_server() {
    let moto = Moto::start().await;
    let (key_id, secret) = moto.s3_user().await;
    moto.authentication(true).await;

    // --- header-signed calls, signatures checked -------------------------------------------
    let forged = store(&moto, BUCKET, &key_id, "not-the-secret");
    let refused = io_message(forged.create_bucket().await);
    assert!(refused.contains("SignatureDoesNotMatch"), "{refused}");

    let s3 = store(&moto, BUCKET, &key_id, &secret);
    s3.create_bucket().await.unwrap();
    s3.create_bucket().await.expect("creating an owned bucket again is fine");

    let photo = [&[0xFF, 0xD8, 0xFF, 0xE0][..], &[7u8; 2000]].concat();
    s3.put("cars/c-1/photo-1.jpg", photo.clone(), "image/jpeg").await.unwrap();
    let got = s3.get("cars/c-1/photo-1.jpg").await.unwrap();
    assert_eq!(got.bytes, photo);
    assert_eq!(got.content_type, "image/jpeg");
    assert_eq!(s3.head("cars/c-1/photo-1.jpg").await.unwrap(), Some(photo.len() as u64));

    assert!(matches!(s3.get("cars/c-1/missing.jpg").await, Err(StorageError::NotFound)));
    assert_eq!(s3.head("cars/c-1/missing.jpg").await.unwrap(), None);
    assert!(matches!(s3.get("../escape").await, Err(StorageError::InvalidKey)));

    // A wrong secret on reads is a failure to report, not a missing file.
    let refused = io_message(forged.get("cars/c-1/photo-1.jpg").await);
    assert!(refused.contains("403"), "{refused}");
    // So is a bucket that does not exist.
    let nowhere = store(&moto, "upcar-no-such-bucket", &key_id, &secret);
    let missing_bucket = io_message(nowhere.get("cars/c-1/photo-1.jpg").await);
    assert!(missing_bucket.contains("NoSuchBucket"), "{missing_bucket}");

    s3.delete("cars/c-1/photo-1.jpg").await.unwrap();
    assert_eq!(s3.head("cars/c-1/photo-1.jpg").await.unwrap(), None);
    s3.delete("cars/c-1/photo-1.jpg").await.expect("deleting a missing key is fine");

    // --- presigned URLs, used by a plain HTTP client ---------------------------------------
    moto.authentication(false).await;
    let http = client();
    let licence = [&b"\x89PNG\r\n\x1a\n"[..], &[1u8; 500]].concat();
    let put_url = s3
        .presign_put("users/u-1/dl_front.png", "image/png", 1_000, Duration::from_secs(300))
        .unwrap();
    let resp = http
        .put(&put_url)
        .header("content-type", "image/png")
        .header("if-none-match", "*")
        .body(licence.clone())
        .send()
        .await
        .unwrap();
    assert!(
        resp.status().is_success(),
        "presigned PUT: {}: {}",
        resp.status(),
        resp.text().await.unwrap()
    );
    let got = s3.get("users/u-1/dl_front.png").await.unwrap();
    assert_eq!(got.bytes, licence);
    assert_eq!(got.content_type, "image/png");
    // The size limit is checked after the upload, by HEAD.
    assert_eq!(s3.head("users/u-1/dl_front.png").await.unwrap(), Some(licence.len() as u64));

    let get_url = s3.presign_get("users/u-1/dl_front.png", Duration::from_secs(300)).unwrap();
    let resp = http.get(&get_url).send().await.unwrap();
    assert!(resp.status().is_success(), "presigned GET: {}", resp.status());
    assert_eq!(resp.bytes().await.unwrap().as_ref(), licence.as_slice());

    assert_eq!(
        s3.public_url("users/u-1/dl_front.png"),
        format!("{}/{BUCKET}/users/u-1/dl_front.png", moto.base())
    );
}
