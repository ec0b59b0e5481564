use gateway::{Application, Settings};

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[actix_web::main]
async fn main() -> anyhow::Result<()> {
    // `gateway openapi`: print the OpenAPI document of every route (the development ones
    // included), for the web app's generated types.
    if std::env::args().nth(1).as_deref() == Some("openapi") {
        println!("{}", gateway::routes::openapi(true).to_pretty_json()?);
        return Ok(());
    }
    let settings = Settings::load()?;
    settings.refuse_committed_secrets()?;
    let _telemetry = upcar_telemetry::init("gateway", &settings.telemetry)?;
    let app = Application::build(settings)?;
    tracing::info!(port = app.port(), "gateway listening");
    app.run().await?;
    Ok(())
}
