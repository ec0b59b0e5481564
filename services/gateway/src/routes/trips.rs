//! `/v1/trips/*`, `/v1/host/getPastTripsForHost`, `/v1/cars/isUserAvailableForTheDates`,
//! `/v1/payment/stripe/*`, `/v1/users/getPaymentInfo`, `/v1/transaction/*`: the trip lifecycle
//! and payment calls of spec 002 section 7 and the trip lists of 000/001.

use crate::auth::AuthUser;
use crate::error::{GatewayError, HttpError, HttpResult};
use crate::grpc::request;
use crate::state::AppState;
use crate::states::{DriverStatus, PaymentStatus, TripRole, TripStatus};
use crate::wire::{Created, Dollars, Extras, Flag, Int, Json, Place, Query, Text, Texts, dollars};
use actix_web::{HttpRequest, HttpResponse, get, post, web};
use prost::Message;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use upcar_identity::Identity;
use upcar_proto::{accounts as apb, catalog as cpb, pricing as ppb, trips as pb};
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;

type State = web::Data<AppState>;

/// Registers this module's routes.
pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(create_trip)
        .service(get_trip)
        .service(cancel_trip)
        .service(accept_trip)
        .service(reject_trip)
        .service(guest_current)
        .service(guest_past)
        .service(host_future)
        .service(host_past)
        .service(host_past_trips)
        .service(is_user_available)
        .service(add_payment_method)
        .service(get_primary_payment_method)
        .service(get_payment_info)
        .service(transaction_history)
        .service(onboarding_status)
        .service(account_setup)
        .service(check_in)
        .service(checkout)
        .service(trip_photos)
        .service(create_modify_request)
        .service(cancel_modify_request)
        .service(respond_to_modify_request);
}

/// Registers the development routes (development mode only).
pub fn dev_routes(cfg: &mut ServiceConfig) {
    cfg.service(complete_local_onboarding);
}

/// The `Idempotency-Key` header (empty when absent).
pub(crate) fn idempotency_key(req: &HttpRequest) -> HttpResult<String> {
    match req.headers().get("idempotency-key") {
        None => Ok(String::new()),
        Some(v) => v
            .to_str()
            .map(|s| s.trim().to_owned())
            .map_err(|_| GatewayError::InvalidIdempotencyKey.into()),
    }
}

fn location(p: Place) -> Option<pb::Location> {
    p.0.map(|p| pb::Location { latitude: p.latitude, longitude: p.longitude, address: p.address })
}

fn chosen(extras: Extras) -> Vec<pb::ChosenExtra> {
    extras
        .0
        .into_iter()
        .map(|e| pb::ChosenExtra { extra_id: e.id, extra_type: e.kind, quantity: e.quantity })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// The trip answer

/// Car names and photos, and people's names, for trip answers (best effort: a trip is still
/// answered if catalog or accounts cannot say).
pub(crate) struct Names {
    pub(crate) cars: HashMap<String, cpb::CarDetails>,
    pub(crate) people: HashMap<String, apb::PublicProfile>,
}

/// The names of a page of trips: each distinct car once (catalog caches car pages) and every
/// guest and host in one batch from accounts, all at the same time.
pub(crate) async fn names(state: &AppState, trips: &[pb::Trip]) -> Names {
    let mut car_ids: Vec<&str> = trips.iter().map(|t| t.car_id.as_str()).collect();
    car_ids.sort_unstable();
    car_ids.dedup();
    let mut people: Vec<String> =
        trips.iter().flat_map(|t| [t.guest_id.clone(), t.owner_id.clone()]).collect();
    people.sort_unstable();
    people.dedup();
    let cars = futures::future::join_all(car_ids.into_iter().map(|id| {
        let mut catalog = state.catalog.clone();
        async move {
            let r = catalog.get_car(request(
                cpb::CarIdRequest { car_id: id.to_owned(), ..Default::default() },
                None,
            ));
            r.await.ok().map(|r| (id.to_owned(), r.into_inner()))
        }
    }));
    // Accounts answers at most 100 profiles a call.
    let profiles = futures::future::join_all(people.chunks(100).map(|ids| {
        let mut accounts = state.accounts.clone();
        let msg = apb::PublicProfilesRequest { ids: ids.to_vec() };
        async move {
            match accounts.get_public_profiles(request(msg, None)).await {
                Ok(r) => r.into_inner().profiles,
                Err(e) => {
                    tracing::warn!(error = %e.message(), "names unavailable for trips");
                    Vec::new()
                }
            }
        }
    }));
    let (cars, profiles) = tokio::join!(cars, profiles);
    Names {
        cars: cars.into_iter().flatten().collect(),
        people: profiles.into_iter().flatten().map(|p| (p.id.clone(), p)).collect(),
    }
}

/// `YYYY-MM-DD` and `h:mm AM` of an RFC 3339 time, in its own offset (the car's).
fn local_date_time(rfc3339: &str) -> (String, String) {
    match chrono::DateTime::parse_from_rfc3339(rfc3339) {
        Ok(t) => (t.format("%Y-%m-%d").to_string(), t.format("%-I:%M %p").to_string()),
        Err(_) => (String::new(), String::new()),
    }
}

/// A trip's price details as pricing's answers write them (decoded from the trip's copy).
fn price_details<S: serde::Serializer>(
    d: &Option<ppb::PriceDetails>,
    s: S,
) -> Result<S::Ok, S::Error> {
    d.as_ref().map(crate::routes::pricing::PriceDetails::from).serialize(s)
}

/// A chosen extra.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChosenExtra {
    extra_id: String,
    extra_type: String,
    quantity: i32,
}

/// Where the guest picks the car up.
#[derive(Debug, Serialize, ToSchema)]
pub struct PickUpLocation {
    latitude: f64,
    longitude: f64,
    address: String,
    /// `[longitude, latitude]`.
    coordinates: [f64; 2],
}

/// One change of a trip (the append-only history).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HistoryEntry {
    /// `null` in the entry of the booking itself.
    from_status: Option<TripStatus>,
    to_status: TripStatus,
    action: String,
    /// `guest`, `host`, `cohost`, `admin`, `driver` or `system`.
    actor_role: TripRole,
    actor_id: String,
    reason: String,
    at: String,
}

/// An additional driver of a trip.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdditionalDriver {
    email: String,
    status: DriverStatus,
    invited_at: String,
    expires_at: String,
    added_at: Option<String>,
}

impl From<&pb::AdditionalDriver> for AdditionalDriver {
    fn from(d: &pb::AdditionalDriver) -> Self {
        Self {
            email: d.email.clone(),
            status: d.status().into(),
            invited_at: d.invited_at.clone(),
            expires_at: d.expires_at.clone(),
            added_at: d.added_at.clone(),
        }
    }
}

