//! gRPC transport plumbing shared by the gateway and the services, on tonic's own transport.
//!
//! Calling: [`channel`] gives a tonic [`tonic::transport::Channel`] (HTTP/2, TLS-capable,
//! streaming-capable) wrapped in [`Deadline`], which turns a call that gets no answer in time
//! into `DeadlineExceeded` (tonic's own timeout says `Cancelled`, which a caller cannot tell
//! from a call it cancelled; the error table maps `DeadlineExceeded` to 503). A service address
//! whose host is a DNS name (a headless Kubernetes Service) is resolved again every
//! [`RESOLVE_EVERY`] and every address it names is a replica with its own connection; calls go
//! to the replicas in turn, and a call that reached no server (its replica stopping or gone) is
//! sent to the next one ([`balance`]). An IP address or `localhost` is one endpoint.
//!
//! Serving: [`incoming`] is the listener stream the services serve on (TCP_NODELAY).

pub mod balance;
mod deadline;
pub mod resolve;

pub use balance::Balanced;
pub use deadline::Deadline;
pub use resolve::balanced_with;

use std::time::Duration;
use tonic::transport::{Endpoint, server::TcpIncoming};

/// A channel to one service, with calls timed out as `DeadlineExceeded`.
pub type Channel = Deadline<Transport>;

/// How a channel reaches its service: one address, or the replicas a name resolves to.
#[derive(Clone)]
pub enum Transport {
    /// An IP address or `localhost`: tonic's own lazily connected channel.
    One(tonic::transport::Channel),
    /// A DNS name: its replicas, balanced per request.
    Replicas(Balanced),
}

/// The error every layer of a channel answers (tonic reads a [`tonic::Status`] out of it).
pub(crate) type BoxError = Box<dyn std::error::Error + Send + Sync>;
/// The future every layer of a channel answers with.
pub(crate) type BoxFuture<T> = std::pin::Pin<Box<dyn std::future::Future<Output = T> + Send>>;

impl tower_service::Service<http::Request<tonic::body::Body>> for Transport {
    type Response = http::Response<tonic::body::Body>;
    type Error = BoxError;
    type Future = BoxFuture<Result<Self::Response, BoxError>>;

    fn poll_ready(
        &mut self,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Result<(), BoxError>> {
        match self {
            Self::One(channel) => channel.poll_ready(cx).map_err(Into::into),
            Self::Replicas(replicas) => replicas.poll_ready(cx),
        }
    }

    fn call(&mut self, request: http::Request<tonic::body::Body>) -> Self::Future {
        match self {
            Self::One(channel) => {
                let call = channel.call(request);
                Box::pin(async move { call.await.map_err(Into::into) })
            }
            Self::Replicas(replicas) => replicas.call(request),
        }
    }
}

/// The dial timeout of an endpoint that names none.
pub(crate) const DEFAULT_CONNECT_TIMEOUT: Duration = Duration::from_secs(2);

/// How often a service's DNS name is resolved again to follow its replicas.
pub const RESOLVE_EVERY: Duration = Duration::from_secs(10);
/// How often a connection is pinged, and how long a ping may go unanswered.
const KEEPALIVE_INTERVAL: Duration = Duration::from_secs(30);
const KEEPALIVE_TIMEOUT: Duration = Duration::from_secs(20);

/// A lazy channel to `url` (`http://host:port`): nothing connects before the first call.
/// `connect_timeout` bounds each dial, `timeout` each call (to its answer).
pub fn channel(url: &str, connect_timeout: Duration, timeout: Duration) -> anyhow::Result<Channel> {
    let endpoint = endpoint(url)?.connect_timeout(connect_timeout);
    let uri = endpoint.uri().clone();
    let host = uri.host().ok_or_else(|| anyhow::anyhow!("no host in {url}"))?;
    let inner = if resolve::is_dns_name(host) {
        let port =
            uri.port_u16().unwrap_or(if uri.scheme_str() == Some("https") { 443 } else { 80 });
        Transport::Replicas(resolve::balanced(endpoint, host.to_owned(), port))
    } else {
        Transport::One(endpoint.connect_lazy())
    };
    Ok(Deadline::new(inner, timeout))
}

/// The endpoint settings every channel shares.
pub(crate) fn endpoint(url: &str) -> anyhow::Result<Endpoint> {
    Ok(Endpoint::from_shared(url.to_owned())?
        .tcp_nodelay(true)
        .http2_keep_alive_interval(KEEPALIVE_INTERVAL)
        .keep_alive_timeout(KEEPALIVE_TIMEOUT)
        .keep_alive_while_idle(true))
}

/// Streams a caller may reset before the server has accepted them, per connection (HTTP/2's
/// rapid-reset guard; h2's default is 20). A gateway whose deadline fires on every call to a
/// hung service resets hundreds at once; with 20, the service answered the gateway's next calls
/// with `ENHANCE_YOUR_CALM` (seen as 429) for seconds after it came back. Only the services'
/// own callers reach them (network policies), so a higher guard costs no exposure.
pub const MAX_PENDING_ACCEPT_RESETS: usize = 4096;

/// The connections a service accepts on `listener`, with TCP_NODELAY (answers are small and
/// must not wait for Nagle).
pub fn incoming(listener: tokio::net::TcpListener) -> TcpIncoming {
    TcpIncoming::from(listener).with_nodelay(Some(true))
}

/// Marks a server not serving when its stop begins: a readiness probe, or a caller checking
/// health over a connection still open while the calls in flight finish, sees it going.
pub async fn stop_serving(health: &tonic_health::server::HealthReporter) {
    health.set_service_status("", tonic_health::ServingStatus::NotServing).await;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn channels_take_http_addresses_with_a_host() {
        assert!(
            channel("http://127.0.0.1:50051", Duration::from_secs(1), Duration::from_secs(1))
                .is_ok()
        );
        assert!(
            channel("http://accounts:50051", Duration::from_secs(1), Duration::from_secs(1))
                .is_ok()
        );
        assert!(channel("not a url", Duration::from_secs(1), Duration::from_secs(1)).is_err());
    }
}
