//! `/v1/chat/*`: the chat list of spec 001 (`rooms`), the chat room of spec 000 (`getChatRoom`,
//! `getmessages`, `sendmessage`, `typing`), read receipts (`markRead`) and the real-time socket
//! `/v1/ws` that carries what they cause.

use crate::auth::AuthUser;
use crate::error::{HttpError, HttpResult};
use crate::grpc::request;
use crate::routes::trips::idempotency_key;
use crate::state::AppState;
use crate::wire::{Flag, Int, Json, Query, Text, Texts};
use actix_web::{HttpRequest, HttpResponse, get, post, web};
use serde::{Deserialize, Serialize};
use upcar_proto::messaging as pb;
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;

type State = web::Data<AppState>;

/// Registers this module's routes.
pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(rooms)
        .service(get_chat_room)
        .service(get_messages)
        .service(send_message)
        .service(typing)
        .service(mark_read)
        .service(socket);
}

/// A room's last message.
#[derive(Debug, Serialize, ToSchema)]
pub struct LastMessage {
    message: String,
    timestamp: String,
    /// Contact details of the other side are hidden: the trip is not confirmed yet.
    masked: bool,
}

/// The chat room entity: the spec's fields, plus the ids of its trip, car and parties.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Room {
    id: String,
    trip_id: String,
    car_id: String,
    guest_id: String,
    host_id: String,
    guest_name: String,
    guest_profile_pic: String,
    host_name: String,
    host_profile_pic: String,
    last_message: Option<LastMessage>,
    created_at: String,
    updated_at: String,
    /// Messages of the other side the caller's side has not read.
    unread_count: i64,
}

impl From<pb::ChatRoom> for Room {
    fn from(r: pb::ChatRoom) -> Self {
        Self {
            id: r.id,
            trip_id: r.trip_id,
            car_id: r.car_id,
            guest_id: r.guest_id,
            host_id: r.host_id,
            guest_name: r.guest_name,
            guest_profile_pic: r.guest_profile_pic,
            host_name: r.host_name,
            host_profile_pic: r.host_profile_pic,
            last_message: r.last_message.map(|m| LastMessage {
                message: m.message,
                timestamp: m.timestamp,
                masked: m.masked,
            }),
            created_at: r.created_at,
            updated_at: r.updated_at,
            unread_count: r.unread_count,
        }
    }
}

/// Which rooms: the caller's as guest or as host, a page of them.
#[derive(Debug, Deserialize, Default, IntoParams)]
#[serde(default, rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct RoomsQuery {
    /// `guest` or `host`.
    user_type: Text,
    /// Rooms a page (10 when absent).
    limit: Int,
    /// The page, from 1.
    #[serde(alias = "page")]
    current_page: Int,
}

/// A page of rooms.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Rooms {
    status: bool,
    current_page: i32,
    num_pages: i32,
    chatboxes: Vec<Room>,
    /// Unread messages over all the caller's rooms of the view (every page).
    unread_total: i64,
}

/// The caller's chat rooms in one view, newest message first.
#[utoipa::path(tag = "chat", params(RoomsQuery), responses((status = 200, body = Rooms)), security(("bearer" = [])))]
#[get("/chat/rooms")]
pub async fn rooms(state: State, user: AuthUser, q: Query<RoomsQuery>) -> HttpResult<Json<Rooms>> {
    let q = q.into_inner();
    let msg = pb::ListRoomsRequest {
        user_type: q.user_type.into(),
        limit: q.limit.0,
        current_page: q.current_page.0,
    };
    let r = state.messaging.clone().list_rooms(request(msg, Some(&user.0))).await?.into_inner();
    Ok(Json(Rooms {
        status: true,
        current_page: r.current_page,
        num_pages: r.num_pages,
        chatboxes: r.rooms.into_iter().map(Room::from).collect(),
        unread_total: r.unread_total,
    }))
}

/// One room, as its guest or host sees it.
#[derive(Debug, Deserialize, Default, IntoParams)]
#[serde(default, rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct RoomQuery {
    room_id: Text,
    /// `guest` or `host`.
    user_type: Text,
}

/// A room.
#[derive(Debug, Serialize, ToSchema)]
pub struct RoomAnswer {
    status: bool,
    chatbox: Room,
}

