//! `/v1/tripPrice/*`, `/v1/cars/checkPrices/{ids}`, `/v1/trips/protectionPlans`: the pricing
//! calls of spec 000 section 7 and spec 002 "Pricing and checkout pieces". Money is answered
//! in dollars with two decimals; the service works in integer cents.

use crate::auth::{AuthUser, MaybeUser};
use crate::error::{GatewayError, HttpResult};
use crate::grpc::request;
use crate::recent_searches;
use crate::state::AppState;
use crate::wire::{Dollars, Extras, Flag, Int, Json, Place, Query, Text, dollars, one_of};
use actix_web::{HttpResponse, get, post, web};
use serde::de::{self, Deserializer};
use serde::{Deserialize, Serialize};
use std::borrow::Cow;
use std::collections::BTreeMap;
use upcar_errors::ErrorKind;
use upcar_identity::Identity;
use upcar_proto::pricing as pb;
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{ArrayBuilder, ObjectBuilder, OneOfBuilder, Schema, Type};
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;

type State = web::Data<AppState>;

/// Registers this module's routes.
pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(get_trip_price)
        .service(get_trip_prices)
        .service(check_prices)
        .service(prices_by_request)
        .service(get_final_trip_price)
        .service(get_modified_trip_price)
        .service(get_trip_refund_price)
        .service(validate_coupon)
        .service(get_protection_plan_price)
        .service(protection_plans);
}

// ---------------------------------------------------------------------------------------------
// Price details

/// One line of the breakdown.
#[derive(Debug, Serialize, ToSchema)]
pub struct PriceLine<'a> {
    label: &'a str,
    /// Dollars.
    amount: f64,
    explanation: &'a str,
    /// rental, discount, extra, fee, delivery, protection, coupon, tax or total.
    kind: &'a str,
}

/// The spec's price details of one car (dollars), serialized straight from the reply (a
/// search page's 20 cars are ~40 KB: no copies). Trips' answers carry the same.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PriceDetails<'a> {
    car_id: &'a str,
    /// RFC 3339 in the car's zone, rounded as the spec says.
    start_time: &'a str,
    end_time: &'a str,
    original_price: f64,
    final_price_before_tax: f64,
    final_price: f64,
    total_discount: f64,
    /// Trips of 30 days or more.
    final_price_per_month: Option<f64>,
    can_pay_later: bool,
    pay_later_date_message: &'a str,
    total_miles_included: i64,
    price_per_mile: f64,
    /// RFC 3339; absent when the trip starts within 24 hours.
    converted_free_cancellation_before: Option<&'a str>,
    pricing_breakdown: Vec<PriceLine<'a>>,
    total_price_rounded: f64,
    tax: f64,
    number_of_days: i64,
    is_long_term: bool,
    daily_price: f64,
    protection_plan_type: Option<&'a str>,
    /// Books this price (checkout and car page prices).
    quote_id: Option<&'a str>,
    quote_expires_at: Option<&'a str>,
    time_zone: &'a str,
    currency: &'static str,
}

fn non_empty(s: &str) -> Option<&str> {
    (!s.is_empty()).then_some(s)
}

impl<'a> From<&'a pb::PriceDetails> for PriceDetails<'a> {
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
                .map(|l| PriceLine {
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

/// One car's price.
#[derive(Debug, Serialize, ToSchema)]
pub struct PriceAnswer<'a> {
    status: bool,
    message: &'static str,
    data: PriceDetails<'a>,
}

fn one_price(d: &pb::PriceDetails) -> HttpResponse {
    HttpResponse::Ok().json(PriceAnswer { status: true, message: "Price details", data: d.into() })
}

// ---------------------------------------------------------------------------------------------
// Search and car page prices

/// A window to price: the car page's names (`newStartDate...`), the search's (`fromDate...`)
/// or plain ones (`startDate...`); one parameter under several names is taken once.
#[derive(Debug, Deserialize, Default, IntoParams)]
#[serde(default, rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct WindowQuery {
    car_id: Text,
    /// `YYYY-MM-DD`, local to the car.
    new_start_date: Text,
    start_date: Text,
    from_date: Text,
    /// `h:mm AM`.
    new_start_time: Text,
    start_time: Text,
    from_time: Text,
    new_end_date: Text,
    end_date: Text,
    until_date: Text,
    new_end_time: Text,
    end_time: Text,
    until_time: Text,
    /// The driver's age (25 when absent).
    age: Int,
    /// Accepted for the spec's shape; the caller is the token's user.
    user_id: Text,
    /// A search page's id (`cars/checkPrices`): its window and age.
    request_id: Text,
}

