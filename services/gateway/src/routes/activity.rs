//! `/v1/activity`: the web app's activity log (spec 000 s. 3, 7; 002 s. 3, 4, 7) and its
//! admin reads. `activity/log` and `activity/bulk` take anonymous callers; the user is the
//! token's when there is one, never the body's `userId`. Each event is validated by the
//! activity service, which answers once the broker has confirmed the accepted events (202:
//! they are stored moments later). Reads are for admins, the types for any signed-in user.

use crate::auth::{AuthAdmin, AuthUser, MaybeUser};
use crate::error::{HttpError, HttpResult};
use crate::grpc::request;
use crate::rate_limit::{self, Bucket};
use crate::state::AppState;
use crate::wire::{Int, Json, Query, Text};
use actix_web::{HttpRequest, get, post, web};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use upcar_proto::activity as pb;
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;

type State = web::Data<AppState>;

/// Registers this module's routes.
pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(log).service(bulk).service(list).service(analytics).service(journey).service(types);
}

/// One event as the web app logs it (spec: userId, sessionId, activityType, activityCategory,
/// metadata), optionally with the client's id and time of the event. At most 4 KiB of JSON.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(rename_all = "camelCase")]
#[allow(dead_code)]
pub struct ActivityEvent {
    /// The client's id of the event (1-100 visible ASCII characters): a repeat within 7 days
    /// is answered `duplicate` and stored once. Without one the event is stored under an id the
    /// service gives (`srv-...`, answered in the result), and the same event sent twice in one
    /// batch counts once.
    event_id: Option<String>,
    /// Ignored: the user is the token's.
    #[schema(value_type = Option<String>)]
    user_id: Option<String>,
    session_id: Option<String>,
    /// `search`, `car_viewed`, ... (see `activity/types`); any spelling is normalised to
    /// snake_case.
    activity_type: String,
    /// The known type's category when absent.
    activity_category: Option<String>,
    /// `pageUrl`, `referrer` and anything else, as a JSON object.
    #[schema(value_type = Option<Object>)]
    metadata: Option<Value>,
    /// When it happened by the client's clock: RFC 3339 or epoch milliseconds.
    #[schema(value_type = Option<String>)]
    timestamp: Option<Value>,
}

/// One event as it is passed on: any JSON, documented as [`ActivityEvent`]. The activity
/// service checks each event by itself (a bad one in a batch is that event's `rejected`
/// result, not a refused batch), so the gateway reads no field of it.
#[derive(Debug, Deserialize)]
#[serde(transparent)]
pub struct EventJson(Value);

impl utoipa::PartialSchema for EventJson {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        ActivityEvent::schema()
    }
}

impl ToSchema for EventJson {
    fn name() -> std::borrow::Cow<'static, str> {
        ActivityEvent::name()
    }
}

/// `activity/log`: one event, with the batch's send time.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LogBody {
    /// The event's own fields (every field but `sentAt`).
    #[serde(flatten)]
    event: EventJson,
    /// When the client sent it, by its clock (RFC 3339 or epoch milliseconds): corrects the
    /// event's time by the client's clock offset.
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    sent_at: Option<Value>,
}

/// `activity/bulk`: up to 50 events.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BulkBody {
    /// Absent, null or empty is refused (`activities_required`), over 50 too.
    #[serde(default)]
    #[schema(value_type = Vec<ActivityEvent>, required = true)]
    activities: Option<Vec<EventJson>>,
    /// When the client sent the batch, by its clock (RFC 3339 or epoch milliseconds).
    #[serde(default)]
    #[schema(value_type = Option<String>)]
    sent_at: Option<Value>,
}

/// What became of one event.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EventResult {
    /// Its position in the batch, from 0.
    index: i32,
    event_id: String,
    /// accepted | duplicate | rejected
    status: String,
    /// Rejected: a stable code (`activity_type_required`, `invalid_metadata`, ...).
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    /// Rejected: why.
    #[serde(skip_serializing_if = "Option::is_none")]
    message: Option<String>,
}

impl From<pb::IngestResult> for EventResult {
    fn from(r: pb::IngestResult) -> Self {
        let some = |s: String| (!s.is_empty()).then_some(s);
        Self {
            index: r.index,
            event_id: r.event_id,
            status: r.status,
            error: some(r.error),
            message: some(r.reason),
        }
    }
}

