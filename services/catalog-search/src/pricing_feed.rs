//! The pricing feed: what each car costs, published to the pricing context as
//! `catalog.car_pricing_changed` through the outbox, so pricing quotes from its own read model
//! and never calls catalog per car.
//!
//! A car is due when its row changed after its pricing was last published
//! (`updated_at > pricing_published_at`). [`publish_due`] enqueues the events and sets the mark
//! in one transaction, so a crash publishes a car again (pricing keeps the newest `version`)
//! and never skips one. The event's `version` is `updated_at` in microseconds.

use crate::state::AppState;
use chrono::{DateTime, Utc};
use diesel::QueryableByName;
use diesel::sql_types::{
    Array, BigInt, Double, Integer, Jsonb, Text, Timestamptz, Uuid as SqlUuid,
};
use diesel_async::{AsyncConnection, AsyncPgConnection, RunQueryDsl};
use std::sync::Arc;
use std::time::Duration;
use upcar_db::Prepare;
use upcar_events::Relay;
use upcar_proto::events::{CarExtra, CarPricingChanged, DatePrice};
use uuid::Uuid;

/// Cars published per transaction.
const BATCH: i64 = 500;
/// How often the feed looks for changed cars.
const POLL: Duration = Duration::from_secs(2);

#[derive(QueryableByName)]
struct Due {
    #[diesel(sql_type = SqlUuid)]
    id: Uuid,
    #[diesel(sql_type = SqlUuid)]
    owner_id: Uuid,
    #[diesel(sql_type = Text)]
    status: String,
    #[diesel(sql_type = BigInt)]
    daily_price_cents: i64,
    #[diesel(sql_type = BigInt)]
    price_per_hour_cents: i64,
    #[diesel(sql_type = Integer)]
    weekly_discount_pct: i32,
    #[diesel(sql_type = Integer)]
    monthly_discount_pct: i32,
    #[diesel(sql_type = Integer)]
    miles_per_day: i32,
    #[diesel(sql_type = BigInt)]
    price_per_mile_cents: i64,
    #[diesel(sql_type = BigInt)]
    delivery_price_per_mile_cents: i64,
    #[diesel(sql_type = Integer)]
    max_delivery_miles: i32,
    #[diesel(sql_type = Integer)]
    min_age: i32,
    #[diesel(sql_type = Text)]
    state: String,
    #[diesel(sql_type = Text)]
    time_zone: String,
    #[diesel(sql_type = Double)]
    latitude: f64,
    #[diesel(sql_type = Double)]
    longitude: f64,
    #[diesel(sql_type = Jsonb)]
    extras: serde_json::Value,
    #[diesel(sql_type = Jsonb)]
    date_prices: serde_json::Value,
    #[diesel(sql_type = Timestamptz)]
    updated_at: DateTime<Utc>,
}

fn extras_of(v: &serde_json::Value) -> Vec<CarExtra> {
    let Some(list) = v.as_array() else { return Vec::new() };
    list.iter()
        .filter_map(|x| {
            let s = |k: &str| x.get(k).and_then(|v| v.as_str()).unwrap_or_default().to_owned();
            let id = s("extraId");
            (!id.is_empty()).then(|| CarExtra {
                extra_id: id,
                extra_type: s("extraType"),
                description: s("description"),
                amount_cents: x.get("priceCents").and_then(|v| v.as_i64()).unwrap_or(0),
                per: s("per"),
                is_quantity_choosable: x
                    .get("isQuantityChoosable")
                    .and_then(|v| v.as_bool())
                    .unwrap_or(false),
                available_quantity: x.get("availableQuantity").and_then(|v| v.as_i64()).unwrap_or(1)
                    as i32,
            })
        })
        .collect()
}

/// The date prices still to come: from yesterday's UTC date on, so a date that is still
/// today somewhere in the US is kept.
fn date_prices_of(v: &serde_json::Value, today: chrono::NaiveDate) -> Vec<DatePrice> {
    let Some(m) = v.as_object() else { return Vec::new() };
    m.iter()
        .filter_map(|(d, c)| {
            let date = chrono::NaiveDate::parse_from_str(d, "%Y-%m-%d").ok()?;
            let cents = c.as_i64().filter(|c| *c > 0)?;
            (date >= today - chrono::Duration::days(1))
                .then(|| DatePrice { date: d.clone(), daily_price_cents: cents })
        })
        .collect()
}

