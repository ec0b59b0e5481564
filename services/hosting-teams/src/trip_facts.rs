//! The hosts' trips as their performance needs them (`trip_facts`), from the trips events:
//! booked (requested or instant), confirmed (the host's answer to a request), rescheduled,
//! cancelled or rejected (and by whom), checked out (completed), and the owner's earnings when
//! the payment settles. A row's status moves only with a newer trip version; earnings follow
//! the settlement.

use chrono::{DateTime, Utc};
use diesel::sql_types::{BigInt, Bool, Text, Timestamptz, Uuid as SqlUuid};
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use upcar_events::{Envelope, IntegrationEvent};
use upcar_proto::events::{
    PaymentSettled, TripBooked, TripCancelled, TripCheckedOut, TripConfirmed, TripRescheduled,
};
use upcar_proto::trips::TripStatus;
use uuid::Uuid;

/// The routing keys this read model needs beyond the bookings'.
pub fn routing_keys() -> [&'static str; 3] {
    [TripConfirmed::ROUTING_KEY, TripCheckedOut::ROUTING_KEY, PaymentSettled::ROUTING_KEY]
}

/// What one event does to a trip's facts.
#[derive(Debug, Clone, PartialEq)]
pub enum Fact {
    Booked {
        trip: Uuid,
        car: Uuid,
        owner: Uuid,
        requested: bool,
        at: DateTime<Utc>,
        start: DateTime<Utc>,
        end: DateTime<Utc>,
        version: i64,
    },
    Rescheduled {
        trip: Uuid,
        start: DateTime<Utc>,
        end: DateTime<Utc>,
        version: i64,
    },
    Confirmed {
        trip: Uuid,
        at: DateTime<Utc>,
        version: i64,
    },
    /// `status`: rejected, cancelled_by_guest or cancelled_by_host.
    Ended {
        trip: Uuid,
        status: &'static str,
        at: DateTime<Utc>,
        version: i64,
    },
    Settled {
        trip: Uuid,
        owner_earned_cents: i64,
    },
}

fn id(s: &str) -> Option<Uuid> {
    s.trim().parse().ok()
}

fn time(s: &str) -> Option<DateTime<Utc>> {
    DateTime::parse_from_rfc3339(s).ok().map(|t| t.with_timezone(&Utc))
}

/// Reads an event into its fact; `None` for one that carries none (or cannot be read: the
/// bookings projection logs those).
pub fn fact_of(e: &Envelope) -> Option<Fact> {
    match e.event_type.as_str() {
        TripBooked::ROUTING_KEY => {
            let m: TripBooked = e.decode().ok()?;
            let (start, end) = (time(&m.start_time)?, time(&m.end_time)?);
            (end > start).then_some(())?;
            Some(Fact::Booked {
                trip: id(&m.trip_id)?,
                car: id(&m.car_id)?,
                owner: id(&m.owner_id)?,
                requested: m.status() == TripStatus::Requested,
                at: time(&m.occurred_at)?,
                start,
                end,
                version: m.version,
            })
        }
        TripRescheduled::ROUTING_KEY => {
            let m: TripRescheduled = e.decode().ok()?;
            let (start, end) = (time(&m.start_time)?, time(&m.end_time)?);
            (end > start).then_some(())?;
            Some(Fact::Rescheduled { trip: id(&m.trip_id)?, start, end, version: m.version })
        }
        TripConfirmed::ROUTING_KEY => {
            let m: TripConfirmed = e.decode().ok()?;
            Some(Fact::Confirmed {
                trip: id(&m.trip_id)?,
                at: time(&m.occurred_at)?,
                version: m.version,
            })
        }
        TripCancelled::ROUTING_KEY => {
            let m: TripCancelled = e.decode().ok()?;
            // The stored names of the ended statuses (trip_facts.status).
            let status = match m.status() {
                TripStatus::Rejected => "rejected",
                TripStatus::CancelledByGuest => "cancelled_by_guest",
                TripStatus::CancelledByHost => "cancelled_by_host",
                TripStatus::Unspecified
                | TripStatus::Requested
                | TripStatus::Confirmed
                | TripStatus::ModificationPending
                | TripStatus::InProgress
                | TripStatus::Completed => return None,
            };
            Some(Fact::Ended {
                trip: id(&m.trip_id)?,
                status,
                at: time(&m.occurred_at)?,
                version: m.version,
            })
        }
        TripCheckedOut::ROUTING_KEY => {
            let m: TripCheckedOut = e.decode().ok()?;
            Some(Fact::Ended {
                trip: id(&m.trip_id)?,
                status: "completed",
                at: time(&m.occurred_at)?,
                version: m.version,
            })
        }
        PaymentSettled::ROUTING_KEY => {
            let m: PaymentSettled = e.decode().ok()?;
            (m.owner_earnings_cents >= 0).then_some(())?;
            Some(Fact::Settled {
                trip: id(&m.trip_id)?,
                owner_earned_cents: m.owner_earnings_cents,
            })
        }
        _ => None,
    }
}

