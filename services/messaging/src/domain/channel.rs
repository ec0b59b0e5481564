//! Real-time channels (CONTRACT `/v1/ws`): `chat-{roomId}` carries a chat room's messages and
//! typing, `support-{ticketId}` a support ticket's conversation.

use uuid::Uuid;

/// A channel a socket may subscribe to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Channel {
    Chat(Uuid),
    Support(Uuid),
}

/// Why a channel name is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("channel must be chat-{{roomId}} or support-{{ticketId}}")]
pub struct ChannelError;

impl Channel {
    /// Reads `chat-{uuid}` or `support-{uuid}`.
    pub fn parse(s: &str) -> Result<Self, ChannelError> {
        let s = s.trim();
        if let Some(id) = s.strip_prefix("chat-") {
            id.parse().map(Channel::Chat).map_err(|_| ChannelError)
        } else if let Some(id) = s.strip_prefix("support-") {
            id.parse().map(Channel::Support).map_err(|_| ChannelError)
        } else {
            Err(ChannelError)
        }
    }

    /// The channel's name, as clients write it.
    pub fn name(self) -> String {
        match self {
            Channel::Chat(id) => format!("chat-{id}"),
            Channel::Support(id) => format!("support-{id}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn channel_names_round_trip_and_anything_else_is_refused() {
        let id = Uuid::now_v7();
        for c in [Channel::Chat(id), Channel::Support(id)] {
            assert_eq!(Channel::parse(&c.name()), Ok(c));
        }
        for bad in ["", "chat-", "chat-nope", "room-{id}", "support_x", &id.to_string()] {
            assert_eq!(Channel::parse(bad), Err(ChannelError), "{bad}");
        }
    }
}
