//! Around a trip (spec 002): incidentals, issue reports and their charges, report photos, the
//! rental agreement and additional drivers. Every rule is trips' (amounts are pricing's); the
//! gateway reads the bodies, hashes the photos it stores and writes the answers.

use crate::auth::{AuthAdmin, AuthUser, MaybeUser};
use crate::error::{GatewayError, HttpResult};
use crate::grpc::request;
use crate::routes::trips::{AdditionalDriver, Trip, idempotency_key, names, stored_photos};
use crate::state::AppState;
use crate::states::{DriverStatus, IncidentalStatus, TripRole, TripStatus};
use crate::wire::{Dollars, Flag, Int, Json, Query, Text, Texts, dollars};
use actix_web::{HttpRequest, get, post, web};
use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;
use upcar_proto::{pricing as ppb, trips as pb};
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;

type State = web::Data<AppState>;

/// Registers this module's routes.
pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(incidental_options)
        .service(incidentals)
        .service(add_incidentals)
        .service(modify_incidentals)
        .service(accept_incidentals)
        .service(dispute_incidentals)
        .service(decide_dispute)
        .service(report_issue_options)
        .service(report_issue)
        .service(trip_issue_charges)
        .service(attach_report_photos)
        .service(rental_agreement)
        .service(add_additional_driver)
        .service(remove_additional_driver)
        .service(verify_additional_driver)
        .service(add_driver_to_trip);
}

// ---------------------------------------------------------------------------------------------
// Incidentals

/// One line of a charge, in dollars.
#[derive(Debug, Serialize, ToSchema)]
pub struct Charge {
    label: String,
    amount: f64,
    /// The platform's line (processing), not the host's.
    platform: bool,
}

impl From<&pb::IncidentalCharge> for Charge {
    fn from(c: &pb::IncidentalCharge) -> Self {
        Self { label: c.label.clone(), amount: dollars(c.amount_cents), platform: c.platform }
    }
}

/// How one kind of incidental is charged.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IncidentalOption {
    #[serde(rename = "type")]
    kind: String,
    label: String,
    rule: String,
    /// `fixed`, `lateness`, `miles` or `amount`.
    computed_from: String,
    /// A fixed charge, in dollars.
    amount: Option<f64>,
    /// A rate, in dollars.
    rate: Option<f64>,
    /// The most a receipt may claim, in dollars.
    max_amount: Option<f64>,
    /// Late return: what the measured lateness costs now, in dollars.
    amount_now: Option<f64>,
}

/// The kinds of incidental and the trip's facts they are computed from.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IncidentalOptionsData {
    options: Vec<IncidentalOption>,
    average_daily_rate: f64,
    miles_included: i64,
    price_per_mile: f64,
    minutes_late: i64,
    /// The caller is the host and the claim window is open.
    can_add: bool,
}

/// A trip's incidental options.
#[derive(Debug, Serialize, ToSchema)]
pub struct IncidentalOptions {
    status: bool,
    data: IncidentalOptionsData,
}

/// The incidentals a host may charge on a trip, and how each is computed.
#[utoipa::path(tag = "incidentals", responses((status = 200, body = IncidentalOptions)), security(("bearer" = [])))]
#[get("/trips/getIncidentalOptions/{id}")]
pub async fn incidental_options(
    state: State,
    user: AuthUser,
    id: web::Path<String>,
) -> HttpResult<Json<IncidentalOptions>> {
    let msg = pb::TripIdRequest { trip_id: id.into_inner() };
    let r =
        state.trips.clone().get_incidental_options(request(msg, Some(&user.0))).await?.into_inner();
    Ok(Json(IncidentalOptions {
        status: true,
        data: IncidentalOptionsData {
            options: r
                .options
                .iter()
                .map(|o| IncidentalOption {
                    kind: o.r#type.clone(),
                    label: o.label.clone(),
                    rule: o.rule.clone(),
                    computed_from: o.computed_from.clone(),
                    amount: o.amount_cents.map(dollars),
                    rate: o.rate_cents.map(dollars),
                    max_amount: (o.max_amount_cents > 0).then(|| dollars(o.max_amount_cents)),
                    amount_now: o.amount_now_cents.map(dollars),
                })
                .collect(),
            average_daily_rate: dollars(r.average_daily_cents),
            miles_included: r.miles_included,
            price_per_mile: dollars(r.price_per_mile_cents),
            minutes_late: r.minutes_late,
            can_add: r.can_add,
        },
    }))
}

/// One incidental of a trip.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Incidental {
    #[serde(rename = "_id")]
    id: String,
    incidental_id: String,
    trip_id: String,
    #[serde(rename = "type")]
    kind: String,
    label: String,
    description: String,
    charges: Vec<Charge>,
    /// Dollars.
    total: f64,
    /// `pending` (the guest accepts or disputes it until `disputeUntil`, else it is charged
    /// then), `disputed` (support decides), `charged` or `removed`.
    status: IncidentalStatus,
    created_at: String,
    removed_at: Option<String>,
    paid_at: Option<String>,
    /// Until when the guest may accept or dispute it (RFC 3339).
    dispute_until: String,
    /// The guest's reason, once disputed.
    dispute_reason: Option<String>,
    /// The incidence photos attached with this type as category.
    photo_urls: Vec<String>,
}

