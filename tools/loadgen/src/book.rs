//! `loadgen book`: createTrip through the gateway, open loop at stepped rates.
//!
//! ```text
//! loadgen book http <gateway> <rates, e.g. 25,50,100> <seconds per step> <accounts db> <trips db> <car ids, comma separated> [guests]
//! ```
//!
//! Prepares many guests that pass pre-booking verification: signed up through the gateway,
//! the verification flags (email verified, date of birth, licence and selfie) set with SQL on
//! the accounts database, as the e2e helpers arrange what only a person could do, and a card
//! added through the gateway. Each booking takes its own (car, day) slot, one-day trips from
//! 10:00 AM, so bookings succeed: guest `g` books car `g % cars` on days no other booking of
//! theirs touches. Requests are sent at their scheduled times whatever the answers (open
//! loop), and latency counts from the scheduled time. Each step reports p50/p99 and errors,
//! and the outbox lag (`published_at - created_at` of the trips outbox rows written during
//! the step), and the CPU each process spent per booking during the step (`/proc`, summed per
//! process name). Steps go up until p99 crosses 50 ms (with `BOOK_ALL_STEPS=1`, through every
//! rate given).

use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl, SimpleAsyncConnection};
use serde_json::{Value, json};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

const TARGET_P99_MS: f64 = 50.0;

pub(crate) struct Guest {
    pub(crate) token: String,
    /// The guest's sign-in email (password `GUEST_PASSWORD`).
    pub(crate) email: String,
}

/// Every bench guest's password.
pub(crate) const GUEST_PASSWORD: &str = "BenchGuest123!";

fn day(d: i64) -> String {
    (chrono::Utc::now().date_naive() + chrono::Duration::days(d)).to_string()
}

async fn sign_up(
    http: &reqwest::Client,
    base: &str,
    run: u64,
    i: u64,
) -> anyhow::Result<(String, String, String)> {
    let email = format!("bench-{run}-{i}@bench.local");
    let phone = format!("555{:07}", (run * 1000 + i) % 10_000_000);
    let r = http
        .post(format!("{base}/v1/users/sign-up"))
        .json(&json!({"firstName": "Bench", "lastName": "Guest", "email": email, "phoneNumber": phone,
                      "password": GUEST_PASSWORD, "signUpCode": "DEMO-INVITE", "promotions_enrollment": false}))
        .send()
        .await?;
    let status = r.status();
    let b: Value = r.json().await?;
    anyhow::ensure!(status.as_u16() == 201, "sign-up {status}: {b}");
    let token = b["access_token"].as_str().unwrap_or_default().to_owned();
    let id = b["user"]["_id"].as_str().unwrap_or_default().to_owned();
    Ok((token, id, email))
}

async fn add_card(http: &reqwest::Client, base: &str, token: &str) -> anyhow::Result<()> {
    let r = http
        .post(format!("{base}/v1/payment/stripe/addPaymentMethod"))
        .bearer_auth(token)
        .json(&json!({"paymentMethodId": "pm_card_visa", "billingDetails":
            {"street": "1 Main St", "city": "Fremont", "state": "CA", "zip": "94536", "country": "US"}}))
        .send()
        .await?;
    anyhow::ensure!(r.status().is_success(), "addPaymentMethod {}", r.status());
    Ok(())
}

