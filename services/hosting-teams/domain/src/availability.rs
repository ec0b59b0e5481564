//! A host's availability (spec 001 sections 2, 5, 7): weekly pickup and return hours that
//! apply to all their cars, and custom blocks (periods a car cannot be booked).

use chrono::{Duration, NaiveDate, NaiveDateTime, NaiveTime, Weekday};
use serde::Serialize;
use std::collections::{BTreeMap, BTreeSet};

use crate::listing::{DailyPrice, ListingError};
use crate::policy::{
    BLOCK_HORIZON_DAYS, MAX_BLOCK_DAYS, MAX_BLOCK_REASON_CHARS, MAX_BLOCKS_PER_CALL,
    MAX_DATE_PRICES_PER_CALL,
};

/// Why availability is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum AvailabilityError {
    #[error("isAlwaysAvailable must be a boolean")]
    AlwaysAvailableRequired,
    #[error("Unknown day {0:?}: use Monday to Sunday.")]
    UnknownDay(String),
    #[error("{0} is listed twice.")]
    DuplicateDay(String),
    #[error("Invalid time {0:?}. Use h:mm AM/PM, for example 10:00 AM.")]
    BadTime(String),
    #[error("Invalid date {0:?}. Use YYYY-MM-DD.")]
    BadDate(String),
    #[error("The hours of {0} must end after they start.")]
    HoursInverted(String),
    #[error("action must be add, update or delete")]
    InvalidAction,
    #[error("customAvailability must list at least one period")]
    EmptyList,
    #[error("At most 50 periods at a time.")]
    TooManyBlocks,
    #[error("A blocked period must end after it starts.")]
    BlockInverted,
    #[error("A blocked period cannot start in the past.")]
    BlockInPast,
    #[error("A blocked period must start within a year and last at most a year.")]
    BlockTooFar,
    #[error("The reason must be at most 200 characters.")]
    ReasonTooLong,
    #[error("Each period to update or delete needs its _id.")]
    BlockIdRequired,
    #[error("prices must list at least one date")]
    DatePricesEmpty,
    #[error("At most {} dates at a time.", MAX_DATE_PRICES_PER_CALL)]
    TooManyDatePrices,
    #[error("{0} is listed twice.")]
    DuplicateDatePrice(String),
    #[error("{0} is in the past: prices can be set from today on.")]
    DatePriceInPast(String),
    #[error("{0} is more than a year away: prices can be set for the next {days} days.", days = BLOCK_HORIZON_DAYS)]
    DatePriceTooFar(String),
}

upcar_errors::error_table! {
    AvailabilityError {
        AvailabilityError::AlwaysAvailableRequired => InvalidInput, "always_available_required";
        AvailabilityError::UnknownDay(_) => InvalidInput, "unknown_day";
        AvailabilityError::DuplicateDay(_) => InvalidInput, "duplicate_day";
        AvailabilityError::BadTime(_) => InvalidInput, "invalid_time";
        AvailabilityError::BadDate(_) => InvalidInput, "invalid_date";
        AvailabilityError::HoursInverted(_) => InvalidInput, "hours_inverted";
        AvailabilityError::InvalidAction => InvalidInput, "invalid_availability_action";
        AvailabilityError::EmptyList => InvalidInput, "availability_list_empty";
        AvailabilityError::TooManyBlocks => InvalidInput, "too_many_blocks";
        AvailabilityError::BlockInverted => InvalidInput, "block_inverted";
        AvailabilityError::BlockInPast => InvalidInput, "block_in_past";
        AvailabilityError::BlockTooFar => InvalidInput, "block_too_far";
        AvailabilityError::ReasonTooLong => InvalidInput, "block_reason_too_long";
        AvailabilityError::BlockIdRequired => InvalidInput, "block_id_required";
        AvailabilityError::DatePricesEmpty => InvalidInput, "date_prices_empty";
        AvailabilityError::TooManyDatePrices => InvalidInput, "too_many_date_prices";
        AvailabilityError::DuplicateDatePrice(_) => InvalidInput, "duplicate_date_price";
        AvailabilityError::DatePriceInPast(_) => InvalidInput, "date_price_in_past";
        AvailabilityError::DatePriceTooFar(_) => InvalidInput, "date_price_too_far";
    }
}

impl AvailabilityError {
    /// The text shown to the user.
    pub fn message(&self) -> String {
        self.to_string()
    }
}