/// A trip's incidentals as one side sees them; money in dollars.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IncidentalsData {
    incidentals: Vec<Incidental>,
    pending_total: f64,
    /// What accepting now costs (the pending total).
    price_to_pay: f64,
    paid_total: f64,
    /// `guest` or `host`.
    role: TripRole,
}

/// A trip's incidentals.
#[derive(Debug, Serialize, ToSchema)]
pub struct Incidentals {
    status: bool,
    message: String,
    data: IncidentalsData,
}

impl From<pb::IncidentalsReply> for Incidentals {
    fn from(r: pb::IncidentalsReply) -> Self {
        Self {
            status: true,
            data: IncidentalsData {
                incidentals: r
                    .incidentals
                    .iter()
                    .map(|i| Incidental {
                        id: i.id.clone(),
                        incidental_id: i.id.clone(),
                        trip_id: i.trip_id.clone(),
                        kind: i.r#type.clone(),
                        label: i.label.clone(),
                        description: i.description.clone(),
                        charges: i.charges.iter().map(Charge::from).collect(),
                        total: dollars(i.total_cents),
                        status: i.status().into(),
                        created_at: i.created_at.clone(),
                        removed_at: i.removed_at.clone(),
                        paid_at: i.paid_at.clone(),
                        dispute_until: i.dispute_until.clone(),
                        dispute_reason: (!i.dispute_reason.is_empty())
                            .then(|| i.dispute_reason.clone()),
                        photo_urls: i.photo_urls.clone(),
                    })
                    .collect(),
                pending_total: dollars(r.pending_cents),
                price_to_pay: dollars(r.pending_cents),
                paid_total: dollars(r.paid_cents),
                role: r.viewer_role().into(),
            },
            message: r.message,
        }
    }
}

/// Which side's list.
#[derive(Debug, Deserialize, Default, IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct RoleQuery {
    /// `guest` or `host`: the caller's own side.
    role: Text,
}

/// A trip's incidentals, read from the caller's side.
#[utoipa::path(tag = "incidentals", params(RoleQuery), responses((status = 200, body = Incidentals)), security(("bearer" = [])))]
#[get("/trips/getIncidentals/{id}")]
pub async fn incidentals(
    state: State,
    user: AuthUser,
    id: web::Path<String>,
    q: Query<RoleQuery>,
) -> HttpResult<Json<Incidentals>> {
    let msg = pb::IncidentalsRequest { trip_id: id.into_inner(), role: q.into_inner().role.into() };
    let r = state.trips.clone().get_incidentals(request(msg, Some(&user.0))).await?.into_inner();
    Ok(Json(r.into()))
}

/// The most miles an incidental may say were driven: no trip comes near it; a larger number is
/// a typo or a probe (pricing charges extra miles without a ceiling of its own).
const MAX_MILES_DRIVEN: i32 = 1_000_000;

/// One incidental the host charges.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct IncidentalBody {
    /// `late_return`, `smoking`, `cleaning`, `extra_miles`, `fuel`, `ev_charging`, `tolls` or
    /// `tickets` (also `incidentalType`, `name`).
    #[serde(rename = "type", alias = "incidentalType", alias = "name")]
    kind: Text,
    #[serde(alias = "note")]
    description: Text,
    /// Late return: the car came back improperly.
    improper_return: Flag,
    /// Extra miles: the miles driven on the trip, 0 to 1,000,000 (also `miles`).
    #[serde(alias = "miles")]
    miles_driven: Int,
    /// Receipts (fuel, tolls...): what the host paid (also `price`).
    #[serde(alias = "price")]
    amount: Dollars,
}

/// `{incidentals: [...]}` (also `items`, `charges`), or one incidental's fields at the top.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct IncidentalsObject {
    #[serde(alias = "items", alias = "charges")]
    incidentals: Option<Vec<IncidentalBody>>,
    /// One incidental's type (as in [`IncidentalBody`]).
    #[serde(rename = "type", alias = "incidentalType", alias = "name")]
    kind: Text,
    #[serde(alias = "note")]
    description: Text,
    improper_return: Flag,
    #[serde(alias = "miles")]
    miles_driven: Int,
    #[serde(alias = "price")]
    amount: Dollars,
}

/// `addIncidentals`: `{incidentals: [{type, description, amount, milesDriven,
/// improperReturn}]}`, one such object, or a bare list of them.
#[derive(Debug, Serialize, ToSchema)]
#[serde(untagged)]
pub enum AddIncidentalsBody {
    List(Vec<IncidentalBody>),
    Object(IncidentalsObject),
}

impl<'de> Deserialize<'de> for AddIncidentalsBody {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        // A list or an object, each read as its own struct so a 400 names the bad field (an
        // untagged enum would only say that no shape matched).
        struct Shapes;
        impl<'de> Visitor<'de> for Shapes {
            type Value = AddIncidentalsBody;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("{incidentals: [...]}, one incidental, or a list of them")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Self::Value, A::Error> {
                Vec::deserialize(de::value::SeqAccessDeserializer::new(seq))
                    .map(AddIncidentalsBody::List)
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Self::Value, A::Error> {
                IncidentalsObject::deserialize(de::value::MapAccessDeserializer::new(map))
                    .map(AddIncidentalsBody::Object)
            }
        }
        d.deserialize_any(Shapes)
    }
}

