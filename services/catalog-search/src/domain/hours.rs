//! A host's weekly pickup and return hours (spec 001: "weekly pickup and return hours", for
//! all the host's cars): the guest picks the car up at the trip's start and returns it at its
//! end, each on a day the host is available and, when the day has hours, within them (both
//! ends included). Times are the car's local time.

use chrono::{Datelike, NaiveDateTime, Timelike, Weekday};

/// One day of the week.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Day {
    pub available: bool,
    /// Minutes from midnight, first and last; `None`: the whole day.
    pub hours: Option<(u32, u32)>,
}

/// The week, Monday first.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WeeklyHours {
    pub days: [Day; 7],
}

/// Why a trip's start or end falls outside the host's hours: the message the guest reads.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum HoursRefusal {
    #[error("The host does not hand over cars on {0}s.")]
    NoPickupDay(&'static str),
    #[error("Pickup on {0}s is from {1} to {2}.")]
    PickupHours(&'static str, String, String),
    #[error("The host does not take cars back on {0}s.")]
    NoReturnDay(&'static str),
    #[error("Return on {0}s is from {1} to {2}.")]
    ReturnHours(&'static str, String, String),
}

fn name(w: Weekday) -> &'static str {
    match w {
        Weekday::Mon => "Monday",
        Weekday::Tue => "Tuesday",
        Weekday::Wed => "Wednesday",
        Weekday::Thu => "Thursday",
        Weekday::Fri => "Friday",
        Weekday::Sat => "Saturday",
        Weekday::Sun => "Sunday",
    }
}

/// `9:00 AM`.
pub fn clock(minute: u32) -> String {
    let (h, m) = (minute / 60, minute % 60);
    let (h12, ampm) = match h {
        0 => (12, "AM"),
        1..=11 => (h, "AM"),
        12 => (12, "PM"),
        _ => (h - 12, "PM"),
    };
    format!("{h12}:{m:02} {ampm}")
}

impl WeeklyHours {
    /// The week from seven `(available, start minute, end minute)` days, Monday first; a
    /// negative minute means the whole day. None when the list is not a valid week.
    pub fn from_days(days: &[(bool, i32, i32)]) -> Option<WeeklyHours> {
        if days.len() != 7 {
            return None;
        }
        let mut out = [Day { available: true, hours: None }; 7];
        for (i, (available, start, end)) in days.iter().enumerate() {
            let hours = if *start < 0 || *end < 0 {
                None
            } else {
                let (s, e) = (u32::try_from(*start).ok()?, u32::try_from(*end).ok()?);
                if s >= e || e >= 24 * 60 {
                    return None;
                }
                Some((s, e))
            };
            out[i] = Day { available: *available, hours };
        }
        Some(WeeklyHours { days: out })
    }

    fn day(&self, w: Weekday) -> Day {
        self.days[w.num_days_from_monday() as usize]
    }

    /// Checks the pickup (the trip's local start) and the return (its local end).
    pub fn check(&self, pickup: NaiveDateTime, ret: NaiveDateTime) -> Result<(), HoursRefusal> {
        let minute = |t: NaiveDateTime| t.hour() * 60 + t.minute();
        let w = pickup.weekday();
        let d = self.day(w);
        if !d.available {
            return Err(HoursRefusal::NoPickupDay(name(w)));
        }
        if let Some((s, e)) = d.hours
            && !(s..=e).contains(&minute(pickup))
        {
            return Err(HoursRefusal::PickupHours(name(w), clock(s), clock(e)));
        }
        let w = ret.weekday();
        let d = self.day(w);
        if !d.available {
            return Err(HoursRefusal::NoReturnDay(name(w)));
        }
        if let Some((s, e)) = d.hours
            && !(s..=e).contains(&minute(ret))
        {
            return Err(HoursRefusal::ReturnHours(name(w), clock(s), clock(e)));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use chrono::NaiveDate;

    fn at(d: u32, h: u32, m: u32) -> NaiveDateTime {
        // 2026-11-30 is a Monday.
        NaiveDate::from_ymd_opt(2026, 11, 30 + d - 1)
            .or_else(|| NaiveDate::from_ymd_opt(2026, 12, d - 1))
            .unwrap()
            .and_hms_opt(h, m, 0)
            .unwrap()
    }

    /// Weekdays 9 to 5, Saturday all day, Sunday closed.
    fn office() -> WeeklyHours {
        let nine_to_five = (true, 9 * 60, 17 * 60);
        WeeklyHours::from_days(&[
            nine_to_five,
            nine_to_five,
            nine_to_five,
            nine_to_five,
            nine_to_five,
            (true, -1, -1),
            (false, -1, -1),
        ])
        .unwrap()
    }

    #[test]
    fn pickup_and_return_fall_in_the_hosts_hours() {
        let h = office();
        assert_eq!(h.check(at(1, 9, 0), at(2, 17, 0)), Ok(()), "both ends included");
        assert_eq!(h.check(at(6, 0, 0), at(6, 23, 30)), Ok(()), "Saturday all day");
        let cases = [
            (at(1, 8, 30), at(2, 10, 0), "Pickup on Mondays is from 9:00 AM to 5:00 PM."),
            (at(7, 10, 0), at(8, 10, 0), "The host does not hand over cars on Sundays."),
            (at(1, 10, 0), at(2, 17, 30), "Return on Tuesdays is from 9:00 AM to 5:00 PM."),
            (at(6, 10, 0), at(7, 10, 0), "The host does not take cars back on Sundays."),
        ];
        for (pickup, ret, message) in cases {
            assert_eq!(h.check(pickup, ret).unwrap_err().to_string(), message, "{pickup} {ret}");
        }
    }

    #[test]
    fn only_a_valid_week_is_taken() {
        assert!(WeeklyHours::from_days(&[(true, -1, -1); 6]).is_none());
        let mut days = [(true, -1, -1); 7];
        days[0] = (true, 600, 540);
        assert!(WeeklyHours::from_days(&days).is_none(), "inverted");
        days[0] = (true, 600, 24 * 60);
        assert!(WeeklyHours::from_days(&days).is_none(), "past midnight");
        days[0] = (true, 0, 24 * 60 - 1);
        assert!(WeeklyHours::from_days(&days).is_some());
    }

    #[test]
    fn clock_times() {
        assert_eq!(clock(0), "12:00 AM");
        assert_eq!(clock(9 * 60 + 5), "9:05 AM");
        assert_eq!(clock(12 * 60), "12:00 PM");
        assert_eq!(clock(23 * 60 + 59), "11:59 PM");
    }
}
