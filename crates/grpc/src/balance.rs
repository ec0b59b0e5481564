//! Per-request balancing over a service's replicas, where a call that reached no server goes
//! to another replica.
//!
//! Each replica (one address the service's name resolves to) has its own lazily connected tonic
//! channel, dialled through [`Dial`], which records whether the replica could be reached. Calls
//! go to the reachable replicas in turn. When a call's dial fails (the replica is stopping or
//! gone, so the request was never sent) or the server refused the stream unread (the HTTP/2
//! GOAWAY of a server shutting down, or REFUSED_STREAM), the same request goes to the next
//! replica, and the one that failed is skipped until a background dial reaches it again or the
//! name stops naming it. This is gRPC's transparent retry (gRFC A6): only a request no server
//! has seen is sent again, so no call runs twice. Requests are unary (no service of ours takes
//! a request stream), so the encoded request is kept to be sent again.

use bytes::Bytes;
use http_body_util::BodyExt;
use hyper_util::rt::TokioIo;
use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::task::{Context, Poll};
use std::time::Duration;
use tokio::net::TcpStream;
use tokio::sync::watch;
use tonic::body::Body;
use tonic::transport::Endpoint;
use tower_service::Service;

use crate::{BoxError, BoxFuture};

/// The first wait before an unreachable replica is dialled again in the background; it doubles
/// up to [`PROBE_MAX`].
const PROBE_FIRST: Duration = Duration::from_millis(100);
const PROBE_MAX: Duration = Duration::from_secs(2);
/// The longest a replica's dial may take. A dial inside a cluster or a compose network answers
/// in well under a millisecond, or is refused at once; one unanswered for this long is an
/// address nobody holds any more (a replica killed, its address not yet given again), and the
/// call still has time to reach another replica before its deadline (2 s at the gateway).
pub const DIAL_MAX: Duration = Duration::from_millis(500);

/// The replicas of one service, as last resolved.
pub(crate) type Replicas = Arc<[Arc<Replica>]>;

/// A channel balanced over the replicas the resolver publishes on its watch.
#[derive(Clone)]
pub struct Balanced {
    replicas: watch::Receiver<Replicas>,
    next: Arc<AtomicUsize>,
    host: Arc<str>,
}

/// One address of a service, with its own connection.
pub(crate) struct Replica {
    addr: SocketAddr,
    channel: tonic::transport::Channel,
    reach: Arc<Reach>,
}

/// Whether a replica's last dial failed, and whether a background dial is trying it again.
#[derive(Debug, Default)]
struct Reach {
    down: AtomicBool,
    probing: AtomicBool,
}

impl Balanced {
    /// A balanced channel over what `replicas` holds (and will hold) for `host`.
    pub(crate) fn new(host: &str, replicas: watch::Receiver<Replicas>) -> Self {
        Self { replicas, next: Arc::default(), host: host.into() }
    }

    /// The replicas in the order this call tries them: the next in turn first, the reachable
    /// ones before those whose last dial failed.
    fn order(&self) -> Vec<Arc<Replica>> {
        let list = self.replicas.borrow().clone();
        let n = list.len();
        let start = self.next.fetch_add(1, Ordering::Relaxed);
        let turn = (0..n).map(|i| list[(start + i) % n].clone());
        let (reachable, down): (Vec<_>, Vec<_>) = turn.partition(|r| !r.reach.is_down());
        reachable.into_iter().chain(down).collect()
    }
}

impl Replica {
    /// The replica at `addr`, with `template`'s settings and the request's authority kept.
    pub(crate) fn new(template: &Endpoint, addr: SocketAddr) -> Option<Arc<Self>> {
        let scheme = template.uri().scheme_str().unwrap_or("http");
        // No connect timeout on the endpoint: the dial keeps its own, so that its failure is
        // told apart from every other.
        let endpoint =
            crate::endpoint(&format!("{scheme}://{addr}")).ok()?.origin(template.uri().clone());
        let reach = Arc::new(Reach::default());
        let dial = Dial {
            addr,
            timeout: template
                .get_connect_timeout()
                .unwrap_or(crate::DEFAULT_CONNECT_TIMEOUT)
                .min(DIAL_MAX),
            reach: reach.clone(),
        };
        let channel = endpoint.connect_with_connector_lazy(dial);
        Some(Arc::new(Self { addr, channel, reach }))
    }

