//! Calendar sync calls (CONTRACT "Calendar feeds"): a car's secret feed, answered as RFC 5545
//! text to whoever holds its address, and the external calendars imported into the car's
//! availability. The car's host and co-hosts whose team grants availability manage them.

use crate::api::manage::{Reach, car_for};
use crate::api::{host, listing_id};
use crate::calendar_fetch::{FetchError, normalised};
use crate::calendar_sync::{self, answer, next_due};
use crate::error::{HostingError, HostingResult};
use crate::state::AppState;
use crate::store::calendar as store;
use crate::store::listings::{self, Listing};
use chrono::Duration;
use diesel_async::{AsyncConnection, AsyncPgConnection};
use hosting_domain::ical::{self, Busy};
use hosting_domain::policy::{MAX_CALENDAR_URL_CHARS, MAX_IMPORTS_PER_CAR};
use hosting_domain::stage::ListingStage;
use hosting_domain::teams::Capability;
use upcar_identity::Identity;
use upcar_proto::hosting as pb;
use uuid::Uuid;

/// How far back the car's own feed lists its trips and blocks.
const FEED_PAST_DAYS: i64 = 30;
/// The longest feed secret looked up (the ones made here are 64 characters).
const MAX_TOKEN_CHARS: usize = 128;

/// A new feed secret: 256 random bits as hex.
fn new_token() -> String {
    format!("{}{}", Uuid::new_v4().simple(), Uuid::new_v4().simple())
}

async fn calendar_car(
    c: &mut AsyncPgConnection,
    who: &Identity,
    car_id: &str,
) -> HostingResult<Listing> {
    let id = listing_id(car_id)?;
    let (car, _) =
        car_for(c, who, id, &[Capability::ManageAvailability], Reach::OnPlatform).await?;
    Ok(car)
}

/// The car's feed secret for its host: the one it has (made on the first ask), or a new one.
async fn feed_secret(
    state: &AppState,
    who: Option<Identity>,
    r: pb::CalendarCarRequest,
    replace: bool,
) -> HostingResult<pb::CalendarFeedReply> {
    let who = host(who)?;
    let mut conn = state.conn().await?;
    let token = conn
        .transaction::<_, HostingError, _>(async |c| {
            let car = calendar_car(c, &who, &r.car_id).await?;
            let token = new_token();
            Ok(if replace {
                store::rotate(c, car.row.id, &token).await?
            } else {
                store::feed_token(c, car.row.id, &token).await?
            })
        })
        .await?;
    Ok(pb::CalendarFeedReply { token })
}

/// `GET host/calendar/feed/{carId}`: the car's feed secret, made on the first ask.
pub async fn feed(
    state: &AppState,
    who: Option<Identity>,
    r: pb::CalendarCarRequest,
) -> HostingResult<pb::CalendarFeedReply> {
    feed_secret(state, who, r, false).await
}

/// `POST host/calendar/feed/{carId}/rotate`: a new secret; the old address answers nothing.
pub async fn rotate(
    state: &AppState,
    who: Option<Identity>,
    r: pb::CalendarCarRequest,
) -> HostingResult<pb::CalendarFeedReply> {
    feed_secret(state, who, r, true).await
}

/// The feed by its secret: the car's trips and its own blocks as busy periods, no guest data
/// (imported blocks are left out, so two platforms importing each other do not echo them).
pub async fn ics(
    state: &AppState,
    r: pb::CalendarIcsRequest,
) -> HostingResult<pb::CalendarIcsReply> {
    let token = r.token.trim();
    if token.is_empty() || token.len() > MAX_TOKEN_CHARS {
        return Err(HostingError::CalendarFeedNotFound);
    }
    let now = state.clock.now();
    let mut conn = state.conn().await?;
    let car_id =
        store::car_of_token(&mut conn, token).await?.ok_or(HostingError::CalendarFeedNotFound)?;
    let car = listings::find(&mut conn, car_id).await?.ok_or(HostingError::CalendarFeedNotFound)?;
    if car.row.stage() == ListingStage::Deleted {
        return Err(HostingError::CalendarFeedNotFound);
    }
    let busy: Vec<Busy> = store::own_busy(&mut conn, car_id, now - Duration::days(FEED_PAST_DAYS))
        .await?
        .into_iter()
        .map(|b| Busy {
            uid: format!("{}-{}@upcar", b.kind, b.id),
            start: b.start_at,
            end: b.end_at,
            summary: if b.kind == "trip" { "Booked" } else { "Blocked" }.to_owned(),
        })
        .collect();
    let r = &car.row;
    let name = [r.car_year.map(|y| y.to_string()), r.make.clone(), r.model.clone()]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" ");
    Ok(pb::CalendarIcsReply { ics: ical::write(&format!("{name} (Upcar)"), &busy, now) })
}

