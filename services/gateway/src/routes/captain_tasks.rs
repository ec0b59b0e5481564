//! Captains' work (spec 001 sections 2, 3, 7, 9): `GET /v1/tasks?date` (the dashboard's list),
//! one task, `POST /v1/captains/tasks/update/{id}` (the next step with position and photos),
//! and the delivery of a trip as its guest follows it (`GET /v1/trips/getDeliveryTasks/{id}`).
//! The rules are the captains service's.

use crate::auth::{AuthCaptain, AuthUser};
use crate::error::HttpResult;
use crate::grpc::request;
use crate::routes::trips::stored_photos;
use crate::state::AppState;
use crate::states::{TaskStatus, TaskStep, TaskType};
use crate::wire::{Json, Number, Query, Text, Texts};
use actix_web::{get, post, web};
use serde::{Deserialize, Serialize};
use upcar_proto::captains as pb;
use utoipa::{IntoParams, ToSchema};
use utoipa_actix_web::service_config::ServiceConfig;

type State = web::Data<AppState>;

/// Registers this module's routes.
pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(tasks).service(task).service(update_task).service(delivery_tasks);
}

/// An address (spec: street, city, state) with its coordinates.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TaskPlace {
    street: String,
    city: String,
    state: String,
    zip: String,
    latitude: f64,
    longitude: f64,
}

impl From<Option<pb::Place>> for TaskPlace {
    fn from(p: Option<pb::Place>) -> Self {
        let p = p.unwrap_or_default();
        Self {
            street: p.street,
            city: p.city,
            state: p.state,
            zip: p.zip,
            latitude: p.latitude,
            longitude: p.longitude,
        }
    }
}

/// `carPhotos` (spec: `carPhotos.primaryPhoto`).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CarPhotos {
    primary_photo: String,
}

/// A recorded step: the server's time, the captain's position, the photos.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TaskStepRecord {
    step: TaskStep,
    at: String,
    latitude: f64,
    longitude: f64,
    photo_urls: Vec<String>,
}

fn steps(list: Vec<pb::StepRecord>) -> Vec<TaskStepRecord> {
    list.into_iter()
        .map(|s| TaskStepRecord {
            step: s.step().into(),
            at: s.at,
            latitude: s.latitude,
            longitude: s.longitude,
            photo_urls: s.photo_urls,
        })
        .collect()
}

fn some(s: String) -> Option<String> {
    (!s.is_empty()).then_some(s)
}

/// A captain task (spec 001 section 3) with its plan and steps.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CaptainTask {
    task_id: String,
    trip_id: String,
    task_type: TaskType,
    status: TaskStatus,
    /// The last step recorded, null before the first.
    step: Option<TaskStep>,
    /// The next step to record, null when done (or cancelled).
    next_step: Option<TaskStep>,
    guest_name: String,
    /// At the guest: the trip's start (delivery) or end (return), RFC 3339.
    scheduled_time: String,
    /// Where the car is taken.
    pickup_location: TaskPlace,
    /// Where the car is left.
    delivery_location: TaskPlace,
    car_id: String,
    car_make: String,
    car_model: String,
    car_photos: CarPhotos,
    /// 1-based position in the captain's route of the day.
    route_order: i32,
    /// Planned arrival at the pickup and the delivery location (RFC 3339).
    eta_pickup: Option<String>,
    eta_delivery: Option<String>,
    /// The plan cannot meet the guest on time.
    late: bool,
    time_zone: String,
    date: String,
    steps: Vec<TaskStepRecord>,
}

impl From<pb::Task> for CaptainTask {
    fn from(t: pb::Task) -> Self {
        Self {
            task_type: t.task_type().into(),
            status: t.status().into(),
            step: TaskStep::specified(t.step()),
            next_step: TaskStep::specified(t.next_step()),
            task_id: t.task_id,
            trip_id: t.trip_id,
            guest_name: t.guest_name,
            scheduled_time: t.scheduled_time,
            pickup_location: t.pickup_location.into(),
            delivery_location: t.delivery_location.into(),
            car_id: t.car_id,
            car_make: t.car_make,
            car_model: t.car_model,
            car_photos: CarPhotos { primary_photo: t.car_photo },
            route_order: t.route_order,
            eta_pickup: some(t.eta_pickup),
            eta_delivery: some(t.eta_delivery),
            late: t.late,
            time_zone: t.time_zone,
            date: t.local_date,
            steps: steps(t.steps),
        }
    }
}

/// `GET /tasks?date`.
#[derive(Debug, Deserialize, Default, IntoParams)]
#[serde(default)]
#[into_params(parameter_in = Query)]
pub struct TasksQuery {
    /// The day, `yyyy-MM-dd` (at the cars' places).
    date: Text,
}

/// The captain's tasks of a day.
#[derive(Debug, Serialize, ToSchema)]
pub struct TasksAnswer {
    status: bool,
    date: String,
    count: usize,
    data: Vec<CaptainTask>,
}

