//! The development demo fleet (CONTRACT "Development mode"): cars around Fremont, Los Angeles
//! and San Francisco with realistic makes, models, trims, prices, features, extras, reviews
//! with category ratings, and trip counts. The fleet is data, not code: the repository's
//! `data/demo/cars.json` (one object per car) and `data/demo/extras.csv` (the extras cars offer,
//! by id), which hosting also reads (the demo host's and the second demo host's cars are its
//! listings, published back here by event), and this service's `data/demo/reviews.csv` (each
//! review with its category ratings and the host's answer), built
//! into the binary and read into typed rows at start. Ids are fixed and loading is idempotent.
//! Owners and reviewers are the demo accounts created by the accounts service (same fixed ids).

use crate::domain::reviews::RatingCategory;
use crate::domain::search_params::{
    AIRPORTS_CSV, CITIES_CSV, HOTELS_CSV, parse_airports, parse_cities, parse_hotels,
};
use crate::error::CatalogResult;
use crate::state::AppState;
use crate::store::places::{self, NewPlace};
use crate::store::reviews::{self, NewReview};
use anyhow::Context;
use diesel::sql_types::{Array, BigInt, Bool, Double, Integer, Jsonb, Text, Uuid as SqlUuid};
use diesel_async::{RunQueryDsl, SimpleAsyncConnection};
use serde::Deserialize;
use std::collections::{HashMap, HashSet};
use uuid::Uuid;

/// The demo cars, one JSON object each.
pub const CARS_JSON: &str = include_str!("../../../data/demo/cars.json");
/// The extras the demo cars offer, by id.
pub const EXTRAS_CSV: &str = include_str!("../../../data/demo/extras.csv");
/// The demo cars' reviews.
pub const REVIEWS_CSV: &str = include_str!("../data/demo/reviews.csv");

/// The demo host `host@demo.local` (accounts' fixed id).
pub const DEMO_HOST: Uuid = Uuid::from_u128(0x0193_0000_0000_7000_8000_0000_0000_0002);
/// The other demo hosts (`host2@demo.local` ... `host6@demo.local`).
pub const OTHER_HOSTS: [Uuid; 5] = [
    Uuid::from_u128(0x0193_0000_0000_7000_8000_0000_0000_0012),
    Uuid::from_u128(0x0193_0000_0000_7000_8000_0000_0000_0013),
    Uuid::from_u128(0x0193_0000_0000_7000_8000_0000_0000_0014),
    Uuid::from_u128(0x0193_0000_0000_7000_8000_0000_0000_0015),
    Uuid::from_u128(0x0193_0000_0000_7000_8000_0000_0000_0016),
];

/// The id of demo car `n`.
pub fn car_id(n: u32) -> Uuid {
    Uuid::from_u128(0x0194_0000_0000_7000_8000_0000_0000_0000 + u128::from(n))
}

/// The id of review `k` of demo car `n`.
pub fn review_id(n: u32, k: u32) -> Uuid {
    Uuid::from_u128(0x0195_0000_0000_7000_8000_0000_0000_0000 + u128::from(n) * 16 + u128::from(k))
}

/// The id of the (past) trip that review `k` of demo car `n` belongs to.
fn trip_id(n: u32, k: u32) -> Uuid {
    Uuid::from_u128(0x0196_0000_0000_7000_8000_0000_0000_0000 + u128::from(n) * 16 + u128::from(k))
}

/// A car of `cars.json`; the fields are the `cars` columns of the same names.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DemoCar {
    /// The car's number: its id is [`car_id`]`(n)`.
    pub n: u32,
    pub owner_id: Uuid,
    pub make: String,
    pub model: String,
    pub year: i32,
    pub trim: String,
    pub style: String,
    pub transmission: String,
    pub seats: i32,
    pub doors: i32,
    pub gas_type: String,
    pub odometer: String,
    pub special_feature: String,
    pub features: Vec<String>,
    /// Ids of `extras.csv`, in the order the car page shows them.
    pub extras: Vec<String>,
    pub description: String,
    pub license_plate: String,
    pub plate_state: String,
    pub daily_price_cents: i64,
    pub price_per_hour_cents: i64,
    pub weekly_discount_pct: i32,
    pub monthly_discount_pct: i32,
    pub street: String,
    pub city: String,
    pub state: String,
    pub zip: String,
    pub latitude: f64,
    pub longitude: f64,
    pub time_zone: String,
    pub advance_notice_hours: i32,
    pub min_trip_days: i32,
    pub max_trip_days: i32,
    pub min_age: i32,
    pub max_delivery_miles: i32,
    pub instant_booking: bool,
    /// Trips taken, reviewed or not (at least the car's reviews).
    pub trip_count: i32,
}

