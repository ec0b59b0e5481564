//! What hosting publishes: a listed car's full state (`hosting.car_listing_changed`) when an
//! admin approves it and after every later change, written to the outbox in the change's
//! transaction. Drafts and listings under review are never published.

use crate::store::listings::Listing;
use chrono::{DateTime, SecondsFormat, Timelike, Utc};
use upcar_proto::events::CarListingChanged;

/// The event of a listing's current state; `None` while it has not been approved, or if a part
/// is missing (which the table's constraints rule out past the wizard).
pub fn listing_changed(l: &Listing, now: DateTime<Utc>) -> Option<CarListingChanged> {
    let r = &l.row;
    if !r.stage().is_published() {
        return None;
    }
    let place = l.place.as_ref()?;
    let rules = l.rules.as_ref()?;
    let text = |v: &Option<String>| v.clone().unwrap_or_default();
    Some(CarListingChanged {
        car_id: r.id.to_string(),
        host_id: r.host_id.to_string(),
        version: r.version,
        status: crate::api::states::listing_status(&r.status) as i32,
        vin: text(&r.vin),
        make: text(&r.make),
        model: text(&r.model),
        car_year: r.car_year?,
        trim: text(&r.trim),
        style: text(&r.style),
        transmission_type: text(&r.transmission),
        odometer: text(&r.odometer),
        seats: r.seats?,
        doors: r.doors?,
        gas_type: text(&r.gas_type),
        features: r.features.clone(),
        special_feature: text(&r.special_feature),
        description: text(&r.description),
        license_plate: text(&r.license_plate),
        plate_state: text(&r.plate_state),
        photo_urls: r.photo_urls.clone(),
        primary_photo_url: text(&r.primary_photo_url),
        daily_price_cents: r.daily_price_cents?,
        street: place.street.clone(),
        city: place.city.clone(),
        state: place.state.clone(),
        zip: place.zip.clone(),
        country: place.country.clone(),
        latitude: place.latitude,
        longitude: place.longitude,
        time_zone: place.time_zone.clone(),
        advance_notice_hours: rules.advance_notice_hours,
        min_trip_days: rules.min_trip_days,
        max_trip_days: rules.max_trip_days,
        two_day_weekend: rules.two_day_weekend,
        occurred_at: now.to_rfc3339_opts(SecondsFormat::Millis, true),
        weekly_discount_pct: l.settings.as_ref().map_or(0, |x| x.weekly_discount_pct),
        monthly_discount_pct: l.settings.as_ref().map_or(0, |x| x.monthly_discount_pct),
        instant_booking: l.settings.as_ref().is_none_or(|x| x.instant_booking),
        extras: crate::api::view::extras(l),
        date_prices: crate::api::view::date_prices(l)
            .into_iter()
            .map(|(d, cents)| upcar_proto::events::DatePrice {
                date: d.to_string(),
                daily_price_cents: cents,
            })
            .collect(),
    })
}

/// A host's weekly hours as published: minutes from midnight, -1 for a whole day.
pub fn weekly_hours_changed(
    host: uuid::Uuid,
    version: i64,
    week: &hosting_domain::availability::WeeklyAvailability,
    now: DateTime<Utc>,
) -> upcar_proto::events::WeeklyHoursChanged {
    let minute = |t: &str| {
        hosting_domain::availability::parse_time(t)
            .map(|t| i32::try_from(t.num_seconds_from_midnight() / 60).unwrap_or(-1))
            .unwrap_or(-1)
    };
    upcar_proto::events::WeeklyHoursChanged {
        host_id: host.to_string(),
        version,
        is_always_available: week.is_always_available,
        days: week
            .weekly_availability
            .iter()
            .map(|d| {
                let (start, end) = (minute(&d.start_time), minute(&d.end_time));
                let whole = start < 0 || end < 0;
                upcar_proto::events::WeeklyHoursDay {
                    day: d.day.to_owned(),
                    is_available: d.is_available,
                    start_minute: if whole { -1 } else { start },
                    end_minute: if whole { -1 } else { end },
                }
            })
            .collect(),
        occurred_at: now.to_rfc3339_opts(SecondsFormat::Millis, true),
    }
}
