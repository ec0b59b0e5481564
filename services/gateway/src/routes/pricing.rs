//! `/v1/tripPrice/*`, `/v1/cars/checkPrices/{ids}`, `/v1/trips/protectionPlans`: the pricing
//! calls of spec 000 section 7 and spec 002 "Pricing and checkout pieces". Money is answered
//! in dollars with two decimals; the service works in integer cents.

use crate::auth::{AuthUser, MaybeUser};
use crate::error::{HttpError, HttpResult};
use crate::grpc::request;
use crate::routes::body::{self, flag, int, text};
use crate::routes::catalog::dollars;
use crate::state::AppState;
use actix_web::{HttpResponse, web};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use upcar_proto::pricing as pb;

type State = web::Data<AppState>;

/// One breakdown line of the spec's price details.
#[derive(Serialize)]
struct LineOut<'a> {
    label: &'a str,
    amount: f64,
    explanation: &'a str,
    kind: &'a str,
}

/// The spec's price details of one car, serialized straight from the reply (no intermediate
/// JSON tree: a search page's 20 cars are ~40 KB).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PriceDetailsOut<'a> {
    car_id: &'a str,
    start_time: &'a str,
    end_time: &'a str,
    original_price: f64,
    final_price_before_tax: f64,
    final_price: f64,
    total_discount: f64,
    final_price_per_month: Option<f64>,
    can_pay_later: bool,
    pay_later_date_message: &'a str,
    total_miles_included: i64,
    price_per_mile: f64,
    converted_free_cancellation_before: Option<&'a str>,
    pricing_breakdown: Vec<LineOut<'a>>,
    total_price_rounded: f64,
    tax: f64,
    number_of_days: i64,
    is_long_term: bool,
    daily_price: f64,
    protection_plan_type: Option<&'a str>,
    quote_id: Option<&'a str>,
    quote_expires_at: Option<&'a str>,
    time_zone: &'a str,
    currency: &'static str,
}

fn non_empty(s: &str) -> Option<&str> {
    (!s.is_empty()).then_some(s)
}

impl<'a> From<&'a pb::PriceDetails> for PriceDetailsOut<'a> {
    fn from(d: &'a pb::PriceDetails) -> Self {
        Self {
            car_id: &d.car_id,
            start_time: &d.start_time,
            end_time: &d.end_time,
            original_price: dollars(d.original_price_cents),
            final_price_before_tax: dollars(d.final_price_before_tax_cents),
            final_price: dollars(d.final_price_cents),
            total_discount: dollars(d.total_discount_cents),
            final_price_per_month: d.final_price_per_month_cents.map(dollars),
            can_pay_later: d.can_pay_later,
            pay_later_date_message: &d.pay_later_date_message,
            total_miles_included: d.total_miles_included,
            price_per_mile: dollars(d.price_per_mile_cents),
            converted_free_cancellation_before: d.converted_free_cancellation_before.as_deref(),
            pricing_breakdown: d
                .lines
                .iter()
                .map(|l| LineOut {
                    label: &l.label,
                    amount: dollars(l.amount_cents),
                    explanation: &l.explanation,
                    kind: &l.kind,
                })
                .collect(),
            total_price_rounded: dollars(d.final_price_cents),
            tax: dollars(d.tax_cents),
            number_of_days: d.days,
            is_long_term: d.is_long_term,
            daily_price: dollars(d.daily_price_cents),
            protection_plan_type: non_empty(&d.protection_plan_type),
            quote_id: non_empty(&d.quote_id),
            quote_expires_at: non_empty(&d.quote_expires_at),
            time_zone: &d.time_zone,
            currency: "USD",
        }
    }
}

/// The spec's price details of one car as a JSON value (for answers built with `json!`).
pub fn details_json(d: &pb::PriceDetails) -> Value {
    serde_json::to_value(PriceDetailsOut::from(d)).unwrap_or(Value::Null)
}