/// `n` verified guests with a card, prepared 8 at a time.
pub(crate) async fn guests(
    http: &reqwest::Client,
    base: &str,
    accounts_db: &str,
    n: u64,
) -> anyhow::Result<Vec<Guest>> {
    let run = chrono::Utc::now().timestamp() as u64 % 1_000_000;
    let mut made = Vec::new();
    for chunk in (0..n).collect::<Vec<_>>().chunks(8) {
        let tasks: Vec<_> = chunk
            .iter()
            .map(|&i| {
                let (http, base) = (http.clone(), base.to_owned());
                tokio::spawn(async move { sign_up(&http, &base, run, i).await })
            })
            .collect();
        for t in tasks {
            match t.await? {
                Ok(g) => made.push(g),
                Err(e) => eprintln!("guest skipped: {e}"),
            }
        }
    }
    let ids: Vec<String> = made.iter().map(|(_, id, _)| format!("'{id}'")).collect();
    anyhow::ensure!(!ids.is_empty(), "no guest could sign up");
    let list = ids.join(",");
    let mut conn = AsyncPgConnection::establish(accounts_db).await?;
    conn.batch_execute(&format!(
        "UPDATE users SET email_verified = true, dob = '1990-01-01' WHERE id IN ({list}); \
         INSERT INTO driver_documents (user_id, dl_key, dl_back_key, selfie_key, license_first_name, \
           license_last_name, license_number, license_issued_on, license_expires_on) \
         SELECT id, 'bench/dl', 'bench/dl-back', 'bench/selfie', 'Bench', 'Guest', 'B1234567', \
           current_date - 365, current_date + 5 * 365 FROM users WHERE id IN ({list}) \
         ON CONFLICT (user_id) DO UPDATE SET dl_key = EXCLUDED.dl_key, dl_back_key = EXCLUDED.dl_back_key, \
           selfie_key = EXCLUDED.selfie_key, license_first_name = EXCLUDED.license_first_name, \
           license_last_name = EXCLUDED.license_last_name, license_number = EXCLUDED.license_number, \
           license_issued_on = EXCLUDED.license_issued_on, license_expires_on = EXCLUDED.license_expires_on;"
    ))
    .await?;
    let mut out = Vec::new();
    for chunk in made.chunks(8) {
        let tasks: Vec<_> = chunk
            .iter()
            .map(|(token, _, email)| {
                let (http, base, token, email) =
                    (http.clone(), base.to_owned(), token.clone(), email.clone());
                tokio::spawn(async move {
                    add_card(&http, &base, &token).await.map(|()| Guest { token, email })
                })
            })
            .collect();
        for t in tasks {
            match t.await? {
                Ok(guest) => out.push(guest),
                Err(e) => eprintln!("guest skipped: {e}"),
            }
        }
    }
    Ok(out)
}

pub(crate) fn trip(car: &str, from: i64) -> Value {
    json!({"carId": car, "newStartDate": day(from), "newStartTime": "10:00 AM",
           "newEndDate": day(from + 1), "newEndTime": "10:00 AM", "age": 36, "extras": [],
           "protectionPlanType": "Standard", "message": "bench"})
}

/// The checkout price of a trip for a guest (`tripPrice/getFinalTripPrice`): the body to book
/// it with, carrying `quoteId` and `finalPrice` as the web app's Book sends them.
pub(crate) async fn priced(
    http: &reqwest::Client,
    base: &str,
    token: &str,
    mut body: Value,
) -> anyhow::Result<Value> {
    let r = http
        .post(format!("{base}/v1/tripPrice/getFinalTripPrice"))
        .bearer_auth(token)
        .json(&body)
        .send()
        .await?;
    let status = r.status();
    let q: Value = r.json().await?;
    anyhow::ensure!(status.is_success(), "getFinalTripPrice {status}: {q}");
    body["quoteId"] = q["data"]["quoteId"].clone();
    body["finalPrice"] = q["data"]["finalPrice"].clone();
    Ok(body)
}

pub(crate) async fn book(
    http: &reqwest::Client,
    base: &str,
    token: &str,
    body: &Value,
) -> Result<(), String> {
    match http
        .post(format!("{base}/v1/trips/createTrip"))
        .bearer_auth(token)
        .json(body)
        .send()
        .await
    {
        // The body is read as a client would, so the connection is kept for the next request.
        Ok(r) if r.status().as_u16() == 201 => {
            r.bytes().await.map(|_| ()).map_err(|e| e.to_string())
        }
        Ok(r) => {
            let s = r.status();
            Err(format!("{s}: {}", r.text().await.unwrap_or_default()))
        }
        Err(e) => Err(e.to_string()),
    }
}

pub(crate) fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

#[derive(diesel::QueryableByName)]
struct Lag {
    #[diesel(sql_type = diesel::sql_types::BigInt)]
    n: i64,
    #[diesel(sql_type = diesel::sql_types::Double)]
    p50: f64,
    #[diesel(sql_type = diesel::sql_types::Double)]
    p99: f64,
    #[diesel(sql_type = diesel::sql_types::Double)]
    max: f64,
}

/// Outbox rows written between `from` and `until`: count and lag percentiles in ms.
async fn outbox_lag(
    trips_db: &str,
    from: chrono::DateTime<chrono::Utc>,
    until: chrono::DateTime<chrono::Utc>,
) -> anyhow::Result<Lag> {
    let mut conn = AsyncPgConnection::establish(trips_db).await?;
    let rows: Vec<Lag> = diesel::sql_query(
        "SELECT count(*) AS n, \
         coalesce(percentile_cont(0.5) WITHIN GROUP (ORDER BY lag), 'NaN') AS p50, \
         coalesce(percentile_cont(0.99) WITHIN GROUP (ORDER BY lag), 'NaN') AS p99, \
         coalesce(max(lag), 'NaN') AS max FROM ( \
           SELECT extract(epoch FROM coalesce(published_at, now()) - created_at)::float8 * 1000 AS lag \
           FROM outbox WHERE created_at >= $1 AND created_at < $2) x",
    )
    .bind::<diesel::sql_types::Timestamptz, _>(from)
    .bind::<diesel::sql_types::Timestamptz, _>(until)
    .load(&mut conn)
    .await?;
    rows.into_iter().next().ok_or_else(|| anyhow::anyhow!("no lag row"))
}

