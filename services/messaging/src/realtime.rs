//! The real-time fast path: after a message commits (or a typing state or read mark changes),
//! messaging publishes it on Redis for every gateway holding sockets subscribed to the room's
//! channel. Publishing is best effort: Postgres holds every message under its sequence number,
//! and a socket that misses one (Redis down, a gateway restarting) reads it again by number.

use crate::domain::Channel;
use prost::Message as _;
use redis::AsyncCommands;
use std::time::Duration;
use upcar_proto::messaging as pb;
use uuid::Uuid;

/// After the last "typing" of a sender, how long until "stopped" is sent for them (spec 000
/// s. 4.7: the client stops after 2 s idle; the server does too when the client goes away).
pub const TYPING_IDLE: Duration = Duration::from_secs(2);
/// At most one "typing" per sender and room within this window.
pub const TYPING_GATE: Duration = Duration::from_secs(1);

/// Publisher of real-time events.
#[derive(Clone)]
pub struct Realtime {
    redis: deadpool_redis::Pool,
    prefix: String,
}

impl Realtime {
    /// Publishes on `redis` under channels `{prefix}:{channel}`.
    pub fn new(redis: deadpool_redis::Pool, prefix: &str) -> Self {
        Self { redis, prefix: prefix.to_owned() }
    }

    fn key(&self, rest: &str) -> String {
        format!("{}:{rest}", self.prefix)
    }

    /// Publishes `event` on `channel`; a failure is logged, never returned.
    pub async fn publish(&self, channel: Channel, event: pb::realtime_event::Event) {
        let name = channel.name();
        let bytes = pb::RealtimeEvent { channel: name.clone(), event: Some(event) }.encode_to_vec();
        let res: anyhow::Result<()> = async {
            let mut conn = self.redis.get().await?;
            let _: i64 = conn.publish(self.key(&name), bytes).await?;
            Ok(())
        }
        .await;
        if let Err(e) = res {
            tracing::warn!(channel = %name, error = %e, "real-time publish failed; readers catch up by sequence number");
        }
    }

    /// Sends `user`'s typing state in `room`: "typing" at most once per [`TYPING_GATE`] (answers
    /// whether this one was sent) and "stopped" at once, or [`TYPING_IDLE`] after the last
    /// "typing" when no other state followed.
    pub async fn typing(&self, room: Uuid, user: Uuid, side: &str, is_typing: bool) -> bool {
        let last = self.key(&format!("typing:{room}:{user}"));
        let side = side.to_owned();
        let state = move |is_typing| {
            pb::realtime_event::Event::Typing(pb::TypingState {
                user_id: user.to_string(),
                user_type: side.clone(),
                is_typing,
            })
        };
        let channel = Channel::Chat(room);
        let Ok(mut conn) = self.redis.get().await else {
            self.publish(channel, state(is_typing)).await;
            return true;
        };
        if !is_typing {
            let _: redis::RedisResult<i64> = conn.del(&last).await;
            drop(conn);
            self.publish(channel, state(false)).await;
            return true;
        }
        // This "typing" is the sender's latest: the idle timer below fires only for it.
        let token = Uuid::now_v7().to_string();
        let ttl = (TYPING_IDLE * 3).as_millis() as u64;
        let _: redis::RedisResult<()> = redis::cmd("SET")
            .arg(&last)
            .arg(&token)
            .arg("PX")
            .arg(ttl)
            .query_async(&mut conn)
            .await;
        let gate: redis::RedisResult<Option<String>> = redis::cmd("SET")
            .arg(self.key(&format!("typing-gate:{room}:{user}")))
            .arg(1)
            .arg("NX")
            .arg("PX")
            .arg(TYPING_GATE.as_millis() as u64)
            .query_async(&mut conn)
            .await;
        drop(conn);
        let sent = !matches!(gate, Ok(None));
        if sent {
            self.publish(channel, state(true)).await;
        }
        let me = self.clone();
        tokio::spawn(async move {
            tokio::time::sleep(TYPING_IDLE).await;
            let Ok(mut conn) = me.redis.get().await else { return };
            // Only the latest "typing" still holds its token (a newer one or a "stopped" in
            // between, however close, makes this timer quiet).
            let current: redis::RedisResult<Option<String>> = conn.get(&last).await;
            let still = matches!(current, Ok(Some(ref t)) if *t == token);
            if still {
                let _: redis::RedisResult<i64> = conn.del(&last).await;
            }
            drop(conn);
            if still {
                me.publish(channel, state(false)).await;
            }
        });
        sent
    }

    /// Ends `user`'s typing in `room` after they sent a message, if they were typing.
    pub async fn stop_typing_after_send(&self, room: Uuid, user: Uuid, side: &str) {
        let last = self.key(&format!("typing:{room}:{user}"));
        let Ok(mut conn) = self.redis.get().await else { return };
        let deleted: redis::RedisResult<i64> = conn.del(&last).await;
        drop(conn);
        if matches!(deleted, Ok(1)) {
            self.typing(room, user, side, false).await;
        }
    }
}
