//! `/v1/cars/*`, `/v1/api/enums/*`, `/v1/car-makes-models/*`, `/v1/calendar/*`,
//! `/v1/places/*`, `/v1/allai/*`, `/v1/statics/*`: the catalog calls of spec 000 section 7.

use crate::answers::{CarAddress, CarCard, GeoPoint};
use crate::auth::{AuthUser, MaybeUser};
use crate::error::{GatewayError, HttpError, HttpResult};
use crate::grpc::request;
use crate::recent_searches;
use crate::state::AppState;
use crate::wire::{Ack, Dollars, Flag, Int, Json, Number, Query, Text, one_of};
use actix_web::{HttpResponse, get, post, web};
use serde::de::{DeserializeOwned, IntoDeserializer};
use serde::{Deserialize, Serialize};
use std::collections::HashSet;
use upcar_identity::Identity;
use upcar_proto::{accounts as apb, catalog as pb};
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;

/// Cents as dollars: the one conversion lives in `wire`; trips' modules still import it from
/// here until they are converted.
use crate::wire::dollars;

type State = web::Data<AppState>;

/// Registers this module's routes.
pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(search)
        .service(find_available_cars_near_address)
        .service(get_car)
        .service(is_car_available)
        .service(blocked_dates)
        .service(list_enum)
        .service(models_for_make)
        .service(autocomplete)
        .service(place_details)
        .service(geocode)
        .service(search_params)
        .service(get_ratings)
        .service(report_listing)
        .service(calculate_max_delivery_distance)
        .service(static_cars_by_type)
        .service(cars_by_owner)
        .service(featured_car);
}

async fn favourites_of(state: &AppState, who: Option<&Identity>) -> HashSet<String> {
    let Some(id) = who else { return HashSet::new() };
    // Favourites only decorate the answer; a failure here must not fail the search.
    match state.accounts.clone().list_favourites(request(apb::Empty {}, Some(id))).await {
        Ok(r) => r.into_inner().favourites.into_iter().map(|f| f.car_id).collect(),
        Err(e) => {
            tracing::warn!(error = %e.message(), "favourites unavailable for search");
            HashSet::new()
        }
    }
}

/// `min,max` or `[min,max]` (`priceRange`, `yearRange`), each end read as `T`; empty is none.
fn range<T: DeserializeOwned + Default>(name: &str, v: &Text) -> HttpResult<(T, T)> {
    let s = v.as_str().trim_start_matches('[').trim_end_matches(']').trim();
    if s.is_empty() {
        return Ok((T::default(), T::default()));
    }
    let bad = |why: &str| HttpError::from(GatewayError::InvalidQuery(format!("{name}: {why}")));
    let (a, b) = s.split_once(',').ok_or_else(|| bad("must be min,max"))?;
    let end = |x: &str| {
        let de: serde::de::value::StrDeserializer<'_, serde::de::value::Error> =
            x.trim().into_deserializer();
        T::deserialize(de).map_err(|e| bad(&e.to_string()))
    };
    Ok((end(a)?, end(b)?))
}

/// The car search's query. Both calls take every name: the search page's (`fromDate`,
/// `sortBy`, `vehicleType`...) and `findAvailableCarsNearAddress`'s (`newStartDate`,
/// `sortOrder`, `carType`...). A parameter sent under both names is taken once; with different
/// values the search is refused (`conflicting_parameters`).
#[derive(Debug, Deserialize, Default, IntoParams)]
#[serde(default, rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct SearchQuery {
    /// Start date `YYYY-MM-DD`, in the place's time zone (tomorrow when absent).
    from_date: Text,
    /// `fromDate`'s other name.
    new_start_date: Text,
    /// Start time `h:mm AM` (10:00 AM when absent).
    from_time: Text,
    /// `fromTime`'s other name.
    new_start_time: Text,
    /// End date (the day after the start when absent).
    until_date: Text,
    /// `untilDate`'s other name.
    new_end_date: Text,
    /// End time (10:00 AM when absent).
    until_time: Text,
    /// `untilTime`'s other name.
    new_end_time: Text,
    /// The searched place (Fremont, CA when absent).
    latitude: Number,
    longitude: Number,
    /// `recommended`, `distance`, `priceAsc` or `priceDesc`.
    sort_by: Text,
    /// `sortBy`'s other name.
    sort_order: Text,
    vehicle_type: Text,
    /// `vehicleType`'s other name.
    car_type: Text,
    make: Text,
    model: Text,
    /// Exactly 4 or 5 seats, or 6 for six or more.
    seats: Int,
    /// At least this many seats (4, 5 or 6).
    min_seats: Int,
    /// `automatic` or `manual`.
    transmission_type: Text,
    /// `min,max` daily price in dollars (`priceMin`/`priceMax` win over it).
    price_range: Text,
    price_min: Dollars,
    price_max: Dollars,
    /// `min,max` model years (`yearMin`/`yearMax` win over it).
    year_range: Text,
    year_min: Int,
    year_max: Int,
    /// The driver's age (25 when absent).
    age: Int,
    /// The page, from 1.
    page: Int,
    /// Cars a page (20 when absent).
    limit: Int,
}

