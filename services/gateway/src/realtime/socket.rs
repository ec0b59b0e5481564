//! One WebSocket connection: authenticate with the first frame, follow channels the caller may
//! read, and deliver each channel's messages in sequence-number order with none missing and
//! none twice: the catch-up read from messaging (Postgres) first, then live events from the
//! hub; a live event that skips a number makes the socket read the gap again.

use super::frames::{self, ClientFrame, SocketError};
use super::hub::{Delivery, Hub};
use crate::auth::verify;
use crate::error::HttpError;
use crate::grpc::request;
use crate::state::AppState;
use actix_ws::{AggregatedMessage, CloseCode, CloseReason, Session};
use futures::StreamExt;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;
use upcar_identity::{Identity, Purpose, Role};
use upcar_proto::messaging as pb;

/// The close code of a refused token (CONTRACT).
pub const CLOSE_UNAUTHENTICATED: u16 = 4401;
/// What a socket is told when its first frame is not `auth`.
const FIRST_FRAME: &str = "The first frame must be {\"type\":\"auth\",\"token\":...}";
/// Messages one catch-up read asks for.
const CATCH_UP_PAGE: i32 = 200;

/// Why the connection ends.
enum End {
    /// The client closed or vanished.
    Gone,
    /// The server closes with this code and reason.
    Close(CloseCode, &'static str),
}

struct Followed {
    /// The number of the last message delivered on this channel.
    last_seq: i64,
}

struct Conn {
    state: AppState,
    hub: Arc<Hub>,
    id: u64,
    session: Session,
    who: Option<Identity>,
    /// The token the socket was opened with, checked again at each heartbeat: a token revoked
    /// or an account suspended since closes the socket.
    token: Option<String>,
    followed: HashMap<String, Followed>,
    tx: mpsc::Sender<Delivery>,
    slow: CancellationToken,
}

impl Conn {
    async fn send(&mut self, text: String) -> Result<(), End> {
        self.session.text(text).await.map_err(|_| End::Gone)
    }

    async fn on_frame(&mut self, text: &str) -> Result<(), End> {
        let frame = match ClientFrame::parse(text) {
            Ok(f) => f,
            Err(_) if self.who.is_none() => {
                return self.refuse_token(FIRST_FRAME).await;
            }
            Err(e) => return self.send(frames::error(None, &e)).await,
        };
        match frame {
            ClientFrame::Auth { token } => self.auth(&token).await,
            _ if self.who.is_none() => self.refuse_token(FIRST_FRAME).await,
            ClientFrame::Ping => self.send(frames::pong()).await,
            ClientFrame::Subscribe { channel, since } => self.subscribe(channel, since).await,
            ClientFrame::Unsubscribe { channel } => {
                if self.followed.remove(&channel).is_some() {
                    self.hub.leave(&channel, self.id);
                }
                self.send(frames::subscription("unsubscribed", &channel)).await
            }
        }
    }

    async fn refuse_token(&mut self, message: &str) -> Result<(), End> {
        self.send(frames::error(None, &SocketError::InvalidToken(message.to_owned()))).await?;
        Err(End::Close(CloseCode::Other(CLOSE_UNAUTHENTICATED), "invalid token"))
    }

    async fn auth(&mut self, token: &str) -> Result<(), End> {
        let checked = match verify(&self.state, token.trim()).await {
            Ok((who, Purpose::Access)) if who.role != Role::Captain => Ok(who),
            Ok(_) => Err("This token cannot open the real-time socket".to_owned()),
            Err(e) => Err(e.0.message.clone()),
        };
        match checked {
            // A fresh token of the same account renews the socket's; another account's is
            // refused (a socket is one user's).
            Ok(who) if self.who.as_ref().is_none_or(|w| w.user_id == who.user_id) => {
                let user = who.user_id.to_string();
                self.who = Some(who);
                self.token = Some(token.trim().to_owned());
                self.mark_online().await;
                self.send(frames::ready(&user)).await
            }
            Ok(_) => self.refuse_token("This socket belongs to another account").await,
            Err(message) => self.refuse_token(&message).await,
        }
    }

    /// Checks the socket's token again (revocation, the account's standing); a refused token
    /// ends the socket as at authentication.
    async fn recheck(&mut self) -> Result<(), End> {
        let Some(token) = self.token.clone() else { return Ok(()) };
        match verify(&self.state, &token).await {
            Ok(_) => Ok(()),
            // The check itself could not run (Redis or accounts away): keep the socket.
            Err(e) if e.0.http_status() >= 500 => Ok(()),
            Err(e) => {
                let refused = SocketError::of_token_check(e.0.kind, e.0.message.clone());
                self.send(frames::error(None, &refused)).await?;
                Err(End::Close(CloseCode::Other(CLOSE_UNAUTHENTICATED), "token refused"))
            }
        }
    }

