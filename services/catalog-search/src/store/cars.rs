//! Cars: search over the availability read model, details, availability, blocked dates, the
//! home grid and the featured car.

use crate::domain::filters::Sort;
use crate::domain::home::CarFilter;
use chrono::{DateTime, NaiveDate, Utc};
use diesel::sql_types::{
    Array, BigInt, Bool, Double, Integer, Jsonb, Nullable, Text, Timestamptz, Uuid as SqlUuid,
};
use diesel::{QueryResult, QueryableByName};
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use std::sync::Arc;
use upcar_db::Prepare;
use uuid::Uuid;

pub use crate::domain::geo::METERS_PER_MILE;

/// A car row as details read it: a search card's columns and the rest.
#[derive(Debug, Clone, QueryableByName)]
pub struct CarRow {
    /// The columns a search card shows.
    #[diesel(embed)]
    pub card: CardRow,
    #[diesel(sql_type = Text)]
    pub status: String,
    #[diesel(sql_type = Text)]
    pub trim: String,
    #[diesel(sql_type = Integer)]
    pub doors: i32,
    #[diesel(sql_type = Array<Text>)]
    pub features: Vec<String>,
    #[diesel(sql_type = Text)]
    pub description: String,
    #[diesel(sql_type = BigInt)]
    pub price_per_hour_cents: i64,
    #[diesel(sql_type = Text)]
    pub time_zone: String,
    #[diesel(sql_type = Integer)]
    pub advance_notice_hours: i32,
    #[diesel(sql_type = Integer)]
    pub min_trip_days: i32,
    #[diesel(sql_type = Integer)]
    pub max_trip_days: i32,
    #[diesel(sql_type = Integer)]
    pub min_age: i32,
    #[diesel(sql_type = Jsonb)]
    pub extras: serde_json::Value,
    #[diesel(sql_type = Integer)]
    pub max_delivery_miles: i32,
    /// Bookings are confirmed at once; otherwise they wait for the host.
    #[diesel(sql_type = Bool)]
    pub instant_booking: bool,
}

/// The columns of a search card (spec 000 section 3): what a search page reads of each car,
/// rather than every column of [`CarRow`] (the description, features and extras would be
/// sent, decoded and dropped for every card).
#[derive(Debug, Clone, QueryableByName)]
pub struct CardRow {
    #[diesel(sql_type = SqlUuid)]
    pub id: Uuid,
    #[diesel(sql_type = SqlUuid)]
    pub owner_id: Uuid,
    #[diesel(sql_type = Text)]
    pub make: String,
    #[diesel(sql_type = Text)]
    pub model: String,
    #[diesel(sql_type = Integer)]
    pub car_year: i32,
    #[diesel(sql_type = Text)]
    pub style: String,
    #[diesel(sql_type = Text)]
    pub transmission: String,
    #[diesel(sql_type = Integer)]
    pub seats: i32,
    #[diesel(sql_type = Text)]
    pub gas_type: String,
    #[diesel(sql_type = Text)]
    pub special_feature: String,
    #[diesel(sql_type = Array<Text>)]
    pub photo_urls: Vec<String>,
    #[diesel(sql_type = Text)]
    pub primary_photo_url: String,
    #[diesel(sql_type = BigInt)]
    pub daily_price_cents: i64,
    #[diesel(sql_type = Integer)]
    pub monthly_discount_pct: i32,
    #[diesel(sql_type = Text)]
    pub street: String,
    #[diesel(sql_type = Text)]
    pub city: String,
    #[diesel(sql_type = Text)]
    pub state: String,
    #[diesel(sql_type = Text)]
    pub zip: String,
    #[diesel(sql_type = Text)]
    pub country: String,
    #[diesel(sql_type = Double)]
    pub latitude: f64,
    #[diesel(sql_type = Double)]
    pub longitude: f64,
    #[diesel(sql_type = Double)]
    pub total_rating: f64,
    #[diesel(sql_type = Integer)]
    pub rating_count: i32,
    #[diesel(sql_type = Integer)]
    pub trip_count: i32,
}

