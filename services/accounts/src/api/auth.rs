//! Sign-up, login (password, phone code, email code), tokens and password changes.

use super::convert;
use super::otp::{self, Subject};
use crate::domain::email::EmailError;
use crate::domain::phone::PhoneError;
use crate::domain::signup::{RawSignUp, SignUp, normalize_code};
use crate::domain::{Email, OtpChannel, OtpCode, OtpPurpose, Password, UsPhone, profile};
use crate::error::{AccountsError, AccountsResult};
use crate::state::{AppState, require_user};
use crate::store::{codes, users};
use diesel_async::{AsyncConnection, AsyncPgConnection};
use upcar_identity::{Identity, Purpose, Role, Session};
use upcar_proto::accounts as pb;
use upcar_proto::events::{EmailVerified, UserSignedUp};
use uuid::Uuid;

/// A full answer for a user: profile with favourites and verification state as of `today`.
pub async fn user_reply(
    conn: &mut AsyncPgConnection,
    row: &users::UserRow,
    today: chrono::NaiveDate,
) -> AccountsResult<pb::User> {
    let docs = users::documents_of(conn, row.id).await?;
    let favs =
        users::favourites_of(conn, row.id).await?.into_iter().map(|(c, _)| c.to_string()).collect();
    Ok(convert::user(row, docs.as_ref(), favs, today))
}

/// The answer of a sign-in (or a refresh) as `row`: a token of `in_session`, the sign-in's new
/// session or the refreshed token's.
pub(super) async fn session(
    state: &AppState,
    conn: &mut AsyncPgConnection,
    row: &users::UserRow,
    message: &str,
    in_session: &Session,
) -> AccountsResult<pb::AuthReply> {
    // The exclusion list: a suspended user is not signed in, by any method.
    if crate::store::standing::is_suspended(conn, row.id).await? {
        return Err(AccountsError::AccountSuspended);
    }
    let role = if row.role == "admin" { Role::Admin } else { Role::User };
    let (token, claims) = state.keys.issue_access(row.id, role, in_session)?;
    Ok(pb::AuthReply {
        user: Some(user_reply(conn, row, state.clock.now().date_naive()).await?),
        access_token: token,
        status: true,
        message: message.to_owned(),
        expires_at: claims.exp,
    })
}

pub async fn sign_up(state: &AppState, req: pb::SignUpRequest) -> AccountsResult<pb::AuthReply> {
    let form = SignUp::parse(RawSignUp {
        first_name: req.first_name,
        last_name: req.last_name,
        email: req.email,
        professional_email: req.professional_email,
        phone_number: req.phone_number,
        country_code: req.country_code,
        password: req.password,
        promotions_enrollment: req.promotions_enrollment,
        sign_up_code: req.sign_up_code,
        terms_accepted: req.terms_accepted,
    })?;
    // Hash before opening the transaction: argon2 takes tens of milliseconds.
    let hash = state.hash_password(form.password.clone()).await?;
    let fingerprint = profile::device_fingerprint(&req.device_fingerprint)?;
    let mut conn = state.conn().await?;
    let row = conn
        .transaction::<users::UserRow, AccountsError, _>(async |conn| {
            if let Some(code) = &form.sign_up_code
                && !codes::use_invitation(conn, code, state.clock.now()).await?
            {
                return Err(AccountsError::InvitationCodeInvalid);
            }
            if users::by_email(conn, form.email.as_str()).await?.is_some() {
                return Err(AccountsError::EmailTaken);
            }
            if let Some(p) = &form.phone
                && users::by_phone(conn, p.as_str()).await?.is_some()
            {
                return Err(AccountsError::PhoneTaken);
            }
            let new = users::NewUser {
                id: Uuid::now_v7(),
                role: "user",
                first_name: &form.first_name,
                last_name: &form.last_name,
                email: form.email.as_str(),
                professional_email: form.professional_email.as_ref().map(Email::as_str),
                phone_number: form.phone.as_ref().map(UsPhone::as_str),
                country_code: &form.country_code,
                password_hash: Some(&hash),
                promotions_enrollment: form.promotions_enrollment,
                sign_up_code: form.sign_up_code.as_deref(),
                terms_accepted: true,
                device_fingerprint: fingerprint,
                is_professional_user: form.professional_email.is_some(),
                email_verified: false,
                google_sub: None,
            };
            // The unique indexes settle a race between two sign-ups with the same email.
            let row =
                users::insert(conn, &new).await.map_err(|e| {
                    match upcar_db::unique_violation(&e) {
                        Some("users_phone_key") => AccountsError::PhoneTaken,
                        Some(_) => AccountsError::EmailTaken,
                        None => e.into(),
                    }
                })?;
            upcar_events::enqueue(
                conn,
                &UserSignedUp {
                    user_id: row.id.to_string(),
                    email: row.email.clone(),
                    first_name: row.first_name.clone(),
                    last_name: row.last_name.clone(),
                    is_professional_user: row.is_professional_user,
                    sign_up_code: row.sign_up_code.clone().unwrap_or_default(),
                    occurred_at: row.created_at.to_rfc3339(),
                },
            )
            .await?;
            Ok(row)
        })
        .await?;
    state.relay.wake();
    tracing::info!(user_id = %row.id, professional = row.is_professional_user, "user signed up");
    session(state, &mut conn, &row, "User registered successfully", &Session::begin()).await
}

