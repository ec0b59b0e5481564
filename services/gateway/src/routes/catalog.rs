//! `/v1/cars/*`, `/v1/api/enums/*`, `/v1/car-makes-models/*`, `/v1/calendar/*`,
//! `/v1/places/*`, `/v1/allai/*`, `/v1/statics/*`: the catalog calls of spec 000 section 7.

use crate::auth::{AuthUser, MaybeUser};
use crate::error::{HttpError, HttpResult};
use crate::grpc::request;
use crate::state::AppState;
use actix_web::{HttpResponse, web};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::collections::HashSet;
use upcar_identity::Identity;
use upcar_proto::{accounts as apb, catalog as pb};

type State = web::Data<AppState>;

/// Cents as dollars with at most two decimals.
pub fn dollars(cents: i64) -> f64 {
    (cents as f64) / 100.0
}

#[derive(Serialize)]
struct AddressOut<'a> {
    street: &'a str,
    city: &'a str,
    state: &'a str,
    zip: &'a str,
}

#[derive(Serialize)]
struct PointOut {
    #[serde(rename = "type")]
    kind: &'static str,
    coordinates: [f64; 2],
}

/// A search card (spec 000 section 3), serialized straight from the reply.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CarOut<'a> {
    #[serde(rename = "_id")]
    id: &'a str,
    make: &'a str,
    model: &'a str,
    car_year: i32,
    latitude: f64,
    longitude: f64,
    address: AddressOut<'a>,
    location: PointOut,
    primary_photo_url: &'a str,
    photo_urls: &'a [String],
    total_rating: f64,
    rating_count: i32,
    trip_count: i32,
    distance: f64,
    is_fav: bool,
    special_feature: &'a str,
    daily_price: f64,
    monthly_price: f64,
    vehicle_type: &'a str,
    seats: i32,
    transmission_type: &'a str,
    gas_type: &'a str,
    owner_id: &'a str,
}

static NO_ADDRESS: pb::Address = pb::Address {
    street: String::new(),
    city: String::new(),
    state: String::new(),
    zip: String::new(),
    country: String::new(),
};

fn car_out<'a>(c: &'a pb::CarSummary, favourites: &HashSet<String>) -> CarOut<'a> {
    let a = c.address.as_ref().unwrap_or(&NO_ADDRESS);
    CarOut {
        id: &c.id,
        make: &c.make,
        model: &c.model,
        car_year: c.car_year,
        latitude: c.latitude,
        longitude: c.longitude,
        address: AddressOut { street: &a.street, city: &a.city, state: &a.state, zip: &a.zip },
        location: PointOut { kind: "Point", coordinates: [c.longitude, c.latitude] },
        primary_photo_url: &c.primary_photo_url,
        photo_urls: &c.photo_urls,
        total_rating: c.total_rating,
        rating_count: c.rating_count,
        trip_count: c.trip_count,
        distance: c.distance_miles,
        is_fav: favourites.contains(&c.id),
        special_feature: &c.special_feature,
        daily_price: dollars(c.daily_price_cents),
        monthly_price: dollars(c.monthly_price_cents),
        vehicle_type: &c.vehicle_type,
        seats: c.seats,
        transmission_type: &c.transmission_type,
        gas_type: &c.gas_type,
        owner_id: &c.owner_id,
    }
}

fn car_json(c: &pb::CarSummary, favourites: &HashSet<String>) -> Value {
    serde_json::to_value(car_out(c, favourites)).unwrap_or(Value::Null)
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

fn opt_f64(v: &Option<String>, field: &str) -> HttpResult<Option<f64>> {
    match v.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        None => Ok(None),
        Some(s) => s.parse::<f64>().ok().filter(|f| f.is_finite()).map(Some).ok_or_else(|| {
            HttpError::invalid("invalid_query", format!("{field} must be a number"))
        }),
    }
}

fn opt_i32(v: &Option<String>, field: &str) -> HttpResult<Option<i32>> {
    match v.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        None => Ok(None),
        Some(s) => s.parse::<i32>().map(Some).map_err(|_| {
            HttpError::invalid("invalid_query", format!("{field} must be a whole number"))
        }),
    }
}

fn dollars_to_cents(v: Option<f64>) -> Option<i64> {
    v.map(|d| (d * 100.0).round() as i64)
}

