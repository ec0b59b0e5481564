//! The parser's table: phrases and the search they give, at fixed times.

use super::*;
use std::sync::OnceLock;

pub(super) fn gazetteer() -> &'static InMemoryGazetteer {
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
            failures.push(format!("{:?} at {:?}\n  got  {got:?}\n  want {want:?}", c.text, c.now));
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
        for now in [at(c.now.0, c.now.1), at("2026-11-22", "23:50"), at("2026-02-28", "00:00")] {
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
    assert_eq!((p.from_date.to_string(), p.from_time.as_str()), ("2026-11-23".into(), "12:00 AM"));
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
    let p = parse("SUV near SFO next Friday to Sunday 9am", at(NOW.0, NOW.1), gazetteer()).unwrap();
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