pub async fn validate_invitation_code(state: &AppState, code: &str) -> AccountsResult<pb::Ack> {
    let code = normalize_code(code);
    if code.is_empty() {
        return Err(AccountsError::InvitationCodeRequired);
    }
    let mut conn = state.conn().await?;
    if codes::invitation_usable(&mut conn, &code, state.clock.now()).await? {
        Ok(pb::Ack { status: true, message: "Invitation code is valid".to_owned() })
    } else {
        Err(AccountsError::InvitationCodeInvalid)
    }
}

pub async fn login(state: &AppState, req: pb::LoginRequest) -> AccountsResult<pb::LoginReply> {
    use pb::login_reply::Outcome;
    // A phone number alone starts the code login, as the login form does.
    if req.email.trim().is_empty() && !req.phone_number.trim().is_empty() {
        let started = start_phone_login(state, &req.phone_number).await?;
        return Ok(pb::LoginReply { outcome: Some(Outcome::Otp(started)) });
    }
    let email = match Email::parse(&req.email) {
        Ok(e) => e,
        Err(EmailError::Missing) => return Err(AccountsError::LoginEmailRequired),
        Err(EmailError::Invalid) => return Err(AccountsError::InvalidCredentials),
    };
    if req.password.is_empty() {
        return Err(AccountsError::LoginPasswordRequired);
    }
    let fingerprint = profile::device_fingerprint(&req.device_fingerprint)?;
    let row = users::by_email(&mut *state.conn().await?, email.as_str()).await?;
    let hash = row.as_ref().and_then(|r| r.password_hash.clone());
    // Verify even for unknown accounts so timing does not reveal which emails exist; no
    // database connection is held while the check waits for its thread. The account's streak
    // of wrong passwords is counted (and may refuse the attempt) first.
    let ok =
        super::guard::check_password(state, row.as_ref().map(|r| r.id), req.password.clone(), hash)
            .await?;
    let row = match (row, ok) {
        (Some(r), true) => r,
        _ => return Err(AccountsError::InvalidCredentials),
    };
    let mut conn = state.conn().await?;
    if let Some(f) = fingerprint {
        users::set_device(&mut conn, row.id, f).await?;
    }
    let reply = session(state, &mut conn, &row, "Login successful", &Session::begin()).await?;
    Ok(pb::LoginReply { outcome: Some(Outcome::Session(reply)) })
}

pub async fn start_phone_login(state: &AppState, phone: &str) -> AccountsResult<pb::OtpStarted> {
    let phone = UsPhone::parse(phone).map_err(|e| match e {
        PhoneError::Missing => AccountsError::PhoneRequired,
        PhoneError::Invalid => AccountsError::PhoneInvalid,
    })?;
    let mut conn = state.conn().await?;
    let row =
        users::by_phone(&mut conn, phone.as_str()).await?.ok_or(AccountsError::PhoneNotFound)?;
    drop(conn);
    otp::send(state, Subject::User(row.id), OtpChannel::Phone, OtpPurpose::Login, phone.as_str())
        .await?;
    Ok(pb::OtpStarted {
        success: true,
        user_id: row.id.to_string(),
        message: "OTP sent successfully".to_owned(),
    })
}

