//! The checkout price, quotes bound to trips, and re-pricing a booked trip.

use crate::api::convert;
use crate::api::prices::{DEFAULT_AGE, bookable_car, car_id, compute, store_quote};
use crate::error::{PricingError, PricingResult};
use crate::state::AppState;
use crate::store::quotes::{self, Point, QuoteInputs};
use crate::store::rates::{self, PricedCar};
use crate::store::trip_prices::{self, TripPrice};
use crate::store::{coupons, teams};
use pricing_domain::coupon::{Coupon, CouponError, normalize};
use pricing_domain::protection::Plan;
use pricing_domain::window::PriceWindow;
use prost::Message;
use upcar_identity::{Identity, Role};
use upcar_proto::pricing as pb;
use uuid::Uuid;

fn point(l: &Option<pb::Location>, field: &'static str) -> PricingResult<Option<Point>> {
    match l {
        None => Ok(None),
        Some(l)
            if (-90.0..=90.0).contains(&l.latitude) && (-180.0..=180.0).contains(&l.longitude) =>
        {
            Ok(Some(Point { latitude: l.latitude, longitude: l.longitude }))
        }
        Some(_) => Err(PricingError::BadLocation(field)),
    }
}

fn extras_of(extras: &[pb::ChosenExtra]) -> PricingResult<Vec<(String, i64)>> {
    extras
        .iter()
        .map(|e| {
            let id =
                if e.extra_id.trim().is_empty() { e.extra_type.trim() } else { e.extra_id.trim() };
            if id.is_empty() {
                return Err(PricingError::ExtraIdRequired);
            }
            Ok((id.to_owned(), i64::from(if e.quantity == 0 { 1 } else { e.quantity })))
        })
        .collect()
}

/// The coupon behind a typed code (normalised), refused when unknown.
pub async fn coupon_for(state: &AppState, code: &str) -> PricingResult<Coupon> {
    let code = normalize(code)?;
    let mut conn = state.conn().await?;
    coupons::find(&mut conn, &code).await?.ok_or(PricingError::from(CouponError::Unknown))
}

async fn optional_coupon(state: &AppState, code: Option<&str>) -> PricingResult<Option<Coupon>> {
    match code.map(str::trim).filter(|c| !c.is_empty()) {
        None => Ok(None),
        Some(c) => Ok(Some(coupon_for(state, c).await?)),
    }
}

/// Whether `guest` may use `coupon` on one more trip, by what pricing knows of the guest's
/// trips (trips' events): the answer at checkout; trips decides again as it books.
pub async fn check_guest(state: &AppState, guest: Uuid, coupon: &Coupon) -> PricingResult<()> {
    if !coupon.first_trip_only && coupon.uses_per_account.is_none() {
        return Ok(());
    }
    let mut conn = state.conn().await?;
    let trips = coupons::guest_trips(&mut conn, guest, &coupon.code).await?;
    Ok(coupon.check_guest(trips)?)
}

/// `tripPrice/getFinalTripPrice`: the checkout price with every choice; a quote the guest can
/// book with.
pub async fn get_final_trip_price(
    state: &AppState,
    who: Option<Identity>,
    r: pb::FinalTripPriceRequest,
) -> PricingResult<pb::PriceDetails> {
    let who = who.ok_or(PricingError::SignInRequired)?;
    let car = bookable_car(state, car_id(&r.car_id)?).await?;
    let now = state.clock.now();
    let window = PriceWindow::from_local(
        &r.start_date,
        &r.start_time,
        &r.end_date,
        &r.end_time,
        car.tz,
        now,
    )?;
    let plan = Plan::parse(&r.protection_plan_type)?;
    let pickup = point(&r.pick_up_location, "pickUpLocation")?;
    let return_point = if r.return_to_car_location {
        None
    } else if r.return_location.is_some() {
        point(&r.return_location, "returnLocation")?
    } else if r.return_to_same_address {
        pickup
    } else {
        None
    };
    let inputs = QuoteInputs {
        start: Some(window.start),
        end: Some(window.end),
        age: i64::from(r.age.unwrap_or(DEFAULT_AGE)),
        extras: extras_of(&r.extras)?,
        plan: Some(plan.name().to_owned()),
        pickup,
        return_point,
        coupon: if r.coupon_code.trim().is_empty() { None } else { normalize(&r.coupon_code).ok() },
    };
    let coupon = optional_coupon(state, inputs.coupon.as_deref()).await?;
    if let Some(c) = &coupon {
        check_guest(state, who.user_id, c).await?;
    }
    let q = compute(&car, window, &inputs, coupon.as_ref(), now)?;
    let details =
        convert::details(&r.car_id, &q, &window, car.row.daily_price_cents, Some(plan.name()));
    store_quote(state, &car.row, Some(who.user_id), inputs, &q, details).await
}

