//! The cancellation policy (spec 002 section 9): who gets what back.
//!
//! Renter cancels: after the start nothing comes back and the owner earns everything; within
//! 1 hour of booking, or more than 24 h before the start, everything comes back; otherwise
//! (24 h or less before the start) half comes back and the owner earns 24 %. The host
//! cancelling always refunds the renter in full. "More than 24 h" is strict: at exactly 24 h
//! before the start the 50 % rule applies, matching the free-cancellation date shown at
//! checkout ("free cancellation before" that instant).

use crate::money::{Cents, percent_of};
use crate::policy;
use chrono::{DateTime, Duration, Utc};
use serde::Serialize;

/// Who cancels.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Canceller {
    Guest,
    Host,
}

/// Which rule decided the refund.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum RefundRule {
    WithinOneHourOfBooking,
    MoreThan24HoursBeforeStart,
    Within24HoursOfStart,
    AfterStart,
    CancelledByHost,
}

impl RefundRule {
    /// The rule in plain words.
    pub fn message(self) -> &'static str {
        match self {
            RefundRule::WithinOneHourOfBooking => {
                "Cancelled within 1 hour of booking: full refund."
            }
            RefundRule::MoreThan24HoursBeforeStart => {
                "Cancelled more than 24 hours before the start: full refund."
            }
            RefundRule::Within24HoursOfStart => {
                "Cancelled less than 24 hours before the start: 50% refund."
            }
            RefundRule::AfterStart => "The trip has started: no refund.",
            RefundRule::CancelledByHost => "Cancelled by the host: full refund.",
        }
    }
}

/// The split of what was paid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct Refund {
    pub refund: Cents,
    pub owner_earns: Cents,
    pub platform_keeps: Cents,
    pub rule: RefundRule,
}

/// The refund of a trip that cost `paid`, booked at `booked_at`, starting at `start`,
/// cancelled at `now`.
pub fn refund(
    paid: Cents,
    booked_at: DateTime<Utc>,
    start: DateTime<Utc>,
    now: DateTime<Utc>,
    by: Canceller,
) -> Refund {
    let paid = paid.max(Cents::ZERO);
    let split = |refund: Cents, owner: Cents, rule| Refund {
        refund,
        owner_earns: owner,
        platform_keeps: paid - refund - owner,
        rule,
    };
    if by == Canceller::Host {
        return split(paid, Cents::ZERO, RefundRule::CancelledByHost);
    }
    if now >= start {
        return split(Cents::ZERO, paid, RefundRule::AfterStart);
    }
    if now - booked_at <= Duration::minutes(policy::FREE_CANCEL_AFTER_BOOKING_MINUTES) {
        return split(paid, Cents::ZERO, RefundRule::WithinOneHourOfBooking);
    }
    if start - now > Duration::hours(policy::FREE_CANCELLATION_HOURS) {
        return split(paid, Cents::ZERO, RefundRule::MoreThan24HoursBeforeStart);
    }
    split(
        percent_of(paid, policy::LATE_CANCEL_REFUND_BP),
        percent_of(paid, policy::LATE_CANCEL_OWNER_BP),
        RefundRule::Within24HoursOfStart,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;
    use proptest::prelude::*;

    fn t(h: i64, m: i64) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 12, 1, 0, 0, 0).unwrap()
            + Duration::hours(h)
            + Duration::minutes(m)
    }

    #[test]
    fn the_policy_at_each_boundary() {
        let paid = Cents(40_000);
        let booked = t(0, 0);
        let start = t(72, 0);
        // (now, by, refund, owner, rule)
        let cases = [
            (t(0, 59), Canceller::Guest, 40_000, 0, RefundRule::WithinOneHourOfBooking),
            (t(1, 0), Canceller::Guest, 40_000, 0, RefundRule::WithinOneHourOfBooking),
            (t(1, 1), Canceller::Guest, 40_000, 0, RefundRule::MoreThan24HoursBeforeStart),
            (t(47, 59), Canceller::Guest, 40_000, 0, RefundRule::MoreThan24HoursBeforeStart),
            (t(48, 0), Canceller::Guest, 20_000, 9_600, RefundRule::Within24HoursOfStart),
            (t(71, 59), Canceller::Guest, 20_000, 9_600, RefundRule::Within24HoursOfStart),
            (t(72, 0), Canceller::Guest, 0, 40_000, RefundRule::AfterStart),
            (t(80, 0), Canceller::Guest, 0, 40_000, RefundRule::AfterStart),
            (t(71, 0), Canceller::Host, 40_000, 0, RefundRule::CancelledByHost),
        ];
        for (now, by, refund_c, owner, rule) in cases {
            let r = refund(paid, booked, start, now, by);
            assert_eq!(
                (r.refund, r.owner_earns, r.rule),
                (Cents(refund_c), Cents(owner), rule),
                "{now}"
            );
            assert_eq!(r.refund + r.owner_earns + r.platform_keeps, paid);
        }
    }

    #[test]
    fn a_last_minute_booking_cancelled_within_the_hour_is_free_until_the_start() {
        let r = refund(Cents(10_000), t(10, 0), t(11, 0), t(10, 30), Canceller::Guest);
        assert_eq!((r.refund, r.rule), (Cents(10_000), RefundRule::WithinOneHourOfBooking));
        let r = refund(Cents(10_000), t(10, 0), t(10, 30), t(10, 45), Canceller::Guest);
        assert_eq!(r.rule, RefundRule::AfterStart);
    }

    proptest! {
        #[test]
        fn a_refund_never_exceeds_what_was_paid_and_the_split_adds_up(
            paid in 0i64..10_000_000, booked in 0i64..10_000, start_after in 0i64..10_000, now in 0i64..30_000, host in any::<bool>()
        ) {
            let base = t(0, 0);
            let booked_at = base + Duration::minutes(booked);
            let start = booked_at + Duration::minutes(start_after);
            let r = refund(Cents(paid), booked_at, start, base + Duration::minutes(now), if host { Canceller::Host } else { Canceller::Guest });
            prop_assert!(r.refund >= Cents::ZERO && r.refund <= Cents(paid));
            prop_assert!(r.owner_earns >= Cents::ZERO && r.platform_keeps >= Cents::ZERO);
            prop_assert_eq!(r.refund + r.owner_earns + r.platform_keeps, Cents(paid));
        }
    }
}
