//! `GetMessages`, `SendMessage`, `Typing`, `MarkRead` and `ReadChannel`: the messages of a room
//! for those who may read it, stored in Postgres under the room's sequence number, and sent to
//! the room's real-time channel after they commit.

use super::access::{caller, room_for, room_id};
use crate::domain::{
    Channel, MAX_MESSAGES_PAGE, MessageDraft, Reader, UserType, contact, messages_limit, preview,
};
use crate::error::{MessagingError, MessagingResult};
use crate::state::AppState;
use crate::store::messages::{self, MessageRow, NewMessage};
use crate::store::rooms::{self, RoomRow};
use diesel::result::{DatabaseErrorKind, Error as DbError};
use diesel_async::AsyncConnection;
use upcar_identity::Identity;
use upcar_proto::events::MessageSent;
use upcar_proto::messaging as pb;
use uuid::Uuid;

/// UTC with milliseconds, as JavaScript's `Date` writes it.
pub fn rfc3339(at: chrono::DateTime<chrono::Utc>) -> String {
    at.to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
}

/// A stored message as the API answers it.
pub fn message_of(r: &MessageRow) -> pb::Message {
    pb::Message {
        id: r.id.to_string(),
        room_id: r.room_id.to_string(),
        seq: r.seq,
        sender_id: r.sender_id.to_string(),
        sender_type: r.sender_type.clone(),
        message: r.body.clone(),
        image_urls: r.image_urls.clone(),
        timestamp: rfc3339(r.created_at),
        masked: false,
    }
}

/// A stored message as a reader of side `reader` (none: support) is shown it: before the
/// trip is confirmed the other side's contact details are hidden.
pub fn message_for(r: &MessageRow, room: &RoomRow, reader: Option<UserType>) -> pb::Message {
    let shown = contact::shown(&r.body, room.hides_contacts(&r.sender_type, reader));
    pb::Message { message: shown.text, masked: shown.masked, ..message_of(r) }
}

/// What the room's channel carries of a new message: the message as the other side is shown
/// it. A socket of the writer's side that is handed a masked message reads it again from
/// `ReadChannel`, which answers each reader as they are shown it.
pub fn broadcast_of(r: &MessageRow, room: &RoomRow) -> pb::Message {
    let other = UserType::parse(&r.sender_type).ok().map(other);
    message_for(r, room, other)
}

/// What the writer is told of a message as the other side is shown it (`broadcast_of`).
fn notice_for(shown: &pb::Message) -> String {
    if shown.masked { contact::MASK_NOTICE.to_owned() } else { String::new() }
}

fn other(side: UserType) -> UserType {
    match side {
        UserType::Guest => UserType::Host,
        UserType::Host => UserType::Guest,
    }
}

/// Marks the room read by the reader's side up to `seq` and tells the room's channel when the
/// mark moved. Support reads without marking.
async fn mark(
    state: &AppState,
    conn: &mut diesel_async::AsyncPgConnection,
    who: &Identity,
    room: &RoomRow,
    reader: Reader,
    seq: i64,
) -> MessagingResult<i64> {
    let Some(side) = reader.side() else { return Ok(0) };
    if seq <= room.read_seq(side) {
        return Ok(room.read_seq(side));
    }
    let now = rooms::mark_read(conn, room.id, side, seq).await?;
    if now > room.read_seq(side)
        && let Some(id) = messages::id_at(conn, room.id, now).await?
    {
        state
            .realtime
            .publish(
                Channel::Chat(room.id),
                pb::realtime_event::Event::Read(pb::ReadMark {
                    user_id: who.user_id.to_string(),
                    side: side.as_str().to_owned(),
                    message_id: id.to_string(),
                    seq: now,
                }),
            )
            .await;
    }
    Ok(now)
}

