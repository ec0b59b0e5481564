//! Captain accounts: their own login, token and password reset.

use super::convert;
use super::otp::{self, Subject};
use crate::domain::{Email, OtpChannel, OtpCode, OtpPurpose, Password};
use crate::error::{AccountsError, AccountsResult};
use crate::state::AppState;
use crate::store::users;
use upcar_identity::Role;
use upcar_proto::accounts as pb;

pub async fn login(state: &AppState, req: pb::LoginRequest) -> AccountsResult<pb::AuthReply> {
    if req.email.trim().is_empty() {
        return Err(AccountsError::LoginEmailRequired);
    }
    if req.password.is_empty() {
        return Err(AccountsError::LoginPasswordRequired);
    }
    let email = Email::parse(&req.email).map_err(|_| AccountsError::InvalidCaptainCredentials)?;
    let row = users::captain_by_email(&mut *state.conn().await?, email.as_str()).await?;
    let hash = row.as_ref().map(|r| r.password_hash.clone());
    let ok =
        super::guard::check_password(state, row.as_ref().map(|r| r.id), req.password.clone(), hash)
            .await?;
    let row = match (row, ok) {
        (Some(r), true) => r,
        _ => return Err(AccountsError::InvalidCaptainCredentials),
    };
    let (token, claims) =
        state.keys.issue_access(row.id, Role::Captain, &upcar_identity::Session::begin())?;
    Ok(pb::AuthReply {
        user: Some(convert::captain(&row)),
        access_token: token,
        status: true,
        message: "Login successful".to_owned(),
        expires_at: claims.exp,
    })
}

async fn captain_by_email(state: &AppState, email: &str) -> AccountsResult<users::CaptainRow> {
    let email = Email::parse(email).map_err(|e| match e {
        crate::domain::email::EmailError::Missing => AccountsError::EmailRequired,
        crate::domain::email::EmailError::Invalid => AccountsError::EmailInvalid,
    })?;
    let mut conn = state.conn().await?;
    users::captain_by_email(&mut conn, email.as_str()).await?.ok_or(AccountsError::EmailNotFound)
}

pub async fn forgot_password(state: &AppState, email: &str) -> AccountsResult<pb::OtpStarted> {
    let row = captain_by_email(state, email).await?;
    otp::send(
        state,
        Subject::Captain(row.id),
        OtpChannel::Email,
        OtpPurpose::PasswordReset,
        &row.email,
    )
    .await?;
    Ok(pb::OtpStarted {
        success: true,
        user_id: row.id.to_string(),
        message: "OTP sent to your email".to_owned(),
    })
}

pub async fn reset_password(
    state: &AppState,
    req: pb::UpdatePasswordWithOtpRequest,
) -> AccountsResult<pb::Ack> {
    let code = OtpCode::parse(&req.otp).ok_or(AccountsError::OtpMalformed)?;
    let password = Password::parse(&req.new_password).map_err(|e| {
        use crate::domain::password::PasswordError::*;
        match e {
            Missing => AccountsError::PasswordRequired,
            TooShort => AccountsError::PasswordTooShort,
            TooLong => AccountsError::PasswordTooLong,
        }
    })?;
    let row = captain_by_email(state, &req.email).await?;
    otp::check(
        state,
        Subject::Captain(row.id),
        OtpChannel::Email,
        &[OtpPurpose::PasswordReset],
        &row.email,
        &code,
    )
    .await?;
    let hash = state.hash_password(password).await?;
    let mut conn = state.conn().await?;
    users::set_captain_password(&mut conn, row.id, &hash).await?;
    drop(conn);
    // As for users: a reset ends every session, and any wait after wrong passwords.
    super::guard::end_other_sessions(state, row.id, None).await?;
    super::guard::forgive(state, row.id).await?;
    Ok(pb::Ack { status: true, message: "Password updated successfully".to_owned() })
}