/// The Trip entity of spec 002 as every trip call answers it, with the names the lists and the
/// summary card show. Money in dollars.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Trip {
    #[serde(rename = "_id")]
    pub id: String,
    pub trip_id: String,
    pub car_id: String,
    pub host_id: String,
    pub owner_id: String,
    /// The guest.
    pub user_id: String,
    pub status: TripStatus,
    /// `YYYY-MM-DD`, local to the car.
    pub new_start_date: String,
    /// `h:mm AM`, local to the car.
    pub new_start_time: String,
    pub new_end_date: String,
    pub new_end_time: String,
    pub start_date: String,
    pub end_date: String,
    /// RFC 3339 with the car's offset.
    pub start_time: String,
    pub end_time: String,
    pub time_zone: String,
    /// `null` in an additional driver's view.
    pub final_price: Option<f64>,
    /// `null` in an additional driver's view.
    #[serde(serialize_with = "price_details")]
    #[schema(value_type = Option<crate::routes::pricing::PriceDetails>)]
    pub price_details: Option<ppb::PriceDetails>,
    pub extras: Vec<ChosenExtra>,
    pub protection_plan_type: String,
    pub pick_up_location: Option<PickUpLocation>,
    /// The guest's message to the host.
    pub message: String,
    pub cancel_reason: String,
    pub reject_reason: String,
    /// What the guest got back.
    pub refund_amount: Option<f64>,
    pub is_cancelled: bool,
    pub cancel_date: Option<String>,
    /// `guest` or `host`; `null` while the trip is not cancelled.
    pub cancelled_by: Option<TripRole>,
    pub reservation_number: String,
    /// `null` in an additional driver's view.
    pub payment_status: Option<PaymentStatus>,
    /// `guest`, `host`, `admin` or `driver`.
    pub viewer_role: TripRole,
    pub created_at: String,
    pub updated_at: String,
    pub history: Vec<HistoryEntry>,
    /// `year make model`.
    pub car_name: String,
    pub car_photo_url: String,
    pub car_make: String,
    pub car_model: String,
    pub car_year: i32,
    /// The guest's full name.
    pub renter_name: String,
    /// The guest's first name.
    pub first_name: String,
    pub last_name: String,
    pub user_profile_pic: String,
    pub host_name: String,
    /// In single-trip answers.
    pub additional_drivers: Vec<AdditionalDriver>,
}

impl Trip {
    /// The answer for `t`, with the names of its car and people.
    pub(crate) fn of(t: &pb::Trip, n: &Names) -> Self {
        let (start_date, start_time) = local_date_time(&t.start_time);
        let (end_date, end_time) = local_date_time(&t.end_time);
        let car = n.cars.get(&t.car_id).and_then(|c| c.summary.clone()).unwrap_or_default();
        let guest = n.people.get(&t.guest_id).cloned().unwrap_or_default();
        let host = n.people.get(&t.owner_id).cloned().unwrap_or_default();
        // An additional driver's view carries no money (trips leaves it out).
        let status = TripStatus::from(t.status());
        let viewer_role = TripRole::from(t.viewer_role());
        let priced = viewer_role != TripRole::Driver;
        let details =
            priced.then(|| ppb::PriceDetails::decode(t.price_details.as_slice()).ok()).flatten();
        Self {
            id: t.trip_id.clone(),
            trip_id: t.trip_id.clone(),
            car_id: t.car_id.clone(),
            host_id: t.owner_id.clone(),
            owner_id: t.owner_id.clone(),
            user_id: t.guest_id.clone(),
            status,
            new_start_date: start_date.clone(),
            new_start_time: start_time,
            new_end_date: end_date.clone(),
            new_end_time: end_time,
            start_date,
            end_date,
            start_time: t.start_time.clone(),
            end_time: t.end_time.clone(),
            time_zone: t.time_zone.clone(),
            final_price: priced.then(|| dollars(t.total_cents)),
            price_details: details,
            extras: t
                .extras
                .iter()
                .map(|e| ChosenExtra {
                    extra_id: e.extra_id.clone(),
                    extra_type: e.extra_type.clone(),
                    quantity: e.quantity,
                })
                .collect(),
            protection_plan_type: t.protection_plan_type.clone(),
            pick_up_location: t.pick_up_location.as_ref().map(|l| PickUpLocation {
                latitude: l.latitude,
                longitude: l.longitude,
                address: l.address.clone(),
                coordinates: [l.longitude, l.latitude],
            }),
            message: t.message.clone(),
            cancel_reason: t.cancel_reason.clone(),
            reject_reason: t.reject_reason.clone(),
            refund_amount: t.refund_cents.map(dollars),
            is_cancelled: status.is_cancelled(),
            cancel_date: t.cancelled_at.clone(),
            cancelled_by: TripRole::specified(t.cancelled_by()),
            reservation_number: t.reservation_number.clone(),
            payment_status: PaymentStatus::specified(t.payment_status()),
            viewer_role,
            created_at: t.created_at.clone(),
            updated_at: t.updated_at.clone(),
            history: t
                .history
                .iter()
                .map(|h| HistoryEntry {
                    from_status: TripStatus::specified(h.from_status()),
                    to_status: h.to_status().into(),
                    action: h.action.clone(),
                    actor_role: h.actor_role().into(),
                    actor_id: h.actor_id.clone(),
                    reason: h.reason.clone(),
                    at: h.at.clone(),
                })
                .collect(),
            car_name: format!("{} {} {}", car.car_year, car.make, car.model).trim().to_owned(),
            car_photo_url: car.primary_photo_url,
            car_make: car.make,
            car_model: car.model,
            car_year: car.car_year,
            renter_name: format!("{} {}", guest.first_name, guest.last_name).trim().to_owned(),
            first_name: guest.first_name,
            last_name: guest.last_name,
            user_profile_pic: guest.profile_pic,
            host_name: format!("{} {}", host.first_name, host.last_name).trim().to_owned(),
            additional_drivers: t.additional_drivers.iter().map(AdditionalDriver::from).collect(),
        }
    }
}

/// One trip: `{status, message, data}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct TripAnswer {
    status: bool,
    message: String,
    data: Trip,
}

async fn one(state: &AppState, reply: pb::TripReply) -> TripAnswer {
    let t = reply.trip.unwrap_or_default();
    let n = names(state, std::slice::from_ref(&t)).await;
    TripAnswer { status: true, message: reply.message, data: Trip::of(&t, &n) }
}

// ---------------------------------------------------------------------------------------------
// Booking and the lifecycle

/// `createTrip`: the Trip entity of spec 002 (the checkout's choices), plus `quoteId`.
// The same choices as pricing's `getFinalTripPrice` body, listed here rather than flattened
// from it: a flattened struct's 400s could not name the bad field.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct CreateTripBody {
    /// From `tripPrice/getFinalTripPrice`; without it the server prices the fields itself.
    quote_id: Text,
    car_id: Text,
    /// `YYYY-MM-DD`, local to the car.
    #[serde(alias = "startDate")]
    new_start_date: Text,
    /// `h:mm AM`, local to the car.
    #[serde(alias = "startTime")]
    new_start_time: Text,
    #[serde(alias = "endDate")]
    new_end_date: Text,
    #[serde(alias = "endTime")]
    new_end_time: Text,
    age: Int,
    extras: Extras,
    protection_plan_type: Text,
    #[serde(alias = "pickupLocation")]
    pick_up_location: Place,
    coupon_code: Text,
    return_to_same_address: Flag,
    return_to_car_location: Flag,
    return_location: Place,
    /// To the host.
    message: Text,
    /// The price the guest saw; if the price charged differs by more than a cent, 409
    /// `price_changed`.
    final_price: Dollars,
    /// Accepted for the spec's shape; the token says who books.
    user_id: Text,
}

