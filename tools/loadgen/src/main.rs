//! A closed-loop load generator for the benchmarks in `docs/PERFORMANCE.md`: N clients each
//! send one request after the other for a fixed time, against the gateway over HTTP or a
//! service over gRPC, and the latencies are reported as p50, p99 and requests per second.
//!
//! ```text
//! loadgen <call> <target> <address> <concurrency> <seconds> [token] [id]
//!   call:    verify-token | get-host (accounts) | search (catalog) | prices (pricing: the
//!            20 cars of a search page, ids comma separated in [id], priced in one batch)
//!   target:  http (gateway) | grpc (the service) | sql (search only: the store query on the
//!            catalog database URL given as address)
//! loadgen book http <gateway> <rates> <seconds per step> <accounts db> <trips db> <car ids> [guests]
//!   createTrip at stepped open-loop rates (see `book.rs`)
//! loadgen wizard http <gateway> <clients> <seconds>
//! loadgen listing-lag http <gateway> <admin email> <admin password> <listings>
//!   the listing wizard's sections, and approval to search (see `hosting.rs`)
//! loadgen chat http <gateways> <messaging db> <rooms> <sockets per room> <seconds> <rate> [pids]
//!   real-time chat: sockets on several gateways, send-to-receive times (see `chat.rs`)
//! loadgen mixed http <gateway> <rates> <seconds per step> <accounts db> <trips db> <car ids> [guests]
//!   60 % search, 39 % car page and price, 0.5 % login, 0.5 % booking, open loop (see `mixed.rs`)
//! loadgen activity http <gateway> <activity db> <events/s,...> <seconds per step> [batch]
//!   activity ingestion at stepped rates: confirmed answers, loss, send-to-stored (see `activity.rs`)
//! loadgen sockets http <gateway> <email> <password> <sockets> <stop file>
//!   real-time sockets held through restarts: each told to reconnect comes back (see `sockets.rs`)
//! ```
//!
//! The search is the one of `docs/PERFORMANCE.md`'s car search section ("Car search at 100k
//! cars and 500k bookings"): near Fremont, CA, ten to twelve days from now, nearest first, one
//! page of 20.

mod activity;
mod book;
mod chat;
mod cpu;
mod hosting;
mod mixed;
mod sockets;

use std::time::{Duration, Instant};
use upcar_grpc::Channel;
use upcar_proto::accounts as pb;
use upcar_proto::accounts::accounts_client::AccountsClient;
use upcar_proto::catalog as cpb;
use upcar_proto::catalog::catalog_client::CatalogClient;
use upcar_proto::pricing as ppb;
use upcar_proto::pricing::pricing_client::PricingClient;

// The services' allocator, so the SQL-alone path decodes rows at the same cost as the service.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Clone, Copy, PartialEq)]
enum Call {
    VerifyToken,
    GetHost,
    Search,
    Prices,
}

#[derive(Clone)]
enum Client {
    Http(reqwest::Client, String),
    Grpc(AccountsClient<Channel>),
    Catalog(CatalogClient<Channel>),
    Pricing(PricingClient<Channel>),
    Sql(catalog_search::store::cars::SearchPool, std::sync::Arc<SqlSearch>),
}

fn day(d: i64) -> String {
    (chrono::Utc::now().date_naive() + chrono::Duration::days(d)).to_string()
}

/// The SQL path's search: its query, and the running searches, which decide as the service
/// does (with its `search.count_beside_max`) whether a search counts beside its page.
struct SqlSearch {
    query: catalog_search::store::cars::SearchQuery,
    searches: catalog_search::api::search::Searches,
}

/// The search's order: `LOADGEN_SORT` measures another (recommended, priceAsc, priceDesc).
static SORT: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
    std::env::var("LOADGEN_SORT").unwrap_or_else(|_| "distance".into())
});

/// The benchmark's search; every path (SQL, gRPC, HTTP) sends this one.
fn search_request() -> cpb::SearchRequest {
    cpb::SearchRequest {
        from_date: day(10),
        until_date: day(12),
        latitude: Some(37.5485),
        longitude: Some(-121.9886),
        sort_by: SORT.clone(),
        limit: 20,
        ..Default::default()
    }
}

/// Whether an HTTP answer succeeded, reading its whole body as a client would (a response
/// dropped unread closes its connection, so every request would pay a new one).
async fn http_ok(r: reqwest::Result<reqwest::Response>) -> bool {
    match r {
        Ok(r) => {
            let ok = r.status().is_success();
            r.bytes().await.is_ok() && ok
        }
        Err(_) => false,
    }
}

/// The store's own time in a `Server-Timing` value (`db;dur=9.1, catalog;dur=10.2`), in ms.
fn store_ms(server_timing: Option<&str>) -> Option<f64> {
    server_timing?.split(',').find_map(|m| m.trim().strip_prefix("db;dur=")?.parse().ok())
}

