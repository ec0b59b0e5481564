//! The provider customer of each user (created once, reused), and the host's payout account:
//! `payment/stripe/hostStripeOnboardingStatus` and `payment/stripe/hostStripeAccountSetup`.

use crate::error::{TripsError, TripsResult};
use crate::payments::{ConnectedAccount, PaymentError, PaymentProvider};
use crate::state::AppState;
use crate::store::payouts;
use diesel_async::AsyncPgConnection;
use upcar_errors::ErrorKind;
use upcar_identity::Identity;
use upcar_proto::trips as pb;
use uuid::Uuid;

/// The user's customer at the payment provider: the stored one, or a new one stored for every
/// later booking, modification and charge. It is created with the first card, so inside a
/// booking it is only read, on the booking's own connection (a second connection per request
/// could exhaust the pool while requests wait on an idempotency key).
pub async fn customer_for(
    state: &AppState,
    conn: &mut AsyncPgConnection,
    user: Uuid,
) -> TripsResult<String> {
    customer(conn, state.payments.as_ref(), user).await
}

/// [`customer_for`] with the provider given.
pub async fn customer(
    conn: &mut AsyncPgConnection,
    provider: &dyn PaymentProvider,
    user: Uuid,
) -> TripsResult<String> {
    if let Some(id) = payouts::customer(conn, user, provider.name()).await? {
        return Ok(id);
    }
    let id = provider.create_customer(&user.to_string(), "").await?;
    Ok(payouts::keep_customer(conn, user, provider.name(), &id).await?)
}

const STATUS_FAILED: &str = "Failed to get onboarding status";
const SETUP_FAILED: &str = "Failed to set up Stripe account";

/// A provider failure on these calls, with the spec's message: what the host did wrong is a
/// 4xx, the provider being unreachable a 503.
fn provider_error(e: PaymentError, message: &str) -> TripsError {
    match e {
        PaymentError::Unavailable(cause) => {
            tracing::warn!(%cause, "payment provider failed");
            TripsError::coded(ErrorKind::Unavailable, "payment_provider_unavailable", message)
        }
        PaymentError::Declined(m) | PaymentError::Invalid(m) => TripsError::coded(
            ErrorKind::InvalidInput,
            "payout_account_failed",
            format!("{message}: {m}"),
        ),
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
            return Err(TripsError::coded(
                ErrorKind::Conflict,
                "payout_account_missing",
                "No payout account yet: set one up first (createOnboardingLinkOnly false).",
            ));
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
        return Err(TripsError::coded(
            ErrorKind::NotFound,
            "route_not_found",
            "Onboarding is completed on the payment provider's own form.",
        ));
    }
    let mut conn = state.conn().await?;
    let Some(row) = payouts::payout_account_by_id(&mut conn, account_id.trim()).await? else {
        return Err(TripsError::coded(
            ErrorKind::NotFound,
            "payout_account_not_found",
            "No such payout account.",
        ));
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
