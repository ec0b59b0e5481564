//! `trips/createTrip`: book a car at the price the guest saw, with no double booking and no
//! double charge.
//!
//! 1. A repeated `Idempotency-Key` replays its first answer before any work.
//! 2. The price: the quote the guest saw (`quoteId`), or a checkout price made now from the
//!    Trip fields; a `finalPrice` that no longer matches is refused (409 `price_changed`).
//! 3. The rules outside the database: not one's own car, pre-booking verification
//!    (CONTRACT.md: email verified, date of birth and 21+, licence and selfie, a card on file),
//!    and the car's own rules (catalog: advance notice, host blocks, trip length).
//! 4. One transaction: claim the key, insert the trip (the exclusion constraints refuse an
//!    overlap of the car or of the guest: 409), its history, bind the quote in pricing, place
//!    the hold on the card, and the outbox events; the answer is stored under the key.

use crate::api::convert;
use crate::api::eligibility::{DriverFacts, check_driver, day_of};
use crate::api::idempotent;
use crate::api::peers::{account, request};
use crate::error::{TripsError, TripsResult};
use crate::state::AppState;
use crate::store::trips::{self, HistoryRow, TripRow};
use crate::store::{payments, violates};
use chrono::{DateTime, Duration, TimeZone, Timelike, Utc};
use chrono_tz::Tz;
use diesel_async::{AsyncConnection, AsyncPgConnection};
use prost::Message;
use trips_domain::TripStatus;
use upcar_identity::Identity;
use upcar_proto::catalog as cpb;
use upcar_proto::pricing as ppb;
use upcar_proto::trips as pb;
use uuid::Uuid;

/// The checkout price for a request without a quote id, as pricing gives it to the guest.
async fn price_now(
    state: &AppState,
    who: &Identity,
    r: &pb::CreateTripRequest,
) -> TripsResult<ppb::PriceDetails> {
    let loc = |l: &Option<pb::Location>| {
        l.as_ref().map(|l| ppb::Location { latitude: l.latitude, longitude: l.longitude })
    };
    let msg = ppb::FinalTripPriceRequest {
        car_id: r.car_id.clone(),
        start_date: r.start_date.clone(),
        start_time: r.start_time.clone(),
        end_date: r.end_date.clone(),
        end_time: r.end_time.clone(),
        age: r.age,
        extras: r
            .extras
            .iter()
            .map(|e| ppb::ChosenExtra {
                extra_id: e.extra_id.clone(),
                extra_type: e.extra_type.clone(),
                quantity: e.quantity,
            })
            .collect(),
        protection_plan_type: r.protection_plan_type.clone(),
        pick_up_location: loc(&r.pick_up_location),
        coupon_code: r.coupon_code.clone(),
        return_to_same_address: r.return_to_same_address,
        return_to_car_location: r.return_to_car_location,
        return_location: loc(&r.return_location),
    };
    state
        .pricing
        .clone()
        .get_final_trip_price(request(msg, who))
        .await
        .map(|r| r.into_inner())
        .map_err(TripsError::upstream)
}

fn place_json(l: &pb::Location) -> serde_json::Value {
    serde_json::json!({"latitude": l.latitude, "longitude": l.longitude, "address": l.address})
}

/// Where the car is collected after the trip, by the booking's return options as pricing
/// reads them: back at the car's place, at the given return place, or where it was delivered.
fn drop_off(r: &pb::CreateTripRequest) -> Option<&pb::Location> {
    if r.return_to_car_location {
        None
    } else if r.return_location.is_some() {
        r.return_location.as_ref()
    } else if r.return_to_same_address {
        r.pick_up_location.as_ref()
    } else {
        None
    }
}

/// Pre-booking verification (CONTRACT.md). Passing it is what the Verified Driver tier asks
/// (email, licence and selfie, a card), so every guest who can book has the tier that unlocks
/// instant booking; the car decides (catalog's `instant_booking`). Answers what the guest's
/// eligibility for the trip is read from.
async fn verify_guest(
    state: &AppState,
    who: &Identity,
    has_card: bool,
) -> TripsResult<DriverFacts> {
    let user = account(state, who).await?;
    let needed = user.pre_book_verif_needed_fields.unwrap_or_default();
    let mut missing = Vec::new();
    if !needed.email_verified || !user.email_verify {
        missing.push("verify your email");
    }
    let dob = day_of(&user.dob);
    if needed.dob || dob.is_none() {
        missing.push("add your date of birth");
    }
    if needed.dl_upload_needed {
        missing.push("upload your licence (front and back) and a selfie and add its details");
    }
    if !has_card {
        missing.push("add a payment method");
    }
    if !missing.is_empty() {
        return Err(TripsError::VerificationRequired(format!(
            "Please complete verification before booking: {}.",
            missing.join(", ")
        )));
    }
    Ok(DriverFacts { dob, license_expires: day_of(&user.license_expiration_date) })
}

