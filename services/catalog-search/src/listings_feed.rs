//! Cars listed by hosts: hosting publishes a listing's full state (`hosting.car_listing_changed`)
//! when an admin approves it and after every later change; this makes it the searchable car.
//! A row is written only when the event's `version` is newer than the one it reflects, so a
//! duplicate or a late older event changes nothing. Writing the row moves its `updated_at`, so
//! the pricing feed sends pricing the car's rates and drops its cached page.

use chrono::Utc;
use diesel::sql_types::{
    Array, BigInt, Bool, Double, Integer, Jsonb, Nullable, Text, Timestamptz, Uuid as SqlUuid,
};
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use upcar_proto::events::CarListingChanged;
use upcar_proto::hosting::ListingStatus;
use uuid::Uuid;

/// Why a listing event cannot be applied (logged and dropped).
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum BadListing {
    #[error("invalid {0}")]
    Field(&'static str),
    #[error("no catalog status for a listing {0:?}")]
    Status(ListingStatus),
}

/// The catalog status of a listing status: a snoozed or unlisted car is kept but not searched.
/// Drafts and listings under review or rejected are never published.
pub fn catalog_status(listing: ListingStatus) -> Result<&'static str, BadListing> {
    match listing {
        ListingStatus::Active => Ok("active"),
        ListingStatus::Snoozed | ListingStatus::Unlisted => Ok("inactive"),
        ListingStatus::Deleted => Ok("deleted"),
        other @ (ListingStatus::Unspecified
        | ListingStatus::Draft
        | ListingStatus::Pending
        | ListingStatus::Rejected) => Err(BadListing::Status(other)),
    }
}

/// Checks what the table's constraints would refuse, so a bad event is dropped with a reason
/// instead of failing (and being redelivered) forever.
pub fn check(e: &CarListingChanged) -> Result<(Uuid, Uuid, &'static str), BadListing> {
    let car: Uuid = e.car_id.parse().map_err(|_| BadListing::Field("car_id"))?;
    let host: Uuid = e.host_id.parse().map_err(|_| BadListing::Field("host_id"))?;
    let status = catalog_status(e.status())?;
    if e.version < 1 {
        return Err(BadListing::Field("version"));
    }
    if e.daily_price_cents <= 0 {
        return Err(BadListing::Field("daily_price_cents"));
    }
    if !(-90.0..=90.0).contains(&e.latitude) || !(-180.0..=180.0).contains(&e.longitude) {
        return Err(BadListing::Field("location"));
    }
    if !(1990..=2100).contains(&e.car_year) {
        return Err(BadListing::Field("car_year"));
    }
    if !(2..=8).contains(&e.doors) || !(2..=15).contains(&e.seats) {
        return Err(BadListing::Field("seats or doors"));
    }
    if e.min_trip_days < 1 || e.max_trip_days < e.min_trip_days || e.advance_notice_hours < 0 {
        return Err(BadListing::Field("trip rules"));
    }
    if !(0..=50).contains(&e.weekly_discount_pct) || !(0..=50).contains(&e.monthly_discount_pct) {
        return Err(BadListing::Field("discounts"));
    }
    if !matches!(e.gas_type.as_str(), "gas" | "hybrid" | "ev") {
        return Err(BadListing::Field("gas_type"));
    }
    if !matches!(e.transmission_type.as_str(), "automatic" | "manual")
        || !crate::domain::filters::transmission_fits(&e.gas_type, &e.transmission_type)
    {
        return Err(BadListing::Field("transmission_type"));
    }
    if e.time_zone.parse::<chrono_tz::Tz>().is_err() {
        return Err(BadListing::Field("time_zone"));
    }
    if e.date_prices.iter().any(|d| {
        d.daily_price_cents <= 0 || chrono::NaiveDate::parse_from_str(&d.date, "%Y-%m-%d").is_err()
    }) {
        return Err(BadListing::Field("date_prices"));
    }
    Ok((car, host, status))
}

/// The extras as `cars.extras` keeps them (the demo fleet's shape).
fn extras_json(e: &CarListingChanged) -> serde_json::Value {
    e.extras
        .iter()
        .map(|x| {
            serde_json::json!({
                "extraId": x.extra_id, "extraType": x.extra_type, "description": x.description,
                "priceCents": x.amount_cents, "per": x.per,
                "isQuantityChoosable": x.is_quantity_choosable,
                "availableQuantity": x.available_quantity,
            })
        })
        .collect()
}

