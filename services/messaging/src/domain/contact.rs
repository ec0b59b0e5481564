//! Contact details before a booking is confirmed: phone numbers, email addresses and links in
//! a chat message are hidden from the other party until the trip is confirmed, so that a
//! conversation is not moved off the platform before the booking is made. The message is
//! stored as sent; only what the other side is shown changes. What counts as a contact detail
//! is decided here, in one place:
//!
//! - **email addresses**, written (`maya@mail.com`) or spelled out (`maya at mail dot com`,
//!   `maya (at) mail (dot) com`, `maya@mail dot com`);
//! - **links**: `http://` and `https://` addresses, `www.` names and bare domain names with a
//!   well-known top-level domain (`wa.me/1555...`, `mysite.com`);
//! - **phone numbers**: ten digits (`5551234567`, `555-123-4567`, `(555) 123 4567`,
//!   `555.123.4567`), eleven with the country's leading 1 (`1 555 123 4567`), seven in the
//!   local 3-4 form (`555-1234`), and any number of eight to fifteen digits after a `+`; the
//!   digits may be spelled (`five five five ...`, `oh` for zero) or spaced out one by one.
//!
//! Prices, dates, times, street numbers, zip codes, mileage and trip numbers are left alone:
//! a phone number is told from them by how its digits are grouped, not by their count alone.

use super::UserType;
use regex::Regex;
use std::ops::Range;
use std::sync::LazyLock;

/// What the other party sees in place of a contact detail (CONTRACT: "Contact details before
/// a booking").
pub const HIDDEN: &str = "[hidden until the booking is confirmed]";

/// What the sender of a message with hidden parts is told.
pub const MASK_NOTICE: &str = "Phone numbers, email addresses and links are hidden from the other party until the booking is confirmed.";

/// A message as one reader is shown it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shown {
    pub text: String,
    /// Whether parts of the text were hidden.
    pub masked: bool,
}

/// Top-level domains a bare domain name is recognised by (a dot between two words is not a
/// link unless it ends in one of these).
const LINK_TLDS: &str =
    "com|net|org|io|co|me|ly|app|us|info|biz|xyz|link|site|page|gl|gg|tv|ai|dev|online|store|shop";
const MAIL_TLDS: &str = "com|net|org|io|co|me|us|edu|gov|info|biz|app|dev|ai|xyz";

static EMAIL: LazyLock<Option<Regex>> = LazyLock::new(|| {
    Regex::new(r"(?i)[a-z0-9_][a-z0-9._%+_-]*@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}").ok()
});

/// An address with the at and the dots spelled out, bracketed or not; a spelled dot may
/// have spaces around it, a written one may not (so "at home. Co-host" is no address).
static SPELLED_EMAIL: LazyLock<Option<Regex>> = LazyLock::new(|| {
    let at = r"(?:\s*@\s*|\s+at\s+|\s*[(\[{<]\s*(?:at|@)\s*[)\]}>]\s*)";
    let dot = r"(?:\.|\s+dot\s+|\s*[(\[{<]\s*(?:dot|\.)\s*[)\]}>]\s*)";
    Regex::new(&format!(
        r"(?i)\b[a-z0-9_][a-z0-9._%+_-]*{at}[a-z0-9-]+(?:{dot}[a-z0-9-]+)*{dot}(?:{MAIL_TLDS})\b"
    ))
    .ok()
});

static LINK: LazyLock<Option<Regex>> = LazyLock::new(|| {
    Regex::new(&format!(
        r"(?i)\b(?:https?://[^\s<>]+|www\.[^\s<>]+|(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+(?:{LINK_TLDS})\b(?:/[^\s<>]*)?)"
    ))
    .ok()
});

/// A digit, a run of digits, a spelled digit, a `+` or what may stand between the parts of a
/// phone number.
static PHONE_PART: LazyLock<Option<Regex>> = LazyLock::new(|| {
    Regex::new(
        r"(?i)[0-9]+|\b(?:zero|oh|one|two|three|four|five|six|seven|eight|nine)\b|\+|[ \t\-.(),]+",
    )
    .ok()
});

/// Whether a message written by the `sender` side is shown to a reader of the `reader` side
/// with its contact details hidden: before the trip is confirmed, to the other side only. The
/// writer's own side (the host and their co-hosts are one side) and support read it as sent.
pub fn hidden_for(trip_confirmed: bool, sender: &str, reader: Option<UserType>) -> bool {
    !trip_confirmed && reader.is_some_and(|r| r.as_str() != sender)
}