/// Book a car (201 with the trip; `Idempotency-Key` replays the first answer).
#[utoipa::path(
    tag = "trips",
    params(("Idempotency-Key" = Option<String>, Header, description = "The same key answers the first answer again")),
    request_body = CreateTripBody,
    responses((status = 201, body = TripAnswer), (status = 409, body = super::alternatives::Conflict, description = "`car_not_available`, with the alternatives")),
    security(("bearer" = []))
)]
#[post("/trips/createTrip")]
pub async fn create_trip(
    state: State,
    user: AuthUser,
    req: HttpRequest,
    body: Json<CreateTripBody>,
) -> HttpResult<actix_web::Either<Created<TripAnswer>, HttpResponse>> {
    let b = body.into_inner();
    let window = cpb::AvailabilityRequest {
        car_id: b.car_id.0.clone(),
        from_date: b.new_start_date.0.clone(),
        from_time: b.new_start_time.0.clone(),
        until_date: b.new_end_date.0.clone(),
        until_time: b.new_end_time.0.clone(),
        is_delivery: false,
    };
    let msg = pb::CreateTripRequest {
        idempotency_key: idempotency_key(&req)?,
        quote_id: b.quote_id.into(),
        car_id: b.car_id.into(),
        start_date: b.new_start_date.into(),
        start_time: b.new_start_time.into(),
        end_date: b.new_end_date.into(),
        end_time: b.new_end_time.into(),
        age: b.age.0,
        extras: chosen(b.extras),
        protection_plan_type: b.protection_plan_type.into(),
        pick_up_location: location(b.pick_up_location),
        coupon_code: b.coupon_code.into(),
        return_to_same_address: b.return_to_same_address.0,
        return_to_car_location: b.return_to_car_location.0,
        return_location: location(b.return_location),
        message: b.message.into(),
        final_price_cents: b.final_price.0,
    };
    let r = match state.trips.clone().create_trip(request(msg, Some(&user.0))).await {
        Ok(r) => r.into_inner(),
        Err(status) => {
            let e = HttpError::from(status);
            if !super::alternatives::is_car_conflict(&e) {
                return Err(e);
            }
            let answer =
                super::alternatives::conflict(&state, Some(&user.0), window, e.0.message, false);
            return Ok(actix_web::Either::Right(answer.await));
        }
    };
    Ok(actix_web::Either::Left(Created(one(&state, r).await)))
}

/// Read a trip (its guest, host, co-hosts, added drivers and admins; 404 for anyone else).
#[utoipa::path(tag = "trips", responses((status = 200, body = TripAnswer)), security(("bearer" = [])))]
#[get("/trips/getTrip/{id}")]
pub async fn get_trip(
    state: State,
    user: AuthUser,
    id: web::Path<String>,
) -> HttpResult<Json<TripAnswer>> {
    let msg = pb::TripIdRequest { trip_id: id.into_inner() };
    let r = state.trips.clone().get_trip(request(msg, Some(&user.0))).await?.into_inner();
    Ok(Json(one(&state, r).await))
}

/// `cancelTrip`.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct CancelBody {
    trip_id: Text,
    cancel_reason: Text,
    /// What the canceller saw; the refund policy decides what is given back.
    refund_amount: Dollars,
}

/// Cancel a trip (guest or host; `Idempotency-Key` replays the first answer).
#[utoipa::path(
    tag = "trips",
    params(("Idempotency-Key" = Option<String>, Header, description = "The same key answers the first answer again")),
    request_body = CancelBody,
    responses((status = 200, body = TripAnswer)),
    security(("bearer" = []))
)]
#[post("/trips/cancelTrip")]
pub async fn cancel_trip(
    state: State,
    user: AuthUser,
    req: HttpRequest,
    body: Json<CancelBody>,
) -> HttpResult<Json<TripAnswer>> {
    let b = body.into_inner();
    let msg = pb::CancelTripRequest {
        trip_id: String::from(b.trip_id),
        cancel_reason: b.cancel_reason.into(),
        refund_amount_cents: b.refund_amount.0,
        idempotency_key: idempotency_key(&req)?,
    };
    let r = state.trips.clone().cancel_trip(request(msg, Some(&user.0))).await?.into_inner();
    Ok(Json(one(&state, r).await))
}

/// Accept a requested trip (the car's host).
#[utoipa::path(tag = "trips", responses((status = 200, body = TripAnswer)), security(("bearer" = [])))]
#[post("/trips/acceptTrip/{id}")]
pub async fn accept_trip(
    state: State,
    user: AuthUser,
    id: web::Path<String>,
) -> HttpResult<Json<TripAnswer>> {
    let msg = pb::TripIdRequest { trip_id: id.into_inner() };
    let r = state.trips.clone().accept_trip(request(msg, Some(&user.0))).await?.into_inner();
    Ok(Json(one(&state, r).await))
}

/// `rejectTrip` (the body may be empty).
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct RejectBody {
    reject_reason: Text,
}

/// Reject a requested trip (the car's host).
#[utoipa::path(tag = "trips", request_body = RejectBody, responses((status = 200, body = TripAnswer)), security(("bearer" = [])))]
#[post("/trips/rejectTrip/{id}")]
pub async fn reject_trip(
    state: State,
    user: AuthUser,
    id: web::Path<String>,
    body: Json<RejectBody>,
) -> HttpResult<Json<TripAnswer>> {
    let msg = pb::RejectTripRequest {
        trip_id: id.into_inner(),
        reject_reason: body.into_inner().reject_reason.into(),
    };
    let r = state.trips.clone().reject_trip(request(msg, Some(&user.0))).await?.into_inner();
    Ok(Json(one(&state, r).await))
}

// ---------------------------------------------------------------------------------------------
// Trip lists

/// A list of trips.
#[derive(Debug, Serialize, ToSchema)]
pub struct TripsAnswer {
    status: bool,
    data: Vec<Trip>,
}

/// The trips of one view; `empty` is the 404's text for the views that answer 404 when empty
/// (spec 001's host lists).
async fn list(
    state: &AppState,
    who: &Identity,
    view: &str,
    empty: Option<&'static str>,
) -> HttpResult<Json<TripsAnswer>> {
    let msg = pb::ListTripsRequest { view: view.to_owned() };
    let r = state.trips.clone().list_trips(request(msg, Some(who))).await?.into_inner();
    if r.trips.is_empty()
        && let Some(text) = empty
    {
        return Err(GatewayError::NoTrips(text).into());
    }
    let n = names(state, &r.trips).await;
    Ok(Json(TripsAnswer { status: true, data: r.trips.iter().map(|t| Trip::of(t, &n)).collect() }))
}

/// The guest's trips under way and to come.
#[utoipa::path(tag = "trips", responses((status = 200, body = TripsAnswer)), security(("bearer" = [])))]
#[get("/trips/getInProgressAndFutureTrips")]
pub async fn guest_current(state: State, user: AuthUser) -> HttpResult<Json<TripsAnswer>> {
    list(&state, &user.0, "guest_current", None).await
}

/// The guest's past, cancelled and rejected trips, newest first.
#[utoipa::path(tag = "trips", responses((status = 200, body = TripsAnswer)), security(("bearer" = [])))]
#[get("/trips/getAllPastTripsForUserSortByDate")]
pub async fn guest_past(state: State, user: AuthUser) -> HttpResult<Json<TripsAnswer>> {
    list(&state, &user.0, "guest_past", None).await
}