impl AddIncidentalsBody {
    /// The incidentals sent, whichever shape they came in.
    fn into_items(self) -> Vec<IncidentalBody> {
        match self {
            AddIncidentalsBody::List(items) => items,
            AddIncidentalsBody::Object(o) => match o.incidentals {
                Some(items) => items,
                None if o.kind.is_empty() => Vec::new(),
                None => vec![IncidentalBody {
                    kind: o.kind,
                    description: o.description,
                    improper_return: o.improper_return,
                    miles_driven: o.miles_driven,
                    amount: o.amount,
                }],
            },
        }
    }
}

impl TryFrom<IncidentalBody> for pb::IncidentalItem {
    type Error = GatewayError;
    fn try_from(i: IncidentalBody) -> Result<Self, GatewayError> {
        let miles = i.miles_driven.or(0);
        if !(0..=MAX_MILES_DRIVEN).contains(&miles) {
            return Err(GatewayError::InvalidBody(format!(
                "milesDriven: must be a whole number of miles from 0 to {MAX_MILES_DRIVEN}"
            )));
        }
        Ok(Self {
            r#type: i.kind.into(),
            description: i.description.into(),
            improper_return: i.improper_return.0,
            miles_driven: miles.into(),
            amount_cents: i.amount.0.unwrap_or(0),
        })
    }
}

/// Charge incidentals on a trip (the car's host; all or none are added).
#[utoipa::path(tag = "incidentals", request_body = AddIncidentalsBody, responses((status = 200, body = Incidentals)), security(("bearer" = [])))]
#[post("/trips/addIncidentals/{id}")]
pub async fn add_incidentals(
    state: State,
    user: AuthUser,
    id: web::Path<String>,
    body: Json<AddIncidentalsBody>,
) -> HttpResult<Json<Incidentals>> {
    let items = body
        .into_inner()
        .into_items()
        .into_iter()
        .map(pb::IncidentalItem::try_from)
        .collect::<Result<Vec<_>, _>>()?;
    let msg = pb::AddIncidentalsRequest { trip_id: id.into_inner(), items };
    let r = state.trips.clone().add_incidentals(request(msg, Some(&user.0))).await?.into_inner();
    Ok(Json(r.into()))
}

/// `modifyIncidentals`.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct ModifyIncidentalsBody {
    /// The pending incidentals to remove.
    incidental_ids: Texts,
}

/// Remove pending incidentals (the car's host).
#[utoipa::path(tag = "incidentals", request_body = ModifyIncidentalsBody, responses((status = 200, body = Incidentals)), security(("bearer" = [])))]
#[post("/trips/modifyIncidentals/{id}")]
pub async fn modify_incidentals(
    state: State,
    user: AuthUser,
    id: web::Path<String>,
    body: Json<ModifyIncidentalsBody>,
) -> HttpResult<Json<Incidentals>> {
    let msg = pb::ModifyIncidentalsRequest {
        trip_id: id.into_inner(),
        incidental_ids: body.into_inner().incidental_ids.into_vec(),
    };
    let r = state.trips.clone().modify_incidentals(request(msg, Some(&user.0))).await?.into_inner();
    Ok(Json(r.into()))
}

/// `acceptIncidentals`.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct AcceptIncidentalsBody {
    trip_id: Text,
    /// The total shown, in dollars; it must be the pending total within a cent.
    price_to_pay: Dollars,
}

/// Accept and pay every pending incidental (the trip's guest; `Idempotency-Key` replays the
/// first answer).
#[utoipa::path(
    tag = "incidentals",
    params(("Idempotency-Key" = Option<String>, Header, description = "The same key answers the first answer again")),
    request_body = AcceptIncidentalsBody,
    responses((status = 200, body = Incidentals)),
    security(("bearer" = []))
)]
#[post("/trips/acceptIncidentals")]
pub async fn accept_incidentals(
    state: State,
    user: AuthUser,
    req: HttpRequest,
    body: Json<AcceptIncidentalsBody>,
) -> HttpResult<Json<Incidentals>> {
    let b = body.into_inner();
    let msg = pb::AcceptIncidentalsRequest {
        trip_id: String::from(b.trip_id),
        price_to_pay_cents: b.price_to_pay.0.unwrap_or(0),
        idempotency_key: idempotency_key(&req)?,
    };
    let r = state.trips.clone().accept_incidentals(request(msg, Some(&user.0))).await?.into_inner();
    Ok(Json(r.into()))
}

/// `disputeIncidentals`.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct DisputeIncidentalsBody {
    /// The pending incidentals disputed.
    incidental_ids: Texts,
    /// Why (1 to 2,000 characters); support reads it with the host's descriptions.
    reason: Text,
}

/// Dispute pending incidentals within their 48 hours (the trip's guest): nothing is charged
/// and a support ticket is opened; support upholds or waives each.
#[utoipa::path(tag = "incidentals", request_body = DisputeIncidentalsBody, responses((status = 200, body = Incidentals)), security(("bearer" = [])))]
#[post("/trips/disputeIncidentals/{id}")]
pub async fn dispute_incidentals(
    state: State,
    user: AuthUser,
    id: web::Path<String>,
    body: Json<DisputeIncidentalsBody>,
) -> HttpResult<Json<Incidentals>> {
    let b = body.into_inner();
    let msg = pb::DisputeIncidentalsRequest {
        trip_id: id.into_inner(),
        incidental_ids: b.incidental_ids.into_vec(),
        reason: b.reason.into(),
    };
    let r =
        state.trips.clone().dispute_incidentals(request(msg, Some(&user.0))).await?.into_inner();
    Ok(Json(r.into()))
}

