//! Natural-language search parameters (`allai/getSearchParams`).
//!
//! [`parse`] turns free text such as "SUV near SFO next Friday to Sunday 9am" into the
//! search fields `fromDate`, `fromTime`, `untilDate`, `untilTime`, `location`, `latitude`,
//! `longitude` and `vehicleType`. It is deterministic: the same text and `now` always give
//! the same answer, and nothing is read from the clock, the network or a database. Places
//! come from a [`PlaceLookup`]; [`InMemoryGazetteer`] is the bundled one, built from the CSV
//! files in `data/places/`.
//!
//! The work is split by concern: [`gazetteer`] (the place data and the lookup over it),
//! [`places`] (finding the place phrase in the text), `tokens` (the text as words, numbers,
//! clock times and dates), `words` and `vehicle` (the vocabulary), `items` (the phrase
//! parser: tokens to dates, times, durations and separators), `times` and `dates` (the
//! 30-minute grid and calendar arithmetic) and `resolve` (items to the start and the end).
//!
//! # Rules for ambiguous phrases
//!
//! * Defaults: start tomorrow at 10:00 AM, end one day after the start at the start time,
//!   place Fremont, CA (37.5485, -121.9886).
//! * Times snap to the 30-minute grid: minutes 0-14 become :00, 15-44 become :30, 45-59 the
//!   next hour. A time that would round to midnight of the next day stays at 11:30 PM.
//!   `noon` is 12:00 PM, `midnight` 12:00 AM at the start of that day, `morning` 9:00 AM,
//!   `afternoon` 2:00 PM, `evening` 6:00 PM, `night` 8:00 PM, `tonight` today at 6:00 PM.
//!   Hours without AM/PM (`at 9`, `9:30`, `9 o'clock`): 1-6 are PM, 7-11 AM, 12 noon,
//!   13-23 and 0 are 24-hour.
//! * One time given applies to both sides ("next Friday to Sunday 9am" starts and ends at
//!   9:00 AM). Times given per side apply to their side ("Friday 9am to Sunday 5pm").
//! * A bare weekday ("friday", "this friday", "on fri") is the next one on or after today
//!   (today when today is that weekday). "next friday" is the Friday of next week, weeks
//!   running Monday to Sunday (ISO 8601): on Sunday 2026-11-22 it is 2026-11-27, on
//!   Wednesday 2026-11-25 it is 2026-12-04.
//! * "this weekend" is Saturday 10:00 AM to Sunday 6:00 PM of the current weekend; on a
//!   Saturday or Sunday it starts today. "next weekend" is the weekend after that one.
//!   "next week" is Monday of next (ISO) week for 7 days.
//! * On the end side, a weekday, month-day or day-of-month is the first one on or after
//!   the start date ("Friday to Sunday", "Dec 28 to Jan 3"); "next"/"this" there are
//!   ignored. A weekday equal to the start weekday with no later time means a week later
//!   ("Friday to Friday"). A time alone on the end side ("tomorrow 9am to 5pm") is the same
//!   day when later than the start, else the next day.
//! * Dates without a year roll forward to the next occurrence on or after today (on or
//!   after the start, for the end). Dates with a year are kept as written. Slash dates are
//!   month/day (US), unless the first number cannot be a month.
//! * "for N days|nights|weeks", "for a week", "for a couple of days": the end is the start
//!   plus N days (1 to 365) at the start time, unless the end is given explicitly.
//!   "in N days" moves the start to today plus N days.
//! * A start today at a time that has already passed moves to the next 30-minute slot
//!   after `now`.
//! * If the end is not after the start, the end becomes the start plus one day.
//! * Vehicle types: the first body type (suv, sedan, convertible, truck, minivan, coupe,
//!   hatchback, wagon) wins over the attributes `electric` and `luxury`; otherwise the first
//!   attribute. "pickup" is a truck unless it is followed by a place, date or time word
//!   ("pickup at LAX"); "pick up" is never a vehicle.
//! * Places: the phrase after the first of `near`, `in`, `at`, `around`, `by` that names a
//!   place, longest first; otherwise the longest, then leftmost, known place anywhere in the
//!   text. A single lower-case word that is also a common English word ("mobile",
//!   "surprise", "orange", ...) counts as a place only after one of those prepositions or
//!   when capitalised.
//! * Gazetteer: IATA codes match case-insensitively as a whole word, except codes that are
//!   also common words ("san", "las", "sat", "sea", "den", ...), which match only in upper
//!   case ("SAT" is San Antonio airport, "sat" is Saturday). An ambiguous city name means
//!   the most populous city of that name ("Pasadena" is Pasadena, TX; say "Pasadena, CA").
//!   Aliases: LA, SF, NYC, Vegas, Philly, DC, NOLA.
//! * Text is limited to 500 characters; empty or blank text is refused.

