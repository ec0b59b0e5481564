//! Coupons: an amount or a percentage off the trip before tax, never below zero, under the
//! coupon's conditions: its dates, a minimum trip, the guest's first trip only, and how many
//! trips of one account may use it. The conditions on the guest's trips are checked twice:
//! here at checkout against what pricing knows of the guest's trips (so the guest is told
//! before booking), and by trips as it books, atomically against its own trips (so parallel
//! bookings cannot each take it).

use crate::money::{Cents, percent_of};
use chrono::{DateTime, Utc};

/// What a coupon takes off.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Benefit {
    /// A fixed amount.
    Amount(Cents),
    /// A percentage (basis points), at most `cap` when set.
    Percent { bp: i64, cap: Option<Cents> },
}

/// A coupon as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Coupon {
    pub code: String,
    pub benefit: Benefit,
    /// The trip (before tax and before the coupon) must cost at least this much.
    pub min_trip: Cents,
    pub valid_from: Option<DateTime<Utc>>,
    pub valid_until: Option<DateTime<Utc>>,
    pub active: bool,
    /// Shown when the coupon is accepted.
    pub description: String,
    /// Only for a guest with no other trip (requested, confirmed, under way or completed;
    /// cancelled and rejected ones do not count).
    pub first_trip_only: bool,
    /// How many trips of one account may use it; `None` is no limit.
    pub uses_per_account: Option<u32>,
}

/// What pricing knows of a guest's trips when it prices: the ones that hold or held a car
/// (not cancelled, not rejected), and how many of them used the coupon asked for.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct GuestTrips {
    pub trips: u32,
    pub with_this_coupon: u32,
}

/// Why a coupon does not apply; texts are shown to the user.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CouponError {
    #[error("Please enter a coupon code.")]
    Empty,
    #[error("This coupon code is not valid.")]
    Unknown,
    #[error("This coupon has expired.")]
    Expired,
    #[error("This coupon is not active yet.")]
    NotYet,
    #[error("This coupon needs a trip of at least {0}.")]
    BelowMinimum(String),
    #[error("This coupon is for your first trip only.")]
    FirstTripOnly,
    #[error("You have already used this coupon.")]
    UsedUp,
}

/// Normalises a typed code: trimmed, upper case.
pub fn normalize(code: &str) -> Result<String, CouponError> {
    let c = code.trim().to_ascii_uppercase();
    if c.is_empty() { Err(CouponError::Empty) } else { Ok(c) }
}

impl Coupon {
    /// Whether the coupon can be used at `now` (ignoring the trip amount).
    pub fn check(&self, now: DateTime<Utc>) -> Result<(), CouponError> {
        if !self.active {
            return Err(CouponError::Unknown);
        }
        if self.valid_from.is_some_and(|f| now < f) {
            return Err(CouponError::NotYet);
        }
        if self.valid_until.is_some_and(|u| now >= u) {
            return Err(CouponError::Expired);
        }
        Ok(())
    }

    /// Whether a guest with `trips` may use it on one more trip.
    pub fn check_guest(&self, trips: GuestTrips) -> Result<(), CouponError> {
        if self.first_trip_only && trips.trips > 0 {
            return Err(CouponError::FirstTripOnly);
        }
        if self.uses_per_account.is_some_and(|n| trips.with_this_coupon >= n) {
            return Err(CouponError::UsedUp);
        }
        Ok(())
    }

