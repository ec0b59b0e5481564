//! Prometheus metrics of a service process, served as text on an internal port
//! (`telemetry.metrics_port`; Kubernetes scrapes 9464): gRPC calls by method and status with
//! their latency, the outbox relay's publications and commit-to-publish lag, the consumers'
//! events by outcome and their commit-to-consumed lag, and the process's CPU and memory.
//!
//! One registry per process, filled by the plumbing (the gRPC layer here, `upcar-events`' relay
//! and consumer) so no service writes metrics code of its own.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::future::Future;
use std::pin::Pin;
use std::sync::{LazyLock, Mutex};
use std::task::{Context, Poll};
use std::time::Instant;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;

/// Upper bounds of every latency histogram, in seconds.
const BUCKETS: [f64; 14] =
    [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0];

#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Counter,
    Gauge,
    Histogram,
}

#[derive(Default)]
struct Value {
    /// Counter or gauge value; a histogram's count.
    n: i64,
    sum: f64,
    buckets: [u64; BUCKETS.len()],
}

struct Family {
    help: &'static str,
    kind: Kind,
    /// Keyed by the rendered label set (`a="x",b="y"`).
    series: BTreeMap<String, Value>,
}

#[derive(Default)]
struct Registry {
    families: Mutex<BTreeMap<&'static str, Family>>,
}

static REGISTRY: LazyLock<Registry> = LazyLock::new(Registry::default);

fn labels_text(labels: &[(&str, &str)]) -> String {
    let mut out = String::new();
    for (i, (k, v)) in labels.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let v = v.replace('\\', "\\\\").replace('"', "\\\"").replace('\n', "\\n");
        let _ = write!(out, "{k}=\"{v}\"");
    }
    out
}

fn with_series(
    name: &'static str,
    help: &'static str,
    kind: Kind,
    labels: &[(&str, &str)],
    f: impl FnOnce(&mut Value),
) {
    let Ok(mut families) = REGISTRY.families.lock() else { return };
    let family =
        families.entry(name).or_insert_with(|| Family { help, kind, series: BTreeMap::new() });
    if family.kind != kind {
        return;
    }
    f(family.series.entry(labels_text(labels)).or_default());
}

/// Adds `by` to a counter.
pub fn count(name: &'static str, help: &'static str, labels: &[(&str, &str)], by: u64) {
    with_series(name, help, Kind::Counter, labels, |v| v.n += by as i64);
}

/// Sets a gauge.
pub fn gauge(name: &'static str, help: &'static str, labels: &[(&str, &str)], value: i64) {
    with_series(name, help, Kind::Gauge, labels, |v| v.n = value);
}

/// Records one observation (seconds) in a histogram.
pub fn observe(name: &'static str, help: &'static str, labels: &[(&str, &str)], seconds: f64) {
    with_series(name, help, Kind::Histogram, labels, |v| {
        v.n += 1;
        v.sum += seconds;
        for (i, b) in BUCKETS.iter().enumerate() {
            if seconds <= *b {
                v.buckets[i] += 1;
            }
        }
    });
}

/// The outbox relay published `n` events of `producer`, each `lag_seconds` after its commit.
pub fn outbox_published(producer: &str, lag_seconds: f64) {
    count(
        "outbox_published_total",
        "Events the outbox relay published.",
        &[("producer", producer)],
        1,
    );
    observe(
        "outbox_lag_seconds",
        "Time from an event's commit to the broker's confirm.",
        &[("producer", producer)],
        lag_seconds.max(0.0),
    );
}

/// A consumer finished with an event: `applied`, `duplicate`, `failed` (redelivered) or
/// `dropped` (unreadable); the lag is from the event's commit, when known.
pub fn event_consumed(consumer: &str, outcome: &str, lag_seconds: Option<f64>) {
    count(
        "events_consumed_total",
        "Events a consumer finished with, by outcome.",
        &[("consumer", consumer), ("outcome", outcome)],
        1,
    );
    if let Some(lag) = lag_seconds {
        observe(
            "consumer_lag_seconds",
            "Time from an event's commit to its consumer applying it.",
            &[("consumer", consumer)],
            lag.max(0.0),
        );
    }
}