/// `{status, message, data}` with one car's price details.
#[derive(Serialize)]
struct OneOut<'a> {
    status: bool,
    message: &'static str,
    data: PriceDetailsOut<'a>,
}

fn one_price(d: &pb::PriceDetails) -> HttpResponse {
    HttpResponse::Ok().json(OneOut { status: true, message: "Price details", data: d.into() })
}

fn money_cents(v: &Option<Value>, field: &str) -> HttpResult<i64> {
    body::cents(v, field)?.ok_or_else(|| {
        HttpError::invalid("invalid_input", format!("{field} must be an amount in dollars"))
    })
}

fn location(v: &Option<Value>, field: &str) -> HttpResult<Option<pb::Location>> {
    Ok(body::point(v, field)?
        .map(|p| pb::Location { latitude: p.latitude, longitude: p.longitude }))
}

fn extras(v: &Option<Value>) -> HttpResult<Vec<pb::ChosenExtra>> {
    Ok(body::extras(v)?
        .into_iter()
        .map(|e| pb::ChosenExtra { extra_id: e.id, extra_type: e.kind, quantity: e.quantity })
        .collect())
}

/// Dates and times of a price request, with the spec's names and plain aliases.
#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct WindowQuery {
    car_id: String,
    #[serde(alias = "startDate", alias = "fromDate")]
    new_start_date: String,
    #[serde(alias = "startTime", alias = "fromTime")]
    new_start_time: String,
    #[serde(alias = "endDate", alias = "untilDate")]
    new_end_date: String,
    #[serde(alias = "endTime", alias = "untilTime")]
    new_end_time: String,
    age: Option<String>,
    /// Accepted for the spec's shape; the caller is the token's user.
    #[serde(rename = "userId")]
    _user_id: Option<String>,
    request_id: String,
}

fn age_query(a: &Option<String>) -> HttpResult<Option<i32>> {
    int(&a.clone().map(Value::String), "age")
}

/// `GET /v1/tripPrice/getTripPrice`: one car's price on the car page, with a quote id.
pub async fn get_trip_price(
    state: State,
    who: MaybeUser,
    q: web::Query<WindowQuery>,
) -> HttpResult {
    let q = q.into_inner();
    if q.car_id.trim().is_empty() {
        return Err(HttpError::invalid("car_id_required", "carId is required"));
    }
    let msg = pb::TripPriceRequest {
        car_id: q.car_id,
        start_date: q.new_start_date,
        start_time: q.new_start_time,
        end_date: q.new_end_date,
        end_time: q.new_end_time,
        age: age_query(&q.age)?,
    };
    let d = state.pricing.clone().get_trip_price(request(msg, who.0.as_ref())).await?.into_inner();
    Ok(one_price(&d))
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct ManyBody {
    #[serde(alias = "carIds")]
    car_id: Option<Value>,
    start_time: String,
    end_time: String,
    age: Option<Value>,
    #[serde(rename = "userId")]
    _user_id: Option<Value>,
}

/// `POST /v1/tripPrice/getTripPrices`: the many-car variant (`carId` list, `startTime`,
/// `endTime`); cars that cannot be priced are left out.
pub async fn get_trip_prices(
    state: State,
    who: MaybeUser,
    body: web::Json<ManyBody>,
) -> HttpResult {
    let b = body.into_inner();
    let car_ids: Vec<String> = match &b.car_id {
        Some(Value::Array(a)) => a.iter().map(|v| text(&Some(v.clone()))).collect(),
        Some(Value::String(s)) => {
            s.split(',').map(|s| s.trim().to_owned()).filter(|s| !s.is_empty()).collect()
        }
        _ => return Err(HttpError::invalid("car_id_required", "carId must be a list of car ids")),
    };
    let msg = pb::TripPricesRequest {
        car_ids,
        start_time: b.start_time,
        end_time: b.end_time,
        age: int(&b.age, "age")?,
    };
    let r = state.pricing.clone().get_trip_prices(request(msg, who.0.as_ref())).await?.into_inner();
    #[derive(Serialize)]
    struct Out<'a> {
        status: bool,
        data: Vec<PriceDetailsOut<'a>>,
    }
    Ok(HttpResponse::Ok()
        .json(Out { status: true, data: r.prices.iter().map(Into::into).collect() }))
}

