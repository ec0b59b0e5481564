//! Building and running the service.

use crate::api::ActivityApi;
use crate::config::{IngestSettings, Settings};
use crate::publisher::Publisher;
use crate::seen::Seen;
use crate::state::AppState;
use diesel_migrations::{EmbeddedMigrations, embed_migrations};
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use upcar_proto::activity::activity_server::ActivityServer;

/// The activity database's migrations, compiled into the binary.
pub const MIGRATIONS: EmbeddedMigrations = embed_migrations!("migrations");

/// How often the ids seen more than 7 days ago are deleted.
const FORGET_EVERY: Duration = Duration::from_secs(3600);

fn queue_name(exchange: &str) -> String {
    format!("{exchange}.activity")
}

/// A built, bound, migrated service, ready to run.
pub struct Application {
    listener: TcpListener,
    state: Arc<AppState>,
    amqp: upcar_config::AmqpSettings,
    ingest: IngestSettings,
}

impl Application {
    /// Creates and migrates the database, declares the queue (so the first events published
    /// are kept for the consumer), and binds the gRPC port (0 picks a free one).
    pub async fn build(settings: Settings) -> anyhow::Result<Self> {
        let db_url = settings.database.url().to_owned();
        upcar_db::ensure_database(&db_url).await?;
        upcar_db::run_migrations(&db_url, MIGRATIONS).await?;
        let pool = upcar_db::pool(&db_url, settings.database.max_connections)?;
        let redis = upcar_db::redis_pool(&settings.redis.url)?;
        let state = Arc::new(AppState {
            pool,
            clock: upcar_clock::Clock::system(),
            seen: Seen::new(redis, &settings.dedupe.key_prefix),
            publisher: Publisher::new(settings.amqp.url(), &settings.amqp.exchange),
        });
        upcar_events::declare_queue_at_start(
            settings.amqp.url(),
            &settings.amqp.exchange,
            &queue_name(&settings.amqp.exchange),
            &crate::events::routing_keys(),
        )
        .await;
        let listener = TcpListener::bind(settings.grpc.addr()).await?;
        Ok(Self { listener, state, amqp: settings.amqp, ingest: settings.ingest })
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

    /// Serves gRPC, consumes the queue into the database and forgets old ids until `shutdown`
    /// resolves.
    pub async fn run_until(
        self,
        shutdown: impl std::future::Future<Output = ()> + Send + 'static,
    ) -> anyhow::Result<()> {
        let (health, health_service) = tonic_health::server::health_reporter();
        health.set_serving::<ActivityServer<ActivityApi>>().await;
        let token = tokio_util::sync::CancellationToken::new();
        let consumer = tokio::spawn(crate::sink::run(
            self.state.clone(),
            self.amqp.url().to_owned(),
            self.amqp.exchange.clone(),
            self.queue_name(),
            self.ingest.clone(),
            token.clone().cancelled_owned(),
        ));
        let forget = tokio::spawn(crate::sink::forget_old_ids(
            self.state.clone(),
            FORGET_EVERY,
            token.clone().cancelled_owned(),
        ));
        let incoming = upcar_grpc::incoming(self.listener);
        let stop = token.clone();
        let server = tokio::spawn(
            tonic::transport::Server::builder()
                .http2_max_pending_accept_reset_streams(Some(upcar_grpc::MAX_PENDING_ACCEPT_RESETS))
                .layer(upcar_telemetry::metrics::GrpcMetricsLayer)
                .add_service(health_service)
                .add_service(ActivityServer::new(ActivityApi::new(self.state.clone())))
                .serve_with_incoming_shutdown(incoming, async move { stop.cancelled().await }),
        );
        shutdown.await;
        upcar_grpc::stop_serving(&health).await;
        token.cancel();
        server.await??;
        consumer.await?;
        forget.await?;
        Ok(())
    }
}