    /// The discount on a trip of `subtotal` (before tax), at most the subtotal.
    pub fn discount(&self, subtotal: Cents) -> Result<Cents, CouponError> {
        if subtotal < self.min_trip {
            return Err(CouponError::BelowMinimum(self.min_trip.display()));
        }
        let off = match self.benefit {
            Benefit::Amount(a) => a,
            Benefit::Percent { bp, cap } => {
                let p = percent_of(subtotal, bp);
                cap.map_or(p, |c| p.min(c))
            }
        };
        Ok(off.max(Cents::ZERO).min(subtotal.max(Cents::ZERO)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn coupon(benefit: Benefit) -> Coupon {
        Coupon {
            code: "SAVE".into(),
            benefit,
            min_trip: Cents(0),
            valid_from: None,
            valid_until: Some(Utc.with_ymd_and_hms(2027, 1, 1, 0, 0, 0).unwrap()),
            active: true,
            description: String::new(),
            first_trip_only: false,
            uses_per_account: None,
        }
    }

    #[test]
    fn amounts_and_percentages_never_exceed_the_trip() {
        let fifty = coupon(Benefit::Amount(Cents(5_000)));
        assert_eq!(fifty.discount(Cents(20_000)).unwrap(), Cents(5_000));
        assert_eq!(fifty.discount(Cents(3_000)).unwrap(), Cents(3_000));
        let ten = coupon(Benefit::Percent { bp: 1_000, cap: Some(Cents(10_000)) });
        assert_eq!(ten.discount(Cents(45_055)).unwrap(), Cents(4_506));
        assert_eq!(ten.discount(Cents(500_000)).unwrap(), Cents(10_000));
    }

    #[test]
    fn a_first_trip_coupon_is_for_a_guest_without_trips_and_a_limited_one_counts_its_uses() {
        let first = Coupon {
            first_trip_only: true,
            uses_per_account: Some(1),
            ..coupon(Benefit::Amount(Cents(5_000)))
        };
        let none = GuestTrips::default();
        assert_eq!(first.check_guest(none), Ok(()));
        assert_eq!(
            first.check_guest(GuestTrips { trips: 4, with_this_coupon: 0 }),
            Err(CouponError::FirstTripOnly)
        );
        let twice = Coupon { uses_per_account: Some(2), ..coupon(Benefit::Amount(Cents(1_000))) };
        for (used, ok) in [(0, true), (1, true), (2, false), (3, false)] {
            let t = GuestTrips { trips: 7, with_this_coupon: used };
            assert_eq!(twice.check_guest(t).is_ok(), ok, "{used}");
        }
        assert_eq!(
            twice.check_guest(GuestTrips { trips: 2, with_this_coupon: 2 }),
            Err(CouponError::UsedUp)
        );
        let open = coupon(Benefit::Amount(Cents(1_000)));
        assert_eq!(open.check_guest(GuestTrips { trips: 50, with_this_coupon: 50 }), Ok(()));
        assert_eq!(
            CouponError::FirstTripOnly.to_string(),
            "This coupon is for your first trip only."
        );
    }

    #[test]
    fn dates_activity_and_minimums_are_checked() {
        let mut c = coupon(Benefit::Amount(Cents(5_000)));
        assert!(c.check(Utc.with_ymd_and_hms(2026, 12, 1, 0, 0, 0).unwrap()).is_ok());
        assert_eq!(
            c.check(Utc.with_ymd_and_hms(2027, 1, 1, 0, 0, 0).unwrap()),
            Err(CouponError::Expired)
        );
        c.valid_from = Some(Utc.with_ymd_and_hms(2026, 12, 5, 0, 0, 0).unwrap());
        assert_eq!(
            c.check(Utc.with_ymd_and_hms(2026, 12, 1, 0, 0, 0).unwrap()),
            Err(CouponError::NotYet)
        );
        c.active = false;
        assert_eq!(
            c.check(Utc.with_ymd_and_hms(2026, 12, 6, 0, 0, 0).unwrap()),
            Err(CouponError::Unknown)
        );
        c.min_trip = Cents(10_000);
        assert_eq!(c.discount(Cents(9_999)), Err(CouponError::BelowMinimum("$100.00".into())));
        assert_eq!(normalize("  first50 ").unwrap(), "FIRST50");
        assert_eq!(normalize("  "), Err(CouponError::Empty));
    }
}
