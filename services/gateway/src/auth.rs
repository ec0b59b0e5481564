//! The JWT check at the edge. Extractors verify the bearer token (signature by key id,
//! algorithm, issuer, audience, expiry), refuse revoked tokens, and hand the route an
//! [`Identity`] to pass on to services.

use crate::error::{GatewayError, HttpError};
use crate::state::AppState;
use actix_web::{FromRequest, HttpRequest, dev::Payload, web};
use futures::future::LocalBoxFuture;
use redis::AsyncCommands;
use upcar_identity::{AccountStanding, Identity, Purpose, Role, TokenError};

/// The raw bearer token of a request, if any.
pub fn bearer(req: &HttpRequest) -> Option<String> {
    let h = req.headers().get(actix_web::http::header::AUTHORIZATION)?.to_str().ok()?;
    let token = h.strip_prefix("Bearer ").or_else(|| h.strip_prefix("bearer "))?.trim();
    // Clients sometimes send the literal "null" when they have no token (spec 000 section 7).
    (!token.is_empty() && token != "null" && token != "undefined").then(|| token.to_owned())
}

/// Verifies a token, checks the revocation list (the token, and its session after a logout),
/// and checks with accounts (cached in Redis) that the account the token names exists, is not
/// suspended, is of the kind the token says and has not ended the token's session by a
/// password change: the token alone is not trusted for that.
pub async fn verify(state: &AppState, token: &str) -> Result<(Identity, Purpose), HttpError> {
    let claims = state.keys.verify(token).map_err(|e| match e {
        TokenError::Expired => HttpError::from(GatewayError::TokenExpired),
        TokenError::Invalid => HttpError::from(GatewayError::TokenInvalid),
    })?;
    let key = upcar_identity::account_key(&claims.sub);
    // One round trip for both: the revocation mark and the cached account kind. Without Redis
    // (a restart), the account is asked of accounts, which still refuses suspended and deleted
    // accounts; only the revocation of a signed-out token cannot be seen until Redis is back.
    let mut redis = match state.redis.get().await {
        Ok(r) => Some(r),
        Err(e) => {
            tracing::warn!(error = %e, "token check without Redis: revocations unseen, account asked of accounts");
            None
        }
    };
    let (revoked, session_revoked, cached): (bool, bool, Option<String>) = match redis.as_mut() {
        Some(r) => match redis::pipe()
            .exists(upcar_identity::revoked_key(&claims.jti))
            .exists(upcar_identity::revoked_session_key(&claims.session().id))
            .get(&key)
            .query_async(&mut **r)
            .await
        {
            Ok(answer) => answer,
            Err(e) => {
                tracing::warn!(error = %e, "token check without Redis: revocations unseen, account asked of accounts");
                (false, false, None)
            }
        },
        None => (false, false, None),
    };
    if revoked || session_revoked {
        return Err(GatewayError::TokenRevoked.into());
    }
    let standing = match cached {
        Some(text) => AccountStanding::decode(&text),
        None => {
            let msg = upcar_proto::accounts::IdRequest { id: claims.sub.to_string() };
            let r = state
                .accounts
                .clone()
                .get_account_kind(crate::grpc::request(msg, None))
                .await?
                .into_inner();
            let standing = AccountStanding::from_kind(
                r.exists,
                r.suspended,
                &r.role,
                r.sessions_from_ms,
                &r.kept_session,
            );
            // Only when still missing: accounts may have written a newer standing meanwhile
            // (a suspension between our read and this write), and that one must win.
            let opts = redis::SetOptions::default()
                .conditional_set(redis::ExistenceCheck::NX)
                .with_expiration(redis::SetExpiry::EX(upcar_identity::ACCOUNT_CACHE_SECS));
            if let Some(r) = redis.as_mut() {
                let _: Result<(), _> = r.set_options(&key, standing.encode(), opts).await;
            }
            standing
        }
    };
    if standing.kind == upcar_identity::ACCOUNT_SUSPENDED {
        return Err(GatewayError::AccountSuspended.into());
    }
    if standing.kind != claims.role.as_str() {
        return Err(GatewayError::TokenInvalid.into());
    }
    // A password change or reset ended the sessions begun before it (but the one kept).
    if !standing.admits(&claims) {
        return Err(GatewayError::TokenRevoked.into());
    }
    Ok((Identity::from(&claims), claims.purpose))
}