/// `GET /v1/cars/checkPrices/{ids}`: `ids` comma separated, with the search's `requestId`
/// (or explicit dates). `status` is `ready` once every car is priced.
pub async fn check_prices(
    state: State,
    who: MaybeUser,
    ids: web::Path<String>,
    q: web::Query<WindowQuery>,
) -> HttpResult {
    let q = q.into_inner();
    let car_ids: Vec<String> =
        ids.split(',').map(|s| s.trim().to_owned()).filter(|s| !s.is_empty()).collect();
    let mut msg = pb::CheckPricesRequest {
        car_ids,
        start_date: q.new_start_date,
        start_time: q.new_start_time,
        end_date: q.new_end_date,
        end_time: q.new_end_time,
        age: age_query(&q.age)?,
        ..Default::default()
    };
    // Without dates, the search's window (read from its request id by catalog-search).
    if msg.start_date.trim().is_empty() && !q.request_id.trim().is_empty() {
        let page = search_page(&state, who.0.as_ref(), q.request_id, false).await?;
        msg.start_instant = page.start_time;
        msg.end_instant = page.end_time;
        msg.age = msg.age.or(Some(page.age));
    }
    let r = state.pricing.clone().check_prices(request(msg, who.0.as_ref())).await?.into_inner();
    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct CarOut<'a> {
        car_id: &'a str,
        price_details: Option<PriceDetailsOut<'a>>,
    }
    #[derive(Serialize)]
    #[serde(rename_all = "camelCase")]
    struct Out<'a> {
        status: &'a str,
        prices: Vec<CarOut<'a>>,
        pending_car_ids: &'a [String],
    }
    Ok(HttpResponse::Ok().json(Out {
        status: &r.status,
        prices: r
            .prices
            .iter()
            .map(|p| CarOut {
                car_id: &p.car_id,
                price_details: p.price_details.as_ref().map(Into::into),
            })
            .collect(),
        pending_car_ids: &r.pending_car_ids,
    }))
}

/// `GET /v1/tripPrice/getPricesByRequestId/{requestId}`: a search page's prices keyed by car
/// id (the spec's "price details for a search request id").
pub async fn prices_by_request(state: State, who: MaybeUser, id: web::Path<String>) -> HttpResult {
    let page = search_page(&state, who.0.as_ref(), id.into_inner(), true).await?;
    let msg = pb::CheckPricesRequest {
        car_ids: page.car_ids,
        start_instant: page.start_time,
        end_instant: page.end_time,
        age: Some(page.age),
        ..Default::default()
    };
    let r = state.pricing.clone().check_prices(request(msg, who.0.as_ref())).await?.into_inner();
    #[derive(Serialize)]
    struct Out<'a> {
        status: &'a str,
        data: std::collections::BTreeMap<&'a str, PriceDetailsOut<'a>>,
    }
    let data = r
        .prices
        .iter()
        .filter_map(|p| Some((p.car_id.as_str(), p.price_details.as_ref()?.into())))
        .collect();
    Ok(HttpResponse::Ok().json(Out { status: &r.status, data }))
}

/// The choices of a trip as the checkout sends them (the Trip entity of spec 002 without its
/// lifecycle fields); `createTrip` takes the same.
#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct FinalBody {
    pub car_id: Option<Value>,
    #[serde(alias = "startDate")]
    pub new_start_date: Option<Value>,
    #[serde(alias = "startTime")]
    pub new_start_time: Option<Value>,
    #[serde(alias = "endDate")]
    pub new_end_date: Option<Value>,
    #[serde(alias = "endTime")]
    pub new_end_time: Option<Value>,
    pub age: Option<Value>,
    pub extras: Option<Value>,
    pub protection_plan_type: Option<Value>,
    #[serde(rename = "userId")]
    pub _user_id: Option<Value>,
    #[serde(alias = "pickupLocation")]
    pub pick_up_location: Option<Value>,
    pub coupon_code: Option<Value>,
    pub return_to_same_address: Option<Value>,
    pub return_to_car_location: Option<Value>,
    pub return_location: Option<Value>,
}