impl SearchQuery {
    fn into_request(self) -> HttpResult<pb::SearchRequest> {
        let (range_min, range_max) = range::<Dollars>("priceRange", &self.price_range)?;
        let (year_from, year_to) = range::<Int>("yearRange", &self.year_range)?;
        Ok(pb::SearchRequest {
            from_date: one_of([
                ("fromDate", self.from_date),
                ("newStartDate", self.new_start_date),
            ])?
            .into(),
            from_time: one_of([
                ("fromTime", self.from_time),
                ("newStartTime", self.new_start_time),
            ])?
            .into(),
            until_date: one_of([
                ("untilDate", self.until_date),
                ("newEndDate", self.new_end_date),
            ])?
            .into(),
            until_time: one_of([
                ("untilTime", self.until_time),
                ("newEndTime", self.new_end_time),
            ])?
            .into(),
            latitude: self.latitude.0,
            longitude: self.longitude.0,
            sort_by: one_of([("sortBy", self.sort_by), ("sortOrder", self.sort_order)])?.into(),
            vehicle_type: one_of([("vehicleType", self.vehicle_type), ("carType", self.car_type)])?
                .into(),
            make: self.make.into(),
            model: self.model.into(),
            exact_seats: self.seats.0,
            min_seats: self.min_seats.0,
            transmission_type: self.transmission_type.into(),
            price_min_cents: self.price_min.0.or(range_min.0),
            price_max_cents: self.price_max.0.or(range_max.0),
            year_min: self.year_min.0.or(year_from.0),
            year_max: self.year_max.0.or(year_to.0),
            age: self.age.0,
            page: self.page.or(1),
            limit: self.limit.or(0),
        })
    }
}

/// A page of search results.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SearchAnswer<'a> {
    /// Matches in all (one page is in `data`).
    count: i64,
    /// Why nothing matched, when nothing did.
    message: &'a str,
    data: Vec<CarCard<'a>>,
    /// 30 days or more.
    is_long_term_rental: bool,
    /// Names this page for `cars/checkPrices` and `tripPrice/getPricesByRequestId`.
    request_id: &'a str,
    page: i32,
    limit: i32,
    /// The resolved window, RFC 3339.
    start_time: &'a str,
    end_time: &'a str,
}

async fn run_search(state: &AppState, who: Option<&Identity>, q: SearchQuery) -> HttpResult {
    let msg = q.into_request()?;
    let started = std::time::Instant::now();
    let res = state.catalog.clone().search_cars(request(msg, who)).await?;
    // Server-Timing: the store's time inside catalog-search (`db`) and the whole call to it.
    let timing = format!(
        "{}catalog;dur={:.3}",
        res.metadata()
            .get("server-timing")
            .and_then(|v| v.to_str().ok())
            .map(|db| format!("{db}, "))
            .unwrap_or_default(),
        started.elapsed().as_secs_f64() * 1000.0
    );
    let r = res.into_inner();
    // A signed-in caller's page is remembered (for `checkPrices` with only the ids) while
    // their favourites are read: no time added.
    let remember = async {
        if let Some(id) = who {
            let cars: Vec<&str> = r.cars.iter().map(|c| c.id.as_str()).collect();
            recent_searches::remember(state, id.user_id, &r.request_id, &cars).await;
        }
    };
    let (favs, ()) = futures::join!(favourites_of(state, who), remember);
    Ok(HttpResponse::Ok().insert_header(("server-timing", timing)).json(SearchAnswer {
        count: r.count,
        message: &r.message,
        data: r.cars.iter().map(|c| CarCard::of(c, favs.contains(&c.id))).collect(),
        is_long_term_rental: r.is_long_term_rental,
        request_id: &r.request_id,
        page: r.page,
        limit: r.limit,
        start_time: &r.start_time,
        end_time: &r.end_time,
    }))
}

/// Search a place's cars free for the dates.
///
/// Header `Server-Timing`: the store's time inside catalog-search and the whole call to it.
#[utoipa::path(tag = "catalog", params(SearchQuery), responses((status = 200, body = SearchAnswer)), security((), ("bearer" = [])))]
#[get("/cars/search")]
pub async fn search(state: State, who: MaybeUser, q: Query<SearchQuery>) -> HttpResult {
    run_search(&state, who.0.as_ref(), q.into_inner()).await
}

/// The car search, as spec 000 names it.
#[utoipa::path(tag = "catalog", params(SearchQuery), responses((status = 200, body = SearchAnswer)), security((), ("bearer" = [])))]
#[get("/cars/findAvailableCarsNearAddress")]
pub async fn find_available_cars_near_address(
    state: State,
    who: MaybeUser,
    q: Query<SearchQuery>,
) -> HttpResult {
    run_search(&state, who.0.as_ref(), q.into_inner()).await
}

/// A car page's address: the card's, with the car's position.
#[derive(Debug, Serialize, ToSchema)]
pub struct PageAddress<'a> {
    street: &'a str,
    city: &'a str,
    state: &'a str,
    zip: &'a str,
    latitude: f64,
    longitude: f64,
}

/// Where the guest picks the car up.
#[derive(Debug, Serialize, ToSchema)]
pub struct PickupLocation<'a> {
    latitude: f64,
    longitude: f64,
    address: CarAddress<'a>,
}

/// An extra's price.
#[derive(Debug, Serialize, ToSchema)]
pub struct ExtraPrice<'a> {
    /// Dollars.
    amount: f64,
    /// `day` or `trip`.
    per: &'a str,
}

/// An extra the host offers.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CarExtra<'a> {
    extra_id: &'a str,
    extra_type: &'a str,
    description: &'a str,
    price: ExtraPrice<'a>,
    is_quantity_choosable: bool,
    available_quantity: i32,
}

