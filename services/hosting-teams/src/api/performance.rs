//! `hostbusiness/getPerformanceData`: the caller's performance as a host over a period, from
//! their trips as hosting's read model has them (`trip_facts`), computed by
//! `hosting_domain::performance`. A period is the last `days` days (365 by default, 7 to 730):
//! a booking counts in it when its trip starts in it, a request when it was made in it.
//! Occupancy is the booked days of the period over the days the host's cars on the platform
//! could be booked in it (their count now times the period's days, less their blocked days).

use crate::api::host;
use crate::error::{HostingError, HostingResult};
use crate::state::AppState;
use chrono::{DateTime, Duration, SecondsFormat, Utc};
use diesel::QueryableByName;
use diesel::sql_types::{BigInt, Bool, Nullable, Text, Timestamptz, Uuid as SqlUuid};
use diesel_async::RunQueryDsl;
use hosting_domain::performance::{BookingFact, BookingOutcome, RequestFact, compute};
use hosting_domain::policy::{CANCELLATION_RATE_BAND_BP, CANCELLATION_RATE_THRESHOLD_BP};
use upcar_identity::Identity;
use upcar_proto::hosting as pb;

#[derive(QueryableByName)]
struct Row {
    #[diesel(sql_type = Text)]
    status: String,
    #[diesel(sql_type = Bool)]
    requested: bool,
    #[diesel(sql_type = Timestamptz)]
    booked_at: DateTime<Utc>,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    answered_at: Option<DateTime<Utc>>,
    #[diesel(sql_type = Timestamptz)]
    start_at: DateTime<Utc>,
    #[diesel(sql_type = Timestamptz)]
    end_at: DateTime<Utc>,
    #[diesel(sql_type = BigInt)]
    earnings_cents: i64,
}

#[derive(QueryableByName)]
struct Capacity {
    #[diesel(sql_type = BigInt)]
    cars: i64,
    #[diesel(sql_type = BigInt)]
    blocked_days: i64,
}

/// Days of `[start, end)` inside `[from, to)`, rounded up to whole days.
fn days_within(
    start: DateTime<Utc>,
    end: DateTime<Utc>,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
) -> u32 {
    let (s, e) = (start.max(from), end.min(to));
    if e <= s {
        return 0;
    }
    let secs = (e - s).num_seconds();
    u32::try_from((secs + 86_399) / 86_400).unwrap_or(u32::MAX)
}

/// `hostbusiness/getPerformanceData?days`.
pub async fn get(
    state: &AppState,
    who: Option<Identity>,
    r: pb::PerformanceRequest,
) -> HostingResult<pb::PerformanceReply> {
    let who = host(who)?;
    let days = match r.days {
        0 => 365,
        d if (7..=730).contains(&d) => d,
        _ => return Err(HostingError::InvalidPeriod),
    };
    let to = state.clock.now();
    let from = to - Duration::days(i64::from(days));
    let mut conn = state.conn().await?;
    let rows: Vec<Row> = diesel::sql_query(
        "SELECT status, requested, booked_at, answered_at, start_at, end_at, earnings_cents FROM trip_facts \
         WHERE owner_id = $1 AND ((booked_at >= $2 AND booked_at < $3) OR (start_at < $3 AND end_at > $2))",
    )
    .bind::<SqlUuid, _>(who.user_id)
    .bind::<Timestamptz, _>(from)
    .bind::<Timestamptz, _>(to)
    .load(&mut conn)
    .await?;
    let cap: Capacity = diesel::sql_query(
        "SELECT (SELECT count(*) FROM listings WHERE host_id = $1 AND status = 'active') AS cars, \
           coalesce((SELECT sum(ceil(extract(epoch FROM (least(upper(b.period), $3) - greatest(lower(b.period), $2))) / 86400))::bigint \
             FROM host_blocks b JOIN listings l ON l.id = b.car_id \
             WHERE l.host_id = $1 AND l.status = 'active' AND NOT b.deleted AND b.period && tstzrange($2, $3)), 0) AS blocked_days",
    )
    .bind::<SqlUuid, _>(who.user_id)
    .bind::<Timestamptz, _>(from)
    .bind::<Timestamptz, _>(to)
    .get_result(&mut conn)
    .await?;
    let mut bookings = Vec::new();
    let mut requests = Vec::new();
    for row in &rows {
        if row.requested && row.booked_at >= from && row.booked_at < to {
            requests
                .push(RequestFact { requested_at: row.booked_at, answered_at: row.answered_at });
        }
        let outcome = match row.status.as_str() {
            "completed" => BookingOutcome::Completed,
            "confirmed" => BookingOutcome::Booked,
            "cancelled_by_host" => BookingOutcome::CancelledByHost,
            "cancelled_by_guest" => BookingOutcome::CancelledByGuest,
            // A request not (yet) accepted, or turned down, is not a booking.
            _ => continue,
        };
        bookings.push(BookingFact {
            outcome,
            booked_days: days_within(row.start_at, row.end_at, from, to),
            earnings_cents: row.earnings_cents,
        });
    }
    let car_days = cap.cars.saturating_mul(i64::from(days)).saturating_sub(cap.blocked_days).max(0);
    let p = compute(&bookings, &requests, u32::try_from(car_days).unwrap_or(u32::MAX));
    let bp = |v: Option<u32>| v.map(|v| i32::try_from(v).unwrap_or(i32::MAX));
    let at = |t: DateTime<Utc>| t.to_rfc3339_opts(SecondsFormat::Secs, true);
    Ok(pb::PerformanceReply {
        days,
        from: at(from),
        to: at(to),
        trips_completed: i32::try_from(p.trips_completed).unwrap_or(i32::MAX),
        bookings: i32::try_from(bookings.len()).unwrap_or(i32::MAX),
        earnings_cents: p.earnings_cents,
        occupancy_bp: bp(p.occupancy_bp),
        response_rate_bp: bp(p.response_rate_bp),
        median_response_seconds: p.median_response_seconds,
        cancellation_rate_bp: bp(p.cancellation_rate_bp),
        cancellation_status: match p.cancellation_status {
            hosting_domain::performance::CancellationStatus::Good => "good",
            hosting_domain::performance::CancellationStatus::Warning => "warning",
            hosting_domain::performance::CancellationStatus::Over => "over",
        }
        .to_owned(),
        cancellation_threshold_bp: i32::try_from(CANCELLATION_RATE_THRESHOLD_BP).unwrap_or(0),
        cancellation_band_bp: i32::try_from(CANCELLATION_RATE_BAND_BP).unwrap_or(0),
        requests: i32::try_from(requests.len()).unwrap_or(i32::MAX),
        cars: i32::try_from(cap.cars).unwrap_or(i32::MAX),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn days_within_a_period_are_counted_whole_and_clipped() {
        let t = |d: u32, h: u32| Utc.with_ymd_and_hms(2026, 5, d, h, 0, 0).unwrap();
        assert_eq!(days_within(t(2, 10), t(4, 10), t(1, 0), t(30, 0)), 2);
        assert_eq!(days_within(t(2, 10), t(4, 11), t(1, 0), t(30, 0)), 3);
        assert_eq!(days_within(t(2, 10), t(9, 10), t(5, 10), t(30, 0)), 4);
        assert_eq!(days_within(t(2, 10), t(3, 10), t(5, 0), t(30, 0)), 0);
    }
}
