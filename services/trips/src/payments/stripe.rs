//! Stripe, through its HTTP API (form-encoded requests, bearer secret key, idempotency keys):
//! customers, attaching payment methods, manual-capture PaymentIntents as pre-authorisation
//! holds, captures, cancellations and refunds; Stripe Connect for host payouts (Express
//! accounts, account links for onboarding, transfers). Tested against a local fake of these
//! endpoints.

use super::{Card, ConnectedAccount, Initiated, OnboardingLink, PaymentError, PaymentProvider};
use secrecy::{ExposeSecret, SecretString};
use serde::Deserialize;

/// The Stripe adapter.
pub struct StripeProvider {
    http: reqwest::Client,
    base: String,
    key: SecretString,
}

#[derive(Deserialize)]
struct StripeError {
    error: StripeErrorBody,
}

#[derive(Deserialize)]
struct StripeErrorBody {
    #[serde(rename = "type", default)]
    kind: String,
    #[serde(default)]
    message: String,
    #[serde(default)]
    code: String,
}

#[derive(Deserialize)]
struct Object {
    id: String,
    #[serde(default)]
    status: String,
    #[serde(default)]
    card: Option<CardObject>,
}

#[derive(Deserialize)]
struct AccountObject {
    id: String,
    #[serde(default)]
    details_submitted: bool,
    #[serde(default)]
    payouts_enabled: bool,
    #[serde(default)]
    requirements: Option<Requirements>,
}

#[derive(Deserialize, Default)]
struct Requirements {
    #[serde(default)]
    currently_due: Vec<String>,
}

#[derive(Deserialize)]
struct LinkObject {
    url: String,
    #[serde(default)]
    expires_at: i64,
}

#[derive(Deserialize)]
struct CardObject {
    brand: String,
    last4: String,
    exp_month: i32,
    exp_year: i32,
}

/// `application/x-www-form-urlencoded` body of the pairs.
fn form_body(pairs: &[(&str, String)]) -> String {
    fn enc(s: &str) -> String {
        s.bytes()
            .map(|b| match b {
                b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                    (b as char).to_string()
                }
                b' ' => "+".to_owned(),
                _ => format!("%{b:02X}"),
            })
            .collect()
    }
    pairs.iter().map(|(k, v)| format!("{}={}", enc(k), enc(v))).collect::<Vec<_>>().join("&")
}

impl StripeProvider {
    /// An adapter for the API at `base` (`https://api.stripe.com`).
    pub fn new(base: &str, key: SecretString) -> anyhow::Result<Self> {
        let http =
            reqwest::Client::builder().timeout(std::time::Duration::from_secs(20)).build()?;
        Ok(Self { http, base: base.trim_end_matches('/').to_owned(), key })
    }

    async fn post(
        &self,
        path: &str,
        form: &[(&str, String)],
        key: Option<&str>,
    ) -> Result<Object, PaymentError> {
        self.post_as(path, form, key).await
    }

    async fn post_as<T: serde::de::DeserializeOwned>(
        &self,
        path: &str,
        form: &[(&str, String)],
        key: Option<&str>,
    ) -> Result<T, PaymentError> {
        let mut req = self
            .http
            .post(format!("{}{path}", self.base))
            .bearer_auth(self.key.expose_secret())
            .header("content-type", "application/x-www-form-urlencoded")
            .body(form_body(form));
        if let Some(k) = key {
            req = req.header("Idempotency-Key", k);
        }
        Self::answer(req).await
    }

    async fn get_as<T: serde::de::DeserializeOwned>(&self, path: &str) -> Result<T, PaymentError> {
        let req =
            self.http.get(format!("{}{path}", self.base)).bearer_auth(self.key.expose_secret());
        Self::answer(req).await
    }

    async fn answer<T: serde::de::DeserializeOwned>(
        req: reqwest::RequestBuilder,
    ) -> Result<T, PaymentError> {
        let resp = req.send().await.map_err(|e| PaymentError::Unavailable(e.to_string()))?;
        let status = resp.status();
        let body = resp.bytes().await.map_err(|e| PaymentError::Unavailable(e.to_string()))?;
        if status.is_success() {
            return serde_json::from_slice(&body)
                .map_err(|e| PaymentError::Unavailable(format!("bad answer: {e}")));
        }
        let err: Option<StripeError> = serde_json::from_slice(&body).ok();
        let (kind, message, code) =
            err.map(|e| (e.error.kind, e.error.message, e.error.code)).unwrap_or_default();
        Err(match (status.as_u16(), kind.as_str()) {
            // A PaymentIntent Stripe cancelled (its authorisation lapsed) cannot be captured.
            _ if code == "payment_intent_unexpected_state" => PaymentError::Expired(message),
            (402, _) | (_, "card_error") => PaymentError::Declined(if message.is_empty() {
                "Your card was declined.".to_owned()
            } else {
                message
            }),
            (400 | 404, _) => PaymentError::Invalid(message),
            _ => PaymentError::Unavailable(format!("{status}: {message}")),
        })
    }
}

