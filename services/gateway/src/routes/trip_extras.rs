//! Around a trip (spec 002): incidentals, issue reports and their charges, report photos, the
//! rental agreement and additional drivers.

use crate::auth::{AuthUser, MaybeUser};
use crate::error::{HttpError, HttpResult};
use crate::grpc::request;
use crate::routes::body::{cents, flag, text};
use crate::routes::catalog::dollars;
use crate::routes::trips::{idempotency_key, names, stored_photo, trip_json};
use crate::state::AppState;
use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;
use serde_json::{Map, Value, json};
use upcar_identity::Identity;
use upcar_proto::{pricing as ppb, trips as pb};

type State = web::Data<AppState>;

fn trip_id_required(id: &str) -> HttpResult<String> {
    let id = id.trim();
    if id.is_empty() {
        return Err(HttpError::invalid("trip_id_required", "tripId is required"));
    }
    Ok(id.to_owned())
}

/// A body that may be empty (read as `{}`), else a JSON value.
fn json_body(body: &web::Bytes) -> HttpResult<Value> {
    if body.iter().all(u8::is_ascii_whitespace) {
        return Ok(json!({}));
    }
    serde_json::from_slice(body)
        .map_err(|e| HttpError::invalid("invalid_json", format!("Invalid JSON: {e}")))
}

/// A list of strings: a JSON array of strings, or one string (comma separated allowed).
fn strings(v: Option<&Value>, field: &str) -> HttpResult<Vec<String>> {
    let bad = || HttpError::invalid("invalid_input", format!("{field} must be a list of strings"));
    match v {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(Value::String(s)) => {
            Ok(s.split(',').map(|x| x.trim().to_owned()).filter(|x| !x.is_empty()).collect())
        }
        Some(Value::Array(a)) => a
            .iter()
            .map(|x| match x {
                Value::String(s) => Ok(s.trim().to_owned()),
                Value::Number(n) => Ok(n.to_string()),
                _ => Err(bad()),
            })
            .filter(|x| !matches!(x, Ok(s) if s.is_empty()))
            .collect(),
        _ => Err(bad()),
    }
}

async fn photos_of(
    state: &AppState,
    who: &Identity,
    v: Option<&Value>,
) -> HttpResult<Vec<pb::Photo>> {
    let urls = strings(v, "photoUrls")?;
    if urls.len() > 50 {
        return Err(HttpError::invalid("too_many_photos", "At most 50 photos at a time."));
    }
    let mut out = Vec::with_capacity(urls.len());
    for u in &urls {
        out.push(stored_photo(state, who, u).await?);
    }
    Ok(out)
}

fn charge_json(c: &pb::IncidentalCharge) -> Value {
    json!({"label": c.label, "amount": dollars(c.amount_cents), "platform": c.platform})
}

fn incidentals_json(r: &pb::IncidentalsReply) -> Value {
    json!({
        "status": true,
        "message": r.message,
        "data": {
            "incidentals": r.incidentals.iter().map(|i| json!({
                "_id": i.id,
                "incidentalId": i.id,
                "tripId": i.trip_id,
                "type": i.r#type,
                "label": i.label,
                "description": i.description,
                "charges": i.charges.iter().map(charge_json).collect::<Vec<_>>(),
                "total": dollars(i.total_cents),
                "status": i.status,
                "createdAt": i.created_at,
                "removedAt": i.removed_at,
                "paidAt": i.paid_at,
                "photoUrls": i.photo_urls,
            })).collect::<Vec<_>>(),
            "pendingTotal": dollars(r.pending_cents),
            "priceToPay": dollars(r.pending_cents),
            "paidTotal": dollars(r.paid_cents),
            "role": r.viewer_role,
        },
    })
}

