//! The rental window of a search or availability check: `YYYY-MM-DD` dates and `h:mm AM/PM`
//! times, local to the place, resolved to instants.

use chrono::{
    DateTime, Datelike, Duration, NaiveDate, NaiveDateTime, NaiveTime, TimeZone, Utc, Weekday,
};
use chrono_tz::Tz;

/// Rentals of this many days or more are long-term (priced per month).
pub const LONG_TERM_DAYS: i64 = 30;
/// The default pickup and return time.
pub const DEFAULT_TIME: &str = "10:00 AM";

/// Why a window was refused: the same refusals, texts and codes as pricing's and booking's
/// (a window search and availability accept is one pricing and booking accept too).
pub use pricing_domain::window::WindowError;

/// A resolved rental window.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TripWindow {
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
    /// Local start, for weekday rules.
    pub local_start: NaiveDateTime,
}

/// Parses `10:00 AM`, `9:30 pm`, `12:00 PM`; also 24-hour `14:30`.
pub fn parse_time(s: &str) -> Result<NaiveTime, WindowError> {
    let t = s.trim();
    let bad = || WindowError::BadTime(s.to_owned());
    let upper = t.to_uppercase();
    let (clock, meridiem) = if let Some(c) = upper.strip_suffix("AM") {
        (c.trim(), Some(false))
    } else if let Some(c) = upper.strip_suffix("PM") {
        (c.trim(), Some(true))
    } else {
        (upper.as_str(), None)
    };
    let (h, m) = clock.split_once(':').unwrap_or((clock, "0"));
    let h: u32 = h.trim().parse().map_err(|_| bad())?;
    let m: u32 = m.trim().parse().map_err(|_| bad())?;
    let h = match meridiem {
        Some(pm) => {
            if !(1..=12).contains(&h) {
                return Err(bad());
            }
            (h % 12) + if pm { 12 } else { 0 }
        }
        None => h,
    };
    NaiveTime::from_hms_opt(h, m, 0).ok_or_else(bad)
}

/// `h:mm AM/PM` of a time.
pub fn format_time(t: NaiveTime) -> String {
    t.format("%-I:%M %p").to_string()
}

fn parse_date(s: &str) -> Result<NaiveDate, WindowError> {
    NaiveDate::parse_from_str(s.trim(), "%Y-%m-%d").map_err(|_| WindowError::BadDate(s.to_owned()))
}

fn localize(tz: Tz, at: NaiveDateTime) -> DateTime<Utc> {
    // A time skipped by a DST change moves forward an hour; an ambiguous one takes the first.
    tz.from_local_datetime(&at)
        .earliest()
        .or_else(|| tz.from_local_datetime(&(at + Duration::hours(1))).earliest())
        .map(|d| d.with_timezone(&Utc))
        .unwrap_or_else(|| Utc.from_utc_datetime(&at))
}

impl TripWindow {
    /// Resolves the four query values in `tz`; missing values take the spec's defaults
    /// (tomorrow 10:00 AM to the day after, 10:00 AM).
    pub fn parse(
        from_date: &str,
        from_time: &str,
        until_date: &str,
        until_time: &str,
        tz: Tz,
        now: DateTime<Utc>,
    ) -> Result<Self, WindowError> {
        let today = now.with_timezone(&tz).date_naive();
        let start_date = if from_date.trim().is_empty() {
            today + Duration::days(1)
        } else {
            parse_date(from_date)?
        };
        let end_date = if until_date.trim().is_empty() {
            start_date + Duration::days(1)
        } else {
            parse_date(until_date)?
        };
        let start_time =
            parse_time(if from_time.trim().is_empty() { DEFAULT_TIME } else { from_time })?;
        let end_time =
            parse_time(if until_time.trim().is_empty() { DEFAULT_TIME } else { until_time })?;
        if start_date < today {
            return Err(WindowError::InPast);
        }
        if end_date < start_date {
            return Err(WindowError::Inverted);
        }
        let local_start = start_date.and_time(start_time);
        let start = localize(tz, local_start);
        let end = localize(tz, end_date.and_time(end_time));
        if end <= start {
            return Err(WindowError::Empty);
        }
        if start < now {
            return Err(WindowError::InPast);
        }
        if !pricing_domain::window::within_horizon(start, now) {
            return Err(WindowError::TooFarAhead);
        }
        if end - start > Duration::days(pricing_domain::window::MAX_DAYS) {
            return Err(WindowError::TooLong);
        }
        Ok(Self { start, end, local_start })
    }

    /// Billable days: started 24-hour periods.
    pub fn days(&self) -> i64 {
        let minutes = (self.end - self.start).num_minutes();
        ((minutes + 24 * 60 - 1) / (24 * 60)).max(1)
    }

    /// 30 days or more.
    pub fn is_long_term(&self) -> bool {
        self.days() >= LONG_TERM_DAYS
    }

    /// Starts on a Friday, Saturday or Sunday (the two-day weekend minimum applies).
    pub fn starts_on_weekend(&self) -> bool {
        matches!(self.local_start.weekday(), Weekday::Fri | Weekday::Sat | Weekday::Sun)
    }
}

