//! The host's availability (spec 001 sections 2, 5, 7): weekly pickup and return hours for all
//! their cars, and custom blocks. A block is one row per car it covers; each row is published
//! (`hosting.availability_blocked` / `_unblocked`, its own `version`), which catalog-search
//! applies to search and trips to bookings. A block over a booked trip is refused with 409
//! naming the trip (hosting keeps the cars' bookings from the trips events).

use crate::api::access::{self, Access};
use crate::api::{host, listing_id};
use crate::error::{HostingError, HostingResult};
use crate::state::AppState;
use crate::store::availability::{self as store, BlockRow, BlockWrite};
use crate::store::bookings;
use crate::store::listings::{self, Listing};
use crate::store::teams;
use chrono::{DateTime, SecondsFormat, TimeZone, Utc};
use chrono_tz::Tz;
use diesel_async::{AsyncConnection, AsyncPgConnection};
use hosting_domain::availability::{
    Action, AvailabilityError, BlockInput, DayInput, LocalBlock, WeeklyAvailability,
    check_block_times, check_list_len,
};
use hosting_domain::teams::Capability;
use upcar_identity::Identity;
use upcar_proto::events::{AvailabilityBlocked, AvailabilityUnblocked};
use upcar_proto::hosting as pb;
use uuid::Uuid;

fn reply_of(w: &WeeklyAvailability) -> pb::WeeklyAvailabilityReply {
    pb::WeeklyAvailabilityReply {
        is_always_available: w.is_always_available,
        weekly_availability: w
            .weekly_availability
            .iter()
            .map(|d| pb::DayHours {
                day: d.day.to_owned(),
                is_available: d.is_available,
                start_time: d.start_time.clone(),
                end_time: d.end_time.clone(),
            })
            .collect(),
    }
}

/// `updateWeeklyAvailability`.
pub async fn update_weekly(
    state: &AppState,
    who: Option<Identity>,
    r: pb::UpdateWeeklyAvailabilityRequest,
) -> HostingResult<pb::WeeklyAvailabilityReply> {
    let who = host(who)?;
    let days: Vec<DayInput> = r
        .weekly_availability
        .iter()
        .map(|d| DayInput {
            day: &d.day,
            is_available: d.is_available,
            start_time: &d.start_time,
            end_time: &d.end_time,
        })
        .collect();
    let week = WeeklyAvailability::parse(r.is_always_available, &days)?;
    let json = serde_json::to_value(&week.weekly_availability)
        .map_err(|e| HostingError::Internal(e.into()))?;
    let now = state.clock.now();
    let mut conn = state.conn().await?;
    conn.transaction::<_, HostingError, _>(async |c| {
        let version =
            store::save_weekly(c, who.user_id, week.is_always_available, &json, now).await?;
        upcar_events::enqueue(
            c,
            &crate::events::weekly_hours_changed(who.user_id, version, &week, now),
        )
        .await?;
        Ok(())
    })
    .await?;
    state.relay.wake();
    Ok(reply_of(&week))
}

/// `getHostWeeklyAvailability`: always available until the host says otherwise.
pub async fn weekly(
    state: &AppState,
    who: Option<Identity>,
) -> HostingResult<pb::WeeklyAvailabilityReply> {
    let who = host(who)?;
    let mut conn = state.conn().await?;
    let week = match store::weekly(&mut conn, who.user_id).await? {
        None => WeeklyAvailability::always(),
        Some((always, json)) => WeeklyAvailability {
            is_always_available: always,
            weekly_availability: serde_json::from_value::<Vec<StoredDay>>(json)
                .map_err(|e| HostingError::Internal(e.into()))?
                .into_iter()
                .map(StoredDay::into_hours)
                .collect(),
        },
    };
    Ok(reply_of(&week))
}

/// A day as stored (the domain's serialized form).
#[derive(serde::Deserialize)]
#[serde(rename_all = "camelCase")]
struct StoredDay {
    day: String,
    is_available: bool,
    start_time: String,
    end_time: String,
}

impl StoredDay {
    fn into_hours(self) -> hosting_domain::availability::DayHours {
        let day = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]
            .into_iter()
            .find(|d| *d == self.day)
            .unwrap_or("Monday");
        hosting_domain::availability::DayHours {
            day,
            is_available: self.is_available,
            start_time: self.start_time,
            end_time: self.end_time,
        }
    }
}

pub(crate) fn rfc3339(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Millis, true)
}

/// The car's zone (its place's), or the caller's error when it has none.
fn zone(l: &Listing) -> HostingResult<Tz> {
    l.place.as_ref().and_then(|p| p.time_zone.parse().ok()).ok_or_else(|| {
        HostingError::Internal(anyhow::anyhow!("listed car {} has no time zone", l.row.id))
    })
}

