//! Modification requests.

use chrono::{DateTime, Utc};
use diesel::QueryableByName;
use diesel::sql_types::{BigInt, Bytea, Jsonb, Nullable, Text, Timestamptz, Uuid as SqlUuid};
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use upcar_db::Prepare;
use uuid::Uuid;

/// A modification request.
#[derive(Debug, Clone, QueryableByName)]
pub struct ModRow {
    #[diesel(sql_type = SqlUuid)]
    pub id: Uuid,
    #[diesel(sql_type = SqlUuid)]
    pub trip_id: Uuid,
    #[diesel(sql_type = SqlUuid)]
    pub requested_by: Uuid,
    #[diesel(sql_type = Text)]
    pub requested_role: String,
    #[diesel(sql_type = Text)]
    pub status: String,
    #[diesel(sql_type = Timestamptz)]
    pub new_start: DateTime<Utc>,
    #[diesel(sql_type = Timestamptz)]
    pub new_end: DateTime<Utc>,
    #[diesel(sql_type = Nullable<Jsonb>)]
    pub extras: Option<serde_json::Value>,
    #[diesel(sql_type = Nullable<Text>)]
    pub protection_plan_type: Option<String>,
    #[diesel(sql_type = SqlUuid)]
    pub quote_id: Uuid,
    #[diesel(sql_type = BigInt)]
    pub new_total_cents: i64,
    #[diesel(sql_type = BigInt)]
    pub difference_cents: i64,
    #[diesel(sql_type = Bytea)]
    pub price_details: Vec<u8>,
    #[diesel(sql_type = Text)]
    pub message: String,
}

/// Records a pending request.
pub async fn insert(conn: &mut AsyncPgConnection, m: &ModRow) -> diesel::QueryResult<()> {
    diesel::sql_query(
        "INSERT INTO trip_modifications (id, trip_id, requested_by, requested_role, status, new_start, new_end, \
           extras, protection_plan_type, quote_id, new_total_cents, difference_cents, price_details, message) \
         VALUES ($1, $2, $3, $4, 'pending', $5, $6, $7, $8, $9, $10, $11, $12, $13)",
    )
    .bind::<SqlUuid, _>(m.id)
    .bind::<SqlUuid, _>(m.trip_id)
    .bind::<SqlUuid, _>(m.requested_by)
    .bind::<Text, _>(&m.requested_role)
    .bind::<Timestamptz, _>(m.new_start)
    .bind::<Timestamptz, _>(m.new_end)
    .bind::<Nullable<Jsonb>, _>(&m.extras)
    .bind::<Nullable<Text>, _>(&m.protection_plan_type)
    .bind::<SqlUuid, _>(m.quote_id)
    .bind::<BigInt, _>(m.new_total_cents)
    .bind::<BigInt, _>(m.difference_cents)
    .bind::<Bytea, _>(&m.price_details)
    .bind::<Text, _>(&m.message)
    .prepared()
    .execute(conn)
    .await?;
    Ok(())
}

/// The trip's pending request.
pub async fn pending(
    conn: &mut AsyncPgConnection,
    trip: Uuid,
) -> diesel::QueryResult<Option<ModRow>> {
    let rows: Vec<ModRow> = diesel::sql_query(
        "SELECT id, trip_id, requested_by, requested_role, status, new_start, new_end, extras, protection_plan_type, \
         quote_id, new_total_cents, difference_cents, price_details, message FROM trip_modifications \
         WHERE trip_id = $1 AND status = 'pending'",
    )
    .bind::<SqlUuid, _>(trip)
    .prepared()
    .load(conn)
    .await?;
    Ok(rows.into_iter().next())
}

/// Closes a request.
pub async fn close(
    conn: &mut AsyncPgConnection,
    id: Uuid,
    status: &str,
    response: &str,
) -> diesel::QueryResult<()> {
    diesel::sql_query(
        "UPDATE trip_modifications SET status = $2, response_message = $3, answered_at = now() WHERE id = $1",
    )
    .bind::<SqlUuid, _>(id)
    .bind::<Text, _>(status)
    .bind::<Text, _>(response)
    .prepared()
    .execute(conn)
    .await?;
    Ok(())
}
