//! The availability read model, fed by trips (bookings) and hosting (blocks) events. Each
//! event is applied once (the consumer ledger) and only if it is newer than what the row
//! already reflects (its `version`), so duplicates and late arrivals change nothing.

use chrono::{DateTime, Utc};
use diesel::sql_types::{BigInt, Nullable, Text, Timestamptz, Uuid as SqlUuid};
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use upcar_db::Prepare;
use upcar_events::{Envelope, EventHandler, IntegrationEvent};
use upcar_proto::events::{
    AvailabilityBlocked, AvailabilityUnblocked, CarListingChanged, TripBooked, TripCancelled,
    TripCheckedOut, TripRescheduled, TripReviewPublished, UserStandingChanged, WeeklyHoursChanged,
};
use uuid::Uuid;

/// Routing keys this service consumes.
pub fn routing_keys() -> Vec<String> {
    [
        TripBooked::ROUTING_KEY,
        TripRescheduled::ROUTING_KEY,
        TripCancelled::ROUTING_KEY,
        AvailabilityBlocked::ROUTING_KEY,
        AvailabilityUnblocked::ROUTING_KEY,
        CarListingChanged::ROUTING_KEY,
        TripReviewPublished::ROUTING_KEY,
        TripCheckedOut::ROUTING_KEY,
        WeeklyHoursChanged::ROUTING_KEY,
        UserStandingChanged::ROUTING_KEY,
    ]
    .iter()
    .map(|k| (*k).to_owned())
    .collect()
}

/// What one event does to the read model.
#[derive(Debug, Clone, PartialEq)]
pub enum Change {
    /// Hold the car for `[start, end)`.
    Hold {
        source: &'static str,
        source_id: String,
        car: Uuid,
        start: DateTime<Utc>,
        end: DateTime<Utc>,
        version: i64,
    },
    /// Release whatever the source held.
    Release { source: &'static str, source_id: String, car: Uuid, version: i64 },
}

/// Why an event cannot be applied. Such an event is logged and dropped: redelivering it
/// would fail the same way forever.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum BadEvent {
    #[error("unknown event type {0}")]
    UnknownType(String),
    #[error("undecodable payload")]
    Decode,
    #[error("invalid car id")]
    CarId,
    #[error("invalid time {0:?}")]
    Time(String),
    #[error("end is not after start")]
    EmptyPeriod,
}

fn time(s: &str) -> Result<DateTime<Utc>, BadEvent> {
    DateTime::parse_from_rfc3339(s)
        .map(|t| t.with_timezone(&Utc))
        .map_err(|_| BadEvent::Time(s.to_owned()))
}

fn car(s: &str) -> Result<Uuid, BadEvent> {
    s.parse().map_err(|_| BadEvent::CarId)
}

fn hold(
    source: &'static str,
    id: String,
    car_id: &str,
    start: &str,
    end: &str,
    version: i64,
) -> Result<Change, BadEvent> {
    let car = car(car_id)?;
    let (start, end) = (time(start)?, time(end)?);
    if end <= start {
        return Err(BadEvent::EmptyPeriod);
    }
    Ok(Change::Hold { source, source_id: id, car, start, end, version })
}

/// Reads an event into the change it makes.
pub fn change_of(e: &Envelope) -> Result<Change, BadEvent> {
    let d = |_| BadEvent::Decode;
    match e.event_type.as_str() {
        TripBooked::ROUTING_KEY => {
            let m: TripBooked = e.decode().map_err(d)?;
            hold("booking", m.trip_id, &m.car_id, &m.start_time, &m.end_time, m.version)
        }
        TripRescheduled::ROUTING_KEY => {
            let m: TripRescheduled = e.decode().map_err(d)?;
            hold("booking", m.trip_id, &m.car_id, &m.start_time, &m.end_time, m.version)
        }
        TripCancelled::ROUTING_KEY => {
            let m: TripCancelled = e.decode().map_err(d)?;
            Ok(Change::Release {
                source: "booking",
                source_id: m.trip_id,
                car: car(&m.car_id)?,
                version: m.version,
            })
        }
        AvailabilityBlocked::ROUTING_KEY => {
            let m: AvailabilityBlocked = e.decode().map_err(d)?;
            hold("host_block", m.block_id, &m.car_id, &m.start_time, &m.end_time, m.version)
        }
        AvailabilityUnblocked::ROUTING_KEY => {
            let m: AvailabilityUnblocked = e.decode().map_err(d)?;
            Ok(Change::Release {
                source: "host_block",
                source_id: m.block_id,
                car: car(&m.car_id)?,
                version: m.version,
            })
        }
        other => Err(BadEvent::UnknownType(other.to_owned())),
    }
}

