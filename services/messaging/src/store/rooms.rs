//! Chat rooms: opened once per trip, listed per side, read by their two parties.

use super::schema::chat_rooms::dsl as r;
use crate::domain::{Page, UserType};
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

/// A room as stored.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable)]
#[diesel(table_name = super::schema::chat_rooms)]
#[diesel(check_for_backend(diesel::pg::Pg))]
pub struct RoomRow {
    pub id: Uuid,
    pub trip_id: Uuid,
    pub car_id: Uuid,
    pub guest_id: Uuid,
    pub host_id: Uuid,
    pub last_message: Option<String>,
    pub last_message_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl RoomRow {
    /// Whether `user` is the room's guest or its host.
    pub fn has_party(&self, user: Uuid) -> bool {
        self.guest_id == user || self.host_id == user
    }
}

/// A room to open for a trip.
#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = super::schema::chat_rooms)]
pub struct NewRoom {
    pub id: Uuid,
    pub trip_id: Uuid,
    pub car_id: Uuid,
    pub guest_id: Uuid,
    pub host_id: Uuid,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// Opens the trip's room unless it is open already; true when this call opened it.
#[tracing::instrument(skip(conn, room), fields(trip_id = %room.trip_id))]
pub async fn open(conn: &mut AsyncPgConnection, room: &NewRoom) -> QueryResult<bool> {
    let inserted = diesel::insert_into(r::chat_rooms)
        .values(room)
        .on_conflict(r::trip_id)
        .do_nothing()
        .execute(conn)
        .await?;
    Ok(inserted == 1)
}

/// A room by id.
#[tracing::instrument(skip(conn))]
pub async fn by_id(conn: &mut AsyncPgConnection, id: Uuid) -> QueryResult<Option<RoomRow>> {
    r::chat_rooms.find(id).select(RoomRow::as_select()).first(conn).await.optional()
}

/// One page of `user`'s rooms in a view, newest activity first, and how many there are.
#[tracing::instrument(skip(conn))]
pub async fn list(
    conn: &mut AsyncPgConnection,
    user: Uuid,
    view: UserType,
    page: Page,
) -> QueryResult<(Vec<RoomRow>, i64)> {
    let mine = || -> super::schema::chat_rooms::BoxedQuery<'static, diesel::pg::Pg> {
        match view {
            UserType::Guest => r::chat_rooms.filter(r::guest_id.eq(user)).into_boxed(),
            UserType::Host => r::chat_rooms.filter(r::host_id.eq(user)).into_boxed(),
        }
    };
    let total: i64 = mine().count().get_result(conn).await?;
    if page.offset() >= total {
        return Ok((Vec::new(), total));
    }
    let rows = mine()
        // The id breaks ties, so pages never overlap or skip a room.
        .order((r::activity_at.desc(), r::id.desc()))
        .limit(i64::from(page.limit))
        .offset(page.offset())
        .select(RoomRow::as_select())
        .load(conn)
        .await?;
    Ok((rows, total))
}