/// Counts and each event's outcome.
#[derive(Debug, Serialize, ToSchema)]
pub struct Ingested {
    accepted: i32,
    duplicates: i32,
    rejected: i32,
    results: Vec<EventResult>,
}

/// The answer of `activity/bulk`.
#[derive(Debug, Serialize, ToSchema)]
pub struct BulkAnswer {
    status: bool,
    message: String,
    data: Ingested,
}

/// The answer of `activity/log`.
#[derive(Debug, Serialize, ToSchema)]
pub struct LogAnswer {
    status: bool,
    message: String,
    data: EventResult,
}

/// A send time as the service reads it (text or epoch milliseconds).
fn sent_at(v: Option<&Value>) -> String {
    match v {
        Some(Value::String(s)) => s.clone(),
        Some(Value::Number(n)) => n.to_string(),
        Some(Value::Null) | None => String::new(),
        // Anything else is refused by the service as it refuses a bad text.
        Some(other) => other.to_string(),
    }
}

/// Logs one event (anyone; the user is the token's). 202 once it is safe with the broker; a
/// repeat of its `eventId` within 7 days answers `duplicate` (an event without one is stored
/// under an id the service gives); an invalid event is a 400 naming
/// the rule; more than `rate_limits.activity_per_minute` calls a minute from one address 429.
#[utoipa::path(tag = "activity", request_body = LogBody, responses((status = 202, body = LogAnswer)), security((), ("bearer" = [])))]
#[post("/activity/log")]
pub async fn log(
    state: State,
    req: HttpRequest,
    who: MaybeUser,
    body: Json<LogBody>,
) -> HttpResult<(web::Json<LogAnswer>, actix_web::http::StatusCode)> {
    rate_limit::check(&state, &req, Bucket::Activity).await?;
    let LogBody { event, sent_at: sent } = body.into_inner();
    let msg = pb::IngestRequest {
        events_json: vec![event.0.to_string()],
        sent_at: sent_at(sent.as_ref()),
        single: true,
    };
    let r = state.activity.clone().ingest(request(msg, who.0.as_ref())).await?.into_inner();
    let result = r
        .results
        .into_iter()
        .next()
        .ok_or_else(|| HttpError::internal("Ingest answered no result"))?;
    let answer =
        LogAnswer { status: true, message: message(r.accepted, r.duplicates), data: result.into() };
    Ok((web::Json(answer), actix_web::http::StatusCode::ACCEPTED))
}

fn message(accepted: i32, duplicates: i32) -> String {
    format!("{accepted} accepted, {duplicates} already logged")
}

/// Logs a batch of up to 50 events (anyone; the user is the token's). 202 with each event's
/// outcome once the accepted ones are safe with the broker; a batch that is not a list, empty
/// or over 50 is a 400; 503 when the broker cannot take them (nothing was accepted: resend).
#[utoipa::path(tag = "activity", request_body = BulkBody, responses((status = 202, body = BulkAnswer)), security((), ("bearer" = [])))]
#[post("/activity/bulk")]
pub async fn bulk(
    state: State,
    req: HttpRequest,
    who: MaybeUser,
    body: Json<BulkBody>,
) -> HttpResult<(web::Json<BulkAnswer>, actix_web::http::StatusCode)> {
    rate_limit::check(&state, &req, Bucket::Activity).await?;
    let BulkBody { activities, sent_at: sent } = body.into_inner();
    let msg = pb::IngestRequest {
        events_json: activities.unwrap_or_default().iter().map(|e| e.0.to_string()).collect(),
        sent_at: sent_at(sent.as_ref()),
        single: false,
    };
    let r = state.activity.clone().ingest(request(msg, who.0.as_ref())).await?.into_inner();
    let answer = BulkAnswer {
        status: true,
        message: message(r.accepted, r.duplicates),
        data: Ingested {
            accepted: r.accepted,
            duplicates: r.duplicates,
            rejected: r.rejected,
            results: r.results.into_iter().map(EventResult::from).collect(),
        },
    };
    Ok((web::Json(answer), actix_web::http::StatusCode::ACCEPTED))
}

/// A stored event.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StoredEvent {
    #[serde(rename = "_id")]
    id: String,
    event_id: String,
    /// Empty for an anonymous visitor.
    user_id: String,
    session_id: String,
    activity_type: String,
    activity_category: String,
    #[schema(value_type = Object)]
    metadata: Value,
    /// When it happened, on the server's clock (the client's time corrected by its offset).
    occurred_at: String,
    /// When it happened by the client's clock, as sent (empty when not sent).
    client_time: String,
    received_at: String,
    stored_at: String,
    /// client (the web app) or server (the services: registration, car viewed, booking
    /// started, trip booked).
    source: String,
}