/// An extra of `extras.csv`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct DemoExtra {
    pub id: String,
    pub description: String,
    pub price_cents: i64,
    /// `day` or `trip`.
    pub per: String,
}

/// A review of `reviews.csv`.
#[derive(Debug, Clone, PartialEq, Deserialize)]
pub struct DemoReview {
    /// The car's number ([`DemoCar::n`]).
    pub car: u32,
    /// The review's number on its car: its id is [`review_id`]`(car, k)`.
    pub k: u32,
    pub reviewer_id: Uuid,
    /// First name and initial, as copied onto a review.
    pub reviewer_name: String,
    pub stars: i32,
    /// Written this many days before the fleet is loaded.
    pub days_ago: i64,
    pub cleanliness: i32,
    pub maintenance: i32,
    pub communication: i32,
    pub convenience: i32,
    pub accuracy: i32,
    pub review: String,
    /// The host's answer, if any, and its author's name.
    pub response: Option<String>,
    pub responder: Option<String>,
}

impl DemoReview {
    /// The category ratings, in display order.
    pub fn categories(&self) -> [(RatingCategory, i32); 5] {
        [
            (RatingCategory::Cleanliness, self.cleanliness),
            (RatingCategory::Maintenance, self.maintenance),
            (RatingCategory::Communication, self.communication),
            (RatingCategory::Convenience, self.convenience),
            (RatingCategory::Accuracy, self.accuracy),
        ]
    }
}

/// The whole demo fleet, read from the data files.
#[derive(Debug, Clone)]
pub struct Fleet {
    pub cars: Vec<DemoCar>,
    pub extras: Vec<DemoExtra>,
    pub reviews: Vec<DemoReview>,
}

impl Fleet {
    /// The fleet built into the binary. Fails when a file does not parse or a row names an
    /// extra or a car the files do not hold.
    pub fn bundled() -> anyhow::Result<Self> {
        Self::parse(CARS_JSON, EXTRAS_CSV, REVIEWS_CSV)
    }

    /// A fleet from the three files' text.
    pub fn parse(cars: &str, extras: &str, reviews: &str) -> anyhow::Result<Self> {
        let cars: Vec<DemoCar> = serde_json::from_str(cars).context("demo cars.json")?;
        let extras: Vec<DemoExtra> = read_csv(extras).context("demo extras.csv")?;
        let reviews: Vec<DemoReview> = read_csv(reviews).context("demo reviews.csv")?;
        let known: HashSet<&str> = extras.iter().map(|e| e.id.as_str()).collect();
        let numbers: HashSet<u32> = cars.iter().map(|c| c.n).collect();
        anyhow::ensure!(numbers.len() == cars.len(), "demo cars.json: a car number repeats");
        for c in &cars {
            anyhow::ensure!(
                crate::domain::filters::transmission_fits(&c.gas_type, &c.transmission),
                "demo car {}: an electric car cannot be {}",
                c.n,
                c.transmission
            );
            if let Some(unknown) = c.extras.iter().find(|e| !known.contains(e.as_str())) {
                anyhow::bail!("demo car {}: unknown extra {unknown:?}", c.n);
            }
        }
        if let Some(r) = reviews.iter().find(|r| !numbers.contains(&r.car)) {
            anyhow::bail!("demo reviews.csv: review {} names unknown car {}", r.k, r.car);
        }
        Ok(Self { cars, extras, reviews })
    }

