//! Building and running the service.

use crate::api::TripsApi;
use crate::config::Settings;
use crate::payments::PaymentProvider;
use crate::payments::local::LocalProvider;
use crate::payments::stripe::StripeProvider;
use crate::state::AppState;
use diesel_migrations::{EmbeddedMigrations, embed_migrations};
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use upcar_clock::Clock;
use upcar_events::Relay;
use upcar_grpc::Channel;
use upcar_proto::accounts::accounts_client::AccountsClient;
use upcar_proto::catalog::catalog_client::CatalogClient;
use upcar_proto::pricing::pricing_client::PricingClient;
use upcar_proto::trips::trips_server::TripsServer;

/// The trips database's migrations, compiled into the binary.
pub const MIGRATIONS: EmbeddedMigrations = embed_migrations!("migrations");

/// Connections of the local payment provider's own pool (its calls are single statements).
const LOCAL_PROVIDER_CONNECTIONS: usize = 4;

/// Calls to the services this one uses: connected on first use, 10 s per call.
fn channel(url: &str) -> anyhow::Result<Channel> {
    upcar_grpc::channel(url, Duration::from_secs(2), Duration::from_secs(10))
}

/// A built, bound, migrated service, ready to run.
pub struct Application {
    listener: TcpListener,
    state: Arc<AppState>,
    jobs_every: Option<Duration>,
    amqp: upcar_config::AmqpSettings,
}

impl Application {
    /// Creates and migrates the database, connects (lazily) to its peers, loads demo cards in
    /// development, and binds the gRPC port (0 picks a free one).
    pub async fn build(settings: Settings) -> anyhow::Result<Self> {
        Self::build_with_clock(settings, Clock::system()).await
    }

    /// [`Application::build`] reading time from `clock` (tests keep a clone to move it).
    pub async fn build_with_clock(settings: Settings, clock: Clock) -> anyhow::Result<Self> {
        let db_url = settings.database.url().to_owned();
        upcar_db::ensure_database(&db_url).await?;
        upcar_db::run_migrations(&db_url, MIGRATIONS).await?;
        let pool = upcar_db::pool(&db_url, settings.database.max_connections)?;
        // The relay has a connection of its own: under a burst of bookings every pooled
        // connection is held by a booking, and events would wait behind them to be published.
        let relay_pool = upcar_db::pool(&db_url, 1)?;
        let relay = Relay::new(relay_pool, settings.amqp.url(), &settings.amqp.exchange, "trips");
        let payments: Arc<dyn PaymentProvider> = match settings.payments.provider.as_str() {
            // The local provider plays the card network: its records live in this database,
            // on connections of its own. A booking calls it while holding a pooled connection;
            // on the shared pool a burst of bookings would wait for connections they hold.
            "local" => Arc::new(
                LocalProvider::new(
                    upcar_db::pool(&db_url, LOCAL_PROVIDER_CONNECTIONS)?,
                    &settings.payments.public_base_url,
                )
                .with_clock(clock.clone()),
            ),
            "stripe" => {
                use secrecy::ExposeSecret;
                if settings.payments.secret_key.expose_secret().trim().is_empty() {
                    anyhow::bail!(
                        "payments.provider is stripe but APP__PAYMENTS__SECRET_KEY is not set"
                    );
                }
                Arc::new(StripeProvider::new(
                    &settings.payments.api_base,
                    settings.payments.secret_key.clone(),
                )?)
            }
            other => anyhow::bail!("unknown payments.provider {other:?}; use local or stripe"),
        };
        let state = Arc::new(AppState {
            pool,
            relay,
            accounts: AccountsClient::new(channel(&settings.services.accounts)?),
            catalog: CatalogClient::new(channel(&settings.services.catalog)?),
            pricing: PricingClient::new(channel(&settings.services.pricing)?),
            payments,
            development: settings.environment.is_development(),
            public_base_url: settings.payments.public_base_url.clone(),
            clock,
        });
        if settings.environment.is_development() {
            crate::demo::load(&state, settings.demo.delivery_trips).await?;
        }
        // The queue exists before hosting's first team events; best effort, the consumer
        // declares it again when it connects.
        upcar_events::declare_queue_at_start(
            settings.amqp.url(),
            &settings.amqp.exchange,
            &crate::feeds::queue_name(&settings.amqp.exchange),
            &crate::feeds::routing_keys(),
        )
        .await;
        let listener = TcpListener::bind(settings.grpc.addr()).await?;
        let jobs_every = (settings.jobs.interval_seconds > 0)
            .then(|| Duration::from_secs(settings.jobs.interval_seconds));
        Ok(Self { listener, state, jobs_every, amqp: settings.amqp })
    }

