//! The caller and the room: who asks, and how they stand to the room they name. A room the
//! caller may not read is not found, so its existence is not revealed.

use crate::domain::Reader;
use crate::error::{MessagingError, MessagingResult};
use crate::store::rooms::{self, RoomRow};
use diesel_async::AsyncPgConnection;
use upcar_identity::{Identity, Role};
use uuid::Uuid;

/// The signed-in caller.
pub fn caller(who: Option<Identity>) -> MessagingResult<Identity> {
    who.ok_or(MessagingError::SignInRequired)
}

/// Reads a `roomId`.
pub fn room_id(s: &str) -> MessagingResult<Uuid> {
    let s = s.trim();
    if s.is_empty() {
        return Err(MessagingError::RoomIdRequired);
    }
    s.parse().map_err(|_| MessagingError::InvalidRoomId)
}

/// The room `id` and how `who` stands to it.
pub async fn room_for(
    conn: &mut AsyncPgConnection,
    who: &Identity,
    id: Uuid,
) -> MessagingResult<(RoomRow, Reader)> {
    let room = rooms::by_id(conn, id).await?.ok_or(MessagingError::RoomNotFound)?;
    let me = who.user_id;
    // The team is asked only of someone who is not a party.
    let cohost =
        me != room.guest_id && me != room.host_id && rooms::cohosts(conn, me, &room).await?;
    let reader = Reader::of(room.guest_id, room.host_id, me, cohost, who.role == Role::Admin)
        .ok_or(MessagingError::RoomNotFound)?;
    Ok((room, reader))
}
