//! `GetTripSchedule`: what the trip's host sees of their scheduled messages for one trip.

use super::access::{caller, room_for};
use super::messages::rfc3339;
use crate::domain::Reader;
use crate::domain::scheduled::{Moment, Plan, plan};
use crate::error::{MessagingError, MessagingResult};
use crate::scheduled::{facts, zone};
use crate::state::AppState;
use crate::store::{rooms, schedule};
use upcar_identity::Identity;
use upcar_proto::messaging as pb;
use uuid::Uuid;

/// Each template of the trip's host with what became, or will become, of it for the trip.
pub async fn get_trip_schedule(
    state: &AppState,
    who: Option<Identity>,
    req: pb::TripScheduleRequest,
) -> MessagingResult<pb::TripScheduleReply> {
    let who = caller(who)?;
    let trip: Uuid = req.trip_id.trim().parse().map_err(|_| MessagingError::TripNotFound)?;
    let mut conn = state.conn().await?;
    let room = rooms::by_trip(&mut conn, trip).await?.ok_or(MessagingError::TripNotFound)?;
    // The host side and support; the guest does not see the host's plan.
    let (_, reader) =
        room_for(&mut conn, &who, room.id).await.map_err(|_| MessagingError::TripNotFound)?;
    if reader == Reader::Guest {
        return Err(MessagingError::TripNotFound);
    }
    let Some((trip_row, templates, sends)) = schedule::of_trip(&mut conn, trip).await? else {
        return Ok(pb::TripScheduleReply { trip_id: trip.to_string(), ..Default::default() });
    };
    drop(conn);
    let now = state.clock.now();
    let facts = facts(&trip_row);
    // The car's zone for due times; unknown when the catalog does not answer (due times are
    // then given in Los Angeles time, the fleet's default).
    let tz =
        zone(&state.cars.car(trip_row.car_id).await.ok().flatten().unwrap_or_default().time_zone);
    let items = templates
        .iter()
        .map(|t| {
            let mut item = pb::ScheduledItem {
                template_id: t.template_id.to_string(),
                name: t.name.clone(),
                trigger: t.trigger.clone(),
                offset_hours: t.offset_hours,
                enabled: t.enabled,
                ..Default::default()
            };
            if let Some(done) = sends.iter().find(|s| s.template_id == t.template_id) {
                item.status = if done.outcome == "sent" { "sent" } else { "skipped" }.to_owned();
                item.at = rfc3339(done.at);
                item.message_id = done.message_id.map(|m| m.to_string()).unwrap_or_default();
                item.reason = done.reason.clone();
                return item;
            }
            if !t.enabled {
                item.status = "not_sent".into();
                item.reason = "disabled".into();
                return item;
            }
            match Moment::of(&t.trigger, t.offset_hours).map(|m| plan(m, &facts, tz, now)) {
                Some(Plan::Send) => {
                    item.status = "due".into();
                    item.at = rfc3339(now);
                }
                Some(Plan::DueAt(at)) => {
                    item.status = "due".into();
                    item.at = rfc3339(at);
                }
                Some(Plan::Never("cancelled")) => {
                    item.status = "not_sent".into();
                    item.reason = "cancelled".into();
                }
                Some(Plan::Never(reason)) => {
                    item.status = "skipped".into();
                    item.reason = reason.into();
                }
                Some(Plan::Waiting) | None => item.status = "waiting".into(),
            }
            item
        })
        .collect();
    Ok(pb::TripScheduleReply { trip_id: trip.to_string(), state: trip_row.state, items })
}
