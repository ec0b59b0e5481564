//! The calling side: a tonic client transport straight on h2, so a unary request's headers
//! and message leave in one write.
//!
//! Through hyper (tonic's `Channel`) a request's message is piped into the stream by a task
//! of its own once h2 has opened the stream and granted it send capacity, which happens only
//! when the connection task writes the headers: the headers went out alone and the message
//! in a second write, and the service woke twice for one request. Here the message is queued
//! on the stream right after its headers, before the connection task runs, and h2 writes both
//! together. There is also no request queue task in between (tonic's `Buffer`).
//!
//! A `Link` connects on first use, keeps one HTTP/2 connection, pings it every 30 s (a peer
//! that does not answer within 20 s is dropped), and dials again after the connection ends.
//! A call without an answer in time is `DeadlineExceeded` (tonic's `Channel` says
//! `Cancelled`, which callers cannot tell from a cancelled call); an address nobody listens
//! on is `Unavailable`. The error table maps both to 503 at the gateway.

use bytes::Bytes;
use http::uri::{Authority, PathAndQuery, Scheme};
use http::{Request, Response, Uri};
use http_body::{Body, Frame};
use http_body_util::BodyExt;
use std::pin::Pin;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;
use tonic::Status;

/// How often an idle or busy connection is pinged.
const KEEPALIVE_INTERVAL: Duration = Duration::from_secs(30);
/// How long a ping may go unanswered before the connection is dropped.
const KEEPALIVE_TIMEOUT: Duration = Duration::from_secs(20);
/// Receive windows as hyper's client sets them (h2's own default is 64 KiB).
const STREAM_WINDOW: u32 = 2 * 1024 * 1024;
const CONNECTION_WINDOW: u32 = 5 * 1024 * 1024;
/// The largest header list accepted from a service.
const MAX_HEADER_LIST: u32 = 16 * 1024;

/// A gRPC transport to one service address (see the module documentation).
#[derive(Clone)]
pub struct Link {
    shared: Arc<Shared>,
}

struct Shared {
    scheme: Scheme,
    authority: Authority,
    connect_timeout: Duration,
    timeout: Duration,
    /// The live connection and its number; `None` before the first call and after it ended.
    conn: Mutex<Option<(u64, h2::client::SendRequest<Bytes>)>>,
    /// One dial at a time.
    dialing: tokio::sync::Mutex<()>,
    next_id: AtomicU64,
}

impl std::fmt::Debug for Link {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Link").field("authority", &self.shared.authority).finish()
    }
}

impl Link {
    /// A link to `url` (`http://host:port`) that connects on first use, with a connect
    /// timeout and a timeout per call (to the answer's headers, as tonic's `Channel` has it;
    /// `DeadlineExceeded` when it passes).
    pub fn lazy(url: &str, connect_timeout: Duration, timeout: Duration) -> anyhow::Result<Self> {
        let uri: Uri = url.parse()?;
        let scheme = uri.scheme().cloned().unwrap_or(Scheme::HTTP);
        anyhow::ensure!(
            scheme == Scheme::HTTP,
            "only http:// service addresses are supported: {url}"
        );
        let authority =
            uri.authority().cloned().ok_or_else(|| anyhow::anyhow!("no host in {url}"))?;
        Ok(Self {
            shared: Arc::new(Shared {
                scheme,
                authority,
                connect_timeout,
                timeout,
                conn: Mutex::new(None),
                dialing: tokio::sync::Mutex::new(()),
                next_id: AtomicU64::new(1),
            }),
        })
    }
}

impl tower_service::Service<Request<tonic::body::Body>> for Link {
    type Response = Response<Answer>;
    type Error = Status;
    type Future = Pin<Box<dyn Future<Output = Result<Response<Answer>, Status>> + Send>>;

    fn poll_ready(&mut self, _cx: &mut Context<'_>) -> Poll<Result<(), Status>> {
        Poll::Ready(Ok(()))
    }

