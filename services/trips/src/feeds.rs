//! The events trips consumes, on one durable queue: hosting's teams (the co-host read model),
//! accounts' standing (the exclusion list) and captains' steps (handover photos).

use std::sync::Arc;
use tokio::sync::Notify;
use upcar_events::{Envelope, EventHandler, IntegrationEvent};
use upcar_proto::events::{TaskStepRecorded, TeamChanged, UserStandingChanged};

/// Routing keys this service consumes.
pub fn routing_keys() -> Vec<String> {
    vec![
        TeamChanged::ROUTING_KEY.to_owned(),
        UserStandingChanged::ROUTING_KEY.to_owned(),
        TaskStepRecorded::ROUTING_KEY.to_owned(),
    ]
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
        if event.event_type == TaskStepRecorded::ROUTING_KEY {
            return match event.decode::<TaskStepRecorded>() {
                Ok(e) => crate::captain_evidence::apply(conn, &e).await.map(|_| ()),
                Err(_) => {
                    tracing::error!(event_id = %event.id, "dropping an undecodable step event");
                    Ok(())
                }
            };
        }
        crate::teams::TeamAccessProjection.handle(conn, event).await
    }

    async fn committed(&self, event: &Envelope) {
        if event.event_type == UserStandingChanged::ROUTING_KEY {
            self.standing_wake.notify_one();
        }
    }
}
