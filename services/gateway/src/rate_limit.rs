//! Fixed-window rate limits in Redis, shared by every gateway replica.

use crate::error::{GatewayError, HttpError};
use crate::state::AppState;
use actix_web::HttpRequest;

/// Which limit a call counts against.
#[derive(Debug, Clone, Copy)]
pub enum Bucket {
    /// Password and code logins.
    Login,
    /// Sending one-time codes.
    Otp,
    /// Creating accounts.
    SignUp,
    /// Logging activity (`activity/log`, `activity/bulk`: anonymous callers write).
    Activity,
}

/// The client address: the connection's peer (a deployment behind a proxy sets the proxy to
/// overwrite `X-Forwarded-For`; the gateway does not trust it by default).
pub fn client_ip(req: &HttpRequest) -> String {
    req.peer_addr().map(|a| a.ip().to_string()).unwrap_or_else(|| "unknown".to_owned())
}

/// Counts one call; 429 when the window is full. Redis failures let the call through (the
/// limit protects, it must not take the product down).
pub async fn check(state: &AppState, req: &HttpRequest, bucket: Bucket) -> Result<(), HttpError> {
    let rl = &state.settings.rate_limits;
    let (name, limit, window) = match bucket {
        Bucket::Login => ("login", rl.login_per_minute, 60u64),
        Bucket::Otp => ("otp", rl.otp_per_minute, 60),
        Bucket::SignUp => ("signup", rl.signup_per_hour, 3600),
        Bucket::Activity => ("activity", rl.activity_per_minute, 60),
    };
    let now = state.clock.now().timestamp() as u64;
    let key = format!("{}:{name}:{}:{}", rl.namespace, client_ip(req), now / window);
    let Ok(mut conn) = state.redis.get().await else {
        tracing::warn!("rate limiter cannot reach redis; allowing");
        return Ok(());
    };
    let res: Result<(u32,), redis::RedisError> = redis::pipe()
        .atomic()
        .incr(&key, 1u32)
        .expire(&key, window as i64)
        .ignore()
        .query_async(&mut *conn)
        .await;
    match res {
        Ok((n,)) if n > limit => {
            tracing::info!(bucket = name, "rate limited");
            // Retry-After: the seconds left in this fixed window.
            Err(GatewayError::RateLimited { retry_after: window - now % window }.into())
        }
        Ok(_) => Ok(()),
        Err(e) => {
            tracing::warn!(error = %e, "rate limiter failed; allowing");
            Ok(())
        }
    }
}
