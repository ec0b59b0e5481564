//! The real-time chat benchmark of `docs/PERFORMANCE.md`:
//!
//! ```text
//! loadgen chat http <gateway,gateway,...> <messaging db> <rooms> <sockets per room> <seconds> <messages per room per second> [gateway pids]
//! ```
//!
//! Two people per room (a guest and a host, new accounts), rooms written straight into the
//! messaging database (a fixture: a booking would open them). Each room is followed by
//! `sockets per room` sockets (the two people on several devices), spread over the gateways in
//! turn, so a message sent through one gateway reaches sockets on the others through Redis.
//! Memory per idle socket: the gateways' resident memory before and after the sockets open
//! (`/proc/{pid}/status`), divided by the sockets. Then each room's guest sends messages over
//! HTTP at a fixed rate, each carrying its send time; every socket records send-to-receive
//! times. Printed: p50, p99 and max, messages sent and delivered per second, and sockets that
//! missed a message.

use diesel_async::{AsyncConnection, AsyncPgConnection};
use serde_json::{Value, json};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use upcar_testkit::ws::{Received, WsClient};

fn now_micros() -> u64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_micros() as u64).unwrap_or(0)
}

struct Person {
    id: String,
    token: String,
}

async fn sign_up(
    http: &reqwest::Client,
    base: &str,
    tag: &str,
    i: usize,
) -> anyhow::Result<Person> {
    let s = now_micros();
    let r = http
        .post(format!("{base}/v1/users/sign-up"))
        .json(&json!({"firstName": "Bench", "lastName": tag, "email": format!("bench-chat-{tag}-{s:x}-{i}@bench.local"),
                      "phoneNumber": format!("555{:07}", (s as usize + i) % 9_000_000),
                      "password": "BenchChat123!", "signUpCode": "DEMO-INVITE", "promotions_enrollment": false}))
        .send()
        .await?;
    let status = r.status();
    let b: Value = r.json().await?;
    anyhow::ensure!(status.as_u16() == 201, "sign-up {status}: {b}");
    Ok(Person {
        id: b["user"]["userId"].as_str().unwrap_or_default().to_owned(),
        token: b["access_token"].as_str().unwrap_or_default().to_owned(),
    })
}

fn rss_kib(pid: &str) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1).and_then(|v| v.parse().ok()))
        })
        .unwrap_or(0)
}

async fn open(base: &str, token: &str, room: &str) -> anyhow::Result<WsClient> {
    let mut ws = WsClient::connect(base, "/v1/ws").await?;
    ws.send_json(&json!({"type": "auth", "token": token})).await?;
    let ready = ws.next_json(Duration::from_secs(10)).await?;
    anyhow::ensure!(ready["type"] == "ready", "auth: {ready}");
    ws.send_json(&json!({"type": "subscribe", "channel": format!("chat-{room}")})).await?;
    let sub = ws.next_json(Duration::from_secs(10)).await?;
    anyhow::ensure!(sub["type"] == "subscribed", "subscribe: {sub}");
    Ok(ws)
}

