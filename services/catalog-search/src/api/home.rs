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

pub async fn featured_car(state: &AppState) -> CatalogResult<pb::FeaturedCarReply> {
    let mut conn = state.conn().await?;
    let c = cars::featured(&mut conn, home::FEATURED_MIN_RATINGS)
        .await?
        .ok_or(CatalogError::FeaturedCarNotFound)?;
    Ok(pb::FeaturedCarReply {
        message: home::featured_message(
            c.car_year,
            &c.make,
            &c.model,
            &c.trim,
            c.total_rating,
            c.rating_count,
        ),
        car: Some(convert::summary(&c, 0.0)),
    })
}
