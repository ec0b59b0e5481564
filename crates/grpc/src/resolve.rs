//! Following a service's replicas: its DNS name (a headless Kubernetes Service names every
//! ready pod, compose's DNS every container of the service) is resolved again and again, and
//! the balanced channel gets a replica per address, added and removed as the answer changes.

use crate::balance::{Balanced, Replica, Replicas};
use std::collections::BTreeSet;
use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use tonic::transport::Endpoint;

/// Whether `host` is a name to resolve (not an IP address, not `localhost`).
pub fn is_dns_name(host: &str) -> bool {
    let bare = host.trim_start_matches('[').trim_end_matches(']');
    bare.parse::<IpAddr>().is_err() && !bare.eq_ignore_ascii_case("localhost")
}

/// A channel balanced over the addresses `host` resolves to, kept current by a task that
/// resolves it every [`crate::RESOLVE_EVERY`] (the task ends when the channel is dropped).
pub fn balanced(template: Endpoint, host: String, port: u16) -> Balanced {
    balanced_with(template, crate::RESOLVE_EVERY, move || {
        let host = host.clone();
        async move { tokio::net::lookup_host((host.as_str(), port)).await.map(|found| found.collect()) }
    })
}

/// [`balanced`] with the lookup and its period given: `lookup` answers the service's current
/// addresses. A replica still named keeps its connection from one lookup to the next.
pub fn balanced_with<F, Fut>(template: Endpoint, every: std::time::Duration, lookup: F) -> Balanced
where
    F: Fn() -> Fut + Send + 'static,
    Fut: std::future::Future<Output = std::io::Result<Vec<SocketAddr>>> + Send,
{
    let host = template.uri().host().unwrap_or_default().to_owned();
    let (publish, replicas) = tokio::sync::watch::channel::<Replicas>(Arc::new([]));
    let balanced = Balanced::new(&host, replicas);
    tokio::spawn(async move {
        loop {
            match lookup().await {
                Ok(found) => {
                    let found: BTreeSet<SocketAddr> = found.into_iter().collect();
                    let current = publish.borrow().clone();
                    let known: BTreeSet<SocketAddr> = current.iter().map(|r| r.addr()).collect();
                    if found != known {
                        let next: Replicas = found
                            .iter()
                            .filter_map(|addr| match current.iter().find(|r| r.addr() == *addr) {
                                Some(kept) => Some(kept.clone()),
                                None => Replica::new(&template, *addr),
                            })
                            .collect();
                        tracing::debug!(%host, replicas = next.len(), "service addresses");
                        publish.send_replace(next);
                    }
                }
                // Keep the addresses known so far: a failed lookup is not an empty answer.
                Err(e) => tracing::warn!(%host, error = %e, "service name not resolved"),
            }
            if publish.is_closed() {
                return;
            }
            tokio::time::sleep(every).await;
        }
    });
    balanced
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