/// The host's bookings to come (404 `no_trips` when none).
#[utoipa::path(tag = "trips", responses((status = 200, body = TripsAnswer)), security(("bearer" = [])))]
#[get("/trips/getAllFutureBookingsForHostSortByDate")]
pub async fn host_future(state: State, user: AuthUser) -> HttpResult<Json<TripsAnswer>> {
    list(&state, &user.0, "host_future", Some("No future bookings found for this host")).await
}

/// The host's past bookings (404 `no_trips` when none).
#[utoipa::path(tag = "trips", responses((status = 200, body = TripsAnswer)), security(("bearer" = [])))]
#[get("/trips/getAllPastBookingsForHostSortByDate")]
pub async fn host_past(state: State, user: AuthUser) -> HttpResult<Json<TripsAnswer>> {
    list(&state, &user.0, "host_past", Some("No past bookings found for this host")).await
}

/// The host's past trips (404 `no_trips` when none).
#[utoipa::path(tag = "trips", responses((status = 200, body = TripsAnswer)), security(("bearer" = [])))]
#[get("/host/getPastTripsForHost")]
pub async fn host_past_trips(state: State, user: AuthUser) -> HttpResult<Json<TripsAnswer>> {
    list(&state, &user.0, "host_past", Some("No past trips found for this host")).await
}

/// The dates to check the caller against, local to `timeZone`.
#[derive(Debug, Deserialize, Default, IntoParams)]
#[serde(default, rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct UserAvailabilityQuery {
    /// `YYYY-MM-DD` (also `newStartDate`, `fromDate`).
    #[serde(alias = "newStartDate", alias = "fromDate")]
    start_date: Text,
    /// `h:mm AM` (also `newStartTime`, `fromTime`).
    #[serde(alias = "newStartTime", alias = "fromTime")]
    start_time: Text,
    /// Also `newEndDate`, `untilDate`.
    #[serde(alias = "newEndDate", alias = "untilDate")]
    end_date: Text,
    /// Also `newEndTime`, `untilTime`.
    #[serde(alias = "newEndTime", alias = "untilTime")]
    end_time: Text,
    /// America/Los_Angeles when absent.
    time_zone: Text,
}

/// Whether the caller is free for some dates.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserAvailability {
    status: bool,
    is_user_available: bool,
    /// "User is not available." when not, else empty.
    message: &'static str,
}

/// Whether the caller holds no other trip over these dates.
#[utoipa::path(tag = "trips", params(UserAvailabilityQuery), responses((status = 200, body = UserAvailability)), security(("bearer" = [])))]
#[get("/cars/isUserAvailableForTheDates")]
pub async fn is_user_available(
    state: State,
    user: AuthUser,
    q: Query<UserAvailabilityQuery>,
) -> HttpResult<Json<UserAvailability>> {
    let q = q.into_inner();
    let msg = pb::UserAvailabilityRequest {
        start_date: q.start_date.into(),
        start_time: q.start_time.into(),
        end_date: q.end_date.into(),
        end_time: q.end_time.into(),
        time_zone: q.time_zone.into(),
    };
    let r = state.trips.clone().is_user_available(request(msg, Some(&user.0))).await?.into_inner();
    Ok(Json(UserAvailability {
        status: true,
        is_user_available: r.is_user_available,
        message: if r.is_user_available { "" } else { "User is not available." },
    }))
}

// ---------------------------------------------------------------------------------------------
// Cards, transactions and payouts

/// A card's billing address, in the spec's names or Stripe's (`address_line1`, `postal_code`);
/// where both are sent the spec's wins.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default)]
pub struct BillingDetailsBody {
    street: Text,
    address_line1: Text,
    #[serde(rename = "addressLine2")]
    address_line2: Text,
    #[serde(rename = "address_line2")]
    address_line2_snake: Text,
    city: Text,
    state: Text,
    zip: Text,
    postal_code: Text,
    /// `US`.
    country: Text,
    /// The card holder's name; or `first_name` and `last_name` as the billing form has them.
    name: Text,
    #[serde(alias = "firstName")]
    first_name: Text,
    #[serde(alias = "lastName")]
    last_name: Text,
}

/// The first of two spellings that says something.
fn either(a: Text, b: Text) -> String {
    if a.is_empty() { b.into_string() } else { a.into_string() }
}

impl From<BillingDetailsBody> for pb::BillingDetails {
    fn from(b: BillingDetailsBody) -> Self {
        Self {
            street: either(b.street, b.address_line1),
            address_line2: either(b.address_line2, b.address_line2_snake),
            city: b.city.into(),
            state: b.state.into(),
            zip: either(b.zip, b.postal_code),
            country: b.country.into(),
            name: if b.name.is_empty() {
                [b.first_name.into_string(), b.last_name.into_string()]
                    .into_iter()
                    .filter(|s| !s.is_empty())
                    .collect::<Vec<_>>()
                    .join(" ")
            } else {
                b.name.into_string()
            },
        }
    }
}

/// `addPaymentMethod`.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct AddPaymentMethodBody {
    /// A Stripe payment method id (`pm_card_visa`, ... with the local provider).
    payment_method_id: Text,
    billing_details: Option<BillingDetailsBody>,
    /// Accepted for the spec's shape; the token says whose card it is.
    user_id: Text,
}

/// A card's billing address.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BillingAddress {
    street: String,
    address_line2: String,
    city: String,
    state: String,
    zip: String,
    country: String,
}

/// A saved card.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentMethod {
    payment_method_id: String,
    card_type: String,
    last4: String,
    exp_month: i32,
    exp_year: i32,
    billing_address: BillingAddress,
}

impl From<&pb::PaymentMethod> for PaymentMethod {
    fn from(m: &pb::PaymentMethod) -> Self {
        let b = m.billing_address.clone().unwrap_or_default();
        Self {
            payment_method_id: m.payment_method_id.clone(),
            card_type: m.card_type.clone(),
            last4: m.last4.clone(),
            exp_month: m.exp_month,
            exp_year: m.exp_year,
            billing_address: BillingAddress {
                street: b.street,
                address_line2: b.address_line2,
                city: b.city,
                state: b.state,
                zip: b.zip,
                country: b.country,
            },
        }
    }
}

/// The caller's card, if any.
#[derive(Debug, Serialize, ToSchema)]
pub struct PaymentMethodAnswer {
    status: bool,
    message: String,
    data: Option<PaymentMethod>,
}

impl From<pb::PaymentMethodReply> for PaymentMethodAnswer {
    fn from(r: pb::PaymentMethodReply) -> Self {
        Self {
            status: true,
            data: r.payment_method.as_ref().map(PaymentMethod::from),
            message: r.message,
        }
    }
}

/// Save a card as the caller's primary payment method.
#[utoipa::path(tag = "payments", request_body = AddPaymentMethodBody, responses((status = 200, body = PaymentMethodAnswer)), security(("bearer" = [])))]
#[post("/payment/stripe/addPaymentMethod")]
pub async fn add_payment_method(
    state: State,
    user: AuthUser,
    body: Json<AddPaymentMethodBody>,
) -> HttpResult<Json<PaymentMethodAnswer>> {
    let b = body.into_inner();
    let msg = pb::AddPaymentMethodRequest {
        payment_method_id: b.payment_method_id.into(),
        billing_details: Some(b.billing_details.unwrap_or_default().into()),
    };
    let r = state.trips.clone().add_payment_method(request(msg, Some(&user.0))).await?.into_inner();
    Ok(Json(r.into()))
}

