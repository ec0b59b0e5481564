//! `ListRooms` and `GetRoom`: a caller sees only the rooms they are a party of.

use super::access::{caller, room_for, room_id};
use super::messages::rfc3339;
use crate::domain::{Page, UserType, contact, preview};
use crate::error::MessagingResult;
use crate::profiles::{self, Profile};
use crate::state::AppState;
use crate::store::rooms::{self, RoomRow};
use std::collections::HashMap;
use upcar_identity::Identity;
use upcar_proto::messaging as pb;
use uuid::Uuid;

/// The caller's rooms in one view, newest activity first.
pub async fn list_rooms(
    state: &AppState,
    who: Option<Identity>,
    req: pb::ListRoomsRequest,
) -> MessagingResult<pb::ListRoomsReply> {
    let me = caller(who)?.user_id;
    let view = UserType::parse(&req.user_type)?;
    let page = Page::parse(req.limit, req.current_page)?;
    let (rows, total, unread) = {
        let mut conn = state.conn().await?;
        let (rows, total) = rooms::list(&mut conn, me, view, page).await?;
        // The view is the caller's side (a co-host reads the host's).
        let all = rooms::ids(&mut conn, me, view).await?;
        (rows, total, rooms::unread(&mut conn, &all, view).await?)
    };
    let people: Vec<Uuid> = rows.iter().flat_map(|r| [r.guest_id, r.host_id]).collect();
    let profiles = profiles::of(state, &people).await?;
    Ok(pb::ListRoomsReply {
        rooms: rows
            .iter()
            .map(|r| {
                let unread_count = unread.get(&r.id).copied().unwrap_or(0);
                let mut room = room_of(r, &profiles, Some(view), unread_count);
                // The list shows a preview of the last message (spec 001 s. 10).
                if let Some(last) = room.last_message.as_mut() {
                    last.message = preview(&last.message);
                }
                room
            })
            .collect(),
        current_page: page.current,
        num_pages: page.count(total),
        limit: page.limit,
        total,
        unread_total: unread.values().sum(),
    })
}

/// One room, for those who may read it; anyone else is told it does not exist.
pub async fn get_room(
    state: &AppState,
    who: Option<Identity>,
    req: pb::GetRoomRequest,
) -> MessagingResult<pb::RoomReply> {
    let who = caller(who)?;
    let id = room_id(&req.room_id)?;
    // The view is checked for the caller's sake; every reader reads the same room in either.
    UserType::parse(&req.user_type)?;
    let (row, reader, unread) = {
        let mut conn = state.conn().await?;
        let (row, reader) = room_for(&mut conn, &who, id).await?;
        let unread = match reader.side() {
            Some(side) => rooms::unread(&mut conn, &[row.id], side).await?.get(&row.id).copied(),
            None => None,
        };
        (row, reader, unread.unwrap_or(0))
    };
    let profiles = profiles::of(state, &[row.guest_id, row.host_id]).await?;
    Ok(pb::RoomReply { room: Some(room_of(&row, &profiles, reader.side(), unread)) })
}

/// A room as a reader of side `reader` (none: support) is shown it: the last message with the
/// other side's contact details hidden before the trip is confirmed, and how many of the other
/// side's messages the reader has not read.
fn room_of(
    r: &RoomRow,
    profiles: &HashMap<Uuid, Profile>,
    reader: Option<UserType>,
    unread_count: i64,
) -> pb::ChatRoom {
    let guest = profiles.get(&r.guest_id).cloned().unwrap_or_default();
    let host = profiles.get(&r.host_id).cloned().unwrap_or_default();
    pb::ChatRoom {
        id: r.id.to_string(),
        trip_id: r.trip_id.to_string(),
        car_id: r.car_id.to_string(),
        guest_id: r.guest_id.to_string(),
        host_id: r.host_id.to_string(),
        guest_name: guest.name,
        guest_profile_pic: guest.profile_pic,
        host_name: host.name,
        host_profile_pic: host.profile_pic,
        last_message: match (&r.last_message, r.last_message_at) {
            (Some(message), Some(at)) => {
                let sender = r.last_sender_type.as_deref().unwrap_or_default();
                let shown = contact::shown(message, r.hides_contacts(sender, reader));
                Some(pb::LastMessage {
                    message: shown.text,
                    timestamp: rfc3339(at),
                    masked: shown.masked,
                })
            }
            _ => None,
        },
        created_at: rfc3339(r.created_at),
        updated_at: rfc3339(r.updated_at),
        unread_count,
    }
}
