//! Card payments and host payouts behind one trait: the local provider (the default on one
//! machine: cards, holds, captures, refunds, connected accounts and transfers modelled in this
//! service's database with Stripe-style test ids) and Stripe (`stripe.rs`, the real API over
//! HTTPS, Stripe Connect for payouts).
//!
//! The provider only talks to the card network; this service records every hold in
//! `payment_holds` and every money movement in the double-entry `ledger_entries`.

pub mod local;
pub mod stripe;

pub use trips_domain::holds::Initiated;

/// A card as the provider describes it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Card {
    /// The provider's id of the payment method.
    pub id: String,
    pub brand: String,
    pub last4: String,
    pub exp_month: i32,
    pub exp_year: i32,
}

/// Why the provider refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PaymentError {
    /// The card was declined (shown to the guest).
    #[error("{0}")]
    Declined(String),
    /// The token is not a payment method the provider knows.
    #[error("{0}")]
    Invalid(String),
    /// The provider could not be reached or failed.
    #[error("payment provider: {0}")]
    Unavailable(String),
    /// The authorisation lapsed before it was captured (the card network let it go).
    #[error("{0}")]
    Expired(String),
}

/// A host's payout account as the provider describes it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ConnectedAccount {
    pub id: String,
    /// The host finished the onboarding form.
    pub details_submitted: bool,
    /// The provider will pay out to the account.
    pub payouts_enabled: bool,
    /// What the provider still needs (its field names).
    pub requirements_due: Vec<String>,
}

impl ConnectedAccount {
    /// Onboarding is complete when the form is done and payouts are enabled.
    pub fn complete(&self) -> bool {
        self.details_submitted && self.payouts_enabled
    }
}

/// A single-use link to the provider's onboarding form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OnboardingLink {
    pub url: String,
    /// Unix seconds.
    pub expires_at: i64,
}

/// The card payment provider.
#[async_trait::async_trait]
pub trait PaymentProvider: Send + Sync + 'static {
    /// `local` or `stripe`.
    fn name(&self) -> &'static str;
    /// The provider's customer for a user (created on first use).
    async fn create_customer(&self, user_id: &str, email: &str) -> Result<String, PaymentError>;
    /// Checks a payment method id from the card form and describes the card.
    async fn attach(&self, customer: &str, payment_method_id: &str) -> Result<Card, PaymentError>;
    /// Saves the card for charges made later with the guest away (Stripe: a SetupIntent for
    /// off-session use); no money is held. Answers the setup's id.
    async fn save_card(
        &self,
        customer: &str,
        payment_method_id: &str,
        idempotency_key: &str,
    ) -> Result<String, PaymentError>;
    /// Places a pre-authorisation hold of `amount_cents` on the card, with the guest present
    /// (`Customer`, at the checkout) or on the saved card (`Merchant`, off-session); answers
    /// the hold's id. It lapses as `trips_domain::holds::lapses_at` says.
    async fn authorize(
        &self,
        customer: &str,
        payment_method_id: &str,
        amount_cents: i64,
        idempotency_key: &str,
        by: Initiated,
    ) -> Result<String, PaymentError>;
    /// Captures part or all of a hold (the rest is released); a lapsed hold is `Expired`.
    async fn capture(&self, hold_id: &str, amount_cents: i64) -> Result<(), PaymentError>;
    /// Releases a hold without charging.
    async fn release(&self, hold_id: &str) -> Result<(), PaymentError>;
    /// Refunds part of a captured amount.
    async fn refund(&self, hold_id: &str, amount_cents: i64) -> Result<(), PaymentError>;
    /// Creates a host's payout account (Stripe Connect Express, US, transfers).
    async fn create_connected_account(
        &self,
        user_id: &str,
        email: &str,
    ) -> Result<String, PaymentError>;
    /// What the provider says about a payout account.
    async fn connected_account(&self, account_id: &str) -> Result<ConnectedAccount, PaymentError>;
    /// A fresh onboarding link for the account; the host comes back to `return_url`, or to
    /// `refresh_url` when the link expired.
    async fn onboarding_link(
        &self,
        account_id: &str,
        refresh_url: &str,
        return_url: &str,
    ) -> Result<OnboardingLink, PaymentError>;
    /// Sends `amount_cents` to the payout account; the same `idempotency_key` never pays twice.
    /// Answers the transfer's id.
    async fn payout(
        &self,
        account_id: &str,
        amount_cents: i64,
        idempotency_key: &str,
    ) -> Result<String, PaymentError>;
    /// Development only: completes the onboarding of a local account (what the host would do
    /// on the provider's form). Other providers refuse.
    async fn complete_onboarding_locally(&self, _account_id: &str) -> Result<(), PaymentError> {
        Err(PaymentError::Invalid("Onboarding is completed on the provider's own form.".to_owned()))
    }
}

/// The user's customer at `provider`: the stored one, or a new one stored for every later
/// booking, modification and charge. It is created with the first card, so inside a booking it
/// is only read, on the booking's own connection (a second connection per request could
/// exhaust the pool while requests wait on an idempotency key).
pub async fn customer(
    conn: &mut diesel_async::AsyncPgConnection,
    provider: &dyn PaymentProvider,
    user: uuid::Uuid,
) -> crate::error::TripsResult<String> {
    use crate::store::payouts;
    if let Some(id) = payouts::customer(conn, user, provider.name()).await? {
        return Ok(id);
    }
    let id = provider.create_customer(&user.to_string(), "").await?;
    Ok(payouts::keep_customer(conn, user, provider.name(), &id).await?)
}
