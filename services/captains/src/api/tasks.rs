//! A captain's tasks: the day's list in route order, one task, recording a step; and a trip's
//! tasks as its guest sees them (the step, the captain and the ETA).

use crate::cars::Place;
use crate::dispatch::point;
use crate::domain::dispatch::HANDOVER;
use crate::domain::geo::{Point, drive};
use crate::domain::tasks::{Step, TaskKind, next_step};
use crate::error::{CaptainsError, CaptainsResult};
use crate::state::AppState;
use crate::store::{self, StepRow, TaskRow};
use chrono::{DateTime, NaiveDate, Utc};
use diesel_async::{AsyncConnection, AsyncPgConnection};
use std::collections::HashMap;
use upcar_identity::{Identity, Role};
use upcar_proto::captains as pb;
use upcar_proto::events::{CaptainPhoto, TaskStepRecorded};
use uuid::Uuid;

/// Photos one step takes.
pub const MAX_PHOTOS: usize = 20;

fn captain(identity: Option<&Identity>) -> CaptainsResult<&Identity> {
    match identity {
        None => Err(CaptainsError::SignInRequired),
        Some(i) if i.role == Role::Captain => Ok(i),
        Some(_) => Err(CaptainsError::CaptainOnly),
    }
}

/// A date as the dashboard sends it: exactly `yyyy-MM-dd`.
pub fn date(raw: &str) -> CaptainsResult<NaiveDate> {
    let s = raw.trim();
    if s.is_empty() {
        return Err(CaptainsError::DateRequired);
    }
    if s.len() != 10 {
        return Err(CaptainsError::InvalidDate);
    }
    NaiveDate::parse_from_str(s, "%Y-%m-%d").map_err(|_| CaptainsError::InvalidDate)
}

fn rfc(t: Option<DateTime<Utc>>) -> String {
    t.map(|t| t.to_rfc3339()).unwrap_or_default()
}

fn place(v: &serde_json::Value) -> pb::Place {
    let p: Place = serde_json::from_value(v.clone()).unwrap_or_default();
    pb::Place {
        street: p.street,
        city: p.city,
        state: p.state,
        zip: p.zip,
        latitude: p.latitude,
        longitude: p.longitude,
    }
}

/// A stored task type on the wire.
fn kind_of(stored: &str) -> pb::TaskType {
    match TaskKind::parse(stored) {
        Some(TaskKind::DeliveryToGuest) => pb::TaskType::DeliveryToGuest,
        Some(TaskKind::ReturnToHost) => pb::TaskType::ReturnToHost,
        None => pb::TaskType::Unspecified,
    }
}

/// A step on the wire (unspecified: none).
fn wire_step(s: Option<Step>) -> pb::TaskStep {
    match s {
        Some(Step::PickedUpFromHost) => pb::TaskStep::PickedUpFromHost,
        Some(Step::DeliveredToGuest) => pb::TaskStep::DeliveredToGuest,
        Some(Step::PickedUpFromGuest) => pb::TaskStep::PickedUpFromGuest,
        Some(Step::DeliveredToHost) => pb::TaskStep::DeliveredToHost,
        None => pb::TaskStep::Unspecified,
    }
}

/// A stored task status (`tasks.status`) on the wire.
fn status_of(stored: &str) -> pb::TaskStatus {
    match stored {
        "scheduled" => pb::TaskStatus::Scheduled,
        "in_progress" => pb::TaskStatus::InProgress,
        "completed" => pb::TaskStatus::Completed,
        "cancelled" => pb::TaskStatus::Cancelled,
        _ => pb::TaskStatus::Unspecified,
    }
}

/// The last step a task recorded.
fn last_step(t: &TaskRow) -> Option<Step> {
    t.step.as_deref().and_then(Step::parse)
}

/// The step to record next: none once done or cancelled.
fn following(t: &TaskRow) -> Option<Step> {
    let kind = TaskKind::parse(&t.kind)?;
    (t.status != "cancelled").then(|| kind.following(last_step(t))).flatten()
}

fn step_of(s: &StepRow) -> pb::StepRecord {
    pb::StepRecord {
        step: wire_step(Step::parse(&s.step)) as i32,
        at: s.at.to_rfc3339(),
        latitude: s.latitude.unwrap_or_default(),
        longitude: s.longitude.unwrap_or_default(),
        photo_urls: s
            .photos
            .as_array()
            .map(|a| a.iter().filter_map(|p| p["url"].as_str().map(str::to_owned)).collect())
            .unwrap_or_default(),
    }
}