/// A page of a room's messages, oldest first, before `before` (the newest page when empty).
pub async fn get_messages(
    state: &AppState,
    who: Option<Identity>,
    req: pb::GetMessagesRequest,
) -> MessagingResult<pb::MessagesReply> {
    let who = caller(who)?;
    let id = room_id(&req.room_id)?;
    UserType::parse(&req.user_type)?;
    let limit = messages_limit(req.limit)?;
    let before = match req.before.trim() {
        "" => None,
        s => Some(s.parse::<Uuid>().map_err(|_| MessagingError::InvalidMessageId)?),
    };
    let mut conn = state.conn().await?;
    let (room, reader) = room_for(&mut conn, &who, id).await?;
    let before_seq = match before {
        None => None,
        Some(m) => Some(
            messages::seq_of(&mut conn, room.id, m)
                .await?
                .ok_or(MessagingError::InvalidMessageId)?,
        ),
    };
    let (rows, has_more) = messages::page_before(&mut conn, room.id, before_seq, limit).await?;
    // Reading the newest page is reading the room.
    if before_seq.is_none()
        && let Some(last) = rows.last()
    {
        mark(state, &mut conn, &who, &room, reader, last.seq).await?;
    }
    let (side, other_read_seq) = match reader.side() {
        Some(side) => (side.as_str(), room.read_seq(other(side))),
        None => ("", 0),
    };
    let other_read_message_id = messages::id_at(&mut conn, room.id, other_read_seq)
        .await?
        .map(|u| u.to_string())
        .unwrap_or_default();
    Ok(pb::MessagesReply {
        messages: rows.iter().map(|r| message_for(r, &room, reader.side())).collect(),
        has_more,
        side: side.to_owned(),
        other_read_message_id,
        other_read_seq,
        last_seq: room.last_seq.max(rows.last().map_or(0, |r| r.seq)),
    })
}

fn is_unique_violation(e: &MessagingError) -> bool {
    matches!(
        e,
        MessagingError::Internal(cause)
            if matches!(cause.downcast_ref::<DbError>(), Some(DbError::DatabaseError(DatabaseErrorKind::UniqueViolation, _)))
    )
}

/// Whether a message stored under a key is the one a retry sends again.
fn same_message(row: &MessageRow, draft: &MessageDraft) -> bool {
    row.body == draft.text && row.image_urls == draft.image_urls
}

/// Stores a message and sends it to the room's channel.
pub async fn send_message(
    state: &AppState,
    who: Option<Identity>,
    req: pb::SendMessageRequest,
) -> MessagingResult<pb::SendMessageReply> {
    let who = caller(who)?;
    let id = room_id(&req.room_id)?;
    let draft = MessageDraft::parse(&req.message, &req.image_urls, &req.client_key)?;
    let claimed = match req.sender_type.trim() {
        "" => None,
        s => Some(UserType::parse(s)?),
    };
    let mut conn = state.conn().await?;
    let (room, reader) = room_for(&mut conn, &who, id).await?;
    let side = reader.send_as(claimed)?;
    let existing = |row: MessageRow| {
        if same_message(&row, &draft) {
            Ok(pb::SendMessageReply {
                message: Some(message_of(&row)),
                created: false,
                notice: notice_for(&broadcast_of(&row, &room)),
            })
        } else {
            Err(MessagingError::KeyReused)
        }
    };
    if let Some(key) = &draft.client_key
        && let Some(row) = messages::by_client_key(&mut conn, room.id, who.user_id, key).await?
    {
        return existing(row);
    }
    let msg = NewMessage {
        id: Uuid::now_v7(),
        room_id: room.id,
        sender_id: who.user_id,
        sender_type: side,
        body: draft.text.clone(),
        image_urls: draft.image_urls.clone(),
        client_key: draft.client_key.clone(),
        created_at: state.clock.now(),
    };
    let stored = conn
        .transaction::<_, MessagingError, _>(async |c| {
            let row = messages::insert(c, &msg).await?;
            upcar_events::enqueue(c, &sent_event(&room, &row)).await?;
            Ok(row)
        })
        .await;
    let row = match stored {
        Ok(row) => row,
        // A retry with the same key committed first.
        Err(e) if draft.client_key.is_some() && is_unique_violation(&e) => {
            let key = draft.client_key.as_deref().unwrap_or_default();
            let row =
                messages::by_client_key(&mut conn, room.id, who.user_id, key).await?.ok_or(e)?;
            return existing(row);
        }
        Err(e) => return Err(e),
    };
    drop(conn);
    state.relay.wake();
    let shown = broadcast_of(&row, &room);
    let notice = notice_for(&shown);
    state.realtime.publish(Channel::Chat(room.id), pb::realtime_event::Event::Message(shown)).await;
    state.realtime.stop_typing_after_send(room.id, who.user_id, side.as_str()).await;
    Ok(pb::SendMessageReply { message: Some(message_of(&row)), created: true, notice })
}

