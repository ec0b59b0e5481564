//! A trip's price: the breakdown lines, the totals the spec names, and the dates that depend
//! on the start.
//!
//! Lines in order: rental days, partial day, host discount, extras, young-driver fee,
//! delivery and return collection, protection plan, coupon, sales tax, then the total (the
//! last line, the exact sum of the others).

use crate::coupon::{Coupon, CouponError};
use crate::money::{Cents, percent_of};
use crate::policy::{self, pct_text};
use crate::protection::Plan;
use crate::rates::{CarRates, Per};
use crate::window::PriceWindow;
use chrono::{DateTime, Duration, NaiveDate, Utc};
use serde::Serialize;

/// What a line is, for clients that group or style lines.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum LineKind {
    Rental,
    Discount,
    Extra,
    Fee,
    Delivery,
    Protection,
    Coupon,
    Tax,
    Total,
}

/// One line of the breakdown, with the plain-language "why".
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Line {
    pub label: String,
    pub amount: Cents,
    pub explanation: String,
    pub kind: LineKind,
}

/// A chosen extra.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChosenExtra {
    pub extra_id: String,
    pub quantity: i64,
}

/// Delivery distances, already measured (great-circle miles from the car).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct Delivery {
    /// The guest's pickup address, when it is not the car's place.
    pub pickup_miles: Option<f64>,
    /// Where the car is collected at the end, when it is not the car's place.
    pub return_miles: Option<f64>,
}

/// Everything a price depends on.
#[derive(Debug, Clone)]
pub struct QuoteInput<'a> {
    pub rates: &'a CarRates,
    pub window: PriceWindow,
    pub age: i64,
    pub extras: Vec<ChosenExtra>,
    /// `None` for the search and car-page price (no plan chosen yet).
    pub plan: Option<Plan>,
    pub delivery: Delivery,
    pub coupon: Option<&'a Coupon>,
    pub now: DateTime<Utc>,
}

/// Why a price cannot be given; texts are shown to the user.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum QuoteError {
    #[error("Renters must be {} or older.", crate::policy::MIN_DRIVER_AGE)]
    UnderMinimumAge,
    #[error("The minimum age for this car is {0}.")]
    UnderCarMinimumAge(i64),
    #[error(
        "Age must be a number between {} and {}.",
        crate::policy::MIN_DRIVER_AGE,
        crate::policy::MAX_STATED_AGE
    )]
    BadAge,
    #[error("Unknown extra {0:?} for this car.")]
    UnknownExtra(String),
    #[error("Extra {0:?} was chosen twice.")]
    DuplicateExtra(String),
    #[error("Quantity for {0:?} must be between 1 and {1}.")]
    BadQuantity(String, i64),
    #[error("Protection is required for drivers under 25; choose Standard or Minimum.")]
    ProtectionRequired,
    #[error("This address is {0} miles away; the host delivers up to {1} miles.")]
    TooFarForDelivery(i64, i64),
    #[error("This car is not delivered.")]
    NoDelivery,
    #[error(transparent)]
    Coupon(#[from] CouponError),
}

/// A priced trip.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Quote {
    pub lines: Vec<Line>,
    /// Sum of the charges before any discount and before tax.
    pub original: Cents,
    /// Sum of the discounts (host discount and coupon), positive.
    pub discount: Cents,
    pub before_tax: Cents,
    pub tax: Cents,
    /// What the guest pays: `before_tax + tax`, the last line.
    pub total: Cents,
    /// Long-term trips: the monthly price after the host's monthly discount.
    pub per_month: Option<Cents>,
    /// The rental after the host discount (the base of the protection price).
    pub rental: Cents,
    pub days: i64,
    pub miles_included: i64,
    pub price_per_mile: Cents,
    pub can_pay_later: bool,
    /// When a pay-later trip is charged.
    pub pay_later_at: Option<DateTime<Utc>>,
    /// Free cancellation ends here (24 h before the start), when the start is 24 h or more
    /// away.
    pub free_cancellation_before: Option<DateTime<Utc>>,
    pub is_long_term: bool,
}

fn check_age(rates: &CarRates, age: i64) -> Result<(), QuoteError> {
    if !(0..=policy::MAX_STATED_AGE).contains(&age) {
        return Err(QuoteError::BadAge);
    }
    if age < policy::MIN_DRIVER_AGE {
        return Err(QuoteError::UnderMinimumAge);
    }
    if age < rates.min_age {
        return Err(QuoteError::UnderCarMinimumAge(rates.min_age));
    }
    Ok(())
}

