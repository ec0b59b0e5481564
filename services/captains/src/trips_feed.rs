//! Tasks from trips' events. A booking with delivery (`pick_up`) gets `delivery_to_guest` at
//! the trip's start, and one collected away from the car's place (`drop_off`) gets
//! `return_to_host` at its end; a reschedule moves the tasks not yet started; a cancellation or
//! rejection cancels them. Each change plans its days again. Events are applied once (the
//! consumer ledger) and only when newer than what is kept (the trip's `version`; a
//! cancellation is final), so repeated or late events change nothing. Events that cannot be
//! applied are logged and dropped.

use crate::cars::{Cars, Place};
use crate::domain::tasks::{Handover, TaskKind, tasks_for};
use crate::store::{self, NewTask, TripFact};
use chrono::{DateTime, NaiveDate, Utc};
use diesel_async::AsyncPgConnection;
use upcar_events::{Envelope, EventHandler, IntegrationEvent};
use upcar_proto::events::{TripBooked, TripCancelled, TripPlace, TripRescheduled};
use uuid::Uuid;

/// Routing keys this service consumes.
pub fn routing_keys() -> Vec<String> {
    [TripBooked::ROUTING_KEY, TripRescheduled::ROUTING_KEY, TripCancelled::ROUTING_KEY]
        .iter()
        .map(|k| (*k).to_owned())
        .collect()
}

/// The durable queue of captains' consumer on `exchange`.
pub fn queue_name(exchange: &str) -> String {
    format!("{exchange}.captains")
}

/// Why an event cannot be applied.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum BadEvent {
    #[error("invalid {0}")]
    Field(&'static str),
}

fn id(s: &str, field: &'static str) -> Result<Uuid, BadEvent> {
    s.trim().parse().map_err(|_| BadEvent::Field(field))
}

fn time(s: &str, field: &'static str) -> Result<DateTime<Utc>, BadEvent> {
    DateTime::parse_from_rfc3339(s)
        .map(|t| t.with_timezone(&Utc))
        .map_err(|_| BadEvent::Field(field))
}

fn place(p: &Option<TripPlace>, field: &'static str) -> Result<Option<Place>, BadEvent> {
    match p {
        None => Ok(None),
        Some(p)
            if (-90.0..=90.0).contains(&p.latitude) && (-180.0..=180.0).contains(&p.longitude) =>
        {
            Ok(Some(Place::from_line(&p.address, p.latitude, p.longitude)))
        }
        Some(_) => Err(BadEvent::Field(field)),
    }
}

/// A booking as captains reads it: the trip and where the car is handed over.
#[derive(Debug, Clone, PartialEq)]
pub struct Booking {
    pub trip: TripFact,
    pub pick_up: Option<Place>,
    pub drop_off: Option<Place>,
}

/// Reads a booking event; `Ok(None)` for a trip with no delivery and no collection.
pub fn booking_of(m: &TripBooked) -> Result<Option<Booking>, BadEvent> {
    let pick_up = place(&m.pick_up, "pick_up")?;
    let drop_off = place(&m.drop_off, "drop_off")?;
    if pick_up.is_none() && drop_off.is_none() {
        return Ok(None);
    }
    let start = time(&m.start_time, "start_time")?;
    let end = time(&m.end_time, "end_time")?;
    if end <= start {
        return Err(BadEvent::Field("end_time"));
    }
    if m.version < 1 {
        return Err(BadEvent::Field("version"));
    }
    Ok(Some(Booking {
        trip: TripFact {
            trip_id: id(&m.trip_id, "trip_id")?,
            car_id: id(&m.car_id, "car_id")?,
            guest_id: id(&m.guest_id, "guest_id")?,
            owner_id: id(&m.owner_id, "owner_id")?,
            start,
            end,
            time_zone: if m.time_zone.trim().is_empty() {
                "America/Los_Angeles".to_owned()
            } else {
                m.time_zone.trim().to_owned()
            },
            version: m.version,
        },
        pick_up,
        drop_off,
    }))
}

/// The local date of `at` in `tz`.
pub fn local_date(at: DateTime<Utc>, tz: &str) -> NaiveDate {
    let tz: chrono_tz::Tz = tz.parse().unwrap_or(chrono_tz::America::Los_Angeles);
    at.with_timezone(&tz).date_naive()
}

