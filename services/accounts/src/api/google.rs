//! Google sign-up and sign-in (spec 002: "For Google sign-up only invitation code and terms are
//! checked"). The gateway starts the flow and relays the provider's answer; this side keeps the
//! request's secrets (PKCE verifier, nonce) in Redis for ten minutes, talks to the provider and
//! decides who signs in:
//!
//! 1. a user already linked to the Google account (`sub`) logs in;
//! 2. otherwise a user with the same email, verified by Google and by us, is linked and logs in;
//! 3. otherwise a new user is created, email verified and without a password, which needs a
//!    valid invitation code.

use super::auth::session;
use crate::domain::oidc::{self, IdClaims};
use crate::domain::signup::normalize_code;
use crate::domain::{Email, email::EmailError};
use crate::domain::{profile, sanitize};
use crate::error::{AccountsError, AccountsResult};
use crate::state::AppState;
use crate::store::{codes, users};
use diesel_async::AsyncConnection;
use redis::AsyncCommands;
use serde::{Deserialize, Serialize};
use upcar_proto::accounts as pb;
use upcar_proto::events::UserSignedUp;
use uuid::Uuid;

/// How long a started sign-in waits for the provider's answer.
pub const STATE_TTL_SECS: u64 = 600;
/// Longest kept `next_page` and invitation code (anything longer is dropped).
const MAX_NEXT_PAGE: usize = 2048;
const MAX_CODE: usize = 64;

/// What a started sign-in remembers until the provider answers.
#[derive(Debug, Serialize, Deserialize)]
struct Pending {
    code_verifier: String,
    nonce: String,
    redirect_uri: String,
    sign_up_code: String,
    next_page: String,
}

fn state_key(state: &str) -> String {
    format!("oauth:google:{state}")
}