    /// Marks the user online for a while (accounts then sends no "new message" notice); the
    /// heartbeat renews the mark, so it lapses within a minute of the last socket closing.
    async fn mark_online(&self) {
        use redis::AsyncCommands;
        let Some(who) = &self.who else { return };
        let key = format!("{}:online:{}", self.state.settings.realtime.prefix, who.user_id);
        let ttl = self.state.settings.realtime.heartbeat_secs.max(1) * 3;
        if let Ok(mut redis) = self.state.redis.get().await {
            let _: redis::RedisResult<()> = redis.set_ex(&key, 1, ttl).await;
        }
    }

    fn identity(&self) -> Option<&Identity> {
        self.who.as_ref()
    }

    /// Asks messaging for the channel's messages after `since` (and whether the caller may
    /// read it at all).
    async fn read(
        &self,
        channel: &str,
        since: i64,
        limit: i32,
    ) -> Result<pb::ChannelReply, HttpError> {
        let msg = pb::ReadChannelRequest { channel: channel.to_owned(), since, limit: Some(limit) };
        Ok(self
            .state
            .messaging
            .clone()
            .read_channel(request(msg, self.identity()))
            .await?
            .into_inner())
    }

    async fn channel_error(&mut self, channel: &str, e: &HttpError) -> Result<(), End> {
        let refusal = SocketError::of_channel_read(e.0.kind);
        self.send(frames::error(Some(channel), &refusal)).await
    }

    async fn subscribe(&mut self, channel: String, since: Option<i64>) -> Result<(), End> {
        if self.followed.contains_key(&channel) {
            return self.send(frames::subscription("subscribed", &channel)).await;
        }
        let max = self.state.settings.realtime.max_subscriptions;
        if self.followed.len() >= max {
            let refusal = SocketError::TooManySubscriptions(max);
            return self.send(frames::error(Some(&channel), &refusal)).await;
        }
        // Live events are followed before the catch-up read, so none falls between the two.
        self.hub.join(&channel, self.id, self.tx.clone(), self.slow.clone()).await;
        let first = self
            .read(&channel, since.unwrap_or(0), if since.is_some() { CATCH_UP_PAGE } else { 1 })
            .await;
        let first = match first {
            Ok(r) => r,
            Err(e) => {
                self.hub.leave(&channel, self.id);
                return self.channel_error(&channel, &e).await;
            }
        };
        self.send(frames::subscription("subscribed", &channel)).await?;
        match since {
            // Live events only: from the room's current number.
            None => {
                self.followed.insert(channel, Followed { last_seq: first.last_seq });
                Ok(())
            }
            Some(since) => {
                self.followed.insert(channel.clone(), Followed { last_seq: since });
                self.deliver_reply(&channel, first).await?;
                self.catch_up(&channel).await
            }
        }
    }

    /// Sends the messages of a catch-up read that are new to the socket.
    async fn deliver_reply(&mut self, channel: &str, reply: pb::ChannelReply) -> Result<(), End> {
        for m in &reply.messages {
            let Some(f) = self.followed.get_mut(channel) else { return Ok(()) };
            if m.seq <= f.last_seq {
                continue;
            }
            f.last_seq = m.seq;
            self.send(frames::new_message(channel, m)).await?;
        }
        Ok(())
    }

    /// Reads and sends everything after the channel's last delivered number.
    async fn catch_up(&mut self, channel: &str) -> Result<(), End> {
        loop {
            let Some(last) = self.followed.get(channel).map(|f| f.last_seq) else { return Ok(()) };
            match self.read(channel, last, CATCH_UP_PAGE).await {
                Ok(reply) => {
                    let more = reply.has_more;
                    self.deliver_reply(channel, reply).await?;
                    if !more {
                        return Ok(());
                    }
                }
                Err(e) => {
                    // The caller lost access (a co-host left the team, say): stop following.
                    if SocketError::of_channel_read(e.0.kind) == SocketError::Forbidden {
                        self.followed.remove(channel);
                        self.hub.leave(channel, self.id);
                        return self.channel_error(channel, &e).await;
                    }
                    // Messaging is away: the next event or resync tries again.
                    tracing::warn!(error = %e, channel, "real-time catch-up failed");
                    return Ok(());
                }
            }
        }
    }