#[derive(diesel::QueryableByName)]
struct Backend {
    #[diesel(sql_type = diesel::sql_types::Integer)]
    pid: i32,
    #[diesel(sql_type = diesel::sql_types::Text)]
    label: String,
}

/// Postgres processes named by what they serve: `postgres:<database>` for client backends,
/// `postgres:<backend type>` for the server's own (WAL writer, checkpointer, ...).
pub async fn postgres_labels(db: &str) -> std::collections::BTreeMap<u32, String> {
    let rows: Vec<Backend> = match AsyncPgConnection::establish(db).await {
        Ok(mut conn) => diesel::sql_query(
            "SELECT pid, 'postgres:' || coalesce(datname, backend_type) AS label FROM pg_stat_activity",
        )
        .load(&mut conn)
        .await
        .unwrap_or_default(),
        Err(_) => Vec::new(),
    };
    rows.into_iter().map(|b| (b.pid as u32, b.label)).collect()
}

/// The cars a one-day booking on `day` succeeds on (their own rules allow it), and the guests
/// cut to a multiple of them, so guest g always books car g % cars.
pub(crate) async fn bookable_fleet(
    http: &reqwest::Client,
    base: &str,
    all_cars: &[String],
    gs: Vec<Guest>,
    day: i64,
) -> anyhow::Result<(Arc<Vec<String>>, Arc<Vec<Guest>>)> {
    let mut cars = Vec::new();
    for (i, car) in all_cars.iter().enumerate() {
        match book(http, base, &gs[i % gs.len()].token, &trip(car, day)).await {
            Ok(()) => cars.push(car.clone()),
            Err(e) => eprintln!("car {car} left out: {e}"),
        }
    }
    anyhow::ensure!(!cars.is_empty(), "no car takes bookings");
    let g_count = (gs.len() / cars.len()) * cars.len();
    anyhow::ensure!(g_count > 0, "fewer guests than cars");
    Ok((Arc::new(cars), Arc::new(gs.into_iter().take(g_count).collect())))
}