    fn call(&mut self, req: Request<tonic::body::Body>) -> Self::Future {
        let shared = self.shared.clone();
        Box::pin(async move {
            let timeout = shared.timeout;
            match tokio::time::timeout(timeout, shared.send(req)).await {
                Ok(answer) => answer,
                Err(_) => Err(Status::deadline_exceeded(format!(
                    "no answer within {} ms",
                    timeout.as_millis()
                ))),
            }
        })
    }
}

impl Shared {
    async fn send(
        self: Arc<Self>,
        req: Request<tonic::body::Body>,
    ) -> Result<Response<Answer>, Status> {
        let (mut head, body) = req.into_parts();
        // A unary call's message is ready at once; streaming calls are not used across hops.
        let message = body.collect().await?.to_bytes();
        let path =
            head.uri.path_and_query().cloned().unwrap_or_else(|| PathAndQuery::from_static("/"));
        head.uri = Uri::builder()
            .scheme(self.scheme.clone())
            .authority(self.authority.clone())
            .path_and_query(path)
            .build()
            .map_err(|e| Status::internal(format!("request address: {e}")))?;
        head.version = http::Version::HTTP_2;
        let request = Request::from_parts(head, ());
        let mut sender = self.ready_sender().await?;
        let (answer, mut stream) = sender
            .send_request(request, message.is_empty())
            .map_err(|e| unavailable(&self.authority, e))?;
        if !message.is_empty() {
            // Queued behind the headers; h2 writes both when it opens the stream.
            stream.send_data(message, true).map_err(|e| unavailable(&self.authority, e))?;
        }
        let answer = answer.await.map_err(|e| from_h2(&self.authority, e))?;
        Ok(answer.map(Answer::new))
    }

    /// The connection's sender, ready for a new stream; dials when there is none (or the last
    /// one has ended).
    async fn ready_sender(self: &Arc<Self>) -> Result<h2::client::SendRequest<Bytes>, Status> {
        if let Some((id, sender)) = self.current() {
            match sender.ready().await {
                Ok(sender) => return Ok(sender),
                Err(_) => self.forget(id),
            }
        }
        let sender = self.dial().await?;
        sender.ready().await.map_err(|e| unavailable(&self.authority, e))
    }

    fn current(&self) -> Option<(u64, h2::client::SendRequest<Bytes>)> {
        self.conn.lock().map(|c| c.clone()).unwrap_or_default()
    }

    fn forget(&self, id: u64) {
        if let Ok(mut conn) = self.conn.lock()
            && conn.as_ref().is_some_and(|(current, _)| *current == id)
        {
            *conn = None;
        }
    }

    /// Opens the connection (once, however many calls wait for it) and spawns its task on
    /// the caller's runtime.
    async fn dial(self: &Arc<Self>) -> Result<h2::client::SendRequest<Bytes>, Status> {
        let _one = self.dialing.lock().await;
        if let Some((_, sender)) = self.current() {
            return Ok(sender);
        }
        // `http://host` without a port means port 80, as in any HTTP client.
        let addr = match self.authority.port_u16() {
            Some(_) => self.authority.as_str().to_owned(),
            None => format!("{}:80", self.authority.host()),
        };
        let addr = addr.as_str();
        let tcp = tokio::time::timeout(self.connect_timeout, tokio::net::TcpStream::connect(addr))
            .await
            .map_err(|_| Status::unavailable(format!("connecting to {addr} timed out")))?
            .map_err(|e| Status::unavailable(format!("tcp connect error: {addr}: {e}")))?;
        tcp.set_nodelay(true).map_err(|e| Status::unavailable(format!("{addr}: {e}")))?;
        let (sender, mut connection) = h2::client::Builder::new()
            .enable_push(false)
            .initial_window_size(STREAM_WINDOW)
            .initial_connection_window_size(CONNECTION_WINDOW)
            .max_header_list_size(MAX_HEADER_LIST)
            .handshake::<_, Bytes>(tcp)
            .await
            .map_err(|e| unavailable(&self.authority, e))?;
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        if let Ok(mut conn) = self.conn.lock() {
            *conn = Some((id, sender.clone()));
        }
        let ping_pong = connection.ping_pong();
        let shared = Arc::downgrade(self);
        tokio::spawn(async move {
            drive(&mut connection, ping_pong).await;
            if let Some(shared) = shared.upgrade() {
                shared.forget(id);
            }
        });
        Ok(sender)
    }
}

