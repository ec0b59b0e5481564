//! Prices for search pages and car pages.

use crate::api::convert;
use crate::error::{PricingError, PricingResult};
use crate::state::AppState;
use crate::store::quotes::{self, Point, QuoteInputs, QuoteRecord};
use crate::store::rates::{self, PricedCar, RatesRow};
use chrono::{DateTime, Duration, Utc};
use pricing_domain::coupon::Coupon;
use pricing_domain::geo::miles_between;
use pricing_domain::protection::Plan;
use pricing_domain::quote::{ChosenExtra, Delivery, Quote, QuoteInput, quote};
use pricing_domain::window::{PriceWindow, WindowError, parse_time};
use std::sync::Arc;
use upcar_identity::Identity;
use upcar_proto::pricing as pb;
use uuid::Uuid;

/// The age priced when none is given (the spec's default search age).
pub const DEFAULT_AGE: i32 = 25;
/// Most cars priced in one batch (a search page is 20).
pub const MAX_BATCH: usize = 50;

/// A car id from a request: none is 400 `car_id_required`, an unparseable one an unknown car.
pub fn car_id(s: &str) -> PricingResult<Uuid> {
    if s.trim().is_empty() {
        return Err(PricingError::CarIdsRequired);
    }
    s.trim().parse().map_err(|_| PricingError::CarNotFound)
}

/// A car's rates read from the database (checkout), which must exist and be bookable.
pub async fn bookable_car(state: &AppState, id: Uuid) -> PricingResult<PricedCar> {
    let mut conn = state.conn().await?;
    let row = rates::one(&mut conn, id).await?.ok_or(PricingError::CarNotFound)?;
    if !row.is_bookable() {
        return Err(PricingError::CarNotBookable);
    }
    Ok(row.into())
}

/// A car's rates through the cache (car page), which must exist and be bookable.
async fn bookable_cached(state: &AppState, id: Uuid) -> PricingResult<Arc<PricedCar>> {
    let car = state
        .rates_cache
        .get_many(&state.pool, &[id])
        .await?
        .pop()
        .ok_or(PricingError::CarNotFound)?;
    if !car.row.is_bookable() {
        return Err(PricingError::CarNotBookable);
    }
    Ok(car)
}

/// Prices `inputs` for a car.
pub fn compute(
    car: &PricedCar,
    window: PriceWindow,
    inputs: &QuoteInputs,
    coupon: Option<&Coupon>,
    now: DateTime<Utc>,
) -> PricingResult<Quote> {
    let (row, rates) = (&car.row, &car.rates);
    let plan = inputs.plan.as_deref().map(Plan::parse).transpose()?;
    let miles = |p: &Point| miles_between(row.latitude, row.longitude, p.latitude, p.longitude);
    let input = QuoteInput {
        rates,
        window,
        age: inputs.age,
        extras: inputs
            .extras
            .iter()
            .map(|(id, q)| ChosenExtra { extra_id: id.clone(), quantity: *q })
            .collect(),
        plan,
        delivery: Delivery {
            pickup_miles: inputs.pickup.as_ref().map(miles),
            return_miles: inputs.return_point.as_ref().map(miles),
        },
        coupon,
        now,
    };
    Ok(quote(&input)?)
}

/// Stores a quote (honoured for the configured minutes) and puts its id in the details.
pub async fn store_quote(
    state: &AppState,
    row: &RatesRow,
    user: Option<Uuid>,
    inputs: QuoteInputs,
    q: &Quote,
    mut details: pb::PriceDetails,
) -> PricingResult<pb::PriceDetails> {
    let record = QuoteRecord {
        quote_id: Uuid::now_v7(),
        car_id: row.car_id,
        owner_id: row.owner_id,
        user_id: user,
        total_cents: q.total.0,
        expires_at: state.clock.now() + Duration::minutes(state.quotes.valid_minutes),
        inputs,
    };
    details.quote_id = record.quote_id.to_string();
    details.quote_expires_at = record.expires_at.to_rfc3339();
    quotes::save(state, &record, &details).await?;
    Ok(details)
}

fn age_of(age: Option<i32>) -> i64 {
    i64::from(age.unwrap_or(DEFAULT_AGE))
}

/// What every price shown before checkout prices (the car page, search pages, the many-car
/// call): the default checkout, with the plan a checkout starts with (an empty choice parses
/// as it) in it, itemised. So a guest meets one total from search to payment.
fn default_checkout(window: &PriceWindow, age: i64) -> PricingResult<(QuoteInputs, &'static str)> {
    let plan = Plan::parse("")?.name();
    let inputs = QuoteInputs {
        start: Some(window.start),
        end: Some(window.end),
        age,
        plan: Some(plan.to_owned()),
        ..Default::default()
    };
    Ok((inputs, plan))
}

/// `tripPrice/getTripPrice`: one car on the car page; answers a quote of the default checkout
/// (the default protection plan included), so the checkout a guest goes on to shows the same total.
pub async fn get_trip_price(
    state: &AppState,
    who: Option<Identity>,
    r: pb::TripPriceRequest,
) -> PricingResult<pb::PriceDetails> {
    let car = bookable_cached(state, car_id(&r.car_id)?).await?;
    let now = state.clock.now();
    let window = PriceWindow::from_local(
        &r.start_date,
        &r.start_time,
        &r.end_date,
        &r.end_time,
        car.tz,
        now,
    )?;
    let (inputs, plan) = default_checkout(&window, age_of(r.age))?;
    let q = compute(&car, window, &inputs, None, now)?;
    let details = convert::details(&r.car_id, &q, &window, car.row.daily_price_cents, Some(plan));
    store_quote(state, &car.row, who.map(|w| w.user_id), inputs, &q, details).await
}

