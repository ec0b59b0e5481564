//! The local provider: Stripe's test payment method ids behave as on Stripe's test mode
//! (`pm_card_visa` and friends succeed, `pm_card_chargeDeclined` and the other decline ids are
//! declined), holds and captures are recorded by the service in Postgres.

use super::{Card, PaymentError, PaymentProvider};
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
];

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
#[derive(Debug, Default, Clone)]
pub struct LocalProvider;

#[async_trait::async_trait]
impl PaymentProvider for LocalProvider {
    fn name(&self) -> &'static str {
        "local"
    }

    async fn create_customer(&self, user_id: &str, _email: &str) -> Result<String, PaymentError> {
        Ok(format!("cus_local_{user_id}"))
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

    async fn authorize(
        &self,
        _c: &str,
        _pm: &str,
        amount: i64,
        _key: &str,
    ) -> Result<String, PaymentError> {
        if amount < 0 {
            return Err(PaymentError::Invalid("amount must not be negative".to_owned()));
        }
        Ok(format!("hold_local_{}", Uuid::now_v7().simple()))
    }

    async fn capture(&self, _hold: &str, _amount: i64) -> Result<(), PaymentError> {
        Ok(())
    }

    async fn release(&self, _hold: &str) -> Result<(), PaymentError> {
        Ok(())
    }

    async fn refund(&self, _hold: &str, _amount: i64) -> Result<(), PaymentError> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn test_ids_behave_as_on_stripe_test_mode() {
        let p = LocalProvider;
        let card = p.attach("cus", "pm_card_visa").await.unwrap();
        assert_eq!((card.brand.as_str(), card.last4.as_str()), ("visa", "4242"));
        assert!(card.id.starts_with("pm_card_visa_"));
        assert_eq!(
            p.attach("cus", "pm_card_chargeDeclined").await,
            Err(PaymentError::Declined("Your card was declined.".into()))
        );
        assert!(matches!(p.attach("cus", "tok_junk").await, Err(PaymentError::Invalid(_))));
        assert!(p.authorize("cus", &card.id, 1000, "k").await.unwrap().starts_with("hold_local_"));
    }
}
