//! The money plan of `trips_domain::holds`, applied: the scheduled job that authorises saved
//! cards when pricing's charge date comes, renews authorisations before they lapse, lets them
//! go when a modification moved the start out, and cancels a trip whose card was refused and
//! not replaced in time; and the fresh authorisation that check-in and a new card ask for.
//!
//! Every step is a line of `payment_log` in the transaction of the change; each hold is
//! worked on under its row lock, so two replicas never act on one hold at once; each
//! authorisation has its own idempotency key (`trip-{id}-auth-{n}`), so a step retried after a
//! lost answer never holds the money twice.

use crate::error::{TripsError, TripsResult};
use crate::payments::{Initiated, PaymentError, PaymentProvider};
use crate::store::payments::{self, HoldRow, LogLine};
use crate::store::trips::{self, HistoryRow, StatusChange, TripRow};
use chrono::{DateTime, Duration, Utc};
use diesel_async::{AsyncConnection, AsyncPgConnection};
use trips_domain::holds::{self, Hold, Step};
use upcar_db::PgPool;

/// What a run of the plan did.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct PlanRun {
    /// Holds authorised (first time, renewed or after a new card).
    pub authorized: usize,
    /// Authorisations let go until the plan's charge date.
    pub unheld: usize,
    /// Authorisations refused (the guest was told).
    pub failed: usize,
    /// Trips cancelled for a card refused and not replaced.
    pub cancelled: usize,
    /// Holds the provider could not be asked about now (retried by the next run).
    pub retry: usize,
}

/// Where a stored hold stands for the plan.
fn hold_state(h: &HoldRow, primary_card: Option<&str>) -> Option<Hold> {
    match h.status.as_str() {
        "scheduled" => Some(Hold::Scheduled),
        "authorized" => h.lapses_at.map(|lapses| Hold::Authorized { lapses }),
        "failed" => h.pay_by.map(|pay_by| Hold::Failed {
            pay_by,
            new_card: primary_card.is_some_and(|c| c != h.payment_method_id),
        }),
        _ => None,
    }
}

/// One run of the plan at `now` over every hold it may have to act on.
pub async fn run(
    pool: &PgPool,
    provider: &dyn PaymentProvider,
    now: DateTime<Utc>,
) -> anyhow::Result<PlanRun> {
    let mut run = PlanRun::default();
    let mut conn = pool.get().await?;
    let renew_by = now + Duration::hours(holds::RENEW_BEFORE_LAPSE_HOURS);
    for h in payments::plan_due(&mut conn, now, renew_by, None).await? {
        if let Err(e) = one(&mut conn, provider, &h.id, now, &mut run).await {
            tracing::warn!(hold = %h.id, error = %e, "payment plan step failed; retried later");
            run.retry += 1;
        }
    }
    Ok(run)
}

/// The plan's step for the failed holds of one guest, at once (a new card was added).
pub async fn retry_guest(
    pool: &PgPool,
    provider: &dyn PaymentProvider,
    guest: uuid::Uuid,
    now: DateTime<Utc>,
) -> anyhow::Result<PlanRun> {
    let mut run = PlanRun::default();
    let mut conn = pool.get().await?;
    for id in payments::failed_of(&mut conn, guest).await? {
        one(&mut conn, provider, &id, now, &mut run).await?;
    }
    Ok(run)
}

/// Applies the plan's step to one hold, under its lock.
async fn one(
    conn: &mut AsyncPgConnection,
    provider: &dyn PaymentProvider,
    id: &str,
    now: DateTime<Utc>,
    run: &mut PlanRun,
) -> TripsResult<()> {
    let renew_by = now + Duration::hours(holds::RENEW_BEFORE_LAPSE_HOURS);
    let done = conn
        .transaction::<_, TripsError, _>(async |c| {
            let Some(h) = payments::plan_due(c, now, renew_by, Some(id)).await?.into_iter().next()
            else {
                return Ok(PlanRun::default());
            };
            let Some(t) = trips::get(c, h.trip_id, true).await? else {
                return Ok(PlanRun::default());
            };
            let card = payments::primary(c, h.user_id).await?.map(|m| m.id);
            let Some(state) = hold_state(&h, card.as_deref()) else {
                return Ok(PlanRun::default());
            };
            let mut out = PlanRun::default();
            match holds::step(state, h.charge_at, now) {
                Step::Wait => {}
                Step::Authorize => {
                    let card = card.unwrap_or_else(|| h.payment_method_id.clone());
                    match authorize(c, provider, &h, &t, &card, now).await? {
                        Ok(()) => out.authorized += 1,
                        Err(_) => out.failed += 1,
                    }
                }
                Step::Unhold => {
                    provider.release(&h.id).await?;
                    payments::set_scheduled(c, &h.id).await?;
                    log(c, &h, "unheld", "the plan charges the card later", now).await?;
                    out.unheld += 1;
                }
                Step::Cancel => {
                    cancel_unpaid(c, provider, &h, &t, now).await?;
                    out.cancelled += 1;
                }
            }
            Ok(out)
        })
        .await?;
    run.authorized += done.authorized;
    run.unheld += done.unheld;
    run.failed += done.failed;
    run.cancelled += done.cancelled;
    Ok(())
}

