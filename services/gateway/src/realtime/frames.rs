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

/// Every refusal the socket sends (`{"type":"error","error":code,"message":...}`), its table
/// beside the HTTP ones (the product-wide code test reads it): a code the socket shares with
/// an HTTP answer is the same rule of the same kind. `invalid_token` is CONTRACT's name for a
/// refused token on the socket, whatever the reason (the message says which); the socket stays
/// open after every other one.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SocketError {
    /// No `auth` in time, a bad, revoked or captain token, another account's token.
    #[error("{0}")]
    InvalidToken(String),
    /// The token's lifetime ended while the socket was open.
    #[error("The token has expired; reconnect with a fresh one")]
    TokenExpired,
    /// The account was suspended while the socket was open (found at a heartbeat's check).
    #[error("{0}")]
    AccountSuspended(String),
    /// Not a JSON object with a `type`, or a field of the wrong shape.
    #[error("{0}")]
    InvalidFrame(String),
    /// A `type` the server does not know.
    #[error("Unknown frame type {0:?}")]
    UnknownType(String),
    /// The socket already follows its limit of channels.
    #[error("A socket follows at most {0} channels")]
    TooManySubscriptions(usize),
    /// A channel the caller may not read (or that does not exist).
    #[error("You cannot follow this channel")]
    Forbidden,
    /// A channel name that is neither `chat-{roomId}` nor `support-{ticketId}`.
    #[error("channel must be chat-{{roomId}} or support-{{ticketId}}")]
    InvalidChannel,
    /// Messaging did not answer.
    #[error("The channel cannot be followed right now. Please try again.")]
    Unavailable,
}

upcar_errors::error_table! {
    SocketError {
        SocketError::InvalidToken(_) => Unauthenticated, "invalid_token";
        SocketError::TokenExpired => Unauthenticated, "token_expired";
        SocketError::AccountSuspended(_) => Forbidden, "account_suspended";
        SocketError::InvalidFrame(_) => InvalidInput, "invalid_frame";
        SocketError::UnknownType(_) => InvalidInput, "unknown_type";
        SocketError::TooManySubscriptions(_) => InvalidInput, "too_many_subscriptions";
        SocketError::Forbidden => Forbidden, "forbidden";
        SocketError::InvalidChannel => InvalidInput, "invalid_channel";
        SocketError::Unavailable => Unavailable, "service_unavailable";
    }
}

impl SocketError {
    /// A token refused at a heartbeat's check, by the refusal's kind: a suspended account (the
    /// only refusal of a valid token) is `account_suspended`, as over HTTP; any other is
    /// `invalid_token` with the reason.
    pub fn of_token_check(kind: upcar_errors::ErrorKind, message: String) -> Self {
        match kind {
            upcar_errors::ErrorKind::Forbidden => SocketError::AccountSuspended(message),
            _ => SocketError::InvalidToken(message),
        }
    }

    /// What a channel's read refused by messaging means for the socket, by the refusal's kind
    /// (not its code): a room the caller cannot see is `forbidden` whether it is missing or
    /// another's, a malformed channel is `invalid_channel`, anything else is messaging away.
    pub fn of_channel_read(kind: upcar_errors::ErrorKind) -> Self {
        use upcar_errors::ErrorKind;
        match kind {
            ErrorKind::NotFound | ErrorKind::Forbidden => SocketError::Forbidden,
            ErrorKind::InvalidInput => SocketError::InvalidChannel,
            _ => SocketError::Unavailable,
        }
    }
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

fn channel(raw: &Raw) -> Result<String, SocketError> {
    match raw.channel.as_deref().map(str::trim) {
        Some(c) if !c.is_empty() => Ok(c.to_owned()),
        _ => Err(SocketError::InvalidFrame("channel is required".into())),
    }
}

impl ClientFrame {
    /// Reads one text frame.
    pub fn parse(text: &str) -> Result<Self, SocketError> {
        let raw: Raw = serde_json::from_str(text).map_err(|_| {
            SocketError::InvalidFrame("a frame is a JSON object with a type".into())
        })?;
        match raw.kind.as_str() {
            "auth" => Ok(ClientFrame::Auth { token: raw.token.unwrap_or_default() }),
            "subscribe" => {
                let since = match &raw.since {
                    None | Some(Value::Null) => None,
                    Some(v) => match v.as_i64() {
                        Some(n) if n >= 0 => Some(n),
                        _ => {
                            return Err(SocketError::InvalidFrame(
                                "since must be a whole number, 0 or more".into(),
                            ));
                        }
                    },
                };
                Ok(ClientFrame::Subscribe { channel: channel(&raw)?, since })
            }
            "unsubscribe" => Ok(ClientFrame::Unsubscribe { channel: channel(&raw)? }),
            "ping" => Ok(ClientFrame::Ping),
            other => Err(SocketError::UnknownType(other.chars().take(40).collect())),
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
pub fn error(channel: Option<&str>, e: &SocketError) -> String {
    use upcar_errors::ErrorCode;
    let (code, message) = (e.code(), e.to_string());
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
            assert!(matches!(ClientFrame::parse(bad), Err(SocketError::InvalidFrame(_))), "{bad}");
        }
        assert_eq!(
            ClientFrame::parse(r#"{"type":"publish"}"#),
            Err(SocketError::UnknownType("publish".into()))
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
        let e: Value =
            serde_json::from_str(&error(Some("chat-r1"), &SocketError::Forbidden)).unwrap();
        assert_eq!(
            e,
            json!({"type": "error", "channel": "chat-r1", "error": "forbidden",
                "message": "You cannot follow this channel"})
        );
        let no = SocketError::InvalidToken("no".into());
        let e: Value = serde_json::from_str(&error(None, &no)).unwrap();
        assert_eq!(e, json!({"type": "error", "error": "invalid_token", "message": "no"}));
    }

    /// A channel read refused by messaging becomes the socket's refusal by its kind; the
    /// socket's table shares the HTTP tables' rules (the product-wide code test checks it).
    #[test]
    fn a_refused_channel_read_is_answered_by_its_kind() {
        use upcar_errors::{ErrorCode, ErrorKind, ErrorTable};
        for (kind, want) in [
            (ErrorKind::NotFound, "forbidden"),
            (ErrorKind::Forbidden, "forbidden"),
            (ErrorKind::InvalidInput, "invalid_channel"),
            (ErrorKind::Unavailable, "service_unavailable"),
            (ErrorKind::Internal, "service_unavailable"),
        ] {
            assert_eq!(SocketError::of_channel_read(kind).code(), want, "{kind:?}");
        }
        assert!(upcar_errors::table_problems(&[("socket", SocketError::ROWS)]).is_empty());
        let suspended = SocketError::of_token_check(ErrorKind::Forbidden, "suspended".into());
        assert_eq!(suspended.code(), "account_suspended");
        let revoked = SocketError::of_token_check(ErrorKind::Unauthenticated, "revoked".into());
        assert_eq!((revoked.code(), revoked.to_string().as_str()), ("invalid_token", "revoked"));
    }
}