/// The process's own figures from `/proc/self` (Linux): CPU seconds, resident memory, threads.
fn process_text(out: &mut String) {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else { return };
    // Fields after the command name (which may hold spaces) in parentheses.
    let Some(rest) = stat.rsplit_once(')').map(|(_, r)| r) else { return };
    let f: Vec<&str> = rest.split_whitespace().collect();
    let num = |i: usize| f.get(i).and_then(|s| s.parse::<f64>().ok()).unwrap_or(0.0);
    // utime and stime are fields 14 and 15 (index 11 and 12 after the name), in clock ticks
    // of 100 per second on Linux; threads field 20 (17), rss field 24 (21) in 4 KiB pages.
    let cpu = (num(11) + num(12)) / 100.0;
    let _ = writeln!(
        out,
        "# HELP process_cpu_seconds_total User and system CPU time.\n# TYPE process_cpu_seconds_total counter\nprocess_cpu_seconds_total {cpu}"
    );
    let _ = writeln!(
        out,
        "# HELP process_resident_memory_bytes Resident memory.\n# TYPE process_resident_memory_bytes gauge\nprocess_resident_memory_bytes {}",
        num(21) * 4096.0
    );
    let _ = writeln!(
        out,
        "# HELP process_threads Threads of the process.\n# TYPE process_threads gauge\nprocess_threads {}",
        num(17)
    );
}

/// The Prometheus text exposition of everything recorded.
pub fn render() -> String {
    let mut out = String::new();
    process_text(&mut out);
    let Ok(families) = REGISTRY.families.lock() else { return out };
    for (name, family) in families.iter() {
        let kind = match family.kind {
            Kind::Counter => "counter",
            Kind::Gauge => "gauge",
            Kind::Histogram => "histogram",
        };
        let _ = writeln!(out, "# HELP {name} {}\n# TYPE {name} {kind}", family.help);
        for (labels, v) in &family.series {
            let braced = if labels.is_empty() { String::new() } else { format!("{{{labels}}}") };
            if family.kind != Kind::Histogram {
                let _ = writeln!(out, "{name}{braced} {}", v.n);
                continue;
            }
            let sep = if labels.is_empty() { "" } else { "," };
            for (i, b) in BUCKETS.iter().enumerate() {
                let _ = writeln!(out, "{name}_bucket{{{labels}{sep}le=\"{b}\"}} {}", v.buckets[i]);
            }
            let _ = writeln!(out, "{name}_bucket{{{labels}{sep}le=\"+Inf\"}} {}", v.n);
            let _ = writeln!(out, "{name}_sum{braced} {}", v.sum);
            let _ = writeln!(out, "{name}_count{braced} {}", v.n);
        }
    }
    out
}

/// Binds `0.0.0.0:{port}` and serves `GET /metrics` there for the life of the process; `None`
/// (no port configured) serves nothing. Answers the bound port.
pub async fn serve_in_background(port: Option<u16>) -> anyhow::Result<Option<u16>> {
    let Some(port) = port else { return Ok(None) };
    let listener = TcpListener::bind(("0.0.0.0", port)).await?;
    let bound = listener.local_addr()?.port();
    tokio::spawn(serve(listener));
    Ok(Some(bound))
}

/// Answers each connection once: `GET /metrics` the exposition, anything else 404. A scrape is
/// one short request from inside the cluster; nothing here is reachable from outside.
pub async fn serve(listener: TcpListener) {
    loop {
        let Ok((mut stream, _)) = listener.accept().await else { continue };
        tokio::spawn(async move {
            let mut head = Vec::with_capacity(512);
            let mut buf = [0u8; 1024];
            let read = tokio::time::timeout(std::time::Duration::from_secs(5), async {
                while !head.windows(4).any(|w| w == b"\r\n\r\n") && head.len() < 8192 {
                    match stream.read(&mut buf).await {
                        Ok(0) | Err(_) => return false,
                        Ok(n) => head.extend_from_slice(&buf[..n]),
                    }
                }
                true
            })
            .await;
            if !matches!(read, Ok(true)) {
                return;
            }
            let line = head.split(|b| *b == b'\r').next().unwrap_or_default();
            let path = std::str::from_utf8(line).ok().and_then(|l| {
                let mut parts = l.split(' ');
                (parts.next() == Some("GET")).then(|| parts.next()).flatten()
            });
            let (status, body) = match path.map(|p| p.split('?').next().unwrap_or(p)) {
                Some("/metrics") => ("200 OK", render()),
                _ => ("404 Not Found", "not found\n".to_owned()),
            };
            let response = format!(
                "HTTP/1.1 {status}\r\nContent-Type: text/plain; version=0.0.4; charset=utf-8\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
                body.len()
            );
            let _ = stream.write_all(response.as_bytes()).await;
            let _ = stream.shutdown().await;
        });
    }
}