/// Applies a fact; answers whether a row changed.
pub async fn apply(c: &mut AsyncPgConnection, f: &Fact) -> diesel::QueryResult<bool> {
    let n = match f {
        Fact::Booked { trip, car, owner, requested, at, start, end, version } => {
            diesel::sql_query(
                "INSERT INTO trip_facts (trip_id, car_id, owner_id, status, requested, booked_at, start_at, end_at, version) \
                 VALUES ($1, $2, $3, CASE WHEN $4 THEN 'requested' ELSE 'confirmed' END, $4, $5, $6, $7, $8) \
                 ON CONFLICT (trip_id) DO NOTHING",
            )
            .bind::<SqlUuid, _>(trip)
            .bind::<SqlUuid, _>(car)
            .bind::<SqlUuid, _>(owner)
            .bind::<Bool, _>(requested)
            .bind::<Timestamptz, _>(at)
            .bind::<Timestamptz, _>(start)
            .bind::<Timestamptz, _>(end)
            .bind::<BigInt, _>(version)
            .execute(c)
            .await?
        }
        Fact::Rescheduled { trip, start, end, version } => {
            diesel::sql_query(
                "UPDATE trip_facts SET start_at = $2, end_at = $3, version = $4 WHERE trip_id = $1 AND version < $4",
            )
            .bind::<SqlUuid, _>(trip)
            .bind::<Timestamptz, _>(start)
            .bind::<Timestamptz, _>(end)
            .bind::<BigInt, _>(version)
            .execute(c)
            .await?
        }
        Fact::Confirmed { trip, at, version } => {
            diesel::sql_query(
                "UPDATE trip_facts SET status = 'confirmed', answered_at = coalesce(answered_at, CASE WHEN requested THEN $2 END), \
                   version = $3 WHERE trip_id = $1 AND version < $3 AND status = 'requested'",
            )
            .bind::<SqlUuid, _>(trip)
            .bind::<Timestamptz, _>(at)
            .bind::<BigInt, _>(version)
            .execute(c)
            .await?
        }
        Fact::Ended { trip, status, at, version } => {
            // A request the host turned down (or cancelled before answering) was answered then.
            diesel::sql_query(
                "UPDATE trip_facts SET answered_at = CASE WHEN requested AND answered_at IS NULL \
                   AND $2 IN ('rejected', 'cancelled_by_host') THEN $3 ELSE answered_at END, \
                   status = $2, version = $4 WHERE trip_id = $1 AND version < $4",
            )
            .bind::<SqlUuid, _>(trip)
            .bind::<Text, _>(*status)
            .bind::<Timestamptz, _>(at)
            .bind::<BigInt, _>(version)
            .execute(c)
            .await?
        }
        Fact::Settled { trip, owner_earned_cents } => {
            diesel::sql_query("UPDATE trip_facts SET earnings_cents = $2 WHERE trip_id = $1")
                .bind::<SqlUuid, _>(trip)
                .bind::<BigInt, _>(owner_earned_cents)
                .execute(c)
                .await?
        }
    };
    Ok(n > 0)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
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
    fn each_trips_event_becomes_its_fact_and_unreadable_ones_none() {
        let trip = Uuid::now_v7();
        let booked = TripBooked {
            trip_id: trip.to_string(),
            car_id: Uuid::now_v7().to_string(),
            owner_id: Uuid::now_v7().to_string(),
            guest_id: Uuid::now_v7().to_string(),
            start_time: "2026-12-01T10:00:00Z".into(),
            end_time: "2026-12-03T10:00:00Z".into(),
            version: 1,
            occurred_at: "2026-11-20T09:00:00Z".into(),
            status: TripStatus::Requested as i32,
            ..Default::default()
        };
        assert!(matches!(fact_of(&env(&booked)), Some(Fact::Booked { requested: true, .. })));
        let instant = TripBooked { status: TripStatus::Confirmed as i32, ..booked.clone() };
        assert!(matches!(fact_of(&env(&instant)), Some(Fact::Booked { requested: false, .. })));
        let inverted = TripBooked { end_time: "2026-11-30T10:00:00Z".into(), ..booked.clone() };
        assert_eq!(fact_of(&env(&inverted)), None);
        let cancelled = TripCancelled {
            trip_id: trip.to_string(),
            car_id: Uuid::now_v7().to_string(),
            version: 2,
            occurred_at: "2026-11-21T09:00:00Z".into(),
            status: TripStatus::CancelledByHost as i32,
            owner_id: String::new(),
            unpaid: false,
        };
        assert!(matches!(
            fact_of(&env(&cancelled)),
            Some(Fact::Ended { status: "cancelled_by_host", .. })
        ));
        let odd = TripCancelled { status: TripStatus::Completed as i32, ..cancelled };
        assert_eq!(fact_of(&env(&odd)), None);
        let settled = PaymentSettled {
            trip_id: trip.to_string(),
            owner_earnings_cents: 12_345,
            ..Default::default()
        };
        assert_eq!(
            fact_of(&env(&settled)),
            Some(Fact::Settled { trip, owner_earned_cents: 12_345 })
        );
        let negative = PaymentSettled { owner_earnings_cents: -1, ..settled };
        assert_eq!(fact_of(&env(&negative)), None);
    }
}
