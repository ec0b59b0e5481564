//! The development demo fleet (CONTRACT "Development mode"): cars around Fremont, Los Angeles
//! and San Francisco with realistic makes, models, trims, prices, features, extras, ratings
//! and trip counts. Ids are fixed and loading is idempotent. Owners are the demo hosts created
//! by the accounts service (same fixed ids).

use crate::domain::search_params::{
    AIRPORTS_CSV, CITIES_CSV, HOTELS_CSV, parse_airports, parse_cities, parse_hotels,
};
use crate::error::CatalogResult;
use crate::state::AppState;
use crate::store::places::{self, NewPlace};
use diesel_async::{RunQueryDsl, SimpleAsyncConnection};
use uuid::Uuid;

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

struct Model {
    make: &'static str,
    model: &'static str,
    trim: &'static str,
    year: i32,
    style: &'static str,
    seats: i32,
    doors: i32,
    gas: &'static str,
    price: i64,
    special: &'static str,
}

const MODELS: &[Model] = &[
    Model {
        make: "Tesla",
        model: "Model 3",
        trim: "Long Range AWD",
        year: 2023,
        style: "sedan",
        seats: 5,
        doors: 4,
        gas: "ev",
        price: 8900,
        special: "Electric",
    },
    Model {
        make: "Tesla",
        model: "Model Y",
        trim: "Performance",
        year: 2024,
        style: "suv",
        seats: 5,
        doors: 4,
        gas: "ev",
        price: 10900,
        special: "Electric",
    },
    Model {
        make: "Toyota",
        model: "Camry",
        trim: "SE",
        year: 2022,
        style: "sedan",
        seats: 5,
        doors: 4,
        gas: "gas",
        price: 5400,
        special: "Premium sound",
    },
    Model {
        make: "Toyota",
        model: "Prius",
        trim: "XLE",
        year: 2023,
        style: "hatchback",
        seats: 5,
        doors: 4,
        gas: "hybrid",
        price: 5200,
        special: "Hybrid",
    },
    Model {
        make: "Toyota",
        model: "RAV4",
        trim: "XLE Premium",
        year: 2022,
        style: "suv",
        seats: 5,
        doors: 4,
        gas: "hybrid",
        price: 6900,
        special: "All-wheel drive",
    },
    Model {
        make: "Toyota",
        model: "Sienna",
        trim: "XLE",
        year: 2023,
        style: "minivan",
        seats: 8,
        doors: 4,
        gas: "hybrid",
        price: 9500,
        special: "Third-row seating",
    },
    Model {
        make: "Honda",
        model: "Civic",
        trim: "Sport",
        year: 2023,
        style: "sedan",
        seats: 5,
        doors: 4,
        gas: "gas",
        price: 4800,
        special: "Performance",
    },
    Model {
        make: "Honda",
        model: "CR-V",
        trim: "EX-L",
        year: 2021,
        style: "suv",
        seats: 5,
        doors: 4,
        gas: "gas",
        price: 6200,
        special: "All-wheel drive",
    },
    Model {
        make: "Honda",
        model: "Odyssey",
        trim: "Touring",
        year: 2022,
        style: "minivan",
        seats: 8,
        doors: 4,
        gas: "gas",
        price: 8900,
        special: "Third-row seating",
    },
    Model {
        make: "Ford",
        model: "Mustang",
        trim: "GT Convertible",
        year: 2021,
        style: "convertible",
        seats: 4,
        doors: 2,
        gas: "gas",
        price: 11900,
        special: "Convertible top",
    },
    Model {
        make: "Ford",
        model: "F-150",
        trim: "Lariat",
        year: 2022,
        style: "truck",
        seats: 5,
        doors: 4,
        gas: "gas",
        price: 9900,
        special: "All-wheel drive",
    },
    Model {
        make: "Ford",
        model: "Mustang Mach-E",
        trim: "Premium",
        year: 2023,
        style: "suv",
        seats: 5,
        doors: 4,
        gas: "ev",
        price: 9200,
        special: "Electric",
    },
    Model {
        make: "BMW",
        model: "3 Series",
        trim: "330i",
        year: 2022,
        style: "sedan",
        seats: 5,
        doors: 4,
        gas: "gas",
        price: 9800,
        special: "Luxury interior",
    },
    Model {
        make: "BMW",
        model: "X5",
        trim: "xDrive40i",
        year: 2021,
        style: "suv",
        seats: 5,
        doors: 4,
        gas: "gas",
        price: 14500,
        special: "Panoramic roof",
    },
    Model {
        make: "Mercedes-Benz",
        model: "C-Class",
        trim: "C 300",
        year: 2022,
        style: "sedan",
        seats: 5,
        doors: 4,
        gas: "gas",
        price: 10500,
        special: "Luxury interior",
    },
    Model {
        make: "Mercedes-Benz",
        model: "GLE",
        trim: "GLE 350",
        year: 2021,
        style: "suv",
        seats: 7,
        doors: 4,
        gas: "gas",
        price: 15900,
        special: "Third-row seating",
    },
    Model {
        make: "Jeep",
        model: "Wrangler",
        trim: "Rubicon",
        year: 2021,
        style: "suv",
        seats: 5,
        doors: 4,
        gas: "gas",
        price: 10900,
        special: "Convertible top",
    },
    Model {
        make: "Chevrolet",
        model: "Tahoe",
        trim: "LT",
        year: 2022,
        style: "suv",
        seats: 8,
        doors: 4,
        gas: "gas",
        price: 13900,
        special: "Third-row seating",
    },
    Model {
        make: "Chevrolet",
        model: "Bolt EV",
        trim: "2LT",
        year: 2022,
        style: "hatchback",
        seats: 5,
        doors: 4,
        gas: "ev",
        price: 5600,
        special: "Electric",
    },
    Model {
        make: "Hyundai",
        model: "Ioniq 5",
        trim: "Limited",
        year: 2023,
        style: "suv",
        seats: 5,
        doors: 4,
        gas: "ev",
        price: 8400,
        special: "Electric",
    },
    Model {
        make: "Kia",
        model: "Telluride",
        trim: "SX",
        year: 2022,
        style: "suv",
        seats: 8,
        doors: 4,
        gas: "gas",
        price: 11500,
        special: "Third-row seating",
    },
    Model {
        make: "Mazda",
        model: "MX-5 Miata",
        trim: "Grand Touring",
        year: 2021,
        style: "convertible",
        seats: 2,
        doors: 2,
        gas: "gas",
        price: 7900,
        special: "Convertible top",
    },
    Model {
        make: "Subaru",
        model: "Outback",
        trim: "Limited",
        year: 2021,
        style: "wagon",
        seats: 5,
        doors: 4,
        gas: "gas",
        price: 6500,
        special: "All-wheel drive",
    },
    Model {
        make: "Porsche",
        model: "Macan",
        trim: "S",
        year: 2022,
        style: "suv",
        seats: 5,
        doors: 4,
        gas: "gas",
        price: 19900,
        special: "Performance",
    },
    Model {
        make: "Audi",
        model: "A5",
        trim: "Premium Plus Cabriolet",
        year: 2021,
        style: "convertible",
        seats: 4,
        doors: 2,
        gas: "gas",
        price: 12900,
        special: "Convertible top",
    },
    Model {
        make: "Volkswagen",
        model: "ID.4",
        trim: "Pro S",
        year: 2023,
        style: "suv",
        seats: 5,
        doors: 4,
        gas: "ev",
        price: 7500,
        special: "Electric",
    },
    Model {
        make: "Lexus",
        model: "RX",
        trim: "350h",
        year: 2023,
        style: "suv",
        seats: 5,
        doors: 4,
        gas: "hybrid",
        price: 12500,
        special: "Hybrid",
    },
    Model {
        make: "Nissan",
        model: "Leaf",
        trim: "SV Plus",
        year: 2022,
        style: "hatchback",
        seats: 5,
        doors: 4,
        gas: "ev",
        price: 4600,
        special: "Electric",
    },
];