/// One search, with the time its store call took where the server reports it (HTTP header and
/// gRPC metadata `server-timing`) or, for the SQL path, the call itself.
async fn search_once(client: &mut Client) -> Option<Option<f64>> {
    match client {
        Client::Http(c, base) => {
            let q = search_request();
            let r = c
                .get(format!(
                    "{base}/v1/cars/search?latitude={}&longitude={}&fromDate={}&untilDate={}&sortBy={}&limit={}",
                    q.latitude.unwrap_or_default(),
                    q.longitude.unwrap_or_default(),
                    q.from_date,
                    q.until_date,
                    q.sort_by,
                    q.limit
                ))
                .send()
                .await
                .ok()?;
            let store = store_ms(r.headers().get("server-timing").and_then(|v| v.to_str().ok()));
            let ok = r.status().is_success();
            (r.bytes().await.is_ok() && ok).then_some(store)
        }
        Client::Catalog(c) => {
            let r = c.search_cars(search_request()).await.ok()?;
            Some(store_ms(r.metadata().get("server-timing").and_then(|v| v.to_str().ok())))
        }
        Client::Sql(pool, s) => {
            let t = Instant::now();
            let running = s.searches.enter();
            let (conn, mut spare) = tokio::join!(pool.get(), running.spare(pool));
            let mut conn = conn.ok()?;
            catalog_search::store::cars::search(&mut conn, spare.as_mut(), &s.query).await.ok()?;
            Some(Some(t.elapsed().as_secs_f64() * 1000.0))
        }
        _ => None,
    }
}

/// One request: None when it failed; otherwise the store's time when known (searches).
async fn measure(client: &mut Client, call: Call, token: &str, id: &str) -> Option<Option<f64>> {
    if call == Call::Search {
        return search_once(client).await;
    }
    once(client, call, token, id).await.then_some(None)
}

async fn once(client: &mut Client, call: Call, token: &str, id: &str) -> bool {
    match (client, call) {
        (Client::Http(c, base), Call::VerifyToken) => {
            http_ok(
                c
                .post(format!("{base}/v1/users/verifyToken"))
                .json(&serde_json::json!({"token": token}))
                    .send()
                    .await,
            )
            .await
        }
        (Client::Http(c, base), Call::GetHost) => {
            http_ok(
                c
                .get(format!("{base}/v1/users/gethost/{id}"))
                    .send()
                    .await,
            )
            .await
        }
        (Client::Grpc(c), Call::VerifyToken) => c
            .verify_token(pb::VerifyTokenRequest {
                token: token.to_owned(),
                device_fingerprint: String::new(),
            })
            .await
            .is_ok(),
        (Client::Grpc(c), Call::GetHost) => {
            c.get_host(pb::IdRequest { id: id.to_owned() }).await.is_ok()
        }
        (Client::Http(c, base), Call::Prices) => {
            http_ok(
                c
                .get(format!(
                    "{base}/v1/cars/checkPrices/{id}?startDate={}&startTime=10:00%20AM&endDate={}&endTime=10:00%20AM",
                    day(10),
                    day(12)
                ))
                    .send()
                    .await,
            )
            .await
        }
        (Client::Pricing(c), Call::Prices) => c
            .check_prices(ppb::CheckPricesRequest {
                car_ids: id.split(',').map(str::to_owned).collect(),
                start_date: day(10),
                start_time: "10:00 AM".into(),
                end_date: day(12),
                end_time: "10:00 AM".into(),
                ..Default::default()
            })
            .await
            .is_ok_and(|r| r.get_ref().status == "ready"),
        // A call sent to a target that does not serve it.
        _ => false,
    }
}

/// Signs in with a password (`users/login`) and gives the access token.
async fn login(
    http: &reqwest::Client,
    base: &str,
    email: &str,
    password: &str,
) -> anyhow::Result<String> {
    let r = http
        .post(format!("{base}/v1/users/login"))
        .json(&serde_json::json!({"email": email, "password": password}))
        .send()
        .await?;
    let b: serde_json::Value = r.json().await?;
    let token = b["access_token"].as_str().unwrap_or_default().to_owned();
    anyhow::ensure!(!token.is_empty(), "login of {email}: {b}");
    Ok(token)
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let idx = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[idx].as_secs_f64() * 1000.0
}

