//! Rows to protobuf messages.

use crate::domain::window::LONG_TERM_DAYS;
use crate::store::cars::CarRow;
use upcar_proto::catalog as pb;

/// The monthly price of a 30-day rental: 30 daily prices less the host's long-term discount,
/// rounded to the cent.
pub fn monthly_price_cents(c: &CarRow) -> i64 {
    let gross = c.daily_price_cents * LONG_TERM_DAYS;
    gross - (gross * i64::from(c.monthly_discount_pct) + 50) / 100
}

/// The search-result fields of a car.
pub fn summary(c: &CarRow, distance_miles: f64) -> pb::CarSummary {
    pb::CarSummary {
        id: c.id.to_string(),
        make: c.make.clone(),
        model: c.model.clone(),
        car_year: c.car_year,
        latitude: c.latitude,
        longitude: c.longitude,
        address: Some(pb::Address {
            street: c.street.clone(),
            city: c.city.clone(),
            state: c.state.clone(),
            zip: c.zip.clone(),
            country: c.country.clone(),
        }),
        primary_photo_url: c.primary_photo_url.clone(),
        photo_urls: c.photo_urls.clone(),
        total_rating: c.total_rating,
        rating_count: c.rating_count,
        trip_count: c.trip_count,
        distance_miles: (distance_miles * 10.0).round() / 10.0,
        special_feature: c.special_feature.clone(),
        daily_price_cents: c.daily_price_cents,
        monthly_price_cents: monthly_price_cents(c),
        vehicle_type: c.style.clone(),
        seats: c.seats,
        transmission_type: c.transmission.clone(),
        gas_type: c.gas_type.clone(),
        owner_id: c.owner_id.to_string(),
    }
}