async fn primary_payment_method(
    state: &AppState,
    who: &Identity,
) -> HttpResult<Json<PaymentMethodAnswer>> {
    let r = state
        .trips
        .clone()
        .get_primary_payment_method(request(pb::Empty {}, Some(who)))
        .await?
        .into_inner();
    Ok(Json(r.into()))
}

/// The caller's primary card (a `userId` in the body is ignored: the token decides).
#[utoipa::path(tag = "payments", responses((status = 200, body = PaymentMethodAnswer)), security(("bearer" = [])))]
#[post("/payment/stripe/getPrimaryPaymentMethod")]
pub async fn get_primary_payment_method(
    state: State,
    user: AuthUser,
) -> HttpResult<Json<PaymentMethodAnswer>> {
    primary_payment_method(&state, &user.0).await
}

/// The caller's primary card, by the accounts path (a `userId` in the body is ignored).
#[utoipa::path(tag = "payments", responses((status = 200, body = PaymentMethodAnswer)), security(("bearer" = [])))]
#[post("/users/getPaymentInfo")]
pub async fn get_payment_info(
    state: State,
    user: AuthUser,
) -> HttpResult<Json<PaymentMethodAnswer>> {
    primary_payment_method(&state, &user.0).await
}

/// Which year's transactions.
#[derive(Debug, Deserialize, Default, IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct YearQuery {
    /// Every year when absent.
    year: Int,
}

/// One money movement of the caller's.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Transaction {
    transaction_id: String,
    trip_id: String,
    /// `charge`, `refund`, `payout` or `earning`.
    #[serde(rename = "type")]
    kind: String,
    /// Dollars: positive to the user, negative from the user.
    amount: f64,
    description: String,
    created_at: String,
}

/// The totals of a transaction history, in dollars.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TransactionTotals {
    paid: f64,
    refunded: f64,
    earned: f64,
    /// Payouts sent to the host's payout account.
    paid_out: f64,
    /// The host's account now, whatever the year: earnings final and not paid out yet (paid
    /// with the month's payout once above the threshold).
    available: f64,
    /// Earned at check-in, final 24 hours after the trip is over.
    pending: f64,
    /// The caller's share of the trips confirmed and not started yet (earned at check-in).
    upcoming: f64,
}

/// A trip to come and the caller's share of it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpcomingEarning {
    trip_id: String,
    reservation_number: String,
    car_id: String,
    /// RFC 3339.
    start_time: String,
    amount: f64,
}

/// The caller's transactions and their totals.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TransactionHistory {
    status: bool,
    data: Vec<Transaction>,
    totals: TransactionTotals,
    /// Trips to come that will earn the caller money, soonest first.
    upcoming_earnings: Vec<UpcomingEarning>,
}

/// The caller's transactions (read from the ledger).
#[utoipa::path(tag = "payments", params(YearQuery), responses((status = 200, body = TransactionHistory)), security(("bearer" = [])))]
#[get("/transaction/getTransactionHistory")]
pub async fn transaction_history(
    state: State,
    user: AuthUser,
    q: Query<YearQuery>,
) -> HttpResult<Json<TransactionHistory>> {
    let msg = pb::TransactionHistoryRequest { year: q.into_inner().year.0 };
    let r = state
        .trips
        .clone()
        .get_transaction_history(request(msg, Some(&user.0)))
        .await?
        .into_inner();
    Ok(Json(TransactionHistory {
        status: true,
        data: r
            .transactions
            .iter()
            .map(|t| Transaction {
                transaction_id: t.transaction_id.clone(),
                trip_id: t.trip_id.clone(),
                kind: t.kind.clone(),
                amount: dollars(t.amount_cents),
                description: t.description.clone(),
                created_at: t.created_at.clone(),
            })
            .collect(),
        totals: TransactionTotals {
            paid: dollars(r.total_paid_cents),
            refunded: dollars(r.total_refunded_cents),
            earned: dollars(r.total_earned_cents),
            paid_out: dollars(r.total_paid_out_cents),
            available: dollars(r.available_cents),
            pending: dollars(r.pending_cents),
            upcoming: dollars(r.upcoming_cents),
        },
        upcoming_earnings: r
            .upcoming
            .iter()
            .map(|u| UpcomingEarning {
                trip_id: u.trip_id.clone(),
                reservation_number: u.reservation_number.clone(),
                car_id: u.car_id.clone(),
                start_time: u.start_time.clone(),
                amount: dollars(u.amount_cents),
            })
            .collect(),
    }))
}

/// A host's payout account at the payment provider.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PayoutAccount {
    has_account: bool,
    account_id: String,
    details_submitted: bool,
    payouts_enabled: bool,
    onboarding_complete: bool,
    /// `not_started`, `pending` or `complete`.
    onboarding_status: String,
    requirements_due: Vec<String>,
}

impl From<&pb::PayoutAccountReply> for PayoutAccount {
    fn from(r: &pb::PayoutAccountReply) -> Self {
        Self {
            has_account: r.has_account,
            account_id: r.account_id.clone(),
            details_submitted: r.details_submitted,
            payouts_enabled: r.payouts_enabled,
            onboarding_complete: r.onboarding_complete,
            onboarding_status: r.onboarding_status.clone(),
            requirements_due: r.requirements_due.clone(),
        }
    }
}

/// The payout account, with the spec's `isOnboardingComplete`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OnboardingStatusData {
    #[serde(flatten)]
    account: PayoutAccount,
    is_onboarding_complete: bool,
}

/// The caller's payout account status.
#[derive(Debug, Serialize, ToSchema)]
pub struct OnboardingStatus {
    status: bool,
    data: OnboardingStatusData,
}

/// The caller's payout account status (the provider is asked each time).
#[utoipa::path(tag = "payments", responses((status = 200, body = OnboardingStatus)), security(("bearer" = [])))]
#[get("/payment/stripe/hostStripeOnboardingStatus")]
pub async fn onboarding_status(state: State, user: AuthUser) -> HttpResult<Json<OnboardingStatus>> {
    let r = state
        .trips
        .clone()
        .get_payout_account(request(pb::Empty {}, Some(&user.0)))
        .await?
        .into_inner();
    Ok(Json(OnboardingStatus {
        status: true,
        data: OnboardingStatusData {
            account: PayoutAccount::from(&r),
            is_onboarding_complete: r.onboarding_complete,
        },
    }))
}

/// `hostStripeAccountSetup`.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct AccountSetupBody {
    /// Only a new onboarding link (the account must exist).
    create_onboarding_link_only: Flag,
}

/// The payout account with its onboarding link.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AccountSetupData {
    #[serde(flatten)]
    account: PayoutAccount,
    url: String,
    /// Unix seconds.
    expires_at: i64,
}

/// An onboarding link to open.
#[derive(Debug, Serialize, ToSchema)]
pub struct AccountSetup {
    status: bool,
    message: &'static str,
    url: String,
    data: AccountSetupData,
}