async fn log(
    c: &mut AsyncPgConnection,
    h: &HoldRow,
    event: &'static str,
    detail: &str,
    at: DateTime<Utc>,
) -> diesel::QueryResult<()> {
    payments::log(
        c,
        &LogLine {
            trip_id: h.trip_id,
            hold_id: &h.id,
            event,
            amount_cents: h.amount_cents,
            detail,
            at,
        },
    )
    .await
}

/// Authorises the trip's total on `card` now (merchant initiated) and lets the hold's earlier
/// authorisation go. A refusal is recorded (the hold fails, the guest is told, with the
/// deadline of `holds::pay_by`) and answered as `Err(decline)`; the provider being away is an
/// error (nothing changed).
pub async fn authorize(
    c: &mut AsyncPgConnection,
    provider: &dyn PaymentProvider,
    h: &HoldRow,
    t: &TripRow,
    card: &str,
    now: DateTime<Utc>,
) -> TripsResult<Result<(), String>> {
    let customer = crate::payments::customer(c, provider, h.user_id).await?;
    let key = format!("trip-{}-auth-{}", h.trip_id, h.attempts + 1);
    let by = Initiated::Merchant;
    match provider.authorize(&customer, card, h.amount_cents, &key, by).await {
        Ok(new_id) => {
            // The earlier authorisation, still standing, is let go (a renewal).
            if h.lapses_at.is_some_and(|l| holds::capturable(l, now)) && new_id != h.id {
                provider.release(&h.id).await?;
            }
            payments::set_authorized(c, &h.id, &new_id, card, holds::lapses_at(now, by)).await?;
            let event = if h.status == "authorized" { "renewed" } else { "authorized" };
            let line = LogLine {
                trip_id: h.trip_id,
                hold_id: &new_id,
                event,
                amount_cents: h.amount_cents,
                detail: &format!("replaces {}", h.id),
                at: now,
            };
            payments::log(c, &line).await?;
            crate::events::authorized(c, t, provider.name(), now).await?;
            Ok(Ok(()))
        }
        Err(PaymentError::Unavailable(e)) => Err(PaymentError::Unavailable(e).into()),
        Err(PaymentError::Declined(m) | PaymentError::Invalid(m) | PaymentError::Expired(m)) => {
            // A guest already told keeps the first deadline.
            let pay_by = h.pay_by.unwrap_or_else(|| holds::pay_by(now, t.start_time));
            payments::set_failed(c, &h.id, card, &m, pay_by).await?;
            log(c, h, "authorization_failed", &m, now).await?;
            crate::api::history::note(
                c,
                t,
                None,
                "system",
                "payment_failed",
                &format!(
                    "{m} Add another card by {} or the trip will be cancelled.",
                    in_words(pay_by, &t.time_zone)
                ),
                now,
            )
            .await?;
            crate::events::payment_failed(c, t, &m, pay_by, now).await?;
            Ok(Err(m))
        }
    }
}

/// A moment as the guest reads it, in the car's time zone ("Mar 3, 2027, 10:00 AM PST").
fn in_words(at: DateTime<Utc>, tz: &str) -> String {
    match tz.parse::<chrono_tz::Tz>() {
        Ok(z) => at.with_timezone(&z).format("%b %-d, %Y, %-I:%M %p %Z").to_string(),
        Err(_) => at.format("%b %-d, %Y, %H:%M UTC").to_string(),
    }
}

/// Cancels a trip whose card was refused and not replaced by its deadline: cancelled by the
/// guest's side (the guest did not pay), by the platform; nothing was charged, so nothing is
/// refunded or earned.
async fn cancel_unpaid(
    c: &mut AsyncPgConnection,
    provider: &dyn PaymentProvider,
    h: &HoldRow,
    t: &TripRow,
    now: DateTime<Utc>,
) -> TripsResult<()> {
    let why = "The card on file was declined and no other card was added in time.";
    if h.lapses_at.is_some_and(|l| holds::capturable(l, now)) {
        provider.release(&h.id).await?;
    }
    let to = trips_domain::TripStatus::CancelledByGuest.as_str();
    trips::set_status(
        c,
        &StatusChange {
            id: t.id,
            at: now,
            status: to,
            cancel_reason: Some(why),
            reject_reason: None,
            refund_cents: Some(0),
            cancelled: true,
        },
    )
    .await?;
    trips::append_history(
        c,
        &HistoryRow {
            trip_id: t.id,
            from_status: t.status.clone(),
            to_status: to.to_owned(),
            action: "cancel".to_owned(),
            actor_id: None,
            actor_role: "system".to_owned(),
            reason: why.to_owned(),
            at: now,
        },
    )
    .await?;
    payments::settle_hold(c, &h.id, 0, "released").await?;
    log(c, h, "cancelled_unpaid", why, now).await?;
    let t = trips::get(c, t.id, false).await?.ok_or(TripsError::TripNotFound)?;
    crate::events::cancelled_as(c, &t, true, now).await?;
    crate::events::settled(c, &t, 0, 0, 0, now).await?;
    Ok(())
}
