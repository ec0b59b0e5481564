//! Listing reports ("Flag This Ride").

use super::cars::car_id;
use crate::domain::reports::ListingReport;
use crate::error::{CatalogError, CatalogResult};
use crate::state::AppState;
use crate::store::{cars, reports};
use upcar_identity::Identity;
use upcar_proto::catalog as pb;

/// The spec's success text (spec 000 section 8).
pub const REPORTED: &str = "Report submitted successfully!";

pub async fn report_listing(
    state: &AppState,
    who: Option<Identity>,
    r: pb::ReportListingRequest,
) -> CatalogResult<pb::ReportListingReply> {
    let who = who.ok_or(CatalogError::SignInRequired)?;
    let report = ListingReport::parse(&r.report_type, &r.reason)?;
    let id = car_id(&r.car_id)?;
    let mut conn = state.conn().await?;
    cars::by_id(&mut conn, id).await?.ok_or(CatalogError::CarNotFound)?;
    // The report is kept for support; the car stays listed (CONTRACT).
    let now = state.clock.now();
    if !reports::insert(&mut conn, id, who.user_id, &report.report_type, &report.reason, now)
        .await?
    {
        return Err(CatalogError::AlreadyReported);
    }
    tracing::info!(car = %id, reporter = %who.user_id, "listing reported");
    Ok(pb::ReportListingReply { message: REPORTED.to_owned() })
}