pub async fn verify_login_otp(
    state: &AppState,
    req: pb::VerifyLoginOtpRequest,
) -> AccountsResult<pb::AuthReply> {
    let code = OtpCode::parse(&req.otp).ok_or(AccountsError::OtpMalformed)?;
    let channel = OtpChannel::parse_type(&req.otp_type).ok_or(AccountsError::OtpTypeInvalid)?;
    // An unknown or malformed id answers like a wrong code, revealing nothing.
    let user_id: Uuid = req.user_id.trim().parse().map_err(|_| AccountsError::OtpInvalid)?;
    let fingerprint = profile::device_fingerprint(&req.device_fingerprint)?;
    let purposes: &[OtpPurpose] = match channel {
        OtpChannel::Phone => &[OtpPurpose::Login, OtpPurpose::VerifyPhone],
        OtpChannel::Email => {
            &[OtpPurpose::Login, OtpPurpose::PasswordReset, OtpPurpose::VerifyEmail]
        }
    };
    let account = users::by_id(&mut *state.conn().await?, user_id).await?;
    // The code must have gone to the account's address or number as it is now.
    let sent_to = match (channel, &account) {
        (OtpChannel::Email, Some(a)) => a.email.clone(),
        (OtpChannel::Phone, Some(a)) => a.phone_number.clone().unwrap_or_default(),
        (_, None) => String::new(),
    };
    otp::check(state, Subject::User(user_id), channel, purposes, &sent_to, &code).await?;
    let mut conn = state.conn().await?;
    let row = conn
        .transaction::<users::UserRow, AccountsError, _>(async |conn| {
            let changes = match channel {
                // Receiving the code proves the address or number belongs to the user.
                OtpChannel::Email => {
                    if users::mark_email_verified(conn, user_id).await? {
                        upcar_events::enqueue(
                            conn,
                            &EmailVerified {
                                user_id: user_id.to_string(),
                                occurred_at: state.clock.now().to_rfc3339(),
                            },
                        )
                        .await?;
                    }
                    users::ProfileChanges::default()
                }
                OtpChannel::Phone => {
                    users::ProfileChanges { mobile_verified: Some(true), ..Default::default() }
                }
            };
            if let Some(f) = fingerprint {
                users::set_device(conn, user_id, f).await?;
            }
            let row = if changes.mobile_verified.is_some() {
                users::update_profile(conn, user_id, &changes).await?
            } else {
                users::by_id(conn, user_id).await?.ok_or(AccountsError::OtpInvalid)?
            };
            Ok(row)
        })
        .await?;
    state.relay.wake();
    // The code proved the inbox or the phone: a password-guessing wait ends.
    super::guard::forgive(state, row.id).await?;
    session(state, &mut conn, &row, "OTP verified successfully", &Session::begin()).await
}

async fn user_by_email(state: &AppState, email: &str) -> AccountsResult<users::UserRow> {
    let email = Email::parse(email).map_err(|e| match e {
        EmailError::Missing => AccountsError::EmailRequired,
        EmailError::Invalid => AccountsError::EmailInvalid,
    })?;
    let mut conn = state.conn().await?;
    users::by_email(&mut conn, email.as_str()).await?.ok_or(AccountsError::EmailNotFound)
}

pub async fn request_email_otp(
    state: &AppState,
    email: &str,
    purpose: OtpPurpose,
) -> AccountsResult<pb::OtpStarted> {
    let row = user_by_email(state, email).await?;
    otp::send(state, Subject::User(row.id), OtpChannel::Email, purpose, &row.email).await?;
    Ok(pb::OtpStarted {
        success: true,
        user_id: row.id.to_string(),
        message: "OTP sent to your email".to_owned(),
    })
}

fn parse_new_password(p: &str) -> AccountsResult<Password> {
    use crate::domain::password::PasswordError;
    Password::parse(p).map_err(|e| match e {
        PasswordError::Missing => AccountsError::PasswordRequired,
        PasswordError::TooShort => AccountsError::PasswordTooShort,
        PasswordError::TooLong => AccountsError::PasswordTooLong,
    })
}

pub async fn update_password_with_otp(
    state: &AppState,
    req: pb::UpdatePasswordWithOtpRequest,
) -> AccountsResult<pb::Ack> {
    let code = OtpCode::parse(&req.otp).ok_or(AccountsError::OtpMalformed)?;
    let password = parse_new_password(&req.new_password)?;
    let row = user_by_email(state, &req.email).await?;
    otp::check(
        state,
        Subject::User(row.id),
        OtpChannel::Email,
        &[OtpPurpose::PasswordReset, OtpPurpose::Login],
        &row.email,
        &code,
    )
    .await?;
    let hash = state.hash_password(password).await?;
    let mut conn = state.conn().await?;
    users::set_password(&mut conn, row.id, &hash).await?;
    // The code reached the inbox, so the address is proven.
    users::mark_email_verified(&mut conn, row.id).await?;
    drop(conn);
    // Whoever held the old password holds no session any more; the user signs in anew.
    super::guard::end_other_sessions(state, row.id, None).await?;
    super::guard::forgive(state, row.id).await?;
    tracing::info!(user_id = %row.id, "password reset with code");
    Ok(pb::Ack { status: true, message: "Password updated successfully".to_owned() })
}

