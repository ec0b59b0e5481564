//! The events trips consumes, on one durable queue: hosting's teams (the co-host read model)
//! and accounts' standing (the exclusion list).

use std::sync::Arc;
use tokio::sync::Notify;
use upcar_events::{Envelope, EventHandler, IntegrationEvent};
use upcar_proto::events::{TeamChanged, UserStandingChanged};

/// Routing keys this service consumes.
pub fn routing_keys() -> Vec<String> {
    vec![TeamChanged::ROUTING_KEY.to_owned(), UserStandingChanged::ROUTING_KEY.to_owned()]
}

/// The durable queue of trips' consumer on `exchange`.
pub fn queue_name(exchange: &str) -> String {
    format!("{exchange}.trips")
}

/// The consumer's handler.
pub struct Projections {
    /// Woken once a standing change committed: the suspension canceller runs at once.
    pub standing_wake: Arc<Notify>,
}

#[async_trait::async_trait]
impl EventHandler for Projections {
    async fn handle(
        &self,
        conn: &mut diesel_async::AsyncPgConnection,
        event: &Envelope,
    ) -> anyhow::Result<()> {
        if event.event_type == UserStandingChanged::ROUTING_KEY {
            return crate::standing::apply(conn, event).await.map(|_| ());
        }
        crate::teams::TeamAccessProjection.handle(conn, event).await
    }

    async fn committed(&self, event: &Envelope) {
        if event.event_type == UserStandingChanged::ROUTING_KEY {
            self.standing_wake.notify_one();
        }
    }
}
