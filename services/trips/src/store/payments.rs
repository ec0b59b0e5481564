//! Cards on file and pre-authorisation holds.

use chrono::{DateTime, Utc};
use diesel::QueryableByName;
use diesel::sql_types::{BigInt, Integer, Jsonb, Text, Timestamptz, Uuid as SqlUuid};
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use upcar_db::Prepare;
use uuid::Uuid;

/// A card on file.
#[derive(Debug, Clone, QueryableByName)]
pub struct MethodRow {
    #[diesel(sql_type = Text)]
    pub id: String,
    #[diesel(sql_type = SqlUuid)]
    pub user_id: Uuid,
    #[diesel(sql_type = Text)]
    pub provider: String,
    #[diesel(sql_type = Text)]
    pub card_type: String,
    #[diesel(sql_type = Text)]
    pub last4: String,
    #[diesel(sql_type = Integer)]
    pub exp_month: i32,
    #[diesel(sql_type = Integer)]
    pub exp_year: i32,
    #[diesel(sql_type = Jsonb)]
    pub billing: serde_json::Value,
}

/// Adds a card and makes it the user's primary one.
pub async fn add_primary(conn: &mut AsyncPgConnection, m: &MethodRow) -> diesel::QueryResult<()> {
    diesel::sql_query(
        "UPDATE payment_methods SET is_primary = false WHERE user_id = $1 AND is_primary",
    )
    .bind::<SqlUuid, _>(m.user_id)
    .prepared()
    .execute(conn)
    .await?;
    diesel::sql_query(
        "INSERT INTO payment_methods (id, user_id, provider, card_type, last4, exp_month, exp_year, billing, is_primary) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, true) \
         ON CONFLICT (id) DO UPDATE SET is_primary = true, billing = EXCLUDED.billing",
    )
    .bind::<Text, _>(&m.id)
    .bind::<SqlUuid, _>(m.user_id)
    .bind::<Text, _>(&m.provider)
    .bind::<Text, _>(&m.card_type)
    .bind::<Text, _>(&m.last4)
    .bind::<Integer, _>(m.exp_month)
    .bind::<Integer, _>(m.exp_year)
    .bind::<Jsonb, _>(&m.billing)
    .prepared()
    .execute(conn)
    .await?;
    Ok(())
}

/// The user's primary card.
pub async fn primary(
    conn: &mut AsyncPgConnection,
    user: Uuid,
) -> diesel::QueryResult<Option<MethodRow>> {
    let rows: Vec<MethodRow> = diesel::sql_query(
        "SELECT id, user_id, provider, card_type, last4, exp_month, exp_year, billing FROM payment_methods \
         WHERE user_id = $1 AND is_primary",
    )
    .bind::<SqlUuid, _>(user)
    .prepared()
    .load(conn)
    .await?;
    Ok(rows.into_iter().next())
}

/// A hold on a trip's card.
#[derive(Debug, Clone, QueryableByName)]
pub struct HoldRow {
    #[diesel(sql_type = Text)]
    pub id: String,
    #[diesel(sql_type = SqlUuid)]
    pub trip_id: Uuid,
    #[diesel(sql_type = SqlUuid)]
    pub user_id: Uuid,
    #[diesel(sql_type = Text)]
    pub payment_method_id: String,
    #[diesel(sql_type = Text)]
    pub provider: String,
    #[diesel(sql_type = BigInt)]
    pub amount_cents: i64,
    #[diesel(sql_type = BigInt)]
    pub captured_cents: i64,
    #[diesel(sql_type = BigInt)]
    pub refunded_cents: i64,
    #[diesel(sql_type = Text)]
    pub status: String,
    #[diesel(sql_type = Timestamptz)]
    pub release_by: DateTime<Utc>,
}

/// Records a new hold.
pub async fn insert_hold(conn: &mut AsyncPgConnection, h: &HoldRow) -> diesel::QueryResult<()> {
    diesel::sql_query(
        "INSERT INTO payment_holds (id, trip_id, user_id, payment_method_id, provider, amount_cents, status, release_by) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind::<Text, _>(&h.id)
    .bind::<SqlUuid, _>(h.trip_id)
    .bind::<SqlUuid, _>(h.user_id)
    .bind::<Text, _>(&h.payment_method_id)
    .bind::<Text, _>(&h.provider)
    .bind::<BigInt, _>(h.amount_cents)
    .bind::<Text, _>(&h.status)
    .bind::<Timestamptz, _>(h.release_by)
    .prepared()
    .execute(conn)
    .await?;
    Ok(())
}

/// A trip's hold.
pub async fn hold_of(
    conn: &mut AsyncPgConnection,
    trip: Uuid,
) -> diesel::QueryResult<Option<HoldRow>> {
    let rows: Vec<HoldRow> = diesel::sql_query(
        "SELECT id, trip_id, user_id, payment_method_id, provider, amount_cents, captured_cents, refunded_cents, \
         status, release_by FROM payment_holds WHERE trip_id = $1",
    )
    .bind::<SqlUuid, _>(trip)
    .prepared()
    .load(conn)
    .await?;
    Ok(rows.into_iter().next())
}

/// Sets what a hold captured and its status.
pub async fn settle_hold(
    conn: &mut AsyncPgConnection,
    id: &str,
    captured: i64,
    status: &str,
) -> diesel::QueryResult<()> {
    diesel::sql_query("UPDATE payment_holds SET captured_cents = $2, status = $3, updated_at = now() WHERE id = $1")
        .bind::<Text, _>(id)
        .bind::<BigInt, _>(captured)
        .bind::<Text, _>(status)
        .prepared()
        .execute(conn)
        .await?;
    Ok(())
}

/// The hold status of each trip that has one.
pub async fn hold_statuses(
    conn: &mut AsyncPgConnection,
    trips: &[Uuid],
) -> diesel::QueryResult<std::collections::HashMap<Uuid, String>> {
    #[derive(QueryableByName)]
    struct S {
        #[diesel(sql_type = SqlUuid)]
        trip_id: Uuid,
        #[diesel(sql_type = Text)]
        status: String,
    }
    let rows: Vec<S> =
        diesel::sql_query("SELECT trip_id, status FROM payment_holds WHERE trip_id = ANY($1)")
            .bind::<diesel::sql_types::Array<SqlUuid>, _>(trips)
            .prepared()
            .load(conn)
            .await?;
    Ok(rows.into_iter().map(|s| (s.trip_id, s.status)).collect())
}

/// Replaces a trip's authorised hold by a new one for a new amount (an accepted modification).
pub async fn replace_hold(
    conn: &mut AsyncPgConnection,
    old_id: &str,
    new_id: &str,
    amount: i64,
) -> diesel::QueryResult<()> {
    diesel::sql_query("UPDATE payment_holds SET id = $2, amount_cents = $3, updated_at = now() WHERE id = $1 AND status = 'authorized'")
        .bind::<Text, _>(old_id)
        .bind::<Text, _>(new_id)
        .bind::<BigInt, _>(amount)
        .prepared()
        .execute(conn)
        .await?;
    Ok(())
}