fn task_of(t: &TaskRow, guest_name: &str, steps: &[&StepRow]) -> pb::Task {
    pb::Task {
        task_id: t.id.to_string(),
        trip_id: t.trip_id.to_string(),
        task_type: kind_of(&t.kind) as i32,
        status: status_of(&t.status) as i32,
        step: wire_step(last_step(t)) as i32,
        next_step: wire_step(following(t)) as i32,
        guest_id: t.guest_id.to_string(),
        guest_name: guest_name.to_owned(),
        scheduled_time: t.scheduled_at.to_rfc3339(),
        pickup_location: Some(place(&t.from_place)),
        delivery_location: Some(place(&t.to_place)),
        car_id: t.car_id.to_string(),
        car_make: t.car_make.clone(),
        car_model: t.car_model.clone(),
        car_photo: t.car_photo.clone(),
        captain_id: t.captain_id.map(|c| c.to_string()).unwrap_or_default(),
        route_order: t.route_order.unwrap_or_default(),
        eta_pickup: rfc(t.eta_first),
        eta_delivery: rfc(t.eta_second),
        late: t.late,
        steps: steps.iter().map(|s| step_of(s)).collect(),
        time_zone: t.time_zone.clone(),
        local_date: t.local_date.format("%Y-%m-%d").to_string(),
    }
}

/// Guests' names ("Ada L."), best effort: a card shows no name rather than fail the list.
async fn guest_names(state: &AppState, ids: Vec<Uuid>) -> HashMap<Uuid, String> {
    let mut ids = ids;
    ids.sort_unstable();
    ids.dedup();
    let req = upcar_proto::accounts::PublicProfilesRequest {
        ids: ids.iter().map(Uuid::to_string).collect(),
    };
    match state.accounts.clone().get_public_profiles(upcar_identity::outgoing(req, None)).await {
        Ok(r) => r
            .into_inner()
            .profiles
            .into_iter()
            .filter_map(|p| {
                let id = p.id.parse().ok()?;
                let initial =
                    p.last_name.chars().next().map(|c| format!(" {c}.")).unwrap_or_default();
                Some((id, format!("{}{initial}", p.first_name.trim())))
            })
            .collect(),
        Err(e) => {
            tracing::warn!(error = %e, "accounts did not give the guests' names");
            HashMap::new()
        }
    }
}

async fn answer(
    state: &AppState,
    conn: &mut AsyncPgConnection,
    rows: &[TaskRow],
) -> CaptainsResult<Vec<pb::Task>> {
    let ids: Vec<Uuid> = rows.iter().map(|t| t.id).collect();
    let steps = store::steps_of(conn, &ids).await?;
    let names = guest_names(state, rows.iter().map(|t| t.guest_id).collect()).await;
    Ok(rows
        .iter()
        .map(|t| {
            let mine: Vec<&StepRow> = steps.iter().filter(|s| s.task_id == t.id).collect();
            task_of(t, names.get(&t.guest_id).map(String::as_str).unwrap_or_default(), &mine)
        })
        .collect())
}

/// `GET /tasks?date`: the calling captain's tasks of the date, in route order.
pub async fn list(
    state: &AppState,
    who: Option<&Identity>,
    raw_date: &str,
) -> CaptainsResult<pb::TasksReply> {
    let me = captain(who)?;
    let day = date(raw_date)?;
    let mut conn = state.conn().await?;
    let rows = store::captain_tasks(&mut conn, me.user_id, day).await?;
    Ok(pb::TasksReply {
        date: day.format("%Y-%m-%d").to_string(),
        tasks: answer(state, &mut conn, &rows).await?,
    })
}

fn task_id(raw: &str) -> CaptainsResult<Uuid> {
    raw.trim().parse().map_err(|_| CaptainsError::TaskNotFound)
}

/// One task of the calling captain; another captain's is not found.
pub async fn get(
    state: &AppState,
    who: Option<&Identity>,
    raw_id: &str,
) -> CaptainsResult<pb::TaskReply> {
    let me = captain(who)?;
    let id = task_id(raw_id)?;
    let mut conn = state.conn().await?;
    let row = store::task(&mut conn, id, false).await?.filter(|t| t.captain_id == Some(me.user_id));
    let row = row.ok_or(CaptainsError::TaskNotFound)?;
    let task = answer(state, &mut conn, std::slice::from_ref(&row)).await?.pop();
    Ok(pb::TaskReply { task, message: String::new() })
}

/// A step's position: both or neither, on the map.
fn position(lat: Option<f64>, lng: Option<f64>) -> CaptainsResult<Option<Point>> {
    match (lat, lng) {
        (None, None) => Ok(None),
        (Some(lat), Some(lng))
            if (-90.0..=90.0).contains(&lat) && (-180.0..=180.0).contains(&lng) =>
        {
            Ok(Some(Point { lat, lng }))
        }
        _ => Err(CaptainsError::InvalidPosition),
    }
}

