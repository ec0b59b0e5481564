//! Calendar sync (CONTRACT "Calendar feeds"): a car's secret RFC 5545 feed for other platforms
//! to import, and the external calendars imported into the car's availability. Every rule is
//! hosting's; the gateway makes the feed's address from its public base URL.

use crate::auth::AuthUser;
use crate::error::HttpResult;
use crate::grpc::request;
use crate::state::AppState;
use crate::wire::{Json, Text};
use actix_web::{HttpResponse, delete, get, post, web};
use serde::{Deserialize, Serialize};
use upcar_proto::hosting as pb;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

type State = web::Data<AppState>;

/// Registers this module's routes.
pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(feed)
        .service(rotate)
        .service(ics)
        .service(imports)
        .service(add_import)
        .service(delete_import);
}

/// The feed's address.
#[derive(Debug, Serialize, ToSchema)]
pub struct CalendarFeedUrl {
    /// Secret: whoever holds it reads the car's busy periods (no guest data), no sign-in.
    url: String,
}

/// `{status, message, data: {url}}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct CalendarFeedAnswer {
    status: bool,
    message: &'static str,
    data: CalendarFeedUrl,
}

fn feed_answer(
    state: &AppState,
    r: pb::CalendarFeedReply,
    message: &'static str,
) -> CalendarFeedAnswer {
    let base = state.settings.files.public_base_url.trim_end_matches('/');
    CalendarFeedAnswer {
        status: true,
        message,
        data: CalendarFeedUrl { url: format!("{base}/v1/calendar/feeds/{}.ics", r.token) },
    }
}

/// The car's calendar feed address (the car's host, or a co-host whose team grants
/// availability), made on the first ask.
#[utoipa::path(tag = "hosting", params(("carId" = String, Path)), responses((status = 200, body = CalendarFeedAnswer)), security(("bearer" = [])))]
#[get("/host/calendar/feed/{carId}")]
pub async fn feed(
    state: State,
    user: AuthUser,
    car_id: web::Path<String>,
) -> HttpResult<Json<CalendarFeedAnswer>> {
    let msg = pb::CalendarCarRequest { car_id: car_id.into_inner() };
    let r = state.hosting.clone().calendar_feed(request(msg, Some(&user.0))).await?.into_inner();
    Ok(Json(feed_answer(&state, r, "Calendar feed")))
}

/// A new feed address; the old one answers 404 from now on.
#[utoipa::path(tag = "hosting", params(("carId" = String, Path)), responses((status = 200, body = CalendarFeedAnswer)), security(("bearer" = [])))]
#[post("/host/calendar/feed/{carId}/rotate")]
pub async fn rotate(
    state: State,
    user: AuthUser,
    car_id: web::Path<String>,
) -> HttpResult<Json<CalendarFeedAnswer>> {
    let msg = pb::CalendarCarRequest { car_id: car_id.into_inner() };
    let r =
        state.hosting.clone().rotate_calendar_feed(request(msg, Some(&user.0))).await?.into_inner();
    Ok(Json(feed_answer(
        &state,
        r,
        "A new calendar address was made; the old one no longer answers",
    )))
}

/// The feed itself (`{secret}.ics`): `text/calendar`, the car's trips and its own blocks as
/// busy periods; 404 `calendar_not_found` for an unknown or replaced secret.
#[utoipa::path(tag = "hosting", params(("file" = String, Path, description = "The secret, with .ics")), responses((status = 200, content_type = "text/calendar", body = String)), security(()))]
#[get("/calendar/feeds/{file}")]
pub async fn ics(state: State, file: web::Path<String>) -> HttpResult<HttpResponse> {
    let file = file.into_inner();
    let token = file.strip_suffix(".ics").unwrap_or(&file).to_owned();
    let r =
        state.hosting.clone().calendar_ics(request(pb::CalendarIcsRequest { token }, None)).await?;
    Ok(HttpResponse::Ok()
        .content_type("text/calendar; charset=utf-8")
        .insert_header(("Content-Disposition", "inline; filename=\"car.ics\""))
        .body(r.into_inner().ics))
}

/// An overlap of an imported event with one of the car's trips (it is not made a block).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CalendarConflict {
    trip_id: String,
    start: String,
    end: String,
}

