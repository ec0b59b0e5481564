//! Provider customers, host payout accounts, payouts and the holds due for release.

use chrono::{DateTime, Utc};
use diesel::QueryableByName;
use diesel::sql_types::{BigInt, Bool, Jsonb, Nullable, Text, Timestamptz, Uuid as SqlUuid};
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use upcar_db::Prepare;
use uuid::Uuid;

#[derive(QueryableByName)]
struct IdRow {
    #[diesel(sql_type = Text)]
    id: String,
}

/// The provider's customer of a user, if one was created.
pub async fn customer(
    conn: &mut AsyncPgConnection,
    user: Uuid,
    provider: &str,
) -> diesel::QueryResult<Option<String>> {
    let rows: Vec<IdRow> = diesel::sql_query(
        "SELECT customer_id AS id FROM payment_customers WHERE user_id = $1 AND provider = $2",
    )
    .bind::<SqlUuid, _>(user)
    .bind::<Text, _>(provider)
    .prepared()
    .load(conn)
    .await?;
    Ok(rows.into_iter().next().map(|r| r.id))
}

/// Keeps a user's customer; when another request stored one first, answers that one.
pub async fn keep_customer(
    conn: &mut AsyncPgConnection,
    user: Uuid,
    provider: &str,
    id: &str,
) -> diesel::QueryResult<String> {
    let rows: Vec<IdRow> = diesel::sql_query(
        "WITH new AS (INSERT INTO payment_customers (user_id, provider, customer_id) VALUES ($1, $2, $3) \
         ON CONFLICT (user_id, provider) DO NOTHING RETURNING customer_id) \
         SELECT customer_id AS id FROM new UNION ALL \
         SELECT customer_id AS id FROM payment_customers WHERE user_id = $1 AND provider = $2",
    )
    .bind::<SqlUuid, _>(user)
    .bind::<Text, _>(provider)
    .bind::<Text, _>(id)
    .prepared()
    .load(conn)
    .await?;
    Ok(rows.into_iter().next().map(|r| r.id).unwrap_or_else(|| id.to_owned()))
}

/// A host's payout account as last seen.
#[derive(Debug, Clone, QueryableByName)]
pub struct PayoutAccountRow {
    #[diesel(sql_type = SqlUuid)]
    pub user_id: Uuid,
    #[diesel(sql_type = Text)]
    pub provider: String,
    #[diesel(sql_type = Text)]
    pub account_id: String,
    #[diesel(sql_type = Bool)]
    pub details_submitted: bool,
    #[diesel(sql_type = Bool)]
    pub payouts_enabled: bool,
    #[diesel(sql_type = Jsonb)]
    pub requirements_due: serde_json::Value,
}

const ACCOUNT_COLUMNS: &str =
    "user_id, provider, account_id, details_submitted, payouts_enabled, requirements_due";

/// The user's payout account.
pub async fn payout_account(
    conn: &mut AsyncPgConnection,
    user: Uuid,
) -> diesel::QueryResult<Option<PayoutAccountRow>> {
    let rows: Vec<PayoutAccountRow> = diesel::sql_query(format!(
        "SELECT {ACCOUNT_COLUMNS} FROM payout_accounts WHERE user_id = $1"
    ))
    .bind::<SqlUuid, _>(user)
    .load(conn)
    .await?;
    Ok(rows.into_iter().next())
}

/// A payout account by the provider's id.
pub async fn payout_account_by_id(
    conn: &mut AsyncPgConnection,
    account_id: &str,
) -> diesel::QueryResult<Option<PayoutAccountRow>> {
    let rows: Vec<PayoutAccountRow> = diesel::sql_query(format!(
        "SELECT {ACCOUNT_COLUMNS} FROM payout_accounts WHERE account_id = $1"
    ))
    .bind::<Text, _>(account_id)
    .load(conn)
    .await?;
    Ok(rows.into_iter().next())
}