struct Area {
    city: &'static str,
    state: &'static str,
    zip: &'static str,
    lat: f64,
    lng: f64,
    streets: &'static [&'static str],
    count: u32,
}

const AREAS: &[Area] = &[
    Area {
        city: "Fremont",
        state: "CA",
        zip: "94536",
        lat: 37.5485,
        lng: -121.9886,
        count: 22,
        streets: &[
            "Fremont Blvd",
            "Mowry Ave",
            "Paseo Padre Pkwy",
            "Stevenson Blvd",
            "Mission Blvd",
            "Walnut Ave",
            "Grimmer Blvd",
            "Peralta Blvd",
        ],
    },
    Area {
        city: "Los Angeles",
        state: "CA",
        zip: "90012",
        lat: 34.0522,
        lng: -118.2437,
        count: 11,
        streets: &[
            "Sunset Blvd",
            "Wilshire Blvd",
            "Olympic Blvd",
            "Figueroa St",
            "Vermont Ave",
            "La Brea Ave",
        ],
    },
    Area {
        city: "San Francisco",
        state: "CA",
        zip: "94103",
        lat: 37.7749,
        lng: -122.4194,
        count: 11,
        streets: &[
            "Market St",
            "Mission St",
            "Valencia St",
            "Geary Blvd",
            "Van Ness Ave",
            "Divisadero St",
        ],
    },
];

