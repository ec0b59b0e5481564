//! Conflict alternatives (CONTRACT "Conflict alternatives"): a `409 car_not_available` of
//! `POST /v1/trips/createTrip` or of `GET /v1/cars/isCarAvailableForTheseDates/{id}` also
//! carries `alternatives: {sameCar, otherCars}`, nearest first: the windows of the same length
//! the car is free for (catalog-search), and comparable cars nearby free for the window asked,
//! each with its price for that window (pricing). Alternatives are a help, not the answer: when
//! they cannot be had, the conflict still answers, with empty lists.

use crate::error::{GatewayError, HttpError};
use crate::grpc::request;
use crate::state::AppState;
use crate::wire::dollars;
use actix_web::HttpResponse;
use serde::Serialize;
use std::collections::HashMap;
use upcar_identity::Identity;
use upcar_proto::{catalog as cpb, pricing as ppb};
use utoipa::ToSchema;

/// A window of the same car, as the spec's queries write dates and times (local to the car).
#[derive(Debug, Serialize, ToSchema, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct FreeWindow {
    start_date: String,
    start_time: String,
    end_date: String,
    end_time: String,
}

/// A comparable car free for the window asked.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OtherCar {
    car_id: String,
    make: String,
    model: String,
    car_year: i32,
    /// Miles from the car asked.
    distance: f64,
    /// Its price for the window asked, before tax.
    final_price_before_tax: f64,
}

/// What is offered in place of a car that is not free.
#[derive(Debug, Serialize, ToSchema, Default)]
#[serde(rename_all = "camelCase")]
pub struct Alternatives {
    same_car: Vec<FreeWindow>,
    other_cars: Vec<OtherCar>,
}

/// The 409 `car_not_available` answer with its alternatives.
#[derive(Debug, Serialize, ToSchema)]
pub struct Conflict {
    /// `car_not_available`.
    error: String,
    message: String,
    alternatives: Alternatives,
    /// `false` (the availability check's shape).
    #[serde(skip_serializing_if = "Option::is_none")]
    available: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    status: Option<bool>,
}

/// The alternatives to `window` of its car, for `who` (none for an anonymous check).
pub async fn of(
    state: &AppState,
    who: Option<&Identity>,
    window: cpb::AvailabilityRequest,
) -> Alternatives {
    let found = match state.catalog.clone().alternatives(request(window.clone(), who)).await {
        Ok(r) => r.into_inner(),
        Err(e) => {
            tracing::warn!(car_id = %window.car_id, error = %e, "no alternatives to offer");
            return Alternatives::default();
        }
    };
    let prices = if found.other_cars.is_empty() {
        HashMap::new()
    } else {
        let msg = ppb::TripPricesRequest {
            car_ids: found.other_cars.iter().map(|c| c.id.clone()).collect(),
            start_time: format!("{} {}", window.from_date.trim(), window.from_time.trim()),
            end_time: format!("{} {}", window.until_date.trim(), window.until_time.trim()),
            age: None,
        };
        match state.pricing.clone().get_trip_prices(request(msg, who)).await {
            Ok(r) => r
                .into_inner()
                .prices
                .into_iter()
                .map(|p| (p.car_id, p.final_price_before_tax_cents))
                .collect(),
            Err(e) => {
                tracing::warn!(error = %e, "the alternatives could not be priced");
                HashMap::new()
            }
        }
    };
    Alternatives {
        same_car: found
            .same_car
            .into_iter()
            .map(|w| FreeWindow {
                start_date: w.start_date,
                start_time: w.start_time,
                end_date: w.end_date,
                end_time: w.end_time,
            })
            .collect(),
        // A car that could not be priced is not offered: an offer shows what it costs.
        other_cars: found
            .other_cars
            .into_iter()
            .filter_map(|c| {
                let cents = *prices.get(&c.id)?;
                Some(OtherCar {
                    final_price_before_tax: dollars(cents),
                    car_id: c.id,
                    make: c.make,
                    model: c.model,
                    car_year: c.car_year,
                    distance: (c.distance_miles * 10.0).round() / 10.0,
                })
            })
            .collect(),
    }
}

/// The 409 answer of a car that is not free, with its alternatives; `availability` adds the
/// availability check's `available: false, status: false`.
pub async fn conflict(
    state: &AppState,
    who: Option<&Identity>,
    window: cpb::AvailabilityRequest,
    message: String,
    availability: bool,
) -> HttpResponse {
    let alternatives = of(state, who, window).await;
    let refusal = GatewayError::CarNotAvailable(String::new());
    HttpResponse::Conflict().json(Conflict {
        error: upcar_errors::ErrorCode::code(&refusal).to_owned(),
        message,
        alternatives,
        available: availability.then_some(false),
        status: availability.then_some(false),
    })
}

/// Whether an error is the car's conflict (`car_not_available`).
pub fn is_car_conflict(e: &HttpError) -> bool {
    let refusal = GatewayError::CarNotAvailable(String::new());
    e.code() == upcar_errors::ErrorCode::code(&refusal)
}
