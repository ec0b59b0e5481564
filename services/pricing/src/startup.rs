//! Building and running the service.

use crate::api::PricingApi;
use crate::config::Settings;
use crate::state::AppState;
use diesel_migrations::{EmbeddedMigrations, embed_migrations};
use std::sync::Arc;
use tokio::net::TcpListener;
use upcar_clock::Clock;
use upcar_proto::pricing::pricing_server::PricingServer;

/// The pricing database's migrations, compiled into the binary.
pub const MIGRATIONS: EmbeddedMigrations = embed_migrations!("migrations");

fn queue_name(exchange: &str) -> String {
    format!("{exchange}.pricing")
}

/// A built, bound, migrated service, ready to run.
pub struct Application {
    listener: TcpListener,
    state: Arc<AppState>,
    amqp: upcar_config::AmqpSettings,
}

impl Application {
    /// Creates and migrates the database (and loads demo coupons in development), and binds
    /// the gRPC port (0 picks a free one).
    pub async fn build(settings: Settings) -> anyhow::Result<Self> {
        Self::build_with_clock(settings, Clock::system()).await
    }

    /// [`Application::build`] reading time from `clock` (tests keep a clone to move it).
    pub async fn build_with_clock(settings: Settings, clock: Clock) -> anyhow::Result<Self> {
        let db_url = settings.database.url().to_owned();
        upcar_db::ensure_database(&db_url).await?;
        upcar_db::run_migrations(&db_url, MIGRATIONS).await?;
        let pool = upcar_db::pool(&db_url, settings.database.max_connections)?;
        let redis = upcar_db::redis_pool(&settings.redis.url)?;
        let rates_cache = crate::cache::RatesCache::new(
            std::time::Duration::from_millis(settings.rates_cache.ttl_ms),
            settings.rates_cache.max_entries,
        );
        let state = Arc::new(AppState { pool, redis, quotes: settings.quotes, rates_cache, clock });
        if settings.environment.is_development() {
            crate::demo::load(&state).await?;
        }
        // The queue exists before catalog's first pricing events (and hosting's first team
        // events); best effort, the consumer
        // declares it again when it connects.
        upcar_events::declare_queue_at_start(
            settings.amqp.url(),
            &settings.amqp.exchange,
            &queue_name(&settings.amqp.exchange),
            &crate::events::routing_keys(),
        )
        .await;
        let listener = TcpListener::bind(settings.grpc.addr()).await?;
        Ok(Self { listener, state, amqp: settings.amqp })
    }

    /// The bound port.
    pub fn port(&self) -> u16 {
        self.listener.local_addr().map(|a| a.port()).unwrap_or(0)
    }

    /// Shared state (tests use it to reach the database).
    pub fn state(&self) -> Arc<AppState> {
        self.state.clone()
    }

    /// The durable queue of this service's consumer, named after the exchange too.
    pub fn queue_name(&self) -> String {
        queue_name(&self.amqp.exchange)
    }

    /// Serves gRPC and consumes rate and team events until `shutdown` resolves.
    pub async fn run_until(
        self,
        shutdown: impl std::future::Future<Output = ()> + Send + 'static,
    ) -> anyhow::Result<()> {
        let (health, health_service) = tonic_health::server::health_reporter();
        health.set_serving::<PricingServer<PricingApi>>().await;
        let token = tokio_util::sync::CancellationToken::new();
        let consumer = tokio::spawn(upcar_events::run_consumer(
            self.state.pool.clone(),
            self.amqp.url().to_owned(),
            self.amqp.exchange.clone(),
            self.queue_name(),
            crate::events::routing_keys(),
            Arc::new(crate::events::Projections { state: self.state.clone() }),
            token.clone().cancelled_owned(),
        ));
        let incoming = upcar_grpc::incoming(self.listener);
        let stop = token.clone();
        let server = tokio::spawn(
            tonic::transport::Server::builder()
                .http2_max_pending_accept_reset_streams(Some(upcar_grpc::MAX_PENDING_ACCEPT_RESETS))
                .layer(upcar_telemetry::metrics::GrpcMetricsLayer)
                .add_service(health_service)
                .add_service(PricingServer::new(PricingApi::new(self.state.clone())))
                .serve_with_incoming_shutdown(incoming, async move { stop.cancelled().await }),
        );
        shutdown.await;
        upcar_grpc::stop_serving(&health).await;
        token.cancel();
        server.await??;
        consumer.await?;
        Ok(())
    }
}
