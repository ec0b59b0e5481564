//! One event as the browser sent it, read into a [`ClientEvent`] or refused with the reason.
//! Fields (spec 002 s. 3: `userId`, `sessionId`, `activityType`, `activityCategory`,
//! `metadata` with `pageUrl`, `referrer` and others), plus two a client may add: `eventId`,
//! its own id of the event (a resend of it is stored once), and `timestamp`. A `userId` in
//! the event is ignored: the user is the caller's token's. An event without `eventId` (as the
//! spec's client sends it) is given one by the service.

use crate::domain::catalogue::known;
use crate::domain::name::{Name, NameError};
use crate::domain::time::{TimeError, correct, parse_time};
use chrono::{DateTime, Utc};
use serde_json::{Map, Value};

/// The largest event, as JSON text: 50 of them fit the gateway's 256 KiB body limit.
pub const MAX_EVENT_BYTES: usize = 4096;
/// The longest client event id.
pub const MAX_EVENT_ID: usize = 100;
/// The longest session id.
pub const MAX_SESSION_ID: usize = 128;

/// Why an event was refused. Each has a stable code (the error table's) and a message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum EventError {
    #[error("Each event must be a JSON object")]
    NotAnObject,
    #[error("An event may be at most 4 KiB of JSON")]
    TooLarge,
    #[error("eventId must be 1 to 100 visible ASCII characters")]
    InvalidEventId,
    #[error("activityType is required")]
    TypeRequired,
    #[error("activityType must be letters, digits, spaces, _ - . : or / (at most 64 characters)")]
    InvalidType,
    #[error(
        "activityCategory must be letters, digits, spaces, _ - . : or / (at most 64 characters)"
    )]
    InvalidCategory,
    #[error("sessionId must be at most 128 visible ASCII characters")]
    InvalidSessionId,
    #[error("metadata must be a JSON object")]
    InvalidMetadata,
    #[error("timestamp must be an RFC 3339 time or epoch milliseconds")]
    InvalidTimestamp,
    #[error("Events older than 7 days are not accepted")]
    TooOld,
}

/// A valid event, its time corrected.
#[derive(Debug, Clone, PartialEq)]
pub struct ClientEvent {
    /// The client's id of the event; `None` when it sent none (the service then gives one).
    pub event_id: Option<String>,
    pub session_id: Option<String>,
    pub activity_type: Name,
    pub category: Name,
    pub metadata: Map<String, Value>,
    /// The event's own time as the client gave it.
    pub client_time: Option<DateTime<Utc>>,
    /// Its time on the service's clock.
    pub occurred_at: DateTime<Utc>,
}

fn visible_ascii(s: &str) -> bool {
    s.bytes().all(|b| b.is_ascii_graphic())
}

/// A text field: a string (trimmed) or a number's text; absent, `null` and empty are `None`.
fn text(v: Option<&Value>) -> Result<Option<String>, ()> {
    match v {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) if s.trim().is_empty() => Ok(None),
        Some(Value::String(s)) => Ok(Some(s.trim().to_owned())),
        Some(Value::Number(n)) => Ok(Some(n.to_string())),
        Some(_) => Err(()),
    }
}

fn first<'a>(o: &'a Map<String, Value>, names: &[&str]) -> Option<&'a Value> {
    names.iter().find_map(|n| o.get(*n).filter(|v| !v.is_null()))
}

