//! What every handler shares.

use crate::error::ActivityResult;
use crate::publisher::Publisher;
use crate::seen::Seen;
use upcar_db::{PgPool, PooledConn};

/// Shared handles.
pub struct AppState {
    pub pool: PgPool,
    /// The time handlers and the consumer read (tests move it).
    pub clock: upcar_clock::Clock,
    /// Event ids seen in the last 7 days.
    pub seen: Seen,
    /// Accepted events to the broker, confirmed.
    pub publisher: Publisher,
}

impl AppState {
    /// A pooled database connection.
    pub async fn conn(&self) -> ActivityResult<PooledConn> {
        Ok(self.pool.get().await?)
    }
}
