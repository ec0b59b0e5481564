//! What every handler shares.

use crate::cache::RatesCache;
use crate::config::QuoteSettings;
use crate::error::{PricingError, PricingResult};
use upcar_clock::Clock;
use upcar_db::{PgPool, PooledConn};

/// Shared handles and settings.
pub struct AppState {
    pub pool: PgPool,
    pub redis: deadpool_redis::Pool,
    pub quotes: QuoteSettings,
    /// Rates of recently priced cars (search paths only).
    pub rates_cache: RatesCache,
    /// The time handlers read (tests move it).
    pub clock: Clock,
}

impl AppState {
    /// A pooled database connection.
    pub async fn conn(&self) -> PricingResult<PooledConn> {
        Ok(self.pool.get().await?)
    }

    /// A pooled Redis connection.
    pub async fn redis(&self) -> PricingResult<deadpool_redis::Connection> {
        self.redis
            .get()
            .await
            .map_err(|e| PricingError::QuotesUnavailable(anyhow::anyhow!("redis pool: {e}")))
    }

    /// A Redis key of this deployment.
    pub fn key(&self, kind: &str, id: &str) -> String {
        format!("{}:{kind}:{id}", self.quotes.key_prefix)
    }
}
