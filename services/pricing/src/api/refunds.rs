//! What cancelling a booked trip gives back, by the cancellation policy.

use crate::api::checkout::trip_for;
use crate::error::{PricingError, PricingResult};
use crate::state::AppState;
use pricing_domain::Cents;
use pricing_domain::refund::{Canceller, RefundRule, refund};
use upcar_identity::Identity;
use upcar_proto::pricing as pb;

fn rule_name(r: RefundRule) -> &'static str {
    match r {
        RefundRule::WithinOneHourOfBooking => "withinOneHourOfBooking",
        RefundRule::MoreThan24HoursBeforeStart => "moreThan24HoursBeforeStart",
        RefundRule::Within24HoursOfStart => "within24HoursOfStart",
        RefundRule::AfterStart => "afterStart",
        RefundRule::CancelledByHost => "cancelledByHost",
    }
}

/// `tripPrice/getTripRefundPrice`: the refund if the caller cancelled now. The guest sees the
/// guest's policy, the host the host's (a full refund to the guest).
pub async fn get_trip_refund_price(
    state: &AppState,
    who: Option<Identity>,
    r: pb::TripRefundRequest,
) -> PricingResult<pb::TripRefundReply> {
    let who = who.ok_or(PricingError::SignInRequired)?;
    let trip = trip_for(state, &who, &r.trip_id).await?;
    let by = match r.cancelled_by.trim() {
        "guest" => Canceller::Guest,
        "host" => Canceller::Host,
        "" if trip.user_id == who.user_id => Canceller::Guest,
        "" => Canceller::Host,
        other => {
            return Err(PricingError::BadCanceller(other.to_owned()));
        }
    };
    let now = state.clock.now();
    let split = refund(Cents(trip.total_cents), trip.booked_at, trip.start_time, now, by);
    Ok(pb::TripRefundReply {
        trip_id: trip.trip_id.to_string(),
        paid_cents: trip.total_cents,
        refund_cents: split.refund.0,
        owner_earns_cents: split.owner_earns.0,
        platform_keeps_cents: split.platform_keeps.0,
        rule: rule_name(split.rule).to_owned(),
        message: split.rule.message().to_owned(),
    })
}
