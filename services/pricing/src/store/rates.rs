//! The rates read model.

use chrono::NaiveDate;
use diesel::QueryableByName;
use diesel::sql_types::{Array, BigInt, Double, Integer, Jsonb, Text, Uuid as SqlUuid};
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use pricing_domain::Cents;
use pricing_domain::rates::{CarRates, Extra};
use serde::Deserialize;
use std::collections::BTreeMap;
use uuid::Uuid;

/// One car's rates as stored.
#[derive(Debug, Clone, QueryableByName)]
pub struct RatesRow {
    #[diesel(sql_type = SqlUuid)]
    pub car_id: Uuid,
    #[diesel(sql_type = SqlUuid)]
    pub owner_id: Uuid,
    #[diesel(sql_type = BigInt)]
    pub version: i64,
    #[diesel(sql_type = Text)]
    pub status: String,
    #[diesel(sql_type = BigInt)]
    pub daily_price_cents: i64,
    #[diesel(sql_type = BigInt)]
    pub price_per_hour_cents: i64,
    #[diesel(sql_type = Integer)]
    pub weekly_discount_pct: i32,
    #[diesel(sql_type = Integer)]
    pub monthly_discount_pct: i32,
    #[diesel(sql_type = Integer)]
    pub miles_per_day: i32,
    #[diesel(sql_type = BigInt)]
    pub price_per_mile_cents: i64,
    #[diesel(sql_type = BigInt)]
    pub delivery_price_per_mile_cents: i64,
    #[diesel(sql_type = Integer)]
    pub max_delivery_miles: i32,
    #[diesel(sql_type = Integer)]
    pub min_age: i32,
    #[diesel(sql_type = Text)]
    pub state: String,
    #[diesel(sql_type = Text)]
    pub time_zone: String,
    #[diesel(sql_type = Double)]
    pub latitude: f64,
    #[diesel(sql_type = Double)]
    pub longitude: f64,
    #[diesel(sql_type = Jsonb)]
    pub extras: serde_json::Value,
    /// `{"YYYY-MM-DD": cents}`: the host's price for chosen dates.
    #[diesel(sql_type = Jsonb)]
    pub date_prices: serde_json::Value,
}

/// A car's rates ready to price: the stored row with its extras read and its time zone
/// resolved once.
#[derive(Debug, Clone)]
pub struct PricedCar {
    pub row: RatesRow,
    pub rates: CarRates,
    pub tz: chrono_tz::Tz,
}

impl From<RatesRow> for PricedCar {
    fn from(row: RatesRow) -> Self {
        Self { rates: row.rates(), tz: row.tz(), row }
    }
}

/// The stored date prices (rows are checked on the way in; an unreadable entry is skipped).
fn date_prices_of(v: &serde_json::Value) -> BTreeMap<NaiveDate, Cents> {
    v.as_object()
        .map(|m| {
            m.iter()
                .filter_map(|(d, c)| Some((d.parse().ok()?, Cents(c.as_i64().filter(|c| *c > 0)?))))
                .collect()
        })
        .unwrap_or_default()
}

impl RatesRow {
    /// The domain's view of the row.
    pub fn rates(&self) -> CarRates {
        let extras: Vec<Extra> = Vec::<Extra>::deserialize(&self.extras).unwrap_or_default();
        CarRates {
            daily: Cents(self.daily_price_cents),
            hourly: Cents(self.price_per_hour_cents),
            weekly_discount_bp: i64::from(self.weekly_discount_pct) * 100,
            monthly_discount_bp: i64::from(self.monthly_discount_pct) * 100,
            miles_per_day: i64::from(self.miles_per_day),
            price_per_mile: Cents(self.price_per_mile_cents),
            delivery_per_mile: Cents(self.delivery_price_per_mile_cents),
            max_delivery_miles: i64::from(self.max_delivery_miles),
            min_age: i64::from(self.min_age),
            state: self.state.clone(),
            extras,
            date_prices: date_prices_of(&self.date_prices),
        }
    }