/// `POST /v1/tripPrice/getFinalTripPrice`: the checkout price; its `quoteId` books it.
pub async fn get_final_trip_price(
    state: State,
    user: AuthUser,
    body: web::Json<FinalBody>,
) -> HttpResult {
    let b = body.into_inner();
    let car_id = text(&b.car_id);
    if car_id.is_empty() {
        return Err(HttpError::invalid("car_id_required", "carId is required"));
    }
    let msg = pb::FinalTripPriceRequest {
        car_id,
        start_date: text(&b.new_start_date),
        start_time: text(&b.new_start_time),
        end_date: text(&b.new_end_date),
        end_time: text(&b.new_end_time),
        age: int(&b.age, "age")?,
        extras: extras(&b.extras)?,
        protection_plan_type: text(&b.protection_plan_type),
        pick_up_location: location(&b.pick_up_location, "pickUpLocation")?,
        coupon_code: text(&b.coupon_code),
        return_to_same_address: flag(&b.return_to_same_address),
        return_to_car_location: flag(&b.return_to_car_location),
        return_location: location(&b.return_location, "returnLocation")?,
    };
    let d =
        state.pricing.clone().get_final_trip_price(request(msg, Some(&user.0))).await?.into_inner();
    Ok(one_price(&d))
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct ModifiedBody {
    trip_id: Option<Value>,
    #[serde(alias = "startDate")]
    new_start_date: Option<Value>,
    #[serde(alias = "startTime")]
    new_start_time: Option<Value>,
    #[serde(alias = "endDate")]
    new_end_date: Option<Value>,
    #[serde(alias = "endTime")]
    new_end_time: Option<Value>,
    extras: Option<Value>,
    protection_plan_type: Option<Value>,
}

/// `POST /v1/tripPrice/getModifiedTripPrice`: a booked trip with new dates, or with new
/// extras and plan; answers the new price, the previous one and the difference.
pub async fn get_modified_trip_price(
    state: State,
    user: AuthUser,
    body: web::Json<ModifiedBody>,
) -> HttpResult {
    let b = body.into_inner();
    let trip_id = text(&b.trip_id);
    if trip_id.is_empty() {
        return Err(HttpError::invalid("trip_id_required", "tripId is required"));
    }
    let msg = pb::ModifiedTripPriceRequest {
        trip_id,
        start_date: text(&b.new_start_date),
        start_time: text(&b.new_start_time),
        end_date: text(&b.new_end_date),
        end_time: text(&b.new_end_time),
        extras_changed: b.extras.is_some(),
        extras: extras(&b.extras)?,
        protection_plan_type: text(&b.protection_plan_type),
    };
    let r = state
        .pricing
        .clone()
        .get_modified_trip_price(request(msg, Some(&user.0)))
        .await?
        .into_inner();
    Ok(HttpResponse::Ok().json(json!({
        "status": true,
        "data": r.price_details.as_ref().map(details_json),
        "previousPrice": dollars(r.previous_price_cents),
        "priceDifference": dollars(r.difference_cents),
    })))
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct RefundQuery {
    trip_id: String,
}

/// `GET /v1/tripPrice/getTripRefundPrice?tripId`: what cancelling now gives back.
pub async fn get_trip_refund_price(
    state: State,
    user: AuthUser,
    q: web::Query<RefundQuery>,
) -> HttpResult {
    let trip_id = q.into_inner().trip_id;
    if trip_id.trim().is_empty() {
        return Err(HttpError::invalid("trip_id_required", "tripId is required"));
    }
    let msg = pb::TripRefundRequest { trip_id, cancelled_by: String::new() };
    let r = state
        .pricing
        .clone()
        .get_trip_refund_price(request(msg, Some(&user.0)))
        .await?
        .into_inner();
    Ok(HttpResponse::Ok().json(json!({
        "status": true,
        "message": r.message,
        "data": {
            "tripId": r.trip_id,
            "paidAmount": dollars(r.paid_cents),
            "refundAmount": dollars(r.refund_cents),
            "ownerEarnings": dollars(r.owner_earns_cents),
            "platformFee": dollars(r.platform_keeps_cents),
            "rule": r.rule,
        },
    })))
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct CouponBody {
    coupon_code: Option<Value>,
}

/// `POST /v1/tripPrice/validateCoupon`.
pub async fn validate_coupon(
    state: State,
    user: AuthUser,
    body: web::Json<CouponBody>,
) -> HttpResult {
    let msg = pb::ValidateCouponRequest { coupon_code: text(&body.coupon_code) };
    let r = state.pricing.clone().validate_coupon(request(msg, Some(&user.0))).await?.into_inner();
    Ok(HttpResponse::Ok().json(json!({
        "status": true,
        "valid": r.valid,
        "message": r.message,
        "data": {
            "couponCode": r.coupon_code,
            "discountType": r.discount_type,
            "amount": if r.discount_type == "amount" { json!(dollars(r.amount_cents)) } else { Value::Null },
            "percent": if r.discount_type == "percent" { json!(r.percent) } else { Value::Null },
            "maxDiscount": if r.discount_type == "percent" && r.amount_cents > 0 { json!(dollars(r.amount_cents)) } else { Value::Null },
            "minTripPrice": dollars(r.min_trip_cents),
        },
    })))
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct PlanPriceBody {
    protection_plan_type: Option<Value>,
    final_trip_price: Option<Value>,
}

/// `POST /v1/tripPrice/getProtectionPlanPrice`: `{protectionPlanType, finalTripPrice}`.
pub async fn get_protection_plan_price(
    state: State,
    user: AuthUser,
    body: web::Json<PlanPriceBody>,
) -> HttpResult {
    let b = body.into_inner();
    let msg = pb::ProtectionPlanPriceRequest {
        protection_plan_type: text(&b.protection_plan_type),
        final_trip_price_cents: money_cents(&b.final_trip_price, "finalTripPrice")?,
    };
    let r = state
        .pricing
        .clone()
        .get_protection_plan_price(request(msg, Some(&user.0)))
        .await?
        .into_inner();
    Ok(HttpResponse::Ok().json(json!({
        "status": true,
        "data": {"protectionPlanType": r.protection_plan_type, "price": dollars(r.price_cents), "percent": r.percent},
    })))
}

/// `GET /v1/trips/protectionPlans` (no auth).
pub async fn protection_plans(state: State) -> HttpResult {
    let r = state
        .pricing
        .clone()
        .list_protection_plans(request(pb::Empty {}, None))
        .await?
        .into_inner();
    Ok(HttpResponse::Ok().json(json!({
        "status": true,
        "data": r.plans.iter().map(|p| json!({
            "name": p.name,
            "label": p.label,
            "coverage": p.coverage,
            "percentOfTripPrice": p.percent_of_trip_price,
            "deductible": p.deductible,
            "isDefault": p.is_default,
        })).collect::<Vec<_>>(),
    })))
}

/// A search page by its request id (catalog-search mints and reads these ids): its window
/// and age, and its cars when `with_cars`.
async fn search_page(
    state: &AppState,
    who: Option<&upcar_identity::Identity>,
    request_id: String,
    with_cars: bool,
) -> HttpResult<upcar_proto::catalog::SearchPage> {
    let msg = upcar_proto::catalog::SearchPageRequest { request_id, with_cars };
    Ok(state.catalog.clone().get_search_page(request(msg, who)).await?.into_inner())
}
