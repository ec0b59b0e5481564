//! Car reviews and their category ratings, written from trips' published guest reviews
//! (`crate::reviews_feed`) and by the development demo data, with [`insert`] and
//! [`sync_car_ratings`] in one transaction.

use crate::domain::reviews::RatingCategory;
use chrono::{DateTime, Utc};
use diesel::sql_types::{Array, Double, Integer, Nullable, Text, Timestamptz, Uuid as SqlUuid};
use diesel::{QueryResult, QueryableByName};
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use upcar_db::Prepare;
use uuid::Uuid;

/// A stored review.
#[derive(Debug, Clone, QueryableByName)]
pub struct ReviewRow {
    #[diesel(sql_type = SqlUuid)]
    pub car_id: Uuid,
    #[diesel(sql_type = SqlUuid)]
    pub id: Uuid,
    #[diesel(sql_type = SqlUuid)]
    pub from_user_id: Uuid,
    #[diesel(sql_type = Text)]
    pub reviewer_name: String,
    #[diesel(sql_type = Text)]
    pub reviewer_profile_pic: String,
    #[diesel(sql_type = Integer)]
    pub stars: i32,
    #[diesel(sql_type = Text)]
    pub review: String,
    #[diesel(sql_type = Nullable<Text>)]
    pub response: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    pub responser_name: Option<String>,
    #[diesel(sql_type = Timestamptz)]
    pub created_at: DateTime<Utc>,
}

/// One page of a car's reviews, newest first.
pub async fn newest_first(
    conn: &mut AsyncPgConnection,
    car: Uuid,
    limit: i32,
    offset: i32,
) -> QueryResult<Vec<ReviewRow>> {
    diesel::sql_query(
        "SELECT id, car_id, from_user_id, reviewer_name, reviewer_profile_pic, stars, review, response, \
                responser_name, created_at \
         FROM car_reviews WHERE car_id = $1 \
         ORDER BY created_at DESC, id DESC \
         LIMIT $2 OFFSET $3",
    )
    .bind::<SqlUuid, _>(car)
    .bind::<Integer, _>(limit)
    .bind::<Integer, _>(offset)
    .prepared()
    .load(conn)
    .await
}

/// A category's average over all of a car's reviews, to one decimal.
#[derive(Debug, Clone, QueryableByName)]
pub struct CategoryAverage {
    #[diesel(sql_type = Text)]
    pub category: String,
    #[diesel(sql_type = Double)]
    pub rating: f64,
}

/// The average of each category rated for a car (categories never rated are absent).
pub async fn category_averages(
    conn: &mut AsyncPgConnection,
    car: Uuid,
) -> QueryResult<Vec<CategoryAverage>> {
    diesel::sql_query(
        "SELECT cr.category, round(avg(cr.rating), 1)::float8 AS rating \
         FROM car_category_ratings cr JOIN car_reviews r ON r.id = cr.review_id \
         WHERE r.car_id = $1 GROUP BY cr.category",
    )
    .bind::<SqlUuid, _>(car)
    .prepared()
    .load(conn)
    .await
}

/// A review to store.
pub struct NewReview<'a> {
    pub id: Uuid,
    pub car_id: Uuid,
    pub trip_id: Uuid,
    pub from_user_id: Uuid,
    pub reviewer_name: &'a str,
    pub reviewer_profile_pic: &'a str,
    pub stars: i32,
    pub review: &'a str,
    /// The host's answer and its author's name.
    pub response: Option<(&'a str, &'a str)>,
    pub created_at: DateTime<Utc>,
    pub categories: &'a [(RatingCategory, i32)],
}

/// Stores a review with its category ratings unless its id is already there (a redelivered
/// event or a repeated demo load changes nothing). Run it with [`sync_car_ratings`] in one
/// transaction so the car's average follows.
pub async fn insert(conn: &mut AsyncPgConnection, r: &NewReview<'_>) -> QueryResult<()> {
    diesel::sql_query(
        "INSERT INTO car_reviews (id, car_id, trip_id, from_user_id, reviewer_name, \
           reviewer_profile_pic, stars, review, response, responser_name, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (id) DO NOTHING",
    )
    .bind::<SqlUuid, _>(r.id)
    .bind::<SqlUuid, _>(r.car_id)
    .bind::<SqlUuid, _>(r.trip_id)
    .bind::<SqlUuid, _>(r.from_user_id)
    .bind::<Text, _>(r.reviewer_name)
    .bind::<Text, _>(r.reviewer_profile_pic)
    .bind::<Integer, _>(r.stars)
    .bind::<Text, _>(r.review)
    .bind::<Nullable<Text>, _>(r.response.map(|(text, _)| text))
    .bind::<Nullable<Text>, _>(r.response.map(|(_, name)| name))
    .bind::<Timestamptz, _>(r.created_at)
    .prepared()
    .execute(conn)
    .await?;
    let (names, ratings): (Vec<&str>, Vec<i32>) =
        r.categories.iter().map(|(c, rating)| (c.as_str(), *rating)).unzip();
    diesel::sql_query(
        "INSERT INTO car_category_ratings (review_id, category, rating) \
         SELECT $1, c, r FROM unnest($2::text[], $3::int[]) AS t (c, r) \
         ON CONFLICT DO NOTHING",
    )
    .bind::<SqlUuid, _>(r.id)
    .bind::<Array<Text>, _>(names)
    .bind::<Array<Integer>, _>(ratings)
    .prepared()
    .execute(conn)
    .await?;
    Ok(())
}

