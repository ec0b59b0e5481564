//! Place autocomplete and natural-language search parameters.

use crate::domain::search_params::{self, ParseError};
use crate::domain::window::zone_for;
use crate::error::{CatalogError, CatalogResult};
use crate::state::AppState;
use crate::store::places;
use upcar_proto::catalog as pb;

/// Autocomplete starts at 3 characters (spec 000 section 5).
pub const MIN_CHARS: usize = 3;
/// Longest place text looked up (autocomplete and forward geocoding).
pub const MAX_PLACE_CHARS: usize = 200;

fn group(kind: &str) -> &'static str {
    match kind {
        "city" => "City",
        "airport" => "Airport",
        "hotel" => "Hotel",
        _ => "Address",
    }
}

fn types(kind: &str) -> Vec<String> {
    match kind {
        "city" => vec!["locality".into(), "political".into()],
        "airport" => vec!["airport".into(), "point_of_interest".into()],
        "hotel" => vec!["lodging".into(), "point_of_interest".into()],
        _ => vec!["street_address".into()],
    }
}

pub async fn autocomplete(
    state: &AppState,
    r: pb::AutocompleteRequest,
) -> CatalogResult<pb::PlacesReply> {
    let text = r.text.trim();
    if text.chars().count() < MIN_CHARS {
        return Ok(pb::PlacesReply { places: vec![] });
    }
    if text.chars().count() > MAX_PLACE_CHARS {
        return Err(CatalogError::PlaceTextTooLong);
    }
    let limit = if r.limit <= 0 { 10 } else { r.limit.min(25) };
    let mut conn = state.conn().await?;
    let rows = places::autocomplete(&mut conn, text, limit).await?;
    Ok(pb::PlacesReply { places: rows.into_iter().map(|p| place(p, None)).collect() })
}

fn place(p: places::PlaceRow, distance_miles: Option<f64>) -> pb::Place {
    pb::Place {
        place_id: p.id,
        text: p.formatted_address.clone(),
        lat: p.latitude,
        lng: p.longitude,
        formatted_address: p.formatted_address,
        name: p.name,
        types: types(&p.kind),
        group: group(&p.kind).to_owned(),
        distance_miles,
    }
}

/// Place details by the id autocomplete gave.
pub async fn details(state: &AppState, r: pb::PlaceIdRequest) -> CatalogResult<pb::Place> {
    let id = r.place_id.trim();
    if id.is_empty() || id.len() > 200 {
        return Err(CatalogError::PlaceNotFound);
    }
    let mut conn = state.conn().await?;
    let row = places::by_id(&mut conn, id).await?.ok_or(CatalogError::PlaceNotFound)?;
    Ok(place(row, None))
}

/// How far reverse geocoding looks for a place.
pub const REVERSE_RADIUS_MILES: f64 = 100.0;

/// Forward geocoding (address text to places, best first) or reverse geocoding (a point to
/// the places nearest it, nearest first, within [`REVERSE_RADIUS_MILES`]).
pub async fn geocode(state: &AppState, r: pb::GeocodeRequest) -> CatalogResult<pb::PlacesReply> {
    let limit = if r.limit <= 0 { 5 } else { r.limit.min(25) };
    match (r.latitude, r.longitude) {
        (Some(lat), Some(lng)) => {
            if !(-90.0..=90.0).contains(&lat) || !(-180.0..=180.0).contains(&lng) {
                return Err(CatalogError::BadCoordinates);
            }
            let mut conn = state.conn().await?;
            let rows = places::nearest(&mut conn, lat, lng, REVERSE_RADIUS_MILES, limit).await?;
            Ok(pb::PlacesReply {
                places: rows.into_iter().map(|n| place(n.place, Some(n.distance_miles))).collect(),
            })
        }
        (None, None) => {
            let text = r.address.trim();
            if text.chars().count() < MIN_CHARS {
                return Err(CatalogError::AddressRequired);
            }
            if text.chars().count() > MAX_PLACE_CHARS {
                return Err(CatalogError::PlaceTextTooLong);
            }
            let mut conn = state.conn().await?;
            let rows = places::autocomplete(&mut conn, text, limit).await?;
            Ok(pb::PlacesReply { places: rows.into_iter().map(|p| place(p, None)).collect() })
        }
        _ => Err(CatalogError::BadCoordinates),
    }
}

pub fn parse_search_text(state: &AppState, text: &str) -> CatalogResult<pb::SearchParams> {
    // Relative words ("tomorrow", "Friday") are read in the marketplace's home time zone.
    let tz = zone_for(search_params::DEFAULT_LATITUDE, search_params::DEFAULT_LONGITUDE);
    let now = state.clock.now().with_timezone(&tz).naive_local();
    let p = search_params::parse(text, now, &state.gazetteer).map_err(|e| match e {
        ParseError::Empty => CatalogError::EmptyText,
        ParseError::TooLong => CatalogError::TextTooLong,
    })?;
    Ok(pb::SearchParams {
        from_date: p.from_date.to_string(),
        from_time: p.from_time,
        until_date: p.until_date.to_string(),
        until_time: p.until_time,
        location: p.location,
        latitude: p.latitude,
        longitude: p.longitude,
        vehicle_type: p.vehicle_type.unwrap_or_default(),
    })
}
