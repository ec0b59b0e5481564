//! Incidentals: the host charges late return, smoking, cleaning, fuel, tolls, extra miles...
//! after (or during) a trip; pricing computes each amount from its rule. Nothing is charged
//! before the guest answers: within 48 hours the guest accepts the pending ones (charged
//! through the payment provider, recorded in the ledger) or disputes them (support upholds or
//! waives each); unanswered, the scheduled job charges them when the window closes.

use crate::api::access::{load, role_name};
use crate::api::convert::charges_of;
use crate::api::history::note;
use crate::api::idempotent;
use crate::api::peers::request;
use crate::error::{TripsError, TripsResult};
use crate::payments::{Initiated, PaymentProvider};
use crate::state::AppState;
use crate::store::extras::{self, ChargeRow, IncidentalRow};
use crate::store::ledger::{self, Entry};
use crate::store::payments;
use crate::store::trips::TripRow;
use chrono::{DateTime, Utc};
use diesel_async::{AsyncConnection, AsyncPgConnection};
use trips_domain::Actor;
use trips_domain::extras::{
    ExtrasError, MAX_DISPUTE_REASON, MAX_INCIDENTALS_PER_CALL, charged_unanswered, dispute_until,
    incidentals_view, may_accept_incidentals, may_charge_incidentals, may_decide_dispute,
    may_dispute,
};
use upcar_identity::Identity;
use upcar_proto::pricing as ppb;
use upcar_proto::trips as pb;
use uuid::Uuid;

/// Kinds charged at most once per trip (the rest, receipts, may repeat).
const ONCE_PER_TRIP: &[&str] = &["late_return", "smoking", "cleaning", "extra_miles"];
/// An incidental's description.
const MAX_DESCRIPTION: usize = 1000;

fn dollars(c: i64) -> String {
    format!("${}.{:02}", c / 100, c % 100)
}

/// A short digest of a set of incidental ids (hex SHA-256, first 32 characters).
fn ids_digest(ids: &[String]) -> String {
    use sha2::Digest;
    let d = sha2::Sha256::digest(ids.join(",").as_bytes());
    d.iter().take(16).map(|b| format!("{b:02x}")).collect()
}

/// Minutes between the trip's end and the return (checkout, or now while the guest still has
/// the car); 0 before the trip started or when on time.
pub fn minutes_late(t: &TripRow, now: DateTime<Utc>) -> i64 {
    let returned = match (t.status.as_str(), t.checked_out_at) {
        (_, Some(at)) => at,
        ("in_progress", None) => now,
        _ => return 0,
    };
    (returned - t.end_time).num_minutes().max(0)
}

/// `trips/getIncidentalOptions/{id}`: the kinds with their rules, and what the trip's own
/// numbers make of them.
pub async fn options(
    state: &AppState,
    who: &Identity,
    id: &str,
) -> TripsResult<pb::IncidentalOptionsReply> {
    let mut conn = state.conn().await?;
    let (t, actor, status) = load(&mut conn, who, id, false).await?;
    drop(conn);
    let now = state.clock.now();
    let o = state
        .pricing
        .clone()
        .get_incidental_options(request(
            ppb::IncidentalOptionsRequest { trip_id: t.id.to_string() },
            who,
        ))
        .await
        .map_err(TripsError::upstream)?
        .into_inner();
    let late = minutes_late(&t, now);
    let late_amount = if late >= 30 {
        let p = state
            .pricing
            .clone()
            .price_incidentals(request(
                ppb::PriceIncidentalsRequest {
                    trip_id: t.id.to_string(),
                    items: vec![ppb::IncidentalInput {
                        r#type: "late_return".to_owned(),
                        minutes_late: late,
                        ..Default::default()
                    }],
                },
                who,
            ))
            .await
            .map_err(TripsError::upstream)?
            .into_inner();
        p.items.first().map(|i| i.total_cents)
    } else {
        None
    };
    Ok(pb::IncidentalOptionsReply {
        options: o
            .options
            .into_iter()
            .map(|x| pb::IncidentalOption {
                amount_now_cents: if x.r#type == "late_return" { late_amount } else { None },
                r#type: x.r#type,
                label: x.label,
                rule: x.rule,
                computed_from: x.computed_from,
                amount_cents: x.amount_cents,
                rate_cents: x.rate_cents,
                max_amount_cents: x.max_amount_cents,
            })
            .collect(),
        average_daily_cents: o.average_daily_cents,
        miles_included: o.miles_included,
        price_per_mile_cents: o.price_per_mile_cents,
        minutes_late: late,
        can_add: may_charge_incidentals(status, actor, t.checked_out_at, now).is_ok(),
    })
}

