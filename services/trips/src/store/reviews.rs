//! Reviews after a trip, written once per side and published once.

use chrono::{DateTime, Utc};
use diesel::QueryableByName;
use diesel::sql_types::{
    Array, BigInt, Integer, Jsonb, Nullable, Text, Timestamptz, Uuid as SqlUuid,
};
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use upcar_db::Prepare;
use uuid::Uuid;

/// A stored review.
#[derive(Debug, Clone, QueryableByName)]
pub struct ReviewRow {
    #[diesel(sql_type = SqlUuid)]
    pub id: Uuid,
    #[diesel(sql_type = SqlUuid)]
    pub trip_id: Uuid,
    /// `guest` or `host`.
    #[diesel(sql_type = Text)]
    pub author_role: String,
    #[diesel(sql_type = SqlUuid)]
    pub author_id: Uuid,
    #[diesel(sql_type = SqlUuid)]
    pub written_by: Uuid,
    #[diesel(sql_type = Text)]
    pub author_name: String,
    #[diesel(sql_type = Text)]
    pub author_profile_pic: String,
    #[diesel(sql_type = Integer)]
    pub stars: i32,
    #[diesel(sql_type = Text)]
    pub review: String,
    /// `[{"category", "rating"}]`.
    #[diesel(sql_type = Jsonb)]
    pub categories: serde_json::Value,
    #[diesel(sql_type = Timestamptz)]
    pub created_at: DateTime<Utc>,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    pub published_at: Option<DateTime<Utc>>,
}

impl ReviewRow {
    /// The category ratings as (category, stars), in the order written.
    pub fn category_scores(&self) -> Vec<(String, i32)> {
        self.categories
            .as_array()
            .map(|a| {
                a.iter()
                    .map(|c| {
                        let rating = c["rating"].as_i64().and_then(|r| i32::try_from(r).ok());
                        (c["category"].as_str().unwrap_or_default().to_owned(), rating.unwrap_or(0))
                    })
                    .collect()
            })
            .unwrap_or_default()
    }
}

const COLUMNS: &str = "id, trip_id, author_role, author_id, written_by, author_name, \
    author_profile_pic, stars, review, categories, created_at, published_at";

/// A trip's reviews (none, one or both sides).
pub async fn of_trip(
    conn: &mut AsyncPgConnection,
    trip: Uuid,
) -> diesel::QueryResult<Vec<ReviewRow>> {
    diesel::sql_query(format!(
        "SELECT {COLUMNS} FROM trip_reviews WHERE trip_id = $1 ORDER BY author_role"
    ))
    .bind::<SqlUuid, _>(trip)
    .prepared()
    .load(conn)
    .await
}

/// Stores a review; a second one of the same side violates `trip_reviews_one_per_side`.
pub async fn insert(conn: &mut AsyncPgConnection, r: &ReviewRow) -> diesel::QueryResult<()> {
    diesel::sql_query(
        "INSERT INTO trip_reviews (id, trip_id, author_role, author_id, written_by, author_name, \
           author_profile_pic, stars, review, categories, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
    )
    .bind::<SqlUuid, _>(r.id)
    .bind::<SqlUuid, _>(r.trip_id)
    .bind::<Text, _>(&r.author_role)
    .bind::<SqlUuid, _>(r.author_id)
    .bind::<SqlUuid, _>(r.written_by)
    .bind::<Text, _>(&r.author_name)
    .bind::<Text, _>(&r.author_profile_pic)
    .bind::<Integer, _>(r.stars)
    .bind::<Text, _>(&r.review)
    .bind::<Jsonb, _>(&r.categories)
    .bind::<Timestamptz, _>(r.created_at)
    .prepared()
    .execute(conn)
    .await
    .map(|_| ())
}

/// Marks the given reviews public at `at`; answers those this call published (a review already
/// public is left as it was).
pub async fn publish(
    conn: &mut AsyncPgConnection,
    ids: &[Uuid],
    at: DateTime<Utc>,
) -> diesel::QueryResult<Vec<ReviewRow>> {
    diesel::sql_query(format!(
        "UPDATE trip_reviews SET published_at = $2 \
         WHERE id = ANY($1) AND published_at IS NULL RETURNING {COLUMNS}"
    ))
    .bind::<Array<SqlUuid>, _>(ids)
    .bind::<Timestamptz, _>(at)
    .prepared()
    .load(conn)
    .await
}

#[derive(QueryableByName)]
struct TripId {
    #[diesel(sql_type = SqlUuid)]
    trip_id: Uuid,
}

/// Trips holding a review not yet public whose trip was checked out at or before `closed_by`
/// (their window has closed), at most `limit`.
pub async fn windows_closed(
    conn: &mut AsyncPgConnection,
    closed_by: DateTime<Utc>,
    limit: i64,
) -> diesel::QueryResult<Vec<Uuid>> {
    let rows: Vec<TripId> = diesel::sql_query(
        "SELECT DISTINCT r.trip_id FROM trip_reviews r JOIN trips t ON t.id = r.trip_id \
         WHERE r.published_at IS NULL AND t.checked_out_at <= $1 LIMIT $2",
    )
    .bind::<Timestamptz, _>(closed_by)
    .bind::<BigInt, _>(limit)
    .prepared()
    .load(conn)
    .await?;
    Ok(rows.into_iter().map(|r| r.trip_id).collect())
}
