//! The read models pricing keeps from events: the rates, fed by `catalog.car_pricing_changed`,
//! and the co-host teams, fed by `hosting.team_changed` (who besides a trip's guest and host
//! may see its prices). Each event carries the full state of its car or team; a row is replaced
//! only by a newer `version`, so duplicates and late arrivals change nothing. Events that cannot
//! be applied are logged and dropped (redelivering them would fail the same way forever).

use crate::store::rates::RatesRow;
use crate::store::teams::{self, TeamAccess};
use diesel_async::AsyncPgConnection;
use pricing_domain::rates::Per;
use upcar_events::{Envelope, EventHandler, IntegrationEvent};
use upcar_proto::events::{CarPricingChanged, TeamChanged, TripBooked, TripCancelled};
use upcar_proto::hosting::TeamStatus;
use uuid::Uuid;

/// Routing keys this service consumes.
pub fn routing_keys() -> Vec<String> {
    vec![
        CarPricingChanged::ROUTING_KEY.to_owned(),
        TeamChanged::ROUTING_KEY.to_owned(),
        TripBooked::ROUTING_KEY.to_owned(),
        TripCancelled::ROUTING_KEY.to_owned(),
    ]
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

/// Reads an event into the row it sets.
pub fn row_of(e: &Envelope) -> Result<RatesRow, BadEvent> {
    if e.event_type != CarPricingChanged::ROUTING_KEY {
        return Err(BadEvent::UnknownType(e.event_type.clone()));
    }
    let m: CarPricingChanged = e.decode().map_err(|_| BadEvent::Decode)?;
    let car_id: Uuid = m.car_id.parse().map_err(|_| BadEvent::Field("car_id"))?;
    let owner_id: Uuid = m.owner_id.parse().map_err(|_| BadEvent::Field("owner_id"))?;
    if m.daily_price_cents <= 0 {
        return Err(BadEvent::Field("daily_price_cents"));
    }
    if m.time_zone.parse::<chrono_tz::Tz>().is_err() {
        return Err(BadEvent::Field("time_zone"));
    }
    if !(-90.0..=90.0).contains(&m.latitude) || !(-180.0..=180.0).contains(&m.longitude) {
        return Err(BadEvent::Field("coordinates"));
    }
    let mut extras = Vec::with_capacity(m.extras.len());
    for x in &m.extras {
        let per = Per::parse(&x.per).ok_or(BadEvent::Field("extra per"))?;
        if x.amount_cents < 0 || x.extra_id.is_empty() {
            return Err(BadEvent::Field("extra"));
        }
        extras.push(pricing_domain::rates::Extra {
            extra_id: x.extra_id.clone(),
            extra_type: x.extra_type.clone(),
            description: x.description.clone(),
            amount: pricing_domain::Cents(x.amount_cents),
            per,
            is_quantity_choosable: x.is_quantity_choosable,
            available_quantity: i64::from(x.available_quantity.max(1)),
        });
    }
    let mut date_prices = serde_json::Map::with_capacity(m.date_prices.len());
    for d in &m.date_prices {
        let date: chrono::NaiveDate =
            d.date.parse().map_err(|_| BadEvent::Field("date_prices date"))?;
        if d.daily_price_cents <= 0 {
            return Err(BadEvent::Field("date_prices daily_price_cents"));
        }
        date_prices.insert(date.to_string(), d.daily_price_cents.into());
    }
    Ok(RatesRow {
        car_id,
        owner_id,
        version: m.version,
        status: m.status,
        daily_price_cents: m.daily_price_cents,
        price_per_hour_cents: m.price_per_hour_cents.max(0),
        weekly_discount_pct: m.weekly_discount_pct.clamp(0, 50),
        monthly_discount_pct: m.monthly_discount_pct.clamp(0, 50),
        miles_per_day: m.miles_per_day.max(0),
        price_per_mile_cents: m.price_per_mile_cents.max(0),
        delivery_price_per_mile_cents: m.delivery_price_per_mile_cents.max(0),
        max_delivery_miles: m.max_delivery_miles.max(0),
        min_age: m.min_age.max(pricing_domain::policy::MIN_DRIVER_AGE as i32),
        state: m.state,
        time_zone: m.time_zone,
        latitude: m.latitude,
        longitude: m.longitude,
        extras: serde_json::to_value(&extras).map_err(|_| BadEvent::Field("extras"))?,
        date_prices: date_prices.into(),
    })
}

fn ids(list: &[String], field: &'static str) -> Result<Vec<Uuid>, BadEvent> {
    let mut out: Vec<Uuid> = list
        .iter()
        .map(|s| s.trim().parse().map_err(|_| BadEvent::Field(field)))
        .collect::<Result<_, _>>()?;
    out.sort_unstable();
    out.dedup();
    Ok(out)
}

/// Reads a team event into the row it sets (the rules of trips' own read model).
pub fn team_of(e: &Envelope) -> Result<TeamAccess, BadEvent> {
    if e.event_type != TeamChanged::ROUTING_KEY {
        return Err(BadEvent::UnknownType(e.event_type.clone()));
    }
    let m: TeamChanged = e.decode().map_err(|_| BadEvent::Decode)?;
    let team_id = m.team_id.trim().parse().map_err(|_| BadEvent::Field("team_id"))?;
    let host_id: Uuid = m.host_id.trim().parse().map_err(|_| BadEvent::Field("host_id"))?;
    let active = match m.status() {
        TeamStatus::Active => true,
        TeamStatus::Inactive | TeamStatus::Deleted => false,
        TeamStatus::Unspecified => return Err(BadEvent::Field("status")),
    };
    if m.version <= 0 {
        return Err(BadEvent::Field("version"));
    }
    let mut cohost_ids = ids(&m.cohost_ids, "cohost_ids")?;
    // The host is never their own co-host.
    cohost_ids.retain(|c| *c != host_id);
    Ok(TeamAccess {
        team_id,
        host_id,
        active,
        booking_management: m.booking_management,
        car_ids: ids(&m.car_ids, "car_ids")?,
        cohost_ids,
        version: m.version,
    })
}

/// A guest's trip as a trips event tells it: the trip, its guest (a booking names one, a
/// cancellation does not) and whether it counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GuestTrip {
    pub trip_id: Uuid,
    pub guest_id: Option<Uuid>,
    pub counts: bool,
}

