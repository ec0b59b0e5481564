//! Car pages, availability checks, the calendar's blocked dates and the enum lists.

use super::convert;
use crate::cache;
use crate::domain::enums;
use crate::domain::window::TripWindow;
use crate::error::{CatalogError, CatalogResult};
use crate::state::AppState;
use crate::store::cars;
use chrono::{Datelike, NaiveDate};
use upcar_proto::catalog as pb;
use uuid::Uuid;

pub(super) fn car_id(id: &str) -> CatalogResult<Uuid> {
    // An id that cannot exist is an unknown car, like any other.
    id.trim().parse().map_err(|_| CatalogError::CarNotFound)
}

/// One extra as stored in `cars.extras`.
#[derive(serde::Deserialize)]
#[serde(rename_all = "camelCase")]
struct StoredExtra {
    extra_id: String,
    extra_type: String,
    #[serde(default)]
    description: String,
    price_cents: i64,
    per: String,
    #[serde(default)]
    is_quantity_choosable: bool,
    #[serde(default = "one")]
    available_quantity: i32,
}

fn one() -> i32 {
    1
}

/// A car page, from the cache when it holds it.
pub async fn get_car(state: &AppState, id: &str) -> CatalogResult<pb::CarDetails> {
    let id = car_id(id)?;
    let key = cache::car_key(state, id);
    if let Some(details) = cache::get::<pb::CarDetails>(state, &key).await {
        return Ok(details);
    }
    let details = car_details(state, id).await?;
    cache::put(state, &key, &details).await;
    Ok(details)
}

async fn car_details(state: &AppState, id: Uuid) -> CatalogResult<pb::CarDetails> {
    let mut conn = state.conn().await?;
    let c = cars::by_id(&mut conn, id).await?.ok_or(CatalogError::CarNotFound)?;
    let extras: Vec<StoredExtra> = serde_json::from_value(c.extras.clone()).unwrap_or_default();
    Ok(pb::CarDetails {
        summary: Some(convert::summary(&c, 0.0)),
        title: format!("{} {} {}", c.card.car_year, c.card.make, c.card.model),
        trim: c.trim.clone(),
        doors: c.doors,
        description: c.description.clone(),
        features: c.features.clone(),
        extras: extras
            .into_iter()
            .map(|e| pb::Extra {
                extra_id: e.extra_id,
                extra_type: e.extra_type,
                description: e.description,
                price_cents: e.price_cents,
                per: e.per,
                is_quantity_choosable: e.is_quantity_choosable,
                available_quantity: e.available_quantity,
            })
            .collect(),
        min_age_required: c.min_age,
        price_per_hour_cents: c.price_per_hour_cents,
        advance_notice_hours: c.advance_notice_hours,
        min_trip_days: c.min_trip_days,
        max_trip_days: c.max_trip_days,
        status: c.status.clone(),
        time_zone: c.time_zone.clone(),
        license_plate: cars::license_plate(&mut conn, id).await?,
    })
}

pub async fn is_available(
    state: &AppState,
    r: pb::AvailabilityRequest,
) -> CatalogResult<pb::AvailabilityReply> {
    let id = car_id(&r.car_id)?;
    let mut conn = state.conn().await?;
    let c = cars::by_id(&mut conn, id).await?.ok_or(CatalogError::CarNotFound)?;
    let tz: chrono_tz::Tz = c.time_zone.parse().unwrap_or(chrono_tz::America::Los_Angeles);
    let now = state.clock.now();
    let w = TripWindow::parse(&r.from_date, &r.from_time, &r.until_date, &r.until_time, tz, now)?;
    let reply = |available: bool, message: &str| {
        Ok(pb::AvailabilityReply {
            available,
            message: message.to_owned(),
            instant_booking: c.instant_booking,
            min_driver_age: c.min_age,
        })
    };
    if c.status != "active" {
        return reply(false, "This car is not available for booking.");
    }
    if w.start < now + chrono::Duration::hours(i64::from(c.advance_notice_hours)) {
        return reply(
            false,
            &format!("This car needs {} hours of advance notice.", c.advance_notice_hours),
        );
    }
    let days = w.days();
    if days < i64::from(c.min_trip_days) {
        return reply(
            false,
            &format!("The minimum trip for this car is {} days.", c.min_trip_days),
        );
    }
    if days > i64::from(c.max_trip_days) {
        return reply(
            false,
            &format!("The maximum trip for this car is {} days.", c.max_trip_days),
        );
    }
    if let Some(week) = crate::hours_feed::week_of_host(&mut conn, c.card.owner_id).await?
        && let Err(refusal) = week.check(w.local_start, w.end.with_timezone(&tz).naive_local())
    {
        return reply(false, &refusal.to_string());
    }
    if cars::is_free(&mut conn, id, w.start, w.end).await? {
        reply(true, "Car is available for these dates.")
    } else {
        reply(false, "Car is not available for these dates.")
    }
}

