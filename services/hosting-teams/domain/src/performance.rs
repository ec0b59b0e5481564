//! Host performance over a period, computed from facts the caller gathers: trips completed,
//! earnings, occupancy, response rate and time, and the cancellation rate against the terms.
//!
//! Rates are basis points (1 % = 100 bp), rounded half up; a rate with nothing to divide by is
//! `None` (no bookings, no requests, no available days), never a made-up zero.

use crate::policy::{CANCELLATION_RATE_BAND_BP, CANCELLATION_RATE_THRESHOLD_BP};
use chrono::{DateTime, Utc};
use serde::Serialize;

/// How a booking in the period ended, or stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum BookingOutcome {
    /// The trip took place and ended.
    Completed,
    /// Booked, not finished yet (upcoming or in progress).
    Booked,
    /// The host (owner) cancelled: counts against the cancellation rate.
    CancelledByHost,
    /// The guest cancelled.
    CancelledByGuest,
}

/// One booking in the period.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BookingFact {
    pub outcome: BookingOutcome,
    /// Days of the booking that fall in the period.
    pub booked_days: u32,
    /// What the host earned on it, cents (including what a guest cancellation pays the owner).
    pub earnings_cents: i64,
}

/// One booking request and when the host answered it (`None`: never answered).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RequestFact {
    pub requested_at: DateTime<Utc>,
    pub answered_at: Option<DateTime<Utc>>,
}

/// Where the host's cancellation rate stands under the terms: "Owner cancellation rate
/// threshold 4% (penalty band over 2%)".
///
/// Our reading: at or under 2 % is good; over 2 % and up to 4 % is the penalty band, a
/// warning; over 4 % is over the threshold.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum CancellationStatus {
    Good,
    Warning,
    Over,
}

impl CancellationStatus {
    /// The status of a rate in basis points; no bookings is good.
    pub fn of(rate_bp: Option<u32>) -> CancellationStatus {
        match rate_bp {
            Some(r) if r > CANCELLATION_RATE_THRESHOLD_BP => CancellationStatus::Over,
            Some(r) if r > CANCELLATION_RATE_BAND_BP => CancellationStatus::Warning,
            _ => CancellationStatus::Good,
        }
    }
}

/// A host's performance over a period.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Performance {
    pub trips_completed: u32,
    /// Sum of the bookings' earnings, cents.
    pub earnings_cents: i64,
    /// Booked days (completed and booked, not cancelled) over available days, at most 100 %.
    pub occupancy_bp: Option<u32>,
    /// Requests answered over requests received.
    pub response_rate_bp: Option<u32>,
    /// Median time from request to answer over answered requests, seconds.
    pub median_response_seconds: Option<i64>,
    /// Host cancellations over all bookings.
    pub cancellation_rate_bp: Option<u32>,
    pub cancellation_status: CancellationStatus,
}

/// `part / whole` in basis points, rounded half up; `None` when `whole` is 0.
pub fn rate_bp(part: u64, whole: u64) -> Option<u32> {
    if whole == 0 {
        return None;
    }
    let bp = (u128::from(part) * 10_000 * 2 + u128::from(whole)) / (u128::from(whole) * 2);
    Some(u32::try_from(bp).unwrap_or(u32::MAX))
}

/// The median of durations in seconds (for an even count, the mean of the two middle
/// values, rounded down);
/// `None` for none.
pub fn median_seconds(mut values: Vec<i64>) -> Option<i64> {
    if values.is_empty() {
        return None;
    }
    values.sort_unstable();
    let mid = values.len() / 2;
    if values.len() % 2 == 1 {
        values.get(mid).copied()
    } else {
        let (a, b) = (i128::from(*values.get(mid - 1)?), i128::from(*values.get(mid)?));
        i64::try_from((a + b).div_euclid(2)).ok()
    }
}

