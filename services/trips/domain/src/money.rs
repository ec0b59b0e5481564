//! The money policy of spec 002 point 9: the owner's share of a trip, when a
//! pre-authorisation hold is released, when a host's earnings are final, and when they are
//! paid out.

use chrono::{DateTime, Datelike, Duration, Utc};

/// An uncaptured hold is released this many days after the trip's end...
pub const HOLD_RELEASE_DAYS: i64 = 5;
/// ...or this many when incidentals or damage are pending.
pub const HOLD_RELEASE_DAYS_WITH_CLAIMS: i64 = 30;
/// Owner payouts are final this long after the trip's end or its cancellation.
pub const EARNINGS_FINAL_AFTER_HOURS: i64 = 24;
/// A host is paid in a month only when what is owed exceeds this ($100); otherwise it rolls
/// over.
pub const PAYOUT_THRESHOLD_CENTS: i64 = 10_000;

/// The owner's share of a trip (the terms: the platform takes a commission and pays the
/// owner): 75 % of the trip before tax and protection; protection and the commission are the
/// platform's; tax is held for the state.
pub const OWNER_SHARE_BP: i64 = 7_500;

/// A trip's price as the split reads it, in cents.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TripMoney {
    pub total_cents: i64,
    pub before_tax_cents: i64,
    pub protection_cents: i64,
    pub tax_cents: i64,
}

/// The split of a captured trip price: (owner, platform, tax). The owner's share is rounded to
/// the nearest cent (half up); tax never exceeds the total; the platform keeps the rest, so
/// the three always add up to the total.
pub fn owner_split(m: TripMoney) -> (i64, i64, i64) {
    let base = (m.before_tax_cents - m.protection_cents).max(0);
    let owner = (base * OWNER_SHARE_BP + 5_000) / 10_000;
    let tax = m.tax_cents.clamp(0, m.total_cents.max(0));
    (owner, m.total_cents - owner - tax, tax)
}

/// When a trip's uncaptured hold is due for release.
pub fn hold_release_at(trip_end: DateTime<Utc>, claims_pending: bool) -> DateTime<Utc> {
    let days = if claims_pending { HOLD_RELEASE_DAYS_WITH_CLAIMS } else { HOLD_RELEASE_DAYS };
    trip_end + Duration::days(days)
}

/// What the hold release job does with a hold whose (stored) release date has passed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HoldDecision {
    Release,
    /// Keep it until then (claims are pending).
    KeepUntil(DateTime<Utc>),
}

/// Releases a due hold unless claims are pending and their 30 days have not passed.
pub fn hold_decision(
    trip_end: DateTime<Utc>,
    claims_pending: bool,
    now: DateTime<Utc>,
) -> HoldDecision {
    let at = hold_release_at(trip_end, claims_pending);
    if now >= at { HoldDecision::Release } else { HoldDecision::KeepUntil(at) }
}

/// Whether earnings whose trip ended (or was cancelled) at `settled_at` are final at `now`.
pub fn earnings_final(settled_at: DateTime<Utc>, now: DateTime<Utc>) -> bool {
    now >= settled_at + Duration::hours(EARNINGS_FINAL_AFTER_HOURS)
}

/// Whether a host owed `final_cents` is paid this month.
pub fn payout_due(final_cents: i64) -> bool {
    final_cents > PAYOUT_THRESHOLD_CENTS
}

/// The payout period (one payout per host per month, UTC): `YYYY-MM`.
pub fn payout_period(now: DateTime<Utc>) -> String {
    format!("{:04}-{:02}", now.year(), now.month())
}

