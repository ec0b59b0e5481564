//! What every handler shares.

use crate::error::MessagingResult;
use crate::realtime::Realtime;
use upcar_db::{PgPool, PooledConn};
use upcar_events::Relay;
use upcar_grpc::Channel;
use upcar_proto::accounts::accounts_client::AccountsClient;

/// Shared handles.
pub struct AppState {
    pub pool: PgPool,
    /// Public names and pictures of the rooms' guests and hosts.
    pub accounts: AccountsClient<Channel>,
    /// The time handlers and the consumer read (tests move it).
    pub clock: upcar_clock::Clock,
    /// Publishes the outbox (`messaging.message_sent`).
    pub relay: Relay,
    /// The real-time fast path to the gateways' sockets.
    pub realtime: Realtime,
    /// Car names, addresses and time zones for scheduled messages.
    pub cars: crate::cars::Cars,
}

impl AppState {
    /// A pooled database connection.
    pub async fn conn(&self) -> MessagingResult<PooledConn> {
        Ok(self.pool.get().await?)
    }
}
