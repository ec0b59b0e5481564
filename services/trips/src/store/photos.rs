//! Check-in and checkout photos: server time and content hash, never changed.

use chrono::{DateTime, Utc};
use diesel::QueryableByName;
use diesel::sql_types::{Text, Timestamptz, Uuid as SqlUuid};
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use upcar_db::Prepare;
use uuid::Uuid;

/// A stored photo.
#[derive(Debug, Clone, QueryableByName)]
pub struct PhotoRow {
    #[diesel(sql_type = SqlUuid)]
    pub trip_id: Uuid,
    #[diesel(sql_type = Text)]
    pub event: String,
    #[diesel(sql_type = Text)]
    pub photo_type: String,
    #[diesel(sql_type = Text)]
    pub url: String,
    #[diesel(sql_type = Text)]
    pub sha256: String,
    #[diesel(sql_type = SqlUuid)]
    pub uploaded_by: Uuid,
    #[diesel(sql_type = Text)]
    pub role: String,
    #[diesel(sql_type = Timestamptz)]
    pub created_at: DateTime<Utc>,
}

/// Records a photo (the same content twice for one event and kind is kept once).
pub async fn insert(conn: &mut AsyncPgConnection, p: &PhotoRow) -> diesel::QueryResult<()> {
    diesel::sql_query(
        "INSERT INTO trip_photos (trip_id, event, photo_type, url, sha256, uploaded_by, role) \
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (trip_id, event, photo_type, sha256) DO NOTHING",
    )
    .bind::<SqlUuid, _>(p.trip_id)
    .bind::<Text, _>(&p.event)
    .bind::<Text, _>(&p.photo_type)
    .bind::<Text, _>(&p.url)
    .bind::<Text, _>(&p.sha256)
    .bind::<SqlUuid, _>(p.uploaded_by)
    .bind::<Text, _>(&p.role)
    .prepared()
    .execute(conn)
    .await?;
    Ok(())
}

/// A trip's photos, oldest first.
pub async fn for_trip(
    conn: &mut AsyncPgConnection,
    trip: Uuid,
) -> diesel::QueryResult<Vec<PhotoRow>> {
    diesel::sql_query(
        "SELECT trip_id, event, photo_type, url, sha256, uploaded_by, role, created_at FROM trip_photos \
         WHERE trip_id = $1 ORDER BY id",
    )
    .bind::<SqlUuid, _>(trip)
    .prepared()
    .load(conn)
    .await
}