/// Records a new payout account; when one exists already, answers it instead.
pub async fn keep_payout_account(
    conn: &mut AsyncPgConnection,
    user: Uuid,
    provider: &str,
    account_id: &str,
) -> diesel::QueryResult<PayoutAccountRow> {
    diesel::sql_query(
        "INSERT INTO payout_accounts (user_id, provider, account_id) VALUES ($1, $2, $3) \
         ON CONFLICT (user_id) DO NOTHING",
    )
    .bind::<SqlUuid, _>(user)
    .bind::<Text, _>(provider)
    .bind::<Text, _>(account_id)
    .prepared()
    .execute(conn)
    .await?;
    payout_account(conn, user).await?.ok_or(diesel::result::Error::NotFound)
}

/// Stores what the provider said about an account.
pub async fn update_payout_account(
    conn: &mut AsyncPgConnection,
    account_id: &str,
    details_submitted: bool,
    payouts_enabled: bool,
    requirements_due: &[String],
) -> diesel::QueryResult<()> {
    diesel::sql_query(
        "UPDATE payout_accounts SET details_submitted = $2, payouts_enabled = $3, \
         requirements_due = $4, updated_at = now() WHERE account_id = $1",
    )
    .bind::<Text, _>(account_id)
    .bind::<Bool, _>(details_submitted)
    .bind::<Bool, _>(payouts_enabled)
    .bind::<Jsonb, _>(serde_json::json!(requirements_due))
    .prepared()
    .execute(conn)
    .await?;
    Ok(())
}

/// Payout accounts whose onboarding is not complete yet (the job asks the provider again).
pub async fn incomplete_payout_accounts(
    conn: &mut AsyncPgConnection,
    provider: &str,
) -> diesel::QueryResult<Vec<PayoutAccountRow>> {
    diesel::sql_query(format!(
        "SELECT {ACCOUNT_COLUMNS} FROM payout_accounts \
         WHERE provider = $1 AND NOT (details_submitted AND payouts_enabled) ORDER BY user_id LIMIT 500"
    ))
    .bind::<Text, _>(provider)
    .load(conn)
    .await
}

/// A host owed money: what is final at `now` on their ledger account.
#[derive(Debug, Clone, QueryableByName)]
pub struct Owed {
    #[diesel(sql_type = SqlUuid)]
    pub host_id: Uuid,
    #[diesel(sql_type = Text)]
    pub account_id: String,
    #[diesel(sql_type = Text)]
    pub provider: String,
    #[diesel(sql_type = BigInt)]
    pub final_cents: i64,
}

/// The SQL of a host's final balance (`user` the SQL of the host's id): entries not tied to a
/// trip (payouts and their reversals) count at once; a trip's entries once 24 hours have
/// passed since the later of the entry and the trip's end (or its cancellation), and only
/// when the trip is over.
fn final_balance(user: &str) -> String {
    format!(
        "coalesce((SELECT sum(e.amount_cents) FROM ledger_entries e \
     LEFT JOIN trips t ON t.id = e.trip_id \
     WHERE e.account = 'host:' || {user}::text AND (e.trip_id IS NULL OR ( \
       t.status IN ('completed', 'cancelled_by_guest', 'cancelled_by_host', 'rejected') \
       AND greatest(e.created_at, coalesce(t.cancelled_at, upper(t.period))) + interval '{} hours' <= $1))), 0)::bigint",
        trips_domain::money::EARNINGS_FINAL_AFTER_HOURS
    )
}

/// Hosts with a complete payout account at `provider`, no payout yet in `period`, and more
/// than `threshold_cents` final at `now`.
pub async fn hosts_owed(
    conn: &mut AsyncPgConnection,
    now: DateTime<Utc>,
    period: &str,
    threshold_cents: i64,
    provider: &str,
) -> diesel::QueryResult<Vec<Owed>> {
    diesel::sql_query(format!(
        "SELECT * FROM (SELECT pa.user_id AS host_id, pa.account_id, pa.provider, {} AS final_cents \
         FROM payout_accounts pa WHERE pa.provider = $4 AND pa.details_submitted AND pa.payouts_enabled \
         AND NOT EXISTS (SELECT 1 FROM payouts p WHERE p.host_id = pa.user_id AND p.period = $2)) o \
         WHERE final_cents > $3 ORDER BY host_id",
        final_balance("pa.user_id")
    ))
    .bind::<Timestamptz, _>(now)
    .bind::<Text, _>(period)
    .bind::<BigInt, _>(threshold_cents)
    .bind::<Text, _>(provider)
    .load(conn)
    .await
}

