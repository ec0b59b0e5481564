//! The rates read model, fed by `catalog.car_pricing_changed`. Each event carries the car's
//! full pricing; a row is replaced only by a newer `version`, so duplicates and late arrivals
//! change nothing. Events that cannot be applied are logged and dropped (redelivering them
//! would fail the same way forever).

use crate::store::rates::RatesRow;
use diesel_async::AsyncPgConnection;
use pricing_domain::rates::Per;
use upcar_events::{Envelope, EventHandler, IntegrationEvent};
use upcar_proto::events::CarPricingChanged;
use uuid::Uuid;

/// Routing keys this service consumes.
pub fn routing_keys() -> Vec<String> {
    vec![CarPricingChanged::ROUTING_KEY.to_owned()]
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
        min_age: m.min_age.max(21),
        state: m.state,
        time_zone: m.time_zone,
        latitude: m.latitude,
        longitude: m.longitude,
        extras: serde_json::to_value(&extras).map_err(|_| BadEvent::Field("extras"))?,
    })
}

/// The consumer's handler.
pub struct RatesProjection {
    pub state: std::sync::Arc<crate::state::AppState>,
}

#[async_trait::async_trait]
impl EventHandler for RatesProjection {
    async fn handle(&self, conn: &mut AsyncPgConnection, event: &Envelope) -> anyhow::Result<()> {
        match row_of(event) {
            Ok(row) => {
                let applied = crate::store::rates::upsert(conn, &row).await?;
                tracing::debug!(event_id = %event.id, car_id = %row.car_id, applied, "rates event");
            }
            Err(e) => {
                tracing::error!(event_id = %event.id, event_type = %event.event_type, error = %e, "dropping an event that cannot be applied")
            }
        }
        Ok(())
    }

    async fn committed(&self, event: &Envelope) {
        if let Ok(row) = row_of(event) {
            self.state.rates_cache.forget(row.car_id);
        }
    }
}