/// Reads a trips event into the guest's trip it tells of.
pub fn guest_trip_of(e: &Envelope) -> Result<GuestTrip, BadEvent> {
    if e.event_type == TripBooked::ROUTING_KEY {
        let m: TripBooked = e.decode().map_err(|_| BadEvent::Decode)?;
        return Ok(GuestTrip {
            trip_id: m.trip_id.trim().parse().map_err(|_| BadEvent::Field("trip_id"))?,
            guest_id: Some(m.guest_id.trim().parse().map_err(|_| BadEvent::Field("guest_id"))?),
            counts: true,
        });
    }
    if e.event_type == TripCancelled::ROUTING_KEY {
        let m: TripCancelled = e.decode().map_err(|_| BadEvent::Decode)?;
        return Ok(GuestTrip {
            trip_id: m.trip_id.trim().parse().map_err(|_| BadEvent::Field("trip_id"))?,
            guest_id: None,
            counts: false,
        });
    }
    Err(BadEvent::UnknownType(e.event_type.clone()))
}

/// The consumer's handler: each event to its read model.
pub struct Projections {
    pub state: std::sync::Arc<crate::state::AppState>,
}

fn dropped(event: &Envelope, e: &BadEvent) {
    tracing::error!(event_id = %event.id, event_type = %event.event_type, error = %e, "dropping an event that cannot be applied")
}

#[async_trait::async_trait]
impl EventHandler for Projections {
    async fn handle(&self, conn: &mut AsyncPgConnection, event: &Envelope) -> anyhow::Result<()> {
        if event.event_type == TripBooked::ROUTING_KEY
            || event.event_type == TripCancelled::ROUTING_KEY
        {
            match guest_trip_of(event) {
                Ok(t) => {
                    crate::store::coupons::record_guest_trip(conn, t.trip_id, t.guest_id, t.counts)
                        .await?;
                }
                Err(e) => dropped(event, &e),
            }
            return Ok(());
        }
        if event.event_type == TeamChanged::ROUTING_KEY {
            match team_of(event) {
                Ok(row) => {
                    let applied = teams::upsert(conn, &row).await?;
                    tracing::info!(event_id = %event.id, team_id = %row.team_id, version = row.version, applied, "team event");
                }
                Err(e) => dropped(event, &e),
            }
            return Ok(());
        }
        match row_of(event) {
            Ok(row) => {
                let applied = crate::store::rates::upsert(conn, &row).await?;
                tracing::debug!(event_id = %event.id, car_id = %row.car_id, applied, "rates event");
            }
            Err(e) => dropped(event, &e),
        }
        Ok(())
    }

