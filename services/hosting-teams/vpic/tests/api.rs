//! The vPIC API adapter against a fake vPIC on 127.0.0.1: a tokio listener answering canned
//! JSON in the format of vPIC's documented answers (`fixtures/`).

// Test helpers outside #[test] functions panic on a failed setup, as the tests do.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::sync::{Arc, Mutex};
use std::time::Duration;

use hosting_vpic::{DecodeError, DecodedVehicle, VinDecoder, VpicApiDecoder};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

const ACCORD: &str = include_str!("fixtures/decode_vin_values_accord.json");
const UNKNOWN: &str = include_str!("fixtures/decode_vin_values_unknown.json");
const HONDA_MODELS: &str = include_str!("fixtures/get_models_for_make_honda.json");
const ALL_MAKES: &str = include_str!("fixtures/get_all_makes.json");

#[derive(Clone, Copy)]
enum Reply {
    Json(&'static str),
    Status(u16),
    /// Answers nothing for this long.
    Silence(Duration),
}

struct FakeVpic {
    base: String,
    /// The request targets (path and query) received, in order.
    requests: Arc<Mutex<Vec<String>>>,
}

/// Serves `reply(target)` for each request until the test ends.
async fn fake_vpic(reply: fn(&str) -> Reply) -> FakeVpic {
    let listener = TcpListener::bind("127.0.0.1:0").await.expect("bind");
    let base = format!("http://{}", listener.local_addr().expect("address"));
    let requests = Arc::new(Mutex::new(Vec::new()));
    let seen = Arc::clone(&requests);
    tokio::spawn(async move {
        while let Ok((mut stream, _)) = listener.accept().await {
            let seen = Arc::clone(&seen);
            tokio::spawn(async move {
                let mut head = Vec::new();
                let mut buf = [0u8; 1024];
                while !head.windows(4).any(|w| w == b"\r\n\r\n") && head.len() < 16 * 1024 {
                    match stream.read(&mut buf).await {
                        Ok(0) | Err(_) => return,
                        Ok(n) => head.extend_from_slice(&buf[..n]),
                    }
                }
                let head = String::from_utf8_lossy(&head);
                let target = head.split_whitespace().nth(1).unwrap_or("").to_owned();
                seen.lock().expect("lock").push(target.clone());
                let (status, body) = match reply(&target) {
                    Reply::Json(body) => (200, body),
                    Reply::Status(status) => (status, "<html>Server Error</html>"),
                    Reply::Silence(d) => {
                        tokio::time::sleep(d).await;
                        return;
                    }
                };
                let response = format!(
                    "HTTP/1.1 {status} X\r\nContent-Type: application/json; charset=utf-8\r\n\
                     Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
                    body.len()
                );
                let _ = stream.write_all(response.as_bytes()).await;
                let _ = stream.shutdown().await;
            });
        }
    });
    FakeVpic { base, requests }
}

fn client() -> reqwest::Client {
    reqwest::Client::builder().no_proxy().build().expect("client")
}

fn decoder(fake: &FakeVpic) -> VpicApiDecoder {
    VpicApiDecoder::new(&fake.base, client()).expect("decoder")
}

fn routes(target: &str) -> Reply {
    match target {
        "/api/vehicles/DecodeVinValues/1HGCM82633A004352?format=json" => Reply::Json(ACCORD),
        "/api/vehicles/DecodeVinValues/AAAAA11111A111111?format=json" => Reply::Json(UNKNOWN),
        "/api/vehicles/GetModelsForMake/Honda?format=json" => Reply::Json(HONDA_MODELS),
        "/api/vehicles/GetAllMakes?format=json" => Reply::Json(ALL_MAKES),
        _ => Reply::Status(404),
    }
}

#[tokio::test]
async fn decodes_a_vin() {
    let fake = fake_vpic(routes).await;
    let got = decoder(&fake).decode(" 1hgcm82633a004352").await.expect("decode");
    assert_eq!(
        got,
        Some(DecodedVehicle {
            make: "HONDA".into(),
            model: "Accord".into(),
            trim: "EX-V6".into(),
            style: "coupe".into(),
            car_year: 2003,
            transmission_type: Some("automatic".into()),
        })
    );
    let requests = fake.requests.lock().expect("lock").clone();
    assert_eq!(requests, ["/api/vehicles/DecodeVinValues/1HGCM82633A004352?format=json"]);
}

#[tokio::test]
async fn no_details_when_vpic_has_none() {
    let fake = fake_vpic(routes).await;
    let decoder = decoder(&fake);
    assert_eq!(decoder.decode("AAAAA11111A111111").await.expect("decode"), None);
    // A malformed VIN is not sent at all.
    assert_eq!(decoder.decode("not-a-vin").await.expect("decode"), None);
    assert_eq!(fake.requests.lock().expect("lock").len(), 1);
}

#[tokio::test]
async fn no_details_when_vpic_returns_no_results() {
    let fake = fake_vpic(|_| {
        Reply::Json(r#"{"Count":0,"Message":"No data","SearchCriteria":"VIN:X","Results":[]}"#)
    })
    .await;
    assert_eq!(decoder(&fake).decode("1HGCM82633A004352").await.expect("decode"), None);
}

#[tokio::test]
async fn models_and_makes() {
    let fake = fake_vpic(routes).await;
    let decoder = decoder(&fake);
    let models = decoder.models_for_make("Honda").await.expect("models");
    assert_eq!(models, ["Accord", "Civic", "CR-V", "Odyssey", "Pilot"]);
    let makes = decoder.makes().await.expect("makes");
    assert_eq!(makes, ["ASTON MARTIN", "HONDA", "TESLA", "TOYOTA"]);
}

#[tokio::test]
async fn a_make_with_a_space_is_escaped_in_the_path() {
    let fake = fake_vpic(|_| Reply::Json(r#"{"Count":0,"Results":[]}"#)).await;
    let models = decoder(&fake).models_for_make("Land Rover").await.expect("models");
    assert!(models.is_empty());
    let requests = fake.requests.lock().expect("lock").clone();
    assert_eq!(requests, ["/api/vehicles/GetModelsForMake/Land%20Rover?format=json"]);
}

#[tokio::test]
async fn a_server_error_is_an_error() {
    let fake = fake_vpic(|_| Reply::Status(500)).await;
    let decoder = decoder(&fake);
    let err = decoder.decode("1HGCM82633A004352").await.expect_err("an error");
    assert!(matches!(err, DecodeError::Status(500)), "{err:?}");
    let err = decoder.models_for_make("Honda").await.expect_err("an error");
    assert!(matches!(err, DecodeError::Status(500)), "{err:?}");
    let err = decoder.makes().await.expect_err("an error");
    assert!(matches!(err, DecodeError::Status(500)), "{err:?}");
}

#[tokio::test]
async fn an_answer_that_is_not_json_is_an_error() {
    let fake = fake_vpic(|_| Reply::Json("<html>maintenance</html>")).await;
    let err = decoder(&fake).decode("1HGCM82633A004352").await.expect_err("an error");
    assert!(matches!(err, DecodeError::BadResponse(_)), "{err:?}");
}

#[tokio::test]
async fn a_slow_server_times_out() {
    let fake = fake_vpic(|_| Reply::Silence(Duration::from_secs(5))).await;
    let timeout = Duration::from_millis(200);
    let decoder = decoder(&fake).with_timeout(timeout);
    let started = std::time::Instant::now();
    let err = decoder.decode("1HGCM82633A004352").await.expect_err("an error");
    assert!(matches!(err, DecodeError::Timeout(t) if t == timeout), "{err:?}");
    assert!(started.elapsed() < Duration::from_secs(3), "{:?}", started.elapsed());
}

#[tokio::test]
async fn an_unreachable_server_is_an_error() {
    // A port just freed: nothing listens there.
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    let base = format!("http://{}", listener.local_addr().expect("address"));
    drop(listener);
    let decoder = VpicApiDecoder::new(&base, client()).expect("decoder");
    let err = decoder.decode("1HGCM82633A004352").await.expect_err("an error");
    assert!(matches!(err, DecodeError::Http(_)), "{err:?}");
}
