//! Development data: the coupons the demo shows ("Save $50 on first trip" and a percentage
//! one). Loading is idempotent.

use crate::state::AppState;
use crate::store::coupons::{NewCoupon, insert};
use pricing_domain::Cents;
use pricing_domain::coupon::Benefit;

/// Loads the demo coupons.
pub async fn load(state: &AppState) -> anyhow::Result<()> {
    let mut conn = state.pool.get().await?;
    let coupons = [
        NewCoupon {
            code: "FIRST50",
            benefit: Benefit::Amount(Cents(5_000)),
            min_trip: Cents(10_000),
            valid_until: None,
            description: "Save $50 on first trip",
            first_trip_only: true,
            uses_per_account: Some(1),
        },
        NewCoupon {
            code: "SAVE10",
            benefit: Benefit::Percent { bp: 1_000, cap: Some(Cents(10_000)) },
            min_trip: Cents(0),
            valid_until: None,
            description: "10% off, up to $100",
            first_trip_only: false,
            uses_per_account: None,
        },
    ];
    for c in &coupons {
        insert(&mut conn, c).await?;
    }
    Ok(())
}