/// One host's final balance at `now`, read under the lock of their payout account row.
pub async fn lock_final_balance(
    conn: &mut AsyncPgConnection,
    host: Uuid,
    now: DateTime<Utc>,
) -> diesel::QueryResult<Option<Owed>> {
    let rows: Vec<Owed> = diesel::sql_query(format!(
        "SELECT pa.user_id AS host_id, pa.account_id, pa.provider, {} AS final_cents \
         FROM payout_accounts pa WHERE pa.user_id = $2 FOR UPDATE",
        final_balance("pa.user_id")
    ))
    .bind::<Timestamptz, _>(now)
    .bind::<SqlUuid, _>(host)
    .load(conn)
    .await?;
    Ok(rows.into_iter().next())
}

#[derive(QueryableByName)]
struct Balances {
    #[diesel(sql_type = BigInt)]
    balance_cents: i64,
    #[diesel(sql_type = BigInt)]
    final_cents: i64,
}

/// A user's host account at `now`: (everything it holds, what of it is final). The difference
/// is earned and not final yet.
pub async fn balances(
    conn: &mut AsyncPgConnection,
    user: Uuid,
    now: DateTime<Utc>,
) -> diesel::QueryResult<(i64, i64)> {
    let b: Balances = diesel::sql_query(format!(
        "SELECT coalesce((SELECT sum(amount_cents) FROM ledger_entries \
         WHERE account = 'host:' || $2::text), 0)::bigint AS balance_cents, {} AS final_cents",
        final_balance("$2")
    ))
    .bind::<Timestamptz, _>(now)
    .bind::<SqlUuid, _>(user)
    .get_result(conn)
    .await?;
    Ok((b.balance_cents, b.final_cents))
}

/// A payout as stored.
#[derive(Debug, Clone, QueryableByName)]
pub struct PayoutRow {
    #[diesel(sql_type = SqlUuid)]
    pub id: Uuid,
    #[diesel(sql_type = SqlUuid)]
    pub host_id: Uuid,
    #[diesel(sql_type = Text)]
    pub period: String,
    #[diesel(sql_type = Text)]
    pub account_id: String,
    #[diesel(sql_type = BigInt)]
    pub amount_cents: i64,
    #[diesel(sql_type = Text)]
    pub status: String,
    #[diesel(sql_type = Nullable<Text>)]
    pub transfer_id: Option<String>,
}

/// Records a pending payout; false when the host already has one for the period.
pub async fn insert_payout(
    conn: &mut AsyncPgConnection,
    p: &PayoutRow,
    provider: &str,
) -> diesel::QueryResult<bool> {
    let n = diesel::sql_query(
        "INSERT INTO payouts (id, host_id, period, account_id, provider, amount_cents, status) \
         VALUES ($1, $2, $3, $4, $5, $6, 'pending') ON CONFLICT (host_id, period) DO NOTHING",
    )
    .bind::<SqlUuid, _>(p.id)
    .bind::<SqlUuid, _>(p.host_id)
    .bind::<Text, _>(&p.period)
    .bind::<Text, _>(&p.account_id)
    .bind::<Text, _>(provider)
    .bind::<BigInt, _>(p.amount_cents)
    .prepared()
    .execute(conn)
    .await?;
    Ok(n == 1)
}