/// A tonic server layer counting every call by method (the request path) and gRPC status, with
/// the time to its response headers. A handler's error is a trailers-only response whose
/// status is a header; a response without one is a success.
#[derive(Debug, Clone, Copy, Default)]
pub struct GrpcMetricsLayer;

impl<S> tower_layer::Layer<S> for GrpcMetricsLayer {
    type Service = GrpcMetrics<S>;
    fn layer(&self, inner: S) -> Self::Service {
        GrpcMetrics { inner }
    }
}

/// The service [`GrpcMetricsLayer`] wraps around each gRPC service.
#[derive(Debug, Clone)]
pub struct GrpcMetrics<S> {
    inner: S,
}

impl<S, B, R> tower_service::Service<http::Request<B>> for GrpcMetrics<S>
where
    S: tower_service::Service<http::Request<B>, Response = http::Response<R>>,
    S::Future: Send + 'static,
{
    type Response = S::Response;
    type Error = S::Error;
    type Future = Pin<Box<dyn Future<Output = Result<S::Response, S::Error>> + Send>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), S::Error>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, req: http::Request<B>) -> Self::Future {
        let method = req.uri().path().to_owned();
        let started = Instant::now();
        let call = self.inner.call(req);
        Box::pin(async move {
            let answer = call.await;
            let code = match &answer {
                Ok(r) => r
                    .headers()
                    .get("grpc-status")
                    .and_then(|v| v.to_str().ok())
                    .unwrap_or("0")
                    .to_owned(),
                Err(_) => "transport".to_owned(),
            };
            // Health checks are the probes' traffic, not the service's.
            if !method.starts_with("/grpc.health.") {
                let labels = [("method", method.as_str()), ("code", code.as_str())];
                count("grpc_server_requests_total", "gRPC calls by method and status.", &labels, 1);
                observe(
                    "grpc_server_duration_seconds",
                    "Time from a gRPC call's arrival to its response headers.",
                    &[("method", method.as_str())],
                    started.elapsed().as_secs_f64(),
                );
            }
            answer
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn renders_counters_and_histograms_in_the_text_format() {
        count("test_render_total", "A test counter.", &[("kind", "a\"b")], 2);
        observe("test_render_seconds", "A test histogram.", &[("m", "x")], 0.003);
        observe("test_render_seconds", "A test histogram.", &[("m", "x")], 20.0);
        let text = render();
        assert!(text.contains("# TYPE test_render_total counter\n"), "{text}");
        assert!(text.contains("test_render_total{kind=\"a\\\"b\"} 2\n"), "{text}");
        assert!(text.contains("test_render_seconds_bucket{m=\"x\",le=\"0.0025\"} 0\n"), "{text}");
        assert!(text.contains("test_render_seconds_bucket{m=\"x\",le=\"0.005\"} 1\n"), "{text}");
        assert!(text.contains("test_render_seconds_bucket{m=\"x\",le=\"+Inf\"} 2\n"), "{text}");
        assert!(text.contains("test_render_seconds_count{m=\"x\"} 2\n"), "{text}");
        assert!(text.contains("process_resident_memory_bytes "), "{text}");
    }

    #[tokio::test]
    async fn serves_metrics_and_refuses_other_paths() {
        count("test_served_total", "Served.", &[], 1);
        let port = serve_in_background(Some(0)).await.expect("binds").expect("a port");
        let get = |path: &'static str| async move {
            let mut s =
                tokio::net::TcpStream::connect(("127.0.0.1", port)).await.expect("connects");
            s.write_all(format!("GET {path} HTTP/1.1\r\nHost: x\r\n\r\n").as_bytes())
                .await
                .expect("writes");
            let mut out = String::new();
            s.read_to_string(&mut out).await.expect("reads");
            out
        };
        let ok = get("/metrics").await;
        assert!(ok.starts_with("HTTP/1.1 200 OK\r\n"), "{ok}");
        assert!(ok.contains("\ntest_served_total 1\n"), "{ok}");
        let missing = get("/other").await;
        assert!(missing.starts_with("HTTP/1.1 404"), "{missing}");
        assert_eq!(serve_in_background(None).await.expect("nothing to bind"), None);
    }
}
