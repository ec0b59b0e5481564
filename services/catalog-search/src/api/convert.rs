//! Rows to protobuf messages.

use crate::domain::window::LONG_TERM_DAYS;
use crate::store::cars::{CarRow, CardRow};
use upcar_proto::catalog as pb;

/// The monthly price of a 30-day rental: 30 daily prices less the host's long-term discount,
/// rounded to the cent.
pub fn monthly_price_cents(daily_price_cents: i64, monthly_discount_pct: i32) -> i64 {
    let gross = daily_price_cents * LONG_TERM_DAYS;
    gross - (gross * i64::from(monthly_discount_pct) + 50) / 100
}

/// The search-result fields of a car read whole.
pub fn summary(c: &CarRow, distance_miles: f64) -> pb::CarSummary {
    card(c.card.clone(), distance_miles)
}

/// The search-result fields of a card row, its strings moved into the message.
pub fn card(c: CardRow, distance_miles: f64) -> pb::CarSummary {
    pb::CarSummary {
        id: c.id.to_string(),
        monthly_price_cents: monthly_price_cents(c.daily_price_cents, c.monthly_discount_pct),
        make: c.make,
        model: c.model,
        car_year: c.car_year,
        latitude: c.latitude,
        longitude: c.longitude,
        address: Some(pb::Address {
            street: c.street,
            city: c.city,
            state: c.state,
            zip: c.zip,
            country: c.country,
        }),
        primary_photo_url: c.primary_photo_url,
        photo_urls: c.photo_urls,
        total_rating: c.total_rating,
        rating_count: c.rating_count,
        trip_count: c.trip_count,
        distance_miles: (distance_miles * 10.0).round() / 10.0,
        special_feature: c.special_feature,
        daily_price_cents: c.daily_price_cents,
        vehicle_type: c.style,
        seats: c.seats,
        transmission_type: c.transmission,
        gas_type: c.gas_type,
        owner_id: c.owner_id.to_string(),
    }
}