const FEATURE_SETS: &[&[&str]] = &[
    &["Apple CarPlay", "Android Auto", "Bluetooth", "Backup camera", "Keyless entry"],
    &[
        "Bluetooth",
        "Backup camera",
        "Heated seats",
        "USB charger",
        "GPS",
        "Adaptive cruise control",
    ],
    &[
        "Apple CarPlay",
        "Blind spot warning",
        "Sunroof",
        "Heated seats",
        "Ventilated seats",
        "Toll pass",
    ],
    &["Bluetooth", "USB charger", "All-wheel drive", "Ski rack", "Pet friendly", "Child seat"],
];

fn extras_for(n: u32) -> serde_json::Value {
    let all = [
        ("prepaid_ev_recharge", "Prepaid EV recharge", 2500, "trip"),
        ("child_safety_seat", "Child safety seat", 1000, "day"),
        ("unlimited_miles", "Unlimited miles", 3000, "day"),
        ("post_trip_cleaning", "Post-trip cleaning", 4000, "trip"),
        ("prepaid_refuel", "Prepaid refuel", 6000, "trip"),
        ("beach_gear", "Beach gear", 1500, "trip"),
    ];
    let take = 1 + (n % 4) as usize;
    serde_json::Value::Array(
        all.iter()
            .cycle()
            .skip((n % 6) as usize)
            .take(take)
            .map(|(id, desc, price, per)| {
                serde_json::json!({
                    "extraId": format!("{id}"), "extraType": id, "description": desc,
                    "priceCents": price, "per": per, "isQuantityChoosable": false, "availableQuantity": 1
                })
            })
            .collect(),
    )
}

fn description(m: &Model, city: &str) -> String {
    format!(
        "Clean, well-kept {year} {make} {model} {trim}, ready for your next trip around {city}. \
         It has been serviced on schedule, the tires are recent and the interior is cleaned and \
         sanitized after every rental. You get a phone mount, charging cables and a spare key fob \
         for the trip. Pickup is easy: I share the exact spot after booking and I am reachable by \
         chat the whole time. Please return it with the same charge or fuel level, no smoking and \
         no pets unless we agreed first. Enjoy the drive and the California sunshine!",
        year = m.year,
        make = m.make,
        model = m.model,
        trim = m.trim,
    )
}