    pub(crate) fn addr(&self) -> SocketAddr {
        self.addr
    }
}

impl Reach {
    fn is_down(&self) -> bool {
        self.down.load(Ordering::Acquire)
    }

    /// A dial reached the replica.
    fn up(&self) {
        self.down.store(false, Ordering::Release);
    }

    /// A dial failed: the replica is skipped while a background dial (one at a time) tries it
    /// again, sooner first, until it answers or the replica is dropped.
    fn went_down(this: &Arc<Self>, addr: SocketAddr, timeout: Duration) {
        this.down.store(true, Ordering::Release);
        if this.probing.swap(true, Ordering::AcqRel) {
            return;
        }
        let weak = Arc::downgrade(this);
        tokio::spawn(async move {
            let mut wait = PROBE_FIRST;
            loop {
                tokio::time::sleep(wait).await;
                let Some(reach) = weak.upgrade() else { return };
                if !reach.is_down() || dial(addr, timeout).await.is_ok() {
                    reach.up();
                    reach.probing.store(false, Ordering::Release);
                    // Down again since (a call's dial failed while this one was succeeding)
                    // with nobody probing: go on.
                    if !reach.is_down() || reach.probing.swap(true, Ordering::AcqRel) {
                        return;
                    }
                }
                wait = (wait * 2).min(PROBE_MAX);
            }
        });
    }
}

/// A TCP connection to `addr` within `timeout`, without Nagle's delay.
async fn dial(addr: SocketAddr, timeout: Duration) -> std::io::Result<TcpStream> {
    let stream =
        tokio::time::timeout(timeout, TcpStream::connect(addr)).await.map_err(|_| {
            std::io::Error::new(
                std::io::ErrorKind::TimedOut,
                format!("no connection within {timeout:?}"),
            )
        })??;
    stream.set_nodelay(true)?;
    Ok(stream)
}

/// The connector of one replica's channel: dials its address and records the outcome.
#[derive(Clone)]
struct Dial {
    addr: SocketAddr,
    timeout: Duration,
    reach: Arc<Reach>,
}

/// A dial that failed: the request it was for reached no server.
#[derive(Debug)]
struct DialFailed {
    addr: SocketAddr,
    cause: std::io::Error,
}

impl std::fmt::Display for DialFailed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "tcp connect error to {}: {}", self.addr, self.cause)
    }
}

impl std::error::Error for DialFailed {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        Some(&self.cause)
    }
}

impl Service<http::Uri> for Dial {
    type Response = TokioIo<TcpStream>;
    type Error = DialFailed;
    type Future = BoxFuture<Result<Self::Response, DialFailed>>;

    fn poll_ready(&mut self, _: &mut Context<'_>) -> Poll<Result<(), DialFailed>> {
        Poll::Ready(Ok(()))
    }

    fn call(&mut self, _: http::Uri) -> Self::Future {
        let Self { addr, timeout, reach } = self.clone();
        Box::pin(async move {
            match dial(addr, timeout).await {
                Ok(stream) => {
                    reach.up();
                    Ok(TokioIo::new(stream))
                }
                Err(cause) => {
                    Reach::went_down(&reach, addr, timeout);
                    Err(DialFailed { addr, cause })
                }
            }
        })
    }
}

