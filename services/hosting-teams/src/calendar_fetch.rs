//! Fetching external calendars: the [`CalendarFetcher`] trait, its HTTP adapter, and the address
//! rule that keeps a host's calendar link from reaching inside the platform's network.
//!
//! The HTTP adapter asks conditionally (`If-None-Match`, `If-Modified-Since`), reads at most
//! [`MAX_CALENDAR_BYTES`] within [`CALENDAR_FETCH_SECONDS`], and follows at most
//! [`CALENDAR_MAX_REDIRECTS`] redirects. Unless private addresses are allowed (development,
//! where test calendars run on this machine), every address a host name resolves to must be a
//! public one, checked for each hop, and the connection goes to the address checked (no second
//! lookup an attacker's DNS could answer differently).

use hosting_domain::policy::{CALENDAR_FETCH_SECONDS, CALENDAR_MAX_REDIRECTS, MAX_CALENDAR_BYTES};
use reqwest::Url;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::time::{Duration, Instant};

/// What the last read of a calendar answered, sent back so an unchanged one answers 304.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Validators {
    pub etag: Option<String>,
    pub last_modified: Option<String>,
}

/// A fetch's outcome.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fetched {
    /// 304: the calendar is as it was.
    NotModified,
    /// The calendar's text and its new validators.
    Body { text: String, validators: Validators },
}

/// Why a calendar could not be fetched; the texts are shown to the host.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FetchError {
    #[error("{0}")]
    NotAllowed(String),
    #[error("The calendar could not be reached: {0}")]
    Unreachable(String),
    #[error("The calendar's address answered HTTP {0}.")]
    Status(u16),
    #[error("The calendar is larger than 1 MB.")]
    TooLarge,
    #[error("The calendar did not answer within {} seconds.", CALENDAR_FETCH_SECONDS)]
    Timeout,
    #[error("The calendar's address redirects too many times.")]
    TooManyRedirects,
    #[error("The calendar is not text.")]
    NotText,
}

/// Reads a calendar by its address.
#[async_trait::async_trait]
pub trait CalendarFetcher: Send + Sync {
    async fn fetch(&self, url: &str, validators: &Validators) -> Result<Fetched, FetchError>;

    /// Whether a host may add this address (its scheme, and where it resolves to).
    async fn check(&self, url: &str) -> Result<(), FetchError>;
}

/// Whether an address is on the public internet: not loopback, private, link-local, shared
/// (CGNAT), unspecified, broadcast, multicast, documentation or benchmarking space, nor an
/// IPv6 form of one.
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => is_public_v4(v4),
        IpAddr::V6(v6) => {
            if let Some(v4) = v6.to_ipv4_mapped() {
                return is_public_v4(v4);
            }
            let first = v6.segments()[0];
            !(v6.is_loopback()
                || v6.is_unspecified()
                || v6.is_multicast()
                || (first & 0xfe00) == 0xfc00 // unique local fc00::/7
                || (first & 0xffc0) == 0xfe80 // link-local fe80::/10
                || (first == 0x2001 && v6.segments()[1] == 0x0db8) // documentation
                || first == 0x0064 && v6.segments()[1] == 0xff9b) // NAT64, maps IPv4
        }
    }
}

fn is_public_v4(ip: Ipv4Addr) -> bool {
    let [a, b, c, _] = ip.octets();
    !(ip.is_loopback()
        || ip.is_private()
        || ip.is_link_local()
        || ip.is_unspecified()
        || ip.is_broadcast()
        || ip.is_multicast()
        || ip.is_documentation()
        || a == 0
        || (a == 100 && (64..128).contains(&b)) // shared address space 100.64.0.0/10
        || (a == 192 && b == 0 && c == 0) // IETF protocol assignments
        || (a == 198 && (b == 18 || b == 19)) // benchmarking
        || a >= 240) // reserved
}

/// A calendar address as a host gives it: `webcal://` is `https://`; http(s) only, with a host.
pub fn normalised(url: &str) -> Option<Url> {
    let url = url.trim();
    let url = match url.get(..9) {
        Some(p) if p.eq_ignore_ascii_case("webcal://") => format!("https://{}", &url[9..]),
        _ => url.to_owned(),
    };
    let u = Url::parse(&url).ok()?;
    (matches!(u.scheme(), "http" | "https") && u.host_str().is_some_and(|h| !h.is_empty()))
        .then_some(u)
}

/// The HTTP adapter.
pub struct HttpFetcher {
    allow_private: bool,
}

