//! Natural-language search parameters (`allai/getSearchParams`).
//!
//! [`parse`] turns free text such as "SUV near SFO next Friday to Sunday 9am" into the
//! search fields `fromDate`, `fromTime`, `untilDate`, `untilTime`, `location`, `latitude`,
//! `longitude` and `vehicleType`. It is deterministic: the same text and `now` always give
//! the same answer, and nothing is read from the clock, the network or a database. Places
//! come from a [`PlaceLookup`]; [`InMemoryGazetteer`] is the bundled one, built from the CSV
//! files in `data/places/`.
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

use std::collections::HashMap;
use std::ops::Range;
use std::str::FromStr;

use chrono::{Datelike, Days, NaiveDate, NaiveDateTime, Timelike, Weekday};
use serde::{Deserialize, Serialize};

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

/// The bundled gazetteer files.
pub const CITIES_CSV: &str = include_str!("../../data/places/cities.csv");
pub const AIRPORTS_CSV: &str = include_str!("../../data/places/airports.csv");
pub const HOTELS_CSV: &str = include_str!("../../data/places/hotels.csv");

const DEFAULT_MINUTES: u32 = 10 * 60;
const MIDNIGHT: u32 = 0;
const MORNING: u32 = 9 * 60;
const NOON: u32 = 12 * 60;
const AFTERNOON: u32 = 14 * 60;
const EVENING: u32 = 18 * 60;
const NIGHT: u32 = 20 * 60;
const LAST_SLOT: u32 = 23 * 60 + 30;
const SLOT: u32 = 30;
const MAX_DURATION_DAYS: u64 = 365;
/// Longest place phrase tried, in words.
const MAX_PLACE_WORDS: usize = 8;

// ---------------------------------------------------------------------------------------
// Public types
// ---------------------------------------------------------------------------------------

/// What a [`Place`] is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PlaceKind {
    City,
    Airport,
    Hotel,
    Address,
}

/// A named point the search is centred on.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Place {
    pub name: String,
    pub kind: PlaceKind,
    pub latitude: f64,
    pub longitude: f64,
    /// What the search shows as `location`, e.g. `Fremont, CA`.
    pub formatted_address: String,
}

impl Place {
    /// Fremont, CA: the place used when the text names none.
    pub fn default_place() -> Self {
        Self {
            name: DEFAULT_PLACE_NAME.to_owned(),
            kind: PlaceKind::City,
            latitude: DEFAULT_LATITUDE,
            longitude: DEFAULT_LONGITUDE,
            formatted_address: DEFAULT_LOCATION.to_owned(),
        }
    }
}

/// Finds a place by name.
///
/// [`parse`] calls `find` with candidate phrases taken from the text (the words after
/// "near", "in", ..., longest first, then word n-grams of the whole text, longest first),
/// so an implementation must return `None` for text that is not a place name rather than
/// its closest guess. Phrases keep their original case and punctuation.
pub trait PlaceLookup {
    fn find(&self, text: &str) -> Option<Place>;
}

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

// ---------------------------------------------------------------------------------------
// Gazetteer data
// ---------------------------------------------------------------------------------------

/// A row of `cities.csv`.
#[derive(Debug, Clone, PartialEq)]
pub struct CityRecord {
    pub name: String,
    pub state: String,
    pub state_code: String,
    pub latitude: f64,
    pub longitude: f64,
    pub population: u64,
}

/// A row of `airports.csv`.
#[derive(Debug, Clone, PartialEq)]
pub struct AirportRecord {
    pub iata: String,
    pub name: String,
    pub city: String,
    pub state_code: String,
    pub latitude: f64,
    pub longitude: f64,
}

/// A row of `hotels.csv`.
#[derive(Debug, Clone, PartialEq)]
pub struct HotelRecord {
    pub name: String,
    pub city: String,
    pub state_code: String,
    pub latitude: f64,
    pub longitude: f64,
}

/// A gazetteer file that could not be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{file} line {line}: {reason}")]
pub struct DataError {
    pub file: &'static str,
    pub line: usize,
    pub reason: String,
}

const CITY_HEADER: &[&str] =
    &["name", "state", "state_code", "latitude", "longitude", "population"];
const AIRPORT_HEADER: &[&str] = &["iata", "name", "city", "state_code", "latitude", "longitude"];
const HOTEL_HEADER: &[&str] = &["name", "city", "state_code", "latitude", "longitude"];

/// Parses `cities.csv`.
pub fn parse_cities(text: &str) -> Result<Vec<CityRecord>, DataError> {
    let file = "cities.csv";
    csv_rows(file, text, CITY_HEADER)?
        .into_iter()
        .map(|(line, f)| {
            let (latitude, longitude) = coordinates(file, line, &f[3], &f[4])?;
            Ok(CityRecord {
                name: text_field(file, line, &f[0])?,
                state: text_field(file, line, &f[1])?,
                state_code: text_field(file, line, &f[2])?,
                latitude,
                longitude,
                population: number(file, line, &f[5])?,
            })
        })
        .collect()
}

/// Parses `airports.csv`.
pub fn parse_airports(text: &str) -> Result<Vec<AirportRecord>, DataError> {
    let file = "airports.csv";
    csv_rows(file, text, AIRPORT_HEADER)?
        .into_iter()
        .map(|(line, f)| {
            let iata = text_field(file, line, &f[0])?;
            if iata.len() != 3 || !iata.bytes().all(|b| b.is_ascii_uppercase()) {
                return Err(error(file, line, format!("bad IATA code {iata:?}")));
            }
            let (latitude, longitude) = coordinates(file, line, &f[4], &f[5])?;
            Ok(AirportRecord {
                iata,
                name: text_field(file, line, &f[1])?,
                city: text_field(file, line, &f[2])?,
                state_code: text_field(file, line, &f[3])?,
                latitude,
                longitude,
            })
        })
        .collect()
}

/// Parses `hotels.csv`.
pub fn parse_hotels(text: &str) -> Result<Vec<HotelRecord>, DataError> {
    let file = "hotels.csv";
    csv_rows(file, text, HOTEL_HEADER)?
        .into_iter()
        .map(|(line, f)| {
            let (latitude, longitude) = coordinates(file, line, &f[3], &f[4])?;
            Ok(HotelRecord {
                name: text_field(file, line, &f[0])?,
                city: text_field(file, line, &f[1])?,
                state_code: text_field(file, line, &f[2])?,
                latitude,
                longitude,
            })
        })
        .collect()
}

fn error(file: &'static str, line: usize, reason: String) -> DataError {
    DataError { file, line, reason }
}

/// Data rows with their 1-based line numbers, after checking the header.
fn csv_rows(
    file: &'static str,
    text: &str,
    header: &[&str],
) -> Result<Vec<(usize, Vec<String>)>, DataError> {
    let mut lines = text.lines().enumerate().filter(|(_, l)| !l.trim().is_empty());
    let Some((_, first)) = lines.next() else {
        return Err(error(file, 1, "missing header".to_owned()));
    };
    let found = split_csv_line(first.trim_start_matches('\u{feff}'));
    if !found.iter().map(String::as_str).eq(header.iter().copied()) {
        return Err(error(file, 1, format!("header is {found:?}, expected {header:?}")));
    }
    lines
        .map(|(i, l)| {
            let fields = split_csv_line(l);
            if fields.len() == header.len() {
                Ok((i + 1, fields))
            } else {
                Err(error(
                    file,
                    i + 1,
                    format!("{} fields, expected {}", fields.len(), header.len()),
                ))
            }
        })
        .collect()
}

