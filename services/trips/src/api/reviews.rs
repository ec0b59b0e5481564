//! Reviews after a trip (`trips/reviewTrip/{id}`, `trips/getTripReviews/{id}`): the guest
//! reviews the car and host, the host (or a co-host managing bookings) the guest; each side
//! once, from checkout for 14 days; each side sees the other's review only once it is public.
//! The rules are `trips_domain::reviews`; publication is `crate::reviews`.

use crate::api::access::{load, trip_id};
use crate::api::peers::request;
use crate::error::{TripsError, TripsResult};
use crate::state::AppState;
use crate::store::reviews::{self, ReviewRow};
use crate::store::trips::TripRow;
use crate::store::violates;
use chrono::{DateTime, Utc};
use diesel_async::AsyncConnection;
use trips_domain::reviews::{Review, ReviewError, Side, check_can_write, window_closes};
use trips_domain::{Actor, TripStatus};
use upcar_identity::Identity;
use upcar_proto::accounts as apb;
use upcar_proto::trips as pb;
use uuid::Uuid;

/// The side the caller writes for: the guest, or the host (the owner, or a co-host managing
/// bookings). Admins, drivers and strangers write none.
fn side_of(actor: Actor) -> TripsResult<Side> {
    match actor {
        Actor::Guest => Ok(Side::Guest),
        Actor::Host | Actor::CoHost { booking_management: true } => Ok(Side::Host),
        _ => Err(ReviewError::NotAParty.into()),
    }
}

/// When the caller may write: the trip is completed, and the window is open.
fn check_window(trip: &TripRow, status: TripStatus, now: DateTime<Utc>) -> TripsResult<()> {
    match (status, trip.checked_out_at) {
        (TripStatus::Completed, Some(ended)) => Ok(check_can_write(now, ended)?),
        _ => Err(ReviewError::TripNotEnded.into()),
    }
}

fn review_of(r: &ReviewRow) -> pb::TripReview {
    pb::TripReview {
        id: r.id.to_string(),
        author_role: crate::api::convert::role(&r.author_role) as i32,
        from_user_id: r.author_id.to_string(),
        reviewer_name: r.author_name.clone(),
        reviewer_profile_pic: r.author_profile_pic.clone(),
        stars: r.stars,
        review: r.review.clone(),
        category_ratings: r
            .category_scores()
            .into_iter()
            .map(|(category, rating)| pb::ReviewCategoryRating { category, rating })
            .collect(),
        review_time: r.created_at.to_rfc3339(),
        is_published: r.published_at.is_some(),
    }
}

/// The trip's reviews as `side` sees them at `now`.
fn reply(
    trip: &TripRow,
    status: TripStatus,
    side: Side,
    rows: &[ReviewRow],
    now: DateTime<Utc>,
) -> pb::TripReviewsReply {
    let mine = rows.iter().find(|r| r.author_role == side.as_str());
    let theirs = rows.iter().find(|r| r.author_role != side.as_str());
    pb::TripReviewsReply {
        trip_id: trip.id.to_string(),
        role: crate::api::convert::role(side.as_str()) as i32,
        can_review: mine.is_none() && check_window(trip, status, now).is_ok(),
        review_window_closes_at: trip
            .checked_out_at
            .filter(|_| status == TripStatus::Completed)
            .map(|t| window_closes(t).to_rfc3339())
            .unwrap_or_default(),
        my_review: mine.map(review_of),
        other_side_reviewed: theirs.is_some(),
        their_review: theirs.filter(|r| r.published_at.is_some()).map(review_of),
    }
}

/// The public name and picture of the review's author (the guest, or the car's owner).
async fn author_profile(
    state: &AppState,
    who: &Identity,
    author: Uuid,
) -> TripsResult<apb::PublicProfile> {
    let profiles = state
        .accounts
        .clone()
        .get_public_profiles(request(
            apb::PublicProfilesRequest { ids: vec![author.to_string()] },
            who,
        ))
        .await
        .map_err(TripsError::upstream)?
        .into_inner()
        .profiles;
    Ok(profiles.into_iter().find(|p| p.id == author.to_string()).unwrap_or_default())
}

/// `GET trips/getTripReviews/{id}`: the caller's review, whether the other side has written,
/// and the other side's review once public.
pub async fn get(state: &AppState, who: &Identity, id: &str) -> TripsResult<pb::TripReviewsReply> {
    let mut conn = state.conn().await?;
    let (trip, actor, status) = load(&mut conn, who, id, false).await?;
    let side = side_of(actor)?;
    let rows = reviews::of_trip(&mut conn, trip.id).await?;
    Ok(reply(&trip, status, side, &rows, state.clock.now()))
}

/// `POST trips/reviewTrip/{id}` `{stars, review, categoryRatings}`: writes the caller's side's
/// review; when the other side has written too, both become public at once.
pub async fn write(
    state: &AppState,
    who: &Identity,
    b: pb::WriteTripReviewRequest,
) -> TripsResult<pb::TripReviewsReply> {
    let id = trip_id(&b.trip_id)?;
    let mut conn = state.conn().await?;
    // Who writes, and for whom, before the profile call (no call to another service inside
    // the transaction); everything is checked again under the trip's lock.
    let (trip, actor, status) = load(&mut conn, who, &b.trip_id, false).await?;
    let side = side_of(actor)?;
    check_window(&trip, status, state.clock.now())?;
    let categories: Vec<(&str, i64)> =
        b.category_ratings.iter().map(|c| (c.category.as_str(), i64::from(c.rating))).collect();
    let review = Review::parse(side, b.stars, &categories, &b.review)?;
    let author = if side == Side::Guest { trip.guest_id } else { trip.owner_id };
    let profile = author_profile(state, who, author).await?;
    let name = format!("{} {}", profile.first_name, profile.last_name).trim().to_owned();
    let id_text = id.to_string();
    conn.transaction::<_, TripsError, _>(async |c| {
        let (trip, actor, status) = load(c, who, &id_text, true).await?;
        let side = side_of(actor)?;
        let now = state.clock.now();
        check_window(&trip, status, now)?;
        let row = ReviewRow {
            id: Uuid::now_v7(),
            trip_id: trip.id,
            author_role: side.as_str().to_owned(),
            author_id: author,
            written_by: who.user_id,
            author_name: name,
            author_profile_pic: profile.profile_pic,
            stars: i32::from(review.stars.get()),
            review: review.text.as_str().to_owned(),
            categories: serde_json::Value::Array(
                review
                    .categories
                    .iter()
                    .map(|(c, s)| serde_json::json!({"category": c.as_str(), "rating": s.get()}))
                    .collect(),
            ),
            created_at: now,
            published_at: None,
        };
        reviews::insert(c, &row).await.map_err(|e| {
            if violates(&e, "trip_reviews_one_per_side") {
                TripsError::from(ReviewError::AlreadyReviewed)
            } else {
                TripsError::from(e)
            }
        })?;
        crate::reviews::publish_if_due(c, &trip, now).await?;
        let rows = reviews::of_trip(c, trip.id).await?;
        tracing::info!(trip_id = %trip.id, side = side.as_str(), "trip reviewed");
        Ok(reply(&trip, status, side, &rows, now))
    })
    .await
}