/// A step's photos: at most [`MAX_PHOTOS`], each a stored file's URL with its content hash.
fn photos(list: &[pb::Photo]) -> CaptainsResult<Vec<CaptainPhoto>> {
    if list.len() > MAX_PHOTOS {
        return Err(CaptainsError::InvalidPhotos);
    }
    list.iter()
        .map(|p| {
            let url = p.url.trim();
            let hash = p.sha256.trim();
            let ok = (url.starts_with("https://") || url.starts_with("http://"))
                && url.len() <= 2048
                && hash.len() == 64
                && hash.chars().all(|c| c.is_ascii_hexdigit() && !c.is_ascii_uppercase());
            if ok {
                Ok(CaptainPhoto { url: url.to_owned(), sha256: hash.to_owned() })
            } else {
                Err(CaptainsError::InvalidPhotos)
            }
        })
        .collect()
}

/// When the captain reaches the guest, as far as the task tells: from the position of the step
/// that set off towards them, else the plan.
pub fn eta_at_guest(t: &TaskRow, steps: &[&StepRow]) -> Option<DateTime<Utc>> {
    let kind = TaskKind::parse(&t.kind)?;
    match kind {
        TaskKind::DeliveryToGuest => {
            if let Some(done) = steps.iter().find(|s| s.step == Step::DeliveredToGuest.as_str()) {
                return Some(done.at);
            }
            if let Some(left) = steps.iter().find(|s| s.step == Step::PickedUpFromHost.as_str()) {
                let from = match (left.latitude, left.longitude) {
                    (Some(lat), Some(lng)) => Point { lat, lng },
                    _ => point(&t.from_place),
                };
                return Some(left.at + HANDOVER + drive(from, point(&t.to_place)));
            }
            t.eta_second
        }
        TaskKind::ReturnToHost => {
            if let Some(met) = steps.iter().find(|s| s.step == Step::PickedUpFromGuest.as_str()) {
                return Some(met.at);
            }
            t.eta_first
        }
    }
}

/// `captains/tasks/update/{id}`: records the next step of the calling captain's task with the
/// server's time, the captain's position and photos, and publishes it.
pub async fn update(
    state: &AppState,
    who: Option<&Identity>,
    r: pb::UpdateTaskRequest,
) -> CaptainsResult<pb::TaskReply> {
    let me = captain(who)?;
    let id = task_id(&r.task_id)?;
    let step = Step::parse(&r.step).ok_or(CaptainsError::InvalidStep)?;
    let at_point = position(r.latitude, r.longitude)?;
    let shots = photos(&r.photos)?;
    let now = state.clock.now();
    let mut conn = state.conn().await?;
    let row = conn
        .transaction::<TaskRow, CaptainsError, _>(async |c| {
            let t = store::task(c, id, true).await?.filter(|t| t.captain_id == Some(me.user_id));
            let t = t.ok_or(CaptainsError::TaskNotFound)?;
            let kind =
                TaskKind::parse(&t.kind).ok_or_else(|| anyhow::anyhow!("bad kind {}", t.kind))?;
            next_step(kind, last_step(&t), step, t.status == "cancelled")?;
            let record = StepRow {
                task_id: t.id,
                step: step.as_str().to_owned(),
                captain_id: me.user_id,
                at: now,
                latitude: at_point.map(|p| p.lat),
                longitude: at_point.map(|p| p.lng),
                photos: serde_json::to_value(
                    shots
                        .iter()
                        .map(|p| serde_json::json!({"url": p.url, "sha256": p.sha256}))
                        .collect::<Vec<_>>(),
                )
                .unwrap_or_default(),
            };
            store::insert_step(c, &record).await?;
            let t = store::task(c, id, false).await?.ok_or(CaptainsError::TaskNotFound)?;
            let steps = store::steps_of(c, &[t.id]).await?;
            let refs: Vec<&StepRow> = steps.iter().collect();
            let heading_to_guest = step == Step::PickedUpFromHost;
            let first_name = store::captain_name(c, me.user_id).await?.unwrap_or_default();
            upcar_events::enqueue(
                c,
                &TaskStepRecorded {
                    task_id: t.id.to_string(),
                    trip_id: t.trip_id.to_string(),
                    captain_id: me.user_id.to_string(),
                    guest_id: t.guest_id.to_string(),
                    task_type: kind_of(&t.kind) as i32,
                    step: wire_step(Some(step)) as i32,
                    at: now.to_rfc3339(),
                    latitude: record.latitude.unwrap_or_default(),
                    longitude: record.longitude.unwrap_or_default(),
                    photos: shots.clone(),
                    eta: if heading_to_guest {
                        rfc(eta_at_guest(&t, &refs))
                    } else {
                        String::new()
                    },
                    captain_first_name: first_name,
                    time_zone: t.time_zone.clone(),
                },
            )
            .await?;
            Ok(t)
        })
        .await?;
    state.relay.wake();
    tracing::info!(task_id = %id, step = step.as_str(), captain_id = %me.user_id, "task step recorded");
    let task = answer(state, &mut conn, std::slice::from_ref(&row)).await?.pop();
    Ok(pb::TaskReply { task, message: format!("Task updated: {}", step.as_str()) })
}

