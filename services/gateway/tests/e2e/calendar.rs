//! Calendar sync through the gateway: a car's secret feed, and external calendars imported
//! into its availability (a calendar server on this machine plays the other platform).

use crate::helpers::*;
use crate::hosting::{approved_car, book, until_available};
use crate::trips::verified_guest;
use serde_json::{Value, json};
use std::sync::{Arc, Mutex};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// `YYYYMMDD` `n` days from today (UTC).
fn ics_day(n: i64) -> String {
    (chrono::Utc::now().date_naive() + chrono::Duration::days(n)).format("%Y%m%d").to_string()
}

/// A calendar another platform serves: its text and ETag can change; it answers 304 to the
/// ETag it holds. Counts the full answers and the 304s.
#[derive(Default)]
struct Served {
    text: String,
    etag: String,
    full: usize,
    not_modified: usize,
}

async fn calendar_server(served: Arc<Mutex<Served>>) -> u16 {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    tokio::spawn(async move {
        loop {
            let Ok((mut s, _)) = listener.accept().await else { return };
            let served = served.clone();
            tokio::spawn(async move {
                let mut buf = vec![0u8; 8192];
                let n = s.read(&mut buf).await.unwrap_or(0);
                let req = String::from_utf8_lossy(&buf[..n]).to_ascii_lowercase();
                let answer = {
                    let mut c = served.lock().unwrap();
                    if req.contains(&format!("if-none-match: {}", c.etag.to_ascii_lowercase())) {
                        c.not_modified += 1;
                        "HTTP/1.1 304 Not Modified\r\nContent-Length: 0\r\n\r\n".to_owned()
                    } else {
                        c.full += 1;
                        format!(
                            "HTTP/1.1 200 OK\r\nContent-Type: text/calendar\r\nETag: {}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{}",
                            c.etag,
                            c.text.len(),
                            c.text
                        )
                    }
                };
                s.write_all(answer.as_bytes()).await.ok();
                s.shutdown().await.ok();
            });
        }
    });
    port
}

fn vcalendar(events: &[(&str, i64, i64)]) -> String {
    let mut t = String::from("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Other//EN\r\n");
    for (uid, from, until) in events {
        t.push_str(&format!(
            "BEGIN:VEVENT\r\nUID:{uid}\r\nDTSTART;VALUE=DATE:{}\r\nDTEND;VALUE=DATE:{}\r\nSUMMARY:Reserved\r\nEND:VEVENT\r\n",
            ics_day(*from),
            ics_day(*until)
        ));
    }
    t.push_str("END:VCALENDAR\r\n");
    t
}

/// The host's blocks of `car` (custom availability).
async fn blocks_of(token: &str, car: &str) -> Vec<Value> {
    let (s, b) = parts(get("/v1/trips/getCustomAvailabilityForHost", Some(token)).await).await;
    assert_eq!(s, 200, "{b}");
    b["data"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|x| x["carIds"].as_array().is_some_and(|c| c.iter().any(|i| i == car)))
        .cloned()
        .collect()
}

/// The path of a feed URL (the gateway answers it at its own base).
fn path_of(url: &str) -> String {
    let at = url.find("/v1/").expect("a /v1 address");
    url[at..].to_owned()
}