impl ClientEvent {
    /// Reads the JSON text of one event, received at `received` in a batch the client sent at
    /// `sent_at` (its clock).
    pub fn parse(
        raw: &str,
        sent_at: Option<DateTime<Utc>>,
        received: DateTime<Utc>,
    ) -> Result<Self, EventError> {
        if raw.len() > MAX_EVENT_BYTES {
            return Err(EventError::TooLarge);
        }
        let Ok(Value::Object(o)) = serde_json::from_str::<Value>(raw) else {
            return Err(EventError::NotAnObject);
        };
        let event_id = text(first(&o, &["eventId", "clientEventId"]))
            .map_err(|()| EventError::InvalidEventId)?;
        if event_id.as_ref().is_some_and(|id| id.len() > MAX_EVENT_ID || !visible_ascii(id)) {
            return Err(EventError::InvalidEventId);
        }
        let raw_type = text(o.get("activityType"))
            .map_err(|()| EventError::InvalidType)?
            .ok_or(EventError::TypeRequired)?;
        let activity_type = Name::parse(&raw_type).map_err(|e| match e {
            NameError::Empty => EventError::TypeRequired,
            NameError::Invalid => EventError::InvalidType,
        })?;
        let category =
            match text(o.get("activityCategory")).map_err(|()| EventError::InvalidCategory)? {
                Some(c) => Name::parse(&c).map_err(|_| EventError::InvalidCategory)?,
                None => Name::known(known(activity_type.as_str()).map_or("other", |t| t.category)),
            };
        let session_id = text(o.get("sessionId")).map_err(|()| EventError::InvalidSessionId)?;
        if session_id.as_ref().is_some_and(|s| s.len() > MAX_SESSION_ID || !visible_ascii(s)) {
            return Err(EventError::InvalidSessionId);
        }
        let metadata = match o.get("metadata") {
            None | Some(Value::Null) => Map::new(),
            Some(Value::Object(m)) => m.clone(),
            Some(_) => return Err(EventError::InvalidMetadata),
        };
        let client_time = parse_time(first(&o, &["timestamp", "clientTime", "occurredAt"]))
            .map_err(|_| EventError::InvalidTimestamp)?;
        let occurred_at = correct(client_time, sent_at, received).map_err(|e| match e {
            TimeError::Invalid => EventError::InvalidTimestamp,
            TimeError::TooOld => EventError::TooOld,
        })?;
        Ok(Self {
            event_id,
            session_id,
            activity_type,
            category,
            metadata,
            client_time,
            occurred_at,
        })
    }