/// [`CardRow`]'s columns.
const CARD_COLUMNS: &str = "c.id, c.owner_id, c.make, c.model, c.car_year, c.style, \
    c.transmission, c.seats, c.gas_type, c.special_feature, c.photo_urls, c.primary_photo_url, \
    c.daily_price_cents, c.monthly_discount_pct, c.street, c.city, c.state, c.zip, c.country, \
    c.latitude, c.longitude, c.total_rating, c.rating_count, c.trip_count";

/// A search hit: the car's card and its distance.
#[derive(Debug, Clone, QueryableByName)]
pub struct SearchRow {
    #[diesel(embed)]
    pub car: CardRow,
    #[diesel(sql_type = Double)]
    pub distance_miles: f64,
}

/// Totals are counted exactly up to this many matches; beyond it the answer says this many.
/// Counting every car of a dense region would cost more than the page itself.
pub const COUNT_CAP: i64 = 300;

const CAR_COLUMNS: &str = "c.id, c.owner_id, \
    CASE WHEN c.owner_suspended AND c.status = 'active' THEN 'inactive' ELSE c.status END AS status, c.make, c.model, c.car_year, c.trim, c.style, \
    c.transmission, c.seats, c.doors, c.gas_type, c.features, c.special_feature, c.description, \
    c.photo_urls, c.primary_photo_url, c.daily_price_cents, c.price_per_hour_cents, \
    c.monthly_discount_pct, c.street, c.city, c.state, c.zip, c.country, c.latitude, c.longitude, \
    c.time_zone, c.advance_notice_hours, c.min_trip_days, c.max_trip_days, c.min_age, c.extras, \
    c.total_rating, c.rating_count, c.trip_count, c.max_delivery_miles, c.instant_booking";

/// A validated search.
#[derive(Debug, Clone)]
pub struct SearchQuery {
    pub latitude: f64,
    pub longitude: f64,
    pub radius_miles: f64,
    pub start: DateTime<Utc>,
    pub end: DateTime<Utc>,
    pub days: i32,
    pub weekend_start: bool,
    pub age: i32,
    pub vehicle_type: Option<String>,
    pub make: Option<String>,
    pub model: Option<String>,
    pub min_seats: Option<i32>,
    pub exact_seats: Option<i32>,
    pub transmission: Option<String>,
    pub price_min_cents: Option<i64>,
    pub price_max_cents: Option<i64>,
    pub year_min: Option<i32>,
    pub year_max: Option<i32>,
    pub sort: Sort,
    pub limit: i32,
    pub offset: i32,
}

/// Great-circle metres from car `c` to (`$1`, `$2`): the haversine formula on earthdistance's
/// sphere (`earth()`, folded to a constant when planned). It equals
/// `earth_distance(ll_to_earth(..), ll_to_earth(..))` to within 1e-8 m but costs about a tenth
/// of it: that builds two `earth` values per row and checks the domain's constraints on each
/// (measured at 100k cars: 43 ms against 4 ms for the ~4,500 candidates around Fremont).
macro_rules! distance_m {
    () => {
        "(2 * earth() * asin(least(1.0, sqrt(\
           power(sin(radians(c.latitude - $1) / 2), 2) \
           + cos(radians(c.latitude)) * cos(radians($1)) * power(sin(radians(c.longitude - $2) / 2), 2)))))"
    };
}

/// [`distance_m!`] as a constant, for `format!`.
const DISTANCE_M: &str = distance_m!();

/// The conditions every search applies, all on the car's own row (no other table is read per
/// car). Free for the whole window means nothing in the car's `busy` periods overlaps it:
/// its bookings and blocks that had not ended, kept in its row from the availability read
/// model by the triggers of migration `busy_in_row` (a probe of `car_unavailability` per car
/// cost about as much as reading the car; docs/perf-log/2026-11-26-search-busy-in-row.md).
const ROW_FILTERS: &str = concat!(
    "c.status = 'active' AND NOT c.owner_suspended \
   AND earth_box(ll_to_earth($1, $2), $3) @> ll_to_earth(c.latitude, c.longitude) \
   AND ",
    distance_m!(),
    " <= $3 \
   AND $4 >= now() + make_interval(hours => c.advance_notice_hours) \
   AND $6 BETWEEN c.min_trip_days AND c.max_trip_days \
   AND NOT (c.two_day_weekend AND $7 AND $6 < 2) \
   AND c.min_age <= $8 \
   AND NOT (c.busy && tstzrange($4, $5))"
);

