//! Building and running the HTTP server.

use crate::config::Settings;
use crate::error;
use crate::state::AppState;
use actix_web::dev::{ServiceRequest, ServiceResponse, fn_service};
use actix_web::middleware::{Compress, from_fn};
use actix_web::{App, HttpServer, web};
use std::net::TcpListener;
use std::path::PathBuf;

/// A bound gateway, ready to run.
pub struct Application {
    port: u16,
    metrics_port: u16,
    server: actix_web::dev::Server,
    metrics: actix_web::dev::Server,
    hub: std::sync::Arc<crate::realtime::Hub>,
}

/// Stops a running gateway the way a SIGTERM does: sockets are told the server is restarting
/// (close code 1012, so clients reconnect, to another replica), then in-flight requests
/// finish and the server stops.
#[derive(Clone)]
pub struct Stopper {
    hub: std::sync::Arc<crate::realtime::Hub>,
    server: actix_web::dev::ServerHandle,
}

impl Stopper {
    /// Begins to stop: sockets are told, readiness answers 503 `draining`; requests are
    /// still served.
    pub fn begin(&self) {
        self.hub.begin_shutdown();
    }

    /// Stops gracefully.
    pub async fn stop(&self) {
        self.begin();
        // The sockets' tasks send their close frames before the workers go.
        tokio::time::sleep(std::time::Duration::from_millis(200)).await;
        self.server.stop(true).await;
    }
}

/// Resolves on Ctrl-C or SIGTERM.
async fn stop_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        if let Ok(mut term) = signal(SignalKind::terminate()) {
            tokio::select! {
                _ = tokio::signal::ctrl_c() => {}
                _ = term.recv() => {}
            }
            return;
        }
    }
    let _ = tokio::signal::ctrl_c().await;
}

fn frontend_dir(settings: &Settings) -> Option<PathBuf> {
    let dir = PathBuf::from(settings.frontend.dist.as_deref()?);
    dir.join("index.html").is_file().then_some(dir)
}

impl Application {
    /// Binds the HTTP port (0 picks a free one) and prepares the app.
    pub fn build(settings: Settings) -> anyhow::Result<Self> {
        let listener = TcpListener::bind(settings.http.addr())?;
        Self::build_on(settings, listener)
    }