fn state_of(req: &HttpRequest) -> Result<web::Data<AppState>, HttpError> {
    req.app_data::<web::Data<AppState>>()
        .cloned()
        .ok_or_else(|| HttpError::internal("state missing"))
}

fn missing() -> HttpError {
    GatewayError::TokenMissing.into()
}

/// Verifies the request's token and applies `rule` to the caller: the one path every
/// extractor that requires a token takes.
fn require<T: 'static>(
    req: &HttpRequest,
    rule: fn(Identity, Purpose) -> Result<T, HttpError>,
) -> LocalBoxFuture<'static, Result<T, HttpError>> {
    let req = req.clone();
    Box::pin(async move {
        let state = state_of(&req)?;
        let token = bearer(&req).ok_or_else(missing)?;
        let (id, purpose) = verify(&state, &token).await?;
        rule(id, purpose)
    })
}

fn not_for_captains(id: &Identity) -> Result<(), HttpError> {
    if id.role == Role::Captain {
        return Err(GatewayError::WrongAccountKind("Captain accounts cannot use this call").into());
    }
    Ok(())
}

/// A signed-in guest/host (or admin) with a full access token.
pub struct AuthUser(pub Identity);

impl FromRequest for AuthUser {
    type Error = HttpError;
    type Future = LocalBoxFuture<'static, Result<Self, HttpError>>;
    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        require(req, |id, purpose| {
            if purpose != Purpose::Access {
                return Err(GatewayError::TokenInvalid.into());
            }
            not_for_captains(&id)?;
            Ok(AuthUser(id))
        })
    }
}

/// A signed-in user with an access token or the short upload token of the phone flow.
pub struct UploadUser(pub Identity);

impl FromRequest for UploadUser {
    type Error = HttpError;
    type Future = LocalBoxFuture<'static, Result<Self, HttpError>>;
    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        require(req, |id, _| {
            not_for_captains(&id)?;
            Ok(UploadUser(id))
        })
    }
}

/// A signed-in captain.
pub struct AuthCaptain(pub Identity);

impl FromRequest for AuthCaptain {
    type Error = HttpError;
    type Future = LocalBoxFuture<'static, Result<Self, HttpError>>;
    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        require(req, |id, purpose| {
            if id.role != Role::Captain || purpose != Purpose::Access {
                return Err(
                    GatewayError::WrongAccountKind("This call needs a captain account").into()
                );
            }
            Ok(AuthCaptain(id))
        })
    }
}

/// A caller who may be anonymous. An invalid or expired token counts as anonymous here, so
/// public pages keep working for a visitor with a stale session.
pub struct MaybeUser(pub Option<Identity>);

impl FromRequest for MaybeUser {
    type Error = HttpError;
    type Future = LocalBoxFuture<'static, Result<Self, HttpError>>;
    fn from_request(req: &HttpRequest, _: &mut Payload) -> Self::Future {
        let req = req.clone();
        Box::pin(async move {
            let state = state_of(&req)?;
            let Some(token) = bearer(&req) else { return Ok(MaybeUser(None)) };
            match verify(&state, &token).await {
                Ok((id, Purpose::Access)) if id.role != Role::Captain => Ok(MaybeUser(Some(id))),
                _ => Ok(MaybeUser(None)),
            }
        })
    }
}

/// An admin.
pub struct AuthAdmin(pub Identity);

impl FromRequest for AuthAdmin {
    type Error = HttpError;
    type Future = LocalBoxFuture<'static, Result<Self, HttpError>>;
    fn from_request(req: &HttpRequest, p: &mut Payload) -> Self::Future {
        let fut = AuthUser::from_request(req, p);
        Box::pin(async move {
            let AuthUser(id) = fut.await?;
            if id.role != Role::Admin {
                return Err(GatewayError::AdminOnly.into());
            }
            Ok(AuthAdmin(id))
        })
    }
}
