//! Car page views, published as `catalog.car_viewed` through the outbox for the activity
//! service's booking funnel.
//!
//! A car page is read from Redis most of the time; a database write per view would be the
//! slowest part of it. So a view never waits for its event: the page read queues it for one
//! writer task, which gathers what arrives within a short linger and writes it into the outbox
//! in one transaction (a round trip per batch of views, not per view). The relay publishes the
//! rows as it does every outbox row (within its poll of 250 ms). Costs of that choice: views
//! queued when the process dies are lost, and when the writer falls behind by more than the
//! queue (the database stalled) new views are dropped and counted in the log; a page read
//! never fails or slows for its view.

use chrono::{SecondsFormat, Utc};
use diesel_async::AsyncConnection;
use tokio::sync::mpsc;
use upcar_db::PgPool;
use upcar_proto::events::CarViewed;

/// Views waiting for the writer at most.
const QUEUE: usize = 8192;
/// Views per transaction at most.
const BATCH: usize = 500;
/// How long the writer gathers views after the first before it writes them.
const LINGER: std::time::Duration = std::time::Duration::from_millis(100);

/// The sending side, held by the service state.
#[derive(Clone)]
pub struct CarViews {
    tx: mpsc::Sender<CarViewed>,
}

impl CarViews {
    /// Starts the writer task on the current runtime; it ends once every sender is dropped,
    /// after writing what it holds.
    pub fn start(pool: PgPool) -> Self {
        let (tx, rx) = mpsc::channel(QUEUE);
        tokio::spawn(write_views(rx, pool));
        Self { tx }
    }

    /// Queues the view of `car_id` (owned by `owner_id`) by `user_id` (empty for an anonymous
    /// visitor). Never waits.
    pub fn record(&self, car_id: &str, owner_id: &str, user_id: Option<uuid::Uuid>) {
        let event = CarViewed {
            car_id: car_id.to_owned(),
            owner_id: owner_id.to_owned(),
            user_id: user_id.map(|u| u.to_string()).unwrap_or_default(),
            occurred_at: Utc::now().to_rfc3339_opts(SecondsFormat::Millis, true),
        };
        if self.tx.try_send(event).is_err() {
            tracing::warn!(car_id, "the car views queue is full; a view was not recorded");
        }
    }
}

async fn write_views(mut rx: mpsc::Receiver<CarViewed>, pool: PgPool) {
    while let Some(first) = rx.recv().await {
        let mut batch = vec![first];
        let deadline = tokio::time::Instant::now() + LINGER;
        while batch.len() < BATCH {
            match tokio::time::timeout_at(deadline, rx.recv()).await {
                Ok(Some(v)) => batch.push(v),
                Ok(None) | Err(_) => break,
            }
        }
        let n = batch.len();
        let written = async {
            let mut conn = pool.get().await.map_err(|e| anyhow::anyhow!("database pool: {e}"))?;
            conn.transaction::<(), diesel::result::Error, _>(async |c| {
                for v in &batch {
                    upcar_events::enqueue(c, v).await?;
                }
                Ok(())
            })
            .await?;
            Ok::<(), anyhow::Error>(())
        }
        .await;
        if let Err(e) = written {
            tracing::warn!(views = n, error = %e, "car views were not written to the outbox");
        }
    }
}
