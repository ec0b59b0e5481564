//! Quotes, in Redis with expiry: a quote is honoured for a stated number of minutes, then
//! simply disappears. While Redis cannot be reached, quotes are kept in Postgres
//! (`held_quotes`) instead, and a quote Redis does not have is looked for there, so prices are
//! given and booked through a Redis outage.

use crate::error::{PricingError, PricingResult};
use crate::state::AppState;
use chrono::{DateTime, Utc};
use diesel_async::AsyncPgConnection;
use prost::Message;
use serde::{Deserialize, Serialize};
use upcar_proto::pricing as pb;
use uuid::Uuid;

/// A point on the map.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq)]
pub struct Point {
    pub latitude: f64,
    pub longitude: f64,
}

/// Everything a quote was computed from, so a booked trip can be re-priced when modified.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Default)]
pub struct QuoteInputs {
    pub start: Option<DateTime<Utc>>,
    pub end: Option<DateTime<Utc>>,
    pub age: i64,
    pub extras: Vec<(String, i64)>,
    /// `None` for search prices (the car page prices the default plan).
    pub plan: Option<String>,
    pub pickup: Option<Point>,
    pub return_point: Option<Point>,
    pub coupon: Option<String>,
}

/// A stored quote.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct QuoteRecord {
    pub quote_id: Uuid,
    pub car_id: Uuid,
    pub owner_id: Uuid,
    pub user_id: Option<Uuid>,
    pub total_cents: i64,
    pub expires_at: DateTime<Utc>,
    pub inputs: QuoteInputs,
}

/// Stores a quote with its details until it expires: in Redis, or in Postgres when Redis
/// cannot be reached.
pub async fn save(
    state: &AppState,
    q: &QuoteRecord,
    details: &pb::PriceDetails,
) -> PricingResult<()> {
    let meta = serde_json::to_vec(q).map_err(anyhow::Error::from)?;
    let details = details.encode_to_vec();
    match save_in_redis(state, q, &meta, &details).await {
        Err(PricingError::QuotesUnavailable(e)) => {
            tracing::warn!(
                error = format!("{e:#}"),
                "Redis is unavailable: the quote is kept in Postgres"
            );
            hold(state, q, &meta, &details).await
        }
        other => other,
    }
}

async fn save_in_redis(
    state: &AppState,
    q: &QuoteRecord,
    meta: &[u8],
    details: &[u8],
) -> PricingResult<()> {
    let key = state.key("quote", &q.quote_id.to_string());
    let ttl = (q.expires_at - state.clock.now()).num_seconds().max(1);
    let mut conn = state.redis().await?;
    redis::pipe()
        .atomic()
        .hset(&key, "meta", meta)
        .hset(&key, "details", details)
        .expire(&key, ttl)
        .query_async::<()>(&mut conn)
        .await?;
    Ok(())
}

/// Keeps a quote in Postgres (Redis is down); quotes past their time go at the same moment.
async fn hold(state: &AppState, q: &QuoteRecord, meta: &[u8], details: &[u8]) -> PricingResult<()> {
    use diesel::sql_types::{Binary, Timestamptz, Uuid as SqlUuid};
    use diesel_async::RunQueryDsl;
    let mut conn = state.conn().await?;
    diesel::sql_query(
        "INSERT INTO held_quotes (quote_id, meta, details, expires_at) VALUES ($1, $2, $3, $4)",
    )
    .bind::<SqlUuid, _>(q.quote_id)
    .bind::<Binary, _>(meta)
    .bind::<Binary, _>(details)
    .bind::<Timestamptz, _>(q.expires_at)
    .execute(&mut conn)
    .await?;
    diesel::sql_query("DELETE FROM held_quotes WHERE expires_at <= $1")
        .bind::<Timestamptz, _>(state.clock.now())
        .execute(&mut conn)
        .await?;
    Ok(())
}

/// A quote that has not expired: from Redis, or from Postgres when Redis cannot be reached or
/// does not have it (it was made during an outage). `conn` is the caller's connection (a
/// second one taken here could wait forever on a pool whose every connection is held so).
pub async fn get(
    state: &AppState,
    conn: &mut AsyncPgConnection,
    id: Uuid,
) -> PricingResult<Option<(QuoteRecord, pb::PriceDetails)>> {
    let found = match get_from_redis(state, id).await {
        Ok(Some(raw)) => Some(raw),
        Ok(None) => held(conn, id).await?,
        Err(PricingError::QuotesUnavailable(e)) => {
            tracing::warn!(
                error = format!("{e:#}"),
                "Redis is unavailable: the quote is looked for in Postgres"
            );
            held(conn, id).await?
        }
        Err(e) => return Err(e),
    };
    let Some((meta, details)) = found else { return Ok(None) };
    let record: QuoteRecord = serde_json::from_slice(&meta).map_err(anyhow::Error::from)?;
    let details = pb::PriceDetails::decode(details.as_slice()).map_err(anyhow::Error::from)?;
    if record.expires_at <= state.clock.now() {
        return Ok(None);
    }
    Ok(Some((record, details)))
}

type RawQuote = (Vec<u8>, Vec<u8>);

async fn get_from_redis(state: &AppState, id: Uuid) -> PricingResult<Option<RawQuote>> {
    let key = state.key("quote", &id.to_string());
    let mut conn = state.redis().await?;
    let (meta, details): (Option<Vec<u8>>, Option<Vec<u8>>) =
        redis::cmd("HMGET").arg(&key).arg("meta").arg("details").query_async(&mut conn).await?;
    Ok(meta.zip(details))
}

async fn held(conn: &mut AsyncPgConnection, id: Uuid) -> PricingResult<Option<RawQuote>> {
    use diesel::OptionalExtension;
    use diesel::sql_types::{Binary, Uuid as SqlUuid};
    use diesel_async::RunQueryDsl;
    #[derive(diesel::QueryableByName)]
    struct Held {
        #[diesel(sql_type = Binary)]
        meta: Vec<u8>,
        #[diesel(sql_type = Binary)]
        details: Vec<u8>,
    }
    let row: Option<Held> =
        diesel::sql_query("SELECT meta, details FROM held_quotes WHERE quote_id = $1")
            .bind::<SqlUuid, _>(id)
            .get_result(conn)
            .await
            .optional()?;
    Ok(row.map(|h| (h.meta, h.details)))
}
