//! Check-in and checkout: the handover of the car, documented by photos taken within 30
//! minutes of the event (stored with server time and the content hash the gateway computed).
//! Check-in starts the trip and captures the hold; checkout completes it.

use crate::api::access::{load, reread, role_name};
use crate::api::earnings::split;
use crate::api::history::{Change, record, sign_if_ready};
use crate::api::view::reply_with;
use crate::error::{TripsError, TripsResult};
use crate::state::AppState;
use crate::store::ledger::{self, Entry};
use crate::store::trips::{self, StatusChange, TripRow};
use crate::store::{payments, photos};
use chrono::Duration;
use diesel_async::{AsyncConnection, AsyncPgConnection};
use prost::Message;
use trips_domain::holds;
use trips_domain::photos::{PHOTO_WINDOW_MINUTES, PhotoError, within_window};
use trips_domain::{Action, TripStatus, transition};
use upcar_identity::Identity;
use upcar_proto::pricing as ppb;
use upcar_proto::trips as pb;

/// Photos sent in one call.
const MAX_PHOTOS: usize = 50;

/// The check-in or the checkout.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event {
    CheckIn,
    Checkout,
}

impl Event {
    fn name(self) -> &'static str {
        match self {
            Event::CheckIn => "check_in",
            Event::Checkout => "checkout",
        }
    }
}

fn photo_type(t: &str) -> TripsResult<&'static str> {
    match t.trim() {
        "" | "exterior" => Ok("exterior"),
        "interior" => Ok("interior"),
        _ => Err(PhotoError::BadType.into()),
    }
}

/// Captures the trip's hold in full at check-in and records the split.
async fn capture_at_start(
    state: &AppState,
    c: &mut AsyncPgConnection,
    t: &TripRow,
) -> TripsResult<()> {
    let Some(mut hold) = payments::hold_of(c, t.id).await? else { return Ok(()) };
    let now = state.clock.now();
    let valid = |h: &payments::HoldRow| {
        h.status == "authorized" && h.lapses_at.is_some_and(|l| holds::capturable(l, now))
    };
    if !matches!(hold.status.as_str(), "authorized" | "scheduled" | "failed") {
        return Ok(());
    }
    // Never a capture on a lapsed authorisation: a saved card, a refused one or a lapsed hold
    // is authorised anew first (the guest's primary card).
    if !valid(&hold) {
        let card = payments::primary(c, t.guest_id)
            .await?
            .map_or_else(|| hold.payment_method_id.clone(), |m| m.id);
        if let Err(m) =
            crate::holds::authorize(c, state.payments.as_ref(), &hold, t, &card, now).await?
        {
            return Err(TripsError::CardDeclined(format!(
                "{m} Add another card to start the trip."
            )));
        }
        hold = payments::hold_of(c, t.id).await?.ok_or(TripsError::TripNotFound)?;
    }
    state.payments.capture(&hold.id, hold.amount_cents).await?;
    payments::log(
        c,
        &payments::LogLine {
            trip_id: t.id,
            hold_id: &hold.id,
            event: "captured",
            amount_cents: hold.amount_cents,
            detail: "check-in",
            at: now,
        },
    )
    .await?;
    payments::settle_hold(c, &hold.id, hold.amount_cents, "captured").await?;
    let d = ppb::PriceDetails::decode(t.price_details.as_slice()).map_err(anyhow::Error::from)?;
    let (owner, _platform, tax) = split(&d);
    let total = hold.amount_cents;
    let earned = ledger::earning_entries(
        c,
        t.car_id,
        t.owner_id,
        owner,
        &format!("Earnings, trip {}", t.reservation_number),
    )
    .await?;
    let mut entries = vec![Entry {
        account: format!("guest:{}", t.guest_id),
        user_id: Some(t.guest_id),
        kind: "charge",
        amount_cents: -total,
        description: format!("Trip {}", t.reservation_number),
    }];
    entries.extend(earned);
    entries.extend([
        Entry {
            account: "platform:revenue".to_owned(),
            user_id: None,
            kind: "commission",
            amount_cents: total - owner - tax,
            description: format!("Commission and protection, trip {}", t.reservation_number),
        },
        Entry {
            account: "platform:tax".to_owned(),
            user_id: None,
            kind: "tax",
            amount_cents: tax,
            description: format!("Sales tax, trip {}", t.reservation_number),
        },
    ]);
    ledger::post(c, Some(t.id), &entries).await?;
    crate::events::settled(c, t, total, 0, owner, state.clock.now()).await?;
    Ok(())
}

