//! The local provider: Stripe's test payment method ids behave as on Stripe's test mode
//! (`pm_card_visa` and friends succeed, `pm_card_chargeDeclined` and the other decline ids are
//! declined), holds and captures are recorded by the service in Postgres. The customers,
//! connected accounts and transfers it creates are kept in its own tables
//! (`local_provider_*`), as Stripe would keep them. An onboarding link points at the gateway's
//! development route `GET /v1/dev/payment/stripe/completeOnboarding/{accountId}`, which plays
//! the host filling in the provider's form.
//!
//! Authorisations are kept as the card network keeps them (`local_provider_authorizations`):
//! each lapses when `trips_domain::holds::lapses_at` says, by the provider's clock (the
//! service's, which tests move), and a capture asked after that is refused as `Expired` and
//! counted in `refused_captures`. `pm_card_chargeCustomerFail` is saved and attached, and every
//! charge on it is declined, as on Stripe.

use super::{Card, ConnectedAccount, Initiated, OnboardingLink, PaymentError, PaymentProvider};
use chrono::{DateTime, Utc};
use diesel::QueryableByName;
use diesel::sql_types::{BigInt, Bool, Text, Timestamptz};
use diesel_async::RunQueryDsl;
use upcar_db::PgPool;
use upcar_db::Prepare;
use uuid::Uuid;

/// Stripe's test payment methods that succeed: (id, brand, last 4).
const TEST_CARDS: &[(&str, &str, &str)] = &[
    ("pm_card_visa", "visa", "4242"),
    ("pm_card_visa_debit", "visa", "5556"),
    ("pm_card_mastercard", "mastercard", "4444"),
    ("pm_card_mastercard_debit", "mastercard", "8210"),
    ("pm_card_amex", "amex", "8431"),
    ("pm_card_discover", "discover", "1117"),
    ("pm_card_diners", "diners", "0004"),
    ("pm_card_jcb", "jcb", "0505"),
    ("pm_card_unionpay", "unionpay", "0005"),
    // Attaching and saving succeed; every charge is declined.
    ("pm_card_chargeCustomerFail", "visa", "0341"),
];

/// The test card whose charges are declined once it is saved.
const CHARGE_FAILS: &str = "pm_card_chargeCustomerFail";

/// Stripe's test payment methods that are declined, with the decline's text.
const DECLINED: &[(&str, &str)] = &[
    ("pm_card_chargeDeclined", "Your card was declined."),
    ("pm_card_chargeDeclinedInsufficientFunds", "Your card has insufficient funds."),
    ("pm_card_chargeDeclinedExpiredCard", "Your card has expired."),
    ("pm_card_chargeDeclinedIncorrectCvc", "Your card's security code is incorrect."),
    (
        "pm_card_chargeDeclinedProcessingError",
        "An error occurred while processing your card. Try again in a little bit.",
    ),
    ("pm_card_chargeDeclinedFraudulent", "Your card was declined."),
];

/// The local provider.
#[derive(Clone)]
pub struct LocalProvider {
    pool: PgPool,
    /// Where the gateway is reached (`http://127.0.0.1:8080`), for onboarding links.
    public_base_url: String,
    /// The card network's time: when an authorisation was made and whether it lapsed.
    clock: upcar_clock::Clock,
}

impl LocalProvider {
    /// A provider keeping its records in the database behind `pool`, on the system's time.
    pub fn new(pool: PgPool, public_base_url: &str) -> Self {
        Self {
            pool,
            public_base_url: public_base_url.trim_end_matches('/').to_owned(),
            clock: upcar_clock::Clock::system(),
        }
    }

    /// The same provider reading time from `clock` (the service's).
    pub fn with_clock(self, clock: upcar_clock::Clock) -> Self {
        Self { clock, ..self }
    }

    async fn conn(&self) -> Result<upcar_db::PooledConn, PaymentError> {
        self.pool.get().await.map_err(|e| PaymentError::Unavailable(e.to_string()))
    }
}

fn db(e: diesel::result::Error) -> PaymentError {
    PaymentError::Unavailable(format!("local provider: {e}"))
}