/// For trips: binds an unexpired quote to a trip, which keeps that price. Binding the same
/// quote to the same trip again answers the same price (trips may retry).
pub async fn accept_quote(
    state: &AppState,
    r: pb::AcceptQuoteRequest,
) -> PricingResult<pb::AcceptedQuote> {
    let quote_id: Uuid = r.quote_id.trim().parse().map_err(|_| PricingError::QuoteNotFound)?;
    let trip_id: Uuid = r.trip_id.trim().parse().map_err(|_| PricingError::BadId("tripId"))?;
    let user_id: Uuid = r.user_id.trim().parse().map_err(|_| PricingError::BadId("userId"))?;
    let mut conn = state.conn().await?;
    let existing = trip_prices::get(&mut conn, trip_id).await?;
    if let Some(existing) = &existing {
        if existing.quote_id == quote_id && existing.user_id == user_id {
            let coupon = coupon_of(&mut conn, existing).await?;
            return accepted(existing, coupon.as_ref());
        }
        if !r.replaces {
            return Err(PricingError::QuoteUsed);
        }
    }
    let (record, details) =
        quotes::get(state, &mut conn, quote_id).await?.ok_or(PricingError::QuoteNotFound)?;
    if record.car_id.to_string() != r.car_id.trim() || record.user_id.is_some_and(|u| u != user_id)
    {
        return Err(PricingError::QuoteMismatch);
    }
    let (Some(start), Some(end)) = (record.inputs.start, record.inputs.end) else {
        return Err(PricingError::QuoteNotFound);
    };
    let row = TripPrice {
        trip_id,
        quote_id,
        car_id: record.car_id,
        owner_id: record.owner_id,
        user_id,
        start_time: start,
        end_time: end,
        total_cents: record.total_cents,
        inputs: serde_json::to_value(&record.inputs).map_err(anyhow::Error::from)?,
        details: details.encode_to_vec(),
        booked_at: state.clock.now(),
    };
    if r.replaces {
        let Some(existing) = existing else { return Err(PricingError::TripNotFound) };
        if existing.car_id != row.car_id || existing.user_id != user_id {
            return Err(PricingError::QuoteMismatch);
        }
        let row = TripPrice { booked_at: existing.booked_at, ..row };
        if !trip_prices::replace(&mut conn, &row).await? {
            return Err(PricingError::QuoteUsed);
        }
        let coupon = coupon_of(&mut conn, &row).await?;
        return accepted(&row, coupon.as_ref());
    }
    if !trip_prices::insert(&mut conn, &row).await? {
        // Lost a race with another binding: answer as the row that won says.
        return match trip_prices::get(&mut conn, trip_id).await? {
            Some(t) if t.quote_id == quote_id && t.user_id == user_id => {
                let coupon = coupon_of(&mut conn, &t).await?;
                accepted(&t, coupon.as_ref())
            }
            _ => Err(PricingError::QuoteUsed),
        };
    }
    let coupon = coupon_of(&mut conn, &row).await?;
    accepted(&row, coupon.as_ref())
}

fn accepted(t: &TripPrice, coupon: Option<&Coupon>) -> PricingResult<pb::AcceptedQuote> {
    let details = pb::PriceDetails::decode(t.details.as_slice()).map_err(anyhow::Error::from)?;
    Ok(pb::AcceptedQuote {
        price_details: Some(details),
        owner_id: t.owner_id.to_string(),
        coupon: coupon.map(|c| pb::CouponTerms {
            code: c.code.clone(),
            first_trip_only: c.first_trip_only,
            uses_per_account: c
                .uses_per_account
                .map_or(0, |n| i32::try_from(n).unwrap_or(i32::MAX)),
        }),
    })
}