/// The local date and time of an instant, as catalog reads them.
fn local_parts(t: DateTime<Utc>, tz: Tz) -> (String, String) {
    let t = t.with_timezone(&tz);
    (t.format("%Y-%m-%d").to_string(), t.format("%-I:%M %p").to_string())
}

/// What the catalog says of the car for a window (its own rules: status, advance notice, trip
/// length, host blocks, its calendar).
async fn car_answer(
    state: &AppState,
    who: &Identity,
    car: &str,
    w: &Wanted,
) -> TripsResult<cpb::AvailabilityReply> {
    let (from_date, from_time) = local_parts(w.start, w.tz);
    let (until_date, until_time) = local_parts(w.end, w.tz);
    let msg = cpb::AvailabilityRequest {
        car_id: car.to_owned(),
        from_date,
        from_time,
        until_date,
        until_time,
        is_delivery: false,
    };
    Ok(state
        .catalog
        .clone()
        .is_car_available(request(msg, who))
        .await
        .map_err(TripsError::upstream)?
        .into_inner())
}

/// The car's own rules (catalog), for the priced window; answers whether it books instantly
/// and its minimum driver age.
async fn check_car(
    state: &AppState,
    who: &Identity,
    car: &str,
    w: &Wanted,
) -> TripsResult<(bool, i32)> {
    let r = car_answer(state, who, car, w).await?;
    if !r.available {
        return Err(TripsError::CarNotAvailable(if r.message.is_empty() {
            "This car is not available for these dates.".to_owned()
        } else {
            r.message
        }));
    }
    let min_age = r.min_driver_age.max(pricing_domain::policy::MIN_DRIVER_AGE as i32);
    Ok((r.instant_booking, min_age))
}

/// Suggestions tried after a refusal: each later one starts a day after the one the catalog
/// refused (a host block, the car's calendar), then the guest is left to pick.
const SUGGESTION_ATTEMPTS: usize = 7;

/// The first start on a half-hour of the car's clock at or after `at` (the slots pricing
/// rounds to, so the suggestion is priced as shown).
fn next_slot(at: DateTime<Utc>, tz: Tz) -> DateTime<Utc> {
    let local = at.with_timezone(&tz).naive_local();
    let floor = local
        .with_second(0)
        .and_then(|t| t.with_nanosecond(0))
        .map(|t| t - Duration::minutes(i64::from(t.minute() % 30)))
        .unwrap_or(local);
    let slot = if floor < local { floor + Duration::minutes(30) } else { floor };
    tz.from_local_datetime(&slot)
        .earliest()
        .or_else(|| tz.from_local_datetime(&(slot + Duration::hours(1))).earliest())
        .map(|t| t.with_timezone(&Utc))
        .unwrap_or(at)
}

/// The first start at or after `from` where a trip of `len` overlaps none of the car's trips.
async fn free_from(
    conn: &mut AsyncPgConnection,
    car: Uuid,
    from: DateTime<Utc>,
    len: Duration,
) -> Option<DateTime<Utc>> {
    let periods = trips::car_periods_from(conn, car, from).await.ok()?;
    let mut candidate = from;
    for (s, e) in periods {
        if candidate + len <= s {
            break;
        }
        if e > candidate {
            candidate = e;
        }
    }
    Some(candidate)
}

