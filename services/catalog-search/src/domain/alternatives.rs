//! What a guest is offered in place of a car that is not free for the window asked
//! (CONTRACT "Conflict alternatives"): the nearest windows of the same length for that car, and
//! comparable cars nearby that are free for the window asked. A conflict then answers with
//! choices instead of a dead end.

use chrono::{DateTime, Days, NaiveDateTime, TimeZone, Utc};
use chrono_tz::Tz;

/// At most this many windows of the same car.
pub const SAME_CAR_WINDOWS: usize = 3;
/// Windows of the same car are looked for up to this many days before and after the start
/// asked.
pub const SAME_CAR_SPAN_DAYS: u64 = 30;
/// At most this many other cars.
pub const OTHER_CARS: usize = 3;
/// How many nearby cars free for the window are read to choose the comparable ones from.
pub const OTHER_CARS_READ: i32 = 20;

/// The day shifts in the order of nearness: one day later, one day earlier, two later, ...
/// (a later day first at the same distance: earlier ones are the likelier to have passed).
fn shifts() -> impl Iterator<Item = i64> {
    (1..=SAME_CAR_SPAN_DAYS as i64).flat_map(|d| [d, -d])
}

/// The local window moved by whole days (its clock times kept), or none where the move makes
/// a time that does not exist in the zone (a daylight-saving gap).
fn moved(
    local_start: NaiveDateTime,
    local_end: NaiveDateTime,
    days: i64,
    tz: Tz,
) -> Option<(NaiveDateTime, NaiveDateTime, DateTime<Utc>, DateTime<Utc>)> {
    let shift = |t: NaiveDateTime| {
        if days >= 0 {
            t.checked_add_days(Days::new(days as u64))
        } else {
            t.checked_sub_days(Days::new(days.unsigned_abs()))
        }
    };
    let (s, e) = (shift(local_start)?, shift(local_end)?);
    let utc =
        |t: NaiveDateTime| tz.from_local_datetime(&t).earliest().map(|t| t.with_timezone(&Utc));
    Some((s, e, utc(s)?, utc(e)?))
}

/// Whether `[start, end)` overlaps a busy period (each `[from, until)`).
fn overlaps(
    start: DateTime<Utc>,
    end: DateTime<Utc>,
    busy: &[(DateTime<Utc>, DateTime<Utc>)],
) -> bool {
    busy.iter().any(|&(from, until)| from < end && start < until)
}

/// The nearest free windows of the same car: the asked window moved by whole days, nearest
/// first, that start no earlier than `earliest` (the car's advance notice from now), overlap
/// none of the car's `busy` periods (bookings and blocks) and pass `fits` (the host's hours,
/// the booking horizon); at most [`SAME_CAR_WINDOWS`].
pub fn nearest_free(
    local_start: NaiveDateTime,
    local_end: NaiveDateTime,
    tz: Tz,
    earliest: DateTime<Utc>,
    busy: &[(DateTime<Utc>, DateTime<Utc>)],
    fits: impl Fn(NaiveDateTime, NaiveDateTime, DateTime<Utc>) -> bool,
) -> Vec<(NaiveDateTime, NaiveDateTime)> {
    shifts()
        .filter_map(|d| moved(local_start, local_end, d, tz))
        .filter(|&(s, e, start, end)| {
            start >= earliest && !overlaps(start, end, busy) && fits(s, e, start)
        })
        .map(|(s, e, _, _)| (s, e))
        .take(SAME_CAR_WINDOWS)
        .collect()
}

/// The span of time the windows are looked for in: what [`nearest_free`] may need of the
/// car's busy periods.
pub fn search_span(start: DateTime<Utc>, end: DateTime<Utc>) -> (DateTime<Utc>, DateTime<Utc>) {
    let span = chrono::Duration::days(SAME_CAR_SPAN_DAYS as i64 + 1);
    (start - span, end + span)
}

