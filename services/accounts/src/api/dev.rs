//! The development outbox: every email and SMS sent, readable in development mode only.

use crate::domain::{Email, UsPhone};
use crate::error::{AccountsError, AccountsResult};
use crate::state::AppState;
use crate::store::messages;
use upcar_proto::accounts as pb;

pub async fn outbox(state: &AppState, to: &str) -> AccountsResult<pb::DevOutboxReply> {
    if !state.environment.is_development() {
        return Err(AccountsError::UserNotFound);
    }
    // Emails and phone numbers are stored normalized; normalize the query the same way.
    let address = if to.contains('@') {
        Email::parse(to).map(|e| e.as_str().to_owned()).map_err(|_| AccountsError::EmailInvalid)?
    } else {
        UsPhone::parse(to)
            .map(|p| p.as_str().to_owned())
            .map_err(|_| AccountsError::PhoneInvalid)?
    };
    let mut conn = state.conn().await?;
    let messages = messages::to(&mut conn, &address)
        .await?
        .into_iter()
        .map(|m| pb::DevMessage {
            to: m.to_address,
            subject: m.subject,
            body: m.body,
            code: m.code.unwrap_or_default(),
            created_at: m.created_at.to_rfc3339(),
        })
        .collect();
    Ok(pb::DevOutboxReply { messages })
}
