//! The host's side of their listings: `getHostStatus` and `getHostCarsOnPlatform`.

use crate::api::{host, page, view};
use crate::error::HostingResult;
use crate::state::AppState;
use crate::store::listings;
use hosting_domain::policy::HOST_CARS_PAGE_SIZE;
use upcar_identity::Identity;
use upcar_proto::hosting as pb;

/// Whether the caller hosts, from their listings' statuses.
pub async fn status(
    state: &AppState,
    who: Option<Identity>,
) -> HostingResult<pb::GetHostStatusReply> {
    let who = host(who)?;
    let mut conn = state.conn().await?;
    let counts = listings::status_counts(&mut conn, who.user_id).await?;
    let count = |s: &str| counts.iter().find(|(k, _)| k == s).map(|(_, n)| *n).unwrap_or(0);
    let listed = count("active") + count("snoozed") + count("unlisted");
    let host_status = if count("active") > 0 {
        pb::HostStatus::Active
    } else if count("pending") > 0 {
        pb::HostStatus::Pending
    } else if listed > 0 {
        pb::HostStatus::Inactive
    } else if count("rejected") > 0 {
        pb::HostStatus::Rejected
    } else if count("draft") > 0 {
        pb::HostStatus::Draft
    } else {
        pb::HostStatus::None
    };
    let n = |v: i64| i32::try_from(v).unwrap_or(i32::MAX);
    Ok(pb::GetHostStatusReply {
        host_status: host_status as i32,
        active_cars: n(count("active")),
        pending_listings: n(count("pending")),
        has_draft: count("draft") > 0,
    })
}

/// The caller's cars past the wizard, newest first (9 a page by default).
pub async fn list(
    state: &AppState,
    who: Option<Identity>,
    r: pb::GetHostCarsRequest,
) -> HostingResult<pb::ListingsReply> {
    let who = host(who)?;
    let default_limit = i32::try_from(HOST_CARS_PAGE_SIZE).unwrap_or(9);
    let (page, limit) = page(r.page, r.limit, default_limit)?;
    let mut conn = state.conn().await?;
    let offset = i64::from(page - 1) * i64::from(limit);
    let (rows, total) =
        listings::host_cars(&mut conn, who.user_id, offset, i64::from(limit)).await?;
    Ok(pb::ListingsReply { listings: rows.iter().map(view::listing).collect(), page, limit, total })
}
