//! `/v1/hostbusiness/*`: the host's business pages (spec 001 section 7, Host business; the
//! spec shows no answer shapes). Performance is hosting's, computed from the host's trips.

use crate::auth::AuthUser;
use crate::error::HttpResult;
use crate::grpc::request;
use crate::state::AppState;
use crate::wire::{Int, Json, Query, dollars};
use actix_web::{get, web};
use serde::{Deserialize, Serialize};
use upcar_proto::hosting as pb;
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;

type State = web::Data<AppState>;

/// Registers this module's routes.
pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(performance);
}

/// `getPerformanceData?days`.
#[derive(Debug, Deserialize, Default, IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct PerformanceQuery {
    /// The period: the last `days` days, 7 to 730 (365 when absent).
    days: Int,
}

/// A host's performance over the period. Rates are percentages with two decimals, `null` when
/// there is nothing to measure (no bookings, no requests, no car on the platform).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Performance {
    period_days: i32,
    from: String,
    to: String,
    /// Of those bookings, trips that ended (checked out).
    trips_completed: i32,
    /// Bookings made in the period or whose trip falls in it (completed, to come, cancelled).
    bookings: i32,
    /// What the host earned on them (after the platform's share), dollars.
    earnings: f64,
    /// Booked days over the days the host's cars could be booked.
    occupancy_rate: Option<f64>,
    /// Booking requests answered, over those received.
    response_rate: Option<f64>,
    /// Median time to answer a request, minutes.
    response_time_minutes: Option<f64>,
    requests: i32,
    /// Host cancellations over bookings.
    cancellation_rate: Option<f64>,
    /// good (at most the 2% band), warning (in the band up to the threshold), over (above 4%).
    cancellation_status: String,
    cancellation_threshold: f64,
    cancellation_penalty_band: f64,
    cars_on_platform: i32,
}

/// `{status, data}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct PerformanceAnswer {
    status: bool,
    data: Performance,
}

fn percent(bp: i32) -> f64 {
    f64::from(bp) / 100.0
}

/// The caller's performance as a host, from their trips.
#[utoipa::path(tag = "hostbusiness", params(PerformanceQuery), responses((status = 200, body = PerformanceAnswer)), security(("bearer" = [])))]
#[get("/hostbusiness/getPerformanceData")]
pub async fn performance(
    state: State,
    user: AuthUser,
    q: Query<PerformanceQuery>,
) -> HttpResult<Json<PerformanceAnswer>> {
    let msg = pb::PerformanceRequest { days: q.into_inner().days.or(0) };
    let r = state.hosting.clone().get_performance(request(msg, Some(&user.0))).await?.into_inner();
    Ok(Json(PerformanceAnswer {
        status: true,
        data: Performance {
            period_days: r.days,
            from: r.from,
            to: r.to,
            trips_completed: r.trips_completed,
            bookings: r.bookings,
            earnings: dollars(r.earnings_cents),
            occupancy_rate: r.occupancy_bp.map(percent),
            response_rate: r.response_rate_bp.map(percent),
            response_time_minutes: r
                .median_response_seconds
                .map(|s| (s as f64 / 60.0 * 10.0).round() / 10.0),
            requests: r.requests,
            cancellation_rate: r.cancellation_rate_bp.map(percent),
            cancellation_status: r.cancellation_status,
            cancellation_threshold: percent(r.cancellation_threshold_bp),
            cancellation_penalty_band: percent(r.cancellation_band_bp),
            cars_on_platform: r.cars,
        },
    }))
}
