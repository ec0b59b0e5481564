//! The home page's Handpicked Cars grid and featured car.

use super::convert;
use crate::domain::home::{self, HomeCategory};
use crate::error::{CatalogError, CatalogResult};
use crate::state::AppState;
use crate::store::cars;
use upcar_proto::catalog as pb;

pub async fn home_cars(
    state: &AppState,
    r: pb::HomeCarsRequest,
) -> CatalogResult<pb::HomeCarsReply> {
    let category = HomeCategory::parse(&r.category).ok_or(CatalogError::BadCarType)?;
    let mut conn = state.conn().await?;
    let rows = cars::best_rated(&mut conn, &category.filter(), home::GRID_SIZE).await?;
    Ok(pb::HomeCarsReply { cars: rows.iter().map(|c| convert::summary(c, 0.0)).collect() })
}

/// Cars a host's public profile shows.
pub const OWNER_PAGE: i32 = 6;

/// A host's active cars, best rated first (an unknown or malformed id has none).
pub async fn cars_by_owner(
    state: &AppState,
    r: pb::CarsByOwnerRequest,
) -> CatalogResult<pb::CarsByOwnerReply> {
    let page = r.page.max(1);
    let limit = if r.limit <= 0 { OWNER_PAGE } else { r.limit.min(50) };
    let Ok(owner) = r.owner_id.trim().parse::<uuid::Uuid>() else {
        return Ok(pb::CarsByOwnerReply { cars: vec![], total: 0, page, limit });
    };
    let mut conn = state.conn().await?;
    let offset = i64::from(page - 1) * i64::from(limit);
    let (rows, total) = cars::by_owner(&mut conn, owner, i64::from(limit), offset).await?;
    Ok(pb::CarsByOwnerReply {
        cars: rows.iter().map(|c| convert::summary(c, 0.0)).collect(),
        total,
        page,
        limit,
    })
}

pub async fn featured_car(state: &AppState) -> CatalogResult<pb::FeaturedCarReply> {
    let mut conn = state.conn().await?;
    let c = cars::featured(&mut conn, home::FEATURED_MIN_RATINGS)
        .await?
        .ok_or(CatalogError::FeaturedCarNotFound)?;
    Ok(pb::FeaturedCarReply {
        message: home::featured_message(
            c.card.car_year,
            &c.card.make,
            &c.card.model,
            &c.trim,
            c.card.total_rating,
            c.card.rating_count,
        ),
        car: Some(convert::summary(&c, 0.0)),
    })
}