    /// The reviews of car `n`, in file order (newest first).
    pub fn reviews_of(&self, n: u32) -> impl Iterator<Item = &DemoReview> {
        self.reviews.iter().filter(move |r| r.car == n)
    }

    /// A car's extras as `cars.extras` keeps them.
    fn extras_json(&self, car: &DemoCar) -> serde_json::Value {
        let by_id: HashMap<&str, &DemoExtra> =
            self.extras.iter().map(|e| (e.id.as_str(), e)).collect();
        car.extras
            .iter()
            .filter_map(|id| by_id.get(id.as_str()))
            .map(|e| {
                serde_json::json!({
                    "extraId": e.id, "extraType": e.id, "description": e.description,
                    "priceCents": e.price_cents, "per": e.per, "isQuantityChoosable": false,
                    "availableQuantity": 1
                })
            })
            .collect()
    }
}

fn read_csv<T: serde::de::DeserializeOwned>(text: &str) -> anyhow::Result<Vec<T>> {
    let mut reader = csv::ReaderBuilder::new().trim(csv::Trim::All).from_reader(text.as_bytes());
    reader.deserialize().map(|row| row.map_err(anyhow::Error::from)).collect()
}

/// The average stars to one decimal, as the car row keeps them.
fn average(stars: &[i32]) -> f64 {
    if stars.is_empty() {
        return 0.0;
    }
    let sum: i32 = stars.iter().sum();
    (f64::from(sum) / stars.len() as f64 * 10.0).round() / 10.0
}

