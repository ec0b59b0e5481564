//! Calendars as RFC 5545 (iCalendar) text: a car's busy periods written as a feed other
//! platforms import (Google, Apple, Airbnb, Turo...), and the busy periods read from theirs.
//!
//! Written: `VCALENDAR` 2.0 with one `VEVENT` per period, times in UTC, no guest data, lines
//! folded at 75 octets and ended by CRLF. Read: each `VEVENT`'s `UID`, `DTSTART` and `DTEND` (or
//! `DURATION`), as UTC, local with a `TZID`, floating (the car's zone) or whole days; cancelled
//! and transparent (free) events are not busy. A repeating event (`RRULE`: daily, weekly with
//! its days, monthly or yearly on its start's day, with `INTERVAL`, `COUNT`, `UNTIL`, `EXDATE`
//! and `RECURRENCE-ID` changes) is read as its occurrences that end after now and start within
//! the block horizon; a rule with other parts counts its first occurrence. An event that cannot
//! be read is skipped and counted, never guessed.

use crate::policy::{BLOCK_HORIZON_DAYS, MAX_CALENDAR_EVENTS};
use chrono::{
    DateTime, Datelike, Duration, Months, NaiveDate, NaiveDateTime, TimeZone, Utc, Weekday,
};
use chrono_tz::Tz;

/// Why a calendar cannot be read at all (one bad event is skipped instead).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CalendarError {
    #[error("This address does not answer a calendar (no BEGIN:VCALENDAR).")]
    NotACalendar,
}

/// A busy period.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Busy {
    /// Unique within its calendar and stable across versions of it.
    pub uid: String,
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
    /// `SUMMARY`, as the writer shows it (the feed we write says only Booked or Blocked).
    pub summary: String,
}

/// What a calendar holds.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Parsed {
    pub events: Vec<Busy>,
    /// Events that could not be read (no start, an unknown zone, an end before the start...).
    pub skipped: usize,
    /// Events past [`MAX_CALENDAR_EVENTS`], not read.
    pub over_limit: usize,
}

// ---- writing --------------------------------------------------------------------------------

/// `TEXT` escaped (RFC 5545 3.3.11).
fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            ';' => out.push_str("\\;"),
            ',' => out.push_str("\\,"),
            '\n' => out.push_str("\\n"),
            '\r' => {}
            c => out.push(c),
        }
    }
    out
}

/// A content line, folded at 75 octets (never inside a character), ended by CRLF.
fn line(out: &mut String, text: &str) {
    let mut width = 0;
    for c in text.chars() {
        let n = c.len_utf8();
        if width + n > 75 {
            out.push_str("\r\n ");
            width = 1;
        }
        out.push(c);
        width += n;
    }
    out.push_str("\r\n");
}

fn utc(t: DateTime<Utc>) -> String {
    t.format("%Y%m%dT%H%M%SZ").to_string()
}

/// A car's calendar: `name` and its busy periods, stamped `now`.
pub fn write(name: &str, periods: &[Busy], now: DateTime<Utc>) -> String {
    let mut out = String::new();
    for l in [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "PRODID:-//Upcar//Car calendar//EN",
        "CALSCALE:GREGORIAN",
        "METHOD:PUBLISH",
    ] {
        line(&mut out, l);
    }
    line(&mut out, &format!("X-WR-CALNAME:{}", escape(name)));
    for p in periods {
        line(&mut out, "BEGIN:VEVENT");
        line(&mut out, &format!("UID:{}", escape(&p.uid)));
        line(&mut out, &format!("DTSTAMP:{}", utc(now)));
        line(&mut out, &format!("DTSTART:{}", utc(p.start)));
        line(&mut out, &format!("DTEND:{}", utc(p.end)));
        line(&mut out, &format!("SUMMARY:{}", escape(&p.summary)));
        line(&mut out, "TRANSP:OPAQUE");
        line(&mut out, "END:VEVENT");
    }
    line(&mut out, "END:VCALENDAR");
    out
}

// ---- reading --------------------------------------------------------------------------------

/// The text's content lines, unfolded (CRLF or LF; a line starting with a space or a tab
/// continues the one before).
fn unfolded(text: &str) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for raw in text.split('\n') {
        let raw = raw.strip_suffix('\r').unwrap_or(raw);
        match raw.strip_prefix([' ', '\t']) {
            Some(rest) if !lines.is_empty() => {
                if let Some(last) = lines.last_mut() {
                    last.push_str(rest);
                }
            }
            _ => lines.push(raw.to_owned()),
        }
    }
    lines
}

/// A content line's parameters: names upper case, values unquoted.
type Params = Vec<(String, String)>;

