//! The listing review: an admin lists the finalized listings, approves one (it becomes an
//! active car, published to catalog-search and from there to pricing) or rejects it with a
//! reason its host reads.

use crate::api::{admin, listing_id, page, view};
use crate::error::{HostingError, HostingResult};
use crate::events::listing_changed;
use crate::state::AppState;
use crate::store::listings::{self, Listing};
use chrono::{DateTime, Utc};
use diesel_async::{AsyncConnection, AsyncPgConnection};
use upcar_identity::Identity;
use upcar_proto::hosting as pb;
use uuid::Uuid;

/// The longest rejection reason.
const MAX_REASON_CHARS: usize = 1000;

/// Listings waiting for review, oldest first.
pub async fn pending(
    state: &AppState,
    who: Option<Identity>,
    r: pb::ListListingsForReviewRequest,
) -> HostingResult<pb::ListingsReply> {
    admin(who)?;
    let (page, limit) = page(r.page, r.limit, 20)?;
    let mut conn = state.conn().await?;
    let offset = i64::from(page - 1) * i64::from(limit);
    let (rows, total) = listings::pending(&mut conn, offset, i64::from(limit)).await?;
    Ok(pb::ListingsReply { listings: rows.iter().map(view::listing).collect(), page, limit, total })
}

/// Approves listing `id` in the caller's transaction: it must be under review; it becomes
/// active, its version moves on, and its full state is written to the outbox.
pub(crate) async fn approve_in(
    c: &mut AsyncPgConnection,
    id: Uuid,
    now: DateTime<Utc>,
) -> HostingResult<Listing> {
    let l = listings::lock(c, id).await?.ok_or(HostingError::ListingNotFound)?;
    if l.row.status != "pending" {
        return Err(HostingError::NotPending(l.row.status.clone()));
    }
    listings::set_status(c, id, "active", None, now, true).await?;
    listings::reviewed(c, id, now).await?;
    let l = listings::find(c, id).await?.ok_or(HostingError::ListingNotFound)?;
    let event = listing_changed(&l, now).ok_or_else(|| {
        HostingError::Internal(anyhow::anyhow!("approved listing {id} is incomplete"))
    })?;
    upcar_events::enqueue(c, &event).await?;
    Ok(l)
}

/// Approves a listing under review: active, its version moved on, and its full state
/// published in the same transaction.
pub async fn approve(
    state: &AppState,
    who: Option<Identity>,
    r: pb::ListingIdRequest,
) -> HostingResult<pb::ListingReply> {
    admin(who)?;
    let id = listing_id(&r.car_id)?;
    let now = state.clock.now();
    let mut conn = state.conn().await?;
    let listing =
        conn.transaction::<_, HostingError, _>(async |c| approve_in(c, id, now).await).await?;
    state.relay.wake();
    tracing::info!(listing = %id, "listing approved");
    Ok(pb::ListingReply { listing: Some(view::listing(&listing)) })
}

/// Rejects a listing under review with a reason; its host can edit and submit it again.
pub async fn reject(
    state: &AppState,
    who: Option<Identity>,
    r: pb::RejectListingRequest,
) -> HostingResult<pb::ListingReply> {
    admin(who)?;
    let id = listing_id(&r.car_id)?;
    let reason = r.reason.trim();
    if reason.is_empty() {
        return Err(HostingError::ReasonRequired);
    }
    if reason.chars().count() > MAX_REASON_CHARS {
        return Err(HostingError::ReasonTooLong);
    }
    let now = state.clock.now();
    let mut conn = state.conn().await?;
    let listing = conn
        .transaction::<_, HostingError, _>(async |c| {
            let l = listings::lock(c, id).await?.ok_or(HostingError::ListingNotFound)?;
            if l.row.status != "pending" {
                return Err(HostingError::NotPending(l.row.status.clone()));
            }
            listings::set_status(c, id, "rejected", Some(reason), now, false).await?;
            listings::reviewed(c, id, now).await?;
            listings::find(c, id).await?.ok_or(HostingError::ListingNotFound)
        })
        .await?;
    tracing::info!(listing = %id, "listing rejected");
    Ok(pb::ListingReply { listing: Some(view::listing(&listing)) })
}
