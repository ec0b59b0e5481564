//! Modification requests: one party asks to change a confirmed trip's dates (an extension
//! needs the owner's approval) or its extras and plan; the other answers. The new price comes
//! from pricing (`getModifiedTripPrice`) and is kept by the trip when accepted.

use crate::api::access::{Transition, load, load_for, reread, role_name, trip_id};
use crate::api::eligibility::check_trip_drivers;
use crate::api::history::{Change, record};
use crate::api::peers::request;
use crate::api::view::reply_with;
use crate::error::{TripsError, TripsResult};
use crate::state::AppState;
use crate::store::modifications::{self, ModRow};
use crate::store::trips::{self, StatusChange};
use crate::store::{payments, violates};
use chrono::{DateTime, Utc};
use diesel_async::AsyncConnection;
use trips_domain::{Action, transition};
use upcar_identity::Identity;
use upcar_proto::pricing as ppb;
use upcar_proto::trips as pb;
use uuid::Uuid;

/// `trips/createModifyTripRequest`.
pub async fn create(
    state: &AppState,
    who: Identity,
    r: pb::ModifyTripRequest,
) -> TripsResult<pb::TripReply> {
    let id = trip_id(&r.trip_id)?;
    let dates = !r.start_date.trim().is_empty();
    if !dates && !r.extras_changed && r.protection_plan_type.trim().is_empty() {
        return Err(TripsError::ModificationEmpty);
    }
    // Checked before pricing: who may ask, and from which status.
    {
        let mut conn = state.conn().await?;
        let (_, actor, status) = load(&mut conn, &who, &r.trip_id, false).await?;
        transition(status, Action::RequestModification, actor)?;
    }
    let price = state
        .pricing
        .clone()
        .get_modified_trip_price(request(
            ppb::ModifiedTripPriceRequest {
                trip_id: id.to_string(),
                start_date: r.start_date.clone(),
                start_time: r.start_time.clone(),
                end_date: r.end_date.clone(),
                end_time: r.end_time.clone(),
                extras: r
                    .extras
                    .iter()
                    .map(|e| ppb::ChosenExtra {
                        extra_id: e.extra_id.clone(),
                        extra_type: e.extra_type.clone(),
                        quantity: e.quantity,
                    })
                    .collect(),
                extras_changed: r.extras_changed,
                protection_plan_type: r.protection_plan_type.clone(),
            },
            &who,
        ))
        .await
        .map_err(TripsError::upstream)?
        .into_inner();
    let details = price.price_details.unwrap_or_default();
    let instant = |s: &str| -> TripsResult<DateTime<Utc>> {
        Ok(DateTime::parse_from_rfc3339(s).map_err(anyhow::Error::from)?.with_timezone(&Utc))
    };
    let (new_start, new_end) = (instant(&details.start_time)?, instant(&details.end_time)?);
    let mut conn = state.conn().await?;
    if dates {
        let t = reread(&mut conn, id).await?;
        check_trip_drivers(state, &who, &mut conn, &t, new_start, new_end).await?;
    }
    conn.transaction::<_, TripsError, _>(async |c| {
        let now = state.clock.now();
        let Transition { trip: t, actor, from, to } =
            load_for(c, &who, &r.trip_id, Action::RequestModification).await?;
        let m = ModRow {
            id: Uuid::now_v7(),
            trip_id: id,
            requested_by: who.user_id,
            requested_role: role_name(actor).to_owned(),
            status: "pending".to_owned(),
            new_start,
            new_end,
            extras: r.extras_changed.then(|| {
                serde_json::Value::Array(
                    r.extras
                        .iter()
                        .map(|e| serde_json::json!({"extraId": e.extra_id, "extraType": e.extra_type, "quantity": e.quantity.max(1)}))
                        .collect(),
                )
            }),
            protection_plan_type: (!details.protection_plan_type.is_empty()).then(|| details.protection_plan_type.clone()),
            quote_id: details.quote_id.parse().map_err(|_| TripsError::Internal(anyhow::anyhow!("bad quote id")))?,
            new_total_cents: details.final_price_cents,
            difference_cents: price.difference_cents,
            price_details: prost::Message::encode_to_vec(&details),
            message: r.message.chars().take(1000).collect(),
        };
        modifications::insert(c, &m).await?;
        trips::set_status(c, &StatusChange { id, at: now, status: to.as_str(), cancel_reason: None, reject_reason: None, refund_cents: None, cancelled: false }).await?;
        let why = format!("new total ${:.2} ({:+.2})", m.new_total_cents as f64 / 100.0, m.difference_cents as f64 / 100.0);
        record(c, &t, &who, Change { actor, from, to, action: Action::RequestModification }, &why, now).await?;
        let t = reread(c, id).await?;
        reply_with(c, &t, &who, "Modification requested; the other party will answer.", now).await
    })
    .await
}

/// `trips/cancelModifyRequest`: its creator withdraws it.
pub async fn withdraw(
    state: &AppState,
    who: Identity,
    r: pb::TripIdRequest,
) -> TripsResult<pb::TripReply> {
    let mut conn = state.conn().await?;
    conn.transaction::<_, TripsError, _>(async |c| {
        let now = state.clock.now();
        let Transition { trip: t, actor, from, to } =
            load_for(c, &who, &r.trip_id, Action::WithdrawModification).await?;
        let id = t.id;
        let m = modifications::pending(c, id)
            .await?
            .ok_or(TripsError::NoPendingModification("cancel"))?;
        if m.requested_by != who.user_id {
            return Err(TripsError::Transition(trips_domain::TransitionError::NotAllowed(
                "withdraw another party's request for",
            )));
        }
        modifications::close(c, m.id, "withdrawn", "").await?;
        trips::set_status(
            c,
            &StatusChange {
                id,
                at: now,
                status: to.as_str(),
                cancel_reason: None,
                reject_reason: None,
                refund_cents: None,
                cancelled: false,
            },
        )
        .await?;
        let ch = Change { actor, from, to, action: Action::WithdrawModification };
        record(c, &t, &who, ch, "", now).await?;
        let t = reread(c, id).await?;
        reply_with(c, &t, &who, "Modification request cancelled.", now).await
    })
    .await
}

