//! Coupons.

use chrono::{DateTime, Utc};
use diesel::QueryableByName;
use diesel::sql_types::{BigInt, Bool, Integer, Nullable, Text, Timestamptz};
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use pricing_domain::Cents;
use pricing_domain::coupon::{Benefit, Coupon};
use upcar_db::Prepare;

#[derive(QueryableByName)]
struct Row {
    #[diesel(sql_type = Text)]
    code: String,
    #[diesel(sql_type = Text)]
    kind: String,
    #[diesel(sql_type = BigInt)]
    amount_cents: i64,
    #[diesel(sql_type = Integer)]
    percent: i32,
    #[diesel(sql_type = Nullable<BigInt>)]
    cap_cents: Option<i64>,
    #[diesel(sql_type = BigInt)]
    min_trip_cents: i64,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    valid_from: Option<DateTime<Utc>>,
    #[diesel(sql_type = Nullable<Timestamptz>)]
    valid_until: Option<DateTime<Utc>>,
    #[diesel(sql_type = Bool)]
    active: bool,
    #[diesel(sql_type = Text)]
    description: String,
}

impl From<Row> for Coupon {
    fn from(r: Row) -> Self {
        let benefit = if r.kind == "percent" {
            Benefit::Percent { bp: i64::from(r.percent) * 100, cap: r.cap_cents.map(Cents) }
        } else {
            Benefit::Amount(Cents(r.amount_cents))
        };
        Coupon {
            code: r.code,
            benefit,
            min_trip: Cents(r.min_trip_cents),
            valid_from: r.valid_from,
            valid_until: r.valid_until,
            active: r.active,
            description: r.description,
        }
    }
}

/// A coupon by its normalised code.
pub async fn find(conn: &mut AsyncPgConnection, code: &str) -> diesel::QueryResult<Option<Coupon>> {
    let rows: Vec<Row> = diesel::sql_query(
        "SELECT code, kind, amount_cents, percent, cap_cents, min_trip_cents, valid_from, \
         valid_until, active, description FROM coupons WHERE code = $1",
    )
    .bind::<Text, _>(code)
    .prepared()
    .load(conn)
    .await?;
    Ok(rows.into_iter().next().map(Coupon::from))
}

/// A coupon to create (demo data, admin tools).
pub struct NewCoupon<'a> {
    pub code: &'a str,
    pub benefit: Benefit,
    pub min_trip: Cents,
    pub valid_until: Option<DateTime<Utc>>,
    pub description: &'a str,
}

/// Creates a coupon unless one with that code exists.
pub async fn insert(conn: &mut AsyncPgConnection, c: &NewCoupon<'_>) -> diesel::QueryResult<()> {
    let (kind, amount, percent, cap) = match c.benefit {
        Benefit::Amount(a) => ("amount", a.0, 0, None),
        Benefit::Percent { bp, cap } => ("percent", 0, (bp / 100) as i32, cap.map(|c| c.0)),
    };
    diesel::sql_query(
        "INSERT INTO coupons (code, kind, amount_cents, percent, cap_cents, min_trip_cents, valid_until, description) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (code) DO NOTHING",
    )
    .bind::<Text, _>(c.code)
    .bind::<Text, _>(kind)
    .bind::<BigInt, _>(amount)
    .bind::<Integer, _>(percent)
    .bind::<Nullable<BigInt>, _>(cap)
    .bind::<BigInt, _>(c.min_trip.0)
    .bind::<Nullable<Timestamptz>, _>(c.valid_until)
    .bind::<Text, _>(c.description)
    .prepared()
    .execute(conn)
    .await?;
    Ok(())
}
