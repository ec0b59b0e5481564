//! The words of dates and times: weekdays, months, times of day and small numbers.

use chrono::Weekday;

use super::times::{AFTERNOON, EVENING, MIDNIGHT, MORNING, NIGHT, NOON};

pub(super) fn weekday(w: &str) -> Option<Weekday> {
    Some(match w {
        "mon" | "monday" => Weekday::Mon,
        "tue" | "tues" | "tuesday" => Weekday::Tue,
        "wed" | "weds" | "wednesday" => Weekday::Wed,
        "thu" | "thur" | "thurs" | "thursday" => Weekday::Thu,
        "fri" | "friday" => Weekday::Fri,
        "sat" | "saturday" => Weekday::Sat,
        "sun" | "sunday" => Weekday::Sun,
        _ => return None,
    })
}

pub(super) fn month(w: &str) -> Option<u32> {
    Some(match w {
        "jan" | "january" => 1,
        "feb" | "february" => 2,
        "mar" | "march" => 3,
        "apr" | "april" => 4,
        "may" => 5,
        "jun" | "june" => 6,
        "jul" | "july" => 7,
        "aug" | "august" => 8,
        "sep" | "sept" | "september" => 9,
        "oct" | "october" => 10,
        "nov" | "november" => 11,
        "dec" | "december" => 12,
        _ => return None,
    })
}

pub(super) fn time_word(w: &str) -> Option<u32> {
    Some(match w {
        "noon" | "midday" => NOON,
        "midnight" => MIDNIGHT,
        "morning" => MORNING,
        "afternoon" => AFTERNOON,
        "evening" => EVENING,
        "night" => NIGHT,
        _ => return None,
    })
}

pub(super) fn number_word(w: &str) -> Option<u64> {
    Some(match w {
        "a" | "an" | "one" => 1,
        "two" | "couple" => 2,
        "three" => 3,
        "four" => 4,
        "five" => 5,
        "six" => 6,
        "seven" => 7,
        "eight" => 8,
        "nine" => 9,
        "ten" => 10,
        "eleven" => 11,
        "twelve" => 12,
        "thirteen" => 13,
        "fourteen" => 14,
        _ => return None,
    })
}
