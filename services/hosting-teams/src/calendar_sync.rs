//! Keeping imported calendars in step. Every [`CALENDAR_SYNC_MINUTES`] each calendar is fetched
//! (conditionally) and its busy events, keyed by `UID`, are made the car's blocks: a new event
//! becomes a block, a moved one moves its block, one the calendar dropped takes its block away,
//! and an event seen again is never imported twice. An event over one of the car's trips is not
//! made a block (a block never covers a trip): it is kept as a conflict the host is shown, and
//! becomes a block once the trip is gone. Blocks go out as availability events like the host's
//! own, so search and booking follow.

use crate::api::availability::{publish_block, rfc3339};
use crate::calendar_fetch::{Fetched, Validators};
use crate::error::{HostingError, HostingResult};
use crate::state::AppState;
use crate::store::availability::{self as blocks, BlockWrite};
use crate::store::bookings;
use crate::store::calendar::{self as store, EventRow, ImportRow};
use crate::store::listings::{self, Listing};
use chrono::{DateTime, Duration, Utc};
use chrono_tz::Tz;
use diesel_async::{AsyncConnection, AsyncPgConnection};
use hosting_domain::availability::{check_block_times, format_time};
use hosting_domain::ical;
use hosting_domain::policy::{CALENDAR_SYNC_MINUTES, MAX_BLOCK_REASON_CHARS};
use std::collections::HashMap;
use std::sync::Arc;
use uuid::Uuid;

/// How often the scheduler looks for calendars due.
const POLL: std::time::Duration = std::time::Duration::from_secs(5);

fn zone(car: &Listing) -> Tz {
    car.place
        .as_ref()
        .and_then(|p| p.time_zone.parse().ok())
        .unwrap_or(chrono_tz::America::Los_Angeles)
}

/// The block's note: where it comes from.
fn reason(url: &str) -> String {
    let host = reqwest::Url::parse(url)
        .ok()
        .and_then(|u| u.host_str().map(str::to_owned))
        .unwrap_or_else(|| url.to_owned());
    format!("From the calendar at {host}").chars().take(MAX_BLOCK_REASON_CHARS).collect()
}

/// Whether a busy event can be a block now: it ends after `now`, starts within the horizon and
/// lasts at most the longest block (others are past, or wait until they come into range).
fn blockable(start: DateTime<Utc>, end: DateTime<Utc>, now: DateTime<Utc>) -> bool {
    check_block_times(start.timestamp(), end.timestamp(), now.timestamp()).is_ok()
}

async fn unblock(c: &mut AsyncPgConnection, block: Uuid, now: DateTime<Utc>) -> HostingResult<()> {
    let row = blocks::delete(c, block, now).await?;
    publish_block(c, &row, now).await
}

/// Makes the car's blocks of `import` those of `wanted` (uid, start, end).
async fn apply(
    c: &mut AsyncPgConnection,
    car: &Listing,
    import: &ImportRow,
    wanted: Vec<(String, DateTime<Utc>, DateTime<Utc>)>,
    now: DateTime<Utc>,
) -> HostingResult<()> {
    let tz = zone(car);
    let note = reason(&import.url);
    let mut before: HashMap<String, EventRow> =
        store::events_of(c, &[import.id]).await?.into_iter().map(|e| (e.uid.clone(), e)).collect();
    for (uid, start, end) in wanted {
        let old = before.remove(&uid);
        let mut event = EventRow {
            import_id: import.id,
            uid,
            start_at: start,
            end_at: end,
            block_id: None,
            conflict_trip_id: None,
        };
        let old_block = old.as_ref().and_then(|o| o.block_id);
        if !blockable(start, end, now) {
            // Past, or not yet within the horizon: kept, a block once it comes into range.
            if let Some(b) = old_block {
                unblock(c, b, now).await?;
            }
        } else if let Some(trip) = bookings::overlapping(c, car.row.id, start, end).await? {
            if let Some(b) = old_block {
                unblock(c, b, now).await?;
            }
            event.conflict_trip_id = Some(trip);
        } else {
            let unchanged = old.as_ref().is_some_and(|o| o.start_at == start && o.end_at == end);
            event.block_id = match old_block {
                Some(b) if unchanged => Some(b),
                kept => {
                    let (ls, le) = (start.with_timezone(&tz), end.with_timezone(&tz));
                    let (st, et) = (format_time(ls.time()), format_time(le.time()));
                    let id = kept.unwrap_or_else(Uuid::now_v7);
                    let row = blocks::upsert(
                        c,
                        &BlockWrite {
                            id,
                            group_id: id,
                            host_id: car.row.host_id,
                            created_by: car.row.host_id,
                            car_id: car.row.id,
                            start,
                            end,
                            start_date: ls.date_naive(),
                            start_time: &st,
                            end_date: le.date_naive(),
                            end_time: &et,
                            reason: &note,
                            import_id: Some(import.id),
                        },
                        now,
                    )
                    .await?;
                    publish_block(c, &row, now).await?;
                    Some(id)
                }
            };
        }
        store::save_event(c, &event).await?;
    }
    for (uid, gone) in before {
        if let Some(b) = gone.block_id {
            unblock(c, b, now).await?;
        }
        store::delete_event(c, import.id, &uid).await?;
    }
    Ok(())
}

