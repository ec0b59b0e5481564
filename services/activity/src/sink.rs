//! The consumer: takes what arrives on this service's queue and stores it in batches, one
//! transaction per batch (up to `ingest.batch_events` events, or `ingest.batch_ms` after the
//! first message), then acknowledges the batch's messages at once. A failed batch is handed
//! back to the broker whole and comes again; the ids seen make its second storing add only
//! what the first did not.

use crate::config::IngestSettings;
use crate::state::AppState;
use crate::store::write::{NewActivity, forget_seen, store_batch};
use diesel_async::AsyncConnection;
use futures::StreamExt;
use lapin::options::{BasicAckOptions, BasicConsumeOptions, BasicNackOptions, BasicQosOptions};
use lapin::types::FieldTable;
use std::sync::Arc;
use std::time::Duration;
use tokio::time::Instant;

/// Consumes `queue` until `shutdown` resolves, reconnecting after broker failures.
pub async fn run(
    state: Arc<AppState>,
    amqp_url: String,
    exchange: String,
    queue: String,
    settings: IngestSettings,
    shutdown: impl std::future::Future<Output = ()>,
) {
    tokio::pin!(shutdown);
    let mut backoff = Duration::from_millis(200);
    loop {
        let session = consume(&state, &amqp_url, &exchange, &queue, &settings);
        tokio::select! {
            () = &mut shutdown => return,
            res = session => match res {
                Ok(()) => tracing::warn!(%queue, "activity consumer stream ended; reconnecting"),
                Err(e) => tracing::warn!(%queue, error = %e, "activity consumer lost its connection; retrying"),
            }
        }
        tokio::select! {
            () = &mut shutdown => return,
            () = tokio::time::sleep(backoff) => {}
        }
        backoff = (backoff * 2).min(Duration::from_secs(5));
    }
}

async fn consume(
    state: &AppState,
    amqp_url: &str,
    exchange: &str,
    queue: &str,
    settings: &IngestSettings,
) -> anyhow::Result<()> {
    let (_conn, channel) =
        upcar_events::open_queue(amqp_url, exchange, queue, &crate::events::routing_keys()).await?;
    channel.basic_qos(settings.prefetch.max(1), BasicQosOptions::default()).await?;
    let mut stream = channel
        .basic_consume(
            queue.into(),
            format!("{queue}-{}", uuid::Uuid::now_v7()).into(),
            BasicConsumeOptions::default(),
            FieldTable::default(),
        )
        .await?;
    let wait = Duration::from_millis(settings.batch_ms);
    loop {
        let Some(first) = stream.next().await else { return Ok(()) };
        let first = first?;
        let mut last_tag = first.delivery_tag;
        let mut batch = activities(&first);
        let mut messages = 1usize;
        let deadline = Instant::now() + wait;
        let mut ended = false;
        while batch.len() < settings.batch_events {
            match tokio::time::timeout_at(deadline, stream.next()).await {
                Ok(Some(d)) => {
                    let d = d?;
                    last_tag = d.delivery_tag;
                    batch.extend(activities(&d));
                    messages += 1;
                }
                Ok(None) => {
                    ended = true;
                    break;
                }
                Err(_) => break,
            }
        }
        let events = batch.len();
        match store(state, batch).await {
            Ok(stored) => {
                tracing::debug!(messages, events, stored, "activity batch stored");
                channel.basic_ack(last_tag, BasicAckOptions { multiple: true }).await?;
            }
            Err(e) => {
                tracing::warn!(messages, events, error = %e, "activity batch failed; it will come again");
                tokio::time::sleep(Duration::from_millis(500)).await;
                channel
                    .basic_nack(last_tag, BasicNackOptions { multiple: true, requeue: true })
                    .await?;
            }
        }
        if ended {
            return Ok(());
        }
    }
}

fn activities(d: &lapin::message::Delivery) -> Vec<NewActivity> {
    let id = d.properties.message_id().as_ref().map(|m| m.as_str());
    crate::events::activities_of(d.routing_key.as_str(), id, &d.data)
}

/// Stores a batch in one transaction; answers how many events were new.
pub async fn store(state: &AppState, batch: Vec<NewActivity>) -> anyhow::Result<usize> {
    if batch.is_empty() {
        return Ok(0);
    }
    let mut conn =
        state.pool.get().await.map_err(|e| anyhow::Error::new(e).context("database pool"))?;
    let stored = conn
        .transaction::<usize, diesel::result::Error, _>(async |c| store_batch(c, batch).await)
        .await?;
    Ok(stored)
}

/// Deletes the ids seen more than 7 days ago, every `every`, in chunks, until `shutdown`.
pub async fn forget_old_ids(
    state: Arc<AppState>,
    every: Duration,
    shutdown: impl std::future::Future<Output = ()>,
) {
    const CHUNK: i64 = 10_000;
    tokio::pin!(shutdown);
    loop {
        loop {
            let now = state.clock.now();
            let done = async {
                let mut conn = state.pool.get().await.map_err(|e| anyhow::anyhow!("{e}"))?;
                Ok::<usize, anyhow::Error>(forget_seen(&mut conn, now, CHUNK).await?)
            }
            .await;
            match done {
                Ok(n) if n as i64 == CHUNK => continue,
                Ok(_) => break,
                Err(e) => {
                    tracing::warn!(error = %e, "could not forget old event ids");
                    break;
                }
            }
        }
        tokio::select! {
            () = &mut shutdown => return,
            () = tokio::time::sleep(every) => {}
        }
    }
}
