//! Cards on file and pre-authorisation holds.

use chrono::{DateTime, Utc};
use diesel::QueryableByName;
use diesel::sql_types::{BigInt, Integer, Jsonb, Nullable, Text, Timestamptz, Uuid as SqlUuid};
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
    /// When the plan holds the money (trips_domain::holds).
    #[diesel(sql_type = Timestamptz)]
    pub charge_at: DateTime<Utc>,
    /// When the current authorisation lapses (an authorised hold).
    #[diesel(sql_type = Nullable<Timestamptz>)]
    pub lapses_at: Option<DateTime<Utc>>,
    /// Why the last authorisation was refused (a failed hold).
    #[diesel(sql_type = Text)]
    pub failure: String,
    /// By when the guest must add another card (a failed hold).
    #[diesel(sql_type = Nullable<Timestamptz>)]
    pub pay_by: Option<DateTime<Utc>>,
    /// Authorisations asked for so far (each with its own idempotency key).
    #[diesel(sql_type = Integer)]
    pub attempts: i32,
}

const HOLD_COLUMNS: &str = "id, trip_id, user_id, payment_method_id, provider, amount_cents, \
     captured_cents, refunded_cents, status, release_by, charge_at, lapses_at, failure, pay_by, attempts";

/// Records a new hold.
pub async fn insert_hold(conn: &mut AsyncPgConnection, h: &HoldRow) -> diesel::QueryResult<()> {
    diesel::sql_query(
        "INSERT INTO payment_holds (id, trip_id, user_id, payment_method_id, provider, amount_cents, status, release_by, \
           charge_at, lapses_at, attempts) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
    )
    .bind::<Text, _>(&h.id)
    .bind::<SqlUuid, _>(h.trip_id)
    .bind::<SqlUuid, _>(h.user_id)
    .bind::<Text, _>(&h.payment_method_id)
    .bind::<Text, _>(&h.provider)
    .bind::<BigInt, _>(h.amount_cents)
    .bind::<Text, _>(&h.status)
    .bind::<Timestamptz, _>(h.release_by)
    .bind::<Timestamptz, _>(h.charge_at)
    .bind::<Nullable<Timestamptz>, _>(h.lapses_at)
    .bind::<Integer, _>(h.attempts)
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
    let rows: Vec<HoldRow> =
        diesel::sql_query(format!("SELECT {HOLD_COLUMNS} FROM payment_holds WHERE trip_id = $1"))
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

/// Replaces a trip's authorised hold by a new one for a new amount (an accepted
/// modification), lapsing at `lapses_at`.
pub async fn replace_hold(
    conn: &mut AsyncPgConnection,
    old_id: &str,
    new_id: &str,
    amount: i64,
    lapses_at: DateTime<Utc>,
) -> diesel::QueryResult<()> {
    diesel::sql_query("UPDATE payment_holds SET id = $2, amount_cents = $3, lapses_at = $4, attempts = attempts + 1, updated_at = now() \
                       WHERE id = $1 AND status = 'authorized'")
        .bind::<Text, _>(old_id)
        .bind::<Text, _>(new_id)
        .bind::<BigInt, _>(amount)
        .bind::<Timestamptz, _>(lapses_at)
        .prepared()
        .execute(conn)
        .await?;
    Ok(())
}

/// Sets the amount of an uncaptured hold (an authorised one's only with its new
/// authorisation) and when the plan now charges it (an accepted modification).
pub async fn reschedule_hold(
    conn: &mut AsyncPgConnection,
    id: &str,
    amount: i64,
    charge_at: DateTime<Utc>,
) -> diesel::QueryResult<()> {
    diesel::sql_query("UPDATE payment_holds SET amount_cents = $2, charge_at = $3, updated_at = now() WHERE id = $1 AND status IN ('scheduled', 'failed', 'authorized')")
        .bind::<Text, _>(id)
        .bind::<BigInt, _>(amount)
        .bind::<Timestamptz, _>(charge_at)
        .prepared()
        .execute(conn)
        .await?;
    Ok(())
}

/// The hold is authorised (anew) as `new_id` on the card `card`, lapsing at `lapses_at`.
pub async fn set_authorized(
    conn: &mut AsyncPgConnection,
    old_id: &str,
    new_id: &str,
    card: &str,
    lapses_at: DateTime<Utc>,
) -> diesel::QueryResult<()> {
    diesel::sql_query(
        "UPDATE payment_holds SET id = $2, payment_method_id = $3, status = 'authorized', lapses_at = $4, \
         failure = '', pay_by = NULL, attempts = attempts + 1, updated_at = now() WHERE id = $1",
    )
    .bind::<Text, _>(old_id)
    .bind::<Text, _>(new_id)
    .bind::<Text, _>(card)
    .bind::<Timestamptz, _>(lapses_at)
    .prepared()
    .execute(conn)
    .await?;
    Ok(())
}

/// The authorisation on `card` was refused for `failure`; the guest has until `pay_by`. An
/// earlier authorisation (a refused renewal) keeps its `lapses_at` until it is let go.
pub async fn set_failed(
    conn: &mut AsyncPgConnection,
    id: &str,
    card: &str,
    failure: &str,
    pay_by: DateTime<Utc>,
) -> diesel::QueryResult<()> {
    diesel::sql_query(
        "UPDATE payment_holds SET status = 'failed', payment_method_id = $2, failure = $3, pay_by = $4, \
         attempts = attempts + 1, updated_at = now() WHERE id = $1",
    )
    .bind::<Text, _>(id)
    .bind::<Text, _>(card)
    .bind::<Text, _>(failure)
    .bind::<Timestamptz, _>(pay_by)
    .prepared()
    .execute(conn)
    .await?;
    Ok(())
}

/// The authorisation was let go; the plan holds the money at its charge date again.
pub async fn set_scheduled(conn: &mut AsyncPgConnection, id: &str) -> diesel::QueryResult<()> {
    diesel::sql_query("UPDATE payment_holds SET status = 'scheduled', lapses_at = NULL, updated_at = now() WHERE id = $1")
        .bind::<Text, _>(id)
        .prepared()
        .execute(conn)
        .await?;
    Ok(())
}

/// One step of a trip's money that moves none (`payment_log`, append-only).
pub struct LogLine<'a> {
    pub trip_id: Uuid,
    pub hold_id: &'a str,
    pub event: &'static str,
    pub amount_cents: i64,
    pub detail: &'a str,
    pub at: DateTime<Utc>,
}