#[async_trait::async_trait]
impl PaymentProvider for StripeProvider {
    fn name(&self) -> &'static str {
        "stripe"
    }

    async fn create_customer(&self, user_id: &str, email: &str) -> Result<String, PaymentError> {
        let form = [("email", email.to_owned()), ("metadata[user_id]", user_id.to_owned())];
        Ok(self.post("/v1/customers", &form, Some(&format!("customer-{user_id}"))).await?.id)
    }

    async fn attach(&self, customer: &str, payment_method_id: &str) -> Result<Card, PaymentError> {
        let o = self
            .post(
                &format!("/v1/payment_methods/{payment_method_id}/attach"),
                &[("customer", customer.to_owned())],
                None,
            )
            .await?;
        let c =
            o.card.ok_or_else(|| PaymentError::Invalid("Only cards are accepted.".to_owned()))?;
        Ok(Card {
            id: o.id,
            brand: c.brand,
            last4: c.last4,
            exp_month: c.exp_month,
            exp_year: c.exp_year,
        })
    }

    async fn save_card(&self, customer: &str, pm: &str, key: &str) -> Result<String, PaymentError> {
        let form = [
            ("customer", customer.to_owned()),
            ("payment_method", pm.to_owned()),
            ("usage", "off_session".to_owned()),
            ("confirm", "true".to_owned()),
        ];
        let o = self.post("/v1/setup_intents", &form, Some(key)).await?;
        if o.status != "succeeded" {
            return Err(PaymentError::Declined("Your card could not be saved.".to_owned()));
        }
        Ok(o.id)
    }

    async fn authorize(
        &self,
        customer: &str,
        pm: &str,
        amount_cents: i64,
        key: &str,
        by: Initiated,
    ) -> Result<String, PaymentError> {
        let mut form = vec![
            ("amount", amount_cents.to_string()),
            ("currency", "usd".to_owned()),
            ("customer", customer.to_owned()),
            ("payment_method", pm.to_owned()),
            ("capture_method", "manual".to_owned()),
            ("confirm", "true".to_owned()),
        ];
        match by {
            // The guest is at the checkout; the card may be charged later with them away.
            Initiated::Customer => form.push(("setup_future_usage", "off_session".to_owned())),
            // The platform charges the saved card (merchant initiated).
            Initiated::Merchant => form.push(("off_session", "true".to_owned())),
        }
        let o = self.post("/v1/payment_intents", &form, Some(key)).await?;
        if o.status != "requires_capture" {
            return Err(PaymentError::Declined("Your card was declined.".to_owned()));
        }
        Ok(o.id)
    }

    async fn capture(&self, hold_id: &str, amount_cents: i64) -> Result<(), PaymentError> {
        let form = [("amount_to_capture", amount_cents.to_string())];
        self.post(
            &format!("/v1/payment_intents/{hold_id}/capture"),
            &form,
            Some(&format!("capture-{hold_id}")),
        )
        .await?;
        Ok(())
    }

    async fn release(&self, hold_id: &str) -> Result<(), PaymentError> {
        self.post(
            &format!("/v1/payment_intents/{hold_id}/cancel"),
            &[],
            Some(&format!("cancel-{hold_id}")),
        )
        .await?;
        Ok(())
    }

    async fn refund(&self, hold_id: &str, amount_cents: i64) -> Result<(), PaymentError> {
        let form = [("payment_intent", hold_id.to_owned()), ("amount", amount_cents.to_string())];
        self.post("/v1/refunds", &form, Some(&format!("refund-{hold_id}-{amount_cents}"))).await?;
        Ok(())
    }

    async fn create_connected_account(
        &self,
        user_id: &str,
        email: &str,
    ) -> Result<String, PaymentError> {
        let mut form = vec![
            ("type", "express".to_owned()),
            ("country", "US".to_owned()),
            ("capabilities[transfers][requested]", "true".to_owned()),
            ("metadata[user_id]", user_id.to_owned()),
        ];
        if !email.is_empty() {
            form.push(("email", email.to_owned()));
        }
        let a: AccountObject =
            self.post_as("/v1/accounts", &form, Some(&format!("account-{user_id}"))).await?;
        Ok(a.id)
    }

    async fn connected_account(&self, account_id: &str) -> Result<ConnectedAccount, PaymentError> {
        let a: AccountObject = self.get_as(&format!("/v1/accounts/{account_id}")).await?;
        Ok(ConnectedAccount {
            id: a.id,
            details_submitted: a.details_submitted,
            payouts_enabled: a.payouts_enabled,
            requirements_due: a.requirements.unwrap_or_default().currently_due,
        })
    }

    async fn onboarding_link(
        &self,
        account_id: &str,
        refresh_url: &str,
        return_url: &str,
    ) -> Result<OnboardingLink, PaymentError> {
        let form = [
            ("account", account_id.to_owned()),
            ("refresh_url", refresh_url.to_owned()),
            ("return_url", return_url.to_owned()),
            ("type", "account_onboarding".to_owned()),
        ];
        let l: LinkObject = self.post_as("/v1/account_links", &form, None).await?;
        Ok(OnboardingLink { url: l.url, expires_at: l.expires_at })
    }

    async fn payout(
        &self,
        account_id: &str,
        amount_cents: i64,
        idempotency_key: &str,
    ) -> Result<String, PaymentError> {
        // Separate charges and transfers: the platform's balance goes to the connected
        // account, whose own payout schedule sends it to the host's bank.
        let form = [
            ("amount", amount_cents.to_string()),
            ("currency", "usd".to_owned()),
            ("destination", account_id.to_owned()),
            ("transfer_group", idempotency_key.to_owned()),
        ];
        Ok(self.post("/v1/transfers", &form, Some(idempotency_key)).await?.id)
    }
}
