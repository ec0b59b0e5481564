//! Policy constants: the terms of service (spec 002 section 9) and the product's own choices
//! where the spec only implies a fee. Every number used in a price lives here.

use crate::money::Cents;

/// Renters must be 21 or older.
pub const MIN_DRIVER_AGE: i64 = 21;
/// The largest age a request may state (an age above it is a typing mistake, not a driver).
pub const MAX_STATED_AGE: i64 = 120;
/// Drivers under this age pay the young-driver fee and cannot decline protection.
pub const YOUNG_DRIVER_AGE: i64 = 25;
/// The luxury class (and the home page's Luxury category): a daily price of $120 or more.
pub const LUXURY_MIN_DAILY_CENTS: i64 = 12_000;
/// The minimum age to drive a luxury or an exotic car. The industry's line for high-value
/// classes: Turo's deluxe and super deluxe vehicles and the major agencies' prestige
/// collections (Hertz, Enterprise, Sixt) are closed to drivers under 25.
pub const PRESTIGE_MIN_DRIVER_AGE: i64 = 25;
/// Makes whose every car is exotic, whatever its price (lower case, as compared).
pub const EXOTIC_MAKES: &[&str] = &[
    "aston martin",
    "bentley",
    "bugatti",
    "ferrari",
    "koenigsegg",
    "lamborghini",
    "lotus",
    "maserati",
    "mclaren",
    "pagani",
    "rolls-royce",
];
/// Young-driver fee per day started.
pub const YOUNG_DRIVER_FEE_PER_DAY: Cents = Cents(2_500);
/// Trips of this many days or more are long-term: priced per month, monthly discount.
pub const LONG_TERM_DAYS: i64 = 30;
/// Trips of this many days or more get the host's weekly discount.
pub const WEEKLY_DAYS: i64 = 7;
/// "Up to 50% off" for long-term rentals.
pub const MAX_LONG_TERM_DISCOUNT_BP: i64 = 5_000;
/// A pickup closer than a quarter mile to the car is not a delivery (the terms' quarter-mile
/// rule).
pub const DELIVERY_THRESHOLD_MILES: f64 = 0.25;
/// The free-cancellation date is shown, and applies, only when the start is at least this far.
pub const FREE_CANCELLATION_HOURS: i64 = 24;
/// Paying later is offered when the start is at least this far away...
pub const PAY_LATER_MIN_HOURS: i64 = 72;
/// ...and the card is then charged this long before the start.
pub const PAY_LATER_CHARGE_HOURS_BEFORE: i64 = 48;
/// Renter cancellation: free within this many minutes of booking.
pub const FREE_CANCEL_AFTER_BOOKING_MINUTES: i64 = 60;
/// Under 24 h before the start: the renter gets half back...
pub const LATE_CANCEL_REFUND_BP: i64 = 5_000;
/// ...and the owner earns 24 %.
pub const LATE_CANCEL_OWNER_BP: i64 = 2_400;
/// Smoking fine.
pub const SMOKING_FINE: Cents = Cents(25_000);
/// Cleaning fee, plus a processing percentage.
pub const CLEANING_FEE: Cents = Cents(15_000);
/// Processing on the cleaning fee: 3 %.
pub const CLEANING_PROCESSING_BP: i64 = 300;
/// Late return: grace period in minutes.
pub const LATE_GRACE_MINUTES: i64 = 30;
/// Late return: up to this many minutes, half the average daily rate.
pub const LATE_HALF_DAY_UNTIL_MINUTES: i64 = 120;
/// Late return: up to this many minutes, one daily rate plus the late fee.
pub const LATE_ONE_DAY_UNTIL_MINUTES: i64 = 24 * 60;
/// Late fee between 2 and 24 hours.
pub const LATE_FEE: Cents = Cents(2_000);
/// Improper return fee, possible from 30 minutes late.
pub const IMPROPER_RETURN_FEE: Cents = Cents(5_000);
/// The most a host can charge for one incidental paid on the guest's behalf (fuel, charging,
/// tolls, tickets); larger claims go through support.
pub const MAX_INCIDENTAL_AMOUNT: Cents = Cents(250_000);
/// How long a quote is honoured at checkout.
pub const QUOTE_VALID_MINUTES: i64 = 30;
/// The booking horizon: a trip starts at most this many days from now. The spec sets none; this
/// is the product's rule. Hosts keep their prices, discounts and calendars for the coming year
/// (the host calendar and the search calendar page month by month), tax rates change yearly,
/// and a booking far beyond that would hold the car and place a card authorisation for a
/// trip nobody priced (a trip in year 9999 was priced, booked and its card authorised).
pub const BOOKING_HORIZON_DAYS: i64 = 365;

/// State base sales tax on rentals, in basis points, by two-letter state. Local surtaxes are
/// not modelled; an unlisted state uses [`DEFAULT_TAX_BP`].
pub const STATE_TAX_BP: &[(&str, i64)] = &[
    ("AZ", 560),
    ("CA", 725),
    ("CO", 290),
    ("FL", 600),
    ("GA", 400),
    ("IL", 625),
    ("MA", 625),
    ("NV", 685),
    ("NY", 400),
    ("OR", 0),
    ("TX", 625),
    ("UT", 610),
    ("WA", 650),
];
/// Sales tax where the state is not listed.
pub const DEFAULT_TAX_BP: i64 = 600;

/// The sales tax rate of a state.
pub fn tax_bp(state: &str) -> i64 {
    let s = state.trim().to_ascii_uppercase();
    STATE_TAX_BP.iter().find(|(code, _)| *code == s).map(|(_, bp)| *bp).unwrap_or(DEFAULT_TAX_BP)
}

/// `7.25%` style text of basis points.
pub fn pct_text(bp: i64) -> String {
    if bp % 100 == 0 {
        format!("{}%", bp / 100)
    } else {
        format!("{:.2}%", bp as f64 / 100.0).replace(".50%", ".5%")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tax_rates_by_state_with_a_default() {
        assert_eq!(tax_bp("CA"), 725);
        assert_eq!(tax_bp("ca "), 725);
        assert_eq!(tax_bp("OR"), 0);
        assert_eq!(tax_bp("ZZ"), DEFAULT_TAX_BP);
    }

    #[test]
    fn percentages_read_naturally() {
        assert_eq!(pct_text(2000), "20%");
        assert_eq!(pct_text(725), "7.25%");
        assert_eq!(pct_text(650), "6.5%");
    }
}