    async fn on_delivery(&mut self, d: Delivery) -> Result<(), End> {
        use pb::realtime_event::Event;
        match d {
            Delivery::Resync => {
                let channels: Vec<String> = self.followed.keys().cloned().collect();
                for c in channels {
                    self.catch_up(&c).await?;
                }
                Ok(())
            }
            Delivery::Event(e) => {
                let channel = e.channel.as_str();
                let Some(last) = self.followed.get(channel).map(|f| f.last_seq) else {
                    return Ok(());
                };
                match &e.event {
                    Some(Event::Message(m)) if m.seq <= last => Ok(()),
                    // A message with hidden parts is as the other side is shown it: this
                    // socket reads it again as its own user is shown it (next arm).
                    Some(Event::Message(m)) if m.seq == last + 1 && !m.masked => {
                        if let Some(f) = self.followed.get_mut(channel) {
                            f.last_seq = m.seq;
                        }
                        self.send(frames::new_message(channel, m)).await
                    }
                    // A number was skipped (the fast path dropped something) or the message is
                    // masked: read it again.
                    Some(Event::Message(_)) => self.catch_up(channel).await,
                    Some(Event::Typing(t)) => self.send(frames::typing(channel, t)).await,
                    Some(Event::Read(r)) => self.send(frames::read(channel, r)).await,
                    None => Ok(()),
                }
            }
        }
    }
}

/// Runs one connection until it ends, then leaves every channel.
pub async fn run(
    state: AppState,
    hub: Arc<Hub>,
    session: Session,
    stream: actix_ws::MessageStream,
) {
    let settings = state.settings.realtime.clone();
    let (tx, mut rx) = mpsc::channel(settings.queue.max(1));
    let mut conn = Conn {
        state,
        id: hub.socket_id(),
        hub: hub.clone(),
        session,
        who: None,
        token: None,
        followed: HashMap::new(),
        tx,
        slow: CancellationToken::new(),
    };
    let open = conn.state.metrics.clone();
    open.sockets.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let mut stream = stream
        .max_frame_size(frames::MAX_CLIENT_FRAME)
        .aggregate_continuations()
        .max_continuation_size(frames::MAX_CLIENT_FRAME);
    let mut stopping = hub.stopping();
    let mut heartbeat = tokio::time::interval(Duration::from_secs(settings.heartbeat_secs.max(1)));
    heartbeat.tick().await;
    let idle = Duration::from_secs(settings.idle_secs.max(1));
    let auth_by = tokio::time::Instant::now() + Duration::from_secs(settings.auth_secs.max(1));
    let mut heard = Instant::now();
    let slow = conn.slow.clone();
    let end = loop {
        // The token's end, once there is one: the socket closes with it.
        let expires = match &conn.who {
            None => auth_by,
            Some(w) => {
                let left = w.expires_at - chrono::Utc::now().timestamp();
                tokio::time::Instant::now() + Duration::from_secs(u64::try_from(left).unwrap_or(0))
            }
        };
        let step = tokio::select! {
            biased;
            _ = stopping.wait_for(|s| *s) => Err(End::Close(CloseCode::Restart, "server restarting")),
            () = slow.cancelled() => Err(End::Close(CloseCode::Policy, "too slow to read its messages")),
            () = tokio::time::sleep_until(expires) => {
                let refusal = if conn.who.is_some() {
                    SocketError::TokenExpired
                } else {
                    SocketError::InvalidToken("No auth frame was sent in time".to_owned())
                };
                let _ = conn.send(frames::error(None, &refusal)).await;
                Err(End::Close(CloseCode::Other(CLOSE_UNAUTHENTICATED), "token"))
            }
            _ = heartbeat.tick() => {
                if heard.elapsed() > idle {
                    Err(End::Close(CloseCode::Away, "no answer to pings"))
                } else {
                    match conn.recheck().await {
                        Ok(()) => {
                            conn.mark_online().await;
                            conn.session.ping(b"").await.map_err(|_| End::Gone)
                        }
                        Err(end) => Err(end),
                    }
                }
            }
            d = rx.recv() => match d {
                Some(d) => conn.on_delivery(d).await,
                None => Err(End::Gone),
            },
            frame = stream.next() => {
                heard = Instant::now();
                match frame {
                    Some(Ok(AggregatedMessage::Text(text))) => conn.on_frame(&text).await,
                    Some(Ok(AggregatedMessage::Binary(_))) => {
                        let refusal = SocketError::InvalidFrame("Frames are JSON text".to_owned());
                        conn.send(frames::error(None, &refusal)).await
                    }
                    Some(Ok(AggregatedMessage::Ping(bytes))) => {
                        conn.session.pong(&bytes).await.map_err(|_| End::Gone)
                    }
                    Some(Ok(AggregatedMessage::Pong(_))) => Ok(()),
                    Some(Ok(AggregatedMessage::Close(_))) => Err(End::Close(CloseCode::Normal, "bye")),
                    Some(Err(_)) => Err(End::Close(CloseCode::Protocol, "protocol error")),
                    None => Err(End::Gone),
                }
            }
        };
        if let Err(end) = step {
            break end;
        }
    };
    for channel in conn.followed.keys() {
        hub.leave(channel, conn.id);
    }
    open.sockets.fetch_sub(1, std::sync::atomic::Ordering::Relaxed);
    if let End::Close(code, why) = end {
        let reason = CloseReason { code, description: Some(why.to_owned()) };
        let _ = conn.session.close(Some(reason)).await;
    }
}
