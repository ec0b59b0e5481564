use gateway::{Application, Settings};

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[actix_web::main]
async fn main() -> anyhow::Result<()> {
    let settings = Settings::load()?;
    let _telemetry = upcar_telemetry::init("gateway", &settings.telemetry)?;
    let app = Application::build(settings)?;
    tracing::info!(port = app.port(), "gateway listening");
    app.run().await?;
    Ok(())
}
