//! `cars/isUserAvailableForTheDates`: whether the guest already holds a trip then.

use crate::error::{TripsError, TripsResult};
use crate::state::AppState;
use crate::store::trips;
use chrono::{NaiveDateTime, TimeZone, Utc};
use upcar_identity::Identity;
use upcar_proto::trips as pb;

fn instant(date: &str, time: &str, tz: chrono_tz::Tz) -> TripsResult<chrono::DateTime<Utc>> {
    let text = format!("{} {}", date.trim(), time.trim().to_uppercase());
    let local = NaiveDateTime::parse_from_str(&text, "%Y-%m-%d %I:%M %p")
        .or_else(|_| NaiveDateTime::parse_from_str(&text, "%Y-%m-%d %H:%M"))
        .map_err(|_| TripsError::BadDateTime(text.clone()))?;
    tz.from_local_datetime(&local)
        .earliest()
        .map(|t| t.with_timezone(&Utc))
        .ok_or(TripsError::NonexistentLocalTime(text))
}

/// Answers whether the caller is free for the window.
pub async fn is_user_available(
    state: &AppState,
    who: &Identity,
    r: pb::UserAvailabilityRequest,
) -> TripsResult<pb::UserAvailabilityReply> {
    let tz: chrono_tz::Tz = if r.time_zone.trim().is_empty() {
        chrono_tz::America::Los_Angeles
    } else {
        r.time_zone.trim().parse().map_err(|_| TripsError::UnknownTimeZone)?
    };
    let start = instant(&r.start_date, &r.start_time, tz)?;
    let end = instant(&r.end_date, &r.end_time, tz)?;
    if start > end {
        return Err(TripsError::DatesInverted);
    }
    let mut conn = state.conn().await?;
    let clash = trips::guest_overlaps(
        &mut conn,
        who.user_id,
        start,
        end.max(start + chrono::Duration::minutes(1)),
    )
    .await?;
    Ok(pb::UserAvailabilityReply {
        is_user_available: clash.is_empty(),
        conflicting_trip_ids: clash.iter().map(|c| c.to_string()).collect(),
    })
}
