//! A driver's age as the terms count it: whole years on a date, and the minimum age to rent
//! (`policy::MIN_DRIVER_AGE`). Accounts (pre-booking verification and tiers), trips (booking)
//! and pricing (the young-driver fee) count it this one way.
//!
//! Driver eligibility for a whole trip ([`eligible`]): old enough for the car's class on the
//! trip's first day, and a licence valid through its last. Trips asks it at booking, at every
//! change of dates and for every added driver; catalog stores each car's minimum age from
//! [`CarClass`].

use crate::policy::{
    EXOTIC_MAKES, LUXURY_MIN_DAILY_CENTS, MIN_DRIVER_AGE, PRESTIGE_MIN_DRIVER_AGE,
};
use chrono::{Datelike, NaiveDate};

/// A car's class for driver eligibility.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CarClass {
    /// Every other car.
    Standard,
    /// A daily price of `LUXURY_MIN_DAILY_CENTS` or more.
    Luxury,
    /// A make of `EXOTIC_MAKES`, whatever its price.
    Exotic,
}

impl CarClass {
    /// The class of a car by its make and daily price.
    pub fn of(make: &str, daily_price_cents: i64) -> CarClass {
        let make = make.trim().to_lowercase();
        if EXOTIC_MAKES.contains(&make.as_str()) {
            CarClass::Exotic
        } else if daily_price_cents >= LUXURY_MIN_DAILY_CENTS {
            CarClass::Luxury
        } else {
            CarClass::Standard
        }
    }

    /// The youngest driver this class takes.
    pub fn min_driver_age(self) -> i64 {
        match self {
            CarClass::Standard => MIN_DRIVER_AGE,
            CarClass::Luxury | CarClass::Exotic => PRESTIGE_MIN_DRIVER_AGE,
        }
    }
}

/// A car's minimum driver age: its host's own (if higher) or its class's.
pub fn car_min_age(host_min_age: i64, make: &str, daily_price_cents: i64) -> i64 {
    host_min_age.max(CarClass::of(make, daily_price_cents).min_driver_age())
}

/// Why a driver may not drive a trip, in the words the driver reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Ineligible {
    /// No date of birth on file.
    #[error("Add the driver's date of birth before the trip.")]
    NoDateOfBirth,
    /// Younger than the terms' minimum on the trip's first day.
    #[error("Renters must be {} or older.", MIN_DRIVER_AGE)]
    UnderMinimumAge,
    /// Younger than the car's minimum age (its class's, or its host's) on the first day.
    #[error("The minimum age for this car is {0}.")]
    UnderCarMinimumAge(i64),
    /// No licence details on file.
    #[error(
        "Add the driver's licence details (number, issue and expiration dates) before the trip."
    )]
    NoLicence,
    /// The licence expires before the trip's last day (its expiry).
    #[error(
        "The driver's licence expires on {0}, before the trip ends. Add the renewed licence's details, or choose dates that end by then."
    )]
    LicenceExpiresBeforeTripEnds(NaiveDate),
}

/// Whether a driver may drive a trip from `first_day` to `last_day` (the car's local dates) in
/// a car of minimum age `car_min_age`. A licence is valid through its expiration date.
pub fn eligible(
    dob: Option<NaiveDate>,
    licence_expires: Option<NaiveDate>,
    car_min_age: i64,
    first_day: NaiveDate,
    last_day: NaiveDate,
) -> Result<(), Ineligible> {
    let dob = dob.ok_or(Ineligible::NoDateOfBirth)?;
    let age = age_on(dob, first_day);
    if age < MIN_DRIVER_AGE {
        return Err(Ineligible::UnderMinimumAge);
    }
    if age < car_min_age {
        return Err(Ineligible::UnderCarMinimumAge(car_min_age));
    }
    let expires = licence_expires.ok_or(Ineligible::NoLicence)?;
    if expires < last_day {
        return Err(Ineligible::LicenceExpiresBeforeTripEnds(expires));
    }
    Ok(())
}

/// Whole years from `dob` to `on` (a birthday counts on its day; 29 February on 1 March in other
/// years); 0 before the birth.
pub fn age_on(dob: NaiveDate, on: NaiveDate) -> i64 {
    let mut years = i64::from(on.year() - dob.year());
    if (on.month(), on.day()) < (dob.month(), dob.day()) {
        years -= 1;
    }
    years.max(0)
}

