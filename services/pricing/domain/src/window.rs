//! The priced window: `YYYY-MM-DD` dates and `h:mm AM/PM` times local to the car, rounded as
//! the spec says (minutes 0-14 to :00, 15-44 to :30, 45-59 to the next hour), resolved to
//! instants in the car's time zone.

use crate::policy::BOOKING_HORIZON_DAYS;
use chrono::{DateTime, Duration, NaiveDate, NaiveDateTime, NaiveTime, TimeZone, Timelike, Utc};
use chrono_tz::Tz;

/// Minutes in a day.
pub const DAY_MINUTES: i64 = 24 * 60;
/// Longest trip priced (the catalog's limit too).
pub const MAX_DAYS: i64 = 1000;

/// Why a window cannot be priced; the texts are shown to the user.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WindowError {
    #[error("Invalid date {0:?}. Use YYYY-MM-DD.")]
    BadDate(String),
    #[error("Invalid time {0:?}. Use h:mm AM/PM, for example 10:00 AM.")]
    BadTime(String),
    #[error("The start date is in the past.")]
    InPast,
    #[error("Start date must be before or equal to the end date.")]
    Inverted,
    #[error("The end of the trip must be after its start.")]
    Empty,
    #[error("Trips can last at most 1000 days.")]
    TooLong,
    #[error("Trips can start at most 365 days from now.")]
    TooFarAhead,
}

/// Whether a trip starting at `start` is within the booking horizon as of `now`.
pub fn within_horizon(start: DateTime<Utc>, now: DateTime<Utc>) -> bool {
    start <= now + Duration::days(BOOKING_HORIZON_DAYS)
}

/// Parses `10:00 AM`, `9:30 pm`, `12:00 PM`; also 24-hour `14:30`.
pub fn parse_time(s: &str) -> Result<NaiveTime, WindowError> {
    let bad = || WindowError::BadTime(s.to_owned());
    let upper = s.trim().to_uppercase();
    let (clock, pm) = if let Some(c) = upper.strip_suffix("AM") {
        (c.trim().to_owned(), Some(false))
    } else if let Some(c) = upper.strip_suffix("PM") {
        (c.trim().to_owned(), Some(true))
    } else {
        (upper.clone(), None)
    };
    let (h, m) = clock.split_once(':').ok_or_else(bad)?;
    let h: u32 = h.trim().parse().map_err(|_| bad())?;
    let m: u32 = m.trim().parse().map_err(|_| bad())?;
    let h = match pm {
        Some(pm) if (1..=12).contains(&h) => (h % 12) + if pm { 12 } else { 0 },
        Some(_) => return Err(bad()),
        None => h,
    };
    NaiveTime::from_hms_opt(h, m, 0).ok_or_else(bad)
}

/// Parses `YYYY-MM-DD`.
pub fn parse_date(s: &str) -> Result<NaiveDate, WindowError> {
    NaiveDate::parse_from_str(s.trim(), "%Y-%m-%d").map_err(|_| WindowError::BadDate(s.to_owned()))
}

/// The spec's rounding of a requested time: minutes 0-14 to :00, 15-44 to :30, 45-59 to the
/// next hour (which may be the next day).
pub fn round_for_price(at: NaiveDateTime) -> NaiveDateTime {
    let base = at.with_second(0).and_then(|t| t.with_nanosecond(0)).unwrap_or(at);
    let m = i64::from(base.minute());
    let hour = base - Duration::minutes(m);
    match m {
        0..=14 => hour,
        15..=44 => hour + Duration::minutes(30),
        _ => hour + Duration::hours(1),
    }
}

/// `h:mm AM/PM`.
pub fn format_time(t: NaiveTime) -> String {
    t.format("%-I:%M %p").to_string()
}

fn localize(tz: Tz, at: NaiveDateTime) -> DateTime<Utc> {
    // A local time skipped by a DST change moves forward an hour; an ambiguous one takes the
    // earlier instant.
    tz.from_local_datetime(&at)
        .earliest()
        .or_else(|| tz.from_local_datetime(&(at + Duration::hours(1))).earliest())
        .map(|t| t.with_timezone(&Utc))
        .unwrap_or_else(|| Utc.from_utc_datetime(&at))
}