/// Runs the stepped benchmark.
pub async fn run(args: &[String]) -> anyhow::Result<()> {
    anyhow::ensure!(
        args.len() >= 9,
        "usage: loadgen book http <gateway> <rates> <seconds> <accounts db> <trips db> <car ids> [guests]"
    );
    let base = args[3].trim_end_matches('/').to_owned();
    let rates: Vec<u64> = args[4].split(',').map(str::parse).collect::<Result<_, _>>()?;
    let seconds: u64 = args[5].parse()?;
    let (accounts_db, trips_db) = (args[6].clone(), args[7].clone());
    let all_cars: Vec<String> =
        args[8].split(',').filter(|s| !s.is_empty()).map(str::to_owned).collect();
    let wanted: u64 = args.get(9).map(|s| s.parse()).transpose()?.unwrap_or(200);
    let http = reqwest::Client::builder()
        .pool_max_idle_per_host(512)
        .timeout(Duration::from_secs(10))
        .build()?;
    let started = Instant::now();
    let gs = guests(&http, &base, &accounts_db, wanted.max(all_cars.len() as u64)).await?;
    eprintln!(
        "{} verified guests with a card in {:.1} s",
        gs.len(),
        started.elapsed().as_secs_f64()
    );
    let (cars, gs) = bookable_fleet(&http, &base, &all_cars, gs, 30).await?;
    let g_count = gs.len();
    println!("book: {} cars, {} guests, {} s per step", cars.len(), g_count, seconds);
    let slot = Arc::new(AtomicU64::new(0));
    let mut best: Option<u64> = None;
    let mut crossed: Option<u64> = None;
    let all_steps = std::env::var("BOOK_ALL_STEPS").is_ok_and(|v| v == "1");
    // As the web app books: the checkout price (a quote) first, then createTrip with its
    // quoteId; quotes are made before each step, so the step times createTrip alone.
    // BOOK_WITHOUT_QUOTE=1 sends the Trip fields only and createTrip prices the trip itself.
    let with_quote = !std::env::var("BOOK_WITHOUT_QUOTE").is_ok_and(|v| v == "1");
    for rate in rates {
        let total = rate * seconds;
        let first = slot.fetch_add(total, Ordering::Relaxed);
        let car_n = cars.len() as u64;
        // Slot i: car i % cars, day 31 + i / cars; guest i % guests (a multiple of cars).
        let slot_of = |i: u64| {
            let (car, from) = (&cars[(i % car_n) as usize], 31 + (i / car_n) as i64);
            (trip(car, from), gs[(i % g_count as u64) as usize].token.clone())
        };
        let mut bodies = Vec::with_capacity(total as usize);
        if with_quote {
            let quoting = Instant::now();
            for chunk in (first..first + total).collect::<Vec<_>>().chunks(16) {
                let tasks: Vec<_> = chunk
                    .iter()
                    .map(|&i| {
                        let (body, token) = slot_of(i);
                        let (http, base) = (http.clone(), base.clone());
                        tokio::spawn(async move { priced(&http, &base, &token, body).await })
                    })
                    .collect();
                for t in tasks {
                    bodies.push(t.await??);
                }
            }
            eprintln!("{total} quotes in {:.1} s", quoting.elapsed().as_secs_f64());
            // Let the services finish what the quoting left (pricing's writes) first.
            tokio::time::sleep(Duration::from_secs(1)).await;
        } else {
            bodies.extend((first..first + total).map(|i| slot_of(i).0));
        }
        let labels = postgres_labels(&trips_db).await;
        let cpu_before = crate::cpu::snapshot_labelled(&labels);
        let t0 = Instant::now() + Duration::from_millis(200);
        let wall0 = chrono::Utc::now() + chrono::Duration::milliseconds(200);
        let mut tasks = Vec::with_capacity(total as usize);
        for k in 0..total {
            let at = t0 + Duration::from_secs_f64(k as f64 / rate as f64);
            tokio::time::sleep_until(at.into()).await;
            let i = first + k;
            let body = std::mem::take(&mut bodies[k as usize]);
            let token = gs[(i % g_count as u64) as usize].token.clone();
            let (http, base) = (http.clone(), base.clone());
            tasks.push(tokio::spawn(async move {
                let r = book(&http, &base, &token, &body).await;
                (at.elapsed().as_secs_f64() * 1000.0, r)
            }));
        }
        let sent_in = t0.elapsed().as_secs_f64();
        let mut lat = Vec::with_capacity(tasks.len());
        let mut errors = 0u64;
        let mut shown = 0;
        for t in tasks {
            let (ms, r) = t.await?;
            match r {
                Ok(()) => lat.push(ms),
                Err(e) => {
                    errors += 1;
                    if shown < 3 {
                        eprintln!("error: {e}");
                        shown += 1;
                    }
                }
            }
        }
        let wall1 = chrono::Utc::now();
        lat.sort_by(f64::total_cmp);
        let (p50, p99) = (percentile(&lat, 0.50), percentile(&lat, 0.99));
        // Let the relay publish what the step wrote, then read the lag.
        tokio::time::sleep(Duration::from_secs(2)).await;
        // CPU from the first send until the relay and the consumers are done with the step.
        let (cpu, cpu_total) =
            crate::cpu::per_op(&cpu_before, &crate::cpu::snapshot_labelled(&labels), total);
        let lag = outbox_lag(&trips_db, wall0, wall1).await?;
        println!(
            "book http rate={rate} sent={total} in {sent_in:.1}s ok={} errors={errors} p50_ms={p50:.1} p99_ms={p99:.1} \
             outbox_rows={} outbox_lag_p50_ms={:.1} outbox_lag_p99_ms={:.1} outbox_lag_max_ms={:.1}",
            lat.len(),
            lag.n,
            lag.p50,
            lag.p99,
            lag.max
        );
        println!("  cpu ms per booking: total={cpu_total:.2} {}", crate::cpu::describe(&cpu));
        let within = p99 < TARGET_P99_MS && errors == 0;
        if within && crossed.is_none() {
            best = Some(rate);
        } else if crossed.is_none() {
            crossed = Some(rate);
        }
        // BOOK_ALL_STEPS=1 goes on past the target (throughput and outbox lag at higher rates).
        if !within && !all_steps {
            break;
        }
    }
    match best {
        Some(r) => {
            println!("highest rate with p99 under {TARGET_P99_MS} ms and no errors: {r} bookings/s")
        }
        None => println!("no rate kept p99 under {TARGET_P99_MS} ms"),
    }
    Ok(())
}
