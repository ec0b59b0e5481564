//! A car's ratings: its average, the category averages and its reviews, newest first.

use super::cars::car_id;
use crate::domain::reviews::{REVIEWS_PAGE_SIZE, RatingCategory};
use crate::error::{CatalogError, CatalogResult};
use crate::state::AppState;
use crate::store::{cars, reviews};
use upcar_proto::catalog as pb;

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
        reviews: rows
            .into_iter()
            .map(|v| pb::CarReview {
                from_user_id: v.from_user_id.to_string(),
                reviewer_name: v.reviewer_name,
                reviewer_profile_pic: v.reviewer_profile_pic,
                review_time: v.created_at.to_rfc3339(),
                stars: v.stars,
                review: v.review,
                response: v.response,
                responser_name: v.responser_name,
            })
            .collect(),
    })
}