/// Computes a period's performance. `available_days` is the days the host's cars were
/// available in the period (car-days for several cars). An answer recorded before its request
/// counts as instant (0 s).
pub fn compute(
    bookings: &[BookingFact],
    requests: &[RequestFact],
    available_days: u32,
) -> Performance {
    let trips_completed =
        bookings.iter().filter(|b| b.outcome == BookingOutcome::Completed).count() as u32;
    let earnings_cents = bookings.iter().map(|b| b.earnings_cents).fold(0i64, i64::saturating_add);
    let booked_days: u64 = bookings
        .iter()
        .filter(|b| matches!(b.outcome, BookingOutcome::Completed | BookingOutcome::Booked))
        .map(|b| u64::from(b.booked_days))
        .sum();
    let occupancy_bp = rate_bp(booked_days, u64::from(available_days)).map(|r| r.min(10_000));
    let answered: Vec<i64> = requests
        .iter()
        .filter_map(|r| r.answered_at.map(|a| (a - r.requested_at).num_seconds().max(0)))
        .collect();
    let response_rate_bp = rate_bp(answered.len() as u64, requests.len() as u64);
    let median_response_seconds = median_seconds(answered);
    let host_cancelled =
        bookings.iter().filter(|b| b.outcome == BookingOutcome::CancelledByHost).count() as u64;
    let cancellation_rate_bp = rate_bp(host_cancelled, bookings.len() as u64);
    Performance {
        trips_completed,
        earnings_cents,
        occupancy_bp,
        response_rate_bp,
        median_response_seconds,
        cancellation_rate_bp,
        cancellation_status: CancellationStatus::of(cancellation_rate_bp),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{Duration, TimeZone};
    use proptest::prelude::*;

    fn booking(outcome: BookingOutcome, days: u32, cents: i64) -> BookingFact {
        BookingFact { outcome, booked_days: days, earnings_cents: cents }
    }

    fn request(minutes: Option<i64>) -> RequestFact {
        let at = Utc.with_ymd_and_hms(2026, 4, 1, 9, 0, 0).unwrap();
        RequestFact { requested_at: at, answered_at: minutes.map(|m| at + Duration::minutes(m)) }
    }

    #[test]
    fn a_period() {
        use BookingOutcome::*;
        let bookings = [
            booking(Completed, 3, 30_000),
            booking(Completed, 2, 20_000),
            booking(Booked, 4, 0),
            booking(CancelledByGuest, 2, 2_400),
            booking(CancelledByHost, 5, 0),
        ];
        let requests = [request(Some(10)), request(Some(30)), request(None), request(Some(20))];
        let p = compute(&bookings, &requests, 30);
        assert_eq!(p.trips_completed, 2);
        assert_eq!(p.earnings_cents, 52_400);
        assert_eq!(p.occupancy_bp, Some(3_000)); // 9 of 30 days
        assert_eq!(p.response_rate_bp, Some(7_500));
        assert_eq!(p.median_response_seconds, Some(20 * 60));
        assert_eq!(p.cancellation_rate_bp, Some(2_000));
        assert_eq!(p.cancellation_status, CancellationStatus::Over);
    }

    #[test]
    fn nothing_to_measure_is_none_not_zero() {
        let p = compute(&[], &[], 0);
        assert_eq!(
            (p.occupancy_bp, p.response_rate_bp, p.median_response_seconds, p.cancellation_rate_bp),
            (None, None, None, None)
        );
        assert_eq!(p.cancellation_status, CancellationStatus::Good);
    }

    #[test]
    fn cancellation_status_by_the_terms() {
        let cases = [
            (None, CancellationStatus::Good),
            (Some(0), CancellationStatus::Good),
            (Some(200), CancellationStatus::Good),
            (Some(201), CancellationStatus::Warning),
            (Some(400), CancellationStatus::Warning),
            (Some(401), CancellationStatus::Over),
        ];
        for (rate, want) in cases {
            assert_eq!(CancellationStatus::of(rate), want, "{rate:?}");
        }
        // 1 host cancellation in 30 bookings: 3.33 %, in the band.
        let mut b = vec![booking(BookingOutcome::Completed, 1, 0); 29];
        b.push(booking(BookingOutcome::CancelledByHost, 1, 0));
        let p = compute(&b, &[], 100);
        assert_eq!(p.cancellation_rate_bp, Some(333));
        assert_eq!(p.cancellation_status, CancellationStatus::Warning);
    }

    #[test]
    fn medians_and_rates() {
        assert_eq!(median_seconds(vec![5, 1, 3]), Some(3));
        assert_eq!(median_seconds(vec![4, 1, 3, 2]), Some(2)); // (2 + 3) / 2 rounded down
        assert_eq!(rate_bp(1, 3), Some(3_333));
        assert_eq!(rate_bp(2, 3), Some(6_667));
        assert_eq!(rate_bp(1, 0), None);
        // Occupancy never shows over 100 %.
        let p = compute(&[booking(BookingOutcome::Booked, 40, 0)], &[], 30);
        assert_eq!(p.occupancy_bp, Some(10_000));
        // An answer stamped before its request is instant.
        assert_eq!(compute(&[], &[request(Some(-5))], 0).median_response_seconds, Some(0));
    }

    proptest! {
        #[test]
        fn rates_stay_within_bounds(part in 0u64..1_000_000, extra in 0u64..1_000_000) {
            let r = rate_bp(part, part + extra + 1).unwrap();
            prop_assert!(r <= 10_000);
        }

        #[test]
        fn the_median_lies_between_the_extremes(values in prop::collection::vec(-1_000_000i64..1_000_000, 1..50)) {
            let m = median_seconds(values.clone()).unwrap();
            prop_assert!(m >= *values.iter().min().unwrap() && m <= *values.iter().max().unwrap());
        }
    }
}
