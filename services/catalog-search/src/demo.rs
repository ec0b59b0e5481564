//! The development demo fleet (CONTRACT "Development mode"): cars around Fremont, Los Angeles
//! and San Francisco with realistic makes, models, trims, prices, features, extras, reviews
//! with category ratings, and trip counts. Ids are fixed and loading is idempotent. Owners and
//! reviewers are the demo accounts created by the accounts service (same fixed ids).

use crate::domain::reviews::{CATEGORIES, RatingCategory};
use crate::domain::search_params::{
    AIRPORTS_CSV, CITIES_CSV, HOTELS_CSV, parse_airports, parse_cities, parse_hotels,
};
use crate::error::CatalogResult;
use crate::state::AppState;
use crate::store::places::{self, NewPlace};
use crate::store::reviews::{self, NewReview};
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

/// The demo guest `guest@demo.local` (accounts' fixed id).
pub const DEMO_GUEST: Uuid = Uuid::from_u128(0x0193_0000_0000_7000_8000_0000_0000_0003);

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

/// The demo accounts who review: guests and hosts both rent (one account does both). Names
/// are shown as first name and initial, as they are copied onto a review.
const PEOPLE: [(Uuid, &str); 7] = [
    (DEMO_GUEST, "Gabriel G."),
    (DEMO_HOST, "Harper H."),
    (OTHER_HOSTS[0], "Maya P."),
    (OTHER_HOSTS[1], "Diego R."),
    (OTHER_HOSTS[2], "Grace K."),
    (OTHER_HOSTS[3], "Omar H."),
    (OTHER_HOSTS[4], "Lena F."),
];

const FIVE_STARS: &[&str] = &[
    "{host} made pickup in {city} effortless and the {model} was spotless inside and out. Would book again in a heartbeat.",
    "Exactly as pictured. The {model} drove beautifully on our weekend down to Monterey and {host} answered every message within minutes.",
    "Super smooth rental: clear instructions, an easy handoff, and the car was ready ten minutes early.",
    "Best rental experience I've had. The {make} {model} was immaculate and {host} even left a charging cable and bottled water.",
    "Used the {model} for a week of client meetings around {city}. Comfortable, quiet and very clean. Thanks {host}!",
    "Great communication from start to finish. {host} was flexible when our flight landed two hours late.",
    "The car was in perfect condition and the return took five minutes. Highly recommend {host}.",
    "The {model} was a joy to drive. Check-in took two minutes and everything was exactly where {host} said it would be.",
    "Booked last minute for a family visit and {host} made it work. Clean, comfortable, zero surprises.",
    "Fantastic host, fantastic car. The photos don't do the {model} justice.",
];

const FOUR_STARS: &[&str] = &[
    "Nice {model} and an easy pickup. A few crumbs in the back seat, but nothing that affected the trip.",
    "Good car at a fair price. {host} was a little slow to reply on the first day, but everything else was great.",
    "Drove well and stayed comfortable through a long day on the freeway. One tire was a bit low; {host} said they'd check it.",
    "Solid rental overall. The pickup spot in {city} was hard to find at night, but the car itself was great.",
    "The {model} was clean and reliable. The phone mount was missing, otherwise exactly as described.",
    "Very convenient location and a smooth handoff. A couple of minor scuffs on the bumper that weren't in the photos.",
];

const THREE_STARS: &[&str] = &[
    "The car drove fine, but it wasn't as clean as the photos suggested and the handoff started 20 minutes late.",
    "Okay experience. The {model} had the tire pressure light on and it took a while to hear back from {host}.",
    "Got us where we needed to go, but there was sand in the trunk and the cabin smelled strongly of air freshener.",
];

const THANKS: &[&str] = &[
    "Thank you, {guest}! It was a pleasure hosting you. Come back anytime.",
    "Thanks for taking such good care of the {model}, {guest}!",
    "Glad the trip went well, {guest}. Hope to see you again soon!",
];

const FIXED_IT: &[&str] = &[
    "Thanks for the honest feedback, {guest}. I've taken care of it before the next trip.",
    "Sorry about that, {guest}. I've changed my cleaning and handoff routine so it won't happen again.",
];

/// A deterministic spread of small numbers from two seeds (a 32-bit integer hash).
fn mix(a: u32, b: u32) -> u32 {
    let mut x = a.wrapping_mul(0x9E37_79B1) ^ b.wrapping_mul(0x85EB_CA6B) ^ 0x2545_F491;
    x ^= x >> 15;
    x = x.wrapping_mul(0x2C1B_3C6D);
    x ^= x >> 12;
    x = x.wrapping_mul(0x297A_2D39);
    x ^ (x >> 15)
}

fn pick<'a>(list: &[&'a str], seed: u32) -> &'a str {
    list[seed as usize % list.len()]
}