impl<'a> From<&'a pb::Extra> for CarExtra<'a> {
    fn from(e: &'a pb::Extra) -> Self {
        Self {
            extra_id: &e.extra_id,
            extra_type: &e.extra_type,
            description: &e.description,
            price: ExtraPrice { amount: dollars(e.price_cents), per: &e.per },
            is_quantity_choosable: e.is_quantity_choosable,
            available_quantity: e.available_quantity,
        }
    }
}

const REPORT_LISTING_POLICY: &str = "Report a listing that is inaccurate, unsafe or misleading. Our team reviews every report; a report does not hide the car by itself.";
const CANCELLATION_POLICY: &str = "Free cancellation within 1 hour of booking or more than 24 hours before the trip starts; 50% refund under 24 hours; no refund after the trip starts.";

/// The car-details entity (spec 000 section 3): the search card's fields, the address with
/// the car's position, and the page's details.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CarPage<'a> {
    #[serde(rename = "_id")]
    id: &'a str,
    make: &'a str,
    model: &'a str,
    car_year: i32,
    latitude: f64,
    longitude: f64,
    address: PageAddress<'a>,
    location: GeoPoint,
    primary_photo_url: &'a str,
    photo_urls: &'a [String],
    total_rating: f64,
    rating_count: i32,
    trip_count: i32,
    distance: f64,
    is_fav: bool,
    special_feature: &'a str,
    /// Dollars a day.
    daily_price: f64,
    monthly_price: f64,
    vehicle_type: &'a str,
    seats: i32,
    transmission_type: &'a str,
    gas_type: &'a str,
    owner_id: &'a str,
    /// "2023 Tesla Model 3".
    title: &'a str,
    /// The signed-in caller owns it.
    is_own_car: bool,
    trim: &'a str,
    doors: i32,
    /// Always empty: every photo is in `photoUrls`.
    additional_photos: Vec<String>,
    /// The host's description.
    car_details: &'a str,
    features: &'a [String],
    extras: Vec<CarExtra<'a>>,
    min_age_required: i32,
    /// Dollars an hour.
    price_per_hour: f64,
    /// Dollars a day.
    price: f64,
    #[serde(rename = "ReportListingPolicy")]
    report_listing_policy: &'static str,
    cancellation_policy: &'static str,
    advance_notice_hours: i32,
    /// Days.
    min_trip_duration: i32,
    max_trip_duration: i32,
    time_zone: &'a str,
    pickup_locations: Vec<PickupLocation<'a>>,
}

impl<'a> CarPage<'a> {
    fn of(r: &'a pb::CarDetails, s: &'a pb::CarSummary, is_fav: bool, is_own_car: bool) -> Self {
        let card = CarCard::of(s, is_fav);
        let a = card.address;
        Self {
            id: card.id,
            make: card.make,
            model: card.model,
            car_year: card.car_year,
            latitude: card.latitude,
            longitude: card.longitude,
            address: PageAddress {
                street: a.street,
                city: a.city,
                state: a.state,
                zip: a.zip,
                latitude: card.latitude,
                longitude: card.longitude,
            },
            location: card.location,
            primary_photo_url: card.primary_photo_url,
            photo_urls: card.photo_urls,
            total_rating: card.total_rating,
            rating_count: card.rating_count,
            trip_count: card.trip_count,
            distance: card.distance,
            is_fav: card.is_fav,
            special_feature: card.special_feature,
            daily_price: card.daily_price,
            monthly_price: card.monthly_price,
            vehicle_type: card.vehicle_type,
            seats: card.seats,
            transmission_type: card.transmission_type,
            gas_type: card.gas_type,
            owner_id: card.owner_id,
            title: &r.title,
            is_own_car,
            trim: &r.trim,
            doors: r.doors,
            additional_photos: Vec::new(),
            car_details: &r.description,
            features: &r.features,
            extras: r.extras.iter().map(CarExtra::from).collect(),
            min_age_required: r.min_age_required,
            price_per_hour: dollars(r.price_per_hour_cents),
            price: card.daily_price,
            report_listing_policy: REPORT_LISTING_POLICY,
            cancellation_policy: CANCELLATION_POLICY,
            advance_notice_hours: r.advance_notice_hours,
            min_trip_duration: r.min_trip_days,
            max_trip_duration: r.max_trip_days,
            time_zone: &r.time_zone,
            pickup_locations: vec![PickupLocation {
                latitude: card.latitude,
                longitude: card.longitude,
                address: a,
            }],
        }
    }
}

/// A car page.
#[derive(Debug, Serialize, ToSchema)]
pub struct CarPageAnswer<'a> {
    status: bool,
    data: CarPage<'a>,
}

/// A car's page (404 `car_not_found` for an unknown or unlisted car).
#[utoipa::path(tag = "catalog", responses((status = 200, body = CarPageAnswer)), security((), ("bearer" = [])))]
#[get("/cars/getCar/{carId}")]
pub async fn get_car(state: State, who: MaybeUser, car_id: web::Path<String>) -> HttpResult {
    let who = who.0.as_ref();
    let msg = pb::CarIdRequest { car_id: car_id.into_inner(), page_view: true };
    let (r, favs) = futures::join!(
        async { state.catalog.clone().get_car(request(msg, who)).await },
        favourites_of(&state, who)
    );
    let r = r?.into_inner();
    let s = r.summary.clone().unwrap_or_default();
    let own = who.is_some_and(|i| i.user_id.to_string() == s.owner_id);
    let page = CarPage::of(&r, &s, favs.contains(&s.id), own);
    Ok(HttpResponse::Ok().json(CarPageAnswer { status: true, data: page }))
}