/// A rounded, resolved window.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PriceWindow {
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
    pub tz: Tz,
}

impl PriceWindow {
    /// From the request's local dates and times, rounded, checked against `now`.
    pub fn from_local(
        start_date: &str,
        start_time: &str,
        end_date: &str,
        end_time: &str,
        tz: Tz,
        now: DateTime<Utc>,
    ) -> Result<Self, WindowError> {
        let (sd, ed) = (parse_date(start_date)?, parse_date(end_date)?);
        let (st, et) = (parse_time(start_time)?, parse_time(end_time)?);
        if sd > ed {
            return Err(WindowError::Inverted);
        }
        let start = localize(tz, round_for_price(sd.and_time(st)));
        let end = localize(tz, round_for_price(ed.and_time(et)));
        Self::new(start, end, tz, now)
    }

    /// From instants (the many-car call and stored trips), rounded in local time.
    pub fn from_instants(
        start: DateTime<Utc>,
        end: DateTime<Utc>,
        tz: Tz,
        now: DateTime<Utc>,
    ) -> Result<Self, WindowError> {
        let start = localize(tz, round_for_price(start.with_timezone(&tz).naive_local()));
        let end = localize(tz, round_for_price(end.with_timezone(&tz).naive_local()));
        if end < start {
            return Err(WindowError::Inverted);
        }
        Self::new(start, end, tz, now)
    }

    fn new(
        start: DateTime<Utc>,
        end: DateTime<Utc>,
        tz: Tz,
        now: DateTime<Utc>,
    ) -> Result<Self, WindowError> {
        if end <= start {
            return Err(WindowError::Empty);
        }
        // A start a few minutes ago (the rounding, a slow form) is still "now"; earlier is past.
        if start < now - Duration::minutes(30) {
            return Err(WindowError::InPast);
        }
        if !within_horizon(start, now) {
            return Err(WindowError::TooFarAhead);
        }
        if end - start > Duration::days(MAX_DAYS) {
            return Err(WindowError::TooLong);
        }
        Ok(Self { start, end, tz })
    }

    /// Length in minutes of local clock time, so a trip across a DST change is billed as the
    /// calendar shows it (10:00 to 10:00 two days later is two days, not 49 hours).
    pub fn minutes(&self) -> i64 {
        (self.local_end() - self.local_start()).num_minutes().max(1)
    }

    /// Days started: a partial day counts as a day (miles, per-day extras and fees).
    pub fn days_started(&self) -> i64 {
        let m = self.minutes();
        ((m + DAY_MINUTES - 1) / DAY_MINUTES).max(1)
    }

    /// Whole days and the hours (rounded up) of the partial day after them.
    pub fn full_days_and_hours(&self) -> (i64, i64) {
        let m = self.minutes();
        (m / DAY_MINUTES, (m % DAY_MINUTES + 59) / 60)
    }

    /// Local start date and time, as the client sends them.
    pub fn local_start(&self) -> NaiveDateTime {
        self.start.with_timezone(&self.tz).naive_local()
    }