/// The optional filters' conditions, `$9`..`$18` in order. A statement's text holds only
/// those of the filters its search gives ([`Given`]); every parameter is still bound, with
/// its type, so a text that leaves one out prepares alike. Without `$n IS NULL OR ...` in
/// the text, one generic plan serves every search of that set of filters as well as a plan
/// made for the values (see [`SEARCH_SESSION`]).
const OPTIONAL_FILTERS: [&str; 10] = [
    "c.style = $9",
    "lower(c.make) = lower($10)",
    "lower(c.model) = lower($11)",
    "c.seats >= $12",
    "c.seats = $13",
    "c.transmission = $14",
    "c.daily_price_cents >= $15",
    "c.daily_price_cents <= $16",
    "c.car_year >= $17",
    "c.car_year <= $18",
];

/// Which optional filters a search gives: bit `i` for `OPTIONAL_FILTERS[i]`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct Given(u16);

impl Given {
    fn of(q: &SearchQuery) -> Self {
        let given = [
            q.vehicle_type.is_some(),
            q.make.is_some(),
            q.model.is_some(),
            q.min_seats.is_some(),
            q.exact_seats.is_some(),
            q.transmission.is_some(),
            q.price_min_cents.is_some(),
            q.price_max_cents.is_some(),
            q.year_min.is_some(),
            q.year_max.is_some(),
        ];
        Self(given.iter().enumerate().fold(0, |bits, (i, &on)| bits | u16::from(on) << i))
    }
}

/// The conditions a search applies (`$1`..`$18`, bound by [`bind_filters`]): [`ROW_FILTERS`]
/// and those of the optional filters given.
fn search_filters(given: Given) -> String {
    OPTIONAL_FILTERS
        .iter()
        .enumerate()
        .filter(|(i, _)| given.0 & (1 << i) != 0)
        .fold(ROW_FILTERS.to_owned(), |text, (_, condition)| format!("{text} AND {condition}"))
}

/// One page of matches in the order of `sort` (`$19` limit, `$20` offset). With the distance
/// sort the GiST index yields cars nearest first and the scan stops after the page. The price
/// orders sort the radius' free candidates as narrow rows (id, price, distance), then, in that
/// order, read each car's card columns, stopping after the page: the `OFFSET 0` keeps those
/// reads out of the sort, and the outer order is the sorted subquery's, so Postgres adds no
/// second sort (docs/perf-log/2026-11-22-search-100k-first-measurement.md).
fn build_page_sql(sort: Sort, given: Given) -> String {
    let columns = format!(
        "{CARD_COLUMNS}, \
           {DISTANCE_M} / {METERS_PER_MILE} AS distance_miles"
    );
    if matches!(sort, Sort::PriceAsc | Sort::PriceDesc) {
        let direction = if sort == Sort::PriceAsc { "ASC" } else { "DESC" };
        return format!(
            "SELECT page.*, s.distance_miles FROM \
               (SELECT c.id, c.daily_price_cents, \
                  {DISTANCE_M} / {METERS_PER_MILE} AS distance_miles \
                FROM cars c WHERE {filters} ORDER BY {order} OFFSET 0) s \
             CROSS JOIN LATERAL (SELECT {CARD_COLUMNS} FROM cars c WHERE c.id = s.id) page \
             ORDER BY s.daily_price_cents {direction}, s.distance_miles ASC, s.id \
             LIMIT $19 OFFSET $20",
            filters = search_filters(given),
            order = sort.order_by()
        );
    }
    let select =
        format!("SELECT {columns} FROM cars c WHERE {filters}", filters = search_filters(given));
    match sort {
        // Recommended ranks the nearest COUNT_CAP free cars, found by the same distance walk,
        // so it costs what the nearest-first page costs instead of reading the whole radius.
        Sort::Recommended => format!(
            "SELECT * FROM ({select} ORDER BY {nearest} LIMIT {COUNT_CAP}) c \
             ORDER BY {order} LIMIT $19 OFFSET $20",
            nearest = Sort::Distance.order_by(),
            order = sort.order_by()
        ),
        _ => format!("{select} ORDER BY {order} LIMIT $19 OFFSET $20", order = sort.order_by()),
    }
}

