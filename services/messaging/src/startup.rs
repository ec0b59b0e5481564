//! Building and running the service.

use crate::api::MessagingApi;
use crate::config::Settings;
use crate::state::AppState;
use diesel_migrations::{EmbeddedMigrations, embed_migrations};
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use upcar_events::Relay;
use upcar_grpc::Channel;
use upcar_proto::accounts::accounts_client::AccountsClient;
use upcar_proto::messaging::messaging_server::MessagingServer;
use upcar_proto::messaging::support_server::SupportServer;

/// The messaging database's migrations, compiled into the binary.
pub const MIGRATIONS: EmbeddedMigrations = embed_migrations!("migrations");

fn queue_name(exchange: &str) -> String {
    format!("{exchange}.messaging")
}

/// Calls to the services this one uses: connected on first use, 5 s per call.
fn channel(url: &str) -> anyhow::Result<Channel> {
    upcar_grpc::channel(url, Duration::from_secs(2), Duration::from_secs(5))
}

/// A built, bound, migrated service, ready to run.
pub struct Application {
    listener: TcpListener,
    state: Arc<AppState>,
    amqp: upcar_config::AmqpSettings,
    scheduled_every: Duration,
}

impl Application {
    /// Creates and migrates the database, declares the event queue, connects (lazily) to
    /// accounts, and binds the gRPC port (0 picks a free one).
    pub async fn build(settings: Settings) -> anyhow::Result<Self> {
        Self::build_with_cars(settings, None).await
    }

    /// As [`Application::build`], with car facts from `cars` instead of catalog-search when
    /// given.
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
            Relay::new(relay_pool, settings.amqp.url(), &settings.amqp.exchange, "messaging");
        let redis = upcar_db::redis_pool(&settings.redis.url)?;
        let state = Arc::new(AppState {
            pool,
            accounts: AccountsClient::new(channel(&settings.services.accounts)?),
            clock: upcar_clock::Clock::system(),
            relay,
            realtime: crate::realtime::Realtime::new(redis, &settings.realtime.prefix),
            cars: match cars {
                Some(c) => c,
                None => std::sync::Arc::new(crate::cars::Catalog(
                    upcar_proto::catalog::catalog_client::CatalogClient::new(channel(
                        &settings.services.catalog,
                    )?),
                )),
            },
        });
        // The queue exists before the first bookings, so their events are kept for this
        // service even before its consumer connects; best effort, the consumer declares it
        // again when it connects.
        upcar_events::declare_queue_at_start(
            settings.amqp.url(),
            &settings.amqp.exchange,
            &queue_name(&settings.amqp.exchange),
            &crate::events::routing_keys(),
        )
        .await;
        let listener = TcpListener::bind(settings.grpc.addr()).await?;
        Ok(Self {
            listener,
            state,
            amqp: settings.amqp,
            scheduled_every: Duration::from_secs(settings.scheduled.poll_secs.max(1)),
        })
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

    /// Serves gRPC, relays the outbox and consumes the trips and team events until `shutdown`
    /// resolves.
    pub async fn run_until(
        self,
        shutdown: impl std::future::Future<Output = ()> + Send + 'static,
    ) -> anyhow::Result<()> {
        let (health, health_service) = tonic_health::server::health_reporter();
        health.set_serving::<MessagingServer<MessagingApi>>().await;
        health.set_serving::<SupportServer<MessagingApi>>().await;
        let token = tokio_util::sync::CancellationToken::new();
        let consumer = tokio::spawn(upcar_events::run_consumer(
            self.state.pool.clone(),
            self.amqp.url().to_owned(),
            self.amqp.exchange.clone(),
            self.queue_name(),
            crate::events::routing_keys(),
            Arc::new(crate::events::Consumer {
                clock: self.state.clock.clone(),
                accounts: self.state.accounts.clone(),
            }),
            token.clone().cancelled_owned(),
        ));
        let job = tokio::spawn(crate::scheduled::run(
            self.state.clone(),
            self.scheduled_every,
            token.clone(),
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
                .add_service(MessagingServer::new(MessagingApi::new(self.state.clone())))
                .add_service(SupportServer::new(MessagingApi::new(self.state.clone())))
                .serve_with_incoming_shutdown(incoming, async move { stop.cancelled().await }),
        );
        shutdown.await;
        upcar_grpc::stop_serving(&health).await;
        token.cancel();
        server.await??;
        consumer.await?;
        relay.await?;
        job.await?;
        Ok(())
    }
}
