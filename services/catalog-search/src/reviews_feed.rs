//! Ratings from trips: a guest's review that became public (`trips.review_published`, author
//! role `guest`) is stored as a review of the car and the car's `totalRating`/`ratingCount`
//! follow in the same transaction; a checkout (`trips.trip_checked_out`) counts one more trip
//! of the car. Each event is applied once (the consumer ledger; the review's id is also its
//! key here), and both writes move the car's `updated_at`, so the pricing feed drops its cached
//! page.

use crate::domain::reviews::RatingCategory;
use crate::store::reviews::{self, NewReview};
use chrono::{DateTime, Utc};
use diesel::sql_types::Uuid as SqlUuid;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use upcar_db::Prepare;
use upcar_proto::events::{TripCheckedOut, TripReviewPublished};
use uuid::Uuid;

/// Why a review event cannot be applied (logged and dropped).
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum BadReview {
    #[error("invalid {0}")]
    Field(&'static str),
    #[error("unknown rating category {0:?}")]
    Category(String),
}

/// A guest's review as the catalog stores it.
#[derive(Debug, PartialEq)]
pub struct CarReview {
    pub id: Uuid,
    pub car_id: Uuid,
    pub trip_id: Uuid,
    pub from_user_id: Uuid,
    pub written_at: DateTime<Utc>,
    pub categories: Vec<(RatingCategory, i32)>,
}

/// The car review a published review makes: None for a host's review of a guest (not the
/// catalog's), an error for what the tables would refuse.
pub fn car_review_of(e: &TripReviewPublished) -> Result<Option<CarReview>, BadReview> {
    if e.author_role() != upcar_proto::trips::TripRole::Guest {
        return Ok(None);
    }
    let id = |s: &str, f| s.parse::<Uuid>().map_err(|_| BadReview::Field(f));
    if !(1..=5).contains(&e.stars) {
        return Err(BadReview::Field("stars"));
    }
    let categories = e
        .categories
        .iter()
        .map(|c| {
            let cat = RatingCategory::parse(&c.category)
                .ok_or_else(|| BadReview::Category(c.category.clone()))?;
            if (1..=5).contains(&c.rating) {
                Ok((cat, c.rating))
            } else {
                Err(BadReview::Field("rating"))
            }
        })
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Some(CarReview {
        id: id(&e.review_id, "review_id")?,
        car_id: id(&e.car_id, "car_id")?,
        trip_id: id(&e.trip_id, "trip_id")?,
        from_user_id: id(&e.author_id, "author_id")?,
        written_at: DateTime::parse_from_rfc3339(&e.written_at)
            .map_err(|_| BadReview::Field("written_at"))?
            .with_timezone(&Utc),
        categories,
    }))
}

/// Stores a guest's review and updates the car's rating. Answers whether the car is known.
pub async fn apply_review(
    conn: &mut AsyncPgConnection,
    e: &TripReviewPublished,
    r: &CarReview,
) -> diesel::QueryResult<bool> {
    reviews::insert(
        conn,
        &NewReview {
            id: r.id,
            car_id: r.car_id,
            trip_id: r.trip_id,
            from_user_id: r.from_user_id,
            reviewer_name: &e.author_name,
            reviewer_profile_pic: &e.author_profile_pic,
            stars: e.stars,
            review: &e.review,
            response: None,
            created_at: r.written_at,
            categories: &r.categories,
        },
    )
    .await?;
    Ok(reviews::sync_car_ratings(conn, &[r.car_id]).await? > 0)
}

/// One more completed trip of the car.
pub async fn count_trip(conn: &mut AsyncPgConnection, e: &TripCheckedOut) -> anyhow::Result<bool> {
    let Ok(car) = e.car_id.parse::<Uuid>() else {
        tracing::error!(car_id = %e.car_id, "dropping a checkout event with an invalid car id");
        return Ok(false);
    };
    let n = diesel::sql_query(
        "UPDATE cars SET trip_count = trip_count + 1, updated_at = now() WHERE id = $1",
    )
    .bind::<SqlUuid, _>(car)
    .prepared()
    .execute(conn)
    .await?;
    Ok(n == 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use upcar_proto::events::ReviewCategoryScore;

    fn published() -> TripReviewPublished {
        TripReviewPublished {
            review_id: Uuid::now_v7().to_string(),
            trip_id: Uuid::now_v7().to_string(),
            car_id: Uuid::now_v7().to_string(),
            owner_id: Uuid::now_v7().to_string(),
            guest_id: Uuid::now_v7().to_string(),
            author_role: upcar_proto::trips::TripRole::Guest as i32,
            author_id: Uuid::now_v7().to_string(),
            author_name: "Ana G.".into(),
            author_profile_pic: String::new(),
            stars: 4,
            review: "Clean and easy".into(),
            categories: vec![ReviewCategoryScore { category: "Cleanliness".into(), rating: 5 }],
            written_at: "2026-11-20T10:00:00Z".into(),
            occurred_at: "2026-11-21T10:00:00Z".into(),
        }
    }

    #[test]
    fn a_guest_review_becomes_a_car_review() {
        let e = published();
        let r = car_review_of(&e).unwrap().unwrap();
        assert_eq!(r.car_id.to_string(), e.car_id);
        assert_eq!(r.from_user_id.to_string(), e.author_id);
        assert_eq!(r.categories, [(RatingCategory::Cleanliness, 5)]);
        assert_eq!(r.written_at.to_rfc3339(), "2026-11-20T10:00:00+00:00");
    }

    #[test]
    fn a_host_review_is_not_the_catalogs() {
        let e = TripReviewPublished {
            author_role: upcar_proto::trips::TripRole::Host as i32,
            ..published()
        };
        assert_eq!(car_review_of(&e), Ok(None));
    }

    #[test]
    fn what_the_tables_refuse_is_dropped_with_a_reason() {
        let cases = [
            (TripReviewPublished { stars: 6, ..published() }, BadReview::Field("stars")),
            (TripReviewPublished { car_id: "x".into(), ..published() }, BadReview::Field("car_id")),
            (
                TripReviewPublished { written_at: "yesterday".into(), ..published() },
                BadReview::Field("written_at"),
            ),
            (
                TripReviewPublished {
                    categories: vec![ReviewCategoryScore { category: "Speed".into(), rating: 5 }],
                    ..published()
                },
                BadReview::Category("Speed".into()),
            ),
            (
                TripReviewPublished {
                    categories: vec![ReviewCategoryScore {
                        category: "Accuracy".into(),
                        rating: 0,
                    }],
                    ..published()
                },
                BadReview::Field("rating"),
            ),
        ];
        for (e, want) in cases {
            assert_eq!(car_review_of(&e), Err(want));
        }
    }
}
