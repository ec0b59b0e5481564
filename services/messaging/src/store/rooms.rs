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
    pub last_seq: i64,
    pub guest_read_seq: i64,
    pub host_read_seq: i64,
    pub confirmed_at: Option<DateTime<Utc>>,
    pub last_sender_type: Option<String>,
}

impl RoomRow {
    /// The highest message a side has read.
    pub fn read_seq(&self, side: UserType) -> i64 {
        match side {
            UserType::Guest => self.guest_read_seq,
            UserType::Host => self.host_read_seq,
        }
    }

    /// Whether a message of `sender` is shown to a reader of side `reader` with its contact
    /// details hidden (`domain::contact`).
    pub fn hides_contacts(&self, sender: &str, reader: Option<UserType>) -> bool {
        crate::domain::contact::hidden_for(self.confirmed_at.is_some(), sender, reader)
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

/// Marks the trip's room confirmed (its first confirmation counts); false when the room is
/// missing.
#[tracing::instrument(skip(conn))]
pub async fn confirmed(
    conn: &mut AsyncPgConnection,
    trip: Uuid,
    at: DateTime<Utc>,
) -> QueryResult<bool> {
    let n =
        diesel::update(r::chat_rooms.filter(r::trip_id.eq(trip)).filter(r::confirmed_at.is_null()))
            .set(r::confirmed_at.eq(at))
            .execute(conn)
            .await?;
    Ok(n == 1)
}

/// A room by id.
#[tracing::instrument(skip(conn))]
pub async fn by_id(conn: &mut AsyncPgConnection, id: Uuid) -> QueryResult<Option<RoomRow>> {
    r::chat_rooms.find(id).select(RoomRow::as_select()).first(conn).await.optional()
}

/// Whether `user` is an approved co-host of an active team of the room's host holding the
/// room's car.
#[tracing::instrument(skip(conn, room), fields(room_id = %room.id))]
pub async fn cohosts(
    conn: &mut AsyncPgConnection,
    user: Uuid,
    room: &RoomRow,
) -> QueryResult<bool> {
    use super::schema::team_access::dsl as t;
    diesel::select(diesel::dsl::exists(
        t::team_access
            .filter(t::active)
            .filter(t::host_id.eq(room.host_id))
            .filter(t::cohost_ids.contains(vec![user]))
            .filter(t::car_ids.contains(vec![room.car_id])),
    ))
    .get_result(conn)
    .await
}

/// Marks the messages of `room` up to `seq` read by `side` (never moving back) and answers
/// the side's read mark after it.
#[tracing::instrument(skip(conn))]
pub async fn mark_read(
    conn: &mut AsyncPgConnection,
    room: Uuid,
    side: UserType,
    seq: i64,
) -> QueryResult<i64> {
    let q = diesel::update(r::chat_rooms.find(room));
    let greatest = |col: &str| {
        diesel::dsl::sql::<diesel::sql_types::Int8>(&format!("GREATEST({col}, LEAST("))
            .bind::<diesel::sql_types::Int8, _>(seq)
            .sql(", last_seq))")
    };
    match side {
        UserType::Guest => {
            q.set(r::guest_read_seq.eq(greatest("guest_read_seq")))
                .returning(r::guest_read_seq)
                .get_result(conn)
                .await
        }
        UserType::Host => {
            q.set(r::host_read_seq.eq(greatest("host_read_seq")))
                .returning(r::host_read_seq)
                .get_result(conn)
                .await
        }
    }
}

/// The room of a trip.
pub async fn by_trip(conn: &mut AsyncPgConnection, trip: Uuid) -> QueryResult<Option<RoomRow>> {
    r::chat_rooms
        .filter(r::trip_id.eq(trip))
        .select(RoomRow::as_select())
        .first(conn)
        .await
        .optional()
}

/// The messages of the other side that `side` has not read, per room of `rooms` (a room with
/// none is absent).
#[tracing::instrument(skip(conn, rooms), fields(n = rooms.len()))]
pub async fn unread(
    conn: &mut AsyncPgConnection,
    rooms: &[Uuid],
    side: UserType,
) -> QueryResult<std::collections::HashMap<Uuid, i64>> {
    use diesel::sql_types::{Array, BigInt, Text, Uuid as SqlUuid};
    #[derive(QueryableByName)]
    struct Count {
        #[diesel(sql_type = SqlUuid)]
        room_id: Uuid,
        #[diesel(sql_type = BigInt)]
        unread: i64,
    }
    if rooms.is_empty() {
        return Ok(std::collections::HashMap::new());
    }
    // The side's read mark is a column of the room; the columns' names are fixed here.
    let read = match side {
        UserType::Guest => "r.guest_read_seq",
        UserType::Host => "r.host_read_seq",
    };
    let rows: Vec<Count> = diesel::sql_query(format!(
        "SELECT m.room_id, count(*) AS unread FROM messages m \
         JOIN chat_rooms r ON r.id = m.room_id \
         WHERE m.room_id = ANY($1) AND m.sender_type <> $2 AND m.seq > {read} \
         GROUP BY m.room_id"
    ))
    .bind::<Array<SqlUuid>, _>(rooms)
    .bind::<Text, _>(side.as_str())
    .load(conn)
    .await?;
    let rows = rows.into_iter().map(|c| (c.room_id, c.unread));
    Ok(rows.into_iter().collect())
}

/// The rooms of `user` in a view: the guest's own, or the host's cars' and those of the teams
/// they co-host.
fn mine(
    user: Uuid,
    view: UserType,
) -> super::schema::chat_rooms::BoxedQuery<'static, diesel::pg::Pg> {
    match view {
        UserType::Guest => r::chat_rooms.filter(r::guest_id.eq(user)).into_boxed(),
        UserType::Host => r::chat_rooms
            .filter(
                r::host_id.eq(user).or(diesel::dsl::sql::<diesel::sql_types::Bool>(
                    "EXISTS (SELECT 1 FROM team_access ta WHERE ta.active \
                         AND ta.cohost_ids @> ARRAY[",
                )
                .bind::<diesel::sql_types::Uuid, _>(user)
                .sql(
                    "] AND ta.host_id = chat_rooms.host_id \
                         AND chat_rooms.car_id = ANY(ta.car_ids))",
                )),
            )
            .into_boxed(),
    }
}

/// The ids of every room of `user` in a view (as [`list`] selects them).
#[tracing::instrument(skip(conn))]
pub async fn ids(
    conn: &mut AsyncPgConnection,
    user: Uuid,
    view: UserType,
) -> QueryResult<Vec<Uuid>> {
    mine(user, view).select(r::id).load(conn).await
}

/// One page of `user`'s rooms in a view, newest activity first, and how many there are. The
/// host view holds the rooms of the user's cars and of the cars of teams they co-host.
#[tracing::instrument(skip(conn))]
pub async fn list(
    conn: &mut AsyncPgConnection,
    user: Uuid,
    view: UserType,
    page: Page,
) -> QueryResult<(Vec<RoomRow>, i64)> {
    let mine = || mine(user, view);
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
