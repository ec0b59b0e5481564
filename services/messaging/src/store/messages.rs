//! Messages of a room. The database numbers them (`seq`, per room, on insert) and keeps the
//! room's last message in step (the `messages_take_seq` trigger); a stored message never
//! changes.

use super::schema::messages::dsl as m;
use crate::domain::UserType;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

/// A message as stored.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable)]
#[diesel(table_name = super::schema::messages)]
#[diesel(check_for_backend(diesel::pg::Pg))]
pub struct MessageRow {
    pub id: Uuid,
    pub room_id: Uuid,
    pub seq: i64,
    pub sender_id: Uuid,
    pub sender_type: String,
    pub body: String,
    pub image_urls: Vec<String>,
    pub created_at: DateTime<Utc>,
    pub client_key: Option<String>,
}

/// A message to add to a room.
#[derive(Debug, Clone)]
pub struct NewMessage {
    pub id: Uuid,
    pub room_id: Uuid,
    pub sender_id: Uuid,
    pub sender_type: UserType,
    pub body: String,
    pub image_urls: Vec<String>,
    pub client_key: Option<String>,
    pub created_at: DateTime<Utc>,
}

/// Adds a message (its room must exist) and answers it with the number the database gave
/// it. A key the sender used in the room already is a unique violation.
#[tracing::instrument(skip(conn, msg), fields(room_id = %msg.room_id))]
pub async fn insert(conn: &mut AsyncPgConnection, msg: &NewMessage) -> QueryResult<MessageRow> {
    diesel::insert_into(m::messages)
        .values((
            m::id.eq(msg.id),
            m::room_id.eq(msg.room_id),
            m::sender_id.eq(msg.sender_id),
            m::sender_type.eq(msg.sender_type.as_str()),
            m::body.eq(&msg.body),
            m::image_urls.eq(&msg.image_urls),
            m::client_key.eq(&msg.client_key),
            m::created_at.eq(msg.created_at),
            // Replaced by the trigger with the room's next number.
            m::seq.eq(0_i64),
        ))
        .returning(MessageRow::as_returning())
        .get_result(conn)
        .await
}

/// The message `sender` sent in `room` under `key`.
pub async fn by_client_key(
    conn: &mut AsyncPgConnection,
    room: Uuid,
    sender: Uuid,
    key: &str,
) -> QueryResult<Option<MessageRow>> {
    m::messages
        .filter(m::room_id.eq(room))
        .filter(m::sender_id.eq(sender))
        .filter(m::client_key.eq(key))
        .select(MessageRow::as_select())
        .first(conn)
        .await
        .optional()
}

/// The newest `limit` messages of `room` numbered below `before` (all when `None`), oldest
/// first, and whether older ones remain.
#[tracing::instrument(skip(conn))]
pub async fn page_before(
    conn: &mut AsyncPgConnection,
    room: Uuid,
    before: Option<i64>,
    limit: i64,
) -> QueryResult<(Vec<MessageRow>, bool)> {
    let mut q = m::messages.filter(m::room_id.eq(room)).into_boxed();
    if let Some(b) = before {
        q = q.filter(m::seq.lt(b));
    }
    let mut rows: Vec<MessageRow> =
        q.order(m::seq.desc()).limit(limit + 1).select(MessageRow::as_select()).load(conn).await?;
    let more = rows.len() as i64 > limit;
    rows.truncate(usize::try_from(limit).unwrap_or(0));
    rows.reverse();
    Ok((rows, more))
}

/// Up to `limit` messages of `room` numbered above `since`, in order, and whether more follow.
#[tracing::instrument(skip(conn))]
pub async fn after(
    conn: &mut AsyncPgConnection,
    room: Uuid,
    since: i64,
    limit: i64,
) -> QueryResult<(Vec<MessageRow>, bool)> {
    let mut rows: Vec<MessageRow> = m::messages
        .filter(m::room_id.eq(room))
        .filter(m::seq.gt(since))
        .order(m::seq.asc())
        .limit(limit + 1)
        .select(MessageRow::as_select())
        .load(conn)
        .await?;
    let more = rows.len() as i64 > limit;
    rows.truncate(usize::try_from(limit).unwrap_or(0));
    Ok((rows, more))
}

/// The number of message `id` in `room`.
pub async fn seq_of(
    conn: &mut AsyncPgConnection,
    room: Uuid,
    id: Uuid,
) -> QueryResult<Option<i64>> {
    m::messages
        .filter(m::room_id.eq(room))
        .filter(m::id.eq(id))
        .select(m::seq)
        .first(conn)
        .await
        .optional()
}

/// The id of message number `seq` of `room`.
pub async fn id_at(
    conn: &mut AsyncPgConnection,
    room: Uuid,
    seq: i64,
) -> QueryResult<Option<Uuid>> {
    if seq <= 0 {
        return Ok(None);
    }
    m::messages
        .filter(m::room_id.eq(room))
        .filter(m::seq.eq(seq))
        .select(m::id)
        .first(conn)
        .await
        .optional()
}