/// The coupon a bound price holds, as it is now (its conditions go to trips).
async fn coupon_of(
    conn: &mut diesel_async::AsyncPgConnection,
    t: &TripPrice,
) -> PricingResult<Option<Coupon>> {
    let code = t.inputs.get("coupon").and_then(|c| c.as_str()).filter(|c| !c.is_empty());
    match code {
        Some(code) => Ok(coupons::find(conn, code).await?),
        None => Ok(None),
    }
}

/// The trip's price row, for the parties who see a trip's money: its guest, its car's host, a
/// co-host of the car with booking management (the `team_access` read model, as trips keeps
/// it) and admins. Anyone else gets the answer of an unknown trip (404), so a stranger cannot
/// tell that a trip exists; additional drivers do not see a trip's money in trips either.
pub async fn trip_for(state: &AppState, who: &Identity, trip_id: &str) -> PricingResult<TripPrice> {
    if trip_id.trim().is_empty() {
        return Err(PricingError::TripIdRequired);
    }
    let id: Uuid = trip_id.trim().parse().map_err(|_| PricingError::TripNotFound)?;
    let mut conn = state.conn().await?;
    let t = trip_prices::get(&mut conn, id).await?.ok_or(PricingError::TripNotFound)?;
    let party = match who.role {
        Role::Admin => true,
        Role::User if t.user_id == who.user_id || t.owner_id == who.user_id => true,
        Role::User => {
            teams::cohost_grant(&mut conn, who.user_id, t.car_id, t.owner_id).await? == Some(true)
        }
        _ => false,
    };
    if !party {
        return Err(PricingError::TripNotFound);
    }
    Ok(t)
}

/// `tripPrice/getModifiedTripPrice`: the trip priced with new dates, or new extras and plan,
/// at today's rates; answers a quote for the modification and the difference.
pub async fn get_modified_trip_price(
    state: &AppState,
    who: Option<Identity>,
    r: pb::ModifiedTripPriceRequest,
) -> PricingResult<pb::ModifiedTripPriceReply> {
    let who = who.ok_or(PricingError::SignInRequired)?;
    let trip = trip_for(state, &who, &r.trip_id).await?;
    let car = {
        let mut conn = state.conn().await?;
        PricedCar::from(rates::one(&mut conn, trip.car_id).await?.ok_or(PricingError::CarNotFound)?)
    };
    let mut inputs: QuoteInputs =
        serde_json::from_value(trip.inputs.clone()).map_err(anyhow::Error::from)?;
    let now = state.clock.now();
    let window = if r.start_date.trim().is_empty() {
        PriceWindow::from_instants(
            trip.start_time,
            trip.end_time,
            car.tz,
            now.min(trip.start_time),
        )?
    } else {
        PriceWindow::from_local(
            &r.start_date,
            &r.start_time,
            &r.end_date,
            &r.end_time,
            car.tz,
            now,
        )?
    };
    inputs.start = Some(window.start);
    inputs.end = Some(window.end);
    if r.extras_changed {
        inputs.extras = extras_of(&r.extras)?;
    }
    if !r.protection_plan_type.trim().is_empty() {
        inputs.plan = Some(Plan::parse(&r.protection_plan_type)?.name().to_owned());
    }
    // A coupon used at booking keeps applying if it still can; an expired one simply drops.
    let coupon = match optional_coupon(state, inputs.coupon.as_deref()).await {
        Ok(c) => c.filter(|c| c.check(now).is_ok()),
        Err(_) => None,
    };
    let q = compute(&car, window, &inputs, coupon.as_ref(), now.min(window.start))?;
    let plan = inputs.plan.clone();
    let details = convert::details(
        &trip.car_id.to_string(),
        &q,
        &window,
        car.row.daily_price_cents,
        plan.as_deref(),
    );
    let details = store_quote(state, &car.row, Some(trip.user_id), inputs, &q, details).await?;
    Ok(pb::ModifiedTripPriceReply {
        price_details: Some(details),
        previous_price_cents: trip.total_cents,
        difference_cents: q.total.0 - trip.total_cents,
    })
}
