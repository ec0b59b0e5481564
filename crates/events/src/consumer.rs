//! Idempotent consumption of integration events.

use crate::schema::processed_events::dsl as p;
use diesel::prelude::*;
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
use futures::StreamExt;
use lapin::options::{
    BasicAckOptions, BasicConsumeOptions, BasicNackOptions, BasicQosOptions,
    ExchangeDeclareOptions, QueueBindOptions, QueueDeclareOptions,
};
use lapin::types::{AMQPValue, FieldTable};
use lapin::{Connection, ConnectionProperties, ExchangeKind};
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;
use upcar_db::PgPool;
use uuid::Uuid;

/// One received event.
#[derive(Debug, Clone)]
pub struct Envelope {
    /// Event id (AMQP message_id), unique per event.
    pub id: Uuid,
    /// Routing key / event name.
    pub event_type: String,
    /// Protobuf body.
    pub payload: Vec<u8>,
    /// Trace context and other headers.
    pub headers: HashMap<String, String>,
}

impl Envelope {
    /// Decodes the body as `E`.
    pub fn decode<E: prost::Message + Default>(&self) -> Result<E, prost::DecodeError> {
        E::decode(self.payload.as_slice())
    }
}

/// Applies events. Runs inside the transaction that records the event id, so its writes and
/// the "processed" mark commit together.
#[async_trait::async_trait]
pub trait EventHandler: Send + Sync + 'static {
    /// Applies one event.
    async fn handle(&self, conn: &mut AsyncPgConnection, event: &Envelope) -> anyhow::Result<()>;

    /// Runs after the transaction that applied `event` committed (not for duplicates), e.g.
    /// to drop what an in-process cache holds about it.
    async fn committed(&self, _event: &Envelope) {}
}

/// Consumes `routing_keys` into the durable queue `consumer` until `shutdown` resolves,
/// reconnecting after broker failures.
pub async fn run_consumer(
    pool: PgPool,
    amqp_url: String,
    exchange: String,
    consumer: String,
    routing_keys: Vec<String>,
    handler: Arc<dyn EventHandler>,
    shutdown: impl std::future::Future<Output = ()>,
) {
    tokio::pin!(shutdown);
    let mut backoff = Duration::from_millis(200);
    loop {
        let session = consume_once(&pool, &amqp_url, &exchange, &consumer, &routing_keys, &handler);
        tokio::select! {
            () = &mut shutdown => return,
            res = session => match res {
                Ok(()) => tracing::warn!(%consumer, "consumer stream ended; reconnecting"),
                Err(e) => tracing::warn!(%consumer, error = %e, "consumer lost its connection; retrying"),
            }
        }
        tokio::select! {
            () = &mut shutdown => return,
            () = tokio::time::sleep(backoff) => {}
        }
        backoff = (backoff * 2).min(Duration::from_secs(5));
    }
}

/// Declares the exchange and the consumer's durable queue with its bindings, and answers the
/// open connection and channel.
async fn declare(
    amqp_url: &str,
    exchange: &str,
    consumer: &str,
    routing_keys: &[String],
) -> anyhow::Result<(Connection, lapin::Channel)> {
    let conn = Connection::connect(amqp_url, ConnectionProperties::default()).await?;
    let channel = conn.create_channel().await?;
    channel
        .exchange_declare(
            exchange.into(),
            ExchangeKind::Topic,
            ExchangeDeclareOptions { durable: true, ..Default::default() },
            FieldTable::default(),
        )
        .await?;
    let mut args = FieldTable::default();
    // Quorum queues keep messages through a broker restart and replicate in a cluster.
    args.insert("x-queue-type".into(), AMQPValue::LongString("quorum".into()));
    channel
        .queue_declare(
            consumer.into(),
            QueueDeclareOptions { durable: true, ..Default::default() },
            args,
        )
        .await?;
    for key in routing_keys {
        channel
            .queue_bind(
                consumer.into(),
                exchange.into(),
                key.as_str().into(),
                QueueBindOptions::default(),
                FieldTable::default(),
            )
            .await?;
    }
    Ok((conn, channel))
}

/// Declares the exchange and a consumer's durable queue with its bindings, and answers the
/// open connection and channel: for a consumer that reads its queue itself (one that stores
/// what arrives in batches, say) instead of through [`run_consumer`]. Keep the connection for
/// as long as the channel is used.
pub async fn open_queue(
    amqp_url: &str,
    exchange: &str,
    consumer: &str,
    routing_keys: &[String],
) -> anyhow::Result<(Connection, lapin::Channel)> {
    declare(amqp_url, exchange, consumer, routing_keys).await
}

/// Declares a consumer's durable queue and bindings ahead of consuming. A service calls this
/// at start-up so events published from then on are kept for it even before its consumer
/// runs (on a broker that never saw the queue, an event with no bound queue is dropped).
pub async fn declare_queue(
    amqp_url: &str,
    exchange: &str,
    consumer: &str,
    routing_keys: &[String],
) -> anyhow::Result<()> {
    let (conn, _channel) = declare(amqp_url, exchange, consumer, routing_keys).await?;
    let _ = conn.close(200, "declared".into()).await;
    Ok(())
}

