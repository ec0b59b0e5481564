//! The phrase parser: tokens become items (a date, a time, a weekend, a duration, a separator
//! between the start and the end), each with the tokens it used.

use chrono::{Days, NaiveDate, Weekday};

use super::times::{EVENING, bare_hour, clock};
use super::tokens::Tok;
use super::words::{month, number_word, time_word, weekday};

/// Longest trip a phrase gives ("for 99999 days" is a year), and furthest "in N days".
pub(super) const MAX_DURATION_DAYS: u64 = 365;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum DateSpec {
    /// A relative day already resolved (today, tomorrow, in 3 days).
    On(NaiveDate),
    /// A calendar date with its year.
    Exact(NaiveDate),
    Weekday {
        day: Weekday,
        next: bool,
    },
    MonthDay {
        month: u32,
        day: u32,
    },
    DayOfMonth(u32),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Item {
    /// A day, with the time it implies (tonight: 6 PM).
    Date {
        spec: DateSpec,
        time: Option<u32>,
    },
    Time(u32),
    Weekend {
        next: bool,
    },
    NextWeek,
    Duration(u64),
    /// A bare number 1-31, used as the end day in "Dec 24-28".
    Day(u32),
    /// to, -, and (after between): need a date or time on both sides. until, through,
    /// return: may open the text.
    Sep {
        strong: bool,
    },
}

impl Item {
    pub(super) fn is_date(&self) -> bool {
        matches!(self, Item::Date { .. } | Item::Weekend { .. } | Item::NextWeek)
    }

    pub(super) fn is_anchor(&self) -> bool {
        self.is_date() || matches!(self, Item::Time(_))
    }
}

pub(super) fn items(tokens: &[Tok], today: NaiveDate) -> Vec<Item> {
    let mut items = Vec::new();
    let mut between = false;
    let mut i = 0;
    while i < tokens.len() {
        if let Some((item, used)) = item_at(tokens, i, today, between) {
            items.extend(item);
            i += used.max(1);
        } else {
            if word_at(tokens, i) == Some("between") {
                between = true;
            }
            i += 1;
        }
    }
    items
}

fn word_at(tokens: &[Tok], i: usize) -> Option<&str> {
    match tokens.get(i) {
        Some(Tok::Word(w)) => Some(w.as_str()),
        _ => None,
    }
}

/// "3", "a", "two", "couple of" → (count, tokens used).
fn count_at(tokens: &[Tok], i: usize) -> Option<(u64, usize)> {
    match tokens.get(i)? {
        Tok::Num { value, ordinal: false } => Some((u64::from(*value), 1)),
        Tok::Word(w) => {
            let n = number_word(w)?;
            let used = if w == "couple" && word_at(tokens, i + 1) == Some("of") { 2 } else { 1 };
            Some((n, used))
        }
        _ => None,
    }
}

/// "days", "nights", "weeks" → days per unit.
fn unit_at(tokens: &[Tok], i: usize) -> Option<u64> {
    match word_at(tokens, i)? {
        "day" | "days" | "night" | "nights" => Some(1),
        "week" | "weeks" => Some(7),
        _ => None,
    }
}

/// "3 days", "a week", "3-day" → (days, tokens used).
fn duration_at(tokens: &[Tok], i: usize) -> Option<(u64, usize)> {
    let (count, used) = count_at(tokens, i)?;
    let mut k = i + used;
    if tokens.get(k) == Some(&Tok::Dash) && matches!(tokens.get(i), Some(Tok::Num { .. })) {
        k += 1;
    }
    let per = unit_at(tokens, k)?;
    Some((count.saturating_mul(per), k + 1 - i))
}

fn num_at(tokens: &[Tok], i: usize) -> Option<(u32, bool)> {
    match tokens.get(i)? {
        Tok::Num { value, ordinal } => Some((*value, *ordinal)),
        _ => None,
    }
}

/// A four-digit year after a month-day.
fn year_at(tokens: &[Tok], i: usize) -> Option<i32> {
    match tokens.get(i)? {
        Tok::Num { value, ordinal: false } if (1900..=2200).contains(value) => {
            i32::try_from(*value).ok()
        }
        _ => None,
    }
}

fn calendar(year: Option<i32>, month: u32, day: u32) -> Option<Item> {
    let spec = match year {
        Some(y) => DateSpec::Exact(NaiveDate::from_ymd_opt(y, month, day)?),
        None => {
            // Check the day exists in some year (Feb 29 does).
            NaiveDate::from_ymd_opt(2024, month, day)?;
            DateSpec::MonthDay { month, day }
        }
    };
    Some(Item::Date { spec, time: None })
}

fn date(spec: DateSpec) -> Option<Item> {
    Some(Item::Date { spec, time: None })
}

/// The item starting at token `i`, if any, and how many tokens it used. `Some((None, n))`
/// skips `n` tokens that made no item (an impossible date).
fn item_at(
    tokens: &[Tok],
    i: usize,
    today: NaiveDate,
    between: bool,
) -> Option<(Option<Item>, usize)> {
    let w = word_at(tokens, i);
    let w1 = word_at(tokens, i + 1);
    let plus = |n: u64| today.checked_add_days(Days::new(n)).unwrap_or(today);

    match tokens.get(i)? {
        Tok::Word(_) => {}
        Tok::Num { value, ordinal } => {
            let (value, ordinal) = (*value, *ordinal);
            // 24 Dec, 24th of December [2026]
            let of = usize::from(w1 == Some("of"));
            if let Some(m) = word_at(tokens, i + 1 + of).and_then(month) {
                let used = 2 + of;
                let year = year_at(tokens, i + used);
                let used = used + usize::from(year.is_some());
                return Some((calendar(year, m, value), used));
            }
            if let Some((days, used)) = duration_at(tokens, i) {
                return Some((Some(Item::Duration(days)), used));
            }
            if !ordinal && matches!(w1, Some("oclock")) {
                return Some((bare_hour(value).map(Item::Time), 2));
            }
            if ordinal && (1..=31).contains(&value) {
                return Some((date(DateSpec::DayOfMonth(value)), 1));
            }
            if !ordinal && (1..=31).contains(&value) {
                return Some((Some(Item::Day(value)), 1));
            }
            return None;
        }
        Tok::Clock { hour, minute, meridiem } => {
            return Some((clock(*hour, *minute, *meridiem).map(Item::Time), 1));
        }
        Tok::Iso { year, month, day } => {
            let d = NaiveDate::from_ymd_opt(*year, *month, *day);
            return Some((d.and_then(|d| date(DateSpec::Exact(d))), 1));
        }
        Tok::Slash { first, second, year } => {
            let (m, d) =
                if *first > 12 && *second <= 12 { (*second, *first) } else { (*first, *second) };
            return Some((calendar(*year, m, d), 1));
        }
        Tok::Dash => return Some((Some(Item::Sep { strong: false }), 1)),
    }

    let w = w?;
    match (w, w1) {
        ("day", Some("after")) if word_at(tokens, i + 2) == Some("tomorrow") => {
            return Some((date(DateSpec::On(plus(2))), 3));
        }
        ("overmorrow", _) => return Some((date(DateSpec::On(plus(2))), 1)),
        ("today", _) => return Some((date(DateSpec::On(today)), 1)),
        ("tonight", _) => {
            return Some((Some(Item::Date { spec: DateSpec::On(today), time: Some(EVENING) }), 1));
        }
        ("tomorrow" | "tomorow" | "tmrw" | "tmr" | "tmw", _) => {
            return Some((date(DateSpec::On(plus(1))), 1));
        }
        ("this", Some(t)) if matches!(t, "morning" | "afternoon" | "evening") => {
            return Some((Some(Item::Date { spec: DateSpec::On(today), time: time_word(t) }), 2));
        }
        ("in", _) => {
            if let Some((days, used)) = duration_at(tokens, i + 1) {
                let days = days.min(MAX_DURATION_DAYS);
                return Some((date(DateSpec::On(plus(days))), used + 1));
            }
            return None;
        }
        ("this" | "coming" | "the", Some("weekend")) => {
            return Some((Some(Item::Weekend { next: false }), 2));
        }
        ("next", Some("weekend")) => return Some((Some(Item::Weekend { next: true }), 2)),
        ("weekend", _) => return Some((Some(Item::Weekend { next: false }), 1)),
        ("next", Some("week")) => return Some((Some(Item::NextWeek), 2)),
        ("next" | "this" | "coming", Some(d)) if weekday(d).is_some() => {
            let day = weekday(d)?;
            return Some((date(DateSpec::Weekday { day, next: w == "next" }), 2));
        }
        ("at", _) => {
            // "at 9": an hour without am/pm.
            if let Some((value, false)) = num_at(tokens, i + 1) {
                let followed = word_at(tokens, i + 2);
                let is_date = followed
                    .is_some_and(|f| month(f).is_some() || unit_at(tokens, i + 2).is_some());
                if !is_date {
                    return Some((bare_hour(value).map(Item::Time), 2));
                }
            }
            return None;
        }
        ("to", _) => return Some((Some(Item::Sep { strong: false }), 1)),
        ("and", _) if between => return Some((Some(Item::Sep { strong: false }), 1)),
        ("until" | "untill" | "till" | "til" | "through" | "thru" | "return" | "returning", _) => {
            return Some((Some(Item::Sep { strong: true }), 1));
        }
        _ => {}
    }
    if let Some(day) = weekday(w) {
        return Some((date(DateSpec::Weekday { day, next: false }), 1));
    }
    if let Some(m) = month(w) {
        // Dec 24, December 24th, Dec the 24th [2026]
        let the = usize::from(w1 == Some("the"));
        if let Some((day, _)) = num_at(tokens, i + 1 + the) {
            let used = 2 + the;
            let year = year_at(tokens, i + used);
            let used = used + usize::from(year.is_some());
            return Some((calendar(year, m, day), used));
        }
        return None;
    }
    if let Some(t) = time_word(w) {
        return Some((Some(Item::Time(t)), 1));
    }
    if let Some((days, used)) = duration_at(tokens, i) {
        return Some((Some(Item::Duration(days)), used));
    }
    None
}