/// Set up the caller's payout account, answering a fresh onboarding link.
#[utoipa::path(tag = "payments", request_body = AccountSetupBody, responses((status = 200, body = AccountSetup)), security(("bearer" = [])))]
#[post("/payment/stripe/hostStripeAccountSetup")]
pub async fn account_setup(
    state: State,
    user: AuthUser,
    body: Json<AccountSetupBody>,
) -> HttpResult<Json<AccountSetup>> {
    let msg = pb::PayoutAccountSetupRequest {
        create_onboarding_link_only: body.into_inner().create_onboarding_link_only.0,
    };
    let r =
        state.trips.clone().set_up_payout_account(request(msg, Some(&user.0))).await?.into_inner();
    Ok(Json(AccountSetup {
        status: true,
        message: "Open the link to finish setting up your payout account.",
        url: r.url.clone(),
        data: AccountSetupData {
            account: PayoutAccount::from(&r),
            url: r.url.clone(),
            expires_at: r.expires_at,
        },
    }))
}

/// A payout account after its onboarding.
#[derive(Debug, Serialize, ToSchema)]
pub struct PayoutAccountAnswer {
    status: bool,
    message: &'static str,
    data: PayoutAccount,
}

/// Complete a local payout account's onboarding, as the host would on the provider's form
/// (development, local payment provider).
#[utoipa::path(tag = "development", responses((status = 200, body = PayoutAccountAnswer)))]
#[get("/dev/payment/stripe/completeOnboarding/{accountId}")]
pub async fn complete_local_onboarding(
    state: State,
    account_id: web::Path<String>,
) -> HttpResult<Json<PayoutAccountAnswer>> {
    let msg = pb::PayoutAccountIdRequest { account_id: account_id.into_inner() };
    let r = state.trips.clone().complete_local_onboarding(request(msg, None)).await?.into_inner();
    Ok(Json(PayoutAccountAnswer {
        status: true,
        message: "Payout account onboarding completed (local payment provider).",
        data: PayoutAccount::from(&r),
    }))
}

// ---------------------------------------------------------------------------------------------
// Check-in and checkout

/// The stored files behind photo URLs the caller uploaded (`.../v1/files/{key}` from
/// `image/generatePresignedUrlsForUpload`), each with its SHA-256. How many a call may attach
/// is trips' rule; a URL named twice is read once.
pub(crate) async fn stored_photos(
    state: &AppState,
    who: &Identity,
    urls: Vec<String>,
) -> HttpResult<Vec<pb::Photo>> {
    let mut hashes: HashMap<String, String> = HashMap::new();
    let mut out = Vec::with_capacity(urls.len());
    for url in urls {
        let sha256 = match hashes.get(&url) {
            Some(h) => h.clone(),
            None => {
                let h = stored_photo_hash(state, who, &url).await?;
                hashes.insert(url.clone(), h.clone());
                h
            }
        };
        out.push(pb::Photo { url, sha256 });
    }
    Ok(out)
}

/// The SHA-256 (hex) of the stored file behind one photo URL.
async fn stored_photo_hash(state: &AppState, who: &Identity, url: &str) -> HttpResult<String> {
    use sha2::Digest;
    use upcar_storage::ObjectStore;
    let bad = |why: &str| HttpError::from(GatewayError::InvalidPhoto(format!("{url}: {why}")));
    let key = url
        .split_once("/v1/files/")
        .map(|(_, k)| k.split(['?', '#']).next().unwrap_or_default())
        .ok_or_else(|| bad("not a photo uploaded here"))?;
    // Uploads are stored under public/{folder}/{user id}/...: only one's own photos attach.
    if key.split('/').nth(2) != Some(who.user_id.to_string().as_str()) {
        return Err(GatewayError::NotYourPhoto(format!(
            "{url}: only photos you uploaded can be attached"
        ))
        .into());
    }
    let object = state.files.get(key).await.map_err(|_| bad("this photo was not uploaded"))?;
    let hash = sha2::Sha256::digest(&object.bytes);
    Ok(hash.iter().map(|b| format!("{b:02x}")).collect())
}

/// `checkIn` / `checkout`.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct HandoverBody {
    /// `guest` or `host` (informational: the token decides).
    role: Text,
    /// URLs of photos the caller uploaded (`image/generatePresignedUrlsForUpload`).
    photo_urls: Texts,
    /// `exterior` or `interior`.
    #[serde(rename = "type")]
    kind: Text,
}

async fn handover(
    state: &AppState,
    user: &AuthUser,
    trip_id: String,
    body: HandoverBody,
    is_checkout: bool,
) -> HttpResult<Json<TripAnswer>> {
    let msg = pb::TripEventRequest {
        trip_id,
        role: body.role.into(),
        photos: stored_photos(state, &user.0, body.photo_urls.into_vec()).await?,
        r#type: body.kind.into(),
    };
    let mut client = state.trips.clone();
    let r = if is_checkout {
        client.checkout(request(msg, Some(&user.0))).await?
    } else {
        client.check_in(request(msg, Some(&user.0))).await?
    };
    Ok(Json(one(state, r.into_inner()).await))
}

/// Check in with photos (the first call starts the trip; photos can be added for 30 minutes).
#[utoipa::path(tag = "trips", request_body = HandoverBody, responses((status = 200, body = TripAnswer)), security(("bearer" = [])))]
#[post("/trips/checkIn/{tripId}")]
pub async fn check_in(
    state: State,
    user: AuthUser,
    trip_id: web::Path<String>,
    body: Json<HandoverBody>,
) -> HttpResult<Json<TripAnswer>> {
    handover(&state, &user, trip_id.into_inner(), body.into_inner(), false).await
}

/// Check out with photos (the first call completes the trip; photos can be added for 30
/// minutes).
#[utoipa::path(tag = "trips", request_body = HandoverBody, responses((status = 200, body = TripAnswer)), security(("bearer" = [])))]
#[post("/trips/checkout/{tripId}")]
pub async fn checkout(
    state: State,
    user: AuthUser,
    trip_id: web::Path<String>,
    body: Json<HandoverBody>,
) -> HttpResult<Json<TripAnswer>> {
    handover(&state, &user, trip_id.into_inner(), body.into_inner(), true).await
}

/// A check-in or checkout photo.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TripPhoto {
    url: String,
    sha256: String,
    /// `exterior` or `interior`.
    #[serde(rename = "type")]
    kind: String,
    /// `guest` or `host`.
    uploaded_by: TripRole,
    /// Server time.
    taken_at: String,
}

/// The photos of one handover.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HandoverPhotos {
    photo_urls: Vec<String>,
    photos: Vec<TripPhoto>,
}

impl HandoverPhotos {
    fn of(ps: &[pb::TripPhoto]) -> Self {
        Self {
            photo_urls: ps.iter().map(|p| p.url.clone()).collect(),
            photos: ps
                .iter()
                .map(|p| TripPhoto {
                    url: p.url.clone(),
                    sha256: p.sha256.clone(),
                    kind: p.r#type.clone(),
                    uploaded_by: p.uploaded_by_role().into(),
                    taken_at: p.taken_at.clone(),
                })
                .collect(),
        }
    }
}

/// Check-in and checkout photos.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TripPhotosData {
    check_in: HandoverPhotos,
    checkout: HandoverPhotos,
}

