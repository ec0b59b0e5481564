//! The VIN step's helpers: decoding a VIN, whether it is registered, a make's models, and the
//! suggestions made from the decoded vehicle (features, description).

use crate::api::{host, listing_id};
use crate::error::{HostingError, HostingResult};
use crate::state::AppState;
use crate::store::listings;
use crate::suggest::{self, Vehicle};
use hosting_domain::vehicle::VehicleError;
use hosting_domain::vin::Vin;
use upcar_identity::Identity;
use upcar_proto::hosting as pb;

/// `getCarDetailsByVIN`: `found: false` when vPIC knows nothing of the VIN.
pub async fn decode(
    state: &AppState,
    who: Option<Identity>,
    r: pb::VinRequest,
) -> HostingResult<pb::DecodeVinReply> {
    host(who)?;
    let vin = Vin::parse(&r.vin)?;
    let decoded = state
        .vins
        .decode(vin.as_str())
        .await
        .map_err(|e| HostingError::VinLookup(e.to_string()))?;
    Ok(match decoded {
        Some(v) => pb::DecodeVinReply {
            found: true,
            vehicle: Some(pb::DecodedVehicle {
                make: v.make,
                model: v.model,
                trim: v.trim,
                style: v.style,
                car_year: v.car_year,
                transmission_type: v.transmission_type.unwrap_or_default(),
            }),
        },
        None => pb::DecodeVinReply { found: false, vehicle: None },
    })
}

/// `CheckExistingVIN`.
pub async fn exists(
    state: &AppState,
    who: Option<Identity>,
    r: pb::VinRequest,
) -> HostingResult<pb::CheckExistingVinReply> {
    let who = host(who)?;
    let vin = Vin::parse(&r.vin)?;
    let mut conn = state.conn().await?;
    // The caller's own draft holding the VIN does not count: it is the car being listed.
    let own = listings::draft_of(&mut conn, who.user_id).await?.map(|l| l.row.id);
    let exists = listings::vin_registered(&mut conn, vin.as_str(), own).await?;
    Ok(pb::CheckExistingVinReply { exists })
}

/// `getModelsForMake`.
pub async fn models(
    state: &AppState,
    who: Option<Identity>,
    r: pb::ModelsForMakeRequest,
) -> HostingResult<pb::ModelsForMakeReply> {
    host(who)?;
    let make = r.make.trim();
    if make.is_empty() {
        return Err(VehicleError::MakeRequired.into());
    }
    if make.chars().count() > 100 {
        return Err(HostingError::MakeTooLong);
    }
    let mut models = state
        .vins
        .models_for_make(make)
        .await
        .map_err(|e| HostingError::VinLookup(e.to_string()))?;
    models.sort_by_key(|m| m.to_lowercase());
    models.dedup_by(|a, b| a.eq_ignore_ascii_case(b));
    Ok(pb::ModelsForMakeReply { models })
}

fn vehicle_of(v: Option<pb::DecodedVehicle>) -> Vehicle {
    let v = v.unwrap_or_default();
    Vehicle {
        make: v.make,
        model: v.model,
        trim: v.trim,
        style: v.style,
        car_year: v.car_year,
        transmission_type: v.transmission_type,
    }
}

/// `getcarfeatures`.
pub fn features(
    who: Option<Identity>,
    r: pb::CarFeaturesRequest,
) -> HostingResult<pb::CarFeaturesReply> {
    host(who)?;
    let v = vehicle_of(r.vehicle);
    if v.make.trim().is_empty() || v.model.trim().is_empty() {
        return Err(HostingError::VehicleRequired);
    }
    let features = suggest::features(&v)
        .into_iter()
        .map(|(name, available)| pb::FeatureAvailability { name: name.to_owned(), available })
        .collect();
    Ok(pb::CarFeaturesReply { features })
}

/// `getcardescription`: from the fields sent, completed from the caller's listing when it is
/// named.
pub async fn description(
    state: &AppState,
    who: Option<Identity>,
    r: pb::GenerateDescriptionRequest,
) -> HostingResult<pb::GenerateDescriptionReply> {
    let who = host(who)?;
    let mut v = Vehicle {
        make: r.make,
        model: r.model,
        trim: String::new(),
        style: r.style,
        car_year: r.car_year.trim().parse().unwrap_or(0),
        transmission_type: r.transmission_type,
    };
    if !r.car_listing_id.trim().is_empty() {
        let id = listing_id(&r.car_listing_id)?;
        let mut conn = state.conn().await?;
        let l = listings::find(&mut conn, id).await?.ok_or(HostingError::ListingNotFound)?;
        if l.row.host_id != who.user_id {
            return Err(HostingError::ListingNotFound);
        }
        let fill = |mine: &mut String, stored: &Option<String>| {
            if mine.trim().is_empty() {
                *mine = stored.clone().unwrap_or_default();
            }
        };
        fill(&mut v.make, &l.row.make);
        fill(&mut v.model, &l.row.model);
        fill(&mut v.trim, &l.row.trim);
        fill(&mut v.style, &l.row.style);
        fill(&mut v.transmission_type, &l.row.transmission);
        if v.car_year == 0 {
            v.car_year = l.row.car_year.unwrap_or(0);
        }
    }
    if v.make.trim().is_empty() || v.model.trim().is_empty() {
        return Err(HostingError::VehicleRequired);
    }
    Ok(pb::GenerateDescriptionReply { car_description: state.describer.write(&v).await })
}