/// A start the car would take for a trip of the same length, for the guest whose window was
/// refused: after the car's advance notice from now, clear of its trips, within the booking
/// horizon, and accepted by the catalog's own check. `None` when none is found nearby.
async fn nearest_accepted_start(
    state: &AppState,
    who: &Identity,
    conn: &mut AsyncPgConnection,
    w: &Wanted,
) -> Option<DateTime<Utc>> {
    let now = state.clock.now();
    let car = state
        .catalog
        .clone()
        .get_car(request(
            cpb::CarIdRequest { car_id: w.car.to_string(), ..Default::default() },
            who,
        ))
        .await
        .ok()?
        .into_inner();
    let notice = Duration::hours(i64::from(car.advance_notice_hours.max(0)));
    let len = w.end - w.start;
    let mut earliest = w.start.max(now + notice);
    for _ in 0..SUGGESTION_ATTEMPTS {
        let mut start = next_slot(earliest, w.tz);
        // A trip's end is on a slot; stepping past one lands on a slot again.
        start = next_slot(free_from(conn, w.car, start, len).await?, w.tz);
        if !pricing_domain::window::within_horizon(start, now) {
            return None;
        }
        let candidate = Wanted { start, end: start + len, ..*w };
        let answer = car_answer(state, who, &w.car.to_string(), &candidate).await.ok()?;
        if answer.available && free_from(conn, w.car, start, len).await? == start {
            return Some(start);
        }
        earliest = start + Duration::days(1);
    }
    None
}

fn reservation_number() -> String {
    let id = Uuid::new_v4().simple().to_string().to_uppercase();
    format!("UPC-{}", &id[..10])
}

/// `trips/createTrip`.
pub async fn create_trip(
    state: &AppState,
    who: Identity,
    r: pb::CreateTripRequest,
) -> TripsResult<pb::TripReply> {
    let key = idempotent::key_of(&r.idempotency_key)?;
    let hash = idempotent::fingerprint(&pb::CreateTripRequest {
        idempotency_key: String::new(),
        ..r.clone()
    });
    if let Some(k) = &key {
        let mut conn = state.conn().await?;
        if let Some(answer) =
            idempotent::stored(&mut conn, who.user_id, k, "create_trip", &hash).await?
        {
            return answer;
        }
    }
    if r.car_id.trim().is_empty() {
        return Err(TripsError::CarIdRequired);
    }
    let mut conn = state.conn().await?;
    let result = conn
        .transaction::<_, TripsError, _>(async |c| {
            // A concurrent request with the same key waits here, then replays this one's answer.
            if let Some(answer) =
                idempotent::claim_or_replay(c, who.user_id, key.as_deref(), "create_trip", &hash)
                    .await?
            {
                return Ok(answer);
            }
            // The funnel's "booking started", whatever the booking's fate: this transaction
            // commits for refusals too (they are answers).
            crate::events::booking_started(c, who.user_id, r.car_id.trim(), state.clock.now())
                .await?;
            let mut wanted = None;
            let booked = c
                .transaction::<_, TripsError, _>(async |c| {
                    book(state, &who, &r, c, &mut wanted).await
                })
                .await;
            let answer = match booked {
                Err(e) if !idempotent::is_answer(&e) => return Err(e),
                Err(TripsError::CarNotAvailable(msg)) => {
                    // Suggest the nearest start of this car, for the same length, that a
                    // booking would get.
                    let hint = match &wanted {
                        Some(w) => nearest_accepted_start(state, &who, c, w).await.map(|s| {
                            format!(
                                " The nearest free start for the same length is {}.",
                                s.with_timezone(&w.tz).format("%b %-d, %Y %-I:%M %p")
                            )
                        }),
                        None => None,
                    };
                    Err(TripsError::CarNotAvailable(format!("{msg}{}", hint.unwrap_or_default())))
                }
                other => other,
            };
            if let Some(k) = &key {
                idempotent::record(c, who.user_id, k, &answer).await?;
            }
            Ok(answer)
        })
        .await?;
    state.relay.wake();
    result
}

/// The window a booking asked for, as priced.
#[derive(Debug, Clone, Copy)]
struct Wanted {
    car: Uuid,
    start: DateTime<Utc>,
    end: DateTime<Utc>,
    tz: Tz,
}