/// A window given as RFC 3339 instants or as local `YYYY-MM-DD h:mm AM` text.
fn window_of(
    start: &str,
    end: &str,
    tz: chrono_tz::Tz,
    now: DateTime<Utc>,
) -> PricingResult<PriceWindow> {
    let instant = |s: &str| -> PricingResult<Option<DateTime<Utc>>> {
        Ok(DateTime::parse_from_rfc3339(s.trim()).ok().map(|t| t.with_timezone(&Utc)))
    };
    if let (Some(a), Some(b)) = (instant(start)?, instant(end)?) {
        return Ok(PriceWindow::from_instants(a, b, tz, now)?);
    }
    let split = |s: &str| -> PricingResult<(String, String)> {
        let s = s.trim();
        let (d, t) = s.split_once(' ').ok_or_else(|| WindowError::BadDate(s.to_owned()))?;
        // Validate the time early so the message names the right part.
        parse_time(t)?;
        Ok((d.to_owned(), t.to_owned()))
    };
    let ((sd, st), (ed, et)) = (split(start)?, split(end)?);
    Ok(PriceWindow::from_local(&sd, &st, &ed, &et, tz, now)?)
}

fn ids_of(ids: &[String]) -> PricingResult<Vec<Uuid>> {
    if ids.is_empty() {
        return Err(PricingError::CarIdsRequired);
    }
    if ids.len() > MAX_BATCH {
        return Err(PricingError::TooManyCars(MAX_BATCH));
    }
    // Unknown ids are simply not priced (they are dropped or stay pending).
    Ok(ids.iter().filter_map(|s| s.trim().parse().ok()).collect())
}

/// The many-car variant: one window, many cars; cars that cannot be priced are dropped.
pub async fn get_trip_prices(
    state: &AppState,
    r: pb::TripPricesRequest,
) -> PricingResult<pb::TripPricesReply> {
    let ids = ids_of(&r.car_ids)?;
    let now = state.clock.now();
    let rows = state.rates_cache.get_many(&state.pool, &ids).await?;
    // A malformed window is the caller's mistake, not a car's: refuse it outright.
    if let Some(first) = rows.first() {
        window_of(&r.start_time, &r.end_time, first.tz, now)?;
    }
    let age = age_of(r.age);
    let mut prices = Vec::with_capacity(rows.len());
    for id in &ids {
        let Some(car) = rows.iter().find(|c| c.row.car_id == *id) else { continue };
        if !car.row.is_bookable() {
            continue;
        }
        let Ok(window) = window_of(&r.start_time, &r.end_time, car.tz, now) else { continue };
        let (inputs, plan) = default_checkout(&window, age)?;
        match compute(car, window, &inputs, None, now) {
            Ok(q) => prices.push(convert::details(
                &id.to_string(),
                &q,
                &window,
                car.row.daily_price_cents,
                Some(plan),
            )),
            Err(e) => tracing::debug!(car_id = %id, error = %e, "car dropped from a batch price"),
        }
    }
    Ok(pb::TripPricesReply { prices })
}

/// `cars/checkPrices/{ids}`: the prices of a search page's cars. `ready` once every car has a
/// price or cannot have one; cars whose rates have not reached pricing yet stay `pending`.
pub async fn check_prices(
    state: &AppState,
    r: pb::CheckPricesRequest,
) -> PricingResult<pb::CheckPricesReply> {
    // The window: a search page's instants (the gateway reads them from catalog-search), local
    // dates and times in each car's zone, or none: the spec's default trip in each car's zone.
    let (start, end) = if !r.start_instant.trim().is_empty() || !r.end_instant.trim().is_empty() {
        let instant = |s: &str| DateTime::parse_from_rfc3339(s.trim()).is_ok();
        if !instant(&r.start_instant) || !instant(&r.end_instant) {
            return Err(PricingError::BadInstants);
        }
        (r.start_instant, r.end_instant)
    } else if [&r.start_date, &r.start_time, &r.end_date, &r.end_time]
        .iter()
        .any(|s| !s.trim().is_empty())
    {
        (
            format!("{} {}", r.start_date.trim(), r.start_time.trim()),
            format!("{} {}", r.end_date.trim(), r.end_time.trim()),
        )
    } else {
        (String::new(), String::new())
    };
    let (ids, age) = (ids_of(&r.car_ids)?, r.age);
    let now = state.clock.now();
    let rows = state.rates_cache.get_many(&state.pool, &ids).await?;
    let mut prices = Vec::new();
    let mut pending = Vec::new();
    for id in &ids {
        let Some(car) = rows.iter().find(|c| c.row.car_id == *id) else {
            pending.push(id.to_string());
            continue;
        };
        let window = if start.is_empty() {
            PriceWindow::default_trip(car.tz, now)
        } else {
            window_of(&start, &end, car.tz, now)?
        };
        let (inputs, plan) = default_checkout(&window, age_of(age))?;
        match compute(car, window, &inputs, None, now) {
            Ok(q) => prices.push(pb::CarPrice {
                car_id: id.to_string(),
                price_details: Some(convert::details(
                    &id.to_string(),
                    &q,
                    &window,
                    car.row.daily_price_cents,
                    Some(plan),
                )),
            }),
            Err(e) => tracing::debug!(car_id = %id, error = %e, "car has no price for this window"),
        }
    }
    let status = if pending.is_empty() { "ready" } else { "pending" };
    Ok(pb::CheckPricesReply { status: status.to_owned(), prices, pending_car_ids: pending })
}
