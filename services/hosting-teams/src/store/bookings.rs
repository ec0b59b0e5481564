//! The cars' bookings (the read model of the trips events).

use chrono::{DateTime, Utc};
use diesel::QueryableByName;
use diesel::sql_types::{BigInt, Nullable, Timestamptz, Uuid as SqlUuid};
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

/// Holds `[start, end)` for a trip, or releases it (`None`), unless the row already reflects a
/// newer version. Answers whether it was applied.
pub async fn apply(
    conn: &mut AsyncPgConnection,
    trip: Uuid,
    car: Uuid,
    period: Option<(DateTime<Utc>, DateTime<Utc>)>,
    version: i64,
) -> diesel::QueryResult<bool> {
    let n = diesel::sql_query(
        "INSERT INTO car_bookings (trip_id, car_id, period, version, updated_at) \
         VALUES ($1, $2, CASE WHEN $3::timestamptz IS NULL THEN NULL ELSE tstzrange($3, $4) END, $5, now()) \
         ON CONFLICT (trip_id) DO UPDATE \
           SET car_id = EXCLUDED.car_id, period = EXCLUDED.period, version = EXCLUDED.version, updated_at = now() \
           WHERE car_bookings.version < EXCLUDED.version",
    )
    .bind::<SqlUuid, _>(trip)
    .bind::<SqlUuid, _>(car)
    .bind::<Nullable<Timestamptz>, _>(period.map(|p| p.0))
    .bind::<Nullable<Timestamptz>, _>(period.map(|p| p.1))
    .bind::<BigInt, _>(version)
    .execute(conn)
    .await?;
    Ok(n == 1)
}

#[derive(QueryableByName)]
struct TripId {
    #[diesel(sql_type = SqlUuid)]
    trip_id: Uuid,
}

/// The car's trips that have not ended by `now`, soonest first.
pub async fn upcoming(
    conn: &mut AsyncPgConnection,
    car: Uuid,
    now: DateTime<Utc>,
) -> diesel::QueryResult<Vec<Uuid>> {
    let rows: Vec<TripId> = diesel::sql_query(
        "SELECT trip_id FROM car_bookings WHERE car_id = $1 AND period IS NOT NULL \
         AND upper(period) > $2 ORDER BY lower(period), trip_id",
    )
    .bind::<SqlUuid, _>(car)
    .bind::<Timestamptz, _>(now)
    .load(conn)
    .await?;
    Ok(rows.into_iter().map(|r| r.trip_id).collect())
}

/// The first trip of the car overlapping `[start, end)`, if any.
pub async fn overlapping(
    conn: &mut AsyncPgConnection,
    car: Uuid,
    start: DateTime<Utc>,
    end: DateTime<Utc>,
) -> diesel::QueryResult<Option<Uuid>> {
    let rows: Vec<TripId> = diesel::sql_query(
        "SELECT trip_id FROM car_bookings WHERE car_id = $1 AND period && tstzrange($2, $3) \
         ORDER BY lower(period), trip_id LIMIT 1",
    )
    .bind::<SqlUuid, _>(car)
    .bind::<Timestamptz, _>(start)
    .bind::<Timestamptz, _>(end)
    .load(conn)
    .await?;
    Ok(rows.into_iter().next().map(|r| r.trip_id))
}
