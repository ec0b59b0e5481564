//! Times of day, in minutes after midnight, on the 30-minute grid of the search form.

use super::tokens::Meridiem;

/// Start and end time when none is given ([`DEFAULT_TIME`](super::DEFAULT_TIME)).
pub(super) const DEFAULT_MINUTES: u32 = 10 * 60;
pub(super) const MIDNIGHT: u32 = 0;
pub(super) const MORNING: u32 = 9 * 60;
pub(super) const NOON: u32 = 12 * 60;
pub(super) const AFTERNOON: u32 = 14 * 60;
pub(super) const EVENING: u32 = 18 * 60;
pub(super) const NIGHT: u32 = 20 * 60;
/// The last slot of a day: a time that would round to the next day's midnight stays here.
pub(super) const LAST_SLOT: u32 = 23 * 60 + 30;
pub(super) const SLOT: u32 = 30;

/// Snaps minutes of the day to the 30-minute grid (15 and 45 round up), at most 11:30 PM.
pub(super) fn round_to_slot(minutes: u32) -> u32 {
    ((minutes + SLOT / 2) / SLOT * SLOT).min(LAST_SLOT)
}

pub(super) fn clock(hour: u32, minute: u32, meridiem: Option<Meridiem>) -> Option<u32> {
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
pub(super) fn bare_hour(hour: u32) -> Option<u32> {
    let h = match hour {
        1..=6 => hour + 12,
        0 | 7..=23 => hour,
        _ => return None,
    };
    Some(h * 60)
}

/// `h:mm AM/PM`.
pub(super) fn format_time(minutes: u32) -> String {
    let (hour, minute) = (minutes / 60, minutes % 60);
    let (h12, half) = match hour {
        0 => (12, "AM"),
        1..=11 => (hour, "AM"),
        12 => (12, "PM"),
        _ => (hour - 12, "PM"),
    };
    format!("{h12}:{minute:02} {half}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::search_params::DEFAULT_TIME;

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
}