/// Parses `10:00 AM`, `9:30 pm`, `12:00 PM`; also 24-hour `14:30`.
pub fn parse_time(s: &str) -> Result<NaiveTime, AvailabilityError> {
    let bad = || AvailabilityError::BadTime(s.to_owned());
    let upper = s.trim().to_uppercase();
    let (clock, pm) = if let Some(c) = upper.strip_suffix("AM") {
        (c.trim().to_owned(), Some(false))
    } else if let Some(c) = upper.strip_suffix("PM") {
        (c.trim().to_owned(), Some(true))
    } else {
        (upper.clone(), None)
    };
    let (h, m) = clock.split_once(':').ok_or_else(bad)?;
    let h: u32 = h.trim().parse().map_err(|_| bad())?;
    let m: u32 = m.trim().parse().map_err(|_| bad())?;
    let h = match pm {
        Some(pm) if (1..=12).contains(&h) => (h % 12) + if pm { 12 } else { 0 },
        Some(_) => return Err(bad()),
        None => h,
    };
    NaiveTime::from_hms_opt(h, m, 0).ok_or_else(bad)
}

/// Parses `YYYY-MM-DD`.
pub fn parse_date(s: &str) -> Result<NaiveDate, AvailabilityError> {
    NaiveDate::parse_from_str(s.trim(), "%Y-%m-%d")
        .map_err(|_| AvailabilityError::BadDate(s.to_owned()))
}

/// `h:mm AM/PM`.
pub fn format_time(t: NaiveTime) -> String {
    t.format("%-I:%M %p").to_string()
}

fn weekday(s: &str) -> Result<Weekday, AvailabilityError> {
    let unknown = || AvailabilityError::UnknownDay(s.to_owned());
    let w: Weekday = s.trim().parse().map_err(|_| unknown())?;
    Ok(w)
}

fn day_name(w: Weekday) -> &'static str {
    match w {
        Weekday::Mon => "Monday",
        Weekday::Tue => "Tuesday",
        Weekday::Wed => "Wednesday",
        Weekday::Thu => "Thursday",
        Weekday::Fri => "Friday",
        Weekday::Sat => "Saturday",
        Weekday::Sun => "Sunday",
    }
}

/// One day's hours as sent.
#[derive(Debug, Clone, Default)]
pub struct DayInput<'a> {
    pub day: &'a str,
    pub is_available: bool,
    pub start_time: &'a str,
    pub end_time: &'a str,
}

/// One day's pickup and return hours.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DayHours {
    pub day: &'static str,
    pub is_available: bool,
    /// `h:mm AM/PM`, empty on a day without hours.
    pub start_time: String,
    pub end_time: String,
}

/// The host's week: every day in order, each with its hours.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct WeeklyAvailability {
    pub is_always_available: bool,
    pub weekly_availability: Vec<DayHours>,
}

impl WeeklyAvailability {
    /// Always available: every day, all day.
    pub fn always() -> Self {
        Self::parse(Some(true), &[]).unwrap_or(WeeklyAvailability {
            is_always_available: true,
            weekly_availability: Vec::new(),
        })
    }

    /// `isAlwaysAvailable` must be sent (a boolean); days not listed are available all day
    /// when always available and unavailable otherwise.
    pub fn parse(
        is_always_available: Option<bool>,
        days: &[DayInput<'_>],
    ) -> Result<Self, AvailabilityError> {
        let always = is_always_available.ok_or(AvailabilityError::AlwaysAvailableRequired)?;
        let mut given: Vec<(Weekday, DayHours)> = Vec::new();
        for d in days {
            let w = weekday(d.day)?;
            if given.iter().any(|(g, _)| *g == w) {
                return Err(AvailabilityError::DuplicateDay(day_name(w).to_owned()));
            }
            let hours = if d.is_available && !always {
                let start = parse_time(d.start_time)?;
                let end = parse_time(d.end_time)?;
                if end <= start {
                    return Err(AvailabilityError::HoursInverted(day_name(w).to_owned()));
                }
                DayHours {
                    day: day_name(w),
                    is_available: true,
                    start_time: format_time(start),
                    end_time: format_time(end),
                }
            } else {
                DayHours {
                    day: day_name(w),
                    is_available: always || d.is_available,
                    start_time: String::new(),
                    end_time: String::new(),
                }
            };
            given.push((w, hours));
        }
        let week = [
            Weekday::Mon,
            Weekday::Tue,
            Weekday::Wed,
            Weekday::Thu,
            Weekday::Fri,
            Weekday::Sat,
            Weekday::Sun,
        ];
        let weekly_availability = week
            .iter()
            .map(|w| match given.iter().find(|(g, _)| g == w) {
                Some((_, h)) => h.clone(),
                None => DayHours {
                    day: day_name(*w),
                    is_available: always,
                    start_time: String::new(),
                    end_time: String::new(),
                },
            })
            .collect();
        Ok(WeeklyAvailability { is_always_available: always, weekly_availability })
    }
}

/// What a custom availability call does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    Add,
    Update,
    Delete,
}