/// The texts of a search's statements, each built once per sort and set of filters given: a
/// text never changes while the program runs, so the connection may keep it prepared. At most
/// 5 x 1024 texts (four sorts and the total); a service sees the few sets its users choose.
static TEXTS: std::sync::LazyLock<std::sync::Mutex<Texts>> =
    std::sync::LazyLock::new(Default::default);

/// Statement texts by sort (`None` for the total) and set of filters given.
type Texts = std::collections::HashMap<(Option<Sort>, Given), Arc<str>>;

fn text(sort: Option<Sort>, given: Given, build: impl FnOnce() -> String) -> Arc<str> {
    let mut texts = TEXTS.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
    texts.entry((sort, given)).or_insert_with(|| build().into()).clone()
}

/// The page statement of the search `q` ([`build_page_sql`] for its sort and filters).
pub fn page_sql(q: &SearchQuery) -> Arc<str> {
    let given = Given::of(q);
    text(Some(q.sort), given, || build_page_sql(q.sort, given))
}

/// Binds the filter parameters of [`search_filters`], all of them whichever the text holds.
fn bind_filters<'a>(
    sql: impl Into<String>,
    q: &'a SearchQuery,
) -> diesel::query_builder::BoxedSqlQuery<'a, diesel::pg::Pg, diesel::query_builder::SqlQuery> {
    diesel::sql_query(sql)
        .into_boxed()
        .bind::<Double, _>(q.latitude)
        .bind::<Double, _>(q.longitude)
        .bind::<Double, _>(q.radius_miles * METERS_PER_MILE)
        .bind::<Timestamptz, _>(q.start)
        .bind::<Timestamptz, _>(q.end)
        .bind::<Integer, _>(q.days)
        .bind::<Bool, _>(q.weekend_start)
        .bind::<Integer, _>(q.age)
        .bind::<Nullable<Text>, _>(q.vehicle_type.as_deref())
        .bind::<Nullable<Text>, _>(q.make.as_deref())
        .bind::<Nullable<Text>, _>(q.model.as_deref())
        .bind::<Nullable<Integer>, _>(q.min_seats)
        .bind::<Nullable<Integer>, _>(q.exact_seats)
        .bind::<Nullable<Text>, _>(q.transmission.as_deref())
        .bind::<Nullable<BigInt>, _>(q.price_min_cents)
        .bind::<Nullable<BigInt>, _>(q.price_max_cents)
        .bind::<Nullable<Integer>, _>(q.year_min)
        .bind::<Nullable<Integer>, _>(q.year_max)
}

#[derive(QueryableByName)]
struct Total {
    #[diesel(sql_type = BigInt)]
    n: i64,
}

/// Active cars within the radius that are free for the whole window and whose host rules
/// (advance notice, minimum and maximum duration, weekend minimum, minimum age) allow it: one
/// page, and the number of matches (exact up to [`COUNT_CAP`]).
///
/// Given a `spare` connection, the total is counted on it while the page runs, so a search
/// takes the longer of the two statements rather than both; without one (the pool is busy)
/// the total follows the page on `conn`. A page that is not full ends the list, so its length
/// gives the total (and wins over a count taken beside it, which could see a car booked in
/// between).
pub async fn search(
    conn: &mut SearchConn,
    spare: Option<&mut SearchConn>,
    q: &SearchQuery,
) -> QueryResult<(Vec<SearchRow>, i64)> {
    let conn = &mut *conn.0;
    let sql = page_sql(q);
    let page = planned::<SearchRow>(conn, q, &sql, Statement::Kept);
    let (rows, counted) = match spare {
        Some(spare) => {
            let (rows, n) = tokio::try_join!(page, total(&mut spare.0, q))?;
            (rows, Some(n))
        }
        None => (page.await?, None),
    };
    if !rows.is_empty() && (rows.len() as i64) < i64::from(q.limit) {
        let total = rows.len() as i64 + i64::from(q.offset);
        return Ok((rows, total));
    }
    let n = match counted {
        Some(n) => n,
        None => total(conn, q).await?,
    };
    Ok((rows, n))
}

