//! The time a service reads. Handlers ask the [`Clock`] in their state instead of calling
//! `Utc::now()`, so a black-box test can move a running service's time (to the start of a
//! trip, past a deadline) instead of rewriting rows with SQL.
//!
//! The clock is the system's time plus an offset. Production never sets the offset; a test sets
//! it through the clone it kept. Time keeps flowing after a move, so timeouts and expiries
//! behave as they would at that moment.

use chrono::{DateTime, Duration, Utc};
use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};

/// A shared clock: clones read and move the same time.
#[derive(Debug, Clone, Default)]
pub struct Clock {
    /// Nanoseconds added to the system's time (whole nanoseconds, so that right after
    /// `set(at)` the clock reads `at` or later, never a truncated moment before it).
    offset_ns: Arc<AtomicI64>,
}

impl Clock {
    /// The system's time.
    pub fn system() -> Self {
        Self::default()
    }

    /// The current time of this clock.
    pub fn now(&self) -> DateTime<Utc> {
        Utc::now() + Duration::nanoseconds(self.offset_ns.load(Ordering::Relaxed))
    }

    /// Moves this clock (and every clone of it) so that it reads `at` now.
    pub fn set(&self, at: DateTime<Utc>) {
        let offset = at.signed_duration_since(Utc::now()).num_nanoseconds().unwrap_or(i64::MAX);
        self.offset_ns.store(offset, Ordering::Relaxed);
    }

    /// Moves this clock (and every clone of it) forward by `by` (backward when negative).
    pub fn advance(&self, by: Duration) {
        self.offset_ns.fetch_add(by.num_nanoseconds().unwrap_or(i64::MAX), Ordering::Relaxed);
    }

    /// Back to the system's time.
    pub fn reset(&self) {
        self.offset_ns.store(0, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: DateTime<Utc>, b: DateTime<Utc>) -> bool {
        (a - b).num_milliseconds().abs() < 1_000
    }

    #[test]
    fn a_new_clock_reads_the_system_time() {
        assert!(close(Clock::system().now(), Utc::now()));
    }

    #[test]
    fn a_clone_sees_the_time_set_through_another() {
        let clock = Clock::system();
        let seen_by_service = clock.clone();
        let at = Utc::now() + Duration::days(3);
        clock.set(at);
        assert!(close(seen_by_service.now(), at));
        seen_by_service.advance(Duration::hours(-2));
        assert!(close(clock.now(), at - Duration::hours(2)));
        clock.reset();
        assert!(close(seen_by_service.now(), Utc::now()));
    }

    #[test]
    fn right_after_a_set_the_clock_reads_that_moment_or_later() {
        let clock = Clock::system();
        for i in 0..1_000 {
            let at = Utc::now() + Duration::days(2) + Duration::nanoseconds(i * 997);
            clock.set(at);
            assert!(clock.now() >= at, "read before the moment set");
        }
    }

    #[test]
    fn time_keeps_flowing_after_a_move() {
        let clock = Clock::system();
        clock.set(Utc::now() - Duration::days(400));
        let first = clock.now();
        std::thread::sleep(std::time::Duration::from_millis(5));
        assert!(clock.now() > first);
    }
}
