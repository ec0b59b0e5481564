//! What every handler shares.

use crate::config::OtpSettings;
use crate::error::{AccountsError, AccountsResult};
use crate::google::GoogleClient;
use crate::notify::Notifiers;
use redis::AsyncCommands;
use secrecy::ExposeSecret;
use upcar_config::Environment;
use upcar_db::{PgPool, PooledConn};
use upcar_events::Relay;
use upcar_identity::{Identity, JwtKeys, Role};

/// Shared handles and settings.
pub struct AppState {
    pub pool: PgPool,
    pub redis: deadpool_redis::Pool,
    pub keys: JwtKeys,
    pub relay: Relay,
    pub otp: OtpSettings,
    pub environment: Environment,
    /// Email and SMS adapters; a channel without one is recorded in `sent_messages` only.
    pub notifiers: Notifiers,
    /// The Google sign-in provider, when configured.
    pub google: Option<GoogleClient>,
    /// The time handlers read (tests move it).
    pub clock: upcar_clock::Clock,
    /// The gateway's real-time prefix on Redis: `{prefix}:online:{user}` marks a user with a
    /// socket open (no "new message" notice then).
    pub realtime_prefix: String,
    /// Password hashes and checks, on threads of their own at a lower priority.
    pub passwords: crate::hashing::PasswordWork,
}

impl AppState {
    /// A pooled connection.
    pub async fn conn(&self) -> AccountsResult<PooledConn> {
        Ok(self.pool.get().await?)
    }

    /// Hashes a new password on the password threads.
    pub async fn hash_password(
        &self,
        password: crate::domain::password::Password,
    ) -> AccountsResult<String> {
        self.passwords
            .run(move || password.hash())
            .await
            .map_err(|_| AccountsError::PasswordWorkBusy)?
            .map_err(AccountsError::Internal)
    }

    /// Checks `candidate` against a stored hash on the password threads; without a stored hash
    /// (no such account) against a fixed one, so the answer takes as long either way.
    pub async fn check_password(
        &self,
        candidate: String,
        stored: Option<String>,
    ) -> AccountsResult<bool> {
        self.passwords
            .run(move || {
                crate::domain::password::verify(
                    &candidate,
                    stored.as_deref().unwrap_or(crate::domain::password::dummy_hash()),
                )
            })
            .await
            .map_err(|_| AccountsError::PasswordWorkBusy)
    }

    /// The OTP digest key.
    pub fn pepper(&self) -> &[u8] {
        self.otp.pepper.expose_secret().as_bytes()
    }

    /// Marks a token id revoked until it would have expired.
    pub async fn revoke(&self, token_id: &str, expires_at: i64) -> AccountsResult<()> {
        let ttl = (expires_at - self.clock.now().timestamp()).max(1) as u64;
        let mut r = self.redis.get().await?;
        let _: () = r.set_ex(upcar_identity::revoked_key(token_id), 1u8, ttl).await?;
        Ok(())
    }

    /// True when the token, or its whole session (a logout), was revoked.
    pub async fn is_revoked(&self, claims: &upcar_identity::Claims) -> AccountsResult<bool> {
        let mut r = self.redis.get().await?;
        let (token, session): (bool, bool) = redis::pipe()
            .exists(upcar_identity::revoked_key(&claims.jti))
            .exists(upcar_identity::revoked_session_key(&claims.session().id))
            .query_async(&mut *r)
            .await?;
        Ok(token || session)
    }

    /// Ends a session at once (a logout): every token of it, the phone's upload token
    /// included, is refused until the longest of them would have expired anyway.
    pub async fn revoke_session(&self, session_id: &str) -> AccountsResult<()> {
        let ttl = self.keys.access_ttl_secs.max(1).unsigned_abs();
        let mut r = self.redis.get().await?;
        let _: () = r.set_ex(upcar_identity::revoked_session_key(session_id), 1u8, ttl).await?;
        Ok(())
    }

    /// Overwrites what the gateway trusts of an account with `standing` (its own cache fill
    /// never overwrites), so a suspension or the end of sessions reaches every token at once.
    /// Without Redis the entry expires within a minute and the gateway then asks again.
    pub async fn publish_standing(
        &self,
        id: uuid::Uuid,
        standing: &upcar_identity::AccountStanding,
    ) {
        let key = upcar_identity::account_key(&id);
        let ttl = upcar_identity::ACCOUNT_CACHE_SECS;
        let written = match self.redis.get().await {
            Ok(mut r) => {
                r.set_ex::<_, _, ()>(key, standing.encode(), ttl).await.map_err(|e| e.to_string())
            }
            Err(e) => Err(e.to_string()),
        };
        if let Err(e) = written {
            tracing::error!(user_id = %id, error = %e, "could not update the gateway's account cache");
        }
    }
}

/// Requires a signed-in guest/host (or admin) account.
pub fn require_user(identity: Option<&Identity>) -> AccountsResult<&Identity> {
    match identity {
        None => Err(AccountsError::TokenMissing),
        Some(i) if i.role == Role::Captain => Err(AccountsError::WrongAccountKind),
        Some(i) => Ok(i),
    }
}
