//! When a trip's money is held on the guest's card, so that the authorisation is still valid
//! when check-in captures it.
//!
//! A card authorisation does not live for ever: the card networks let an online, customer
//! initiated one stand about 7 days and a merchant-initiated one (the platform charging a saved
//! card with the guest away) about 5 (Visa's rules as Stripe documents them: "Place a hold on a
//! payment method", authorisation validity windows). A trip booked 60 days ahead therefore
//! cannot be authorised at booking and captured at check-in.
//!
//! The plan, per trip:
//! - **At booking**, pricing's quote says when the card is charged (`charge_at`: its pay-later
//!   date, 48 hours before the start, for a start at least 72 hours away; otherwise at
//!   booking). Before that moment the card is saved for later use (a setup, no hold).
//! - **At `charge_at`** the scheduled job authorises the total, merchant initiated.
//! - **An authorisation about to lapse** before its capture is renewed (a new one placed, the
//!   old one released); while the plan still says "later" (a modification moved the start
//!   out), it is released and the trip goes back to "scheduled".
//! - **A refused authorisation** tells the guest, who has [`CARD_UPDATE_HOURS`] (never past
//!   the start) to add another card; a new card is tried at once; if none is added in time the
//!   trip is cancelled (nothing was charged, so nothing is owed either way).
//! - **Check-in** captures only an authorisation that is still valid; otherwise it authorises
//!   anew first. No capture is ever attempted on a lapsed authorisation.

use chrono::{DateTime, Duration, Utc};

/// An online authorisation made with the guest present (at booking) stands this many days
/// (Visa, customer initiated; Stripe: an uncaptured PaymentIntent is cancelled after 7 days).
pub const CUSTOMER_INITIATED_VALID_DAYS: i64 = 7;
/// An authorisation the platform makes on a saved card with the guest away stands this many
/// days (Visa, merchant initiated).
pub const MERCHANT_INITIATED_VALID_DAYS: i64 = 5;
/// An authorisation is renewed this long before it lapses.
pub const RENEW_BEFORE_LAPSE_HOURS: i64 = 24;
/// After a refused authorisation the guest has this long to add another card (never past the
/// trip's start) before the trip is cancelled.
pub const CARD_UPDATE_HOURS: i64 = 24;

/// Who starts an authorisation: the guest at the checkout, or the platform on a saved card.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Initiated {
    Customer,
    Merchant,
}

/// When an authorisation made at `at` lapses.
pub fn lapses_at(at: DateTime<Utc>, by: Initiated) -> DateTime<Utc> {
    let days = match by {
        Initiated::Customer => CUSTOMER_INITIATED_VALID_DAYS,
        Initiated::Merchant => MERCHANT_INITIATED_VALID_DAYS,
    };
    at + Duration::days(days)
}

/// Whether an authorisation that lapses at `lapses` may still be captured at `now`.
pub fn capturable(lapses: DateTime<Utc>, now: DateTime<Utc>) -> bool {
    now < lapses
}

/// By when a guest whose authorisation was refused at `now` must add another card.
pub fn pay_by(now: DateTime<Utc>, trip_start: DateTime<Utc>) -> DateTime<Utc> {
    (now + Duration::hours(CARD_UPDATE_HOURS)).min(trip_start).max(now)
}

/// Where an uncaptured hold of a trip that has not started stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Hold {
    /// The card is saved; nothing is held yet.
    Scheduled,
    /// The money is held until `lapses`.
    Authorized { lapses: DateTime<Utc> },
    /// The last authorisation was refused; the guest has until `pay_by`. `new_card`: the
    /// guest's primary card is not the one that was refused.
    Failed { pay_by: DateTime<Utc>, new_card: bool },
}

/// What the scheduled job does with a hold now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Step {
    /// Nothing yet.
    Wait,
    /// Authorise the total (merchant initiated); for an authorised hold, then release the old
    /// authorisation.
    Authorize,
    /// Release the authorisation and go back to scheduled (the plan holds the money later).
    Unhold,
    /// Cancel the trip: no valid card was given in time.
    Cancel,
}