/// A content line's name (upper case), parameters and value.
fn split(line: &str) -> Option<(String, Params, &str)> {
    // The value starts at the first colon outside a quoted parameter value.
    let mut quoted = false;
    let colon = line.char_indices().find_map(|(i, c)| match c {
        '"' => {
            quoted = !quoted;
            None
        }
        ':' if !quoted => Some(i),
        _ => None,
    })?;
    let (head, value) = (&line[..colon], &line[colon + 1..]);
    let mut parts = head.split(';');
    let name = parts.next()?.trim().to_ascii_uppercase();
    let params = parts
        .filter_map(|p| {
            let (k, v) = p.split_once('=')?;
            Some((k.trim().to_ascii_uppercase(), v.trim().trim_matches('"').to_owned()))
        })
        .collect();
    Some((name, params, value))
}

fn unescape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some('n' | 'N') => out.push('\n'),
                Some(o) => out.push(o),
                None => {}
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// A date-time value as the instant it names (`zone` for floating times), or a whole day's
/// date.
enum When {
    Instant(DateTime<Utc>),
    Day(NaiveDate),
}

fn when(value: &str, params: &[(String, String)], zone: Tz) -> Option<When> {
    let v = value.trim();
    let param = |k: &str| params.iter().find(|(n, _)| n == k).map(|(_, v)| v.as_str());
    if param("VALUE").is_some_and(|t| t.eq_ignore_ascii_case("DATE")) || v.len() == 8 {
        return NaiveDate::parse_from_str(v, "%Y%m%d").ok().map(When::Day);
    }
    if let Some(z) = v.strip_suffix(['Z', 'z']) {
        let t = NaiveDateTime::parse_from_str(z, "%Y%m%dT%H%M%S").ok()?;
        return Some(When::Instant(Utc.from_utc_datetime(&t)));
    }
    let t = NaiveDateTime::parse_from_str(v, "%Y%m%dT%H%M%S").ok()?;
    let tz = match param("TZID") {
        Some(id) => id.trim_start_matches('/').parse::<Tz>().ok()?,
        None => zone,
    };
    // A time a clock change skips is read an hour later; an ambiguous one is the earlier.
    let local = tz
        .from_local_datetime(&t)
        .earliest()
        .or_else(|| tz.from_local_datetime(&(t + Duration::hours(1))).earliest())?;
    Some(When::Instant(local.with_timezone(&Utc)))
}

/// `DURATION` (RFC 5545 3.3.6): `P1D`, `PT2H30M`, `P1W`, `P1DT12H`; negative ones are not busy.
fn duration(value: &str) -> Option<Duration> {
    let v = value.trim().strip_prefix('+').unwrap_or(value.trim());
    let rest = v.strip_prefix('P')?;
    let (mut total, mut n, mut in_time, mut any) = (Duration::zero(), 0i64, false, false);
    for c in rest.chars() {
        match c {
            '0'..='9' => n = n.checked_mul(10)?.checked_add(i64::from(c.to_digit(10)?))?,
            'T' => in_time = true,
            'W' if !in_time => total += Duration::try_weeks(n)?,
            'D' if !in_time => total += Duration::try_days(n)?,
            'H' if in_time => total += Duration::try_hours(n)?,
            'M' if in_time => total += Duration::try_minutes(n)?,
            'S' if in_time => total += Duration::try_seconds(n)?,
            _ => return None,
        }
        if !c.is_ascii_digit() && c != 'T' {
            n = 0;
            any = true;
        }
    }
    any.then_some(total)
}

#[derive(Default)]
struct Event {
    uid: Option<String>,
    start: Option<(String, Params)>,
    end: Option<(String, Params)>,
    duration: Option<String>,
    summary: String,
    cancelled: bool,
    free: bool,
    rrule: Option<String>,
    exdates: Vec<(String, Params)>,
    recurrence_id: Option<(String, Params)>,
}