/// An imported calendar.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CalendarImport {
    import_id: String,
    url: String,
    /// The last read (a 304 counts); null before the first.
    last_sync_at: Option<String>,
    /// The latest attempt's error; null when it read the calendar.
    last_error: Option<String>,
    /// Busy events read from it.
    events: i32,
    conflicts: Vec<CalendarConflict>,
}

impl From<pb::CalendarImport> for CalendarImport {
    fn from(i: pb::CalendarImport) -> Self {
        let opt = |s: String| (!s.is_empty()).then_some(s);
        Self {
            import_id: i.import_id,
            url: i.url,
            last_sync_at: opt(i.last_sync_at),
            last_error: opt(i.last_error),
            events: i.events,
            conflicts: i
                .conflicts
                .into_iter()
                .map(|c| CalendarConflict { trip_id: c.trip_id, start: c.start, end: c.end })
                .collect(),
        }
    }
}

/// `{status, message, data: [import]}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct CalendarImportsAnswer {
    status: bool,
    message: &'static str,
    data: Vec<CalendarImport>,
}

/// `{status, message, data: import}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct CalendarImportAnswer {
    status: bool,
    message: &'static str,
    data: Option<CalendarImport>,
}

fn imports_answer(r: pb::CalendarImportsReply, message: &'static str) -> CalendarImportsAnswer {
    CalendarImportsAnswer {
        status: true,
        message,
        data: r.imports.into_iter().map(CalendarImport::from).collect(),
    }
}

/// The external calendars imported into the car's availability, each with its last read, its
/// error and its conflicts.
#[utoipa::path(tag = "hosting", params(("carId" = String, Path)), responses((status = 200, body = CalendarImportsAnswer)), security(("bearer" = [])))]
#[get("/host/calendar/imports/{carId}")]
pub async fn imports(
    state: State,
    user: AuthUser,
    car_id: web::Path<String>,
) -> HttpResult<Json<CalendarImportsAnswer>> {
    let msg = pb::CalendarCarRequest { car_id: car_id.into_inner() };
    let r = state.hosting.clone().calendar_imports(request(msg, Some(&user.0))).await?.into_inner();
    Ok(Json(imports_answer(r, "Imported calendars")))
}

/// `{url}`: an external calendar to import.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default)]
pub struct CalendarImportBody {
    /// https://, http:// or webcal://.
    url: Text,
}

/// Imports an external calendar: read at once (the answer holds the first read, an error
/// included), then every 15 minutes; its events become blocks of the car.
#[utoipa::path(tag = "hosting", params(("carId" = String, Path)), request_body = CalendarImportBody, responses((status = 200, body = CalendarImportAnswer)), security(("bearer" = [])))]
#[post("/host/calendar/imports/{carId}")]
pub async fn add_import(
    state: State,
    user: AuthUser,
    car_id: web::Path<String>,
    body: Json<CalendarImportBody>,
) -> HttpResult<Json<CalendarImportAnswer>> {
    let msg = pb::AddCalendarImportRequest { car_id: car_id.into_inner(), url: body.0.url.into() };
    let r =
        state.hosting.clone().add_calendar_import(request(msg, Some(&user.0))).await?.into_inner();
    Ok(Json(CalendarImportAnswer {
        status: true,
        message: "Calendar imported",
        data: r.import.map(CalendarImport::from),
    }))
}

/// Removes an imported calendar and the blocks read from it.
#[utoipa::path(tag = "hosting", params(("carId" = String, Path), ("importId" = String, Path)), responses((status = 200, body = CalendarImportsAnswer)), security(("bearer" = [])))]
#[delete("/host/calendar/imports/{carId}/{importId}")]
pub async fn delete_import(
    state: State,
    user: AuthUser,
    path: web::Path<(String, String)>,
) -> HttpResult<Json<CalendarImportsAnswer>> {
    let (car_id, import_id) = path.into_inner();
    let msg = pb::DeleteCalendarImportRequest { car_id, import_id };
    let r = state
        .hosting
        .clone()
        .delete_calendar_import(request(msg, Some(&user.0)))
        .await?
        .into_inner();
    Ok(Json(imports_answer(r, "Calendar removed")))
}