/// The job's step for a hold whose plan charges the card at `charge_at`.
pub fn step(hold: Hold, charge_at: DateTime<Utc>, now: DateTime<Utc>) -> Step {
    match hold {
        Hold::Scheduled if now >= charge_at => Step::Authorize,
        Hold::Scheduled => Step::Wait,
        Hold::Authorized { lapses }
            if now >= lapses - Duration::hours(RENEW_BEFORE_LAPSE_HOURS) =>
        {
            if now < charge_at {
                Step::Unhold
            } else {
                Step::Authorize
            }
        }
        Hold::Authorized { .. } => Step::Wait,
        Hold::Failed { pay_by, .. } if now >= pay_by => Step::Cancel,
        Hold::Failed { new_card: true, .. } => Step::Authorize,
        Hold::Failed { .. } => Step::Wait,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn t(d: u32, h: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2027, 3, d, h, 0, 0).single().unwrap_or_default()
    }

    #[test]
    fn an_authorisation_stands_7_days_with_the_guest_present_and_5_without() {
        assert_eq!(lapses_at(t(1, 10), Initiated::Customer), t(8, 10));
        assert_eq!(lapses_at(t(1, 10), Initiated::Merchant), t(6, 10));
        assert!(capturable(t(6, 10), t(6, 9)));
        assert!(!capturable(t(6, 10), t(6, 10)), "at the lapse it is gone");
    }

    #[test]
    fn a_saved_card_is_authorised_at_the_plans_moment() {
        assert_eq!(step(Hold::Scheduled, t(10, 10), t(10, 9)), Step::Wait);
        assert_eq!(step(Hold::Scheduled, t(10, 10), t(10, 10)), Step::Authorize);
        assert_eq!(step(Hold::Scheduled, t(10, 10), t(20, 10)), Step::Authorize);
    }

    #[test]
    fn an_authorisation_is_renewed_24_hours_before_it_lapses() {
        let held = Hold::Authorized { lapses: t(8, 10) };
        assert_eq!(step(held, t(1, 10), t(7, 9)), Step::Wait);
        assert_eq!(step(held, t(1, 10), t(7, 10)), Step::Authorize);
        // A modification moved the start out: the plan charges later, so the money is let go.
        assert_eq!(step(held, t(20, 10), t(7, 10)), Step::Unhold);
        assert_eq!(step(held, t(7, 10), t(7, 10)), Step::Authorize, "the plan's moment is now");
    }

    #[test]
    fn a_refused_card_waits_for_a_new_one_until_its_deadline() {
        let failed = |new_card| Hold::Failed { pay_by: t(9, 10), new_card };
        assert_eq!(step(failed(false), t(8, 10), t(9, 9)), Step::Wait);
        assert_eq!(step(failed(true), t(8, 10), t(9, 9)), Step::Authorize);
        assert_eq!(step(failed(false), t(8, 10), t(9, 10)), Step::Cancel);
        assert_eq!(step(failed(true), t(8, 10), t(9, 10)), Step::Cancel, "too late even so");
    }

    #[test]
    fn the_guest_has_24_hours_to_change_the_card_never_past_the_start() {
        assert_eq!(pay_by(t(1, 10), t(3, 10)), t(2, 10));
        assert_eq!(pay_by(t(1, 10), t(2, 10)), t(2, 10));
        assert_eq!(pay_by(t(1, 10), t(1, 16)), t(1, 16));
        assert_eq!(pay_by(t(1, 10), t(1, 8)), t(1, 10), "a start already past: at once");
    }

    #[test]
    fn a_60_day_lead_is_never_held_past_its_window() {
        // Booked on the 1st for a start 60 days later; pricing charges 48 hours before.
        let start = t(1, 10) + Duration::days(60);
        let charge_at = start - Duration::hours(48);
        let mut hold = Hold::Scheduled;
        let mut now = t(1, 10);
        let mut authorised_at = None;
        while now < start {
            match step(hold, charge_at, now) {
                Step::Authorize => {
                    authorised_at = Some(now);
                    hold = Hold::Authorized { lapses: lapses_at(now, Initiated::Merchant) };
                }
                Step::Wait => {}
                other => panic!("unexpected {other:?} at {now}"),
            }
            now += Duration::hours(1);
        }
        assert_eq!(authorised_at, Some(charge_at));
        let Hold::Authorized { lapses } = hold else { panic!("not held at the start") };
        assert!(capturable(lapses, start));
    }
}