fn event_of(c: &Due) -> CarPricingChanged {
    CarPricingChanged {
        car_id: c.id.to_string(),
        owner_id: c.owner_id.to_string(),
        version: c.updated_at.timestamp_micros(),
        status: c.status.clone(),
        daily_price_cents: c.daily_price_cents,
        price_per_hour_cents: c.price_per_hour_cents,
        weekly_discount_pct: c.weekly_discount_pct,
        monthly_discount_pct: c.monthly_discount_pct,
        miles_per_day: c.miles_per_day,
        price_per_mile_cents: c.price_per_mile_cents,
        delivery_price_per_mile_cents: c.delivery_price_per_mile_cents,
        max_delivery_miles: c.max_delivery_miles,
        min_age: c.min_age,
        state: c.state.clone(),
        time_zone: c.time_zone.clone(),
        latitude: c.latitude,
        longitude: c.longitude,
        extras: extras_of(&c.extras),
        date_prices: date_prices_of(&c.date_prices, Utc::now().date_naive()),
        occurred_at: Utc::now().to_rfc3339(),
    }
}

/// Publishes one batch of due cars; answers their ids.
pub async fn publish_due(conn: &mut AsyncPgConnection) -> anyhow::Result<Vec<Uuid>> {
    let ids = conn
        .transaction::<_, anyhow::Error, _>(async |conn| {
            let due: Vec<Due> = diesel::sql_query(
                "SELECT id, owner_id, status, daily_price_cents, price_per_hour_cents, weekly_discount_pct, \
                   monthly_discount_pct, miles_per_day, price_per_mile_cents, delivery_price_per_mile_cents, \
                   max_delivery_miles, min_age, state, time_zone, latitude, longitude, extras, date_prices, updated_at \
                 FROM cars WHERE pricing_published_at IS NULL OR pricing_published_at < updated_at \
                 ORDER BY updated_at LIMIT $1 FOR UPDATE SKIP LOCKED",
            )
            .bind::<BigInt, _>(BATCH)
            .prepared()
            .load(conn)
            .await?;
            for c in &due {
                upcar_events::enqueue(conn, &event_of(c)).await?;
            }
            let ids: Vec<Uuid> = due.iter().map(|c| c.id).collect();
            diesel::sql_query("UPDATE cars SET pricing_published_at = updated_at WHERE id = ANY($1)")
                .bind::<Array<SqlUuid>, _>(&ids)
                .prepared()
                .execute(conn)
                .await?;
            Ok(ids)
        })
        .await?;
    Ok(ids)
}

/// Publishes due cars until `shutdown`, then returns. The cached pages of the published
/// cars are dropped once their events are committed (the change events of the cache).
pub async fn run(
    state: Arc<AppState>,
    relay: Relay,
    shutdown: impl std::future::Future<Output = ()>,
) {
    tokio::pin!(shutdown);
    loop {
        let published = async {
            let mut conn = state.pool.get().await?;
            let mut total = 0;
            loop {
                let ids = publish_due(&mut conn).await?;
                let n = ids.len();
                total += n;
                if n > 0 {
                    relay.wake();
                    crate::cache::forget_cars(&state, &ids).await;
                }
                if n < BATCH as usize {
                    return Ok::<usize, anyhow::Error>(total);
                }
            }
        };
        match published.await {
            Ok(0) => {}
            Ok(n) => tracing::info!(cars = n, "pricing published"),
            Err(e) => tracing::warn!(error = %e, "pricing feed failed; retrying"),
        }
        tokio::select! {
            () = &mut shutdown => return,
            () = tokio::time::sleep(POLL) => {}
        }
    }
}

/// Marks these cars due, so the feed publishes their pricing again (pricing keeps the newest
/// version, so a repeat changes nothing).
pub async fn republish(conn: &mut AsyncPgConnection, ids: &[Uuid]) -> diesel::QueryResult<()> {
    diesel::sql_query("UPDATE cars SET pricing_published_at = NULL WHERE id = ANY($1)")
        .bind::<Array<SqlUuid>, _>(ids)
        .prepared()
        .execute(conn)
        .await?;
    Ok(())
}
