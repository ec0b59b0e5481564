//! What every route shares.

use crate::config::Settings;
use std::sync::Arc;
use std::time::Duration;
use tonic::transport::Channel;
use upcar_identity::JwtKeys;
use upcar_proto::accounts::accounts_client::AccountsClient;
use upcar_proto::catalog::catalog_client::CatalogClient;
use upcar_proto::messaging::messaging_client::MessagingClient;
use upcar_proto::pricing::pricing_client::PricingClient;
use upcar_proto::trips::trips_client::TripsClient;
use upcar_storage::LocalStore;

/// Shared handles.
#[derive(Clone)]
pub struct AppState {
    pub settings: Arc<Settings>,
    pub keys: Arc<JwtKeys>,
    pub redis: deadpool_redis::Pool,
    pub accounts: AccountsClient<Channel>,
    pub accounts_channel: Channel,
    pub catalog: CatalogClient<Channel>,
    pub catalog_channel: Channel,
    pub pricing: PricingClient<Channel>,
    pub pricing_channel: Channel,
    pub trips: TripsClient<Channel>,
    pub trips_channel: Channel,
    pub messaging: MessagingClient<Channel>,
    pub files: Arc<LocalStore>,
    pub metrics: Arc<crate::metrics::Metrics>,
}

impl AppState {
    /// Connects (lazily) to Redis and the services.
    pub fn new(settings: Settings) -> anyhow::Result<Self> {
        let timeout = Duration::from_millis(settings.limits.request_timeout_ms);
        let accounts_channel = upcar_identity::lazy_channel(&settings.services.accounts, timeout)?;
        let catalog_channel = upcar_identity::lazy_channel(&settings.services.catalog, timeout)?;
        let pricing_channel = upcar_identity::lazy_channel(&settings.services.pricing, timeout)?;
        let trips_channel = upcar_identity::lazy_channel(&settings.services.trips, timeout)?;
        let messaging_channel =
            upcar_identity::lazy_channel(&settings.services.messaging, timeout)?;
        let redis = upcar_db::redis_pool(&settings.redis.url)?;
        let files = LocalStore::new(
            &settings.files.root,
            &settings.files.public_base_url,
            settings.files.secret(),
        );
        Ok(Self {
            keys: Arc::new(JwtKeys::from_settings(&settings.jwt)?),
            redis,
            accounts: AccountsClient::new(accounts_channel.clone()),
            accounts_channel,
            catalog: CatalogClient::new(catalog_channel.clone()),
            catalog_channel,
            pricing: PricingClient::new(pricing_channel.clone()),
            pricing_channel,
            trips: TripsClient::new(trips_channel.clone()),
            trips_channel,
            messaging: MessagingClient::new(messaging_channel),
            files: Arc::new(files),
            metrics: Arc::new(crate::metrics::Metrics::default()),
            settings: Arc::new(settings),
        })
    }
}
