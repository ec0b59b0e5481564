//! Places: what a search is centred on, the lookup a gazetteer offers, and finding the place
//! phrase in the text (after "near", "in", ... first, else the longest known phrase anywhere).

use std::ops::Range;

use serde::{Deserialize, Serialize};

use super::vehicle::vehicle_word;
use super::words::{month, weekday};
use super::{DEFAULT_LATITUDE, DEFAULT_LOCATION, DEFAULT_LONGITUDE, DEFAULT_PLACE_NAME};

/// Longest place phrase tried, in words.
const MAX_PLACE_WORDS: usize = 8;

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
/// [`parse`](super::parse) calls `find` with candidate phrases taken from the text (the words after
/// "near", "in", ..., longest first, then word n-grams of the whole text, longest first),
/// so an implementation must return `None` for text that is not a place name rather than
/// its closest guess. Phrases keep their original case and punctuation.
pub trait PlaceLookup {
    fn find(&self, text: &str) -> Option<Place>;
}

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
pub(super) fn find_place(text: &str, places: &dyn PlaceLookup) -> Option<(Place, Range<usize>)> {
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