pub async fn update_password_from_profile(
    state: &AppState,
    identity: Option<&Identity>,
    new_password: &str,
) -> AccountsResult<pb::Ack> {
    let me = require_user(identity)?;
    // Only a session that signed in moments ago: a token left open elsewhere cannot take the
    // account (the spec's call carries no current password to prove it).
    let signed_in_secs = chrono::Utc::now().timestamp() - me.session.auth_time;
    if signed_in_secs > crate::domain::password::RECENT_SIGN_IN_SECS {
        return Err(AccountsError::RecentSignInRequired);
    }
    let hash = state.hash_password(parse_new_password(new_password)?).await?;
    let mut conn = state.conn().await?;
    if users::set_password(&mut conn, me.user_id, &hash).await? == 0 {
        return Err(AccountsError::UserNotFound);
    }
    drop(conn);
    // Every other session ends (other devices, the phone's upload token); this one goes on.
    super::guard::end_other_sessions(state, me.user_id, Some(&me.session.id)).await?;
    Ok(pb::Ack { status: true, message: "Password updated successfully".to_owned() })
}

pub async fn verify_token(
    state: &AppState,
    req: pb::VerifyTokenRequest,
) -> AccountsResult<pb::AuthReply> {
    let token = req.token.trim();
    if token.is_empty() {
        return Err(AccountsError::TokenMissing);
    }
    let claims = state.keys.verify(token).map_err(|e| match e {
        upcar_identity::TokenError::Expired => AccountsError::TokenExpired,
        upcar_identity::TokenError::Invalid => AccountsError::TokenInvalid,
    })?;
    let fingerprint = profile::device_fingerprint(&req.device_fingerprint)?;
    if claims.purpose != Purpose::Access
        || claims.role == Role::Captain
        || state.is_revoked(&claims).await?
    {
        return Err(AccountsError::TokenInvalid);
    }
    let mut conn = state.conn().await?;
    // A session ended by a password change is over here too.
    if !crate::api::profile::standing_of(&mut conn, claims.sub).await?.admits(&claims) {
        return Err(AccountsError::TokenInvalid);
    }
    let row = users::by_id(&mut conn, claims.sub).await?.ok_or(AccountsError::TokenInvalid)?;
    // The account says what it is, not the token.
    if row.role != claims.role.as_str() {
        return Err(AccountsError::TokenInvalid);
    }
    if let Some(f) = fingerprint {
        users::set_device(&mut conn, row.id, f).await?;
    }
    Ok(pb::AuthReply {
        user: Some(user_reply(&mut conn, &row, state.clock.now().date_naive()).await?),
        access_token: token.to_owned(),
        status: true,
        message: "Token is valid".to_owned(),
        expires_at: claims.exp,
    })
}

/// The spec's refresh window: a token is refreshed only when this many seconds or fewer remain.
pub const REFRESH_WINDOW_SECS: i64 = 3600;

pub async fn refresh_token(
    state: &AppState,
    identity: Option<&Identity>,
) -> AccountsResult<pb::AuthReply> {
    let me = require_user(identity)?;
    let remaining = me.expires_at - state.clock.now().timestamp();
    if remaining > REFRESH_WINDOW_SECS {
        return Err(AccountsError::RefreshNotDue);
    }
    let mut conn = state.conn().await?;
    let row = users::by_id(&mut conn, me.user_id).await?.ok_or(AccountsError::TokenInvalid)?;
    // The same session, and the same sign-in time: a refresh proves nothing new.
    let reply = session(state, &mut conn, &row, "Token refreshed", &me.session).await?;
    // The old token stops working once it has been exchanged.
    state.revoke(&me.token_id, me.expires_at).await?;
    Ok(reply)
}

pub async fn logout(state: &AppState, identity: Option<&Identity>) -> AccountsResult<pb::Ack> {
    let me = identity.ok_or(AccountsError::TokenMissing)?;
    // The token and its whole session: the phone's upload token of it stops too.
    state.revoke(&me.token_id, me.expires_at).await?;
    state.revoke_session(&me.session.id).await?;
    tracing::info!(user_id = %me.user_id, "logged out");
    Ok(pb::Ack { status: true, message: "Logged out successfully".to_owned() })
}

/// 15 minutes for the phone to finish the licence and selfie upload.
pub const TEMP_TOKEN_TTL_SECS: i64 = 900;

