use catalog_search::{Application, Settings};

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let settings = Settings::load()?;
    let _telemetry = upcar_telemetry::init("catalog-search", &settings.telemetry)?;
    let app = Application::build(settings).await?;
    tracing::info!(port = app.port(), "catalog-search listening");
    app.run_until(upcar_config::shutdown_signal()).await
}
