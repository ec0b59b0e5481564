//! `/v1/chat/*`: the chat list of spec 001 (`rooms`) and the chat room of spec 000
//! (`getChatRoom`). Sending, reading messages and typing come with the real-time chat.

use crate::auth::AuthUser;
use crate::error::{HttpError, HttpResult};
use crate::grpc::request;
use crate::state::AppState;
use crate::wire::{Int, Json, Query, Text};
use actix_web::{get, web};
use serde::{Deserialize, Serialize};
use upcar_proto::messaging as pb;
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;

type State = web::Data<AppState>;

/// Registers this module's routes.
pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(rooms).service(get_chat_room);
}

/// A room's last message.
#[derive(Debug, Serialize, ToSchema)]
pub struct LastMessage {
    message: String,
    timestamp: String,
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
            last_message: r
                .last_message
                .map(|m| LastMessage { message: m.message, timestamp: m.timestamp }),
            created_at: r.created_at,
            updated_at: r.updated_at,
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
