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

    /// True when the token id was revoked.
    pub async fn is_revoked(&self, token_id: &str) -> AccountsResult<bool> {
        let mut r = self.redis.get().await?;
        Ok(r.exists(upcar_identity::revoked_key(token_id)).await?)
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
