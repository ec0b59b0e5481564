//! Building and running the service.

use crate::api::AccountsApi;
use crate::config::{EmailTransport, Settings, SmsTransport};
use crate::google::GoogleClient;
use crate::notify::Notifiers;
use crate::state::AppState;
use diesel_migrations::{EmbeddedMigrations, embed_migrations};
use std::sync::Arc;
use tokio::net::TcpListener;
use upcar_events::Relay;
use upcar_identity::JwtKeys;
use upcar_proto::accounts::accounts_server::AccountsServer;

/// The accounts database's migrations, compiled into the binary.
pub const MIGRATIONS: EmbeddedMigrations = embed_migrations!("migrations");

/// A built, bound, migrated service, ready to run.
pub struct Application {
    listener: TcpListener,
    state: Arc<AppState>,
    amqp: upcar_config::AmqpSettings,
    web_base: String,
}

impl Application {
    /// Creates the database if needed, migrates it, loads demo data in development, and binds
    /// the gRPC port (port 0 picks a free one).
    pub async fn build(settings: Settings) -> anyhow::Result<Self> {
        // A selected adapter with missing or placeholder settings stops the binary here,
        // before it listens.
        crate::notify::validate(&settings.notify)?;
        if settings.google.enabled() {
            crate::google::GoogleClient::check(&settings.google)?;
        }
        let notifiers = Notifiers::from_settings(&settings.notify)?;
        if !settings.environment.is_development()
            && (settings.notify.email == EmailTransport::Outbox
                || settings.notify.sms == SmsTransport::Outbox)
        {
            tracing::warn!(
                email = ?settings.notify.email,
                sms = ?settings.notify.sms,
                "a message channel is set to outbox in production: its codes are stored redacted and never delivered"
            );
        }
        let db_url = settings.database.url().to_owned();
        upcar_db::ensure_database(&db_url).await?;
        upcar_db::run_migrations(&db_url, MIGRATIONS).await?;
        let pool = upcar_db::pool(&db_url, settings.database.max_connections)?;
        let redis = upcar_db::redis_pool(&settings.redis.url)?;
        let relay =
            Relay::new(pool.clone(), settings.amqp.url(), &settings.amqp.exchange, "accounts");
        let state = Arc::new(AppState {
            pool,
            redis,
            keys: JwtKeys::from_settings(&settings.jwt)?,
            relay,
            otp: settings.otp.clone(),
            environment: settings.environment,
            notifiers,
            google: match settings.google.enabled() {
                true => Some(GoogleClient::new(&settings.google)?),
                false => None,
            },
            clock: upcar_clock::Clock::system(),
            realtime_prefix: settings.realtime.prefix.clone(),
            passwords: crate::hashing::PasswordWork::start(&settings.passwords)?,
        });
        if settings.environment.is_development() {
            crate::demo::load(&state).await?;
        }
        // The queue exists before trips' first invitations; best effort, the consumer declares
        // it again when it connects.
        upcar_events::declare_queue_at_start(
            settings.amqp.url(),
            &settings.amqp.exchange,
            &crate::invitations::queue_name(&settings.amqp.exchange),
            &crate::invitations::routing_keys(),
        )
        .await;
        let listener = TcpListener::bind(settings.grpc.addr()).await?;
        Ok(Self { listener, state, amqp: settings.amqp, web_base: settings.web.public_base_url })
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
        health.set_serving::<AccountsServer<AccountsApi>>().await;
        let token = tokio_util::sync::CancellationToken::new();
        let relay = self.state.relay.clone();
        let relay_task = tokio::spawn({
            let t = token.clone();
            async move { relay.run(t.cancelled_owned()).await }
        });
        let consumer = tokio::spawn(upcar_events::run_consumer(
            self.state.pool.clone(),
            self.amqp.url().to_owned(),
            self.amqp.exchange.clone(),
            crate::invitations::queue_name(&self.amqp.exchange),
            crate::invitations::routing_keys(),
            Arc::new(crate::invitations::InvitationMailer {
                state: self.state.clone(),
                web_base: self.web_base.clone(),
            }),
            token.clone().cancelled_owned(),
        ));
        let reminders =
            tokio::spawn(crate::notices::run_reminders(self.state.clone(), token.clone()));
        let server = tonic::transport::Server::builder()
            .http2_max_pending_accept_reset_streams(Some(upcar_grpc::MAX_PENDING_ACCEPT_RESETS))
            .layer(upcar_telemetry::metrics::GrpcMetricsLayer)
            .add_service(health_service)
            .add_service(AccountsServer::new(AccountsApi::new(self.state.clone())))
            .serve_with_incoming_shutdown(upcar_grpc::incoming(self.listener), {
                let t = token.clone();
                async move { t.cancelled().await }
            });
        let server_task = tokio::spawn(server);
        shutdown.await;
        upcar_grpc::stop_serving(&health).await;
        token.cancel();
        server_task.await??;
        relay_task.await?;
        consumer.await?;
        reminders.await?;
        Ok(())
    }
}