/// Whether `error` says the request reached no server: its dial failed, or the server refused
/// the stream before reading it (a graceful GOAWAY that did not include it, REFUSED_STREAM).
pub(crate) fn reached_no_server(error: &(dyn std::error::Error + 'static)) -> bool {
    let mut cause = Some(error);
    while let Some(e) = cause {
        if e.is::<DialFailed>() {
            return true;
        }
        if let Some(h2) = e.downcast_ref::<h2::Error>() {
            return h2.is_remote()
                && match h2.reason() {
                    Some(h2::Reason::REFUSED_STREAM) => true,
                    Some(h2::Reason::NO_ERROR) => h2.is_go_away(),
                    _ => false,
                };
        }
        cause = e.source();
    }
    false
}

/// An encoded unary request, kept to be sent again.
struct Kept {
    parts: http::request::Parts,
    body: Bytes,
}

impl Kept {
    fn request(&self) -> http::Request<Body> {
        let mut request =
            http::Request::new(Body::new(http_body_util::Full::new(self.body.clone())));
        *request.method_mut() = self.parts.method.clone();
        *request.uri_mut() = self.parts.uri.clone();
        *request.version_mut() = self.parts.version;
        *request.headers_mut() = self.parts.headers.clone();
        if let Some(method) = self.parts.extensions.get::<tonic::GrpcMethod<'static>>() {
            request.extensions_mut().insert(method.clone());
        }
        request
    }
}

impl Service<http::Request<Body>> for Balanced {
    type Response = http::Response<Body>;
    type Error = BoxError;
    type Future = BoxFuture<Result<Self::Response, BoxError>>;

    fn poll_ready(&mut self, _: &mut Context<'_>) -> Poll<Result<(), BoxError>> {
        Poll::Ready(Ok(()))
    }

    fn call(&mut self, request: http::Request<Body>) -> Self::Future {
        let this = self.clone();
        Box::pin(async move {
            let (parts, body) = request.into_parts();
            let body = body.collect().await?.to_bytes();
            let kept = Kept { parts, body };
            // Before the name's first answer there is nobody to call: wait for it (the call's
            // deadline bounds the wait).
            let mut replicas = this.replicas.clone();
            if replicas.borrow().is_empty() {
                replicas.wait_for(|r| !r.is_empty()).await.map_err(|_| {
                    Box::new(tonic::Status::unavailable(format!("{} has no address", this.host)))
                        as BoxError
                })?;
            }
            let mut last = None;
            for replica in this.order() {
                let mut channel = replica.channel.clone();
                std::future::poll_fn(|cx| channel.poll_ready(cx)).await?;
                match channel.call(kept.request()).await {
                    Err(e) if reached_no_server(&e) => {
                        tracing::debug!(host = %this.host, addr = %replica.addr, error = %e, "sent to the next replica");
                        last = Some(e);
                    }
                    answer => return answer.map_err(Into::into),
                }
            }
            Err(last.map_or_else(
                || {
                    Box::new(tonic::Status::unavailable(format!("{} has no address", this.host)))
                        as BoxError
                },
                Into::into,
            ))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_errors_of_requests_no_server_read_are_sent_again() {
        /// How tonic hands a connector's error on: inside errors of its own.
        #[derive(Debug)]
        struct Wrapped(BoxError);
        impl std::fmt::Display for Wrapped {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                write!(f, "transport error")
            }
        }
        impl std::error::Error for Wrapped {
            fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
                Some(self.0.as_ref())
            }
        }
        let refused = std::io::Error::from(std::io::ErrorKind::ConnectionRefused);
        let dial = DialFailed { addr: SocketAddr::from(([127, 0, 0, 1], 1)), cause: refused };
        let wrapped = Wrapped(Box::new(Wrapped(Box::new(dial))));
        assert!(reached_no_server(&wrapped), "a failed dial, however wrapped");
        let refused_stream = h2::Error::from(h2::Reason::REFUSED_STREAM);
        // A reason made here is not the remote's: only the server's own refusal counts.
        assert!(!reached_no_server(&refused_stream));
        let io = std::io::Error::from(std::io::ErrorKind::ConnectionReset);
        assert!(!reached_no_server(&io), "a connection reset after sending may have been read");
        let status = tonic::Status::unavailable("the service said so");
        assert!(!reached_no_server(&status), "an answer from a server is final");
    }
}