/// The dates of an availability check: the search's names, `newStartDate...` and
/// `startDate...` (one parameter under several names is taken once).
#[derive(Debug, Deserialize, Default, IntoParams)]
#[serde(default, rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct AvailabilityQuery {
    /// `YYYY-MM-DD`, in the car's time zone.
    from_date: Text,
    new_start_date: Text,
    start_date: Text,
    /// `h:mm AM`.
    from_time: Text,
    new_start_time: Text,
    start_time: Text,
    until_date: Text,
    new_end_date: Text,
    end_date: Text,
    until_time: Text,
    new_end_time: Text,
    end_time: Text,
    /// The car is delivered (its advance notice may differ).
    is_delivery: Flag,
}

/// Whether the car is free for the dates. Every 400 of the call has this shape, a refusal of
/// the dates or parameters included (the spec's clients read 200 and 400 alike).
#[derive(Debug, Serialize, ToSchema)]
pub struct Availability {
    /// Not free or not checkable: `car_not_available`, or the refusal's code
    /// (`start_too_far_ahead`, `dates_in_past`, `invalid_query`, ...).
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    /// Why not (booked, advance notice, trip length, not listed, the dates).
    message: String,
    available: bool,
    status: bool,
}

impl Availability {
    fn refused(code: &str, message: String) -> HttpResponse {
        HttpResponse::BadRequest().json(Self {
            error: Some(code.to_owned()),
            message,
            available: false,
            status: false,
        })
    }
}

/// Whether a car is free for the dates.
///
/// 200 when it is; 409 `car_not_available` with `available: false`, the reason and the
/// alternatives when not; 400 with `available: false` when the dates cannot be checked (their
/// refusal's code: past, inverted, beyond the booking horizon, malformed); 404 for an unknown
/// car.
#[utoipa::path(tag = "catalog", params(AvailabilityQuery), responses((status = 200, body = Availability), (status = 400, body = Availability, description = "Not checkable (the refusal's code): `available: false` and the reason"), (status = 409, body = super::alternatives::Conflict, description = "Not free (`car_not_available`): `available: false`, the reason and the alternatives")))]
#[get("/cars/isCarAvailableForTheseDates/{id}")]
pub async fn is_car_available(
    state: State,
    id: web::Path<String>,
    q: Result<Query<AvailabilityQuery>, HttpError>,
) -> HttpResult {
    match check_availability(&state, id.into_inner(), q).await {
        Ok(answer) => Ok(answer),
        // A refusal of the input is an answer of the call's own shape.
        Err(e) if e.0.http_status() == 400 => Ok(Availability::refused(&e.0.code, e.0.message)),
        Err(e) => Err(e),
    }
}

async fn check_availability(
    state: &AppState,
    car_id: String,
    q: Result<Query<AvailabilityQuery>, HttpError>,
) -> HttpResult {
    let q = q?.into_inner();
    let msg = pb::AvailabilityRequest {
        car_id,
        from_date: one_of([
            ("fromDate", q.from_date),
            ("newStartDate", q.new_start_date),
            ("startDate", q.start_date),
        ])?
        .into(),
        from_time: one_of([
            ("fromTime", q.from_time),
            ("newStartTime", q.new_start_time),
            ("startTime", q.start_time),
        ])?
        .into(),
        until_date: one_of([
            ("untilDate", q.until_date),
            ("newEndDate", q.new_end_date),
            ("endDate", q.end_date),
        ])?
        .into(),
        until_time: one_of([
            ("untilTime", q.until_time),
            ("newEndTime", q.new_end_time),
            ("endTime", q.end_time),
        ])?
        .into(),
        is_delivery: q.is_delivery.0,
    };
    let r = state.catalog.clone().is_car_available(request(msg.clone(), None)).await?.into_inner();
    if r.available {
        return Ok(HttpResponse::Ok().json(Availability {
            error: None,
            message: r.message,
            available: true,
            status: true,
        }));
    }
    // Not free: 409 with what can be had instead (CONTRACT "Conflict alternatives").
    let refusal = GatewayError::CarNotAvailable(r.message);
    Ok(super::alternatives::conflict(state, None, msg, refusal.to_string(), true).await)
}

/// A car and month.
#[derive(Debug, Deserialize, Default, IntoParams)]
#[serde(default, rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct CalendarQuery {
    car_id: Text,
    /// This year when absent.
    year: Int,
    /// 1 to 12; this month when absent.
    month: Int,
}

/// A car's unavailable days.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BlockedDates {
    status: bool,
    /// `YYYY-MM-DD`, local days of the car touched by a booking or block.
    car_unavailable_dates: Vec<String>,
}

/// The days of a month a car cannot be booked.
#[utoipa::path(tag = "catalog", params(CalendarQuery), responses((status = 200, body = BlockedDates)))]
#[get("/calendar/getBlockedOrBookedDates")]
pub async fn blocked_dates(
    state: State,
    q: Query<CalendarQuery>,
) -> HttpResult<Json<BlockedDates>> {
    use chrono::Datelike;
    let q = q.into_inner();
    let today = state.clock.now().date_naive();
    let msg = pb::BlockedDatesRequest {
        car_id: q.car_id.into(),
        year: q.year.or(today.year()),
        month: q.month.or(today.month() as i32),
    };
    let r = state.catalog.clone().blocked_dates(request(msg, None)).await?.into_inner();
    Ok(Json(BlockedDates { status: true, car_unavailable_dates: r.dates }))
}

