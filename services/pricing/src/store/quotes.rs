//! Quotes and remembered search pages, in Redis with expiry: a quote is honoured for a stated
//! number of minutes, then simply disappears.

use crate::error::PricingResult;
use crate::state::AppState;
use chrono::{DateTime, Utc};
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
    /// `None` when no plan was chosen (search and car-page prices).
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

/// Stores a quote with its details until it expires.
pub async fn save(
    state: &AppState,
    q: &QuoteRecord,
    details: &pb::PriceDetails,
) -> PricingResult<()> {
    let key = state.key("quote", &q.quote_id.to_string());
    let meta = serde_json::to_vec(q).map_err(anyhow::Error::from)?;
    let ttl = (q.expires_at - state.clock.now()).num_seconds().max(1);
    let mut conn = state.redis().await?;
    redis::pipe()
        .atomic()
        .hset(&key, "meta", meta)
        .hset(&key, "details", details.encode_to_vec())
        .expire(&key, ttl)
        .query_async::<()>(&mut conn)
        .await?;
    Ok(())
}

/// A quote that has not expired.
pub async fn get(
    state: &AppState,
    id: Uuid,
) -> PricingResult<Option<(QuoteRecord, pb::PriceDetails)>> {
    let key = state.key("quote", &id.to_string());
    let mut conn = state.redis().await?;
    let (meta, details): (Option<Vec<u8>>, Option<Vec<u8>>) =
        redis::cmd("HMGET").arg(&key).arg("meta").arg("details").query_async(&mut conn).await?;
    let (Some(meta), Some(details)) = (meta, details) else { return Ok(None) };
    let record: QuoteRecord = serde_json::from_slice(&meta).map_err(anyhow::Error::from)?;
    let details = pb::PriceDetails::decode(details.as_slice()).map_err(anyhow::Error::from)?;
    if record.expires_at <= state.clock.now() {
        return Ok(None);
    }
    Ok(Some((record, details)))
}
