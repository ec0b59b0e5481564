//! Fixed-window rate limits in Redis, shared by every gateway replica.

use crate::error::{GatewayError, HttpError};
use crate::state::AppState;
use actix_web::HttpRequest;
use std::net::IpAddr;

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

/// The client address. The connection's peer, unless the peer is a trusted proxy
/// (`rate_limits.trusted_proxies`, e.g. the Ingress controller's pods): then the nearest
/// address in `X-Forwarded-For`, read from the right, that is not itself a trusted proxy. A
/// client can write anything at the left of that header, so only what trusted proxies
/// appended counts.
pub fn client_ip(req: &HttpRequest, trusted: &str) -> String {
    let Some(peer) = req.peer_addr().map(|a| a.ip()) else { return "unknown".to_owned() };
    let proxies: Vec<Cidr> = trusted.split(',').filter_map(|c| Cidr::parse(c.trim())).collect();
    if !proxies.iter().any(|p| p.contains(peer)) {
        return peer.to_string();
    }
    let forwarded = req
        .headers()
        .get_all("x-forwarded-for")
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .collect::<Vec<_>>();
    for hop in forwarded.iter().rev() {
        match hop.parse::<IpAddr>() {
            Ok(ip) if proxies.iter().any(|p| p.contains(ip)) => continue,
            Ok(ip) => return ip.to_string(),
            // Garbage where a proxy should have written an address: the proxy's own is safer.
            Err(_) => break,
        }
    }
    peer.to_string()
}

/// An address block (`10.0.0.0/8`) or one address.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Cidr {
    net: IpAddr,
    bits: u8,
}

impl Cidr {
    fn parse(s: &str) -> Option<Self> {
        let (addr, bits) = match s.split_once('/') {
            Some((a, b)) => (a.parse::<IpAddr>().ok()?, Some(b.parse::<u8>().ok()?)),
            None => (s.parse::<IpAddr>().ok()?, None),
        };
        let max = if addr.is_ipv4() { 32 } else { 128 };
        let bits = bits.unwrap_or(max);
        (bits <= max).then_some(Self { net: addr, bits })
    }

    fn contains(&self, ip: IpAddr) -> bool {
        match (self.net, ip) {
            (IpAddr::V4(n), IpAddr::V4(a)) => {
                let mask = u32::MAX.checked_shl(32 - u32::from(self.bits)).unwrap_or(0);
                u32::from(n) & mask == u32::from(a) & mask
            }
            (IpAddr::V6(n), IpAddr::V6(a)) => {
                let mask = u128::MAX.checked_shl(128 - u32::from(self.bits)).unwrap_or(0);
                u128::from(n) & mask == u128::from(a) & mask
            }
            _ => false,
        }
    }
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
    let key =
        format!("{}:{name}:{}:{}", rl.namespace, client_ip(req, &rl.trusted_proxies), now / window);
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

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use actix_web::test::TestRequest;

    fn from(peer: &str, forwarded: Option<&str>) -> HttpRequest {
        let mut r = TestRequest::default().peer_addr(peer.parse().unwrap());
        if let Some(f) = forwarded {
            r = r.insert_header(("x-forwarded-for", f));
        }
        r.to_http_request()
    }

    #[test]
    fn the_peer_is_the_client_unless_it_is_a_trusted_proxy() {
        let trusted = "10.0.0.0/8, 192.168.1.7";
        // Straight from a client: its header is ignored.
        assert_eq!(client_ip(&from("203.0.113.9:5000", Some("1.2.3.4")), trusted), "203.0.113.9");
        // Through the Ingress: the address it appended.
        assert_eq!(
            client_ip(&from("10.1.2.3:5000", Some("198.51.100.4")), trusted),
            "198.51.100.4"
        );
        // A forged left part does not count; trusted hops on the right are skipped.
        assert_eq!(
            client_ip(&from("10.1.2.3:5000", Some("1.1.1.1, 198.51.100.4, 192.168.1.7")), trusted),
            "198.51.100.4"
        );
        // No header, or garbage in it: the proxy's own address.
        assert_eq!(client_ip(&from("10.1.2.3:5000", None), trusted), "10.1.2.3");
        assert_eq!(client_ip(&from("10.1.2.3:5000", Some("nonsense")), trusted), "10.1.2.3");
        // Nothing trusted: always the peer.
        assert_eq!(client_ip(&from("10.1.2.3:5000", Some("198.51.100.4")), ""), "10.1.2.3");
    }

    #[test]
    fn address_blocks() {
        let c = Cidr::parse("10.0.0.0/8").unwrap();
        assert!(c.contains("10.255.0.1".parse().unwrap()));
        assert!(!c.contains("11.0.0.1".parse().unwrap()));
        let all = Cidr::parse("0.0.0.0/0").unwrap();
        assert!(all.contains("8.8.8.8".parse().unwrap()));
        let v6 = Cidr::parse("fd00::/8").unwrap();
        assert!(v6.contains("fd12::1".parse().unwrap()));
        assert!(!v6.contains("10.0.0.1".parse().unwrap()));
        assert_eq!(Cidr::parse("10.0.0.0/33"), None);
        assert_eq!(Cidr::parse("nonsense"), None);
    }
}
