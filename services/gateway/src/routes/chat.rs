//! `/v1/chat/*`: the chat list of spec 001 (`rooms`) and the chat room of spec 000
//! (`getChatRoom`). Sending, reading messages and typing come with the real-time chat.

use crate::auth::AuthUser;
use crate::error::{HttpError, HttpResult};
use crate::grpc::request;
use crate::state::AppState;
use actix_web::{HttpResponse, web};
use serde::Deserialize;
use serde_json::{Value, json};
use upcar_proto::messaging as pb;

type State = web::Data<AppState>;

/// A whole number from the query; absent or empty is `None`.
fn whole(v: &Option<String>, code: &str, field: &str) -> HttpResult<Option<i32>> {
    match v.as_deref().map(str::trim) {
        None | Some("") => Ok(None),
        Some(s) => s
            .parse()
            .map(Some)
            .map_err(|_| HttpError::invalid(code, format!("{field} must be a whole number"))),
    }
}

/// The chat room entity: the spec's fields, plus the ids of its trip, car and parties.
fn room_json(r: &pb::ChatRoom) -> Value {
    json!({
        "id": r.id,
        "tripId": r.trip_id,
        "carId": r.car_id,
        "guestId": r.guest_id,
        "hostId": r.host_id,
        "guestName": r.guest_name,
        "guestProfilePic": r.guest_profile_pic,
        "hostName": r.host_name,
        "hostProfilePic": r.host_profile_pic,
        "lastMessage": r.last_message.as_ref().map(|m| json!({
            "message": m.message,
            "timestamp": m.timestamp,
        })),
        "createdAt": r.created_at,
        "updatedAt": r.updated_at,
    })
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct RoomsQuery {
    user_type: String,
    limit: Option<String>,
    #[serde(alias = "page")]
    current_page: Option<String>,
}

/// `GET /v1/chat/rooms?userType={guest|host}&limit=10&currentPage={page}`: the caller's rooms
/// in one view, newest activity first.
pub async fn rooms(state: State, user: AuthUser, q: web::Query<RoomsQuery>) -> HttpResult {
    let q = q.into_inner();
    let msg = pb::ListRoomsRequest {
        user_type: q.user_type,
        limit: whole(&q.limit, "invalid_limit", "limit")?,
        current_page: whole(&q.current_page, "invalid_page", "currentPage")?,
    };
    let r = state.messaging.clone().list_rooms(request(msg, Some(&user.0))).await?.into_inner();
    Ok(HttpResponse::Ok().json(json!({
        "status": true,
        "currentPage": r.current_page,
        "numPages": r.num_pages,
        "chatboxes": r.rooms.iter().map(room_json).collect::<Vec<_>>(),
    })))
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct RoomQuery {
    room_id: String,
    user_type: String,
}

/// `GET /v1/chat/getChatRoom?roomId&userType`: one room, for its guest or host (404
/// `room_not_found` for anyone else).
pub async fn get_chat_room(state: State, user: AuthUser, q: web::Query<RoomQuery>) -> HttpResult {
    let q = q.into_inner();
    let msg = pb::GetRoomRequest { room_id: q.room_id, user_type: q.user_type };
    let r = state.messaging.clone().get_room(request(msg, Some(&user.0))).await?.into_inner();
    let room = r.room.ok_or_else(|| HttpError::internal("GetRoom answered no room"))?;
    Ok(HttpResponse::Ok().json(json!({"status": true, "chatbox": room_json(&room)})))
}
