//! `/v1/host/carListing/*`, `/v1/host/getHostCarsOnPlatform`, `/v1/users/getHostStatus` and the
//! listing review (`/v1/admin/cars/*`): the listing wizard of spec 001, mapped onto the hosting
//! service. Every rule is the service's; the gateway reads the loose JSON the spec's client
//! sends into typed sections, and supplies what only it holds: the stored photos' bytes.

use crate::auth::{AuthAdmin, AuthUser};
use crate::error::{HttpError, HttpResult};
use crate::grpc::request;
use crate::state::AppState;
use crate::wire::{Flag, Int, Json, Place, Query, Text, Texts, dollars};
use actix_web::{delete, get, post, web};
use serde::{Deserialize, Serialize};
use upcar_proto::hosting as pb;
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;

type State = web::Data<AppState>;

/// Registers this module's routes.
pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(check_car_listing)
        .service(add_car_listing)
        .service(delete_car_listing)
        .service(get_car_listing)
        .service(car_details_by_vin)
        .service(check_existing_vin)
        .service(models_for_make)
        .service(car_features)
        .service(car_description)
        .service(host_status)
        .service(host_cars)
        .service(listings_for_review)
        .service(approve_listing)
        .service(reject_listing)
        .service(update_daily_price)
        .service(update_date_prices)
        .service(update_car_extra)
        .service(update_price_discount)
        .service(update_trip_preferences)
        .service(update_guest_instructions)
        .service(update_car_details)
        .service(update_car_status)
        .service(delete_car)
        .service(update_car)
        .service(car_extras)
        .service(add_inspection_form)
        .service(update_weekly_availability)
        .service(host_weekly_availability)
        .service(update_custom_availability)
        .service(custom_availability);
}

// ---------------------------------------------------------------------------------------------
// Answers

/// A listing's address.
#[derive(Debug, Serialize, ToSchema)]
pub struct Address {
    street: String,
    city: String,
    state: String,
    zip: String,
    country: String,
}

/// A GeoJSON point: `coordinates` are `[longitude, latitude]`.
#[derive(Debug, Serialize, ToSchema)]
pub struct GeoPoint {
    #[serde(rename = "type")]
    kind: &'static str,
    coordinates: [f64; 2],
}

/// The car listing entity of spec 001 section 3, with its status and review.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CarListing {
    #[serde(rename = "_id")]
    id: String,
    car_id: String,
    host_id: String,
    /// draft, pending (under review), active, rejected, snoozed, unlisted.
    status: crate::states::ListingStatus,
    next_step: Option<String>,
    completed_steps: Vec<String>,
    address: Option<Address>,
    location: Option<GeoPoint>,
    vin: Option<String>,
    make: Option<String>,
    model: Option<String>,
    style: Option<String>,
    car_year: Option<i32>,
    trim: Option<String>,
    odometer: Option<String>,
    transmission_type: Option<String>,
    car_history: Option<String>,
    advance_notice: Option<i32>,
    min_trip_duration: Option<i32>,
    max_trip_duration: Option<i32>,
    two_day_trip_for_weekend: bool,
    features: Vec<String>,
    special_feature: Option<String>,
    license_plate: Option<String>,
    state: Option<String>,
    seats: Option<i32>,
    doors: Option<i32>,
    gas_type: Option<String>,
    car_details: Option<String>,
    photo_urls: Vec<String>,
    primary_photo_url: Option<String>,
    daily_price: Option<f64>,
    rejection_reason: Option<String>,
    submitted_at: Option<String>,
    created_at: String,
    updated_at: String,
    weekly_discount: i32,
    monthly_discount: i32,
    instant_booking: bool,
    guest_instructions: String,
    extras: Vec<ListingExtra>,
    inspection_form_url: Option<String>,
    /// The host's price for chosen dates, by date.
    date_prices: Vec<DatePrice>,
}

/// The host's price for one date (the car's local calendar): a trip day starting on it costs
/// this instead of the daily price.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DatePrice {
    /// YYYY-MM-DD.
    date: String,
    /// Dollars.
    daily_price: f64,
}

/// An extra the car offers.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ListingExtra {
    extra_id: String,
    extra_type: String,
    description: String,
    /// Dollars.
    price: f64,
    per: String,
    is_quantity_choosable: bool,
    available_quantity: i32,
}

fn opt(s: String) -> Option<String> {
    (!s.is_empty()).then_some(s)
}

impl From<pb::Listing> for CarListing {
    fn from(l: pb::Listing) -> Self {
        let status = l.status().into();
        let address = l.address.map(|a| Address {
            street: a.street,
            city: a.city,
            state: a.state,
            zip: a.zip,
            country: a.country,
        });
        let location = match (l.latitude, l.longitude) {
            (Some(lat), Some(lng)) => Some(GeoPoint { kind: "Point", coordinates: [lng, lat] }),
            _ => None,
        };
        Self {
            status,
            car_id: l.id.clone(),
            id: l.id,
            host_id: l.host_id,
            next_step: opt(l.next_step),
            completed_steps: l.completed_steps,
            address,
            location,
            vin: opt(l.vin),
            make: opt(l.make),
            model: opt(l.model),
            style: opt(l.style),
            car_year: (l.car_year > 0).then_some(l.car_year),
            trim: opt(l.trim),
            odometer: opt(l.odometer),
            transmission_type: opt(l.transmission_type),
            car_history: None,
            advance_notice: l.advance_notice,
            min_trip_duration: l.min_trip_duration,
            max_trip_duration: l.max_trip_duration,
            two_day_trip_for_weekend: l.two_day_trip_for_weekend,
            features: l.features,
            special_feature: opt(l.special_feature),
            license_plate: opt(l.license_plate),
            state: opt(l.plate_state),
            seats: l.seats,
            doors: l.doors,
            gas_type: opt(l.gas_type),
            car_details: opt(l.car_details),
            photo_urls: l.photo_urls,
            primary_photo_url: opt(l.primary_photo_url),
            daily_price: l.daily_price_cents.map(dollars),
            rejection_reason: opt(l.rejection_reason),
            submitted_at: opt(l.submitted_at),
            created_at: l.created_at,
            updated_at: l.updated_at,
            weekly_discount: l.weekly_discount_pct,
            monthly_discount: l.monthly_discount_pct,
            instant_booking: l.instant_booking,
            guest_instructions: l.guest_instructions,
            extras: l
                .extras
                .into_iter()
                .map(|e| ListingExtra {
                    extra_id: e.extra_id,
                    extra_type: e.extra_type,
                    description: e.description,
                    price: dollars(e.price_cents),
                    per: e.per,
                    is_quantity_choosable: e.is_quantity_choosable,
                    available_quantity: e.available_quantity,
                })
                .collect(),
            inspection_form_url: opt(l.inspection_form_url),
            date_prices: l
                .date_prices
                .into_iter()
                .map(|d| DatePrice { date: d.date, daily_price: dollars(d.daily_price_cents) })
                .collect(),
        }
    }
}