impl Event {
    /// The busy period, `Ok(None)` when it is not busy (cancelled, free), `Err` when it cannot
    /// be read.
    fn busy(&self, zone: Tz) -> Result<Option<Busy>, ()> {
        if self.cancelled || self.free {
            return Ok(None);
        }
        let (sv, sp) = self.start.as_ref().ok_or(())?;
        let start = when(sv, sp, zone).ok_or(())?;
        let end = match (&self.end, &self.duration) {
            (Some((ev, ep)), _) => Some(when(ev, ep, zone).ok_or(())?),
            (None, Some(d)) => {
                let length = duration(d).ok_or(())?;
                let from = match &start {
                    When::Instant(t) => *t,
                    When::Day(day) => at_midnight(*day, zone)?,
                };
                Some(When::Instant(from + length))
            }
            // No end: a date is one day, a time is an instant (not busy at all).
            (None, None) => match &start {
                When::Day(d) => Some(When::Day(d.succ_opt().ok_or(())?)),
                When::Instant(_) => return Ok(None),
            },
        };
        let instant = |w: &When| match w {
            When::Instant(t) => Ok(*t),
            When::Day(d) => at_midnight(*d, zone),
        };
        let start = instant(&start)?;
        let end = instant(&end.ok_or(())?)?;
        if end <= start {
            return Err(());
        }
        let uid = match &self.uid {
            Some(u) if !u.trim().is_empty() => u.trim().to_owned(),
            // RFC 5545 requires one; without it the period itself names the event.
            _ => format!("no-uid-{}-{}", utc(start), utc(end)),
        };
        Ok(Some(Busy { uid, start, end, summary: self.summary.clone() }))
    }

    /// The local start and its zone, as a rule steps through them (a whole day at midnight).
    fn local_start(&self, zone: Tz) -> Option<(NaiveDateTime, Tz)> {
        let (v, params) = self.start.as_ref()?;
        let v = v.trim();
        match when(v, params, zone)? {
            When::Day(d) => Some((d.and_hms_opt(0, 0, 0)?, zone)),
            When::Instant(t) if v.ends_with(['Z', 'z']) => Some((t.naive_utc(), chrono_tz::UTC)),
            When::Instant(t) => {
                let tz = params
                    .iter()
                    .find(|(n, _)| n == "TZID")
                    .and_then(|(_, id)| id.trim_start_matches('/').parse::<Tz>().ok())
                    .unwrap_or(zone);
                Some((t.with_timezone(&tz).naive_local(), tz))
            }
        }
    }

    /// The instants `EXDATE` removes (a whole day's date removes the occurrence on that day).
    fn excluded(&self, zone: Tz) -> (Vec<DateTime<Utc>>, Vec<NaiveDate>) {
        let (mut at, mut days) = (Vec::new(), Vec::new());
        for (value, params) in &self.exdates {
            for v in value.split(',') {
                match when(v, params, zone) {
                    Some(When::Instant(t)) => at.push(t),
                    Some(When::Day(d)) => days.push(d),
                    None => {}
                }
            }
        }
        (at, days)
    }
}

/// How often a rule repeats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Freq {
    Daily,
    Weekly,
    Monthly,
    Yearly,
}

/// The parts of an `RRULE` that are expanded (RFC 5545 3.3.10).
#[derive(Debug, Clone, PartialEq, Eq)]
struct Rule {
    freq: Freq,
    interval: u32,
    count: Option<u32>,
    until: Option<String>,
    by_day: Vec<Weekday>,
}

/// The most steps a rule takes before it stops (a daily rule over the horizon takes 366).
const MAX_RULE_STEPS: u32 = 5_000;

/// A rule with only the parts read here; `None` for one with others (its first occurrence is
/// read) or none at all.
fn rule(value: &str) -> Option<Rule> {
    let mut r = Rule { freq: Freq::Daily, interval: 1, count: None, until: None, by_day: vec![] };
    let mut freq = None;
    for part in value.trim().split(';').filter(|p| !p.is_empty()) {
        let (k, v) = part.split_once('=')?;
        match k.trim().to_ascii_uppercase().as_str() {
            "FREQ" => {
                freq = Some(match v.trim().to_ascii_uppercase().as_str() {
                    "DAILY" => Freq::Daily,
                    "WEEKLY" => Freq::Weekly,
                    "MONTHLY" => Freq::Monthly,
                    "YEARLY" => Freq::Yearly,
                    _ => return None,
                })
            }
            "INTERVAL" => r.interval = v.trim().parse().ok().filter(|n| *n > 0)?,
            "COUNT" => r.count = Some(v.trim().parse().ok()?),
            "UNTIL" => r.until = Some(v.trim().to_owned()),
            "WKST" => {}
            "BYDAY" => {
                for d in v.split(',') {
                    r.by_day.push(match d.trim().to_ascii_uppercase().as_str() {
                        "MO" => Weekday::Mon,
                        "TU" => Weekday::Tue,
                        "WE" => Weekday::Wed,
                        "TH" => Weekday::Thu,
                        "FR" => Weekday::Fri,
                        "SA" => Weekday::Sat,
                        "SU" => Weekday::Sun,
                        _ => return None,
                    });
                }
            }
            _ => return None,
        }
    }
    r.freq = freq?;
    // Days of the week only within a week (a monthly "second Tuesday" is not read).
    if !r.by_day.is_empty() && r.freq != Freq::Weekly {
        return None;
    }
    r.by_day.sort_by_key(|d| d.num_days_from_monday());
    r.by_day.dedup();
    Some(r)
}

