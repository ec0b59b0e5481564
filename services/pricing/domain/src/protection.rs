//! Protection plans: Standard (the checkout default), Minimum, and Decline ("High Risk",
//! stored as None once confirmed).

use crate::money::{Cents, percent_of};
use serde::Serialize;

/// A plan choice.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub enum Plan {
    Standard,
    Minimum,
    /// Declined after the confirm dialog (the spec's None / "Declined").
    None,
}

/// Unknown plan name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("Unknown protection plan {0:?}; use Standard, Minimum or Decline")]
pub struct UnknownPlan(pub String);

impl Plan {
    /// Parses the names the client sends; empty means the default (Standard), the plan a
    /// checkout starts with and so the one the car page's price includes.
    pub fn parse(s: &str) -> Result<Plan, UnknownPlan> {
        match s.trim().to_ascii_lowercase().as_str() {
            "" | "standard" => Ok(Plan::Standard),
            "minimum" => Ok(Plan::Minimum),
            "decline" | "declined" | "none" | "confirm-decline" => Ok(Plan::None),
            _ => Err(UnknownPlan(s.to_owned())),
        }
    }

    /// Name as shown and stored.
    pub fn name(self) -> &'static str {
        match self {
            Plan::Standard => "Standard",
            Plan::Minimum => "Minimum",
            Plan::None => "None",
        }
    }

    /// Price as a share of the rental, in basis points.
    pub fn rate_bp(self) -> i64 {
        match self {
            Plan::Standard => 2_000,
            Plan::Minimum => 1_000,
            Plan::None => 0,
        }
    }

    /// The plan's price for a trip price.
    pub fn price(self, trip_price: Cents) -> Cents {
        percent_of(trip_price.max(Cents::ZERO), self.rate_bp())
    }
}

/// A plan as listed to guests.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PlanInfo {
    pub name: &'static str,
    /// What the picker shows for it ("High Risk" for Decline).
    pub label: &'static str,
    pub coverage: &'static [&'static str],
    /// Share of the rental price, in percent.
    pub percent_of_trip_price: i64,
    pub deductible: Option<i64>,
    pub is_default: bool,
}

/// The plans, in the order the picker lists them.
pub fn plans() -> Vec<PlanInfo> {
    vec![
        PlanInfo {
            name: "Standard",
            label: "Standard",
            coverage: &[
                "Physical damage protection: you pay at most a $500 deductible",
                "Third-party liability up to $750,000",
                "24/7 roadside assistance within 25 miles",
                "Loss of use and diminished value waived",
            ],
            percent_of_trip_price: Plan::Standard.rate_bp() / 100,
            deductible: Some(500),
            is_default: true,
        },
        PlanInfo {
            name: "Minimum",
            label: "Minimum",
            coverage: &[
                "Physical damage protection: you pay at most a $3,000 deductible",
                "State minimum third-party liability",
                "24/7 roadside assistance within 25 miles",
            ],
            percent_of_trip_price: Plan::Minimum.rate_bp() / 100,
            deductible: Some(3_000),
            is_default: false,
        },
        PlanInfo {
            name: "Decline",
            label: "High Risk",
            coverage: &[
                "No physical damage protection: you are responsible for all damage to the car",
                "State minimum third-party liability only",
                "Not available to drivers under 25",
            ],
            percent_of_trip_price: 0,
            deductible: None,
            is_default: false,
        },
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn plan_names_parse_with_standard_as_default() {
        assert_eq!(Plan::parse("").unwrap(), Plan::Standard);
        assert_eq!(Plan::parse("standard").unwrap(), Plan::Standard);
        assert_eq!(Plan::parse("Minimum").unwrap(), Plan::Minimum);
        assert_eq!(Plan::parse("Decline").unwrap(), Plan::None);
        assert_eq!(Plan::parse("None").unwrap(), Plan::None);
        assert!(Plan::parse("Platinum").is_err());
    }

    #[test]
    fn plan_prices_are_a_share_of_the_trip() {
        assert_eq!(Plan::Standard.price(Cents(30_000)), Cents(6_000));
        assert_eq!(Plan::Minimum.price(Cents(30_000)), Cents(3_000));
        assert_eq!(Plan::None.price(Cents(30_000)), Cents(0));
        assert_eq!(Plan::Standard.price(Cents(-5)), Cents(0));
    }

    #[test]
    fn the_list_has_standard_first_and_default() {
        let p = plans();
        assert_eq!(
            p.iter().map(|p| p.name).collect::<Vec<_>>(),
            ["Standard", "Minimum", "Decline"]
        );
        assert!(p[0].is_default && p.iter().filter(|p| p.is_default).count() == 1);
        assert_eq!(p[2].label, "High Risk");
    }
}