/// Hides the contact details of `text` (when `hide`), or shows it as sent.
pub fn shown(text: &str, hide: bool) -> Shown {
    if !hide {
        return Shown { text: text.to_owned(), masked: false };
    }
    let spans = contact_spans(text);
    if spans.is_empty() {
        return Shown { text: text.to_owned(), masked: false };
    }
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for s in &spans {
        out.push_str(&text[at..s.start]);
        out.push_str(HIDDEN);
        at = s.end;
    }
    out.push_str(&text[at..]);
    Shown { text: out, masked: true }
}

/// The byte ranges of the contact details of `text`, in order, overlapping ones merged.
fn contact_spans(text: &str) -> Vec<Range<usize>> {
    let mut spans: Vec<Range<usize>> = Vec::new();
    // (Each pattern is a constant that compiles: `every_pattern_compiles`.)
    for re in [&*EMAIL, &*SPELLED_EMAIL, &*LINK].into_iter().flatten() {
        spans.extend(re.find_iter(text).map(|m| m.range()));
    }
    spans.extend(phone_spans(text));
    spans.sort_by_key(|s| (s.start, std::cmp::Reverse(s.end)));
    let mut merged: Vec<Range<usize>> = Vec::new();
    for s in spans {
        match merged.last_mut() {
            Some(last) if s.start <= last.end => last.end = last.end.max(s.end),
            _ => merged.push(s),
        }
    }
    merged
}

/// One part of a digit sequence: its digits' count, whether it was spelled or spaced out one
/// digit at a time, and where it is.
#[derive(Debug, Clone)]
struct Group {
    digits: usize,
    single: bool,
    span: Range<usize>,
}

/// Phone numbers: sequences of digit runs and spelled digits with short separators between
/// them, judged by their grouping.
fn phone_spans(text: &str) -> Vec<Range<usize>> {
    let mut found = Vec::new();
    // The parts of the sequence being read: a span with its digits (none for a `+`).
    let mut seq: Vec<(Range<usize>, Option<usize>)> = Vec::new();
    let mut last_end = 0;
    let Some(parts) = PHONE_PART.as_ref() else { return found };
    for m in parts.find_iter(text) {
        let s = m.as_str();
        let is_sep = s.chars().all(|c| " \t-.(),".contains(c));
        // Something else stood between, or a gap too long for one number: the sequence ends.
        if m.start() != last_end || (is_sep && s.len() > 3) || s == "+" {
            found.extend(judge(text, &seq));
            seq.clear();
        }
        last_end = m.end();
        if is_sep {
            continue;
        }
        let digits = if s == "+" {
            None
        } else if s.as_bytes()[0].is_ascii_digit() {
            Some(s.len())
        } else {
            Some(1)
        };
        seq.push((m.range(), digits));
    }
    found.extend(judge(text, &seq));
    found
}

/// The phone numbers of one sequence of parts (a `+` first, or none).
fn judge(text: &str, seq: &[(Range<usize>, Option<usize>)]) -> Vec<Range<usize>> {
    let plus = matches!(seq.first(), Some((_, None)));
    let plus_at = if plus { seq.first().map(|(r, _)| r.start) } else { None };
    // Runs of one digit each (spelled or spaced) are read as one group.
    let mut groups: Vec<Group> = Vec::new();
    for (span, digits) in seq.iter().filter_map(|(r, d)| d.map(|d| (r.clone(), d))) {
        match groups.last_mut() {
            Some(g) if g.single && digits == 1 => {
                g.digits += 1;
                g.span.end = span.end;
            }
            _ => groups.push(Group { digits, single: digits == 1, span }),
        }
    }
    if let Some(start) = plus_at {
        let total: usize = groups.iter().map(|g| g.digits).sum();
        return if (8..=15).contains(&total) {
            let number = start..groups.last().map_or(start + 1, |g| g.span.end);
            vec![number]
        } else {
            Vec::new()
        };
    }
    let mut found = Vec::new();
    let mut i = 0;
    while i < groups.len() {
        let hit =
            (i + 1..=groups.len().min(i + 4)).rev().find(|&j| phone_like(text, &groups[i..j]));
        match hit {
            Some(j) => {
                let start = groups[i].span.start;
                // A bracketed area code keeps its opening bracket inside the hidden part.
                let start = if text[..start].ends_with('(') { start - 1 } else { start };
                found.push(start..groups[j - 1].span.end);
                i = j;
            }
            None => i += 1,
        }
    }
    found
}

