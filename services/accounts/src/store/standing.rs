//! An account's standing (the exclusion list) and the log of admin actions on it.

use super::schema::{account_actions, account_standing, users};
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

/// What the standing calls read of an account.
#[derive(Debug, Clone)]
pub struct StandingRow {
    pub id: Uuid,
    pub role: String,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    pub suspended_at: Option<DateTime<Utc>>,
    pub suspension_reason: Option<String>,
    /// 0 before the first change.
    pub version: i64,
}

/// One admin action, as logged.
#[derive(Debug, Clone, Queryable, Selectable, Insertable)]
#[diesel(table_name = account_actions)]
pub struct ActionRow {
    pub id: Uuid,
    pub admin_id: Uuid,
    pub user_id: Uuid,
    pub action: String,
    pub reason: String,
    pub at: DateTime<Utc>,
}

/// The account and its standing; the account's row is locked for a change when `lock`.
pub async fn get(
    conn: &mut AsyncPgConnection,
    id: Uuid,
    lock: bool,
) -> QueryResult<Option<StandingRow>> {
    let q = users::table.find(id).select((
        users::id,
        users::role,
        users::email,
        users::first_name,
        users::last_name,
    ));
    let user: Option<(Uuid, String, String, String, String)> =
        if lock { q.for_update().first(conn).await } else { q.first(conn).await }.optional()?;
    let Some((id, role, email, first_name, last_name)) = user else { return Ok(None) };
    let standing: Option<(Option<DateTime<Utc>>, Option<String>, i64)> = account_standing::table
        .find(id)
        .select((
            account_standing::suspended_at,
            account_standing::suspension_reason,
            account_standing::version,
        ))
        .first(conn)
        .await
        .optional()?;
    let (suspended_at, suspension_reason, version) = standing.unwrap_or((None, None, 0));
    Ok(Some(StandingRow {
        id,
        role,
        email,
        first_name,
        last_name,
        suspended_at,
        suspension_reason,
        version,
    }))
}

/// Whether the account is on the exclusion list.
pub async fn is_suspended(conn: &mut AsyncPgConnection, id: Uuid) -> QueryResult<bool> {
    let at: Option<Option<DateTime<Utc>>> = account_standing::table
        .find(id)
        .select(account_standing::suspended_at)
        .first(conn)
        .await
        .optional()?;
    Ok(at.flatten().is_some())
}

/// Writes the new standing (the database requires the matching action to be logged first).
pub async fn set(
    conn: &mut AsyncPgConnection,
    id: Uuid,
    suspended: Option<(DateTime<Utc>, &str)>,
    version: i64,
) -> QueryResult<()> {
    let at = suspended.map(|(at, _)| at);
    let reason = suspended.map(|(_, r)| r);
    diesel::insert_into(account_standing::table)
        .values((
            account_standing::user_id.eq(id),
            account_standing::suspended_at.eq(at),
            account_standing::suspension_reason.eq(reason),
            account_standing::version.eq(version),
        ))
        .on_conflict(account_standing::user_id)
        .do_update()
        .set((
            account_standing::suspended_at.eq(at),
            account_standing::suspension_reason.eq(reason),
            account_standing::version.eq(version),
        ))
        .execute(conn)
        .await?;
    Ok(())
}

/// Logs an action.
pub async fn log(conn: &mut AsyncPgConnection, row: &ActionRow) -> QueryResult<()> {
    diesel::insert_into(account_actions::table).values(row).execute(conn).await?;
    Ok(())
}

/// The newest actions on an account first.
pub async fn actions_of(
    conn: &mut AsyncPgConnection,
    user_id: Uuid,
    limit: i64,
) -> QueryResult<Vec<ActionRow>> {
    account_actions::table
        .filter(account_actions::user_id.eq(user_id))
        .order((account_actions::at.desc(), account_actions::id.desc()))
        .limit(limit)
        .select(ActionRow::as_select())
        .load(conn)
        .await
}