/// `trips/checkIn/{tripId}` and `trips/checkout/{tripId}`: the first call moves the trip on
/// (check-in opens 30 minutes before the start); photos can be added for 30 minutes after.
pub async fn handover(
    state: &AppState,
    who: Identity,
    event: Event,
    r: pb::TripEventRequest,
) -> TripsResult<pb::TripReply> {
    if r.photos.is_empty() {
        return Err(PhotoError::NoPhotos.into());
    }
    if r.photos.len() > MAX_PHOTOS {
        return Err(TripsError::TooManyPhotos);
    }
    if r.photos.iter().any(|p| p.url.trim().is_empty() || p.sha256.len() != 64) {
        return Err(TripsError::PhotoUrlRequired);
    }
    let kind = photo_type(&r.r#type)?;
    let mut conn = state.conn().await?;
    let reply = conn
        .transaction::<_, TripsError, _>(async |c| {
            let (t, actor, from) = load(c, &who, &r.trip_id, true).await?;
            let now = state.clock.now();
            let (action, moved_to) = match event {
                Event::CheckIn => (Action::CheckIn, TripStatus::InProgress),
                Event::Checkout => (Action::Checkout, TripStatus::Completed),
            };
            let message = if from == moved_to {
                // More photos for an event that happened: by those who may check in or out,
                // only within its window.
                trips_domain::lifecycle::permitted(actor, action)?;
                let at = match event {
                    Event::CheckIn => t.checked_in_at,
                    Event::Checkout => t.checked_out_at,
                }
                .ok_or_else(|| TripsError::Internal(anyhow::anyhow!("event time missing")))?;
                within_window(at, now)?;
                "Photos added."
            } else {
                let to = transition(from, action, actor)?;
                if event == Event::CheckIn
                    && now < t.start_time - Duration::minutes(PHOTO_WINDOW_MINUTES)
                {
                    return Err(TripsError::CheckInNotOpen);
                }
                trips::set_status(
                    c,
                    &StatusChange {
                        id: t.id,
                        at: now,
                        status: to.as_str(),
                        cancel_reason: None,
                        reject_reason: None,
                        refund_cents: None,
                        cancelled: false,
                    },
                )
                .await?;
                trips::mark_event(c, t.id, event.name(), now).await?;
                record(c, &t, &who, Change { actor, from, to, action }, "", now).await?;
                let t2 = reread(c, t.id).await?;
                match event {
                    Event::CheckIn => {
                        capture_at_start(state, c, &t2).await?;
                        crate::events::checked_in(c, &t2, now).await?;
                    }
                    Event::Checkout => {
                        crate::events::checked_out(c, &t2, now).await?;
                        sign_if_ready(c, &t2, now).await?;
                    }
                }
                if event == Event::CheckIn {
                    "Checked in. Enjoy the trip!"
                } else {
                    "Checked out. Thanks for the trip!"
                }
            };
            for p in &r.photos {
                photos::insert(
                    c,
                    &photos::PhotoRow {
                        trip_id: t.id,
                        event: event.name().to_owned(),
                        photo_type: kind.to_owned(),
                        url: p.url.trim().to_owned(),
                        sha256: p.sha256.clone(),
                        uploaded_by: who.user_id,
                        role: role_name(actor).to_owned(),
                        created_at: now,
                    },
                )
                .await?;
            }
            let t = reread(c, t.id).await?;
            reply_with(c, &t, &who, message, now).await
        })
        .await?;
    state.relay.wake();
    Ok(reply)
}

/// `trips/getCheckInAndCheckoutPhotos/{id}`.
pub async fn trip_photos(
    state: &AppState,
    who: &Identity,
    id: &str,
) -> TripsResult<pb::TripPhotosReply> {
    let mut conn = state.conn().await?;
    let (t, _, _) = load(&mut conn, who, id, false).await?;
    let rows = photos::for_trip(&mut conn, t.id).await?;
    let of = |e: &str| {
        rows.iter()
            .filter(|p| p.event == e)
            .map(|p| pb::TripPhoto {
                url: p.url.clone(),
                sha256: p.sha256.clone(),
                r#type: p.photo_type.clone(),
                uploaded_by_role: crate::api::convert::role(&p.role) as i32,
                taken_at: p.created_at.to_rfc3339(),
            })
            .collect()
    };
    Ok(pb::TripPhotosReply { check_in: of("check_in"), checkout: of("checkout") })
}