/// A window's four parts, read once whatever their names.
struct Window {
    start_date: String,
    start_time: String,
    end_date: String,
    end_time: String,
}

impl Window {
    fn of(q: &mut WindowQuery) -> HttpResult<Self> {
        use std::mem::take;
        Ok(Self {
            start_date: one_of([
                ("newStartDate", take(&mut q.new_start_date)),
                ("startDate", take(&mut q.start_date)),
                ("fromDate", take(&mut q.from_date)),
            ])?
            .into(),
            start_time: one_of([
                ("newStartTime", take(&mut q.new_start_time)),
                ("startTime", take(&mut q.start_time)),
                ("fromTime", take(&mut q.from_time)),
            ])?
            .into(),
            end_date: one_of([
                ("newEndDate", take(&mut q.new_end_date)),
                ("endDate", take(&mut q.end_date)),
                ("untilDate", take(&mut q.until_date)),
            ])?
            .into(),
            end_time: one_of([
                ("newEndTime", take(&mut q.new_end_time)),
                ("endTime", take(&mut q.end_time)),
                ("untilTime", take(&mut q.until_time)),
            ])?
            .into(),
        })
    }

    fn is_empty(&self) -> bool {
        [&self.start_date, &self.start_time, &self.end_date, &self.end_time]
            .iter()
            .all(|s| s.is_empty())
    }
}

/// One car's price for the car page, with a quote id.
#[utoipa::path(tag = "pricing", params(WindowQuery), responses((status = 200, body = PriceAnswer)), security((), ("bearer" = [])))]
#[get("/tripPrice/getTripPrice")]
pub async fn get_trip_price(state: State, who: MaybeUser, q: Query<WindowQuery>) -> HttpResult {
    let mut q = q.into_inner();
    let w = Window::of(&mut q)?;
    let msg = pb::TripPriceRequest {
        car_id: q.car_id.into(),
        start_date: w.start_date,
        start_time: w.start_time,
        end_date: w.end_date,
        end_time: w.end_time,
        age: q.age.0,
    };
    let d = state.pricing.clone().get_trip_price(request(msg, who.0.as_ref())).await?.into_inner();
    Ok(one_price(&d))
}

/// Car ids: a list, or text with commas.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CarIds(pub Vec<String>);

impl<'de> Deserialize<'de> for CarIds {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        #[derive(Deserialize)]
        #[serde(untagged)]
        enum Wire {
            Many(Vec<Text>),
            One(Text),
        }
        let ids = match Option::<Wire>::deserialize(d)
            .map_err(|_| de::Error::custom("must be a list of car ids"))?
        {
            None => Vec::new(),
            Some(Wire::Many(ids)) => ids.into_iter().map(String::from).collect(),
            Some(Wire::One(t)) => t
                .as_str()
                .split(',')
                .map(|s| s.trim().to_owned())
                .filter(|s| !s.is_empty())
                .collect(),
        };
        Ok(CarIds(ids))
    }
}

impl Serialize for CarIds {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(s)
    }
}

impl utoipa::PartialSchema for CarIds {
    fn schema() -> RefOr<Schema> {
        OneOfBuilder::new()
            .item(ArrayBuilder::new().items(ObjectBuilder::new().schema_type(Type::String)))
            .item(ObjectBuilder::new().schema_type(Type::String))
            .description(Some("Car ids: a list, or text with commas"))
            .into()
    }
}

impl ToSchema for CarIds {
    fn name() -> Cow<'static, str> {
        Cow::Borrowed("CarIds")
    }
}

