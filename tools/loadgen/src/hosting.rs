//! The hosting benchmarks of `docs/PERFORMANCE.md`, through the gateway:
//!
//! ```text
//! loadgen wizard http <gateway> <clients> <seconds>
//!   Closed loop: each client is a new host going through the wizard's six data sections
//!   (location, vinDetails with a fresh VIN, availability, features, description, dailyPrice),
//!   then deleting the draft and starting again. p50 and p99 per section and over all.
//! loadgen listing-lag http <gateway> <admin email> <admin password> <listings>
//!   One new host lists <listings> cars to the end (photos uploaded through the presigned flow,
//!   finalize); for each, the admin's approval is timed until the car shows in a search near
//!   it (polled every 5 ms): the approval-to-search lag, p50 and p99.
//! ```

use serde_json::{Value, json};
use std::time::{Duration, Instant};

const DESCRIPTION: &str = "A clean and comfortable sedan that is easy to drive around town \
    and on the highway. It has plenty of room for four adults and their luggage, good fuel \
    economy, a quiet cabin and a great sound system. The car is serviced on schedule, cleaned \
    after every trip and kept smoke free. Pickup is easy and I answer messages quickly, so \
    your trip starts without any stress at all.";

/// The six sections timed, in the wizard's order.
const STEPS: [&str; 6] =
    ["location", "vinDetails", "availability", "features", "description", "dailyPrice"];

/// A VIN not used before: a Honda Accord 2020 pattern with a random plant and serial and the
/// right check digit.
fn fresh_vin(seed: u128) -> String {
    const PLANTS: &[u8] = b"ABCDEFGHJKLMNPRSTUVWXYZ";
    let serial: String =
        (0..6).map(|i| char::from(b'0' + ((seed >> (i * 4)) % 10) as u8)).collect();
    let plant = char::from(PLANTS[((seed >> 40) % PLANTS.len() as u128) as usize]);
    let mut vin = format!("1HGCV1F30L{plant}{serial}");
    let check = hosting_domain::vin::check_digit(&vin).unwrap_or('0');
    vin.replace_range(8..9, &check.to_string());
    vin
}

fn seed() -> u128 {
    let t = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    t ^ (u128::from(std::process::id()) << 64)
}

fn section_body(step: &str, vin: &str) -> Value {
    match step {
        "location" => json!({"sectionName": "location",
            "address": {"street": "39200 Paseo Padre Pkwy", "city": "Fremont", "state": "CA", "zip": "94538", "country": "US"},
            "location": {"type": "Point", "coordinates": [-121.9886, 37.5485]}}),
        "vinDetails" => {
            json!({"sectionName": "vinDetails", "vin": vin, "make": "Honda", "model": "Accord",
            "style": "sedan", "carYear": 2020, "odometer": "0-50k miles", "transmissionType": "automatic", "trim": "EX"})
        }
        "availability" => {
            json!({"sectionName": "availability", "advanceNotice": 1, "minTripDuration": 1,
            "maxTripDuration": 1000, "twoDayTripForWeekend": false})
        }
        "features" => json!({"sectionName": "features", "licensePlate": "8abc123", "state": "CA",
            "features": ["Bluetooth", "Backup camera"], "seats": 5, "doors": 4, "gasType": "gas",
            "specialFeature": "Premium sound"}),
        "description" => json!({"sectionName": "description", "carDescription": DESCRIPTION}),
        _ => json!({"sectionName": "dailyPrice", "carDailyPrice": "75"}),
    }
}

async fn sign_up(http: &reqwest::Client, base: &str, i: u64) -> anyhow::Result<String> {
    let s = seed();
    let email = format!("bench-host-{s:x}-{i}@bench.local");
    let phone = format!("555{:07}", (s % 9_000_000) as u64 + i);
    let r = http
        .post(format!("{base}/v1/users/sign-up"))
        .json(&json!({"firstName": "Bench", "lastName": "Host", "email": email, "phoneNumber": phone,
                      "password": "BenchHost123!", "signUpCode": "DEMO-INVITE", "promotions_enrollment": false}))
        .send()
        .await?;
    let status = r.status();
    let b: Value = r.json().await?;
    anyhow::ensure!(status.as_u16() == 201, "sign-up {status}: {b}");
    Ok(b["access_token"].as_str().unwrap_or_default().to_owned())
}

