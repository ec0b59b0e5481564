//! `activity/log` and `activity/bulk`: each event is read and validated, checked against the
//! ids seen in the last 7 days (an event sent without an id gets one here, and the same event
//! twice in one batch counts once), and the accepted ones are published to the broker in one
//! message; the call answers once the broker has confirmed it (the database write follows,
//! in the consumer). Nothing is accepted when the broker does not confirm (503): the client
//! resends, and the same ids are accepted then.

use crate::domain::{ClientEvent, EventError, parse_time};
use crate::error::{ActivityError, ActivityResult};
use crate::seen::Claim;
use crate::state::AppState;
use chrono::{DateTime, SecondsFormat, Utc};
use std::collections::HashMap;
use std::collections::hash_map::Entry;
use upcar_identity::Identity;
use upcar_proto::activity as pb;
use upcar_proto::events::{ActivityEventsReceived, ReceivedActivity};
use uuid::Uuid;

/// The most events one batch may hold (the spec's client sends 50 at most).
pub const MAX_BATCH: usize = 50;

/// How the ids the service gives to events sent without one begin (a client's id cannot
/// clash with them unless it copies one).
pub const SERVER_ID_PREFIX: &str = "srv-";

const ACCEPTED: &str = "accepted";
const DUPLICATE: &str = "duplicate";
const REJECTED: &str = "rejected";

fn rfc3339(t: DateTime<Utc>) -> String {
    t.to_rfc3339_opts(SecondsFormat::Micros, true)
}

/// Whose ids an event's id is unique among: the signed-in user's, else the session's.
fn scope(who: Option<&Identity>, session: Option<&str>) -> String {
    match (who, session) {
        (Some(id), _) => format!("u:{}", id.user_id),
        (None, Some(s)) => format!("s:{s}"),
        (None, None) => "anon".to_owned(),
    }
}

/// Ingests one batch (or, with `single`, the one event of `activity/log`, whose refusal is
/// then the call's error).
pub async fn ingest(
    state: &AppState,
    who: Option<Identity>,
    r: pb::IngestRequest,
) -> ActivityResult<pb::IngestReply> {
    let single = r.single;
    if r.events_json.is_empty() {
        return Err(ActivityError::ActivitiesRequired);
    }
    if r.events_json.len() > MAX_BATCH {
        return Err(ActivityError::TooManyActivities(MAX_BATCH));
    }
    let received = state.clock.now();
    let sent_at = parse_time(Some(&serde_json::Value::String(r.sent_at.clone())))
        .map_err(|_| ActivityError::InvalidSentAt)?;
    let mut results: Vec<pb::IngestResult> = Vec::with_capacity(r.events_json.len());
    // Each valid event with its id, whether the client gave that id, and its scope.
    let mut valid: Vec<(usize, ClientEvent, String, bool, String)> = Vec::new();
    // Events sent without an id, by content: a second one in the batch is the first resent.
    let mut unnamed: HashMap<String, String> = HashMap::new();
    for (i, raw) in r.events_json.iter().enumerate() {
        match ClientEvent::parse(raw, sent_at, received) {
            Ok(e) => {
                let scope = scope(who.as_ref(), e.session_id.as_deref());
                match e.event_id.clone() {
                    Some(id) => {
                        results.push(result(i, &id, ACCEPTED));
                        valid.push((i, e, id, true, scope));
                    }
                    None => match unnamed.entry(e.content_key()) {
                        Entry::Occupied(first) => results.push(result(i, first.get(), DUPLICATE)),
                        Entry::Vacant(slot) => {
                            let id = format!("{SERVER_ID_PREFIX}{}", Uuid::now_v7());
                            slot.insert(id.clone());
                            results.push(result(i, &id, ACCEPTED));
                            valid.push((i, e, id, false, scope));
                        }
                    },
                }
            }
            Err(e) if single => return Err(e.into()),
            Err(e) => results.push(rejected(i, raw, e)),
        }
    }
    // Ids the service gave are new by construction; only the clients' are claimed.
    let keys: Vec<Option<String>> =
        valid.iter().map(|(_, _, id, given, s)| given.then(|| state.seen.key(s, id))).collect();
    let to_claim: Vec<String> = keys.iter().flatten().cloned().collect();
    let mut claims = state.seen.claim(&to_claim).await.into_iter();
    let mut events = Vec::new();
    let mut claimed = Vec::new();
    for ((i, e, event_id, _, scope), key) in valid.into_iter().zip(keys) {
        let claim = match &key {
            Some(_) => claims.next().unwrap_or(Claim::Unknown),
            None => Claim::New,
        };
        match claim {
            Claim::Duplicate => results[i].status = DUPLICATE.to_owned(),
            Claim::New | Claim::Unknown => {
                if let (Claim::New, Some(key)) = (claim, key) {
                    claimed.push(key);
                }
                events.push(ReceivedActivity {
                    event_id,
                    scope,
                    user_id: who.as_ref().map(|w| w.user_id.to_string()).unwrap_or_default(),
                    session_id: e.session_id.unwrap_or_default(),
                    activity_type: e.activity_type.to_string(),
                    activity_category: e.category.to_string(),
                    metadata_json: serde_json::Value::Object(e.metadata).to_string(),
                    occurred_at: rfc3339(e.occurred_at),
                    client_time: e.client_time.map(rfc3339).unwrap_or_default(),
                    sent_at: sent_at.map(rfc3339).unwrap_or_default(),
                    received_at: rfc3339(received),
                });
            }
        }
    }
    if !events.is_empty()
        && let Err(e) = state.publisher.publish(&ActivityEventsReceived { events }).await
    {
        state.seen.release(&claimed).await;
        return Err(ActivityError::Unavailable(e));
    }
    let count = |s: &str| results.iter().filter(|r| r.status == s).count() as i32;
    Ok(pb::IngestReply {
        accepted: count(ACCEPTED),
        duplicates: count(DUPLICATE),
        rejected: count(REJECTED),
        results,
    })
}

fn result(index: usize, event_id: &str, status: &str) -> pb::IngestResult {
    pb::IngestResult {
        index: index as i32,
        event_id: event_id.to_owned(),
        status: status.to_owned(),
        ..Default::default()
    }
}

/// A refused event's answer: its id when one can be read, the code and the reason.
fn rejected(index: usize, raw: &str, e: EventError) -> pb::IngestResult {
    let event_id = serde_json::from_str::<serde_json::Value>(raw)
        .ok()
        .and_then(|v| match v.get("eventId") {
            Some(serde_json::Value::String(s)) => Some(s.chars().take(100).collect()),
            Some(serde_json::Value::Number(n)) => Some(n.to_string()),
            _ => None,
        })
        .unwrap_or_default();
    pb::IngestResult {
        index: index as i32,
        event_id,
        status: REJECTED.to_owned(),
        error: ActivityError::event_code(e).to_owned(),
        reason: e.to_string(),
    }
}
