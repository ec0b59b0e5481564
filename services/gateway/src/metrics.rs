//! Prometheus metrics of the gateway: request counts and latency per route template.

use std::collections::BTreeMap;
use std::sync::Mutex;

/// Upper bounds of the latency histogram, in seconds.
const BUCKETS: [f64; 12] =
    [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5];

#[derive(Default)]
struct Series {
    count: u64,
    sum: f64,
    buckets: [u64; BUCKETS.len()],
}

/// Counters and histograms keyed by (method, route template, status).
#[derive(Default)]
pub struct Metrics {
    series: Mutex<BTreeMap<(String, String, u16), Series>>,
    /// Open real-time sockets.
    pub sockets: std::sync::atomic::AtomicI64,
}

impl Metrics {
    /// Records one finished request.
    pub fn observe(&self, method: &str, route: &str, status: u16, seconds: f64) {
        let Ok(mut map) = self.series.lock() else { return };
        let s = map.entry((method.to_owned(), route.to_owned(), status)).or_default();
        s.count += 1;
        s.sum += seconds;
        for (i, b) in BUCKETS.iter().enumerate() {
            if seconds <= *b {
                s.buckets[i] += 1;
            }
        }
    }

    /// Prometheus text exposition.
    pub fn render(&self) -> String {
        let mut out = String::from(
            "# HELP http_requests_total Requests by method, route and status.\n# TYPE http_requests_total counter\n",
        );
        let Ok(map) = self.series.lock() else { return out };
        let sockets = self.sockets.load(std::sync::atomic::Ordering::Relaxed);
        out.insert_str(
            0,
            &format!("# HELP realtime_sockets_open Open /v1/ws connections.\n# TYPE realtime_sockets_open gauge\nrealtime_sockets_open {sockets}\n"),
        );
        for ((m, r, st), s) in map.iter() {
            out.push_str(&format!(
                "http_requests_total{{method=\"{m}\",route=\"{r}\",status=\"{st}\"}} {}\n",
                s.count
            ));
        }
        out.push_str("# HELP http_request_duration_seconds Request latency.\n# TYPE http_request_duration_seconds histogram\n");
        for ((m, r, st), s) in map.iter() {
            let labels = format!("method=\"{m}\",route=\"{r}\",status=\"{st}\"");
            for (i, b) in BUCKETS.iter().enumerate() {
                out.push_str(&format!(
                    "http_request_duration_seconds_bucket{{{labels},le=\"{b}\"}} {}\n",
                    s.buckets[i]
                ));
            }
            out.push_str(&format!(
                "http_request_duration_seconds_bucket{{{labels},le=\"+Inf\"}} {}\n",
                s.count
            ));
            out.push_str(&format!("http_request_duration_seconds_sum{{{labels}}} {}\n", s.sum));
            out.push_str(&format!("http_request_duration_seconds_count{{{labels}}} {}\n", s.count));
        }
        out
    }
}

/// The internal metrics server: `GET /metrics` only, one worker, on its own listener so the
/// public port never exposes it.
pub fn server(
    metrics: std::sync::Arc<Metrics>,
    listener: std::net::TcpListener,
) -> std::io::Result<actix_web::dev::Server> {
    use actix_web::{App, HttpResponse, HttpServer, web};
    let server = HttpServer::new(move || {
        let metrics = metrics.clone();
        App::new().route(
                "/metrics",
                web::get().to(move || {
                    let body = metrics.render();
                    async move {
                        HttpResponse::Ok().content_type("text/plain; version=0.0.4").body(body)
                    }
                }),
            )
    })
    .workers(1)
    .shutdown_timeout(5)
    .listen(listener)?
    .run();
    Ok(server)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn histogram_buckets_are_cumulative() {
        let m = Metrics::default();
        m.observe("GET", "/v1/x", 200, 0.002);
        m.observe("GET", "/v1/x", 200, 0.2);
        let text = m.render();
        assert!(
            text.contains("http_requests_total{method=\"GET\",route=\"/v1/x\",status=\"200\"} 2")
        );
        assert!(text.contains("le=\"0.0025\"} 1"));
        assert!(text.contains("le=\"0.25\"} 2"));
        assert!(text.contains("le=\"+Inf\"} 2"));
    }
}
