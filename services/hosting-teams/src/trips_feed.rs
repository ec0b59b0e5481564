//! The cars' bookings, fed by the trips events (`trips.trip_booked`, `_rescheduled`,
//! `_cancelled`): what hosting needs to refuse deleting a car with a trip to come, or blocking
//! a car over a booked trip. Each event is applied once (the consumer ledger) and only when its
//! `version` is newer than the row's, so duplicates and late arrivals change nothing. Events
//! that cannot be applied are logged and dropped.

use crate::store::bookings;
use chrono::{DateTime, Utc};
use diesel_async::AsyncPgConnection;
use upcar_events::{Envelope, EventHandler, IntegrationEvent};
use upcar_proto::events::{TripBooked, TripCancelled, TripRescheduled};
use uuid::Uuid;

/// Routing keys hosting consumes.
pub fn routing_keys() -> Vec<String> {
    [TripBooked::ROUTING_KEY, TripRescheduled::ROUTING_KEY, TripCancelled::ROUTING_KEY]
        .into_iter()
        .chain(crate::trip_facts::routing_keys())
        .map(str::to_owned)
        .collect()
}

/// The durable queue of hosting's consumer on `exchange`.
pub fn queue_name(exchange: &str) -> String {
    format!("{exchange}.hosting")
}

/// What one event does to a trip's row.
#[derive(Debug, Clone, PartialEq)]
pub struct Change {
    pub trip: Uuid,
    pub car: Uuid,
    /// `None` releases the car.
    pub period: Option<(DateTime<Utc>, DateTime<Utc>)>,
    pub version: i64,
}

/// Why an event cannot be applied.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum BadEvent {
    #[error("unknown event type {0}")]
    UnknownType(String),
    #[error("undecodable payload")]
    Decode,
    #[error("invalid {0}")]
    Field(&'static str),
}

fn id(s: &str, field: &'static str) -> Result<Uuid, BadEvent> {
    s.trim().parse().map_err(|_| BadEvent::Field(field))
}

fn time(s: &str) -> Result<DateTime<Utc>, BadEvent> {
    DateTime::parse_from_rfc3339(s)
        .map(|t| t.with_timezone(&Utc))
        .map_err(|_| BadEvent::Field("time"))
}

fn held(trip: &str, car: &str, start: &str, end: &str, version: i64) -> Result<Change, BadEvent> {
    let (start, end) = (time(start)?, time(end)?);
    if end <= start {
        return Err(BadEvent::Field("period"));
    }
    Ok(Change {
        trip: id(trip, "trip_id")?,
        car: id(car, "car_id")?,
        period: Some((start, end)),
        version,
    })
}

/// Reads an event into the change it makes.
pub fn change_of(e: &Envelope) -> Result<Change, BadEvent> {
    match e.event_type.as_str() {
        TripBooked::ROUTING_KEY => {
            let m: TripBooked = e.decode().map_err(|_| BadEvent::Decode)?;
            held(&m.trip_id, &m.car_id, &m.start_time, &m.end_time, m.version)
        }
        TripRescheduled::ROUTING_KEY => {
            let m: TripRescheduled = e.decode().map_err(|_| BadEvent::Decode)?;
            held(&m.trip_id, &m.car_id, &m.start_time, &m.end_time, m.version)
        }
        TripCancelled::ROUTING_KEY => {
            let m: TripCancelled = e.decode().map_err(|_| BadEvent::Decode)?;
            Ok(Change {
                trip: id(&m.trip_id, "trip_id")?,
                car: id(&m.car_id, "car_id")?,
                period: None,
                version: m.version,
            })
        }
        other => Err(BadEvent::UnknownType(other.to_owned())),
    }
}

/// The consumer's handler.
pub struct BookingsProjection;

#[async_trait::async_trait]
impl EventHandler for BookingsProjection {
    async fn handle(&self, conn: &mut AsyncPgConnection, event: &Envelope) -> anyhow::Result<()> {
        if let Some(f) = crate::trip_facts::fact_of(event) {
            crate::trip_facts::apply(conn, &f).await?;
        }
        if crate::trip_facts::routing_keys().contains(&event.event_type.as_str()) {
            return Ok(());
        }
        match change_of(event) {
            Ok(c) => {
                let applied = bookings::apply(conn, c.trip, c.car, c.period, c.version).await?;
                tracing::debug!(event_id = %event.id, applied, "booking event");
            }
            Err(e) => {
                tracing::error!(event_id = %event.id, event_type = %event.event_type, error = %e, "dropping an event that cannot be applied")
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use prost::Message;

    fn env<M: Message + IntegrationEvent>(m: &M) -> Envelope {
        Envelope {
            id: Uuid::now_v7(),
            event_type: M::ROUTING_KEY.to_owned(),
            payload: m.encode_to_vec(),
            headers: Default::default(),
        }
    }

    #[test]
    fn bookings_hold_and_cancellations_release() {
        let (trip, car) = (Uuid::now_v7(), Uuid::now_v7());
        let booked = TripBooked {
            trip_id: trip.to_string(),
            car_id: car.to_string(),
            start_time: "2026-12-01T18:00:00Z".into(),
            end_time: "2026-12-03T18:00:00Z".into(),
            version: 1,
            ..Default::default()
        };
        let c = change_of(&env(&booked)).unwrap();
        assert_eq!((c.trip, c.car, c.version), (trip, car, 1));
        assert!(c.period.is_some());
        let cancelled = TripCancelled {
            trip_id: trip.to_string(),
            car_id: car.to_string(),
            version: 2,
            ..Default::default()
        };
        assert_eq!(change_of(&env(&cancelled)).unwrap().period, None);
    }

    #[test]
    fn events_that_cannot_be_applied_say_why() {
        let bad = TripBooked {
            trip_id: "x".into(),
            car_id: Uuid::now_v7().to_string(),
            start_time: "2026-12-01T18:00:00Z".into(),
            end_time: "2026-12-03T18:00:00Z".into(),
            ..Default::default()
        };
        assert_eq!(change_of(&env(&bad)), Err(BadEvent::Field("trip_id")));
        let inverted = TripBooked {
            trip_id: Uuid::now_v7().to_string(),
            car_id: Uuid::now_v7().to_string(),
            start_time: "2026-12-03T18:00:00Z".into(),
            end_time: "2026-12-01T18:00:00Z".into(),
            ..Default::default()
        };
        assert_eq!(change_of(&env(&inverted)), Err(BadEvent::Field("period")));
    }
}