/// The number of matches, exact up to [`COUNT_CAP`]. Its statement stays prepared on the
/// connection with one generic plan ([`SEARCH_SESSION`]): the radius test's selectivity
/// estimate (`cube @>`) does not depend on the values, so the plan walks the same geo index
/// either way (checked on the bench fleet: 3.6 ms executing either plan near Fremont,
/// 4.2-4.7 ms near New York, and the generic plan skips 0.3 ms of planning).
async fn total(conn: &mut AsyncPgConnection, q: &SearchQuery) -> QueryResult<i64> {
    let total: Total = bind_filters(&*count_sql(q), q).prepared().get_result(conn).await?;
    Ok(total.n)
}

/// The text of [`total`]'s statement for the search `q`, built once per set of filters given.
pub fn count_sql(q: &SearchQuery) -> Arc<str> {
    let given = Given::of(q);
    text(None, given, || {
        format!(
            "SELECT count(*) AS n FROM (SELECT 1 FROM cars c WHERE {filters} LIMIT {COUNT_CAP}) capped",
            filters = search_filters(given)
        )
    })
}

/// The planner settings of every search connection ([`SearchPool`]), made once when the
/// connection opens. `cube @>` has a fixed, tiny selectivity estimate, so with the other
/// filters the planner expects a handful of rows and reads the whole radius box, then sorts it;
/// walking the GiST index in distance order stops after one page instead, and the capped total
/// stops after its 300 matches instead of first collecting the whole box in a bitmap.
/// Recommended ranks the cars of that walk. JIT is off: the disabled sort's cost estimate would
/// otherwise trigger a compile that costs far more than the query
/// (docs/perf-log/2026-11-22-search-100k-first-measurement.md). The settings live on the
/// pool's sessions rather than in a transaction per search, which saves round trips
/// (docs/perf-log/2026-11-25-search-session-settings.md).
///
/// Each statement keeps one generic plan (`plan_cache_mode = force_generic_plan`): its text
/// holds only the filters its search gives ([`OPTIONAL_FILTERS`]), so a plan made for the
/// values would only fold constants, and planning it for every search cost more than the
/// generic plan's execution loses (docs/perf-log/2026-11-26-search-generic-plans.md). The
/// walk's shape does not depend on the values: with sorts and bitmap scans off it is the geo
/// index in distance order either way.
pub const SEARCH_SESSION: &str = "SET enable_bitmapscan = off; SET enable_sort = off; \
     SET jit = off; SET plan_cache_mode = force_generic_plan";

/// The pool searches run on: its connections are opened with [`SEARCH_SESSION`], so a
/// search's statements need no transaction of their own to steer the planner (a search was
/// six round trips to Postgres, `BEGIN`, `SET LOCAL`, the page and `COMMIT` among them). Kept
/// apart from the service's other pool, whose statements (the places' trigram index, say)
/// need bitmap scans.
#[derive(Clone)]
pub struct SearchPool(upcar_db::PgPool);

/// A connection of the [`SearchPool`]: only such a connection can run [`search`]. Other
/// statements may run on it too (it derefs to the connection), under its session's settings.
pub struct SearchConn(upcar_db::PooledConn);

impl std::ops::Deref for SearchConn {
    type Target = AsyncPgConnection;
    fn deref(&self) -> &AsyncPgConnection {
        &self.0
    }
}

impl std::ops::DerefMut for SearchConn {
    fn deref_mut(&mut self) -> &mut AsyncPgConnection {
        &mut self.0
    }
}

