//! Who may read and write in a room (CONTRACT: a user reads only their own rooms; issue of the
//! chat: the guest, the car's host, co-hosts of a team holding the car, and support). Everyone
//! else is told the room does not exist.

use super::UserType;

/// How a caller stands to a room.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reader {
    /// The trip's guest.
    Guest,
    /// The car's host.
    Host,
    /// An approved co-host of an active team holding the car (booking management, which
    /// covers guest messaging, is always granted).
    CoHost,
    /// Support and admins: they read every room and write in none.
    Staff,
}

/// Why a send is refused to someone who may read the room.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SendError {
    #[error("Support reads this conversation but cannot write in it")]
    ReadOnly,
    #[error("senderType does not match your side of this chat")]
    WrongSide,
}

impl Reader {
    /// How `me` stands to a room of `guest` and `host`, given whether `me` co-hosts its car and
    /// whether `me` is staff; `None` when `me` may not read it. A party's own standing comes
    /// first: a host reads their room as its host even when they are also an admin.
    pub fn of(
        guest: uuid::Uuid,
        host: uuid::Uuid,
        me: uuid::Uuid,
        cohost: bool,
        staff: bool,
    ) -> Option<Self> {
        if me == guest {
            Some(Reader::Guest)
        } else if me == host {
            Some(Reader::Host)
        } else if cohost {
            Some(Reader::CoHost)
        } else if staff {
            Some(Reader::Staff)
        } else {
            None
        }
    }

    /// The side the reader speaks and reads for; staff have none.
    pub fn side(self) -> Option<UserType> {
        match self {
            Reader::Guest => Some(UserType::Guest),
            Reader::Host | Reader::CoHost => Some(UserType::Host),
            Reader::Staff => None,
        }
    }

    /// The side a message is sent as: the reader's own, which `claimed` (the request's
    /// `senderType`) must match when given.
    pub fn send_as(self, claimed: Option<UserType>) -> Result<UserType, SendError> {
        let side = self.side().ok_or(SendError::ReadOnly)?;
        match claimed {
            Some(c) if c != side => Err(SendError::WrongSide),
            _ => Ok(side),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use uuid::Uuid;

    #[test]
    fn standing_in_a_room_comes_from_the_party_first_then_the_team_then_the_role() {
        let (g, h, x) = (Uuid::now_v7(), Uuid::now_v7(), Uuid::now_v7());
        let cases = [
            (g, false, false, Some(Reader::Guest)),
            (g, true, true, Some(Reader::Guest)),
            (h, false, true, Some(Reader::Host)),
            (x, true, false, Some(Reader::CoHost)),
            (x, true, true, Some(Reader::CoHost)),
            (x, false, true, Some(Reader::Staff)),
            (x, false, false, None),
        ];
        for (me, cohost, staff, want) in cases {
            assert_eq!(Reader::of(g, h, me, cohost, staff), want, "{cohost} {staff}");
        }
    }

    #[test]
    fn each_side_sends_as_itself_and_staff_only_read() {
        use UserType::{Guest, Host};
        let cases = [
            (Reader::Guest, None, Ok(Guest)),
            (Reader::Guest, Some(Guest), Ok(Guest)),
            (Reader::Guest, Some(Host), Err(SendError::WrongSide)),
            (Reader::Host, Some(Host), Ok(Host)),
            (Reader::CoHost, None, Ok(Host)),
            (Reader::CoHost, Some(Guest), Err(SendError::WrongSide)),
            (Reader::Staff, None, Err(SendError::ReadOnly)),
            (Reader::Staff, Some(Host), Err(SendError::ReadOnly)),
        ];
        for (reader, claimed, want) in cases {
            assert_eq!(reader.send_as(claimed), want, "{reader:?} {claimed:?}");
        }
    }
}
