//! What every handler shares.

use crate::error::CaptainsResult;
use upcar_db::{PgPool, PooledConn};
use upcar_events::Relay;
use upcar_grpc::Channel;
use upcar_proto::accounts::accounts_client::AccountsClient;

/// Shared handles.
pub struct AppState {
    pub pool: PgPool,
    /// Guests' names on the task cards.
    pub accounts: AccountsClient<Channel>,
    /// The car's facts when a task is made.
    pub cars: crate::cars::Cars,
    /// The time handlers and the consumer read (tests move it).
    pub clock: upcar_clock::Clock,
    /// Publishes the outbox (`captains.task_step_recorded`).
    pub relay: Relay,
}

impl AppState {
    /// A pooled database connection.
    pub async fn conn(&self) -> CaptainsResult<PooledConn> {
        Ok(self.pool.get().await?)
    }
}