fn listing_of(r: pb::ListingReply) -> HttpResult<CarListing> {
    r.listing
        .map(CarListing::from)
        .ok_or_else(|| HttpError::internal("hosting answered no listing"))
}

// ---------------------------------------------------------------------------------------------
// The wizard

/// `checkCarListing` (the body's `userId` is not read: the caller is the token's user).
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct CheckBody {
    user_id: Text,
}

/// Whether the caller has a draft, and where it resumes.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CheckAnswer {
    status: bool,
    has_existing_listing: bool,
    message: String,
    car_id: Option<String>,
    next_step: Option<String>,
}

/// The caller's draft listing, if any, and the step it resumes at.
#[utoipa::path(tag = "hosting", request_body = CheckBody, responses((status = 200, body = CheckAnswer)), security(("bearer" = [])))]
#[post("/host/carListing/checkCarListing")]
pub async fn check_car_listing(
    state: State,
    user: AuthUser,
    _body: Json<CheckBody>,
) -> HttpResult<Json<CheckAnswer>> {
    let r = state
        .hosting
        .clone()
        .check_car_listing(request(pb::CheckCarListingRequest {}, Some(&user.0)))
        .await?
        .into_inner();
    Ok(Json(CheckAnswer {
        status: true,
        has_existing_listing: r.has_existing_listing,
        message: r.message,
        car_id: opt(r.car_id),
        next_step: opt(r.next_step),
    }))
}

/// An address as the location step sends it.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default)]
pub struct AddressBody {
    street: Text,
    city: Text,
    state: Text,
    zip: Text,
    country: Text,
}

/// `addCarListing`: `sectionName` and that section's fields (spec 001 section 3).
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct SectionBody {
    /// location, vinDetails, availability, features, description, dailyPrice, photos, finalize.
    section_name: Text,
    /// Not read: the caller is the token's user.
    user_id: Text,
    /// The listing (the caller's draft when absent).
    #[serde(alias = "carListingId", alias = "_id")]
    car_id: Text,
    // location
    address: Option<AddressBody>,
    #[schema(value_type = Object)]
    location: Place,
    // vinDetails
    vin: Text,
    make: Text,
    model: Text,
    style: Text,
    car_year: Text,
    odometer: Text,
    transmission_type: Text,
    trim: Text,
    // availability
    advance_notice: Int,
    min_trip_duration: Int,
    max_trip_duration: Int,
    two_day_trip_for_weekend: Flag,
    // features
    license_plate: Text,
    state: Text,
    features: Texts,
    seats: Int,
    doors: Int,
    gas_type: Text,
    special_feature: Text,
    // description
    car_description: Text,
    // dailyPrice
    car_daily_price: Text,
    // photos
    primary_photo_url: Text,
    photo_urls: Texts,
    // vinDetails and finalize: the terms box (refused only when sent as false)
    terms_accepted: Option<Flag>,
}

/// The answer to a saved section.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SectionAnswer {
    status: bool,
    message: String,
    car_id: String,
    next_step: Option<String>,
    /// The daily price is under $50: the car will be offered for long-term rentals only.
    long_term_only_warning: bool,
}

/// Saves one section of the wizard (the first starts a draft; `finalize` submits it for review).
#[utoipa::path(tag = "hosting", request_body = SectionBody, responses((status = 200, body = SectionAnswer)), security(("bearer" = [])))]
#[post("/host/carListing/addCarListing")]
pub async fn add_car_listing(
    state: State,
    user: AuthUser,
    body: Json<SectionBody>,
) -> HttpResult<Json<SectionAnswer>> {
    use pb::save_listing_section_request::Section;
    let b = body.into_inner();
    let name = String::from(b.section_name);
    let section = match name.as_str() {
        "location" => {
            let a = b.address.unwrap_or_default();
            let point = b.location.0;
            Some(Section::Location(pb::LocationSection {
                address: Some(pb::Address {
                    street: a.street.into(),
                    city: a.city.into(),
                    state: a.state.into(),
                    zip: a.zip.into(),
                    country: a.country.into(),
                }),
                latitude: point.as_ref().map(|p| p.latitude),
                longitude: point.as_ref().map(|p| p.longitude),
            }))
        }
        "vinDetails" => Some(Section::VinDetails(pb::VinDetailsSection {
            vin: b.vin.into(),
            make: b.make.into(),
            model: b.model.into(),
            style: b.style.into(),
            car_year: b.car_year.into(),
            odometer: b.odometer.into(),
            transmission_type: b.transmission_type.into(),
            trim: b.trim.into(),
            terms_accepted: b.terms_accepted.as_ref().map(|f| f.0),
        })),
        "availability" => Some(Section::Availability(pb::AvailabilitySection {
            advance_notice: b.advance_notice.0,
            min_trip_duration: b.min_trip_duration.0,
            max_trip_duration: b.max_trip_duration.0,
            two_day_trip_for_weekend: b.two_day_trip_for_weekend.0,
        })),
        "features" => Some(Section::Features(pb::FeaturesSection {
            license_plate: b.license_plate.into(),
            state: b.state.into(),
            features: b.features.0,
            seats: b.seats.0,
            doors: b.doors.0,
            gas_type: b.gas_type.into(),
            special_feature: b.special_feature.into(),
        })),
        "description" => Some(Section::Description(pb::DescriptionSection {
            car_description: b.car_description.into(),
        })),
        "dailyPrice" => Some(Section::DailyPrice(pb::DailyPriceSection {
            car_daily_price: b.car_daily_price.into(),
        })),
        "photos" => {
            let mut photos = Vec::with_capacity(b.photo_urls.0.len());
            for url in b.photo_urls.0 {
                photos.push(crate::routes::files::photo_facts(&state, &url).await);
            }
            Some(Section::Photos(pb::PhotosSection {
                primary_photo_url: b.primary_photo_url.into(),
                photos,
            }))
        }
        "finalize" => Some(Section::Finalize(pb::FinalizeSection {
            terms_accepted: b.terms_accepted.is_none_or(|f| f.0),
        })),
        // The service names the unknown section.
        _ => None,
    };
    let msg =
        pb::SaveListingSectionRequest { section_name: name, car_id: b.car_id.into(), section };
    let r =
        state.hosting.clone().save_listing_section(request(msg, Some(&user.0))).await?.into_inner();
    Ok(Json(SectionAnswer {
        status: true,
        message: r.message,
        car_id: r.car_id,
        next_step: opt(r.next_step),
        long_term_only_warning: r.long_term_only_warning,
    }))
}

