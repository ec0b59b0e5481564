//! A synthetic fleet for benchmarks and plan tests: N active cars spread around the most
//! populous gazetteer cities (so density follows population) and M bookings in the next six
//! months, generated inside Postgres with set-based SQL.

use diesel::sql_types::BigInt;
use diesel_async::{AsyncPgConnection, RunQueryDsl, SimpleAsyncConnection};

/// Owner of every generated car, so they can be told apart from real listings and removed.
pub const GENERATED_OWNER: &str = "00000000-0000-7000-8000-0000000000ff";

/// Adds `cars` active cars and `bookings` bookings. Returns the number of cars added.
pub async fn generate(
    conn: &mut AsyncPgConnection,
    cars: i64,
    bookings: i64,
) -> diesel::QueryResult<usize> {
    let added = diesel::sql_query(format!(
        "WITH cities AS ( \
           SELECT row_number() OVER (ORDER BY population DESC) - 1 AS k, name, state_code, latitude, longitude \
           FROM places WHERE kind = 'city' ORDER BY population DESC LIMIT 200), \
         n AS (SELECT count(*) AS c FROM cities), \
         models(k, make, model, style, seats, gas, price) AS (VALUES \
           (0, 'Toyota', 'Camry', 'sedan', 5, 'gas', 5200), (1, 'Honda', 'CR-V', 'suv', 5, 'gas', 6100), \
           (2, 'Tesla', 'Model 3', 'sedan', 5, 'ev', 8800), (3, 'Ford', 'F-150', 'truck', 5, 'gas', 9700), \
           (4, 'Toyota', 'Sienna', 'minivan', 8, 'hybrid', 9300), (5, 'Mazda', 'MX-5 Miata', 'convertible', 2, 'gas', 7700), \
           (6, 'BMW', 'X5', 'suv', 5, 'gas', 14100), (7, 'Hyundai', 'Ioniq 5', 'suv', 5, 'ev', 8200), \
           (8, 'Subaru', 'Outback', 'wagon', 5, 'gas', 6300), (9, 'Chevrolet', 'Tahoe', 'suv', 8, 'gas', 13500)) \
         INSERT INTO cars (id, owner_id, status, make, model, car_year, style, transmission, seats, gas_type, \
                           daily_price_cents, street, city, state, latitude, longitude, advance_notice_hours, \
                           total_rating, rating_count, trip_count) \
         SELECT gen_random_uuid(), '{GENERATED_OWNER}', 'active', m.make, m.model, 2015 + (i % 10), m.style, \
                CASE WHEN i % 13 = 0 AND m.gas <> 'ev' THEN 'manual' ELSE 'automatic' END, m.seats, m.gas, \
                m.price + (i % 40) * 100, (100 + i % 9000)::text || ' Generated St', c.name, c.state_code, \
                c.latitude + (random() - 0.5) * 0.6, c.longitude + (random() - 0.5) * 0.6, 1 + i % 6, \
                round((3.5 + random() * 1.5)::numeric, 1), i % 60, i % 90 \
         FROM generate_series(1, $1) i \
         CROSS JOIN n \
         JOIN cities c ON c.k = (i * 7919) % n.c \
         JOIN models m ON m.k = i % 10"
    ))
    .bind::<BigInt, _>(cars)
    .execute(conn)
    .await?;
    diesel::sql_query(format!(
        "WITH g AS (SELECT id, row_number() OVER (ORDER BY id) AS rn FROM cars WHERE owner_id = '{GENERATED_OWNER}'), \
         n AS (SELECT count(*) AS c FROM g) \
         INSERT INTO car_unavailability (source, source_id, car_id, period, version) \
         SELECT 'booking', 'generated-' || i, g.id, \
                tstzrange(date_trunc('hour', now()) + (i % 180) * interval '1 day' + (i % 24) * interval '1 hour', \
                          date_trunc('hour', now()) + (i % 180 + 1 + i % 6) * interval '1 day' + (i % 24) * interval '1 hour'), 1 \
         FROM generate_series(1, $1) i CROSS JOIN n JOIN g ON g.rn = 1 + (i * 104729) % n.c \
         ON CONFLICT DO NOTHING"
    ))
    .bind::<BigInt, _>(bookings)
    .execute(conn)
    .await?;
    conn.batch_execute("ANALYZE cars; ANALYZE car_unavailability").await?;
    Ok(added)
}
