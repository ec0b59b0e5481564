//! Logs and traces for every binary: `tracing` with an OpenTelemetry layer, and W3C trace
//! context (`traceparent`) carried across HTTP headers, gRPC metadata, AMQP headers and the
//! outbox, so one request can be followed from the gateway into a consumer.

pub mod metrics;

use opentelemetry::propagation::{Extractor, Injector};
use opentelemetry::trace::TracerProvider as _;
use opentelemetry::{Context, global};
use opentelemetry_sdk::propagation::TraceContextPropagator;
use opentelemetry_sdk::trace::SdkTracerProvider;
use std::collections::HashMap;
use tracing_opentelemetry::OpenTelemetrySpanExt;
use tracing_subscriber::{EnvFilter, layer::SubscriberExt, util::SubscriberInitExt};
use upcar_config::TelemetrySettings;

/// Keeps the tracer provider alive; flushes spans on drop.
pub struct TelemetryGuard {
    provider: SdkTracerProvider,
}

impl Drop for TelemetryGuard {
    fn drop(&mut self) {
        let _ = self.provider.shutdown();
    }
}

/// Installs the subscriber and the propagator. Call once at the top of `main`.
pub fn init(service: &'static str, settings: &TelemetrySettings) -> anyhow::Result<TelemetryGuard> {
    global::set_text_map_propagator(TraceContextPropagator::new());
    let resource = opentelemetry_sdk::Resource::builder().with_service_name(service).build();
    let mut builder = SdkTracerProvider::builder().with_resource(resource);
    if let Some(endpoint) = settings.otlp_endpoint.as_deref().filter(|e| !e.is_empty()) {
        use opentelemetry_otlp::WithExportConfig;
        let exporter = opentelemetry_otlp::SpanExporter::builder()
            .with_tonic()
            .with_endpoint(endpoint)
            .build()?;
        builder = builder.with_batch_exporter(exporter);
    }
    let provider = builder.build();
    global::set_tracer_provider(provider.clone());
    let otel = tracing_opentelemetry::layer().with_tracer(provider.tracer(service));
    let filter = EnvFilter::try_from_default_env()
        .or_else(|_| EnvFilter::try_new(settings.filter.as_deref().unwrap_or("info")))?;
    let registry = tracing_subscriber::registry().with(filter).with(otel);
    if settings.json_logs {
        registry.with(tracing_subscriber::fmt::layer().json()).try_init()?;
    } else {
        registry.with(tracing_subscriber::fmt::layer().compact()).try_init()?;
    }
    Ok(TelemetryGuard { provider })
}

struct MetadataInjector<'a>(&'a mut tonic::metadata::MetadataMap);

impl Injector for MetadataInjector<'_> {
    fn set(&mut self, key: &str, value: String) {
        if let (Ok(k), Ok(v)) = (
            tonic::metadata::MetadataKey::from_bytes(key.as_bytes()),
            tonic::metadata::MetadataValue::try_from(value.as_str()),
        ) {
            self.0.insert(k, v);
        }
    }
}

struct MetadataExtractor<'a>(&'a tonic::metadata::MetadataMap);

impl Extractor for MetadataExtractor<'_> {
    fn get(&self, key: &str) -> Option<&str> {
        self.0.get(key).and_then(|v| v.to_str().ok())
    }
    fn keys(&self) -> Vec<&str> {
        self.0
            .keys()
            .filter_map(|k| match k {
                tonic::metadata::KeyRef::Ascii(k) => Some(k.as_str()),
                tonic::metadata::KeyRef::Binary(_) => None,
            })
            .collect()
    }
}

/// Writes the current span's context into outgoing gRPC metadata.
pub fn inject_grpc(md: &mut tonic::metadata::MetadataMap) {
    let cx = tracing::Span::current().context();
    global::get_text_map_propagator(|p| p.inject_context(&cx, &mut MetadataInjector(md)));
}

/// Reads a caller's context from incoming gRPC metadata.
pub fn extract_grpc(md: &tonic::metadata::MetadataMap) -> Context {
    global::get_text_map_propagator(|p| p.extract(&MetadataExtractor(md)))
}

/// Makes `span` a child of the remote context in `md`.
pub fn set_parent_from_grpc(span: &tracing::Span, md: &tonic::metadata::MetadataMap) {
    let _ = span.set_parent(extract_grpc(md));
}

/// Current span's context as a string map (`traceparent`, `tracestate`), for AMQP headers and
/// the outbox.
pub fn current_context_map() -> HashMap<String, String> {
    let cx = tracing::Span::current().context();
    let mut map = HashMap::new();
    global::get_text_map_propagator(|p| p.inject_context(&cx, &mut map));
    map
}

/// Makes `span` a child of the context carried in a string map.
pub fn set_parent_from_map(span: &tracing::Span, map: &HashMap<String, String>) {
    let cx = global::get_text_map_propagator(|p| p.extract(map));
    let _ = span.set_parent(cx);
}

/// Middleware-free gRPC server helper: a span for one call, parented on the caller's context.
pub fn grpc_server_span<T>(method: &'static str, request: &tonic::Request<T>) -> tracing::Span {
    let span = tracing::info_span!("grpc", rpc.method = method);
    set_parent_from_grpc(&span, request.metadata());
    span
}

/// The current trace id in hex (for request ids and logs), or `None` without a valid span.
pub fn current_trace_id() -> Option<String> {
    use opentelemetry::trace::TraceContextExt;
    let cx = tracing::Span::current().context();
    let sc = cx.span().span_context().clone();
    sc.is_valid().then(|| sc.trace_id().to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn context_survives_a_trip_through_grpc_metadata() {
        global::set_text_map_propagator(TraceContextPropagator::new());
        let provider = SdkTracerProvider::builder().build();
        let subscriber = tracing_subscriber::registry()
            .with(tracing_opentelemetry::layer().with_tracer(provider.tracer("t")));
        tracing::subscriber::with_default(subscriber, || {
            let outer = tracing::info_span!("outer");
            let _g = outer.enter();
            let mut md = tonic::metadata::MetadataMap::new();
            inject_grpc(&mut md);
            let header = md.get("traceparent").and_then(|v| v.to_str().ok()).map(str::to_owned);
            let trace_id = current_trace_id();
            assert!(header.is_some(), "traceparent injected");
            assert!(header.unwrap_or_default().contains(&trace_id.unwrap_or_default()));

            let map = current_context_map();
            let inner = tracing::info_span!("consumer");
            set_parent_from_map(&inner, &map);
            let _g2 = inner.enter();
            assert_eq!(current_trace_id(), map.get("traceparent").map(|t| t[3..35].to_owned()));
        });
    }
}