    /// What the event says, without its id: two events of one batch with the same content
    /// and no id are one event sent twice.
    pub fn content_key(&self) -> String {
        format!(
            "{}\u{1f}{}\u{1f}{}\u{1f}{}\u{1f}{}",
            self.session_id.as_deref().unwrap_or_default(),
            self.activity_type.as_str(),
            self.category.as_str(),
            Value::Object(self.metadata.clone()),
            self.client_time.map(|t| t.timestamp_micros()).unwrap_or(i64::MIN),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn now() -> DateTime<Utc> {
        DateTime::parse_from_rfc3339("2026-11-28T12:00:00Z").unwrap().with_timezone(&Utc)
    }

    fn parse(v: Value) -> Result<ClientEvent, EventError> {
        ClientEvent::parse(&v.to_string(), None, now())
    }

    #[test]
    fn a_spec_event_is_read_with_its_known_category_and_the_body_user_is_ignored() {
        let e = parse(json!({
            "eventId": "e-1", "userId": "someone-else", "sessionId": "s-1",
            "activityType": "carViewed", "metadata": {"pageUrl": "/car/1", "referrer": "/search"},
            "timestamp": "2026-11-28T11:00:00Z"
        }))
        .unwrap();
        assert_eq!(e.event_id.as_deref(), Some("e-1"));
        assert_eq!(e.session_id.as_deref(), Some("s-1"));
        assert_eq!(e.activity_type.as_str(), "car_viewed");
        assert_eq!(e.category.as_str(), "car");
        assert_eq!(e.metadata["pageUrl"], "/car/1");
        assert_eq!(e.occurred_at.to_rfc3339(), "2026-11-28T11:00:00+00:00");
        let other = parse(json!({"eventId": 7, "activityType": "Tour Step"})).unwrap();
        assert_eq!((other.event_id.as_deref(), other.category.as_str()), (Some("7"), "other"));
        assert_eq!(other.occurred_at, now());
        let given = parse(
            json!({"eventId": "x", "activityType": "search", "activityCategory": "Discovery"}),
        );
        assert_eq!(given.unwrap().category.as_str(), "discovery");
    }

    #[test]
    fn every_rule_gives_its_reason() {
        let ok = json!({"eventId": "e", "activityType": "search"});
        let with = |k: &str, v: Value| {
            let mut o = ok.clone();
            o[k] = v;
            parse(o)
        };
        assert_eq!(ClientEvent::parse("[1]", None, now()), Err(EventError::NotAnObject));
        assert_eq!(ClientEvent::parse("nope", None, now()), Err(EventError::NotAnObject));
        assert_eq!(with("eventId", json!("has space")), Err(EventError::InvalidEventId));
        assert_eq!(
            with("eventId", json!("x".repeat(MAX_EVENT_ID + 1))),
            Err(EventError::InvalidEventId)
        );
        assert_eq!(with("eventId", json!({"a": 1})), Err(EventError::InvalidEventId));
        assert_eq!(parse(json!({"eventId": "e"})), Err(EventError::TypeRequired));
        assert_eq!(with("activityType", json!("<b>")), Err(EventError::InvalidType));
        assert_eq!(with("activityType", json!(["search"])), Err(EventError::InvalidType));
        assert_eq!(with("activityCategory", json!("!")), Err(EventError::InvalidCategory));
        assert_eq!(
            with("sessionId", json!("s".repeat(MAX_SESSION_ID + 1))),
            Err(EventError::InvalidSessionId)
        );
        assert_eq!(with("metadata", json!("pageUrl=/")), Err(EventError::InvalidMetadata));
        assert_eq!(with("timestamp", json!("last tuesday")), Err(EventError::InvalidTimestamp));
        assert_eq!(with("timestamp", json!("2026-11-01T00:00:00Z")), Err(EventError::TooOld));
        assert_eq!(
            with("metadata", json!({"blob": "x".repeat(MAX_EVENT_BYTES)})),
            Err(EventError::TooLarge)
        );
    }

    #[test]
    fn an_event_as_the_spec_sends_it_has_no_id_and_its_content_tells_a_resend() {
        let spec = json!({"userId": "u-1", "sessionId": "s-1", "activityType": "page_view",
            "activityCategory": "navigation", "metadata": {"pageUrl": "/", "referrer": ""}});
        let e = parse(spec.clone()).unwrap();
        assert_eq!(e.event_id, None);
        assert_eq!(parse(json!({"eventId": "", "activityType": "search"})).unwrap().event_id, None);
        // The same event twice has one content; another page, time or session does not.
        assert_eq!(parse(spec.clone()).unwrap().content_key(), e.content_key());
        for (k, v) in [
            ("metadata", json!({"pageUrl": "/search", "referrer": ""})),
            ("sessionId", json!("s-2")),
            ("timestamp", json!("2026-11-28T11:00:00Z")),
            ("activityType", json!("search")),
        ] {
            let mut other = spec.clone();
            other[k] = v;
            assert_ne!(parse(other).unwrap().content_key(), e.content_key(), "{k}");
        }
    }

    #[test]
    fn the_batch_send_time_corrects_the_event_time() {
        let raw =
            json!({"eventId": "e", "activityType": "search", "timestamp": "2026-11-28T08:59:00Z"});
        let sent =
            DateTime::parse_from_rfc3339("2026-11-28T09:00:00Z").unwrap().with_timezone(&Utc);
        let e = ClientEvent::parse(&raw.to_string(), Some(sent), now()).unwrap();
        assert_eq!(
            e.client_time.map(|t| t.to_rfc3339()).as_deref(),
            Some("2026-11-28T08:59:00+00:00")
        );
        assert_eq!(e.occurred_at.to_rfc3339(), "2026-11-28T11:59:00+00:00");
    }
}