/// A service address as the gateway calls it: 2 s to connect, 10 s per call.
fn link(address: &str) -> anyhow::Result<Channel> {
    upcar_grpc::channel(address, Duration::from_secs(2), Duration::from_secs(10))
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    match args.get(1).map(String::as_str) {
        Some("book") => return book::run(&args).await,
        Some("mixed") => return mixed::run(&args).await,
        Some("wizard") => return hosting::wizard(&args).await,
        Some("chat") => return chat::run(&args).await,
        Some("activity") => return activity::run(&args).await,
        Some("sockets") => return sockets::run(&args).await,
        Some("listing-lag") => return hosting::listing_lag(&args).await,
        _ => {}
    }
    anyhow::ensure!(
        args.len() >= 6,
        "usage: loadgen <verify-token|get-host> <http|grpc> <address> <concurrency> <seconds> [token] [id]"
    );
    let call = match args[1].as_str() {
        "verify-token" => Call::VerifyToken,
        "get-host" => Call::GetHost,
        "search" => Call::Search,
        "prices" => Call::Prices,
        other => anyhow::bail!("unknown call {other}"),
    };
    let address = args[3].clone();
    let concurrency: usize = args[4].parse()?;
    let seconds: u64 = args[5].parse()?;
    let token = args.get(6).cloned().unwrap_or_default();
    let id = args.get(7).cloned().unwrap_or_default();
    let client = match args[2].as_str() {
        "http" => Client::Http(
            reqwest::Client::builder().pool_max_idle_per_host(concurrency).build()?,
            address,
        ),
        // The transport the gateway calls the services with.
        "grpc" if call == Call::Search => Client::Catalog(CatalogClient::new(link(&address)?)),
        "grpc" if call == Call::Prices => Client::Pricing(PricingClient::new(link(&address)?)),
        "grpc" => Client::Grpc(AccountsClient::new(link(&address)?)),
        "sql" => {
            // The service's own search settings (its config files and the environment).
            let settings = catalog_search::Settings::load()?.search;
            let (q, _) = catalog_search::api::search::query(
                settings.radius_miles,
                &search_request(),
                chrono::Utc::now(),
            )?;
            let searches = catalog_search::api::search::Searches::new(settings.count_beside_max);
            // The service's search pool (its sessions steer the planner), with room for a second
            // connection per client.
            let pool =
                catalog_search::store::cars::SearchPool::new(&address, 2 * concurrency.max(1))?;
            Client::Sql(pool, std::sync::Arc::new(SqlSearch { query: q, searches }))
        }
        other => anyhow::bail!("unknown target {other}"),
    };
    // Warm up connections and caches.
    {
        let mut c = client.clone();
        for _ in 0..200 {
            measure(&mut c, call, &token, &id).await;
        }
    }
    // LOADGEN_PG (any database URL of the server) names Postgres' CPU by database.
    let labels = match std::env::var("LOADGEN_PG") {
        Ok(url) => book::postgres_labels(&url).await,
        Err(_) => Default::default(),
    };
    let cpu_before = cpu::snapshot_labelled(&labels);
    let deadline = Instant::now() + Duration::from_secs(seconds);
    let mut tasks = Vec::new();
    for _ in 0..concurrency {
        let (mut c, token, id) = (client.clone(), token.clone(), id.clone());
        tasks.push(tokio::spawn(async move {
            let mut lat = Vec::with_capacity(100_000);
            // Each request's time outside the store call (latency minus the reported store
            // time): the hops' cost paired request by request, free of drift between runs.
            let mut outside = Vec::with_capacity(100_000);
            let mut errors = 0u64;
            while Instant::now() < deadline {
                let t = Instant::now();
                match measure(&mut c, call, &token, &id).await {
                    Some(store) => {
                        let took = t.elapsed();
                        lat.push(took);
                        if let Some(ms) = store {
                            outside.push(took.saturating_sub(Duration::from_secs_f64(ms / 1000.0)));
                        }
                    }
                    None => errors += 1,
                }
            }
            (lat, outside, errors)
        }));
    }
    let started = Instant::now();
    let mut all = Vec::new();
    let mut outside = Vec::new();
    let mut errors = 0;
    for t in tasks {
        let (lat, out, e) = t.await?;
        all.extend(lat);
        outside.extend(out);
        errors += e;
    }
    let elapsed = started.elapsed().as_secs_f64().max(seconds as f64);
    let (cpu, cpu_total) =
        cpu::per_op(&cpu_before, &cpu::snapshot_labelled(&labels), all.len() as u64);
    all.sort();
    println!(
        "{} {} c={} n={} errors={} p50_ms={:.3} p99_ms={:.3} rps={:.0}",
        args[1],
        args[2],
        concurrency,
        all.len(),
        errors,
        percentile(&all, 0.50),
        percentile(&all, 0.99),
        all.len() as f64 / elapsed
    );
    if !outside.is_empty() {
        outside.sort();
        println!(
            "  outside the store call: p50_ms={:.3} p99_ms={:.3}",
            percentile(&outside, 0.50),
            percentile(&outside, 0.99)
        );
    }
    println!("  cpu ms per request: total={cpu_total:.2} {}", cpu::describe(&cpu));
    Ok(())
}
