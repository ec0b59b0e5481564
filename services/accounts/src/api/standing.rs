//! The exclusion list: admins suspend and reinstate users (spec 002, terms: "users on an
//! exclusion list cannot rent or list; the product may suspend users without notice").
//!
//! A change is one transaction: the admin action is logged, the standing written (the database
//! refuses a standing change without its action) and `accounts.user_standing_changed` put in
//! the outbox; catalog-search hides or shows the user's cars and trips cancels their trips
//! that have not started. After the commit the gateway's account cache is overwritten, so
//! every token of a suspended user is refused from the next request on.

use crate::domain::standing::{self, StandingAction, StandingError};
use crate::error::{AccountsError, AccountsResult};
use crate::state::AppState;
use crate::store::standing::{self as store, ActionRow, StandingRow};
use diesel_async::AsyncConnection;
use upcar_identity::{Identity, Role};
use upcar_proto::accounts as pb;
use upcar_proto::events::UserStandingChanged;
use uuid::Uuid;

/// How many actions a standing answer lists.
const ACTIONS_SHOWN: i64 = 50;

impl From<StandingError> for AccountsError {
    fn from(e: StandingError) -> Self {
        match e {
            StandingError::ReasonInvalid => AccountsError::ReasonInvalid,
            StandingError::AlreadySuspended => AccountsError::AlreadySuspended,
            StandingError::NotSuspended => AccountsError::NotSuspended,
            StandingError::AdminNotSuspendable => AccountsError::AdminNotSuspendable,
        }
    }
}

fn require_admin(identity: Option<&Identity>) -> AccountsResult<&Identity> {
    match identity {
        None => Err(AccountsError::TokenMissing),
        Some(i) if i.role == Role::Admin => Ok(i),
        Some(_) => Err(AccountsError::AdminOnly),
    }
}

fn user_id(raw: &str) -> AccountsResult<Uuid> {
    // An id that cannot name an account is an unknown account, like any other.
    raw.trim().parse().map_err(|_| AccountsError::UserNotFound)
}

/// `SuspendUser` and `ReinstateUser`.
pub async fn change(
    state: &AppState,
    identity: Option<&Identity>,
    action: StandingAction,
    req: pb::StandingChangeRequest,
) -> AccountsResult<pb::StandingReply> {
    let admin = require_admin(identity)?;
    let id = user_id(&req.user_id)?;
    let why = standing::reason(&req.reason)?;
    let mut conn = state.conn().await?;
    let now = state.clock.now();
    let row = conn
        .transaction::<StandingRow, AccountsError, _>(async |c| {
            let row = store::get(c, id, true).await?.ok_or(AccountsError::UserNotFound)?;
            standing::check(action, row.role == "admin", row.suspended_at.is_some())?;
            let version = row.version + 1;
            store::log(
                c,
                &ActionRow {
                    id: Uuid::now_v7(),
                    admin_id: admin.user_id,
                    user_id: id,
                    action: action.as_str().to_owned(),
                    reason: why.clone(),
                    at: now,
                },
            )
            .await?;
            let suspended = (action == StandingAction::Suspend).then_some((now, why.as_str()));
            store::set(c, id, suspended, version).await?;
            upcar_events::enqueue(
                c,
                &UserStandingChanged {
                    user_id: id.to_string(),
                    suspended: suspended.is_some(),
                    version,
                    occurred_at: now.to_rfc3339(),
                },
            )
            .await?;
            store::get(c, id, false).await?.ok_or(AccountsError::UserNotFound)
        })
        .await?;
    state.relay.wake();
    // What the gateway trusts of the account, overwritten now: a suspension reaches every
    // token at once, a reinstatement as soon.
    let standing = crate::api::profile::standing_of(&mut conn, id).await?;
    state.publish_standing(id, &standing).await;
    tracing::info!(user_id = %id, admin_id = %admin.user_id, action = action.as_str(), "account standing changed");
    let message = match action {
        StandingAction::Suspend => "User suspended",
        StandingAction::Reinstate => "User reinstated",
    };
    reply(&mut conn, row, message).await
}

/// `GetUserStanding`.
pub async fn get(
    state: &AppState,
    identity: Option<&Identity>,
    raw_id: &str,
) -> AccountsResult<pb::StandingReply> {
    require_admin(identity)?;
    let id = user_id(raw_id)?;
    let mut conn = state.conn().await?;
    let row = store::get(&mut conn, id, false).await?.ok_or(AccountsError::UserNotFound)?;
    reply(&mut conn, row, "").await
}

async fn reply(
    conn: &mut diesel_async::AsyncPgConnection,
    row: StandingRow,
    message: &str,
) -> AccountsResult<pb::StandingReply> {
    let actions = store::actions_of(conn, row.id, ACTIONS_SHOWN).await?;
    Ok(pb::StandingReply {
        status: true,
        message: message.to_owned(),
        user_id: row.id.to_string(),
        email: row.email,
        first_name: row.first_name,
        last_name: row.last_name,
        suspended: row.suspended_at.is_some(),
        suspended_at: row.suspended_at.map(|t| t.to_rfc3339()).unwrap_or_default(),
        suspension_reason: row.suspension_reason.unwrap_or_default(),
        actions: actions
            .into_iter()
            .map(|a| pb::AccountAction {
                action_id: a.id.to_string(),
                admin_id: a.admin_id.to_string(),
                action: a.action,
                reason: a.reason,
                at: a.at.to_rfc3339(),
            })
            .collect(),
    })
}