/// `a,b` or `[a,b]` ranges (`priceRange`, `yearRange`).
fn range(v: &Option<String>, field: &str) -> HttpResult<(Option<f64>, Option<f64>)> {
    let Some(s) = v
        .as_deref()
        .map(|s| s.trim().trim_start_matches('[').trim_end_matches(']'))
        .filter(|s| !s.is_empty())
    else {
        return Ok((None, None));
    };
    let (a, b) = s
        .split_once(',')
        .ok_or_else(|| HttpError::invalid("invalid_query", format!("{field} is min,max")))?;
    Ok((opt_f64(&Some(a.to_owned()), field)?, opt_f64(&Some(b.to_owned()), field)?))
}

/// The query of the car search, with the spec's names and those of
/// `findAvailableCarsNearAddress` as aliases.
#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct SearchQuery {
    #[serde(alias = "newStartDate")]
    from_date: String,
    #[serde(alias = "newStartTime")]
    from_time: String,
    #[serde(alias = "newEndDate")]
    until_date: String,
    #[serde(alias = "newEndTime")]
    until_time: String,
    latitude: Option<String>,
    longitude: Option<String>,
    #[serde(alias = "sortOrder")]
    sort_by: String,
    #[serde(alias = "carType")]
    vehicle_type: String,
    make: String,
    model: String,
    seats: Option<String>,
    min_seats: Option<String>,
    transmission_type: String,
    price_range: Option<String>,
    price_min: Option<String>,
    price_max: Option<String>,
    year_range: Option<String>,
    year_min: Option<String>,
    year_max: Option<String>,
    age: Option<String>,
    page: Option<String>,
    limit: Option<String>,
}

pub async fn search(state: State, who: MaybeUser, q: web::Query<SearchQuery>) -> HttpResult {
    let q = q.into_inner();
    let (pr_min, pr_max) = range(&q.price_range, "priceRange")?;
    let (yr_min, yr_max) = range(&q.year_range, "yearRange")?;
    let msg = pb::SearchRequest {
        from_date: q.from_date,
        from_time: q.from_time,
        until_date: q.until_date,
        until_time: q.until_time,
        latitude: opt_f64(&q.latitude, "latitude")?,
        longitude: opt_f64(&q.longitude, "longitude")?,
        sort_by: q.sort_by,
        vehicle_type: q.vehicle_type,
        make: q.make,
        model: q.model,
        exact_seats: opt_i32(&q.seats, "seats")?,
        min_seats: opt_i32(&q.min_seats, "minSeats")?,
        transmission_type: q.transmission_type,
        price_min_cents: dollars_to_cents(opt_f64(&q.price_min, "priceMin")?.or(pr_min)),
        price_max_cents: dollars_to_cents(opt_f64(&q.price_max, "priceMax")?.or(pr_max)),
        year_min: opt_i32(&q.year_min, "yearMin")?.or(yr_min.map(|y| y as i32)),
        year_max: opt_i32(&q.year_max, "yearMax")?.or(yr_max.map(|y| y as i32)),
        age: opt_i32(&q.age, "age")?,
        page: opt_i32(&q.page, "page")?.unwrap_or(1),
        limit: opt_i32(&q.limit, "limit")?.unwrap_or(0),
    };
    let started = std::time::Instant::now();
    let res = state.catalog.clone().search_cars(request(msg, who.0.as_ref())).await?;
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
    let favs = favourites_of(&state, who.0.as_ref()).await;
    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct Out<'a> {
        count: i64,
        message: &'a str,
        data: Vec<CarOut<'a>>,
        is_long_term_rental: bool,
        request_id: &'a str,
        page: i32,
        limit: i32,
        start_time: &'a str,
        end_time: &'a str,
    }
    Ok(HttpResponse::Ok().insert_header(("server-timing", timing)).json(Out {
        count: r.count,
        message: &r.message,
        data: r.cars.iter().map(|c| car_out(c, &favs)).collect(),
        is_long_term_rental: r.is_long_term_rental,
        request_id: &r.request_id,
        page: r.page,
        limit: r.limit,
        start_time: &r.start_time,
        end_time: &r.end_time,
    }))
}