/// The calling captain's tasks of a date, in route order (400 `invalid_date` for a date that
/// is not `yyyy-MM-dd`).
#[utoipa::path(tag = "captains", params(TasksQuery), responses((status = 200, body = TasksAnswer)), security(("bearer" = [])))]
#[get("/tasks")]
pub async fn tasks(
    state: State,
    captain: AuthCaptain,
    q: Query<TasksQuery>,
) -> HttpResult<Json<TasksAnswer>> {
    let msg = pb::ListTasksRequest { date: q.into_inner().date.into() };
    let r = state.captains.clone().list_tasks(request(msg, Some(&captain.0))).await?.into_inner();
    let data: Vec<CaptainTask> = r.tasks.into_iter().map(CaptainTask::from).collect();
    Ok(Json(TasksAnswer { status: true, date: r.date, count: data.len(), data }))
}

/// One task.
#[derive(Debug, Serialize, ToSchema)]
pub struct TaskAnswer {
    status: bool,
    message: String,
    data: CaptainTask,
}

fn task_answer(r: pb::TaskReply) -> Json<TaskAnswer> {
    Json(TaskAnswer {
        status: true,
        message: r.message,
        data: CaptainTask::from(r.task.unwrap_or_default()),
    })
}

/// One of the calling captain's tasks (another captain's is 404 `task_not_found`).
#[utoipa::path(tag = "captains", responses((status = 200, body = TaskAnswer)), security(("bearer" = [])))]
#[get("/captains/tasks/{id}")]
pub async fn task(
    state: State,
    captain: AuthCaptain,
    id: web::Path<String>,
) -> HttpResult<Json<TaskAnswer>> {
    let msg = pb::TaskIdRequest { task_id: id.into_inner() };
    let r = state.captains.clone().get_task(request(msg, Some(&captain.0))).await?.into_inner();
    Ok(task_answer(r))
}

/// `captains/tasks/update/{id}`.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct UpdateTaskBody {
    /// The step to record: picked_up_from_host, delivered_to_guest (delivery) or
    /// picked_up_from_guest, delivered_to_host (return), in that order.
    #[serde(alias = "status")]
    step: Text,
    /// The captain's position (both or neither).
    latitude: Number,
    longitude: Number,
    /// URLs of photos the captain uploaded (`captains/image/generatePresignedUrlsForUpload`).
    #[serde(alias = "photos", alias = "images")]
    photo_urls: Texts,
}

/// Records the next step of the calling captain's task, with the server's time, the position
/// and photos: forward only (409 `step_out_of_order`, `step_already_recorded`), only by the
/// assigned captain (404 otherwise). The guest's handover photos become the trip's check-in
/// (delivered_to_guest) or checkout (picked_up_from_guest) evidence.
#[utoipa::path(tag = "captains", request_body = UpdateTaskBody, responses((status = 200, body = TaskAnswer)), security(("bearer" = [])))]
#[post("/captains/tasks/update/{id}")]
pub async fn update_task(
    state: State,
    captain: AuthCaptain,
    id: web::Path<String>,
    body: Json<UpdateTaskBody>,
) -> HttpResult<Json<TaskAnswer>> {
    let body = body.into_inner();
    let photos = stored_photos(&state, &captain.0, body.photo_urls.into_vec())
        .await?
        .into_iter()
        .map(|p| pb::Photo { url: p.url, sha256: p.sha256 })
        .collect();
    let msg = pb::UpdateTaskRequest {
        task_id: id.into_inner(),
        step: body.step.into(),
        latitude: body.latitude.0,
        longitude: body.longitude.0,
        photos,
    };
    let r = state.captains.clone().update_task(request(msg, Some(&captain.0))).await?.into_inner();
    Ok(task_answer(r))
}

/// A delivery or return as the guest follows it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryTask {
    task_id: String,
    task_type: TaskType,
    status: TaskStatus,
    step: Option<TaskStep>,
    scheduled_time: String,
    /// When the captain is expected at the guest: from their last position once on the way,
    /// else from the plan (RFC 3339; null when cancelled).
    eta: Option<String>,
    captain_first_name: Option<String>,
    late: bool,
    steps: Vec<TaskStepRecord>,
}

/// A trip's deliveries.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryAnswer {
    status: bool,
    trip_id: String,
    data: Vec<DeliveryTask>,
}

/// The delivery and return of a trip for its guest or host (or an admin): each task's step,
/// the captain's first name and the ETA. A trip without delivery, or someone else's, is 404.
#[utoipa::path(tag = "trips", responses((status = 200, body = DeliveryAnswer)), security(("bearer" = [])))]
#[get("/trips/getDeliveryTasks/{tripId}")]
pub async fn delivery_tasks(
    state: State,
    user: AuthUser,
    id: web::Path<String>,
) -> HttpResult<Json<DeliveryAnswer>> {
    let msg = pb::TripTasksRequest { trip_id: id.into_inner() };
    let r = state.captains.clone().get_trip_tasks(request(msg, Some(&user.0))).await?.into_inner();
    Ok(Json(DeliveryAnswer {
        status: true,
        trip_id: r.trip_id,
        data: r
            .tasks
            .into_iter()
            .map(|t| DeliveryTask {
                task_type: t.task_type().into(),
                status: t.status().into(),
                step: TaskStep::specified(t.step()),
                task_id: t.task_id,
                scheduled_time: t.scheduled_time,
                eta: some(t.eta),
                captain_first_name: some(t.captain_first_name),
                late: t.late,
                steps: steps(t.steps),
            })
            .collect(),
    }))
}
