//! What guards a sign-in, shared by the user and captain paths: the per-account streak of
//! wrong passwords (`domain::login_guard`) and the end of an account's other sessions at a
//! password change or reset.

use crate::domain::login_guard::{self, Attempt};
use crate::error::{AccountsError, AccountsResult};
use crate::state::AppState;
use crate::store::guard;
use diesel_async::AsyncConnection;
use uuid::Uuid;

/// Checks `candidate` for a password sign-in to `account` (`None`: no such account, checked
/// against a fixed hash so the answer takes as long). The attempt is counted first; a locked
/// account is refused unchecked (429 with the seconds left); a right password ends the
/// streak.
pub async fn check_password(
    state: &AppState,
    account: Option<Uuid>,
    candidate: String,
    hash: Option<String>,
) -> AccountsResult<bool> {
    let Some(id) = account else {
        state.check_password(candidate, None).await?;
        return Ok(false);
    };
    let now = state.clock.now();
    let mut conn = state.conn().await?;
    let attempt = conn
        .transaction::<_, AccountsError, _>(async |c| {
            guard::ensure_streak(c, id, now).await?;
            let attempt = login_guard::attempt(guard::lock_streak(c, id).await?, now);
            if let Attempt::Check(streak) = &attempt {
                guard::save_streak(c, id, streak).await?;
            }
            Ok(attempt)
        })
        .await?;
    drop(conn);
    if let Attempt::Locked(until) = attempt {
        tracing::warn!(account = %id, "password sign-in refused: the account waits after wrong passwords");
        return Err(AccountsError::LoginLocked(login_guard::seconds_left(until, now)));
    }
    match state.check_password(candidate, hash).await {
        Ok(true) => {
            guard::clear_streak(&mut *state.conn().await?, id).await?;
            Ok(true)
        }
        Ok(false) => Ok(false),
        // Not checked (the password threads were busy): the attempt does not count.
        Err(e) => {
            let mut conn = state.conn().await?;
            conn.transaction::<_, AccountsError, _>(async |c| {
                if let Some(streak) = guard::lock_streak(c, id).await? {
                    guard::save_streak(c, id, &login_guard::undo(streak)).await?;
                }
                Ok(())
            })
            .await?;
            Err(e)
        }
    }
}

/// Ends the streak of wrong passwords: the account proved itself another way (a one-time
/// code reached its inbox or phone, or its password was reset by one).
pub async fn forgive(state: &AppState, account: Uuid) -> AccountsResult<()> {
    guard::clear_streak(&mut *state.conn().await?, account).await?;
    Ok(())
}

/// Ends every session of the account begun until now but `kept` (the one that changed the
/// password; none for a reset by code), at once: the gateway's entry for the account is
/// overwritten. Sessions are told apart by the time in their ids, made by the real clock as
/// the tokens' times are.
pub async fn end_other_sessions(
    state: &AppState,
    account: Uuid,
    kept: Option<&str>,
) -> AccountsResult<()> {
    let mut conn = state.conn().await?;
    guard::cut_sessions(&mut conn, account, chrono::Utc::now(), kept).await?;
    let standing = crate::api::profile::standing_of(&mut conn, account).await?;
    drop(conn);
    state.publish_standing(account, &standing).await;
    tracing::info!(account = %account, kept_one = kept.is_some(), "other sessions ended");
    Ok(())
}