async fn delete_draft(
    http: &reqwest::Client,
    base: &str,
    token: &str,
    id: &str,
) -> anyhow::Result<()> {
    let r = http
        .delete(format!("{base}/v1/host/carListing/deleteCarListing/{id}"))
        .bearer_auth(token)
        .send()
        .await?;
    anyhow::ensure!(r.status().is_success(), "deleteCarListing {}", r.status());
    Ok(())
}

async fn post(
    http: &reqwest::Client,
    base: &str,
    path: &str,
    token: &str,
    body: &Value,
) -> anyhow::Result<Value> {
    let r = http.post(format!("{base}{path}")).bearer_auth(token).json(body).send().await?;
    let status = r.status();
    let b: Value = r.json().await.unwrap_or(Value::Null);
    anyhow::ensure!(status.is_success(), "{path} {status}: {b}");
    Ok(b)
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn report(name: &str, mut lat: Vec<Duration>) {
    lat.sort();
    println!(
        "  {name}: n={} p50_ms={:.3} p99_ms={:.3} max_ms={:.3}",
        lat.len(),
        crate::percentile(&lat, 0.50),
        crate::percentile(&lat, 0.99),
        lat.last().map(|d| ms(*d)).unwrap_or(f64::NAN)
    );
}

/// `loadgen wizard http <gateway> <clients> <seconds>`.
pub async fn wizard(args: &[String]) -> anyhow::Result<()> {
    anyhow::ensure!(args.len() >= 6, "usage: loadgen wizard http <gateway> <clients> <seconds>");
    let base = args[3].trim_end_matches('/').to_owned();
    let clients: u64 = args[4].parse()?;
    let seconds: u64 = args[5].parse()?;
    let http = reqwest::Client::builder().timeout(Duration::from_secs(10)).build()?;
    let mut tokens = Vec::new();
    for i in 0..clients {
        tokens.push(sign_up(&http, &base, i).await?);
    }
    // One round each first: connections, caches and the VIN data warm.
    for t in &tokens {
        let id = round(&http, &base, t, &mut Vec::new()).await?;
        delete_draft(&http, &base, t, &id).await?;
    }
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let mut tasks = Vec::new();
    for t in tokens {
        let (http, base) = (http.clone(), base.clone());
        tasks.push(tokio::spawn(async move {
            let mut lat: Vec<(usize, Duration)> = Vec::new();
            let mut errors = 0u64;
            while Instant::now() < deadline {
                match round(&http, &base, &t, &mut lat).await {
                    Ok(id) => {
                        if delete_draft(&http, &base, &t, &id).await.is_err() {
                            errors += 1;
                        }
                    }
                    Err(e) => {
                        errors += 1;
                        eprintln!("wizard round: {e}");
                    }
                }
            }
            (lat, errors)
        }));
    }
    let started = Instant::now();
    let (mut all, mut errors) = (Vec::new(), 0);
    for t in tasks {
        let (lat, e) = t.await?;
        all.extend(lat);
        errors += e;
    }
    let elapsed = started.elapsed().as_secs_f64().max(seconds as f64);
    println!(
        "wizard http c={clients} sections={} errors={errors} sections_per_s={:.0}",
        all.len(),
        all.len() as f64 / elapsed
    );
    report("all sections", all.iter().map(|(_, d)| *d).collect());
    for (i, step) in STEPS.iter().enumerate() {
        report(step, all.iter().filter(|(s, _)| *s == i).map(|(_, d)| *d).collect());
    }
    Ok(())
}

/// The six sections once, each timed into `lat`; answers the draft's id.
async fn round(
    http: &reqwest::Client,
    base: &str,
    token: &str,
    lat: &mut Vec<(usize, Duration)>,
) -> anyhow::Result<String> {
    let vin = fresh_vin(seed());
    let mut id = String::new();
    for (i, step) in STEPS.iter().enumerate() {
        let body = section_body(step, &vin);
        let t = Instant::now();
        let b = post(http, base, "/v1/host/carListing/addCarListing", token, &body).await?;
        lat.push((i, t.elapsed()));
        if id.is_empty() {
            id = b["carId"].as_str().unwrap_or_default().to_owned();
        }
    }
    Ok(id)
}

/// A PNG's header (signature and IHDR) of 800 x 600 and a unique tail: what the photo rules
/// read.
fn png() -> Vec<u8> {
    let mut b = vec![0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13];
    b.extend_from_slice(b"IHDR");
    b.extend_from_slice(&800u32.to_be_bytes());
    b.extend_from_slice(&600u32.to_be_bytes());
    b.extend_from_slice(&[8, 6, 0, 0, 0, 0, 0, 0, 0]);
    b.extend_from_slice(&seed().to_be_bytes());
    b
}

async fn upload(http: &reqwest::Client, base: &str, token: &str) -> anyhow::Result<String> {
    let b = post(
        http,
        base,
        "/v1/image/generatePresignedUrlsForUpload",
        token,
        &json!({"files": [{"fileName": "front.png", "fileType": "image/png"}]}),
    )
    .await?;
    let put = http
        .put(b["urls"][0]["presignedUrl"].as_str().unwrap_or_default())
        .header("content-type", "image/png")
        .body(png())
        .send()
        .await?;
    anyhow::ensure!(put.status().is_success(), "upload {}", put.status());
    Ok(b["urls"][0]["s3Url"].as_str().unwrap_or_default().to_owned())
}

async fn in_search(http: &reqwest::Client, base: &str, id: &str) -> bool {
    let day = |d: i64| (chrono::Utc::now().date_naive() + chrono::Duration::days(d)).to_string();
    let url = format!(
        "{base}/v1/cars/search?latitude=37.5485&longitude=-121.9886&fromDate={}&fromTime=10:00%20AM&untilDate={}&untilTime=10:00%20AM&sortBy=distance&limit=50",
        day(40),
        day(43)
    );
    match http.get(url).send().await {
        Ok(r) => r
            .json::<Value>()
            .await
            .ok()
            .and_then(|b| b["data"].as_array().cloned())
            .is_some_and(|cars| cars.iter().any(|c| c["_id"] == id)),
        Err(_) => false,
    }
}

/// `loadgen listing-lag http <gateway> <admin email> <admin password> <listings>`.
pub async fn listing_lag(args: &[String]) -> anyhow::Result<()> {
    anyhow::ensure!(
        args.len() >= 7,
        "usage: loadgen listing-lag http <gateway> <admin email> <admin password> <listings>"
    );
    let base = args[3].trim_end_matches('/').to_owned();
    let listings: u64 = args[6].parse()?;
    let http = reqwest::Client::builder().timeout(Duration::from_secs(10)).build()?;
    let admin = crate::login(&http, &base, &args[4], &args[5]).await?;
    let mut lags = Vec::new();
    let mut approvals = Vec::new();
    for i in 0..listings {
        // A host has one draft at a time: a new host per listing.
        let host = sign_up(&http, &base, i).await?;
        let vin = fresh_vin(seed());
        let mut id = String::new();
        for step in STEPS {
            let b = post(
                &http,
                &base,
                "/v1/host/carListing/addCarListing",
                &host,
                &section_body(step, &vin),
            )
            .await?;
            if id.is_empty() {
                id = b["carId"].as_str().unwrap_or_default().to_owned();
            }
        }
        let (front, side) =
            (upload(&http, &base, &host).await?, upload(&http, &base, &host).await?);
        let photos =
            json!({"sectionName": "photos", "primaryPhotoUrl": front, "photoUrls": [front, side]});
        post(&http, &base, "/v1/host/carListing/addCarListing", &host, &photos).await?;
        let fin = json!({"sectionName": "finalize"});
        post(&http, &base, "/v1/host/carListing/addCarListing", &host, &fin).await?;
        let t = Instant::now();
        post(&http, &base, &format!("/v1/admin/cars/{id}/approve"), &admin, &json!({})).await?;
        approvals.push(t.elapsed());
        let shown = loop {
            if in_search(&http, &base, &id).await {
                break Some(t.elapsed());
            }
            if t.elapsed() > Duration::from_secs(30) {
                break None;
            }
            tokio::time::sleep(Duration::from_millis(5)).await;
        };
        match shown {
            Some(d) => lags.push(d),
            None => eprintln!("listing {id} not in search after 30 s"),
        }
    }
    println!("listing-lag http listings={listings} shown={}", lags.len());
    report("approve call", approvals);
    report("approval to search", lags);
    Ok(())
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn fresh_vins_are_valid() {
        for s in [0u128, 1, u128::MAX, 0x1234_5678_9abc_def0_1234_5678_9abc_def0] {
            let v = fresh_vin(s);
            assert_eq!(hosting_domain::vin::Vin::parse(&v).unwrap().as_str(), v);
        }
    }
}
