//! From the items to the search's start and end: which items belong to each side, what a
//! side without a date or time takes, and the rules that keep the end after the start.

use chrono::{Datelike, NaiveDate, NaiveDateTime, Timelike, Weekday};

use super::dates::{
    add_days, next_day_of_month, next_monday, next_month_day, on_or_after, weekend_saturday,
};
use super::items::{DateSpec, Item, MAX_DURATION_DAYS};
use super::times::{DEFAULT_MINUTES, EVENING, MIDNIGHT, SLOT};

/// A date spec as a start (relative to today) or an end (relative to the start).
fn resolve_spec(
    spec: DateSpec,
    anchor: NaiveDate,
    today: NaiveDate,
    end: bool,
) -> Option<NaiveDate> {
    match spec {
        DateSpec::On(d) | DateSpec::Exact(d) => Some(d),
        DateSpec::Weekday { day, next: true } if !end => {
            Some(add_days(next_monday(today), u64::from(day.num_days_from_monday())))
        }
        DateSpec::Weekday { day, .. } => Some(on_or_after(anchor, day)),
        DateSpec::MonthDay { month, day } => next_month_day(anchor, month, day),
        DateSpec::DayOfMonth(day) => next_day_of_month(anchor, day),
    }
}

pub(super) struct When {
    pub(super) from_date: NaiveDate,
    pub(super) from_time: u32,
    pub(super) until_date: NaiveDate,
    pub(super) until_time: u32,
}

pub(super) fn resolve(items: &[Item], now: NaiveDateTime) -> When {
    let today = now.date();
    let tomorrow = add_days(today, 1);

    // Split into start and end: at the first separator with a date or time after it (and,
    // for "to"/"-", before it); else at the second date.
    let split = items.iter().enumerate().position(|(k, item)| match item {
        Item::Sep { strong } => {
            items[k + 1..].iter().any(|x| x.is_anchor() || matches!(x, Item::Day(_)))
                && (*strong || items[..k].iter().any(Item::is_anchor))
        }
        _ => false,
    });
    let (start, end): (&[Item], &[Item]) = match split {
        Some(k) => (&items[..k], &items[k + 1..]),
        None => match items.iter().enumerate().filter(|(_, x)| x.is_date()).nth(1) {
            Some((k, _)) => (&items[..k], &items[k..]),
            None => (items, &[]),
        },
    };
    let first_time = |side: &[Item]| {
        side.iter().find_map(|x| match x {
            Item::Time(t) => Some(*t),
            _ => None,
        })
    };
    let start_clock = first_time(start);
    let end_clock = first_time(end);
    let duration = items.iter().find_map(|x| match x {
        Item::Duration(d) => Some((*d).clamp(1, MAX_DURATION_DAYS)),
        _ => None,
    });

    // Start.
    let mut implied_end: Option<(NaiveDate, Option<u32>)> = None;
    let mut calendar_start = false;
    let (mut from_date, implied_time) = match start.iter().find(|x| x.is_date()) {
        Some(Item::Date { spec, time }) => {
            calendar_start = matches!(
                spec,
                DateSpec::Exact(_) | DateSpec::MonthDay { .. } | DateSpec::DayOfMonth(_)
            );
            match resolve_spec(*spec, today, today, false) {
                Some(d) => (d, *time),
                None => (tomorrow, None),
            }
        }
        Some(Item::Weekend { next }) => {
            let saturday = add_days(weekend_saturday(today), if *next { 7 } else { 0 });
            let weekend_now = matches!(today.weekday(), Weekday::Sat | Weekday::Sun);
            let from = if !*next && weekend_now { today } else { saturday };
            implied_end = Some((add_days(saturday, 1), Some(EVENING)));
            (from, None)
        }
        Some(Item::NextWeek) => {
            let monday = next_monday(today);
            implied_end = Some((add_days(monday, 7), None));
            (monday, None)
        }
        _ => (tomorrow, None),
    };
    let mut from_time = start_clock.or(implied_time).or(end_clock).unwrap_or(DEFAULT_MINUTES);
    let now_minutes = now.hour() * 60 + now.minute();
    if from_date == today && from_time <= now_minutes {
        let slot = (now_minutes / SLOT + 1) * SLOT;
        if slot >= 24 * 60 {
            from_date = tomorrow;
            from_time = MIDNIGHT;
        } else {
            from_time = slot;
        }
    }

    // End.
    let given_end_time = end_clock.or(start_clock);
    let end_day = end.iter().find_map(|x| match x {
        Item::Day(d) => Some(*d),
        _ => None,
    });
    let (mut until_date, mut until_time) = match end.iter().find(|x| x.is_date()) {
        Some(item) => {
            let (date, implied) = match item {
                Item::Date { spec, time } => (resolve_spec(*spec, from_date, today, true), *time),
                Item::Weekend { next } => {
                    let saturday = add_days(weekend_saturday(today), if *next { 7 } else { 0 });
                    (Some(add_days(saturday, 1)), Some(EVENING))
                }
                _ => (Some(next_monday(today)), None),
            };
            let time = given_end_time.or(implied).unwrap_or(from_time);
            let mut date = date.unwrap_or_else(|| add_days(from_date, 1));
            let weekday_end = matches!(item, Item::Date { spec: DateSpec::Weekday { .. }, .. });
            if weekday_end && date == from_date && time <= from_time {
                date = add_days(date, 7);
            }
            (date, time)
        }
        None => {
            let time = given_end_time.unwrap_or(from_time);
            match (end_day.filter(|_| calendar_start), duration, implied_end, end_clock) {
                (Some(day), ..) => {
                    (next_day_of_month(from_date, day).unwrap_or(add_days(from_date, 1)), time)
                }
                (None, Some(days), ..) => (add_days(from_date, days), time),
                (None, None, Some((date, implied)), _) => {
                    (date, given_end_time.or(implied).unwrap_or(from_time))
                }
                (None, None, None, Some(t)) => {
                    (if t > from_time { from_date } else { add_days(from_date, 1) }, t)
                }
                (None, None, None, None) => (add_days(from_date, 1), time),
            }
        }
    };

    if (until_date, until_time) <= (from_date, from_time) {
        until_date = add_days(from_date, 1);
        until_time = from_time;
    }
    When { from_date, from_time, until_date, until_time }
}
