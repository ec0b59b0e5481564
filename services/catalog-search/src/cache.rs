//! Hot reads kept in Redis: car pages (`GetCar`) and the list of makes of active cars (the one
//! enum read from the database; the other lists are compiled in). Entries are dropped when the
//! car's change event is emitted: the pricing feed publishes `catalog.car_pricing_changed` for
//! every car row that changed (`updated_at`), and drops the car's entry and the makes list
//! right after that commit. Each entry also expires (`car_ttl_seconds`) as a safety net.
//! Redis being down never fails a read: the database answers and the failure is logged.

use crate::state::AppState;
use deadpool_redis::redis::AsyncCommands;
use prost::Message;
use uuid::Uuid;

/// Cache settings.
#[derive(Debug, Clone, serde::Deserialize)]
#[serde(default)]
pub struct CacheSettings {
    /// Prefix of this deployment's keys (tests use their own).
    pub key_prefix: String,
    /// Longest a car page or the makes list is kept.
    pub car_ttl_seconds: u64,
    /// How long a search's request id answers its page (window, and the cars for prices by
    /// request id).
    pub search_page_ttl_seconds: u64,
}

impl Default for CacheSettings {
    fn default() -> Self {
        Self {
            key_prefix: "catalog".to_owned(),
            car_ttl_seconds: 300,
            search_page_ttl_seconds: 3600,
        }
    }
}

/// The key of a car page.
pub fn car_key(state: &AppState, id: Uuid) -> String {
    format!("{}:car:{id}", state.cache.key_prefix)
}

/// The key of the makes of active cars.
pub fn makes_key(state: &AppState) -> String {
    format!("{}:enum:availableCarMakes", state.cache.key_prefix)
}

/// A cached protobuf message, or None (missing, undecodable, or Redis unreachable).
pub async fn get<M: Message + Default>(state: &AppState, key: &str) -> Option<M> {
    let mut conn = match state.redis.get().await {
        Ok(c) => c,
        Err(e) => {
            tracing::warn!(error = %e, "cache unreachable; reading the database");
            return None;
        }
    };
    let bytes: Option<Vec<u8>> = match conn.get(key).await {
        Ok(b) => b,
        Err(e) => {
            tracing::warn!(error = %e, "cache read failed; reading the database");
            return None;
        }
    };
    M::decode(bytes?.as_slice()).ok()
}

/// Keeps a message for the configured time (best effort).
pub async fn put<M: Message>(state: &AppState, key: &str, value: &M) {
    let Ok(mut conn) = state.redis.get().await else { return };
    let ttl = state.cache.car_ttl_seconds.max(1);
    if let Err(e) = conn.set_ex::<_, _, ()>(key, value.encode_to_vec(), ttl).await {
        tracing::warn!(error = %e, "cache write failed");
    }
}

/// Drops the entries of these changed cars and the makes list.
pub async fn forget_cars(state: &AppState, ids: &[Uuid]) {
    if ids.is_empty() {
        return;
    }
    let mut keys: Vec<String> = ids.iter().map(|id| car_key(state, *id)).collect();
    keys.push(makes_key(state));
    match state.redis.get().await {
        Ok(mut conn) => {
            if let Err(e) = conn.del::<_, ()>(keys).await {
                tracing::warn!(error = %e, "cache invalidation failed; entries expire on their own");
            }
        }
        Err(e) => tracing::warn!(error = %e, "cache unreachable for invalidation"),
    }
}
