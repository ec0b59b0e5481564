//! Building and running the service.

use crate::api::CaptainsApi;
use crate::config::Settings;
use crate::state::AppState;
use diesel_migrations::{EmbeddedMigrations, embed_migrations};
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use upcar_events::Relay;
use upcar_grpc::Channel;
use upcar_proto::accounts::accounts_client::AccountsClient;
use upcar_proto::captains::captains_server::CaptainsServer;

/// The captains database's migrations, compiled into the binary.
pub const MIGRATIONS: EmbeddedMigrations = embed_migrations!("migrations");

/// Calls to the services this one uses: connected on first use, 5 s per call.
fn channel(url: &str) -> anyhow::Result<Channel> {
    upcar_grpc::channel(url, Duration::from_secs(2), Duration::from_secs(5))
}

/// A built, bound, migrated service, ready to run.
pub struct Application {
    listener: TcpListener,
    state: Arc<AppState>,
    amqp: upcar_config::AmqpSettings,
}

impl Application {
    /// Creates and migrates the database, declares the event queue and binds the gRPC port
    /// (0 picks a free one).
    pub async fn build(settings: Settings) -> anyhow::Result<Self> {
        Self::build_with_cars(settings, None).await
    }

    /// As [`Application::build`], with car facts from `cars` instead of catalog-search when
    /// given (tests).
    pub async fn build_with_cars(
        settings: Settings,
        cars: Option<crate::cars::Cars>,
    ) -> anyhow::Result<Self> {
        let db_url = settings.database.url().to_owned();
        upcar_db::ensure_database(&db_url).await?;
        upcar_db::run_migrations(&db_url, MIGRATIONS).await?;
        let pool = upcar_db::pool(&db_url, settings.database.max_connections)?;
        let relay_pool = upcar_db::pool(&db_url, 1)?;
        let relay =
            Relay::new(relay_pool, settings.amqp.url(), &settings.amqp.exchange, "captains");
        let cars = match cars {
            Some(c) => c,
            None => Arc::new(crate::cars::Catalog(
                upcar_proto::catalog::catalog_client::CatalogClient::new(channel(
                    &settings.services.catalog,
                )?),
            )),
        };
        let state = Arc::new(AppState {
            pool,
            accounts: AccountsClient::new(channel(&settings.services.accounts)?),
            cars,
            clock: upcar_clock::Clock::system(),
            relay,
        });
        if settings.environment.is_development() {
            crate::demo::load(&state).await?;
        }
        // The queue exists before the first bookings, so their events are kept for this
        // service even before its consumer connects; best effort, the consumer declares it
        // again when it connects.
        upcar_events::declare_queue_at_start(
            settings.amqp.url(),
            &settings.amqp.exchange,
            &crate::trips_feed::queue_name(&settings.amqp.exchange),
            &crate::trips_feed::routing_keys(),
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

    /// The durable queue of this service's consumer.
    pub fn queue_name(&self) -> String {
        crate::trips_feed::queue_name(&self.amqp.exchange)
    }

    /// Serves gRPC, relays the outbox and consumes the trips events until `shutdown` resolves.
    pub async fn run_until(
        self,
        shutdown: impl std::future::Future<Output = ()> + Send + 'static,
    ) -> anyhow::Result<()> {
        let (health, health_service) = tonic_health::server::health_reporter();
        health.set_serving::<CaptainsServer<CaptainsApi>>().await;
        let token = tokio_util::sync::CancellationToken::new();
        let consumer = tokio::spawn(upcar_events::run_consumer(
            self.state.pool.clone(),
            self.amqp.url().to_owned(),
            self.amqp.exchange.clone(),
            self.queue_name(),
            crate::trips_feed::routing_keys(),
            Arc::new(crate::trips_feed::TripsFeed { cars: self.state.cars.clone() }),
            token.clone().cancelled_owned(),
        ));
        let relay = tokio::spawn({
            let (relay, t) = (self.state.relay.clone(), token.clone());
            async move { relay.run(t.cancelled_owned()).await }
        });
        let incoming = upcar_grpc::incoming(self.listener);
        let stop = token.clone();
        let server = tokio::spawn(
            tonic::transport::Server::builder()
                .http2_max_pending_accept_reset_streams(Some(upcar_grpc::MAX_PENDING_ACCEPT_RESETS))
                .layer(upcar_telemetry::metrics::GrpcMetricsLayer)
                .add_service(health_service)
                .add_service(CaptainsServer::new(CaptainsApi::new(self.state.clone())))
                .serve_with_incoming_shutdown(incoming, async move { stop.cancelled().await }),
        );
        shutdown.await;
        upcar_grpc::stop_serving(&health).await;
        token.cancel();
        server.await??;
        consumer.await?;
        relay.await?;
        Ok(())
    }
}