impl SearchPool {
    /// Connections are opened lazily, at most `max_size`.
    pub fn new(url: &str, max_size: usize) -> anyhow::Result<Self> {
        Ok(Self(upcar_db::pool_with_session(url, max_size, SEARCH_SESSION)?))
    }

    /// A connection, waiting for one as the pool does.
    pub async fn get(&self) -> Result<SearchConn, upcar_db::PoolError> {
        Ok(SearchConn(self.0.get().await?))
    }

    /// A connection only if one is free at once ([`upcar_db::spare`]).
    pub async fn spare(&self) -> Option<SearchConn> {
        upcar_db::spare(&self.0).await.map(SearchConn)
    }
}

/// Runs a page statement (`sql` with `$1`..`$20`) on a search connection, whose session
/// steers the planner ([`SEARCH_SESSION`]). Price orders need every candidate in the radius
/// and the planner's own choice: they run in a transaction that puts the settings back to
/// their defaults.
///
/// The two steered orders' statements stay prepared on the connection (`Statement::Kept`):
/// their text is fixed per sort and set of filters given, so later searches skip parsing and
/// planning it.
async fn planned<T>(
    conn: &mut AsyncPgConnection,
    q: &SearchQuery,
    sql: &str,
    statement: Statement,
) -> QueryResult<Vec<T>>
where
    T: QueryableByName<diesel::pg::Pg> + Send + 'static,
{
    use diesel_async::{AsyncConnection, SimpleAsyncConnection};
    let bound =
        |sql: &str| bind_filters(sql, q).bind::<Integer, _>(q.limit).bind::<Integer, _>(q.offset);
    if !matches!(q.sort, Sort::Distance | Sort::Recommended) {
        return conn
            .transaction::<_, diesel::result::Error, _>(async |conn| {
                conn.batch_execute(
                    "SET LOCAL enable_bitmapscan TO DEFAULT; SET LOCAL enable_sort TO DEFAULT; \
                     SET LOCAL jit TO DEFAULT; SET LOCAL plan_cache_mode TO DEFAULT",
                )
                .await?;
                bound(sql).load(conn).await
            })
            .await;
    }
    match statement {
        Statement::Kept => bound(sql).prepared().load(conn).await,
        Statement::Once => bound(sql).load(conn).await,
    }
}

/// Whether [`planned`] keeps its statement prepared on the connection: only for the texts of
/// [`page_sql`] (a text built per call, such as an `EXPLAIN`, would stay prepared for the
/// connection's life).
#[derive(Debug, Clone, Copy)]
enum Statement {
    Kept,
    Once,
}

#[derive(QueryableByName)]
struct PlanLine {
    #[diesel(sql_type = Text, column_name = "QUERY PLAN")]
    line: String,
}

/// The plan Postgres chooses for a search (tests check that it walks the geo index).
pub async fn explain_search(conn: &mut SearchConn, q: &SearchQuery) -> QueryResult<Vec<String>> {
    let rows: Vec<PlanLine> =
        planned(&mut conn.0, q, &format!("EXPLAIN {}", page_sql(q)), Statement::Once).await?;
    Ok(rows.into_iter().map(|r| r.line).collect())
}

#[derive(QueryableByName)]
struct JsonPlan {
    #[diesel(sql_type = diesel::sql_types::Json, column_name = "QUERY PLAN")]
    plan: serde_json::Value,
}

/// The executed plan of a search with its row counts (`EXPLAIN (ANALYZE, FORMAT JSON)`).
pub async fn explain_analyze_search(
    conn: &mut SearchConn,
    q: &SearchQuery,
) -> QueryResult<serde_json::Value> {
    let rows: Vec<JsonPlan> = planned(
        &mut conn.0,
        q,
        &format!("EXPLAIN (ANALYZE, FORMAT JSON) {}", page_sql(q)),
        Statement::Once,
    )
    .await?;
    Ok(rows.into_iter().next().map(|r| r.plan).unwrap_or_default())
}

/// One car by id, any status but deleted.
pub async fn by_id(conn: &mut AsyncPgConnection, id: Uuid) -> QueryResult<Option<CarRow>> {
    let sql = format!("SELECT {CAR_COLUMNS} FROM cars c WHERE c.id = $1 AND c.status <> 'deleted'");
    let mut rows: Vec<CarRow> = diesel::sql_query(sql).bind::<SqlUuid, _>(id).load(conn).await?;
    Ok(rows.pop())
}