/// `decideDispute`.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct DecideDisputeBody {
    /// The disputed incidentals decided.
    incidental_ids: Texts,
    /// `true`: the charge stands and is made on the guest's card; `false`: waived.
    uphold: Flag,
}

/// Decide disputed incidentals (support): uphold (charged) or waive (removed).
#[utoipa::path(tag = "admin", request_body = DecideDisputeBody, responses((status = 200, body = Incidentals)), security(("bearer" = [])))]
#[post("/admin/trips/decideDispute/{id}")]
pub async fn decide_dispute(
    state: State,
    admin: AuthAdmin,
    id: web::Path<String>,
    body: Json<DecideDisputeBody>,
) -> HttpResult<Json<Incidentals>> {
    let b = body.into_inner();
    let msg = pb::DecideDisputeRequest {
        trip_id: id.into_inner(),
        incidental_ids: b.incidental_ids.into_vec(),
        uphold: b.uphold.0,
    };
    let r = state.trips.clone().decide_dispute(request(msg, Some(&admin.0))).await?.into_inner();
    Ok(Json(r.into()))
}

// ---------------------------------------------------------------------------------------------
// Issues and report photos

/// A kind of issue one may report.
#[derive(Debug, Serialize, ToSchema)]
pub struct IssueOption {
    #[serde(rename = "type")]
    kind: String,
    label: String,
    description: String,
}

/// The issue types.
#[derive(Debug, Serialize, ToSchema)]
pub struct IssueOptions {
    status: bool,
    data: Vec<IssueOption>,
}

/// The kinds of issue the trip's guest or host may report.
#[utoipa::path(tag = "issues", responses((status = 200, body = IssueOptions)), security(("bearer" = [])))]
#[get("/trips/getAllReportIssuesOption/{id}")]
pub async fn report_issue_options(
    state: State,
    user: AuthUser,
    id: web::Path<String>,
) -> HttpResult<Json<IssueOptions>> {
    let msg = pb::TripIdRequest { trip_id: id.into_inner() };
    let r = state
        .trips
        .clone()
        .get_report_issue_options(request(msg, Some(&user.0)))
        .await?
        .into_inner();
    Ok(Json(IssueOptions {
        status: true,
        data: r
            .options
            .iter()
            .map(|o| IssueOption {
                kind: o.r#type.clone(),
                label: o.label.clone(),
                description: o.description.clone(),
            })
            .collect(),
    }))
}

/// A photo of a report.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportPhoto {
    /// `report-issue`, `report-damage` or `incidence`.
    kind: String,
    category: String,
    url: String,
    sha256: String,
    uploaded_by: TripRole,
    taken_at: String,
}

impl From<&pb::ReportPhoto> for ReportPhoto {
    fn from(p: &pb::ReportPhoto) -> Self {
        Self {
            kind: p.kind.clone(),
            category: p.category.clone(),
            url: p.url.clone(),
            sha256: p.sha256.clone(),
            uploaded_by: p.uploaded_by_role().into(),
            taken_at: p.taken_at.clone(),
        }
    }
}

/// An issue report.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IssueReport {
    #[serde(rename = "_id")]
    id: String,
    issue_id: String,
    trip_id: String,
    #[serde(rename = "type")]
    kind: String,
    label: String,
    description: String,
    /// `guest`, `host` or `driver`.
    reported_by: TripRole,
    created_at: String,
    photo_urls: Vec<String>,
    photos: Vec<ReportPhoto>,
}

impl From<&pb::IssueReport> for IssueReport {
    fn from(i: &pb::IssueReport) -> Self {
        Self {
            id: i.id.clone(),
            issue_id: i.id.clone(),
            trip_id: i.trip_id.clone(),
            kind: i.r#type.clone(),
            label: i.label.clone(),
            description: i.description.clone(),
            reported_by: i.reported_by_role().into(),
            created_at: i.created_at.clone(),
            photo_urls: i.photos.iter().map(|p| p.url.clone()).collect(),
            photos: i.photos.iter().map(ReportPhoto::from).collect(),
        }
    }
}

/// `reportIssue`.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct ReportIssueBody {
    /// One of the issue types (also `issueType`).
    #[serde(rename = "type", alias = "issueType")]
    kind: Text,
    description: Text,
    /// URLs of photos the caller uploaded (also `photos`).
    #[serde(alias = "photos")]
    photo_urls: Texts,
}

/// A report filed.
#[derive(Debug, Serialize, ToSchema)]
pub struct IssueReportAnswer {
    status: bool,
    message: String,
    data: Option<IssueReport>,
}

/// Report an issue with a trip (its guest, host or an added driver).
#[utoipa::path(tag = "issues", request_body = ReportIssueBody, responses((status = 200, body = IssueReportAnswer)), security(("bearer" = [])))]
#[post("/trips/reportIssue/{id}")]
pub async fn report_issue(
    state: State,
    user: AuthUser,
    id: web::Path<String>,
    body: Json<ReportIssueBody>,
) -> HttpResult<Json<IssueReportAnswer>> {
    let b = body.into_inner();
    let msg = pb::ReportIssueRequest {
        trip_id: id.into_inner(),
        r#type: b.kind.into(),
        description: b.description.into(),
        photos: stored_photos(&state, &user.0, b.photo_urls.into_vec()).await?,
    };
    let r = state.trips.clone().report_issue(request(msg, Some(&user.0))).await?.into_inner();
    Ok(Json(IssueReportAnswer {
        status: true,
        data: r.report.as_ref().map(IssueReport::from),
        message: r.message,
    }))
}

