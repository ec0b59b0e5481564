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
