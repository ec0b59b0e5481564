//! One hub per gateway process: the sockets of every HTTP worker subscribe here to the
//! channels they follow, and one Redis connection subscribes to exactly those channels and
//! hands each event to the local sockets following its channel. Several gateway replicas each
//! have their own hub; messaging publishes once and Redis fans out to all of them.
//!
//! Redis pub/sub is the fast path only. Every socket numbers what it delivered; when the Redis
//! connection is lost and comes back, every socket is told to read again from Postgres
//! (through messaging) everything after its last number, so nothing published meanwhile is
//! missed.

use futures::StreamExt;
use prost::Message as _;
use std::collections::HashMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;
use tokio::sync::{mpsc, oneshot, watch};
use tokio_util::sync::CancellationToken;
use upcar_proto::messaging as pb;

/// What a socket receives from the hub.
#[derive(Debug, Clone)]
pub enum Delivery {
    /// An event of a channel the socket follows.
    Event(std::sync::Arc<pb::RealtimeEvent>),
    /// The fast path may have dropped events: read the followed channels again by number.
    Resync,
}

/// A socket as the hub knows it.
#[derive(Clone)]
struct Member {
    tx: mpsc::Sender<Delivery>,
    /// Cancelled when the socket's queue is full: the socket closes itself.
    slow: CancellationToken,
}

/// A change of the Redis subscriptions; `done` answers once Redis confirmed it.
struct Change {
    channel: String,
    done: Option<oneshot::Sender<()>>,
}

/// The process's real-time hub.
pub struct Hub {
    prefix: String,
    redis_url: String,
    channels: Mutex<HashMap<String, HashMap<u64, Member>>>,
    changes: mpsc::UnboundedSender<Change>,
    changes_rx: Mutex<Option<mpsc::UnboundedReceiver<Change>>>,
    next_id: AtomicU64,
    shutdown: watch::Sender<bool>,
}

impl Hub {
    /// A hub for channels `{prefix}:{channel}` on the Redis at `redis_url`; nothing connects
    /// before [`Hub::run`].
    pub fn new(prefix: &str, redis_url: &str) -> Self {
        let (changes, rx) = mpsc::unbounded_channel();
        Self {
            prefix: prefix.to_owned(),
            redis_url: redis_url.to_owned(),
            channels: Mutex::new(HashMap::new()),
            changes,
            changes_rx: Mutex::new(Some(rx)),
            next_id: AtomicU64::new(1),
            shutdown: watch::channel(false).0,
        }
    }

    /// A new socket's id.
    pub fn socket_id(&self) -> u64 {
        self.next_id.fetch_add(1, Ordering::Relaxed)
    }

    /// Tells every socket the server is stopping (they close with "service restart", and
    /// clients reconnect to another replica).
    pub fn begin_shutdown(&self) {
        self.shutdown.send_replace(true);
    }

    /// Whether the server has begun to stop.
    pub fn is_stopping(&self) -> bool {
        *self.shutdown.borrow()
    }

    /// Resolves when the server begins to stop.
    pub fn stopping(&self) -> watch::Receiver<bool> {
        self.shutdown.subscribe()
    }

    fn redis_channel(&self, channel: &str) -> String {
        format!("{}:{channel}", self.prefix)
    }

    /// Follows `channel` for socket `id`; resolves once Redis delivers the channel's events
    /// to this process (or after 2 s when Redis is away: the socket then catches up by number
    /// when it is back).
    pub async fn join(
        &self,
        channel: &str,
        id: u64,
        tx: mpsc::Sender<Delivery>,
        slow: CancellationToken,
    ) {
        let first = {
            let mut map = self.channels.lock().unwrap_or_else(|p| p.into_inner());
            let members = map.entry(channel.to_owned()).or_default();
            members.insert(id, Member { tx, slow });
            members.len() == 1
        };
        let (done, confirmed) = oneshot::channel();
        let change = Change { channel: channel.to_owned(), done: Some(done) };
        if first && self.changes.send(change).is_ok() {
            let _ = tokio::time::timeout(Duration::from_secs(2), confirmed).await;
        }
    }

    /// Stops following `channel` for socket `id`.
    pub fn leave(&self, channel: &str, id: u64) {
        let last = {
            let mut map = self.channels.lock().unwrap_or_else(|p| p.into_inner());
            match map.get_mut(channel) {
                Some(members) => {
                    members.remove(&id);
                    let empty = members.is_empty();
                    if empty {
                        map.remove(channel);
                    }
                    empty
                }
                None => false,
            }
        };
        if last {
            let _ = self.changes.send(Change { channel: channel.to_owned(), done: None });
        }
    }

