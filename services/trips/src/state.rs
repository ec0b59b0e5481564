//! What every handler shares.

use crate::error::TripsResult;
use crate::payments::PaymentProvider;
use std::sync::Arc;
use upcar_clock::Clock;
use upcar_db::{PgPool, PooledConn};
use upcar_events::Relay;
use upcar_grpc::Channel;
use upcar_proto::accounts::accounts_client::AccountsClient;
use upcar_proto::catalog::catalog_client::CatalogClient;
use upcar_proto::pricing::pricing_client::PricingClient;

/// Shared handles.
pub struct AppState {
    pub pool: PgPool,
    pub relay: Relay,
    pub accounts: AccountsClient<Channel>,
    pub catalog: CatalogClient<Channel>,
    pub pricing: PricingClient<Channel>,
    pub payments: Arc<dyn PaymentProvider>,
    /// Development mode (the local provider's onboarding link completes through the gateway).
    pub development: bool,
    /// Where hosts reach the web app and gateway (onboarding return links).
    pub public_base_url: String,
    /// The time handlers and jobs read (tests move it).
    pub clock: Clock,
}

impl AppState {
    /// A pooled connection.
    pub async fn conn(&self) -> TripsResult<PooledConn> {
        Ok(self.pool.get().await?)
    }
}
