//! A car's ratings: its average, the category averages and its reviews, newest first.

use super::cars::car_id;
use crate::domain::reviews::{REVIEWS_PAGE_SIZE, RatingCategory, parse_response};
use crate::error::{CatalogError, CatalogResult};
use crate::state::AppState;
use crate::store::{cars, reviews};
use diesel_async::AsyncConnection;
use upcar_identity::Identity;
use upcar_proto::catalog as pb;
use uuid::Uuid;

pub async fn get_ratings(
    state: &AppState,
    r: pb::RatingsRequest,
) -> CatalogResult<pb::RatingsReply> {
    let id = car_id(&r.car_id)?;
    let page = r.page.max(1);
    let mut conn = state.conn().await?;
    let car = cars::by_id(&mut conn, id).await?.ok_or(CatalogError::CarNotFound)?;
    let mut categories = reviews::category_averages(&mut conn, id).await?;
    categories.sort_by_key(|c| RatingCategory::parse(&c.category).map(RatingCategory::rank));
    let rows = reviews::newest_first(
        &mut conn,
        id,
        REVIEWS_PAGE_SIZE,
        (page - 1).saturating_mul(REVIEWS_PAGE_SIZE),
    )
    .await?;
    Ok(pb::RatingsReply {
        // The car's own figures, kept equal to its reviews' average and count, so the car
        // page, the search cards and this call agree.
        total_rating: car.card.total_rating,
        rating_count: car.card.rating_count,
        category_ratings: categories
            .into_iter()
            .map(|c| pb::CategoryRating { category: c.category, rating: c.rating })
            .collect(),
        reviews: rows.into_iter().map(review).collect(),
    })
}

/// A stored review as answered.
fn review(v: reviews::ReviewRow) -> pb::CarReview {
    pb::CarReview {
        rating_id: v.id.to_string(),
        from_user_id: v.from_user_id.to_string(),
        reviewer_name: v.reviewer_name,
        reviewer_profile_pic: v.reviewer_profile_pic,
        review_time: v.created_at.to_rfc3339(),
        stars: v.stars,
        review: v.review,
        response: v.response,
        responser_name: v.responser_name,
    }
}

/// `cars/respondToCarReview` `{ratingId, responseMessage}`: only the car's owner answers (a
/// review of another's car is not found); answering again replaces the answer.
pub async fn respond(
    state: &AppState,
    who: Option<Identity>,
    r: pb::RespondToReviewRequest,
) -> CatalogResult<pb::RespondToReviewReply> {
    let who = who.ok_or(CatalogError::SignInRequired)?;
    let text = parse_response(&r.response_message)?;
    let id: Uuid = r.rating_id.trim().parse().map_err(|_| CatalogError::ReviewNotFound)?;
    let name = match r.responder_name.trim() {
        "" => "Host",
        n => n,
    }
    .to_owned();
    let mut conn = state.conn().await?;
    let row = conn
        .transaction::<_, CatalogError, _>(async |c| {
            let (owner, row) =
                reviews::with_owner(c, id).await?.ok_or(CatalogError::ReviewNotFound)?;
            if owner != who.user_id {
                return Err(CatalogError::ReviewNotFound);
            }
            reviews::respond(c, id, &text, &name).await?;
            Ok(reviews::ReviewRow {
                response: Some(text.clone()),
                responser_name: Some(name.clone()),
                ..row
            })
        })
        .await?;
    // The car page caches its reviews' first page.
    crate::cache::forget_cars(state, &[row.car_id]).await;
    Ok(pb::RespondToReviewReply { car_id: row.car_id.to_string(), review: Some(review(row)) })
}

/// `hostbusiness/getReviewsForHost`: the reviews of the caller's cars, newest first.
pub async fn host_reviews(
    state: &AppState,
    who: Option<Identity>,
    r: pb::HostReviewsRequest,
) -> CatalogResult<pb::HostReviewsReply> {
    let who = who.ok_or(CatalogError::SignInRequired)?;
    let page = r.page.max(1);
    let mut conn = state.conn().await?;
    let totals = reviews::owner_totals(&mut conn, who.user_id).await?;
    let rows = reviews::of_owner(
        &mut conn,
        who.user_id,
        REVIEWS_PAGE_SIZE,
        (page - 1).saturating_mul(REVIEWS_PAGE_SIZE),
    )
    .await?;
    let ids: Vec<Uuid> = rows.iter().map(|r| r.review.id).collect();
    let mut categories = reviews::categories_of(&mut conn, &ids).await?;
    categories.sort_by_key(|(_, c, _)| RatingCategory::parse(c).map(RatingCategory::rank));
    Ok(pb::HostReviewsReply {
        average_rating: totals.average,
        review_count: totals.count,
        unanswered: totals.unanswered,
        page,
        num_pages: (totals.count + REVIEWS_PAGE_SIZE - 1) / REVIEWS_PAGE_SIZE,
        reviews: rows
            .into_iter()
            .map(|r| pb::HostReview {
                car_id: r.review.car_id.to_string(),
                car_name: r.car_name,
                categories: categories
                    .iter()
                    .filter(|(id, _, _)| *id == r.review.id)
                    .map(|(_, c, v)| pb::CategoryRating {
                        category: c.clone(),
                        rating: f64::from(*v),
                    })
                    .collect(),
                review: Some(review(r.review)),
            })
            .collect(),
    })
}
