//! Building and running the service.

use crate::api::HostingApi;
use crate::config::{Settings, VinSettings};
use crate::state::AppState;
use diesel_migrations::{EmbeddedMigrations, embed_migrations};
use hosting_vpic::{OfflineDecoder, VinDecoder, VpicApiDecoder};
use std::sync::Arc;
use tokio::net::TcpListener;
use upcar_clock::Clock;
use upcar_events::Relay;
use upcar_proto::accounts::accounts_client::AccountsClient;
use upcar_proto::hosting::hosting_server::HostingServer;

/// The hosting database's migrations, compiled into the binary.
pub const MIGRATIONS: EmbeddedMigrations = embed_migrations!("migrations");

/// The VIN decoder the settings name. Offline, the shipped file is copied once into the index
/// folder with an index added (decoding the file as shipped scans every pattern).
pub async fn vin_decoder(s: &VinSettings) -> anyhow::Result<Arc<dyn VinDecoder>> {
    match s.decoder.as_str() {
        "offline" => {
            let db = std::path::PathBuf::from(s.offline_db.trim());
            if db.as_os_str().is_empty() {
                anyhow::bail!(
                    "vin.offline_db is not set: scripts/vpic-data.sh fetches NHTSA's vPIC data and prints its path (APP__VIN__OFFLINE_DB)"
                );
            }
            let index_dir = match s.index_dir.trim() {
                "" => db.parent().map(|p| p.to_path_buf()).unwrap_or_default(),
                dir => dir.into(),
            };
            let decoder =
                tokio::task::spawn_blocking(move || OfflineDecoder::open_indexed(&db, &index_dir))
                    .await??;
            Ok(Arc::new(decoder))
        }
        "vpic_api" => {
            let client = reqwest::Client::builder().build()?;
            Ok(Arc::new(VpicApiDecoder::new(&s.api_base_url, client)?))
        }
        other => anyhow::bail!("unknown vin.decoder {other:?}; use offline or vpic_api"),
    }
}

/// The description writer the settings name.
pub fn description_writer(
    s: &crate::config::DescriptionSettings,
) -> anyhow::Result<Arc<dyn crate::describe::DescriptionWriter>> {
    match s.writer.as_str() {
        "deterministic" => Ok(Arc::new(crate::describe::Deterministic)),
        "llm" => Ok(Arc::new(crate::describe::ChatCompletions::new(
            &s.llm_base_url,
            &s.llm_model,
            &s.llm_api_key,
            std::time::Duration::from_secs(s.llm_timeout_seconds.clamp(1, 120)),
        )?)),
        other => anyhow::bail!("unknown description.writer {other:?}; use deterministic or llm"),
    }
}

/// A built, bound, migrated service, ready to run.
pub struct Application {
    listener: TcpListener,
    state: Arc<AppState>,
    amqp: upcar_config::AmqpSettings,
    /// The demo data's pictures' base URL when the demo data is to be loaded.
    demo: Option<String>,
}

impl Application {
    /// Creates and migrates the database, opens the VIN data, and binds the gRPC port (0 picks
    /// a free one).
    pub async fn build(settings: Settings) -> anyhow::Result<Self> {
        Self::build_with_clock(settings, Clock::system()).await
    }

    /// [`Application::build`] reading time from `clock` (tests keep a clone to move it).
    pub async fn build_with_clock(settings: Settings, clock: Clock) -> anyhow::Result<Self> {
        let db_url = settings.database.url().to_owned();
        upcar_db::ensure_database(&db_url).await?;
        upcar_db::run_migrations(&db_url, MIGRATIONS).await?;
        let pool = upcar_db::pool(&db_url, settings.database.max_connections)?;
        let relay_pool = upcar_db::pool(&db_url, 1)?;
        let relay = Relay::new(relay_pool, settings.amqp.url(), &settings.amqp.exchange, "hosting");
        let vins = vin_decoder(&settings.vin).await?;
        let accounts = AccountsClient::new(upcar_grpc::channel(
            &settings.services.accounts,
            std::time::Duration::from_secs(2),
            std::time::Duration::from_secs(10),
        )?);
        let describer = description_writer(&settings.description)?;
        let calendars = Arc::new(crate::calendar_fetch::HttpFetcher::new(
            settings.calendar.allow_private_addresses && settings.environment.is_development(),
        ));
        let state = Arc::new(AppState { pool, relay, vins, clock, accounts, describer, calendars });
        // The queue exists before the first bookings' events; best effort, the consumer
        // declares it again when it connects.
        upcar_events::declare_queue_at_start(
            settings.amqp.url(),
            &settings.amqp.exchange,
            &crate::trips_feed::queue_name(&settings.amqp.exchange),
            &crate::trips_feed::routing_keys(),
        )
        .await;
        let listener = TcpListener::bind(settings.grpc.addr()).await?;
        let demo = (settings.environment.is_development() && settings.demo.load)
            .then(|| settings.files.public_base_url.clone());
        Ok(Self { listener, state, amqp: settings.amqp, demo })
    }

    /// The bound port.
    pub fn port(&self) -> u16 {
        self.listener.local_addr().map(|a| a.port()).unwrap_or(0)
    }

    /// Shared state (tests use it to reach the database and the clock).
    pub fn state(&self) -> Arc<AppState> {
        self.state.clone()
    }

    /// Serves gRPC and relays the outbox until `shutdown` resolves.
    pub async fn run_until(
        self,
        shutdown: impl std::future::Future<Output = ()> + Send + 'static,
    ) -> anyhow::Result<()> {
        let (health, health_service) = tonic_health::server::health_reporter();
        health.set_serving::<HostingServer<HostingApi>>().await;
        let token = tokio_util::sync::CancellationToken::new();
        let relay_task = tokio::spawn({
            let (relay, t) = (self.state.relay.clone(), token.clone());
            async move { relay.run(t.cancelled_owned()).await }
        });
        let consumer = tokio::spawn(upcar_events::run_consumer(
            self.state.pool.clone(),
            self.amqp.url().to_owned(),
            self.amqp.exchange.clone(),
            crate::trips_feed::queue_name(&self.amqp.exchange),
            crate::trips_feed::routing_keys(),
            Arc::new(crate::trips_feed::BookingsProjection),
            token.clone().cancelled_owned(),
        ));
        let calendars = tokio::spawn(crate::calendar_sync::run(self.state.clone(), token.clone()));
        // The demo data goes through the team calls, which ask accounts: loaded in the
        // background, retried until accounts answers.
        let demo = self.demo.map(|base| {
            let (state, t) = (self.state.clone(), token.clone());
            tokio::spawn(async move {
                tokio::select! {
                    () = crate::demo::load_when_ready(state, base) => {}
                    () = t.cancelled() => {}
                }
            })
        });
        let incoming = upcar_grpc::incoming(self.listener);
        let stop = token.clone();
        let server = tokio::spawn(
            tonic::transport::Server::builder()
                .http2_max_pending_accept_reset_streams(Some(upcar_grpc::MAX_PENDING_ACCEPT_RESETS))
                .layer(upcar_telemetry::metrics::GrpcMetricsLayer)
                .add_service(health_service)
                .add_service(HostingServer::new(HostingApi::new(self.state.clone())))
                .serve_with_incoming_shutdown(incoming, async move { stop.cancelled().await }),
        );
        shutdown.await;
        upcar_grpc::stop_serving(&health).await;
        token.cancel();
        server.await??;
        relay_task.await?;
        consumer.await?;
        calendars.await?;
        if let Some(d) = demo {
            d.await?;
        }
        Ok(())
    }
}