mod dates;
pub mod gazetteer;
mod items;
pub mod places;
mod resolve;
mod times;
mod tokens;
mod vehicle;
mod words;

#[cfg(test)]
mod tests;

use chrono::{NaiveDate, NaiveDateTime};
use serde::{Deserialize, Serialize};

pub use gazetteer::{
    AIRPORTS_CSV, AirportRecord, CITIES_CSV, CityRecord, DataError, HOTELS_CSV, HotelRecord,
    InMemoryGazetteer, parse_airports, parse_cities, parse_hotels,
};
pub use places::{Place, PlaceKind, PlaceLookup};

/// Longest accepted search text, in characters.
pub const MAX_TEXT_CHARS: usize = 500;
/// Start and end time when none is given.
pub const DEFAULT_TIME: &str = "10:00 AM";
/// Place name used when the text names no known place.
pub const DEFAULT_PLACE_NAME: &str = "Fremont";
/// `location` used when the text names no known place.
pub const DEFAULT_LOCATION: &str = "Fremont, CA";
/// Latitude of the default place.
pub const DEFAULT_LATITUDE: f64 = 37.5485;
/// Longitude of the default place.
pub const DEFAULT_LONGITUDE: f64 = -121.9886;

/// The parsed search. Serialises with the API field names (`fromDate`, `fromTime`, ...);
/// dates as `YYYY-MM-DD`, times as `h:mm AM/PM`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SearchParams {
    pub from_date: NaiveDate,
    pub from_time: String,
    pub until_date: NaiveDate,
    pub until_time: String,
    pub location: String,
    pub latitude: f64,
    pub longitude: f64,
    pub vehicle_type: Option<String>,
}

/// Why search text was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    #[error("search text is empty")]
    Empty,
    #[error("search text is longer than {MAX_TEXT_CHARS} characters")]
    TooLong,
}

/// Parses free search text relative to `now` (the marketplace's local time).
pub fn parse(
    text: &str,
    now: NaiveDateTime,
    places: &dyn PlaceLookup,
) -> Result<SearchParams, ParseError> {
    if text.chars().count() > MAX_TEXT_CHARS {
        return Err(ParseError::TooLong);
    }
    if text.trim().is_empty() {
        return Err(ParseError::Empty);
    }

    let (place, span) = match places::find_place(text, places) {
        Some((place, span)) => (place, Some(span)),
        None => (Place::default_place(), None),
    };

    // ASCII lower-casing keeps byte offsets, so the place's span can be blanked out.
    let mut lower = text.to_ascii_lowercase();
    if let Some(span) = span {
        let blank = " ".repeat(span.len());
        lower.replace_range(span, &blank);
    }
    let lower = lower.replace("a.m.", "am").replace("p.m.", "pm");
    let tokens = tokens::tokenize(&lower);

    let today = now.date();
    let items = items::items(&tokens, today);
    let when = resolve::resolve(&items, now);

    Ok(SearchParams {
        from_date: when.from_date,
        from_time: times::format_time(when.from_time),
        until_date: when.until_date,
        until_time: times::format_time(when.until_time),
        location: place.formatted_address,
        latitude: place.latitude,
        longitude: place.longitude,
        vehicle_type: vehicle::vehicle_type(&tokens).map(str::to_owned),
    })
}