/// Applies a change unless the row already reflects a newer version.
pub async fn apply(conn: &mut AsyncPgConnection, change: &Change) -> diesel::QueryResult<bool> {
    let (source, source_id, car, period, version) = match change {
        Change::Hold { source, source_id, car, start, end, version } => {
            (*source, source_id, *car, Some((*start, *end)), *version)
        }
        Change::Release { source, source_id, car, version } => {
            (*source, source_id, *car, None, *version)
        }
    };
    let n = diesel::sql_query(
        "INSERT INTO car_unavailability (source, source_id, car_id, period, version, updated_at) \
         VALUES ($1, $2, $3, CASE WHEN $4::timestamptz IS NULL THEN NULL ELSE tstzrange($4, $5) END, $6, now()) \
         ON CONFLICT (source, source_id) DO UPDATE \
           SET car_id = EXCLUDED.car_id, period = EXCLUDED.period, version = EXCLUDED.version, updated_at = now() \
           WHERE car_unavailability.version < EXCLUDED.version",
    )
    .bind::<Text, _>(source)
    .bind::<Text, _>(source_id)
    .bind::<SqlUuid, _>(car)
    .bind::<Nullable<Timestamptz>, _>(period.map(|p| p.0))
    .bind::<Nullable<Timestamptz>, _>(period.map(|p| p.1))
    .bind::<BigInt, _>(version)
    .prepared()
    .execute(conn)
    .await?;
    Ok(n == 1)
}

/// A trip returned before its booked end frees the car from the return on: the booking's hold
/// ends at the checkout (a return at or after the end leaves the hold as booked; trips no
/// longer counts a completed trip against new bookings either). Applied once per trip version.
pub async fn end_hold_at_checkout(
    conn: &mut AsyncPgConnection,
    e: &TripCheckedOut,
) -> anyhow::Result<bool> {
    let Ok(at) = DateTime::parse_from_rfc3339(&e.occurred_at) else {
        tracing::error!(trip_id = %e.trip_id, "a checkout without a readable time keeps its hold");
        return Ok(false);
    };
    let n = diesel::sql_query(
        "UPDATE car_unavailability \
         SET period = CASE WHEN lower(period) >= $2 THEN NULL ELSE tstzrange(lower(period), LEAST(upper(period), $2)) END, \
             version = $3, updated_at = now() \
         WHERE source = 'booking' AND source_id = $1 AND period IS NOT NULL AND version < $3",
    )
    .bind::<Text, _>(&e.trip_id)
    .bind::<Timestamptz, _>(at.with_timezone(&Utc))
    .bind::<BigInt, _>(e.version)
    .execute(conn)
    .await?;
    Ok(n == 1)
}

/// A host's listing becomes (or changes) the catalog's car.
async fn listing(conn: &mut AsyncPgConnection, event: &Envelope) -> anyhow::Result<()> {
    let e: CarListingChanged = match event.decode() {
        Ok(e) => e,
        Err(_) => {
            tracing::error!(event_id = %event.id, "dropping an undecodable listing event");
            return Ok(());
        }
    };
    if let Err(bad) = crate::listings_feed::check(&e) {
        tracing::error!(event_id = %event.id, car_id = %e.car_id, error = %bad, "dropping a listing event that cannot be applied");
        return Ok(());
    }
    let applied = crate::listings_feed::apply(conn, &e).await?;
    tracing::info!(event_id = %event.id, car_id = %e.car_id, version = e.version, applied, "listing event");
    Ok(())
}

/// A guest's review made public becomes the car's review and rating.
async fn review(conn: &mut AsyncPgConnection, event: &Envelope) -> anyhow::Result<()> {
    let e: TripReviewPublished = match event.decode() {
        Ok(e) => e,
        Err(_) => {
            tracing::error!(event_id = %event.id, "dropping an undecodable review event");
            return Ok(());
        }
    };
    match crate::reviews_feed::car_review_of(&e) {
        Ok(Some(r)) => {
            let known = crate::reviews_feed::apply_review(conn, &e, &r).await?;
            tracing::info!(event_id = %event.id, car_id = %r.car_id, known, "car review published");
        }
        Ok(None) => {}
        Err(bad) => {
            tracing::error!(event_id = %event.id, error = %bad, "dropping a review event that cannot be applied")
        }
    }
    Ok(())
}

