//! The periodic money jobs: the payment plan (`crate::holds`), host payouts and the release of
//! uncaptured holds. Each run takes
//! the time it treats as now (the loop passes its clock's, tests their own) and is safe to
//! repeat or to run on two replicas at once.

use crate::payments::{PaymentError, PaymentProvider};
use crate::store::ledger::{self, Entry};
use crate::store::{payments, payouts, trips};
use chrono::{DateTime, Utc};
use diesel_async::{AsyncConnection, AsyncPgConnection};
use std::time::Duration;
use trips_domain::money::{self, HoldDecision};
use upcar_db::PgPool;
use uuid::Uuid;

/// The platform's account for payouts sent and not yet settled by the provider.
pub const PAYOUTS_ACCOUNT: &str = "platform:payouts";

/// What a payout run did.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct PayoutRun {
    /// (host, cents) paid in this run, including payouts retried from an interrupted run.
    pub paid: Vec<(Uuid, i64)>,
    /// Payouts left pending (the provider could not be reached; retried by the next run).
    pub pending: usize,
    /// Payouts the provider refused (reversed on the ledger; the money rolls over).
    pub failed: usize,
}

/// What a hold release run did.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct ReleaseRun {
    pub released: Vec<String>,
    /// Holds kept for pending claims (incidentals or damage), with their new date.
    pub extended: Vec<(String, DateTime<Utc>)>,
    /// Holds the provider could not release now (retried by the next run).
    pub retry: usize,
}

/// Pays each host whose final earnings exceed the threshold, once per month, to a payout
/// account whose onboarding is complete.
///
/// A payout is first written (its row, status pending, and its balanced ledger transaction)
/// in one database transaction under the lock of the host's payout account; only then is the
/// provider asked, with the payout's id as idempotency key. A run interrupted between the two
/// leaves the row pending and the next run asks again with the same key, so a host is never
/// paid twice.
pub async fn run_payouts(
    pool: &PgPool,
    provider: &dyn PaymentProvider,
    now: DateTime<Utc>,
) -> anyhow::Result<PayoutRun> {
    let mut run = PayoutRun::default();
    let mut conn = pool.get().await?;
    // Accounts still onboarding: ask the provider again (Stripe would also say so by webhook).
    for a in payouts::incomplete_payout_accounts(&mut conn, provider.name()).await? {
        match provider.connected_account(&a.account_id).await {
            Ok(s) => {
                payouts::update_payout_account(
                    &mut conn,
                    &a.account_id,
                    s.details_submitted,
                    s.payouts_enabled,
                    &s.requirements_due,
                )
                .await?
            }
            Err(e) => tracing::warn!(account = %a.account_id, error = %e, "payout account status"),
        }
    }
    // Payouts written by an earlier run that never heard back from the provider.
    send_pending(&mut conn, provider, &mut run).await?;
    let period = money::payout_period(now);
    let owed = payouts::hosts_owed(
        &mut conn,
        now,
        &period,
        money::PAYOUT_THRESHOLD_CENTS,
        provider.name(),
    )
    .await?;
    for o in owed {
        let written = conn
            .transaction::<_, anyhow::Error, _>(async |c| {
                let Some(o) = payouts::lock_final_balance(c, o.host_id, now).await? else {
                    return Ok(false);
                };
                if !money::payout_due(o.final_cents) {
                    return Ok(false);
                }
                let row = payouts::PayoutRow {
                    id: Uuid::now_v7(),
                    host_id: o.host_id,
                    period: period.clone(),
                    account_id: o.account_id.clone(),
                    amount_cents: o.final_cents,
                    status: "pending".to_owned(),
                    transfer_id: None,
                };
                if !payouts::insert_payout(c, &row, &o.provider).await? {
                    return Ok(false);
                }
                ledger::post(c, None, &payout_entries(o.host_id, o.final_cents, &period, false))
                    .await?;
                Ok(true)
            })
            .await?;
        if written {
            send_pending(&mut conn, provider, &mut run).await?;
        }
    }
    Ok(run)
}

fn payout_entries(host: Uuid, cents: i64, period: &str, reversal: bool) -> Vec<Entry> {
    let sign = if reversal { -1 } else { 1 };
    let description = if reversal {
        format!("Payout for {period} returned by the payment provider")
    } else {
        format!("Payout for {period}")
    };
    vec![
        Entry {
            account: format!("host:{host}"),
            user_id: Some(host),
            kind: "payout",
            amount_cents: -sign * cents,
            description: description.clone(),
        },
        Entry {
            account: PAYOUTS_ACCOUNT.to_owned(),
            user_id: None,
            kind: "payout",
            amount_cents: sign * cents,
            description,
        },
    ]
}

