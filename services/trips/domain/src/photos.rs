//! Check-in and checkout photos are accepted only within 30 minutes of the event (the terms).

use chrono::{DateTime, Duration, Utc};

/// How close to the event photos must be taken.
pub const PHOTO_WINDOW_MINUTES: i64 = 30;

/// Why photos are refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PhotoError {
    #[error("Please select or capture at least 1 image.")]
    NoPhotos,
    #[error("Photos are accepted only within 30 minutes of check-in or checkout.")]
    OutsideWindow,
    #[error("type must be exterior or interior")]
    BadType,
}

/// Whether photos sent at `now` belong to an event at `event` (check-in: the trip's start or
/// the moment of check-in; checkout: its end or the moment of checkout).
pub fn within_window(event: DateTime<Utc>, now: DateTime<Utc>) -> Result<(), PhotoError> {
    if (now - event).abs() <= Duration::minutes(PHOTO_WINDOW_MINUTES) {
        Ok(())
    } else {
        Err(PhotoError::OutsideWindow)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn photos_within_thirty_minutes_either_side() {
        let e = Utc.with_ymd_and_hms(2026, 12, 1, 18, 0, 0).unwrap();
        for m in [-30, -1, 0, 29, 30] {
            assert_eq!(within_window(e, e + Duration::minutes(m)), Ok(()), "{m}");
        }
        for m in [-31, 31, 600] {
            assert_eq!(
                within_window(e, e + Duration::minutes(m)),
                Err(PhotoError::OutsideWindow),
                "{m}"
            );
        }
    }
}