/// [`declare_queue`] at start-up, best effort: at most 5 seconds, and a broker that cannot be
/// reached is only logged (the consumer declares the queue again when it connects).
pub async fn declare_queue_at_start(
    amqp_url: &str,
    exchange: &str,
    consumer: &str,
    routing_keys: &[String],
) {
    let declared = tokio::time::timeout(
        Duration::from_secs(5),
        declare_queue(amqp_url, exchange, consumer, routing_keys),
    )
    .await;
    if !matches!(declared, Ok(Ok(()))) {
        tracing::warn!(%consumer, "could not declare the queue at start; the consumer will");
    }
}

async fn consume_once(
    pool: &PgPool,
    amqp_url: &str,
    exchange: &str,
    consumer: &str,
    routing_keys: &[String],
    handler: &Arc<dyn EventHandler>,
) -> anyhow::Result<()> {
    // Held until this function returns, keeping the channel open.
    let (_conn, channel) = declare(amqp_url, exchange, consumer, routing_keys).await?;
    channel.basic_qos(32, BasicQosOptions::default()).await?;
    let mut stream = channel
        .basic_consume(
            consumer.into(),
            format!("{consumer}-{}", Uuid::now_v7()).into(),
            BasicConsumeOptions::default(),
            FieldTable::default(),
        )
        .await?;
    while let Some(delivery) = stream.next().await {
        let delivery = delivery?;
        let envelope = match envelope_of(&delivery) {
            Some(e) => e,
            None => {
                upcar_telemetry::metrics::event_consumed(consumer, "dropped", None);
                tracing::error!(%consumer, "dropping a message without a valid id");
                delivery.nack(BasicNackOptions { requeue: false, ..Default::default() }).await?;
                continue;
            }
        };
        let span = tracing::info_span!("consume", %consumer, event_id = %envelope.id, event_type = %envelope.event_type);
        upcar_telemetry::set_parent_from_map(&span, &envelope.headers);
        let outcome =
            tracing::Instrument::instrument(apply(pool, consumer, handler, &envelope), span).await;
        match outcome {
            Ok(fresh) => {
                delivery.ack(BasicAckOptions::default()).await?;
                let outcome = if fresh { "applied" } else { "duplicate" };
                upcar_telemetry::metrics::event_consumed(
                    consumer,
                    outcome,
                    Some(lag_seconds(envelope.id)),
                );
            }
            Err(e) => {
                upcar_telemetry::metrics::event_consumed(consumer, "failed", None);
                tracing::warn!(%consumer, event_id = %envelope.id, error = %e, "event failed; will be redelivered");
                tokio::time::sleep(Duration::from_millis(500)).await;
                delivery.nack(BasicNackOptions { requeue: true, ..Default::default() }).await?;
            }
        }
    }
    Ok(())
}

/// Seconds since the event was written: its id is a UUIDv7, whose first 48 bits are the
/// Unix time in milliseconds of its outbox row.
fn lag_seconds(id: Uuid) -> f64 {
    let written_ms = (id.as_u128() >> 80) as i64;
    (chrono::Utc::now().timestamp_millis() - written_ms) as f64 / 1000.0
}

fn envelope_of(d: &lapin::message::Delivery) -> Option<Envelope> {
    let id = d.properties.message_id().as_ref()?.as_str().parse().ok()?;
    let mut headers = HashMap::new();
    if let Some(table) = d.properties.headers() {
        for (k, v) in table.inner() {
            if let AMQPValue::LongString(s) = v {
                headers.insert(
                    k.as_str().to_owned(),
                    String::from_utf8_lossy(s.as_bytes()).into_owned(),
                );
            }
        }
    }
    Some(Envelope {
        id,
        event_type: d.routing_key.as_str().to_owned(),
        payload: d.data.clone(),
        headers,
    })
}

/// Applies one event exactly once per consumer; returns false for a duplicate.
pub(crate) async fn apply(
    pool: &PgPool,
    consumer: &str,
    handler: &Arc<dyn EventHandler>,
    envelope: &Envelope,
) -> anyhow::Result<bool> {
    let mut conn = pool.get().await?;
    let fresh = conn
        .transaction::<bool, anyhow::Error, _>(async |conn| {
            let fresh = diesel::insert_into(p::processed_events)
                .values((p::consumer.eq(consumer), p::event_id.eq(envelope.id)))
                .on_conflict_do_nothing()
                .execute(conn)
                .await?
                == 1;
            if fresh {
                handler.handle(conn, envelope).await?;
            } else {
                tracing::debug!(event_id = %envelope.id, "duplicate event absorbed");
            }
            Ok(fresh)
        })
        .await?;
    if fresh {
        handler.committed(envelope).await;
    }
    Ok(fresh)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_lag_reads_the_time_in_the_event_id() {
        let lag = super::lag_seconds(uuid::Uuid::now_v7());
        assert!((0.0..1.0).contains(&lag), "{lag}");
    }
}