/// `{status, message}` after a delete.
#[derive(Debug, Serialize, ToSchema)]
pub struct Deleted {
    status: bool,
    message: String,
}

/// Deletes one of the caller's drafts (or a rejected listing).
#[utoipa::path(tag = "hosting", responses((status = 200, body = Deleted)), security(("bearer" = [])))]
#[delete("/host/carListing/deleteCarListing/{id}")]
pub async fn delete_car_listing(
    state: State,
    user: AuthUser,
    id: web::Path<String>,
) -> HttpResult<Json<Deleted>> {
    let msg = pb::ListingIdRequest { car_id: id.into_inner() };
    let r =
        state.hosting.clone().delete_car_listing(request(msg, Some(&user.0))).await?.into_inner();
    Ok(Json(Deleted { status: true, message: r.message }))
}

/// A listing and the wizard step it resumes at.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ListingAnswer {
    status: bool,
    car_listing: CarListing,
    next_step: Option<String>,
}

/// One of the caller's listings (an admin may read any).
#[utoipa::path(tag = "hosting", responses((status = 200, body = ListingAnswer)), security(("bearer" = [])))]
#[get("/host/carListing/car/{id}")]
pub async fn get_car_listing(
    state: State,
    user: AuthUser,
    id: web::Path<String>,
) -> HttpResult<Json<ListingAnswer>> {
    let msg = pb::ListingIdRequest { car_id: id.into_inner() };
    let r = state.hosting.clone().get_car_listing(request(msg, Some(&user.0))).await?.into_inner();
    let car_listing = listing_of(r)?;
    Ok(Json(ListingAnswer { status: true, next_step: car_listing.next_step.clone(), car_listing }))
}

/// A decoded vehicle, as the VIN step shows it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Vehicle {
    make: String,
    model: String,
    trim: String,
    style: String,
    car_year: i32,
    transmission_type: String,
}

impl From<pb::DecodedVehicle> for Vehicle {
    fn from(v: pb::DecodedVehicle) -> Self {
        Self {
            make: v.make,
            model: v.model,
            trim: v.trim,
            style: v.style,
            car_year: v.car_year,
            transmission_type: v.transmission_type,
        }
    }
}

/// `getCarDetailsByVIN`: `data` is null when no details are known for the VIN.
#[derive(Debug, Serialize, ToSchema)]
pub struct VinAnswer {
    status: bool,
    message: String,
    data: Option<Vehicle>,
}

/// Make, model, trim, style, year and transmission of a VIN (NHTSA vPIC data).
#[utoipa::path(tag = "hosting", responses((status = 200, body = VinAnswer)), security(("bearer" = [])))]
#[get("/host/carListing/getCarDetailsByVIN/{vin}")]
pub async fn car_details_by_vin(
    state: State,
    user: AuthUser,
    vin: web::Path<String>,
) -> HttpResult<Json<VinAnswer>> {
    let msg = pb::VinRequest { vin: vin.into_inner() };
    let r = state.hosting.clone().decode_vin(request(msg, Some(&user.0))).await?.into_inner();
    let data = if r.found { r.vehicle.map(Vehicle::from) } else { None };
    let message = if data.is_some() {
        "Car details fetched successfully".to_owned()
    } else {
        "Car details could not be fetched for this VIN.".to_owned()
    };
    Ok(Json(VinAnswer { status: data.is_some(), message, data }))
}

/// `CheckExistingVIN`: `status` is true when the VIN is already on the platform.
#[derive(Debug, Serialize, ToSchema)]
pub struct ExistingVin {
    status: bool,
    message: String,
}

/// Whether a VIN is already registered on another listing.
#[utoipa::path(tag = "hosting", responses((status = 200, body = ExistingVin)), security(("bearer" = [])))]
#[get("/host/carListing/CheckExistingVIN/{vin}")]
pub async fn check_existing_vin(
    state: State,
    user: AuthUser,
    vin: web::Path<String>,
) -> HttpResult<Json<ExistingVin>> {
    let msg = pb::VinRequest { vin: vin.into_inner() };
    let r =
        state.hosting.clone().check_existing_vin(request(msg, Some(&user.0))).await?.into_inner();
    let message = if r.exists {
        "A car with this VIN number is already in our system. Please try adding a different vehicle or contact support if you believe this is an error."
    } else {
        "This VIN is not registered yet."
    };
    Ok(Json(ExistingVin { status: r.exists, message: message.to_owned() }))
}

/// A make's models.
#[derive(Debug, Serialize, ToSchema)]
pub struct VinModels {
    status: bool,
    models: Vec<String>,
}

