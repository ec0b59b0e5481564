//! Sending a host's scheduled message templates (spec 001 s. 7, Scheduled messages; the
//! templates are hosting's, sending is messaging's): when each is due for a trip, quiet hours,
//! and filling its placeholders. No I/O, no clock: the caller passes the time.

use chrono::{DateTime, Duration, NaiveTime, TimeZone, Timelike, Utc};
use chrono_tz::Tz;
use std::collections::HashMap;

/// Quiet hours (the chat issue: "9 PM to 9 AM in the guest's time zone"): a message due from
/// 21:00 to 09:00 local time waits for 09:00. The guest's own time zone is not known to the
/// product; the trip's (the car's) is used, where the guest is during the trip.
pub const QUIET_FROM_HOUR: u32 = 21;
pub const QUIET_UNTIL_HOUR: u32 = 9;
/// A trip's messages are looked for until this long after its end (the thank-you after
/// checkout is sent within it; nothing older is sent late).
pub const LOOK_BACK_DAYS: i64 = 7;

/// The moment of a trip a template is sent at (hosting's triggers).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Moment {
    BookingConfirmed,
    BeforeTripStart(i64),
    TripStarted,
    BeforeTripEnd(i64),
    TripEnded,
}

impl Moment {
    /// Reads hosting's trigger and offset; `None` for a trigger messaging does not know.
    pub fn of(trigger: &str, offset_hours: i32) -> Option<Self> {
        let h = i64::from(offset_hours.max(0));
        Some(match trigger {
            "booking_confirmed" => Moment::BookingConfirmed,
            "before_trip_start" => Moment::BeforeTripStart(h),
            "trip_started" => Moment::TripStarted,
            "before_trip_end" => Moment::BeforeTripEnd(h),
            "trip_ended" => Moment::TripEnded,
            _ => return None,
        })
    }
}

/// Where a trip stands, as its events said.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TripState {
    /// Waiting for the host's answer: nothing is sent yet.
    Requested,
    Confirmed,
    InProgress,
    Completed,
    /// Rejected or cancelled: nothing is sent, ever.
    Cancelled,
}

impl TripState {
    /// As stored.
    pub fn as_str(self) -> &'static str {
        match self {
            TripState::Requested => "requested",
            TripState::Confirmed => "confirmed",
            TripState::InProgress => "in_progress",
            TripState::Completed => "completed",
            TripState::Cancelled => "cancelled",
        }
    }

    /// Reads the stored spelling (anything else counts as requested: nothing is sent).
    pub fn parse(s: &str) -> Self {
        match s {
            "confirmed" => TripState::Confirmed,
            "in_progress" => TripState::InProgress,
            "completed" => TripState::Completed,
            "cancelled" => TripState::Cancelled,
            _ => TripState::Requested,
        }
    }
}

/// What the schedule knows of a trip.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TripFacts {
    pub state: TripState,
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
    pub confirmed_at: Option<DateTime<Utc>>,
    pub checked_in_at: Option<DateTime<Utc>>,
    pub checked_out_at: Option<DateTime<Utc>>,
}

/// What to do with one template for one trip now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Plan {
    /// Send it now.
    Send,
    /// Due at this time (quiet hours applied).
    DueAt(DateTime<Utc>),
    /// Its moment is not known yet (a check-in to come, a request to answer).
    Waiting,
    /// Never for this trip: cancelled, or its moment passed by (a reminder of a start that
    /// already happened).
    Never(&'static str),
}

/// The next time outside quiet hours at or after `at`, in `tz`.
pub fn outside_quiet_hours(at: DateTime<Utc>, tz: Tz) -> DateTime<Utc> {
    let local = at.with_timezone(&tz);
    let h = local.hour();
    if (QUIET_UNTIL_HOUR..QUIET_FROM_HOUR).contains(&h) {
        return at;
    }
    let day = if h >= QUIET_FROM_HOUR {
        local.date_naive() + Duration::days(1)
    } else {
        local.date_naive()
    };
    let nine = day.and_time(NaiveTime::from_hms_opt(QUIET_UNTIL_HOUR, 0, 0).unwrap_or_default());
    // 9 AM exists every day in US zones (changes happen at 2 AM); the earliest reading is taken.
    tz.from_local_datetime(&nine).earliest().map_or(at, |t| t.with_timezone(&Utc))
}