/// `GET /v1/trips/getIncidentalOptions/{id}`.
pub async fn incidental_options(state: State, user: AuthUser, id: web::Path<String>) -> HttpResult {
    let r = state
        .trips
        .clone()
        .get_incidental_options(request(
            pb::TripIdRequest { trip_id: id.into_inner() },
            Some(&user.0),
        ))
        .await?
        .into_inner();
    Ok(HttpResponse::Ok().json(json!({
        "status": true,
        "data": {
            "options": r.options.iter().map(|o| json!({
                "type": o.r#type,
                "label": o.label,
                "rule": o.rule,
                "computedFrom": o.computed_from,
                "amount": o.amount_cents.map(dollars),
                "rate": o.rate_cents.map(dollars),
                "maxAmount": (o.max_amount_cents > 0).then(|| dollars(o.max_amount_cents)),
                "amountNow": o.amount_now_cents.map(dollars),
            })).collect::<Vec<_>>(),
            "averageDailyRate": dollars(r.average_daily_cents),
            "milesIncluded": r.miles_included,
            "pricePerMile": dollars(r.price_per_mile_cents),
            "minutesLate": r.minutes_late,
            "canAdd": r.can_add,
        },
    })))
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct RoleQuery {
    role: Option<String>,
}

/// `GET /v1/trips/getIncidentals/{id}?role=guest|host`.
pub async fn incidentals(
    state: State,
    user: AuthUser,
    id: web::Path<String>,
    q: web::Query<RoleQuery>,
) -> HttpResult {
    let trip_id = trip_id_required(&id)?;
    let role = q.into_inner().role.unwrap_or_default().trim().to_owned();
    if role != "guest" && role != "host" {
        return Err(HttpError::invalid("invalid_role", "role must be guest or host"));
    }
    let r = state
        .trips
        .clone()
        .get_incidentals(request(pb::IncidentalsRequest { trip_id, role }, Some(&user.0)))
        .await?
        .into_inner();
    Ok(HttpResponse::Ok().json(incidentals_json(&r)))
}

fn incidental_item(v: &Value) -> HttpResult<pb::IncidentalItem> {
    let Value::Object(o) = v else {
        return Err(HttpError::invalid(
            "invalid_input",
            "Each incidental is an object {type, description, amount, milesDriven, improperReturn}",
        ));
    };
    let get = |k: &str| o.get(k).cloned();
    let kind = text(&get("type").or(get("incidentalType")).or(get("name")));
    if kind.is_empty() {
        return Err(HttpError::invalid("incidental_type_required", "type is required"));
    }
    let miles = match get("milesDriven").or(get("miles")) {
        None | Some(Value::Null) => 0,
        Some(Value::Number(n)) => {
            n.as_i64().filter(|m| (0..=1_000_000).contains(m)).ok_or_else(|| {
                HttpError::invalid("invalid_input", "milesDriven must be a whole number of miles")
            })?
        }
        Some(Value::String(s)) if s.trim().is_empty() => 0,
        Some(Value::String(s)) => s
            .trim()
            .parse::<i64>()
            .ok()
            .filter(|m| (0..=1_000_000).contains(m))
            .ok_or_else(|| {
                HttpError::invalid("invalid_input", "milesDriven must be a whole number of miles")
            })?,
        Some(_) => {
            return Err(HttpError::invalid(
                "invalid_input",
                "milesDriven must be a whole number of miles",
            ));
        }
    };
    Ok(pb::IncidentalItem {
        r#type: kind,
        description: text(&get("description").or(get("note"))),
        improper_return: flag(&get("improperReturn")),
        miles_driven: miles,
        amount_cents: cents(&get("amount").or(get("price")), "amount")?.unwrap_or(0),
    })
}

/// `POST /v1/trips/addIncidentals/{id}`: `{incidentals: [{type, description, amount,
/// milesDriven, improperReturn}]}`, one such object, or an array of them.
pub async fn add_incidentals(
    state: State,
    user: AuthUser,
    id: web::Path<String>,
    body: web::Bytes,
) -> HttpResult {
    let trip_id = trip_id_required(&id)?;
    let b = json_body(&body)?;
    let list: Vec<Value> = match &b {
        Value::Array(a) => a.clone(),
        Value::Object(o) => match o.get("incidentals").or(o.get("items")).or(o.get("charges")) {
            Some(Value::Array(a)) => a.clone(),
            Some(_) => {
                return Err(HttpError::invalid("invalid_input", "incidentals must be a list"));
            }
            None if o.contains_key("type") => vec![b.clone()],
            None => Vec::new(),
        },
        _ => return Err(HttpError::invalid("invalid_input", "The body must be a JSON object")),
    };
    if list.is_empty() {
        return Err(HttpError::invalid("incidentals_required", "Add at least one incidental."));
    }
    let items = list.iter().map(incidental_item).collect::<HttpResult<Vec<_>>>()?;
    let r = state
        .trips
        .clone()
        .add_incidentals(request(pb::AddIncidentalsRequest { trip_id, items }, Some(&user.0)))
        .await?
        .into_inner();
    Ok(HttpResponse::Ok().json(incidentals_json(&r)))
}

/// `POST /v1/trips/modifyIncidentals/{id}` `{incidentalIds}`: removes pending incidentals.
pub async fn modify_incidentals(
    state: State,
    user: AuthUser,
    id: web::Path<String>,
    body: web::Bytes,
) -> HttpResult {
    let trip_id = trip_id_required(&id)?;
    let b = json_body(&body)?;
    if !b.is_object() {
        return Err(HttpError::invalid("invalid_input", "The body must be a JSON object"));
    }
    let ids = strings(b.get("incidentalIds"), "incidentalIds")?;
    if ids.is_empty() {
        return Err(HttpError::invalid(
            "incidental_ids_required",
            "Select at least one incidental to remove.",
        ));
    }
    let r = state
        .trips
        .clone()
        .modify_incidentals(request(
            pb::ModifyIncidentalsRequest { trip_id, incidental_ids: ids },
            Some(&user.0),
        ))
        .await?
        .into_inner();
    Ok(HttpResponse::Ok().json(incidentals_json(&r)))
}

/// `priceToPay`: a number (or numeric text) greater than 0, in dollars.
fn price_to_pay(v: Option<&Value>) -> HttpResult<i64> {
    let bad = || {
        HttpError::invalid("invalid_price_to_pay", "priceToPay must be a number greater than 0.")
    };
    let d = match v {
        Some(Value::Number(n)) => n.as_f64().ok_or_else(bad)?,
        Some(Value::String(s)) => s.trim().parse::<f64>().map_err(|_| bad())?,
        _ => return Err(bad()),
    };
    if !d.is_finite() || d <= 0.0 || d > 10_000_000.0 {
        return Err(bad());
    }
    let c = (d * 100.0).round() as i64;
    if c <= 0 {
        return Err(bad());
    }
    Ok(c)
}

/// `POST /v1/trips/acceptIncidentals` `{tripId, priceToPay}` (header `Idempotency-Key`).
pub async fn accept_incidentals(
    state: State,
    user: AuthUser,
    req: HttpRequest,
    body: web::Bytes,
) -> HttpResult {
    let b = json_body(&body)?;
    if !b.is_object() {
        return Err(HttpError::invalid("invalid_input", "The body must be a JSON object"));
    }
    let trip_id = trip_id_required(&text(&b.get("tripId").cloned()))?;
    let msg = pb::AcceptIncidentalsRequest {
        trip_id,
        price_to_pay_cents: price_to_pay(b.get("priceToPay"))?,
        idempotency_key: idempotency_key(&req)?,
    };
    let r = state.trips.clone().accept_incidentals(request(msg, Some(&user.0))).await?.into_inner();
    Ok(HttpResponse::Ok().json(incidentals_json(&r)))
}

/// `GET /v1/trips/getAllReportIssuesOption/{id}`.
pub async fn report_issue_options(
    state: State,
    user: AuthUser,
    id: web::Path<String>,
) -> HttpResult {
    let r = state
        .trips
        .clone()
        .get_report_issue_options(request(
            pb::TripIdRequest { trip_id: id.into_inner() },
            Some(&user.0),
        ))
        .await?
        .into_inner();
    Ok(HttpResponse::Ok().json(json!({
        "status": true,
        "data": r.options.iter().map(|o| json!({"type": o.r#type, "label": o.label, "description": o.description})).collect::<Vec<_>>(),
    })))
}

fn report_photo_json(p: &pb::ReportPhoto) -> Value {
    json!({"kind": p.kind, "category": p.category, "url": p.url, "sha256": p.sha256, "uploadedBy": p.uploaded_by_role, "takenAt": p.taken_at})
}

fn issue_json(i: &pb::IssueReport) -> Value {
    json!({
        "_id": i.id,
        "issueId": i.id,
        "tripId": i.trip_id,
        "type": i.r#type,
        "label": i.label,
        "description": i.description,
        "reportedBy": i.reported_by_role,
        "createdAt": i.created_at,
        "photoUrls": i.photos.iter().map(|p| p.url.clone()).collect::<Vec<_>>(),
        "photos": i.photos.iter().map(report_photo_json).collect::<Vec<_>>(),
    })
}

/// `POST /v1/trips/reportIssue/{id}` `{type, description, photoUrls}`.
pub async fn report_issue(
    state: State,
    user: AuthUser,
    id: web::Path<String>,
    body: web::Bytes,
) -> HttpResult {
    let trip_id = trip_id_required(&id)?;
    let b = json_body(&body)?;
    if !b.is_object() {
        return Err(HttpError::invalid("invalid_input", "The body must be a JSON object"));
    }
    let kind = text(&b.get("type").or(b.get("issueType")).cloned());
    if kind.is_empty() {
        return Err(HttpError::invalid("invalid_issue_type", "type is required"));
    }
    let description = text(&b.get("description").cloned());
    if description.is_empty() {
        return Err(HttpError::invalid("description_required", "description is required"));
    }
    let photos = photos_of(&state, &user.0, b.get("photoUrls").or(b.get("photos"))).await?;
    let msg = pb::ReportIssueRequest { trip_id, r#type: kind, description, photos };
    let r = state.trips.clone().report_issue(request(msg, Some(&user.0))).await?.into_inner();
    Ok(HttpResponse::Ok().json(json!({
        "status": true,
        "message": r.message,
        "data": r.report.as_ref().map(issue_json),
    })))
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct TypeQuery {
    #[serde(rename = "type")]
    kind: Option<String>,
}

/// `GET /v1/trips/getTripIssueCharges/{id}[?type=]`: `[{type, label, charges: {name:
/// {price}}}]`; with `type`, only that issue type's entry (the report-issue summary card).
pub async fn trip_issue_charges(
    state: State,
    user: AuthUser,
    id: web::Path<String>,
    q: web::Query<TypeQuery>,
) -> HttpResult {
    let only = q.into_inner().kind.map(|k| k.trim().to_ascii_lowercase().replace([' ', '-'], "_"));
    let r = state
        .trips
        .clone()
        .get_trip_issue_charges(request(
            pb::TripIdRequest { trip_id: id.into_inner() },
            Some(&user.0),
        ))
        .await?
        .into_inner();
    let entries: Vec<Value> = r
        .charges
        .iter()
        .filter(|e| only.as_deref().is_none_or(|k| k.is_empty() || e.r#type == k))
        .map(|e| {
            // The spec's charge item set: keyed by charge name (underscores for spaces), each
            // with its price as numeric text; lines of the same name are added up.
            let mut set: Vec<(String, i64)> = Vec::new();
            for c in &e.charges {
                let key = c.label.replace(' ', "_");
                match set.iter_mut().find(|(k, _)| *k == key) {
                    Some((_, v)) => *v += c.amount_cents,
                    None => set.push((key, c.amount_cents)),
                }
            }
            let mut charges = Map::new();
            for (k, v) in set {
                charges.insert(k, json!({"price": format!("{:.2}", dollars(v))}));
            }
            json!({
                "type": e.r#type,
                "label": e.label,
                "charges": charges,
                "chargeLines": e.charges.iter().map(charge_json).collect::<Vec<_>>(),
                "total": dollars(e.total_cents),
            })
        })
        .collect();
    Ok(HttpResponse::Ok().json(json!({
        "status": true,
        "data": entries,
        "reports": r.reports.iter().map(issue_json).collect::<Vec<_>>(),
        "invoiceTotal": dollars(r.total_cents),
    })))
}

/// `POST /v1/trips/attachReportPhotos/{id}` `{kind, category, photoUrls}`.
pub async fn attach_report_photos(
    state: State,
    user: AuthUser,
    id: web::Path<String>,
    body: web::Bytes,
) -> HttpResult {
    let trip_id = trip_id_required(&id)?;
    let b = json_body(&body)?;
    if !b.is_object() {
        return Err(HttpError::invalid("invalid_input", "The body must be a JSON object"));
    }
    let photos = photos_of(&state, &user.0, b.get("photoUrls").or(b.get("photos"))).await?;
    if photos.is_empty() {
        return Err(HttpError::invalid(
            "photos_required",
            "Please select or capture at least 1 image.",
        ));
    }
    let msg = pb::AttachReportPhotosRequest {
        trip_id,
        kind: text(&b.get("kind").cloned()),
        category: text(&b.get("category").or(b.get("type")).cloned()),
        photos,
    };
    let r =
        state.trips.clone().attach_report_photos(request(msg, Some(&user.0))).await?.into_inner();
    Ok(HttpResponse::Ok().json(json!({
        "status": true,
        "message": r.message,
        "data": {
            "photoUrls": r.photos.iter().map(|p| p.url.clone()).collect::<Vec<_>>(),
            "photos": r.photos.iter().map(report_photo_json).collect::<Vec<_>>(),
        },
    })))
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct TokenQuery {
    token: Option<String>,
}

/// "Mon, Dec 1, 2026 10:00 AM PST" in the trip's zone.
fn formatted(rfc3339: &str, tz: &str) -> String {
    let Ok(t) = chrono::DateTime::parse_from_rfc3339(rfc3339) else { return String::new() };
    match tz.parse::<chrono_tz::Tz>() {
        Ok(z) => t.with_timezone(&z).format("%a, %b %-d, %Y %-I:%M %p %Z").to_string(),
        Err(_) => t.format("%a, %b %-d, %Y %-I:%M %p UTC%:z").to_string(),
    }
}

/// `GET /v1/trips/getRentalAgreement/{tripId}?token=`: signed in (bearer, or the user's token in
/// the url), or with the trip's agreement token.
pub async fn rental_agreement(
    state: State,
    user: MaybeUser,
    id: web::Path<String>,
    q: web::Query<TokenQuery>,
) -> HttpResult {
    let token = q.into_inner().token.unwrap_or_default().trim().to_owned();
    let mut who = user.0;
    let mut agreement_token = String::new();
    if who.is_none() && !token.is_empty() {
        // The url's token is a session token (the page's fallback) or the trip's own token.
        match crate::auth::verify(&state, &token).await {
            Ok((id, upcar_identity::Purpose::Access))
                if id.role != upcar_identity::Role::Captain =>
            {
                who = Some(id)
            }
            _ => agreement_token = token,
        }
    }
    if who.is_none() && agreement_token.is_empty() {
        return Err(HttpError::unauthenticated("token_missing", "Token is missing"));
    }
    let msg = pb::RentalAgreementRequest { trip_id: id.into_inner(), token: agreement_token };
    let r =
        state.trips.clone().get_rental_agreement(request(msg, who.as_ref())).await?.into_inner();
    let t = r.trip.clone().unwrap_or_default();
    let n = names(&state, std::slice::from_ref(&t)).await;
    let trip = trip_json(&t, &n);
    let car = n.cars.get(&t.car_id).cloned().unwrap_or_default();
    let plans = state
        .pricing
        .clone()
        .list_protection_plans(request(ppb::Empty {}, None))
        .await
        .map(|r| r.into_inner().plans)
        .unwrap_or_default();
    let wanted = match t.protection_plan_type.trim() {
        "" => "Standard",
        "Decline" | "Declined" => "None",
        other => other,
    };
    let plan = plans.iter().find(|p| p.name.eq_ignore_ascii_case(wanted));
    let url = (!r.agreement_token.is_empty())
        .then(|| format!("/rental-agreement?tripId={}&token={}", t.trip_id, r.agreement_token));
    Ok(HttpResponse::Ok().json(json!({
        "status": true,
        "data": {
            "tripId": t.trip_id,
            "renterName": trip["renterName"],
            "hostName": trip["hostName"],
            "createdAt": t.created_at,
            "timeZone": t.time_zone,
            "carName": trip["carName"],
            "carMake": trip["carMake"],
            "carModel": trip["carModel"],
            "carYear": trip["carYear"],
            "licensePlate": car.license_plate,
            "newStartTimeFormatted": formatted(&t.start_time, &t.time_zone),
            "newEndTimeFormatted": formatted(&t.end_time, &t.time_zone),
            "startTime": t.start_time,
            "endTime": t.end_time,
            "reservationNumber": t.reservation_number,
            "additionalDrivers": t.additional_drivers.iter().filter(|d| d.status == "added").map(|d| d.email.clone()).collect::<Vec<_>>(),
            "status": t.status,
            "protectionPlanType": t.protection_plan_type,
            "protectionPlan": plan.map(|p| json!({
                "name": p.name, "label": p.label, "coverage": p.coverage,
                "percentOfTripPrice": p.percent_of_trip_price, "deductible": p.deductible,
            })),
            "signed": r.signed,
            "signedAt": r.signed_at,
            "checkedInAt": r.checked_in_at,
            "checkedOutAt": r.checked_out_at,
            "agreementToken": (!r.agreement_token.is_empty()).then_some(&r.agreement_token),
            "agreementUrl": url,
            "tokenExpiresAt": (!r.token_expires_at.is_empty()).then_some(&r.token_expires_at),
            "termsUrl": "/terms/conditions",
        },
    })))
}

/// `POST /v1/trips/addAdditionalDriver` `{tripId, additionalDriverEmails}`.
pub async fn add_additional_driver(state: State, user: AuthUser, body: web::Bytes) -> HttpResult {
    let b = json_body(&body)?;
    if !b.is_object() {
        return Err(HttpError::invalid("invalid_input", "The body must be a JSON object"));
    }
    let trip_id = trip_id_required(&text(&b.get("tripId").cloned()))?;
    let emails = strings(b.get("additionalDriverEmails"), "additionalDriverEmails")?;
    if emails.is_empty() {
        return Err(HttpError::invalid(
            "additional_driver_emails_required",
            "additionalDriverEmails is required",
        ));
    }
    let r = state
        .trips
        .clone()
        .add_additional_drivers(request(
            pb::AddAdditionalDriversRequest { trip_id, emails },
            Some(&user.0),
        ))
        .await?
        .into_inner();
    Ok(HttpResponse::Ok().json(json!({
        "status": true,
        "message": r.message,
        "data": {
            "tripId": r.trip_id,
            "additionalDrivers": r.drivers.iter().map(|d| json!({
                "email": d.email, "status": d.status, "invitedAt": d.invited_at,
                "expiresAt": d.expires_at, "addedAt": d.added_at,
            })).collect::<Vec<_>>(),
        },
    })))
}

fn driver_token(body: &web::Bytes) -> HttpResult<String> {
    let b = json_body(body)?;
    let t = text(&b.get("token").cloned());
    if t.is_empty() {
        return Err(HttpError::invalid("token_required", "token is required"));
    }
    Ok(t)
}

fn invitation_json(r: &pb::DriverInvitationReply) -> Value {
    json!({
        "status": true,
        "message": r.message,
        "data": {
            "tripId": r.trip_id, "email": r.email, "status": r.status, "expiresAt": r.expires_at,
            "reservationNumber": r.reservation_number, "carId": r.car_id,
            "startTime": r.start_time, "endTime": r.end_time, "timeZone": r.time_zone,
        },
    })
}

/// `POST /v1/additionaldriver/verification` `{token}`.
pub async fn verify_additional_driver(
    state: State,
    user: AuthUser,
    body: web::Bytes,
) -> HttpResult {
    let msg = pb::DriverTokenRequest { token: driver_token(&body)? };
    let r = state
        .trips
        .clone()
        .verify_additional_driver(request(msg, Some(&user.0)))
        .await?
        .into_inner();
    Ok(HttpResponse::Ok().json(invitation_json(&r)))
}

/// `POST /v1/additionaldriver/addDriverToTrip` `{token}`.
pub async fn add_driver_to_trip(state: State, user: AuthUser, body: web::Bytes) -> HttpResult {
    let msg = pb::DriverTokenRequest { token: driver_token(&body)? };
    let r = state.trips.clone().add_driver_to_trip(request(msg, Some(&user.0))).await?.into_inner();
    Ok(HttpResponse::Ok().json(invitation_json(&r)))
}
