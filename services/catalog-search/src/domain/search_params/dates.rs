//! Calendar arithmetic: days ahead, the next weekday, ISO weeks and weekends, and the next
//! occurrence of a month-day or day of the month.

use chrono::{Datelike, Days, NaiveDate, Weekday};

pub(super) fn add_days(date: NaiveDate, days: u64) -> NaiveDate {
    date.checked_add_days(Days::new(days)).unwrap_or(date)
}

pub(super) fn on_or_after(date: NaiveDate, day: Weekday) -> NaiveDate {
    let ahead = (day.num_days_from_monday() + 7 - date.weekday().num_days_from_monday()) % 7;
    add_days(date, u64::from(ahead))
}

/// Monday of the ISO week after `date`'s.
pub(super) fn next_monday(date: NaiveDate) -> NaiveDate {
    add_days(date, u64::from(7 - date.weekday().num_days_from_monday()))
}

/// Saturday of the current weekend: yesterday on a Sunday, else the next Saturday on or
/// after `date`.
pub(super) fn weekend_saturday(date: NaiveDate) -> NaiveDate {
    if date.weekday() == Weekday::Sun {
        date.checked_sub_days(Days::new(1)).unwrap_or(date)
    } else {
        on_or_after(date, Weekday::Sat)
    }
}

/// The first `month`/`day` on or after `anchor`.
pub(super) fn next_month_day(anchor: NaiveDate, month: u32, day: u32) -> Option<NaiveDate> {
    (anchor.year()..=anchor.year().saturating_add(8))
        .filter_map(|y| NaiveDate::from_ymd_opt(y, month, day))
        .find(|d| *d >= anchor)
}

/// The first day-of-month `day` on or after `anchor`.
pub(super) fn next_day_of_month(anchor: NaiveDate, day: u32) -> Option<NaiveDate> {
    let (mut year, mut month) = (anchor.year(), anchor.month());
    for _ in 0..13 {
        if let Some(d) = NaiveDate::from_ymd_opt(year, month, day)
            && d >= anchor
        {
            return Some(d);
        }
        (year, month) = if month == 12 { (year + 1, 1) } else { (year, month + 1) };
    }
    None
}