impl Action {
    /// `add`, `update` or `delete`.
    pub fn parse(s: &str) -> Result<Action, AvailabilityError> {
        match s.trim().to_ascii_lowercase().as_str() {
            "add" => Ok(Action::Add),
            "update" => Ok(Action::Update),
            "delete" => Ok(Action::Delete),
            _ => Err(AvailabilityError::InvalidAction),
        }
    }
}

/// The list of a custom availability call: not empty, at most 50.
pub fn check_list_len(n: usize) -> Result<(), AvailabilityError> {
    match n {
        0 => Err(AvailabilityError::EmptyList),
        n if n > MAX_BLOCKS_PER_CALL => Err(AvailabilityError::TooManyBlocks),
        _ => Ok(()),
    }
}

/// A blocked period as sent: dates and times local to the car.
#[derive(Debug, Clone, Default)]
pub struct BlockInput<'a> {
    pub start_date: &'a str,
    pub start_time: &'a str,
    pub end_date: &'a str,
    pub end_time: &'a str,
    pub reason: &'a str,
}

/// A blocked period in the car's local time. A time left out is the start of the day (the end
/// date's end of day: a block to a date covers that date).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LocalBlock {
    pub start: NaiveDateTime,
    pub end: NaiveDateTime,
    pub reason: String,
}

impl LocalBlock {
    /// Dates required, times optional; end after start; a reason of at most 200 characters.
    pub fn parse(input: &BlockInput<'_>) -> Result<Self, AvailabilityError> {
        let start_date = parse_date(input.start_date)?;
        let end_date = parse_date(input.end_date)?;
        let start = match input.start_time.trim() {
            "" => start_date.and_time(NaiveTime::MIN),
            t => start_date.and_time(parse_time(t)?),
        };
        let end = match input.end_time.trim() {
            "" => end_date.and_time(NaiveTime::MIN) + Duration::days(1),
            t => end_date.and_time(parse_time(t)?),
        };
        if end <= start {
            return Err(AvailabilityError::BlockInverted);
        }
        let reason = input.reason.trim();
        if reason.chars().count() > MAX_BLOCK_REASON_CHARS {
            return Err(AvailabilityError::ReasonTooLong);
        }
        Ok(LocalBlock { start, end, reason: reason.to_owned() })
    }
}

/// A block, placed in time (UTC seconds), checked against `now`: it ends after now (a block
/// already under way may be kept or moved, not one entirely past), starts within a year and
/// lasts at most a year.
pub fn check_block_times(start: i64, end: i64, now: i64) -> Result<(), AvailabilityError> {
    const DAY: i64 = 86_400;
    if end <= now {
        return Err(AvailabilityError::BlockInPast);
    }
    if start > now + BLOCK_HORIZON_DAYS * DAY || end - start > MAX_BLOCK_DAYS * DAY {
        return Err(AvailabilityError::BlockTooFar);
    }
    Ok(())
}

/// Why a change of prices per date is refused: a date's rule, or a price's (the daily price's
/// rules and codes).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DatePricesError {
    Date(AvailabilityError),
    Price(ListingError),
}

impl From<AvailabilityError> for DatePricesError {
    fn from(e: AvailabilityError) -> Self {
        DatePricesError::Date(e)
    }
}

/// One date's price as sent: `None` removes the date's own price.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DatePriceInput<'a> {
    pub date: &'a str,
    pub daily_price: Option<&'a str>,
}