/// One value of a list: a string, or (`statesList`) a value and its label.
#[derive(Debug, Serialize, ToSchema)]
#[serde(untagged)]
pub enum EnumValue {
    Labelled { value: String, label: String },
    Plain(String),
}

/// A list of values.
#[derive(Debug, Serialize, ToSchema)]
pub struct EnumList {
    status: bool,
    data: Vec<EnumValue>,
}

/// A list of the listing form's values (`carMakes`, `carTypes`, `statesList`...).
///
/// 404 `enum_not_found` for an unknown list.
#[utoipa::path(tag = "catalog", responses((status = 200, body = EnumList)))]
#[get("/api/enums/{name}")]
pub async fn list_enum(state: State, name: web::Path<String>) -> HttpResult<Json<EnumList>> {
    let name = name.into_inner();
    let labelled = name == "statesList";
    let r = state.catalog.clone().list_enum(request(pb::EnumRequest { name }, None)).await?;
    let data = r
        .into_inner()
        .items
        .into_iter()
        .map(|i| {
            if labelled {
                EnumValue::Labelled { value: i.value, label: i.label }
            } else {
                EnumValue::Plain(i.value)
            }
        })
        .collect();
    Ok(Json(EnumList { status: true, data }))
}

/// A make's models.
#[derive(Debug, Serialize, ToSchema)]
pub struct Models {
    models: Vec<String>,
}

/// A make's models, under both names clients read.
#[derive(Debug, Serialize, ToSchema)]
pub struct ModelsAnswer {
    status: bool,
    message: &'static str,
    data: Models,
    models: Vec<String>,
}

/// The models of a make (404 `make_not_found` for an unknown make).
#[utoipa::path(tag = "catalog", responses((status = 200, body = ModelsAnswer)))]
#[get("/car-makes-models/{make}")]
pub async fn models_for_make(
    state: State,
    make: web::Path<String>,
) -> HttpResult<Json<ModelsAnswer>> {
    let msg = pb::MakeRequest { make: make.into_inner() };
    let r = state.catalog.clone().models_for_make(request(msg, None)).await?.into_inner();
    let models: Vec<String> = r.items.into_iter().map(|i| i.value).collect();
    Ok(Json(ModelsAnswer {
        status: true,
        message: "",
        data: Models { models: models.clone() },
        models,
    }))
}

/// A point as maps providers write it.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
pub struct LatLng {
    lat: f64,
    lng: f64,
}

/// `{location: {lat, lng}}`.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
pub struct Geometry {
    location: LatLng,
}

/// A place: the suggestion's fields with the place-details fields (`displayName`,
/// `location`).
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlaceAnswer {
    place_id: String,
    text: String,
    lat: f64,
    lng: f64,
    #[serde(rename = "formatted_address")]
    formatted_address: String,
    name: String,
    display_name: String,
    types: Vec<String>,
    /// `City`, `Airport`, `Hotel` or `Address`.
    group: String,
    location: LatLng,
    geometry: Geometry,
    /// Reverse geocoding: miles from the asked point.
    distance_miles: Option<f64>,
}

impl From<pb::Place> for PlaceAnswer {
    fn from(p: pb::Place) -> Self {
        let at = LatLng { lat: p.lat, lng: p.lng };
        Self {
            place_id: p.place_id,
            text: p.text,
            lat: p.lat,
            lng: p.lng,
            formatted_address: p.formatted_address,
            display_name: p.name.clone(),
            name: p.name,
            types: p.types,
            group: p.group,
            location: at,
            geometry: Geometry { location: at },
            distance_miles: p.distance_miles,
        }
    }
}

/// Text to complete.
#[derive(Debug, Deserialize, Default, IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct AutocompleteQuery {
    /// At least 3 characters (fewer answer nothing).
    input: Text,
    /// `input`'s other name.
    q: Text,
    /// `input`'s other name.
    text: Text,
    /// 10 when absent.
    limit: Int,
}

/// Suggestions of one group.
#[derive(Debug, Serialize, ToSchema)]
pub struct PlaceGroup {
    group: &'static str,
    items: Vec<PlaceAnswer>,
}

/// Suggestions, all and by group.
#[derive(Debug, Serialize, ToSchema)]
pub struct Suggestions {
    status: bool,
    data: Vec<PlaceAnswer>,
    groups: Vec<PlaceGroup>,
}

/// Place suggestions grouped City, Airport, Hotel, Address.
#[utoipa::path(tag = "places", params(AutocompleteQuery), responses((status = 200, body = Suggestions)))]
#[get("/places/autocomplete")]
pub async fn autocomplete(
    state: State,
    q: Query<AutocompleteQuery>,
) -> HttpResult<Json<Suggestions>> {
    let q = q.into_inner();
    let msg = pb::AutocompleteRequest {
        text: one_of([("input", q.input), ("q", q.q), ("text", q.text)])?.into(),
        limit: q.limit.or(10),
    };
    let r = state.catalog.clone().autocomplete_places(request(msg, None)).await?.into_inner();
    let data: Vec<PlaceAnswer> = r.places.into_iter().map(PlaceAnswer::from).collect();
    let groups = ["City", "Airport", "Hotel", "Address"]
        .into_iter()
        .map(|group| PlaceGroup {
            group,
            items: data.iter().filter(|p| p.group == group).cloned().collect(),
        })
        .collect();
    Ok(Json(Suggestions { status: true, data, groups }))
}

