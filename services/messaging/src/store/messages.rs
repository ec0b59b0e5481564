//! Messages of a room. Sending arrives with the chat calls; what is here keeps the room's
//! last message (which the list sorts by) in step with the messages.

use super::schema::{chat_rooms::dsl as r, messages::dsl as m};
use crate::domain::UserType;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

/// A message to add to a room.
#[derive(Debug, Clone)]
pub struct NewMessage {
    pub id: Uuid,
    pub room_id: Uuid,
    pub sender_id: Uuid,
    pub sender_type: UserType,
    pub body: String,
    pub image_urls: Vec<String>,
    pub created_at: DateTime<Utc>,
}

/// Adds a message and makes it the room's last one (unless a newer one is already there): the
/// room was last updated when the message was sent. Run it inside a transaction so both writes
/// commit together.
#[tracing::instrument(skip(conn, msg), fields(room_id = %msg.room_id))]
pub async fn append(conn: &mut AsyncPgConnection, msg: &NewMessage) -> QueryResult<()> {
    diesel::insert_into(m::messages)
        .values((
            m::id.eq(msg.id),
            m::room_id.eq(msg.room_id),
            m::sender_id.eq(msg.sender_id),
            m::sender_type.eq(msg.sender_type.as_str()),
            m::body.eq(&msg.body),
            m::image_urls.eq(&msg.image_urls),
            m::created_at.eq(msg.created_at),
        ))
        .execute(conn)
        .await?;
    // A picture without text still moves the room up; its preview is empty.
    diesel::update(
        r::chat_rooms
            .filter(r::id.eq(msg.room_id))
            .filter(r::last_message_at.is_null().or(r::last_message_at.le(msg.created_at))),
    )
    .set((
        r::last_message.eq(&msg.body),
        r::last_message_at.eq(msg.created_at),
        r::updated_at.eq(msg.created_at),
    ))
    .execute(conn)
    .await?;
    Ok(())
}