/// The models of a make (NHTSA vPIC data).
#[utoipa::path(tag = "hosting", responses((status = 200, body = VinModels)), security(("bearer" = [])))]
#[get("/host/carListing/getModelsForMake/{make}")]
pub async fn models_for_make(
    state: State,
    user: AuthUser,
    make: web::Path<String>,
) -> HttpResult<Json<VinModels>> {
    let msg = pb::ModelsForMakeRequest { make: make.into_inner() };
    let r = state.hosting.clone().models_for_make(request(msg, Some(&user.0))).await?.into_inner();
    Ok(Json(VinModels { status: true, models: r.models }))
}

/// A decoded vehicle, as `getcarfeatures` and `getcardescription` receive it.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct VehicleBody {
    #[serde(alias = "carId")]
    car_listing_id: Text,
    make: Text,
    model: Text,
    trim: Text,
    style: Text,
    #[serde(alias = "year")]
    car_year: Text,
    transmission_type: Text,
}

/// One feature and whether the vehicle likely has it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FeatureAvailability {
    name: String,
    available: bool,
}

/// `data.featuresAvailability`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FeaturesData {
    features_availability: Vec<FeatureAvailability>,
}

/// `getcarfeatures`.
#[derive(Debug, Serialize, ToSchema)]
pub struct FeaturesAnswer {
    status: bool,
    data: FeaturesData,
}

/// Which of the product's features a decoded vehicle likely has.
#[utoipa::path(tag = "hosting", request_body = VehicleBody, responses((status = 200, body = FeaturesAnswer)), security(("bearer" = [])))]
#[post("/host/carListing/getcarfeatures")]
pub async fn car_features(
    state: State,
    user: AuthUser,
    body: Json<VehicleBody>,
) -> HttpResult<Json<FeaturesAnswer>> {
    let b = body.into_inner();
    let year = String::from(b.car_year);
    let vehicle = pb::DecodedVehicle {
        make: b.make.into(),
        model: b.model.into(),
        trim: b.trim.into(),
        style: b.style.into(),
        car_year: year.trim().parse().unwrap_or(0),
        transmission_type: b.transmission_type.into(),
    };
    let msg = pb::CarFeaturesRequest { vehicle: Some(vehicle) };
    let r = state.hosting.clone().car_features(request(msg, Some(&user.0))).await?.into_inner();
    let features_availability = r
        .features
        .into_iter()
        .map(|f| FeatureAvailability { name: f.name, available: f.available })
        .collect();
    Ok(Json(FeaturesAnswer { status: true, data: FeaturesData { features_availability } }))
}

/// `getcardescription`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DescriptionAnswer {
    status: bool,
    car_description: String,
}

/// A description written from the car's data (60 words or more).
#[utoipa::path(tag = "hosting", request_body = VehicleBody, responses((status = 200, body = DescriptionAnswer)), security(("bearer" = [])))]
#[post("/host/carListing/getcardescription")]
pub async fn car_description(
    state: State,
    user: AuthUser,
    body: Json<VehicleBody>,
) -> HttpResult<Json<DescriptionAnswer>> {
    let b = body.into_inner();
    let msg = pb::GenerateDescriptionRequest {
        car_listing_id: b.car_listing_id.into(),
        make: b.make.into(),
        model: b.model.into(),
        car_year: b.car_year.into(),
        style: b.style.into(),
        transmission_type: b.transmission_type.into(),
    };
    let r =
        state.hosting.clone().generate_description(request(msg, Some(&user.0))).await?.into_inner();
    Ok(Json(DescriptionAnswer { status: true, car_description: r.car_description }))
}

// ---------------------------------------------------------------------------------------------
// The host's cars

/// `getHostStatus`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HostStatus {
    status: bool,
    /// none, draft, pending, active or rejected.
    host_status: crate::states::HostStanding,
    is_host: bool,
    active_cars: i32,
    pending_listings: i32,
    has_draft: bool,
}

/// Whether the caller hosts: listings under review, active cars, a draft.
#[utoipa::path(tag = "hosting", responses((status = 200, body = HostStatus)), security(("bearer" = [])))]
#[get("/users/getHostStatus")]
pub async fn host_status(state: State, user: AuthUser) -> HttpResult<Json<HostStatus>> {
    let r = state
        .hosting
        .clone()
        .get_host_status(request(pb::GetHostStatusRequest {}, Some(&user.0)))
        .await?
        .into_inner();
    Ok(Json(HostStatus {
        status: true,
        is_host: r.active_cars > 0,
        host_status: r.host_status().into(),
        active_cars: r.active_cars,
        pending_listings: r.pending_listings,
        has_draft: r.has_draft,
    }))
}

/// `page` and `limit` (1 and 9 when absent).
#[derive(Debug, Deserialize, Default, IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct PageQuery {
    page: Int,
    limit: Int,
}

/// A page of listings.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ListingsPage {
    status: bool,
    data: Vec<CarListing>,
    page: i32,
    limit: i32,
    total: i64,
    total_pages: i64,
}

fn page_of(r: pb::ListingsReply) -> ListingsPage {
    let limit = r.limit.max(1);
    ListingsPage {
        status: true,
        data: r.listings.into_iter().map(CarListing::from).collect(),
        page: r.page,
        limit,
        total: r.total,
        total_pages: (r.total + i64::from(limit) - 1) / i64::from(limit),
    }
}

/// The caller's cars on the platform (past the wizard), newest first.
#[utoipa::path(tag = "hosting", params(PageQuery), responses((status = 200, body = ListingsPage)), security(("bearer" = [])))]
#[get("/host/getHostCarsOnPlatform")]
pub async fn host_cars(
    state: State,
    user: AuthUser,
    q: Query<PageQuery>,
) -> HttpResult<Json<ListingsPage>> {
    let q = q.into_inner();
    let msg = pb::GetHostCarsRequest { page: q.page.0, limit: q.limit.0 };
    let r = state.hosting.clone().get_host_cars(request(msg, Some(&user.0))).await?.into_inner();
    Ok(Json(page_of(r)))
}