/// The booking itself, inside the caller's transaction (a savepoint).
async fn book(
    state: &AppState,
    who: &Identity,
    r: &pb::CreateTripRequest,
    c: &mut AsyncPgConnection,
    wanted: &mut Option<Wanted>,
) -> TripsResult<pb::TripReply> {
    let car_id: Uuid = r.car_id.trim().parse().map_err(|_| TripsError::CarNotFound)?;
    // The price the guest pays: their quote, or a checkout price made now from the fields.
    let quote_id = if r.quote_id.trim().is_empty() {
        price_now(state, who, r).await?.quote_id
    } else {
        r.quote_id.trim().to_owned()
    };
    let trip_id = Uuid::now_v7();
    // Binding is retry-safe per trip id; if this transaction rolls back, the quote stays bound
    // to a trip that never existed and the guest prices again.
    let accepted = state
        .pricing
        .clone()
        .accept_quote(request(
            ppb::AcceptQuoteRequest {
                quote_id: quote_id.clone(),
                trip_id: trip_id.to_string(),
                user_id: who.user_id.to_string(),
                car_id: car_id.to_string(),
                replaces: false,
            },
            who,
        ))
        .await
        .map_err(TripsError::upstream)?
        .into_inner();
    let details = accepted.price_details.unwrap_or_default();
    let owner_id: Uuid = accepted
        .owner_id
        .parse()
        .map_err(|_| TripsError::Internal(anyhow::anyhow!("bad owner id from pricing")))?;
    if owner_id == who.user_id {
        return Err(TripsError::OwnCar);
    }
    // The exclusion list, as trips last heard it from accounts (the gateway refuses a
    // suspended guest's token; a suspended host's cars have left the catalog).
    if crate::standing::is_suspended(c, who.user_id).await? {
        return Err(TripsError::AccountSuspended);
    }
    if crate::standing::is_suspended(c, owner_id).await? {
        return Err(TripsError::CarNotAvailable(
            "This car is not available for booking.".to_owned(),
        ));
    }
    if let Some(seen) = r.final_price_cents
        && (seen - details.final_price_cents).abs() > 1
    {
        return Err(TripsError::PriceChanged(format!(
            "${:.2}",
            details.final_price_cents as f64 / 100.0
        )));
    }
    let start = DateTime::parse_from_rfc3339(&details.start_time)
        .map_err(anyhow::Error::from)?
        .with_timezone(&Utc);
    let end = DateTime::parse_from_rfc3339(&details.end_time)
        .map_err(anyhow::Error::from)?
        .with_timezone(&Utc);
    let time_zone = if details.time_zone.is_empty() {
        "America/Los_Angeles".to_owned()
    } else {
        details.time_zone.clone()
    };
    let w = Wanted {
        car: car_id,
        start,
        end,
        tz: time_zone.parse().unwrap_or(chrono_tz::America::Los_Angeles),
    };
    *wanted = Some(w);
    // The transaction's own connection: a request holding a key must not wait for another.
    let card = payments::primary(c, who.user_id).await?;
    // The guest's verification (accounts) and the car's rules (catalog) are asked at once;
    // the guest's answer still decides first, so the error a client sees does not depend on
    // which service answered sooner.
    let (verified, car) = tokio::join!(
        verify_guest(state, who, card.is_some()),
        check_car(state, who, &r.car_id, &w)
    );
    let driver = verified?;
    let (instant, min_driver_age) = car?;
    check_driver(driver, min_driver_age, start, end, w.tz)?;
    let card = card.ok_or_else(|| {
        TripsError::VerificationRequired(
            "Please complete verification before booking: add a payment method.".to_owned(),
        )
    })?;

    let now = state.clock.now();
    let status = if instant { TripStatus::Confirmed } else { TripStatus::Requested };
    let row = TripRow {
        id: trip_id,
        car_id,
        owner_id,
        guest_id: who.user_id,
        status: status.as_str().to_owned(),
        start_time: start,
        end_time: end,
        time_zone,
        quote_id: quote_id.parse().map_err(|_| TripsError::Internal(anyhow::anyhow!("bad quote id")))?,
        total_cents: details.final_price_cents,
        price_details: details.encode_to_vec(),
        extras: serde_json::Value::Array(
            r.extras
                .iter()
                .map(|e| serde_json::json!({"extraId": e.extra_id, "extraType": e.extra_type, "quantity": e.quantity.max(1)}))
                .collect(),
        ),
        protection_plan_type: details.protection_plan_type.clone(),
        pick_up_location: r.pick_up_location.as_ref().map(place_json),
        drop_off_location: drop_off(r).map(place_json),
        message: r.message.chars().take(2000).collect(),
        cancel_reason: String::new(),
        reject_reason: String::new(),
        refund_cents: None,
        cancelled_at: None,
        reservation_number: reservation_number(),
        version: 1,
        created_at: now,
        updated_at: now,
        checked_in_at: None,
        checked_out_at: None,
        min_driver_age,
    };
    // The coupon's conditions on the guest's trips, as pricing gave them: the database holds
    // them against this guest's trips as it inserts (one guest's bookings one at a time).
    let coupon =
        accepted.coupon.as_ref().filter(|c| !c.code.is_empty()).map(|c| trips::TripCoupon {
            code: c.code.clone(),
            first_trip_only: c.first_trip_only,
            uses_per_account: (c.uses_per_account > 0).then_some(c.uses_per_account),
        });
    match trips::insert(c, &row, coupon.as_ref()).await {
        Ok(()) => {}
        Err(e) if violates(&e, "trips_coupon_first_trip_only") => {
            return Err(TripsError::CouponFirstTripOnly);
        }
        Err(e) if violates(&e, "trips_coupon_used_up") => return Err(TripsError::CouponUsedUp),
        Err(e) if violates(&e, "trips_guest_one_trip_at_a_time") => {
            return Err(TripsError::UserNotAvailable);
        }
        Err(e) if violates(&e, "trips_no_double_booking") => {
            return Err(TripsError::CarNotAvailable(
                "This car is already booked for these dates.".to_owned(),
            ));
        }
        Err(e) => return Err(e.into()),
    }
    let booked = HistoryRow {
        trip_id,
        from_status: String::new(),
        to_status: status.as_str().to_owned(),
        action: "book".to_owned(),
        actor_id: Some(who.user_id),
        actor_role: "guest".to_owned(),
        reason: if instant {
            "instant booking".to_owned()
        } else {
            "waiting for the host".to_owned()
        },
        at: now,
    };
    trips::append_history(c, &booked).await?;
    // The money plan (trips_domain::holds): pricing's quote says when the card is charged;
    // before then the card is saved and nothing is held.
    let charge_at = details
        .pay_later_at
        .as_deref()
        .and_then(|t| DateTime::parse_from_rfc3339(t).ok())
        .map(|t| t.with_timezone(&Utc))
        .filter(|t| *t > now);
    let customer = crate::payments::customer(c, state.payments.as_ref(), who.user_id).await?;
    let key = format!("trip-{trip_id}");
    let (hold, hold_status, lapses_at) = match charge_at {
        Some(_) => {
            let setup = state.payments.save_card(&customer, &card.id, &key).await?;
            (setup, "scheduled", None)
        }
        None => {
            let by = trips_domain::holds::Initiated::Customer;
            let hold =
                state.payments.authorize(&customer, &card.id, row.total_cents, &key, by).await?;
            (hold, "authorized", Some(trips_domain::holds::lapses_at(now, by)))
        }
    };
    payments::insert_hold(
        c,
        &payments::HoldRow {
            id: hold.clone(),
            trip_id,
            user_id: who.user_id,
            payment_method_id: card.id.clone(),
            provider: state.payments.name().to_owned(),
            amount_cents: row.total_cents,
            captured_cents: 0,
            refunded_cents: 0,
            status: hold_status.to_owned(),
            release_by: trips_domain::money::hold_release_at(end, false),
            charge_at: charge_at.unwrap_or(now),
            lapses_at,
            failure: String::new(),
            pay_by: None,
            attempts: 1,
        },
    )
    .await?;
    payments::log(
        c,
        &payments::LogLine {
            trip_id,
            hold_id: &hold,
            event: if lapses_at.is_some() { "authorized" } else { "card_saved" },
            amount_cents: row.total_cents,
            detail: &charge_at
                .map(|t| format!("authorised on {}", t.to_rfc3339()))
                .unwrap_or_default(),
            at: now,
        },
    )
    .await?;
    crate::events::booked(c, &row, now).await?;
    if instant {
        crate::events::confirmed(c, &row, now).await?;
    }
    if lapses_at.is_some() {
        crate::events::authorized(c, &row, state.payments.name(), now).await?;
    }
    // The new trip as its guest sees it, from what this transaction wrote: one history line,
    // the hold just placed or planned, no additional driver yet.
    Ok(pb::TripReply {
        trip: Some(convert::trip(&row, &[booked], "guest", hold_status)),
        message: if instant {
            "Trip booked."
        } else {
            "Trip requested; the host will answer soon."
        }
        .to_owned(),
    })
}