/// `loadgen chat http ...` (see the module's text).
pub async fn run(args: &[String]) -> anyhow::Result<()> {
    anyhow::ensure!(
        args.len() >= 9,
        "usage: loadgen chat http <gateways> <messaging db> <rooms> <sockets per room> <seconds> <rate per room> [pids]"
    );
    let gateways: Vec<String> =
        args[3].split(',').map(|g| g.trim_end_matches('/').to_owned()).collect();
    let db = &args[4];
    let rooms: usize = args[5].parse()?;
    let per_room: usize = args[6].parse()?;
    let seconds: u64 = args[7].parse()?;
    let rate: f64 = args[8].parse()?;
    let pids: Vec<String> =
        args.get(9).map(|p| p.split(',').map(str::to_owned).collect()).unwrap_or_default();
    let http = reqwest::Client::builder().timeout(Duration::from_secs(10)).build()?;

    // People and rooms.
    let mut conn = AsyncPgConnection::establish(db).await?;
    let mut setup = Vec::new();
    for r in 0..rooms {
        let guest = sign_up(&http, &gateways[0], "Guest", r).await?;
        let host = sign_up(&http, &gateways[0], "Host", r).await?;
        let room = uuid::Uuid::now_v7();
        let insert = diesel::sql_query(
            "INSERT INTO chat_rooms (id, trip_id, car_id, guest_id, host_id) VALUES ($1, $2, $3, $4::uuid, $5::uuid)",
        )
        .bind::<diesel::sql_types::Uuid, _>(room)
        .bind::<diesel::sql_types::Uuid, _>(uuid::Uuid::now_v7())
        .bind::<diesel::sql_types::Uuid, _>(uuid::Uuid::now_v7())
        .bind::<diesel::sql_types::Text, _>(&guest.id)
        .bind::<diesel::sql_types::Text, _>(&host.id);
        diesel_async::RunQueryDsl::execute(insert, &mut conn).await?;
        setup.push((room.to_string(), guest, host));
    }
    drop(conn);

    // Sockets, spread over the gateways. Idle memory per socket: the gateways' growth from
    // the moment half the sockets are open (allocators and connection pools warm) to all of
    // them, over the second half's sockets.
    let mut sockets = Vec::new();
    let mut n = 0usize;
    let total = rooms * per_room;
    let mut half: Vec<u64> = Vec::new();
    for (room, guest, host) in &setup {
        for k in 0..per_room {
            let who = if k % 2 == 0 { guest } else { host };
            let base = &gateways[n % gateways.len()];
            sockets.push((room.clone(), open(base, &who.token, room).await?));
            n += 1;
            if n == total / 2 {
                tokio::time::sleep(Duration::from_secs(2)).await;
                half = pids.iter().map(|p| rss_kib(p)).collect();
            }
        }
    }
    tokio::time::sleep(Duration::from_secs(2)).await;
    let after: Vec<u64> = pids.iter().map(|p| rss_kib(p)).collect();
    let grown: i64 = after.iter().zip(&half).map(|(a, b)| *a as i64 - *b as i64).sum();
    println!(
        "chat: rooms={rooms} sockets={} gateways={} rss_half_kib={:?} rss_all_kib={:?} per_idle_socket_kib={:.1}",
        sockets.len(),
        gateways.len(),
        half,
        after,
        grown as f64 / (total - total / 2).max(1) as f64
    );

    // Readers: every socket records each message's send-to-receive time.
    let delivered = Arc::new(AtomicU64::new(0));
    let stop_at = tokio::time::Instant::now() + Duration::from_secs(seconds + 3);
    let mut readers = Vec::new();
    for (_, mut ws) in sockets {
        let delivered = delivered.clone();
        readers.push(tokio::spawn(async move {
            let mut lat = Vec::new();
            let mut seqs = Vec::new();
            while tokio::time::Instant::now() < stop_at {
                let left = stop_at.saturating_duration_since(tokio::time::Instant::now());
                match ws.next(left).await {
                    Ok(Some(Received::Text(t))) => {
                        let Ok(v) = serde_json::from_str::<Value>(&t) else { continue };
                        if v["type"] != "new-message" {
                            continue;
                        }
                        let sent: u64 = v["data"]["message"]
                            .as_str()
                            .and_then(|m| m.strip_prefix("t:"))
                            .and_then(|m| m.parse().ok())
                            .unwrap_or(0);
                        lat.push(Duration::from_micros(now_micros().saturating_sub(sent)));
                        seqs.push(v["data"]["seq"].as_i64().unwrap_or(0));
                        delivered.fetch_add(1, Ordering::Relaxed);
                    }
                    Ok(Some(Received::Closed(_))) | Err(_) => break,
                    Ok(None) => break,
                }
            }
            (lat, seqs)
        }));
    }

    // Senders: each room's guest, at `rate` messages a second, through the gateways in turn.
    let sent = Arc::new(AtomicU64::new(0));
    let failed = Arc::new(AtomicU64::new(0));
    let period = Duration::from_secs_f64(1.0 / rate.max(0.01));
    let started = std::time::Instant::now();
    let mut senders = Vec::new();
    for (i, (room, guest, _)) in setup.iter().enumerate() {
        let (http, base) = (http.clone(), gateways[i % gateways.len()].clone());
        let (room, token) = (room.clone(), guest.token.clone());
        let (sent, failed) = (sent.clone(), failed.clone());
        senders.push(tokio::spawn(async move {
            // Rooms start spread over the first period, not all at once.
            tokio::time::sleep(period.mul_f64(i as f64 / 100.0 % 1.0)).await;
            let mut tick = tokio::time::interval(period);
            tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Skip);
            let end = tokio::time::Instant::now() + Duration::from_secs(seconds);
            while tokio::time::Instant::now() < end {
                tick.tick().await;
                let body = json!({"roomId": room, "message": format!("t:{}", now_micros()), "senderType": "guest"});
                match http.post(format!("{base}/v1/chat/sendmessage")).bearer_auth(&token).json(&body).send().await {
                    Ok(r) if r.status().is_success() => sent.fetch_add(1, Ordering::Relaxed),
                    _ => failed.fetch_add(1, Ordering::Relaxed),
                };
            }
        }));
    }
    for s in senders {
        s.await?;
    }
    let send_secs = started.elapsed().as_secs_f64();
    let mut all = Vec::new();
    let mut gaps = 0usize;
    for r in readers {
        let (lat, seqs) = r.await?;
        // A socket that joined live sees 1, 2, 3, ... of its room: any hole is a lost message.
        if seqs.windows(2).any(|w| w[1] != w[0] + 1) {
            gaps += 1;
        }
        all.extend(lat);
    }
    all.sort();
    let sent = sent.load(Ordering::Relaxed);
    println!(
        "  send-to-receive: n={} p50_ms={:.3} p99_ms={:.3} max_ms={:.3}",
        all.len(),
        crate::percentile(&all, 0.50),
        crate::percentile(&all, 0.99),
        all.last().map(|d| d.as_secs_f64() * 1000.0).unwrap_or(f64::NAN)
    );
    println!(
        "  sent={} ({:.0}/s) failed={} delivered={} ({:.0}/s) expected={} sockets_with_gaps={gaps}",
        sent,
        sent as f64 / send_secs,
        failed.load(Ordering::Relaxed),
        delivered.load(Ordering::Relaxed),
        delivered.load(Ordering::Relaxed) as f64 / send_secs,
        sent as usize * per_room,
    );
    Ok(())
}
