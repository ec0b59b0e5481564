//! Development data: the demo guest has a card on file (CONTRACT.md: "guest already verified:
//! email, licence, payment method"). Loading is idempotent.

use crate::state::AppState;
use crate::store::payments::{self, MethodRow};
use uuid::Uuid;

/// The demo guest's account id (accounts' demo data).
pub const DEMO_GUEST: Uuid = Uuid::from_u128(0x01930000_0000_7000_8000_000000000003);

/// Loads the demo guest's Visa test card unless they have a card.
pub async fn load(state: &AppState) -> anyhow::Result<()> {
    let mut conn = state.pool.get().await?;
    if payments::primary(&mut conn, DEMO_GUEST).await?.is_some() {
        return Ok(());
    }
    let row = MethodRow {
        id: "pm_card_visa_demo_guest".to_owned(),
        user_id: DEMO_GUEST,
        provider: "local".to_owned(),
        card_type: "visa".to_owned(),
        last4: "4242".to_owned(),
        exp_month: 12,
        exp_year: 2030,
        billing: serde_json::json!({"street": "39650 Liberty St", "city": "Fremont", "state": "CA", "zip": "94538", "country": "US", "name": "Grace Guest"}),
    };
    payments::add_primary(&mut conn, &row).await?;
    Ok(())
}
