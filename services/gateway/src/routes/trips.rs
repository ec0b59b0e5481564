//! `/v1/trips/*`, `/v1/host/getPastTripsForHost`, `/v1/cars/isUserAvailableForTheDates`,
//! `/v1/payment/stripe/*`, `/v1/users/getPaymentInfo`, `/v1/transaction/*`: the trip lifecycle
//! and payment calls of spec 002 section 7 and the trip lists of 000/001.

use crate::auth::AuthUser;
use crate::error::{HttpError, HttpResult};
use crate::grpc::request;
use crate::routes::body::{self, flag, int, text};
use crate::routes::catalog::dollars;
use crate::routes::pricing::details_json;
use crate::state::AppState;
use actix_web::{HttpRequest, HttpResponse, web};
use prost::Message;
use serde::Deserialize;
use serde_json::{Value, json};
use std::collections::HashMap;
use upcar_identity::Identity;
use upcar_proto::{accounts as apb, catalog as cpb, pricing as ppb, trips as pb};

type State = web::Data<AppState>;

fn money(v: &Option<Value>, field: &str) -> HttpResult<Option<i64>> {
    body::cents(v, field)
}

fn location(v: &Option<Value>, field: &str) -> HttpResult<Option<pb::Location>> {
    Ok(body::point(v, field)?.map(|p| pb::Location {
        latitude: p.latitude,
        longitude: p.longitude,
        address: p.address,
    }))
}

fn extras(v: &Option<Value>) -> HttpResult<Vec<pb::ChosenExtra>> {
    Ok(body::extras(v)?
        .into_iter()
        .map(|e| pb::ChosenExtra { extra_id: e.id, extra_type: e.kind, quantity: e.quantity })
        .collect())
}

pub(crate) fn idempotency_key(req: &HttpRequest) -> HttpResult<String> {
    match req.headers().get("idempotency-key") {
        None => Ok(String::new()),
        Some(v) => v.to_str().map(|s| s.trim().to_owned()).map_err(|_| {
            HttpError::invalid("invalid_idempotency_key", "Idempotency-Key must be visible ASCII")
        }),
    }
}

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
            let r = catalog.get_car(request(cpb::CarIdRequest { car_id: id.to_owned() }, None));
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

fn local_date_time(rfc3339: &str) -> (String, String) {
    match chrono::DateTime::parse_from_rfc3339(rfc3339) {
        Ok(t) => (t.format("%Y-%m-%d").to_string(), t.format("%-I:%M %p").to_string()),
        Err(_) => (String::new(), String::new()),
    }
}