pub async fn get_car(state: State, who: MaybeUser, id: web::Path<String>) -> HttpResult {
    let r = state
        .catalog
        .clone()
        .get_car(request(pb::CarIdRequest { car_id: id.into_inner() }, who.0.as_ref()))
        .await?
        .into_inner();
    let s = r.summary.clone().unwrap_or_default();
    let favs = favourites_of(&state, who.0.as_ref()).await;
    let mut car = car_json(&s, &favs);
    let own = who.0.as_ref().is_some_and(|i| i.user_id.to_string() == s.owner_id);
    let extras: Vec<Value> = r
        .extras
        .iter()
        .map(|e| {
            json!({
                "extraId": e.extra_id, "extraType": e.extra_type, "description": e.description,
                "price": {"amount": dollars(e.price_cents), "per": e.per},
                "isQuantityChoosable": e.is_quantity_choosable, "availableQuantity": e.available_quantity,
            })
        })
        .collect();
    let extra = json!({
        "title": r.title,
        "isOwnCar": own,
        "trim": r.trim,
        "doors": r.doors,
        "additionalPhotos": [],
        "carDetails": r.description,
        "features": r.features,
        "extras": extras,
        "minAgeRequired": r.min_age_required,
        "pricePerHour": dollars(r.price_per_hour_cents),
        "price": dollars(s.daily_price_cents),
        "ReportListingPolicy": "Report a listing that is inaccurate, unsafe or misleading. Our team reviews every report; a report does not hide the car by itself.",
        "cancellationPolicy": "Free cancellation within 1 hour of booking or more than 24 hours before the trip starts; 50% refund under 24 hours; no refund after the trip starts.",
        "advanceNoticeHours": r.advance_notice_hours,
        "minTripDuration": r.min_trip_days,
        "maxTripDuration": r.max_trip_days,
        "timeZone": r.time_zone,
        "pickupLocations": [{"latitude": s.latitude, "longitude": s.longitude, "address": car["address"].clone()}],
    });
    if let (Some(c), Some(e)) = (car.as_object_mut(), extra.as_object()) {
        for (k, v) in e {
            c.insert(k.clone(), v.clone());
        }
        c.insert("address".into(), json!({
            "street": car_address(&s).0, "city": car_address(&s).1, "state": car_address(&s).2, "zip": car_address(&s).3,
            "latitude": s.latitude, "longitude": s.longitude,
        }));
    }
    Ok(HttpResponse::Ok().json(json!({"status": true, "data": car})))
}