/// One chat room, for its guest or host (404 `room_not_found` for anyone else).
#[utoipa::path(tag = "chat", params(RoomQuery), responses((status = 200, body = RoomAnswer)), security(("bearer" = [])))]
#[get("/chat/getChatRoom")]
pub async fn get_chat_room(
    state: State,
    user: AuthUser,
    q: Query<RoomQuery>,
) -> HttpResult<Json<RoomAnswer>> {
    let q = q.into_inner();
    let msg = pb::GetRoomRequest { room_id: q.room_id.into(), user_type: q.user_type.into() };
    let r = state.messaging.clone().get_room(request(msg, Some(&user.0))).await?.into_inner();
    let room = r.room.ok_or_else(|| HttpError::internal("GetRoom answered no room"))?;
    Ok(Json(RoomAnswer { status: true, chatbox: room.into() }))
}

/// The chat message entity of spec 000 (`message` also as `msg`, `imageUrl` a list) plus the
/// room's sequence number.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatMessage {
    id: String,
    room_id: String,
    /// The message's number in its room: 1, 2, 3, ... with no gap.
    seq: i64,
    sender_id: String,
    /// `guest` or `host` (a co-host speaks for the host side).
    sender_type: String,
    message: String,
    msg: String,
    image_url: Vec<String>,
    timestamp: String,
    /// Phone numbers, email addresses and links of this message are hidden from you
    /// (`[hidden until the booking is confirmed]`): it is the other side's, and the trip is not
    /// confirmed yet.
    masked: bool,
}

impl From<pb::Message> for ChatMessage {
    fn from(m: pb::Message) -> Self {
        Self {
            id: m.id,
            room_id: m.room_id,
            seq: m.seq,
            sender_id: m.sender_id,
            sender_type: m.sender_type,
            msg: m.message.clone(),
            message: m.message,
            image_url: m.image_urls,
            timestamp: m.timestamp,
            masked: m.masked,
        }
    }
}

/// A page of a room's messages.
#[derive(Debug, Deserialize, Default, IntoParams)]
#[serde(default, rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct MessagesQuery {
    room_id: Text,
    /// `guest` or `host`.
    user_type: Text,
    /// A message id of the room: the page ends just before it (the newest page when absent).
    before: Text,
    /// Messages a page (50 when absent, at most 200).
    limit: Int,
}

/// A page of messages, oldest first.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Messages {
    status: bool,
    formatted_messages: Vec<ChatMessage>,
    /// Older messages remain: ask again with `before` = the first message's id.
    has_more: bool,
    /// The other side's read receipt: the last message it has read (empty before any).
    last_read_message_id: String,
    last_read_seq: i64,
    /// The room's newest message number (a socket subscribes with it as `since`).
    last_seq: i64,
}

/// A page of a room's messages for those who may read it; reading the newest page marks the
/// room read for the caller's side.
#[utoipa::path(tag = "chat", params(MessagesQuery), responses((status = 200, body = Messages)), security(("bearer" = [])))]
#[get("/chat/getmessages")]
pub async fn get_messages(
    state: State,
    user: AuthUser,
    q: Query<MessagesQuery>,
) -> HttpResult<Json<Messages>> {
    let q = q.into_inner();
    let msg = pb::GetMessagesRequest {
        room_id: q.room_id.into(),
        user_type: q.user_type.into(),
        before: q.before.into(),
        limit: q.limit.0,
    };
    let r = state.messaging.clone().get_messages(request(msg, Some(&user.0))).await?.into_inner();
    Ok(Json(Messages {
        status: true,
        formatted_messages: r.messages.into_iter().map(ChatMessage::from).collect(),
        has_more: r.has_more,
        last_read_message_id: r.other_read_message_id,
        last_read_seq: r.other_read_seq,
        last_seq: r.last_seq,
    }))
}

/// A message to send.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct SendBody {
    room_id: Text,
    /// The text (at most 4,000 characters); may be empty when pictures are sent.
    message: Text,
    /// `guest` or `host`: the caller's side in the room (taken from the room when absent).
    sender_type: Text,
    /// Pictures uploaded through the files calls (at most 10).
    #[schema(value_type = Vec<String>)]
    image_url: Texts,
    /// The client's idempotency key for this message (or the `Idempotency-Key` header): a
    /// retried send with the same key stores one message.
    client_message_id: Text,
}

/// The stored message.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Sent {
    status: bool,
    message_id: String,
    /// False when the key named a message stored before (a retry).
    created: bool,
    data: ChatMessage,
    /// Present when the other side is shown this message with its contact details hidden:
    /// why.
    #[serde(skip_serializing_if = "Option::is_none")]
    notice: Option<String>,
}