impl HttpFetcher {
    /// `allow_private`: private and loopback addresses are fetched too (development only).
    pub fn new(allow_private: bool) -> Self {
        Self { allow_private }
    }

    /// The address to connect to for `url`: its first resolved one, each checked.
    async fn resolve(&self, url: &Url) -> Result<SocketAddr, FetchError> {
        let host = url.host_str().ok_or_else(|| FetchError::Unreachable("no host".into()))?;
        let port = url.port_or_known_default().unwrap_or(443);
        let host = host.trim_start_matches('[').trim_end_matches(']');
        let addrs: Vec<SocketAddr> = match host.parse::<IpAddr>() {
            Ok(ip) => vec![SocketAddr::new(ip, port)],
            Err(_) => tokio::net::lookup_host((host, port))
                .await
                .map_err(|e| FetchError::Unreachable(e.to_string()))?
                .collect(),
        };
        if addrs.is_empty() {
            return Err(FetchError::Unreachable(format!("{host} has no address")));
        }
        if !self.allow_private && addrs.iter().any(|a| !is_public(a.ip())) {
            return Err(FetchError::NotAllowed(
                "Calendars are read from public addresses only.".into(),
            ));
        }
        Ok(addrs[0])
    }
}

#[async_trait::async_trait]
impl CalendarFetcher for HttpFetcher {
    async fn check(&self, url: &str) -> Result<(), FetchError> {
        let u = normalised(url).ok_or_else(|| {
            FetchError::NotAllowed("The calendar's address must start with https://.".into())
        })?;
        self.resolve(&u).await.map(|_| ())
    }

    async fn fetch(&self, url: &str, validators: &Validators) -> Result<Fetched, FetchError> {
        let deadline = Instant::now() + Duration::from_secs(CALENDAR_FETCH_SECONDS);
        let mut url = normalised(url).ok_or_else(|| {
            FetchError::NotAllowed("The calendar's address must start with https://.".into())
        })?;
        for _ in 0..=CALENDAR_MAX_REDIRECTS {
            let addr = self.resolve(&url).await?;
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err(FetchError::Timeout);
            }
            let host = url.host_str().unwrap_or_default().to_owned();
            let client = reqwest::Client::builder()
                .redirect(reqwest::redirect::Policy::none())
                .timeout(left)
                .user_agent("Upcar calendar sync")
                .resolve(&host, addr)
                .build()
                .map_err(|e| FetchError::Unreachable(e.to_string()))?;
            let mut req = client.get(url.clone()).header("Accept", "text/calendar, */*;q=0.5");
            if let Some(e) = &validators.etag {
                req = req.header("If-None-Match", e);
            }
            if let Some(m) = &validators.last_modified {
                req = req.header("If-Modified-Since", m);
            }
            let mut resp = req.send().await.map_err(|e| {
                if e.is_timeout() {
                    FetchError::Timeout
                } else {
                    FetchError::Unreachable(e.to_string())
                }
            })?;
            let status = resp.status();
            if status.as_u16() == 304 {
                return Ok(Fetched::NotModified);
            }
            if status.is_redirection() {
                let next = resp
                    .headers()
                    .get("location")
                    .and_then(|l| l.to_str().ok())
                    .and_then(|l| url.join(l).ok())
                    .ok_or(FetchError::Status(status.as_u16()))?;
                url = normalised(next.as_str()).ok_or_else(|| {
                    FetchError::NotAllowed(
                        "The calendar redirects to an address that is not http(s).".into(),
                    )
                })?;
                continue;
            }
            if !status.is_success() {
                return Err(FetchError::Status(status.as_u16()));
            }
            if resp.content_length().is_some_and(|n| n > MAX_CALENDAR_BYTES as u64) {
                return Err(FetchError::TooLarge);
            }
            let header = |name: &str| {
                resp.headers().get(name).and_then(|v| v.to_str().ok()).map(str::to_owned)
            };
            let got = Validators { etag: header("etag"), last_modified: header("last-modified") };
            let mut body = Vec::new();
            while let Some(chunk) = resp.chunk().await.map_err(|e| {
                if e.is_timeout() {
                    FetchError::Timeout
                } else {
                    FetchError::Unreachable(e.to_string())
                }
            })? {
                if body.len() + chunk.len() > MAX_CALENDAR_BYTES {
                    return Err(FetchError::TooLarge);
                }
                body.extend_from_slice(&chunk);
            }
            let text = String::from_utf8(body).map_err(|_| FetchError::NotText)?;
            return Ok(Fetched::Body { text, validators: got });
        }
        Err(FetchError::TooManyRedirects)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    #[test]
    fn only_public_addresses_are_public() {
        for private in [
            "127.0.0.1",
            "10.1.2.3",
            "172.16.0.1",
            "172.31.255.255",
            "192.168.1.1",
            "169.254.169.254",
            "100.64.0.1",
            "0.0.0.0",
            "255.255.255.255",
            "224.0.0.1",
            "192.0.2.1",
            "198.18.0.1",
            "240.0.0.1",
            "::1",
            "::",
            "fc00::1",
            "fd12::1",
            "fe80::1",
            "::ffff:127.0.0.1",
            "::ffff:10.0.0.1",
            "2001:db8::1",
            "64:ff9b::a00:1",
        ] {
            assert!(!is_public(private.parse().unwrap()), "{private}");
        }
        for public in
            ["8.8.8.8", "172.32.0.1", "100.128.0.1", "1.1.1.1", "2606:4700::1111", "::ffff:8.8.8.8"]
        {
            assert!(is_public(public.parse().unwrap()), "{public}");
        }
    }