/// A place.
#[derive(Debug, Serialize, ToSchema)]
pub struct PlaceDetails {
    status: bool,
    data: PlaceAnswer,
}

/// A suggested place's details (404 `place_not_found` for an unknown id).
#[utoipa::path(tag = "places", responses((status = 200, body = PlaceDetails)))]
#[get("/places/details/{id}")]
pub async fn place_details(state: State, id: web::Path<String>) -> HttpResult<Json<PlaceDetails>> {
    let msg = pb::PlaceIdRequest { place_id: id.into_inner() };
    let p = state.catalog.clone().place_details(request(msg, None)).await?.into_inner();
    Ok(Json(PlaceDetails { status: true, data: p.into() }))
}

/// An address to find, or a point to name.
#[derive(Debug, Deserialize, Default, IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct GeocodeQuery {
    /// Address text (forward geocoding).
    address: Text,
    /// `address`'s other name.
    q: Text,
    /// `address`'s other name.
    input: Text,
    /// A point (reverse geocoding), with `longitude`.
    latitude: Number,
    /// `latitude`'s other name.
    lat: Number,
    longitude: Number,
    /// `longitude`'s other name.
    lng: Number,
    /// `latitude,longitude` in one parameter.
    latlng: Text,
    /// 5 when absent, at most 25.
    limit: Int,
}

/// `latitude,longitude` (`latlng`); one number alone is a latitude without its longitude,
/// which catalog refuses with its coordinates rule.
fn lat_lng(v: &Text) -> HttpResult<(Number, Number)> {
    let bad = || {
        HttpError::from(GatewayError::InvalidQuery("latlng: must be latitude,longitude".to_owned()))
    };
    let number = |s: &str| -> HttpResult<Number> {
        s.trim()
            .parse::<f64>()
            .ok()
            .filter(|f| f.is_finite())
            .map(|f| Number(Some(f)))
            .ok_or_else(bad)
    };
    match v.as_str().split_once(',') {
        Some((a, b)) => Ok((number(a)?, number(b)?)),
        None => Ok((number(v.as_str())?, Number(None))),
    }
}

/// Geocoding results.
#[derive(Debug, Serialize, ToSchema)]
pub struct GeocodeAnswer {
    status: bool,
    /// Best match (forward) or nearest (reverse) first; empty when nothing matches.
    results: Vec<PlaceAnswer>,
}

/// Geocoding: an address to places, or a point to the places near it.
///
/// Forward: best match first. Reverse: the places within 100 miles, nearest first, with
/// `distanceMiles`.
#[utoipa::path(tag = "places", params(GeocodeQuery), responses((status = 200, body = GeocodeAnswer)))]
#[get("/places/geocode")]
pub async fn geocode(state: State, q: Query<GeocodeQuery>) -> HttpResult<Json<GeocodeAnswer>> {
    let q = q.into_inner();
    let (latitude, longitude) = if q.latlng.is_empty() {
        (
            one_of([("latitude", q.latitude), ("lat", q.lat)])?,
            one_of([("longitude", q.longitude), ("lng", q.lng)])?,
        )
    } else {
        lat_lng(&q.latlng)?
    };
    let msg = pb::GeocodeRequest {
        address: one_of([("address", q.address), ("q", q.q), ("input", q.input)])?.into(),
        latitude: latitude.0,
        longitude: longitude.0,
        limit: q.limit.or(5),
    };
    let r = state.catalog.clone().geocode(request(msg, None)).await?.into_inner();
    Ok(Json(GeocodeAnswer {
        status: true,
        results: r.places.into_iter().map(PlaceAnswer::from).collect(),
    }))
}

/// Free text, such as "SUV near SFO next Friday to Sunday 9am".
#[derive(Debug, Deserialize, Default, IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct NlQuery {
    query: Text,
    /// `query`'s other name.
    q: Text,
    /// `query`'s other name.
    text: Text,
    /// `query`'s other name.
    prompt: Text,
}

/// Search parameters read from free text.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SearchParams {
    status: bool,
    from_date: String,
    from_time: String,
    until_date: String,
    until_time: String,
    location: String,
    latitude: f64,
    longitude: f64,
    vehicle_type: Option<String>,
}

/// Search parameters (dates, times, place, vehicle type) from free text (400 `empty_text`).
#[utoipa::path(tag = "catalog", params(NlQuery), responses((status = 200, body = SearchParams)))]
#[get("/allai/getSearchParams")]
pub async fn search_params(state: State, q: Query<NlQuery>) -> HttpResult<Json<SearchParams>> {
    let q = q.into_inner();
    let text =
        one_of([("query", q.query), ("q", q.q), ("text", q.text), ("prompt", q.prompt)])?.into();
    let r = state
        .catalog
        .clone()
        .parse_search_text(request(pb::ParseSearchTextRequest { text }, None))
        .await?
        .into_inner();
    Ok(Json(SearchParams {
        status: true,
        from_date: r.from_date,
        from_time: r.from_time,
        until_date: r.until_date,
        until_time: r.until_time,
        location: r.location,
        latitude: r.latitude,
        longitude: r.longitude,
        vehicle_type: (!r.vehicle_type.is_empty()).then_some(r.vehicle_type),
    }))
}

