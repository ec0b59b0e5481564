//! What pricing knows about a car: its rates and options, as the catalog (and later hosting)
//! publish them.

use crate::money::Cents;
use chrono::NaiveDate;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// How an extra is charged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Per {
    /// Each day started.
    Day,
    /// Once per trip.
    Trip,
}

impl Per {
    /// `day` or `trip` (anything else is refused by the caller).
    pub fn parse(s: &str) -> Option<Per> {
        match s.trim().to_ascii_lowercase().as_str() {
            "day" | "daily" | "per day" => Some(Per::Day),
            "trip" | "per trip" | "once" => Some(Per::Trip),
            _ => None,
        }
    }
}

/// An optional extra the host offers (child seat, cooler, prepaid fuel...).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Extra {
    pub extra_id: String,
    pub extra_type: String,
    pub description: String,
    pub amount: Cents,
    pub per: Per,
    pub is_quantity_choosable: bool,
    pub available_quantity: i64,
}

/// A car's prices and pricing options.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CarRates {
    /// Price of one day.
    pub daily: Cents,
    /// Price of one hour of a partial day; zero means "a tenth of the daily price".
    pub hourly: Cents,
    /// Host discount for 7+ day trips, in basis points.
    pub weekly_discount_bp: i64,
    /// Host discount for 30+ day trips, in basis points (at most 5 000: "up to 50% off").
    pub monthly_discount_bp: i64,
    /// Miles included per day started.
    pub miles_per_day: i64,
    /// Price of each mile beyond the included ones.
    pub price_per_mile: Cents,
    /// Delivery price per mile, each way.
    pub delivery_per_mile: Cents,
    /// Farthest delivery the host accepts, in miles.
    pub max_delivery_miles: i64,
    /// The host's minimum driver age (never under the policy's 21).
    pub min_age: i64,
    /// Two-letter US state of the car, for sales tax.
    pub state: String,
    /// Extras offered.
    pub extras: Vec<Extra>,
    /// The host's price for chosen dates (the car's local calendar): a trip day that starts
    /// on one of them costs this instead of `daily`.
    pub date_prices: BTreeMap<NaiveDate, Cents>,
}

impl CarRates {
    /// The hourly rate of a partial day.
    pub fn hourly_rate(&self) -> Cents {
        self.hourly_rate_on(self.daily)
    }

    /// The hourly rate of a partial day whose day costs `day`: the host's hourly price, or a
    /// tenth of the day's.
    pub fn hourly_rate_on(&self, day: Cents) -> Cents {
        if self.hourly.0 > 0 { self.hourly } else { Cents((day.0 + 9) / 10) }
    }

    /// The price of a trip day starting on `date`, and whether it is the date's own price.
    pub fn day_price(&self, date: NaiveDate) -> (Cents, bool) {
        match self.date_prices.get(&date) {
            Some(p) => (*p, true),
            None => (self.daily, false),
        }
    }
}
