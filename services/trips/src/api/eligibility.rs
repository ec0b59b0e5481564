//! Driver eligibility as trips asks it (pricing's rule, `pricing_domain::driver::eligible`): the
//! facts accounts keeps of a driver, and the check of one driver or of every driver of a trip
//! (booking, a change of dates, an added driver joining).

use crate::api::peers::request;
use crate::error::{TripsError, TripsResult};
use crate::state::AppState;
use crate::store::trips::TripRow;
use chrono::{DateTime, NaiveDate, Utc};
use chrono_tz::Tz;
use diesel_async::AsyncPgConnection;
use upcar_identity::Identity;
use uuid::Uuid;

/// A date of accounts' answers (YYYY-MM-DD), none when empty or unreadable.
pub fn day_of(v: &str) -> Option<NaiveDate> {
    NaiveDate::parse_from_str(v.get(..10).unwrap_or_default(), "%Y-%m-%d").ok()
}

/// What a driver's eligibility is read from: date of birth and licence expiry.
#[derive(Debug, Clone, Copy, Default)]
pub struct DriverFacts {
    pub dob: Option<NaiveDate>,
    pub license_expires: Option<NaiveDate>,
}

/// Whether a driver may drive a trip of `min_age` over `start..end` (the car's local dates).
pub fn check_driver(
    d: DriverFacts,
    min_age: i32,
    start: DateTime<Utc>,
    end: DateTime<Utc>,
    tz: Tz,
) -> TripsResult<()> {
    let local = |t: DateTime<Utc>| t.with_timezone(&tz).date_naive();
    pricing_domain::driver::eligible(
        d.dob,
        d.license_expires,
        i64::from(min_age),
        local(start),
        local(end),
    )
    .map_err(TripsError::Ineligible)
}

/// Every driver of a trip (its guest and its added drivers) may drive it over `start..end`:
/// asked again whenever its dates change.
pub async fn check_trip_drivers(
    state: &AppState,
    who: &Identity,
    conn: &mut AsyncPgConnection,
    t: &TripRow,
    start: DateTime<Utc>,
    end: DateTime<Utc>,
) -> TripsResult<()> {
    let mut ids = vec![t.guest_id];
    ids.extend(
        crate::store::extras::drivers(conn, t.id)
            .await?
            .into_iter()
            .filter(|d| d.status == "added")
            .filter_map(|d| d.user_id),
    );
    let msg = upcar_proto::accounts::DriverFactsRequest {
        user_ids: ids.iter().map(Uuid::to_string).collect(),
    };
    let facts = state
        .accounts
        .clone()
        .get_driver_facts(request(msg, who))
        .await
        .map_err(TripsError::upstream)?
        .into_inner()
        .drivers;
    let tz = t.time_zone.parse().unwrap_or(chrono_tz::America::Los_Angeles);
    for id in &ids {
        let f = facts.iter().find(|f| f.user_id == id.to_string());
        let d = DriverFacts {
            dob: f.and_then(|f| day_of(&f.dob)),
            license_expires: f.and_then(|f| day_of(&f.license_expiration_date)),
        };
        check_driver(d, t.min_driver_age, start, end, tz)?;
    }
    Ok(())
}
