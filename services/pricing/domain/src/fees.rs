//! Charges after a trip: late return, smoking, cleaning (spec 002 section 9).

use crate::money::{Cents, percent_of};
use crate::policy;
use serde::Serialize;

/// One charge with its reason.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Charge {
    pub label: String,
    pub amount: Cents,
}

/// Late-return charges for a car returned `minutes_late` after the trip's end, on a trip whose
/// average daily rate is `avg_daily`. `improper_return` adds the $50 fee the terms allow from
/// 30 minutes late (returned to the wrong place, without notice...).
///
/// 0-29 min: nothing. 30 min to under 2 h: half the average daily rate (+ $50 if improper).
/// 2 h to 24 h: one daily rate + the $20 late fee (+ $50 if improper). Over 24 h: treated as
/// theft, the daily rate for every late day started.
pub fn late_return(minutes_late: i64, avg_daily: Cents, improper_return: bool) -> Vec<Charge> {
    let mut out = Vec::new();
    if minutes_late < policy::LATE_GRACE_MINUTES {
        return out;
    }
    if minutes_late > policy::LATE_ONE_DAY_UNTIL_MINUTES {
        let days = (minutes_late + 1439) / 1440;
        out.push(Charge {
            label: format!("Late return: {days} late days at the daily rate"),
            amount: avg_daily.times(days),
        });
        return out;
    }
    if minutes_late < policy::LATE_HALF_DAY_UNTIL_MINUTES {
        out.push(Charge {
            label: "Late return under 2 hours: half a day".to_owned(),
            amount: percent_of(avg_daily, 5_000),
        });
    } else {
        out.push(Charge {
            label: "Late return over 2 hours: one day".to_owned(),
            amount: avg_daily,
        });
        out.push(Charge { label: "Late fee".to_owned(), amount: policy::LATE_FEE });
    }
    if improper_return {
        out.push(Charge {
            label: "Improper return fee".to_owned(),
            amount: policy::IMPROPER_RETURN_FEE,
        });
    }
    out
}

/// The smoking fine.
pub fn smoking() -> Charge {
    Charge { label: "Smoking fine".to_owned(), amount: policy::SMOKING_FINE }
}

/// The cleaning fee and its 3 % processing.
pub fn cleaning() -> Vec<Charge> {
    vec![
        Charge { label: "Cleaning fee".to_owned(), amount: policy::CLEANING_FEE },
        Charge {
            label: "Cleaning processing (3%)".to_owned(),
            amount: percent_of(policy::CLEANING_FEE, policy::CLEANING_PROCESSING_BP),
        },
    ]
}

/// Sum of charges.
pub fn total(charges: &[Charge]) -> Cents {
    charges.iter().map(|c| c.amount).sum()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn late_returns_at_each_boundary() {
        let daily = Cents(8_000);
        // (minutes late, improper, expected total)
        let cases = [
            (0, false, 0),
            (29, true, 0),
            (30, false, 4_000),
            (30, true, 9_000),
            (119, false, 4_000),
            (120, false, 10_000),
            (120, true, 15_000),
            (24 * 60, false, 10_000),
            (24 * 60 + 1, false, 16_000),
            (3 * 24 * 60, true, 24_000),
        ];
        for (m, improper, want) in cases {
            assert_eq!(
                total(&late_return(m, daily, improper)),
                Cents(want),
                "{m} min, improper {improper}"
            );
        }
    }

    #[test]
    fn smoking_and_cleaning_follow_the_terms() {
        assert_eq!(smoking().amount, Cents(25_000));
        assert_eq!(total(&cleaning()), Cents(15_450));
    }
}