/// A trip's handover photos.
#[derive(Debug, Serialize, ToSchema)]
pub struct TripPhotos {
    status: bool,
    data: TripPhotosData,
}

/// A trip's check-in and checkout photos.
#[utoipa::path(tag = "trips", responses((status = 200, body = TripPhotos)), security(("bearer" = [])))]
#[get("/trips/getCheckInAndCheckoutPhotos/{id}")]
pub async fn trip_photos(
    state: State,
    user: AuthUser,
    id: web::Path<String>,
) -> HttpResult<Json<TripPhotos>> {
    let msg = pb::TripIdRequest { trip_id: id.into_inner() };
    let r = state.trips.clone().get_trip_photos(request(msg, Some(&user.0))).await?.into_inner();
    Ok(Json(TripPhotos {
        status: true,
        data: TripPhotosData {
            check_in: HandoverPhotos::of(&r.check_in),
            checkout: HandoverPhotos::of(&r.checkout),
        },
    }))
}

// ---------------------------------------------------------------------------------------------
// Modifications

/// `createModifyTripRequest`: new dates, or new extras and plan, with an optional message.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct CreateModifyBody {
    trip_id: Text,
    /// Empty keeps the dates.
    #[serde(alias = "startDate")]
    new_start_date: Text,
    #[serde(alias = "startTime")]
    new_start_time: Text,
    #[serde(alias = "endDate")]
    new_end_date: Text,
    #[serde(alias = "endTime")]
    new_end_time: Text,
    /// Absent keeps the extras; a list (even empty) replaces them.
    extras: Option<Extras>,
    protection_plan_type: Text,
    message: Text,
}

/// Ask to change a confirmed trip (the other party answers).
#[utoipa::path(tag = "trips", request_body = CreateModifyBody, responses((status = 200, body = TripAnswer)), security(("bearer" = [])))]
#[post("/trips/createModifyTripRequest")]
pub async fn create_modify_request(
    state: State,
    user: AuthUser,
    body: Json<CreateModifyBody>,
) -> HttpResult<Json<TripAnswer>> {
    let b = body.into_inner();
    let msg = pb::ModifyTripRequest {
        trip_id: String::from(b.trip_id),
        start_date: b.new_start_date.into(),
        start_time: b.new_start_time.into(),
        end_date: b.new_end_date.into(),
        end_time: b.new_end_time.into(),
        extras_changed: b.extras.is_some(),
        extras: chosen(b.extras.unwrap_or_default()),
        protection_plan_type: b.protection_plan_type.into(),
        message: b.message.into(),
    };
    let r =
        state.trips.clone().create_modify_request(request(msg, Some(&user.0))).await?.into_inner();
    Ok(Json(one(&state, r).await))
}

/// A trip, by its id in the body.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct TripIdBody {
    trip_id: Text,
}

/// Withdraw one's modification request.
#[utoipa::path(tag = "trips", request_body = TripIdBody, responses((status = 200, body = TripAnswer)), security(("bearer" = [])))]
#[post("/trips/cancelModifyRequest")]
pub async fn cancel_modify_request(
    state: State,
    user: AuthUser,
    body: Json<TripIdBody>,
) -> HttpResult<Json<TripAnswer>> {
    let msg = pb::TripIdRequest { trip_id: String::from(body.into_inner().trip_id) };
    let r =
        state.trips.clone().cancel_modify_request(request(msg, Some(&user.0))).await?.into_inner();
    Ok(Json(one(&state, r).await))
}

/// `respondToModifyRequest`.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct RespondModifyBody {
    trip_id: Text,
    /// `accept` or `decline` (or `true` / `false`).
    response: Text,
    message: Text,
}

