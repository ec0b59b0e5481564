//! Real-time sockets held through restarts (`docs/RELIABILITY.md`):
//!
//! ```text
//! loadgen sockets http <gateway> <email> <password> <sockets> <stop file>
//! ```
//!
//! Signs in once and opens `sockets` sockets on `/v1/ws` (one person on many devices), each
//! authenticated, then holds them until the stop file is not empty. A socket the server closes
//! with 1012 ("service restart": a gateway replica stopping) is opened again at once, as the
//! web app does; any other end (a close with another code, a connection dropped without a
//! close frame, a socket that cannot be opened again within 30 s) is counted. Printed: the
//! sockets, how many were told to reconnect and came back, how many ended otherwise. The exit
//! code is 1 when any socket ended other than by a restart close, or did not come back.

use serde_json::json;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;
use upcar_testkit::ws::{Received, WsClient};

/// The close code of a server that restarts (RFC 6455 registry: "Service Restart").
const RESTART: u16 = 1012;
/// How long a socket told to reconnect may take to be open again.
const REOPEN_WITHIN: Duration = Duration::from_secs(30);

#[derive(Default)]
struct Counts {
    told_to_reconnect: AtomicU64,
    reconnected: AtomicU64,
    ended_otherwise: AtomicU64,
    not_reopened: AtomicU64,
}

async fn open(base: &str, token: &str) -> anyhow::Result<WsClient> {
    let mut ws = WsClient::connect(base, "/v1/ws").await?;
    ws.send_json(&json!({"type": "auth", "token": token})).await?;
    let ready = ws.next_json(Duration::from_secs(10)).await?;
    anyhow::ensure!(ready["type"] == "ready", "auth: {ready}");
    Ok(ws)
}

/// Opens the socket again, retrying for [`REOPEN_WITHIN`] (the load balancer may still send
/// the first attempts to the replica that is going).
async fn reopen(base: &str, token: &str) -> Option<WsClient> {
    let until = tokio::time::Instant::now() + REOPEN_WITHIN;
    while tokio::time::Instant::now() < until {
        if let Ok(ws) = open(base, token).await {
            return Some(ws);
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    None
}

fn stopped(stop_file: &str) -> bool {
    std::fs::metadata(stop_file).map(|m| m.len() > 0).unwrap_or(true)
}

/// Holds one socket until the stop file is written, counting how its connections end.
async fn hold(base: Arc<str>, token: Arc<str>, stop_file: Arc<str>, counts: Arc<Counts>) {
    let Some(mut ws) = reopen(&base, &token).await else {
        counts.not_reopened.fetch_add(1, Ordering::Relaxed);
        return;
    };
    while !stopped(&stop_file) {
        let end = match ws.next(Duration::from_millis(500)).await {
            Ok(None) | Ok(Some(Received::Text(_))) => continue,
            Ok(Some(Received::Closed(Some(RESTART)))) => {
                counts.told_to_reconnect.fetch_add(1, Ordering::Relaxed);
                None
            }
            Ok(Some(Received::Closed(code))) => Some(format!("closed with {code:?}")),
            Err(e) => Some(format!("{e}")),
        };
        if let Some(why) = end {
            counts.ended_otherwise.fetch_add(1, Ordering::Relaxed);
            eprintln!("socket ended without a restart close: {why}");
        }
        match reopen(&base, &token).await {
            Some(again) => {
                counts.reconnected.fetch_add(1, Ordering::Relaxed);
                ws = again;
            }
            None => {
                counts.not_reopened.fetch_add(1, Ordering::Relaxed);
                return;
            }
        }
    }
    let _ = ws.close().await;
}

/// `loadgen sockets http ...` (see the module's text).
pub async fn run(args: &[String]) -> anyhow::Result<()> {
    anyhow::ensure!(
        args.len() >= 8,
        "usage: loadgen sockets http <gateway> <email> <password> <sockets> <stop file>"
    );
    let base: Arc<str> = args[3].trim_end_matches('/').into();
    let sockets: usize = args[6].parse()?;
    let stop_file: Arc<str> = args[7].as_str().into();
    let http = reqwest::Client::builder().timeout(Duration::from_secs(10)).build()?;
    let token: Arc<str> = crate::login(&http, &base, &args[4], &args[5]).await?.into();
    let counts = Arc::new(Counts::default());
    let tasks: Vec<_> = (0..sockets)
        .map(|_| tokio::spawn(hold(base.clone(), token.clone(), stop_file.clone(), counts.clone())))
        .collect();
    for t in tasks {
        t.await?;
    }
    let told = counts.told_to_reconnect.load(Ordering::Relaxed);
    let back = counts.reconnected.load(Ordering::Relaxed);
    let otherwise = counts.ended_otherwise.load(Ordering::Relaxed);
    let lost = counts.not_reopened.load(Ordering::Relaxed);
    println!(
        "sockets: {sockets}, told to reconnect (1012): {told}, reconnected: {back}, ended otherwise: {otherwise}, not open again: {lost}"
    );
    if otherwise + lost > 0 {
        std::process::exit(1);
    }
    Ok(())
}