// ---------------------------------------------------------------------------------------------
// Review (admin)

/// Listings waiting for review, oldest submission first (admin).
#[utoipa::path(tag = "admin", params(PageQuery), responses((status = 200, body = ListingsPage)), security(("bearer" = [])))]
#[get("/admin/cars/pending")]
pub async fn listings_for_review(
    state: State,
    admin: AuthAdmin,
    q: Query<PageQuery>,
) -> HttpResult<Json<ListingsPage>> {
    let q = q.into_inner();
    let msg = pb::ListListingsForReviewRequest { page: q.page.0, limit: q.limit.0 };
    let r = state
        .hosting
        .clone()
        .list_listings_for_review(request(msg, Some(&admin.0)))
        .await?
        .into_inner();
    Ok(Json(page_of(r)))
}

/// A reviewed listing.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Reviewed {
    status: bool,
    message: String,
    data: CarListing,
}

/// Approves a finalized listing: it becomes an active car, searchable and bookable (admin).
#[utoipa::path(tag = "admin", responses((status = 200, body = Reviewed)), security(("bearer" = [])))]
#[post("/admin/cars/{id}/approve")]
pub async fn approve_listing(
    state: State,
    admin: AuthAdmin,
    id: web::Path<String>,
) -> HttpResult<Json<Reviewed>> {
    let msg = pb::ListingIdRequest { car_id: id.into_inner() };
    let r = state.hosting.clone().approve_listing(request(msg, Some(&admin.0))).await?.into_inner();
    Ok(Json(Reviewed {
        status: true,
        message: "The listing is approved and the car is live.".to_owned(),
        data: listing_of(r)?,
    }))
}

/// `reject`: why the listing goes back to its host.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default)]
pub struct RejectListingBody {
    reason: Text,
}

/// Rejects a finalized listing with a reason the host reads (admin).
#[utoipa::path(tag = "admin", request_body = RejectListingBody, responses((status = 200, body = Reviewed)), security(("bearer" = [])))]
#[post("/admin/cars/{id}/reject")]
pub async fn reject_listing(
    state: State,
    admin: AuthAdmin,
    id: web::Path<String>,
    body: Json<RejectListingBody>,
) -> HttpResult<Json<Reviewed>> {
    let msg = pb::RejectListingRequest {
        car_id: id.into_inner(),
        reason: body.into_inner().reason.into(),
    };
    let r = state.hosting.clone().reject_listing(request(msg, Some(&admin.0))).await?.into_inner();
    Ok(Json(Reviewed {
        status: true,
        message: "The listing is rejected; its host can read why.".to_owned(),
        data: listing_of(r)?,
    }))
}

// ---------------------------------------------------------------------------------------------
// Car management

/// An extra as the host sends it.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct ExtraBody {
    #[serde(alias = "name", alias = "title")]
    extra_type: Text,
    description: Text,
    /// Dollars.
    #[serde(alias = "amount")]
    price: Text,
    /// day or trip.
    per: Text,
    is_quantity_choosable: Flag,
    available_quantity: Int,
}

/// The car settings the car-management calls send; each call reads its own part.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct CarUpdateBody {
    /// Dollars a day, digits.
    #[serde(alias = "carDailyPrice")]
    daily_price: Text,
    #[serde(alias = "weeklyDiscountPct", alias = "weeklyDiscountPercentage")]
    weekly_discount: Int,
    #[serde(alias = "monthlyDiscountPct", alias = "monthlyDiscountPercentage")]
    monthly_discount: Int,
    advance_notice: Int,
    min_trip_duration: Int,
    max_trip_duration: Int,
    two_day_trip_for_weekend: Option<Flag>,
    instant_booking: Option<Flag>,
    guest_instructions: Option<Text>,
    /// The description.
    #[serde(alias = "carDescription", alias = "description")]
    car_details: Option<Text>,
    features: Option<Texts>,
    license_plate: Option<Text>,
    state: Option<Text>,
    seats: Int,
    doors: Int,
    gas_type: Option<Text>,
    special_feature: Option<Text>,
    primary_photo_url: Text,
    photo_urls: Option<Texts>,
    extras: Option<Vec<ExtraBody>>,
}

/// Which part of a car a call changes.
#[derive(Clone, Copy, PartialEq)]
enum Part {
    Price,
    Discounts,
    Preferences,
    Instructions,
    Details,
    Extras,
}

async fn update_request(
    state: &AppState,
    id: String,
    b: CarUpdateBody,
    parts: &[Part],
) -> pb::UpdateCarRequest {
    let has = |p: Part| parts.contains(&p);
    let text = |t: Option<Text>| t.map(String::from);
    let mut r = pb::UpdateCarRequest { car_id: id, ..Default::default() };
    if has(Part::Price) && !b.daily_price.0.is_empty() {
        r.daily_price = Some(b.daily_price.0);
    }
    if has(Part::Discounts) && (b.weekly_discount.0.is_some() || b.monthly_discount.0.is_some()) {
        r.discounts = Some(pb::Discounts {
            weekly_discount_pct: b.weekly_discount.0,
            monthly_discount_pct: b.monthly_discount.0,
        });
    }
    let prefs_sent = b.advance_notice.0.is_some()
        || b.min_trip_duration.0.is_some()
        || b.max_trip_duration.0.is_some()
        || b.two_day_trip_for_weekend.is_some()
        || b.instant_booking.is_some();
    if has(Part::Preferences) && prefs_sent {
        r.trip_preferences = Some(pb::TripPreferences {
            advance_notice: b.advance_notice.0,
            min_trip_duration: b.min_trip_duration.0,
            max_trip_duration: b.max_trip_duration.0,
            two_day_trip_for_weekend: b.two_day_trip_for_weekend.map(|f| f.0),
            instant_booking: b.instant_booking.map(|f| f.0),
        });
    }
    if has(Part::Instructions) {
        r.guest_instructions = text(b.guest_instructions);
    }
    if has(Part::Details) {
        let details_sent = b.car_details.is_some()
            || b.features.is_some()
            || b.license_plate.is_some()
            || b.state.is_some()
            || b.seats.0.is_some()
            || b.doors.0.is_some()
            || b.gas_type.is_some()
            || b.special_feature.is_some();
        if details_sent {
            r.details = Some(pb::CarDetails {
                car_details: text(b.car_details),
                features_sent: b.features.is_some(),
                features: b.features.map(|f| f.0).unwrap_or_default(),
                license_plate: text(b.license_plate),
                plate_state: text(b.state),
                seats: b.seats.0,
                doors: b.doors.0,
                gas_type: text(b.gas_type),
                special_feature: text(b.special_feature),
            });
        }
        if let Some(urls) = b.photo_urls {
            let mut photos = Vec::with_capacity(urls.0.len());
            for url in urls.0 {
                photos.push(crate::routes::files::photo_facts(state, &url).await);
            }
            r.photos = Some(pb::PhotosSection { primary_photo_url: b.primary_photo_url.0, photos });
        }
    }
    if has(Part::Extras)
        && let Some(list) = b.extras
    {
        r.extras = Some(pb::ExtrasUpdate {
            extras: list
                .into_iter()
                .map(|x| pb::ExtraInput {
                    extra_type: x.extra_type.into(),
                    description: x.description.into(),
                    price: x.price.into(),
                    per: x.per.into(),
                    is_quantity_choosable: x.is_quantity_choosable.0,
                    available_quantity: x.available_quantity.0,
                })
                .collect(),
        });
    }
    r
}

