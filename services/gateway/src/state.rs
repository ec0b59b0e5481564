//! What every route shares.

use crate::config::Settings;
use std::sync::Arc;
use std::time::Duration;
use upcar_grpc::Channel;
use upcar_identity::JwtKeys;
use upcar_proto::accounts::accounts_client::AccountsClient;
use upcar_proto::activity::activity_client::ActivityClient;
use upcar_proto::captains::captains_client::CaptainsClient;
use upcar_proto::catalog::catalog_client::CatalogClient;
use upcar_proto::hosting::hosting_client::HostingClient;
use upcar_proto::messaging::messaging_client::MessagingClient;
use upcar_proto::messaging::support_client::SupportClient;
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
    /// Support tickets (the messaging service).
    pub support: SupportClient<Channel>,
    pub hosting: HostingClient<Channel>,
    /// Delivery tasks (the captains service).
    pub captains: CaptainsClient<Channel>,
    /// Logged events and analytics.
    pub activity: ActivityClient<Channel>,
    pub files: Arc<LocalStore>,
    pub metrics: Arc<crate::metrics::Metrics>,
    /// The time routes read (rate-limit windows, today's month); tests move it.
    pub clock: upcar_clock::Clock,
    /// The process's real-time hub (`/v1/ws`).
    pub hub: Arc<crate::realtime::Hub>,
}

/// How long connecting to a service may take.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(2);

/// The gRPC channels to the services (tonic's, balanced over each service's replicas, see
/// `upcar_grpc`). A channel's connection tasks run on the runtime that opens it; each HTTP
/// worker opens its own (`AppState::for_worker`), so a call is written, answered and resumed
/// on the worker's thread, without waking another.
struct Channels {
    accounts: Channel,
    catalog: Channel,
    pricing: Channel,
    trips: Channel,
    messaging: Channel,
    hosting: Channel,
    captains: Channel,
    activity: Channel,
}

impl Channels {
    /// Lazy channels: nothing connects before the first call.
    fn open(settings: &Settings) -> anyhow::Result<Self> {
        let timeout = Duration::from_millis(settings.limits.request_timeout_ms);
        let provider = Duration::from_millis(settings.limits.provider_request_timeout_ms);
        let s = &settings.services;
        Ok(Self {
            accounts: upcar_grpc::channel(&s.accounts, CONNECT_TIMEOUT, provider)?,
            catalog: upcar_grpc::channel(&s.catalog, CONNECT_TIMEOUT, timeout)?,
            pricing: upcar_grpc::channel(&s.pricing, CONNECT_TIMEOUT, timeout)?,
            trips: upcar_grpc::channel(&s.trips, CONNECT_TIMEOUT, provider)?,
            messaging: upcar_grpc::channel(&s.messaging, CONNECT_TIMEOUT, timeout)?,
            hosting: upcar_grpc::channel(&s.hosting, CONNECT_TIMEOUT, provider)?,
            captains: upcar_grpc::channel(&s.captains, CONNECT_TIMEOUT, timeout)?,
            activity: upcar_grpc::channel(&s.activity, CONNECT_TIMEOUT, timeout)?,
        })
    }
}

impl AppState {
    /// Connects (lazily) to Redis and the services.
    pub fn new(settings: Settings) -> anyhow::Result<Self> {
        let channels = Channels::open(&settings)?;
        let redis = upcar_db::redis_pool(&settings.redis.url)?;
        let files = LocalStore::new(
            &settings.files.root,
            &settings.files.public_base_url,
            settings.files.secret(),
        );
        let keys = Arc::new(JwtKeys::from_settings(&settings.jwt)?);
        let hub =
            Arc::new(crate::realtime::Hub::new(&settings.realtime.prefix, &settings.redis.url));
        let shared = Shared {
            settings: Arc::new(settings),
            keys,
            redis,
            files: Arc::new(files),
            metrics: Arc::new(crate::metrics::Metrics::default()),
            clock: upcar_clock::Clock::system(),
            hub,
        };
        Ok(Self::assemble(shared, channels))
    }

    /// The same state with channels of the calling thread's runtime (an HTTP worker's); the
    /// rest (keys, Redis pool, metrics, files) stays shared.
    pub fn for_worker(&self) -> anyhow::Result<Self> {
        let shared = Shared {
            settings: self.settings.clone(),
            keys: self.keys.clone(),
            redis: self.redis.clone(),
            files: self.files.clone(),
            metrics: self.metrics.clone(),
            clock: self.clock.clone(),
            hub: self.hub.clone(),
        };
        Ok(Self::assemble(shared, Channels::open(&self.settings)?))
    }

    fn assemble(s: Shared, c: Channels) -> Self {
        Self {
            settings: s.settings,
            keys: s.keys,
            redis: s.redis,
            accounts: AccountsClient::new(c.accounts.clone()),
            accounts_channel: c.accounts,
            catalog: CatalogClient::new(c.catalog.clone()),
            catalog_channel: c.catalog,
            pricing: PricingClient::new(c.pricing.clone()),
            pricing_channel: c.pricing,
            trips: TripsClient::new(c.trips.clone()),
            trips_channel: c.trips,
            support: SupportClient::new(c.messaging.clone()),
            messaging: MessagingClient::new(c.messaging),
            hosting: HostingClient::new(c.hosting),
            captains: CaptainsClient::new(c.captains),
            activity: ActivityClient::new(c.activity),
            files: s.files,
            metrics: s.metrics,
            clock: s.clock,
            hub: s.hub,
        }
    }
}

/// What every worker's state shares.
struct Shared {
    settings: Arc<Settings>,
    keys: Arc<JwtKeys>,
    redis: deadpool_redis::Pool,
    files: Arc<LocalStore>,
    metrics: Arc<crate::metrics::Metrics>,
    clock: upcar_clock::Clock,
    hub: Arc<crate::realtime::Hub>,
}