fn json(p: &Place) -> serde_json::Value {
    serde_json::to_value(p).unwrap_or(serde_json::Value::Null)
}

/// The consumer's handler.
pub struct TripsFeed {
    pub cars: Cars,
}

impl TripsFeed {
    async fn booked(&self, conn: &mut AsyncPgConnection, m: &TripBooked) -> anyhow::Result<()> {
        let b = match booking_of(m) {
            Ok(Some(b)) => b,
            Ok(None) => return Ok(()),
            Err(e) => {
                tracing::error!(trip_id = %m.trip_id, error = %e, "dropping a booking that cannot be applied");
                return Ok(());
            }
        };
        // An error here (catalog away) fails the event, which is delivered again.
        let Some(car) = self.cars.car(b.trip.car_id).await? else {
            tracing::error!(trip_id = %b.trip.trip_id, car_id = %b.trip.car_id, "no such car; no tasks");
            return Ok(());
        };
        if !store::upsert_trip(conn, &b.trip).await? {
            return Ok(());
        }
        let handover = Handover {
            car: car.place.point(),
            pick_up: b.pick_up.as_ref().map(Place::point),
            drop_off: b.drop_off.as_ref().map(Place::point),
        };
        let mut dates = Vec::new();
        for kind in tasks_for(&handover) {
            let (at, from, to) = match kind {
                TaskKind::DeliveryToGuest => {
                    (b.trip.start, &car.place, b.pick_up.as_ref().unwrap_or(&car.place))
                }
                TaskKind::ReturnToHost => {
                    (b.trip.end, b.drop_off.as_ref().unwrap_or(&car.place), &car.place)
                }
            };
            let date = local_date(at, &b.trip.time_zone);
            let added = store::insert_task(
                conn,
                &NewTask {
                    id: Uuid::now_v7(),
                    trip_id: b.trip.trip_id,
                    kind: kind.as_str(),
                    scheduled_at: at,
                    local_date: date,
                    from_place: json(from),
                    to_place: json(to),
                    car_make: &car.make,
                    car_model: &car.model,
                    car_photo: &car.photo,
                },
            )
            .await?;
            if added {
                dates.push(date);
            } else {
                // Known already (a newer booking event of the same trip): moved instead.
                dates
                    .extend(store::move_task(conn, b.trip.trip_id, kind.as_str(), at, date).await?);
            }
        }
        crate::dispatch::days(conn, &dates).await?;
        tracing::info!(trip_id = %b.trip.trip_id, days = dates.len(), "delivery tasks made");
        Ok(())
    }

    async fn rescheduled(
        &self,
        conn: &mut AsyncPgConnection,
        m: &TripRescheduled,
    ) -> anyhow::Result<()> {
        let parsed = (|| {
            let trip = id(&m.trip_id, "trip_id")?;
            let start = time(&m.start_time, "start_time")?;
            let end = time(&m.end_time, "end_time")?;
            if end <= start {
                return Err(BadEvent::Field("end_time"));
            }
            Ok((trip, start, end))
        })();
        let (trip, start, end) = match parsed {
            Ok(p) => p,
            Err(e) => {
                tracing::error!(trip_id = %m.trip_id, error = %e, "dropping a reschedule that cannot be applied");
                return Ok(());
            }
        };
        if !store::move_trip(conn, trip, start, end, m.version).await? {
            return Ok(());
        }
        let tasks = store::trip_tasks(conn, trip).await?;
        let Some(tz) = tasks.first().map(|t| t.time_zone.clone()) else { return Ok(()) };
        let mut dates = Vec::new();
        for (kind, at) in [(TaskKind::DeliveryToGuest, start), (TaskKind::ReturnToHost, end)] {
            let date = local_date(at, &tz);
            dates.extend(store::move_task(conn, trip, kind.as_str(), at, date).await?);
        }
        crate::dispatch::days(conn, &dates).await
    }