/// Sends a message to a room (its guest, its host, or a co-host of a team holding the car).
#[utoipa::path(
    tag = "chat",
    params(("Idempotency-Key" = Option<String>, Header, description = "Retries with the same key store one message")),
    request_body = SendBody,
    responses((status = 200, body = Sent)),
    security(("bearer" = []))
)]
#[post("/chat/sendmessage")]
pub async fn send_message(
    state: State,
    user: AuthUser,
    req: HttpRequest,
    body: Json<SendBody>,
) -> HttpResult<Json<Sent>> {
    let b = body.into_inner();
    let header = idempotency_key(&req)?;
    let key = if b.client_message_id.is_empty() { header } else { b.client_message_id.into() };
    let msg = pb::SendMessageRequest {
        room_id: b.room_id.into(),
        sender_type: b.sender_type.into(),
        message: b.message.into(),
        image_urls: b.image_url.into_vec(),
        client_key: key,
    };
    let r = state.messaging.clone().send_message(request(msg, Some(&user.0))).await?.into_inner();
    let m = r.message.ok_or_else(|| HttpError::internal("SendMessage answered no message"))?;
    let notice = Some(r.notice).filter(|n| !n.is_empty());
    Ok(Json(Sent {
        status: true,
        message_id: m.id.clone(),
        created: r.created,
        data: m.into(),
        notice,
    }))
}

/// The caller's typing state in a room.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct TypingBody {
    room_id: Text,
    /// Optional; when given it must be the caller's own id.
    user_id: Text,
    #[schema(value_type = bool)]
    is_typing: Flag,
}

/// Whether the state went out.
#[derive(Debug, Serialize, ToSchema)]
pub struct TypingAnswer {
    status: bool,
    /// False when a "typing" of the last second already said it.
    sent: bool,
}

/// Sends the caller's typing state to the room's subscribers (at most one "typing" a second;
/// "stopped" follows 2 s after the last one).
#[utoipa::path(tag = "chat", request_body = TypingBody, responses((status = 200, body = TypingAnswer)), security(("bearer" = [])))]
#[post("/chat/typing")]
pub async fn typing(
    state: State,
    user: AuthUser,
    body: Json<TypingBody>,
) -> HttpResult<Json<TypingAnswer>> {
    let b = body.into_inner();
    let msg = pb::TypingRequest {
        room_id: b.room_id.into(),
        user_id: b.user_id.into(),
        is_typing: b.is_typing.0,
    };
    let r = state.messaging.clone().typing(request(msg, Some(&user.0))).await?.into_inner();
    Ok(Json(TypingAnswer { status: true, sent: r.sent }))
}

/// Read up to a message.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct MarkReadBody {
    room_id: Text,
    message_id: Text,
}

/// The caller's side's read mark after the call.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReadAnswer {
    status: bool,
    read_message_id: String,
    read_seq: i64,
}

/// Marks a room read up to a message for the caller's side (never moving back); the other
/// side's subscribers get a `read` event.
#[utoipa::path(tag = "chat", request_body = MarkReadBody, responses((status = 200, body = ReadAnswer)), security(("bearer" = [])))]
#[post("/chat/markRead")]
pub async fn mark_read(
    state: State,
    user: AuthUser,
    body: Json<MarkReadBody>,
) -> HttpResult<Json<ReadAnswer>> {
    let b = body.into_inner();
    let msg = pb::MarkReadRequest { room_id: b.room_id.into(), message_id: b.message_id.into() };
    let r = state.messaging.clone().mark_read(request(msg, Some(&user.0))).await?.into_inner();
    Ok(Json(ReadAnswer { status: true, read_message_id: r.read_message_id, read_seq: r.read_seq }))
}

/// The real-time socket (CONTRACT, "The real-time socket"): a WebSocket upgrade; the first
/// frame authenticates (`{"type":"auth","token":...}`), then `subscribe` to `chat-{roomId}`
/// with an optional `since` sequence number. A request that is not an upgrade is 400.
#[utoipa::path(
    tag = "chat",
    responses(
        (status = 101, description = "Switching to the WebSocket protocol"),
        (status = 400, description = "Not a WebSocket upgrade request")
    )
)]
#[get("/ws")]
pub async fn socket(
    state: State,
    req: HttpRequest,
    body: web::Payload,
) -> HttpResult<HttpResponse> {
    let (res, session, stream) = actix_ws::handle(&req, body)
        .map_err(|_| HttpError::from(crate::error::GatewayError::WebSocketUpgradeRequired))?;
    let state = state.get_ref().clone();
    let hub = state.hub.clone();
    actix_web::rt::spawn(crate::realtime::socket::run(state, hub, session, stream));
    Ok(res)
}
