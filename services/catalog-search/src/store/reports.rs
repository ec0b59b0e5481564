//! Listing reports, reviewed by support. A report does not hide the car.

use chrono::{DateTime, Utc};
use diesel::QueryResult;
use diesel::sql_types::{Text, Timestamptz, Uuid as SqlUuid};
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use upcar_db::Prepare;
use uuid::Uuid;

/// Stores a report made `at`. False when the reporter already reported this car the same (UTC)
/// day: the unique index on (car, reporter, day) decides, so two racing reports store one.
pub async fn insert(
    conn: &mut AsyncPgConnection,
    car: Uuid,
    reporter: Uuid,
    report_type: &str,
    reason: &str,
    at: DateTime<Utc>,
) -> QueryResult<bool> {
    let stored = diesel::sql_query(
        "INSERT INTO listing_reports (id, car_id, reporter_id, report_type, reason, created_at, report_day) \
         VALUES ($1, $2, $3, $4, $5, $6, ($6 AT TIME ZONE 'UTC')::date) \
         ON CONFLICT (car_id, reporter_id, report_day) DO NOTHING",
    )
    .bind::<SqlUuid, _>(Uuid::now_v7())
    .bind::<SqlUuid, _>(car)
    .bind::<SqlUuid, _>(reporter)
    .bind::<Text, _>(report_type)
    .bind::<Text, _>(reason)
    .bind::<Timestamptz, _>(at)
    .prepared()
    .execute(conn)
    .await?;
    Ok(stored == 1)
}
