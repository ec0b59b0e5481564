//! Publishes outbox rows to RabbitMQ with publisher confirms.

use crate::schema::outbox::dsl as o;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::{AsyncConnection, RunQueryDsl};
use lapin::options::{BasicPublishOptions, ConfirmSelectOptions, ExchangeDeclareOptions};
use lapin::types::{AMQPValue, FieldTable};
use lapin::{BasicProperties, Channel, Connection, ConnectionProperties, ExchangeKind};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Notify;
use upcar_db::PgPool;
use uuid::Uuid;

const BATCH: i64 = 200;
const IDLE_POLL: Duration = Duration::from_millis(250);

#[derive(Queryable, Selectable)]
#[diesel(table_name = crate::schema::outbox)]
struct Row {
    id: Uuid,
    event_type: String,
    payload: Vec<u8>,
    headers: serde_json::Value,
    created_at: DateTime<Utc>,
}

/// The outbox relay of one service.
#[derive(Clone)]
pub struct Relay {
    pool: PgPool,
    amqp_url: String,
    exchange: String,
    producer: String,
    wake: Arc<Notify>,
}

impl Relay {
    /// A relay for `producer` (the service name, written as AMQP `app_id`).
    pub fn new(pool: PgPool, amqp_url: &str, exchange: &str, producer: &str) -> Self {
        Self {
            pool,
            amqp_url: amqp_url.to_owned(),
            exchange: exchange.to_owned(),
            producer: producer.to_owned(),
            wake: Arc::new(Notify::new()),
        }
    }

    /// Call after committing a transaction that enqueued events, to publish without waiting
    /// for the next poll.
    pub fn wake(&self) {
        self.wake.notify_one();
    }

    /// Runs until `shutdown` resolves, reconnecting after broker failures.
    pub async fn run(self, shutdown: impl std::future::Future<Output = ()>) {
        tokio::pin!(shutdown);
        let mut backoff = Duration::from_millis(200);
        loop {
            let session = async {
                let (_conn, channel) = self.connect().await?;
                backoff = Duration::from_millis(200);
                loop {
                    let published = self.publish_batch(&channel).await?;
                    if published < BATCH as usize {
                        let _ = tokio::time::timeout(IDLE_POLL, self.wake.notified()).await;
                    }
                }
                #[allow(unreachable_code)]
                Ok::<(), anyhow::Error>(())
            };
            tokio::select! {
                () = &mut shutdown => return,
                res = session => {
                    if let Err(e) = res {
                        tracing::warn!(error = %e, "outbox relay lost its connection; retrying");
                    }
                }
            }
            tokio::select! {
                () = &mut shutdown => return,
                () = tokio::time::sleep(backoff) => {}
            }
            backoff = (backoff * 2).min(Duration::from_secs(5));
        }
    }

    async fn connect(&self) -> anyhow::Result<(Connection, Channel)> {
        let conn = Connection::connect(&self.amqp_url, ConnectionProperties::default()).await?;
        let channel = conn.create_channel().await?;
        channel
            .exchange_declare(
                self.exchange.as_str().into(),
                ExchangeKind::Topic,
                ExchangeDeclareOptions { durable: true, ..Default::default() },
                FieldTable::default(),
            )
            .await?;
        channel.confirm_select(ConfirmSelectOptions::default()).await?;
        Ok((conn, channel))
    }

    /// Publishes up to one batch; returns how many rows were published.
    async fn publish_batch(&self, channel: &Channel) -> anyhow::Result<usize> {
        let mut conn = self.pool.get().await?;
        let exchange = self.exchange.clone();
        let producer = self.producer.clone();
        conn.transaction::<usize, anyhow::Error, _>(async |conn| {
                // Marking rows published need not wait for the disk: if a crash loses the mark,
                // the rows are published again and consumers drop the repeats by event id.
                diesel::sql_query("SET LOCAL synchronous_commit = off").execute(conn).await?;
                // SKIP LOCKED lets several replicas of a service relay side by side.
                let rows: Vec<Row> = o::outbox
                    .filter(o::published_at.is_null())
                    .order(o::id.asc())
                    .limit(BATCH)
                    .for_update()
                    .skip_locked()
                    .select(Row::as_select())
                    .load(conn)
                    .await?;
                if rows.is_empty() {
                    return Ok(0);
                }
                let mut confirms = Vec::with_capacity(rows.len());
                for row in &rows {
                    let mut headers = FieldTable::default();
                    if let Some(map) = row.headers.as_object() {
                        for (k, v) in map {
                            if let Some(v) = v.as_str() {
                                headers.insert(k.as_str().into(), AMQPValue::LongString(v.into()));
                            }
                        }
                    }
                    let props = BasicProperties::default()
                        .with_message_id(row.id.to_string().into())
                        .with_type(row.event_type.as_str().into())
                        .with_app_id(producer.as_str().into())
                        .with_content_type("application/protobuf".into())
                        .with_timestamp(row.created_at.timestamp().max(0) as u64)
                        .with_delivery_mode(2)
                        .with_headers(headers);
                    confirms.push(
                        channel
                            .basic_publish(
                                exchange.as_str().into(),
                                row.event_type.as_str().into(),
                                BasicPublishOptions::default(),
                                &row.payload,
                                props,
                            )
                            .await?,
                    );
                }
                // Pipelined confirms: publish the batch, then wait for all acks.
                for confirm in confirms {
                    let c = confirm.await?;
                    anyhow::ensure!(!c.is_nack(), "broker refused an event");
                }
                let ids: Vec<Uuid> = rows.iter().map(|r| r.id).collect();
                diesel::update(o::outbox.filter(o::id.eq_any(&ids)))
                    // After the broker confirmed them (`now()` would be this transaction's start,
                    // before the publish).
                    .set(o::published_at.eq(diesel::dsl::sql::<diesel::sql_types::Nullable<diesel::sql_types::Timestamptz>>(
                        "clock_timestamp()",
                    )))
                    .execute(conn)
                    .await?;
                let now = Utc::now();
                for row in &rows {
                    let lag_ms = (now - row.created_at).num_milliseconds();
                    upcar_telemetry::metrics::outbox_published(&producer, lag_ms as f64 / 1000.0);
                    tracing::debug!(event_id = %row.id, event_type = %row.event_type, lag_ms, "event published");
                }
                Ok(rows.len())
        })
        .await
    }
}
