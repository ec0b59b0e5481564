//! The gazetteer in Postgres: trigram autocomplete over cities, airports, hotels and car
//! addresses.

use diesel::sql_types::{Double, Integer, Text};
use diesel::{QueryResult, QueryableByName};
use diesel_async::{AsyncPgConnection, RunQueryDsl};

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
pub async fn autocomplete(
    conn: &mut AsyncPgConnection,
    text: &str,
    limit: i32,
) -> QueryResult<Vec<PlaceRow>> {
    diesel::sql_query(
        "SELECT id, kind, name, formatted_address, latitude, longitude FROM places \
         WHERE search_text LIKE '%' || $1 || '%' OR search_text % $1 \
         ORDER BY (lower(name) LIKE $1 || '%') DESC, similarity(search_text, $1) DESC, population DESC, name \
         LIMIT $2",
    )
    .bind::<Text, _>(text.to_lowercase())
    .bind::<Integer, _>(limit)
    .load(conn)
    .await
}
