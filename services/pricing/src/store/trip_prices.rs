//! The prices booked trips keep.

use chrono::{DateTime, Utc};
use diesel::QueryableByName;
use diesel::sql_types::{BigInt, Bytea, Jsonb, Timestamptz, Uuid as SqlUuid};
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use upcar_db::Prepare;
use uuid::Uuid;

/// A booked trip's price.
#[derive(Debug, Clone, QueryableByName)]
pub struct TripPrice {
    #[diesel(sql_type = SqlUuid)]
    pub trip_id: Uuid,
    #[diesel(sql_type = SqlUuid)]
    pub quote_id: Uuid,
    #[diesel(sql_type = SqlUuid)]
    pub car_id: Uuid,
    #[diesel(sql_type = SqlUuid)]
    pub owner_id: Uuid,
    #[diesel(sql_type = SqlUuid)]
    pub user_id: Uuid,
    #[diesel(sql_type = Timestamptz)]
    pub start_time: DateTime<Utc>,
    #[diesel(sql_type = Timestamptz)]
    pub end_time: DateTime<Utc>,
    #[diesel(sql_type = BigInt)]
    pub total_cents: i64,
    #[diesel(sql_type = Jsonb)]
    pub inputs: serde_json::Value,
    /// The PriceDetails message as given to the guest (protobuf).
    #[diesel(sql_type = Bytea)]
    pub details: Vec<u8>,
    #[diesel(sql_type = Timestamptz)]
    pub booked_at: DateTime<Utc>,
}

/// Binds a quote to a trip. Answers `false` when the trip already has a price from a
/// different quote, or the quote is already bound to another trip (the unique key).
pub async fn insert(conn: &mut AsyncPgConnection, t: &TripPrice) -> diesel::QueryResult<bool> {
    let n = diesel::sql_query(
        "INSERT INTO trip_prices (trip_id, quote_id, car_id, owner_id, user_id, start_time, end_time, \
         total_cents, inputs, details, booked_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) \
         ON CONFLICT DO NOTHING",
    )
    .bind::<SqlUuid, _>(t.trip_id)
    .bind::<SqlUuid, _>(t.quote_id)
    .bind::<SqlUuid, _>(t.car_id)
    .bind::<SqlUuid, _>(t.owner_id)
    .bind::<SqlUuid, _>(t.user_id)
    .bind::<Timestamptz, _>(t.start_time)
    .bind::<Timestamptz, _>(t.end_time)
    .bind::<BigInt, _>(t.total_cents)
    .bind::<Jsonb, _>(&t.inputs)
    .bind::<Bytea, _>(&t.details)
    .bind::<Timestamptz, _>(t.booked_at)
    .prepared()
    .execute(conn)
    .await?;
    Ok(n == 1)
}

/// A trip's price.
pub async fn get(
    conn: &mut AsyncPgConnection,
    trip_id: Uuid,
) -> diesel::QueryResult<Option<TripPrice>> {
    let rows: Vec<TripPrice> = diesel::sql_query(
        "SELECT trip_id, quote_id, car_id, owner_id, user_id, start_time, end_time, total_cents, \
         inputs, details, booked_at FROM trip_prices WHERE trip_id = $1",
    )
    .bind::<SqlUuid, _>(trip_id)
    .prepared()
    .load(conn)
    .await?;
    Ok(rows.into_iter().next())
}

/// Replaces a trip's price by an agreed modification's quote (a quote used elsewhere is
/// refused by the unique key: answers `false`).
pub async fn replace(conn: &mut AsyncPgConnection, t: &TripPrice) -> diesel::QueryResult<bool> {
    let n = diesel::sql_query(
        "UPDATE trip_prices SET quote_id = $2, start_time = $3, end_time = $4, total_cents = $5, inputs = $6, \
         details = $7 WHERE trip_id = $1 AND NOT EXISTS (SELECT 1 FROM trip_prices o WHERE o.quote_id = $2 AND o.trip_id <> $1)",
    )
    .bind::<SqlUuid, _>(t.trip_id)
    .bind::<SqlUuid, _>(t.quote_id)
    .bind::<Timestamptz, _>(t.start_time)
    .bind::<Timestamptz, _>(t.end_time)
    .bind::<BigInt, _>(t.total_cents)
    .bind::<Jsonb, _>(&t.inputs)
    .bind::<Bytea, _>(&t.details)
    .prepared()
    .execute(conn)
    .await?;
    Ok(n == 1)
}