    /// The bound port.
    pub fn port(&self) -> u16 {
        self.listener.local_addr().map(|a| a.port()).unwrap_or(0)
    }

    /// Shared state (tests use it to reach the database).
    pub fn state(&self) -> Arc<AppState> {
        self.state.clone()
    }

    /// Serves gRPC and relays the outbox until `shutdown` resolves.
    pub async fn run_until(
        self,
        shutdown: impl std::future::Future<Output = ()> + Send + 'static,
    ) -> anyhow::Result<()> {
        let (health, health_service) = tonic_health::server::health_reporter();
        health.set_serving::<TripsServer<TripsApi>>().await;
        let token = tokio_util::sync::CancellationToken::new();
        // The relay runs on a thread and runtime of its own: under a burst of bookings the
        // service's workers are busy with requests, and a relay task queued behind them would
        // publish late (docs/perf-log/2026-11-24-booking-idle-machine.md). Its pool is used
        // only there.
        let relay = self.state.relay.clone();
        let relay_stop = token.clone();
        let relay_task =
            std::thread::Builder::new().name("outbox-relay".into()).spawn(move || {
                match tokio::runtime::Builder::new_current_thread().enable_all().build() {
                    Ok(rt) => rt.block_on(relay.run(relay_stop.cancelled_owned())),
                    Err(e) => {
                        tracing::error!(error = %e, "the outbox relay's runtime did not start")
                    }
                }
            })?;
        let standing_wake = Arc::new(tokio::sync::Notify::new());
        let consumer = tokio::spawn(upcar_events::run_consumer(
            self.state.pool.clone(),
            self.amqp.url().to_owned(),
            self.amqp.exchange.clone(),
            crate::feeds::queue_name(&self.amqp.exchange),
            crate::feeds::routing_keys(),
            Arc::new(crate::feeds::Projections { standing_wake: standing_wake.clone() }),
            token.clone().cancelled_owned(),
        ));
        // Suspended users' trips that have not started are cancelled by the policy.
        let canceller = tokio::spawn(crate::standing::run(
            self.state.clone(),
            standing_wake,
            token.clone().cancelled_owned(),
        ));
        let jobs_task = self.jobs_every.map(|every| {
            let t = token.clone();
            let (pool, provider) = (self.state.pool.clone(), self.state.payments.clone());
            let clock = self.state.clock.clone();
            tokio::spawn(async move {
                crate::jobs::run_periodically(pool, provider, clock, every, t.cancelled_owned())
                    .await
            })
        });
        let incoming = upcar_grpc::incoming(self.listener);
        let stop = token.clone();
        let server = tokio::spawn(
            tonic::transport::Server::builder()
                .http2_max_pending_accept_reset_streams(Some(upcar_grpc::MAX_PENDING_ACCEPT_RESETS))
                .layer(upcar_telemetry::metrics::GrpcMetricsLayer)
                .add_service(health_service)
                .add_service(TripsServer::new(TripsApi::new(self.state.clone())))
                .serve_with_incoming_shutdown(incoming, async move { stop.cancelled().await }),
        );
        shutdown.await;
        upcar_grpc::stop_serving(&health).await;
        token.cancel();
        server.await??;
        tokio::task::spawn_blocking(move || relay_task.join())
            .await?
            .map_err(|_| anyhow::anyhow!("the outbox relay thread panicked"))?;
        consumer.await?;
        canceller.await?;
        if let Some(j) = jobs_task {
            j.await?;
        }
        Ok(())
    }
}
