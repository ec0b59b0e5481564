//! The gazetteer in Postgres: trigram autocomplete over cities, airports, hotels and car
//! addresses.

use diesel::sql_types::{Double, Integer, Text};
use diesel::{QueryResult, QueryableByName};
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use upcar_db::Prepare;

/// A place row.
#[derive(Debug, Clone, QueryableByName)]
pub struct PlaceRow {
    #[diesel(sql_type = Text)]
    pub id: String,
    #[diesel(sql_type = Text)]
    pub kind: String,
    #[diesel(sql_type = Text)]
    pub name: String,
    #[diesel(sql_type = Text)]
    pub formatted_address: String,
    #[diesel(sql_type = Double)]
    pub latitude: f64,
    #[diesel(sql_type = Double)]
    pub longitude: f64,
}

/// A place to store.
pub struct NewPlace<'a> {
    pub id: String,
    pub kind: &'a str,
    pub name: &'a str,
    pub formatted_address: String,
    pub state_code: &'a str,
    pub latitude: f64,
    pub longitude: f64,
    pub population: i32,
}

diesel::table! {
    places (id) {
        id -> Text,
        kind -> Text,
        name -> Text,
        formatted_address -> Text,
        state_code -> Text,
        latitude -> Float8,
        longitude -> Float8,
        population -> Int4,
        search_text -> Text,
    }
}

/// Inserts places that are not there yet (loading is idempotent).
pub async fn upsert(conn: &mut AsyncPgConnection, rows: &[NewPlace<'_>]) -> QueryResult<()> {
    use diesel::ExpressionMethods;
    for chunk in rows.chunks(500) {
        let values: Vec<_> = chunk
            .iter()
            .map(|p| {
                (
                    places::id.eq(&p.id),
                    places::kind.eq(p.kind),
                    places::name.eq(p.name),
                    places::formatted_address.eq(&p.formatted_address),
                    places::state_code.eq(p.state_code),
                    places::latitude.eq(p.latitude),
                    places::longitude.eq(p.longitude),
                    places::population.eq(p.population),
                    places::search_text
                        .eq(format!("{} {}", p.name, p.formatted_address).to_lowercase()),
                )
            })
            .collect();
        diesel::insert_into(places::table)
            .values(values)
            .on_conflict_do_nothing()
            .execute(conn)
            .await?;
    }
    Ok(())
}

/// Best matches for `text`: prefix and trigram similarity, bigger places first among equals.
/// A place is offered once: rows of one address (several cars parked at it, a hotel listed
/// twice) are one suggestion, the biggest place of them.
pub async fn autocomplete(
    conn: &mut AsyncPgConnection,
    text: &str,
    limit: i32,
) -> QueryResult<Vec<PlaceRow>> {
    diesel::sql_query(
        "SELECT id, kind, name, formatted_address, latitude, longitude FROM ( \
           SELECT DISTINCT ON (lower(formatted_address)) id, kind, name, formatted_address, latitude, \
                  longitude, population, (lower(name) LIKE $1 || '%') AS prefix, similarity(search_text, $1) AS sim \
           FROM places WHERE search_text LIKE '%' || $1 || '%' OR search_text % $1 \
           ORDER BY lower(formatted_address), population DESC, kind, id) p \
         ORDER BY prefix DESC, sim DESC, population DESC, name \
         LIMIT $2",
    )
    .bind::<Text, _>(text.to_lowercase())
    .bind::<Integer, _>(limit)
    .prepared()
    .load(conn)
    .await
}

const PLACE_COLUMNS: &str = "id, kind, name, formatted_address, latitude, longitude";

/// One place by id.
pub async fn by_id(conn: &mut AsyncPgConnection, id: &str) -> QueryResult<Option<PlaceRow>> {
    let mut rows: Vec<PlaceRow> =
        diesel::sql_query(format!("SELECT {PLACE_COLUMNS} FROM places WHERE id = $1"))
            .bind::<Text, _>(id)
            .load(conn)
            .await?;
    Ok(rows.pop())
}

/// A place and how far it is from the asked point.
#[derive(Debug, Clone, QueryableByName)]
pub struct NearPlace {
    #[diesel(embed)]
    pub place: PlaceRow,
    #[diesel(sql_type = Double)]
    pub distance_miles: f64,
}

/// The places nearest a point within `radius_miles`, nearest first (the GiST index on
/// `ll_to_earth` is walked in distance order).
pub async fn nearest(
    conn: &mut AsyncPgConnection,
    latitude: f64,
    longitude: f64,
    radius_miles: f64,
    limit: i32,
) -> QueryResult<Vec<NearPlace>> {
    use crate::domain::geo::METERS_PER_MILE;
    diesel::sql_query(format!(
        "SELECT {PLACE_COLUMNS}, \
           earth_distance(ll_to_earth(latitude, longitude), ll_to_earth($1, $2)) / {METERS_PER_MILE} AS distance_miles \
         FROM places \
         WHERE earth_box(ll_to_earth($1, $2), $3) @> ll_to_earth(latitude, longitude) \
           AND earth_distance(ll_to_earth(latitude, longitude), ll_to_earth($1, $2)) <= $3 \
         ORDER BY ll_to_earth(latitude, longitude) <-> ll_to_earth($1, $2) \
         LIMIT $4"
    ))
    .bind::<Double, _>(latitude)
    .bind::<Double, _>(longitude)
    .bind::<Double, _>(radius_miles * METERS_PER_MILE)
    .bind::<Integer, _>(limit)
    .load(conn)
    .await
}