fn car_address(s: &pb::CarSummary) -> (String, String, String, String) {
    let a = s.address.clone().unwrap_or_default();
    (a.street, a.city, a.state, a.zip)
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct AvailabilityQuery {
    #[serde(alias = "newStartDate", alias = "startDate")]
    from_date: String,
    #[serde(alias = "newStartTime", alias = "startTime")]
    from_time: String,
    #[serde(alias = "newEndDate", alias = "endDate")]
    until_date: String,
    #[serde(alias = "newEndTime", alias = "endTime")]
    until_time: String,
    is_delivery: Option<String>,
}

pub async fn is_car_available(
    state: State,
    id: web::Path<String>,
    q: web::Query<AvailabilityQuery>,
) -> HttpResult {
    let q = q.into_inner();
    let msg = pb::AvailabilityRequest {
        car_id: id.into_inner(),
        from_date: q.from_date,
        from_time: q.from_time,
        until_date: q.until_date,
        until_time: q.until_time,
        is_delivery: q.is_delivery.as_deref() == Some("true"),
    };
    let r = state.catalog.clone().is_car_available(request(msg, None)).await?.into_inner();
    // The client treats 200 and 400 as answers (spec 000 section 8): unavailable is a 400.
    let body = json!({"status": r.available, "available": r.available, "message": r.message});
    Ok(if r.available {
        HttpResponse::Ok().json(body)
    } else {
        HttpResponse::BadRequest().json(json!({"error": "car_not_available", "message": r.message, "available": false, "status": false}))
    })
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct CalendarQuery {
    car_id: String,
    year: Option<String>,
    month: Option<String>,
}

pub async fn blocked_dates(state: State, q: web::Query<CalendarQuery>) -> HttpResult {
    let q = q.into_inner();
    let today = chrono::Utc::now().date_naive();
    use chrono::Datelike;
    let msg = pb::BlockedDatesRequest {
        car_id: q.car_id,
        year: opt_i32(&q.year, "year")?.unwrap_or(today.year()),
        month: opt_i32(&q.month, "month")?.unwrap_or(today.month() as i32),
    };
    let r = state.catalog.clone().blocked_dates(request(msg, None)).await?.into_inner();
    Ok(HttpResponse::Ok().json(json!({"status": true, "carUnavailableDates": r.dates})))
}

pub async fn list_enum(state: State, name: web::Path<String>) -> HttpResult {
    let name = name.into_inner();
    let r = state
        .catalog
        .clone()
        .list_enum(request(pb::EnumRequest { name: name.clone() }, None))
        .await?
        .into_inner();
    let data: Vec<Value> = if name == "statesList" {
        r.items.iter().map(|i| json!({"value": i.value, "label": i.label})).collect()
    } else {
        r.items.iter().map(|i| json!(i.value)).collect()
    };
    Ok(HttpResponse::Ok().json(json!({"status": true, "data": data})))
}

pub async fn models_for_make(state: State, make: web::Path<String>) -> HttpResult {
    let r = state
        .catalog
        .clone()
        .models_for_make(request(pb::MakeRequest { make: make.into_inner() }, None))
        .await?
        .into_inner();
    let models: Vec<&str> = r.items.iter().map(|i| i.value.as_str()).collect();
    Ok(HttpResponse::Ok()
        .json(json!({"status": true, "message": "", "data": {"models": models}, "models": models})))
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct AutocompleteQuery {
    #[serde(alias = "q", alias = "text")]
    input: String,
    limit: Option<String>,
}

/// `GET /v1/places/autocomplete?input=`: suggestions grouped City, Airport, Hotel, Address.
pub async fn autocomplete(state: State, q: web::Query<AutocompleteQuery>) -> HttpResult {
    let msg = pb::AutocompleteRequest {
        text: q.input.clone(),
        limit: opt_i32(&q.limit, "limit")?.unwrap_or(10),
    };
    let r = state.catalog.clone().autocomplete_places(request(msg, None)).await?.into_inner();
    let item = place_json;
    let groups: Vec<Value> = ["City", "Airport", "Hotel", "Address"]
        .iter()
        .map(|g| json!({"group": g, "items": r.places.iter().filter(|p| p.group == *g).map(item).collect::<Vec<_>>()}))
        .collect();
    Ok(HttpResponse::Ok().json(json!({"status": true, "data": r.places.iter().map(item).collect::<Vec<_>>(), "groups": groups})))
}

/// The spec's place suggestion, with the place-details fields (`displayName`, `location`).
fn place_json(p: &pb::Place) -> Value {
    json!({"placeId": p.place_id, "text": p.text, "lat": p.lat, "lng": p.lng, "formatted_address": p.formatted_address,
           "name": p.name, "displayName": p.name, "types": p.types, "group": p.group,
           "location": {"lat": p.lat, "lng": p.lng},
           "geometry": {"location": {"lat": p.lat, "lng": p.lng}},
           "distanceMiles": p.distance_miles})
}

/// `GET /v1/places/details/{placeId}`: display name, formatted address, location and types of
/// a place autocomplete suggested; 404 for an unknown id.
pub async fn place_details(state: State, id: web::Path<String>) -> HttpResult {
    let msg = pb::PlaceIdRequest { place_id: id.into_inner() };
    let p = state.catalog.clone().place_details(request(msg, None)).await?.into_inner();
    Ok(HttpResponse::Ok().json(json!({"status": true, "data": place_json(&p)})))
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct GeocodeQuery {
    #[serde(alias = "q", alias = "input")]
    address: Option<String>,
    #[serde(alias = "lat")]
    latitude: Option<String>,
    #[serde(alias = "lng")]
    longitude: Option<String>,
    /// `lat,lng` in one parameter.
    latlng: Option<String>,
    limit: Option<String>,
}

/// `GET /v1/places/geocode?address=` (best matches first) or `?latitude=&longitude=` /
/// `?latlng=lat,lng` (the nearest places within 100 miles, nearest first, each with
/// `distanceMiles`). No match is an empty `results` list.
pub async fn geocode(state: State, q: web::Query<GeocodeQuery>) -> HttpResult {
    let q = q.into_inner();
    let (latitude, longitude) = match &q.latlng {
        Some(s) => {
            let (a, b) = s.split_once(',').ok_or_else(|| {
                HttpError::invalid("invalid_coordinates", "latlng must be latitude,longitude")
            })?;
            (
                opt_f64(&Some(a.trim().to_owned()), "latitude")?,
                opt_f64(&Some(b.trim().to_owned()), "longitude")?,
            )
        }
        None => (opt_f64(&q.latitude, "latitude")?, opt_f64(&q.longitude, "longitude")?),
    };
    if latitude.is_some() != longitude.is_some() {
        return Err(HttpError::invalid("invalid_coordinates", "Give both latitude and longitude"));
    }
    let msg = pb::GeocodeRequest {
        address: q.address.unwrap_or_default(),
        latitude,
        longitude,
        limit: opt_i32(&q.limit, "limit")?.unwrap_or(5),
    };
    let r = state.catalog.clone().geocode(request(msg, None)).await?.into_inner();
    Ok(HttpResponse::Ok().json(json!({
        "status": true,
        "results": r.places.iter().map(place_json).collect::<Vec<_>>(),
    })))
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct NlQuery {
    #[serde(alias = "q", alias = "text", alias = "prompt")]
    query: String,
}

pub async fn search_params(state: State, q: web::Query<NlQuery>) -> HttpResult {
    let r = state
        .catalog
        .clone()
        .parse_search_text(request(pb::ParseSearchTextRequest { text: q.query.clone() }, None))
        .await?
        .into_inner();
    Ok(HttpResponse::Ok().json(json!({
        "status": true,
        "fromDate": r.from_date, "fromTime": r.from_time, "untilDate": r.until_date, "untilTime": r.until_time,
        "location": r.location, "latitude": r.latitude, "longitude": r.longitude,
        "vehicleType": if r.vehicle_type.is_empty() { Value::Null } else { json!(r.vehicle_type) },
    })))
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct PageQuery {
    page: Option<String>,
    limit: Option<String>,
}

/// `GET /v1/cars/getRatings/{carId}?page=`: the car's rating, category averages and reviews,
/// newest first, 50 a page.
pub async fn get_ratings(
    state: State,
    id: web::Path<String>,
    q: web::Query<PageQuery>,
) -> HttpResult {
    let msg = pb::RatingsRequest {
        car_id: id.into_inner(),
        page: opt_i32(&q.page, "page")?.unwrap_or(1),
    };
    let r = state.catalog.clone().get_ratings(request(msg, None)).await?.into_inner();
    let reviews: Vec<Value> = r
        .reviews
        .iter()
        .map(|v| {
            json!({
                "fromUserId": v.from_user_id,
                "reviewerName": v.reviewer_name,
                "reviewerProfilePic": v.reviewer_profile_pic,
                "reviewTime": v.review_time,
                "stars": v.stars,
                "review": v.review,
                "response": v.response,
                "responserName": v.responser_name,
            })
        })
        .collect();
    Ok(HttpResponse::Ok().json(json!({
        "status": true,
        "data": {
            "totalRating": r.total_rating,
            "ratingCount": r.rating_count,
            "categoryRatings": r.category_ratings.iter()
                .map(|c| json!({"category": c.category, "rating": c.rating}))
                .collect::<Vec<_>>(),
            "reviews": reviews,
        },
    })))
}

/// Accepts a JSON string, number or bool where the spec has a text field.
fn body_text(v: &Option<Value>) -> String {
    match v {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Number(n)) => n.to_string(),
        Some(Value::Bool(b)) => b.to_string(),
        _ => String::new(),
    }
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct ReportBody {
    report_type: Option<Value>,
    reason: Option<Value>,
}

/// `POST /v1/cars/reportListing/{id}` `{reportType, reason}`: "Flag This Ride".
pub async fn report_listing(
    state: State,
    user: AuthUser,
    id: web::Path<String>,
    body: web::Json<ReportBody>,
) -> HttpResult {
    let msg = pb::ReportListingRequest {
        car_id: id.into_inner(),
        report_type: body_text(&body.report_type),
        reason: body_text(&body.reason),
    };
    let r = state.catalog.clone().report_listing(request(msg, Some(&user.0))).await?.into_inner();
    Ok(HttpResponse::Ok().json(json!({"status": true, "message": r.message})))
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct DeliveryBody {
    delivery_location: Option<Value>,
}

/// GeoJSON `coordinates` as numbers; anything that is not a number becomes NaN so the
/// service refuses it with the coordinates message (one place checks coordinates).
fn coordinates(location: &Option<Value>) -> Vec<f64> {
    let number = |v: &Value| match v {
        Value::Number(n) => n.as_f64().unwrap_or(f64::NAN),
        Value::String(s) => s.trim().parse().unwrap_or(f64::NAN),
        _ => f64::NAN,
    };
    match location.as_ref().and_then(|l| l.get("coordinates")) {
        None | Some(Value::Null) => vec![],
        Some(Value::Array(a)) if a.is_empty() => vec![f64::NAN],
        Some(Value::Array(a)) => a.iter().map(number).collect(),
        Some(_) => vec![f64::NAN],
    }
}

/// `POST /v1/cars/calculateMaxDeliveryDistance/{id}` `{deliveryLocation: {coordinates:
/// [lng, lat]}}`: miles from the car and whether the host delivers that far.
pub async fn calculate_max_delivery_distance(
    state: State,
    id: web::Path<String>,
    body: web::Json<DeliveryBody>,
) -> HttpResult {
    let msg = pb::DeliveryDistanceRequest {
        car_id: id.into_inner(),
        coordinates: coordinates(&body.delivery_location),
    };
    let r = state.catalog.clone().delivery_distance(request(msg, None)).await?.into_inner();
    Ok(HttpResponse::Ok().json(json!({
        "status": true,
        "distance": r.distance_miles,
        "maxDeliveryDistance": r.max_delivery_miles,
        "isWithinRange": r.is_within_range,
    })))
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct CarTypeQuery {
    #[serde(rename = "type", alias = "carType", alias = "category")]
    car_type: String,
}

/// `GET /v1/cars/getStaticCarsByType?type=`: the home grid's 15 best-rated cars.
pub async fn static_cars_by_type(
    state: State,
    who: MaybeUser,
    q: web::Query<CarTypeQuery>,
) -> HttpResult {
    let msg = pb::HomeCarsRequest { category: q.into_inner().car_type };
    let r = state.catalog.clone().home_cars(request(msg, who.0.as_ref())).await?.into_inner();
    let favs = favourites_of(&state, who.0.as_ref()).await;
    let cards: Vec<Value> = r
        .cars
        .iter()
        .map(|c| {
            let a = c.address.clone().unwrap_or_default();
            json!({
                "id": c.id,
                "name": format!("{} {} {}", c.car_year, c.make, c.model),
                "photoUrl": c.primary_photo_url,
                "totalRating": c.total_rating,
                "address": {"city": a.city, "state": a.state},
                "tripCount": c.trip_count,
                "specialFeature": c.special_feature,
                "dailyprice": dollars(c.daily_price_cents),
                "isFav": favs.contains(&c.id),
            })
        })
        .collect();
    Ok(HttpResponse::Ok().json(json!({"status": true, "data": {"data": cards}})))
}

/// `GET /v1/cars/getCarsByOwner/{ownerId}?page&limit` (added: the spec's "other car data by
/// ownerId"): a host's listed cars for the public profile's vehicles grid, best rated first,
/// 6 a page; `total` for "{n} Vehicles". An unknown host has none.
pub async fn cars_by_owner(
    state: State,
    who: MaybeUser,
    owner: web::Path<String>,
    q: web::Query<PageQuery>,
) -> HttpResult {
    let msg = pb::CarsByOwnerRequest {
        owner_id: owner.into_inner(),
        page: opt_i32(&q.page, "page")?.unwrap_or(1),
        limit: opt_i32(&q.limit, "limit")?.unwrap_or(0),
    };
    let r = state.catalog.clone().cars_by_owner(request(msg, who.0.as_ref())).await?.into_inner();
    let favs = favourites_of(&state, who.0.as_ref()).await;
    Ok(HttpResponse::Ok().json(json!({
        "status": true,
        "data": r.cars.iter().map(|c| car_json(c, &favs)).collect::<Vec<_>>(),
        "total": r.total,
        "page": r.page,
        "limit": r.limit,
    })))
}

/// `GET /v1/statics/featured-car`: the home page's featured car.
pub async fn featured_car(state: State) -> HttpResult {
    let r = state
        .catalog
        .clone()
        .featured_car(request(pb::FeaturedCarRequest {}, None))
        .await?
        .into_inner();
    let c = r.car.unwrap_or_default();
    let image = if c.primary_photo_url.is_empty() {
        c.photo_urls.first().cloned().unwrap_or_default()
    } else {
        c.primary_photo_url.clone()
    };
    Ok(HttpResponse::Ok().json(json!({
        "status": true,
        "data": {"data": {"carImageUrl": image, "message": r.message, "carId": c.id}},
    })))
}
