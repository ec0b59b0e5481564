//! Idempotency keys: the first answer to a key is kept and replayed.

use diesel::QueryableByName;
use diesel::sql_types::{Bytea, Nullable, Text, Uuid as SqlUuid};
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use upcar_db::Prepare;
use uuid::Uuid;

/// What a key already answered.
#[derive(Debug, Clone, QueryableByName)]
pub struct Stored {
    #[diesel(sql_type = Text)]
    pub operation: String,
    #[diesel(sql_type = Text)]
    pub request_hash: String,
    #[diesel(sql_type = Nullable<Bytea>)]
    pub response: Option<Vec<u8>>,
    #[diesel(sql_type = Nullable<Text>)]
    pub error_code: Option<String>,
    #[diesel(sql_type = Nullable<Text>)]
    pub error_message: Option<String>,
}

/// Reads a key.
pub async fn get(
    conn: &mut AsyncPgConnection,
    user: Uuid,
    key: &str,
) -> diesel::QueryResult<Option<Stored>> {
    let rows: Vec<Stored> = diesel::sql_query(
        "SELECT operation, request_hash, response, error_code, error_message FROM idempotency_keys \
         WHERE user_id = $1 AND key = $2",
    )
    .bind::<SqlUuid, _>(user)
    .bind::<Text, _>(key)
    .prepared()
    .load(conn)
    .await?;
    Ok(rows.into_iter().next())
}

/// Claims a key inside the caller's transaction. A concurrent claim of the same key waits here
/// until the first transaction ends; `false` means another request holds (or held) the key.
pub async fn claim(
    conn: &mut AsyncPgConnection,
    user: Uuid,
    key: &str,
    operation: &str,
    hash: &str,
) -> diesel::QueryResult<bool> {
    let n = diesel::sql_query(
        "INSERT INTO idempotency_keys (user_id, key, operation, request_hash) VALUES ($1, $2, $3, $4) \
         ON CONFLICT DO NOTHING",
    )
    .bind::<SqlUuid, _>(user)
    .bind::<Text, _>(key)
    .bind::<Text, _>(operation)
    .bind::<Text, _>(hash)
    .prepared()
    .execute(conn)
    .await?;
    Ok(n == 1)
}

/// Stores the answer of a claimed key.
pub async fn finish(
    conn: &mut AsyncPgConnection,
    user: Uuid,
    key: &str,
    response: Option<&[u8]>,
    error: Option<(&str, &str)>,
) -> diesel::QueryResult<()> {
    diesel::sql_query(
        "UPDATE idempotency_keys SET response = $3, error_code = $4, error_message = $5 WHERE user_id = $1 AND key = $2",
    )
    .bind::<SqlUuid, _>(user)
    .bind::<Text, _>(key)
    .bind::<Nullable<Bytea>, _>(response)
    .bind::<Nullable<Text>, _>(error.map(|e| e.0))
    .bind::<Nullable<Text>, _>(error.map(|e| e.1))
    .prepared()
    .execute(conn)
    .await?;
    Ok(())
}