/// A trip's incidentals as answered (with the incidence photos of their type).
pub async fn reply(
    c: &mut AsyncPgConnection,
    t: &TripRow,
    viewer: Actor,
    message: &str,
) -> TripsResult<pb::IncidentalsReply> {
    let rows = extras::incidentals(c, t.id).await?;
    let photos = extras::report_photos(c, t.id).await?;
    let sum = |s: &str| rows.iter().filter(|r| r.status == s).map(|r| r.total_cents).sum();
    Ok(pb::IncidentalsReply {
        pending_cents: sum("pending"),
        paid_cents: sum("paid"),
        incidentals: rows
            .iter()
            .map(|r| pb::Incidental {
                id: r.id.to_string(),
                trip_id: r.trip_id.to_string(),
                r#type: r.kind.clone(),
                label: r.label.clone(),
                description: r.description.clone(),
                charges: charges_of(r),
                total_cents: r.total_cents,
                status: crate::api::convert::incidental_status(&r.status) as i32,
                created_at: r.created_at.to_rfc3339(),
                removed_at: r.removed_at.map(|d| d.to_rfc3339()),
                paid_at: r.paid_at.map(|d| d.to_rfc3339()),
                dispute_until: r.dispute_until.to_rfc3339(),
                dispute_reason: r.dispute_reason.clone(),
                photo_urls: photos
                    .iter()
                    .filter(|p| p.report_kind == "incidence" && p.category == r.kind)
                    .map(|p| p.url.clone())
                    .collect(),
            })
            .collect(),
        viewer_role: crate::api::convert::role(role_name(viewer)) as i32,
        message: message.to_owned(),
    })
}

/// `trips/getIncidentals/{id}?role=guest|host`.
pub async fn list(
    state: &AppState,
    who: &Identity,
    r: pb::IncidentalsRequest,
) -> TripsResult<pb::IncidentalsReply> {
    let mut conn = state.conn().await?;
    let (t, actor, _) = load(&mut conn, who, &r.trip_id, false).await?;
    let side = incidentals_view(&r.role, actor)?;
    reply(&mut conn, &t, side, "").await
}