/// Loads the gazetteer and the demo fleet; safe to run at every start.
pub async fn load(state: &AppState) -> CatalogResult<()> {
    let fleet = Fleet::bundled()?;
    load_places(state).await?;
    let mut conn = state.conn().await?;
    let now = state.clock.now();
    for car in &fleet.cars {
        let id = car_id(car.n);
        let stars: Vec<i32> = fleet.reviews_of(car.n).map(|r| r.stars).collect();
        diesel::sql_query(
            "INSERT INTO cars (id, owner_id, status, make, model, car_year, trim, style, transmission, seats, doors, \
               gas_type, odometer, features, special_feature, description, license_plate, plate_state, \
               daily_price_cents, price_per_hour_cents, weekly_discount_pct, monthly_discount_pct, street, city, \
               state, zip, latitude, longitude, time_zone, advance_notice_hours, min_trip_days, max_trip_days, \
               min_age, extras, total_rating, rating_count, trip_count, max_delivery_miles, instant_booking) \
             VALUES ($1, $2, 'active', $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, \
               $19, $20, $21, $22, $23, $24, $25, $26, $27, $28, $29, $30, $31, $32, $33, $34, $35, $36, $37, $38) \
             ON CONFLICT (id) DO NOTHING",
        )
        .bind::<SqlUuid, _>(id)
        .bind::<SqlUuid, _>(car.owner_id)
        .bind::<Text, _>(&car.make)
        .bind::<Text, _>(&car.model)
        .bind::<Integer, _>(car.year)
        .bind::<Text, _>(&car.trim)
        .bind::<Text, _>(&car.style)
        .bind::<Text, _>(&car.transmission)
        .bind::<Integer, _>(car.seats)
        .bind::<Integer, _>(car.doors)
        .bind::<Text, _>(&car.gas_type)
        .bind::<Text, _>(&car.odometer)
        .bind::<Array<Text>, _>(&car.features)
        .bind::<Text, _>(&car.special_feature)
        .bind::<Text, _>(&car.description)
        .bind::<Text, _>(&car.license_plate)
        .bind::<Text, _>(&car.plate_state)
        .bind::<BigInt, _>(car.daily_price_cents)
        .bind::<BigInt, _>(car.price_per_hour_cents)
        .bind::<Integer, _>(car.weekly_discount_pct)
        .bind::<Integer, _>(car.monthly_discount_pct)
        .bind::<Text, _>(&car.street)
        .bind::<Text, _>(&car.city)
        .bind::<Text, _>(&car.state)
        .bind::<Text, _>(&car.zip)
        .bind::<Double, _>(car.latitude)
        .bind::<Double, _>(car.longitude)
        .bind::<Text, _>(&car.time_zone)
        .bind::<Integer, _>(car.advance_notice_hours)
        .bind::<Integer, _>(car.min_trip_days)
        .bind::<Integer, _>(car.max_trip_days)
        .bind::<Integer, _>(
            pricing_domain::driver::car_min_age(car.min_age.into(), &car.make, car.daily_price_cents)
                as i32,
        )
        .bind::<Jsonb, _>(fleet.extras_json(car))
        .bind::<Double, _>(average(&stars))
        .bind::<Integer, _>(i32::try_from(stars.len()).unwrap_or(i32::MAX))
        .bind::<Integer, _>(car.trip_count)
        .bind::<Integer, _>(car.max_delivery_miles)
        .bind::<Bool, _>(car.instant_booking)
        .execute(&mut conn)
        .await?;
        for r in fleet.reviews_of(car.n) {
            reviews::insert(
                &mut conn,
                &NewReview {
                    id: review_id(car.n, r.k),
                    car_id: id,
                    trip_id: trip_id(car.n, r.k),
                    from_user_id: r.reviewer_id,
                    reviewer_name: &r.reviewer_name,
                    reviewer_profile_pic: "",
                    stars: r.stars,
                    review: &r.review,
                    response: r
                        .response
                        .as_deref()
                        .map(|text| (text, r.responder.as_deref().unwrap_or(""))),
                    created_at: now - chrono::Duration::days(r.days_ago),
                    categories: &r.categories(),
                },
            )
            .await?;
        }
    }
    let ids: Vec<Uuid> = fleet.cars.iter().map(|c| car_id(c.n)).collect();
    // The cars' averages follow their reviews, also in a database loaded before reviews
    // existed; and a car has at least as many trips as ratings.
    reviews::sync_car_ratings(&mut conn, &ids).await?;
    diesel::sql_query(
        "UPDATE cars SET trip_count = rating_count WHERE id = ANY($1) AND trip_count < rating_count",
    )
    .bind::<Array<SqlUuid>, _>(&ids)
    .execute(&mut conn)
    .await?;
    // Weekly discounts came after the first fleets were loaded: a database loaded before
    // gets the file's. Touching updated_at sends the new pricing to the pricing context.
    let (weekly_ids, weekly): (Vec<Uuid>, Vec<i32>) = fleet
        .cars
        .iter()
        .filter(|c| c.weekly_discount_pct > 0)
        .map(|c| (car_id(c.n), c.weekly_discount_pct))
        .unzip();
    diesel::sql_query(
        "UPDATE cars SET weekly_discount_pct = d.pct, updated_at = now() \
         FROM unnest($1::uuid[], $2::int[]) AS d(id, pct) \
         WHERE cars.id = d.id AND cars.weekly_discount_pct = 0",
    )
    .bind::<Array<SqlUuid>, _>(&weekly_ids)
    .bind::<Array<Integer>, _>(&weekly)
    .execute(&mut conn)
    .await?;
    // Some cars take requests instead of instant bookings (one of the demo host's), so hosts
    // have requests to accept or reject; also in a database loaded before that choice existed.
    let on_request: Vec<Uuid> =
        fleet.cars.iter().filter(|c| !c.instant_booking).map(|c| car_id(c.n)).collect();
    diesel::sql_query(
        "UPDATE cars SET instant_booking = false WHERE id = ANY($1) AND instant_booking",
    )
    .bind::<Array<SqlUuid>, _>(&on_request)
    .execute(&mut conn)
    .await?;
    // Car addresses join the gazetteer so autocomplete finds them.
    conn.batch_execute(
        "INSERT INTO places (id, kind, name, formatted_address, state_code, latitude, longitude, population, search_text) \
         SELECT 'car:' || id, 'address', street, street || ', ' || city || ', ' || state || ' ' || zip, state, \
                latitude, longitude, 0, lower(street || ' ' || city || ' ' || state || ' ' || zip) \
         FROM cars WHERE status = 'active' ON CONFLICT (id) DO NOTHING",
    )
    .await?;
    // The demo fleet's pricing is published again at each start, so a pricing database made
    // after the fleet (or a pricing queue that did not exist yet) catches up.
    crate::pricing_feed::republish(&mut conn, &ids).await?;
    tracing::info!(cars = fleet.cars.len(), "demo fleet loaded");
    Ok(())
}

