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
    /// Milliseconds added to the system's time.
    offset_ms: Arc<AtomicI64>,
}

impl Clock {
    /// The system's time.
    pub fn system() -> Self {
        Self::default()
    }

    /// The current time of this clock.
    pub fn now(&self) -> DateTime<Utc> {
        Utc::now() + Duration::milliseconds(self.offset_ms.load(Ordering::Relaxed))
    }

    /// Moves this clock (and every clone of it) so that it reads `at` now.
    pub fn set(&self, at: DateTime<Utc>) {
        let offset = at.signed_duration_since(Utc::now()).num_milliseconds();
        self.offset_ms.store(offset, Ordering::Relaxed);
    }

    /// Moves this clock (and every clone of it) forward by `by` (backward when negative).
    pub fn advance(&self, by: Duration) {
        self.offset_ms.fetch_add(by.num_milliseconds(), Ordering::Relaxed);
    }

    /// Back to the system's time.
    pub fn reset(&self) {
        self.offset_ms.store(0, Ordering::Relaxed);
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
    fn time_keeps_flowing_after_a_move() {
        let clock = Clock::system();
        clock.set(Utc::now() - Duration::days(400));
        let first = clock.now();
        std::thread::sleep(std::time::Duration::from_millis(5));
        assert!(clock.now() > first);
    }
}