    async fn committed(&self, event: &Envelope) {
        if let Ok(row) = row_of(event) {
            self.state.rates_cache.forget(row.car_id);
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use prost::Message;

    fn envelope(m: &TeamChanged) -> Envelope {
        Envelope {
            id: Uuid::now_v7(),
            event_type: TeamChanged::ROUTING_KEY.to_owned(),
            payload: m.encode_to_vec(),
            headers: Default::default(),
        }
    }

    fn valid() -> TeamChanged {
        let host = Uuid::now_v7().to_string();
        TeamChanged {
            team_id: Uuid::now_v7().to_string(),
            host_id: host.clone(),
            status: TeamStatus::Active as i32,
            car_ids: vec![Uuid::from_u128(2).to_string(), Uuid::from_u128(1).to_string()],
            cohost_ids: vec![Uuid::from_u128(9).to_string(), host, Uuid::from_u128(9).to_string()],
            booking_management: true,
            pricing_availability: false,
            version: 3,
            occurred_at: String::new(),
            cohost_shares_bp: vec![],
        }
    }

    #[test]
    fn a_cars_date_prices_become_its_rates_and_bad_ones_say_why() {
        use upcar_proto::events::DatePrice;
        let event = |prices: Vec<DatePrice>| {
            let m = CarPricingChanged {
                car_id: Uuid::now_v7().to_string(),
                owner_id: Uuid::now_v7().to_string(),
                version: 1,
                status: "active".into(),
                daily_price_cents: 7_500,
                time_zone: "America/Los_Angeles".into(),
                date_prices: prices,
                ..Default::default()
            };
            Envelope {
                id: Uuid::now_v7(),
                event_type: CarPricingChanged::ROUTING_KEY.to_owned(),
                payload: m.encode_to_vec(),
                headers: Default::default(),
            }
        };
        let price =
            |date: &str, cents: i64| DatePrice { date: date.into(), daily_price_cents: cents };
        let row = row_of(&event(vec![price("2026-12-24", 15_000)])).unwrap();
        let rates = row.rates();
        let eve = chrono::NaiveDate::from_ymd_opt(2026, 12, 24).unwrap();
        assert_eq!(rates.day_price(eve), (pricing_domain::Cents(15_000), true));
        assert_eq!(rates.day_price(eve.succ_opt().unwrap()), (pricing_domain::Cents(7_500), false));
        assert_eq!(
            row_of(&event(vec![price("24/12/2026", 15_000)])).err(),
            Some(BadEvent::Field("date_prices date"))
        );
        assert_eq!(
            row_of(&event(vec![price("2026-12-24", 0)])).err(),
            Some(BadEvent::Field("date_prices daily_price_cents"))
        );
    }

    #[test]
    fn trips_events_tell_which_trips_of_a_guest_count() {
        let (trip, guest) = (Uuid::now_v7(), Uuid::now_v7());
        let booked = TripBooked {
            trip_id: trip.to_string(),
            guest_id: guest.to_string(),
            ..Default::default()
        };
        let e = Envelope {
            id: Uuid::now_v7(),
            event_type: TripBooked::ROUTING_KEY.to_owned(),
            payload: booked.encode_to_vec(),
            headers: Default::default(),
        };
        assert_eq!(
            guest_trip_of(&e).unwrap(),
            GuestTrip { trip_id: trip, guest_id: Some(guest), counts: true }
        );
        let cancelled = TripCancelled { trip_id: trip.to_string(), ..Default::default() };
        let e = Envelope {
            event_type: TripCancelled::ROUTING_KEY.to_owned(),
            payload: cancelled.encode_to_vec(),
            ..e
        };
        assert_eq!(
            guest_trip_of(&e).unwrap(),
            GuestTrip { trip_id: trip, guest_id: None, counts: false }
        );
        let bad = Envelope {
            payload: TripBooked::default().encode_to_vec(),
            event_type: TripBooked::ROUTING_KEY.to_owned(),
            ..e
        };
        assert_eq!(guest_trip_of(&bad), Err(BadEvent::Field("trip_id")));
    }

    #[test]
    fn a_team_event_becomes_its_access_row_and_bad_ones_say_why() {
        let row = team_of(&envelope(&valid())).unwrap();
        assert!(row.active && row.booking_management);
        assert_eq!(row.car_ids, [Uuid::from_u128(1), Uuid::from_u128(2)]);
        assert_eq!(row.cohost_ids, [Uuid::from_u128(9)], "no repeats, never the host");
        let deleted = TeamChanged { status: TeamStatus::Deleted as i32, ..valid() };
        assert!(!team_of(&envelope(&deleted)).unwrap().active);
        let cases: [(TeamChanged, BadEvent); 3] = [
            (TeamChanged { team_id: "x".into(), ..valid() }, BadEvent::Field("team_id")),
            (
                TeamChanged { status: TeamStatus::Unspecified as i32, ..valid() },
                BadEvent::Field("status"),
            ),
            (TeamChanged { version: 0, ..valid() }, BadEvent::Field("version")),
        ];
        for (m, why) in cases {
            assert_eq!(team_of(&envelope(&m)), Err(why));
        }
    }
}