/// Many cars, one window.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct ManyBody {
    #[serde(alias = "carIds")]
    car_id: CarIds,
    /// RFC 3339, or local `YYYY-MM-DD h:mm AM`.
    start_time: Text,
    end_time: Text,
    age: Int,
    /// Accepted for the spec's shape; the caller is the token's user.
    user_id: Text,
}

/// Many cars' prices.
#[derive(Debug, Serialize, ToSchema)]
pub struct ManyPrices<'a> {
    status: bool,
    data: Vec<PriceDetails<'a>>,
}

/// The many-car variant of the car page price; cars that cannot be priced are left out.
#[utoipa::path(tag = "pricing", request_body = ManyBody, responses((status = 200, body = ManyPrices)), security((), ("bearer" = [])))]
#[post("/tripPrice/getTripPrices")]
pub async fn get_trip_prices(state: State, who: MaybeUser, body: Json<ManyBody>) -> HttpResult {
    let b = body.into_inner();
    let msg = pb::TripPricesRequest {
        car_ids: b.car_id.0,
        start_time: b.start_time.into(),
        end_time: b.end_time.into(),
        age: b.age.0,
    };
    let r = state.pricing.clone().get_trip_prices(request(msg, who.0.as_ref())).await?.into_inner();
    Ok(HttpResponse::Ok()
        .json(ManyPrices { status: true, data: r.prices.iter().map(Into::into).collect() }))
}

/// A car's price on a search page.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CarPrice<'a> {
    car_id: &'a str,
    /// None when the car cannot be priced for the window.
    price_details: Option<PriceDetails<'a>>,
}

/// A search page's prices.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PagePrices<'a> {
    /// `ready` once every car is priced (polling ends), else `pending`.
    status: &'a str,
    prices: Vec<CarPrice<'a>>,
    /// Cars whose rates have not reached pricing yet.
    pending_car_ids: &'a [String],
}

/// The window of a checkPrices call given neither dates nor a request id: the caller's newest
/// search page holding these cars, read from catalog-search; none (anonymous, no such page,
/// or the page expired) leaves the window empty, which pricing prices as the spec's default
/// trip.
async fn latest_search(
    state: &AppState,
    who: Option<&Identity>,
    car_ids: &[String],
) -> HttpResult<Option<pb::CheckPricesRequest>> {
    let Some(id) = who else { return Ok(None) };
    let Some(request_id) = recent_searches::holding(state, id.user_id, car_ids).await else {
        return Ok(None);
    };
    match search_page(state, who, request_id, false).await {
        Ok(page) => Ok(Some(pb::CheckPricesRequest {
            start_instant: page.start_time,
            end_instant: page.end_time,
            age: Some(page.age),
            ..Default::default()
        })),
        // The held search can no longer be read (it expired, or it is gone): priced as if
        // none was held. By the refusal's kind: the gateway picked the id itself, so a
        // refused one is never the caller's mistake.
        Err(e) if matches!(e.0.kind, ErrorKind::InvalidInput | ErrorKind::NotFound) => Ok(None),
        Err(e) => Err(e),
    }
}