/// A car after a change.
#[derive(Debug, Serialize, ToSchema)]
pub struct CarAnswer {
    status: bool,
    message: String,
    data: CarListing,
}

async fn apply_update(
    state: &AppState,
    user: &AuthUser,
    id: String,
    body: CarUpdateBody,
    parts: &[Part],
    message: &str,
) -> HttpResult<Json<CarAnswer>> {
    let msg = update_request(state, id, body, parts).await;
    let r = state.hosting.clone().update_car(request(msg, Some(&user.0))).await?.into_inner();
    Ok(Json(CarAnswer { status: true, message: message.to_owned(), data: listing_of(r)? }))
}

/// The daily price of a listed car (the car's host).
#[utoipa::path(tag = "hosting", request_body = CarUpdateBody, responses((status = 200, body = CarAnswer)), security(("bearer" = [])))]
#[post("/host/car-update/updateCarDailyPrice/{id}")]
pub async fn update_daily_price(
    state: State,
    user: AuthUser,
    id: web::Path<String>,
    body: Json<CarUpdateBody>,
) -> HttpResult<Json<CarAnswer>> {
    apply_update(
        &state,
        &user,
        id.into_inner(),
        body.into_inner(),
        &[Part::Price],
        "Daily price updated",
    )
    .await
}

/// The extras a listed car offers (the whole list).
#[utoipa::path(tag = "hosting", request_body = CarUpdateBody, responses((status = 200, body = CarAnswer)), security(("bearer" = [])))]
#[post("/host/car-update/updateCarExtra/{id}")]
pub async fn update_car_extra(
    state: State,
    user: AuthUser,
    id: web::Path<String>,
    body: Json<CarUpdateBody>,
) -> HttpResult<Json<CarAnswer>> {
    apply_update(
        &state,
        &user,
        id.into_inner(),
        body.into_inner(),
        &[Part::Extras],
        "Extras updated",
    )
    .await
}

/// The weekly and monthly discounts (0-50 %).
#[utoipa::path(tag = "hosting", request_body = CarUpdateBody, responses((status = 200, body = CarAnswer)), security(("bearer" = [])))]
#[post("/host/car-update/updatePriceDiscount/{id}")]
pub async fn update_price_discount(
    state: State,
    user: AuthUser,
    id: web::Path<String>,
    body: Json<CarUpdateBody>,
) -> HttpResult<Json<CarAnswer>> {
    apply_update(
        &state,
        &user,
        id.into_inner(),
        body.into_inner(),
        &[Part::Discounts],
        "Discounts updated",
    )
    .await
}

/// Advance notice, trip lengths, the weekend rule and instant booking.
#[utoipa::path(tag = "hosting", request_body = CarUpdateBody, responses((status = 200, body = CarAnswer)), security(("bearer" = [])))]
#[post("/host/car-update/updateTripPreferences/{id}")]
pub async fn update_trip_preferences(
    state: State,
    user: AuthUser,
    id: web::Path<String>,
    body: Json<CarUpdateBody>,
) -> HttpResult<Json<CarAnswer>> {
    apply_update(
        &state,
        &user,
        id.into_inner(),
        body.into_inner(),
        &[Part::Preferences],
        "Trip preferences updated",
    )
    .await
}

/// What the guest reads about pickup and return.
#[utoipa::path(tag = "hosting", request_body = CarUpdateBody, responses((status = 200, body = CarAnswer)), security(("bearer" = [])))]
#[post("/host/car-update/updateGuestInstructions/{id}")]
pub async fn update_guest_instructions(
    state: State,
    user: AuthUser,
    id: web::Path<String>,
    body: Json<CarUpdateBody>,
) -> HttpResult<Json<CarAnswer>> {
    apply_update(
        &state,
        &user,
        id.into_inner(),
        body.into_inner(),
        &[Part::Instructions],
        "Guest instructions updated",
    )
    .await
}

/// Description, features, plate, seats, doors, fuel, special feature and photos.
#[utoipa::path(tag = "hosting", request_body = CarUpdateBody, responses((status = 200, body = CarAnswer)), security(("bearer" = [])))]
#[post("/host/car-update/updateCarDetails/{id}")]
pub async fn update_car_details(
    state: State,
    user: AuthUser,
    id: web::Path<String>,
    body: Json<CarUpdateBody>,
) -> HttpResult<Json<CarAnswer>> {
    apply_update(
        &state,
        &user,
        id.into_inner(),
        body.into_inner(),
        &[Part::Details],
        "Car details updated",
    )
    .await
}