/// A state value as [`oidc::random_token`] makes them; anything else is not looked up.
fn well_formed_state(state: &str) -> bool {
    state.len() == 64 && state.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

fn provider(state: &AppState) -> AccountsResult<&crate::google::GoogleClient> {
    state.google.as_ref().ok_or(AccountsError::GoogleNotConfigured)
}

pub async fn start(
    state: &AppState,
    req: pb::StartGoogleSignInRequest,
) -> AccountsResult<pb::StartGoogleSignInReply> {
    let google = provider(state)?;
    if req.terms_accepted == Some(false) {
        return Err(AccountsError::TermsNotAccepted);
    }
    let redirect_uri = match url::Url::parse(req.redirect_uri.trim()) {
        Ok(u) if matches!(u.scheme(), "http" | "https") => u.to_string(),
        _ => return Err(AccountsError::RedirectUriInvalid),
    };
    let code = normalize_code(&req.sign_up_code);
    let pending = Pending {
        code_verifier: oidc::random_token(),
        nonce: oidc::random_token(),
        redirect_uri,
        sign_up_code: if code.len() <= MAX_CODE { code } else { String::new() },
        next_page: if req.next_page.len() <= MAX_NEXT_PAGE { req.next_page } else { String::new() },
    };
    let st = oidc::random_token();
    let value = serde_json::to_string(&pending).map_err(|e| AccountsError::Internal(e.into()))?;
    let mut redis = state.redis.get().await?;
    let _: () = redis.set_ex(state_key(&st), value, STATE_TTL_SECS).await?;
    let url = google.authorization_url(
        &pending.redirect_uri,
        &st,
        &pending.nonce,
        &oidc::pkce_challenge(&pending.code_verifier),
    );
    Ok(pb::StartGoogleSignInReply { authorization_url: url.to_string(), state: st })
}

/// Reads and deletes a started sign-in in one step: a state works once.
async fn take_pending(state: &AppState, st: &str) -> AccountsResult<Pending> {
    if !well_formed_state(st) {
        return Err(AccountsError::OauthStateInvalid);
    }
    let key = state_key(st);
    let mut redis = state.redis.get().await?;
    let (value,): (Option<String>,) =
        redis::pipe().atomic().get(&key).del(&key).ignore().query_async(&mut *redis).await?;
    value.and_then(|v| serde_json::from_str(&v).ok()).ok_or(AccountsError::OauthStateInvalid)
}

/// First and last name from the ID token: the given and family names, else the full name
/// split at its first space, else the email's local part; sanitized like the sign-up form.
fn names(claims: &IdClaims, email: &Email) -> (String, String) {
    let given = claims.given_name.as_deref().map(sanitize::string).unwrap_or_default();
    let family = claims.family_name.as_deref().map(sanitize::string).unwrap_or_default();
    if !given.is_empty() {
        return (given, family);
    }
    let full = claims.name.as_deref().map(sanitize::string).unwrap_or_default();
    if let Some((first, rest)) = full.split_once(' ') {
        return (first.to_owned(), if family.is_empty() { rest.to_owned() } else { family });
    }
    if !full.is_empty() {
        return (full, family);
    }
    let local = email.as_str().split('@').next().unwrap_or_default().replace(['.', '_'], " ");
    (sanitize::string(&local), family)
}

pub async fn sign_in(
    state: &AppState,
    req: pb::GoogleSignInRequest,
) -> AccountsResult<pb::GoogleSignInReply> {
    let google = provider(state)?;
    let pending = take_pending(state, req.state.trim()).await?;
    if req.code.trim().is_empty() {
        return Err(AccountsError::GoogleCodeInvalid);
    }
    let id_token = google
        .exchange_code(req.code.trim(), &pending.code_verifier, &pending.redirect_uri)
        .await?;
    let claims = google.verify(&id_token, &pending.nonce).await?;
    let (row, created) = find_or_create(state, &claims, &pending.sign_up_code).await?;
    let mut conn = state.conn().await?;
    let message = if created { "User registered successfully" } else { "Login successful" };
    let reply = session(state, &mut conn, &row, message, &upcar_identity::Session::begin()).await?;
    tracing::info!(user_id = %row.id, created, "Google sign-in");
    Ok(pb::GoogleSignInReply { session: Some(reply), next_page: pending.next_page, created })
}

/// The user the Google account signs in as, and whether it was created now.
async fn find_or_create(
    state: &AppState,
    claims: &IdClaims,
    sign_up_code: &str,
) -> AccountsResult<(users::UserRow, bool)> {
    let mut conn = state.conn().await?;
    if let Some(row) = users::by_google_sub(&mut conn, &claims.sub).await? {
        return Ok((row, false));
    }
    // Beyond this point the email decides, so the provider must vouch for it.
    let email = match claims.email.as_deref().map(Email::parse) {
        Some(Ok(e)) if claims.email_verified => e,
        Some(Err(EmailError::Invalid)) => {
            return Err(AccountsError::GoogleEmailUnusable);
        }
        _ => return Err(AccountsError::GoogleEmailUnverified),
    };
    if let Some(row) = users::by_email(&mut conn, email.as_str()).await? {
        if row.google_sub.is_some() {
            return Err(AccountsError::GoogleAccountConflict);
        }
        // Linking an address nobody proved here would hand the account to whoever registered
        // it first (pre-registration takeover): its owner verifies it with a code first.
        if !row.email_verified {
            return Err(AccountsError::AccountEmailUnverified);
        }
        let linked = users::link_google(&mut conn, row.id, &claims.sub).await;
        return match linked {
            Ok(Some(row)) => {
                tracing::info!(user_id = %row.id, "Google account linked");
                Ok((row, false))
            }
            Ok(None) => Err(AccountsError::GoogleAccountConflict),
            Err(e) if upcar_db::unique_violation(&e) == Some("users_google_sub_key") => {
                // The same Google account signed in twice at once; the other call linked it.
                linked_user(&mut conn, &claims.sub).await.map(|r| (r, false))
            }
            Err(e) => Err(e.into()),
        };
    }
    let code = sign_up_code.to_owned();
    if code.is_empty() {
        return Err(AccountsError::InvitationCodeRequired);
    }
    let (first_name, last_name) = names(claims, &email);
    let (first_name, last_name) = (profile::clip_name(&first_name), profile::clip_name(&last_name));
    let created = conn
        .transaction::<users::UserRow, AccountsError, _>(async |conn| {
            if !codes::use_invitation(conn, &code, state.clock.now()).await? {
                return Err(AccountsError::InvitationCodeInvalid);
            }
            let new = users::NewUser {
                id: Uuid::now_v7(),
                role: "user",
                first_name: &first_name,
                last_name: &last_name,
                email: email.as_str(),
                professional_email: None,
                phone_number: None,
                country_code: "+1",
                password_hash: None,
                promotions_enrollment: false,
                sign_up_code: Some(&code),
                terms_accepted: true,
                device_fingerprint: None,
                is_professional_user: false,
                // Google vouched for the address.
                email_verified: true,
                google_sub: Some(&claims.sub),
            };
            let row = users::insert(conn, &new).await?;
            upcar_events::enqueue(
                conn,
                &UserSignedUp {
                    user_id: row.id.to_string(),
                    email: row.email.clone(),
                    first_name: row.first_name.clone(),
                    last_name: row.last_name.clone(),
                    is_professional_user: false,
                    sign_up_code: code.clone(),
                    occurred_at: row.created_at.to_rfc3339(),
                },
            )
            .await?;
            Ok(row)
        })
        .await;
    match created {
        Ok(row) => {
            state.relay.wake();
            tracing::info!(user_id = %row.id, "user signed up with Google");
            Ok((row, true))
        }
        // A concurrent sign-in with the same Google account or email won the race.
        Err(AccountsError::Internal(e)) => {
            match e.downcast_ref::<diesel::result::Error>().and_then(upcar_db::unique_violation) {
                Some("users_google_sub_key") => {
                    linked_user(&mut conn, &claims.sub).await.map(|r| (r, false))
                }
                Some(_) => Err(AccountsError::EmailTaken),
                None => Err(AccountsError::Internal(e)),
            }
        }
        Err(e) => Err(e),
    }
}

async fn linked_user(
    conn: &mut diesel_async::AsyncPgConnection,
    sub: &str,
) -> AccountsResult<users::UserRow> {
    users::by_google_sub(conn, sub).await?.ok_or(AccountsError::GoogleAccountConflict)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn claims(given: Option<&str>, family: Option<&str>, name: Option<&str>) -> IdClaims {
        IdClaims {
            sub: "1".into(),
            email: Some("ada.lovelace@example.com".into()),
            email_verified: true,
            given_name: given.map(Into::into),
            family_name: family.map(Into::into),
            name: name.map(Into::into),
        }
    }

    #[test]
    fn names_come_from_the_token_sanitized() {
        let email = Email::parse("ada.lovelace@example.com").unwrap();
        let n = |g, f, full| names(&claims(g, f, full), &email);
        assert_eq!(
            n(Some("<b>Ada</b>"), Some("Lovelace"), None),
            ("Ada".into(), "Lovelace".into())
        );
        assert_eq!(
            n(None, None, Some("Ada King Lovelace")),
            ("Ada".into(), "King Lovelace".into())
        );
        assert_eq!(n(None, Some("Byron"), Some("Ada")), ("Ada".into(), "Byron".into()));
        assert_eq!(n(None, None, None), ("ada lovelace".into(), String::new()));
    }

    #[test]
    fn only_generated_states_are_looked_up() {
        assert!(well_formed_state(&oidc::random_token()));
        for bad in ["", "abc", &"g".repeat(64), &"A".repeat(64), "oauth:google:*"] {
            assert!(!well_formed_state(bad), "{bad}");
        }
    }
}