/// The prices of a search page's cars (`ids` comma separated).
///
/// For the page of `requestId`, or the dates given; with neither, for the caller's latest
/// search holding these cars, else the spec's default trip (tomorrow 10:00 AM to the day
/// after, in each car's time zone).
#[utoipa::path(tag = "pricing", params(("ids" = String, Path, description = "Car ids, comma separated"), WindowQuery), responses((status = 200, body = PagePrices)), security((), ("bearer" = [])))]
#[get("/cars/checkPrices/{ids}")]
pub async fn check_prices(
    state: State,
    who: MaybeUser,
    ids: web::Path<String>,
    q: Query<WindowQuery>,
) -> HttpResult {
    let mut q = q.into_inner();
    let who = who.0.as_ref();
    let car_ids: Vec<String> =
        ids.split(',').map(|s| s.trim().to_owned()).filter(|s| !s.is_empty()).collect();
    let w = Window::of(&mut q)?;
    let mut msg = if !w.is_empty() {
        pb::CheckPricesRequest {
            start_date: w.start_date,
            start_time: w.start_time,
            end_date: w.end_date,
            end_time: w.end_time,
            ..Default::default()
        }
    } else if !q.request_id.is_empty() {
        // The search's window, read from its request id by catalog-search.
        let page = search_page(&state, who, q.request_id.into(), false).await?;
        pb::CheckPricesRequest {
            start_instant: page.start_time,
            end_instant: page.end_time,
            age: Some(page.age),
            ..Default::default()
        }
    } else {
        latest_search(&state, who, &car_ids).await?.unwrap_or_default()
    };
    msg.car_ids = car_ids;
    msg.age = q.age.0.or(msg.age);
    let r = state.pricing.clone().check_prices(request(msg, who)).await?.into_inner();
    Ok(HttpResponse::Ok().json(PagePrices {
        status: &r.status,
        prices: r
            .prices
            .iter()
            .map(|p| CarPrice {
                car_id: &p.car_id,
                price_details: p.price_details.as_ref().map(Into::into),
            })
            .collect(),
        pending_car_ids: &r.pending_car_ids,
    }))
}

/// A search page's prices by car id.
#[derive(Debug, Serialize, ToSchema)]
pub struct PricesByCar<'a> {
    status: &'a str,
    data: BTreeMap<&'a str, PriceDetails<'a>>,
}

/// A search page's prices keyed by car id (400 `search_expired` for an unknown or old id).
#[utoipa::path(tag = "pricing", responses((status = 200, body = PricesByCar)), security((), ("bearer" = [])))]
#[get("/tripPrice/getPricesByRequestId/{requestId}")]
pub async fn prices_by_request(
    state: State,
    who: MaybeUser,
    request_id: web::Path<String>,
) -> HttpResult {
    let who = who.0.as_ref();
    let page = search_page(&state, who, request_id.into_inner(), true).await?;
    let msg = pb::CheckPricesRequest {
        car_ids: page.car_ids,
        start_instant: page.start_time,
        end_instant: page.end_time,
        age: Some(page.age),
        ..Default::default()
    };
    let r = state.pricing.clone().check_prices(request(msg, who)).await?.into_inner();
    let data = r
        .prices
        .iter()
        .filter_map(|p| Some((p.car_id.as_str(), p.price_details.as_ref()?.into())))
        .collect();
    Ok(HttpResponse::Ok().json(PricesByCar { status: &r.status, data }))
}

/// A search page by its request id (catalog-search mints and reads these ids): its window
/// and age, and its cars when `with_cars`.
async fn search_page(
    state: &AppState,
    who: Option<&Identity>,
    request_id: String,
    with_cars: bool,
) -> HttpResult<upcar_proto::catalog::SearchPage> {
    let msg = upcar_proto::catalog::SearchPageRequest { request_id, with_cars };
    Ok(state.catalog.clone().get_search_page(request(msg, who)).await?.into_inner())
}

// ---------------------------------------------------------------------------------------------
// Checkout

/// The choices of a trip as the checkout sends them (the Trip entity of spec 002 without its
/// lifecycle fields); `createTrip` takes the same.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct TripChoices {
    pub car_id: Text,
    /// `YYYY-MM-DD`, local to the car.
    #[serde(alias = "startDate")]
    pub new_start_date: Text,
    /// `h:mm AM`.
    #[serde(alias = "startTime")]
    pub new_start_time: Text,
    #[serde(alias = "endDate")]
    pub new_end_date: Text,
    #[serde(alias = "endTime")]
    pub new_end_time: Text,
    /// The driver's age (25 when absent).
    pub age: Int,
    pub extras: Extras,
    /// Standard (default), Minimum or Decline.
    pub protection_plan_type: Text,
    /// Accepted for the spec's shape; the caller is the token's user.
    pub user_id: Text,
    /// Delivery to this place (none: the guest picks the car up).
    #[serde(alias = "pickupLocation")]
    pub pick_up_location: Place,
    pub coupon_code: Text,
    pub return_to_same_address: Flag,
    pub return_to_car_location: Flag,
    pub return_location: Place,
}

