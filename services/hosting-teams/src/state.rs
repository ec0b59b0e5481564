//! What every handler shares.

use crate::error::HostingResult;
use hosting_vpic::VinDecoder;
use std::sync::Arc;
use upcar_db::{PgPool, PooledConn};
use upcar_events::Relay;
use upcar_grpc::Channel;
use upcar_proto::accounts::accounts_client::AccountsClient;

/// Shared handles.
pub struct AppState {
    pub pool: PgPool,
    /// Publishes the outbox (woken after each commit that wrote an event).
    pub relay: Relay,
    /// VIN decoding: NHTSA vPIC data offline, or the vPIC API.
    pub vins: Arc<dyn VinDecoder>,
    /// The time handlers read (tests move it).
    pub clock: upcar_clock::Clock,
    /// Who writes car descriptions.
    pub describer: Arc<dyn crate::describe::DescriptionWriter>,
    /// Accounts: invitees' emails and co-hosts' public names.
    pub accounts: AccountsClient<Channel>,
    /// Reads the external calendars hosts import.
    pub calendars: Arc<dyn crate::calendar_fetch::CalendarFetcher>,
}

impl AppState {
    /// A pooled database connection.
    pub async fn conn(&self) -> HostingResult<PooledConn> {
        Ok(self.pool.get().await?)
    }
}