/// Whether consecutive groups read as a North American number.
fn phone_like(text: &str, groups: &[Group]) -> bool {
    let lens: Vec<usize> = groups.iter().map(|g| g.digits).collect();
    let first_is_one =
        groups.first().is_some_and(|g| leading_digit(&text[g.span.clone()]) == Some('1'));
    match lens.as_slice() {
        [10] | [3, 3, 4] | [3, 7] | [3, 4] => true,
        [11] | [1, 3, 3, 4] | [1, 10] | [1, 3, 7] => first_is_one,
        // Seven digits in one run are an order or trip number unless spelled or spaced out.
        [7] => groups[0].single,
        _ => false,
    }
}

/// The first digit of a group, spelled or written.
fn leading_digit(s: &str) -> Option<char> {
    let s = s.trim_start();
    let c = s.chars().next()?;
    if c.is_ascii_digit() {
        return Some(c);
    }
    s.to_ascii_lowercase().starts_with("one").then_some('1')
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Messages that carry a contact detail: each is shown with its details hidden.
    const CONTACTS: &[&str] = &[
        "call me at 555-123-4567",
        "my number is (555) 123-4567",
        "text 555.123.4567 when you land",
        "5551234567",
        "reach me on 555 123 4567 anytime",
        "+1 555 123 4567",
        "+15551234567",
        "1-555-123-4567",
        "1 (555) 123-4567",
        "15551234567 is my cell",
        "my cell: 555-1234",
        "call 555 1234 after 6",
        "+44 20 7946 0958",
        "+49 30 1234567",
        "five five five one two three four five six seven",
        "five-five-five one-two-three four-five-six-seven",
        "5 5 5 1 2 3 4 5 6 7",
        "five five five 123 4567",
        "555 one two three four five six seven",
        "oh five five one two three four five six seven",
        "seven seven seven, eight eight eight, nine nine nine nine",
        "Nine one nine five five five oh one two three",
        "my whatsapp is 555-123-4567, ping me",
        "call me (555)1234567",
        "555-123-4567 or 555-987-6543",
        "maya@mail.com",
        "write to maya.p@example.org please",
        "MAYA_P+cars@Example.CO",
        "my email: host.team@rentals.io",
        "maya at mail dot com",
        "maya (at) mail (dot) com",
        "maya [at] mail [dot] com",
        "maya AT mail DOT com",
        "maya@mail dot com",
        "maya at mail.com",
        "maya {at} mail {dot} co",
        "j.doe at uni dot edu",
        "maya at mail dot co dot uk? no: maya at mail dot com",
        "see https://example.com/car",
        "http://bit.ly/abc123",
        "book direct at www.mycarrentals.net",
        "www.example.com",
        "check mycars.com for a discount",
        "wa.me/15551234567",
        "t.me/mayarents",
        "my site is maya-rents.co/cars",
        "HTTPS://EXAMPLE.ORG/X",
        "instagram.com/mayacars",
        "go to airbnb.com instead",
        "pay me at paypal.me/maya",
        "link: https://forms.gle/abcdef",
        "email me maya@mail.com or call 5551234567",
        "venmo at venmo.com/u/maya",
    ];

    /// Messages that look a little like contact details and are none: each is shown as sent.
    const LOOK_ALIKES: &[&str] = &[
        "The total is $296.01 for three days",
        "It's $1,250.00 with protection",
        "$62/day, $186 in all",
        "Pickup on 12/24/2026 at 10:00",
        "From 2026-12-24 to 2026-12-28",
        "From 2026-12-24 10:00 to 2026-12-28 18:30",
        "Dec 24 2026 works for me",
        "12.24.2026 - 12.28.2026",
        "Meet at 39180 Fremont Blvd, Fremont, CA 94538",
        "The car is at 396 Fremont Blvd",
        "Zip code 94538",
        "It has 12,500 miles on it",
        "Trip #48213 is confirmed soon",
        "Your trip 1234567 starts tomorrow",
        "Gate 5, spot 12, level 3",
        "2 adults and 3 kids",
        "between 9 and 5",
        "I land at 10:30 and leave at 11:45",
        "Terminal 2, door 14",
        "VIN 1HGCM82633A004352",
        "take I-880 to exit 12",
        "the fuel was 3.5 gallons",
        "about 25 miles per gallon",
        "2019 Tesla Model 3",
        "Seats 7, 4 doors",
        "one two three, let's go!",
        "I need one or two days more",
        "See you at noon",
        "I'll be at home. Co-host Sam will hand over the keys",
        "meet at the airport. Com'on, it'll be fun",
        "U.S. drivers only, e.g. with a licence",
        "Pickup at 5 p.m. sharp",
        "St. Louis or San Jose",
        "the code is 2026",
        "Fuel 1/4 tank",
        "Temperature was 72.5 degrees",
        "Flight UA 1234 arrives at 9",
        "Price per day: 62 x 3 = 186",
        "Order 2026 1201 done",
        "at the Palace Hotel San Francisco",
        "I'm at gate B12 now",
        "Let's say 10 am to 6 pm",
        "Rated 4.9 by 120 guests",
        "My flight is at 7:05 am on 12/24",
        "The deposit is 250 and the fee is 35",
        "Year 2024, 30,000 miles",
        "I will be there at 3",
        "between 2026-12-24 and 2026-12-26",
        "the license plate is 7ABC123",
        "Pick up at SFO terminal 3",
        "thanks! 5 stars",
        "we'll meet at the Main St. corner lot",
    ];

    #[test]
    fn every_pattern_compiles() {
        for re in [&*EMAIL, &*SPELLED_EMAIL, &*LINK, &*PHONE_PART] {
            assert!(re.is_some());
        }
    }

    #[test]
    fn every_contact_detail_of_the_corpus_is_hidden() {
        assert!(CONTACTS.len() >= 50);
        for text in CONTACTS {
            let s = shown(text, true);
            assert!(s.masked, "not hidden: {text:?}");
            assert!(s.text.contains(HIDDEN), "{text:?} -> {:?}", s.text);
            let left = s.text.replace(HIDDEN, "");
            assert!(!left.contains('@'), "{text:?} -> {left:?}");
            let digits = left.chars().filter(char::is_ascii_digit).count();
            assert!(digits < 4, "digits left: {text:?} -> {left:?}");
            for word in ["http", "www.", ".com", "dot com", "(dot)", "[dot]"] {
                assert!(!left.to_lowercase().contains(word), "{text:?} -> {left:?}");
            }
        }
    }

    #[test]
    fn no_look_alike_of_the_corpus_is_touched() {
        assert!(LOOK_ALIKES.len() >= 50);
        for text in LOOK_ALIKES {
            let s = shown(text, true);
            assert_eq!(s, Shown { text: (*text).to_owned(), masked: false }, "{text:?}");
        }
    }

    #[test]
    fn the_rest_of_a_message_is_kept_around_what_is_hidden() {
        let s = shown("Hi! Call 555-123-4567 or mail maya@mail.com, thanks", true);
        assert_eq!(s.text, format!("Hi! Call {HIDDEN} or mail {HIDDEN}, thanks"));
        let s = shown("my number is (555) 123-4567.", true);
        assert_eq!(s.text, format!("my number is {HIDDEN}."));
    }

    #[test]
    fn only_the_other_side_of_an_unconfirmed_trip_is_shown_contacts_hidden() {
        assert!(hidden_for(false, "host", Some(UserType::Guest)));
        assert!(hidden_for(false, "guest", Some(UserType::Host)));
        assert!(!hidden_for(false, "host", Some(UserType::Host)), "the writer's own side");
        assert!(!hidden_for(false, "guest", Some(UserType::Guest)));
        assert!(!hidden_for(false, "host", None), "support");
        assert!(!hidden_for(true, "host", Some(UserType::Guest)), "after the confirmation");
    }

    #[test]
    fn a_message_is_shown_as_sent_when_nothing_is_to_be_hidden() {
        let text = "call me at 555-123-4567";
        assert_eq!(shown(text, false), Shown { text: text.to_owned(), masked: false });
        assert!(shown(text, true).masked);
        assert!(!shown("see you at 10", true).masked);
    }

    #[test]
    fn text_around_non_ascii_characters_is_cut_on_character_boundaries() {
        let s = shown("Café ☕ 555-123-4567 ✓ maya@mail.com é", true);
        assert_eq!(s.text, format!("Café ☕ {HIDDEN} ✓ {HIDDEN} é"));
    }
}