/// A place as pricing reads it.
fn location(p: Place) -> Option<pb::Location> {
    p.0.map(|p| pb::Location { latitude: p.latitude, longitude: p.longitude })
}

fn chosen_extras(e: Extras) -> Vec<pb::ChosenExtra> {
    e.0.into_iter()
        .map(|e| pb::ChosenExtra { extra_id: e.id, extra_type: e.kind, quantity: e.quantity })
        .collect()
}

/// The checkout price (signed in); its `quoteId` books it.
#[utoipa::path(tag = "pricing", request_body = TripChoices, responses((status = 200, body = PriceAnswer)), security(("bearer" = [])))]
#[post("/tripPrice/getFinalTripPrice")]
pub async fn get_final_trip_price(
    state: State,
    user: AuthUser,
    body: Json<TripChoices>,
) -> HttpResult {
    let b = body.into_inner();
    let msg = pb::FinalTripPriceRequest {
        car_id: b.car_id.into(),
        start_date: b.new_start_date.into(),
        start_time: b.new_start_time.into(),
        end_date: b.new_end_date.into(),
        end_time: b.new_end_time.into(),
        age: b.age.0,
        extras: chosen_extras(b.extras),
        protection_plan_type: b.protection_plan_type.into(),
        pick_up_location: location(b.pick_up_location),
        coupon_code: b.coupon_code.into(),
        return_to_same_address: b.return_to_same_address.0,
        return_to_car_location: b.return_to_car_location.0,
        return_location: location(b.return_location),
    };
    let d =
        state.pricing.clone().get_final_trip_price(request(msg, Some(&user.0))).await?.into_inner();
    Ok(one_price(&d))
}

/// A booked trip with new dates, or with new extras and plan.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct ModifiedBody {
    trip_id: Text,
    /// New dates, or none to keep them.
    #[serde(alias = "startDate")]
    new_start_date: Text,
    #[serde(alias = "startTime")]
    new_start_time: Text,
    #[serde(alias = "endDate")]
    new_end_date: Text,
    #[serde(alias = "endTime")]
    new_end_time: Text,
    /// The new extras; absent keeps them.
    extras: Option<Extras>,
    /// Absent keeps the plan.
    protection_plan_type: Text,
}

/// A modified trip's price.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ModifiedPrice<'a> {
    status: bool,
    data: Option<PriceDetails<'a>>,
    /// Dollars.
    previous_price: f64,
    /// Dollars; positive: the guest pays more.
    price_difference: f64,
}

/// A booked trip's price with new dates, or with new extras and plan.
///
/// The new price, the previous one and the difference.
#[utoipa::path(tag = "pricing", request_body = ModifiedBody, responses((status = 200, body = ModifiedPrice)), security(("bearer" = [])))]
#[post("/tripPrice/getModifiedTripPrice")]
pub async fn get_modified_trip_price(
    state: State,
    user: AuthUser,
    body: Json<ModifiedBody>,
) -> HttpResult {
    let b = body.into_inner();
    let msg = pb::ModifiedTripPriceRequest {
        trip_id: b.trip_id.into(),
        start_date: b.new_start_date.into(),
        start_time: b.new_start_time.into(),
        end_date: b.new_end_date.into(),
        end_time: b.new_end_time.into(),
        extras_changed: b.extras.is_some(),
        extras: chosen_extras(b.extras.unwrap_or_default()),
        protection_plan_type: b.protection_plan_type.into(),
    };
    let r = state
        .pricing
        .clone()
        .get_modified_trip_price(request(msg, Some(&user.0)))
        .await?
        .into_inner();
    Ok(HttpResponse::Ok().json(ModifiedPrice {
        status: true,
        data: r.price_details.as_ref().map(Into::into),
        previous_price: dollars(r.previous_price_cents),
        price_difference: dollars(r.difference_cents),
    }))
}