    #[test]
    fn addresses_are_http_or_webcal_with_a_host() {
        assert_eq!(
            normalised(" webcal://example.com/a.ics").map(|u| u.to_string()),
            Some("https://example.com/a.ics".into())
        );
        assert_eq!(
            normalised("WEBCAL://example.com/a.ics").map(|u| u.to_string()),
            Some("https://example.com/a.ics".into())
        );
        for bad in [
            "file:///etc/passwd",
            "ftp://example.com/x",
            "gopher://x",
            "https://",
            "not a url",
            "javascript:alert(1)",
        ] {
            assert_eq!(normalised(bad), None, "{bad}");
        }
    }

    /// A one-connection HTTP server answering `response` to each request; answers its port.
    async fn serve(responses: Vec<String>) -> u16 {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        tokio::spawn(async move {
            for r in responses {
                let (mut s, _) = listener.accept().await.unwrap();
                let mut buf = [0u8; 4096];
                let _ = s.read(&mut buf).await;
                s.write_all(r.as_bytes()).await.unwrap();
                s.shutdown().await.ok();
            }
        });
        port
    }

    #[tokio::test]
    async fn production_refuses_loopback_and_private_addresses_and_redirects_to_them() {
        let strict = HttpFetcher::new(false);
        let none = Validators::default();
        for url in [
            "http://127.0.0.1:9/x.ics",
            "http://localhost:9/x.ics",
            "http://[::1]:9/x.ics",
            "http://169.254.169.254/latest/meta-data",
            "http://10.0.0.1/x.ics",
        ] {
            assert!(
                matches!(strict.fetch(url, &none).await, Err(FetchError::NotAllowed(_))),
                "{url}"
            );
            assert!(matches!(strict.check(url).await, Err(FetchError::NotAllowed(_))), "{url}");
        }
        // Allowed to reach this machine (development), a redirect to a private address is
        // still checked hop by hop: here it is followed, then answered.
        let port = serve(vec![
            "HTTP/1.1 302 Found\r\nLocation: /b.ics\r\nContent-Length: 0\r\n\r\n".into(),
            "HTTP/1.1 200 OK\r\nContent-Type: text/calendar\r\nETag: \"v1\"\r\nContent-Length: 15\r\n\r\nBEGIN:VCALENDAR".into(),
        ])
        .await;
        let dev = HttpFetcher::new(true);
        let got = dev.fetch(&format!("http://127.0.0.1:{port}/a.ics"), &none).await.unwrap();
        assert_eq!(
            got,
            Fetched::Body {
                text: "BEGIN:VCALENDAR".into(),
                validators: Validators { etag: Some("\"v1\"".into()), last_modified: None }
            }
        );
    }

    #[tokio::test]
    async fn an_unchanged_calendar_answers_304_and_a_large_or_failing_one_is_refused() {
        let dev = HttpFetcher::new(true);
        let port = serve(vec![
            "HTTP/1.1 304 Not Modified\r\n\r\n".into(),
            format!("HTTP/1.1 200 OK\r\nContent-Length: {}\r\n\r\n", MAX_CALENDAR_BYTES + 1),
            "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n".into(),
        ])
        .await;
        let v = Validators { etag: Some("\"v1\"".into()), last_modified: None };
        let url = format!("http://127.0.0.1:{port}/a.ics");
        assert_eq!(dev.fetch(&url, &v).await, Ok(Fetched::NotModified));
        assert_eq!(dev.fetch(&url, &v).await, Err(FetchError::TooLarge));
        assert_eq!(dev.fetch(&url, &v).await, Err(FetchError::Status(404)));
    }
}
