//! Incidentals: what a host may charge after a trip, each with its rule. The terms fix late
//! return, smoking and cleaning ([`crate::fees`]); extra miles follow the trip's own price per
//! mile; fuel, charging, tolls and tickets are what the host paid, up to a ceiling.

use crate::fees::{self, Charge};
use crate::money::Cents;
use crate::policy;

/// How an incidental's amount is found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Basis {
    /// A fixed amount from the terms.
    Fixed,
    /// From how late the car came back (measured by trips, never typed by the host).
    Lateness,
    /// From the miles driven beyond those included, at the trip's price per mile.
    Miles,
    /// What the host paid (receipt), up to [`policy::MAX_INCIDENTAL_AMOUNT`].
    Amount,
}

impl Basis {
    /// `fixed`, `lateness`, `miles`, `amount`.
    pub fn as_str(self) -> &'static str {
        match self {
            Basis::Fixed => "fixed",
            Basis::Lateness => "lateness",
            Basis::Miles => "miles",
            Basis::Amount => "amount",
        }
    }
}

/// One kind of incidental.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Kind {
    pub code: &'static str,
    pub label: &'static str,
    pub rule: &'static str,
    pub basis: Basis,
}

/// Every incidental a host may charge, in the order shown.
pub const KINDS: &[Kind] = &[
    Kind {
        code: "late_return",
        label: "Late return",
        rule: "0-29 min late: nothing; 30 min to under 2 h: half the average daily rate (+$50 for an improper return); 2-24 h: one daily rate + $20 late fee (+$50); over 24 h: the daily rate for every late day started.",
        basis: Basis::Lateness,
    },
    Kind { code: "smoking", label: "Smoking", rule: "Smoking fine: $250.", basis: Basis::Fixed },
    Kind {
        code: "cleaning",
        label: "Cleaning",
        rule: "Cleaning fee: $150 plus 3% processing.",
        basis: Basis::Fixed,
    },
    Kind {
        code: "fuel",
        label: "Fuel",
        rule: "The fuel the host paid to refill the car to its level at check-in (receipt), up to $2,500.",
        basis: Basis::Amount,
    },
    Kind {
        code: "ev_charging",
        label: "EV charging",
        rule: "The charging the host paid to bring the battery back to its level at check-in (receipt), up to $2,500.",
        basis: Basis::Amount,
    },
    Kind {
        code: "tolls",
        label: "Tolls",
        rule: "Tolls incurred during the trip, as billed to the host, up to $2,500.",
        basis: Basis::Amount,
    },
    Kind {
        code: "extra_miles",
        label: "Extra miles",
        rule: "Miles driven beyond those included in the trip, at the trip's price per extra mile.",
        basis: Basis::Miles,
    },
    Kind {
        code: "tickets",
        label: "Parking and traffic tickets",
        rule: "Parking or traffic tickets incurred during the trip, as billed to the host, up to $2,500.",
        basis: Basis::Amount,
    },
];

/// A kind by code (`late_return`, ...); a few spellings of the clients are accepted.
pub fn kind(code: &str) -> Option<&'static Kind> {
    let c = code.trim().to_ascii_lowercase().replace([' ', '-'], "_");
    let c = match c.as_str() {
        "latereturn" | "late" => "late_return",
        "charging" | "evcharging" => "ev_charging",
        "toll" => "tolls",
        "extramiles" | "mileage" | "miles" => "extra_miles",
        "ticket" | "parking" => "tickets",
        other => other,
    };
    KINDS.iter().find(|k| k.code == c)
}

/// What a trip's price says about its incidentals.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct TripFacts {
    /// The rental after discounts, divided by the billed days.
    pub average_daily: Cents,
    pub miles_included: i64,
    pub price_per_mile: Cents,
}

/// What the host says about one incidental (trips measures the lateness).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Input {
    pub minutes_late: i64,
    pub improper_return: bool,
    pub miles_driven: i64,
    pub amount: Cents,
}

/// Why an incidental cannot be charged.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum IncidentalError {
    #[error("Unknown incidental type {0:?}.")]
    UnknownType(String),
    #[error("The car was returned within the 30-minute grace period: no late-return charge.")]
    NotLate,
    #[error("milesDriven must be more than the {0} miles included in the trip.")]
    NoExtraMiles(i64),
    #[error("This trip has no price per extra mile.")]
    NoMileRate,
    #[error("amount must be greater than 0 and at most {0}.")]
    BadAmount(String),
}