/// A trip's tasks for its guest, its host or an admin; anyone else (and a trip without
/// delivery) is not found.
pub async fn for_trip(
    state: &AppState,
    who: Option<&Identity>,
    raw_trip: &str,
) -> CaptainsResult<pb::TripTasksReply> {
    let me = match who {
        None => return Err(CaptainsError::SignInRequired),
        Some(i) if i.role == Role::Captain => return Err(CaptainsError::NotForCaptains),
        Some(i) => i,
    };
    let trip: Uuid = raw_trip.trim().parse().map_err(|_| CaptainsError::TripNotFound)?;
    let mut conn = state.conn().await?;
    let (guest, owner) =
        store::trip_parties(&mut conn, trip).await?.ok_or(CaptainsError::TripNotFound)?;
    if me.role != Role::Admin && me.user_id != guest && me.user_id != owner {
        return Err(CaptainsError::TripNotFound);
    }
    let rows = store::trip_tasks(&mut conn, trip).await?;
    let ids: Vec<Uuid> = rows.iter().map(|t| t.id).collect();
    let steps = store::steps_of(&mut conn, &ids).await?;
    let mut tasks = Vec::with_capacity(rows.len());
    for t in &rows {
        let mine: Vec<&StepRow> = steps.iter().filter(|s| s.task_id == t.id).collect();
        let name = match t.captain_id {
            Some(c) => store::captain_name(&mut conn, c).await?.unwrap_or_default(),
            None => String::new(),
        };
        tasks.push(pb::TripTask {
            task_id: t.id.to_string(),
            task_type: kind_of(&t.kind) as i32,
            status: status_of(&t.status) as i32,
            step: wire_step(last_step(t)) as i32,
            scheduled_time: t.scheduled_at.to_rfc3339(),
            eta: if t.status == "cancelled" { String::new() } else { rfc(eta_at_guest(t, &mine)) },
            captain_first_name: name,
            late: t.late,
            steps: mine.iter().map(|s| step_of(s)).collect(),
        });
    }
    Ok(pb::TripTasksReply { trip_id: trip.to_string(), tasks })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_dashboard_date_is_exactly_yyyy_mm_dd() {
        assert_eq!(date("2026-12-01").unwrap(), NaiveDate::from_ymd_opt(2026, 12, 1).unwrap());
        assert!(matches!(date(""), Err(CaptainsError::DateRequired)));
        for bad in
            ["2026-13-01", "2026-2-01", "01/12/2026", "2026-12-01T00:00", "tomorrow", "2026-02-30"]
        {
            assert!(matches!(date(bad), Err(CaptainsError::InvalidDate)), "{bad}");
        }
    }

    #[test]
    fn a_position_is_both_coordinates_on_the_map_or_none() {
        assert_eq!(position(None, None).unwrap(), None);
        assert!(position(Some(37.5), Some(-122.0)).unwrap().is_some());
        for (lat, lng) in [
            (Some(1.0), None),
            (None, Some(1.0)),
            (Some(91.0), Some(0.0)),
            (Some(0.0), Some(181.0)),
        ] {
            assert!(matches!(position(lat, lng), Err(CaptainsError::InvalidPosition)));
        }
    }

    #[test]
    fn photos_are_stored_files_with_their_hash() {
        let good = pb::Photo {
            url: "http://127.0.0.1:8080/v1/files/x.jpg".into(),
            sha256: "a".repeat(64),
        };
        assert_eq!(photos(std::slice::from_ref(&good)).unwrap().len(), 1);
        let bad_hash = pb::Photo { sha256: "A".repeat(64), ..good.clone() };
        let bad_url = pb::Photo { url: "javascript:alert(1)".into(), ..good.clone() };
        for p in [bad_hash, bad_url] {
            assert!(matches!(photos(&[p]), Err(CaptainsError::InvalidPhotos)));
        }
        assert!(matches!(photos(&vec![good; MAX_PHOTOS + 1]), Err(CaptainsError::InvalidPhotos)));
    }
}