    /// The car's time zone (rows are checked on the way in; Los Angeles if ever invalid).
    pub fn tz(&self) -> chrono_tz::Tz {
        self.time_zone.parse().unwrap_or(chrono_tz::America::Los_Angeles)
    }

    /// Whether guests can book the car.
    pub fn is_bookable(&self) -> bool {
        self.status == "active"
    }
}

const COLUMNS: &str = "car_id, owner_id, version, status, daily_price_cents, price_per_hour_cents, \
    weekly_discount_pct, monthly_discount_pct, miles_per_day, price_per_mile_cents, \
    delivery_price_per_mile_cents, max_delivery_miles, min_age, state, time_zone, latitude, \
    longitude, extras, date_prices";

/// Sets a car's rates unless the row already reflects a newer version.
pub async fn upsert(conn: &mut AsyncPgConnection, r: &RatesRow) -> diesel::QueryResult<bool> {
    let n = diesel::sql_query(format!(
        "INSERT INTO car_rates ({COLUMNS}, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, now()) \
         ON CONFLICT (car_id) DO UPDATE SET \
           owner_id = EXCLUDED.owner_id, version = EXCLUDED.version, status = EXCLUDED.status, \
           daily_price_cents = EXCLUDED.daily_price_cents, price_per_hour_cents = EXCLUDED.price_per_hour_cents, \
           weekly_discount_pct = EXCLUDED.weekly_discount_pct, monthly_discount_pct = EXCLUDED.monthly_discount_pct, \
           miles_per_day = EXCLUDED.miles_per_day, price_per_mile_cents = EXCLUDED.price_per_mile_cents, \
           delivery_price_per_mile_cents = EXCLUDED.delivery_price_per_mile_cents, \
           max_delivery_miles = EXCLUDED.max_delivery_miles, min_age = EXCLUDED.min_age, \
           state = EXCLUDED.state, time_zone = EXCLUDED.time_zone, latitude = EXCLUDED.latitude, \
           longitude = EXCLUDED.longitude, extras = EXCLUDED.extras, \
           date_prices = EXCLUDED.date_prices, updated_at = now() \
         WHERE car_rates.version < EXCLUDED.version"
    ))
    .bind::<SqlUuid, _>(r.car_id)
    .bind::<SqlUuid, _>(r.owner_id)
    .bind::<BigInt, _>(r.version)
    .bind::<Text, _>(&r.status)
    .bind::<BigInt, _>(r.daily_price_cents)
    .bind::<BigInt, _>(r.price_per_hour_cents)
    .bind::<Integer, _>(r.weekly_discount_pct)
    .bind::<Integer, _>(r.monthly_discount_pct)
    .bind::<Integer, _>(r.miles_per_day)
    .bind::<BigInt, _>(r.price_per_mile_cents)
    .bind::<BigInt, _>(r.delivery_price_per_mile_cents)
    .bind::<Integer, _>(r.max_delivery_miles)
    .bind::<Integer, _>(r.min_age)
    .bind::<Text, _>(&r.state)
    .bind::<Text, _>(&r.time_zone)
    .bind::<Double, _>(r.latitude)
    .bind::<Double, _>(r.longitude)
    .bind::<Jsonb, _>(&r.extras)
    .bind::<Jsonb, _>(&r.date_prices)
    .execute(conn)
    .await?;
    Ok(n == 1)
}

/// The rates of these cars (missing ones are simply absent).
pub async fn load(
    conn: &mut AsyncPgConnection,
    ids: &[Uuid],
) -> diesel::QueryResult<Vec<RatesRow>> {
    diesel::sql_query(format!("SELECT {COLUMNS} FROM car_rates WHERE car_id = ANY($1)"))
        .bind::<Array<SqlUuid>, _>(ids)
        .load(conn)
        .await
}

/// One car's rates.
pub async fn one(conn: &mut AsyncPgConnection, id: Uuid) -> diesel::QueryResult<Option<RatesRow>> {
    Ok(load(conn, &[id]).await?.into_iter().next())
}