    fn members(&self, channel: &str) -> Vec<Member> {
        let map = self.channels.lock().unwrap_or_else(|p| p.into_inner());
        map.get(channel).map(|m| m.values().cloned().collect()).unwrap_or_default()
    }

    fn followed(&self) -> Vec<String> {
        self.channels.lock().unwrap_or_else(|p| p.into_inner()).keys().cloned().collect()
    }

    fn is_followed(&self, channel: &str) -> bool {
        self.channels.lock().unwrap_or_else(|p| p.into_inner()).contains_key(channel)
    }

    /// Queues `d` for `m`; a full queue marks the socket slow (it closes) instead of waiting.
    fn deliver(m: &Member, d: Delivery) {
        if let Err(mpsc::error::TrySendError::Full(_)) = m.tx.try_send(d) {
            m.slow.cancel();
        }
    }

    /// Hands an event to the local sockets following its channel.
    pub fn dispatch(&self, event: pb::RealtimeEvent) {
        let members = self.members(&event.channel);
        if members.is_empty() {
            return;
        }
        let event = std::sync::Arc::new(event);
        for m in &members {
            Self::deliver(m, Delivery::Event(event.clone()));
        }
    }

    fn resync_all(&self) {
        let all: Vec<Member> = {
            let map = self.channels.lock().unwrap_or_else(|p| p.into_inner());
            map.values().flat_map(|m| m.values().cloned()).collect()
        };
        for m in &all {
            Self::deliver(m, Delivery::Resync);
        }
    }

    /// Keeps the Redis subscription of this process until the server stops, reconnecting
    /// after failures. Call once.
    pub async fn run(self: std::sync::Arc<Self>) {
        let Some(mut changes) = self.changes_rx.lock().unwrap_or_else(|p| p.into_inner()).take()
        else {
            return;
        };
        let mut stopping = self.stopping();
        let mut backoff = Duration::from_millis(100);
        let mut connected_before = false;
        loop {
            let session = self.session(&mut changes, connected_before);
            tokio::select! {
                _ = stopping.wait_for(|s| *s) => return,
                res = session => {
                    if let Err(e) = res {
                        tracing::warn!(error = %e, "real-time subscription to Redis lost; reconnecting");
                    }
                    connected_before = true;
                }
            }
            tokio::time::sleep(backoff).await;
            backoff = (backoff * 2).min(Duration::from_secs(5));
        }
    }

    /// One connection's life: subscribe to every followed channel, then follow changes and
    /// hand out events until the connection fails.
    async fn session(
        &self,
        changes: &mut mpsc::UnboundedReceiver<Change>,
        reconnected: bool,
    ) -> anyhow::Result<()> {
        let client = redis::Client::open(self.redis_url.as_str())?;
        let (mut sink, mut stream) = client.get_async_pubsub().await?.split();
        let followed = self.followed();
        if !followed.is_empty() {
            let names: Vec<String> = followed.iter().map(|c| self.redis_channel(c)).collect();
            sink.subscribe(names).await?;
        }
        if reconnected {
            tracing::info!(channels = followed.len(), "real-time subscription to Redis restored");
            self.resync_all();
        }
        let skip = self.prefix.len() + 1;
        loop {
            tokio::select! {
                change = changes.recv() => {
                    let Some(change) = change else { return Ok(()) };
                    // The map says what the subscription should be now.
                    let name = self.redis_channel(&change.channel);
                    if self.is_followed(&change.channel) {
                        sink.subscribe(&name).await?;
                    } else {
                        sink.unsubscribe(&name).await?;
                    }
                    if let Some(done) = change.done {
                        let _ = done.send(());
                    }
                }
                msg = stream.next() => {
                    let Some(msg) = msg else { anyhow::bail!("the Redis connection closed") };
                    let channel = msg.get_channel_name().get(skip..).unwrap_or_default();
                    match pb::RealtimeEvent::decode(msg.get_payload_bytes()) {
                        Ok(event) if event.channel == channel => self.dispatch(event),
                        Ok(_) | Err(_) => {
                            tracing::warn!(channel = %msg.get_channel_name(), "ignoring an unreadable real-time event");
                        }
                    }
                }
            }
        }
    }
}
