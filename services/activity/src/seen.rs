//! The event ids seen in the last 7 days, in Redis, for the answer's duplicates: one key per
//! id, set only if absent (`SET NX EX`), so of two sends of one id exactly one is accepted.
//! The database's `activity_seen` is the guard that counts: should Redis lose keys (restart,
//! eviction) or be down, an event may be answered `accepted` twice but is stored once.
//! Cost: one key per event id for 7 days (about 100 bytes each).

use crate::domain::DEDUPE_WINDOW_DAYS;

const TTL_SECS: u64 = DEDUPE_WINDOW_DAYS as u64 * 24 * 3600;

/// The Redis side of deduplication.
#[derive(Clone)]
pub struct Seen {
    redis: deadpool_redis::Pool,
    prefix: String,
}

/// What [`Seen::claim`] found for each id.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Claim {
    /// First seen now: this call set the key.
    New,
    /// Seen in the last 7 days.
    Duplicate,
    /// Redis did not answer; the database will tell.
    Unknown,
}

impl Seen {
    /// Keys under `{prefix}:seen:`.
    pub fn new(redis: deadpool_redis::Pool, prefix: &str) -> Self {
        Self { redis, prefix: prefix.to_owned() }
    }

    /// The key of an event id within its scope.
    pub fn key(&self, scope: &str, event_id: &str) -> String {
        format!("{}:seen:{scope}:{event_id}", self.prefix)
    }

    /// Marks each key seen, in one round trip; answers for each whether it was new.
    pub async fn claim(&self, keys: &[String]) -> Vec<Claim> {
        if keys.is_empty() {
            return Vec::new();
        }
        let mut pipe = redis::pipe();
        for k in keys {
            pipe.cmd("SET").arg(k).arg(1).arg("NX").arg("EX").arg(TTL_SECS);
        }
        let answered: Result<Vec<Option<String>>, String> = async {
            let mut conn = self.redis.get().await.map_err(|e| e.to_string())?;
            pipe.query_async(&mut *conn).await.map_err(|e| e.to_string())
        }
        .await;
        match answered {
            Ok(set) if set.len() == keys.len() => set
                .into_iter()
                .map(|s| if s.is_some() { Claim::New } else { Claim::Duplicate })
                .collect(),
            Ok(_) | Err(_) => {
                tracing::warn!(error = ?answered.err(), "redis did not answer the seen check; the database dedupes");
                vec![Claim::Unknown; keys.len()]
            }
        }
    }

    /// Forgets keys this service set for events that were then not published, so a resend is
    /// accepted. Best effort: a key left behind only makes the resend answer `duplicate`
    /// for an event that was never stored, which is why it is tried hard (three times).
    pub async fn release(&self, keys: &[String]) {
        if keys.is_empty() {
            return;
        }
        for attempt in 0..3 {
            let done: Result<(), String> = async {
                let mut conn = self.redis.get().await.map_err(|e| e.to_string())?;
                redis::cmd("DEL")
                    .arg(keys)
                    .query_async::<i64>(&mut *conn)
                    .await
                    .map_err(|e| e.to_string())?;
                Ok(())
            }
            .await;
            match done {
                Ok(()) => return,
                Err(e) => {
                    tracing::warn!(error = %e, attempt, "could not release seen keys");
                    tokio::time::sleep(std::time::Duration::from_millis(50)).await;
                }
            }
        }
    }
}
