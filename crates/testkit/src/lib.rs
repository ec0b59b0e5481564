//! Test helpers shared by every service's black-box tests: a fresh, uniquely named Postgres
//! database per test run and the addresses of the real local Redis and RabbitMQ.

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