/// Sets `total_rating` (one decimal) and `rating_count` of the given cars from their reviews;
/// a car without reviews gets 0 and 0.
pub async fn sync_car_ratings(conn: &mut AsyncPgConnection, cars: &[Uuid]) -> QueryResult<usize> {
    diesel::sql_query(
        "UPDATE cars c SET total_rating = agg.total, rating_count = agg.n, updated_at = now() \
         FROM (SELECT k.id, coalesce(round(avg(r.stars), 1), 0)::float8 AS total, count(r.id)::int AS n \
               FROM cars k LEFT JOIN car_reviews r ON r.car_id = k.id \
               WHERE k.id = ANY($1) GROUP BY k.id) agg \
         WHERE c.id = agg.id AND (c.total_rating, c.rating_count) IS DISTINCT FROM (agg.total, agg.n)",
    )
    .bind::<Array<SqlUuid>, _>(cars)
    .prepared()
    .execute(conn)
    .await
}

/// The owner of the car a review is about, with the review, locked.
pub async fn with_owner(
    conn: &mut AsyncPgConnection,
    review: Uuid,
) -> QueryResult<Option<(Uuid, ReviewRow)>> {
    #[derive(QueryableByName)]
    struct R {
        #[diesel(sql_type = SqlUuid)]
        owner_id: Uuid,
        #[diesel(embed)]
        review: ReviewRow,
    }
    let rows: Vec<R> = diesel::sql_query(
        "SELECT c.owner_id, r.id, r.car_id, r.from_user_id, r.reviewer_name, r.reviewer_profile_pic, r.stars, \
                r.review, r.response, r.responser_name, r.created_at \
         FROM car_reviews r JOIN cars c ON c.id = r.car_id WHERE r.id = $1 FOR UPDATE OF r",
    )
    .bind::<SqlUuid, _>(review)
    .load(conn)
    .await?;
    Ok(rows.into_iter().next().map(|r| (r.owner_id, r.review)))
}

/// Sets the owner's answer to a review.
pub async fn respond(
    conn: &mut AsyncPgConnection,
    review: Uuid,
    text: &str,
    name: &str,
) -> QueryResult<()> {
    diesel::sql_query("UPDATE car_reviews SET response = $2, responser_name = $3 WHERE id = $1")
        .bind::<SqlUuid, _>(review)
        .bind::<Text, _>(text)
        .bind::<Text, _>(name)
        .execute(conn)
        .await?;
    Ok(())
}

/// A review of one of an owner's cars, with the car's name.
#[derive(Debug, Clone, QueryableByName)]
pub struct OwnerReviewRow {
    #[diesel(embed)]
    pub review: ReviewRow,
    #[diesel(sql_type = Text)]
    pub car_name: String,
}

/// A page of the reviews of `owner`'s cars, newest first.
pub async fn of_owner(
    conn: &mut AsyncPgConnection,
    owner: Uuid,
    limit: i32,
    offset: i32,
) -> QueryResult<Vec<OwnerReviewRow>> {
    diesel::sql_query(
        "SELECT r.id, r.car_id, r.from_user_id, r.reviewer_name, r.reviewer_profile_pic, r.stars, r.review, \
                r.response, r.responser_name, r.created_at, \
                concat_ws(' ', c.car_year::text, c.make, c.model) AS car_name \
         FROM car_reviews r JOIN cars c ON c.id = r.car_id \
         WHERE c.owner_id = $1 AND c.status <> 'deleted' \
         ORDER BY r.created_at DESC, r.id DESC LIMIT $2 OFFSET $3",
    )
    .bind::<SqlUuid, _>(owner)
    .bind::<Integer, _>(limit)
    .bind::<Integer, _>(offset)
    .load(conn)
    .await
}

/// The average stars (one decimal), count and unanswered count of `owner`'s cars' reviews.
#[derive(Debug, Clone, QueryableByName)]
pub struct OwnerTotals {
    #[diesel(sql_type = Double)]
    pub average: f64,
    #[diesel(sql_type = Integer)]
    pub count: i32,
    #[diesel(sql_type = Integer)]
    pub unanswered: i32,
}

/// [`OwnerTotals`] of `owner`.
pub async fn owner_totals(conn: &mut AsyncPgConnection, owner: Uuid) -> QueryResult<OwnerTotals> {
    diesel::sql_query(
        "SELECT coalesce(round(avg(r.stars), 1), 0)::float8 AS average, count(r.id)::int AS count, \
                count(r.id) FILTER (WHERE r.response IS NULL)::int AS unanswered \
         FROM car_reviews r JOIN cars c ON c.id = r.car_id WHERE c.owner_id = $1 AND c.status <> 'deleted'",
    )
    .bind::<SqlUuid, _>(owner)
    .get_result(conn)
    .await
}

/// The category ratings of reviews, by review.
pub async fn categories_of(
    conn: &mut AsyncPgConnection,
    reviews: &[Uuid],
) -> QueryResult<Vec<(Uuid, String, i32)>> {
    #[derive(QueryableByName)]
    struct R {
        #[diesel(sql_type = SqlUuid)]
        review_id: Uuid,
        #[diesel(sql_type = Text)]
        category: String,
        #[diesel(sql_type = Integer)]
        rating: i32,
    }
    let rows: Vec<R> = diesel::sql_query(
        "SELECT review_id, category, rating FROM car_category_ratings WHERE review_id = ANY($1)",
    )
    .bind::<Array<SqlUuid>, _>(reviews)
    .load(conn)
    .await?;
    Ok(rows.into_iter().map(|r| (r.review_id, r.category, r.rating)).collect())
}