impl From<pb::StoredActivity> for StoredEvent {
    fn from(a: pb::StoredActivity) -> Self {
        Self {
            id: a.id,
            event_id: a.event_id,
            user_id: a.user_id,
            session_id: a.session_id,
            activity_type: a.activity_type,
            activity_category: a.activity_category,
            metadata: serde_json::from_str(&a.metadata_json).unwrap_or(Value::Null),
            occurred_at: a.occurred_at,
            client_time: a.client_time,
            received_at: a.received_at,
            stored_at: a.stored_at,
            source: a.source,
        }
    }
}

/// Which events.
#[derive(Debug, Deserialize, Default, IntoParams)]
#[serde(default, rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    user_id: Text,
    session_id: Text,
    activity_type: Text,
    activity_category: Text,
    /// client | server
    source: Text,
    /// `YYYY-MM-DD` (UTC), inclusive.
    start_date: Text,
    /// `YYYY-MM-DD` (UTC), inclusive.
    end_date: Text,
    /// Events a page (50 when absent, at most 200).
    limit: Int,
    /// The page, from 1.
    #[serde(alias = "currentPage")]
    page: Int,
}

/// A page of events.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EventPage {
    status: bool,
    data: Vec<StoredEvent>,
    current_page: i32,
    limit: i32,
    has_more: bool,
}

/// Admins: stored events, newest first, filtered and paged.
#[utoipa::path(tag = "activity", params(ListQuery), responses((status = 200, body = EventPage)), security(("bearer" = [])))]
#[get("/activity")]
pub async fn list(
    state: State,
    admin: AuthAdmin,
    q: Query<ListQuery>,
) -> HttpResult<web::Json<EventPage>> {
    let q = q.into_inner();
    let msg = pb::ListActivitiesRequest {
        user_id: q.user_id.into(),
        session_id: q.session_id.into(),
        activity_type: q.activity_type.into(),
        activity_category: q.activity_category.into(),
        source: q.source.into(),
        start_date: q.start_date.into(),
        end_date: q.end_date.into(),
        limit: q.limit.0,
        page: q.page.0,
    };
    let r =
        state.activity.clone().list_activities(request(msg, Some(&admin.0))).await?.into_inner();
    Ok(web::Json(EventPage {
        status: true,
        data: r.activities.into_iter().map(StoredEvent::from).collect(),
        current_page: r.page,
        limit: r.limit,
        has_more: r.has_more,
    }))
}

/// A range of days.
#[derive(Debug, Deserialize, Default, IntoParams)]
#[serde(default, rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct RangeQuery {
    /// `YYYY-MM-DD` (UTC), inclusive; 6 days before the end when absent.
    start_date: Text,
    /// `YYYY-MM-DD` (UTC), inclusive; today when absent. At most 366 days in all.
    end_date: Text,
}

/// A name and its number of events.
#[derive(Debug, Serialize, ToSchema)]
pub struct Count {
    name: String,
    count: i64,
}

/// Active users of a day.
#[derive(Debug, Serialize, ToSchema)]
pub struct DailyActive {
    /// `YYYY-MM-DD`
    date: String,
    /// Signed-in users with an event that day.
    users: i64,
    /// Anonymous sessions with an event that day.
    sessions: i64,
}

/// A step of the booking funnel.
#[derive(Debug, Serialize, ToSchema)]
pub struct FunnelStep {
    /// search | car_viewed | booking_started | trip_booked
    step: String,
    events: i64,
    /// Distinct users or sessions per day reaching the step, summed over the days.
    actors: i64,
    /// This step's events over the previous step's (1 for the first).
    conversion: f64,
}

/// Analytics over a range.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Analytics {
    start_date: String,
    end_date: String,
    total_events: i64,
    counts_by_type: Vec<Count>,
    counts_by_category: Vec<Count>,
    counts_by_source: Vec<Count>,
    daily_active_users: Vec<DailyActive>,
    funnel: Vec<FunnelStep>,
}

/// The analytics answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct AnalyticsAnswer {
    status: bool,
    data: Analytics,
}

