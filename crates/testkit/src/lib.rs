//! Test helpers shared by every service's black-box tests: a fresh, uniquely named Postgres
//! database per test run, the addresses of the real local Redis and RabbitMQ, and a small
//! WebSocket client ([`ws`]).

pub mod ws;

/// Base Postgres URL without a database name (`UPCAR_TEST_PG`, default local trust auth).
pub fn pg_base_url() -> String {
    std::env::var("UPCAR_TEST_PG")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432".to_owned())
}

/// Redis URL for tests (`UPCAR_TEST_REDIS`).
pub fn redis_url() -> String {
    std::env::var("UPCAR_TEST_REDIS").unwrap_or_else(|_| "redis://127.0.0.1:6379/0".to_owned())
}

/// RabbitMQ URL for tests (`UPCAR_TEST_AMQP`).
pub fn amqp_url() -> String {
    std::env::var("UPCAR_TEST_AMQP")
        .unwrap_or_else(|_| "amqp://guest:guest@127.0.0.1:5672/%2f".to_owned())
}

/// A database created for one test; dropped by [`TestDatabase::drop_now`] or left for the
/// `make test` sweep (names start with `test_`).
pub struct TestDatabase {
    /// Full URL of the new database.
    pub url: String,
}

impl TestDatabase {
    /// Creates `test_{prefix}_{uuid}` and returns its URL.
    pub async fn create(prefix: &str) -> anyhow::Result<Self> {
        let name = format!("test_{prefix}_{}", uuid::Uuid::now_v7().simple());
        let url = format!("{}/{name}", pg_base_url());
        upcar_db::ensure_database(&url).await?;
        Ok(Self { url })
    }

    /// Drops the database.
    pub async fn drop_now(self) -> anyhow::Result<()> {
        upcar_db::drop_database(&self.url).await
    }
}

/// A unique name for exchanges/queues/keys so parallel tests do not share broker state.
pub fn unique(prefix: &str) -> String {
    format!("{prefix}-{}", uuid::Uuid::now_v7().simple())
}

/// Publishes `event` to the topic `exchange` (declared if missing) of the broker at `amqp_url`
/// as its producer's relay would: routing key and AMQP type from the event, `message_id` = `id`, persistent, and waits
/// for the broker's confirm. Tests use it to play a producer that is not running.
pub async fn publish<E: upcar_events::IntegrationEvent>(
    amqp_url: &str,
    exchange: &str,
    event: &E,
    id: &str,
) -> anyhow::Result<()> {
    use lapin::options::{BasicPublishOptions, ConfirmSelectOptions, ExchangeDeclareOptions};
    use lapin::types::FieldTable;
    use lapin::{BasicProperties, Connection, ConnectionProperties, ExchangeKind};
    let conn = Connection::connect(amqp_url, ConnectionProperties::default()).await?;
    let ch = conn.create_channel().await?;
    ch.exchange_declare(
        exchange.into(),
        ExchangeKind::Topic,
        ExchangeDeclareOptions { durable: true, ..Default::default() },
        FieldTable::default(),
    )
    .await?;
    ch.confirm_select(ConfirmSelectOptions::default()).await?;
    let confirm = ch
        .basic_publish(
            exchange.into(),
            E::ROUTING_KEY.into(),
            BasicPublishOptions::default(),
            &prost::Message::encode_to_vec(event),
            BasicProperties::default()
                .with_message_id(id.into())
                .with_type(E::ROUTING_KEY.into())
                .with_delivery_mode(2),
        )
        .await?
        .await?;
    anyhow::ensure!(!confirm.is_nack(), "the broker refused the event");
    let _ = conn.close(200, "done".into()).await;
    Ok(())
}

/// Waits until the broker at `amqp_url` takes a quorum queue's declaration, as a service's
/// consumer makes at start-up, for up to `within`. A broker that was just started again
/// (`rabbitmqctl start_app`) accepts connections before it has recovered its queues; a test
/// whose services declared their queues then would lose the first events published to them.
pub async fn await_broker(amqp_url: &str, within: std::time::Duration) -> anyhow::Result<()> {
    let deadline = tokio::time::Instant::now() + within;
    loop {
        let attempt =
            tokio::time::timeout(std::time::Duration::from_secs(10), declare_probe(amqp_url));
        match attempt.await {
            Ok(Ok(())) => return Ok(()),
            Ok(Err(e)) if tokio::time::Instant::now() >= deadline => {
                anyhow::bail!("the broker did not take a queue declaration in {within:?}: {e}")
            }
            Err(_) if tokio::time::Instant::now() >= deadline => {
                anyhow::bail!("the broker did not take a queue declaration in {within:?}")
            }
            _ => tokio::time::sleep(std::time::Duration::from_millis(250)).await,
        }
    }
}

/// Declares and deletes a quorum queue named `test-probe-…`.
async fn declare_probe(amqp_url: &str) -> anyhow::Result<()> {
    use lapin::options::{QueueDeclareOptions, QueueDeleteOptions};
    use lapin::types::{AMQPValue, FieldTable};
    use lapin::{Connection, ConnectionProperties};
    let conn = Connection::connect(amqp_url, ConnectionProperties::default()).await?;
    let ch = conn.create_channel().await?;
    let name = unique("test-probe");
    let mut args = FieldTable::default();
    args.insert("x-queue-type".into(), AMQPValue::LongString("quorum".into()));
    ch.queue_declare(
        name.as_str().into(),
        QueueDeclareOptions { durable: true, ..Default::default() },
        args,
    )
    .await?;
    ch.queue_delete(name.as_str().into(), QueueDeleteOptions::default()).await?;
    let _ = conn.close(200, "probed".into()).await;
    Ok(())
}
