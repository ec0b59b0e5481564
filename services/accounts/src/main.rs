use accounts::{Application, Settings};

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let settings = Settings::load()?;
    settings.refuse_committed_secrets()?;
    let _telemetry = upcar_telemetry::init("accounts", &settings.telemetry)?;
    if let Some(port) =
        upcar_telemetry::metrics::serve_in_background(settings.telemetry.metrics_port).await?
    {
        tracing::info!(port, "metrics on /metrics");
    }
    let app = Application::build(settings).await?;
    tracing::info!(port = app.port(), "accounts listening");
    app.run_until(upcar_config::shutdown_signal()).await
}