fn fill(template: &str, m: &Model, city: &str, host: &str, guest: &str) -> String {
    template
        .replace("{model}", m.model)
        .replace("{make}", m.make)
        .replace("{city}", city)
        .replace("{host}", host)
        .replace("{guest}", guest)
}

/// A demo review before it is stored.
struct DemoReview {
    k: u32,
    from: (Uuid, &'static str),
    stars: i32,
    text: String,
    response: Option<(String, &'static str)>,
    days_ago: i64,
    categories: Vec<(RatingCategory, i32)>,
}

/// The reviews of demo car `n` (reviews are written by the trips service through its events
/// once it exists; for now only this demo data writes them): none for every ninth car (new listings), otherwise 3 to 8,
/// mostly five stars, some four, a few three; each with all five category ratings near its
/// stars, and host answers to about half of them (always to the critical ones).
fn demo_reviews(n: u32, m: &Model, city: &str, owner: Uuid) -> Vec<DemoReview> {
    if n.is_multiple_of(9) {
        return Vec::new();
    }
    let count = 3 + mix(n, 1000) % 6;
    let host = PEOPLE.iter().find(|p| p.0 == owner).map_or("Your host", |p| p.1);
    let host_first = host.split(' ').next().unwrap_or(host);
    let reviewers: Vec<(Uuid, &str)> = PEOPLE.iter().copied().filter(|p| p.0 != owner).collect();
    // Some cars are simply better kept: the share of five-star reviews varies by car.
    let five_below = [15, 12, 9][(n % 3) as usize];
    let first = mix(n, 2000) as usize;
    let mut age = 0i64;
    (0..count)
        .map(|k| {
            let roll = mix(n, k) % 20;
            let stars = if roll < five_below {
                5
            } else if roll < 18 {
                4
            } else {
                3
            };
            let from = reviewers[(first + k as usize) % reviewers.len()];
            let guest_first = from.1.split(' ').next().unwrap_or(from.1);
            let seed = mix(k, n);
            let template = match stars {
                5 => pick(FIVE_STARS, seed),
                4 => pick(FOUR_STARS, seed),
                _ => pick(THREE_STARS, seed),
            };
            let answer = match stars {
                5 if seed.is_multiple_of(3) => Some(pick(THANKS, seed / 3)),
                5 => None,
                4 if seed.is_multiple_of(2) => Some(pick(FIXED_IT, seed / 2)),
                4 => None,
                _ => Some(pick(FIXED_IT, seed)),
            };
            let categories = CATEGORIES
                .iter()
                .enumerate()
                .map(|(i, c)| {
                    let wobble = match mix(seed, i as u32) % 8 {
                        0 => -1,
                        7 => 1,
                        _ => 0,
                    };
                    (*c, (stars + wobble).clamp(1, 5))
                })
                .collect();
            // Newest first by k: one review every few weeks going back from last week.
            age += 6 + i64::from(mix(n, k + 100) % 40);
            DemoReview {
                k,
                from,
                stars,
                text: fill(template, m, city, host_first, guest_first),
                response: answer.map(|a| (fill(a, m, city, host_first, guest_first), host)),
                days_ago: age,
                categories,
            }
        })
        .collect()
}

/// The average stars to one decimal, as the car row keeps them.
fn average(reviews: &[DemoReview]) -> f64 {
    if reviews.is_empty() {
        return 0.0;
    }
    let sum: i32 = reviews.iter().map(|r| r.stars).sum();
    (f64::from(sum) / reviews.len() as f64 * 10.0).round() / 10.0
}

/// Loads the gazetteer and the demo fleet; safe to run at every start.
pub async fn load(state: &AppState) -> CatalogResult<()> {
    load_places(state).await?;
    let mut conn = state.conn().await?;
    let mut n = 0u32;
    let mut ids = Vec::new();
    let now = chrono::Utc::now();
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
            let reviews = demo_reviews(n, m, area.city, owner);
            // Every rating comes from a trip; some trips were not reviewed.
            let trips = if reviews.is_empty() { 0 } else { reviews.len() as u32 + (n * 3) % 25 };
            let features = FEATURE_SETS[(n as usize) % FEATURE_SETS.len()];
            diesel::sql_query(
                "INSERT INTO cars (id, owner_id, status, make, model, car_year, trim, style, transmission, seats, doors, gas_type, \
                   odometer, features, special_feature, description, license_plate, plate_state, daily_price_cents, \
                   price_per_hour_cents, monthly_discount_pct, street, city, state, zip, latitude, longitude, time_zone, \
                   advance_notice_hours, min_trip_days, max_trip_days, two_day_weekend, min_age, extras, total_rating, \
                   rating_count, trip_count, max_delivery_miles) \
                 VALUES ($1, $2, 'active', $3, $4, $5, $6, $7, $8, $9, $10, $11, '0-50k miles', $12, $13, $14, $15, 'CA', $16, \
                   $17, $18, $19, $20, $21, $22, $23, $24, 'America/Los_Angeles', $25, 1, 1000, false, $26, $27, $28, $29, $30, $31) \
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
            .bind::<diesel::sql_types::Double, _>(average(&reviews))
            .bind::<diesel::sql_types::Integer, _>(reviews.len() as i32)
            .bind::<diesel::sql_types::Integer, _>(trips as i32)
            .bind::<diesel::sql_types::Integer, _>([25, 15, 25, 40, 10][(n as usize) % 5])
            .execute(&mut conn)
            .await?;
            for r in &reviews {
                reviews::insert(
                    &mut conn,
                    &NewReview {
                        id: review_id(n, r.k),
                        car_id: car_id(n),
                        trip_id: trip_id(n, r.k),
                        from_user_id: r.from.0,
                        reviewer_name: r.from.1,
                        reviewer_profile_pic: "",
                        stars: r.stars,
                        review: &r.text,
                        response: r.response.as_ref().map(|(text, name)| (text.as_str(), *name)),
                        created_at: now - chrono::Duration::days(r.days_ago),
                        categories: &r.categories,
                    },
                )
                .await?;
            }
            ids.push(car_id(n));
        }
    }
    // The cars' averages follow their reviews, also in a database loaded before reviews
    // existed; and a car has at least as many trips as ratings.
    reviews::sync_car_ratings(&mut conn, &ids).await?;
    diesel::sql_query(
        "UPDATE cars SET trip_count = rating_count WHERE id = ANY($1) AND trip_count < rating_count",
    )
    .bind::<diesel::sql_types::Array<diesel::sql_types::Uuid>, _>(&ids)
    .execute(&mut conn)
    .await?;
    // Weekly discounts (added after the first fleets were loaded): half the monthly one on
    // every other car. Touching updated_at sends the new pricing to the pricing context.
    diesel::sql_query(
        "UPDATE cars SET weekly_discount_pct = monthly_discount_pct / 2, updated_at = now() \
         WHERE id = ANY($1) AND weekly_discount_pct = 0 AND get_byte(uuid_send(id), 15) % 2 = 0",
    )
    .bind::<diesel::sql_types::Array<diesel::sql_types::Uuid>, _>(&ids)
    .execute(&mut conn)
    .await?;
    // Two cars take requests instead of instant bookings (one of the demo host's), so hosts
    // have requests to accept or reject.
    diesel::sql_query(
        "UPDATE cars SET instant_booking = false WHERE id = ANY($1) AND instant_booking",
    )
    .bind::<diesel::sql_types::Array<diesel::sql_types::Uuid>, _>(vec![car_id(4), car_id(30)])
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

    #[test]
    fn most_cars_have_three_to_eight_reviews_by_people_other_than_their_host() {
        let mut rated = 0;
        for n in 1..=44u32 {
            let m = &MODELS[(n as usize * 11 + 3) % MODELS.len()];
            let owner = OTHER_HOSTS[(n as usize) % OTHER_HOSTS.len()];
            let reviews = demo_reviews(n, m, "Fremont", owner);
            if n.is_multiple_of(9) {
                assert!(reviews.is_empty());
                continue;
            }
            rated += 1;
            assert!((3..=8).contains(&reviews.len()), "car {n}: {}", reviews.len());
            for r in &reviews {
                assert_ne!(r.from.0, owner, "hosts do not review their own car");
                assert!((3..=5).contains(&r.stars));
                assert_eq!(r.categories.len(), CATEGORIES.len());
                assert!(r.categories.iter().all(|(_, v)| (1..=5).contains(v)));
                assert!(!r.text.contains('{'), "placeholders filled: {}", r.text);
                if r.stars < 5 {
                    assert!(r.response.is_some() || r.stars == 4);
                }
            }
            assert!(reviews.windows(2).all(|w| w[0].days_ago < w[1].days_ago), "newest first");
            assert_eq!(average(&reviews), average(&demo_reviews(n, m, "Fremont", owner)));
        }
        assert!(rated >= 35);
    }

    #[test]
    fn averages_round_to_one_decimal() {
        let r = |stars| DemoReview {
            k: 0,
            from: PEOPLE[0],
            stars,
            text: String::new(),
            response: None,
            days_ago: 1,
            categories: vec![],
        };
        assert_eq!(average(&[]), 0.0);
        assert_eq!(average(&[r(5), r(4), r(4)]), 4.3);
        assert_eq!(average(&[r(5), r(5), r(4), r(3)]), 4.3);
        assert_eq!(average(&[r(5), r(5), r(5), r(4), r(4), r(4)]), 4.5);
    }
}
