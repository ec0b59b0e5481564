//! The job that sends hosts' scheduled messages: every few seconds it looks at the trips with a
//! template not yet sent, and writes each due one into the trip's chat room as the host, once
//! (the `scheduled_sends` row is the guard, whichever replica gets there first).

use crate::domain::scheduled::{
    LOOK_BACK_DAYS, Moment, Plan, TripFacts, TripState, local_time, plan, render,
};
use crate::domain::{Channel, UserType};
use crate::state::AppState;
use crate::store::messages::{self, NewMessage};
use crate::store::rooms;
use crate::store::schedule::{self, Pending};
use chrono::{DateTime, Duration, Utc};
use chrono_tz::Tz;
use diesel_async::AsyncConnection;
use std::collections::HashMap;
use std::sync::Arc;
use upcar_proto::messaging as pb;
use uuid::Uuid;

/// Candidates read per page (a round reads every page).
const BATCH: i64 = 500;

/// The facts of a trip as the domain reads them.
pub fn facts(t: &schedule::TripRow) -> TripFacts {
    TripFacts {
        state: TripState::parse(&t.state),
        start: t.start_time,
        end: t.end_time,
        confirmed_at: t.confirmed_at,
        checked_in_at: t.checked_in_at,
        checked_out_at: t.checked_out_at,
    }
}

/// The time zone of a car, Los Angeles when the catalog gives none it knows.
pub fn zone(name: &str) -> Tz {
    name.parse().unwrap_or(chrono_tz::America::Los_Angeles)
}

/// What one round did.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct Round {
    pub sent: usize,
    pub skipped: usize,
}

/// Sends every scheduled message due at `now`, a page of candidates at a time.
pub async fn send_due(state: &AppState, now: DateTime<Utc>) -> anyhow::Result<Round> {
    let mut round = Round::default();
    let mut cars = HashMap::new();
    let mut names: HashMap<Uuid, String> = HashMap::new();
    let mut last: Option<Pending> = None;
    loop {
        let page = {
            let mut conn = state.conn().await?;
            let ended_after = now - Duration::days(LOOK_BACK_DAYS + 1);
            schedule::pending(&mut conn, ended_after, last.as_ref(), BATCH).await?
        };
        let full = page.len() as i64 == BATCH;
        last = page.last().cloned();
        send_page(state, now, page, &mut round, &mut cars, &mut names).await?;
        if !full {
            return Ok(round);
        }
    }
}

async fn send_page(
    state: &AppState,
    now: DateTime<Utc>,
    pending: Vec<Pending>,
    round: &mut Round,
    cars: &mut HashMap<Uuid, crate::cars::CarFacts>,
    names: &mut HashMap<Uuid, String>,
) -> anyhow::Result<()> {
    for p in pending {
        let Some(moment) = Moment::of(&p.template.trigger, p.template.offset_hours) else {
            continue;
        };
        let car = match cars.get(&p.trip.car_id) {
            Some(c) => c,
            None => match state.cars.car(p.trip.car_id).await {
                Ok(c) => cars.entry(p.trip.car_id).or_insert(c.unwrap_or_default()),
                // The catalog did not answer: the trip waits for the next round.
                Err(e) => {
                    tracing::warn!(error = %e, car_id = %p.trip.car_id, "car facts unavailable; scheduled messages wait");
                    continue;
                }
            },
        };
        let tz = zone(&car.time_zone);
        match plan(moment, &facts(&p.trip), tz, now) {
            Plan::Send => {}
            Plan::Never(reason) if reason == "too_late" => {
                // Recorded so the host sees why; a cancelled trip's templates are not.
                let mut conn = state.conn().await?;
                schedule::record(
                    &mut conn,
                    p.trip.trip_id,
                    p.template.template_id,
                    None,
                    reason,
                    now,
                )
                .await?;
                round.skipped += 1;
                continue;
            }
            _ => continue,
        }
        if !names.contains_key(&p.trip.guest_id) || !names.contains_key(&p.trip.host_id) {
            names.extend(
                crate::profiles::first_names(state, &[p.trip.guest_id, p.trip.host_id]).await?,
            );
        }
        let mut values: HashMap<&str, String> = HashMap::new();
        values.insert("guestName", names.get(&p.trip.guest_id).cloned().unwrap_or_default());
        values.insert("hostName", names.get(&p.trip.host_id).cloned().unwrap_or_default());
        values.insert("carName", car.name.clone());
        values.insert("pickupAddress", car.address.clone());
        values.insert("startTime", local_time(p.trip.start_time, tz));
        values.insert("endTime", local_time(p.trip.end_time, tz));
        match render(&p.template.message, &values) {
            Some(text) => {
                if send(state, &p, text, now).await? {
                    round.sent += 1;
                }
            }
            None => {
                let mut conn = state.conn().await?;
                schedule::record(
                    &mut conn,
                    p.trip.trip_id,
                    p.template.template_id,
                    None,
                    "missing_value",
                    now,
                )
                .await?;
                round.skipped += 1;
            }
        }
    }
    Ok(())
}

/// Writes the message into the trip's room as the host, with its `scheduled_sends` row in the
/// same transaction; false when the room is not open yet or another round sent it.
async fn send(
    state: &AppState,
    p: &Pending,
    text: String,
    now: DateTime<Utc>,
) -> anyhow::Result<bool> {
    let mut conn = state.conn().await?;
    let Some(room) = rooms::by_trip(&mut conn, p.trip.trip_id).await? else { return Ok(false) };
    let msg = NewMessage {
        id: Uuid::now_v7(),
        room_id: room.id,
        sender_id: room.host_id,
        sender_type: UserType::Host,
        body: text,
        image_urls: Vec::new(),
        client_key: Some(format!("scheduled:{}", p.template.template_id)),
        created_at: now,
    };
    let stored = conn
        .transaction::<_, anyhow::Error, _>(async |c| {
            if !schedule::record(c, p.trip.trip_id, p.template.template_id, Some(msg.id), "", now)
                .await?
            {
                return Ok(None);
            }
            let row = messages::insert(c, &msg).await?;
            upcar_events::enqueue(c, &crate::api::messages::sent_event(&room, &row)).await?;
            Ok(Some(row))
        })
        .await?;
    drop(conn);
    let Some(row) = stored else { return Ok(false) };
    state.relay.wake();
    state
        .realtime
        .publish(
            Channel::Chat(room.id),
            pb::realtime_event::Event::Message(crate::api::messages::broadcast_of(&row, &room)),
        )
        .await;
    tracing::info!(trip_id = %p.trip.trip_id, template_id = %p.template.template_id, "scheduled message sent");
    Ok(true)
}

/// Runs rounds every `every` until `shutdown`.
pub async fn run(
    state: Arc<AppState>,
    every: std::time::Duration,
    shutdown: tokio_util::sync::CancellationToken,
) {
    let mut tick = tokio::time::interval(every);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            () = shutdown.cancelled() => return,
            _ = tick.tick() => {
                if let Err(e) = send_due(&state, state.clock.now()).await {
                    tracing::warn!(error = %e, "scheduled messages round failed");
                }
            }
        }
    }
}
