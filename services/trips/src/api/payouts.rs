//! The host's payout account: `payment/stripe/hostStripeOnboardingStatus` and
//! `payment/stripe/hostStripeAccountSetup`.

use crate::error::{TripsError, TripsResult};
use crate::payments::{ConnectedAccount, PaymentError};
use crate::state::AppState;
use crate::store::payouts;
use upcar_identity::Identity;
use upcar_proto::trips as pb;

const STATUS_FAILED: &str = "Failed to get onboarding status";
const SETUP_FAILED: &str = "Failed to set up Stripe account";

/// A provider failure on these calls, with the spec's message: what the host did wrong is a
/// 4xx, the provider being unreachable a 503.
fn provider_error(e: PaymentError, message: &'static str) -> TripsError {
    match e {
        PaymentError::Unavailable(cause) => {
            tracing::warn!(%cause, "payment provider failed");
            TripsError::PaymentProviderUnavailable(message)
        }
        PaymentError::Declined(m) | PaymentError::Invalid(m) | PaymentError::Expired(m) => {
            TripsError::PayoutAccountFailed(format!("{message}: {m}"))
        }
    }
}

fn status_reply(row: Option<&payouts::PayoutAccountRow>) -> pb::PayoutAccountReply {
    let Some(r) = row else {
        return pb::PayoutAccountReply {
            has_account: false,
            onboarding_status: "not_started".to_owned(),
            ..Default::default()
        };
    };
    let complete = r.details_submitted && r.payouts_enabled;
    pb::PayoutAccountReply {
        has_account: true,
        account_id: r.account_id.clone(),
        details_submitted: r.details_submitted,
        payouts_enabled: r.payouts_enabled,
        onboarding_complete: complete,
        onboarding_status: if complete { "complete" } else { "pending" }.to_owned(),
        requirements_due: serde_json::from_value(r.requirements_due.clone()).unwrap_or_default(),
        ..Default::default()
    }
}

/// Asks the provider about the account and keeps the answer.
async fn refresh(state: &AppState, account_id: &str) -> Result<ConnectedAccount, PaymentError> {
    let a = state.payments.connected_account(account_id).await?;
    let mut conn = state.pool.get().await.map_err(|e| PaymentError::Unavailable(e.to_string()))?;
    payouts::update_payout_account(
        &mut conn,
        account_id,
        a.details_submitted,
        a.payouts_enabled,
        &a.requirements_due,
    )
    .await
    .map_err(|e| PaymentError::Unavailable(e.to_string()))?;
    Ok(a)
}

/// `GET payment/stripe/hostStripeOnboardingStatus`: the caller's payout account as the
/// provider sees it now.
pub async fn onboarding_status(
    state: &AppState,
    who: &Identity,
) -> TripsResult<pb::PayoutAccountReply> {
    let mut conn = state.conn().await?;
    let Some(row) = payouts::payout_account(&mut conn, who.user_id).await? else {
        return Ok(status_reply(None));
    };
    drop(conn);
    refresh(state, &row.account_id).await.map_err(|e| provider_error(e, STATUS_FAILED))?;
    let mut conn = state.conn().await?;
    let row = payouts::payout_account(&mut conn, who.user_id).await?;
    Ok(status_reply(row.as_ref()))
}

/// `POST payment/stripe/hostStripeAccountSetup {createOnboardingLinkOnly}`: creates the
/// caller's payout account unless it exists (with `createOnboardingLinkOnly` it must exist
/// already), and answers a fresh onboarding link.
pub async fn account_setup(
    state: &AppState,
    who: &Identity,
    r: pb::PayoutAccountSetupRequest,
) -> TripsResult<pb::PayoutAccountReply> {
    let mut conn = state.conn().await?;
    let row = match payouts::payout_account(&mut conn, who.user_id).await? {
        Some(row) => row,
        None if r.create_onboarding_link_only => {
            return Err(TripsError::PayoutAccountMissing);
        }
        None => {
            let id = state
                .payments
                .create_connected_account(&who.user_id.to_string(), "")
                .await
                .map_err(|e| provider_error(e, SETUP_FAILED))?;
            payouts::keep_payout_account(&mut conn, who.user_id, state.payments.name(), &id).await?
        }
    };
    drop(conn);
    let base = state.public_base_url.trim_end_matches('/');
    let link = state
        .payments
        .onboarding_link(
            &row.account_id,
            &format!("{base}/host/payouts?onboarding=refresh"),
            &format!("{base}/host/payouts?onboarding=return"),
        )
        .await
        .map_err(|e| provider_error(e, SETUP_FAILED))?;
    let mut reply = status_reply(Some(&row));
    reply.url = link.url;
    reply.expires_at = link.expires_at;
    Ok(reply)
}

/// Development with the local provider only: completes the onboarding of a local payout
/// account, as the host would on Stripe's form. The onboarding link is opened in a browser,
/// without the bearer token: the account id in the link is what opens it.
pub async fn complete_local_onboarding(
    state: &AppState,
    account_id: &str,
) -> TripsResult<pb::PayoutAccountReply> {
    if !state.development || state.payments.name() != "local" {
        return Err(TripsError::LocalOnboardingOff);
    }
    let mut conn = state.conn().await?;
    let Some(row) = payouts::payout_account_by_id(&mut conn, account_id.trim()).await? else {
        return Err(TripsError::PayoutAccountNotFound);
    };
    drop(conn);
    state
        .payments
        .complete_onboarding_locally(&row.account_id)
        .await
        .map_err(|e| provider_error(e, SETUP_FAILED))?;
    refresh(state, &row.account_id).await.map_err(|e| provider_error(e, STATUS_FAILED))?;
    let mut conn = state.conn().await?;
    let row = payouts::payout_account_by_id(&mut conn, &row.account_id).await?;
    Ok(status_reply(row.as_ref()))
}
