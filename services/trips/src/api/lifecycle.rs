//! Accepting, rejecting and cancelling trips: the domain decides who may and from which
//! status; every change is recorded in the history and published; money follows the
//! cancellation policy as pricing computes it, settled on the hold and in the ledger.

use crate::api::idempotent;
use crate::api::read::{actor_of, reply_with, trip_id};
use crate::error::{TripsError, TripsResult};
use crate::state::AppState;
use crate::store::ledger::{self, Entry};
use crate::store::payments;
use crate::store::trips::{self, HistoryRow, StatusChange, TripRow};
use chrono::Utc;
use diesel_async::{AsyncConnection, AsyncPgConnection};
use trips_domain::{Action, Actor, TripStatus, transition};
use upcar_identity::Identity;
use upcar_proto::pricing as ppb;
use upcar_proto::trips as pb;

fn request<T>(msg: T, who: &Identity) -> tonic::Request<T> {
    upcar_identity::outgoing(msg, Some(who))
}

fn reason(s: &str, field: &str) -> TripsResult<String> {
    let s = s.trim();
    if s.chars().count() > 1000 {
        return Err(TripsError::Invalid(format!("{field} is too long (1000 characters at most).")));
    }
    Ok(s.to_owned())
}

/// Loads the trip for a change (locked), and the status the action leads to.
async fn load_for(
    c: &mut AsyncPgConnection,
    who: &Identity,
    id: &str,
    action: Action,
) -> TripsResult<(TripRow, Actor, TripStatus, TripStatus)> {
    let id = trip_id(id)?;
    let t = trips::get(c, id, true).await?.ok_or(TripsError::TripNotFound)?;
    let actor = actor_of(c, &t, who).await?;
    if !actor.may_read() {
        return Err(TripsError::TripNotFound);
    }
    let from = TripStatus::parse(&t.status)
        .ok_or_else(|| TripsError::Internal(anyhow::anyhow!("bad status {}", t.status)))?;
    let to = transition(from, action, actor)?;
    Ok((t, actor, from, to))
}

/// One transition of a trip, for the history.
pub struct Change {
    pub actor: Actor,
    pub from: TripStatus,
    pub to: TripStatus,
    pub action: Action,
}

pub async fn record(
    c: &mut AsyncPgConnection,
    t: &TripRow,
    who: &Identity,
    ch: Change,
    why: &str,
) -> TripsResult<()> {
    let Change { actor, from, to, action } = ch;
    trips::append_history(
        c,
        &HistoryRow {
            trip_id: t.id,
            from_status: from.as_str().to_owned(),
            to_status: to.as_str().to_owned(),
            action: action.as_str().to_owned(),
            actor_id: Some(who.user_id),
            actor_role: crate::api::read::history_role(actor).to_owned(),
            reason: why.to_owned(),
            at: Utc::now(),
        },
    )
    .await?;
    Ok(())
}

/// `trips/acceptTrip/{id}`: the host confirms a request; on a confirmed trip nothing changes.
pub async fn accept_trip(state: &AppState, who: Identity, id: &str) -> TripsResult<pb::TripReply> {
    let mut conn = state.conn().await?;
    let reply = conn
        .transaction::<_, TripsError, _>(async |c| {
            let (t, actor, from, to) = load_for(c, &who, id, Action::Accept).await?;
            if from == to {
                return reply_with(c, &t, &who, "The trip is already confirmed.").await;
            }
            trips::set_status(
                c,
                &StatusChange {
                    id: t.id,
                    status: to.as_str(),
                    cancel_reason: None,
                    reject_reason: None,
                    refund_cents: None,
                    cancelled: false,
                },
            )
            .await?;
            record(c, &t, &who, Change { actor, from, to, action: Action::Accept }, "").await?;
            let t = trips::get(c, t.id, false).await?.ok_or(TripsError::TripNotFound)?;
            crate::events::confirmed(c, &t).await?;
            reply_with(c, &t, &who, "Booking accepted.").await
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
    let Some(hold) = payments::hold_of(c, t.id).await? else { return Ok(()) };
    if hold.status != "authorized" {
        return Ok(());
    }
    let captured = captured.clamp(0, hold.amount_cents);
    if captured == 0 {
        state.payments.release(&hold.id).await?;
        payments::settle_hold(c, &hold.id, 0, "released").await?;
    } else {
        state.payments.capture(&hold.id, captured).await?;
        payments::settle_hold(c, &hold.id, captured, "captured").await?;
        let owner = owner_earns.clamp(0, captured);
        ledger::post(
            c,
            Some(t.id),
            &[
                Entry {
                    account: format!("guest:{}", t.guest_id),
                    user_id: Some(t.guest_id),
                    kind: "charge",
                    amount_cents: -captured,
                    description: format!("Cancellation charge, trip {}", t.reservation_number),
                },
                Entry {
                    account: format!("host:{}", t.owner_id),
                    user_id: Some(t.owner_id),
                    kind: "earning",
                    amount_cents: owner,
                    description: format!("Cancellation earnings, trip {}", t.reservation_number),
                },
                Entry {
                    account: "platform:revenue".to_owned(),
                    user_id: None,
                    kind: "commission",
                    amount_cents: captured - owner,
                    description: format!("Cancellation fee, trip {}", t.reservation_number),
                },
            ],
        )
        .await?;
    }
    crate::events::settled(c, t, captured, hold.amount_cents - captured).await?;
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
            let (t, actor, from, to) = load_for(c, &who, &r.trip_id, Action::Reject).await?;
            trips::set_status(
                c,
                &StatusChange {
                    id: t.id,
                    status: to.as_str(),
                    cancel_reason: None,
                    reject_reason: Some(&why),
                    refund_cents: Some(t.total_cents),
                    cancelled: true,
                },
            )
            .await?;
            record(c, &t, &who, Change { actor, from, to, action: Action::Reject }, &why).await?;
            settle(state, c, &t, 0, 0).await?;
            let t = trips::get(c, t.id, false).await?.ok_or(TripsError::TripNotFound)?;
            crate::events::cancelled(c, &t, t.version).await?;
            reply_with(c, &t, &who, "Booking rejected.").await
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
                    let (t, actor, from, to) =
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
                            status: to.as_str(),
                            cancel_reason: Some(&why),
                            reject_reason: None,
                            refund_cents: Some(split.refund_cents),
                            cancelled: true,
                        },
                    )
                    .await?;
                    let ch = Change { actor, from, to, action: Action::Cancel };
                    record(c, &t, &who, ch, &format!("{why} ({})", split.message)).await?;
                    settle(
                        state,
                        c,
                        &t,
                        split.paid_cents - split.refund_cents,
                        split.owner_earns_cents,
                    )
                    .await?;
                    let t = trips::get(c, t.id, false).await?.ok_or(TripsError::TripNotFound)?;
                    crate::events::cancelled(c, &t, t.version).await?;
                    reply_with(c, &t, &who, &split.message).await
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