/// One CSV line: comma-separated, fields optionally in double quotes (`""` inside quotes
/// is a quote).
fn split_csv_line(line: &str) -> Vec<String> {
    let mut fields = Vec::new();
    let mut current = String::new();
    let mut quoted = false;
    let mut chars = line.trim_end_matches('\r').chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '"' if quoted && chars.peek() == Some(&'"') => {
                current.push('"');
                chars.next();
            }
            '"' => quoted = !quoted,
            ',' if !quoted => fields.push(std::mem::take(&mut current)),
            _ => current.push(c),
        }
    }
    fields.push(current);
    fields
}

fn text_field(file: &'static str, line: usize, value: &str) -> Result<String, DataError> {
    let value = value.trim();
    if value.is_empty() {
        Err(error(file, line, "empty field".to_owned()))
    } else {
        Ok(value.to_owned())
    }
}

fn number<T: FromStr>(file: &'static str, line: usize, value: &str) -> Result<T, DataError> {
    value.trim().parse().map_err(|_| error(file, line, format!("not a number: {value:?}")))
}

fn coordinates(
    file: &'static str,
    line: usize,
    latitude: &str,
    longitude: &str,
) -> Result<(f64, f64), DataError> {
    let lat: f64 = number(file, line, latitude)?;
    let lon: f64 = number(file, line, longitude)?;
    if (-90.0..=90.0).contains(&lat) && (-180.0..=180.0).contains(&lon) {
        Ok((lat, lon))
    } else {
        Err(error(file, line, format!("coordinates out of range: {lat}, {lon}")))
    }
}

// ---------------------------------------------------------------------------------------
// In-memory gazetteer
// ---------------------------------------------------------------------------------------

/// Short names people use for cities: (alias, city, state code).
const CITY_ALIASES: &[(&str, &str, &str)] = &[
    ("la", "Los Angeles", "CA"),
    ("l.a.", "Los Angeles", "CA"),
    ("sf", "San Francisco", "CA"),
    ("san fran", "San Francisco", "CA"),
    ("nyc", "New York", "NY"),
    ("new york city", "New York", "NY"),
    ("manhattan", "New York", "NY"),
    ("vegas", "Las Vegas", "NV"),
    ("philly", "Philadelphia", "PA"),
    ("dc", "Washington", "DC"),
    ("washington dc", "Washington", "DC"),
    ("nola", "New Orleans", "LA"),
    ("st paul", "St. Paul", "MN"),
];

/// IATA codes that are also common words or date words; they match only in upper case.
const WORDLIKE_CODES: &[&str] = &[
    "san", "las", "sat", "far", "sea", "den", "pit", "lit", "pie", "fat", "mia", "ind", "aus",
    "cos", "isp", "boi", "oma", "grr", "jac",
];

/// The places of `data/places/`, matched by exact (normalised) name: IATA codes, airport
/// names, hotel names, city names with or without their state, and a few aliases.
#[derive(Debug, Clone, Default)]
pub struct InMemoryGazetteer {
    codes: HashMap<String, Place>,
    names: HashMap<String, Place>,
}

impl InMemoryGazetteer {
    /// The gazetteer built from the CSV files shipped with the crate.
    pub fn bundled() -> Result<Self, DataError> {
        Ok(Self::from_records(
            &parse_cities(CITIES_CSV)?,
            &parse_airports(AIRPORTS_CSV)?,
            &parse_hotels(HOTELS_CSV)?,
        ))
    }

    /// A gazetteer over the given rows. When two places share a name, aliases win over
    /// airports, airports over hotels, hotels over cities, and a more populous city over a
    /// less populous one.
    pub fn from_records(
        cities: &[CityRecord],
        airports: &[AirportRecord],
        hotels: &[HotelRecord],
    ) -> Self {
        let mut names = HashMap::new();
        let mut codes = HashMap::new();

        for &(alias, city, state) in CITY_ALIASES {
            if let Some(c) = cities.iter().find(|c| c.name == city && c.state_code == state) {
                insert(&mut names, normalize_name(alias), &city_place(c));
            }
        }

        for a in airports {
            let place = airport_place(a);
            codes.entry(a.iata.to_ascii_uppercase()).or_insert_with(|| place.clone());
            let name = normalize_name(&a.name);
            if let Some(short) = name.strip_suffix(" airport") {
                insert(&mut names, short.to_owned(), &place);
            }
            insert(&mut names, name, &place);
            insert(&mut names, format!("{} airport", a.iata.to_ascii_lowercase()), &place);
            insert(&mut names, format!("{} airport", normalize_name(&a.city)), &place);
        }

        for h in hotels {
            let place = hotel_place(h);
            let name = normalize_name(&h.name);
            if let Some(short) = name.strip_prefix("the ") {
                insert(&mut names, short.to_owned(), &place);
            }
            insert(&mut names, name, &place);
        }

        let mut by_population: Vec<&CityRecord> = cities.iter().collect();
        by_population.sort_by(|a, b| {
            b.population
                .cmp(&a.population)
                .then_with(|| a.name.cmp(&b.name))
                .then_with(|| a.state_code.cmp(&b.state_code))
        });
        for c in by_population {
            let place = city_place(c);
            let name = normalize_name(&c.name);
            insert(&mut names, format!("{name} {}", normalize_name(&c.state_code)), &place);
            insert(&mut names, format!("{name} {}", normalize_name(&c.state)), &place);
            insert(&mut names, name, &place);
        }

        Self { codes, names }
    }

    /// How many distinct names (including aliases and variants) are known.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// Whether nothing is known.
    pub fn is_empty(&self) -> bool {
        self.names.is_empty() && self.codes.is_empty()
    }
}

impl PlaceLookup for InMemoryGazetteer {
    fn find(&self, text: &str) -> Option<Place> {
        let raw = text.trim().trim_matches(|c: char| !c.is_alphanumeric());
        if raw.len() == 3 && raw.bytes().all(|b| b.is_ascii_alphabetic()) {
            let upper = raw.to_ascii_uppercase();
            if let Some(place) = self.codes.get(&upper) {
                let lower = raw.to_ascii_lowercase();
                if raw == upper || !WORDLIKE_CODES.contains(&lower.as_str()) {
                    return Some(place.clone());
                }
            }
        }
        let key = normalize_name(raw);
        let key = key.strip_prefix("the ").unwrap_or(&key);
        self.names.get(key).cloned()
    }
}

fn insert(names: &mut HashMap<String, Place>, key: String, place: &Place) {
    if !key.is_empty() {
        names.entry(key).or_insert_with(|| place.clone());
    }
}

fn city_place(c: &CityRecord) -> Place {
    Place {
        name: c.name.clone(),
        kind: PlaceKind::City,
        latitude: c.latitude,
        longitude: c.longitude,
        formatted_address: format!("{}, {}", c.name, c.state_code),
    }
}

fn airport_place(a: &AirportRecord) -> Place {
    Place {
        name: a.name.clone(),
        kind: PlaceKind::Airport,
        latitude: a.latitude,
        longitude: a.longitude,
        formatted_address: format!("{} ({}), {}, {}", a.name, a.iata, a.city, a.state_code),
    }
}

fn hotel_place(h: &HotelRecord) -> Place {
    Place {
        name: h.name.clone(),
        kind: PlaceKind::Hotel,
        latitude: h.latitude,
        longitude: h.longitude,
        formatted_address: format!("{}, {}, {}", h.name, h.city, h.state_code),
    }
}