/// Pending payouts (written, not yet confirmed by the provider), locked for this run.
pub async fn lock_pending_payouts(
    conn: &mut AsyncPgConnection,
) -> diesel::QueryResult<Vec<PayoutRow>> {
    diesel::sql_query(
        "SELECT id, host_id, period, account_id, amount_cents, status, transfer_id FROM payouts \
         WHERE status = 'pending' ORDER BY created_at LIMIT 100 FOR UPDATE SKIP LOCKED",
    )
    .prepared()
    .load(conn)
    .await
}

/// Marks a payout sent (or failed).
pub async fn finish_payout(
    conn: &mut AsyncPgConnection,
    id: Uuid,
    transfer_id: Option<&str>,
    failure: &str,
) -> diesel::QueryResult<()> {
    diesel::sql_query(
        "UPDATE payouts SET status = CASE WHEN $2::text IS NULL THEN 'failed' ELSE 'paid' END, \
         transfer_id = $2, failure = $3, updated_at = now() WHERE id = $1 AND status = 'pending'",
    )
    .bind::<SqlUuid, _>(id)
    .bind::<Nullable<Text>, _>(transfer_id)
    .bind::<Text, _>(failure)
    .prepared()
    .execute(conn)
    .await?;
    Ok(())
}

/// An authorised hold whose release date has passed.
#[derive(Debug, Clone, QueryableByName)]
pub struct DueHold {
    #[diesel(sql_type = Text)]
    pub id: String,
    #[diesel(sql_type = SqlUuid)]
    pub trip_id: Uuid,
    #[diesel(sql_type = BigInt)]
    pub amount_cents: i64,
    #[diesel(sql_type = Timestamptz)]
    pub trip_end: DateTime<Utc>,
    /// Pending incidentals or a damage or accident report keep the hold up to 30 days.
    #[diesel(sql_type = Bool)]
    pub claims_pending: bool,
    /// An authorisation stands at the provider (a scheduled or refused hold holds nothing).
    #[diesel(sql_type = Bool)]
    pub authorized: bool,
}

/// Uncaptured holds due at `now`; with `one`, only that hold, locked (skipped when another
/// transaction holds it).
pub async fn due_holds(
    conn: &mut AsyncPgConnection,
    now: DateTime<Utc>,
    one: Option<&str>,
) -> diesel::QueryResult<Vec<DueHold>> {
    diesel::sql_query(format!(
        "SELECT h.id, h.trip_id, h.amount_cents, upper(t.period) AS trip_end, \
         (EXISTS (SELECT 1 FROM trip_incidentals i WHERE i.trip_id = h.trip_id AND i.status = 'pending') \
          OR EXISTS (SELECT 1 FROM trip_issue_reports r WHERE r.trip_id = h.trip_id AND r.kind IN ('damage', 'accident')) \
          OR EXISTS (SELECT 1 FROM trip_report_photos p WHERE p.trip_id = h.trip_id AND p.report_kind = 'report-damage')) \
           AS claims_pending, \
         (h.status = 'authorized' OR (h.status = 'failed' AND h.lapses_at > $1)) AS authorized \
         FROM payment_holds h JOIN trips t ON t.id = h.trip_id \
         WHERE h.status IN ('authorized', 'scheduled', 'failed') AND h.release_by <= $1 AND ($2::text IS NULL OR h.id = $2) \
         ORDER BY h.release_by LIMIT 500{}",
        if one.is_some() { " FOR UPDATE OF h SKIP LOCKED" } else { "" }
    ))
    .bind::<Timestamptz, _>(now)
    .bind::<Nullable<Text>, _>(one)
    .load(conn)
    .await
}

/// Moves a hold's release date (pending claims).
pub async fn extend_hold(
    conn: &mut AsyncPgConnection,
    id: &str,
    release_by: DateTime<Utc>,
) -> diesel::QueryResult<()> {
    diesel::sql_query("UPDATE payment_holds SET release_by = $2, updated_at = now() WHERE id = $1")
        .bind::<Text, _>(id)
        .bind::<Timestamptz, _>(release_by)
        .prepared()
        .execute(conn)
        .await?;
    Ok(())
}