pub(crate) fn trip_json(t: &pb::Trip, n: &Names) -> Value {
    let (sd, st) = local_date_time(&t.start_time);
    let (ed, et) = local_date_time(&t.end_time);
    let car = n.cars.get(&t.car_id).and_then(|c| c.summary.clone()).unwrap_or_default();
    let guest = n.people.get(&t.guest_id).cloned().unwrap_or_default();
    let host = n.people.get(&t.owner_id).cloned().unwrap_or_default();
    let car_name = format!("{} {} {}", car.car_year, car.make, car.model).trim().to_owned();
    // An additional driver's view carries no money (trips leaves it out).
    let priced = t.viewer_role != "driver";
    let details =
        priced.then(|| ppb::PriceDetails::decode(t.price_details.as_slice()).ok()).flatten();
    let pick_up = t.pick_up_location.as_ref().map(|l| {
        json!({
            "latitude": l.latitude, "longitude": l.longitude, "address": l.address,
            "coordinates": [l.longitude, l.latitude],
        })
    });
    let mut out = json!({
        "_id": t.trip_id,
        "tripId": t.trip_id,
        "carId": t.car_id,
        "hostId": t.owner_id,
        "ownerId": t.owner_id,
        "userId": t.guest_id,
        "status": t.status,
        "newStartDate": sd,
        "newStartTime": st,
        "newEndDate": ed,
        "newEndTime": et,
        "startDate": sd,
        "endDate": ed,
        "startTime": t.start_time,
        "endTime": t.end_time,
        "timeZone": t.time_zone,
        "finalPrice": priced.then(|| dollars(t.total_cents)),
        "priceDetails": details.as_ref().map(details_json),
        "extras": t.extras.iter().map(|e| json!({"extraId": e.extra_id, "extraType": e.extra_type, "quantity": e.quantity})).collect::<Vec<_>>(),
        "protectionPlanType": t.protection_plan_type,
        "pickUpLocation": pick_up,
        "message": t.message,
        "cancelReason": t.cancel_reason,
        "rejectReason": t.reject_reason,
        "refundAmount": t.refund_cents.map(dollars),
        "isCancelled": matches!(t.status.as_str(), "cancelled_by_guest" | "cancelled_by_host" | "rejected"),
        "cancelDate": t.cancelled_at,
        "cancelledBy": t.cancelled_by,
        "reservationNumber": t.reservation_number,
        "paymentStatus": t.payment_status,
        "viewerRole": t.viewer_role,
        "createdAt": t.created_at,
        "updatedAt": t.updated_at,
    });
    let more = json!({
        "history": t.history.iter().map(|h| json!({
            "fromStatus": h.from_status, "toStatus": h.to_status, "action": h.action,
            "actorRole": h.actor_role, "actorId": h.actor_id, "reason": h.reason, "at": h.at,
        })).collect::<Vec<_>>(),
        "carName": car_name,
        "carPhotoUrl": car.primary_photo_url,
        "carMake": car.make,
        "carModel": car.model,
        "carYear": car.car_year,
        "renterName": format!("{} {}", guest.first_name, guest.last_name).trim(),
        "firstName": guest.first_name,
        "lastName": guest.last_name,
        "userProfilePic": guest.profile_pic,
        "hostName": format!("{} {}", host.first_name, host.last_name).trim(),
        "additionalDrivers": t.additional_drivers.iter().map(|d| json!({
            "email": d.email, "status": d.status, "invitedAt": d.invited_at,
            "expiresAt": d.expires_at, "addedAt": d.added_at,
        })).collect::<Vec<_>>(),
    });
    if let (Some(a), Value::Object(b)) = (out.as_object_mut(), more) {
        a.extend(b);
    }
    out
}

async fn one(state: &AppState, reply: pb::TripReply) -> Value {
    let t = reply.trip.unwrap_or_default();
    let n = names(state, std::slice::from_ref(&t)).await;
    json!({"status": true, "message": reply.message, "data": trip_json(&t, &n)})
}

/// The Trip entity of spec 002 as `createTrip` takes it, plus `quoteId`.
#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct CreateBody {
    quote_id: Option<Value>,
    final_price: Option<Value>,
    message: Option<Value>,
    #[serde(flatten)]
    trip: crate::routes::pricing::FinalBody,
}

/// `POST /v1/trips/createTrip` (header `Idempotency-Key`): 201 with the trip.
pub async fn create_trip(
    state: State,
    user: AuthUser,
    req: HttpRequest,
    body: web::Json<CreateBody>,
) -> HttpResult {
    let b = body.into_inner();
    let t = &b.trip;
    let msg = pb::CreateTripRequest {
        idempotency_key: idempotency_key(&req)?,
        quote_id: text(&b.quote_id),
        car_id: text(&t.car_id),
        start_date: text(&t.new_start_date),
        start_time: text(&t.new_start_time),
        end_date: text(&t.new_end_date),
        end_time: text(&t.new_end_time),
        age: int(&t.age, "age")?,
        extras: extras(&t.extras)?,
        protection_plan_type: text(&t.protection_plan_type),
        pick_up_location: location(&t.pick_up_location, "pickUpLocation")?,
        coupon_code: text(&t.coupon_code),
        return_to_same_address: flag(&t.return_to_same_address),
        return_to_car_location: flag(&t.return_to_car_location),
        return_location: location(&t.return_location, "returnLocation")?,
        message: text(&b.message),
        final_price_cents: money(&b.final_price, "finalPrice")?,
    };
    if msg.car_id.is_empty() {
        return Err(HttpError::invalid("car_id_required", "carId is required"));
    }
    let r = state.trips.clone().create_trip(request(msg, Some(&user.0))).await?.into_inner();
    Ok(HttpResponse::Created().json(one(&state, r).await))
}