/// What to offer in place of a car that is not free for a window: the nearest windows of the
/// same length this car is free for (its notice, its host's hours and the booking horizon
/// kept), and up to three cars nearby with at least its seats that are free for the window.
pub async fn alternatives(
    state: &AppState,
    r: pb::AvailabilityRequest,
    guest: Option<Uuid>,
) -> CatalogResult<pb::AlternativesReply> {
    use crate::domain::alternatives::{self as alt, OTHER_CARS, OTHER_CARS_READ};
    let id = car_id(&r.car_id)?;
    let mut conn = state.conn().await?;
    let c = cars::by_id(&mut conn, id).await?.ok_or(CatalogError::CarNotFound)?;
    let tz: chrono_tz::Tz = c.time_zone.parse().unwrap_or(chrono_tz::America::Los_Angeles);
    let now = state.clock.now();
    let w = TripWindow::parse(&r.from_date, &r.from_time, &r.until_date, &r.until_time, tz, now)?;
    let local_end = w.end.with_timezone(&tz).naive_local();
    let same_car = if c.status == "active" {
        let (from, until) = alt::search_span(w.start, w.end);
        let busy = cars::busy_periods(&mut conn, id, from, until).await?;
        let week = crate::hours_feed::week_of_host(&mut conn, c.card.owner_id).await?;
        let earliest = now + chrono::Duration::hours(i64::from(c.advance_notice_hours));
        alt::nearest_free(w.local_start, local_end, tz, earliest, &busy, |s, e, start| {
            pricing_domain::window::within_horizon(start, now)
                && week.as_ref().is_none_or(|wk| wk.check(s, e).is_ok())
        })
    } else {
        Vec::new()
    };
    drop(conn);
    let same_car = same_car
        .into_iter()
        .map(|(s, e)| pb::LocalWindow {
            start_date: s.date().to_string(),
            start_time: crate::domain::window::format_time(s.time()),
            end_date: e.date().to_string(),
            end_time: crate::domain::window::format_time(e.time()),
        })
        .collect();
    // The search near the car for the window asked, nearest first.
    let nearby = pb::SearchRequest {
        from_date: r.from_date.clone(),
        from_time: r.from_time.clone(),
        until_date: r.until_date.clone(),
        until_time: r.until_time.clone(),
        latitude: Some(c.card.latitude),
        longitude: Some(c.card.longitude),
        sort_by: "distance".to_owned(),
        min_seats: alt::min_seats_of(c.card.seats),
        page: 1,
        limit: OTHER_CARS_READ,
        ..Default::default()
    };
    let (found, _) = super::search::search(state, nearby).await?;
    let other_cars = found
        .cars
        .into_iter()
        // Neither the car asked nor a car of the guest's own.
        .filter(|car| {
            car.id != c.card.id.to_string() && guest.is_none_or(|g| car.owner_id != g.to_string())
        })
        .take(OTHER_CARS)
        .collect();
    Ok(pb::AlternativesReply { same_car, other_cars })
}

pub async fn blocked_dates(
    state: &AppState,
    r: pb::BlockedDatesRequest,
) -> CatalogResult<pb::BlockedDatesReply> {
    let id = car_id(&r.car_id)?;
    let first = NaiveDate::from_ymd_opt(r.year, r.month.clamp(0, 13) as u32, 1)
        .filter(|d| (2000..=2200).contains(&d.year()))
        .ok_or(CatalogError::BadMonth)?;
    let last = first
        .checked_add_months(chrono::Months::new(1))
        .and_then(|d| d.pred_opt())
        .unwrap_or(first);
    let mut conn = state.conn().await?;
    let c = cars::by_id(&mut conn, id).await?.ok_or(CatalogError::CarNotFound)?;
    let days = cars::blocked_days(&mut conn, id, &c.time_zone, first, last).await?;
    Ok(pb::BlockedDatesReply { dates: days.iter().map(|d| d.to_string()).collect() })
}

pub async fn list_enum(state: &AppState, name: &str) -> CatalogResult<pb::EnumReply> {
    let items = if name == "availableCarMakes" {
        // Read from every active car: cached, and dropped whenever a car changes.
        let key = cache::makes_key(state);
        if let Some(reply) = cache::get::<pb::EnumReply>(state, &key).await {
            return Ok(reply);
        }
        let mut conn = state.conn().await?;
        let makes = cars::available_makes(&mut conn).await?;
        let reply = pb::EnumReply {
            items: makes.into_iter().map(|m| pb::EnumItem { value: m.clone(), label: m }).collect(),
        };
        cache::put(state, &key, &reply).await;
        return Ok(reply);
    } else {
        enums::list(name).ok_or_else(|| CatalogError::EnumNotFound(name.to_owned()))?
    };
    Ok(pb::EnumReply {
        items: items.into_iter().map(|(value, label)| pb::EnumItem { value, label }).collect(),
    })
}

pub fn models_for_make(make: &str) -> CatalogResult<pb::EnumReply> {
    let models = enums::models_for(make).ok_or(CatalogError::MakeNotFound)?;
    Ok(pb::EnumReply {
        items: models
            .iter()
            .map(|m| pb::EnumItem { value: m.to_string(), label: m.to_string() })
            .collect(),
    })
}