/// Any of a listed car's settings at once.
#[utoipa::path(tag = "hosting", request_body = CarUpdateBody, responses((status = 200, body = CarAnswer)), security(("bearer" = [])))]
#[post("/cars/updateCar/{id}")]
pub async fn update_car(
    state: State,
    user: AuthUser,
    id: web::Path<String>,
    body: Json<CarUpdateBody>,
) -> HttpResult<Json<CarAnswer>> {
    let all = [
        Part::Price,
        Part::Discounts,
        Part::Preferences,
        Part::Instructions,
        Part::Details,
        Part::Extras,
    ];
    apply_update(&state, &user, id.into_inner(), body.into_inner(), &all, "Car updated").await
}

/// The extras a listed car offers (the whole list).
#[utoipa::path(tag = "hosting", request_body = CarUpdateBody, responses((status = 200, body = CarAnswer)), security(("bearer" = [])))]
#[post("/cars/extras/{id}")]
pub async fn car_extras(
    state: State,
    user: AuthUser,
    id: web::Path<String>,
    body: Json<CarUpdateBody>,
) -> HttpResult<Json<CarAnswer>> {
    apply_update(
        &state,
        &user,
        id.into_inner(),
        body.into_inner(),
        &[Part::Extras],
        "Extras updated",
    )
    .await
}

/// One date's price as the host sends it.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct DatePriceBody {
    /// YYYY-MM-DD, the car's local calendar.
    date: Text,
    /// Whole dollars; `null` removes the date's own price (the daily price applies again).
    daily_price: Text,
}

/// `updateDatePrices`: the dates to set or remove; other dates keep their prices.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct DatePricesBody {
    prices: Vec<DatePriceBody>,
}

/// Prices for chosen dates (the car's host, or a co-host with pricing rights): each trip day
/// starting on one of them costs its price instead of the daily price.
#[utoipa::path(tag = "hosting", request_body = DatePricesBody, responses((status = 200, body = CarAnswer)), security(("bearer" = [])))]
#[post("/host/car-update/updateDatePrices/{id}")]
pub async fn update_date_prices(
    state: State,
    user: AuthUser,
    id: web::Path<String>,
    body: Json<DatePricesBody>,
) -> HttpResult<Json<CarAnswer>> {
    let prices = body
        .into_inner()
        .prices
        .into_iter()
        .map(|p| pb::DatePriceInput { date: p.date.into(), daily_price: opt(p.daily_price.into()) })
        .collect();
    let msg = pb::UpdateCarRequest {
        car_id: id.into_inner(),
        date_prices: Some(pb::DatePricesUpdate { prices }),
        ..Default::default()
    };
    let r = state.hosting.clone().update_car(request(msg, Some(&user.0))).await?.into_inner();
    Ok(Json(CarAnswer {
        status: true,
        message: "Date prices updated".to_owned(),
        data: listing_of(r)?,
    }))
}

/// `updateCarStatus`.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct StatusBody {
    /// listed, snoozed or unlisted.
    #[serde(alias = "status")]
    car_status: Text,
}

/// Lists, snoozes or unlists a car.
#[utoipa::path(tag = "hosting", request_body = StatusBody, responses((status = 200, body = CarAnswer)), security(("bearer" = [])))]
#[post("/host/car-update/updateCarStatus/{id}")]
pub async fn update_car_status(
    state: State,
    user: AuthUser,
    id: web::Path<String>,
    body: Json<StatusBody>,
) -> HttpResult<Json<CarAnswer>> {
    let msg = pb::SetCarStatusRequest {
        car_id: id.into_inner(),
        car_status: body.into_inner().car_status.into(),
    };
    let r = state.hosting.clone().set_car_status(request(msg, Some(&user.0))).await?.into_inner();
    Ok(Json(CarAnswer {
        status: true,
        message: "Car status updated".to_owned(),
        data: listing_of(r)?,
    }))
}

/// Deletes a car with no trip to come (409 `car_has_trips` naming them otherwise).
#[utoipa::path(tag = "hosting", responses((status = 200, body = Deleted)), security(("bearer" = [])))]
#[post("/host/car-update/deleteCar/{id}")]
pub async fn delete_car(
    state: State,
    user: AuthUser,
    id: web::Path<String>,
) -> HttpResult<Json<Deleted>> {
    let msg = pb::ListingIdRequest { car_id: id.into_inner() };
    let r = state.hosting.clone().delete_car(request(msg, Some(&user.0))).await?.into_inner();
    Ok(Json(Deleted { status: true, message: r.message }))
}

/// `addInspectionForm`.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct InspectionBody {
    car_id: Text,
    /// The uploaded document's link (`image/uploadPdf`).
    document_url: Text,
}

/// Records a car's inspection form.
#[utoipa::path(tag = "hosting", request_body = InspectionBody, responses((status = 200, body = CarAnswer)), security(("bearer" = [])))]
#[post("/cars/addInspectionForm")]
pub async fn add_inspection_form(
    state: State,
    user: AuthUser,
    body: Json<InspectionBody>,
) -> HttpResult<Json<CarAnswer>> {
    let b = body.into_inner();
    let msg = pb::AddInspectionFormRequest {
        car_id: b.car_id.into(),
        document_url: b.document_url.into(),
    };
    let r =
        state.hosting.clone().add_inspection_form(request(msg, Some(&user.0))).await?.into_inner();
    Ok(Json(CarAnswer {
        status: true,
        message: "Inspection form added".to_owned(),
        data: listing_of(r)?,
    }))
}

// ---------------------------------------------------------------------------------------------
// Availability

/// One day's hours.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct DayBody {
    /// Monday to Sunday.
    day: Text,
    #[serde(alias = "available")]
    is_available: Flag,
    /// h:mm AM/PM.
    #[serde(alias = "from")]
    start_time: Text,
    #[serde(alias = "to")]
    end_time: Text,
}

/// `updateWeeklyAvailability`.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct WeeklyBody {
    weekly_availability: Vec<DayBody>,
    /// Must be a JSON boolean.
    is_always_available: Option<bool>,
}