#[derive(QueryableByName)]
struct AccountRow {
    #[diesel(sql_type = Text)]
    id: String,
    #[diesel(sql_type = Bool)]
    details_submitted: bool,
    #[diesel(sql_type = Bool)]
    payouts_enabled: bool,
}

#[derive(QueryableByName)]
struct IdRow {
    #[diesel(sql_type = Text)]
    id: String,
}

#[async_trait::async_trait]
impl PaymentProvider for LocalProvider {
    fn name(&self) -> &'static str {
        "local"
    }

    async fn create_customer(&self, user_id: &str, _email: &str) -> Result<String, PaymentError> {
        // A new customer on every call, as Stripe does without an idempotency key.
        let id = format!("cus_local_{}", Uuid::now_v7().simple());
        let mut c = self.conn().await?;
        diesel::sql_query("INSERT INTO local_provider_customers (id, user_id) VALUES ($1, $2)")
            .bind::<Text, _>(&id)
            .bind::<Text, _>(user_id)
            .prepared()
            .execute(&mut c)
            .await
            .map_err(db)?;
        Ok(id)
    }

    async fn attach(&self, _customer: &str, id: &str) -> Result<Card, PaymentError> {
        let id = id.trim();
        if let Some((_, text)) = DECLINED.iter().find(|(d, _)| *d == id) {
            return Err(PaymentError::Declined((*text).to_owned()));
        }
        let Some((_, brand, last4)) = TEST_CARDS.iter().find(|(t, _, _)| *t == id) else {
            return Err(PaymentError::Invalid(
                "Unknown payment method. Use a test card such as pm_card_visa.".to_owned(),
            ));
        };
        // Each attach is a new payment method, as on Stripe.
        Ok(Card {
            id: format!("{id}_{}", Uuid::now_v7().simple()),
            brand: (*brand).to_owned(),
            last4: (*last4).to_owned(),
            exp_month: 12,
            exp_year: 2030,
        })
    }

    async fn save_card(&self, customer: &str, pm: &str, key: &str) -> Result<String, PaymentError> {
        if let Some((_, text)) = DECLINED.iter().find(|(d, _)| pm.starts_with(d)) {
            return Err(PaymentError::Declined((*text).to_owned()));
        }
        let mut c = self.conn().await?;
        // The same key answers the first setup, as Stripe's idempotency keys do.
        let rows: Vec<IdRow> = diesel::sql_query(
            "WITH new AS (INSERT INTO local_provider_setups (id, idempotency_key, customer, payment_method_id, created_at) \
             VALUES ($1, $2, $3, $4, $5) ON CONFLICT (idempotency_key) DO NOTHING RETURNING id) \
             SELECT id FROM new UNION ALL SELECT id FROM local_provider_setups WHERE idempotency_key = $2",
        )
        .bind::<Text, _>(format!("seti_local_{}", Uuid::now_v7().simple()))
        .bind::<Text, _>(key)
        .bind::<Text, _>(customer)
        .bind::<Text, _>(pm)
        .bind::<Timestamptz, _>(self.clock.now())
        .prepared()
        .load(&mut c)
        .await
        .map_err(db)?;
        rows.into_iter()
            .next()
            .map(|r| r.id)
            .ok_or_else(|| PaymentError::Unavailable("setup not recorded".to_owned()))
    }

    async fn authorize(
        &self,
        _c: &str,
        pm: &str,
        amount: i64,
        key: &str,
        by: Initiated,
    ) -> Result<String, PaymentError> {
        if amount < 0 {
            return Err(PaymentError::Invalid("amount must not be negative".to_owned()));
        }
        if pm.starts_with(CHARGE_FAILS) {
            return Err(PaymentError::Declined("Your card was declined.".to_owned()));
        }
        let now = self.clock.now();
        let lapses = trips_domain::holds::lapses_at(now, by);
        let initiated = match by {
            Initiated::Customer => "customer",
            Initiated::Merchant => "merchant",
        };
        let mut c = self.conn().await?;
        let rows: Vec<IdRow> = diesel::sql_query(
            "WITH new AS (INSERT INTO local_provider_authorizations \
               (id, idempotency_key, payment_method_id, amount_cents, initiated, lapses_at, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (idempotency_key) DO NOTHING RETURNING id) \
             SELECT id FROM new UNION ALL SELECT id FROM local_provider_authorizations WHERE idempotency_key = $2",
        )
        .bind::<Text, _>(format!("hold_local_{}", Uuid::now_v7().simple()))
        .bind::<Text, _>(key)
        .bind::<Text, _>(pm)
        .bind::<BigInt, _>(amount)
        .bind::<Text, _>(initiated)
        .bind::<Timestamptz, _>(lapses)
        .bind::<Timestamptz, _>(now)
        .prepared()
        .load(&mut c)
        .await
        .map_err(db)?;
        rows.into_iter()
            .next()
            .map(|r| r.id)
            .ok_or_else(|| PaymentError::Unavailable("authorisation not recorded".to_owned()))
    }

    async fn capture(&self, hold: &str, amount: i64) -> Result<(), PaymentError> {
        #[derive(QueryableByName)]
        struct Auth {
            #[diesel(sql_type = Text)]
            status: String,
            #[diesel(sql_type = BigInt)]
            amount_cents: i64,
            #[diesel(sql_type = Timestamptz)]
            lapses_at: DateTime<Utc>,
        }
        let mut c = self.conn().await?;
        let rows: Vec<Auth> = diesel::sql_query(
            "SELECT status, amount_cents, lapses_at FROM local_provider_authorizations WHERE id = $1",
        )
        .bind::<Text, _>(hold)
        .prepared()
        .load(&mut c)
        .await
        .map_err(db)?;
        let Some(a) = rows.into_iter().next() else {
            // A hold made before this provider kept its authorisations.
            return Ok(());
        };
        if a.status == "captured" {
            return Ok(());
        }
        let now = self.clock.now();
        if a.status == "released" || !trips_domain::holds::capturable(a.lapses_at, now) {
            diesel::sql_query(
                "UPDATE local_provider_authorizations SET refused_captures = refused_captures + 1 WHERE id = $1",
            )
            .bind::<Text, _>(hold)
            .prepared()
            .execute(&mut c)
            .await
            .map_err(db)?;
            return Err(PaymentError::Expired(
                "This authorization is no longer valid and cannot be captured.".to_owned(),
            ));
        }
        if amount > a.amount_cents {
            return Err(PaymentError::Invalid("amount exceeds the authorization".to_owned()));
        }
        diesel::sql_query(
            "UPDATE local_provider_authorizations SET status = 'captured', captured_cents = $2 WHERE id = $1",
        )
        .bind::<Text, _>(hold)
        .bind::<BigInt, _>(amount)
        .prepared()
        .execute(&mut c)
        .await
        .map_err(db)?;
        Ok(())
    }

    async fn release(&self, hold: &str) -> Result<(), PaymentError> {
        let mut c = self.conn().await?;
        diesel::sql_query(
            "UPDATE local_provider_authorizations SET status = 'released' WHERE id = $1 AND status = 'authorized'",
        )
        .bind::<Text, _>(hold)
        .prepared()
        .execute(&mut c)
        .await
        .map_err(db)?;
        Ok(())
    }

    async fn refund(&self, _hold: &str, _amount: i64) -> Result<(), PaymentError> {
        Ok(())
    }

    async fn create_connected_account(
        &self,
        user_id: &str,
        email: &str,
    ) -> Result<String, PaymentError> {
        let id = format!("acct_local_{}", Uuid::now_v7().simple());
        let mut c = self.conn().await?;
        diesel::sql_query(
            "INSERT INTO local_provider_accounts (id, user_id, email) VALUES ($1, $2, $3)",
        )
        .bind::<Text, _>(&id)
        .bind::<Text, _>(user_id)
        .bind::<Text, _>(email)
        .prepared()
        .execute(&mut c)
        .await
        .map_err(db)?;
        Ok(id)
    }

    async fn connected_account(&self, account_id: &str) -> Result<ConnectedAccount, PaymentError> {
        let mut c = self.conn().await?;
        let rows: Vec<AccountRow> = diesel::sql_query(
            "SELECT id, details_submitted, payouts_enabled FROM local_provider_accounts WHERE id = $1",
        )
        .bind::<Text, _>(account_id)
        .prepared()
        .load(&mut c)
        .await
        .map_err(db)?;
        let a = rows
            .into_iter()
            .next()
            .ok_or_else(|| PaymentError::Invalid(format!("No such account: {account_id}")))?;
        let due = if a.details_submitted {
            Vec::new()
        } else {
            [
                "external_account",
                "individual.dob.day",
                "individual.ssn_last_4",
                "tos_acceptance.date",
            ]
            .map(str::to_owned)
            .to_vec()
        };
        Ok(ConnectedAccount {
            id: a.id,
            details_submitted: a.details_submitted,
            payouts_enabled: a.payouts_enabled,
            requirements_due: due,
        })
    }

    async fn onboarding_link(
        &self,
        account_id: &str,
        _refresh_url: &str,
        _return_url: &str,
    ) -> Result<OnboardingLink, PaymentError> {
        self.connected_account(account_id).await?;
        Ok(OnboardingLink {
            url: format!(
                "{}/v1/dev/payment/stripe/completeOnboarding/{account_id}",
                self.public_base_url
            ),
            expires_at: (chrono::Utc::now() + chrono::Duration::minutes(5)).timestamp(),
        })
    }

    async fn payout(
        &self,
        account_id: &str,
        amount_cents: i64,
        idempotency_key: &str,
    ) -> Result<String, PaymentError> {
        if amount_cents <= 0 {
            return Err(PaymentError::Invalid("amount must be positive".to_owned()));
        }
        let a = self.connected_account(account_id).await?;
        if !a.payouts_enabled {
            return Err(PaymentError::Invalid(
                "Payouts are not enabled on this account.".to_owned(),
            ));
        }
        let mut c = self.conn().await?;
        // The same key answers the first transfer, as Stripe's idempotency keys do.
        let rows: Vec<IdRow> = diesel::sql_query(
            "WITH new AS (INSERT INTO local_provider_transfers (id, account_id, amount_cents, idempotency_key) \
             VALUES ($1, $2, $3, $4) ON CONFLICT (idempotency_key) DO NOTHING RETURNING id) \
             SELECT id FROM new UNION ALL SELECT id FROM local_provider_transfers WHERE idempotency_key = $4",
        )
        .bind::<Text, _>(format!("tr_local_{}", Uuid::now_v7().simple()))
        .bind::<Text, _>(account_id)
        .bind::<BigInt, _>(amount_cents)
        .bind::<Text, _>(idempotency_key)
        .prepared()
        .load(&mut c)
        .await
        .map_err(db)?;
        rows.into_iter()
            .next()
            .map(|r| r.id)
            .ok_or_else(|| PaymentError::Unavailable("transfer not recorded".to_owned()))
    }

    async fn complete_onboarding_locally(&self, account_id: &str) -> Result<(), PaymentError> {
        let mut c = self.conn().await?;
        let n = diesel::sql_query(
            "UPDATE local_provider_accounts SET details_submitted = true, payouts_enabled = true WHERE id = $1",
        )
        .bind::<Text, _>(account_id)
        .prepared()
        .execute(&mut c)
        .await
        .map_err(db)?;
        if n == 0 {
            return Err(PaymentError::Invalid(format!("No such account: {account_id}")));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn test_ids_behave_as_on_stripe_test_mode() {
        // Cards touch no table: a pool that never connects is enough.
        let pool = upcar_db::pool("postgres://127.0.0.1:1/none", 1).unwrap();
        let p = LocalProvider::new(pool, "http://127.0.0.1:8080");
        let card = p.attach("cus", "pm_card_visa").await.unwrap();
        assert_eq!((card.brand.as_str(), card.last4.as_str()), ("visa", "4242"));
        assert!(card.id.starts_with("pm_card_visa_"));
        assert_eq!(
            p.attach("cus", "pm_card_chargeDeclined").await,
            Err(PaymentError::Declined("Your card was declined.".into()))
        );
        assert!(matches!(p.attach("cus", "tok_junk").await, Err(PaymentError::Invalid(_))));
        // Saved without complaint; its charges are declined (the providers' tests).
        let fails = p.attach("cus", "pm_card_chargeCustomerFail").await.unwrap();
        assert_eq!(fails.last4, "0341");
        assert_eq!(
            p.authorize("cus", &fails.id, 1_000, "k", Initiated::Merchant).await,
            Err(PaymentError::Declined("Your card was declined.".into()))
        );
    }
}