/// A page of a list.
#[derive(Debug, Deserialize, Default, IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct PageQuery {
    /// From 1.
    page: Int,
    limit: Int,
}

/// A category's average.
#[derive(Debug, Serialize, ToSchema)]
pub struct CategoryRating {
    /// Cleanliness, Maintenance, Communication, Convenience or Accuracy.
    category: String,
    /// One decimal.
    rating: f64,
}

/// A guest's review of the car.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Review {
    /// The review's id (`respondToCarReview`'s `ratingId`).
    rating_id: String,
    from_user_id: String,
    reviewer_name: String,
    reviewer_profile_pic: String,
    /// RFC 3339.
    review_time: String,
    stars: i32,
    review: String,
    /// The host's answer.
    response: Option<String>,
    responser_name: Option<String>,
}

/// A car's ratings.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Ratings {
    total_rating: f64,
    rating_count: i32,
    category_ratings: Vec<CategoryRating>,
    /// Newest first, 50 a page.
    reviews: Vec<Review>,
}

/// A car's ratings.
#[derive(Debug, Serialize, ToSchema)]
pub struct RatingsAnswer {
    status: bool,
    data: Ratings,
}

/// A car's rating, category averages and reviews, newest first, 50 a page.
#[utoipa::path(tag = "catalog", params(PageQuery), responses((status = 200, body = RatingsAnswer)))]
#[get("/cars/getRatings/{carId}")]
pub async fn get_ratings(
    state: State,
    car_id: web::Path<String>,
    q: Query<PageQuery>,
) -> HttpResult<Json<RatingsAnswer>> {
    let msg = pb::RatingsRequest { car_id: car_id.into_inner(), page: q.page.or(1) };
    let r = state.catalog.clone().get_ratings(request(msg, None)).await?.into_inner();
    Ok(Json(RatingsAnswer {
        status: true,
        data: Ratings {
            total_rating: r.total_rating,
            rating_count: r.rating_count,
            category_ratings: r
                .category_ratings
                .into_iter()
                .map(|c| CategoryRating { category: c.category, rating: c.rating })
                .collect(),
            reviews: r
                .reviews
                .into_iter()
                .map(|v| Review {
                    rating_id: v.rating_id,
                    from_user_id: v.from_user_id,
                    reviewer_name: v.reviewer_name,
                    reviewer_profile_pic: v.reviewer_profile_pic,
                    review_time: v.review_time,
                    stars: v.stars,
                    review: v.review,
                    response: v.response,
                    responser_name: v.responser_name,
                })
                .collect(),
        },
    }))
}

/// "Flag This Ride".
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct ReportBody {
    /// At most 100 characters.
    report_type: Text,
    /// At most 1000 characters.
    reason: Text,
}

/// Report a listing (once a day per car; the car stays listed).
#[utoipa::path(tag = "catalog", request_body = ReportBody, responses((status = 200, body = Ack)), security(("bearer" = [])))]
#[post("/cars/reportListing/{id}")]
pub async fn report_listing(
    state: State,
    user: AuthUser,
    id: web::Path<String>,
    body: Json<ReportBody>,
) -> HttpResult<Json<Ack>> {
    let b = body.into_inner();
    let msg = pb::ReportListingRequest {
        car_id: id.into_inner(),
        report_type: b.report_type.into(),
        reason: b.reason.into(),
    };
    let r = state.catalog.clone().report_listing(request(msg, Some(&user.0))).await?.into_inner();
    Ok(Json(Ack::ok(r.message)))
}

/// A GeoJSON point (its `type` is not read).
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default)]
pub struct DeliveryPoint {
    /// `[longitude, latitude]`.
    coordinates: Option<Vec<Number>>,
}

/// Where the car would be delivered.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct DeliveryBody {
    delivery_location: Option<DeliveryPoint>,
}

/// How far a delivery would go.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryDistance {
    status: bool,
    /// Great-circle miles from the car, one decimal.
    distance: f64,
    /// The host's limit, miles.
    max_delivery_distance: i32,
    is_within_range: bool,
}

/// Miles from the car to a delivery place, and whether the host delivers that far.
#[utoipa::path(tag = "catalog", request_body = DeliveryBody, responses((status = 200, body = DeliveryDistance)))]
#[post("/cars/calculateMaxDeliveryDistance/{id}")]
pub async fn calculate_max_delivery_distance(
    state: State,
    id: web::Path<String>,
    body: Json<DeliveryBody>,
) -> HttpResult<Json<DeliveryDistance>> {
    // Catalog checks the coordinates (two, in range; none is `delivery_location_required`);
    // an empty list or a null in it stands as NaN so that it is refused as coordinates.
    let coordinates = match body.into_inner().delivery_location.and_then(|l| l.coordinates) {
        None => Vec::new(),
        Some(c) if c.is_empty() => vec![f64::NAN],
        Some(c) => c.into_iter().map(|n| n.0.unwrap_or(f64::NAN)).collect(),
    };
    let msg = pb::DeliveryDistanceRequest { car_id: id.into_inner(), coordinates };
    let r = state.catalog.clone().delivery_distance(request(msg, None)).await?.into_inner();
    Ok(Json(DeliveryDistance {
        status: true,
        distance: r.distance_miles,
        max_delivery_distance: r.max_delivery_miles,
        is_within_range: r.is_within_range,
    }))
}

