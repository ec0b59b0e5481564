//! The frames of `/v1/ws` (CONTRACT, "The real-time socket"): JSON text frames, one object
//! each. This file is the one writer of the server's frames and the one reader of the
//! client's.

use serde::Deserialize;
use serde_json::{Value, json};
use upcar_proto::messaging as pb;

/// Largest frame a client may send.
pub const MAX_CLIENT_FRAME: usize = 16 * 1024;

/// What a client sends.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClientFrame {
    Auth { token: String },
    Subscribe { channel: String, since: Option<i64> },
    Unsubscribe { channel: String },
    Ping,
}

/// Why a client frame is refused (the socket stays open).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FrameError {
    /// Not a JSON object with a `type`.
    Invalid(String),
    /// A `type` the server does not know.
    UnknownType(String),
}

#[derive(Deserialize)]
struct Raw {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    token: Option<String>,
    #[serde(default)]
    channel: Option<String>,
    #[serde(default)]
    since: Option<Value>,
}

fn channel(raw: &Raw) -> Result<String, FrameError> {
    match raw.channel.as_deref().map(str::trim) {
        Some(c) if !c.is_empty() => Ok(c.to_owned()),
        _ => Err(FrameError::Invalid("channel is required".into())),
    }
}

impl ClientFrame {
    /// Reads one text frame.
    pub fn parse(text: &str) -> Result<Self, FrameError> {
        let raw: Raw = serde_json::from_str(text)
            .map_err(|_| FrameError::Invalid("a frame is a JSON object with a type".into()))?;
        match raw.kind.as_str() {
            "auth" => Ok(ClientFrame::Auth { token: raw.token.unwrap_or_default() }),
            "subscribe" => {
                let since = match &raw.since {
                    None | Some(Value::Null) => None,
                    Some(v) => match v.as_i64() {
                        Some(n) if n >= 0 => Some(n),
                        _ => {
                            return Err(FrameError::Invalid(
                                "since must be a whole number, 0 or more".into(),
                            ));
                        }
                    },
                };
                Ok(ClientFrame::Subscribe { channel: channel(&raw)?, since })
            }
            "unsubscribe" => Ok(ClientFrame::Unsubscribe { channel: channel(&raw)? }),
            "ping" => Ok(ClientFrame::Ping),
            other => Err(FrameError::UnknownType(other.chars().take(40).collect())),
        }
    }
}

/// `ready`: the socket is authenticated.
pub fn ready(user_id: &str) -> String {
    json!({"type": "ready", "userId": user_id}).to_string()
}

/// `subscribed` / `unsubscribed`.
pub fn subscription(kind: &str, channel: &str) -> String {
    json!({"type": kind, "channel": channel}).to_string()
}

/// `pong`.
pub fn pong() -> String {
    json!({"type": "pong"}).to_string()
}

/// An error, of the socket or of one channel.
pub fn error(channel: Option<&str>, code: &str, message: &str) -> String {
    match channel {
        Some(c) => json!({"type": "error", "channel": c, "error": code, "message": message}),
        None => json!({"type": "error", "error": code, "message": message}),
    }
    .to_string()
}

/// `new-message`: the message entity of spec 000 plus the room's sequence number.
pub fn new_message(channel: &str, m: &pb::Message) -> String {
    json!({
        "type": "new-message",
        "channel": channel,
        "data": {
            "id": m.id,
            "roomId": m.room_id,
            "seq": m.seq,
            "senderId": m.sender_id,
            "senderType": m.sender_type,
            "message": m.message,
            "imageUrl": m.image_urls,
            "timestamp": m.timestamp,
            "masked": m.masked,
        }
    })
    .to_string()
}

/// `typing`.
pub fn typing(channel: &str, t: &pb::TypingState) -> String {
    json!({
        "type": "typing",
        "channel": channel,
        "data": {"userId": t.user_id, "userType": t.user_type, "isTyping": t.is_typing}
    })
    .to_string()
}

/// `read`: how far the other side has read (read receipts).
pub fn read(channel: &str, r: &pb::ReadMark) -> String {
    json!({
        "type": "read",
        "channel": channel,
        "data": {"userId": r.user_id, "userType": r.side, "messageId": r.message_id, "seq": r.seq}
    })
    .to_string()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn client_frames_are_read_and_bad_ones_say_why() {
        let cases = [
            (r#"{"type":"auth","token":"t"}"#, Ok(ClientFrame::Auth { token: "t".into() })),
            (r#"{"type":"auth"}"#, Ok(ClientFrame::Auth { token: String::new() })),
            (
                r#"{"type":"subscribe","channel":"chat-1","since":4}"#,
                Ok(ClientFrame::Subscribe { channel: "chat-1".into(), since: Some(4) }),
            ),
            (
                r#"{"type":"subscribe","channel":" chat-1 ","since":null}"#,
                Ok(ClientFrame::Subscribe { channel: "chat-1".into(), since: None }),
            ),
            (
                r#"{"type":"unsubscribe","channel":"chat-1"}"#,
                Ok(ClientFrame::Unsubscribe { channel: "chat-1".into() }),
            ),
            (r#"{"type":"ping"}"#, Ok(ClientFrame::Ping)),
        ];
        for (text, want) in cases {
            assert_eq!(ClientFrame::parse(text), want, "{text}");
        }
        for bad in [
            "hello",
            "[]",
            r#"{"token":"t"}"#,
            r#"{"type":"subscribe"}"#,
            r#"{"type":"subscribe","channel":""}"#,
            r#"{"type":"subscribe","channel":"chat-1","since":-1}"#,
            r#"{"type":"subscribe","channel":"chat-1","since":"4"}"#,
            r#"{"type":"subscribe","channel":"chat-1","since":1.5}"#,
        ] {
            assert!(matches!(ClientFrame::parse(bad), Err(FrameError::Invalid(_))), "{bad}");
        }
        assert_eq!(
            ClientFrame::parse(r#"{"type":"publish"}"#),
            Err(FrameError::UnknownType("publish".into()))
        );
    }

    #[test]
    fn a_new_message_frame_carries_the_spec_fields_and_the_sequence_number() {
        let m = pb::Message {
            id: "m1".into(),
            room_id: "r1".into(),
            seq: 7,
            sender_id: "u1".into(),
            sender_type: "guest".into(),
            message: "hi".into(),
            image_urls: vec!["https://x/a.jpg".into()],
            timestamp: "2026-11-27T10:00:00.000Z".into(),
            masked: false,
        };
        let v: Value = serde_json::from_str(&new_message("chat-r1", &m)).unwrap();
        assert_eq!(
            v,
            json!({"type": "new-message", "channel": "chat-r1", "data": {
                "id": "m1", "roomId": "r1", "seq": 7, "senderId": "u1", "senderType": "guest",
                "message": "hi", "imageUrl": ["https://x/a.jpg"],
                "timestamp": "2026-11-27T10:00:00.000Z", "masked": false}})
        );
        let e: Value = serde_json::from_str(&error(Some("chat-r1"), "forbidden", "no")).unwrap();
        assert_eq!(e["channel"], "chat-r1");
        let e: Value = serde_json::from_str(&error(None, "invalid_token", "no")).unwrap();
        assert!(e.get("channel").is_none());
    }
}