/// The consumer's handler: availability, the cars hosts list, and their reviews and trips.
pub struct AvailabilityProjection;

#[async_trait::async_trait]
impl EventHandler for AvailabilityProjection {
    async fn handle(&self, conn: &mut AsyncPgConnection, event: &Envelope) -> anyhow::Result<()> {
        if event.event_type == CarListingChanged::ROUTING_KEY {
            return listing(conn, event).await;
        }
        if event.event_type == TripReviewPublished::ROUTING_KEY {
            return review(conn, event).await;
        }
        if event.event_type == WeeklyHoursChanged::ROUTING_KEY {
            return match event.decode::<WeeklyHoursChanged>() {
                Ok(e) => crate::hours_feed::apply(conn, &e).await.map(|_| ()),
                Err(_) => {
                    tracing::error!(event_id = %event.id, "dropping an undecodable hours event");
                    Ok(())
                }
            };
        }
        if event.event_type == UserStandingChanged::ROUTING_KEY {
            return match event.decode::<UserStandingChanged>() {
                Ok(e) => crate::standing_feed::apply(conn, &e).await.map(|_| ()),
                Err(_) => {
                    tracing::error!(event_id = %event.id, "dropping an undecodable standing event");
                    Ok(())
                }
            };
        }
        if event.event_type == TripCheckedOut::ROUTING_KEY {
            return match event.decode::<TripCheckedOut>() {
                Ok(e) => {
                    crate::reviews_feed::count_trip(conn, &e).await?;
                    end_hold_at_checkout(conn, &e).await.map(|_| ())
                }
                Err(_) => {
                    tracing::error!(event_id = %event.id, "dropping an undecodable checkout event");
                    Ok(())
                }
            };
        }
        match change_of(event) {
            Ok(change) => {
                let applied = apply(conn, &change).await?;
                tracing::debug!(event_id = %event.id, applied, "availability event");
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
    fn events_become_holds_and_releases() {
        let car = Uuid::now_v7();
        let booked = TripBooked {
            trip_id: "t1".into(),
            car_id: car.to_string(),
            start_time: "2026-12-01T18:00:00Z".into(),
            end_time: "2026-12-03T18:00:00Z".into(),
            version: 1,
            ..Default::default()
        };
        assert!(matches!(
            change_of(&env(&booked)),
            Ok(Change::Hold { source: "booking", version: 1, .. })
        ));
        let cancelled = TripCancelled {
            trip_id: "t1".into(),
            car_id: car.to_string(),
            version: 2,
            ..Default::default()
        };
        assert!(matches!(
            change_of(&env(&cancelled)),
            Ok(Change::Release { source: "booking", version: 2, .. })
        ));
        let blocked = AvailabilityBlocked {
            block_id: "b1".into(),
            car_id: car.to_string(),
            start_time: "2026-12-01T00:00:00-08:00".into(),
            end_time: "2026-12-02T00:00:00-08:00".into(),
            version: 1,
            ..Default::default()
        };
        assert!(matches!(change_of(&env(&blocked)), Ok(Change::Hold { source: "host_block", .. })));
    }

    #[test]
    fn malformed_events_are_refused_with_a_reason() {
        let mut bad = TripBooked {
            trip_id: "t".into(),
            car_id: "nope".into(),
            start_time: "x".into(),
            ..Default::default()
        };
        assert_eq!(change_of(&env(&bad)), Err(BadEvent::CarId));
        bad.car_id = Uuid::now_v7().to_string();
        assert_eq!(change_of(&env(&bad)), Err(BadEvent::Time("x".into())));
        bad.start_time = "2026-12-03T00:00:00Z".into();
        bad.end_time = "2026-12-01T00:00:00Z".into();
        assert_eq!(change_of(&env(&bad)), Err(BadEvent::EmptyPeriod));
        let unknown = Envelope {
            id: Uuid::now_v7(),
            event_type: "x.y".into(),
            payload: vec![],
            headers: Default::default(),
        };
        assert!(matches!(change_of(&unknown), Err(BadEvent::UnknownType(_))));
    }
}