/// `trips/addIncidentals/{id}`: the host adds charges; pricing computes each from its rule
/// (all or none are added).
pub async fn add(
    state: &AppState,
    who: Identity,
    r: pb::AddIncidentalsRequest,
) -> TripsResult<pb::IncidentalsReply> {
    if r.items.is_empty() {
        return Err(TripsError::IncidentalsRequired);
    }
    if r.items.len() > MAX_INCIDENTALS_PER_CALL {
        return Err(TripsError::TooManyIncidentals);
    }
    if r.items.iter().any(|i| i.description.chars().count() > MAX_DESCRIPTION) {
        return Err(TripsError::DescriptionTooLong(MAX_DESCRIPTION));
    }
    let mut conn = state.conn().await?;
    let reply = conn
        .transaction::<_, TripsError, _>(async |c| {
            let (t, actor, status) = load(c, &who, &r.trip_id, true).await?;
            let now = state.clock.now();
            may_charge_incidentals(status, actor, t.checked_out_at, now)?;
            let late = minutes_late(&t, now);
            let priced = state
                .pricing
                .clone()
                .price_incidentals(request(
                    ppb::PriceIncidentalsRequest {
                        trip_id: t.id.to_string(),
                        items: r
                            .items
                            .iter()
                            .map(|i| ppb::IncidentalInput {
                                r#type: i.r#type.clone(),
                                minutes_late: late,
                                improper_return: i.improper_return,
                                miles_driven: i.miles_driven,
                                amount_cents: i.amount_cents,
                            })
                            .collect(),
                    },
                    &who,
                ))
                .await
                .map_err(TripsError::upstream)?
                .into_inner();
            let existing = extras::incidentals(c, t.id).await?;
            let mut seen: Vec<&str> = existing
                .iter()
                .filter(|e| e.status != "removed")
                .map(|e| e.kind.as_str())
                .collect();
            if priced.items.len() != r.items.len() {
                return Err(TripsError::Internal(anyhow::anyhow!(
                    "pricing priced {} of {} incidentals",
                    priced.items.len(),
                    r.items.len()
                )));
            }
            let mut lines = Vec::new();
            for (item, p) in r.items.iter().zip(&priced.items) {
                if ONCE_PER_TRIP.contains(&p.r#type.as_str()) && seen.contains(&p.r#type.as_str())
                {
                    return Err(TripsError::IncidentalExists(p.label.clone()));
                }
                seen.push(p.r#type.as_str());
                let charges: Vec<serde_json::Value> = p
                    .charges
                    .iter()
                    .map(|c| {
                        serde_json::json!({"label": c.label, "amountCents": c.amount_cents, "platform": c.platform})
                    })
                    .collect();
                extras::insert_incidental(
                    c,
                    &IncidentalRow {
                        id: Uuid::now_v7(),
                        trip_id: t.id,
                        kind: p.r#type.clone(),
                        label: p.label.clone(),
                        description: item.description.trim().to_owned(),
                        charges: serde_json::Value::Array(charges),
                        total_cents: p.total_cents,
                        inputs: serde_json::json!({
                            "minutesLate": if p.r#type == "late_return" { late } else { 0 },
                            "improperReturn": item.improper_return,
                            "milesDriven": item.miles_driven,
                            "amountCents": item.amount_cents,
                        }),
                        status: "pending".to_owned(),
                        added_by: who.user_id,
                        created_at: now,
                        removed_at: None,
                        paid_at: None,
                        dispute_until: dispute_until(now),
                        dispute_reason: String::new(),
                    },
                )
                .await?;
                lines.push(format!("{} {}", p.label, dollars(p.total_cents)));
            }
            let why = lines.join(", ");
            note(c, &t, Some(&who), role_name(actor), "add_incidentals", &why, now).await?;
            reply(c, &t, Actor::Host, "Incidentals added.").await
        })
        .await?;
    Ok(reply)
}

/// `trips/modifyIncidentals/{id}` `{incidentalIds}`: the host removes pending incidentals.
pub async fn remove(
    state: &AppState,
    who: Identity,
    r: pb::ModifyIncidentalsRequest,
) -> TripsResult<pb::IncidentalsReply> {
    let ids = incidental_ids(&r.incidental_ids)?;
    let mut conn = state.conn().await?;
    let reply = conn
        .transaction::<_, TripsError, _>(async |c| {
            let (t, actor, status) = load(c, &who, &r.trip_id, true).await?;
            let now = state.clock.now();
            may_charge_incidentals(status, actor, t.checked_out_at, now)?;
            let n = extras::remove_incidentals(c, t.id, &ids, who.user_id).await?;
            if n != ids.len() {
                return Err(TripsError::IncidentalNotPending);
            }
            note(
                c,
                &t,
                Some(&who),
                role_name(actor),
                "remove_incidentals",
                &format!("{n} removed"),
                now,
            )
            .await?;
            reply(c, &t, Actor::Host, "Incidentals removed.").await
        })
        .await?;
    Ok(reply)
}

/// `trips/acceptIncidentals` `{tripId, priceToPay}` (header `Idempotency-Key`): the guest
/// accepts every pending incidental and pays their total, which must be the price shown.
pub async fn accept(
    state: &AppState,
    who: Identity,
    r: pb::AcceptIncidentalsRequest,
) -> TripsResult<pb::IncidentalsReply> {
    if r.price_to_pay_cents <= 0 {
        return Err(TripsError::InvalidPriceToPay);
    }
    let key = idempotent::key_of(&r.idempotency_key)?;
    let hash = idempotent::fingerprint(&pb::AcceptIncidentalsRequest {
        idempotency_key: String::new(),
        ..r.clone()
    });
    let mut conn = state.conn().await?;
    let result = conn
        .transaction::<_, TripsError, _>(async |c| {
            if let Some(answer) = idempotent::claim_or_replay(
                c,
                who.user_id,
                key.as_deref(),
                "accept_incidentals",
                &hash,
            )
            .await?
            {
                return Ok(answer);
            }
            let done =
                c.transaction::<_, TripsError, _>(async |c| pay(state, c, &who, &r).await).await;
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

async fn pay(
    state: &AppState,
    c: &mut AsyncPgConnection,
    who: &Identity,
    r: &pb::AcceptIncidentalsRequest,
) -> TripsResult<pb::IncidentalsReply> {
    let (t, actor, _) = load(c, who, &r.trip_id, true).await?;
    may_accept_incidentals(actor)?;
    let pending: Vec<IncidentalRow> =
        extras::incidentals(c, t.id).await?.into_iter().filter(|i| i.status == "pending").collect();
    if pending.is_empty() {
        return Err(TripsError::NoPendingIncidentals);
    }
    let total: i64 = pending.iter().map(|i| i.total_cents).sum();
    if (r.price_to_pay_cents - total).abs() > 1 {
        return Err(TripsError::IncidentalsTotalChanged(dollars(total)));
    }
    let now = state.clock.now();
    // The guest accepts them here, present.
    let by = Charge {
        initiated: Initiated::Customer,
        who: Some(who),
        role: "guest",
        action: "accept_incidentals",
    };
    charge(state.payments.as_ref(), c, &t, &pending, by, now).await?;
    reply(c, &t, Actor::Guest, "Incidentals accepted and paid.").await
}

/// Who makes a charge of incidentals, and the history line it leaves.
struct Charge<'a> {
    initiated: Initiated,
    who: Option<&'a Identity>,
    role: &'a str,
    action: &'a str,
}

/// Charges `rows` (one card payment on the guest's primary card) and records it: the charge,
/// the incidentals paid, the balanced ledger transaction, a history line and the event.
async fn charge(
    provider: &dyn PaymentProvider,
    c: &mut AsyncPgConnection,
    t: &TripRow,
    rows: &[IncidentalRow],
    by: Charge<'_>,
    now: DateTime<Utc>,
) -> TripsResult<()> {
    let total: i64 = rows.iter().map(|i| i.total_cents).sum();
    let card = payments::primary(c, t.guest_id).await?.ok_or(TripsError::PaymentMethodRequired)?;
    let ids: Vec<Uuid> = rows.iter().map(|i| i.id).collect();
    let customer = crate::payments::customer(c, provider, t.guest_id).await?;
    let id_list: Vec<String> = ids.iter().map(Uuid::to_string).collect();
    let charge = provider
        .authorize(
            &customer,
            &card.id,
            total,
            // The provider's key names this set of incidentals (Stripe allows 255 characters).
            &format!("incidentals-{}-{}", t.id, ids_digest(&id_list)),
            by.initiated,
        )
        .await?;
    provider.capture(&charge, total).await?;
    extras::insert_charge(
        c,
        &ChargeRow {
            id: &charge,
            trip_id: t.id,
            user_id: t.guest_id,
            payment_method_id: &card.id,
            provider: provider.name(),
            kind: "incidentals",
            amount_cents: total,
        },
    )
    .await?;
    if extras::mark_paid(c, t.id, &ids, &charge).await? != ids.len() {
        return Err(TripsError::Internal(anyhow::anyhow!("incidentals changed while locked")));
    }
    let platform: i64 =
        rows.iter().flat_map(charges_of).filter(|l| l.platform).map(|l| l.amount_cents).sum();
    let earned = ledger::earning_entries(
        c,
        t.car_id,
        t.owner_id,
        total - platform,
        &format!("Incidentals, trip {}", t.reservation_number),
    )
    .await?;
    let mut entries = vec![Entry {
        account: format!("guest:{}", t.guest_id),
        user_id: Some(t.guest_id),
        kind: "charge",
        amount_cents: -total,
        description: format!("Incidentals, trip {}", t.reservation_number),
    }];
    entries.extend(earned);
    entries.extend([Entry {
        account: "platform:revenue".to_owned(),
        user_id: None,
        kind: "commission",
        amount_cents: platform,
        description: format!("Incidentals processing, trip {}", t.reservation_number),
    }]);
    ledger::post(c, Some(t.id), &entries).await?;
    note(c, t, by.who, by.role, by.action, &format!("Paid {}", dollars(total)), now).await?;
    crate::events::incidentals_charged(c, t, total, id_list, provider.name(), now).await?;
    Ok(())
}

/// The incidental ids of a request, each once.
fn incidental_ids(list: &[String]) -> TripsResult<Vec<Uuid>> {
    if list.is_empty() {
        return Err(TripsError::IncidentalIdsRequired);
    }
    let mut ids = Vec::with_capacity(list.len());
    for s in list {
        let id: Uuid = s.trim().parse().map_err(|_| TripsError::InvalidIncidentalId(s.clone()))?;
        if !ids.contains(&id) {
            ids.push(id);
        }
    }
    Ok(ids)
}

/// `trips/disputeIncidentals/{id}` `{incidentalIds, reason}`: the guest disputes pending
/// incidentals within their 48 hours; nothing is charged and support decides (messaging
/// opens a ticket from `trips.incidentals_disputed`).
pub async fn dispute(
    state: &AppState,
    who: Identity,
    r: pb::DisputeIncidentalsRequest,
) -> TripsResult<pb::IncidentalsReply> {
    let ids = incidental_ids(&r.incidental_ids)?;
    // (Control characters are stripped from every body at the gateway.)
    let reason = r.reason.trim().to_owned();
    if reason.is_empty() || reason.chars().count() > MAX_DISPUTE_REASON {
        return Err(TripsError::DisputeReasonRequired(MAX_DISPUTE_REASON));
    }
    let mut conn = state.conn().await?;
    let reply = conn
        .transaction::<_, TripsError, _>(async |c| {
            let (t, actor, _) = load(c, &who, &r.trip_id, true).await?;
            let now = state.clock.now();
            let rows = extras::incidentals(c, t.id).await?;
            let chosen: Vec<&IncidentalRow> = rows.iter().filter(|i| ids.contains(&i.id)).collect();
            // Who may dispute at all comes first (a host is refused as a host, not told of
            // the incidentals' states).
            if let Err(e @ (ExtrasError::NotAllowed(_) | ExtrasError::NotFound)) =
                may_dispute(actor, DateTime::<Utc>::MAX_UTC, now)
            {
                return Err(e.into());
            }
            if chosen.len() != ids.len() || chosen.iter().any(|i| i.status != "pending") {
                return Err(TripsError::IncidentalNotDisputable);
            }
            for i in &chosen {
                may_dispute(actor, i.dispute_until, now)?;
            }
            if extras::dispute_incidentals(c, t.id, &ids, &reason, now).await? != ids.len() {
                return Err(TripsError::IncidentalNotDisputable);
            }
            let claims: Vec<String> = chosen
                .iter()
                .map(|i| {
                    let what = if i.description.is_empty() {
                        String::new()
                    } else {
                        format!(": {}", i.description)
                    };
                    format!("{} {}{what}", i.label, dollars(i.total_cents))
                })
                .collect();
            let total = chosen.iter().map(|i| i.total_cents).sum();
            note(c, &t, Some(&who), "guest", "dispute_incidentals", &reason, now).await?;
            crate::events::incidentals_disputed(c, &t, &ids, claims, total, &reason, now).await?;
            reply(c, &t, Actor::Guest, "Incidentals disputed: support will look at them.").await
        })
        .await?;
    state.relay.wake();
    Ok(reply)
}

/// `admin/trips/decideDispute/{id}` `{incidentalIds, uphold}`: support upholds disputed
/// incidentals (charged on the guest's card) or waives them (removed).
pub async fn decide(
    state: &AppState,
    who: Identity,
    r: pb::DecideDisputeRequest,
) -> TripsResult<pb::IncidentalsReply> {
    let ids = incidental_ids(&r.incidental_ids)?;
    let mut conn = state.conn().await?;
    let reply = conn
        .transaction::<_, TripsError, _>(async |c| {
            let (t, actor, _) = load(c, &who, &r.trip_id, true).await?;
            may_decide_dispute(actor)?;
            let now = state.clock.now();
            let chosen: Vec<IncidentalRow> = extras::incidentals(c, t.id)
                .await?
                .into_iter()
                .filter(|i| ids.contains(&i.id) && i.status == "disputed")
                .collect();
            if chosen.len() != ids.len() {
                return Err(TripsError::IncidentalNotDisputed);
            }
            if r.uphold {
                let by = Charge {
                    initiated: Initiated::Merchant,
                    who: Some(&who),
                    role: "admin",
                    action: "uphold_incidentals",
                };
                charge(state.payments.as_ref(), c, &t, &chosen, by, now).await?;
            } else {
                extras::remove_incidentals(c, t.id, &ids, who.user_id).await?;
                let why = format!("{} waived", ids.len());
                note(c, &t, Some(&who), "admin", "waive_incidentals", &why, now).await?;
            }
            let message = if r.uphold { "Dispute upheld: charged." } else { "Dispute waived." };
            reply(c, &t, Actor::Admin, message).await
        })
        .await?;
    state.relay.wake();
    Ok(reply)
}

/// What a run of the unanswered-incidentals job did.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct UnansweredRun {
    /// Trips whose unanswered incidentals were charged.
    pub charged: usize,
    /// Trips whose charge the card refused or the provider could not make (retried next run).
    pub retry: usize,
}

/// Charges the pending incidentals whose 48 hours closed unanswered, one trip at a time under
/// the trip's lock (a trip another replica holds is skipped until the next run).
pub async fn charge_unanswered(
    pool: &upcar_db::PgPool,
    provider: &dyn PaymentProvider,
    now: DateTime<Utc>,
) -> anyhow::Result<UnansweredRun> {
    let mut run = UnansweredRun::default();
    let mut conn = pool.get().await?;
    for trip in extras::trips_with_unanswered(&mut conn, now).await? {
        let done = conn
            .transaction::<_, TripsError, _>(async |c| {
                let Some(t) = crate::store::trips::get(c, trip, true).await? else {
                    return Ok(false);
                };
                let due: Vec<IncidentalRow> = extras::incidentals(c, t.id)
                    .await?
                    .into_iter()
                    .filter(|i| i.status == "pending" && charged_unanswered(i.dispute_until, now))
                    .collect();
                if due.is_empty() {
                    return Ok(false);
                }
                let by = Charge {
                    initiated: Initiated::Merchant,
                    who: None,
                    role: "system",
                    action: "charge_incidentals",
                };
                charge(provider, c, &t, &due, by, now).await?;
                Ok(true)
            })
            .await;
        match done {
            Ok(true) => run.charged += 1,
            Ok(false) => {}
            Err(e) => {
                tracing::warn!(trip = %trip, error = %e, "unanswered incidentals not charged; retried later");
                run.retry += 1;
            }
        }
    }
    Ok(run)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_providers_key_stays_short_and_names_the_set() {
        let ids: Vec<String> =
            (0..MAX_INCIDENTALS_PER_CALL * 5).map(|_| Uuid::now_v7().to_string()).collect();
        let key = format!("incidentals-{}-{}", Uuid::now_v7(), ids_digest(&ids));
        assert!(key.len() <= 255, "{key}");
        assert_eq!(ids_digest(&ids), ids_digest(&ids.clone()));
        assert_ne!(ids_digest(&ids), ids_digest(&ids[1..]));
    }
}