/// A booked trip.
#[derive(Debug, Deserialize, Default, IntoParams)]
#[serde(default, rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct RefundQuery {
    trip_id: Text,
}

/// What cancelling gives back (dollars).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Refund {
    trip_id: String,
    paid_amount: f64,
    refund_amount: f64,
    owner_earnings: f64,
    platform_fee: f64,
    /// The cancellation rule that applies.
    rule: String,
}

/// What cancelling gives back.
#[derive(Debug, Serialize, ToSchema)]
pub struct RefundAnswer {
    status: bool,
    message: String,
    data: Refund,
}

/// What cancelling the trip now gives back (its guest or host).
#[utoipa::path(tag = "pricing", params(RefundQuery), responses((status = 200, body = RefundAnswer)), security(("bearer" = [])))]
#[get("/tripPrice/getTripRefundPrice")]
pub async fn get_trip_refund_price(
    state: State,
    user: AuthUser,
    q: Query<RefundQuery>,
) -> HttpResult<Json<RefundAnswer>> {
    let trip_id = String::from(q.into_inner().trip_id);
    let msg = pb::TripRefundRequest { trip_id, cancelled_by: String::new() };
    let r = state
        .pricing
        .clone()
        .get_trip_refund_price(request(msg, Some(&user.0)))
        .await?
        .into_inner();
    Ok(Json(RefundAnswer {
        status: true,
        message: r.message,
        data: Refund {
            trip_id: r.trip_id,
            paid_amount: dollars(r.paid_cents),
            refund_amount: dollars(r.refund_cents),
            owner_earnings: dollars(r.owner_earns_cents),
            platform_fee: dollars(r.platform_keeps_cents),
            rule: r.rule,
        },
    }))
}

/// A coupon code.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct CouponBody {
    coupon_code: Text,
}

/// What a coupon gives.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CouponTerms {
    coupon_code: String,
    /// `amount` or `percent`.
    discount_type: String,
    /// Dollars off (`amount` coupons).
    amount: Option<f64>,
    /// Percent off (`percent` coupons).
    percent: Option<i32>,
    /// The most a `percent` coupon takes off, dollars.
    max_discount: Option<f64>,
    /// Dollars.
    min_trip_price: f64,
}

/// A valid coupon.
#[derive(Debug, Serialize, ToSchema)]
pub struct CouponAnswer {
    status: bool,
    valid: bool,
    message: String,
    data: CouponTerms,
}

/// Whether a coupon can be used now, and what it gives (400 `invalid_coupon` etc.).
#[utoipa::path(tag = "pricing", request_body = CouponBody, responses((status = 200, body = CouponAnswer)), security(("bearer" = [])))]
#[post("/tripPrice/validateCoupon")]
pub async fn validate_coupon(
    state: State,
    user: AuthUser,
    body: Json<CouponBody>,
) -> HttpResult<Json<CouponAnswer>> {
    let msg = pb::ValidateCouponRequest { coupon_code: body.into_inner().coupon_code.into() };
    let r = state.pricing.clone().validate_coupon(request(msg, Some(&user.0))).await?.into_inner();
    let (amount, percent) = (r.discount_type == "amount", r.discount_type == "percent");
    Ok(Json(CouponAnswer {
        status: true,
        valid: r.valid,
        message: r.message,
        data: CouponTerms {
            amount: amount.then(|| dollars(r.amount_cents)),
            percent: percent.then_some(r.percent),
            max_discount: (percent && r.amount_cents > 0).then(|| dollars(r.amount_cents)),
            min_trip_price: dollars(r.min_trip_cents),
            coupon_code: r.coupon_code,
            discount_type: r.discount_type,
        },
    }))
}

/// A plan and the trip price it is a share of.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct PlanPriceBody {
    protection_plan_type: Text,
    /// Dollars.
    final_trip_price: Dollars,
}

/// A plan's price.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PlanPrice {
    protection_plan_type: String,
    /// Dollars.
    price: f64,
    percent: i32,
}

/// A plan's price.
#[derive(Debug, Serialize, ToSchema)]
pub struct PlanPriceAnswer {
    status: bool,
    data: PlanPrice,
}

