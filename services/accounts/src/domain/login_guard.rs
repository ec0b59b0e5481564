//! Password guessing per account: the per-address limits of the gateway stop one machine, not
//! a guess spread over many. An account takes [`FREE_FAILURES`] wrong passwords in a row; the
//! attempt that reaches that number locks password sign-in for [`FIRST_LOCK_SECS`], and each
//! attempt after a lock has passed that fails again doubles the wait, up to [`MAX_LOCK_SECS`].
//! While locked even the right password is refused (else the guessing goes on), the answer
//! saying when to come back; a sign-in by one-time code (which proves the inbox or the phone)
//! or a password reset ends the streak, as does a right password while not locked. A streak is
//! forgotten [`STREAK_MEMORY_SECS`] after its last failure.
//!
//! An attempt is counted before its password is checked, and the lock it may reach is set
//! then too, so parallel guesses cannot slip through while one is being checked; a right
//! password then clears it. Sources: OWASP's Authentication Cheat Sheet ("Account Lockout":
//! lock after a few failures, for a time that grows) and NIST SP 800-63B 5.2.2 (rate-limit
//! failed attempts on an account, at most 100 in a row).

use chrono::{DateTime, Duration, Utc};

/// Wrong passwords in a row before the account's password sign-in waits.
pub const FREE_FAILURES: i32 = 5;
/// The first wait, in seconds.
pub const FIRST_LOCK_SECS: i64 = 60;
/// The longest wait, in seconds.
pub const MAX_LOCK_SECS: i64 = 3600;
/// A streak is forgotten this long after its last failure.
pub const STREAK_MEMORY_SECS: i64 = 24 * 3600;

/// An account's streak of failures, as stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Streak {
    /// Attempts counted since the last success (the one under way included).
    pub failures: i32,
    pub last_failure_at: DateTime<Utc>,
    pub locked_until: Option<DateTime<Utc>>,
}

/// What a password attempt may do.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Attempt {
    /// Check the password; the streak to store counts this attempt (and holds the lock a
    /// failure would leave).
    Check(Streak),
    /// Refused unchecked until then.
    Locked(DateTime<Utc>),
}

/// How long the account waits once its streak holds `failures`: none below
/// [`FREE_FAILURES`], then doubling from [`FIRST_LOCK_SECS`] up to [`MAX_LOCK_SECS`].
pub fn lock_for(failures: i32) -> Option<Duration> {
    let over = failures.checked_sub(FREE_FAILURES)?;
    if over < 0 {
        return None;
    }
    let secs = (0..over).fold(FIRST_LOCK_SECS, |s, _| (s * 2).min(MAX_LOCK_SECS));
    Some(Duration::seconds(secs))
}

/// The attempt at `now` on an account with `streak` (none when it has no failure on record).
pub fn attempt(streak: Option<Streak>, now: DateTime<Utc>) -> Attempt {
    if let Some(until) = streak.and_then(|s| s.locked_until).filter(|u| *u > now) {
        return Attempt::Locked(until);
    }
    let before = streak
        .filter(|s| now - s.last_failure_at < Duration::seconds(STREAK_MEMORY_SECS))
        .map_or(0, |s| s.failures);
    let failures = before + 1;
    Attempt::Check(Streak {
        failures,
        last_failure_at: now,
        locked_until: lock_for(failures).map(|d| now + d),
    })
}

/// The streak once an attempt that was counted got no answer (the password threads were
/// busy): it did not fail, so it no longer counts, nor does the wait it would have begun.
pub fn undo(s: Streak) -> Streak {
    let failures = (s.failures - 1).max(0);
    Streak {
        failures,
        last_failure_at: s.last_failure_at,
        locked_until: if lock_for(failures).is_some() { s.locked_until } else { None },
    }
}

/// The seconds left of a lock, at least one (the answer's `Retry-After`).
pub fn seconds_left(until: DateTime<Utc>, now: DateTime<Utc>) -> u64 {
    (until - now).num_seconds().max(1).unsigned_abs()
}

/// A wait in words, for the refusal's message: "1 minute", "12 minutes" (rounded up).
pub fn wait_words(secs: u64) -> String {
    let minutes = secs.div_ceil(60).max(1);
    if minutes == 1 { "1 minute".to_owned() } else { format!("{minutes} minutes") }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn t0() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 12, 1, 12, 0, 0).unwrap()
    }

    #[test]
    fn the_wait_starts_at_the_fifth_failure_and_doubles_up_to_an_hour() {
        let table = [
            (1, None),
            (4, None),
            (5, Some(60)),
            (6, Some(120)),
            (7, Some(240)),
            (10, Some(1920)),
            (11, Some(3600)),
            (80, Some(3600)),
        ];
        for (failures, secs) in table {
            assert_eq!(lock_for(failures).map(|d| d.num_seconds()), secs, "{failures}");
        }
    }

    #[test]
    fn five_attempts_are_checked_then_the_account_waits_even_for_the_right_password() {
        let mut streak = None;
        for n in 1..=FREE_FAILURES {
            match attempt(streak, t0()) {
                Attempt::Check(s) => {
                    assert_eq!(s.failures, n);
                    // The fifth sets the lock as it is counted, before its check.
                    assert_eq!(s.locked_until.is_some(), n == FREE_FAILURES);
                    streak = Some(s);
                }
                Attempt::Locked(_) => panic!("attempt {n} was refused"),
            }
        }
        let until = t0() + Duration::seconds(FIRST_LOCK_SECS);
        assert_eq!(attempt(streak, t0()), Attempt::Locked(until));
        assert_eq!(attempt(streak, until - Duration::seconds(1)), Attempt::Locked(until));
        assert_eq!(seconds_left(until, t0()), 60);
        assert_eq!(seconds_left(until, until), 1);
        // Once the wait is over, one more attempt; failing it waits twice as long.
        let Attempt::Check(next) = attempt(streak, until) else { panic!("refused after the wait") };
        assert_eq!(next.failures, FREE_FAILURES + 1);
        assert_eq!(next.locked_until, Some(until + Duration::seconds(2 * FIRST_LOCK_SECS)));
    }

    #[test]
    fn an_attempt_that_got_no_answer_is_not_counted() {
        let fifth = Streak {
            failures: FREE_FAILURES,
            last_failure_at: t0(),
            locked_until: Some(t0() + Duration::seconds(60)),
        };
        assert_eq!(undo(fifth), Streak { failures: 4, locked_until: None, ..fifth });
        let seventh = Streak { failures: FREE_FAILURES + 2, ..fifth };
        assert_eq!(undo(seventh).locked_until, fifth.locked_until);
        assert_eq!(undo(Streak { failures: 0, ..fifth }).failures, 0);
    }

    #[test]
    fn the_wait_is_told_in_minutes_rounded_up() {
        for (secs, words) in
            [(1, "1 minute"), (60, "1 minute"), (61, "2 minutes"), (3600, "60 minutes")]
        {
            assert_eq!(wait_words(secs), words);
        }
    }

    #[test]
    fn a_streak_is_forgotten_a_day_after_its_last_failure() {
        let old = Streak { failures: 4, last_failure_at: t0(), locked_until: None };
        let Attempt::Check(s) = attempt(Some(old), t0() + Duration::seconds(STREAK_MEMORY_SECS))
        else {
            panic!("refused")
        };
        assert_eq!((s.failures, s.locked_until), (1, None));
        let Attempt::Check(s) = attempt(Some(old), t0() + Duration::hours(23)) else {
            panic!("refused")
        };
        assert_eq!(s.failures, 5);
    }
}