/// Lower case, `&` as "and", apostrophes and dots dropped, other punctuation as spaces,
/// single spaces, and "saint"/"ft"/"mt" spelled "st"/"fort"/"mount".
fn normalize_name(s: &str) -> String {
    let mut cleaned = String::with_capacity(s.len());
    for c in s.chars() {
        if c.is_alphanumeric() {
            cleaned.extend(c.to_lowercase());
        } else if c == '&' {
            cleaned.push_str(" and ");
        } else if !matches!(c, '\'' | '\u{2019}' | '.') {
            cleaned.push(' ');
        }
    }
    cleaned
        .split_whitespace()
        .map(|w| match w {
            "saint" => "st",
            "ft" => "fort",
            "mt" => "mount",
            other => other,
        })
        .collect::<Vec<_>>()
        .join(" ")
}

// ---------------------------------------------------------------------------------------
// Parser
// ---------------------------------------------------------------------------------------

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

    let (place, span) = match find_place(text, places) {
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
    let tokens = tokenize(&lower);

    let today = now.date();
    let items = items(&tokens, today);
    let when = resolve(&items, now);

    Ok(SearchParams {
        from_date: when.from_date,
        from_time: format_time(when.from_time),
        until_date: when.until_date,
        until_time: format_time(when.until_time),
        location: place.formatted_address,
        latitude: place.latitude,
        longitude: place.longitude,
        vehicle_type: vehicle_type(&tokens).map(str::to_owned),
    })
}

// --- places -----------------------------------------------------------------------------

/// Words that introduce a place.
const PLACE_PREPOSITIONS: &[&str] = &["near", "in", "at", "around", "by"];

/// Words that end a place phrase (besides weekdays, months, vehicle words and anything
/// with a digit).
const PLACE_STOP_WORDS: &[&str] = &[
    "near",
    "in",
    "at",
    "around",
    "by",
    "to",
    "from",
    "for",
    "until",
    "till",
    "til",
    "thru",
    "through",
    "between",
    "next",
    "this",
    "coming",
    "today",
    "tomorrow",
    "tmrw",
    "tmr",
    "tonight",
    "overmorrow",
    "weekend",
    "weekends",
    "week",
    "weeks",
    "day",
    "days",
    "night",
    "nights",
    "noon",
    "midday",
    "midnight",
    "morning",
    "afternoon",
    "evening",
    "am",
    "pm",
    "a.m",
    "p.m",
    "o'clock",
    "oclock",
    "rent",
    "rental",
    "car",
    "cars",
    "need",
    "want",
    "book",
    "pick",
    "pickup",
    "up",
    "drop",
    "dropoff",
    "return",
    "returning",
    "with",
];

/// Single words that are places but also ordinary words; lower case, they count only after
/// a place preposition.
const WORDLIKE_PLACES: &[&str] = &[
    "mobile",
    "surprise",
    "independence",
    "orange",
    "sparks",
    "billings",
    "mesa",
    "concord",
    "reading",
    "vista",
    "allen",
    "norman",
];

/// Words a place phrase found anywhere in the text may not start or end with.
const EDGE_FILLERS: &[&str] = &["the", "a", "an", "of", "and", "on", "my", "i", "we", "is"];

struct Word<'a> {
    text: &'a str,
    lower: String,
    span: Range<usize>,
}

fn place_words(text: &str) -> Vec<Word<'_>> {
    let mut words = Vec::new();
    let mut start = None;
    for (i, c) in text.char_indices() {
        let part = c.is_alphanumeric() || matches!(c, '\'' | '\u{2019}' | '.' | '&');
        match (part, start) {
            (true, None) => start = Some(i),
            (false, Some(s)) => {
                push_word(&mut words, text, s, i);
                start = None;
            }
            _ => {}
        }
    }
    if let Some(s) = start {
        push_word(&mut words, text, s, text.len());
    }
    words
}

fn push_word<'a>(words: &mut Vec<Word<'a>>, text: &'a str, start: usize, end: usize) {
    let raw = &text[start..end];
    let trimmed_front = raw.trim_start_matches(|c: char| !c.is_alphanumeric());
    let word = trimmed_front.trim_end_matches(|c: char| !c.is_alphanumeric());
    if word.is_empty() {
        return;
    }
    let from = start + (raw.len() - trimmed_front.len());
    words.push(Word { text: word, lower: word.to_lowercase(), span: from..from + word.len() });
}

fn is_place_stop(word: &Word<'_>) -> bool {
    // Three capitals may be an airport code, even "SAT".
    if word.text.len() == 3 && word.text.bytes().all(|b| b.is_ascii_uppercase()) {
        return false;
    }
    let w = word.lower.as_str();
    w.bytes().any(|b| b.is_ascii_digit())
        || PLACE_STOP_WORDS.contains(&w)
        || weekday(w).is_some()
        || month(w).is_some()
        || vehicle_word(w).is_some()
}

/// The place the text names and its byte span in the text.
fn find_place(text: &str, places: &dyn PlaceLookup) -> Option<(Place, Range<usize>)> {
    let words = place_words(text);
    let phrase = |from: usize, to: usize| {
        let span = words[from].span.start..words[to - 1].span.end;
        (text.get(span.clone()).unwrap_or_default(), span)
    };

    // After a preposition, longest phrase first.
    for (i, word) in words.iter().enumerate() {
        if !PLACE_PREPOSITIONS.contains(&word.lower.as_str()) {
            continue;
        }
        let first = i + 1;
        let mut end = first;
        while end < words.len() && end - first < MAX_PLACE_WORDS && !is_place_stop(&words[end]) {
            end += 1;
        }
        for to in (first + 1..=end).rev() {
            let (candidate, span) = phrase(first, to);
            if let Some(place) = places.find(candidate) {
                return Some((place, span));
            }
        }
    }

    // Anywhere: longest, then leftmost.
    for n in (1..=MAX_PLACE_WORDS.min(words.len())).rev() {
        for from in 0..=words.len() - n {
            let run = &words[from..from + n];
            if run.iter().any(is_place_stop) {
                continue;
            }
            let (first, last) = (&run[0], &run[n - 1]);
            if EDGE_FILLERS.contains(&first.lower.as_str())
                || EDGE_FILLERS.contains(&last.lower.as_str())
            {
                continue;
            }
            let capitalised = first.text.chars().next().is_some_and(char::is_uppercase);
            if n == 1 && WORDLIKE_PLACES.contains(&first.lower.as_str()) && !capitalised {
                continue;
            }
            let (candidate, span) = phrase(from, from + n);
            if let Some(place) = places.find(candidate) {
                return Some((place, span));
            }
        }
    }
    None
}

