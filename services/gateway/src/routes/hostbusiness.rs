//! `/v1/hostbusiness/*`: the host's business pages (spec 001 section 7, Host business; the
//! spec shows no answer shapes). Performance is hosting's, computed from the host's trips.

use crate::auth::AuthUser;
use crate::error::HttpError;
use crate::error::HttpResult;
use crate::grpc::request;
use crate::state::AppState;
use crate::wire::{Int, Json, Query, Text, dollars};
use actix_web::{get, post, web};
use serde::{Deserialize, Serialize};
use upcar_proto::accounts as apb;
use upcar_proto::catalog as cpb;
use upcar_proto::hosting as pb;
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;

type State = web::Data<AppState>;

/// Registers this module's routes.
pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(performance).service(reviews_for_host).service(respond_to_review);
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

/// A review of one of the host's cars.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HostReview {
    /// The review's id (`respondToCarReview`'s `ratingId`).
    rating_id: String,
    car_id: String,
    car_name: String,
    from_user_id: String,
    reviewer_name: String,
    reviewer_profile_pic: String,
    /// RFC 3339.
    review_time: String,
    stars: i32,
    review: String,
    category_ratings: Vec<HostCategoryRating>,
    /// The host's public answer.
    response: Option<String>,
    responser_name: Option<String>,
}

/// A category rating of one review.
#[derive(Debug, Serialize, ToSchema)]
pub struct HostCategoryRating {
    category: String,
    rating: f64,
}

/// The reviews of the host's cars and their totals.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HostReviews {
    average_rating: f64,
    review_count: i32,
    /// Reviews without the host's answer yet.
    unanswered: i32,
    current_page: i32,
    num_pages: i32,
    reviews: Vec<HostReview>,
}

/// `{status, data}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct HostReviewsAnswer {
    status: bool,
    data: HostReviews,
}

/// `getReviewsForHost?page`.
#[derive(Debug, Deserialize, Default, IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct PageQuery {
    /// 1-based; 50 reviews a page.
    page: Int,
}

fn host_review(r: cpb::HostReview) -> HostReview {
    let v = r.review.unwrap_or_default();
    HostReview {
        rating_id: v.rating_id,
        car_id: r.car_id,
        car_name: r.car_name,
        from_user_id: v.from_user_id,
        reviewer_name: v.reviewer_name,
        reviewer_profile_pic: v.reviewer_profile_pic,
        review_time: v.review_time,
        stars: v.stars,
        review: v.review,
        category_ratings: r
            .categories
            .into_iter()
            .map(|c| HostCategoryRating { category: c.category, rating: c.rating })
            .collect(),
        response: v.response,
        responser_name: v.responser_name,
    }
}

/// The reviews guests wrote of the caller's cars, newest first.
#[utoipa::path(tag = "hostbusiness", params(PageQuery), responses((status = 200, body = HostReviewsAnswer)), security(("bearer" = [])))]
#[get("/hostbusiness/getReviewsForHost")]
pub async fn reviews_for_host(
    state: State,
    user: AuthUser,
    q: Query<PageQuery>,
) -> HttpResult<Json<HostReviewsAnswer>> {
    let msg = cpb::HostReviewsRequest { page: q.into_inner().page.or(1) };
    let r = state.catalog.clone().host_reviews(request(msg, Some(&user.0))).await?.into_inner();
    Ok(Json(HostReviewsAnswer {
        status: true,
        data: HostReviews {
            average_rating: r.average_rating,
            review_count: r.review_count,
            unanswered: r.unanswered,
            current_page: r.page,
            num_pages: r.num_pages,
            reviews: r.reviews.into_iter().map(host_review).collect(),
        },
    }))
}

/// `respondToCarReview` (spec 001: review rating response `{ratingId, responseMessage}`).
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct RespondBody {
    rating_id: Text,
    response_message: Text,
}

/// `{status, message, data: review}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct RespondAnswer {
    status: bool,
    message: String,
    data: HostReview,
}

/// The car's owner answers a review publicly (again: the answer is replaced).
#[utoipa::path(tag = "hosting", request_body = RespondBody, responses((status = 200, body = RespondAnswer)), security(("bearer" = [])))]
#[post("/cars/respondToCarReview")]
pub async fn respond_to_review(
    state: State,
    user: AuthUser,
    body: Json<RespondBody>,
) -> HttpResult<Json<RespondAnswer>> {
    let b = body.into_inner();
    // The answer is signed with the owner's public name (first name, last initial).
    let me = apb::PublicProfilesRequest { ids: vec![user.0.user_id.to_string()] };
    let name = state
        .accounts
        .clone()
        .get_public_profiles(request(me, None))
        .await
        .ok()
        .and_then(|r| r.into_inner().profiles.into_iter().next())
        .map(|p| format!("{} {}", p.first_name, p.last_name).trim().to_owned())
        .unwrap_or_default();
    let msg = cpb::RespondToReviewRequest {
        rating_id: b.rating_id.into(),
        response_message: b.response_message.into(),
        responder_name: name,
    };
    let r =
        state.catalog.clone().respond_to_review(request(msg, Some(&user.0))).await?.into_inner();
    let review = r.review.ok_or_else(|| HttpError::internal("catalog answered no review"))?;
    Ok(Json(RespondAnswer {
        status: true,
        message: "Response saved".to_owned(),
        data: host_review(cpb::HostReview {
            car_id: r.car_id,
            car_name: String::new(),
            review: Some(review),
            categories: Vec::new(),
        }),
    }))
}