/// The `messaging.message_sent` event of a stored message; its preview is what the other side
/// is shown (the event's readers notify the other side).
pub fn sent_event(room: &RoomRow, row: &MessageRow) -> MessageSent {
    MessageSent {
        message_id: row.id.to_string(),
        room_id: room.id.to_string(),
        trip_id: room.trip_id.to_string(),
        car_id: room.car_id.to_string(),
        seq: row.seq,
        sender_id: row.sender_id.to_string(),
        sender_type: row.sender_type.clone(),
        guest_id: room.guest_id.to_string(),
        host_id: room.host_id.to_string(),
        preview: preview(&broadcast_of(row, room).message),
        image_count: i32::try_from(row.image_urls.len()).unwrap_or(i32::MAX),
        occurred_at: rfc3339(row.created_at),
    }
}

/// Sends the caller's typing state to the room's channel.
pub async fn typing(
    state: &AppState,
    who: Option<Identity>,
    req: pb::TypingRequest,
) -> MessagingResult<pb::TypingReply> {
    let who = caller(who)?;
    let id = room_id(&req.room_id)?;
    let named = req.user_id.trim();
    if !named.is_empty() && named.parse::<Uuid>().ok() != Some(who.user_id) {
        return Err(MessagingError::TypingUserMismatch);
    }
    let (_, reader) = {
        let mut conn = state.conn().await?;
        room_for(&mut conn, &who, id).await?
    };
    // Support reads along but does not type into a booking's chat.
    let side = reader.send_as(None)?;
    let sent = state.realtime.typing(id, who.user_id, side.as_str(), req.is_typing).await;
    Ok(pb::TypingReply { sent })
}

/// Marks the room read up to a message for the caller's side.
pub async fn mark_read(
    state: &AppState,
    who: Option<Identity>,
    req: pb::MarkReadRequest,
) -> MessagingResult<pb::MarkReadReply> {
    let who = caller(who)?;
    let id = room_id(&req.room_id)?;
    let message: Uuid =
        req.message_id.trim().parse().map_err(|_| MessagingError::InvalidMessageId)?;
    let mut conn = state.conn().await?;
    let (room, reader) = room_for(&mut conn, &who, id).await?;
    let seq = messages::seq_of(&mut conn, room.id, message)
        .await?
        .ok_or(MessagingError::MessageNotFound)?;
    let now = mark(state, &mut conn, &who, &room, reader, seq).await?;
    let read_message_id =
        messages::id_at(&mut conn, room.id, now).await?.map(|u| u.to_string()).unwrap_or_default();
    Ok(pb::MarkReadReply { read_seq: now, read_message_id })
}

/// A channel's messages after `since`, for a socket allowed to read it.
pub async fn read_channel(
    state: &AppState,
    who: Option<Identity>,
    req: pb::ReadChannelRequest,
) -> MessagingResult<pb::ChannelReply> {
    let who = caller(who)?;
    let channel = Channel::parse(&req.channel)?;
    if req.since < 0 {
        return Err(MessagingError::InvalidSince);
    }
    let limit = req.limit.map_or(Ok(MAX_MESSAGES_PAGE), |l| messages_limit(Some(l)))?;
    let id = match channel {
        Channel::Chat(id) => id,
        Channel::Support(ticket) => {
            return super::tickets::read_ticket_channel(state, &who, ticket, req.since, limit)
                .await;
        }
    };
    let mut conn = state.conn().await?;
    let (room, reader) = room_for(&mut conn, &who, id).await?;
    let (rows, has_more) = messages::after(&mut conn, room.id, req.since, limit).await?;
    Ok(pb::ChannelReply {
        last_seq: room.last_seq.max(rows.last().map_or(0, |r| r.seq)),
        messages: rows.iter().map(|r| message_for(r, &room, reader.side())).collect(),
        has_more,
    })
}