/// A car's licence plate (the rental agreement's; not shown on public pages).
pub async fn license_plate(conn: &mut AsyncPgConnection, id: Uuid) -> QueryResult<String> {
    #[derive(QueryableByName)]
    struct Plate {
        #[diesel(sql_type = Text)]
        plate: String,
    }
    let rows: Vec<Plate> = diesel::sql_query(
        "SELECT CASE WHEN plate_state <> '' THEN license_plate || ' (' || plate_state || ')' \
         ELSE license_plate END AS plate FROM cars WHERE id = $1",
    )
    .bind::<SqlUuid, _>(id)
    .prepared()
    .load(conn)
    .await?;
    Ok(rows.into_iter().next().map(|p| p.plate).unwrap_or_default())
}

#[derive(QueryableByName)]
struct Flag {
    #[diesel(sql_type = Bool)]
    flag: bool,
}

/// True when nothing in the read model overlaps `[start, end)`.
pub async fn is_free(
    conn: &mut AsyncPgConnection,
    car: Uuid,
    start: DateTime<Utc>,
    end: DateTime<Utc>,
) -> QueryResult<bool> {
    let f: Flag = diesel::sql_query(
        "SELECT NOT EXISTS (SELECT 1 FROM car_unavailability WHERE car_id = $1 AND period && tstzrange($2, $3)) AS flag",
    )
    .bind::<SqlUuid, _>(car)
    .bind::<Timestamptz, _>(start)
    .bind::<Timestamptz, _>(end)
    .prepared()
    .get_result(conn)
    .await?;
    Ok(f.flag)
}

#[derive(QueryableByName)]
struct Period {
    #[diesel(sql_type = Timestamptz)]
    from_at: DateTime<Utc>,
    #[diesel(sql_type = Timestamptz)]
    until_at: DateTime<Utc>,
}

/// The car's bookings and blocks that touch `[from, until)`, each as `[start, end)` (an open
/// end cut at `until`).
pub async fn busy_periods(
    conn: &mut AsyncPgConnection,
    car: Uuid,
    from: DateTime<Utc>,
    until: DateTime<Utc>,
) -> QueryResult<Vec<(DateTime<Utc>, DateTime<Utc>)>> {
    let rows: Vec<Period> = diesel::sql_query(
        "SELECT COALESCE(lower(period), $2) AS from_at, COALESCE(upper(period), $3) AS until_at \
         FROM car_unavailability WHERE car_id = $1 AND period && tstzrange($2, $3) ORDER BY 1",
    )
    .bind::<SqlUuid, _>(car)
    .bind::<Timestamptz, _>(from)
    .bind::<Timestamptz, _>(until)
    .load(conn)
    .await?;
    Ok(rows.into_iter().map(|p| (p.from_at, p.until_at)).collect())
}

#[derive(QueryableByName)]
struct Day {
    #[diesel(sql_type = diesel::sql_types::Date)]
    day: NaiveDate,
}

/// Local calendar days of a month touched by a booking or block, for the car-page calendar.
pub async fn blocked_days(
    conn: &mut AsyncPgConnection,
    car: Uuid,
    time_zone: &str,
    first: NaiveDate,
    last: NaiveDate,
) -> QueryResult<Vec<NaiveDate>> {
    let rows: Vec<Day> = diesel::sql_query(
        "SELECT DISTINCT d::date AS day \
         FROM car_unavailability u, \
              generate_series((lower(u.period) AT TIME ZONE $2)::date, ((upper(u.period) - interval '1 microsecond') AT TIME ZONE $2)::date, interval '1 day') d \
         WHERE u.car_id = $1 AND u.period && tstzrange(($3::date)::timestamp AT TIME ZONE $2, (($4::date + 1)::timestamp) AT TIME ZONE $2) \
           AND d::date BETWEEN $3 AND $4 \
         ORDER BY day",
    )
    .bind::<SqlUuid, _>(car)
    .bind::<Text, _>(time_zone)
    .bind::<diesel::sql_types::Date, _>(first)
    .bind::<diesel::sql_types::Date, _>(last)
    .prepared()
    .load(conn)
    .await?;
    Ok(rows.into_iter().map(|r| r.day).collect())
}

