//! Safe retries. An operation with an `Idempotency-Key` claims the key in its own transaction;
//! a concurrent request with the same key waits on that claim (the primary key) and then
//! replays the stored answer, success or refusal. The same key with a different request is
//! refused. Failures that are not the caller's (a lost connection, a bug) store nothing, so a
//! retry runs again.

use crate::error::{TripsError, TripsResult};
use crate::store::idempotency;
use diesel_async::AsyncPgConnection;
use prost::Message;
use upcar_errors::{ErrorCode, ErrorKind};
use upcar_proto::trips as pb;
use uuid::Uuid;

/// A key as sent: 1 to 255 visible characters.
pub fn key_of(k: &str) -> TripsResult<Option<String>> {
    let k = k.trim();
    if k.is_empty() {
        return Ok(None);
    }
    if k.len() > 255 || k.chars().any(|c| c.is_control()) {
        return Err(TripsError::BadIdempotencyKey);
    }
    Ok(Some(k.to_owned()))
}

/// A request's fingerprint: its canonical encoding without the key.
pub fn fingerprint<M: Message>(m: &M) -> String {
    m.encode_to_vec().iter().map(|b| format!("{b:02x}")).collect()
}

fn kind_of(name: &str) -> ErrorKind {
    [
        ErrorKind::InvalidInput,
        ErrorKind::Unauthenticated,
        ErrorKind::Forbidden,
        ErrorKind::NotFound,
        ErrorKind::Conflict,
        ErrorKind::PayloadTooLarge,
        ErrorKind::RateLimited,
    ]
    .into_iter()
    .find(|k| k.default_code() == name)
    .unwrap_or(ErrorKind::Conflict)
}

/// Claims `key` for this request inside its transaction. `None`: the key is new (or absent) and
/// the operation runs. `Some(answer)`: another request holds the key; its stored answer (or the
/// refusal of a key reused for another request) is replayed.
pub async fn claim_or_replay<M: Message + Default>(
    conn: &mut AsyncPgConnection,
    user: Uuid,
    key: Option<&str>,
    operation: &str,
    hash: &str,
) -> TripsResult<Option<TripsResult<M>>> {
    let Some(k) = key else { return Ok(None) };
    if idempotency::claim(conn, user, k, operation, hash).await? {
        return Ok(None);
    }
    let replay = stored_as(conn, user, k, operation, hash)
        .await?
        .ok_or_else(|| TripsError::Internal(anyhow::anyhow!("idempotency key vanished")))?;
    Ok(Some(replay))
}

/// The stored answer of a key, if the key was used before.
pub async fn stored(
    conn: &mut AsyncPgConnection,
    user: Uuid,
    key: &str,
    operation: &str,
    hash: &str,
) -> TripsResult<Option<TripsResult<pb::TripReply>>> {
    stored_as(conn, user, key, operation, hash).await
}

/// [`stored`] for any answer message.
pub async fn stored_as<M: Message + Default>(
    conn: &mut AsyncPgConnection,
    user: Uuid,
    key: &str,
    operation: &str,
    hash: &str,
) -> TripsResult<Option<TripsResult<M>>> {
    let Some(s) = idempotency::get(conn, user, key).await? else { return Ok(None) };
    if s.operation != operation || s.request_hash != hash {
        return Ok(Some(Err(TripsError::IdempotencyKeyReused)));
    }
    if let Some(bytes) = s.response {
        let reply = M::decode(bytes.as_slice()).map_err(anyhow::Error::from)?;
        return Ok(Some(Ok(reply)));
    }
    match (s.error_code, s.error_message) {
        (Some(code), Some(message)) => {
            let (kind, code) = code.split_once(':').unwrap_or(("conflict", code.as_str()));
            Ok(Some(Err(TripsError::Replayed {
                kind: kind_of(kind),
                code: code.to_owned(),
                message,
            })))
        }
        // Claimed by a request still running on another connection (only visible outside its
        // transaction once it commits): treat as a conflict the caller can retry.
        _ => Ok(Some(Err(TripsError::RequestInProgress))),
    }
}

/// Records the answer of a claimed key (success or the caller's error).
pub async fn record<M: Message>(
    conn: &mut AsyncPgConnection,
    user: Uuid,
    key: &str,
    result: &TripsResult<M>,
) -> TripsResult<()> {
    match result {
        Ok(reply) => {
            idempotency::finish(conn, user, key, Some(&reply.encode_to_vec()), None).await?
        }
        Err(e) => {
            let code = e.code_seen();
            let stored_code = format!("{}:{code}", e.kind().default_code());
            idempotency::finish(conn, user, key, None, Some((&stored_code, &e.to_string()))).await?
        }
    }
    Ok(())
}

/// Whether an error is the caller's (stored and replayed) rather than a failure to retry.
pub fn is_answer(e: &TripsError) -> bool {
    !matches!(e.kind(), ErrorKind::Internal | ErrorKind::Unavailable)
}