/// The date prices as `cars.date_prices` keeps them: `{"YYYY-MM-DD": cents}`.
fn date_prices_json(e: &CarListingChanged) -> serde_json::Value {
    e.date_prices
        .iter()
        .map(|d| (d.date.clone(), d.daily_price_cents.into()))
        .collect::<serde_json::Map<_, _>>()
        .into()
}

/// Writes the listing as the catalog's car unless the row already reflects a newer version.
/// Returns whether it was written. A VIN held by another car of the catalog (cars loaded
/// before hosting existed) is not copied: hosting is where VINs are unique.
pub async fn apply(
    conn: &mut AsyncPgConnection,
    e: &CarListingChanged,
) -> diesel::QueryResult<bool> {
    let Ok((car, host, status)) = check(e) else { return Ok(false) };
    let n = diesel::sql_query(
        "INSERT INTO cars (id, owner_id, status, make, model, car_year, trim, style, transmission, \
           seats, doors, gas_type, odometer, features, special_feature, description, license_plate, \
           plate_state, vin, photo_urls, primary_photo_url, daily_price_cents, street, city, state, \
           zip, country, latitude, longitude, time_zone, advance_notice_hours, min_trip_days, \
           max_trip_days, two_day_weekend, listing_version, created_at, updated_at, \
           weekly_discount_pct, monthly_discount_pct, instant_booking, extras, date_prices, min_age) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, \
           CASE WHEN EXISTS (SELECT 1 FROM cars WHERE vin = $19 AND id <> $1) THEN NULL ELSE $19 END, \
           $20, $21, $22, $23, $24, $25, $26, $27, $28, $29, $30, $31, $32, $33, $34, $35, $36, $36, \
           $37, $38, $39, $40, $41, $42) \
         ON CONFLICT (id) DO UPDATE SET owner_id = EXCLUDED.owner_id, status = EXCLUDED.status, \
           make = EXCLUDED.make, model = EXCLUDED.model, car_year = EXCLUDED.car_year, \
           trim = EXCLUDED.trim, style = EXCLUDED.style, transmission = EXCLUDED.transmission, \
           seats = EXCLUDED.seats, doors = EXCLUDED.doors, gas_type = EXCLUDED.gas_type, \
           odometer = EXCLUDED.odometer, features = EXCLUDED.features, \
           special_feature = EXCLUDED.special_feature, description = EXCLUDED.description, \
           license_plate = EXCLUDED.license_plate, plate_state = EXCLUDED.plate_state, \
           vin = EXCLUDED.vin, photo_urls = EXCLUDED.photo_urls, \
           primary_photo_url = EXCLUDED.primary_photo_url, \
           daily_price_cents = EXCLUDED.daily_price_cents, street = EXCLUDED.street, \
           city = EXCLUDED.city, state = EXCLUDED.state, zip = EXCLUDED.zip, \
           country = EXCLUDED.country, latitude = EXCLUDED.latitude, \
           longitude = EXCLUDED.longitude, time_zone = EXCLUDED.time_zone, \
           advance_notice_hours = EXCLUDED.advance_notice_hours, \
           min_trip_days = EXCLUDED.min_trip_days, max_trip_days = EXCLUDED.max_trip_days, \
           two_day_weekend = EXCLUDED.two_day_weekend, listing_version = EXCLUDED.listing_version, \
           weekly_discount_pct = EXCLUDED.weekly_discount_pct, \
           monthly_discount_pct = EXCLUDED.monthly_discount_pct, \
           instant_booking = EXCLUDED.instant_booking, extras = EXCLUDED.extras, \
           date_prices = EXCLUDED.date_prices, min_age = EXCLUDED.min_age, \
           updated_at = EXCLUDED.updated_at \
         WHERE cars.listing_version < EXCLUDED.listing_version",
    )
    .bind::<SqlUuid, _>(car)
    .bind::<SqlUuid, _>(host)
    .bind::<Text, _>(status)
    .bind::<Text, _>(&e.make)
    .bind::<Text, _>(&e.model)
    .bind::<Integer, _>(e.car_year)
    .bind::<Text, _>(&e.trim)
    .bind::<Text, _>(&e.style)
    .bind::<Text, _>(&e.transmission_type)
    .bind::<Integer, _>(e.seats)
    .bind::<Integer, _>(e.doors)
    .bind::<Text, _>(&e.gas_type)
    .bind::<Text, _>(&e.odometer)
    .bind::<Array<Text>, _>(&e.features)
    .bind::<Text, _>(&e.special_feature)
    .bind::<Text, _>(&e.description)
    .bind::<Text, _>(&e.license_plate)
    .bind::<Text, _>(&e.plate_state)
    .bind::<Nullable<Text>, _>((!e.vin.is_empty()).then_some(&e.vin))
    .bind::<Array<Text>, _>(&e.photo_urls)
    .bind::<Text, _>(&e.primary_photo_url)
    .bind::<BigInt, _>(e.daily_price_cents)
    .bind::<Text, _>(&e.street)
    .bind::<Text, _>(&e.city)
    .bind::<Text, _>(&e.state)
    .bind::<Text, _>(&e.zip)
    .bind::<Text, _>(if e.country.is_empty() { "US" } else { e.country.as_str() })
    .bind::<Double, _>(e.latitude)
    .bind::<Double, _>(e.longitude)
    .bind::<Text, _>(&e.time_zone)
    .bind::<Integer, _>(e.advance_notice_hours)
    .bind::<Integer, _>(e.min_trip_days)
    .bind::<Integer, _>(e.max_trip_days)
    .bind::<Bool, _>(e.two_day_weekend)
    .bind::<BigInt, _>(e.version)
    .bind::<Timestamptz, _>(Utc::now())
    .bind::<Integer, _>(e.weekly_discount_pct)
    .bind::<Integer, _>(e.monthly_discount_pct)
    .bind::<Bool, _>(e.instant_booking)
    .bind::<Jsonb, _>(extras_json(e))
    .bind::<Jsonb, _>(date_prices_json(e))
    // The car's minimum driver age is its class's (hosting keeps no minimum of its own).
    .bind::<Integer, _>(pricing_domain::driver::car_min_age(0, &e.make, e.daily_price_cents) as i32)
    .execute(conn)
    .await?;
    Ok(n == 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use upcar_proto::events::DatePrice;

    fn event() -> CarListingChanged {
        CarListingChanged {
            car_id: Uuid::now_v7().to_string(),
            host_id: Uuid::now_v7().to_string(),
            version: 1,
            status: ListingStatus::Active as i32,
            make: "Honda".into(),
            model: "Accord".into(),
            car_year: 2020,
            style: "sedan".into(),
            transmission_type: "automatic".into(),
            seats: 5,
            doors: 4,
            gas_type: "gas".into(),
            daily_price_cents: 6_500,
            state: "CA".into(),
            time_zone: "America/Los_Angeles".into(),
            latitude: 37.55,
            longitude: -121.99,
            advance_notice_hours: 3,
            min_trip_days: 1,
            max_trip_days: 1000,
            ..Default::default()
        }
    }

    #[test]
    fn a_complete_listing_is_accepted_with_its_catalog_status() {
        let e = event();
        assert_eq!(check(&e).map(|c| c.2), Ok("active"));
        for (listing, catalog) in [
            (ListingStatus::Snoozed, "inactive"),
            (ListingStatus::Unlisted, "inactive"),
            (ListingStatus::Deleted, "deleted"),
        ] {
            assert_eq!(catalog_status(listing), Ok(catalog));
        }
    }

    #[test]
    fn events_the_table_would_refuse_are_named() {
        type Spoil = fn(&mut CarListingChanged);
        let cases: [(Spoil, BadListing); 9] = [
            (|e| e.car_id = "x".into(), BadListing::Field("car_id")),
            (
                |e| e.status = ListingStatus::Pending as i32,
                BadListing::Status(ListingStatus::Pending),
            ),
            (|e| e.version = 0, BadListing::Field("version")),
            (|e| e.daily_price_cents = 0, BadListing::Field("daily_price_cents")),
            (|e| e.latitude = 91.0, BadListing::Field("location")),
            (|e| e.gas_type = "diesel".into(), BadListing::Field("gas_type")),
            (|e| e.time_zone = "Mars/Olympus".into(), BadListing::Field("time_zone")),
            (
                |e| {
                    e.date_prices =
                        vec![DatePrice { date: "12/24".into(), daily_price_cents: 9_000 }]
                },
                BadListing::Field("date_prices"),
            ),
            (
                |e| {
                    e.date_prices =
                        vec![DatePrice { date: "2026-12-24".into(), daily_price_cents: 0 }]
                },
                BadListing::Field("date_prices"),
            ),
        ];
        for (spoil, want) in cases {
            let mut e = event();
            spoil(&mut e);
            assert_eq!(check(&e).err(), Some(want));
        }
    }
}