/// Sends every pending payout (locked, so two replicas never send the same one at once).
async fn send_pending(
    conn: &mut AsyncPgConnection,
    provider: &dyn PaymentProvider,
    run: &mut PayoutRun,
) -> anyhow::Result<()> {
    let outcome = conn
        .transaction::<_, anyhow::Error, _>(async |c| {
            let mut out = PayoutRun::default();
            for p in payouts::lock_pending_payouts(c).await? {
                let key = format!("payout-{}", p.id);
                match provider.payout(&p.account_id, p.amount_cents, &key).await {
                    Ok(transfer) => {
                        payouts::finish_payout(c, p.id, Some(&transfer), "").await?;
                        out.paid.push((p.host_id, p.amount_cents));
                    }
                    Err(PaymentError::Unavailable(e)) => {
                        tracing::warn!(payout = %p.id, error = %e, "payout left pending");
                        out.pending += 1;
                    }
                    Err(
                        PaymentError::Declined(e)
                        | PaymentError::Invalid(e)
                        | PaymentError::Expired(e),
                    ) => {
                        tracing::warn!(payout = %p.id, error = %e, "payout refused; reversed");
                        payouts::finish_payout(c, p.id, None, &e).await?;
                        ledger::post(
                            c,
                            None,
                            &payout_entries(p.host_id, p.amount_cents, &p.period, true),
                        )
                        .await?;
                        out.failed += 1;
                    }
                }
            }
            Ok(out)
        })
        .await?;
    run.paid.extend(outcome.paid);
    run.pending = outcome.pending;
    run.failed += outcome.failed;
    Ok(())
}

/// Releases authorised holds past their date: 5 days after the trip's end, or 30 when
/// incidentals are pending or damage was reported (the hold's date is moved then).
pub async fn release_holds(
    pool: &PgPool,
    provider: &dyn PaymentProvider,
    now: DateTime<Utc>,
) -> anyhow::Result<ReleaseRun> {
    let mut run = ReleaseRun::default();
    let mut conn = pool.get().await?;
    let due = payouts::due_holds(&mut conn, now, None).await?;
    for h in due {
        // Each hold in its own transaction, locked; another replica skips it.
        conn.transaction::<_, anyhow::Error, _>(async |c| {
            let Some(h) = payouts::due_holds(c, now, Some(&h.id)).await?.into_iter().next()
            else {
                return Ok(());
            };
            match money::hold_decision(h.trip_end, h.claims_pending, now) {
                HoldDecision::KeepUntil(at) => {
                    payouts::extend_hold(c, &h.id, at).await?;
                    run.extended.push((h.id, at));
                }
                HoldDecision::Release => match release_if_held(provider, &h).await {
                    Ok(()) => {
                        payments::settle_hold(c, &h.id, 0, "released").await?;
                        if let Some(t) = trips::get(c, h.trip_id, false).await? {
                            crate::events::settled(c, &t, 0, h.amount_cents, 0, now).await?;
                        }
                        run.released.push(h.id);
                    }
                    Err(e) => {
                        tracing::warn!(hold = %h.id, error = %e, "hold not released; retried later");
                        run.retry += 1;
                    }
                },
            }
            Ok(())
        })
        .await?;
    }
    Ok(run)
}

/// Lets the provider's authorisation go, where one stands.
async fn release_if_held(
    provider: &dyn PaymentProvider,
    h: &payouts::DueHold,
) -> Result<(), PaymentError> {
    if h.authorized { provider.release(&h.id).await } else { Ok(()) }
}

/// Runs the jobs every `every` until `stop` resolves.
pub async fn run_periodically(
    pool: PgPool,
    provider: std::sync::Arc<dyn PaymentProvider>,
    clock: upcar_clock::Clock,
    every: Duration,
    stop: impl std::future::Future<Output = ()>,
) {
    let mut tick = tokio::time::interval(every);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    tokio::pin!(stop);
    loop {
        tokio::select! {
            () = &mut stop => return,
            _ = tick.tick() => {
                let now = clock.now();
                match crate::holds::run(&pool, provider.as_ref(), now).await {
                    Ok(r) if r != crate::holds::PlanRun::default() => tracing::info!(?r, "payment plan run"),
                    Ok(_) => {}
                    Err(e) => tracing::error!(error = %e, "payment plan run failed"),
                }
                match crate::api::incidentals::charge_unanswered(&pool, provider.as_ref(), now).await {
                    Ok(r) if r.charged > 0 || r.retry > 0 => tracing::info!(?r, "unanswered incidentals run"),
                    Ok(_) => {}
                    Err(e) => tracing::error!(error = %e, "unanswered incidentals run failed"),
                }
                match release_holds(&pool, provider.as_ref(), now).await {
                    Ok(r) if !r.released.is_empty() || !r.extended.is_empty() => {
                        tracing::info!(released = r.released.len(), extended = r.extended.len(), "hold release run");
                    }
                    Ok(_) => {}
                    Err(e) => tracing::error!(error = %e, "hold release run failed"),
                }
                match crate::reviews::close_windows(&pool, now).await {
                    Ok(n) if n > 0 => tracing::info!(published = n, "review windows closed"),
                    Ok(_) => {}
                    Err(e) => tracing::error!(error = %e, "review window run failed"),
                }
                match run_payouts(&pool, provider.as_ref(), now).await {
                    Ok(r) if !r.paid.is_empty() || r.failed > 0 => {
                        tracing::info!(paid = r.paid.len(), failed = r.failed, "payout run");
                    }
                    Ok(_) => {}
                    Err(e) => tracing::error!(error = %e, "payout run failed"),
                }
            }
        }
    }
}
