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
    #[diesel(sql_type = Bool)]
    first_trip_only: bool,
    #[diesel(sql_type = Nullable<Integer>)]
    uses_per_account: Option<i32>,
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
            first_trip_only: r.first_trip_only,
            uses_per_account: r.uses_per_account.and_then(|n| u32::try_from(n).ok()),
        }
    }
}

/// A coupon by its normalised code.
pub async fn find(conn: &mut AsyncPgConnection, code: &str) -> diesel::QueryResult<Option<Coupon>> {
    let rows: Vec<Row> = diesel::sql_query(
        "SELECT code, kind, amount_cents, percent, cap_cents, min_trip_cents, valid_from, \
         valid_until, active, description, first_trip_only, uses_per_account \
         FROM coupons WHERE code = $1",
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
    pub first_trip_only: bool,
    pub uses_per_account: Option<i32>,
}

/// Creates a coupon unless one with that code exists; an existing one takes the conditions
/// on the guest's trips given here (demo data brings older databases' coupons up to date).
pub async fn insert(conn: &mut AsyncPgConnection, c: &NewCoupon<'_>) -> diesel::QueryResult<()> {
    let (kind, amount, percent, cap) = match c.benefit {
        Benefit::Amount(a) => ("amount", a.0, 0, None),
        Benefit::Percent { bp, cap } => ("percent", 0, (bp / 100) as i32, cap.map(|c| c.0)),
    };
    diesel::sql_query(
        "INSERT INTO coupons (code, kind, amount_cents, percent, cap_cents, min_trip_cents, valid_until, \
           description, first_trip_only, uses_per_account) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (code) DO UPDATE \
         SET first_trip_only = EXCLUDED.first_trip_only, uses_per_account = EXCLUDED.uses_per_account",
    )
    .bind::<Text, _>(c.code)
    .bind::<Text, _>(kind)
    .bind::<BigInt, _>(amount)
    .bind::<Integer, _>(percent)
    .bind::<Nullable<BigInt>, _>(cap)
    .bind::<BigInt, _>(c.min_trip.0)
    .bind::<Nullable<Timestamptz>, _>(c.valid_until)
    .bind::<Text, _>(c.description)
    .bind::<Bool, _>(c.first_trip_only)
    .bind::<Nullable<Integer>, _>(c.uses_per_account)
    .prepared()
    .execute(conn)
    .await?;
    Ok(())
}

/// What pricing knows of a guest's trips for `code`: the trips that count (not cancelled or
/// rejected) and how many of them were priced with that coupon.
pub async fn guest_trips(
    conn: &mut AsyncPgConnection,
    guest: uuid::Uuid,
    code: &str,
) -> diesel::QueryResult<pricing_domain::coupon::GuestTrips> {
    #[derive(QueryableByName)]
    struct Counts {
        #[diesel(sql_type = BigInt)]
        trips: i64,
        #[diesel(sql_type = BigInt)]
        with_code: i64,
    }
    let c: Counts = diesel::sql_query(
        "SELECT count(*) AS trips, count(*) FILTER (WHERE p.inputs->>'coupon' = $2) AS with_code \
         FROM guest_trips g LEFT JOIN trip_prices p ON p.trip_id = g.trip_id \
         WHERE g.guest_id = $1 AND g.counts",
    )
    .bind::<diesel::sql_types::Uuid, _>(guest)
    .bind::<Text, _>(code)
    .prepared()
    .get_result(conn)
    .await?;
    let n = |v: i64| u32::try_from(v).unwrap_or(u32::MAX);
    Ok(pricing_domain::coupon::GuestTrips { trips: n(c.trips), with_this_coupon: n(c.with_code) })
}

/// A trip booked (it counts) or cancelled (it never counts again), from trips' events.
pub async fn record_guest_trip(
    conn: &mut AsyncPgConnection,
    trip: uuid::Uuid,
    guest: Option<uuid::Uuid>,
    counts: bool,
) -> diesel::QueryResult<()> {
    diesel::sql_query(
        "INSERT INTO guest_trips (trip_id, guest_id, counts) VALUES ($1, $2, $3) \
         ON CONFLICT (trip_id) DO UPDATE SET guest_id = coalesce(guest_trips.guest_id, EXCLUDED.guest_id), \
           counts = guest_trips.counts AND EXCLUDED.counts, updated_at = now()",
    )
    .bind::<diesel::sql_types::Uuid, _>(trip)
    .bind::<Nullable<diesel::sql_types::Uuid>, _>(guest)
    .bind::<Bool, _>(counts)
    .prepared()
    .execute(conn)
    .await?;
    Ok(())
}