    async fn cancelled(
        &self,
        conn: &mut AsyncPgConnection,
        m: &TripCancelled,
    ) -> anyhow::Result<()> {
        let Ok(trip) = id(&m.trip_id, "trip_id") else {
            tracing::error!(trip_id = %m.trip_id, "dropping a cancellation that cannot be applied");
            return Ok(());
        };
        if !store::cancel_trip(conn, trip, m.version).await? {
            return Ok(());
        }
        let dates = store::cancel_tasks(conn, trip).await?;
        crate::dispatch::days(conn, &dates).await
    }
}

#[async_trait::async_trait]
impl EventHandler for TripsFeed {
    async fn handle(&self, conn: &mut AsyncPgConnection, event: &Envelope) -> anyhow::Result<()> {
        let undecodable = || {
            tracing::error!(event_id = %event.id, event_type = %event.event_type, "dropping an undecodable event");
            Ok(())
        };
        match event.event_type.as_str() {
            TripBooked::ROUTING_KEY => match event.decode::<TripBooked>() {
                Ok(m) => self.booked(conn, &m).await,
                Err(_) => undecodable(),
            },
            TripRescheduled::ROUTING_KEY => match event.decode::<TripRescheduled>() {
                Ok(m) => self.rescheduled(conn, &m).await,
                Err(_) => undecodable(),
            },
            TripCancelled::ROUTING_KEY => match event.decode::<TripCancelled>() {
                Ok(m) => self.cancelled(conn, &m).await,
                Err(_) => undecodable(),
            },
            other => {
                tracing::error!(event_type = other, "dropping an event of a type not consumed");
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::geo::Point;

    fn trip_place(lat: f64, lng: f64, address: &str) -> TripPlace {
        TripPlace { latitude: lat, longitude: lng, address: address.to_owned() }
    }

    fn booked() -> TripBooked {
        TripBooked {
            trip_id: Uuid::now_v7().to_string(),
            car_id: Uuid::now_v7().to_string(),
            guest_id: Uuid::now_v7().to_string(),
            owner_id: Uuid::now_v7().to_string(),
            start_time: "2026-12-01T18:00:00Z".into(),
            end_time: "2026-12-03T18:00:00Z".into(),
            version: 1,
            pick_up: Some(trip_place(37.53, -122.04, "6000 Mowry Ave, Newark, CA 94560")),
            time_zone: "America/Los_Angeles".into(),
            ..Default::default()
        }
    }

    #[test]
    fn a_delivery_booking_is_read_with_its_places() {
        let b = booking_of(&booked()).unwrap().unwrap();
        let p = b.pick_up.unwrap();
        assert_eq!(
            (p.street.as_str(), p.city.as_str(), p.state.as_str()),
            ("6000 Mowry Ave", "Newark", "CA")
        );
        assert_eq!(b.drop_off, None);
        assert_eq!(b.trip.version, 1);
    }

    #[test]
    fn a_booking_without_delivery_makes_nothing_and_bad_ones_say_why() {
        assert_eq!(booking_of(&TripBooked { pick_up: None, ..booked() }), Ok(None));
        let cases = [
            (TripBooked { trip_id: "x".into(), ..booked() }, "trip_id"),
            (TripBooked { end_time: "2026-11-30T18:00:00Z".into(), ..booked() }, "end_time"),
            (TripBooked { start_time: "soon".into(), ..booked() }, "start_time"),
            (TripBooked { version: 0, ..booked() }, "version"),
            (TripBooked { pick_up: Some(trip_place(91.0, 0.0, "")), ..booked() }, "pick_up"),
        ];
        for (m, field) in cases {
            assert_eq!(booking_of(&m), Err(BadEvent::Field(field)));
        }
    }

    #[test]
    fn a_task_is_on_the_cars_local_date() {
        let at = DateTime::parse_from_rfc3339("2026-12-02T05:00:00Z").unwrap().with_timezone(&Utc);
        assert_eq!(
            local_date(at, "America/Los_Angeles"),
            NaiveDate::from_ymd_opt(2026, 12, 1).unwrap()
        );
        assert_eq!(
            local_date(at, "America/New_York"),
            NaiveDate::from_ymd_opt(2026, 12, 2).unwrap()
        );
    }

    #[test]
    fn point_of_a_place() {
        let p = Place::from_line("a, b, CA 1", 1.5, 2.5).point();
        assert_eq!(p, Point { lat: 1.5, lng: 2.5 });
    }
}