#[tokio::test]
async fn a_cars_feed_lists_its_trips_and_blocks_without_guest_data_and_rotates() {
    let (host, car) = approved_car().await;
    let guest = verified_guest().await;
    let trip = book(&guest, &car, 30, 33).await;
    let trip_id = trip["data"]["tripId"].as_str().unwrap().to_owned();
    let day = |d: i64| (chrono::Utc::now().date_naive() + chrono::Duration::days(d)).to_string();
    let (s, b) = parts(
        post(
            "/v1/trips/updateCustomAvailabilityForHost",
            json!({"action": "add", "customAvailability": [{"carId": car, "startDate": day(40), "endDate": day(41), "reason": "Service"}]}),
            Some(&host.token),
        )
        .await,
    )
    .await;
    assert_eq!(s, 200, "{b}");

    let (s, b) =
        parts(get(&format!("/v1/host/calendar/feed/{car}"), Some(&host.token)).await).await;
    assert_eq!(s, 200, "{b}");
    let url = b["data"]["url"].as_str().unwrap().to_owned();
    assert!(url.ends_with(".ics") && url.contains("/v1/calendar/feeds/"), "{url}");
    // Asked again, the same address.
    let (_, again) =
        parts(get(&format!("/v1/host/calendar/feed/{car}"), Some(&host.token)).await).await;
    assert_eq!(again["data"]["url"], url.as_str());

    // No sign-in: the address is the key. The trip shows up once hosting has its event.
    let mut text = String::new();
    for _ in 0..100 {
        let r = get(&path_of(&url), None).await;
        assert_eq!(r.status().as_u16(), 200);
        assert!(r.headers()["content-type"].to_str().unwrap().starts_with("text/calendar"));
        text = r.text().await.unwrap();
        if text.contains(&format!("UID:trip-{trip_id}@upcar")) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(text.starts_with("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"), "{text}");
    assert!(text.contains(&format!("UID:trip-{trip_id}@upcar")), "{text}");
    assert!(text.contains("SUMMARY:Booked") && text.contains("SUMMARY:Blocked"), "{text}");
    // Nothing of the guest: not their name, email or the block's note.
    for secret in [guest.email.as_str(), "Service"] {
        assert!(!text.contains(secret), "the feed leaks {secret}: {text}");
    }
    assert!(text.split("\r\n").all(|l| l.len() <= 75), "{text}");

    // A new address; the old one answers nothing.
    let (s, b) = parts(
        post(&format!("/v1/host/calendar/feed/{car}/rotate"), json!({}), Some(&host.token)).await,
    )
    .await;
    assert_eq!(s, 200, "{b}");
    let fresh = b["data"]["url"].as_str().unwrap().to_owned();
    assert_ne!(fresh, url);
    let (s, e) = parts(get(&path_of(&url), None).await).await;
    assert_eq!((s, e["error"].as_str()), (404, Some("calendar_not_found")), "{e}");
    assert_eq!(get(&path_of(&fresh), None).await.status().as_u16(), 200);
    let (s, _) = parts(get("/v1/calendar/feeds/nothing.ics", None).await).await;
    assert_eq!(s, 404);
    // Nobody else reads or rotates the car's address.
    let stranger = sign_up().await;
    let (s, e) =
        parts(get(&format!("/v1/host/calendar/feed/{car}"), Some(&stranger.token)).await).await;
    assert_eq!((s, e["error"].as_str()), (404, Some("listing_not_found")), "{e}");
}

#[tokio::test]
async fn an_imported_calendar_becomes_blocks_flags_what_overlaps_a_trip_and_follows_its_changes() {
    let (host, car) = approved_car().await;
    let guest = verified_guest().await;
    let trip = book(&guest, &car, 60, 63).await;
    let trip_id = trip["data"]["tripId"].as_str().unwrap().to_owned();
    // Hosting knows the trip before the calendar is read (the conflict is judged against it).
    for _ in 0..100 {
        let n = {
            let sql = format!(
                "SELECT count(*)::bigint AS n FROM car_bookings WHERE trip_id = '{trip_id}' AND period IS NOT NULL"
            );
            hosting_scalar(&sql).await
        };
        if n == 1 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let served = Arc::new(Mutex::new(Served {
        text: vcalendar(&[
            ("stay-1@other", 45, 48),
            ("stay-2@other", 61, 62),
            ("gone@other", 90, 91),
        ]),
        etag: "\"v1\"".into(),
        ..Default::default()
    }));
    let port = calendar_server(served.clone()).await;
    let feed = format!("http://127.0.0.1:{port}/car.ics");
    let imports = format!("/v1/host/calendar/imports/{car}");

    // Bad input first: nothing is added.
    for (body, status, code) in [
        (json!({}), 400, "calendar_url_required"),
        (json!({"url": "ftp://example.com/car.ics"}), 400, "invalid_calendar_url"),
        (json!({"url": "file:///etc/passwd"}), 400, "invalid_calendar_url"),
    ] {
        let (s, e) = parts(post(&imports, body.clone(), Some(&host.token)).await).await;
        assert_eq!((s, e["error"].as_str()), (status, Some(code)), "{body}: {e}");
    }
    let stranger = sign_up().await;
    let (s, e) = parts(post(&imports, json!({"url": feed}), Some(&stranger.token)).await).await;
    assert_eq!((s, e["error"].as_str()), (404, Some("listing_not_found")), "{e}");

    // Added and read at once: two events, one a block, one over the trip (flagged, not a block).
    let (s, b) = parts(post(&imports, json!({"url": feed}), Some(&host.token)).await).await;
    assert_eq!(s, 200, "{b}");
    let d = &b["data"];
    assert_eq!((d["events"].as_i64(), d["lastError"].as_str()), (Some(3), None), "{b}");
    assert!(d["lastSyncAt"].is_string(), "{b}");
    let import_id = d["importId"].as_str().unwrap().to_owned();
    assert_eq!(d["conflicts"].as_array().map(Vec::len), Some(1), "{b}");
    assert_eq!(d["conflicts"][0]["tripId"], trip_id.as_str(), "{b}");
    let (s, e) = parts(post(&imports, json!({"url": feed}), Some(&host.token)).await).await;
    assert_eq!((s, e["error"].as_str()), (409, Some("calendar_import_exists")), "{e}");

    let blocks = blocks_of(&host.token, &car).await;
    assert_eq!(blocks.len(), 2, "two events clear of the trip become blocks: {blocks:?}");
    assert!(blocks.iter().all(|x| x["reason"] == "From the calendar at 127.0.0.1"), "{blocks:?}");
    until_available(&car, 45, 47, false).await;
    // The host's own calls do not change an imported block.
    let (s, e) = parts(
        post(
            "/v1/trips/updateCustomAvailabilityForHost",
            json!({"action": "delete", "customAvailability": [{"_id": blocks[0]["_id"]}]}),
            Some(&host.token),
        )
        .await,
    )
    .await;
    assert_eq!((s, e["error"].as_str()), (409, Some("block_from_calendar")), "{e}");
    // Imported blocks are not written back to the car's own feed (no echo between platforms).
    let (_, f) =
        parts(get(&format!("/v1/host/calendar/feed/{car}"), Some(&host.token)).await).await;
    let own = get(&path_of(f["data"]["url"].as_str().unwrap()), None).await.text().await.unwrap();
    assert!(!own.contains("other"), "{own}");

    // The calendar changes: one event moves, one goes. The next sync follows, by UID.
    {
        let mut c = served.lock().unwrap();
        c.text = vcalendar(&[("stay-1@other", 50, 52), ("stay-2@other", 61, 62)]);
        c.etag = "\"v2\"".into();
    }
    let due = format!("UPDATE calendar_imports SET next_sync_at = now() WHERE id = '{import_id}'");
    hosting_sql(&due).await;
    until_available(&car, 45, 47, true).await;
    until_available(&car, 50, 52, false).await;
    let blocks = blocks_of(&host.token, &car).await;
    assert_eq!(blocks.len(), 1, "the moved event is one block, the dropped one none: {blocks:?}");
    // Unchanged, it answers 304 and nothing is imported twice.
    hosting_sql(&due).await;
    for _ in 0..200 {
        if served.lock().unwrap().not_modified > 0 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(served.lock().unwrap().not_modified, 1);
    let (s, b) = parts(get(&imports, Some(&host.token)).await).await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(b["data"][0]["events"].as_i64(), Some(2), "{b}");
    assert_eq!(blocks_of(&host.token, &car).await.len(), 1);

    // Removed: its blocks go with it.
    let r = client()
        .delete(format!("{}/v1/host/calendar/imports/{car}/{import_id}", stack().base))
        .bearer_auth(&host.token)
        .send()
        .await
        .unwrap();
    let (s, b) = parts(r).await;
    assert_eq!((s, b["data"].as_array().map(Vec::len)), (200, Some(0)), "{b}");
    assert!(blocks_of(&host.token, &car).await.is_empty());
    until_available(&car, 50, 52, true).await;
}

#[tokio::test]
async fn a_repeating_event_of_an_imported_calendar_blocks_each_of_its_occurrences() {
    let (host, car) = approved_car().await;
    // A whole day every week, three times, the second one moved by its platform a day later.
    let text = format!(
        "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:weekly@other\r\nDTSTART;VALUE=DATE:{}\r\nDTEND;VALUE=DATE:{}\r\n\
RRULE:FREQ=WEEKLY;COUNT=3\r\nSUMMARY:Reserved\r\nEND:VEVENT\r\n\
BEGIN:VEVENT\r\nUID:weekly@other\r\nRECURRENCE-ID;VALUE=DATE:{}\r\nDTSTART;VALUE=DATE:{}\r\nDTEND;VALUE=DATE:{}\r\nEND:VEVENT\r\n\
END:VCALENDAR\r\n",
        ics_day(100),
        ics_day(101),
        ics_day(107),
        ics_day(108),
        ics_day(109),
    );
    let served = Arc::new(Mutex::new(Served { text, etag: "\"r1\"".into(), ..Default::default() }));
    let port = calendar_server(served).await;
    let imports = format!("/v1/host/calendar/imports/{car}");
    let url = format!("http://127.0.0.1:{port}/weekly.ics");
    let (s, b) = parts(post(&imports, json!({ "url": url }), Some(&host.token)).await).await;
    assert_eq!(s, 200, "{b}");
    assert_eq!(b["data"]["events"].as_i64(), Some(3), "{b}");
    assert_eq!(blocks_of(&host.token, &car).await.len(), 3);
    until_available(&car, 114, 115, false).await;
    // The moved occurrence blocks its new day, not its old one.
    until_available(&car, 108, 109, false).await;
    until_available(&car, 106, 107, true).await;
}