/// Whether someone born on `dob` is old enough to rent on `on`.
pub fn old_enough(dob: NaiveDate, on: NaiveDate) -> bool {
    age_on(dob, on) >= MIN_DRIVER_AGE
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(y: i32, m: u32, day: u32) -> NaiveDate {
        NaiveDate::from_ymd_opt(y, m, day).unwrap()
    }

    #[test]
    fn the_minimum_age_is_reached_on_the_twenty_first_birthday() {
        let dob = d(2005, 6, 15);
        assert!(!old_enough(dob, d(2026, 6, 14)));
        assert!(old_enough(dob, d(2026, 6, 15)));
        assert_eq!(age_on(dob, d(2026, 6, 14)), 20);
        assert_eq!(age_on(dob, d(2004, 1, 1)), 0);
        // Born on 29 February: a year older on 1 March of other years.
        let leap = d(2004, 2, 29);
        assert_eq!(age_on(leap, d(2025, 2, 28)), 20);
        assert_eq!(age_on(leap, d(2025, 3, 1)), 21);
    }

    #[test]
    fn a_car_is_luxury_from_the_luxury_price_and_exotic_by_its_make() {
        assert_eq!(CarClass::of("Toyota", LUXURY_MIN_DAILY_CENTS - 1), CarClass::Standard);
        assert_eq!(CarClass::of("Toyota", LUXURY_MIN_DAILY_CENTS), CarClass::Luxury);
        assert_eq!(CarClass::of(" Ferrari ", 9_000), CarClass::Exotic);
        assert_eq!(CarClass::of("ROLLS-ROYCE", 9_000), CarClass::Exotic);
        assert_eq!(CarClass::Standard.min_driver_age(), 21);
        assert_eq!(CarClass::Luxury.min_driver_age(), 25);
        assert_eq!(CarClass::Exotic.min_driver_age(), 25);
        // The host's own minimum counts when it is higher, never when lower.
        assert_eq!(car_min_age(30, "Toyota", 5_000), 30);
        assert_eq!(car_min_age(18, "Toyota", 5_000), 21);
        assert_eq!(car_min_age(21, "Lamborghini", 5_000), 25);
    }

    #[test]
    fn a_driver_is_old_enough_on_the_first_day_and_licensed_through_the_last() {
        let dob = Some(d(2001, 6, 15)); // 25 on 2026-06-15
        let lic = Some(d(2026, 6, 20));
        let ok = |dob, lic, min, a, b| eligible(dob, lic, min, a, b);
        assert_eq!(ok(dob, lic, 25, d(2026, 6, 15), d(2026, 6, 20)), Ok(()));
        assert_eq!(
            ok(dob, lic, 25, d(2026, 6, 14), d(2026, 6, 16)),
            Err(Ineligible::UnderCarMinimumAge(25))
        );
        assert_eq!(ok(dob, lic, 21, d(2026, 6, 14), d(2026, 6, 16)), Ok(()));
        // Valid through its expiration date, not a day more.
        assert_eq!(
            ok(dob, lic, 21, d(2026, 6, 15), d(2026, 6, 21)),
            Err(Ineligible::LicenceExpiresBeforeTripEnds(d(2026, 6, 20)))
        );
        assert_eq!(
            ok(None, lic, 21, d(2026, 6, 15), d(2026, 6, 16)),
            Err(Ineligible::NoDateOfBirth)
        );
        assert_eq!(ok(dob, None, 21, d(2026, 6, 15), d(2026, 6, 16)), Err(Ineligible::NoLicence));
        // A host's minimum below the terms' is the terms'.
        assert_eq!(
            ok(Some(d(2006, 1, 1)), lic, 18, d(2026, 6, 1), d(2026, 6, 2)),
            Err(Ineligible::UnderMinimumAge)
        );
        assert_eq!(
            Ineligible::LicenceExpiresBeforeTripEnds(d(2026, 6, 20)).to_string(),
            "The driver's licence expires on 2026-06-20, before the trip ends. Add the renewed licence's details, or choose dates that end by then."
        );
    }
}