/// A car's prices per date after a change: `current` with each sent date set (whole dollars,
/// the daily price's rules) or removed, dates before `today` (the car's local date) dropped.
/// A date is set from today to `BLOCK_HORIZON_DAYS` ahead (nothing later can be booked), once
/// per call. Answers cents by date.
pub fn apply_date_prices(
    current: &BTreeMap<NaiveDate, i64>,
    inputs: &[DatePriceInput<'_>],
    today: NaiveDate,
) -> Result<BTreeMap<NaiveDate, i64>, DatePricesError> {
    if inputs.is_empty() {
        return Err(AvailabilityError::DatePricesEmpty.into());
    }
    if inputs.len() > MAX_DATE_PRICES_PER_CALL {
        return Err(AvailabilityError::TooManyDatePrices.into());
    }
    let mut out: BTreeMap<NaiveDate, i64> =
        current.iter().filter(|(d, _)| **d >= today).map(|(d, c)| (*d, *c)).collect();
    let mut seen = BTreeSet::new();
    for i in inputs {
        let date = parse_date(i.date)?;
        let text = date.to_string();
        if !seen.insert(date) {
            return Err(AvailabilityError::DuplicateDatePrice(text).into());
        }
        if date < today {
            return Err(AvailabilityError::DatePriceInPast(text).into());
        }
        if date > today + Duration::days(BLOCK_HORIZON_DAYS) {
            return Err(AvailabilityError::DatePriceTooFar(text).into());
        }
        match i.daily_price {
            Some(p) => {
                let price = DailyPrice::parse(p).map_err(DatePricesError::Price)?;
                out.insert(date, price.cents);
            }
            None => {
                out.remove(&date);
            }
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn always_available_must_be_sent_and_fills_the_week() {
        assert_eq!(
            WeeklyAvailability::parse(None, &[]),
            Err(AvailabilityError::AlwaysAvailableRequired)
        );
        let w = WeeklyAvailability::parse(Some(true), &[]).unwrap();
        assert_eq!(w.weekly_availability.len(), 7);
        assert!(w.weekly_availability.iter().all(|d| d.is_available));
        assert_eq!(w.weekly_availability[0].day, "Monday");
    }

    #[test]
    fn days_have_hours_in_order_once_each() {
        let days = [
            DayInput {
                day: "saturday",
                is_available: true,
                start_time: "9:00 am",
                end_time: "5:30 PM",
            },
            DayInput { day: "Sun", is_available: false, ..Default::default() },
        ];
        let w = WeeklyAvailability::parse(Some(false), &days).unwrap();
        let sat = &w.weekly_availability[5];
        assert_eq!(
            (sat.day, sat.start_time.as_str(), sat.end_time.as_str()),
            ("Saturday", "9:00 AM", "5:30 PM")
        );
        assert!(!w.weekly_availability[0].is_available, "a day not listed is unavailable");
        let twice = [days[0].clone(), days[0].clone()];
        assert_eq!(
            WeeklyAvailability::parse(Some(false), &twice),
            Err(AvailabilityError::DuplicateDay("Saturday".into()))
        );
        let inverted = [DayInput {
            day: "Mon",
            is_available: true,
            start_time: "5:00 PM",
            end_time: "9:00 AM",
        }];
        assert_eq!(
            WeeklyAvailability::parse(Some(false), &inverted),
            Err(AvailabilityError::HoursInverted("Monday".into()))
        );
        let unknown = [DayInput { day: "Funday", ..Default::default() }];
        assert!(matches!(
            WeeklyAvailability::parse(Some(false), &unknown),
            Err(AvailabilityError::UnknownDay(_))
        ));
    }

    #[test]
    fn actions_and_lists() {
        assert_eq!(Action::parse("Add"), Ok(Action::Add));
        assert_eq!(Action::parse("remove"), Err(AvailabilityError::InvalidAction));
        assert_eq!(check_list_len(0), Err(AvailabilityError::EmptyList));
        assert_eq!(check_list_len(51), Err(AvailabilityError::TooManyBlocks));
        assert_eq!(check_list_len(3), Ok(()));
    }

    #[test]
    fn date_prices_are_set_from_today_to_the_horizon_once_each() {
        let today = NaiveDate::from_ymd_opt(2026, 12, 2).unwrap();
        let day = |n: i64| (today + Duration::days(n)).to_string();
        let set = |d: &str, p: &'static str| (d.to_owned(), Some(p));
        let run = |inputs: &[(String, Option<&str>)], current: &BTreeMap<NaiveDate, i64>| {
            let list: Vec<DatePriceInput> =
                inputs.iter().map(|(d, p)| DatePriceInput { date: d, daily_price: *p }).collect();
            apply_date_prices(current, &list, today)
        };
        let none = BTreeMap::new();
        // Today and the last day of the horizon are taken; a day either side is not.
        let got =
            run(&[set(&day(0), "120"), set(&day(BLOCK_HORIZON_DAYS), " 95 ")], &none).unwrap();
        assert_eq!(got.get(&today), Some(&12_000));
        assert_eq!(got.get(&(today + Duration::days(BLOCK_HORIZON_DAYS))), Some(&9_500));
        assert_eq!(
            run(&[set(&day(-1), "120")], &none),
            Err(AvailabilityError::DatePriceInPast(day(-1)).into())
        );
        assert_eq!(
            run(&[set(&day(BLOCK_HORIZON_DAYS + 1), "120")], &none),
            Err(AvailabilityError::DatePriceTooFar(day(BLOCK_HORIZON_DAYS + 1)).into())
        );
        assert_eq!(
            run(&[set(&day(3), "120"), set(&format!(" {} ", day(3)), "90")], &none),
            Err(AvailabilityError::DuplicateDatePrice(day(3)).into())
        );
        assert_eq!(run(&[], &none), Err(AvailabilityError::DatePricesEmpty.into()));
        let all: Vec<(String, Option<&str>)> =
            (0..=MAX_DATE_PRICES_PER_CALL as i64).map(|n| set(&day(n), "80")).collect();
        assert_eq!(run(&all, &none), Err(AvailabilityError::TooManyDatePrices.into()));
        assert_eq!(run(&all[..BLOCK_HORIZON_DAYS as usize + 1], &none).map(|m| m.len()), Ok(366));
        assert_eq!(
            run(&[set("12/24/2026", "80")], &none),
            Err(AvailabilityError::BadDate("12/24/2026".into()).into())
        );
        // The price follows the daily price's rules.
        assert_eq!(
            run(&[set(&day(1), "0")], &none),
            Err(DatePricesError::Price(ListingError::InvalidPrice))
        );
        assert_eq!(
            run(&[set(&day(1), "10001")], &none),
            Err(DatePricesError::Price(ListingError::PriceTooHigh))
        );
        // A null removes a date; dates gone by are dropped; the rest is kept.
        let current: BTreeMap<NaiveDate, i64> = [
            (today - Duration::days(1), 5_000),
            (today + Duration::days(1), 7_000),
            (today + Duration::days(2), 8_000),
        ]
        .into();
        let got = run(&[(day(1), None)], &current).unwrap();
        assert_eq!(got, [(today + Duration::days(2), 8_000)].into());
    }

    #[test]
    fn blocks_cover_whole_days_unless_times_are_given() {
        let b = LocalBlock::parse(&BlockInput {
            start_date: "2026-12-24",
            end_date: "2026-12-26",
            ..Default::default()
        })
        .unwrap();
        assert_eq!(b.end - b.start, Duration::days(3));
        let b = LocalBlock::parse(&BlockInput {
            start_date: "2026-12-24",
            start_time: "10:00 AM",
            end_date: "2026-12-24",
            end_time: "2:00 PM",
            reason: " service ",
        })
        .unwrap();
        assert_eq!((b.end - b.start, b.reason.as_str()), (Duration::hours(4), "service"));
        let inverted = BlockInput {
            start_date: "2026-12-24",
            start_time: "2:00 PM",
            end_date: "2026-12-24",
            end_time: "10:00 AM",
            reason: "",
        };
        assert_eq!(LocalBlock::parse(&inverted), Err(AvailabilityError::BlockInverted));
        assert!(matches!(
            LocalBlock::parse(&BlockInput {
                start_date: "24/12/2026",
                end_date: "2026-12-25",
                ..Default::default()
            }),
            Err(AvailabilityError::BadDate(_))
        ));
    }

    #[test]
    fn blocks_are_in_the_coming_year() {
        let day = 86_400;
        assert_eq!(check_block_times(-2 * day, -day, 0), Err(AvailabilityError::BlockInPast));
        assert_eq!(check_block_times(-day, day, 0), Ok(()), "a block under way can be kept");
        assert_eq!(check_block_times(400 * day, 401 * day, 0), Err(AvailabilityError::BlockTooFar));
        assert_eq!(check_block_times(day, 400 * day, 0), Err(AvailabilityError::BlockTooFar));
    }

    proptest! {
        #[test]
        fn times_round_trip(h in 0u32..24, m in 0u32..60) {
            let t = NaiveTime::from_hms_opt(h, m, 0).unwrap();
            prop_assert_eq!(parse_time(&format_time(t)).unwrap(), t);
        }
    }
}
