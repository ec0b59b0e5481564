//! The guards of an account's sign-in: the password-guessing streak and the cut that ended
//! its sessions at a password change.

use super::schema::{login_guard, session_cuts};
use crate::domain::login_guard::Streak;
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

/// The account's streak, its row locked until the caller's transaction ends (parallel
/// attempts on one account are counted one after the other).
pub async fn lock_streak(
    conn: &mut AsyncPgConnection,
    account: Uuid,
) -> QueryResult<Option<Streak>> {
    let row: Option<(i32, DateTime<Utc>, Option<DateTime<Utc>>)> = login_guard::table
        .find(account)
        .select((login_guard::failures, login_guard::last_failure_at, login_guard::locked_until))
        .for_update()
        .first(conn)
        .await
        .optional()?;
    Ok(row.map(|(failures, last_failure_at, locked_until)| Streak {
        failures,
        last_failure_at,
        locked_until,
    }))
}

/// Makes the account's streak row (no failure yet) unless it has one, so that the row exists
/// for [`lock_streak`] to lock even at the first attempt.
pub async fn ensure_streak(
    conn: &mut AsyncPgConnection,
    account: Uuid,
    now: DateTime<Utc>,
) -> QueryResult<()> {
    diesel::insert_into(login_guard::table)
        .values((
            login_guard::account_id.eq(account),
            login_guard::failures.eq(0),
            login_guard::last_failure_at.eq(now),
        ))
        .on_conflict_do_nothing()
        .execute(conn)
        .await?;
    Ok(())
}

/// Stores the account's streak.
pub async fn save_streak(
    conn: &mut AsyncPgConnection,
    account: Uuid,
    s: &Streak,
) -> QueryResult<()> {
    diesel::insert_into(login_guard::table)
        .values((
            login_guard::account_id.eq(account),
            login_guard::failures.eq(s.failures),
            login_guard::last_failure_at.eq(s.last_failure_at),
            login_guard::locked_until.eq(s.locked_until),
        ))
        .on_conflict(login_guard::account_id)
        .do_update()
        .set((
            login_guard::failures.eq(s.failures),
            login_guard::last_failure_at.eq(s.last_failure_at),
            login_guard::locked_until.eq(s.locked_until),
        ))
        .execute(conn)
        .await?;
    Ok(())
}

/// Ends the account's streak (a right password, a sign-in by code, a reset).
pub async fn clear_streak(conn: &mut AsyncPgConnection, account: Uuid) -> QueryResult<()> {
    diesel::delete(login_guard::table.find(account)).execute(conn).await?;
    Ok(())
}

/// The account's sessions begun before `from` end, but `kept`.
pub async fn cut_sessions(
    conn: &mut AsyncPgConnection,
    account: Uuid,
    from: DateTime<Utc>,
    kept: Option<&str>,
) -> QueryResult<()> {
    diesel::insert_into(session_cuts::table)
        .values((
            session_cuts::account_id.eq(account),
            session_cuts::sessions_from.eq(from),
            session_cuts::kept_session.eq(kept),
            session_cuts::updated_at.eq(from),
        ))
        .on_conflict(session_cuts::account_id)
        .do_update()
        .set((
            session_cuts::sessions_from.eq(from),
            session_cuts::kept_session.eq(kept),
            session_cuts::updated_at.eq(from),
        ))
        .execute(conn)
        .await?;
    Ok(())
}

/// The account's last cut: when its sessions ended and the one kept.
pub async fn session_cut(
    conn: &mut AsyncPgConnection,
    account: Uuid,
) -> QueryResult<Option<(DateTime<Utc>, Option<String>)>> {
    session_cuts::table
        .find(account)
        .select((session_cuts::sessions_from, session_cuts::kept_session))
        .first(conn)
        .await
        .optional()
}