/// When a template is due for a trip, and whether to send it at `now`.
pub fn plan(moment: Moment, trip: &TripFacts, tz: Tz, now: DateTime<Utc>) -> Plan {
    use TripState as S;
    match trip.state {
        S::Cancelled => return Plan::Never("cancelled"),
        S::Requested => return Plan::Waiting,
        _ => {}
    }
    let (at, passed_by) = match moment {
        Moment::BookingConfirmed => match trip.confirmed_at {
            Some(t) => (t, trip.checked_out_at.is_some()),
            None => return Plan::Waiting,
        },
        Moment::BeforeTripStart(h) => {
            (trip.start - Duration::hours(h), trip.checked_in_at.is_some() || now >= trip.start)
        }
        Moment::TripStarted => match trip.checked_in_at {
            Some(t) => (t, trip.checked_out_at.is_some()),
            None => return Plan::Waiting,
        },
        Moment::BeforeTripEnd(h) => {
            (trip.end - Duration::hours(h), trip.checked_out_at.is_some() || now >= trip.end)
        }
        Moment::TripEnded => match trip.checked_out_at {
            Some(t) => (t, now - t > Duration::days(LOOK_BACK_DAYS)),
            None => return Plan::Waiting,
        },
    };
    if passed_by {
        return Plan::Never("too_late");
    }
    let due = outside_quiet_hours(at, tz);
    if due <= now { Plan::Send } else { Plan::DueAt(due) }
}

/// A trip time as a message shows it, in the car's time zone: `Sat, Dec 5 at 10:00 AM`.
pub fn local_time(at: DateTime<Utc>, tz: Tz) -> String {
    at.with_timezone(&tz).format("%a, %b %-d at %-I:%M %p").to_string()
}

