//! The record of every email and SMS sent (read by the development outbox route).

use super::schema::sent_messages;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = sent_messages)]
pub struct SentMessage {
    pub id: Uuid,
    pub to_address: String,
    pub channel: String,
    pub subject: String,
    pub body: String,
    pub code: Option<String>,
    pub created_at: DateTime<Utc>,
}

pub async fn insert(
    conn: &mut AsyncPgConnection,
    to: &str,
    channel: &str,
    subject: &str,
    body: &str,
    code: Option<&str>,
) -> QueryResult<usize> {
    diesel::insert_into(sent_messages::table)
        .values((
            sent_messages::id.eq(Uuid::now_v7()),
            sent_messages::to_address.eq(to),
            sent_messages::channel.eq(channel),
            sent_messages::subject.eq(subject),
            sent_messages::body.eq(body),
            sent_messages::code.eq(code),
        ))
        .execute(conn)
        .await
}

/// Newest first, at most 50.
pub async fn to(conn: &mut AsyncPgConnection, address: &str) -> QueryResult<Vec<SentMessage>> {
    sent_messages::table
        .filter(sent_messages::to_address.eq(address))
        .order(sent_messages::created_at.desc())
        .limit(50)
        .select(SentMessage::as_select())
        .load(conn)
        .await
}