/// The local starts of a rule from `first`, in order, while `more` says so.
fn starts(r: &Rule, first: NaiveDateTime, mut more: impl FnMut(NaiveDateTime) -> bool) {
    let step = |k: u32| -> Vec<NaiveDateTime> {
        let n = k.saturating_mul(r.interval);
        match r.freq {
            Freq::Daily => {
                first.checked_add_signed(Duration::days(i64::from(n))).into_iter().collect()
            }
            Freq::Weekly if r.by_day.is_empty() => {
                first.checked_add_signed(Duration::weeks(i64::from(n))).into_iter().collect()
            }
            Freq::Weekly => {
                let monday = first.date()
                    - Duration::days(i64::from(first.weekday().num_days_from_monday()))
                    + Duration::weeks(i64::from(n));
                r.by_day
                    .iter()
                    .map(|d| {
                        (monday + Duration::days(i64::from(d.num_days_from_monday())))
                            .and_time(first.time())
                    })
                    .filter(|t| *t >= first)
                    .collect()
            }
            // A month without the start's day (the 31st, 29 February) has no occurrence.
            Freq::Monthly | Freq::Yearly => {
                let months = if r.freq == Freq::Yearly { n.saturating_mul(12) } else { n };
                first
                    .date()
                    .checked_add_months(Months::new(months))
                    .filter(|d| d.day() == first.day())
                    .map(|d| d.and_time(first.time()))
                    .into_iter()
                    .collect()
            }
        }
    };
    for k in 0..MAX_RULE_STEPS {
        for t in step(k) {
            if !more(t) {
                return;
            }
        }
    }
}

/// A local time in `tz` as an instant (a skipped time an hour later, an ambiguous one earlier).
fn resolve(t: NaiveDateTime, tz: Tz) -> Option<DateTime<Utc>> {
    tz.from_local_datetime(&t)
        .earliest()
        .or_else(|| tz.from_local_datetime(&(t + Duration::hours(1))).earliest())
        .map(|t| t.with_timezone(&Utc))
}

/// The occurrences of a repeating event `first` (its first occurrence) that end after `now`
/// and start within the block horizon; the first is kept whatever its time. Each later one is
/// named `{uid}/{its start in UTC}`, stable across readings.
fn occurrences(e: &Event, first: Busy, zone: Tz, now: DateTime<Utc>) -> Vec<Busy> {
    let rule = e.rrule.as_deref().and_then(rule);
    let (Some(rule), Some((local, tz))) = (rule, e.local_start(zone)) else {
        return vec![first];
    };
    let until = rule.until.as_deref().and_then(|u| match when(u, &Vec::new(), tz)? {
        When::Instant(t) => Some(t),
        When::Day(d) => resolve(d.and_hms_opt(23, 59, 59)?, tz),
    });
    let (ex_at, ex_days) = e.excluded(zone);
    let horizon = now + Duration::days(BLOCK_HORIZON_DAYS);
    let length = first.end - first.start;
    let mut out = Vec::new();
    let mut counted = 0u32;
    starts(&rule, local, |t| {
        let Some(start) = resolve(t, tz) else { return true };
        counted += 1;
        if rule.count.is_some_and(|c| counted > c)
            || until.is_some_and(|u| start > u)
            || start >= horizon
            || out.len() >= MAX_CALENDAR_EVENTS
        {
            return false;
        }
        let excluded = ex_at.contains(&start) || ex_days.contains(&t.date());
        if counted == 1 {
            out.push(first.clone());
        } else if !excluded && start + length > now {
            out.push(Busy {
                uid: format!("{}/{}", first.uid, utc(start)),
                start,
                end: start + length,
                summary: first.summary.clone(),
            });
        }
        true
    });
    if out.is_empty() { vec![first] } else { out }
}

fn at_midnight(d: NaiveDate, zone: Tz) -> Result<DateTime<Utc>, ()> {
    let t = d.and_hms_opt(0, 0, 0).ok_or(())?;
    zone.from_local_datetime(&t)
        .earliest()
        .or_else(|| zone.from_local_datetime(&(t + Duration::hours(1))).earliest())
        .map(|t| t.with_timezone(&Utc))
        .ok_or(())
}