/// A local block placed in the car's zone and checked against now and the car's trips.
async fn placed(
    c: &mut AsyncPgConnection,
    car: &Listing,
    b: &LocalBlock,
    now: DateTime<Utc>,
) -> HostingResult<(DateTime<Utc>, DateTime<Utc>)> {
    let tz = zone(car)?;
    let at = |t| tz.from_local_datetime(&t).earliest().map(|t| t.with_timezone(&Utc));
    let (Some(start), Some(end)) = (at(b.start), at(b.end)) else {
        return Err(AvailabilityError::BlockInverted.into());
    };
    check_block_times(start.timestamp(), end.timestamp(), now.timestamp())?;
    if let Some(trip) = bookings::overlapping(c, car.row.id, start, end).await? {
        return Err(HostingError::BlockOverlapsTrip(trip.to_string()));
    }
    Ok((start, end))
}

/// The listed cars whose availability the caller manages: their own, and the cars of teams
/// that grant them availability.
pub async fn manageable(c: &mut AsyncPgConnection, who: &Identity) -> HostingResult<Vec<Listing>> {
    let (cars, _) = listings::host_cars(c, who.user_id, 0, 1000).await?;
    let mut out: Vec<Listing> = cars
        .into_iter()
        .filter(|l| ["active", "snoozed", "unlisted"].contains(&l.row.status.as_str()))
        .collect();
    for (car, grant) in teams::cohosted_cars(c, who.user_id).await? {
        let access = Access::CoHost(grant);
        if access::require(&access, &[Capability::ManageAvailability]).is_ok()
            && let Some(l) = listings::find(c, car).await?
        {
            out.push(l);
        }
    }
    Ok(out)
}

/// The listed cars a period covers: the one named, or all the caller manages.
async fn cars_of(
    c: &mut AsyncPgConnection,
    who: &Identity,
    car_id: &str,
) -> HostingResult<Vec<Listing>> {
    if car_id.trim().is_empty() {
        let listed = manageable(c, who).await?;
        if listed.is_empty() {
            return Err(HostingError::NoListedCars);
        }
        Ok(listed)
    } else {
        let id = listing_id(car_id)?;
        let (car, _) = crate::api::manage::car_for(
            c,
            who,
            id,
            &[Capability::ManageAvailability],
            crate::api::manage::Reach::OnPlatform,
        )
        .await?;
        Ok(vec![car])
    }
}

/// The ids of the cars whose blocks the caller sees and changes.
async fn managed_ids(c: &mut AsyncPgConnection, who: &Identity) -> HostingResult<Vec<Uuid>> {
    Ok(manageable(c, who).await?.iter().map(|l| l.row.id).collect())
}

/// A co-host's block change goes to the team's audit log.
async fn audit_block(
    c: &mut AsyncPgConnection,
    who: &Identity,
    car: &Listing,
    action: &str,
    before: Option<&BlockRow>,
    after: Option<&BlockRow>,
    now: DateTime<Utc>,
) -> HostingResult<()> {
    if car.row.host_id == who.user_id {
        return Ok(());
    }
    let access = access::of(c, who, car).await?;
    let json = |b: &BlockRow| serde_json::json!({"blockId": b.group_id, "start": rfc3339(b.start_at), "end": rfc3339(b.end_at), "reason": b.reason});
    access::record(c, &access, who, action, car.row.id, before.map(json), after.map(json), now)
        .await
}

pub(crate) async fn publish_block(
    c: &mut AsyncPgConnection,
    row: &BlockRow,
    now: DateTime<Utc>,
) -> HostingResult<()> {
    if row.deleted {
        upcar_events::enqueue(
            c,
            &AvailabilityUnblocked {
                block_id: row.id.to_string(),
                car_id: row.car_id.to_string(),
                version: row.version,
                occurred_at: rfc3339(now),
            },
        )
        .await?;
    } else {
        upcar_events::enqueue(
            c,
            &AvailabilityBlocked {
                block_id: row.id.to_string(),
                car_id: row.car_id.to_string(),
                start_time: rfc3339(row.start_at),
                end_time: rfc3339(row.end_at),
                version: row.version,
                occurred_at: rfc3339(now),
            },
        )
        .await?;
    }
    Ok(())
}

/// The host's blocks as they see them: one per group, with the cars it covers.
fn grouped(rows: &[BlockRow]) -> Vec<pb::Block> {
    let mut out: Vec<pb::Block> = Vec::new();
    for r in rows {
        let id = r.group_id.to_string();
        match out.iter_mut().find(|b| b.id == id) {
            Some(b) => b.car_ids.push(r.car_id.to_string()),
            None => out.push(pb::Block {
                id,
                car_ids: vec![r.car_id.to_string()],
                start_date: r.start_date.to_string(),
                start_time: r.start_time.clone(),
                end_date: r.end_date.to_string(),
                end_time: r.end_time.clone(),
                reason: r.reason.clone(),
            }),
        }
    }
    out
}