/// Loads the shipped gazetteer (cities, airports, hotels).
pub async fn load_places(state: &AppState) -> CatalogResult<()> {
    let cities = parse_cities(CITIES_CSV).map_err(|e| anyhow::anyhow!("{e}"))?;
    let airports = parse_airports(AIRPORTS_CSV).map_err(|e| anyhow::anyhow!("{e}"))?;
    let hotels = parse_hotels(HOTELS_CSV).map_err(|e| anyhow::anyhow!("{e}"))?;
    let mut rows = Vec::new();
    for c in &cities {
        rows.push(NewPlace {
            id: format!("city:{}:{}", c.state_code, c.name),
            kind: "city",
            name: &c.name,
            formatted_address: format!("{}, {}", c.name, c.state_code),
            state_code: &c.state_code,
            latitude: c.latitude,
            longitude: c.longitude,
            population: i32::try_from(c.population).unwrap_or(i32::MAX),
        });
    }
    for a in &airports {
        rows.push(NewPlace {
            id: format!("airport:{}", a.iata),
            kind: "airport",
            name: &a.name,
            formatted_address: format!("{} ({}), {}, {}", a.name, a.iata, a.city, a.state_code),
            state_code: &a.state_code,
            latitude: a.latitude,
            longitude: a.longitude,
            population: 0,
        });
    }
    for h in &hotels {
        rows.push(NewPlace {
            id: format!("hotel:{}:{}", h.city, h.name),
            kind: "hotel",
            name: &h.name,
            formatted_address: format!("{}, {}, {}", h.name, h.city, h.state_code),
            state_code: &h.state_code,
            latitude: h.latitude,
            longitude: h.longitude,
            population: 0,
        });
    }
    let mut conn = state.conn().await?;
    places::upsert(&mut conn, &rows).await?;
    Ok(())
}