/// `GET /v1/trips/getTrip/{id}`.
pub async fn get_trip(state: State, user: AuthUser, id: web::Path<String>) -> HttpResult {
    let r = state
        .trips
        .clone()
        .get_trip(request(pb::TripIdRequest { trip_id: id.into_inner() }, Some(&user.0)))
        .await?
        .into_inner();
    Ok(HttpResponse::Ok().json(one(&state, r).await))
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct CancelBody {
    trip_id: Option<Value>,
    cancel_reason: Option<Value>,
    refund_amount: Option<Value>,
}

/// `POST /v1/trips/cancelTrip` (header `Idempotency-Key`).
pub async fn cancel_trip(
    state: State,
    user: AuthUser,
    req: HttpRequest,
    body: web::Json<CancelBody>,
) -> HttpResult {
    let b = body.into_inner();
    let trip_id = text(&b.trip_id);
    if trip_id.is_empty() {
        return Err(HttpError::invalid("trip_id_required", "tripId is required"));
    }
    let msg = pb::CancelTripRequest {
        trip_id,
        cancel_reason: text(&b.cancel_reason),
        refund_amount_cents: money(&b.refund_amount, "refundAmount")?,
        idempotency_key: idempotency_key(&req)?,
    };
    let r = state.trips.clone().cancel_trip(request(msg, Some(&user.0))).await?.into_inner();
    Ok(HttpResponse::Ok().json(one(&state, r).await))
}

/// `POST /v1/trips/acceptTrip/{id}`.
pub async fn accept_trip(state: State, user: AuthUser, id: web::Path<String>) -> HttpResult {
    let r = state
        .trips
        .clone()
        .accept_trip(request(pb::TripIdRequest { trip_id: id.into_inner() }, Some(&user.0)))
        .await?
        .into_inner();
    Ok(HttpResponse::Ok().json(one(&state, r).await))
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct RejectBody {
    reject_reason: Option<Value>,
}

/// `POST /v1/trips/rejectTrip/{id}` (optional `rejectReason`; the body may be empty).
pub async fn reject_trip(
    state: State,
    user: AuthUser,
    id: web::Path<String>,
    body: web::Bytes,
) -> HttpResult {
    let b: RejectBody = if body.iter().all(u8::is_ascii_whitespace) {
        RejectBody::default()
    } else {
        serde_json::from_slice(&body)
            .map_err(|e| HttpError::invalid("invalid_json", format!("Invalid JSON: {e}")))?
    };
    let msg =
        pb::RejectTripRequest { trip_id: id.into_inner(), reject_reason: text(&b.reject_reason) };
    let r = state.trips.clone().reject_trip(request(msg, Some(&user.0))).await?.into_inner();
    Ok(HttpResponse::Ok().json(one(&state, r).await))
}

async fn list(state: &AppState, who: &Identity, view: &str, empty: Option<&str>) -> HttpResult {
    let r = state
        .trips
        .clone()
        .list_trips(request(pb::ListTripsRequest { view: view.to_owned() }, Some(who)))
        .await?
        .into_inner();
    if r.trips.is_empty()
        && let Some(text) = empty
    {
        return Err(HttpError::not_found("no_trips", text));
    }
    let n = names(state, &r.trips).await;
    Ok(HttpResponse::Ok().json(json!({
        "status": true,
        "data": r.trips.iter().map(|t| trip_json(t, &n)).collect::<Vec<_>>(),
    })))
}

/// `GET /v1/trips/getInProgressAndFutureTrips`.
pub async fn guest_current(state: State, user: AuthUser) -> HttpResult {
    list(&state, &user.0, "guest_current", None).await
}

/// `GET /v1/trips/getAllPastTripsForUserSortByDate`.
pub async fn guest_past(state: State, user: AuthUser) -> HttpResult {
    list(&state, &user.0, "guest_past", None).await
}

/// `GET /v1/trips/getAllFutureBookingsForHostSortByDate` (404 when none, as spec 001 says).
pub async fn host_future(state: State, user: AuthUser) -> HttpResult {
    list(&state, &user.0, "host_future", Some("No future bookings found for this host")).await
}

/// `GET /v1/trips/getAllPastBookingsForHostSortByDate` (404 when none).
pub async fn host_past(state: State, user: AuthUser) -> HttpResult {
    list(&state, &user.0, "host_past", Some("No past bookings found for this host")).await
}

/// `GET /v1/host/getPastTripsForHost` (404 when none).
pub async fn host_past_trips(state: State, user: AuthUser) -> HttpResult {
    list(&state, &user.0, "host_past", Some("No past trips found for this host")).await
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct UserAvailabilityQuery {
    #[serde(alias = "newStartDate", alias = "fromDate")]
    start_date: String,
    #[serde(alias = "newStartTime", alias = "fromTime")]
    start_time: String,
    #[serde(alias = "newEndDate", alias = "untilDate")]
    end_date: String,
    #[serde(alias = "newEndTime", alias = "untilTime")]
    end_time: String,
    time_zone: String,
}

/// `GET /v1/cars/isUserAvailableForTheDates`.
pub async fn is_user_available(
    state: State,
    user: AuthUser,
    q: web::Query<UserAvailabilityQuery>,
) -> HttpResult {
    let q = q.into_inner();
    let msg = pb::UserAvailabilityRequest {
        start_date: q.start_date,
        start_time: q.start_time,
        end_date: q.end_date,
        end_time: q.end_time,
        time_zone: q.time_zone,
    };
    let r = state.trips.clone().is_user_available(request(msg, Some(&user.0))).await?.into_inner();
    Ok(HttpResponse::Ok().json(json!({
        "status": true,
        "isUserAvailable": r.is_user_available,
        "message": if r.is_user_available { "" } else { "User is not available." },
    })))
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct AddMethodBody {
    payment_method_id: Option<Value>,
    billing_details: Option<Value>,
    #[serde(rename = "userId")]
    _user_id: Option<Value>,
}

fn method_json(m: &pb::PaymentMethod) -> Value {
    let b = m.billing_address.clone().unwrap_or_default();
    json!({
        "paymentMethodId": m.payment_method_id,
        "cardType": m.card_type,
        "last4": m.last4,
        "expMonth": m.exp_month,
        "expYear": m.exp_year,
        "billingAddress": {"street": b.street, "addressLine2": b.address_line2, "city": b.city, "state": b.state, "zip": b.zip, "country": b.country},
    })
}

/// `POST /v1/payment/stripe/addPaymentMethod`.
pub async fn add_payment_method(
    state: State,
    user: AuthUser,
    body: web::Json<AddMethodBody>,
) -> HttpResult {
    let b = body.into_inner();
    let d = b.billing_details.unwrap_or(Value::Null);
    let s = |k: &str, alt: &str| {
        d.get(k).or(d.get(alt)).and_then(|v| v.as_str()).unwrap_or_default().to_owned()
    };
    let msg = pb::AddPaymentMethodRequest {
        payment_method_id: text(&b.payment_method_id),
        billing_details: Some(pb::BillingDetails {
            street: s("street", "address_line1"),
            address_line2: s("addressLine2", "address_line2"),
            city: s("city", "city"),
            state: s("state", "state"),
            zip: s("zip", "postal_code"),
            country: s("country", "country"),
            name: s("name", "first_name"),
        }),
    };
    let r = state.trips.clone().add_payment_method(request(msg, Some(&user.0))).await?.into_inner();
    Ok(HttpResponse::Ok().json(json!({"status": true, "message": r.message, "data": r.payment_method.as_ref().map(method_json)})))
}

/// `POST /v1/payment/stripe/getPrimaryPaymentMethod` and `POST /v1/users/getPaymentInfo`: the
/// caller's card (a `userId` in the body is accepted but the token decides).
pub async fn primary_payment_method(state: State, user: AuthUser) -> HttpResult {
    let r = state
        .trips
        .clone()
        .get_primary_payment_method(request(pb::Empty {}, Some(&user.0)))
        .await?
        .into_inner();
    Ok(HttpResponse::Ok().json(json!({
        "status": true,
        "message": r.message,
        "data": r.payment_method.as_ref().map(method_json),
    })))
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct YearQuery {
    year: Option<String>,
}

/// `GET /v1/transaction/getTransactionHistory?year`.
pub async fn transaction_history(
    state: State,
    user: AuthUser,
    q: web::Query<YearQuery>,
) -> HttpResult {
    let year = int(&q.into_inner().year.map(Value::String), "year")?;
    let r = state
        .trips
        .clone()
        .get_transaction_history(request(pb::TransactionHistoryRequest { year }, Some(&user.0)))
        .await?
        .into_inner();
    Ok(HttpResponse::Ok().json(json!({
        "status": true,
        "data": r.transactions.iter().map(|t| json!({
            "transactionId": t.transaction_id, "tripId": t.trip_id, "type": t.kind,
            "amount": dollars(t.amount_cents), "description": t.description, "createdAt": t.created_at,
        })).collect::<Vec<_>>(),
        "totals": {"paid": dollars(r.total_paid_cents), "refunded": dollars(r.total_refunded_cents), "earned": dollars(r.total_earned_cents), "paidOut": dollars(r.total_paid_out_cents)},
    })))
}

fn payout_account_json(r: &pb::PayoutAccountReply) -> Value {
    json!({
        "hasAccount": r.has_account,
        "accountId": r.account_id,
        "detailsSubmitted": r.details_submitted,
        "payoutsEnabled": r.payouts_enabled,
        "onboardingComplete": r.onboarding_complete,
        "onboardingStatus": r.onboarding_status,
        "requirementsDue": r.requirements_due,
    })
}

/// `GET /v1/payment/stripe/hostStripeOnboardingStatus`.
pub async fn onboarding_status(state: State, user: AuthUser) -> HttpResult {
    let r = state
        .trips
        .clone()
        .get_payout_account(request(pb::Empty {}, Some(&user.0)))
        .await?
        .into_inner();
    let mut data = payout_account_json(&r);
    data["isOnboardingComplete"] = json!(r.onboarding_complete);
    Ok(HttpResponse::Ok().json(json!({"status": true, "data": data})))
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct AccountSetupBody {
    create_onboarding_link_only: Option<Value>,
}

/// `POST /v1/payment/stripe/hostStripeAccountSetup {createOnboardingLinkOnly}`.
pub async fn account_setup(
    state: State,
    user: AuthUser,
    body: web::Json<AccountSetupBody>,
) -> HttpResult {
    let link_only = match body.into_inner().create_onboarding_link_only {
        None | Some(Value::Null) => false,
        Some(Value::Bool(b)) => b,
        Some(Value::String(s)) if s.trim() == "true" => true,
        Some(Value::String(s)) if s.trim() == "false" => false,
        Some(_) => {
            return Err(HttpError::invalid(
                "invalid_input",
                "createOnboardingLinkOnly must be true or false",
            ));
        }
    };
    let msg = pb::PayoutAccountSetupRequest { create_onboarding_link_only: link_only };
    let r =
        state.trips.clone().set_up_payout_account(request(msg, Some(&user.0))).await?.into_inner();
    let mut data = payout_account_json(&r);
    data["url"] = json!(r.url);
    data["expiresAt"] = json!(r.expires_at);
    Ok(HttpResponse::Ok().json(json!({
        "status": true,
        "message": "Open the link to finish setting up your payout account.",
        "url": r.url,
        "data": data,
    })))
}

/// `GET /v1/dev/payment/stripe/completeOnboarding/{accountId}` (development, local provider):
/// plays the host filling in the provider's onboarding form.
pub async fn complete_local_onboarding(state: State, path: web::Path<String>) -> HttpResult {
    let msg = pb::PayoutAccountIdRequest { account_id: path.into_inner() };
    let r = state.trips.clone().complete_local_onboarding(request(msg, None)).await?.into_inner();
    Ok(HttpResponse::Ok().json(json!({
        "status": true,
        "message": "Payout account onboarding completed (local payment provider).",
        "data": payout_account_json(&r),
    })))
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct HandoverBody {
    role: Option<Value>,
    photo_urls: Option<Value>,
    #[serde(rename = "type")]
    kind: Option<Value>,
}

/// The stored file behind a photo URL the caller uploaded (`.../v1/files/{key}` from
/// `image/generatePresignedUrlsForUpload`), and its SHA-256.
pub(crate) async fn stored_photo(
    state: &AppState,
    who: &Identity,
    url: &str,
) -> HttpResult<pb::Photo> {
    use sha2::Digest;
    use upcar_storage::ObjectStore;
    let bad = |why: &str| HttpError::invalid("invalid_photo", format!("{url}: {why}"));
    let key = url
        .split_once("/v1/files/")
        .map(|(_, k)| k.split(['?', '#']).next().unwrap_or_default())
        .ok_or_else(|| bad("not a photo uploaded here"))?;
    // Uploads are stored under public/{folder}/{user id}/...: only one's own photos attach.
    if key.split('/').nth(2) != Some(who.user_id.to_string().as_str()) {
        return Err(HttpError::forbidden(
            "not_your_photo",
            format!("{url}: only photos you uploaded can be attached"),
        ));
    }
    let object = state.files.get(key).await.map_err(|_| bad("this photo was not uploaded"))?;
    let hash = sha2::Sha256::digest(&object.bytes);
    Ok(pb::Photo { url: url.to_owned(), sha256: hash.iter().map(|b| format!("{b:02x}")).collect() })
}

async fn handover(
    state: State,
    user: AuthUser,
    id: web::Path<String>,
    body: web::Json<HandoverBody>,
    checkout: bool,
) -> HttpResult {
    let b = body.into_inner();
    let urls: Vec<String> = match &b.photo_urls {
        Some(Value::Array(a)) => a.iter().filter_map(|v| v.as_str().map(str::to_owned)).collect(),
        Some(Value::String(s)) if !s.trim().is_empty() => vec![s.clone()],
        None | Some(Value::Null) | Some(Value::String(_)) => Vec::new(),
        _ => return Err(HttpError::invalid("invalid_input", "photoUrls must be a list of URLs")),
    };
    if urls.is_empty() {
        return Err(HttpError::invalid(
            "photos_required",
            "Please select or capture at least 1 image.",
        ));
    }
    if urls.len() > 50 {
        return Err(HttpError::invalid("too_many_photos", "At most 50 photos at a time."));
    }
    let mut photos = Vec::with_capacity(urls.len());
    for u in &urls {
        photos.push(stored_photo(&state, &user.0, u).await?);
    }
    let msg = pb::TripEventRequest {
        trip_id: id.into_inner(),
        role: text(&b.role),
        photos,
        r#type: text(&b.kind),
    };
    let mut client = state.trips.clone();
    let r = if checkout {
        client.checkout(request(msg, Some(&user.0))).await?
    } else {
        client.check_in(request(msg, Some(&user.0))).await?
    };
    Ok(HttpResponse::Ok().json(one(&state, r.into_inner()).await))
}

/// `POST /v1/trips/checkIn/{tripId}` `{role, photoUrls, type}`.
pub async fn check_in(
    state: State,
    user: AuthUser,
    id: web::Path<String>,
    body: web::Json<HandoverBody>,
) -> HttpResult {
    handover(state, user, id, body, false).await
}

/// `POST /v1/trips/checkout/{tripId}` `{role, photoUrls, type}`.
pub async fn checkout(
    state: State,
    user: AuthUser,
    id: web::Path<String>,
    body: web::Json<HandoverBody>,
) -> HttpResult {
    handover(state, user, id, body, true).await
}

/// `GET /v1/trips/getCheckInAndCheckoutPhotos/{id}`.
pub async fn photos(state: State, user: AuthUser, id: web::Path<String>) -> HttpResult {
    let r = state
        .trips
        .clone()
        .get_trip_photos(request(pb::TripIdRequest { trip_id: id.into_inner() }, Some(&user.0)))
        .await?
        .into_inner();
    let list = |ps: &[pb::TripPhoto]| {
        ps.iter()
            .map(|p| json!({"url": p.url, "sha256": p.sha256, "type": p.r#type, "uploadedBy": p.uploaded_by_role, "takenAt": p.taken_at}))
            .collect::<Vec<_>>()
    };
    let urls = |ps: &[pb::TripPhoto]| ps.iter().map(|p| p.url.clone()).collect::<Vec<_>>();
    Ok(HttpResponse::Ok().json(json!({
        "status": true,
        "data": {
            "checkIn": {"photoUrls": urls(&r.check_in), "photos": list(&r.check_in)},
            "checkout": {"photoUrls": urls(&r.checkout), "photos": list(&r.checkout)},
        },
    })))
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct ModifyBody {
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
    message: Option<Value>,
    response: Option<Value>,
}

fn trip_id_of(b: &ModifyBody) -> HttpResult<String> {
    let id = text(&b.trip_id);
    if id.is_empty() {
        return Err(HttpError::invalid("trip_id_required", "tripId is required"));
    }
    Ok(id)
}

/// `POST /v1/trips/createModifyTripRequest` `{tripId, newStartDate, newStartTime, newEndDate,
/// newEndTime}` or `{tripId, extras, protectionPlanType}`, with an optional `message`.
pub async fn create_modify_request(
    state: State,
    user: AuthUser,
    body: web::Json<ModifyBody>,
) -> HttpResult {
    let b = body.into_inner();
    let msg = pb::ModifyTripRequest {
        trip_id: trip_id_of(&b)?,
        start_date: text(&b.new_start_date),
        start_time: text(&b.new_start_time),
        end_date: text(&b.new_end_date),
        end_time: text(&b.new_end_time),
        extras_changed: b.extras.is_some(),
        extras: extras(&b.extras)?,
        protection_plan_type: text(&b.protection_plan_type),
        message: text(&b.message),
    };
    let r =
        state.trips.clone().create_modify_request(request(msg, Some(&user.0))).await?.into_inner();
    Ok(HttpResponse::Ok().json(one(&state, r).await))
}

/// `POST /v1/trips/cancelModifyRequest` `{tripId}`: the creator withdraws it.
pub async fn cancel_modify_request(
    state: State,
    user: AuthUser,
    body: web::Json<ModifyBody>,
) -> HttpResult {
    let msg = pb::TripIdRequest { trip_id: trip_id_of(&body)? };
    let r =
        state.trips.clone().cancel_modify_request(request(msg, Some(&user.0))).await?.into_inner();
    Ok(HttpResponse::Ok().json(one(&state, r).await))
}

/// `POST /v1/trips/respondToModifyRequest` `{tripId, response: accept|decline, message}`.
pub async fn respond_to_modify_request(
    state: State,
    user: AuthUser,
    body: web::Json<ModifyBody>,
) -> HttpResult {
    let b = body.into_inner();
    let msg = pb::RespondToModifyRequest {
        trip_id: trip_id_of(&b)?,
        response: match &b.response {
            Some(Value::Bool(true)) => "accept".to_owned(),
            Some(Value::Bool(false)) => "decline".to_owned(),
            other => text(other),
        },
        message: text(&b.message),
    };
    let r = state
        .trips
        .clone()
        .respond_to_modify_request(request(msg, Some(&user.0)))
        .await?
        .into_inner();
    Ok(HttpResponse::Ok().json(one(&state, r).await))
}