/// Whether a charge line is the platform's (processing) rather than the host's.
pub fn is_platform_line(label: &str) -> bool {
    label.contains("processing")
}

/// The charges of one incidental.
pub fn price(k: &Kind, input: Input, trip: TripFacts) -> Result<Vec<Charge>, IncidentalError> {
    let charges = match k.code {
        "late_return" => {
            let c =
                fees::late_return(input.minutes_late, trip.average_daily, input.improper_return);
            if c.is_empty() {
                return Err(IncidentalError::NotLate);
            }
            c
        }
        "smoking" => vec![fees::smoking()],
        "cleaning" => fees::cleaning(),
        "extra_miles" => {
            if trip.price_per_mile.0 <= 0 {
                return Err(IncidentalError::NoMileRate);
            }
            let extra = input.miles_driven - trip.miles_included;
            if extra <= 0 {
                return Err(IncidentalError::NoExtraMiles(trip.miles_included));
            }
            vec![Charge {
                label: format!("{extra} extra miles at {}", trip.price_per_mile.display()),
                amount: trip.price_per_mile.times(extra),
            }]
        }
        _ => {
            if input.amount.0 <= 0 || input.amount > policy::MAX_INCIDENTAL_AMOUNT {
                return Err(IncidentalError::BadAmount(policy::MAX_INCIDENTAL_AMOUNT.display()));
            }
            vec![Charge { label: k.label.to_owned(), amount: input.amount }]
        }
    };
    Ok(charges)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn trip() -> TripFacts {
        TripFacts { average_daily: Cents(8_000), miles_included: 600, price_per_mile: Cents(75) }
    }

    fn total(k: &str, input: Input) -> Result<i64, IncidentalError> {
        price(kind(k).unwrap(), input, trip()).map(|c| fees::total(&c).0)
    }

    #[test]
    fn each_kind_follows_its_rule() {
        let late =
            |m, improper| Input { minutes_late: m, improper_return: improper, ..Input::default() };
        assert_eq!(total("late_return", late(29, true)), Err(IncidentalError::NotLate));
        assert_eq!(total("late_return", late(45, false)), Ok(4_000));
        assert_eq!(total("late_return", late(45, true)), Ok(9_000));
        assert_eq!(total("late_return", late(180, false)), Ok(10_000));
        assert_eq!(total("late_return", late(2 * 1440 + 1, false)), Ok(24_000));
        assert_eq!(total("smoking", Input::default()), Ok(25_000));
        assert_eq!(total("cleaning", Input::default()), Ok(15_450));
        let miles = |m| Input { miles_driven: m, ..Input::default() };
        assert_eq!(total("extra_miles", miles(600)), Err(IncidentalError::NoExtraMiles(600)));
        assert_eq!(total("extra_miles", miles(640)), Ok(3_000));
        let amount = |c| Input { amount: Cents(c), ..Input::default() };
        assert_eq!(total("fuel", amount(4_250)), Ok(4_250));
        assert_eq!(total("tolls", amount(250_000)), Ok(250_000));
        assert!(total("tolls", amount(250_001)).is_err());
        assert!(total("tickets", amount(0)).is_err());
    }

    #[test]
    fn kinds_are_found_by_the_clients_spellings() {
        assert_eq!(kind("Late Return").map(|k| k.code), Some("late_return"));
        assert_eq!(kind("ev-charging").map(|k| k.code), Some("ev_charging"));
        assert_eq!(kind("mileage").map(|k| k.code), Some("extra_miles"));
        assert!(kind("spa day").is_none());
        assert!(KINDS.iter().all(|k| kind(k.code) == Some(k)));
    }

    #[test]
    fn only_processing_goes_to_the_platform() {
        let lines = fees::cleaning();
        let platform: Vec<bool> = lines.iter().map(|l| is_platform_line(&l.label)).collect();
        assert_eq!(platform, [false, true]);
        assert!(!is_platform_line(&fees::smoking().label));
    }

    #[test]
    fn no_mile_rate_no_extra_miles() {
        let t = TripFacts { price_per_mile: Cents(0), ..trip() };
        let k = kind("extra_miles").unwrap();
        assert_eq!(
            price(k, Input { miles_driven: 900, ..Input::default() }, t),
            Err(IncidentalError::NoMileRate)
        );
    }
}
