//! Balancing over a service's replicas: its DNS name (a headless Kubernetes Service names
//! every ready pod) is resolved again and again, and tonic's balanced channel gets an endpoint
//! per address, added and removed as the answer changes.

use std::collections::BTreeSet;
use std::net::{IpAddr, SocketAddr};
use tonic::transport::channel::Change;
use tonic::transport::{Channel, Endpoint};

/// Whether `host` is a name to resolve (not an IP address, not `localhost`).
pub fn is_dns_name(host: &str) -> bool {
    let bare = host.trim_start_matches('[').trim_end_matches(']');
    bare.parse::<IpAddr>().is_err() && !bare.eq_ignore_ascii_case("localhost")
}

/// A channel balanced over the addresses `host` resolves to, kept current by a task that
/// resolves it every [`crate::RESOLVE_EVERY`] (the task ends when the channel is dropped).
pub fn balanced(template: Endpoint, host: String, port: u16) -> Channel {
    balanced_with(template, crate::RESOLVE_EVERY, move || {
        let host = host.clone();
        async move { tokio::net::lookup_host((host.as_str(), port)).await.map(|found| found.collect()) }
    })
}

/// [`balanced`] with the lookup and its period given: `lookup` answers the service's current
/// addresses.
pub fn balanced_with<F, Fut>(template: Endpoint, every: std::time::Duration, lookup: F) -> Channel
where
    F: Fn() -> Fut + Send + 'static,
    Fut: std::future::Future<Output = std::io::Result<Vec<SocketAddr>>> + Send,
{
    let host = template.uri().host().unwrap_or_default().to_owned();
    let (channel, changes) = Channel::balance_channel::<SocketAddr>(64);
    tokio::spawn(async move {
        let mut current: BTreeSet<SocketAddr> = BTreeSet::new();
        loop {
            match lookup().await {
                Ok(found) => {
                    let found: BTreeSet<SocketAddr> = found.into_iter().collect();
                    for gone in current.difference(&found) {
                        if changes.send(Change::Remove(*gone)).await.is_err() {
                            return;
                        }
                    }
                    for new in found.difference(&current) {
                        let Some(endpoint) = at(&template, *new) else { continue };
                        if changes.send(Change::Insert(*new, endpoint)).await.is_err() {
                            return;
                        }
                    }
                    if found != current {
                        tracing::debug!(%host, replicas = found.len(), "service addresses");
                    }
                    current = found;
                }
                // Keep the addresses known so far: a failed lookup is not an empty answer.
                Err(e) => tracing::warn!(%host, error = %e, "service name not resolved"),
            }
            if changes.is_closed() {
                return;
            }
            tokio::time::sleep(every).await;
        }
    });
    channel
}

/// The template's settings aimed at one address (the request's authority stays the name).
fn at(template: &Endpoint, addr: SocketAddr) -> Option<Endpoint> {
    let scheme = template.uri().scheme_str().unwrap_or("http");
    let connect_timeout =
        template.get_connect_timeout().unwrap_or(std::time::Duration::from_secs(2));
    let endpoint = crate::endpoint(&format!("{scheme}://{addr}"), connect_timeout).ok()?;
    Some(endpoint.origin(template.uri().clone()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_resolved_and_addresses_are_not() {
        for name in ["accounts", "trips.upcar.svc.cluster.local"] {
            assert!(is_dns_name(name), "{name}");
        }
        for addr in ["127.0.0.1", "[::1]", "::1", "localhost", "10.0.3.7"] {
            assert!(!is_dns_name(addr), "{addr}");
        }
    }
}
