//! Each signed-in caller's latest search pages, in Redis, so `cars/checkPrices/{ids}` with
//! only the ids (as spec 000 shows the call) prices the cars for the window the caller
//! searched them in: the newest of their pages holding every one of those cars.
//!
//! An entry is the page's request id and its car ids; the window and age stay inside the id,
//! which only catalog-search reads (`GetSearchPage`). Redis being unreachable only loses
//! entries: the prices then come for the spec's default trip, never an error.

use crate::state::AppState;
use redis::AsyncCommands;
use uuid::Uuid;

/// Pages kept per caller: a search, its next pages and a few refinements.
pub const KEPT: usize = 10;

/// How long a caller's pages are kept after their latest search: as long as catalog-search
/// keeps a page's cars by default (`cache.search_page_ttl_seconds`). An entry outliving its
/// page answers `search_expired`, which the caller of [`holding`] takes as "none".
pub const TTL_SECONDS: i64 = 3600;

fn key(user: Uuid) -> String {
    format!("gateway:searches:{user}")
}

fn entry(request_id: &str, car_ids: &[&str]) -> String {
    format!("{request_id} {}", car_ids.join(","))
}

/// The request id of an entry, when its page holds every one of `cars`.
fn holds<'a>(entry: &'a str, cars: &[String]) -> Option<&'a str> {
    let (request_id, ids) = entry.split_once(' ')?;
    let page: Vec<&str> = ids.split(',').collect();
    (!cars.is_empty() && cars.iter().all(|c| page.contains(&c.as_str()))).then_some(request_id)
}

/// Remembers a search page of `user`, newest first (an empty page is not a page of prices).
pub async fn remember(state: &AppState, user: Uuid, request_id: &str, car_ids: &[&str]) {
    if car_ids.is_empty() || request_id.is_empty() {
        return;
    }
    let key = key(user);
    let Ok(mut conn) = state.redis.get().await else {
        tracing::warn!("search pages not remembered: Redis unreachable");
        return;
    };
    let res: redis::RedisResult<()> = redis::pipe()
        .atomic()
        .lpush(&key, entry(request_id, car_ids))
        .ignore()
        .ltrim(&key, 0, KEPT as isize - 1)
        .ignore()
        .expire(&key, TTL_SECONDS)
        .ignore()
        .query_async(&mut *conn)
        .await;
    if let Err(e) = res {
        tracing::warn!(error = %e, "search pages not remembered");
    }
}

/// The request id of `user`'s newest remembered page holding every one of `cars`.
pub async fn holding(state: &AppState, user: Uuid, cars: &[String]) -> Option<String> {
    let mut conn = state.redis.get().await.ok()?;
    let entries: Vec<String> = match conn.lrange(key(user), 0, KEPT as isize - 1).await {
        Ok(v) => v,
        Err(e) => {
            tracing::warn!(error = %e, "remembered search pages unreadable");
            return None;
        }
    };
    entries.iter().find_map(|e| holds(e, cars)).map(str::to_owned)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_holds_the_cars_only_when_it_has_every_one() {
        let e = entry("r1.2.3.25", &["a", "b", "c"]);
        let cars = |ids: &[&str]| ids.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>();
        assert_eq!(holds(&e, &cars(&["a"])), Some("r1.2.3.25"));
        assert_eq!(holds(&e, &cars(&["c", "a", "b"])), Some("r1.2.3.25"));
        assert_eq!(holds(&e, &cars(&["a", "d"])), None);
        assert_eq!(holds(&e, &cars(&[])), None);
        assert_eq!(holds("damaged", &cars(&["a"])), None);
    }
}