#[derive(QueryableByName)]
struct Name {
    #[diesel(sql_type = Text)]
    name: String,
}

/// Makes of active cars, for the search filter.
pub async fn available_makes(conn: &mut AsyncPgConnection) -> QueryResult<Vec<String>> {
    let rows: Vec<Name> = diesel::sql_query(
        "SELECT DISTINCT make AS name FROM cars WHERE status = 'active' AND NOT owner_suspended ORDER BY name",
    )
    .prepared()
    .load(conn)
    .await?;
    Ok(rows.into_iter().map(|r| r.name).collect())
}

/// Active cars of a home-grid category, best rated first (more ratings, then more trips
/// first among equals, then by id so the grid is stable).
pub async fn best_rated(
    conn: &mut AsyncPgConnection,
    f: &CarFilter,
    limit: i64,
) -> QueryResult<Vec<CarRow>> {
    let sql = format!(
        "SELECT {CAR_COLUMNS} FROM cars c \
         WHERE c.status = 'active' AND NOT c.owner_suspended \
           AND ($1::text IS NULL OR c.gas_type = $1) \
           AND ($2::text IS NULL OR c.style = $2) \
           AND ($3::int IS NULL OR c.seats >= $3) \
           AND ($4::bigint IS NULL OR c.daily_price_cents >= $4) \
         ORDER BY c.total_rating DESC, c.rating_count DESC, c.trip_count DESC, c.id \
         LIMIT $5"
    );
    diesel::sql_query(sql)
        .bind::<Nullable<Text>, _>(f.gas_type)
        .bind::<Nullable<Text>, _>(f.style)
        .bind::<Nullable<Integer>, _>(f.min_seats)
        .bind::<Nullable<BigInt>, _>(f.min_daily_price_cents)
        .bind::<BigInt, _>(limit)
        .load(conn)
        .await
}

/// One page of an owner's active cars, best rated first, and how many they have.
pub async fn by_owner(
    conn: &mut AsyncPgConnection,
    owner: Uuid,
    limit: i64,
    offset: i64,
) -> QueryResult<(Vec<CarRow>, i64)> {
    let rows: Vec<CarRow> = diesel::sql_query(format!(
        "SELECT {CAR_COLUMNS} FROM cars c WHERE c.owner_id = $1 AND c.status = 'active' AND NOT c.owner_suspended \
         ORDER BY c.total_rating DESC, c.rating_count DESC, c.trip_count DESC, c.id \
         LIMIT $2 OFFSET $3"
    ))
    .bind::<SqlUuid, _>(owner)
    .bind::<BigInt, _>(limit)
    .bind::<BigInt, _>(offset)
    .load(conn)
    .await?;
    let total: Total = diesel::sql_query(
        "SELECT count(*) AS n FROM cars WHERE owner_id = $1 AND status = 'active' AND NOT owner_suspended",
    )
    .bind::<SqlUuid, _>(owner)
    .prepared()
    .get_result(conn)
    .await?;
    Ok((rows, total.n))
}

/// The highest-rated active car with at least `min_ratings` ratings; among equal averages the
/// one with more ratings, then the smallest id.
pub async fn featured(
    conn: &mut AsyncPgConnection,
    min_ratings: i32,
) -> QueryResult<Option<CarRow>> {
    let sql = format!(
        "SELECT {CAR_COLUMNS} FROM cars c \
         WHERE c.status = 'active' AND NOT c.owner_suspended AND c.rating_count >= $1 \
         ORDER BY c.total_rating DESC, c.rating_count DESC, c.id \
         LIMIT 1"
    );
    let mut rows: Vec<CarRow> =
        diesel::sql_query(sql).bind::<Integer, _>(min_ratings).load(conn).await?;
    Ok(rows.pop())
}
