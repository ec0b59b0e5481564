//! The double-entry ledger: every money movement is a transaction whose entries sum to zero
//! (the database checks it at commit). Transaction history is read from it.

use chrono::{DateTime, Utc};
use diesel::QueryableByName;
use diesel::sql_types::{BigInt, Nullable, Text, Timestamptz, Uuid as SqlUuid};
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use upcar_db::Prepare;
use uuid::Uuid;

/// One entry of a transaction.
#[derive(Debug, Clone)]
pub struct Entry {
    /// `guest:{id}`, `host:{id}`, `platform:revenue`, `platform:tax`.
    pub account: String,
    /// The user the entry belongs to (for their history), if any.
    pub user_id: Option<Uuid>,
    pub kind: &'static str,
    pub amount_cents: i64,
    pub description: String,
}

/// The earning entries of an amount the car's owner earns: split with the co-hosts of the
/// car's active team by their shares (each co-host's part in their own `host:` account and
/// history), the owner keeping the rest.
pub async fn earning_entries(
    conn: &mut AsyncPgConnection,
    car: Uuid,
    owner: Uuid,
    cents: i64,
    description: &str,
) -> diesel::QueryResult<Vec<Entry>> {
    let team = crate::store::teams::earnings_shares(conn, car, owner).await?;
    let shares: Vec<i32> = team.iter().map(|(_, bp)| *bp).collect();
    let (kept, parts) = trips_domain::money::split_earnings(cents, &shares);
    let mut out = vec![Entry {
        account: format!("host:{owner}"),
        user_id: Some(owner),
        kind: "earning",
        amount_cents: kept,
        description: description.to_owned(),
    }];
    for ((cohost, bp), part) in team.iter().zip(parts) {
        out.push(Entry {
            account: format!("host:{cohost}"),
            user_id: Some(*cohost),
            kind: "earning",
            amount_cents: part,
            description: format!("{description} (co-host share {}.{:02}%)", bp / 100, bp % 100),
        });
    }
    Ok(out)
}

/// Writes one balanced transaction; answers its id. Zero amounts are skipped.
pub async fn post(
    conn: &mut AsyncPgConnection,
    trip: Option<Uuid>,
    entries: &[Entry],
) -> diesel::QueryResult<Uuid> {
    let txn = Uuid::now_v7();
    for e in entries.iter().filter(|e| e.amount_cents != 0) {
        diesel::sql_query(
            "INSERT INTO ledger_entries (txn_id, trip_id, account, user_id, kind, amount_cents, description) \
             VALUES ($1, $2, $3, $4, $5, $6, $7)",
        )
        .bind::<SqlUuid, _>(txn)
        .bind::<Nullable<SqlUuid>, _>(trip)
        .bind::<Text, _>(&e.account)
        .bind::<Nullable<SqlUuid>, _>(e.user_id)
        .bind::<Text, _>(e.kind)
        .bind::<BigInt, _>(e.amount_cents)
        .bind::<Text, _>(&e.description)
        .prepared()
        .execute(conn)
        .await?;
    }
    Ok(txn)
}

/// A user's entries, newest first.
#[derive(Debug, Clone, QueryableByName)]
pub struct UserEntry {
    #[diesel(sql_type = SqlUuid)]
    pub txn_id: Uuid,
    #[diesel(sql_type = Nullable<SqlUuid>)]
    pub trip_id: Option<Uuid>,
    #[diesel(sql_type = Text)]
    pub kind: String,
    #[diesel(sql_type = BigInt)]
    pub amount_cents: i64,
    #[diesel(sql_type = Text)]
    pub description: String,
    #[diesel(sql_type = Timestamptz)]
    pub created_at: DateTime<Utc>,
}

/// A user's ledger entries, optionally for one year.
pub async fn for_user(
    conn: &mut AsyncPgConnection,
    user: Uuid,
    year: Option<i32>,
) -> diesel::QueryResult<Vec<UserEntry>> {
    diesel::sql_query(
        "SELECT txn_id, trip_id, kind, amount_cents, description, created_at FROM ledger_entries \
         WHERE user_id = $1 AND ($2::int IS NULL OR extract(year FROM created_at) = $2) \
         ORDER BY created_at DESC, id DESC LIMIT 1000",
    )
    .bind::<SqlUuid, _>(user)
    .bind::<Nullable<diesel::sql_types::Integer>, _>(year)
    .prepared()
    .load(conn)
    .await
}