fn plural(n: i64, one: &str) -> String {
    if n == 1 { format!("1 {one}") } else { format!("{n} {one}s") }
}

fn delivery_line(
    rates: &CarRates,
    miles: Option<f64>,
    label: &str,
    why: &str,
) -> Result<Option<Line>, QuoteError> {
    let Some(miles) = miles.filter(|m| m.is_finite() && *m >= policy::DELIVERY_THRESHOLD_MILES)
    else {
        return Ok(None);
    };
    let whole = miles.ceil() as i64;
    if rates.max_delivery_miles <= 0 {
        return Err(QuoteError::NoDelivery);
    }
    if whole > rates.max_delivery_miles {
        return Err(QuoteError::TooFarForDelivery(whole, rates.max_delivery_miles));
    }
    Ok(Some(Line {
        label: format!(
            "{label} ({} × {}/mi)",
            plural(whole, "mile"),
            rates.delivery_per_mile.display()
        ),
        amount: rates.delivery_per_mile.times(whole),
        explanation: why.to_owned(),
        kind: LineKind::Delivery,
    }))
}

/// The price of each day the trip is billed for, by the local date the day starts on: whole
/// days, or one day for a trip shorter than a day.
fn billed_days(rates: &CarRates, w: &PriceWindow) -> Vec<(NaiveDate, Cents, bool)> {
    let (full_days, _) = w.full_days_and_hours();
    let first = w.local_start().date();
    (0..full_days.max(1))
        .map(|i| {
            let date = first + Duration::days(i);
            let (price, own) = rates.day_price(date);
            (date, price, own)
        })
        .collect()
}

/// `Dec 24` or `Dec 24 – Dec 26`.
fn dates_text(from: NaiveDate, to: NaiveDate) -> String {
    let day = |d: NaiveDate| d.format("%b %-d").to_string();
    if from == to { day(from) } else { format!("{} – {}", day(from), day(to)) }
}

/// The rental lines: the days at the daily price in one line, each run of consecutive dates
/// at one date price in a line naming the dates, then the partial day.
fn rental_lines(rates: &CarRates, w: &PriceWindow, lines: &mut Vec<Line>) {
    let (full_days, hours) = w.full_days_and_hours();
    let days = billed_days(rates, w);
    let at_daily = days.iter().filter(|d| !d.2).count() as i64;
    if at_daily > 0 {
        lines.push(Line {
            label: format!("{}/day × {}", rates.daily.display(), plural(at_daily, "day")),
            amount: rates.daily.times(at_daily),
            explanation: if full_days == 0 {
                "Trips shorter than a day are charged one day.".to_owned()
            } else {
                "The host's daily price for each full day of the trip.".to_owned()
            },
            kind: LineKind::Rental,
        });
    }
    let mut i = 0;
    while i < days.len() {
        let (from, price, own) = days[i];
        let mut j = i + 1;
        // The days are consecutive dates: a run ends where the date price changes.
        while j < days.len() && days[j].2 == own && (!own || days[j].1 == price) {
            j += 1;
        }
        if own {
            let n = (j - i) as i64;
            lines.push(Line {
                label: format!(
                    "{}/day × {} ({})",
                    price.display(),
                    plural(n, "day"),
                    dates_text(from, days[j - 1].0)
                ),
                amount: price.times(n),
                explanation: "The host's price for these dates.".to_owned(),
                kind: LineKind::Rental,
            });
        }
        i = j;
    }
    if full_days > 0 && hours > 0 {
        let date = w.local_start().date() + Duration::days(full_days);
        let (day, _) = rates.day_price(date);
        let hourly = rates.hourly_rate_on(day);
        let by_hour = hourly.times(hours);
        let (amount, label) = if by_hour >= day {
            (day, format!("Extra part day ({}), charged as one day", plural(hours, "hour")))
        } else {
            (by_hour, format!("Extra {} × {}/hour", plural(hours, "hour"), hourly.display()))
        };
        lines.push(Line {
            label,
            amount,
            explanation:
                "Time beyond the last full day is charged by the hour, never more than a day."
                    .to_owned(),
            kind: LineKind::Rental,
        });
    }
}

