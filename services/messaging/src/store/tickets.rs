//! Support tickets, their conversations, and the log of what admins did to them.

use super::schema::{
    admin_actions::dsl as a, support_tickets::dsl as t, ticket_messages::dsl as m,
};
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

/// A ticket as stored.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Insertable)]
#[diesel(table_name = super::schema::support_tickets)]
#[diesel(check_for_backend(diesel::pg::Pg))]
pub struct TicketRow {
    pub id: Uuid,
    pub name: String,
    pub email: String,
    pub title: String,
    pub description: String,
    pub priority: String,
    pub status: String,
    pub assigned_to: String,
    pub created_by: Option<Uuid>,
    pub source: String,
    pub last_seq: i64,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// A message of a ticket's conversation as stored.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable)]
#[diesel(table_name = super::schema::ticket_messages)]
#[diesel(check_for_backend(diesel::pg::Pg))]
pub struct TicketMessageRow {
    pub id: Uuid,
    pub ticket_id: Uuid,
    pub seq: i64,
    pub sender_id: Uuid,
    pub sender_type: String,
    pub body: String,
    pub image_urls: Vec<String>,
    pub client_key: Option<String>,
    pub created_at: DateTime<Utc>,
}

/// Stores a new ticket.
pub async fn insert(conn: &mut AsyncPgConnection, row: &TicketRow) -> QueryResult<()> {
    diesel::insert_into(t::support_tickets).values(row).execute(conn).await.map(|_| ())
}

/// A ticket by id.
pub async fn by_id(conn: &mut AsyncPgConnection, id: Uuid) -> QueryResult<Option<TicketRow>> {
    t::support_tickets.find(id).select(TicketRow::as_select()).first(conn).await.optional()
}

/// What the admin list filters by.
#[derive(Debug, Clone, Default)]
pub struct Filter {
    pub status: Option<String>,
    pub priority: Option<String>,
    pub assigned_to: Option<String>,
    pub created_by: Option<Uuid>,
}

/// One page of tickets, newest first, and how many match.
pub async fn list(
    conn: &mut AsyncPgConnection,
    f: &Filter,
    limit: i64,
    offset: i64,
) -> QueryResult<(Vec<TicketRow>, i64)> {
    let q = || {
        let mut q = t::support_tickets.into_boxed();
        if let Some(s) = &f.status {
            q = q.filter(t::status.eq(s.clone()));
        }
        if let Some(p) = &f.priority {
            q = q.filter(t::priority.eq(p.clone()));
        }
        if let Some(a) = &f.assigned_to {
            q = q.filter(t::assigned_to.eq(a.clone()));
        }
        if let Some(c) = f.created_by {
            q = q.filter(t::created_by.eq(c));
        }
        q
    };
    let total: i64 = q().count().get_result(conn).await?;
    let rows = q()
        .order((t::created_at.desc(), t::id.desc()))
        .limit(limit)
        .offset(offset)
        .select(TicketRow::as_select())
        .load(conn)
        .await?;
    Ok((rows, total))
}

/// Sets a ticket's status and assignee; answers the row after.
pub async fn update(
    conn: &mut AsyncPgConnection,
    id: Uuid,
    status: &str,
    assigned_to: &str,
    at: DateTime<Utc>,
) -> QueryResult<TicketRow> {
    diesel::update(t::support_tickets.find(id))
        .set((t::status.eq(status), t::assigned_to.eq(assigned_to), t::updated_at.eq(at)))
        .returning(TicketRow::as_returning())
        .get_result(conn)
        .await
}

/// A message to add to a ticket's conversation.
#[derive(Debug, Clone)]
pub struct NewTicketMessage {
    pub id: Uuid,
    pub ticket_id: Uuid,
    pub sender_id: Uuid,
    pub sender_type: &'static str,
    pub body: String,
    pub image_urls: Vec<String>,
    pub client_key: Option<String>,
    pub created_at: DateTime<Utc>,
}

/// Adds a message; the database numbers it. A key the sender used on the ticket already is a
/// unique violation.
pub async fn insert_message(
    conn: &mut AsyncPgConnection,
    msg: &NewTicketMessage,
) -> QueryResult<TicketMessageRow> {
    diesel::insert_into(m::ticket_messages)
        .values((
            m::id.eq(msg.id),
            m::ticket_id.eq(msg.ticket_id),
            m::sender_id.eq(msg.sender_id),
            m::sender_type.eq(msg.sender_type),
            m::body.eq(&msg.body),
            m::image_urls.eq(&msg.image_urls),
            m::client_key.eq(&msg.client_key),
            m::created_at.eq(msg.created_at),
            // Replaced by the trigger with the ticket's next number.
            m::seq.eq(0_i64),
        ))
        .returning(TicketMessageRow::as_returning())
        .get_result(conn)
        .await
}

/// The message `sender` sent on `ticket` under `key`.
pub async fn message_by_key(
    conn: &mut AsyncPgConnection,
    ticket: Uuid,
    sender: Uuid,
    key: &str,
) -> QueryResult<Option<TicketMessageRow>> {
    m::ticket_messages
        .filter(m::ticket_id.eq(ticket))
        .filter(m::sender_id.eq(sender))
        .filter(m::client_key.eq(key))
        .select(TicketMessageRow::as_select())
        .first(conn)
        .await
        .optional()
}

/// Up to `limit` messages of `ticket` numbered above `since`, in order, and whether more follow.
pub async fn messages_after(
    conn: &mut AsyncPgConnection,
    ticket: Uuid,
    since: i64,
    limit: i64,
) -> QueryResult<(Vec<TicketMessageRow>, bool)> {
    let mut rows: Vec<TicketMessageRow> = m::ticket_messages
        .filter(m::ticket_id.eq(ticket))
        .filter(m::seq.gt(since))
        .order(m::seq.asc())
        .limit(limit + 1)
        .select(TicketMessageRow::as_select())
        .load(conn)
        .await?;
    let more = rows.len() as i64 > limit;
    rows.truncate(usize::try_from(limit).unwrap_or(0));
    Ok((rows, more))
}

/// Records what an admin did.
pub async fn log_action(
    conn: &mut AsyncPgConnection,
    admin: Uuid,
    action: &str,
    subject: Uuid,
    details: serde_json::Value,
    at: DateTime<Utc>,
) -> QueryResult<()> {
    diesel::insert_into(a::admin_actions)
        .values((
            a::id.eq(Uuid::now_v7()),
            a::admin_id.eq(admin),
            a::action.eq(action),
            a::subject_id.eq(subject),
            a::details.eq(details),
            a::created_at.eq(at),
        ))
        .execute(conn)
        .await
        .map(|_| ())
}

/// The actions logged on `subject`, oldest first: (admin, action, details).
pub async fn actions_on(
    conn: &mut AsyncPgConnection,
    subject: Uuid,
) -> QueryResult<Vec<(Uuid, String, serde_json::Value)>> {
    a::admin_actions
        .filter(a::subject_id.eq(subject))
        .order(a::created_at.asc())
        .select((a::admin_id, a::action, a::details))
        .load(conn)
        .await
}