    /// Local end date and time.
    pub fn local_end(&self) -> NaiveDateTime {
        self.end.with_timezone(&self.tz).naive_local()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono_tz::America::Los_Angeles as LA;

    fn at(s: &str) -> NaiveDateTime {
        NaiveDateTime::parse_from_str(s, "%Y-%m-%d %H:%M").unwrap()
    }

    #[test]
    fn minutes_round_to_the_spec_slots() {
        let cases = [
            ("2026-12-01 10:00", "2026-12-01 10:00"),
            ("2026-12-01 10:14", "2026-12-01 10:00"),
            ("2026-12-01 10:15", "2026-12-01 10:30"),
            ("2026-12-01 10:44", "2026-12-01 10:30"),
            ("2026-12-01 10:45", "2026-12-01 11:00"),
            ("2026-12-01 10:59", "2026-12-01 11:00"),
            ("2026-12-01 23:50", "2026-12-02 00:00"),
        ];
        for (input, want) in cases {
            assert_eq!(round_for_price(at(input)), at(want), "{input}");
        }
    }

    #[test]
    fn times_parse_in_both_clock_styles() {
        let ok = [
            ("10:00 AM", "10:00"),
            ("12:00 AM", "00:00"),
            ("12:30 PM", "12:30"),
            ("9:30 pm", "21:30"),
            ("14:15", "14:15"),
        ];
        for (s, want) in ok {
            assert_eq!(parse_time(s).unwrap().format("%H:%M").to_string(), want, "{s}");
        }
        for bad in ["", "10", "13:00 PM", "0:00 AM", "10:60 AM", "ten"] {
            assert!(parse_time(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn a_window_is_resolved_in_the_cars_zone_and_checked() {
        let now = Utc.with_ymd_and_hms(2026, 11, 22, 12, 0, 0).unwrap();
        let w =
            PriceWindow::from_local("2026-12-01", "10:00 AM", "2026-12-04", "10:20 AM", LA, now)
                .unwrap();
        assert_eq!(w.start, Utc.with_ymd_and_hms(2026, 12, 1, 18, 0, 0).unwrap());
        assert_eq!(w.end, Utc.with_ymd_and_hms(2026, 12, 4, 18, 30, 0).unwrap());
        assert_eq!(w.full_days_and_hours(), (3, 1));
        assert_eq!(w.days_started(), 4);
        let err = |a, b, c, d| PriceWindow::from_local(a, b, c, d, LA, now).unwrap_err();
        assert_eq!(err("2026-12-04", "10:00 AM", "2026-12-01", "10:00 AM"), WindowError::Inverted);
        assert_eq!(err("2026-12-01", "10:00 AM", "2026-12-01", "9:00 AM"), WindowError::Empty);
        assert_eq!(err("2026-11-01", "10:00 AM", "2026-11-03", "10:00 AM"), WindowError::InPast);
        assert_eq!(err("2026-12-01", "10:00 AM", "2029-12-01", "10:00 AM"), WindowError::TooLong);
        assert!(matches!(
            err("2026-12-1x", "10:00 AM", "2026-12-03", "10:00 AM"),
            WindowError::BadDate(_)
        ));
        assert!(matches!(
            err("2026-12-01", "25:00", "2026-12-03", "10:00 AM"),
            WindowError::BadTime(_)
        ));
    }

    #[test]
    fn a_trip_starts_within_the_booking_horizon() {
        let now = Utc.with_ymd_and_hms(2026, 11, 22, 12, 0, 0).unwrap();
        let from = |t: &str| PriceWindow::from_local("2027-11-22", t, "2027-11-25", t, LA, now);
        // 365 days from now (4:00 AM in Los Angeles) is the last start taken.
        assert!(from("4:00 AM").is_ok());
        assert_eq!(from("4:30 AM").unwrap_err(), WindowError::TooFarAhead);
        assert_eq!(
            PriceWindow::from_local("9999-01-01", "10:00 AM", "9999-01-03", "10:00 AM", LA, now)
                .unwrap_err(),
            WindowError::TooFarAhead
        );
        // The same rule for windows given as instants (the many-car price).
        let start = now + Duration::days(BOOKING_HORIZON_DAYS + 1);
        assert_eq!(
            PriceWindow::from_instants(start, start + Duration::days(2), LA, now).unwrap_err(),
            WindowError::TooFarAhead
        );
        assert!(within_horizon(now + Duration::days(BOOKING_HORIZON_DAYS), now));
        let past_it = now + Duration::days(BOOKING_HORIZON_DAYS) + Duration::minutes(1);
        assert!(!within_horizon(past_it, now));
    }

    #[test]
    fn a_dst_change_does_not_break_the_day_count() {
        // Clocks go back on 2026-11-01 in Los Angeles: that day has 25 hours.
        let now = Utc.with_ymd_and_hms(2026, 10, 20, 12, 0, 0).unwrap();
        let w =
            PriceWindow::from_local("2026-10-31", "10:00 AM", "2026-11-02", "10:00 AM", LA, now)
                .unwrap();
        assert_eq!((w.end - w.start).num_hours(), 49);
        assert_eq!(w.full_days_and_hours(), (2, 0));
    }
}