/// Admins: events by type, category and source, daily active users and the booking funnel
/// (search, car viewed, booking started, trip booked) over `startDate`..`endDate`, from the
/// daily rollups.
#[utoipa::path(tag = "activity", params(RangeQuery), responses((status = 200, body = AnalyticsAnswer)), security(("bearer" = [])))]
#[get("/activity/analytics")]
pub async fn analytics(
    state: State,
    admin: AuthAdmin,
    q: Query<RangeQuery>,
) -> HttpResult<web::Json<AnalyticsAnswer>> {
    let q = q.into_inner();
    let msg = pb::AnalyticsRequest { start_date: q.start_date.into(), end_date: q.end_date.into() };
    let r = state.activity.clone().analytics(request(msg, Some(&admin.0))).await?.into_inner();
    let counts = |v: Vec<pb::TypeCount>| {
        v.into_iter().map(|c| Count { name: c.name, count: c.count }).collect::<Vec<_>>()
    };
    Ok(web::Json(AnalyticsAnswer {
        status: true,
        data: Analytics {
            start_date: r.start_date,
            end_date: r.end_date,
            total_events: r.total_events,
            counts_by_type: counts(r.by_type),
            counts_by_category: counts(r.by_category),
            counts_by_source: counts(r.by_source),
            daily_active_users: r
                .daily_active
                .into_iter()
                .map(|d| DailyActive { date: d.date, users: d.users, sessions: d.sessions })
                .collect(),
            funnel: r
                .funnel
                .into_iter()
                .map(|s| FunnelStep {
                    step: s.step,
                    events: s.events,
                    actors: s.actors,
                    conversion: s.conversion,
                })
                .collect(),
        },
    }))
}

/// Whose journey.
#[derive(Debug, Deserialize, Default, IntoParams)]
#[serde(default, rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct JourneyQuery {
    /// Required.
    user_id: Text,
    start_date: Text,
    end_date: Text,
    /// Events at most (500 when absent, at most 1,000).
    limit: Int,
}

/// One user's journey.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct JourneyAnswer {
    status: bool,
    user_id: String,
    data: Vec<StoredEvent>,
    has_more: bool,
}

/// Admins: one user's events in the order they happened, the services' steps included.
#[utoipa::path(tag = "activity", params(JourneyQuery), responses((status = 200, body = JourneyAnswer)), security(("bearer" = [])))]
#[get("/activity/journey")]
pub async fn journey(
    state: State,
    admin: AuthAdmin,
    q: Query<JourneyQuery>,
) -> HttpResult<web::Json<JourneyAnswer>> {
    let q = q.into_inner();
    let msg = pb::JourneyRequest {
        user_id: q.user_id.into(),
        start_date: q.start_date.into(),
        end_date: q.end_date.into(),
        limit: q.limit.0,
    };
    let r = state.activity.clone().journey(request(msg, Some(&admin.0))).await?.into_inner();
    Ok(web::Json(JourneyAnswer {
        status: true,
        user_id: r.user_id,
        data: r.activities.into_iter().map(StoredEvent::from).collect(),
        has_more: r.has_more,
    }))
}

/// A known activity type.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ActivityTypeInfo {
    activity_type: String,
    activity_category: String,
    description: String,
    /// The funnel step it counts for, empty when none.
    funnel_step: String,
    /// The services log it themselves.
    server_side: bool,
}

/// The known types.
#[derive(Debug, Serialize, ToSchema)]
pub struct TypesAnswer {
    status: bool,
    data: Vec<ActivityTypeInfo>,
}

/// Any signed-in user: the activity types the product knows (others may be logged too).
#[utoipa::path(tag = "activity", responses((status = 200, body = TypesAnswer)), security(("bearer" = [])))]
#[get("/activity/types")]
pub async fn types(state: State, user: AuthUser) -> HttpResult<web::Json<TypesAnswer>> {
    let r = state
        .activity
        .clone()
        .list_types(request(pb::TypesRequest {}, Some(&user.0)))
        .await?
        .into_inner();
    Ok(web::Json(TypesAnswer {
        status: true,
        data: r
            .types
            .into_iter()
            .map(|t| ActivityTypeInfo {
                activity_type: t.activity_type,
                activity_category: t.activity_category,
                description: t.description,
                funnel_step: t.funnel_step,
                server_side: t.server_side,
            })
            .collect(),
    }))
}
