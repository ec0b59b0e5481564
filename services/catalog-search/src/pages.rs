//! The cars of each search page, kept in Redis by request id for
//! `tripPrice/getPricesByRequestId/{requestId}` (the one call that names a page by its id
//! alone). The window and age need no storage: they are in the id (`domain::search_page`).
//!
//! A search does not wait for this write: pages go through a queue to one writer task, which
//! gathers what arrives within a short linger and sends it as one pipeline (a Redis round trip
//! per batch of pages, not per search). The replica that ran a search also keeps its most
//! recent pages in memory, so the usual next call (the client pricing the page it was just
//! shown) reads them without Redis; a read on another replica that arrives before the page is
//! written waits a little for it (`api::search::page`). Redis being down, or a replica stopping
//! within a linger of its last searches, loses those pages for other replicas (their prices
//! stay available by ids and request id; the client searches again), never a search.

use crate::state::AppState;
use deadpool_redis::redis::{self, AsyncCommands};
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::mpsc;
use uuid::Uuid;

/// Pages waiting for the writer at most; beyond that (Redis stalled) new pages are dropped.
const QUEUE: usize = 4096;
/// Pages per pipeline at most.
const BATCH: usize = 256;
/// How long the writer gathers pages after the first before it writes them.
const LINGER: Duration = Duration::from_millis(20);
/// Pages each replica keeps in memory (about 1 KiB each for a page of 20).
const RECENT: usize = 4096;

/// One page to keep.
#[derive(Debug)]
pub struct Page {
    pub request_id: String,
    pub car_ids: Vec<String>,
}

/// The sending side, held by the service state, with the replica's recent pages.
#[derive(Clone)]
pub struct PageWriter {
    tx: mpsc::Sender<Page>,
    recent: Arc<Mutex<Recent>>,
}

/// The last `RECENT` pages of this replica, oldest first in `order`.
#[derive(Default)]
struct Recent {
    cars: HashMap<String, Arc<[String]>>,
    order: VecDeque<String>,
}

impl PageWriter {
    /// Starts the writer task on the current runtime.
    pub fn start(redis: deadpool_redis::Pool, key_prefix: String, ttl_seconds: u64) -> Self {
        let (tx, rx) = mpsc::channel(QUEUE);
        tokio::spawn(write_pages(rx, redis, key_prefix, ttl_seconds.max(1)));
        Self { tx, recent: Arc::default() }
    }

    /// Keeps a page in memory and queues it for Redis (never waits).
    pub fn keep(&self, page: Page) {
        if page.car_ids.is_empty() {
            return;
        }
        if let Ok(mut recent) = self.recent.lock() {
            recent.insert(&page, RECENT);
        }
        if let Err(e) = self.tx.try_send(page) {
            tracing::warn!(error = %e, "search page not kept; its prices stay available by ids");
        }
    }

    /// A page this replica kept lately, without asking Redis.
    fn recent(&self, request_id: &str) -> Option<Arc<[String]>> {
        self.recent.lock().ok()?.get(request_id)
    }
}

impl Recent {
    /// Adds a page, forgetting the oldest beyond `capacity`.
    fn insert(&mut self, page: &Page, capacity: usize) {
        while self.order.len() >= capacity.max(1)
            && let Some(oldest) = self.order.pop_front()
        {
            self.cars.remove(&oldest);
        }
        self.order.push_back(page.request_id.clone());
        self.cars.insert(page.request_id.clone(), Arc::from(page.car_ids.as_slice()));
    }

    fn get(&self, request_id: &str) -> Option<Arc<[String]>> {
        self.cars.get(request_id).cloned()
    }
}

/// The key of a page.
pub fn page_key(prefix: &str, request_id: &str) -> String {
    format!("{prefix}:search:{request_id}")
}

async fn write_pages(
    mut rx: mpsc::Receiver<Page>,
    redis: deadpool_redis::Pool,
    prefix: String,
    ttl: u64,
) {
    let mut batch = Vec::with_capacity(BATCH);
    while rx.recv_many(&mut batch, BATCH).await > 0 {
        // Gather what else arrives within the linger (or until the batch is full); a closed
        // queue (shutdown) ends the wait and the batch is still written.
        let until = tokio::time::Instant::now() + LINGER;
        while batch.len() < BATCH {
            let room = BATCH - batch.len();
            match tokio::time::timeout_at(until, rx.recv_many(&mut batch, room)).await {
                Ok(n) if n > 0 => {}
                _ => break,
            }
        }
        let mut pipe = redis::pipe();
        for p in batch.drain(..) {
            pipe.set_ex(page_key(&prefix, &p.request_id), p.car_ids.join(","), ttl).ignore();
        }
        match redis.get().await {
            Ok(mut conn) => {
                if let Err(e) = pipe.query_async::<()>(&mut conn).await {
                    tracing::warn!(error = %e, "search pages not kept");
                }
            }
            Err(e) => tracing::warn!(error = %e, "search pages not kept: Redis unreachable"),
        }
    }
}

/// The cars of a kept page, in the page's order: from this replica's memory when it ran the
/// search lately, else from Redis; None once it expired (or was never kept).
pub async fn cars_of(state: &AppState, request_id: &str) -> Option<Vec<String>> {
    if let Some(cars) = state.pages.recent(request_id) {
        return Some(cars.to_vec());
    }
    stored(&state.redis, &state.cache.key_prefix, request_id).await
}

/// The cars of a page as Redis holds it (what every other replica reads).
pub async fn stored(
    redis: &deadpool_redis::Pool,
    prefix: &str,
    request_id: &str,
) -> Option<Vec<String>> {
    let mut conn = match redis.get().await {
        Ok(c) => c,
        Err(e) => {
            tracing::warn!(error = %e, "search pages unreachable");
            return None;
        }
    };
    let ids: Option<String> = match conn.get(page_key(prefix, request_id)).await {
        Ok(v) => v,
        Err(e) => {
            tracing::warn!(error = %e, "search page read failed");
            return None;
        }
    };
    let ids: Vec<String> =
        ids?.split(',').filter(|s| Uuid::try_parse(s).is_ok()).map(str::to_owned).collect();
    (!ids.is_empty()).then_some(ids)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(n: usize) -> Page {
        Page { request_id: format!("r{n}"), car_ids: vec![format!("c{n}"), format!("d{n}")] }
    }

    #[test]
    fn recent_pages_keep_their_order_and_forget_the_oldest_beyond_capacity() {
        let mut recent = Recent::default();
        for n in 0..5 {
            recent.insert(&page(n), 3);
        }
        assert_eq!(recent.get("r0"), None);
        assert_eq!(recent.get("r1"), None);
        for n in 2..5 {
            let want: Arc<[String]> = Arc::from(page(n).car_ids.as_slice());
            assert_eq!(recent.get(&format!("r{n}")), Some(want));
        }
        assert_eq!((recent.cars.len(), recent.order.len()), (3, 3));
    }
}
