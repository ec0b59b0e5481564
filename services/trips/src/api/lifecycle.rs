//! Accepting, rejecting and cancelling trips: the domain decides who may and from which
//! status; every change is recorded in the history and published; money follows the
//! cancellation policy as pricing computes it, settled on the hold and in the ledger.

use crate::api::access::{Transition, load_for, reread};
use crate::api::history::{Change, record};
use crate::api::idempotent;
use crate::api::peers::request;
use crate::api::view::reply_with;
use crate::error::{TripsError, TripsResult};
use crate::state::AppState;
use crate::store::ledger::{self, Entry};
use crate::store::payments;
use crate::store::trips::{self, StatusChange, TripRow};
use diesel_async::{AsyncConnection, AsyncPgConnection};
use trips_domain::holds;
use trips_domain::{Action, TripStatus};
use upcar_identity::Identity;
use upcar_proto::pricing as ppb;
use upcar_proto::trips as pb;

/// A cancellation or rejection reason: at most 1000 characters.
fn reason(s: &str, field: &'static str) -> TripsResult<String> {
    let s = s.trim();
    if s.chars().count() > 1000 {
        return Err(TripsError::ReasonTooLong(field));
    }
    Ok(s.to_owned())
}

/// `trips/acceptTrip/{id}`: the host confirms a request; on a confirmed trip nothing changes.
pub async fn accept_trip(state: &AppState, who: Identity, id: &str) -> TripsResult<pb::TripReply> {
    let mut conn = state.conn().await?;
    let reply = conn
        .transaction::<_, TripsError, _>(async |c| {
            let now = state.clock.now();
            let Transition { trip: t, actor, from, to } =
                load_for(c, &who, id, Action::Accept).await?;
            if from == to {
                return reply_with(c, &t, &who, "The trip is already confirmed.", now).await;
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
            record(c, &t, &who, Change { actor, from, to, action: Action::Accept }, "", now)
                .await?;
            let t = reread(c, t.id).await?;
            crate::events::confirmed(c, &t, now).await?;
            reply_with(c, &t, &who, "Booking accepted.", now).await
        })
        .await?;
    state.relay.wake();
    Ok(reply)
}

/// Settles a trip's hold after a cancellation or rejection: `captured` is charged (the rest
/// released) and split in the ledger between the host and the platform.
async fn settle(
    state: &AppState,
    c: &mut AsyncPgConnection,
    t: &TripRow,
    captured: i64,
    owner_earns: i64,
) -> TripsResult<()> {
    let Some(mut hold) = payments::hold_of(c, t.id).await? else { return Ok(()) };
    let now = state.clock.now();
    let standing = |h: &payments::HoldRow| h.lapses_at.is_some_and(|l| holds::capturable(l, now));
    if !matches!(hold.status.as_str(), "authorized" | "scheduled" | "failed") {
        return Ok(());
    }
    let mut captured = captured.clamp(0, hold.amount_cents);
    // A fee owed on a card not (or no longer) authorised is authorised now, off-session; a
    // refused card leaves the fee unpaid (logged) rather than the cancellation refused.
    if captured > 0 && !(hold.status == "authorized" && standing(&hold)) {
        let card = payments::primary(c, t.guest_id)
            .await?
            .map_or_else(|| hold.payment_method_id.clone(), |m| m.id);
        match crate::holds::authorize(c, state.payments.as_ref(), &hold, t, &card, now).await? {
            Ok(()) => hold = payments::hold_of(c, t.id).await?.ok_or(TripsError::TripNotFound)?,
            Err(_) => captured = 0,
        }
    }
    if captured == 0 {
        if standing(&hold) {
            state.payments.release(&hold.id).await?;
        }
        payments::settle_hold(c, &hold.id, 0, "released").await?;
        let line = payments::LogLine {
            trip_id: t.id,
            hold_id: &hold.id,
            event: "released",
            amount_cents: hold.amount_cents,
            detail: "cancelled",
            at: now,
        };
        payments::log(c, &line).await?;
    } else {
        state.payments.capture(&hold.id, captured).await?;
        payments::settle_hold(c, &hold.id, captured, "captured").await?;
        let owner = owner_earns.clamp(0, captured);
        let earned = ledger::earning_entries(
            c,
            t.car_id,
            t.owner_id,
            owner,
            &format!("Cancellation earnings, trip {}", t.reservation_number),
        )
        .await?;
        let mut entries = vec![Entry {
            account: format!("guest:{}", t.guest_id),
            user_id: Some(t.guest_id),
            kind: "charge",
            amount_cents: -captured,
            description: format!("Cancellation charge, trip {}", t.reservation_number),
        }];
        entries.extend(earned);
        entries.extend([Entry {
            account: "platform:revenue".to_owned(),
            user_id: None,
            kind: "commission",
            amount_cents: captured - owner,
            description: format!("Cancellation fee, trip {}", t.reservation_number),
        }]);
        ledger::post(c, Some(t.id), &entries).await?;
    }
    let owner_earned = owner_earns.clamp(0, captured);
    let released = hold.amount_cents - captured;
    crate::events::settled(c, t, captured, released, owner_earned, state.clock.now()).await?;
    Ok(())
}

/// `trips/rejectTrip/{id}`: the host turns a request down; the hold is released.
pub async fn reject_trip(
    state: &AppState,
    who: Identity,
    r: pb::RejectTripRequest,
) -> TripsResult<pb::TripReply> {
    let why = reason(&r.reject_reason, "rejectReason")?;
    let mut conn = state.conn().await?;
    let reply = conn
        .transaction::<_, TripsError, _>(async |c| {
            let now = state.clock.now();
            let Transition { trip: t, actor, from, to } =
                load_for(c, &who, &r.trip_id, Action::Reject).await?;
            trips::set_status(
                c,
                &StatusChange {
                    id: t.id,
                    at: now,
                    status: to.as_str(),
                    cancel_reason: None,
                    reject_reason: Some(&why),
                    refund_cents: Some(t.total_cents),
                    cancelled: true,
                },
            )
            .await?;
            record(c, &t, &who, Change { actor, from, to, action: Action::Reject }, &why, now)
                .await?;
            settle(state, c, &t, 0, 0).await?;
            let t = reread(c, t.id).await?;
            crate::events::cancelled(c, &t, now).await?;
            reply_with(c, &t, &who, "Booking rejected.", now).await
        })
        .await?;
    state.relay.wake();
    Ok(reply)
}

/// `trips/cancelTrip`: the guest or the host cancels; the refund follows the policy (pricing
/// computes it; a `refundAmount` sent by the client is only what it showed).
pub async fn cancel_trip(
    state: &AppState,
    who: Identity,
    r: pb::CancelTripRequest,
) -> TripsResult<pb::TripReply> {
    let why = reason(&r.cancel_reason, "cancelReason")?;
    let key = idempotent::key_of(&r.idempotency_key)?;
    let hash = idempotent::fingerprint(&pb::CancelTripRequest {
        idempotency_key: String::new(),
        ..r.clone()
    });
    let mut conn = state.conn().await?;
    let result = conn
        .transaction::<_, TripsError, _>(async |c| {
            if let Some(answer) =
                idempotent::claim_or_replay(c, who.user_id, key.as_deref(), "cancel_trip", &hash)
                    .await?
            {
                return Ok(answer);
            }
            let done = c
                .transaction::<_, TripsError, _>(async |c| {
                    let now = state.clock.now();
                    let Transition { trip: t, actor, from, to } =
                        load_for(c, &who, &r.trip_id, Action::Cancel).await?;
                    let by = if to == TripStatus::CancelledByGuest { "guest" } else { "host" };
                    let split = state
                        .pricing
                        .clone()
                        .get_trip_refund_price(request(
                            ppb::TripRefundRequest {
                                trip_id: t.id.to_string(),
                                cancelled_by: by.to_owned(),
                            },
                            &who,
                        ))
                        .await
                        .map_err(TripsError::upstream)?
                        .into_inner();
                    trips::set_status(
                        c,
                        &StatusChange {
                            id: t.id,
                            at: now,
                            status: to.as_str(),
                            cancel_reason: Some(&why),
                            reject_reason: None,
                            refund_cents: Some(split.refund_cents),
                            cancelled: true,
                        },
                    )
                    .await?;
                    let ch = Change { actor, from, to, action: Action::Cancel };
                    record(c, &t, &who, ch, &format!("{why} ({})", split.message), now).await?;
                    settle(
                        state,
                        c,
                        &t,
                        split.paid_cents - split.refund_cents,
                        split.owner_earns_cents,
                    )
                    .await?;
                    let t = reread(c, t.id).await?;
                    crate::events::cancelled(c, &t, now).await?;
                    reply_with(c, &t, &who, &split.message, now).await
                })
                .await;
            let answer = match done {
                Err(e) if !idempotent::is_answer(&e) => return Err(e),
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