pub async fn generate_temp_token(
    state: &AppState,
    identity: Option<&Identity>,
) -> AccountsResult<pb::TempTokenReply> {
    let me = require_user(identity)?;
    // The upload token belongs to the caller's session: it ends with it.
    let (token, claims) = state.keys.issue(
        me.user_id,
        Role::User,
        Purpose::Upload,
        TEMP_TOKEN_TTL_SECS,
        &me.session,
    )?;
    let mut conn = state.conn().await?;
    let docs = users::documents_of(&mut conn, me.user_id).await?;
    Ok(pb::TempTokenReply {
        temp_token: token,
        expires_at: claims.exp,
        is_dl_uploaded: docs.is_some_and(|d| d.dl_key.is_some() && d.dl_back_key.is_some()),
    })
}

pub async fn send_email_verification(
    state: &AppState,
    identity: Option<&Identity>,
    req: pb::SendEmailVerificationRequest,
) -> AccountsResult<pb::Ack> {
    let me = require_user(identity)?;
    if let Some(user_id) = Some(req.user_id.trim()).filter(|s| !s.is_empty())
        && user_id != me.user_id.to_string()
    {
        return Err(AccountsError::NotYourProfile);
    }
    let mut conn = state.conn().await?;
    let row = users::by_id(&mut conn, me.user_id).await?.ok_or(AccountsError::UserNotFound)?;
    drop(conn);
    if !req.email.trim().is_empty() {
        let email = Email::parse(&req.email).map_err(|_| AccountsError::EmailInvalid)?;
        if email.as_str() != row.email {
            return Err(AccountsError::EmailMismatch);
        }
    }
    if row.email_verified {
        return Ok(pb::Ack { status: true, message: "Email is already verified".to_owned() });
    }
    otp::send(state, Subject::User(row.id), OtpChannel::Email, OtpPurpose::VerifyEmail, &row.email)
        .await?;
    Ok(pb::Ack { status: true, message: "Verification code sent to your email".to_owned() })
}

pub async fn send_mobile_verification(
    state: &AppState,
    identity: Option<&Identity>,
    phone: &str,
) -> AccountsResult<pb::Ack> {
    let me = require_user(identity)?;
    let phone = UsPhone::parse(phone).map_err(|e| match e {
        PhoneError::Missing => AccountsError::PhoneRequired,
        PhoneError::Invalid => AccountsError::PhoneInvalid,
    })?;
    let mut conn = state.conn().await?;
    if let Some(other) = users::by_phone(&mut conn, phone.as_str()).await?
        && other.id != me.user_id
    {
        return Err(AccountsError::PhoneTaken);
    }
    let row = users::by_id(&mut conn, me.user_id).await?.ok_or(AccountsError::UserNotFound)?;
    if row.phone_number.as_deref() != Some(phone.as_str()) {
        let changes = users::ProfileChanges {
            phone_number: Some(Some(phone.as_str().to_owned())),
            mobile_verified: Some(false),
            updated_at: Some(state.clock.now()),
            ..Default::default()
        };
        users::update_profile(&mut conn, me.user_id, &changes).await.map_err(|e| {
            if upcar_db::unique_violation(&e).is_some() {
                AccountsError::PhoneTaken
            } else {
                e.into()
            }
        })?;
    }
    drop(conn);
    otp::send(
        state,
        Subject::User(me.user_id),
        OtpChannel::Phone,
        OtpPurpose::VerifyPhone,
        phone.as_str(),
    )
    .await?;
    Ok(pb::Ack { status: true, message: "Verification code sent to your phone".to_owned() })
}

pub async fn verify_mobile_otp(
    state: &AppState,
    identity: Option<&Identity>,
    req: pb::VerifyMobileOtpRequest,
) -> AccountsResult<pb::Ack> {
    let me = require_user(identity)?;
    if !req.user_id.trim().is_empty() && req.user_id.trim() != me.user_id.to_string() {
        return Err(AccountsError::NotYourProfile);
    }
    let code = OtpCode::parse(&req.otp).ok_or(AccountsError::OtpMalformed)?;
    let mut conn = state.conn().await?;
    let row = users::by_id(&mut conn, me.user_id).await?.ok_or(AccountsError::UserNotFound)?;
    drop(conn);
    // Only a code sent to the number on the profile now verifies it.
    otp::check(
        state,
        Subject::User(me.user_id),
        OtpChannel::Phone,
        &[OtpPurpose::VerifyPhone, OtpPurpose::Login],
        row.phone_number.as_deref().unwrap_or_default(),
        &code,
    )
    .await?;
    let mut conn = state.conn().await?;
    let changes = users::ProfileChanges { mobile_verified: Some(true), ..Default::default() };
    users::update_profile(&mut conn, me.user_id, &changes).await?;
    Ok(pb::Ack { status: true, message: "Mobile number verified".to_owned() })
}
