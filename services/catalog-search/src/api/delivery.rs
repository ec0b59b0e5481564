//! How far a delivery address is from a car, against the host's delivery limit.

use super::cars::car_id;
use crate::domain::geo::{GeoPoint, PointError, round_tenth};
use crate::error::{CatalogError, CatalogResult};
use crate::state::AppState;
use crate::store::cars;
use upcar_proto::catalog as pb;

pub async fn delivery_distance(
    state: &AppState,
    r: pb::DeliveryDistanceRequest,
) -> CatalogResult<pb::DeliveryDistanceReply> {
    let to = GeoPoint::from_lng_lat(&r.coordinates).map_err(|e| match e {
        PointError::Missing => CatalogError::DeliveryLocationRequired,
        PointError::Invalid => CatalogError::BadDeliveryLocation,
    })?;
    let id = car_id(&r.car_id)?;
    let mut conn = state.conn().await?;
    let c = cars::by_id(&mut conn, id).await?.ok_or(CatalogError::CarNotFound)?;
    let from = GeoPoint { latitude: c.card.latitude, longitude: c.card.longitude };
    let miles = round_tenth(from.miles_to(&to));
    Ok(pb::DeliveryDistanceReply {
        distance_miles: miles,
        max_delivery_miles: c.max_delivery_miles,
        // Compared as shown, so "25.0 of 25" is within range.
        is_within_range: miles <= f64::from(c.max_delivery_miles),
    })
}
