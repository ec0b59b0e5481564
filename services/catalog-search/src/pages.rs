//! The cars of each search page, kept in Redis by request id for
//! `tripPrice/getPricesByRequestId/{requestId}` (the one call that names a page by its id
//! alone). The window and age need no storage: they are in the id (`domain::search_page`).
//!
//! A search does not wait for this write: pages go through a queue to one writer task, which
//! sends whatever has queued as one pipeline (under load, many pages per round trip). A read
//! that arrives before its page is written (a client asking at once) waits a little for it
//! (`api::search::page`). Redis being down loses pages (their prices stay available by ids
//! and request id), never a search.

use crate::state::AppState;
use deadpool_redis::redis::{self, AsyncCommands};
use tokio::sync::mpsc;
use uuid::Uuid;

/// Pages waiting for the writer at most; beyond that (Redis stalled) new pages are dropped.
const QUEUE: usize = 4096;
/// Pages per pipeline at most.
const BATCH: usize = 256;

/// One page to keep.
#[derive(Debug)]
pub struct Page {
    pub request_id: String,
    pub car_ids: Vec<String>,
}

/// The sending side, held by the service state.
#[derive(Clone)]
pub struct PageWriter {
    tx: mpsc::Sender<Page>,
}

impl PageWriter {
    /// Starts the writer task on the current runtime.
    pub fn start(redis: deadpool_redis::Pool, key_prefix: String, ttl_seconds: u64) -> Self {
        let (tx, rx) = mpsc::channel(QUEUE);
        tokio::spawn(write_pages(rx, redis, key_prefix, ttl_seconds.max(1)));
        Self { tx }
    }

    /// Queues a page (never waits).
    pub fn keep(&self, page: Page) {
        if page.car_ids.is_empty() {
            return;
        }
        if let Err(e) = self.tx.try_send(page) {
            tracing::warn!(error = %e, "search page not kept; its prices stay available by ids");
        }
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

/// The cars of a kept page, in the page's order; None once it expired (or was never kept).
pub async fn cars_of(state: &AppState, request_id: &str) -> Option<Vec<String>> {
    let mut conn = match state.redis.get().await {
        Ok(c) => c,
        Err(e) => {
            tracing::warn!(error = %e, "search pages unreachable");
            return None;
        }
    };
    let key = page_key(&state.cache.key_prefix, request_id);
    let ids: Option<String> = match conn.get(&key).await {
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