/// The smallest seat count a comparable car has, as the search's `minSeats` filter takes it
/// (4, 5 or 6, where 6 means 6 or more); none for a car of fewer than four seats.
pub fn min_seats_of(seats: i32) -> Option<i32> {
    (seats >= 4).then(|| seats.min(6))
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::NaiveDate;

    fn local(d: u32, h: u32) -> NaiveDateTime {
        NaiveDate::from_ymd_opt(2027, 3, d).unwrap().and_hms_opt(h, 0, 0).unwrap()
    }
    fn utc(d: u32, h: u32) -> DateTime<Utc> {
        chrono_tz::America::Los_Angeles
            .from_local_datetime(&local(d, h))
            .unwrap()
            .with_timezone(&Utc)
    }
    const LA: Tz = chrono_tz::America::Los_Angeles;

    #[test]
    fn the_nearest_free_windows_come_first_later_before_earlier_at_the_same_distance() {
        // Asked: 20th 10:00 to 22nd 10:00; the car is booked from the 19th to the 23rd.
        let busy = [(utc(19, 10), utc(23, 10))];
        let got = nearest_free(local(20, 10), local(22, 10), LA, utc(1, 0), &busy, |_, _, _| true);
        // +1 (21-23) and -1 (19-21) overlap; +2 (22-24) too; -2 (18-20) overlaps at the 19th;
        // +3 (23-25) is free (the booking ends at 23rd 10:00); -3 (17-19) ends as it begins.
        assert_eq!(
            got,
            vec![
                (local(23, 10), local(25, 10)),
                (local(17, 10), local(19, 10)),
                (local(24, 10), local(26, 10))
            ]
        );
    }

    #[test]
    fn windows_keep_the_notice_the_busy_periods_and_the_hosts_rules() {
        let busy = [(utc(19, 10), utc(23, 10))];
        // Nothing before the 18th (the notice): the earlier windows go.
        let got = nearest_free(local(20, 10), local(22, 10), LA, utc(18, 0), &busy, |_, _, _| true);
        assert_eq!(got[..2], [(local(23, 10), local(25, 10)), (local(24, 10), local(26, 10))]);
        // The host's rules (here: no pickup on the 23rd) are asked of each window.
        let got = nearest_free(local(20, 10), local(22, 10), LA, utc(18, 0), &busy, |s, _, _| {
            s.date() != local(23, 0).date()
        });
        assert_eq!(got[0], (local(24, 10), local(26, 10)));
        // A fully booked month answers nothing.
        let all =
            [(utc(1, 0) - chrono::Duration::days(40), utc(1, 0) + chrono::Duration::days(80))];
        assert!(
            nearest_free(local(20, 10), local(22, 10), LA, utc(1, 0), &all, |_, _, _| true)
                .is_empty()
        );
    }

    #[test]
    fn a_window_is_moved_by_whole_local_days_across_a_clock_change() {
        // 14 March 2027 is the spring-forward day in Los Angeles: local 10:00 stays 10:00.
        let got = nearest_free(
            local(13, 10),
            local(15, 10),
            LA,
            utc(1, 0),
            &[(utc(13, 0), utc(15, 0))],
            |_, _, _| true,
        );
        assert!(
            got.iter().all(|(s, e)| s.time() == local(1, 10).time() && e.time() == s.time()),
            "{got:?}"
        );
        // 2:30 AM does not exist on the 14th: that move is skipped, not shifted by an hour.
        let night = |d| NaiveDate::from_ymd_opt(2027, 3, d).unwrap().and_hms_opt(2, 30, 0).unwrap();
        let got = nearest_free(night(13), night(16), LA, utc(1, 0), &[], |_, _, _| true);
        assert_eq!(got[0], (night(12), night(15)), "the 14th (+1) has no 2:30 AM");
    }

    #[test]
    fn comparable_cars_have_at_least_the_seats_as_the_filter_counts_them() {
        assert_eq!(min_seats_of(2), None);
        assert_eq!(min_seats_of(4), Some(4));
        assert_eq!(min_seats_of(5), Some(5));
        assert_eq!(min_seats_of(7), Some(6));
    }
}