/// A charge's price as the summary card shows it.
#[derive(Debug, Serialize, ToSchema)]
pub struct ChargePrice {
    /// Dollars with two decimals, as text (`"12.50"`).
    price: String,
}

/// The charges of one issue type.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IssueCharges {
    #[serde(rename = "type")]
    kind: String,
    label: String,
    /// By charge name (underscores for spaces); lines of the same name are added up.
    charges: BTreeMap<String, ChargePrice>,
    charge_lines: Vec<Charge>,
    /// Dollars.
    total: f64,
}

impl From<&pb::IssueCharge> for IssueCharges {
    fn from(e: &pb::IssueCharge) -> Self {
        // The spec's charge item set: keyed by charge name, each with its price as text.
        let mut cents: BTreeMap<String, i64> = BTreeMap::new();
        for c in &e.charges {
            *cents.entry(c.label.replace(' ', "_")).or_default() += c.amount_cents;
        }
        Self {
            kind: e.r#type.clone(),
            label: e.label.clone(),
            charges: cents
                .into_iter()
                .map(|(k, v)| (k, ChargePrice { price: format!("{:.2}", dollars(v)) }))
                .collect(),
            charge_lines: e.charges.iter().map(Charge::from).collect(),
            total: dollars(e.total_cents),
        }
    }
}

/// A trip's charges per issue type, and its issue reports.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TripIssueCharges {
    status: bool,
    data: Vec<IssueCharges>,
    reports: Vec<IssueReport>,
    /// Dollars.
    invoice_total: f64,
}

/// Which issue type's entry.
#[derive(Debug, Deserialize, Default, IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct IssueTypeQuery {
    /// Only this issue type's entry (spaces and dashes read as underscores).
    #[serde(rename = "type")]
    kind: Text,
}

/// A trip's charges per issue type (the report-issue summary card) and its reports.
#[utoipa::path(tag = "issues", params(IssueTypeQuery), responses((status = 200, body = TripIssueCharges)), security(("bearer" = [])))]
#[get("/trips/getTripIssueCharges/{id}")]
pub async fn trip_issue_charges(
    state: State,
    user: AuthUser,
    id: web::Path<String>,
    q: Query<IssueTypeQuery>,
) -> HttpResult<Json<TripIssueCharges>> {
    let only = q.into_inner().kind.as_str().to_ascii_lowercase().replace([' ', '-'], "_");
    let msg = pb::TripIdRequest { trip_id: id.into_inner() };
    let r =
        state.trips.clone().get_trip_issue_charges(request(msg, Some(&user.0))).await?.into_inner();
    Ok(Json(TripIssueCharges {
        status: true,
        data: r
            .charges
            .iter()
            .filter(|e| only.is_empty() || e.r#type == only)
            .map(IssueCharges::from)
            .collect(),
        reports: r.reports.iter().map(IssueReport::from).collect(),
        invoice_total: dollars(r.total_cents),
    }))
}

/// `attachReportPhotos`.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct AttachReportPhotosBody {
    /// `report-issue`, `report-damage`, anything else an incidence charge.
    kind: Text,
    /// The issue type, damage category or incidental type (also `type`).
    #[serde(alias = "type")]
    category: Text,
    /// URLs of photos the caller uploaded (also `photos`).
    #[serde(alias = "photos")]
    photo_urls: Texts,
}

/// Photos attached.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReportPhotosData {
    photo_urls: Vec<String>,
    photos: Vec<ReportPhoto>,
}

/// The photos of that kind and category.
#[derive(Debug, Serialize, ToSchema)]
pub struct ReportPhotos {
    status: bool,
    message: String,
    data: ReportPhotosData,
}

/// Attach photos to an issue report, a damage report or an incidence charge.
#[utoipa::path(tag = "issues", request_body = AttachReportPhotosBody, responses((status = 200, body = ReportPhotos)), security(("bearer" = [])))]
#[post("/trips/attachReportPhotos/{id}")]
pub async fn attach_report_photos(
    state: State,
    user: AuthUser,
    id: web::Path<String>,
    body: Json<AttachReportPhotosBody>,
) -> HttpResult<Json<ReportPhotos>> {
    let b = body.into_inner();
    let msg = pb::AttachReportPhotosRequest {
        trip_id: id.into_inner(),
        kind: b.kind.into(),
        category: b.category.into(),
        photos: stored_photos(&state, &user.0, b.photo_urls.into_vec()).await?,
    };
    let r =
        state.trips.clone().attach_report_photos(request(msg, Some(&user.0))).await?.into_inner();
    Ok(Json(ReportPhotos {
        status: true,
        data: ReportPhotosData {
            photo_urls: r.photos.iter().map(|p| p.url.clone()).collect(),
            photos: r.photos.iter().map(ReportPhoto::from).collect(),
        },
        message: r.message,
    }))
}

// ---------------------------------------------------------------------------------------------
// The rental agreement

/// How the agreement is opened without a bearer token.
#[derive(Debug, Deserialize, Default, IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct AgreementQuery {
    /// The caller's session token, or the trip's agreement token.
    token: Text,
}

