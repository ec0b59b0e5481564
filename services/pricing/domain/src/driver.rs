//! A driver's age as the terms count it: whole years on a date, and the minimum age to rent
//! (`policy::MIN_DRIVER_AGE`). Accounts (pre-booking verification and tiers), trips (booking)
//! and pricing (the young-driver fee) count it this one way.

use crate::policy::MIN_DRIVER_AGE;
use chrono::{Datelike, NaiveDate};

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
}