async fn imports_reply(
    c: &mut AsyncPgConnection,
    car: Uuid,
) -> HostingResult<pb::CalendarImportsReply> {
    let imports = store::imports_of(c, car).await?;
    let ids: Vec<Uuid> = imports.iter().map(|i| i.id).collect();
    let events = store::events_of(c, &ids).await?;
    Ok(pb::CalendarImportsReply { imports: imports.iter().map(|i| answer(i, &events)).collect() })
}

/// `GET host/calendar/imports/{carId}`.
pub async fn imports(
    state: &AppState,
    who: Option<Identity>,
    r: pb::CalendarCarRequest,
) -> HostingResult<pb::CalendarImportsReply> {
    let who = host(who)?;
    let mut conn = state.conn().await?;
    conn.transaction::<_, HostingError, _>(async |c| {
        let car = calendar_car(c, &who, &r.car_id).await?;
        imports_reply(c, car.row.id).await
    })
    .await
}

/// `POST host/calendar/imports/{carId} {url}`: the calendar is checked (an http(s) or webcal
/// address, a public one in production), added, and read at once; its first read's result,
/// an error included, is in the answer.
pub async fn add_import(
    state: &AppState,
    who: Option<Identity>,
    r: pb::AddCalendarImportRequest,
) -> HostingResult<pb::CalendarImportReply> {
    let who = host(who)?;
    let raw = r.url.trim();
    if raw.is_empty() {
        return Err(HostingError::CalendarUrlRequired);
    }
    if raw.chars().count() > MAX_CALENDAR_URL_CHARS {
        return Err(HostingError::InvalidCalendarUrl);
    }
    let url = normalised(raw).ok_or(HostingError::InvalidCalendarUrl)?.to_string();
    let now = state.clock.now();
    let mut conn = state.conn().await?;
    // The car and the caller's rights first: a stranger learns nothing of the address.
    calendar_car(&mut conn, &who, &r.car_id).await?;
    state.calendars.check(&url).await.map_err(|e| match e {
        FetchError::NotAllowed(m) => HostingError::CalendarUrlNotAllowed(m),
        other => HostingError::CalendarUrlNotAllowed(other.to_string()),
    })?;
    let added = conn
        .transaction::<_, HostingError, _>(async |c| {
            let car = calendar_car(c, &who, &r.car_id).await?;
            if store::count_imports(c, car.row.id).await? >= MAX_IMPORTS_PER_CAR {
                return Err(HostingError::TooManyCalendarImports);
            }
            store::add_import(c, car.row.id, &url, who.user_id, next_due(now))
                .await?
                .ok_or(HostingError::CalendarImportExists)
        })
        .await?;
    if let Err(e) = calendar_sync::sync(state, &added).await {
        tracing::warn!(import_id = %added.id, error = %e, "first calendar read failed");
    }
    let reply = imports_reply(&mut conn, added.car_id).await?;
    let import = reply.imports.into_iter().find(|i| i.import_id == added.id.to_string());
    Ok(pb::CalendarImportReply { import })
}

/// `DELETE host/calendar/imports/{carId}/{importId}`: the calendar and its blocks go.
pub async fn delete_import(
    state: &AppState,
    who: Option<Identity>,
    r: pb::DeleteCalendarImportRequest,
) -> HostingResult<pb::CalendarImportsReply> {
    let who = host(who)?;
    let import: Uuid =
        r.import_id.trim().parse().map_err(|_| HostingError::CalendarImportNotFound)?;
    let now = state.clock.now();
    let mut conn = state.conn().await?;
    let reply = conn
        .transaction::<_, HostingError, _>(async |c| {
            let car = calendar_car(c, &who, &r.car_id).await?;
            calendar_sync::remove(c, car.row.id, import, now).await?;
            imports_reply(c, car.row.id).await
        })
        .await?;
    state.relay.wake();
    Ok(reply)
}