/// Prices a trip.
pub fn quote(input: &QuoteInput<'_>) -> Result<Quote, QuoteError> {
    let rates = input.rates;
    check_age(rates, input.age)?;
    let w = &input.window;
    let days = w.days_started();
    let mut lines = Vec::new();

    // Rental: whole days at the daily rate, or at the host's price for the date a day starts
    // on; a partial day by the hour, never above its day's price.
    rental_lines(rates, w, &mut lines);
    let rental_base: Cents = lines.iter().map(|l| l.amount).sum();

    // Host discount: monthly for 30+ days, weekly for 7+; only the larger applies.
    let is_long_term = w.minutes() >= policy::LONG_TERM_DAYS * crate::window::DAY_MINUTES;
    let monthly_bp = rates.monthly_discount_bp.clamp(0, policy::MAX_LONG_TERM_DISCOUNT_BP);
    let weekly_bp = rates.weekly_discount_bp.clamp(0, policy::MAX_LONG_TERM_DISCOUNT_BP);
    let week_or_more = w.minutes() >= policy::WEEKLY_DAYS * crate::window::DAY_MINUTES;
    let (discount_bp, discount_name) = if is_long_term && monthly_bp >= weekly_bp {
        (monthly_bp, "Monthly discount")
    } else if week_or_more {
        (weekly_bp, "Weekly discount")
    } else {
        (0, "")
    };
    let mut rental = rental_base;
    if discount_bp > 0 {
        let off = percent_of(rental_base, discount_bp);
        rental = rental_base - off;
        lines.push(Line {
            label: format!("{discount_name} ({})", pct_text(discount_bp)),
            amount: -off,
            explanation: format!(
                "The host takes {} off trips of {} or more.",
                pct_text(discount_bp),
                if discount_name == "Monthly discount" { "30 days" } else { "7 days" }
            ),
            kind: LineKind::Discount,
        });
    }

    // Extras.
    let mut seen = std::collections::HashSet::new();
    for chosen in &input.extras {
        if !seen.insert(chosen.extra_id.as_str()) {
            return Err(QuoteError::DuplicateExtra(chosen.extra_id.clone()));
        }
        let extra = rates
            .extras
            .iter()
            .find(|e| e.extra_id == chosen.extra_id)
            .ok_or_else(|| QuoteError::UnknownExtra(chosen.extra_id.clone()))?;
        let max_q = if extra.is_quantity_choosable { extra.available_quantity.max(1) } else { 1 };
        if !(1..=max_q).contains(&chosen.quantity) {
            return Err(QuoteError::BadQuantity(chosen.extra_id.clone(), max_q));
        }
        let (amount, how) = match extra.per {
            Per::Day => (
                extra.amount.times(days).times(chosen.quantity),
                format!("{}/day × {}", extra.amount.display(), plural(days, "day")),
            ),
            Per::Trip => (
                extra.amount.times(chosen.quantity),
                format!("{} per trip", extra.amount.display()),
            ),
        };
        let name =
            if extra.description.is_empty() { &extra.extra_type } else { &extra.description };
        let qty =
            if chosen.quantity > 1 { format!(" × {}", chosen.quantity) } else { String::new() };
        lines.push(Line {
            label: format!("{name}{qty} ({how})"),
            amount,
            explanation: "An extra you chose, priced by the host.".to_owned(),
            kind: LineKind::Extra,
        });
    }

    // Young-driver fee.
    if input.age < policy::YOUNG_DRIVER_AGE {
        lines.push(Line {
            label: format!(
                "Young driver fee ({}/day × {})",
                policy::YOUNG_DRIVER_FEE_PER_DAY.display(),
                plural(days, "day")
            ),
            amount: policy::YOUNG_DRIVER_FEE_PER_DAY.times(days),
            explanation: "Drivers under 25 pay a daily young-driver fee.".to_owned(),
            kind: LineKind::Fee,
        });
    }

    // Delivery and collection.
    if let Some(l) = delivery_line(
        rates,
        input.delivery.pickup_miles,
        "Delivery to your address",
        "The car is brought to your pickup address, priced per mile from the car.",
    )? {
        lines.push(l);
    }
    if let Some(l) = delivery_line(
        rates,
        input.delivery.return_miles,
        "Collection at return",
        "The car is collected where you return it, priced per mile from the car's home.",
    )? {
        lines.push(l);
    }

    // Protection.
    if let Some(plan) = input.plan {
        if plan == Plan::None && input.age < policy::YOUNG_DRIVER_AGE {
            return Err(QuoteError::ProtectionRequired);
        }
        let price = plan.price(rental);
        lines.push(Line {
            label: match plan {
                Plan::None => "Protection plan: Declined".to_owned(),
                p => format!(
                    "Protection plan: {} ({} of the rental)",
                    p.name(),
                    pct_text(p.rate_bp())
                ),
            },
            amount: price,
            explanation: match plan {
                Plan::None => {
                    "You declined protection: you are responsible for any damage.".to_owned()
                }
                _ => "Covers damage to the car up to the plan's deductible.".to_owned(),
            },
            kind: LineKind::Protection,
        });
    }

    // Coupon, on everything before tax.
    if let Some(coupon) = input.coupon {
        coupon.check(input.now)?;
        let subtotal: Cents = lines.iter().map(|l| l.amount).sum();
        let off = coupon.discount(subtotal)?;
        if off > Cents::ZERO {
            lines.push(Line {
                label: format!("Coupon {}", coupon.code),
                amount: -off,
                explanation: if coupon.description.is_empty() {
                    "Your coupon.".to_owned()
                } else {
                    coupon.description.clone()
                },
                kind: LineKind::Coupon,
            });
        }
    }

    let original: Cents = lines.iter().filter(|l| l.amount > Cents::ZERO).map(|l| l.amount).sum();
    let discount: Cents =
        -lines.iter().filter(|l| l.amount < Cents::ZERO).map(|l| l.amount).sum::<Cents>();
    let before_tax = original - discount;
    let tax_bp = policy::tax_bp(&rates.state);
    let tax = percent_of(before_tax, tax_bp);
    lines.push(Line {
        label: format!("Sales tax ({} {})", rates.state.to_ascii_uppercase(), pct_text(tax_bp)),
        amount: tax,
        explanation: "The state's sales tax on the trip.".to_owned(),
        kind: LineKind::Tax,
    });
    let total = before_tax + tax;
    lines.push(Line {
        label: "Total".to_owned(),
        amount: total,
        explanation: "What you pay, with nothing added later.".to_owned(),
        kind: LineKind::Total,
    });

    let until_start = w.start - input.now;
    let free_cancellation_before = (until_start
        >= Duration::hours(policy::FREE_CANCELLATION_HOURS))
    .then(|| w.start - Duration::hours(policy::FREE_CANCELLATION_HOURS));
    let can_pay_later = until_start >= Duration::hours(policy::PAY_LATER_MIN_HOURS);
    let pay_later_at =
        can_pay_later.then(|| w.start - Duration::hours(policy::PAY_LATER_CHARGE_HOURS_BEFORE));
    let per_month = is_long_term.then(|| percent_of(rates.daily.times(30), 10_000 - monthly_bp));

    Ok(Quote {
        lines,
        original,
        discount,
        before_tax,
        tax,
        total,
        per_month,
        rental,
        days,
        miles_included: rates.miles_per_day.max(0).saturating_mul(days),
        price_per_mile: rates.price_per_mile,
        can_pay_later,
        pay_later_at,
        free_cancellation_before,
        is_long_term,
    })
}