/// Runs a connection until it ends or a ping goes unanswered.
async fn drive(
    connection: &mut h2::client::Connection<tokio::net::TcpStream, Bytes>,
    mut ping_pong: Option<h2::PingPong>,
) {
    let start = tokio::time::Instant::now() + KEEPALIVE_INTERVAL;
    let mut every = tokio::time::interval_at(start, KEEPALIVE_INTERVAL);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            ended = &mut *connection => {
                if let Err(e) = ended {
                    tracing::debug!(error = %e, "service connection ended");
                }
                return;
            }
            _ = every.tick() => {
                let Some(pp) = ping_pong.as_mut() else { continue };
                let pong = tokio::time::timeout(KEEPALIVE_TIMEOUT, pp.ping(h2::Ping::opaque()));
                tokio::select! {
                    ended = &mut *connection => {
                        if let Err(e) = ended {
                            tracing::debug!(error = %e, "service connection ended");
                        }
                        return;
                    }
                    answered = pong => {
                        if !matches!(answered, Ok(Ok(_))) {
                            tracing::warn!("service connection dropped: ping unanswered");
                            return;
                        }
                    }
                }
            }
        }
    }
}

fn unavailable(authority: &Authority, e: h2::Error) -> Status {
    Status::unavailable(format!("connection to {authority}: {e}"))
}

/// An error before the answer's headers: a reset stream keeps its gRPC meaning (as tonic
/// maps it), anything else means the service could not be reached.
fn from_h2(authority: &Authority, e: h2::Error) -> Status {
    if e.is_reset() || e.is_go_away() && e.is_remote() {
        match e.reason() {
            Some(h2::Reason::REFUSED_STREAM) => return unavailable(authority, e),
            Some(h2::Reason::CANCEL) => return Status::cancelled(format!("{authority}: {e}")),
            Some(h2::Reason::ENHANCE_YOUR_CALM) => {
                return Status::resource_exhausted(format!("{authority}: {e}"));
            }
            _ => {}
        }
    }
    unavailable(authority, e)
}

/// An answer's body: its DATA frames (their flow-control capacity given back as they are
/// read) and then its trailers.
#[derive(Debug)]
pub struct Answer {
    stream: h2::RecvStream,
    data_done: bool,
    done: bool,
}

impl Answer {
    fn new(stream: h2::RecvStream) -> Self {
        Self { stream, data_done: false, done: false }
    }
}

impl Body for Answer {
    type Data = Bytes;
    type Error = h2::Error;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, h2::Error>>> {
        if self.done {
            return Poll::Ready(None);
        }
        if !self.data_done {
            match std::task::ready!(self.stream.poll_data(cx)) {
                Some(Ok(data)) => {
                    let _ = self.stream.flow_control().release_capacity(data.len());
                    return Poll::Ready(Some(Ok(Frame::data(data))));
                }
                Some(Err(e)) => {
                    self.done = true;
                    return Poll::Ready(Some(Err(e)));
                }
                None => self.data_done = true,
            }
        }
        let trailers = std::task::ready!(self.stream.poll_trailers(cx));
        self.done = true;
        Poll::Ready(match trailers {
            Ok(Some(t)) => Some(Ok(Frame::trailers(t))),
            Ok(None) => None,
            Err(e) => Some(Err(e)),
        })
    }

    fn is_end_stream(&self) -> bool {
        self.done || self.stream.is_end_stream()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_takes_plain_http_addresses_with_a_host() {
        let d = Duration::from_secs(1);
        assert!(Link::lazy("http://catalog-search:50052", d, d).is_ok());
        assert!(Link::lazy("http://accounts", d, d).is_ok());
        assert!(Link::lazy("https://catalog-search:50052", d, d).is_err());
        assert!(Link::lazy("/no/host", d, d).is_err());
    }
}