/// A home grid category.
#[derive(Debug, Deserialize, Default, IntoParams)]
#[serde(default, rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct CarTypeQuery {
    /// All (default), Evs, Convertibles, 7 Seater or Luxury.
    #[serde(rename = "type")]
    #[param(rename = "type")]
    kind: Text,
    /// `type`'s other name.
    car_type: Text,
    /// `type`'s other name.
    category: Text,
}

/// City and state.
#[derive(Debug, Serialize, ToSchema)]
pub struct CityState<'a> {
    city: &'a str,
    state: &'a str,
}

/// A home grid card.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HomeCard<'a> {
    id: &'a str,
    /// "2023 Tesla Model 3".
    name: String,
    photo_url: &'a str,
    total_rating: f64,
    address: CityState<'a>,
    trip_count: i32,
    special_feature: &'a str,
    /// Dollars a day.
    #[serde(rename = "dailyprice")]
    daily_price: f64,
    is_fav: bool,
}

/// The grid's cards.
#[derive(Debug, Serialize, ToSchema)]
pub struct HomeCards<'a> {
    data: Vec<HomeCard<'a>>,
}

/// The home grid.
#[derive(Debug, Serialize, ToSchema)]
pub struct HomeAnswer<'a> {
    status: bool,
    data: HomeCards<'a>,
}

/// The home grid: 15 best-rated cars of a category.
#[utoipa::path(tag = "catalog", params(CarTypeQuery), responses((status = 200, body = HomeAnswer)), security((), ("bearer" = [])))]
#[get("/cars/getStaticCarsByType")]
pub async fn static_cars_by_type(
    state: State,
    who: MaybeUser,
    q: Query<CarTypeQuery>,
) -> HttpResult {
    let q = q.into_inner();
    let category =
        one_of([("type", q.kind), ("carType", q.car_type), ("category", q.category)])?.into();
    let who = who.0.as_ref();
    let r = state
        .catalog
        .clone()
        .home_cars(request(pb::HomeCarsRequest { category }, who))
        .await?
        .into_inner();
    let favs = favourites_of(&state, who).await;
    let cards = r
        .cars
        .iter()
        .map(|c| {
            let card = CarCard::of(c, favs.contains(&c.id));
            HomeCard {
                id: card.id,
                name: format!("{} {} {}", card.car_year, card.make, card.model),
                photo_url: card.primary_photo_url,
                total_rating: card.total_rating,
                address: CityState { city: card.address.city, state: card.address.state },
                trip_count: card.trip_count,
                special_feature: card.special_feature,
                daily_price: card.daily_price,
                is_fav: card.is_fav,
            }
        })
        .collect();
    Ok(HttpResponse::Ok().json(HomeAnswer { status: true, data: HomeCards { data: cards } }))
}

/// A host's cars, a page.
#[derive(Debug, Serialize, ToSchema)]
pub struct OwnerCars<'a> {
    status: bool,
    data: Vec<CarCard<'a>>,
    /// The host's listed cars in all.
    total: i64,
    page: i32,
    limit: i32,
}

/// A host's listed cars for the public profile.
///
/// Best rated first, 6 a page; an unknown host has none.
#[utoipa::path(tag = "catalog", params(PageQuery), responses((status = 200, body = OwnerCars)), security((), ("bearer" = [])))]
#[get("/cars/getCarsByOwner/{id}")]
pub async fn cars_by_owner(
    state: State,
    who: MaybeUser,
    id: web::Path<String>,
    q: Query<PageQuery>,
) -> HttpResult {
    let who = who.0.as_ref();
    let msg = pb::CarsByOwnerRequest {
        owner_id: id.into_inner(),
        page: q.page.or(1),
        limit: q.limit.or(0),
    };
    let r = state.catalog.clone().cars_by_owner(request(msg, who)).await?.into_inner();
    let favs = favourites_of(&state, who).await;
    Ok(HttpResponse::Ok().json(OwnerCars {
        status: true,
        data: r.cars.iter().map(|c| CarCard::of(c, favs.contains(&c.id))).collect(),
        total: r.total,
        page: r.page,
        limit: r.limit,
    }))
}

/// The featured car.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FeaturedCar {
    /// The primary photo, else the first, else empty.
    car_image_url: String,
    message: String,
    car_id: String,
}

/// `{data: {...}}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct FeaturedCarData {
    data: FeaturedCar,
}

/// The featured car.
#[derive(Debug, Serialize, ToSchema)]
pub struct FeaturedCarAnswer {
    status: bool,
    data: FeaturedCarData,
}

/// The home page's featured car (404 `featured_car_not_found` when none qualifies).
#[utoipa::path(tag = "catalog", responses((status = 200, body = FeaturedCarAnswer)))]
#[get("/statics/featured-car")]
pub async fn featured_car(state: State) -> HttpResult<Json<FeaturedCarAnswer>> {
    let r = state
        .catalog
        .clone()
        .featured_car(request(pb::FeaturedCarRequest {}, None))
        .await?
        .into_inner();
    let c = r.car.unwrap_or_default();
    let car_image_url = if c.primary_photo_url.is_empty() {
        c.photo_urls.into_iter().next().unwrap_or_default()
    } else {
        c.primary_photo_url
    };
    Ok(Json(FeaturedCarAnswer {
        status: true,
        data: FeaturedCarData {
            data: FeaturedCar { car_image_url, message: r.message, car_id: c.id },
        },
    }))
}