/// One day's hours, as answered.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DayHours {
    day: String,
    is_available: bool,
    start_time: String,
    end_time: String,
}

/// The host's week.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Week {
    weekly_availability: Vec<DayHours>,
    is_always_available: bool,
}

/// `{status, message, data: week}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct WeekAnswer {
    status: bool,
    message: String,
    data: Week,
}

fn week_of(r: pb::WeeklyAvailabilityReply, message: &str) -> WeekAnswer {
    WeekAnswer {
        status: true,
        message: message.to_owned(),
        data: Week {
            is_always_available: r.is_always_available,
            weekly_availability: r
                .weekly_availability
                .into_iter()
                .map(|d| DayHours {
                    day: d.day,
                    is_available: d.is_available,
                    start_time: d.start_time,
                    end_time: d.end_time,
                })
                .collect(),
        },
    }
}

/// The caller's weekly pickup and return hours, for all their cars.
#[utoipa::path(tag = "hosting", request_body = WeeklyBody, responses((status = 200, body = WeekAnswer)), security(("bearer" = [])))]
#[post("/trips/updateWeeklyAvailability")]
pub async fn update_weekly_availability(
    state: State,
    user: AuthUser,
    body: Json<WeeklyBody>,
) -> HttpResult<Json<WeekAnswer>> {
    let b = body.into_inner();
    let msg = pb::UpdateWeeklyAvailabilityRequest {
        is_always_available: b.is_always_available,
        weekly_availability: b
            .weekly_availability
            .into_iter()
            .map(|d| pb::DayHours {
                day: d.day.into(),
                is_available: d.is_available.0,
                start_time: d.start_time.into(),
                end_time: d.end_time.into(),
            })
            .collect(),
    };
    let r = state
        .hosting
        .clone()
        .update_weekly_availability(request(msg, Some(&user.0)))
        .await?
        .into_inner();
    Ok(Json(week_of(r, "Weekly availability updated")))
}

/// The caller's weekly hours (always available until set).
#[utoipa::path(tag = "hosting", responses((status = 200, body = WeekAnswer)), security(("bearer" = [])))]
#[get("/trips/getHostWeeklyAvailability")]
pub async fn host_weekly_availability(
    state: State,
    user: AuthUser,
) -> HttpResult<Json<WeekAnswer>> {
    let r = state
        .hosting
        .clone()
        .get_weekly_availability(request(pb::GetWeeklyAvailabilityRequest {}, Some(&user.0)))
        .await?
        .into_inner();
    Ok(Json(week_of(r, "Weekly availability")))
}

/// One blocked period as sent.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct BlockBody {
    /// The block (update and delete).
    #[serde(rename = "_id", alias = "id", alias = "blockId")]
    id: Text,
    /// One car; all the caller's cars when absent.
    car_id: Text,
    /// YYYY-MM-DD, local to the car.
    start_date: Text,
    /// h:mm AM/PM; the start of the day when absent.
    start_time: Text,
    end_date: Text,
    /// The end of the end date when absent.
    end_time: Text,
    #[serde(alias = "note")]
    reason: Text,
}

/// `updateCustomAvailabilityForHost`.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct CustomBody {
    /// add, update or delete.
    action: Text,
    custom_availability: Vec<BlockBody>,
}

/// A blocked period, as answered.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BlockAnswer {
    #[serde(rename = "_id")]
    id: String,
    car_ids: Vec<String>,
    start_date: String,
    start_time: String,
    end_date: String,
    end_time: String,
    reason: String,
}

/// `{status, message, data: [block]}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct BlocksAnswer {
    status: bool,
    message: String,
    data: Vec<BlockAnswer>,
}

fn blocks_of(r: pb::CustomAvailabilityReply, message: &str) -> BlocksAnswer {
    BlocksAnswer {
        status: true,
        message: message.to_owned(),
        data: r
            .custom_availability
            .into_iter()
            .map(|b| BlockAnswer {
                id: b.id,
                car_ids: b.car_ids,
                start_date: b.start_date,
                start_time: b.start_time,
                end_date: b.end_date,
                end_time: b.end_time,
                reason: b.reason,
            })
            .collect(),
    }
}

/// Adds, moves or removes blocked periods (409 `block_overlaps_trip` over a booked trip).
#[utoipa::path(tag = "hosting", request_body = CustomBody, responses((status = 200, body = BlocksAnswer)), security(("bearer" = [])))]
#[post("/trips/updateCustomAvailabilityForHost")]
pub async fn update_custom_availability(
    state: State,
    user: AuthUser,
    body: Json<CustomBody>,
) -> HttpResult<Json<BlocksAnswer>> {
    let b = body.into_inner();
    let msg = pb::UpdateCustomAvailabilityRequest {
        action: b.action.into(),
        custom_availability: b
            .custom_availability
            .into_iter()
            .map(|p| pb::BlockPeriod {
                id: p.id.into(),
                car_id: p.car_id.into(),
                start_date: p.start_date.into(),
                start_time: p.start_time.into(),
                end_date: p.end_date.into(),
                end_time: p.end_time.into(),
                reason: p.reason.into(),
            })
            .collect(),
    };
    let r = state
        .hosting
        .clone()
        .update_custom_availability(request(msg, Some(&user.0)))
        .await?
        .into_inner();
    Ok(Json(blocks_of(r, "Custom availability updated")))
}

/// The caller's blocked periods, soonest first.
#[utoipa::path(tag = "hosting", responses((status = 200, body = BlocksAnswer)), security(("bearer" = [])))]
#[get("/trips/getCustomAvailabilityForHost")]
pub async fn custom_availability(state: State, user: AuthUser) -> HttpResult<Json<BlocksAnswer>> {
    let r = state
        .hosting
        .clone()
        .get_custom_availability(request(pb::GetCustomAvailabilityRequest {}, Some(&user.0)))
        .await?
        .into_inner();
    Ok(Json(blocks_of(r, "Custom availability")))
}