/// Splits an owner's earnings among the co-hosts of the car's team (spec 001 section 6, the
/// host's earnings split): each co-host gets `share_bp` basis points of `owner_cents`, rounded
/// toward zero; the host keeps the rest, so the parts always add up (no cent lost or made).
/// Shares outside 0..=10,000, or adding up to more, give the host everything (the hosting
/// service never publishes such a team).
pub fn split_earnings(owner_cents: i64, shares_bp: &[i32]) -> (i64, Vec<i64>) {
    let total: i64 = shares_bp.iter().map(|s| i64::from(*s)).sum();
    if shares_bp.iter().any(|s| !(0..=10_000).contains(s)) || total > 10_000 {
        return (owner_cents, vec![0; shares_bp.len()]);
    }
    let parts: Vec<i64> = shares_bp
        .iter()
        .map(|s| {
            let p = i128::from(owner_cents) * i128::from(*s) / 10_000;
            i64::try_from(p).unwrap_or(0)
        })
        .collect();
    (owner_cents - parts.iter().sum::<i64>(), parts)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn the_owner_earns_75_percent_of_the_trip_before_tax_and_protection() {
        let m = |before_tax_cents, protection_cents, tax_cents| TripMoney {
            total_cents: before_tax_cents + tax_cents,
            before_tax_cents,
            protection_cents,
            tax_cents,
        };
        assert_eq!(owner_split(m(10_000, 0, 800)), (7_500, 2_500, 800));
        assert_eq!(owner_split(m(12_000, 2_000, 960)), (7_500, 4_500, 960));
        // Half a cent rounds up, less rounds down: 75 % of 2 and of 1 cent.
        assert_eq!(owner_split(m(2, 0, 0)).0, 2);
        assert_eq!(owner_split(m(1, 0, 0)).0, 1);
        assert_eq!(owner_split(m(3, 0, 0)).0, 2);
        // Protection larger than the trip leaves the owner nothing; tax never above the total.
        assert_eq!(owner_split(m(1_000, 1_500, 0)), (0, 1_000, 0));
        let over = TripMoney {
            total_cents: 500,
            before_tax_cents: 0,
            protection_cents: 0,
            tax_cents: 900,
        };
        assert_eq!(owner_split(over), (0, 0, 500));
    }

    #[test]
    fn an_earnings_split_gives_each_cohost_their_share_and_the_host_the_rest() {
        assert_eq!(split_earnings(10_000, &[]), (10_000, vec![]));
        assert_eq!(split_earnings(10_000, &[2_000]), (8_000, vec![2_000]));
        assert_eq!(split_earnings(999, &[3_333, 3_333]), (335, vec![332, 332]));
        assert_eq!(split_earnings(-500, &[5_000]), (-250, vec![-250]));
        assert_eq!(split_earnings(100, &[6_000, 5_000]), (100, vec![0, 0]));
        assert_eq!(split_earnings(100, &[-1]), (100, vec![0]));
    }

    proptest::proptest! {
        #[test]
        fn a_split_never_loses_or_makes_a_cent(cents in -1_000_000i64..10_000_000, a in 0i32..=5_000, b in 0i32..=5_000) {
            let (host, parts) = split_earnings(cents, &[a, b]);
            proptest::prop_assert_eq!(host + parts.iter().sum::<i64>(), cents);
        }
    }

    fn t(d: u32, h: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2027, 1, d, h, 0, 0).single().unwrap_or_default()
    }

    #[test]
    fn holds_are_released_5_days_after_the_end_or_30_with_claims() {
        let end = t(1, 10);
        assert_eq!(hold_release_at(end, false), t(6, 10));
        assert_eq!(hold_release_at(end, true), t(31, 10));
        assert_eq!(hold_decision(end, false, t(6, 10)), HoldDecision::Release);
        assert_eq!(hold_decision(end, true, t(6, 10)), HoldDecision::KeepUntil(t(31, 10)));
        assert_eq!(hold_decision(end, true, t(31, 10)), HoldDecision::Release);
    }

    #[test]
    fn earnings_are_final_24_hours_after() {
        assert!(!earnings_final(t(1, 10), t(2, 9)));
        assert!(earnings_final(t(1, 10), t(2, 10)));
    }

    #[test]
    fn payouts_only_above_100_dollars_once_a_month() {
        assert!(!payout_due(9_999));
        assert!(!payout_due(10_000), "exactly $100 does not exceed $100");
        assert!(payout_due(10_001));
        assert_eq!(payout_period(t(31, 23)), "2027-01");
    }
}