/// "Mon, Dec 1, 2026 10:00 AM PST" in the trip's zone.
fn formatted(rfc3339: &str, tz: &str) -> String {
    let Ok(t) = chrono::DateTime::parse_from_rfc3339(rfc3339) else { return String::new() };
    match tz.parse::<chrono_tz::Tz>() {
        Ok(z) => t.with_timezone(&z).format("%a, %b %-d, %Y %-I:%M %p %Z").to_string(),
        Err(_) => t.format("%a, %b %-d, %Y %-I:%M %p UTC%:z").to_string(),
    }
}

/// The protection plan the trip holds.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AgreementPlan {
    name: String,
    label: String,
    coverage: Vec<String>,
    percent_of_trip_price: i32,
    /// Dollars.
    deductible: Option<i32>,
}

/// The rental agreement of a trip.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RentalAgreement {
    trip_id: String,
    renter_name: String,
    host_name: String,
    created_at: String,
    time_zone: String,
    car_name: String,
    car_make: String,
    car_model: String,
    car_year: i32,
    license_plate: String,
    /// "Tue, Jan 5, 2027 10:00 AM PST", local to the car.
    new_start_time_formatted: String,
    new_end_time_formatted: String,
    start_time: String,
    end_time: String,
    reservation_number: String,
    /// The added drivers' emails.
    additional_drivers: Vec<String>,
    status: TripStatus,
    protection_plan_type: String,
    protection_plan: Option<AgreementPlan>,
    signed: bool,
    signed_at: Option<String>,
    checked_in_at: Option<String>,
    checked_out_at: Option<String>,
    /// For the trip's guest, host and admins: the token that opens this agreement.
    agreement_token: Option<String>,
    /// `/rental-agreement?tripId=&token=`.
    agreement_url: Option<String>,
    token_expires_at: Option<String>,
    terms_url: &'static str,
}

/// A rental agreement.
#[derive(Debug, Serialize, ToSchema)]
pub struct RentalAgreementAnswer {
    status: bool,
    data: RentalAgreement,
}

/// A trip's rental agreement: signed in (bearer, or the user's token in the URL), or with the
/// trip's agreement token.
#[utoipa::path(tag = "trips", params(AgreementQuery), responses((status = 200, body = RentalAgreementAnswer)))]
#[get("/trips/getRentalAgreement/{tripId}")]
pub async fn rental_agreement(
    state: State,
    user: MaybeUser,
    trip_id: web::Path<String>,
    q: Query<AgreementQuery>,
) -> HttpResult<Json<RentalAgreementAnswer>> {
    let token = q.into_inner().token.into_string();
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
    // Neither signed in nor a token: trips answers 401 `token_missing`.
    let msg = pb::RentalAgreementRequest { trip_id: trip_id.into_inner(), token: agreement_token };
    let r =
        state.trips.clone().get_rental_agreement(request(msg, who.as_ref())).await?.into_inner();
    let t = r.trip.clone().unwrap_or_default();
    let n = names(&state, std::slice::from_ref(&t)).await;
    let license_plate = n.cars.get(&t.car_id).map(|c| c.license_plate.clone()).unwrap_or_default();
    let trip = Trip::of(&t, &n);
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
    let has_token = !r.agreement_token.is_empty();
    Ok(Json(RentalAgreementAnswer {
        status: true,
        data: RentalAgreement {
            trip_id: t.trip_id.clone(),
            renter_name: trip.renter_name,
            host_name: trip.host_name,
            created_at: t.created_at.clone(),
            time_zone: t.time_zone.clone(),
            car_name: trip.car_name,
            car_make: trip.car_make,
            car_model: trip.car_model,
            car_year: trip.car_year,
            license_plate,
            new_start_time_formatted: formatted(&t.start_time, &t.time_zone),
            new_end_time_formatted: formatted(&t.end_time, &t.time_zone),
            start_time: t.start_time.clone(),
            end_time: t.end_time.clone(),
            reservation_number: t.reservation_number.clone(),
            additional_drivers: t
                .additional_drivers
                .iter()
                .filter(|d| d.status() == pb::DriverStatus::Added)
                .map(|d| d.email.clone())
                .collect(),
            status: t.status().into(),
            protection_plan_type: t.protection_plan_type.clone(),
            protection_plan: plan.map(|p| AgreementPlan {
                name: p.name.clone(),
                label: p.label.clone(),
                coverage: p.coverage.clone(),
                percent_of_trip_price: p.percent_of_trip_price,
                deductible: p.deductible,
            }),
            signed: r.signed,
            signed_at: r.signed_at,
            checked_in_at: r.checked_in_at,
            checked_out_at: r.checked_out_at,
            agreement_url: has_token.then(|| {
                format!("/rental-agreement?tripId={}&token={}", t.trip_id, r.agreement_token)
            }),
            agreement_token: has_token.then_some(r.agreement_token),
            token_expires_at: (!r.token_expires_at.is_empty()).then_some(r.token_expires_at),
            terms_url: "/terms/conditions",
        },
    }))
}

// ---------------------------------------------------------------------------------------------
// Additional drivers

/// `addAdditionalDriver`.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct AddAdditionalDriverBody {
    trip_id: Text,
    /// A list, or one comma-separated text.
    additional_driver_emails: Texts,
}

/// A trip's additional drivers.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdditionalDriversData {
    trip_id: String,
    additional_drivers: Vec<AdditionalDriver>,
}

/// The drivers after an invitation.
#[derive(Debug, Serialize, ToSchema)]
pub struct AdditionalDrivers {
    status: bool,
    message: String,
    data: AdditionalDriversData,
}