/// A protection plan's price for a trip price.
#[utoipa::path(tag = "pricing", request_body = PlanPriceBody, responses((status = 200, body = PlanPriceAnswer)), security(("bearer" = [])))]
#[post("/tripPrice/getProtectionPlanPrice")]
pub async fn get_protection_plan_price(
    state: State,
    user: AuthUser,
    body: Json<PlanPriceBody>,
) -> HttpResult<Json<PlanPriceAnswer>> {
    let b = body.into_inner();
    let cents = b.final_trip_price.0.ok_or(GatewayError::FinalTripPriceRequired)?;
    let msg = pb::ProtectionPlanPriceRequest {
        protection_plan_type: b.protection_plan_type.into(),
        final_trip_price_cents: cents,
    };
    let r = state
        .pricing
        .clone()
        .get_protection_plan_price(request(msg, Some(&user.0)))
        .await?
        .into_inner();
    Ok(Json(PlanPriceAnswer {
        status: true,
        data: PlanPrice {
            protection_plan_type: r.protection_plan_type,
            price: dollars(r.price_cents),
            percent: r.percent,
        },
    }))
}

/// A protection plan.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProtectionPlan {
    name: String,
    label: String,
    coverage: Vec<String>,
    percent_of_trip_price: i32,
    /// Dollars; none for plans without one.
    deductible: Option<i32>,
    is_default: bool,
}

/// The protection plans.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProtectionPlans {
    status: bool,
    data: Vec<ProtectionPlan>,
}

/// The protection plans (no sign-in).
#[utoipa::path(tag = "pricing", responses((status = 200, body = ProtectionPlans)))]
#[get("/trips/protectionPlans")]
pub async fn protection_plans(state: State) -> HttpResult<Json<ProtectionPlans>> {
    let r = state
        .pricing
        .clone()
        .list_protection_plans(request(pb::Empty {}, None))
        .await?
        .into_inner();
    Ok(Json(ProtectionPlans {
        status: true,
        data: r
            .plans
            .into_iter()
            .map(|p| ProtectionPlan {
                name: p.name,
                label: p.label,
                coverage: p.coverage,
                percent_of_trip_price: p.percent_of_trip_price,
                deductible: p.deductible,
                is_default: p.is_default,
            })
            .collect(),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::{from_json, from_query};

    #[test]
    fn car_ids_come_as_a_list_or_as_text_with_commas() {
        let ids = |body: &str| from_json::<ManyBody>(body.as_bytes()).map(|b| b.car_id.0);
        assert_eq!(ids(r#"{"carId": ["a", "b"]}"#).unwrap(), ["a", "b"]);
        assert_eq!(ids(r#"{"carIds": " a, b ,"}"#).unwrap(), ["a", "b"]);
        assert!(ids("{}").unwrap().is_empty());
        let e = ids(r#"{"carId": {"a": 1}}"#).unwrap_err();
        assert_eq!(e.0.code, "invalid_body");
        assert!(e.0.message.starts_with("carId: must be a list of car ids"), "{}", e.0.message);
    }

    #[test]
    fn a_window_is_read_once_whatever_its_names() {
        let mut q: WindowQuery = from_query(
            "newStartDate=2030-01-02&fromDate=2030-01-02&startTime=10:00%20AM&untilDate=2030-01-04",
        )
        .unwrap();
        let w = Window::of(&mut q).unwrap();
        assert_eq!(
            (w.start_date.as_str(), w.start_time.as_str(), w.end_date.as_str()),
            ("2030-01-02", "10:00 AM", "2030-01-04")
        );
        assert!(!w.is_empty());
        let mut q: WindowQuery = from_query("startDate=2030-01-02&fromDate=2030-01-03").unwrap();
        let e = Window::of(&mut q).err().unwrap();
        assert_eq!(e.0.code, "conflicting_parameters");
        let mut q: WindowQuery = from_query("requestId=x").unwrap();
        assert!(Window::of(&mut q).unwrap().is_empty());
    }
}
