//! `/v1/trips/reviewTrip/{id}` and `/v1/trips/getTripReviews/{id}`: reviews after a trip. The
//! spec reads reviews (`cars/getRatings`, `guestReviews/getReviews`, the host card's rating) but
//! names no call that writes them; these two are the product's (docs/API.md). Trips owns the
//! rules: the guest reviews the car and host, the host the guest, each once within 14 days of
//! checkout, both hidden until both are in or the window closes.

use crate::auth::AuthUser;
use crate::error::HttpResult;
use crate::grpc::request;
use crate::state::AppState;
use crate::wire::{Int, Json, Number, Text};
use actix_web::{get, post, web};
use serde::{Deserialize, Serialize};
use upcar_proto::trips as pb;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

type State = web::Data<AppState>;

/// Registers this module's routes.
pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(review_trip).service(trip_reviews);
}

/// One category's stars.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default)]
pub struct CategoryRatingBody {
    /// Cleanliness, Maintenance, Communication, Convenience or Accuracy (any case).
    category: Text,
    /// Whole stars, 1 to 5.
    rating: Int,
}

/// `reviewTrip`.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct ReviewTripBody {
    /// Whole stars, 1 to 5 (also `rating`).
    #[serde(alias = "rating")]
    stars: Number,
    /// The text, at most 2,000 characters; may be empty.
    review: Text,
    /// The guest's review of the car only: each category at most once (also `categories`).
    #[serde(alias = "categories")]
    category_ratings: Vec<CategoryRatingBody>,
}

/// A category's stars.
#[derive(Debug, Serialize, ToSchema)]
pub struct TripCategoryRating {
    category: String,
    rating: i32,
}

/// A review of a trip.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TripReview {
    id: String,
    /// `guest` (of the car and host) or `host` (of the guest).
    author_role: crate::states::TripRole,
    /// The guest, or the car's owner for the host's review.
    from_user_id: String,
    reviewer_name: String,
    reviewer_profile_pic: String,
    stars: i32,
    review: String,
    category_ratings: Vec<TripCategoryRating>,
    /// RFC 3339.
    review_time: String,
    /// Public: both sides wrote, or the window closed.
    is_published: bool,
}

impl From<pb::TripReview> for TripReview {
    fn from(r: pb::TripReview) -> Self {
        TripReview {
            author_role: r.author_role().into(),
            id: r.id,
            from_user_id: r.from_user_id,
            reviewer_name: r.reviewer_name,
            reviewer_profile_pic: r.reviewer_profile_pic,
            stars: r.stars,
            review: r.review,
            category_ratings: r
                .category_ratings
                .into_iter()
                .map(|c| TripCategoryRating { category: c.category, rating: c.rating })
                .collect(),
            review_time: r.review_time,
            is_published: r.is_published,
        }
    }
}

/// A trip's reviews as the caller sees them.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TripReviews {
    trip_id: String,
    /// The caller's side: `guest` or `host` (a co-host managing bookings writes the host's).
    role: crate::states::TripRole,
    /// Whether the caller may write now (not yet written, trip completed, window open).
    can_review: bool,
    /// RFC 3339; `null` until the trip is completed.
    review_window_closes_at: Option<String>,
    my_review: Option<TripReview>,
    /// Whether the other side has written; its review stays hidden until published.
    other_side_reviewed: bool,
    /// The other side's review, once published.
    their_review: Option<TripReview>,
}

/// A trip's reviews.
#[derive(Debug, Serialize, ToSchema)]
pub struct TripReviewsAnswer {
    status: bool,
    message: String,
    data: TripReviews,
}

fn answer(r: pb::TripReviewsReply, message: &str) -> TripReviewsAnswer {
    TripReviewsAnswer {
        status: true,
        message: message.to_owned(),
        data: TripReviews {
            role: r.role().into(),
            trip_id: r.trip_id,
            can_review: r.can_review,
            review_window_closes_at: (!r.review_window_closes_at.is_empty())
                .then_some(r.review_window_closes_at),
            my_review: r.my_review.map(TripReview::from),
            other_side_reviewed: r.other_side_reviewed,
            their_review: r.their_review.map(TripReview::from),
        },
    }
}

/// Review a completed trip: its guest reviews the car and host (stars, category ratings,
/// text), its host or a co-host managing bookings reviews the guest (stars, text). Once per
/// side, within 14 days of checkout; shown to the other side and on the car and profiles once
/// both have written or the window has closed.
#[utoipa::path(tag = "reviews", request_body = ReviewTripBody, responses((status = 200, body = TripReviewsAnswer)), security(("bearer" = [])))]
#[post("/trips/reviewTrip/{tripId}")]
pub async fn review_trip(
    state: State,
    user: AuthUser,
    trip_id: web::Path<String>,
    body: Json<ReviewTripBody>,
) -> HttpResult<Json<TripReviewsAnswer>> {
    let b = body.into_inner();
    let msg = pb::WriteTripReviewRequest {
        trip_id: trip_id.into_inner(),
        stars: b.stars.0.unwrap_or(0.0),
        review: b.review.into(),
        category_ratings: b
            .category_ratings
            .into_iter()
            .map(|c| pb::ReviewCategoryRating {
                category: c.category.into(),
                rating: c.rating.or(0),
            })
            .collect(),
    };
    let r = state.trips.clone().write_trip_review(request(msg, Some(&user.0))).await?.into_inner();
    let message = if r.their_review.is_some() {
        "Thanks for your review! Both reviews are now public."
    } else {
        "Thanks for your review! It will be public once the other side reviews or the review window closes."
    };
    Ok(Json(answer(r, message)))
}

/// The caller's review of a trip, whether the other side has written, and the other side's
/// review once published.
#[utoipa::path(tag = "reviews", responses((status = 200, body = TripReviewsAnswer)), security(("bearer" = [])))]
#[get("/trips/getTripReviews/{tripId}")]
pub async fn trip_reviews(
    state: State,
    user: AuthUser,
    trip_id: web::Path<String>,
) -> HttpResult<Json<TripReviewsAnswer>> {
    let msg = pb::TripIdRequest { trip_id: trip_id.into_inner() };
    let r = state.trips.clone().get_trip_reviews(request(msg, Some(&user.0))).await?.into_inner();
    Ok(Json(answer(r, "")))
}