// --- tokens -----------------------------------------------------------------------------

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Meridiem {
    Am,
    Pm,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Tok {
    Word(String),
    /// A number; `ordinal` for 1st, 2nd, 24th.
    Num {
        value: u32,
        ordinal: bool,
    },
    /// 9am, 9:30, 9:30 pm.
    Clock {
        hour: u32,
        minute: u32,
        meridiem: Option<Meridiem>,
    },
    /// 2026-12-24.
    Iso {
        year: i32,
        month: u32,
        day: u32,
    },
    /// 12/24 or 12/24/2026.
    Slash {
        first: u32,
        second: u32,
        year: Option<i32>,
    },
    Dash,
}

fn tokenize(text: &str) -> Vec<Tok> {
    let cs: Vec<char> = text.chars().collect();
    let mut tokens = Vec::new();
    let mut i = 0;
    while i < cs.len() {
        let c = cs[i];
        if c.is_ascii_digit() {
            i = lex_number(&cs, i, &mut tokens);
        } else if c.is_alphabetic() {
            let start = i;
            while i < cs.len()
                && (cs[i].is_alphabetic()
                    || (matches!(cs[i], '\'' | '\u{2019}')
                        && cs.get(i + 1).is_some_and(|n| n.is_alphabetic())))
            {
                i += 1;
            }
            let word: String = cs[start..i]
                .iter()
                .filter(|c| c.is_alphabetic())
                .flat_map(|c| c.to_lowercase())
                .collect();
            tokens.push(Tok::Word(word));
        } else {
            if matches!(c, '-' | '\u{2013}' | '\u{2014}') {
                tokens.push(Tok::Dash);
            } else if c == '@' {
                tokens.push(Tok::Word("at".to_owned()));
            }
            i += 1;
        }
    }
    tokens
}

fn read_digits(cs: &[char], from: usize) -> (String, usize) {
    let mut end = from;
    while end < cs.len() && cs[end].is_ascii_digit() {
        end += 1;
    }
    (cs[from..end].iter().collect(), end)
}

fn to_u32(digits: &str) -> u32 {
    digits.parse().unwrap_or(u32::MAX)
}

/// Reads a number-like token at `i`; returns the index after it.
fn lex_number(cs: &[char], i: usize, tokens: &mut Vec<Tok>) -> usize {
    let (d1, j) = read_digits(cs, i);
    let at = |k: usize| cs.get(k).copied();

    if d1.len() == 4 && at(j) == Some('-') {
        let (d2, k) = read_digits(cs, j + 1);
        if (1..=2).contains(&d2.len()) && at(k) == Some('-') {
            let (d3, end) = read_digits(cs, k + 1);
            if (1..=2).contains(&d3.len()) {
                tokens.push(Tok::Iso {
                    year: i32::try_from(to_u32(&d1)).unwrap_or(i32::MAX),
                    month: to_u32(&d2),
                    day: to_u32(&d3),
                });
                return end;
            }
        }
    }
    if d1.len() <= 2 && at(j) == Some('/') {
        let (d2, k) = read_digits(cs, j + 1);
        if (1..=2).contains(&d2.len()) {
            let mut end = k;
            let mut year = None;
            if at(k) == Some('/') {
                let (d3, e) = read_digits(cs, k + 1);
                if d3.len() == 2 || d3.len() == 4 {
                    let y = i32::try_from(to_u32(&d3)).unwrap_or(i32::MAX);
                    year = Some(if d3.len() == 2 { 2000 + y } else { y });
                    end = e;
                }
            }
            tokens.push(Tok::Slash { first: to_u32(&d1), second: to_u32(&d2), year });
            return end;
        }
    }
    let value = to_u32(&d1);
    if d1.len() <= 2 && at(j) == Some(':') {
        let (d2, k) = read_digits(cs, j + 1);
        if d2.len() == 2 {
            let (meridiem, end) = lex_meridiem(cs, k);
            tokens.push(Tok::Clock { hour: value, minute: to_u32(&d2), meridiem });
            return end;
        }
    }
    if d1.len() <= 2
        && let (Some(meridiem), end) = lex_meridiem(cs, j)
    {
        tokens.push(Tok::Clock { hour: value, minute: 0, meridiem: Some(meridiem) });
        return end;
    }
    let suffix: String = cs[j..cs.len().min(j + 2)].iter().collect();
    let ends_word = !at(j + 2).is_some_and(char::is_alphabetic);
    if matches!(suffix.as_str(), "st" | "nd" | "rd" | "th") && ends_word {
        tokens.push(Tok::Num { value, ordinal: true });
        return j + 2;
    }
    tokens.push(Tok::Num { value, ordinal: false });
    j
}

/// "am"/"pm" (after optional spaces), or "a"/"p" right after the digits.
fn lex_meridiem(cs: &[char], from: usize) -> (Option<Meridiem>, usize) {
    let mut k = from;
    while k < cs.len() && cs[k] == ' ' {
        k += 1;
    }
    let meridiem = |c: char| match c {
        'a' => Some(Meridiem::Am),
        'p' => Some(Meridiem::Pm),
        _ => None,
    };
    let alpha_at = |k: usize| cs.get(k).is_some_and(|c| c.is_alphabetic());
    if let (Some(&c), Some('m')) = (cs.get(k), cs.get(k + 1).copied())
        && let Some(m) = meridiem(c)
        && !alpha_at(k + 2)
    {
        return (Some(m), k + 2);
    }
    if let Some(&c) = cs.get(from)
        && let Some(m) = meridiem(c)
        && !alpha_at(from + 1)
    {
        return (Some(m), from + 1);
    }
    (None, from)
}

// --- vocabulary -------------------------------------------------------------------------

fn weekday(w: &str) -> Option<Weekday> {
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

fn month(w: &str) -> Option<u32> {
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

fn time_word(w: &str) -> Option<u32> {
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

fn number_word(w: &str) -> Option<u64> {
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

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum VehicleWord {
    Body(&'static str),
    Attribute(&'static str),
}

fn vehicle_word(w: &str) -> Option<VehicleWord> {
    use VehicleWord::{Attribute, Body};
    Some(match w {
        "suv" | "suvs" => Body("suv"),
        "sedan" | "sedans" => Body("sedan"),
        "convertible" | "convertibles" | "cabriolet" => Body("convertible"),
        "truck" | "trucks" | "pickup" | "pickups" => Body("truck"),
        "minivan" | "minivans" | "van" | "vans" => Body("minivan"),
        "coupe" | "coupes" => Body("coupe"),
        "hatchback" | "hatchbacks" => Body("hatchback"),
        "wagon" | "wagons" => Body("wagon"),
        "electric" | "ev" | "evs" => Attribute("electric"),
        "luxury" => Attribute("luxury"),
        _ => return None,
    })
}

/// Words after which "pickup" means picking the car up, not a pickup truck.
const PICKUP_VERB_FOLLOWERS: &[&str] = &[
    "at", "on", "in", "from", "near", "by", "around", "time", "date", "location", "today",
    "tomorrow", "tonight", "is", "point", "spot",
];

fn vehicle_type(tokens: &[Tok]) -> Option<&'static str> {
    let mut attribute = None;
    for (k, tok) in tokens.iter().enumerate() {
        let Tok::Word(w) = tok else { continue };
        if w == "pickup" && !pickup_is_vehicle(tokens.get(k + 1)) {
            continue;
        }
        match vehicle_word(w) {
            Some(VehicleWord::Body(body)) => return Some(body),
            Some(VehicleWord::Attribute(a)) => {
                attribute.get_or_insert(a);
            }
            None => {}
        }
    }
    attribute
}

fn pickup_is_vehicle(next: Option<&Tok>) -> bool {
    match next {
        None => true,
        Some(Tok::Word(n)) => {
            !(PICKUP_VERB_FOLLOWERS.contains(&n.as_str())
                || weekday(n).is_some()
                || month(n).is_some()
                || time_word(n).is_some())
        }
        Some(_) => false,
    }
}

// --- items ------------------------------------------------------------------------------

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum DateSpec {
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
enum Item {
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
    fn is_date(&self) -> bool {
        matches!(self, Item::Date { .. } | Item::Weekend { .. } | Item::NextWeek)
    }

    fn is_anchor(&self) -> bool {
        self.is_date() || matches!(self, Item::Time(_))
    }
}

fn items(tokens: &[Tok], today: NaiveDate) -> Vec<Item> {
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

// --- times ------------------------------------------------------------------------------

/// Snaps minutes of the day to the 30-minute grid (15 and 45 round up), at most 11:30 PM.
fn round_to_slot(minutes: u32) -> u32 {
    ((minutes + SLOT / 2) / SLOT * SLOT).min(LAST_SLOT)
}

fn clock(hour: u32, minute: u32, meridiem: Option<Meridiem>) -> Option<u32> {
    if minute > 59 {
        return None;
    }
    let hour = match meridiem {
        Some(m) if (1..=12).contains(&hour) => hour % 12 + if m == Meridiem::Pm { 12 } else { 0 },
        Some(_) => return None,
        None => bare_hour(hour)? / 60,
    };
    Some(round_to_slot(hour * 60 + minute))
}

/// An hour without am/pm: 1-6 afternoon, 7-11 morning, 12 noon, 0 and 13-23 as on a 24-hour
/// clock. In minutes.
fn bare_hour(hour: u32) -> Option<u32> {
    let h = match hour {
        1..=6 => hour + 12,
        0 | 7..=23 => hour,
        _ => return None,
    };
    Some(h * 60)
}

/// `h:mm AM/PM`.
fn format_time(minutes: u32) -> String {
    let (hour, minute) = (minutes / 60, minutes % 60);
    let (h12, half) = match hour {
        0 => (12, "AM"),
        1..=11 => (hour, "AM"),
        12 => (12, "PM"),
        _ => (hour - 12, "PM"),
    };
    format!("{h12}:{minute:02} {half}")
}

// --- dates ------------------------------------------------------------------------------

fn add_days(date: NaiveDate, days: u64) -> NaiveDate {
    date.checked_add_days(Days::new(days)).unwrap_or(date)
}

fn on_or_after(date: NaiveDate, day: Weekday) -> NaiveDate {
    let ahead = (day.num_days_from_monday() + 7 - date.weekday().num_days_from_monday()) % 7;
    add_days(date, u64::from(ahead))
}

/// Monday of the ISO week after `date`'s.
fn next_monday(date: NaiveDate) -> NaiveDate {
    add_days(date, u64::from(7 - date.weekday().num_days_from_monday()))
}

/// Saturday of the current weekend: yesterday on a Sunday, else the next Saturday on or
/// after `date`.
fn weekend_saturday(date: NaiveDate) -> NaiveDate {
    if date.weekday() == Weekday::Sun {
        date.checked_sub_days(Days::new(1)).unwrap_or(date)
    } else {
        on_or_after(date, Weekday::Sat)
    }
}

/// The first `month`/`day` on or after `anchor`.
fn next_month_day(anchor: NaiveDate, month: u32, day: u32) -> Option<NaiveDate> {
    (anchor.year()..=anchor.year().saturating_add(8))
        .filter_map(|y| NaiveDate::from_ymd_opt(y, month, day))
        .find(|d| *d >= anchor)
}

/// The first day-of-month `day` on or after `anchor`.
fn next_day_of_month(anchor: NaiveDate, day: u32) -> Option<NaiveDate> {
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

struct When {
    from_date: NaiveDate,
    from_time: u32,
    until_date: NaiveDate,
    until_time: u32,
}

fn resolve(items: &[Item], now: NaiveDateTime) -> When {
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

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;
    use std::sync::OnceLock;

    fn gazetteer() -> &'static InMemoryGazetteer {
        static G: OnceLock<InMemoryGazetteer> = OnceLock::new();
        G.get_or_init(|| InMemoryGazetteer::bundled().expect("bundled gazetteer"))
    }

    fn at(date: &str, time: &str) -> NaiveDateTime {
        NaiveDateTime::parse_from_str(&format!("{date} {time}"), "%Y-%m-%d %H:%M").unwrap()
    }

    /// Sunday.
    const NOW: (&str, &str) = ("2026-11-22", "14:00");
    /// Wednesday.
    const WED: (&str, &str) = ("2026-11-25", "10:00");
    /// Saturday morning.
    const SAT: (&str, &str) = ("2026-11-28", "09:00");
    /// After Christmas Eve.
    const DEC27: (&str, &str) = ("2026-12-27", "12:00");

    const FREMONT: &str = "Fremont, CA";
    const SFO: &str = "San Francisco International Airport (SFO), San Francisco, CA";
    const LAX: &str = "Los Angeles International Airport (LAX), Los Angeles, CA";

    struct Case {
        now: (&'static str, &'static str),
        text: &'static str,
        from: (&'static str, &'static str),
        until: (&'static str, &'static str),
        location: &'static str,
        vehicle: Option<&'static str>,
    }

    const fn case(
        now: (&'static str, &'static str),
        text: &'static str,
        from: (&'static str, &'static str),
        until: (&'static str, &'static str),
        location: &'static str,
        vehicle: Option<&'static str>,
    ) -> Case {
        Case { now, text, from, until, location, vehicle }
    }

    #[rustfmt::skip]
    const CASES: &[Case] = &[
        // The spec example. "next Friday" is the Friday of next (Monday-Sunday) week; on a
        // Sunday that is five days later, on a Wednesday nine days later. One time applies
        // to both sides.
        case(NOW, "SUV near SFO next Friday to Sunday 9am", ("2026-11-27", "9:00 AM"), ("2026-11-29", "9:00 AM"), SFO, Some("suv")),
        case(WED, "SUV near SFO next Friday to Sunday 9am", ("2026-12-04", "9:00 AM"), ("2026-12-06", "9:00 AM"), SFO, Some("suv")),
        case(WED, "friday", ("2026-11-27", "10:00 AM"), ("2026-11-28", "10:00 AM"), FREMONT, None),
        // Defaults.
        case(NOW, "SUV", ("2026-11-23", "10:00 AM"), ("2026-11-24", "10:00 AM"), FREMONT, Some("suv")),
        case(NOW, "cheap car please", ("2026-11-23", "10:00 AM"), ("2026-11-24", "10:00 AM"), FREMONT, None),
        case(NOW, "sedan in San Francisco", ("2026-11-23", "10:00 AM"), ("2026-11-24", "10:00 AM"), "San Francisco, CA", Some("sedan")),
        // Relative days.
        case(NOW, "sedan in San Francisco tomorrow", ("2026-11-23", "10:00 AM"), ("2026-11-24", "10:00 AM"), "San Francisco, CA", Some("sedan")),
        case(NOW, "today", ("2026-11-22", "2:30 PM"), ("2026-11-23", "2:30 PM"), FREMONT, None),
        case(NOW, "today 9am", ("2026-11-22", "2:30 PM"), ("2026-11-23", "9:00 AM"), FREMONT, None),
        case(NOW, "tonight in Oakland", ("2026-11-22", "6:00 PM"), ("2026-11-23", "6:00 PM"), "Oakland, CA", None),
        case(NOW, "this evening", ("2026-11-22", "6:00 PM"), ("2026-11-23", "6:00 PM"), FREMONT, None),
        case(NOW, "day after tomorrow at noon", ("2026-11-24", "12:00 PM"), ("2026-11-25", "12:00 PM"), FREMONT, None),
        case(NOW, "pickup truck in 2 days for 3 days", ("2026-11-24", "10:00 AM"), ("2026-11-27", "10:00 AM"), FREMONT, Some("truck")),
        // Weekdays.
        case(NOW, "friday 9am to sunday 5pm", ("2026-11-27", "9:00 AM"), ("2026-11-29", "5:00 PM"), FREMONT, None),
        case(NOW, "this friday morning", ("2026-11-27", "9:00 AM"), ("2026-11-28", "9:00 AM"), FREMONT, None),
        case(NOW, "fri evening to sun afternoon", ("2026-11-27", "6:00 PM"), ("2026-11-29", "2:00 PM"), FREMONT, None),
        case(NOW, "sat 3pm", ("2026-11-28", "3:00 PM"), ("2026-11-29", "3:00 PM"), FREMONT, None),
        case(NOW, "monday at 9", ("2026-11-23", "9:00 AM"), ("2026-11-24", "9:00 AM"), FREMONT, None),
        case(NOW, "Friday to Friday", ("2026-11-27", "10:00 AM"), ("2026-12-04", "10:00 AM"), FREMONT, None),
        case(NOW, "SUV until Sunday", ("2026-11-23", "10:00 AM"), ("2026-11-29", "10:00 AM"), FREMONT, Some("suv")),
        case(NOW, "sfo to lax friday-sunday", ("2026-11-27", "10:00 AM"), ("2026-11-29", "10:00 AM"), SFO, None),
        case(NOW, "coupe in st. louis next friday 8 am", ("2026-11-27", "8:00 AM"), ("2026-11-28", "8:00 AM"), "St. Louis, MO", Some("coupe")),
        case(NOW, "luxury near the Beverly Hills Hotel next saturday", ("2026-11-28", "10:00 AM"), ("2026-11-29", "10:00 AM"), "The Beverly Hills Hotel, Beverly Hills, CA", Some("luxury")),
        // Weekends and weeks.
        case(NOW, "convertible in Los Angeles, CA this weekend", ("2026-11-22", "2:30 PM"), ("2026-11-22", "6:00 PM"), "Los Angeles, CA", Some("convertible")),
        case(WED, "Las Vegas this weekend", ("2026-11-28", "10:00 AM"), ("2026-11-29", "6:00 PM"), "Las Vegas, NV", None),
        case(SAT, "this weekend", ("2026-11-28", "10:00 AM"), ("2026-11-29", "6:00 PM"), FREMONT, None),
        case(NOW, "next weekend in fremont ca", ("2026-11-28", "10:00 AM"), ("2026-11-29", "6:00 PM"), FREMONT, None),
        case(WED, "next weekend", ("2026-12-05", "10:00 AM"), ("2026-12-06", "6:00 PM"), FREMONT, None),
        case(NOW, "next week in San Jose", ("2026-11-23", "10:00 AM"), ("2026-11-30", "10:00 AM"), "San Jose, CA", None),
        // Durations.
        case(NOW, "truck near OAK for 3 days", ("2026-11-23", "10:00 AM"), ("2026-11-26", "10:00 AM"), "Oakland International Airport (OAK), Oakland, CA", Some("truck")),
        case(NOW, "Friday 9am for 3 days near sfo", ("2026-11-27", "9:00 AM"), ("2026-11-30", "9:00 AM"), SFO, None),
        case(NOW, "for 2 weeks from Dec 1", ("2026-12-01", "10:00 AM"), ("2026-12-15", "10:00 AM"), FREMONT, None),
        case(NOW, "saturday midnight for 2 nights", ("2026-11-28", "12:00 AM"), ("2026-11-30", "12:00 AM"), FREMONT, None),
        case(NOW, "24 Dec for a week", ("2026-12-24", "10:00 AM"), ("2026-12-31", "10:00 AM"), FREMONT, None),
        case(NOW, "tomorrow for a couple of days", ("2026-11-23", "10:00 AM"), ("2026-11-25", "10:00 AM"), FREMONT, None),
        // Explicit dates.
        case(NOW, "Dec 24 to Dec 28 in LA", ("2026-12-24", "10:00 AM"), ("2026-12-28", "10:00 AM"), "Los Angeles, CA", None),
        case(NOW, "December 24th - January 2nd near LAX", ("2026-12-24", "10:00 AM"), ("2027-01-02", "10:00 AM"), LAX, None),
        case(NOW, "12/24 to 12/28", ("2026-12-24", "10:00 AM"), ("2026-12-28", "10:00 AM"), FREMONT, None),
        case(NOW, "2026-12-24 through 2026-12-31", ("2026-12-24", "10:00 AM"), ("2026-12-31", "10:00 AM"), FREMONT, None),
        case(NOW, "Dec 24-28", ("2026-12-24", "10:00 AM"), ("2026-12-28", "10:00 AM"), FREMONT, None),
        case(NOW, "Dec 28 to Jan 3", ("2026-12-28", "10:00 AM"), ("2027-01-03", "10:00 AM"), FREMONT, None),
        case(DEC27, "Dec 24", ("2027-12-24", "10:00 AM"), ("2027-12-25", "10:00 AM"), FREMONT, None),
        case(DEC27, "12/24 - 12/26 3pm", ("2027-12-24", "3:00 PM"), ("2027-12-26", "3:00 PM"), FREMONT, None),
        case(NOW, "NYC Dec 31 6pm to Jan 1 noon", ("2026-12-31", "6:00 PM"), ("2027-01-01", "12:00 PM"), "New York, NY", None),
        case(NOW, "hatchback near JFK between dec 3 and dec 6", ("2026-12-03", "10:00 AM"), ("2026-12-06", "10:00 AM"), "John F. Kennedy International Airport (JFK), New York, NY", Some("hatchback")),
        case(NOW, "wagon around Sunnyvale on the 5th", ("2026-12-05", "10:00 AM"), ("2026-12-06", "10:00 AM"), "Sunnyvale, CA", Some("wagon")),
        // Times.
        case(NOW, "tomorrow 9am to 5pm", ("2026-11-23", "9:00 AM"), ("2026-11-23", "5:00 PM"), FREMONT, None),
        case(NOW, "tomorrow 5pm to 9am", ("2026-11-23", "5:00 PM"), ("2026-11-24", "9:00 AM"), FREMONT, None),
        case(NOW, "tomorrow 9:10am", ("2026-11-23", "9:00 AM"), ("2026-11-24", "9:00 AM"), FREMONT, None),
        case(NOW, "tomorrow 9:15 am", ("2026-11-23", "9:30 AM"), ("2026-11-24", "9:30 AM"), FREMONT, None),
        case(NOW, "tomorrow 9:50 p.m.", ("2026-11-23", "10:00 PM"), ("2026-11-24", "10:00 PM"), FREMONT, None),
        case(NOW, "Tonight at 11:50pm", ("2026-11-22", "11:30 PM"), ("2026-11-23", "11:30 PM"), FREMONT, None),
        case(NOW, "SF from Friday 10:30 to Sunday", ("2026-11-27", "10:30 AM"), ("2026-11-29", "10:30 AM"), "San Francisco, CA", None),
        // Places.
        case(NOW, "minivan at the Fairmont San Francisco friday 9:30pm", ("2026-11-27", "9:30 PM"), ("2026-11-28", "9:30 PM"), "Fairmont San Francisco, San Francisco, CA", Some("minivan")),
        case(NOW, "electric car near San Francisco International", ("2026-11-23", "10:00 AM"), ("2026-11-24", "10:00 AM"), SFO, Some("electric")),
        case(NOW, "Hyatt Regency San Francisco Airport tomorrow", ("2026-11-23", "10:00 AM"), ("2026-11-24", "10:00 AM"), "Hyatt Regency San Francisco Airport, Burlingame, CA", None),
        case(NOW, "Pick up at San Jose Airport tomorrow", ("2026-11-23", "10:00 AM"), ("2026-11-24", "10:00 AM"), "Norman Y. Mineta San Jose International Airport (SJC), San Jose, CA", None),
        case(NOW, "pickup at LAX tomorrow", ("2026-11-23", "10:00 AM"), ("2026-11-24", "10:00 AM"), LAX, None),
        case(NOW, "jeep in Portland, ME", ("2026-11-23", "10:00 AM"), ("2026-11-24", "10:00 AM"), "Portland, ME", None),
        case(NOW, "SUV with mobile hotspot tomorrow", ("2026-11-23", "10:00 AM"), ("2026-11-24", "10:00 AM"), FREMONT, Some("suv")),
        case(NOW, "luxury SUV in Pasadena, CA", ("2026-11-23", "10:00 AM"), ("2026-11-24", "10:00 AM"), "Pasadena, CA", Some("suv")),
        case(NOW, "SAT next sat", ("2026-11-28", "10:00 AM"), ("2026-11-29", "10:00 AM"), "San Antonio International Airport (SAT), San Antonio, TX", None),
    ];

    #[test]
    fn phrases_parse_to_the_expected_search() {
        let mut failures = Vec::new();
        for c in CASES {
            let now = at(c.now.0, c.now.1);
            let p = parse(c.text, now, gazetteer()).unwrap();
            let got = (
                (p.from_date.to_string(), p.from_time.clone()),
                (p.until_date.to_string(), p.until_time.clone()),
                p.location.clone(),
                p.vehicle_type.clone(),
            );
            let want = (
                (c.from.0.to_owned(), c.from.1.to_owned()),
                (c.until.0.to_owned(), c.until.1.to_owned()),
                c.location.to_owned(),
                c.vehicle.map(str::to_owned),
            );
            if got != want {
                failures
                    .push(format!("{:?} at {:?}\n  got  {got:?}\n  want {want:?}", c.text, c.now));
            }
        }
        assert!(CASES.len() >= 35);
        assert!(
            failures.is_empty(),
            "{} of {} failed:\n{}",
            failures.len(),
            CASES.len(),
            failures.join("\n")
        );
    }

    #[test]
    fn until_is_always_after_from() {
        for c in CASES {
            for now in [at(c.now.0, c.now.1), at("2026-11-22", "23:50"), at("2026-02-28", "00:00")]
            {
                let p = parse(c.text, now, gazetteer()).unwrap();
                let from = (p.from_date, minutes(&p.from_time));
                let until = (p.until_date, minutes(&p.until_time));
                assert!(until > from, "{:?} at {now}: {p:?}", c.text);
                assert_eq!(from.1 % 30, 0);
                assert_eq!(until.1 % 30, 0);
            }
        }
    }

    fn minutes(time: &str) -> u32 {
        let (clock, half) = time.split_once(' ').unwrap();
        let (h, m) = clock.split_once(':').unwrap();
        let (h, m): (u32, u32) = (h.parse().unwrap(), m.parse().unwrap());
        assert!((1..=12).contains(&h) && m < 60 && matches!(half, "AM" | "PM"), "{time}");
        (h % 12 + if half == "PM" { 12 } else { 0 }) * 60 + m
    }

    #[test]
    fn place_coordinates_come_from_the_gazetteer() {
        let now = at(NOW.0, NOW.1);
        let p = parse("SUV near SFO next Friday to Sunday 9am", now, gazetteer()).unwrap();
        assert_eq!((p.latitude, p.longitude), (37.6213, -122.3790));
        let p = parse("tomorrow", now, gazetteer()).unwrap();
        assert_eq!((p.latitude, p.longitude), (DEFAULT_LATITUDE, DEFAULT_LONGITUDE));
        assert_eq!(p.location, DEFAULT_LOCATION);
    }

    #[test]
    fn late_night_today_moves_to_tomorrow() {
        let p = parse("today", at("2026-11-22", "23:40"), gazetteer()).unwrap();
        assert_eq!(
            (p.from_date.to_string(), p.from_time.as_str()),
            ("2026-11-23".into(), "12:00 AM")
        );
        assert_eq!(
            (p.until_date.to_string(), p.until_time.as_str()),
            ("2026-11-24".into(), "12:00 AM")
        );
    }

    #[test]
    fn empty_and_long_text_are_refused() {
        let now = at(NOW.0, NOW.1);
        assert_eq!(parse("", now, gazetteer()), Err(ParseError::Empty));
        assert_eq!(parse(" \t\n ", now, gazetteer()), Err(ParseError::Empty));
        assert_eq!(parse(&"a".repeat(501), now, gazetteer()), Err(ParseError::TooLong));
        assert!(parse(&"a".repeat(500), now, gazetteer()).is_ok());
        // Characters, not bytes.
        assert!(parse(&"é".repeat(500), now, gazetteer()).is_ok());
    }

    #[test]
    fn odd_input_does_not_panic() {
        let now = at(NOW.0, NOW.1);
        for text in [
            "9999-12-31 for 99999999999 days",
            "2/30 to 13/45 at 99",
            "for 0 days",
            "in 100000 weeks",
            "99:99pm - 25am",
            "-- to through until",
            "near near near",
            "Ünïcödé 東京 🚗 tomorrow",
            "feb 29",
            "12/24/99 to 1/1/2262",
        ] {
            let p = parse(text, now, gazetteer()).unwrap();
            assert!(
                (p.until_date, minutes(&p.until_time)) > (p.from_date, minutes(&p.from_time)),
                "{text}"
            );
        }
        let p = parse("feb 29", now, gazetteer()).unwrap();
        assert_eq!(p.from_date.to_string(), "2028-02-29");
    }

    #[test]
    fn serializes_with_api_field_names() {
        let p =
            parse("SUV near SFO next Friday to Sunday 9am", at(NOW.0, NOW.1), gazetteer()).unwrap();
        let json = serde_json::to_value(&p).unwrap();
        assert_eq!(
            json,
            serde_json::json!({
                "fromDate": "2026-11-27",
                "fromTime": "9:00 AM",
                "untilDate": "2026-11-29",
                "untilTime": "9:00 AM",
                "location": SFO,
                "latitude": 37.6213,
                "longitude": -122.379,
                "vehicleType": "suv",
            })
        );
    }

    #[test]
    fn time_rounding_follows_the_grid() {
        for (m, want) in
            [(0, 0), (14, 0), (15, 30), (44, 30), (45, 60), (59, 60), (23 * 60 + 50, LAST_SLOT)]
        {
            assert_eq!(round_to_slot(m), want, "{m}");
        }
        assert_eq!(format_time(0), "12:00 AM");
        assert_eq!(format_time(NOON), "12:00 PM");
        assert_eq!(format_time(DEFAULT_MINUTES), DEFAULT_TIME);
        assert_eq!(format_time(21 * 60 + 30), "9:30 PM");
    }

    #[test]
    fn gazetteer_finds_codes_names_and_cities() {
        let g = gazetteer();
        let addr = |text: &str| g.find(text).map(|p| p.formatted_address);
        let kind = |text: &str| g.find(text).map(|p| p.kind);

        assert_eq!(addr("SFO").as_deref(), Some(SFO));
        assert_eq!(addr("sfo").as_deref(), Some(SFO));
        assert_eq!(kind("SFO"), Some(PlaceKind::Airport));
        assert_eq!(addr("San Francisco International").as_deref(), Some(SFO));
        assert_eq!(addr("San Francisco International Airport").as_deref(), Some(SFO));
        assert_eq!(addr("sfo airport").as_deref(), Some(SFO));

        let fremont = g.find("fremont").unwrap();
        assert_eq!(fremont, Place::default_place());
        assert_eq!(addr("fremont ca").as_deref(), Some(FREMONT));
        assert_eq!(addr("Fremont, California").as_deref(), Some(FREMONT));
        assert_eq!(addr("los angeles ca").as_deref(), Some("Los Angeles, CA"));
        assert_eq!(addr("Los Angeles, CA").as_deref(), Some("Los Angeles, CA"));
        assert_eq!(addr("LA").as_deref(), Some("Los Angeles, CA"));
        assert_eq!(addr("L.A.").as_deref(), Some("Los Angeles, CA"));
        assert_eq!(addr("SF").as_deref(), Some("San Francisco, CA"));
        assert_eq!(addr("NYC").as_deref(), Some("New York, NY"));
        assert_eq!(addr("Saint Louis").as_deref(), Some("St. Louis, MO"));
        assert_eq!(addr("Winston Salem").as_deref(), Some("Winston-Salem, NC"));

        // The most populous city of a name.
        assert_eq!(addr("portland").as_deref(), Some("Portland, OR"));
        assert_eq!(addr("Portland ME").as_deref(), Some("Portland, ME"));
        assert_eq!(addr("springfield").as_deref(), Some("Springfield, MO"));
        assert_eq!(addr("Springfield, IL").as_deref(), Some("Springfield, IL"));

        // Hotels, with or without "The".
        assert_eq!(kind("The Westin St. Francis"), Some(PlaceKind::Hotel));
        assert_eq!(kind("westin st francis"), Some(PlaceKind::Hotel));

        // Word-like codes only in capitals.
        assert_eq!(g.find("san"), None);
        assert_eq!(g.find("sat"), None);
        assert_eq!(
            addr("SAN").as_deref(),
            Some("San Diego International Airport (SAN), San Diego, CA")
        );
        assert_eq!(
            addr("oak").as_deref(),
            Some("Oakland International Airport (OAK), Oakland, CA")
        );

        assert_eq!(g.find("flurble"), None);
        assert_eq!(g.find(""), None);
        assert_eq!(g.find("the"), None);
        assert_eq!(g.find("ca"), None);
    }

    // --- data files -------------------------------------------------------------------

    /// Contiguous United States, as the product's map bounds.
    fn in_us_box(lat: f64, lon: f64) -> bool {
        (24.0..=49.0).contains(&lat) && (-125.0..=-66.9).contains(&lon)
    }

    /// Alaska and Hawaii lie outside the contiguous box; they are allowed.
    fn outside_box_allowed(state_code: &str) -> bool {
        matches!(state_code, "AK" | "HI")
    }

    /// Latitude and longitude are written with exactly four decimals.
    fn four_decimals(csv: &str, lat_col: usize, lon_col: usize) {
        for line in csv.lines().skip(1).filter(|l| !l.trim().is_empty()) {
            let fields = split_csv_line(line);
            for v in [&fields[lat_col], &fields[lon_col]] {
                let decimals = v.split_once('.').map(|(_, d)| d.len());
                assert_eq!(decimals, Some(4), "{line}");
            }
        }
    }

    #[test]
    fn data_files_parse_and_meet_the_minimums() {
        let cities = parse_cities(CITIES_CSV).unwrap();
        let airports = parse_airports(AIRPORTS_CSV).unwrap();
        let hotels = parse_hotels(HOTELS_CSV).unwrap();
        assert!(cities.len() >= 300, "{} cities", cities.len());
        assert!(airports.len() >= 80, "{} airports", airports.len());
        assert!(hotels.len() >= 55, "{} hotels", hotels.len());

        four_decimals(CITIES_CSV, 3, 4);
        four_decimals(AIRPORTS_CSV, 4, 5);
        four_decimals(HOTELS_CSV, 3, 4);

        for c in &cities {
            assert!(
                in_us_box(c.latitude, c.longitude) || outside_box_allowed(&c.state_code),
                "{c:?}"
            );
            assert!(c.population > 0 && c.state_code.len() == 2, "{c:?}");
        }
        for a in &airports {
            assert!(
                in_us_box(a.latitude, a.longitude) || outside_box_allowed(&a.state_code),
                "{a:?}"
            );
        }
        for h in &hotels {
            assert!(
                in_us_box(h.latitude, h.longitude) || outside_box_allowed(&h.state_code),
                "{h:?}"
            );
        }

        let mut seen = HashSet::new();
        for c in &cities {
            assert!(seen.insert((c.name.as_str(), c.state_code.as_str())), "duplicate city {c:?}");
        }
        let mut seen = HashSet::new();
        for a in &airports {
            assert!(seen.insert(a.iata.as_str()), "duplicate airport {a:?}");
        }
        let mut seen = HashSet::new();
        for h in &hotels {
            assert!(seen.insert(h.name.as_str()), "duplicate hotel {h:?}");
        }

        // Every state (and DC) has at least its largest city.
        let states: HashSet<&str> = cities.iter().map(|c| c.state_code.as_str()).collect();
        assert_eq!(states.len(), 51, "{states:?}");
        let state_names: HashSet<(&str, &str)> =
            cities.iter().map(|c| (c.state_code.as_str(), c.state.as_str())).collect();
        assert_eq!(state_names.len(), 51, "one name per state code");

        // The 300 most populous are the first 300 rows.
        assert!(cities.windows(2).all(|w| w[0].population >= w[1].population));

        for (iata, city) in [
            ("SFO", "San Francisco"),
            ("LAX", "Los Angeles"),
            ("OAK", "Oakland"),
            ("SJC", "San Jose"),
            ("JFK", "New York"),
        ] {
            assert!(airports.iter().any(|a| a.iata == iata && a.city == city), "{iata}");
        }
        for (name, state) in [
            ("Fremont", "CA"),
            ("San Francisco", "CA"),
            ("Los Angeles", "CA"),
            ("San Jose", "CA"),
            ("Oakland", "CA"),
        ] {
            assert!(cities.iter().any(|c| c.name == name && c.state_code == state), "{name}");
        }
        let fremont = cities.iter().find(|c| c.name == "Fremont").unwrap();
        assert_eq!((fremont.latitude, fremont.longitude), (DEFAULT_LATITUDE, DEFAULT_LONGITUDE));
        // Every city an airport or hotel is in names a state the cities file knows.
        for code in
            airports.iter().map(|a| &a.state_code).chain(hotels.iter().map(|h| &h.state_code))
        {
            assert!(states.contains(code.as_str()), "{code}");
        }
    }

    #[test]
    fn csv_reader_handles_quotes_and_reports_bad_rows() {
        assert_eq!(split_csv_line(r#"a,"b, c","d ""e""""#), vec!["a", "b, c", r#"d "e""#]);
        let bad = "name,city,state_code,latitude,longitude\nX,Y,CA,abc,1.0\n";
        let err = parse_hotels(bad).unwrap_err();
        assert_eq!((err.file, err.line), ("hotels.csv", 2));
        assert!(parse_hotels("nope\n").is_err());
        assert!(
            parse_hotels("name,city,state_code,latitude,longitude\nX,Y,CA,95.0,1.0\n").is_err()
        );
    }
}