/// Accept or decline the other party's modification request.
#[utoipa::path(tag = "trips", request_body = RespondModifyBody, responses((status = 200, body = TripAnswer)), security(("bearer" = [])))]
#[post("/trips/respondToModifyRequest")]
pub async fn respond_to_modify_request(
    state: State,
    user: AuthUser,
    body: Json<RespondModifyBody>,
) -> HttpResult<Json<TripAnswer>> {
    let b = body.into_inner();
    let response = match b.response.as_str() {
        "true" => "accept".to_owned(),
        "false" => "decline".to_owned(),
        _ => b.response.into_string(),
    };
    let msg = pb::RespondToModifyRequest {
        trip_id: String::from(b.trip_id),
        response,
        message: b.message.into(),
    };
    let r = state
        .trips
        .clone()
        .respond_to_modify_request(request(msg, Some(&user.0)))
        .await?
        .into_inner();
    Ok(Json(one(&state, r).await))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// A trip with every field set, its car and its people.
    fn fixture(role: pb::TripRole) -> (pb::Trip, Names) {
        let details = ppb::PriceDetails {
            car_id: "car-1".into(),
            start_time: "2027-01-05T10:00:00-08:00".into(),
            end_time: "2027-01-07T10:00:00-08:00".into(),
            original_price_cents: 20000,
            final_price_before_tax_cents: 18000,
            final_price_cents: 19500,
            total_discount_cents: 2000,
            final_price_per_month_cents: None,
            can_pay_later: true,
            pay_later_date_message: "Pay later".into(),
            pay_later_at: None,
            total_miles_included: 400,
            price_per_mile_cents: 75,
            converted_free_cancellation_before: Some("2027-01-04T10:00:00-08:00".into()),
            lines: vec![ppb::Line {
                label: "Rental".into(),
                amount_cents: 20000,
                explanation: "2 days".into(),
                kind: "rental".into(),
            }],
            tax_cents: 1500,
            days: 2,
            is_long_term: false,
            quote_id: "".into(),
            quote_expires_at: "2027-01-01T00:00:00Z".into(),
            protection_plan_type: "Standard".into(),
            time_zone: "America/Los_Angeles".into(),
            daily_price_cents: 10000,
        };
        let t = pb::Trip {
            trip_id: "trip-1".into(),
            car_id: "car-1".into(),
            owner_id: "host-1".into(),
            guest_id: "guest-1".into(),
            status: pb::TripStatus::CancelledByGuest as i32,
            start_time: "2027-01-05T10:00:00-08:00".into(),
            end_time: "2027-01-07T14:30:00-08:00".into(),
            time_zone: "America/Los_Angeles".into(),
            total_cents: 19550,
            price_details: details.encode_to_vec(),
            extras: vec![pb::ChosenExtra {
                extra_id: "x1".into(),
                extra_type: "cooler".into(),
                quantity: 2,
            }],
            protection_plan_type: "Standard".into(),
            pick_up_location: Some(pb::Location {
                latitude: 37.5,
                longitude: -121.9,
                address: "1 Main".into(),
            }),
            message: "hi".into(),
            cancel_reason: "plans".into(),
            reject_reason: "".into(),
            refund_cents: Some(1234),
            created_at: "2026-12-01T00:00:00Z".into(),
            updated_at: "2026-12-02T00:00:00Z".into(),
            history: vec![pb::HistoryEntry {
                from_status: pb::TripStatus::Unspecified as i32,
                to_status: pb::TripStatus::Confirmed as i32,
                action: "book".into(),
                actor_id: "guest-1".into(),
                actor_role: pb::TripRole::Guest as i32,
                reason: "".into(),
                at: "2026-12-01T00:00:00Z".into(),
            }],
            payment_status: pb::PaymentStatus::Released as i32,
            reservation_number: "R123".into(),
            viewer_role: role as i32,
            version: 3,
            cancelled_at: Some("2026-12-02T00:00:00Z".into()),
            cancelled_by: pb::TripRole::Guest as i32,
            additional_drivers: vec![pb::AdditionalDriver {
                email: "a@x.com".into(),
                status: pb::DriverStatus::Invited as i32,
                invited_at: "i".into(),
                expires_at: "e".into(),
                added_at: None,
            }],
        };
        let car = cpb::CarDetails {
            summary: Some(cpb::CarSummary {
                make: "Tesla".into(),
                model: "Model 3".into(),
                car_year: 2022,
                primary_photo_url: "p.jpg".into(),
                ..Default::default()
            }),
            ..Default::default()
        };
        let person = |id: &str, first: &str, last: &str, pic: &str| {
            let p = apb::PublicProfile {
                id: id.into(),
                first_name: first.into(),
                last_name: last.into(),
                profile_pic: pic.into(),
            };
            (id.to_owned(), p)
        };
        let names = Names {
            cars: HashMap::from([("car-1".to_owned(), car)]),
            people: HashMap::from([
                person("guest-1", "Ada", "L", "pic"),
                person("host-1", "Hal", "", ""),
            ]),
        };
        (t, names)
    }

    fn answer(t: &pb::Trip, n: &Names) -> serde_json::Value {
        serde_json::to_value(Trip::of(t, n)).unwrap()
    }

    #[test]
    fn the_trip_answer_has_the_spec_keys_and_shapes() {
        let (t, n) = fixture(pb::TripRole::Guest);
        let want: serde_json::Value = serde_json::from_str(
            r#"{
            "_id": "trip-1", "tripId": "trip-1", "carId": "car-1", "hostId": "host-1",
            "ownerId": "host-1", "userId": "guest-1", "status": "cancelled_by_guest",
            "newStartDate": "2027-01-05", "newStartTime": "10:00 AM",
            "newEndDate": "2027-01-07", "newEndTime": "2:30 PM",
            "startDate": "2027-01-05", "endDate": "2027-01-07",
            "startTime": "2027-01-05T10:00:00-08:00", "endTime": "2027-01-07T14:30:00-08:00",
            "timeZone": "America/Los_Angeles", "finalPrice": 195.5,
            "priceDetails": {
                "carId": "car-1", "startTime": "2027-01-05T10:00:00-08:00",
                "endTime": "2027-01-07T10:00:00-08:00", "originalPrice": 200.0,
                "finalPriceBeforeTax": 180.0, "finalPrice": 195.0, "totalDiscount": 20.0,
                "finalPricePerMonth": null, "canPayLater": true,
                "payLaterDateMessage": "Pay later", "totalMilesIncluded": 400,
                "pricePerMile": 0.75,
                "convertedFreeCancellationBefore": "2027-01-04T10:00:00-08:00",
                "pricingBreakdown": [
                    {"label": "Rental", "amount": 200.0, "explanation": "2 days", "kind": "rental"}
                ],
                "totalPriceRounded": 195.0, "tax": 15.0, "numberOfDays": 2, "isLongTerm": false,
                "dailyPrice": 100.0, "protectionPlanType": "Standard", "quoteId": null,
                "quoteExpiresAt": "2027-01-01T00:00:00Z", "timeZone": "America/Los_Angeles",
                "currency": "USD"
            },
            "extras": [{"extraId": "x1", "extraType": "cooler", "quantity": 2}],
            "protectionPlanType": "Standard",
            "pickUpLocation": {
                "latitude": 37.5, "longitude": -121.9, "address": "1 Main",
                "coordinates": [-121.9, 37.5]
            },
            "message": "hi", "cancelReason": "plans", "rejectReason": "", "refundAmount": 12.34,
            "isCancelled": true, "cancelDate": "2026-12-02T00:00:00Z", "cancelledBy": "guest",
            "reservationNumber": "R123", "paymentStatus": "released", "viewerRole": "guest",
            "createdAt": "2026-12-01T00:00:00Z", "updatedAt": "2026-12-02T00:00:00Z",
            "history": [{
                "fromStatus": null, "toStatus": "confirmed", "action": "book",
                "actorRole": "guest", "actorId": "guest-1", "reason": "",
                "at": "2026-12-01T00:00:00Z"
            }],
            "carName": "2022 Tesla Model 3", "carPhotoUrl": "p.jpg", "carMake": "Tesla",
            "carModel": "Model 3", "carYear": 2022, "renterName": "Ada L", "firstName": "Ada",
            "lastName": "L", "userProfilePic": "pic", "hostName": "Hal",
            "additionalDrivers": [{
                "email": "a@x.com", "status": "invited", "invitedAt": "i", "expiresAt": "e",
                "addedAt": null
            }]
        }"#,
        )
        .unwrap();
        assert_eq!(answer(&t, &n), want);
    }

    #[test]
    fn a_drivers_view_carries_no_money() {
        let (t, n) = fixture(pb::TripRole::Driver);
        let a = answer(&t, &n);
        assert_eq!((&a["finalPrice"], &a["priceDetails"]), (&json!(null), &json!(null)));
        assert_eq!(a["reservationNumber"], "R123");
    }

    #[test]
    fn missing_parts_are_nulls_and_unknown_names_are_empty() {
        let (mut t, _) = fixture(pb::TripRole::Host);
        t.pick_up_location = None;
        t.refund_cents = None;
        t.cancelled_at = None;
        t.status = pb::TripStatus::Confirmed as i32;
        let a = answer(&t, &Names { cars: HashMap::new(), people: HashMap::new() });
        for k in ["pickUpLocation", "refundAmount", "cancelDate"] {
            assert!(a[k].is_null(), "{k}: {a}");
        }
        assert_eq!(a["isCancelled"], false);
        // As before: the year of an unknown car (0) still names it.
        assert_eq!(
            (&a["carName"], &a["carYear"], &a["renterName"]),
            (&json!("0"), &json!(0), &json!(""))
        );
    }

    #[test]
    fn billing_details_take_the_specs_names_or_stripes() {
        let b: AddPaymentMethodBody = crate::wire::from_json(
            json!({"paymentMethodId": "pm_card_visa", "billingDetails": {
                "address_line1": "1 Main", "street": "", "postal_code": 94538, "city": "Fremont",
                "addressLine2": "Apt 2", "address_line2": "ignored", "first_name": "Ada"
            }})
            .to_string()
            .as_bytes(),
        )
        .unwrap();
        let d = pb::BillingDetails::from(b.billing_details.unwrap());
        assert_eq!(
            (d.street.as_str(), d.zip.as_str(), d.address_line2.as_str(), d.name.as_str()),
            ("1 Main", "94538", "Apt 2", "Ada")
        );
        let b: AddPaymentMethodBody = crate::wire::from_json(
            br#"{"billingDetails": {"first_name": "Ada", "last_name": "Lovelace"}}"#,
        )
        .unwrap();
        assert_eq!(pb::BillingDetails::from(b.billing_details.unwrap()).name, "Ada Lovelace");
        let b: AddPaymentMethodBody =
            crate::wire::from_json(br#"{"billingDetails": null}"#).unwrap();
        assert!(b.billing_details.is_none());
    }
}