/// Fills `{name}` placeholders from `values`; `None` when one has no value (or an empty one):
/// such a message is not sent.
pub fn render(text: &str, values: &HashMap<&str, String>) -> Option<String> {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let close = after.find('}')?;
        let value = values.get(after[..close].trim()).filter(|v| !v.trim().is_empty())?;
        out.push_str(value);
        rest = &after[close + 1..];
    }
    out.push_str(rest);
    Some(out)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    fn t(s: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc)
    }

    const LA: Tz = chrono_tz::America::Los_Angeles;

    fn trip(state: TripState) -> TripFacts {
        TripFacts {
            state,
            // 10 AM to 10 AM in Los Angeles (PST, UTC-8).
            start: t("2026-12-10T18:00:00Z"),
            end: t("2026-12-12T18:00:00Z"),
            confirmed_at: Some(t("2026-12-01T20:00:00Z")),
            checked_in_at: None,
            checked_out_at: None,
        }
    }

    #[test]
    fn quiet_hours_move_a_message_to_nine_in_the_morning_local_time() {
        let cases = [
            // 8 PM local: allowed.
            ("2026-12-02T04:00:00Z", "2026-12-02T04:00:00Z"),
            // 9 PM local: to 9 AM the next day.
            ("2026-12-02T05:00:00Z", "2026-12-02T17:00:00Z"),
            // 3 AM local: to 9 AM the same day.
            ("2026-12-02T11:00:00Z", "2026-12-02T17:00:00Z"),
            // 9 AM local exactly: allowed.
            ("2026-12-02T17:00:00Z", "2026-12-02T17:00:00Z"),
            // Summer time (PDT, UTC-7): 11 PM local to 9 AM.
            ("2026-07-02T06:00:00Z", "2026-07-02T16:00:00Z"),
        ];
        for (at, want) in cases {
            assert_eq!(outside_quiet_hours(t(at), LA), t(want), "{at}");
        }
        // The same instant is quiet in New York and not in Los Angeles.
        let at = t("2026-12-02T03:00:00Z"); // 10 PM in New York, 7 PM in Los Angeles
        assert_eq!(outside_quiet_hours(at, LA), at);
        assert_eq!(
            outside_quiet_hours(at, chrono_tz::America::New_York),
            t("2026-12-02T14:00:00Z")
        );
    }

    #[test]
    fn each_moment_is_due_from_its_event_and_never_for_a_cancelled_trip() {
        let now = t("2026-12-09T20:00:00Z"); // noon local, the day before the start
        let confirmed = trip(TripState::Confirmed);
        let cases = [
            (Moment::BookingConfirmed, &confirmed, Plan::Send),
            // Due 10 AM local the day before: sent.
            (Moment::BeforeTripStart(24), &confirmed, Plan::Send),
            // 8 AM local on the day: quiet hours move it to 9 AM.
            (Moment::BeforeTripStart(2), &confirmed, Plan::DueAt(t("2026-12-10T17:00:00Z"))),
            (Moment::TripStarted, &confirmed, Plan::Waiting),
            (Moment::BeforeTripEnd(3), &confirmed, Plan::DueAt(t("2026-12-12T17:00:00Z"))),
            (Moment::TripEnded, &confirmed, Plan::Waiting),
        ];
        for (moment, trip, want) in cases {
            assert_eq!(plan(moment, trip, LA, now), want, "{moment:?}");
        }
        for m in [Moment::BookingConfirmed, Moment::BeforeTripStart(24), Moment::TripEnded] {
            assert_eq!(plan(m, &trip(TripState::Cancelled), LA, now), Plan::Never("cancelled"));
            assert_eq!(plan(m, &trip(TripState::Requested), LA, now), Plan::Waiting);
        }
    }

    #[test]
    fn a_reminder_whose_moment_passed_by_is_never_sent_late_but_a_late_event_still_counts() {
        let mut started = trip(TripState::InProgress);
        started.checked_in_at = Some(t("2026-12-10T18:05:00Z"));
        let now = t("2026-12-10T19:00:00Z");
        assert_eq!(plan(Moment::BeforeTripStart(24), &started, LA, now), Plan::Never("too_late"));
        assert_eq!(plan(Moment::TripStarted, &started, LA, now), Plan::Send);
        // Checked out: the thank-you goes; the start and end reminders are past.
        let mut done = started.clone();
        done.state = TripState::Completed;
        done.checked_out_at = Some(t("2026-12-12T18:10:00Z"));
        let after = t("2026-12-12T19:00:00Z");
        assert_eq!(plan(Moment::TripEnded, &done, LA, after), Plan::Send);
        assert_eq!(plan(Moment::BeforeTripEnd(3), &done, LA, after), Plan::Never("too_late"));
        assert_eq!(plan(Moment::TripStarted, &done, LA, after), Plan::Never("too_late"));
        // A checkout seen more than a week late is not thanked for any more.
        assert_eq!(
            plan(Moment::TripEnded, &done, LA, after + Duration::days(8)),
            Plan::Never("too_late")
        );
        // A checkout at 11 PM local is thanked at 9 AM.
        done.checked_out_at = Some(t("2026-12-13T07:00:00Z"));
        assert_eq!(
            plan(Moment::TripEnded, &done, LA, t("2026-12-13T08:00:00Z")),
            Plan::DueAt(t("2026-12-13T17:00:00Z"))
        );
    }

    #[test]
    fn placeholders_are_filled_and_a_message_missing_one_is_not_sent() {
        let mut v: HashMap<&str, String> = HashMap::new();
        v.insert("guestName", "Ada".into());
        v.insert("carName", "Tesla Model 3".into());
        assert_eq!(
            render("Hi {guestName}, enjoy the {carName}!", &v).as_deref(),
            Some("Hi Ada, enjoy the Tesla Model 3!")
        );
        assert_eq!(render("No placeholders", &v).as_deref(), Some("No placeholders"));
        assert_eq!(render("Pick up at {pickupAddress}", &v), None);
        v.insert("pickupAddress", "  ".into());
        assert_eq!(render("Pick up at {pickupAddress}", &v), None);
        assert_eq!(render("Broken {guestName", &v), None);
        assert_eq!(local_time(t("2026-12-10T18:00:00Z"), LA), "Thu, Dec 10 at 10:00 AM");
        assert_eq!(Moment::of("before_trip_end", 3), Some(Moment::BeforeTripEnd(3)));
        assert_eq!(Moment::of("someday", 0), None);
    }
}