impl From<pb::AdditionalDriversReply> for AdditionalDrivers {
    fn from(r: pb::AdditionalDriversReply) -> Self {
        Self {
            status: true,
            data: AdditionalDriversData {
                additional_drivers: r.drivers.iter().map(AdditionalDriver::from).collect(),
                trip_id: r.trip_id,
            },
            message: r.message,
        }
    }
}

/// Invite additional drivers by email (the trip's guest).
#[utoipa::path(tag = "trips", request_body = AddAdditionalDriverBody, responses((status = 200, body = AdditionalDrivers)), security(("bearer" = [])))]
#[post("/trips/addAdditionalDriver")]
pub async fn add_additional_driver(
    state: State,
    user: AuthUser,
    body: Json<AddAdditionalDriverBody>,
) -> HttpResult<Json<AdditionalDrivers>> {
    let b = body.into_inner();
    let msg = pb::AddAdditionalDriversRequest {
        trip_id: String::from(b.trip_id),
        emails: b.additional_driver_emails.into_vec(),
    };
    let r =
        state.trips.clone().add_additional_drivers(request(msg, Some(&user.0))).await?.into_inner();
    Ok(Json(AdditionalDrivers::from(r)))
}

/// `removeAdditionalDriver`.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct RemoveAdditionalDriverBody {
    trip_id: Text,
    /// The driver's (or the invited person's) email.
    email: Text,
}

/// Remove an additional driver or withdraw an invitation (the trip's guest, or an admin).
#[utoipa::path(tag = "trips", request_body = RemoveAdditionalDriverBody, responses((status = 200, body = AdditionalDrivers)), security(("bearer" = [])))]
#[post("/trips/removeAdditionalDriver")]
pub async fn remove_additional_driver(
    state: State,
    user: AuthUser,
    body: Json<RemoveAdditionalDriverBody>,
) -> HttpResult<Json<AdditionalDrivers>> {
    let b = body.into_inner();
    let msg = pb::RemoveAdditionalDriverRequest {
        trip_id: String::from(b.trip_id),
        email: String::from(b.email),
    };
    let r = state
        .trips
        .clone()
        .remove_additional_driver(request(msg, Some(&user.0)))
        .await?
        .into_inner();
    Ok(Json(AdditionalDrivers::from(r)))
}

/// An invitation's token, from its email's link.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default)]
pub struct DriverTokenBody {
    token: Text,
}

/// An invitation and its trip.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Invitation {
    trip_id: String,
    email: String,
    /// `invited`, `added` or `expired`.
    status: DriverStatus,
    expires_at: String,
    reservation_number: String,
    car_id: String,
    start_time: String,
    end_time: String,
    time_zone: String,
}

/// An invitation.
#[derive(Debug, Serialize, ToSchema)]
pub struct InvitationAnswer {
    status: bool,
    message: String,
    data: Invitation,
}

impl From<pb::DriverInvitationReply> for InvitationAnswer {
    fn from(r: pb::DriverInvitationReply) -> Self {
        let status = r.status().into();
        Self {
            status: true,
            message: r.message,
            data: Invitation {
                status,
                trip_id: r.trip_id,
                email: r.email,
                expires_at: r.expires_at,
                reservation_number: r.reservation_number,
                car_id: r.car_id,
                start_time: r.start_time,
                end_time: r.end_time,
                time_zone: r.time_zone,
            },
        }
    }
}

/// Check an invitation to drive (the invitee, signed in with the invited email).
#[utoipa::path(tag = "trips", request_body = DriverTokenBody, responses((status = 200, body = InvitationAnswer)), security(("bearer" = [])))]
#[post("/additionaldriver/verification")]
pub async fn verify_additional_driver(
    state: State,
    user: AuthUser,
    body: Json<DriverTokenBody>,
) -> HttpResult<Json<InvitationAnswer>> {
    let msg = pb::DriverTokenRequest { token: body.into_inner().token.into() };
    let r = state
        .trips
        .clone()
        .verify_additional_driver(request(msg, Some(&user.0)))
        .await?
        .into_inner();
    Ok(Json(r.into()))
}