/// Loads the gazetteer and the demo fleet; safe to run at every start.
pub async fn load(state: &AppState) -> CatalogResult<()> {
    load_places(state).await?;
    let mut conn = state.conn().await?;
    let mut n = 0u32;
    for area in AREAS {
        for i in 0..area.count {
            n += 1;
            // 11 is coprime to the number of models, so consecutive cars cycle through all of them.
            let m = &MODELS[(n as usize * 11 + 3) % MODELS.len()];
            // Spread cars over a few miles around the centre, deterministically.
            let angle = f64::from(n) * 2.399_963; // golden angle
            let radius = 0.01 + 0.004 * f64::from(i);
            let (lat, lng) =
                (area.lat + radius * angle.sin(), area.lng + radius * 1.25 * angle.cos());
            let owner = if area.city == "Fremont" && i < 4 {
                DEMO_HOST
            } else {
                OTHER_HOSTS[(n as usize) % OTHER_HOSTS.len()]
            };
            let street =
                format!("{} {}", 100 + 37 * n, area.streets[(n as usize) % area.streets.len()]);
            let rating = 4.2 + f64::from((n * 13) % 9) / 10.0;
            let ratings = if n.is_multiple_of(9) { 0 } else { 3 + (n * 7) % 40 };
            let trips = if ratings == 0 { 0 } else { ratings + (n * 3) % 25 };
            let features = FEATURE_SETS[(n as usize) % FEATURE_SETS.len()];
            diesel::sql_query(
                "INSERT INTO cars (id, owner_id, status, make, model, car_year, trim, style, transmission, seats, doors, gas_type, \
                   odometer, features, special_feature, description, license_plate, plate_state, daily_price_cents, \
                   price_per_hour_cents, monthly_discount_pct, street, city, state, zip, latitude, longitude, time_zone, \
                   advance_notice_hours, min_trip_days, max_trip_days, two_day_weekend, min_age, extras, total_rating, \
                   rating_count, trip_count) \
                 VALUES ($1, $2, 'active', $3, $4, $5, $6, $7, $8, $9, $10, $11, '0-50k miles', $12, $13, $14, $15, 'CA', $16, \
                   $17, $18, $19, $20, $21, $22, $23, $24, 'America/Los_Angeles', $25, 1, 1000, false, $26, $27, $28, $29, $30) \
                 ON CONFLICT (id) DO NOTHING",
            )
            .bind::<diesel::sql_types::Uuid, _>(car_id(n))
            .bind::<diesel::sql_types::Uuid, _>(owner)
            .bind::<diesel::sql_types::Text, _>(m.make)
            .bind::<diesel::sql_types::Text, _>(m.model)
            .bind::<diesel::sql_types::Integer, _>(m.year)
            .bind::<diesel::sql_types::Text, _>(m.trim)
            .bind::<diesel::sql_types::Text, _>(m.style)
            .bind::<diesel::sql_types::Text, _>(if n.is_multiple_of(11) { "manual" } else { "automatic" })
            .bind::<diesel::sql_types::Integer, _>(m.seats)
            .bind::<diesel::sql_types::Integer, _>(m.doors)
            .bind::<diesel::sql_types::Text, _>(m.gas)
            .bind::<diesel::sql_types::Array<diesel::sql_types::Text>, _>(features.iter().map(|s| s.to_string()).collect::<Vec<_>>())
            .bind::<diesel::sql_types::Text, _>(m.special)
            .bind::<diesel::sql_types::Text, _>(description(m, area.city))
            .bind::<diesel::sql_types::Text, _>(format!("{}UPC{:03}", 7 + n % 3, n))
            .bind::<diesel::sql_types::BigInt, _>(m.price + i64::from((n * 137) % 9) * 100)
            .bind::<diesel::sql_types::BigInt, _>((m.price / 6).max(1000))
            .bind::<diesel::sql_types::Integer, _>([10, 20, 30, 40, 50][(n as usize) % 5])
            .bind::<diesel::sql_types::Text, _>(street)
            .bind::<diesel::sql_types::Text, _>(area.city)
            .bind::<diesel::sql_types::Text, _>(area.state)
            .bind::<diesel::sql_types::Text, _>(area.zip)
            .bind::<diesel::sql_types::Double, _>((lat * 1e5).round() / 1e5)
            .bind::<diesel::sql_types::Double, _>((lng * 1e5).round() / 1e5)
            .bind::<diesel::sql_types::Integer, _>(if n.is_multiple_of(5) { 6 } else { 1 })
            .bind::<diesel::sql_types::Integer, _>(if m.price > 12000 { 25 } else { 21 })
            .bind::<diesel::sql_types::Jsonb, _>(extras_for(n))
            .bind::<diesel::sql_types::Double, _>(if ratings == 0 { 0.0 } else { (rating.min(5.0) * 10.0).round() / 10.0 })
            .bind::<diesel::sql_types::Integer, _>(ratings as i32)
            .bind::<diesel::sql_types::Integer, _>(trips as i32)
            .execute(&mut conn)
            .await?;
        }
    }
    // Car addresses join the gazetteer so autocomplete finds them.
    conn.batch_execute(
        "INSERT INTO places (id, kind, name, formatted_address, state_code, latitude, longitude, population, search_text) \
         SELECT 'car:' || id, 'address', street, street || ', ' || city || ', ' || state || ' ' || zip, state, \
                latitude, longitude, 0, lower(street || ' ' || city || ' ' || state || ' ' || zip) \
         FROM cars WHERE status = 'active' ON CONFLICT (id) DO NOTHING",
    )
    .await?;
    tracing::info!(cars = n, "demo fleet loaded");
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
