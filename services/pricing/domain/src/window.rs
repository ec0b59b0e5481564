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
/// The spec's default trip starts and ends at this local hour (spec 000 section 9, "Default
/// rental: tomorrow to the day after, 10:00 AM both"; spec 002 "Default trip").
pub const DEFAULT_TRIP_HOUR: i64 = 10;

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

// The window's codes, one table for every service that reads a trip's window (pricing,
// booking, search, availability).
upcar_errors::error_table! {
    WindowError {
        WindowError::InPast => InvalidInput, "dates_in_past";
        WindowError::Inverted => InvalidInput, "dates_inverted";
        WindowError::Empty => InvalidInput, "empty_window";
        WindowError::TooLong => InvalidInput, "window_too_long";
        WindowError::TooFarAhead => InvalidInput, "start_too_far_ahead";
        WindowError::BadDate(_) => InvalidInput, "invalid_date";
        WindowError::BadTime(_) => InvalidInput, "invalid_time";
    }
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

    /// The spec's default trip for a car in `tz`: tomorrow (the car's local date) at 10:00 AM
    /// to the day after at 10:00 AM. What a search page's prices are for when the client
    /// names no window.
    pub fn default_trip(tz: Tz, now: DateTime<Utc>) -> Self {
        let today = now.with_timezone(&tz).date_naive().and_time(NaiveTime::MIN);
        let at = |days: i64| {
            localize(tz, today + Duration::days(days) + Duration::hours(DEFAULT_TRIP_HOUR))
        };
        Self { start: at(1), end: at(2), tz }
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
    fn the_default_trip_is_tomorrow_10_am_to_the_day_after_in_the_cars_zone() {
        use chrono_tz::Asia::Tokyo;
        let utc = |y, mo, d, h, mi| Utc.with_ymd_and_hms(y, mo, d, h, mi, 0).unwrap();
        // (now, zone, start, end): "tomorrow" is the car's, not UTC's; a DST change between
        // the two ends keeps both at 10:00 local.
        let cases = [
            // 11:00 in Los Angeles on 1 December.
            (utc(2026, 12, 1, 19, 0), LA, utc(2026, 12, 2, 18, 0), utc(2026, 12, 3, 18, 0)),
            // 23:30 on 1 December in Los Angeles, already 2 December in UTC.
            (utc(2026, 12, 2, 7, 30), LA, utc(2026, 12, 2, 18, 0), utc(2026, 12, 3, 18, 0)),
            // 00:10 on 2 December in Los Angeles.
            (utc(2026, 12, 2, 8, 10), LA, utc(2026, 12, 3, 18, 0), utc(2026, 12, 4, 18, 0)),
            // Clocks go forward on 8 March 2026: 10:00 PST, then 10:00 PDT.
            (utc(2026, 3, 6, 20, 0), LA, utc(2026, 3, 7, 18, 0), utc(2026, 3, 8, 17, 0)),
            // 23:00 on 1 December in Tokyo (UTC+9), 14:00 in UTC.
            (utc(2026, 12, 1, 14, 0), Tokyo, utc(2026, 12, 2, 1, 0), utc(2026, 12, 3, 1, 0)),
        ];
        for (now, tz, start, end) in cases {
            let w = PriceWindow::default_trip(tz, now);
            assert_eq!((w.start, w.end, w.tz), (start, end, tz), "{now} in {tz}");
            assert_eq!(w.minutes(), DAY_MINUTES, "one day of local clock time");
            // It is a window pricing accepts as it is.
            assert_eq!(PriceWindow::from_instants(w.start, w.end, tz, now), Ok(w));
        }
    }

    proptest::proptest! {
        #[test]
        fn the_default_trip_always_starts_tomorrow_at_ten_local(
            secs in 1_700_000_000i64..2_500_000_000i64,
            zone in 0usize..4,
        ) {
            let tz = [LA, chrono_tz::Asia::Tokyo, chrono_tz::Europe::London, chrono_tz::UTC][zone];
            let now = DateTime::from_timestamp(secs, 0).unwrap();
            let w = PriceWindow::default_trip(tz, now);
            let today = now.with_timezone(&tz).date_naive();
            let ten = NaiveTime::from_hms_opt(10, 0, 0).unwrap();
            proptest::prop_assert_eq!(w.local_start(), (today + Duration::days(1)).and_time(ten));
            proptest::prop_assert_eq!(w.local_end(), (today + Duration::days(2)).and_time(ten));
            proptest::prop_assert!(w.start > now && w.start - now <= Duration::hours(35));
        }
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