/// What the host is told of a read that left events out.
fn read_note(p: &ical::Parsed) -> String {
    let mut parts = Vec::new();
    if p.skipped > 0 {
        parts.push(format!("{} event(s) could not be read", p.skipped));
    }
    if p.over_limit > 0 {
        parts.push(format!(
            "{} event(s) past the first {} were not imported",
            p.over_limit,
            hosting_domain::policy::MAX_CALENDAR_EVENTS
        ));
    }
    if parts.is_empty() { String::new() } else { format!("{}.", parts.join("; ")) }
}

/// Fetches one calendar and applies it, in one transaction after the fetch (no transaction
/// waits on the network).
pub async fn sync(state: &AppState, import: &ImportRow) -> HostingResult<()> {
    let validators =
        Validators { etag: import.etag.clone(), last_modified: import.last_modified.clone() };
    let fetched = state.calendars.fetch(&import.url, &validators).await;
    let now = state.clock.now();
    let mut conn = state.conn().await?;
    conn.transaction::<_, HostingError, _>(async |c| {
        let Some(import) = store::lock_import(c, import.id).await? else { return Ok(()) };
        let Some(car) = listings::lock(c, import.car_id).await? else { return Ok(()) };
        match fetched {
            Ok(Fetched::Body { text, validators: got }) => {
                match ical::parse(&text, zone(&car), now) {
                    Ok(parsed) => {
                        let wanted =
                            parsed.events.iter().map(|b| (b.uid.clone(), b.start, b.end)).collect();
                        apply(c, &car, &import, wanted, now).await?;
                        let v = Some((got.etag.as_deref(), got.last_modified.as_deref()));
                        store::record(c, import.id, Some(now), v, &read_note(&parsed)).await?;
                    }
                    Err(e) => store::record(c, import.id, None, None, &e.to_string()).await?,
                }
            }
            // Unchanged: the same events, judged again against the car's trips now.
            Ok(Fetched::NotModified) => {
                let wanted = store::events_of(c, &[import.id])
                    .await?
                    .into_iter()
                    .map(|e| (e.uid, e.start_at, e.end_at))
                    .collect();
                apply(c, &car, &import, wanted, now).await?;
                store::record(c, import.id, Some(now), None, "").await?;
            }
            Err(e) => store::record(c, import.id, None, None, &e.to_string()).await?,
        }
        Ok(())
    })
    .await?;
    state.relay.wake();
    Ok(())
}

/// Removes a calendar and the blocks read from it.
pub async fn remove(
    c: &mut AsyncPgConnection,
    car: Uuid,
    import: Uuid,
    now: DateTime<Utc>,
) -> HostingResult<()> {
    let events = store::events_of(c, &[import]).await?;
    let Some(_) = store::delete_import(c, car, import).await? else {
        return Err(HostingError::CalendarImportNotFound);
    };
    for e in events {
        if let Some(b) = e.block_id {
            unblock(c, b, now).await?;
        }
    }
    Ok(())
}

/// The next time a calendar is due after a read at `now`.
pub fn next_due(now: DateTime<Utc>) -> DateTime<Utc> {
    now + Duration::minutes(CALENDAR_SYNC_MINUTES)
}

/// Syncs the calendars due, until `shutdown`.
pub async fn run(state: Arc<AppState>, shutdown: tokio_util::sync::CancellationToken) {
    loop {
        loop {
            let now = state.clock.now();
            let claimed = async {
                let mut c = state.conn().await?;
                Ok::<_, HostingError>(store::claim_due(&mut c, now, next_due(now)).await?)
            }
            .await;
            match claimed {
                Ok(Some(import)) => {
                    if let Err(e) = sync(&state, &import).await {
                        tracing::warn!(import_id = %import.id, error = %e, "calendar sync failed");
                    }
                }
                Ok(None) => break,
                Err(e) => {
                    tracing::warn!(error = %e, "calendar sync could not claim");
                    break;
                }
            }
        }
        tokio::select! {
            () = shutdown.cancelled() => return,
            () = tokio::time::sleep(POLL) => {}
        }
    }
}

/// An import as answered: its last read, its error, its events and its conflicts.
pub fn answer(import: &ImportRow, events: &[EventRow]) -> upcar_proto::hosting::CalendarImport {
    let mine: Vec<&EventRow> = events.iter().filter(|e| e.import_id == import.id).collect();
    upcar_proto::hosting::CalendarImport {
        import_id: import.id.to_string(),
        url: import.url.clone(),
        last_sync_at: import.last_sync_at.map(rfc3339).unwrap_or_default(),
        last_error: import.last_error.clone(),
        events: i32::try_from(mine.len()).unwrap_or(i32::MAX),
        conflicts: mine
            .iter()
            .filter_map(|e| {
                Some(upcar_proto::hosting::CalendarConflict {
                    trip_id: e.conflict_trip_id?.to_string(),
                    start: rfc3339(e.start_at),
                    end: rfc3339(e.end_at),
                })
            })
            .collect(),
    }
}
