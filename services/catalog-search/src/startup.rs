//! Building and running the service.

use crate::api::CatalogApi;
use crate::config::Settings;
use crate::domain::search_params::InMemoryGazetteer;
use crate::state::AppState;
use diesel_migrations::{EmbeddedMigrations, embed_migrations};
use std::sync::Arc;
use tokio::net::TcpListener;
use upcar_proto::catalog::catalog_server::CatalogServer;

/// The catalog database's migrations, compiled into the binary.
pub const MIGRATIONS: EmbeddedMigrations = embed_migrations!("migrations");

/// A built, bound, migrated service, ready to run.
pub struct Application {
    listener: TcpListener,
    state: Arc<AppState>,
    amqp: upcar_config::AmqpSettings,
}

impl Application {
    /// Creates and migrates the database, loads the gazetteer (and the demo fleet in
    /// development), and binds the gRPC port (0 picks a free one).
    pub async fn build(settings: Settings) -> anyhow::Result<Self> {
        let db_url = settings.database.url().to_owned();
        upcar_db::ensure_database(&db_url).await?;
        upcar_db::run_migrations(&db_url, MIGRATIONS).await?;
        let pool = upcar_db::pool(&db_url, settings.database.max_connections)?;
        let gazetteer =
            InMemoryGazetteer::bundled().map_err(|e| anyhow::anyhow!("gazetteer: {e}"))?;
        let redis = upcar_db::redis_pool(&settings.redis.url)?;
        let pages = crate::pages::PageWriter::start(
            redis.clone(),
            settings.cache.key_prefix.clone(),
            settings.cache.search_page_ttl_seconds,
        );
        let search_pool =
            crate::store::cars::SearchPool::new(&db_url, settings.search.pool_connections)?;
        let state = Arc::new(AppState {
            pool: pool.clone(),
            search_pool,
            radius_miles: settings.search.radius_miles,
            gazetteer,
            redis,
            cache: settings.cache,
            pages,
            searches: crate::api::search::Searches::new(settings.search.count_beside_max),
            clock: upcar_clock::Clock::system(),
            views: crate::views::CarViews::start(pool.clone()),
        });
        if settings.environment.is_development() {
            crate::demo::load(&state).await?;
            // The store only writes public files, so its URL-signing key is never used here.
            let files = upcar_storage::LocalStore::new(
                &settings.files.root,
                &settings.files.public_base_url,
                b"unused-for-public-files",
            );
            crate::demo::load_photos(&state, &files).await?;
        } else {
            crate::demo::load_places(&state).await?;
        }
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

    /// The durable queue of this service's consumer. It is named after the exchange too, so
    /// separate deployments (or tests) sharing a broker do not take each other's events.
    pub fn queue_name(&self) -> String {
        format!("{}.catalog-search", self.amqp.exchange)
    }

    /// Serves gRPC, consumes availability events and publishes the pricing feed until `shutdown` resolves.
    pub async fn run_until(
        self,
        shutdown: impl std::future::Future<Output = ()> + Send + 'static,
    ) -> anyhow::Result<()> {
        let (health, health_service) = tonic_health::server::health_reporter();
        health.set_serving::<CatalogServer<CatalogApi>>().await;
        let token = tokio_util::sync::CancellationToken::new();
        // Catalog publishes each car's pricing (the pricing feed) through its outbox.
        let relay = upcar_events::Relay::new(
            self.state.pool.clone(),
            self.amqp.url(),
            &self.amqp.exchange,
            "catalog-search",
        );
        let relay_task = tokio::spawn({
            let (relay, t) = (relay.clone(), token.clone());
            async move { relay.run(t.cancelled_owned()).await }
        });
        let feed = tokio::spawn(crate::pricing_feed::run(
            self.state.clone(),
            relay,
            token.clone().cancelled_owned(),
        ));
        let consumer = tokio::spawn(upcar_events::run_consumer(
            self.state.pool.clone(),
            self.amqp.url().to_owned(),
            self.amqp.exchange.clone(),
            self.queue_name(),
            crate::events::routing_keys(),
            Arc::new(crate::events::AvailabilityProjection),
            token.clone().cancelled_owned(),
        ));
        let incoming = upcar_grpc::incoming(self.listener);
        let stop = token.clone();
        let server = tokio::spawn(
            tonic::transport::Server::builder()
                .http2_max_pending_accept_reset_streams(Some(upcar_grpc::MAX_PENDING_ACCEPT_RESETS))
                .layer(upcar_telemetry::metrics::GrpcMetricsLayer)
                .add_service(health_service)
                .add_service(CatalogServer::new(CatalogApi::new(self.state.clone())))
                .serve_with_incoming_shutdown(incoming, async move { stop.cancelled().await }),
        );
        shutdown.await;
        upcar_grpc::stop_serving(&health).await;
        token.cancel();
        server.await??;
        consumer.await?;
        feed.await?;
        relay_task.await?;
        Ok(())
    }
}