impl Quote {
    /// The pay-later note shown on the car page.
    pub fn pay_later_message(&self, tz: chrono_tz::Tz) -> String {
        match self.pay_later_at {
            Some(at) => format!(
                "$0 due now. You will be charged {} on {}.",
                self.total.display(),
                at.with_timezone(&tz).format("%b %-d, %Y")
            ),
            None => "Payment is due when you book.".to_owned(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::coupon::Benefit;
    use crate::rates::Extra;
    use chrono::TimeZone;
    use chrono_tz::America::Los_Angeles as LA;
    use proptest::prelude::*;

    fn rates() -> CarRates {
        CarRates {
            daily: Cents(10_000),
            hourly: Cents(1_500),
            weekly_discount_bp: 1_000,
            monthly_discount_bp: 3_000,
            miles_per_day: 200,
            price_per_mile: Cents(45),
            delivery_per_mile: Cents(300),
            max_delivery_miles: 25,
            min_age: 21,
            state: "CA".into(),
            extras: vec![
                Extra {
                    extra_id: "seat".into(),
                    extra_type: "child_seat".into(),
                    description: "Child seat".into(),
                    amount: Cents(1_000),
                    per: Per::Day,
                    is_quantity_choosable: true,
                    available_quantity: 2,
                },
                Extra {
                    extra_id: "fuel".into(),
                    extra_type: "prepaid_fuel".into(),
                    description: "Prepaid fuel".into(),
                    amount: Cents(6_000),
                    per: Per::Trip,
                    is_quantity_choosable: false,
                    available_quantity: 1,
                },
            ],
            date_prices: Default::default(),
        }
    }

    fn date(s: &str) -> NaiveDate {
        s.parse().unwrap()
    }

    fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 22, 12, 0, 0).unwrap()
    }

    fn window(sd: &str, st: &str, ed: &str, et: &str) -> PriceWindow {
        PriceWindow::from_local(sd, st, ed, et, LA, now()).unwrap()
    }

    fn input<'a>(r: &'a CarRates, w: PriceWindow) -> QuoteInput<'a> {
        QuoteInput {
            rates: r,
            window: w,
            age: 30,
            extras: vec![],
            plan: None,
            delivery: Delivery::default(),
            coupon: None,
            now: now(),
        }
    }

    fn amounts(q: &Quote) -> Vec<(LineKind, i64)> {
        q.lines.iter().map(|l| (l.kind, l.amount.0)).collect()
    }

    #[test]
    fn three_days_at_the_daily_rate_with_tax() {
        let r = rates();
        let q =
            quote(&input(&r, window("2026-12-01", "10:00 AM", "2026-12-04", "10:00 AM"))).unwrap();
        assert_eq!(
            amounts(&q),
            [(LineKind::Rental, 30_000), (LineKind::Tax, 2_175), (LineKind::Total, 32_175)]
        );
        assert_eq!(
            (q.original, q.discount, q.before_tax, q.total),
            (Cents(30_000), Cents(0), Cents(30_000), Cents(32_175))
        );
        assert_eq!(q.lines[0].label, "$100.00/day × 3 days");
        assert_eq!((q.days, q.miles_included, q.price_per_mile), (3, 600, Cents(45)));
        assert!(!q.is_long_term && q.per_month.is_none());
    }

    #[test]
    fn a_partial_day_is_charged_by_the_hour_up_to_a_day() {
        let r = rates();
        // 2 days + 2 h (10:00 to 12:14 rounds to 12:00) = 2 × $100 + 2 × $15.
        let q =
            quote(&input(&r, window("2026-12-01", "10:00 AM", "2026-12-03", "12:14 PM"))).unwrap();
        assert_eq!(q.lines[1].amount, Cents(3_000));
        assert_eq!(q.before_tax, Cents(23_000));
        assert_eq!(q.days, 3);
        // 2 days + 8 h: 8 × $15 = $120 > $100, so one more day.
        let q =
            quote(&input(&r, window("2026-12-01", "10:00 AM", "2026-12-03", "6:00 PM"))).unwrap();
        assert_eq!(q.lines[1].amount, Cents(10_000));
        assert!(q.lines[1].label.contains("charged as one day"));
        // Under a day: one day.
        let q =
            quote(&input(&r, window("2026-12-01", "10:00 AM", "2026-12-01", "2:00 PM"))).unwrap();
        assert_eq!(q.before_tax, Cents(10_000));
    }

    #[test]
    fn weekly_and_monthly_discounts_with_the_monthly_price() {
        let r = rates();
        let q =
            quote(&input(&r, window("2026-12-01", "10:00 AM", "2026-12-08", "10:00 AM"))).unwrap();
        assert_eq!(amounts(&q)[..2], [(LineKind::Rental, 70_000), (LineKind::Discount, -7_000)]);
        assert_eq!(q.lines[1].label, "Weekly discount (10%)");
        let q =
            quote(&input(&r, window("2026-12-01", "10:00 AM", "2026-12-31", "10:00 AM"))).unwrap();
        assert!(q.is_long_term);
        assert_eq!(amounts(&q)[..2], [(LineKind::Rental, 300_000), (LineKind::Discount, -90_000)]);
        assert_eq!(q.per_month, Some(Cents(210_000)));
        assert_eq!(q.discount, Cents(90_000));
        // A host discount above 50% is held at 50%.
        let mut r2 = rates();
        r2.monthly_discount_bp = 9_000;
        let q =
            quote(&input(&r2, window("2026-12-01", "10:00 AM", "2026-12-31", "10:00 AM"))).unwrap();
        assert_eq!(q.lines[1].amount, Cents(-150_000));
    }

    #[test]
    fn extras_fees_delivery_protection_and_coupon_in_order() {
        let r = rates();
        let coupon = Coupon {
            code: "FIRST50".into(),
            benefit: Benefit::Amount(Cents(5_000)),
            min_trip: Cents(0),
            valid_from: None,
            valid_until: None,
            active: true,
            description: "Save $50 on first trip".into(),
            first_trip_only: true,
            uses_per_account: Some(1),
        };
        let mut i = input(&r, window("2026-12-01", "10:00 AM", "2026-12-03", "10:00 AM"));
        i.age = 23;
        i.extras = vec![
            ChosenExtra { extra_id: "seat".into(), quantity: 2 },
            ChosenExtra { extra_id: "fuel".into(), quantity: 1 },
        ];
        i.plan = Some(Plan::Standard);
        i.delivery = Delivery { pickup_miles: Some(4.2), return_miles: Some(0.1) };
        i.coupon = Some(&coupon);
        let q = quote(&i).unwrap();
        assert_eq!(
            amounts(&q),
            [
                (LineKind::Rental, 20_000),
                (LineKind::Extra, 4_000),
                (LineKind::Extra, 6_000),
                (LineKind::Fee, 5_000),
                (LineKind::Delivery, 1_500),
                (LineKind::Protection, 4_000),
                (LineKind::Coupon, -5_000),
                (LineKind::Tax, 2_574), // 7.25% of 35 500 = 2 573.75
                (LineKind::Total, 38_074),
            ]
        );
        assert_eq!(q.lines[4].label, "Delivery to your address (5 miles × $3.00/mi)");
        assert_eq!(
            (q.original, q.discount, q.before_tax),
            (Cents(40_500), Cents(5_000), Cents(35_500))
        );
    }

    #[test]
    fn bad_inputs_are_refused_with_reasons() {
        let r = rates();
        let w = window("2026-12-01", "10:00 AM", "2026-12-03", "10:00 AM");
        let mut i = input(&r, w);
        i.age = 20;
        assert_eq!(quote(&i).unwrap_err(), QuoteError::UnderMinimumAge);
        let mut r25 = rates();
        r25.min_age = 25;
        let mut i = input(&r25, w);
        i.age = 24;
        assert_eq!(quote(&i).unwrap_err(), QuoteError::UnderCarMinimumAge(25));
        let mut i = input(&r, w);
        i.extras = vec![ChosenExtra { extra_id: "jetpack".into(), quantity: 1 }];
        assert!(matches!(quote(&i).unwrap_err(), QuoteError::UnknownExtra(_)));
        i.extras = vec![ChosenExtra { extra_id: "fuel".into(), quantity: 2 }];
        assert_eq!(quote(&i).unwrap_err(), QuoteError::BadQuantity("fuel".into(), 1));
        i.extras = vec![
            ChosenExtra { extra_id: "fuel".into(), quantity: 1 },
            ChosenExtra { extra_id: "fuel".into(), quantity: 1 },
        ];
        assert!(matches!(quote(&i).unwrap_err(), QuoteError::DuplicateExtra(_)));
        let mut i = input(&r, w);
        i.age = 22;
        i.plan = Some(Plan::None);
        assert_eq!(quote(&i).unwrap_err(), QuoteError::ProtectionRequired);
        let mut i = input(&r, w);
        i.delivery.pickup_miles = Some(25.5);
        assert_eq!(quote(&i).unwrap_err(), QuoteError::TooFarForDelivery(26, 25));
    }

    #[test]
    fn free_cancellation_and_pay_later_depend_on_the_start() {
        let r = rates();
        let q =
            quote(&input(&r, window("2026-12-01", "10:00 AM", "2026-12-03", "10:00 AM"))).unwrap();
        let start = Utc.with_ymd_and_hms(2026, 12, 1, 18, 0, 0).unwrap();
        assert_eq!(q.free_cancellation_before, Some(start - Duration::hours(24)));
        assert!(q.can_pay_later);
        assert_eq!(q.pay_later_at, Some(start - Duration::hours(48)));
        assert_eq!(
            q.pay_later_message(LA),
            "$0 due now. You will be charged $214.50 on Nov 29, 2026."
        );
        // Starting in exactly 24 h: the date is shown; in 23.5 h: not, and no paying later.
        let q =
            quote(&input(&r, window("2026-11-23", "4:00 AM", "2026-11-24", "4:00 AM"))).unwrap();
        assert_eq!(
            q.free_cancellation_before,
            Some(Utc.with_ymd_and_hms(2026, 11, 22, 12, 0, 0).unwrap())
        );
        assert!(!q.can_pay_later);
        let q =
            quote(&input(&r, window("2026-11-23", "3:30 AM", "2026-11-24", "4:00 AM"))).unwrap();
        assert_eq!(q.free_cancellation_before, None);
    }

    #[test]
    fn a_date_price_replaces_the_daily_price_of_the_days_starting_that_date() {
        let mut r = rates();
        r.date_prices.insert(date("2026-12-24"), Cents(18_000));
        r.date_prices.insert(date("2026-12-25"), Cents(18_000));
        r.date_prices.insert(date("2026-12-27"), Cents(12_000));
        // Dec 23 to Dec 28, 10:00: days starting Dec 23, 24, 25, 26, 27.
        let q =
            quote(&input(&r, window("2026-12-23", "10:00 AM", "2026-12-28", "10:00 AM"))).unwrap();
        let rental: Vec<(&str, i64)> = q
            .lines
            .iter()
            .filter(|l| l.kind == LineKind::Rental)
            .map(|l| (l.label.as_str(), l.amount.0))
            .collect();
        assert_eq!(
            rental,
            [
                ("$100.00/day × 2 days", 20_000),
                ("$180.00/day × 2 days (Dec 24 – Dec 25)", 36_000),
                ("$120.00/day × 1 day (Dec 27)", 12_000),
            ]
        );
        assert!(q.lines[1].explanation.contains("these dates"));
        assert_eq!(q.original, Cents(68_000));
    }

    #[test]
    fn a_partial_day_is_priced_on_its_dates_price_and_a_short_trip_on_its_start_date() {
        let mut r = rates();
        r.hourly = Cents(0);
        r.date_prices.insert(date("2026-12-03"), Cents(30_000));
        // 2 days + 2 h: the part day starts Dec 3, a tenth of its $300 an hour.
        let q =
            quote(&input(&r, window("2026-12-01", "10:00 AM", "2026-12-03", "12:00 PM"))).unwrap();
        assert_eq!(q.lines[1].label, "Extra 2 hours × $30.00/hour");
        assert_eq!(q.lines[1].amount, Cents(6_000));
        // Four hours starting Dec 3: one day at the date's price.
        let q =
            quote(&input(&r, window("2026-12-03", "10:00 AM", "2026-12-03", "2:00 PM"))).unwrap();
        assert_eq!(
            (q.lines[0].label.as_str(), q.lines[0].amount),
            ("$300.00/day × 1 day (Dec 3)", Cents(30_000))
        );
    }

    #[test]
    fn discounts_apply_on_top_of_date_prices() {
        let mut r = rates();
        r.date_prices.insert(date("2026-12-05"), Cents(20_000));
        // Seven days, one of them at $200: a 10% weekly discount of $800.
        let q =
            quote(&input(&r, window("2026-12-01", "10:00 AM", "2026-12-08", "10:00 AM"))).unwrap();
        let off = q.lines.iter().find(|l| l.kind == LineKind::Discount).unwrap();
        assert_eq!((off.label.as_str(), off.amount), ("Weekly discount (10%)", Cents(-8_000)));
        assert_eq!(q.rental, Cents(72_000));
    }

    proptest! {
        /// A quote's rental is the sum of its days' prices (each day at its date's price or
        /// the daily one) plus the part day, before discounts.
        #[test]
        fn the_rental_is_the_sum_of_its_days_prices(
            daily in 100i64..100_000, hourly in 0i64..20_000, start_h in 1i64..2_000,
            len_min in 1i64..(60 * 1440),
            priced in proptest::collection::btree_map(0i64..80, 100i64..200_000, 0..30),
        ) {
            let mut r = rates();
            r.daily = Cents(daily);
            r.hourly = Cents(hourly);
            let start = now() + Duration::hours(start_h);
            let w = PriceWindow::from_instants(start, start + Duration::minutes(len_min), LA, now());
            prop_assume!(w.is_ok());
            let w = w.unwrap();
            let first = w.local_start().date();
            r.date_prices = priced.iter().map(|(d, p)| (first + Duration::days(*d), Cents(*p))).collect();
            let q = quote(&input(&r, w)).unwrap();
            let (full, hours) = w.full_days_and_hours();
            let price_of = |i: i64| r.date_prices.get(&(first + Duration::days(i))).copied().unwrap_or(r.daily);
            let mut expected: Cents = (0..full.max(1)).map(price_of).sum();
            if full > 0 && hours > 0 {
                let day = price_of(full);
                expected = expected + r.hourly_rate_on(day).times(hours).min(day);
            }
            let rental: Cents = q.lines.iter().filter(|l| l.kind == LineKind::Rental).map(|l| l.amount).sum();
            prop_assert_eq!(rental, expected);
            prop_assert!(q.lines.iter().filter(|l| l.kind == LineKind::Rental).all(|l| l.amount > Cents::ZERO));
        }
    }

    proptest! {
        #[test]
        fn the_total_is_the_sum_of_the_lines_and_never_negative(
            daily in 100i64..500_000, hourly in 0i64..100_000, weekly in 0i64..6_000, monthly in 0i64..9_000,
            start_h in 1i64..2_000, len_min in 1i64..(400 * 1440), age in 21i64..90,
            seat in any::<bool>(), fuel in any::<bool>(), plan in 0u8..4, pickup in proptest::option::of(0.0f64..25.0),
            coupon_amount in proptest::option::of(0i64..100_000), state in proptest::sample::select(vec!["CA", "OR", "NY", "ZZ"]),
        ) {
            let mut r = rates();
            r.daily = Cents(daily);
            r.hourly = Cents(hourly);
            r.weekly_discount_bp = weekly;
            r.monthly_discount_bp = monthly;
            r.state = state.into();
            let start = now() + Duration::hours(start_h);
            let w = PriceWindow::from_instants(start, start + Duration::minutes(len_min), LA, now());
            prop_assume!(w.is_ok());
            let coupon = coupon_amount.map(|a| Coupon { code: "C".into(), benefit: Benefit::Amount(Cents(a)), min_trip: Cents(0), valid_from: None, valid_until: None, active: true, description: String::new(), first_trip_only: false, uses_per_account: None });
            let mut i = input(&r, w.unwrap());
            i.age = age;
            if seat { i.extras.push(ChosenExtra { extra_id: "seat".into(), quantity: 1 }); }
            if fuel { i.extras.push(ChosenExtra { extra_id: "fuel".into(), quantity: 1 }); }
            i.plan = match plan { 0 => None, 1 => Some(Plan::Standard), 2 => Some(Plan::Minimum), _ => Some(Plan::None) };
            i.delivery.pickup_miles = pickup;
            i.coupon = coupon.as_ref();
            let q = match quote(&i) { Ok(q) => q, Err(QuoteError::ProtectionRequired) => return Ok(()), Err(e) => return Err(TestCaseError::fail(e.to_string())) };
            let (last, rest) = q.lines.split_last().unwrap();
            prop_assert_eq!(last.kind, LineKind::Total);
            prop_assert_eq!(rest.iter().map(|l| l.amount).sum::<Cents>(), q.total);
            prop_assert_eq!(last.amount, q.total);
            prop_assert!(q.total >= Cents::ZERO && q.before_tax >= Cents::ZERO && q.tax >= Cents::ZERO);
            prop_assert!(q.total >= q.before_tax);
            prop_assert_eq!(q.original - q.discount, q.before_tax);
            prop_assert_eq!(q.before_tax + q.tax, q.total);
        }
    }

    /// The stated age's boundaries: the policy's minimum and the largest age a request may
    /// state both pass, one past either is refused, and the car's own minimum applies above.
    #[test]
    fn a_stated_age_is_between_the_minimum_and_the_largest_stated_age() {
        let r = rates();
        assert_eq!(check_age(&r, policy::MIN_DRIVER_AGE - 1), Err(QuoteError::UnderMinimumAge));
        assert_eq!(check_age(&r, policy::MIN_DRIVER_AGE), Ok(()));
        assert_eq!(check_age(&r, policy::MAX_STATED_AGE), Ok(()));
        assert_eq!(check_age(&r, policy::MAX_STATED_AGE + 1), Err(QuoteError::BadAge));
        assert_eq!(check_age(&r, -1), Err(QuoteError::BadAge));
        let prestige = CarRates { min_age: policy::PRESTIGE_MIN_DRIVER_AGE, ..rates() };
        assert_eq!(
            check_age(&prestige, policy::PRESTIGE_MIN_DRIVER_AGE - 1),
            Err(QuoteError::UnderCarMinimumAge(policy::PRESTIGE_MIN_DRIVER_AGE))
        );
        assert_eq!(QuoteError::BadAge.to_string(), "Age must be a number between 21 and 120.");
    }
}
