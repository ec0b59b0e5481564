//! When a trip's reviews become public: as soon as both sides have written (at the second
//! review's write), or when the review window closes (the periodic job). Publication marks the
//! reviews and enqueues `trips.review_published` in one transaction, under the trip's lock, so
//! each review is published exactly once.

use crate::store::reviews::{self, ReviewRow};
use crate::store::trips::{self, TripRow};
use chrono::{DateTime, Duration, Utc};
use diesel_async::{AsyncConnection, AsyncPgConnection};
use trips_domain::reviews::{REVIEW_WINDOW_DAYS, Side, visible};
use upcar_db::PgPool;

/// Trips whose window closed treated by one job run; the next run takes the rest.
const CLOSE_BATCH: i64 = 200;

/// Publishes the trip's reviews if they are due at `now`; call it in the transaction holding
/// the trip's lock. Answers the reviews this call published.
pub async fn publish_if_due(
    conn: &mut AsyncPgConnection,
    trip: &TripRow,
    now: DateTime<Utc>,
) -> diesel::QueryResult<Vec<ReviewRow>> {
    let Some(ended) = trip.checked_out_at else { return Ok(Vec::new()) };
    let rows = reviews::of_trip(conn, trip.id).await?;
    let wrote = |side: Side| rows.iter().any(|r| r.author_role == side.as_str());
    let pending: Vec<_> = rows.iter().filter(|r| r.published_at.is_none()).map(|r| r.id).collect();
    if pending.is_empty() || !visible(now, ended, wrote(Side::Guest), wrote(Side::Host)) {
        return Ok(Vec::new());
    }
    let published = reviews::publish(conn, &pending, now).await?;
    for r in &published {
        crate::events::review_published(conn, trip, r, now).await?;
    }
    Ok(published)
}

/// The job: publishes the reviews of every trip whose window has closed by `now`. Safe to
/// repeat and to run on two replicas at once (each trip is published under its lock, and a
/// published review is not published again).
pub async fn close_windows(pool: &PgPool, now: DateTime<Utc>) -> anyhow::Result<usize> {
    let mut conn = pool.get().await?;
    let due =
        reviews::windows_closed(&mut conn, now - Duration::days(REVIEW_WINDOW_DAYS), CLOSE_BATCH)
            .await?;
    let mut published = 0;
    for id in due {
        published += conn
            .transaction::<_, diesel::result::Error, _>(async |c| {
                match trips::get(c, id, true).await? {
                    Some(t) => Ok(publish_if_due(c, &t, now).await?.len()),
                    None => Ok(0),
                }
            })
            .await?;
    }
    Ok(published)
}