/// Reads a calendar on `now`; times without a zone are read in `zone` (the car's). One `UID`
/// seen twice keeps its first event; one with a `RECURRENCE-ID` changes (or cancels) that
/// occurrence of its repeating event.
pub fn parse(text: &str, zone: Tz, now: DateTime<Utc>) -> Result<Parsed, CalendarError> {
    let lines = unfolded(text);
    if !lines.iter().any(|l| l.trim().eq_ignore_ascii_case("BEGIN:VCALENDAR")) {
        return Err(CalendarError::NotACalendar);
    }
    let mut out = Parsed::default();
    let mut seen = std::collections::HashSet::new();
    // (uid, the occurrence's original start, what it became: none when cancelled)
    let mut changes: Vec<(String, DateTime<Utc>, Option<Busy>)> = Vec::new();
    let mut current: Option<Event> = None;
    let mut read = 0usize;
    // Nested components (VALARM) inside an event are skipped whole.
    let mut nested = 0usize;
    for l in &lines {
        let Some((name, params, value)) = split(l) else { continue };
        let value_up = value.trim().to_ascii_uppercase();
        match (name.as_str(), current.as_mut()) {
            ("BEGIN", None) if value_up == "VEVENT" => current = Some(Event::default()),
            ("BEGIN", Some(_)) => nested += 1,
            ("END", Some(_)) if nested > 0 => nested -= 1,
            ("END", Some(_)) if value_up == "VEVENT" => {
                let Some(e) = current.take() else { continue };
                if read >= MAX_CALENDAR_EVENTS {
                    out.over_limit += 1;
                    continue;
                }
                read += 1;
                if let Some((rv, rp)) = &e.recurrence_id {
                    let original = match when(rv, rp, zone) {
                        Some(When::Instant(t)) => Some(t),
                        Some(When::Day(d)) => at_midnight(d, zone).ok(),
                        None => None,
                    };
                    match (original, e.uid.as_deref().map(str::trim), e.busy(zone)) {
                        (Some(at), Some(uid), Ok(b)) => changes.push((uid.to_owned(), at, b)),
                        _ => out.skipped += 1,
                    }
                    continue;
                }
                match e.busy(zone) {
                    Ok(Some(b)) => {
                        if seen.insert(b.uid.clone()) {
                            out.events.extend(occurrences(&e, b, zone, now));
                        }
                    }
                    Ok(None) => {}
                    Err(()) => out.skipped += 1,
                }
            }
            (_, Some(_)) if nested > 0 => {}
            ("UID", Some(e)) => e.uid = Some(unescape(value)),
            ("DTSTART", Some(e)) => e.start = Some((value.to_owned(), params)),
            ("DTEND", Some(e)) => e.end = Some((value.to_owned(), params)),
            ("DURATION", Some(e)) => e.duration = Some(value.to_owned()),
            ("SUMMARY", Some(e)) => e.summary = unescape(value),
            ("STATUS", Some(e)) => e.cancelled = value_up == "CANCELLED",
            ("TRANSP", Some(e)) => e.free = value_up == "TRANSPARENT",
            ("RRULE", Some(e)) => e.rrule = Some(value.to_owned()),
            ("EXDATE", Some(e)) => e.exdates.push((value.to_owned(), params)),
            ("RECURRENCE-ID", Some(e)) => e.recurrence_id = Some((value.to_owned(), params)),
            _ => {}
        }
    }
    // A changed occurrence keeps its name; one that is not read (past, beyond the horizon, of
    // an event that does not repeat) is left alone.
    for (uid, at, became) in changes {
        let Some(i) = out.events.iter().position(|b| {
            b.start == at
                && (b.uid == uid || b.uid.strip_prefix(&uid).is_some_and(|r| r.starts_with('/')))
        }) else {
            continue;
        };
        match became {
            Some(b) => {
                let e = &mut out.events[i];
                (e.start, e.end, e.summary) = (b.start, b.end, b.summary);
            }
            None => {
                out.events.remove(i);
            }
        }
    }
    if out.events.len() > MAX_CALENDAR_EVENTS {
        out.over_limit += out.events.len() - MAX_CALENDAR_EVENTS;
        out.events.truncate(MAX_CALENDAR_EVENTS);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono_tz::America::Los_Angeles as LA;
    use proptest::prelude::*;

    /// The day the tests read their calendars on.
    fn now() -> DateTime<Utc> {
        t("2026-12-01T00:00:00Z")
    }

    fn t(s: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc)
    }

    fn busy(uid: &str, start: &str, end: &str, summary: &str) -> Busy {
        Busy { uid: uid.into(), start: t(start), end: t(end), summary: summary.into() }
    }

    #[test]
    fn a_cars_feed_is_written_as_the_golden_file_says() {
        let periods = [
            busy("trip-1@upcar", "2026-12-24T18:00:00Z", "2026-12-27T18:00:00Z", "Booked"),
            busy("block-2@upcar", "2027-01-02T08:00:00Z", "2027-01-03T08:00:00Z", "Blocked"),
        ];
        let got = write("2023 Tesla Model 3, Fremont; Upcar", &periods, t("2026-12-02T09:30:00Z"));
        let golden = "BEGIN:VCALENDAR\r\n\
VERSION:2.0\r\n\
PRODID:-//Upcar//Car calendar//EN\r\n\
CALSCALE:GREGORIAN\r\n\
METHOD:PUBLISH\r\n\
X-WR-CALNAME:2023 Tesla Model 3\\, Fremont\\; Upcar\r\n\
BEGIN:VEVENT\r\n\
UID:trip-1@upcar\r\n\
DTSTAMP:20261202T093000Z\r\n\
DTSTART:20261224T180000Z\r\n\
DTEND:20261227T180000Z\r\n\
SUMMARY:Booked\r\n\
TRANSP:OPAQUE\r\n\
END:VEVENT\r\n\
BEGIN:VEVENT\r\n\
UID:block-2@upcar\r\n\
DTSTAMP:20261202T093000Z\r\n\
DTSTART:20270102T080000Z\r\n\
DTEND:20270103T080000Z\r\n\
SUMMARY:Blocked\r\n\
TRANSP:OPAQUE\r\n\
END:VEVENT\r\n\
END:VCALENDAR\r\n";
        assert_eq!(got, golden);
        // Every line ends with CRLF and none is longer than 75 octets.
        assert!(got.split("\r\n").all(|l| l.len() <= 75 && !l.contains('\n')));
    }

    #[test]
    fn long_lines_fold_between_characters_and_unfold_back() {
        let name = "é".repeat(60);
        let text = write(&name, &[], t("2026-12-02T00:00:00Z"));
        assert!(text.split("\r\n").all(|l| l.len() <= 75), "{text}");
        let lines = unfolded(&text);
        assert!(lines.contains(&format!("X-WR-CALNAME:{name}")), "{lines:?}");
    }

    #[test]
    fn the_shapes_other_platforms_write_are_read() {
        // An Airbnb-like feed (whole days), a Google-like one (UTC, a TZID, a cancelled and a
        // free event, an alarm inside), an event by DURATION, floating times, no UID.
        let text = "BEGIN:VCALENDAR\nPRODID:x\nVERSION:2.0\n\
BEGIN:VEVENT\nDTSTART;VALUE=DATE:20261224\nDTEND;VALUE=DATE:20261227\nUID:abc@airbnb.com\nSUMMARY:Reserved\nEND:VEVENT\n\
BEGIN:VEVENT\nDTSTART:20261228T170000Z\nDTEND:20261229T170000Z\nUID:g1@google.com\nBEGIN:VALARM\nTRIGGER:-PT15M\nUID:alarm\nEND:VALARM\nEND:VEVENT\n\
BEGIN:VEVENT\nDTSTART;TZID=America/New_York:20261230T090000\nDTEND;TZID=America/New_York:20261230T170000\nUID:g2@google.com\nEND:VEVENT\n\
BEGIN:VEVENT\nDTSTART:20261231T100000\nDURATION:P1DT2H\nUID:g3\nEND:VEVENT\n\
BEGIN:VEVENT\nDTSTART:20270105T100000Z\nDTEND:20270106T100000Z\nUID:gone\nSTATUS:CANCELLED\nEND:VEVENT\n\
BEGIN:VEVENT\nDTSTART:20270107T100000Z\nDTEND:20270108T100000Z\nUID:free\nTRANSP:TRANSPARENT\nEND:VEVENT\n\
BEGIN:VEVENT\nDTSTART;VALUE=DATE:20270110\nEND:VEVENT\n\
BEGIN:VEVENT\nDTSTART:20270111T100000Z\nDTEND:20270111T090000Z\nUID:backwards\nEND:VEVENT\n\
BEGIN:VEVENT\nDTSTART;TZID=Mars/Olympus:20270112T100000\nDTEND:20270112T110000Z\nUID:mars\nEND:VEVENT\n\
END:VCALENDAR\n";
        let p = parse(text, LA, now()).unwrap();
        let got: Vec<(&str, String, String)> = p
            .events
            .iter()
            .map(|b| (b.uid.as_str(), b.start.to_rfc3339(), b.end.to_rfc3339()))
            .collect();
        assert_eq!(
            got,
            [
                (
                    "abc@airbnb.com",
                    "2026-12-24T08:00:00+00:00".into(),
                    "2026-12-27T08:00:00+00:00".into()
                ),
                (
                    "g1@google.com",
                    "2026-12-28T17:00:00+00:00".into(),
                    "2026-12-29T17:00:00+00:00".into()
                ),
                (
                    "g2@google.com",
                    "2026-12-30T14:00:00+00:00".into(),
                    "2026-12-30T22:00:00+00:00".into()
                ),
                ("g3", "2026-12-31T18:00:00+00:00".into(), "2027-01-01T20:00:00+00:00".into()),
                (
                    "no-uid-20270110T080000Z-20270111T080000Z",
                    "2027-01-10T08:00:00+00:00".into(),
                    "2027-01-11T08:00:00+00:00".into()
                ),
            ]
        );
        assert_eq!(p.events[0].summary, "Reserved");
        // The end before its start and the unknown zone are skipped and counted.
        assert_eq!((p.skipped, p.over_limit), (2, 0));
    }

    #[test]
    fn what_is_not_a_calendar_is_refused_and_a_repeated_uid_is_read_once() {
        assert_eq!(parse("<html>Not found</html>", LA, now()), Err(CalendarError::NotACalendar));
        let text = "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:r\r\nDTSTART:20261224T100000Z\r\nDTEND:20261224T110000Z\r\nEND:VEVENT\r\n\
BEGIN:VEVENT\r\nUID:r\r\nRECURRENCE-ID:20261231T100000Z\r\nDTSTART:20261231T120000Z\r\nDTEND:20261231T130000Z\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n";
        let p = parse(text, LA, now()).unwrap();
        assert_eq!(p.events.len(), 1);
        assert_eq!(p.events[0].start, t("2026-12-24T10:00:00Z"));
    }

    fn starts_of(p: &Parsed) -> Vec<String> {
        p.events.iter().map(|b| utc(b.start)).collect()
    }

    fn calendar(event: &str) -> String {
        format!("BEGIN:VCALENDAR\r\n{event}END:VCALENDAR\r\n")
    }

    #[test]
    fn a_repeating_event_is_read_as_its_occurrences_in_its_own_zone() {
        // Weekly on Tuesday and Thursday, 10:00 in New York, four times; the clock changes on
        // 14 March 2027 and the occurrences keep their local time.
        let text = calendar(
            "BEGIN:VEVENT\r\nUID:w\r\nDTSTART;TZID=America/New_York:20270309T100000\r\nDTEND;TZID=America/New_York:20270309T120000\r\n\
RRULE:FREQ=WEEKLY;BYDAY=TH,TU;COUNT=4\r\nEND:VEVENT\r\n",
        );
        let p = parse(&text, LA, now()).unwrap();
        assert_eq!(
            starts_of(&p),
            ["20270309T150000Z", "20270311T150000Z", "20270316T140000Z", "20270318T140000Z"]
        );
        assert_eq!(p.events[0].uid, "w");
        assert_eq!(p.events[1].uid, "w/20270311T150000Z");
        assert!(p.events.iter().all(|b| b.end - b.start == Duration::hours(2)));
    }

    #[test]
    fn until_interval_exdate_and_a_changed_or_cancelled_occurrence_are_followed() {
        let text = calendar(
            "BEGIN:VEVENT\r\nUID:d\r\nDTSTART:20261210T100000Z\r\nDTEND:20261210T110000Z\r\n\
RRULE:FREQ=DAILY;INTERVAL=2;UNTIL=20261220T100000Z\r\nEXDATE:20261214T100000Z\r\nEND:VEVENT\r\n\
BEGIN:VEVENT\r\nUID:d\r\nRECURRENCE-ID:20261216T100000Z\r\nDTSTART:20261216T150000Z\r\nDTEND:20261216T170000Z\r\nEND:VEVENT\r\n\
BEGIN:VEVENT\r\nUID:d\r\nRECURRENCE-ID:20261218T100000Z\r\nDTSTART:20261218T100000Z\r\nDTEND:20261218T110000Z\r\nSTATUS:CANCELLED\r\nEND:VEVENT\r\n",
        );
        let p = parse(&text, LA, now()).unwrap();
        // 10, 12, (14 excluded), 16 moved to 15:00 for two hours, (18 cancelled), 20 (UNTIL is inclusive).
        assert_eq!(
            starts_of(&p),
            ["20261210T100000Z", "20261212T100000Z", "20261216T150000Z", "20261220T100000Z"]
        );
        let moved = &p.events[2];
        assert_eq!(
            (moved.uid.as_str(), moved.end),
            ("d/20261216T100000Z", t("2026-12-16T17:00:00Z"))
        );
        assert_eq!(p.skipped, 0);
    }

    #[test]
    fn an_endless_rule_stops_at_the_horizon_and_past_occurrences_are_left_out() {
        // Daily since 2020: the first occurrence, then from today to the horizon.
        let text = calendar(
            "BEGIN:VEVENT\r\nUID:e\r\nDTSTART;VALUE=DATE:20200101\r\nRRULE:FREQ=DAILY\r\nEND:VEVENT\r\n",
        );
        let p = parse(&text, LA, now()).unwrap();
        assert_eq!(p.events[0].start, t("2020-01-01T08:00:00Z"));
        assert_eq!(p.events[1].start, t("2026-11-30T08:00:00Z"), "the day that ends after now");
        let last = p.events.last().unwrap();
        assert!(last.start < now() + Duration::days(BLOCK_HORIZON_DAYS));
        assert!(last.start >= now() + Duration::days(BLOCK_HORIZON_DAYS - 1));
        // Monthly on the 31st skips the months without one; yearly on 29 February, the years.
        let monthly = calendar(
            "BEGIN:VEVENT\r\nUID:m\r\nDTSTART:20261231T100000Z\r\nDTEND:20261231T110000Z\r\nRRULE:FREQ=MONTHLY;COUNT=3\r\nEND:VEVENT\r\n",
        );
        assert_eq!(
            starts_of(&parse(&monthly, LA, now()).unwrap()),
            ["20261231T100000Z", "20270131T100000Z", "20270331T100000Z"]
        );
        let yearly = calendar(
            "BEGIN:VEVENT\r\nUID:y\r\nDTSTART;VALUE=DATE:20280229\r\nRRULE:FREQ=YEARLY;COUNT=2\r\nEND:VEVENT\r\n",
        );
        assert_eq!(parse(&yearly, LA, now()).unwrap().events.len(), 1, "2032 is past the horizon");
    }

    #[test]
    fn a_rule_with_parts_not_read_counts_its_first_occurrence() {
        for r in
            ["FREQ=MONTHLY;BYDAY=2TU", "FREQ=MONTHLY;BYMONTHDAY=1,15", "FREQ=HOURLY", "INTERVAL=2"]
        {
            let text = calendar(&format!(
                "BEGIN:VEVENT\r\nUID:x\r\nDTSTART:20261224T100000Z\r\nDTEND:20261224T110000Z\r\nRRULE:{r}\r\nEND:VEVENT\r\n"
            ));
            assert_eq!(starts_of(&parse(&text, LA, now()).unwrap()), ["20261224T100000Z"], "{r}");
        }
    }

    #[test]
    fn a_calendar_past_the_event_limit_reads_the_first_ones_and_counts_the_rest() {
        let mut text = String::from("BEGIN:VCALENDAR\n");
        for i in 0..MAX_CALENDAR_EVENTS + 3 {
            text.push_str(&format!(
                "BEGIN:VEVENT\nUID:{i}\nDTSTART:20261224T100000Z\nDTEND:20261224T110000Z\nEND:VEVENT\n"
            ));
        }
        text.push_str("END:VCALENDAR\n");
        let p = parse(&text, LA, now()).unwrap();
        assert_eq!((p.events.len(), p.over_limit), (MAX_CALENDAR_EVENTS, 3));
    }

    #[test]
    fn durations_read_as_rfc_5545_writes_them() {
        assert_eq!(duration("P1W"), Some(Duration::days(7)));
        assert_eq!(duration("PT2H30M"), Some(Duration::minutes(150)));
        assert_eq!(duration("P1DT12H"), Some(Duration::hours(36)));
        assert_eq!(duration("PT45S"), Some(Duration::seconds(45)));
        for bad in ["", "P", "1D", "PT1D", "P1H", "-P1D", "P1X"] {
            assert_eq!(duration(bad), None, "{bad}");
        }
    }

    proptest! {
        /// What is written reads back the same, whatever the names.
        #[test]
        fn a_written_feed_reads_back_the_same(
            spans in proptest::collection::vec((0i64..400 * 24 * 60, 1i64..60 * 24 * 60, "[ -~é,;\\\\]{1,90}"), 0..20),
            name in "[ -~é,;\\\\]{0,120}",
        ) {
            let base = t("2026-12-01T00:00:00Z");
            let periods: Vec<Busy> = spans
                .iter()
                .enumerate()
                .map(|(i, (s, len, summary))| Busy {
                    uid: format!("p{i}@upcar"),
                    start: base + Duration::minutes(*s),
                    end: base + Duration::minutes(s + len),
                    summary: summary.clone(),
                })
                .collect();
            let text = write(&name, &periods, base);
            prop_assert!(text.split("\r\n").all(|l| l.len() <= 75));
            let p = parse(&text, LA, now()).unwrap();
            prop_assert_eq!(p.events, periods);
            prop_assert_eq!(p.skipped, 0);
        }
    }
}