/// `updateCustomAvailabilityForHost`: every period is checked before anything is written.
pub async fn update_custom(
    state: &AppState,
    who: Option<Identity>,
    r: pb::UpdateCustomAvailabilityRequest,
) -> HostingResult<pb::CustomAvailabilityReply> {
    let who = host(who)?;
    let action = Action::parse(&r.action)?;
    check_list_len(r.custom_availability.len())?;
    let mut periods = Vec::with_capacity(r.custom_availability.len());
    for p in &r.custom_availability {
        let group = match (action, p.id.trim()) {
            (Action::Add, _) => None,
            (_, "") => return Err(AvailabilityError::BlockIdRequired.into()),
            (_, id) => Some(id.parse::<Uuid>().map_err(|_| HostingError::BlockNotFound)?),
        };
        let local = match action {
            Action::Delete => None,
            _ => Some(LocalBlock::parse(&BlockInput {
                start_date: &p.start_date,
                start_time: &p.start_time,
                end_date: &p.end_date,
                end_time: &p.end_time,
                reason: &p.reason,
            })?),
        };
        periods.push((p, group, local));
    }
    let now = state.clock.now();
    let mut conn = state.conn().await?;
    let rows = conn
        .transaction::<_, HostingError, _>(async |c| {
            for (p, group, local) in &periods {
                match (action, group, local) {
                    (Action::Add, _, Some(b)) => {
                        let group_id = Uuid::now_v7();
                        for car in cars_of(c, &who, &p.car_id).await? {
                            let (start, end) = placed(c, &car, b, now).await?;
                            let row = store::upsert(
                                c,
                                &write(&who, group_id, &car, b, start, end, p),
                                now,
                            )
                            .await?;
                            publish_block(c, &row, now).await?;
                            audit_block(
                                c,
                                &who,
                                &car,
                                "availability_blocked",
                                None,
                                Some(&row),
                                now,
                            )
                            .await?;
                        }
                    }
                    (Action::Update, Some(g), Some(b)) => {
                        let ids = managed_ids(c, &who).await?;
                        let rows = store::of_cars(c, &ids, Some(*g), true).await?;
                        if rows.is_empty() {
                            return Err(HostingError::BlockNotFound);
                        }
                        if rows.iter().any(|r| r.import_id.is_some()) {
                            return Err(HostingError::BlockFromCalendar);
                        }
                        for old in rows {
                            let car = listings::find(c, old.car_id)
                                .await?
                                .ok_or(HostingError::BlockNotFound)?;
                            let (start, end) = placed(c, &car, b, now).await?;
                            let mut w = write(&who, *g, &car, b, start, end, p);
                            w.id = old.id;
                            let row = store::upsert(c, &w, now).await?;
                            publish_block(c, &row, now).await?;
                            audit_block(
                                c,
                                &who,
                                &car,
                                "availability_moved",
                                Some(&old),
                                Some(&row),
                                now,
                            )
                            .await?;
                        }
                    }
                    (Action::Delete, Some(g), _) => {
                        let ids = managed_ids(c, &who).await?;
                        let rows = store::of_cars(c, &ids, Some(*g), true).await?;
                        if rows.is_empty() {
                            return Err(HostingError::BlockNotFound);
                        }
                        if rows.iter().any(|r| r.import_id.is_some()) {
                            return Err(HostingError::BlockFromCalendar);
                        }
                        for old in rows {
                            let row = store::delete(c, old.id, now).await?;
                            publish_block(c, &row, now).await?;
                            if let Some(car) = listings::find(c, old.car_id).await? {
                                audit_block(
                                    c,
                                    &who,
                                    &car,
                                    "availability_unblocked",
                                    Some(&old),
                                    None,
                                    now,
                                )
                                .await?;
                            }
                        }
                    }
                    _ => return Err(AvailabilityError::BlockIdRequired.into()),
                }
            }
            let ids = managed_ids(c, &who).await?;
            Ok(store::of_cars(c, &ids, None, false).await?)
        })
        .await?;
    state.relay.wake();
    Ok(pb::CustomAvailabilityReply { custom_availability: grouped(&rows) })
}

fn write<'a>(
    who: &Identity,
    group_id: Uuid,
    car: &Listing,
    b: &'a LocalBlock,
    start: DateTime<Utc>,
    end: DateTime<Utc>,
    p: &'a pb::BlockPeriod,
) -> BlockWrite<'a> {
    BlockWrite {
        id: Uuid::now_v7(),
        group_id,
        host_id: car.row.host_id,
        created_by: who.user_id,
        car_id: car.row.id,
        start,
        end,
        start_date: b.start.date(),
        start_time: p.start_time.trim(),
        end_date: if p.end_time.trim().is_empty() {
            b.end.date().pred_opt().unwrap_or(b.end.date())
        } else {
            b.end.date()
        },
        end_time: p.end_time.trim(),
        reason: &b.reason,
        import_id: None,
    }
}

/// `getCustomAvailabilityForHost`.
pub async fn custom(
    state: &AppState,
    who: Option<Identity>,
) -> HostingResult<pb::CustomAvailabilityReply> {
    let who = host(who)?;
    let mut conn = state.conn().await?;
    let ids = managed_ids(&mut conn, &who).await?;
    let rows = store::of_cars(&mut conn, &ids, None, false).await?;
    Ok(pb::CustomAvailabilityReply { custom_availability: grouped(&rows) })
}