/// Draws and stores three photos per demo car through the files capability, and records their
/// public URLs on cars that have none yet. Rewriting the small files at each start keeps them
/// present even when the file folder was cleared.
pub async fn load_photos(
    state: &AppState,
    files: &dyn upcar_storage::ObjectStore,
) -> CatalogResult<()> {
    #[derive(diesel::QueryableByName)]
    struct Demo {
        #[diesel(sql_type = diesel::sql_types::Uuid)]
        id: Uuid,
        #[diesel(sql_type = diesel::sql_types::Integer)]
        car_year: i32,
        #[diesel(sql_type = diesel::sql_types::Text)]
        make: String,
        #[diesel(sql_type = diesel::sql_types::Text)]
        model: String,
        #[diesel(sql_type = diesel::sql_types::Text)]
        style: String,
    }
    let mut conn = state.conn().await?;
    let cars: Vec<Demo> = diesel::sql_query(
        "SELECT id, car_year, make, model, style FROM cars WHERE owner_id = ANY($1) ORDER BY id",
    )
    .bind::<diesel::sql_types::Array<diesel::sql_types::Uuid>, _>(
        std::iter::once(DEMO_HOST).chain(OTHER_HOSTS).collect::<Vec<_>>(),
    )
    .load(&mut conn)
    .await?;
    for (n, car) in cars.iter().enumerate() {
        let mut urls = Vec::with_capacity(3);
        for scene in 0..3 {
            let key = format!("public/cars/{}/{}.svg", car.id, scene + 1);
            let svg = crate::photos::car_svg(
                n as u32,
                car.car_year,
                &car.make,
                &car.model,
                &car.style,
                scene,
            );
            files
                .put(&key, svg.into_bytes(), "image/svg+xml")
                .await
                .map_err(|e| anyhow::anyhow!("demo photo: {e}"))?;
            urls.push(files.public_url(&key));
        }
        diesel::sql_query(
            // Also when the demo photos were stored under another public base (the stack moved
            // to another port or host); photos a host uploaded are never touched.
            "UPDATE cars SET primary_photo_url = $2, photo_urls = $3 WHERE id = $1 \
             AND primary_photo_url <> $2 \
             AND (primary_photo_url = '' OR primary_photo_url LIKE '%/public/cars/' || id::text || '/1.svg')",
        )
        .bind::<diesel::sql_types::Uuid, _>(car.id)
        .bind::<diesel::sql_types::Text, _>(&urls[0])
        .bind::<diesel::sql_types::Array<diesel::sql_types::Text>, _>(&urls)
        .execute(&mut conn)
        .await?;
    }
    tracing::info!(cars = cars.len(), "demo photos stored");
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::geo::GeoPoint;

    fn fleet() -> Fleet {
        Fleet::bundled().unwrap()
    }

    /// The cars within 15 miles of a point.
    fn around(fleet: &Fleet, latitude: f64, longitude: f64) -> Vec<&DemoCar> {
        let centre = GeoPoint { latitude, longitude };
        fleet
            .cars
            .iter()
            .filter(|c| {
                GeoPoint { latitude: c.latitude, longitude: c.longitude }.miles_to(&centre) <= 15.0
            })
            .collect()
    }

    #[test]
    fn the_files_hold_the_fleet_development_mode_promises() {
        let fleet = fleet();
        // CONTRACT "Development mode": at least 20 cars around Fremont, 10 each around Los
        // Angeles and San Francisco (every demo car loads active).
        let fremont = around(&fleet, 37.5485, -121.9886);
        assert!(fremont.len() >= 20, "{} around Fremont", fremont.len());
        assert!(around(&fleet, 34.0522, -118.2437).len() >= 10, "Los Angeles");
        assert!(around(&fleet, 37.7749, -122.4194).len() >= 10, "San Francisco");
        // The demo host owns at least 3 of the Fremont cars, other demo hosts the rest.
        assert!(fremont.iter().filter(|c| c.owner_id == DEMO_HOST).count() >= 3);
        let hosts: HashSet<Uuid> = std::iter::once(DEMO_HOST).chain(OTHER_HOSTS).collect();
        assert!(fleet.cars.iter().all(|c| hosts.contains(&c.owner_id)));
        // Daily prices, features, extras, trips of at least 90 days, trip counts.
        for c in &fleet.cars {
            assert!(c.daily_price_cents > 0 && c.price_per_hour_cents >= 0, "car {}", c.n);
            assert!(!c.features.is_empty() && !c.extras.is_empty(), "car {}", c.n);
            assert!(c.min_trip_days >= 1 && c.max_trip_days >= 90, "car {}", c.n);
            assert!(c.min_age >= 21, "car {}", c.n);
            assert!((0..=50).contains(&c.weekly_discount_pct), "car {}", c.n);
            assert!((0..=50).contains(&c.monthly_discount_pct), "car {}", c.n);
            assert!(GeoPoint::new(c.latitude, c.longitude).is_ok(), "car {}", c.n);
            assert!(c.description.split_whitespace().count() >= 60, "car {}: 60 words", c.n);
            assert!(c.time_zone.parse::<chrono_tz::Tz>().is_ok(), "car {}", c.n);
            let reviewed = fleet.reviews_of(c.n).count();
            assert!(
                c.trip_count as usize >= reviewed,
                "car {}: every rating comes from a trip",
                c.n
            );
        }
        let plates: HashSet<&str> = fleet.cars.iter().map(|c| c.license_plate.as_str()).collect();
        assert_eq!(plates.len(), fleet.cars.len(), "plates are unique");
        // Hosts have requests to accept: a car of the demo host takes requests.
        assert!(fleet.cars.iter().any(|c| !c.instant_booking && c.owner_id == DEMO_HOST));
        for e in &fleet.extras {
            assert!(e.price_cents > 0 && matches!(e.per.as_str(), "day" | "trip"), "{e:?}");
        }
    }

    #[test]
    fn most_cars_have_three_to_eight_reviews_by_people_other_than_their_host() {
        let fleet = fleet();
        let mut rated = 0;
        let mut seen = HashSet::new();
        for c in &fleet.cars {
            let reviews: Vec<&DemoReview> = fleet.reviews_of(c.n).collect();
            if reviews.is_empty() {
                continue;
            }
            rated += 1;
            assert!((3..=8).contains(&reviews.len()), "car {}: {}", c.n, reviews.len());
            for r in &reviews {
                assert!(seen.insert((r.car, r.k)), "review {} of car {} repeats", r.k, r.car);
                assert_ne!(r.reviewer_id, c.owner_id, "hosts do not review their own car");
                assert!((1..=5).contains(&r.stars));
                assert!(r.categories().iter().all(|(_, v)| (1..=5).contains(v)));
                assert!(!r.review.is_empty() && !r.review.contains('{'), "{}", r.review);
                assert_eq!(r.response.is_some(), r.responder.is_some(), "an answer has its author");
                if r.stars < 4 {
                    assert!(r.response.is_some(), "critical reviews are answered");
                }
            }
            assert!(reviews.windows(2).all(|w| w[0].days_ago < w[1].days_ago), "newest first");
        }
        assert!(rated * 5 >= fleet.cars.len() * 4, "{rated} of {} rated", fleet.cars.len());
    }

    #[test]
    fn no_two_demo_reviews_say_the_same_words() {
        let fleet = fleet();
        let mut texts = HashSet::new();
        for r in &fleet.reviews {
            assert!(texts.insert(r.review.as_str()), "said twice: {}", r.review);
        }
    }

    #[test]
    fn rows_naming_unknown_extras_or_cars_are_refused() {
        let car = serde_json::to_string(&serde_json::json!([{
            "n": 1, "owner_id": DEMO_HOST, "make": "Kia", "model": "Niro", "year": 2023,
            "trim": "EX", "style": "suv", "transmission": "automatic", "seats": 5, "doors": 4,
            "gas_type": "ev", "odometer": "", "special_feature": "", "features": ["GPS"],
            "extras": ["jetpack"], "description": "", "license_plate": "X", "plate_state": "CA",
            "daily_price_cents": 5000, "price_per_hour_cents": 0, "weekly_discount_pct": 0,
            "monthly_discount_pct": 0, "street": "", "city": "Fremont", "state": "CA", "zip": "",
            "latitude": 37.5, "longitude": -122.0, "time_zone": "America/Los_Angeles",
            "advance_notice_hours": 1, "min_trip_days": 1, "max_trip_days": 90, "min_age": 21,
            "max_delivery_miles": 10, "instant_booking": true, "trip_count": 0
        }]))
        .unwrap();
        let extras = "id,description,price_cents,per\nbeach_gear,Beach gear,1500,trip\n";
        let reviews = "car,k,reviewer_id,reviewer_name,stars,days_ago,cleanliness,maintenance,communication,convenience,accuracy,review,response,responder\n";
        let err = Fleet::parse(&car, extras, reviews).unwrap_err();
        assert!(err.to_string().contains("jetpack"), "{err}");
        let ok = car.replace("jetpack", "beach_gear");
        assert_eq!(Fleet::parse(&ok, extras, reviews).unwrap().cars.len(), 1);
        let review = format!("{reviews}2,0,{DEMO_HOST},Harper H.,5,3,5,5,5,5,5,Great,,\n");
        let err = Fleet::parse(&ok, extras, &review).unwrap_err();
        assert!(err.to_string().contains("unknown car 2"), "{err}");
        assert!(Fleet::parse(&ok.replace("\"trip_count\"", "\"trips\""), extras, reviews).is_err());
    }

    #[test]
    fn averages_round_to_one_decimal() {
        assert_eq!(average(&[]), 0.0);
        assert_eq!(average(&[5, 4, 4]), 4.3);
        assert_eq!(average(&[5, 5, 4, 3]), 4.3);
        assert_eq!(average(&[5, 5, 5, 4, 4, 4]), 4.5);
    }
}