/// `trips/respondToModifyRequest` `{tripId, response, message}`: the other party accepts
/// (`accept`, `accepted`, `yes`, `true`) or declines.
pub async fn respond(
    state: &AppState,
    who: Identity,
    r: pb::RespondToModifyRequest,
) -> TripsResult<pb::TripReply> {
    let accept = match r.response.trim().to_ascii_lowercase().as_str() {
        "accept" | "accepted" | "approve" | "approved" | "yes" | "true" => true,
        "reject" | "rejected" | "decline" | "declined" | "no" | "false" => false,
        _ => return Err(TripsError::BadModificationResponse),
    };
    let mut conn = state.conn().await?;
    let reply = conn
        .transaction::<_, TripsError, _>(async |c| {
            let now = state.clock.now();
            let Transition { trip: t, actor, from, to } =
                load_for(c, &who, &r.trip_id, Action::RespondToModification).await?;
            let id = t.id;
            let m = modifications::pending(c, id)
                .await?
                .ok_or(TripsError::NoPendingModification("answer"))?;
            if m.requested_by == who.user_id {
                return Err(TripsError::Transition(trips_domain::TransitionError::NotAllowed(
                    "answer your own request on",
                )));
            }
            let note: String = r.message.chars().take(1000).collect();
            if accept {
                if (m.new_start, m.new_end) != (t.start_time, t.end_time) {
                    check_trip_drivers(state, &who, c, &t, m.new_start, m.new_end).await?;
                }
                match trips::apply_modification(c, id, &m).await {
                    Ok(()) => {}
                    Err(e) if violates(&e, "trips_no_double_booking") => {
                        return Err(TripsError::CarNotAvailable(
                            "The car is booked for the new dates.".to_owned(),
                        ));
                    }
                    Err(e) if violates(&e, "trips_guest_one_trip_at_a_time") => {
                        return Err(TripsError::UserNotAvailable);
                    }
                    Err(e) => return Err(e.into()),
                }
                // Pricing keeps the new price for refunds; the card holds the new total.
                state
                    .pricing
                    .clone()
                    .accept_quote(request(
                        ppb::AcceptQuoteRequest {
                            quote_id: m.quote_id.to_string(),
                            trip_id: id.to_string(),
                            user_id: t.guest_id.to_string(),
                            car_id: t.car_id.to_string(),
                            replaces: true,
                        },
                        &who,
                    ))
                    .await
                    .map_err(TripsError::upstream)?;
                if let Some(hold) = payments::hold_of(c, id).await? {
                    // The new quote's charge date is the plan's now (trips_domain::holds).
                    let charge_at = prost::Message::decode(m.price_details.as_slice())
                        .ok()
                        .and_then(|d: ppb::PriceDetails| d.pay_later_at)
                        .and_then(|at| chrono::DateTime::parse_from_rfc3339(&at).ok())
                        .map(|at| at.with_timezone(&chrono::Utc))
                        .filter(|at| *at > now)
                        .unwrap_or(now);
                    match hold.status.as_str() {
                        "authorized" if hold.amount_cents != m.new_total_cents => {
                            let customer =
                                crate::payments::customer(c, state.payments.as_ref(), t.guest_id)
                                    .await?;
                            let by = trips_domain::holds::Initiated::Merchant;
                            let new_hold = state
                                .payments
                                .authorize(
                                    &customer,
                                    &hold.payment_method_id,
                                    m.new_total_cents,
                                    &format!("trip-{id}-{}", m.id),
                                    by,
                                )
                                .await?;
                            state.payments.release(&hold.id).await?;
                            let lapses = trips_domain::holds::lapses_at(now, by);
                            payments::replace_hold(
                                c,
                                &hold.id,
                                &new_hold,
                                m.new_total_cents,
                                lapses,
                            )
                            .await?;
                            payments::reschedule_hold(c, &new_hold, m.new_total_cents, charge_at)
                                .await?;
                        }
                        "authorized" | "scheduled" | "failed" => {
                            payments::reschedule_hold(c, &hold.id, m.new_total_cents, charge_at)
                                .await?;
                        }
                        _ => {}
                    }
                }
                modifications::close(c, m.id, "accepted", &note).await?;
            } else {
                modifications::close(c, m.id, "declined", &note).await?;
            }
            trips::set_status(
                c,
                &StatusChange {
                    id,
                    at: now,
                    status: to.as_str(),
                    cancel_reason: None,
                    reject_reason: None,
                    refund_cents: None,
                    cancelled: false,
                },
            )
            .await?;
            let why = if accept { format!("accepted {note}") } else { format!("declined {note}") };
            record(
                c,
                &t,
                &who,
                Change { actor, from, to, action: Action::RespondToModification },
                why.trim(),
                now,
            )
            .await?;
            let t = reread(c, id).await?;
            if accept {
                crate::events::rescheduled(c, &t, now).await?;
            }
            let message = if accept { "Modification accepted." } else { "Modification declined." };
            reply_with(c, &t, &who, message, now).await
        })
        .await?;
    state.relay.wake();
    Ok(reply)
}
