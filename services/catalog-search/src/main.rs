use catalog_search::{Application, Settings};

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let settings = Settings::load()?;
    let _telemetry = upcar_telemetry::init("catalog-search", &settings.telemetry)?;
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("generate") {
        // `catalog-search generate CARS BOOKINGS`: a synthetic fleet for benchmarks.
        let cars: i64 = args.get(2).map(|s| s.parse()).transpose()?.unwrap_or(100_000);
        let bookings: i64 = args.get(3).map(|s| s.parse()).transpose()?.unwrap_or(cars * 5);
        let app = Application::build(settings).await?;
        let mut conn = app.state().pool.get().await?;
        let started = std::time::Instant::now();
        let added = catalog_search::store::generate::generate(&mut conn, cars, bookings).await?;
        tracing::info!(
            cars = added,
            bookings,
            seconds = started.elapsed().as_secs_f64(),
            "fleet generated"
        );
        return Ok(());
    }
    if let Some(port) =
        upcar_telemetry::metrics::serve_in_background(settings.telemetry.metrics_port).await?
    {
        tracing::info!(port, "metrics on /metrics");
    }
    let app = Application::build(settings).await?;
    tracing::info!(port = app.port(), "catalog-search listening");
    app.run_until(upcar_config::shutdown_signal()).await
}
