//! Client times: how they are read, and how the client's clock is corrected.
//!
//! A browser's clock can be minutes or days off. The batch carries `sentAt`, the client's clock
//! when it sent the batch; the gap between it and the moment the service received the batch is
//! the client's offset, and each event's own time moves by it. The result never lies after the
//! receipt (an event cannot happen after it arrived), and an event whose corrected time is more
//! than the dedupe window old is refused: its id may already be forgotten, so a resend could
//! not be told from a new event.

use chrono::{DateTime, Duration, TimeZone, Utc};
use serde_json::Value;

/// How long an event id stays a duplicate, and how old an event may be.
pub const DEDUPE_WINDOW_DAYS: i64 = 7;

/// Epoch milliseconds below this are taken for seconds' typos or junk (before 2001-09-09).
const MIN_EPOCH_MS: i64 = 1_000_000_000_000;

/// Why a time was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimeError {
    /// Not an RFC 3339 time nor epoch milliseconds.
    Invalid,
    /// Older than the dedupe window once corrected.
    TooOld,
}

/// Reads an RFC 3339 time (`2026-11-28T10:00:00Z`, offsets allowed) or epoch milliseconds (a
/// number or its text, as `Date.now()` gives). `null`, absent and empty text are `None`.
pub fn parse_time(v: Option<&Value>) -> Result<Option<DateTime<Utc>>, TimeError> {
    let ms = match v {
        None | Some(Value::Null) => return Ok(None),
        Some(Value::String(s)) if s.trim().is_empty() => return Ok(None),
        Some(Value::String(s)) => {
            let s = s.trim();
            if let Ok(t) = DateTime::parse_from_rfc3339(s) {
                return Ok(Some(t.with_timezone(&Utc)));
            }
            s.parse::<i64>().map_err(|_| TimeError::Invalid)?
        }
        Some(Value::Number(n)) => match (n.as_i64(), n.as_f64()) {
            (Some(i), _) => i,
            (None, Some(f)) if f.is_finite() && f.fract() == 0.0 && f.abs() < 1e15 => f as i64,
            _ => return Err(TimeError::Invalid),
        },
        Some(_) => return Err(TimeError::Invalid),
    };
    if ms < MIN_EPOCH_MS {
        return Err(TimeError::Invalid);
    }
    Utc.timestamp_millis_opt(ms).single().map(Some).ok_or(TimeError::Invalid)
}

/// The event's time on the service's clock: its own time moved by the client's offset
/// (`received - sent_at`), at most `received`; `received` when the event gave no time.
pub fn correct(
    client_time: Option<DateTime<Utc>>,
    sent_at: Option<DateTime<Utc>>,
    received: DateTime<Utc>,
) -> Result<DateTime<Utc>, TimeError> {
    let Some(t) = client_time else { return Ok(received) };
    let offset = sent_at.map_or(Duration::zero(), |s| received - s);
    let corrected = (t + offset).min(received);
    if corrected < received - Duration::days(DEDUPE_WINDOW_DAYS) {
        return Err(TimeError::TooOld);
    }
    Ok(corrected)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn at(s: &str) -> DateTime<Utc> {
        DateTime::parse_from_rfc3339(s).unwrap().with_timezone(&Utc)
    }

    #[test]
    fn times_are_read_from_rfc_3339_or_epoch_milliseconds() {
        let t = at("2026-11-28T10:00:00Z");
        for v in [
            json!("2026-11-28T10:00:00Z"),
            json!("2026-11-28T02:00:00-08:00"),
            json!(1_795_860_000_000_i64),
            json!("1795860000000"),
            json!(1_795_860_000_000.0),
        ] {
            assert_eq!(parse_time(Some(&v)), Ok(Some(t)), "{v}");
        }
        for v in [json!(null), json!(""), json!("  ")] {
            assert_eq!(parse_time(Some(&v)), Ok(None), "{v}");
        }
        assert_eq!(parse_time(None), Ok(None));
        for v in [json!("yesterday"), json!(1_700_000_000), json!(true), json!({}), json!(1.5e20)] {
            assert_eq!(parse_time(Some(&v)), Err(TimeError::Invalid), "{v}");
        }
    }

    #[test]
    fn the_clients_offset_moves_each_event() {
        let received = at("2026-11-28T12:00:00Z");
        // The client's clock is 2 hours behind: it sent at 10:00 by its clock.
        let sent = Some(at("2026-11-28T10:00:00Z"));
        assert_eq!(
            correct(Some(at("2026-11-28T09:59:58Z")), sent, received),
            Ok(at("2026-11-28T11:59:58Z"))
        );
        // Ahead by a day.
        let sent = Some(at("2026-11-29T12:00:05Z"));
        assert_eq!(
            correct(Some(at("2026-11-29T12:00:00Z")), sent, received),
            Ok(at("2026-11-28T11:59:55Z"))
        );
    }

    #[test]
    fn without_a_send_time_the_event_keeps_its_time_but_never_lies_after_the_receipt() {
        let received = at("2026-11-28T12:00:00Z");
        assert_eq!(
            correct(Some(at("2026-11-28T11:00:00Z")), None, received),
            Ok(at("2026-11-28T11:00:00Z"))
        );
        assert_eq!(correct(Some(at("2026-11-30T11:00:00Z")), None, received), Ok(received));
        assert_eq!(correct(None, Some(at("2020-01-01T00:00:00Z")), received), Ok(received));
    }

    #[test]
    fn an_event_older_than_the_window_once_corrected_is_refused() {
        let received = at("2026-11-28T12:00:00Z");
        assert_eq!(
            correct(Some(at("2026-11-21T12:00:00Z")), None, received),
            Ok(at("2026-11-21T12:00:00Z"))
        );
        assert_eq!(
            correct(Some(at("2026-11-21T11:59:59Z")), None, received),
            Err(TimeError::TooOld)
        );
        // Eight days old by a clock that is eight days behind: fine once corrected.
        let sent = Some(at("2026-11-20T12:00:00Z"));
        assert_eq!(
            correct(Some(at("2026-11-20T11:00:00Z")), sent, received),
            Ok(at("2026-11-28T11:00:00Z"))
        );
    }
}
