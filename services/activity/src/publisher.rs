//! Publishes the accepted events of an ingestion call to the broker and waits for its confirm:
//! the call answers only once the events are safe there. One connection and channel in
//! confirm mode, shared by every call (lapin pipelines their publishes and matches each
//! confirm to its message); after a broker failure the next call connects again.

use lapin::options::{BasicPublishOptions, ConfirmSelectOptions, ExchangeDeclareOptions};
use lapin::types::FieldTable;
use lapin::{BasicProperties, Channel, Connection, ConnectionProperties, ExchangeKind};
use std::time::Duration;
use tokio::sync::Mutex;
use upcar_events::IntegrationEvent;
use uuid::Uuid;

/// How long a call waits for the broker before answering 503.
const CONFIRM_TIMEOUT: Duration = Duration::from_secs(5);

/// How long closing a failed connection may take before it is dropped instead.
const CLOSE_TIMEOUT: Duration = Duration::from_secs(1);

/// The shared confirm-mode channel.
pub struct Publisher {
    url: String,
    exchange: String,
    open: Mutex<Option<(Connection, Channel)>>,
}

impl Publisher {
    /// Connects on first use.
    pub fn new(url: &str, exchange: &str) -> Self {
        Self { url: url.to_owned(), exchange: exchange.to_owned(), open: Mutex::new(None) }
    }

    async fn channel(&self) -> anyhow::Result<Channel> {
        let mut open = self.open.lock().await;
        if let Some((conn, ch)) = open.as_ref()
            && conn.status().connected()
            && ch.status().connected()
        {
            return Ok(ch.clone());
        }
        *open = None;
        let conn = Connection::connect(&self.url, ConnectionProperties::default()).await?;
        let ch = conn.create_channel().await?;
        ch.exchange_declare(
            self.exchange.as_str().into(),
            ExchangeKind::Topic,
            ExchangeDeclareOptions { durable: true, ..Default::default() },
            FieldTable::default(),
        )
        .await?;
        ch.confirm_select(ConfirmSelectOptions::default()).await?;
        *open = Some((conn, ch.clone()));
        Ok(ch)
    }

    /// Publishes `event` (persistent, mandatory) and waits for the broker's confirm. An
    /// unroutable message (no queue bound yet) counts as a failure: it would be lost.
    pub async fn publish<E: IntegrationEvent>(&self, event: &E) -> anyhow::Result<()> {
        let attempt = async {
            let ch = self.channel().await?;
            let id = Uuid::now_v7();
            let mut headers = FieldTable::default();
            for (k, v) in upcar_telemetry::current_context_map() {
                headers.insert(
                    k.as_str().into(),
                    lapin::types::AMQPValue::LongString(v.as_str().into()),
                );
            }
            let props = BasicProperties::default()
                .with_message_id(id.to_string().into())
                .with_type(E::ROUTING_KEY.into())
                .with_app_id("activity".into())
                .with_content_type("application/protobuf".into())
                .with_timestamp(chrono::Utc::now().timestamp().max(0) as u64)
                .with_delivery_mode(2)
                .with_headers(headers);
            let confirm = ch
                .basic_publish(
                    self.exchange.as_str().into(),
                    E::ROUTING_KEY.into(),
                    BasicPublishOptions { mandatory: true, ..Default::default() },
                    &prost::Message::encode_to_vec(event),
                    props,
                )
                .await?
                .await?;
            anyhow::ensure!(confirm.is_ack(), "the broker refused the events");
            anyhow::ensure!(confirm.take_message().is_none(), "no queue takes the events yet");
            Ok(())
        };
        let outcome = match tokio::time::timeout(CONFIRM_TIMEOUT, attempt).await {
            Ok(r) => r,
            Err(_) => Err(anyhow::anyhow!("the broker did not confirm in {CONFIRM_TIMEOUT:?}")),
        };
        if outcome.is_err() {
            // The next call starts on a fresh connection. The lock is let go before the old
            // one is closed, and the close is bounded: closing a connection whose broker went
            // away can wait forever for an answer, and with the lock held every later call
            // waited behind it (ingestion hung for good after a broker restart).
            let stale = self.open.lock().await.take();
            if let Some((conn, _)) = stale {
                let _ =
                    tokio::time::timeout(CLOSE_TIMEOUT, conn.close(200, "publish failed".into()))
                        .await;
            }
        }
        outcome
    }
}
