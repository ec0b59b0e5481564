//! Protection plans and coupons.

use crate::api::checkout::coupon_for;
use crate::error::{PricingError, PricingResult};
use crate::state::AppState;
use pricing_domain::Cents;
use pricing_domain::coupon::Benefit;
use pricing_domain::protection::{Plan, plans};
use upcar_proto::pricing as pb;

/// `trips/protectionPlans`.
pub fn list_protection_plans() -> pb::ProtectionPlansReply {
    pb::ProtectionPlansReply {
        plans: plans()
            .into_iter()
            .map(|p| pb::ProtectionPlan {
                name: p.name.to_owned(),
                label: p.label.to_owned(),
                coverage: p.coverage.iter().map(|s| (*s).to_owned()).collect(),
                percent_of_trip_price: p.percent_of_trip_price as i32,
                deductible: p.deductible.map(|d| d as i32),
                is_default: p.is_default,
            })
            .collect(),
    }
}

/// `tripPrice/getProtectionPlanPrice`.
pub fn protection_plan_price(
    r: pb::ProtectionPlanPriceRequest,
) -> PricingResult<pb::ProtectionPlanPriceReply> {
    let plan = Plan::parse(&r.protection_plan_type)?;
    if r.final_trip_price_cents < 0 {
        return Err(PricingError::NegativeTripPrice);
    }
    Ok(pb::ProtectionPlanPriceReply {
        protection_plan_type: plan.name().to_owned(),
        price_cents: plan.price(Cents(r.final_trip_price_cents)).0,
        percent: (plan.rate_bp() / 100) as i32,
    })
}

/// `tripPrice/validateCoupon`: whether a code can be used now (by the caller, when signed in),
/// and what it gives.
pub async fn validate_coupon(
    state: &AppState,
    who: Option<&upcar_identity::Identity>,
    r: pb::ValidateCouponRequest,
) -> PricingResult<pb::ValidateCouponReply> {
    let coupon = coupon_for(state, &r.coupon_code).await?;
    coupon.check(state.clock.now())?;
    // Signed in: the conditions on the guest's trips too (first trip, uses per account).
    if let Some(who) = who {
        crate::api::checkout::check_guest(state, who.user_id, &coupon).await?;
    }
    let (kind, amount, percent) = match coupon.benefit {
        Benefit::Amount(a) => ("amount", a.0, 0),
        Benefit::Percent { bp, cap } => ("percent", cap.map_or(0, |c| c.0), (bp / 100) as i32),
    };
    Ok(pb::ValidateCouponReply {
        valid: true,
        coupon_code: coupon.code.clone(),
        message: if coupon.description.is_empty() {
            "Coupon applied.".to_owned()
        } else {
            coupon.description.clone()
        },
        discount_type: kind.to_owned(),
        amount_cents: amount,
        percent,
        min_trip_cents: coupon.min_trip.0,
    })
}