/// Appends a line to the payment log.
pub async fn log(conn: &mut AsyncPgConnection, l: &LogLine<'_>) -> diesel::QueryResult<()> {
    diesel::sql_query(
        "INSERT INTO payment_log (trip_id, hold_id, event, amount_cents, detail, at) VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind::<SqlUuid, _>(l.trip_id)
    .bind::<Text, _>(l.hold_id)
    .bind::<Text, _>(l.event)
    .bind::<BigInt, _>(l.amount_cents)
    .bind::<Text, _>(l.detail)
    .bind::<Timestamptz, _>(l.at)
    .prepared()
    .execute(conn)
    .await?;
    Ok(())
}

/// Uncaptured holds of live trips that the plan may have to act on at `now`: scheduled ones
/// whose charge date came, authorised ones lapsing before `renew_by`, and failed ones. Locked
/// (another replica skips them) when `one` names a hold.
pub async fn plan_due(
    conn: &mut AsyncPgConnection,
    now: DateTime<Utc>,
    renew_by: DateTime<Utc>,
    one: Option<&str>,
) -> diesel::QueryResult<Vec<HoldRow>> {
    let cols =
        HOLD_COLUMNS.split(", ").map(|c| format!("h.{}", c.trim())).collect::<Vec<_>>().join(", ");
    diesel::sql_query(format!(
        "SELECT {cols} FROM payment_holds h JOIN trips t ON t.id = h.trip_id \
         WHERE t.status IN ('requested', 'confirmed', 'modification_pending') \
           AND ((h.status = 'scheduled' AND h.charge_at <= $1) OR (h.status = 'authorized' AND h.lapses_at <= $2) \
                OR h.status = 'failed') \
           AND ($3::text IS NULL OR h.id = $3) \
         ORDER BY h.charge_at LIMIT 500{}",
        if one.is_some() { " FOR UPDATE OF h SKIP LOCKED" } else { "" }
    ))
    .bind::<Timestamptz, _>(now)
    .bind::<Timestamptz, _>(renew_by)
    .bind::<Nullable<Text>, _>(one)
    .load(conn)
    .await
}

/// The failed holds of a guest's live trips (a new card is tried on them at once).
pub async fn failed_of(
    conn: &mut AsyncPgConnection,
    guest: Uuid,
) -> diesel::QueryResult<Vec<String>> {
    #[derive(QueryableByName)]
    struct Id {
        #[diesel(sql_type = Text)]
        id: String,
    }
    let rows: Vec<Id> = diesel::sql_query(
        "SELECT h.id FROM payment_holds h JOIN trips t ON t.id = h.trip_id \
         WHERE h.user_id = $1 AND h.status = 'failed' AND t.status IN ('requested', 'confirmed', 'modification_pending')",
    )
    .bind::<SqlUuid, _>(guest)
    .prepared()
    .load(conn)
    .await?;
    Ok(rows.into_iter().map(|r| r.id).collect())
}