/// The time zone of a place in the contiguous US, Alaska or Hawaii, from its coordinates.
/// Zone borders follow state lines only roughly; good enough for pickup times.
pub fn zone_for(latitude: f64, longitude: f64) -> Tz {
    if longitude < -154.0 && latitude < 25.0 {
        chrono_tz::Pacific::Honolulu
    } else if latitude > 51.0 && longitude < -129.0 {
        chrono_tz::America::Anchorage
    } else if longitude < -114.6 || (longitude < -114.0 && latitude > 35.2 && latitude < 42.0) {
        chrono_tz::America::Los_Angeles
    } else if latitude < 37.0 && longitude < -109.05 && latitude > 31.3 {
        // Arizona keeps standard time all year.
        chrono_tz::America::Phoenix
    } else if longitude < -101.5 {
        chrono_tz::America::Denver
    } else if longitude < -86.5 {
        chrono_tz::America::Chicago
    } else {
        chrono_tz::America::New_York
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn now() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 22, 20, 0, 0).unwrap() // 12:00 PM in California
    }
    const LA: Tz = chrono_tz::America::Los_Angeles;

    #[test]
    fn times_parse_in_both_spellings() {
        assert_eq!(parse_time("10:00 AM").unwrap(), NaiveTime::from_hms_opt(10, 0, 0).unwrap());
        assert_eq!(parse_time("12:00 AM").unwrap(), NaiveTime::from_hms_opt(0, 0, 0).unwrap());
        assert_eq!(parse_time("12:30 pm").unwrap(), NaiveTime::from_hms_opt(12, 30, 0).unwrap());
        assert_eq!(parse_time("14:30").unwrap(), NaiveTime::from_hms_opt(14, 30, 0).unwrap());
        for bad in ["", "25:00", "13:00 PM", "ten", "10:61 AM"] {
            assert!(parse_time(bad).is_err(), "{bad}");
        }
        assert_eq!(format_time(NaiveTime::from_hms_opt(9, 30, 0).unwrap()), "9:30 AM");
    }

    #[test]
    fn defaults_are_tomorrow_to_the_day_after_at_ten() {
        let w = TripWindow::parse("", "", "", "", LA, now()).unwrap();
        assert_eq!(w.start, Utc.with_ymd_and_hms(2026, 11, 23, 18, 0, 0).unwrap());
        assert_eq!(w.end, Utc.with_ymd_and_hms(2026, 11, 24, 18, 0, 0).unwrap());
        assert_eq!(w.days(), 1);
    }

    #[test]
    fn past_inverted_and_empty_windows_are_refused() {
        assert_eq!(
            TripWindow::parse("2026-11-21", "", "2026-11-25", "", LA, now()),
            Err(WindowError::InPast)
        );
        assert_eq!(
            TripWindow::parse("2026-11-22", "9:00 AM", "2026-11-25", "", LA, now()),
            Err(WindowError::InPast)
        );
        assert_eq!(
            TripWindow::parse("2026-11-25", "", "2026-11-24", "", LA, now()),
            Err(WindowError::Inverted)
        );
        assert_eq!(
            TripWindow::parse("2026-11-25", "10:00 AM", "2026-11-25", "10:00 AM", LA, now()),
            Err(WindowError::Empty)
        );
        assert!(matches!(
            TripWindow::parse("11/25/2026", "", "", "", LA, now()),
            Err(WindowError::BadDate(_))
        ));
    }

    #[test]
    fn a_start_beyond_the_booking_horizon_is_refused_as_pricing_and_booking_refuse_it() {
        // now() is noon in California on 2026-11-22: 365 days on is 2027-11-22 at noon.
        let last = TripWindow::parse("2027-11-22", "12:00 PM", "2027-11-23", "", LA, now());
        assert!(last.is_ok(), "{last:?}");
        assert_eq!(
            TripWindow::parse("2027-11-22", "12:30 PM", "2027-11-23", "", LA, now()),
            Err(WindowError::TooFarAhead)
        );
        assert_eq!(
            TripWindow::parse("9999-01-01", "", "9999-01-02", "", LA, now()),
            Err(WindowError::TooFarAhead)
        );
        assert_eq!(
            WindowError::TooFarAhead.to_string(),
            "Trips can start at most 365 days from now."
        );
    }

    #[test]
    fn long_term_starts_at_thirty_days() {
        let w = TripWindow::parse("2026-12-01", "10:00 AM", "2026-12-30", "10:00 AM", LA, now())
            .unwrap();
        assert_eq!((w.days(), w.is_long_term()), (29, false));
        let w = TripWindow::parse("2026-12-01", "10:00 AM", "2026-12-31", "10:00 AM", LA, now())
            .unwrap();
        assert_eq!((w.days(), w.is_long_term()), (30, true));
        let w = TripWindow::parse("2026-12-01", "10:00 AM", "2026-12-30", "10:30 AM", LA, now())
            .unwrap();
        assert_eq!(w.days(), 30, "a started day counts");
    }

    #[test]
    fn weekend_starts_are_friday_to_sunday() {
        let fri = TripWindow::parse("2026-11-27", "", "", "", LA, now()).unwrap();
        let mon = TripWindow::parse("2026-11-30", "", "", "", LA, now()).unwrap();
        assert!(fri.starts_on_weekend());
        assert!(!mon.starts_on_weekend());
    }

    #[test]
    fn zones_follow_the_map() {
        assert_eq!(zone_for(37.55, -121.99), chrono_tz::America::Los_Angeles);
        assert_eq!(zone_for(33.45, -112.07), chrono_tz::America::Phoenix);
        assert_eq!(zone_for(39.74, -104.99), chrono_tz::America::Denver);
        assert_eq!(zone_for(41.88, -87.63), chrono_tz::America::Chicago);
        assert_eq!(zone_for(40.71, -74.01), chrono_tz::America::New_York);
        assert_eq!(zone_for(36.17, -115.14), chrono_tz::America::Los_Angeles);
        assert_eq!(zone_for(21.31, -157.86), chrono_tz::Pacific::Honolulu);
    }
}