/// Join a trip as an additional driver (the invitee; the token is used once).
#[utoipa::path(tag = "trips", request_body = DriverTokenBody, responses((status = 200, body = InvitationAnswer)), security(("bearer" = [])))]
#[post("/additionaldriver/addDriverToTrip")]
pub async fn add_driver_to_trip(
    state: State,
    user: AuthUser,
    body: Json<DriverTokenBody>,
) -> HttpResult<Json<InvitationAnswer>> {
    let msg = pb::DriverTokenRequest { token: body.into_inner().token.into() };
    let r = state.trips.clone().add_driver_to_trip(request(msg, Some(&user.0))).await?.into_inner();
    Ok(Json(r.into()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::wire::from_json;
    use serde_json::json;

    fn items(v: serde_json::Value) -> Result<Vec<pb::IncidentalItem>, String> {
        let body: AddIncidentalsBody =
            from_json(v.to_string().as_bytes()).map_err(|e| e.0.message)?;
        body.into_items()
            .into_iter()
            .map(pb::IncidentalItem::try_from)
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| e.to_string())
    }

    #[test]
    fn incidentals_come_as_a_wrapped_list_a_bare_list_or_one_object() {
        let one = json!({"type": "tolls", "amount": "12.50", "note": "Bay Bridge"});
        for body in
            [json!({"incidentals": [one]}), json!({"items": [one]}), json!([one]), one.clone()]
        {
            let got = items(body.clone()).unwrap();
            assert_eq!(got.len(), 1, "{body}");
            assert_eq!(
                (got[0].r#type.as_str(), got[0].amount_cents, got[0].description.as_str()),
                ("tolls", 1250, "Bay Bridge"),
                "{body}"
            );
        }
        let got = items(json!({"incidentals": [
            {"incidentalType": "extra_miles", "miles": "640"},
            {"type": "late_return", "improperReturn": "true"}
        ]}))
        .unwrap();
        assert_eq!((got[0].miles_driven, got[1].improper_return), (640, true));
        // Nothing to add: trips says what is missing.
        assert!(items(json!({})).unwrap().is_empty());
        assert!(items(json!({"description": "no type"})).unwrap().is_empty());
    }

    #[test]
    fn a_bad_incidental_is_refused_naming_its_field() {
        for (body, want) in [
            (
                json!({"incidentals": [{"type": "tolls", "amount": "abc"}]}),
                "incidentals[0].amount:",
            ),
            (json!({"incidentals": "smoking"}), "incidentals: invalid type"),
            (
                json!([{"type": "fuel"}, {"type": "extra_miles", "milesDriven": 1.5}]),
                "[1].milesDriven:",
            ),
            (json!({"type": "tolls", "amount": -3}), "amount:"),
            (
                json!({"type": "extra_miles", "milesDriven": -1}),
                "milesDriven: must be a whole number of miles",
            ),
            (
                json!({"type": "extra_miles", "milesDriven": 1_000_001}),
                "milesDriven: must be a whole number of miles",
            ),
            (json!("smoking"), "Invalid JSON body"),
        ] {
            let e = items(body.clone()).unwrap_err();
            assert!(e.starts_with(want), "{body}: {e}");
        }
    }

    #[test]
    fn charges_per_issue_type_are_keyed_by_name_and_added_up() {
        let line = |label: &str, cents| pb::IncidentalCharge {
            label: label.into(),
            amount_cents: cents,
            platform: false,
        };
        let e = pb::IssueCharge {
            r#type: "cleaning".into(),
            label: "Cleaning".into(),
            charges: vec![
                line("Cleaning fee", 15_000),
                line("Cleaning fee", 500),
                line("3% processing", 450),
            ],
            total_cents: 15_950,
        };
        let v = serde_json::to_value(IssueCharges::from(&e)).unwrap();
        assert_eq!(
            v["charges"],
            json!({"Cleaning_fee": {"price": "155.00"}, "3%_processing": {"price": "4.50"}})
        );
        assert_eq!((v["chargeLines"].as_array().unwrap().len(), &v["total"]), (3, &json!(159.5)));
    }

    #[test]
    fn the_incidentals_answer_has_the_spec_keys() {
        let r = pb::IncidentalsReply {
            incidentals: vec![pb::Incidental {
                id: "i1".into(),
                trip_id: "t".into(),
                r#type: "cleaning".into(),
                label: "Cleaning".into(),
                description: "d".into(),
                charges: vec![pb::IncidentalCharge {
                    label: "3% processing".into(),
                    amount_cents: 450,
                    platform: true,
                }],
                total_cents: 450,
                status: pb::IncidentalStatus::Pending as i32,
                created_at: "c".into(),
                removed_at: None,
                paid_at: Some("p".into()),
                photo_urls: vec!["u".into()],
                dispute_until: "d2".into(),
                dispute_reason: String::new(),
            }],
            pending_cents: 450,
            paid_cents: 0,
            viewer_role: pb::TripRole::Host as i32,
            message: "m".into(),
        };
        assert_eq!(
            serde_json::to_value(Incidentals::from(r)).unwrap(),
            json!({"status": true, "message": "m", "data": {
                "incidentals": [{
                    "_id": "i1", "incidentalId": "i1", "tripId": "t", "type": "cleaning",
                    "label": "Cleaning", "description": "d",
                    "charges": [{"label": "3% processing", "amount": 4.5, "platform": true}],
                    "total": 4.5, "status": "pending", "createdAt": "c", "removedAt": null,
                    "paidAt": "p", "photoUrls": ["u"], "disputeUntil": "d2", "disputeReason": null
                }],
                "pendingTotal": 4.5, "priceToPay": 4.5, "paidTotal": 0.0, "role": "host"
            }})
        );
    }

    #[test]
    fn an_issue_report_lists_its_photos_twice() {
        let i = pb::IssueReport {
            id: "r1".into(),
            trip_id: "t".into(),
            r#type: "damage".into(),
            label: "Damage".into(),
            description: "dent".into(),
            reported_by_role: pb::TripRole::Guest as i32,
            created_at: "c".into(),
            photos: vec![pb::ReportPhoto {
                kind: "report-issue".into(),
                category: "damage".into(),
                url: "u".into(),
                sha256: "h".into(),
                uploaded_by_role: pb::TripRole::Guest as i32,
                taken_at: "t".into(),
            }],
        };
        assert_eq!(
            serde_json::to_value(IssueReport::from(&i)).unwrap(),
            json!({
                "_id": "r1", "issueId": "r1", "tripId": "t", "type": "damage", "label": "Damage",
                "description": "dent", "reportedBy": "guest", "createdAt": "c", "photoUrls": ["u"],
                "photos": [{"kind": "report-issue", "category": "damage", "url": "u", "sha256": "h",
                            "uploadedBy": "guest", "takenAt": "t"}]
            })
        );
    }
}
