//! gRPC handlers: one file per resource, this file wires them to the generated service.

pub mod checkout;
pub mod convert;
pub mod incidentals;
pub mod plans;
pub mod prices;
pub mod refunds;

use crate::error::PricingResult;
use crate::state::AppState;
use std::sync::Arc;
use tonic::{Request, Response, Status};
use upcar_identity::Identity;
use upcar_proto::pricing as pb;
use upcar_proto::pricing::pricing_server::Pricing;

/// The generated service's implementation.
#[derive(Clone)]
pub struct PricingApi {
    state: Arc<AppState>,
}

impl PricingApi {
    /// Wraps the shared state.
    pub fn new(state: Arc<AppState>) -> Self {
        Self { state }
    }
}

async fn call<T, R, F>(method: &'static str, req: Request<T>, f: F) -> Result<Response<R>, Status>
where
    F: AsyncFnOnce(Option<Identity>, T) -> PricingResult<R>,
{
    upcar_identity::serve(method, req, f).await
}

#[tonic::async_trait]
impl Pricing for PricingApi {
    async fn get_trip_price(
        &self,
        r: Request<pb::TripPriceRequest>,
    ) -> Result<Response<pb::PriceDetails>, Status> {
        call("GetTripPrice", r, async |who, b| prices::get_trip_price(&self.state, who, b).await)
            .await
    }
    async fn get_trip_prices(
        &self,
        r: Request<pb::TripPricesRequest>,
    ) -> Result<Response<pb::TripPricesReply>, Status> {
        call("GetTripPrices", r, async |_, b| prices::get_trip_prices(&self.state, b).await).await
    }
    async fn check_prices(
        &self,
        r: Request<pb::CheckPricesRequest>,
    ) -> Result<Response<pb::CheckPricesReply>, Status> {
        call("CheckPrices", r, async |_, b| prices::check_prices(&self.state, b).await).await
    }
    async fn get_final_trip_price(
        &self,
        r: Request<pb::FinalTripPriceRequest>,
    ) -> Result<Response<pb::PriceDetails>, Status> {
        call("GetFinalTripPrice", r, async |who, b| {
            checkout::get_final_trip_price(&self.state, who, b).await
        })
        .await
    }
    async fn get_modified_trip_price(
        &self,
        r: Request<pb::ModifiedTripPriceRequest>,
    ) -> Result<Response<pb::ModifiedTripPriceReply>, Status> {
        call("GetModifiedTripPrice", r, async |who, b| {
            checkout::get_modified_trip_price(&self.state, who, b).await
        })
        .await
    }
    async fn get_trip_refund_price(
        &self,
        r: Request<pb::TripRefundRequest>,
    ) -> Result<Response<pb::TripRefundReply>, Status> {
        call("GetTripRefundPrice", r, async |who, b| {
            refunds::get_trip_refund_price(&self.state, who, b).await
        })
        .await
    }
    async fn validate_coupon(
        &self,
        r: Request<pb::ValidateCouponRequest>,
    ) -> Result<Response<pb::ValidateCouponReply>, Status> {
        call("ValidateCoupon", r, async |i, b| {
            plans::validate_coupon(&self.state, i.as_ref(), b).await
        })
        .await
    }
    async fn get_protection_plan_price(
        &self,
        r: Request<pb::ProtectionPlanPriceRequest>,
    ) -> Result<Response<pb::ProtectionPlanPriceReply>, Status> {
        call("GetProtectionPlanPrice", r, async |_, b| plans::protection_plan_price(b)).await
    }
    async fn list_protection_plans(
        &self,
        r: Request<pb::Empty>,
    ) -> Result<Response<pb::ProtectionPlansReply>, Status> {
        call("ListProtectionPlans", r, async |_, _| Ok(plans::list_protection_plans())).await
    }
    async fn accept_quote(
        &self,
        r: Request<pb::AcceptQuoteRequest>,
    ) -> Result<Response<pb::AcceptedQuote>, Status> {
        call("AcceptQuote", r, async |_, b| checkout::accept_quote(&self.state, b).await).await
    }
    async fn get_incidental_options(
        &self,
        r: Request<pb::IncidentalOptionsRequest>,
    ) -> Result<Response<pb::IncidentalOptionsReply>, Status> {
        call("GetIncidentalOptions", r, async |who, b| {
            incidentals::options(&self.state, who, b).await
        })
        .await
    }
    async fn price_incidentals(
        &self,
        r: Request<pb::PriceIncidentalsRequest>,
    ) -> Result<Response<pb::PriceIncidentalsReply>, Status> {
        call("PriceIncidentals", r, async |who, b| incidentals::price(&self.state, who, b).await)
            .await
    }
}