    /// Like [`Application::build`] on an already bound listener (tests bind first so the
    /// public URL of the file store can name the port).
    pub fn build_on(settings: Settings, listener: TcpListener) -> anyhow::Result<Self> {
        let port = listener.local_addr()?.port();
        let metrics_listener = TcpListener::bind(settings.metrics.addr())?;
        let metrics_port = metrics_listener.local_addr()?.port();
        let mapbox = settings.frontend.mapbox;
        let stripe = settings.frontend.stripe;
        // Files served from another origin than the app's (a bucket, a CDN) need their own
        // entry in the policy; the gateway's own origin is 'self' (compared by the browser).
        let files_origin = crate::middleware::origin_of(&settings.files.public_base_url);
        let development = settings.environment.is_development();
        let json_limit = settings.limits.json_body_bytes;
        let dist = frontend_dir(&settings);
        let workers = settings.server.workers;
        if dist.is_none() {
            tracing::warn!("frontend/dist not found; serving the API only");
        }
        let shared = AppState::new(settings)?;
        let shared_metrics = shared.metrics.clone();
        let hub = shared.hub.clone();
        // The document of exactly the routes this process serves, written once.
        let doc = crate::routes::openapi(development);
        let known = web::Data::new(error::KnownRoutes::of(&doc));
        let openapi = crate::routes::system::OpenApiJson(std::sync::Arc::new(
            doc.to_json().map_err(|e| anyhow::anyhow!("openapi document: {e}"))?,
        ));
        let security = web::Data::new(crate::middleware::SecurityHeaders {
            csp: crate::middleware::web_app_csp(mapbox, stripe, files_origin.as_deref()),
            hsts: !development,
        });
        let server = HttpServer::new(move || {
            let spa = dist.clone();
            // Each worker calls the services over channels of its own runtime; should that
            // fail (it cannot for a valid address, which `AppState::new` checked), the shared
            // channels still work.
            let state = web::Data::new(shared.for_worker().unwrap_or_else(|e| {
                tracing::warn!(error = %e, "worker channels not opened; using the shared ones");
                shared.clone()
            }));
            let mut app = App::new()
                .app_data(state)
                .app_data(crate::wire::BodyLimit(json_limit))
                .app_data(web::Data::new(openapi.clone()))
                .app_data(known.clone())
                .app_data(security.clone())
                .app_data(web::PathConfig::default().error_handler(error::path_error))
                .wrap(from_fn(crate::middleware::web_app_caching))
                .wrap(Compress::default())
                .wrap(from_fn(crate::middleware::json_errors))
                .wrap(from_fn(crate::middleware::security))
                .wrap(from_fn(crate::middleware::observe))
                .route("/healthz", web::get().to(crate::routes::system::healthz))
                .route("/readyz", web::get().to(crate::routes::system::readyz))
                .service(web::scope("/v1").configure(|c| {
                    crate::routes::register(
                        &mut utoipa_actix_web::service_config::ServiceConfig::new(c),
                        development,
                    )
                }));
            if let Some(dir) = spa {
                let index = dir.join("index.html");
                app = app
                    .app_data(web::Data::new(crate::web_app::WebAppDir(dir.clone())))
                    .route("/assets/{file:.*}", web::get().to(crate::web_app::asset))
                    .service(
                        actix_files::Files::new("/", dir)
                            .index_file("index.html")
                            .prefer_utf8(true)
                            .default_handler(fn_service(move |req: ServiceRequest| {
                                let index = index.clone();
                                async move { spa_fallback(req, index).await }
                            })),
                    );
            }
            app.default_service(web::to(|req: actix_web::HttpRequest| async move {
                error::unrouted(&req)
            }))
        })
        .shutdown_timeout(10)
        // `run` handles the signals: sockets are told before the workers stop.
        .disable_signals();
        // 0 keeps actix's own default: one worker per core the process may use.
        let server = if workers > 0 { server.workers(workers) } else { server };
        let server = server.listen(listener)?.run();
        let metrics = crate::metrics::server(shared_metrics, metrics_listener)?;
        Ok(Self { port, metrics_port, server, metrics, hub })
    }

    /// The bound port.
    pub fn port(&self) -> u16 {
        self.port
    }

    /// The bound metrics port.
    pub fn metrics_port(&self) -> u16 {
        self.metrics_port
    }

    /// Runs until stopped (Ctrl-C / SIGTERM stop it gracefully, see [`Stopper`]).
    pub async fn run(self) -> std::io::Result<()> {
        let metrics = self.metrics.handle();
        actix_web::rt::spawn(self.metrics);
        actix_web::rt::spawn(self.hub.clone().run());
        let stopper = Stopper { hub: self.hub.clone(), server: self.server.handle() };
        actix_web::rt::spawn(async move {
            stop_signal().await;
            tracing::info!("stopping: telling sockets, finishing requests");
            stopper.stop().await;
        });
        let result = self.server.await;
        self.hub.begin_shutdown();
        metrics.stop(true).await;
        result
    }

    /// A handle to stop the server as a SIGTERM does (tests).
    pub fn stopper(&self) -> Stopper {
        Stopper { hub: self.hub.clone(), server: self.server.handle() }
    }
}

/// Client-side routes (`/search`, `/car/{id}`, ...) get the app; `/v1/...` never does.
async fn spa_fallback(
    req: ServiceRequest,
    index: PathBuf,
) -> Result<ServiceResponse, actix_web::Error> {
    let (req, _) = req.into_parts();
    if req.path().starts_with("/v1/") || req.method() != actix_web::http::Method::GET {
        let res = error::unrouted(&req);
        return Ok(ServiceResponse::new(req, res));
    }
    let file = actix_files::NamedFile::open(index)?;
    let res = file.use_last_modified(true).into_response(&req);
    Ok(ServiceResponse::new(req, res))
}
