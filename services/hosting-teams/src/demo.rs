//! Development demo data (CONTRACT "Development mode"), built through hosting's own code paths:
//! the demo host's cars and the second demo host's cars are listings that went through the
//! wizard's sections (the same parsing and storing as `addCarListing`), were finalized and
//! approved (published to catalog-search by `hosting.car_listing_changed`, as any approval);
//! the second demo host has a team, created, joined by `cohost@demo.local` (booking management
//! only) and published by the team calls themselves; and the demo host has a listing half-way
//! through the wizard. The cars come from the repository's demo fleet (`data/demo/`), which
//! catalog-search also loads, so search has them before the events arrive. Loading is
//! idempotent: what exists is left as it is.

use crate::api::{review, teams, wizard};
use crate::error::{HostingError, HostingResult};
use crate::state::AppState;
use crate::store::listings::{self, SettingsChange};
use anyhow::Context;
use chrono::{DateTime, Utc};
use diesel_async::{AsyncConnection, AsyncPgConnection};
use hosting_domain::car::{Extra, ExtraInput};
use hosting_domain::listing::Step;
use serde::Deserialize;
use upcar_identity::{Identity, Role};
use upcar_proto::hosting as pb;
use uuid::Uuid;

use pb::save_listing_section_request::Section as S;

/// The demo cars, one JSON object each (shared with catalog-search).
pub const CARS_JSON: &str = include_str!("../../../data/demo/cars.json");
/// The extras the demo cars offer, by id.
pub const EXTRAS_CSV: &str = include_str!("../../../data/demo/extras.csv");

/// `host@demo.local` (accounts' fixed id).
pub const DEMO_HOST: Uuid = Uuid::from_u128(0x0193_0000_0000_7000_8000_0000_0000_0002);
/// `host2@demo.local`, the second demo host, who runs a team.
pub const SECOND_HOST: Uuid = Uuid::from_u128(0x0193_0000_0000_7000_8000_0000_0000_0012);
/// `cohost@demo.local`, the approved co-host of the second demo host's team.
pub const COHOST: Uuid = Uuid::from_u128(0x0193_0000_0000_7000_8000_0000_0000_0005);
/// Its email.
pub const COHOST_EMAIL: &str = "cohost@demo.local";
/// The second demo host's team.
pub const TEAM_NAME: &str = "Fremont crew";
/// How many of the second demo host's cars the team holds.
pub const TEAM_CARS: usize = 2;
/// The demo host's listing half-way through the wizard.
pub const DRAFT_ID: Uuid = Uuid::from_u128(0x0197_0000_0000_7000_8000_0000_0000_0001);

/// The id of demo car `n` (catalog-search's).
pub fn car_id(n: u32) -> Uuid {
    Uuid::from_u128(0x0194_0000_0000_7000_8000_0000_0000_0000 + u128::from(n))
}

/// A demo VIN: 17 characters with a valid check digit, unique per number, from a
/// manufacturer code no real maker uses (`1UP`).
pub fn demo_vin(n: u32, year: i32) -> String {
    // Model year codes from 2010 (A) on; I, O, Q, U and Z are never used.
    const YEARS: &[u8] = b"ABCDEFGHJKLMNPRSTVWXY";
    let year_code = usize::try_from(year - 2010).ok().and_then(|i| YEARS.get(i)).copied();
    let mut vin = format!("1UPDEMX0X{}F{n:06}", char::from(year_code.unwrap_or(b'A')));
    let check = hosting_domain::vin::check_digit(&vin).unwrap_or('0');
    vin.replace_range(8..9, &check.to_string());
    vin
}

/// A car of `cars.json` (the fields hosting lists; the rest is catalog-search's).
#[derive(Debug, Clone, Deserialize)]
pub struct DemoCar {
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
    pub extras: Vec<String>,
    pub description: String,
    pub license_plate: String,
    pub plate_state: String,
    pub daily_price_cents: i64,
    pub weekly_discount_pct: i32,
    pub monthly_discount_pct: i32,
    pub street: String,
    pub city: String,
    pub state: String,
    pub zip: String,
    pub latitude: f64,
    pub longitude: f64,
    pub advance_notice_hours: i32,
    pub min_trip_days: i32,
    pub max_trip_days: i32,
    pub instant_booking: bool,
}

/// An extra of `extras.csv`.
#[derive(Debug, Clone, PartialEq)]
pub struct DemoExtra {
    pub id: String,
    pub description: String,
    pub price_cents: i64,
    pub per: String,
}

/// The cars of the two demo hosts hosting lists, in file order, and the extras.
pub fn fleet() -> anyhow::Result<(Vec<DemoCar>, Vec<DemoExtra>)> {
    let cars: Vec<DemoCar> = serde_json::from_str(CARS_JSON).context("demo cars.json")?;
    let cars = cars.into_iter().filter(|c| c.owner_id == DEMO_HOST || c.owner_id == SECOND_HOST);
    let mut extras = Vec::new();
    for (i, line) in EXTRAS_CSV.lines().enumerate().skip(1) {
        let cols: Vec<&str> = line.split(',').collect();
        let [id, description, price, per] = cols.as_slice() else {
            anyhow::bail!("demo extras.csv line {}: four columns expected", i + 1);
        };
        extras.push(DemoExtra {
            id: (*id).to_owned(),
            description: (*description).to_owned(),
            price_cents: price.parse().with_context(|| format!("extras.csv line {}", i + 1))?,
            per: (*per).to_owned(),
        });
    }
    Ok((cars.collect(), extras))
}

/// The wizard's sections of a demo car, in the wizard's order (photos apart).
pub fn sections(car: &DemoCar) -> Vec<(Step, S)> {
    vec![
        (
            Step::Location,
            S::Location(pb::LocationSection {
                address: Some(pb::Address {
                    street: car.street.clone(),
                    city: car.city.clone(),
                    state: car.state.clone(),
                    zip: car.zip.clone(),
                    country: "US".to_owned(),
                }),
                latitude: Some(car.latitude),
                longitude: Some(car.longitude),
            }),
        ),
        (
            Step::VinDetails,
            S::VinDetails(pb::VinDetailsSection {
                vin: demo_vin(car.n, car.year),
                make: car.make.clone(),
                model: car.model.clone(),
                style: car.style.clone(),
                car_year: car.year.to_string(),
                odometer: car.odometer.clone(),
                transmission_type: car.transmission.clone(),
                trim: car.trim.clone(),
                terms_accepted: Some(true),
            }),
        ),
        (
            Step::Availability,
            S::Availability(pb::AvailabilitySection {
                advance_notice: Some(car.advance_notice_hours),
                min_trip_duration: Some(car.min_trip_days),
                max_trip_duration: Some(car.max_trip_days),
                two_day_trip_for_weekend: false,
            }),
        ),
        (
            Step::Features,
            S::Features(pb::FeaturesSection {
                license_plate: car.license_plate.clone(),
                state: car.plate_state.clone(),
                features: car.features.clone(),
                seats: Some(car.seats),
                doors: Some(car.doors),
                gas_type: car.gas_type.clone(),
                special_feature: car.special_feature.clone(),
            }),
        ),
        (
            Step::Description,
            S::Description(pb::DescriptionSection { car_description: car.description.clone() }),
        ),
        (
            Step::DailyPrice,
            S::DailyPrice(pb::DailyPriceSection {
                car_daily_price: (car.daily_price_cents / 100).to_string(),
            }),
        ),
    ]
}

/// The car's extras as hosting keeps them (each checked by the `cars/extras` rules).
pub fn extras_of(car: &DemoCar, all: &[DemoExtra]) -> anyhow::Result<serde_json::Value> {
    let prices: Vec<String> =
        all.iter().map(|e| format!("{}.{:02}", e.price_cents / 100, e.price_cents % 100)).collect();
    let mut inputs = Vec::new();
    for id in &car.extras {
        let i = all
            .iter()
            .position(|e| &e.id == id)
            .with_context(|| format!("demo car {}: unknown extra {id}", car.n))?;
        inputs.push(ExtraInput {
            extra_type: &all[i].id,
            description: &all[i].description,
            price: &prices[i],
            per: &all[i].per,
            is_quantity_choosable: false,
            available_quantity: None,
        });
    }
    let list =
        Extra::parse_list(&inputs).map_err(|e| anyhow::anyhow!("demo car {}: {e}", car.n))?;
    Ok(serde_json::to_value(list)?)
}

/// The drawn photos catalog-search stores for a demo car (`public/cars/{id}/{k}.svg` of the
/// gateway's file store).
pub fn photo_urls(public_base_url: &str, id: Uuid) -> Vec<String> {
    let base = public_base_url.trim_end_matches('/');
    (1..=3).map(|k| format!("{base}/v1/files/public/cars/{id}/{k}.svg")).collect()
}

fn identity(user: Uuid) -> Identity {
    Identity {
        user_id: user,
        role: Role::User,
        token_id: "demo".to_owned(),
        expires_at: i64::MAX,
        session: upcar_identity::Session { id: "s".into(), auth_time: 0 },
    }
}

/// One demo car, from the first section to its approval, in one transaction.
async fn list_car(
    c: &mut AsyncPgConnection,
    car: &DemoCar,
    extras: serde_json::Value,
    photos: &[String],
    now: DateTime<Utc>,
) -> HostingResult<()> {
    let id = car_id(car.n);
    listings::create_draft(c, id, car.owner_id, now).await?.ok_or_else(|| {
        HostingError::Internal(anyhow::anyhow!("demo host {} has a draft already", car.owner_id))
    })?;
    for (step, section) in sections(car) {
        wizard::save_section(c, id, step, section, now).await?;
    }
    let urls: Vec<&str> = photos.iter().map(String::as_str).collect();
    wizard::save_drawn_photos(c, id, urls[0], &urls, now).await?;
    listings::save_settings(
        c,
        id,
        &SettingsChange {
            weekly_discount_pct: Some(car.weekly_discount_pct),
            monthly_discount_pct: Some(car.monthly_discount_pct),
            instant_booking: Some(car.instant_booking),
            extras: Some(extras),
            updated_at: Some(now),
            ..Default::default()
        },
    )
    .await?;
    let finalize = S::Finalize(pb::FinalizeSection { terms_accepted: true });
    wizard::save_section(c, id, Step::Finalize, finalize, now).await?;
    review::approve_in(c, id, now).await?;
    Ok(())
}

/// The second demo host's team: created with two of their cars (booking management only),
/// `cohost@demo.local` invited and accepting, through the team calls.
async fn team(state: &AppState, cars: &[DemoCar]) -> HostingResult<bool> {
    let mut conn = state.conn().await?;
    if !crate::store::teams::of_user(&mut conn, SECOND_HOST).await?.is_empty() {
        return Ok(false);
    }
    drop(conn);
    let car_ids = cars
        .iter()
        .filter(|c| c.owner_id == SECOND_HOST)
        .take(TEAM_CARS)
        .map(|c| car_id(c.n).to_string())
        .collect();
    let created = teams::create(
        state,
        Some(identity(SECOND_HOST)),
        pb::CreateTeamRequest {
            team_name: TEAM_NAME.to_owned(),
            car_ids,
            permissions: Some(pb::TeamPermissions {
                full: false,
                booking_management: true,
                pricing_and_availability: false,
            }),
        },
    )
    .await?;
    let team_id = created.team.map(|t| t.id).unwrap_or_default();
    teams::invite(
        state,
        Some(identity(SECOND_HOST)),
        pb::InviteCoHostsRequest {
            team_id: team_id.clone(),
            co_host_emails: vec![COHOST_EMAIL.to_owned()],
            earnings_share_percent: None,
        },
    )
    .await?;
    teams::handle_invite(
        state,
        Some(identity(COHOST)),
        pb::HandleCoHostInviteRequest {
            team_id,
            action: "accept".to_owned(),
            token: String::new(),
        },
    )
    .await?;
    Ok(true)
}

/// The demo host's listing half-way through the wizard: place, VIN and availability saved,
/// resuming at the features step.
async fn draft(c: &mut AsyncPgConnection, now: DateTime<Utc>) -> HostingResult<bool> {
    if listings::find(c, DRAFT_ID).await?.is_some()
        || listings::draft_of(c, DEMO_HOST).await?.is_some()
    {
        return Ok(false);
    }
    let car = draft_car();
    listings::create_draft(c, DRAFT_ID, DEMO_HOST, now).await?;
    for (step, section) in sections(&car).into_iter().take(3) {
        wizard::save_section(c, DRAFT_ID, step, section, now).await?;
    }
    Ok(true)
}

/// The car of the demo host's draft.
fn draft_car() -> DemoCar {
    DemoCar {
        n: 900,
        owner_id: DEMO_HOST,
        make: "Toyota".to_owned(),
        model: "RAV4".to_owned(),
        year: 2021,
        trim: "XLE".to_owned(),
        style: "suv".to_owned(),
        transmission: "automatic".to_owned(),
        seats: 5,
        doors: 4,
        gas_type: "hybrid".to_owned(),
        odometer: "50k-100k miles".to_owned(),
        special_feature: String::new(),
        features: Vec::new(),
        extras: Vec::new(),
        description: String::new(),
        license_plate: String::new(),
        plate_state: "CA".to_owned(),
        daily_price_cents: 0,
        weekly_discount_pct: 0,
        monthly_discount_pct: 0,
        street: "39200 Paseo Padre Pkwy".to_owned(),
        city: "Fremont".to_owned(),
        state: "CA".to_owned(),
        zip: "94538".to_owned(),
        latitude: 37.5485,
        longitude: -121.9886,
        advance_notice_hours: 12,
        min_trip_days: 2,
        max_trip_days: 30,
        instant_booking: true,
    }
}

/// Loads the demo listings, the team and the draft; what exists is kept.
pub async fn load(state: &AppState, photos_base_url: &str) -> anyhow::Result<()> {
    let (cars, extras) = fleet()?;
    let now = state.clock.now();
    let mut conn = state.conn().await?;
    let mut listed = 0;
    for car in &cars {
        if listings::find(&mut conn, car_id(car.n)).await?.is_some() {
            continue;
        }
        let car_extras = extras_of(car, &extras)?;
        let photos = photo_urls(photos_base_url, car_id(car.n));
        conn.transaction::<_, HostingError, _>(async |c| {
            list_car(c, car, car_extras, &photos, now).await
        })
        .await
        .with_context(|| format!("demo car {}", car.n))?;
        listed += 1;
    }
    let drafted = conn
        .transaction::<_, HostingError, _>(async |c| draft(c, now).await)
        .await
        .context("demo draft")?;
    drop(conn);
    state.relay.wake();
    let team = team(state, &cars).await.context("demo team")?;
    tracing::info!(listed, drafted, team, "hosting demo data loaded");
    Ok(())
}

/// [`load`], retried while the services it needs (accounts, for the team) are not up yet.
pub async fn load_when_ready(state: std::sync::Arc<AppState>, photos_base_url: String) {
    for attempt in 1..=60 {
        match load(&state, &photos_base_url).await {
            Ok(()) => return,
            Err(e) => {
                tracing::warn!(attempt, error = %format!("{e:#}"), "hosting demo data not loaded yet");
                tokio::time::sleep(std::time::Duration::from_secs(2)).await;
            }
        }
    }
    tracing::error!("hosting demo data could not be loaded");
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    #[test]
    fn demo_vins_are_valid_and_unique() {
        let (cars, _) = fleet().unwrap();
        let mut seen = std::collections::HashSet::new();
        for car in &cars {
            let vin = demo_vin(car.n, car.year);
            let parsed = hosting_domain::vin::Vin::parse(&vin).unwrap();
            assert_eq!(parsed.as_str(), vin);
            assert!(seen.insert(vin));
        }
    }

    #[test]
    fn the_fleet_gives_both_demo_hosts_cars_and_the_team_two() {
        let (cars, extras) = fleet().unwrap();
        let mine = cars.iter().filter(|c| c.owner_id == DEMO_HOST).count();
        let second = cars.iter().filter(|c| c.owner_id == SECOND_HOST).count();
        assert!(mine >= 3, "{mine}");
        assert!(second >= TEAM_CARS, "{second}");
        for car in &cars {
            let list = extras_of(car, &extras).unwrap();
            assert_eq!(list.as_array().unwrap().len(), car.extras.len());
            for (x, id) in list.as_array().unwrap().iter().zip(&car.extras) {
                assert_eq!(x["extraId"], id.as_str(), "the catalog's extra ids are kept");
            }
        }
    }

    #[test]
    fn every_demo_section_passes_the_wizards_rules() {
        let (cars, _) = fleet().unwrap();
        let now = chrono::Utc::now();
        for car in cars.iter().chain([&draft_car()]) {
            for (step, section) in sections(car) {
                if car.n == draft_car().n && step == Step::Features {
                    break;
                }
                wizard::check_section(step, section, now)
                    .unwrap_or_else(|e| panic!("demo car {} {}: {e}", car.n, step.key()));
            }
        }
    }

    #[test]
    fn photo_urls_are_the_catalogs_drawn_pictures() {
        let id = car_id(1);
        assert_eq!(
            photo_urls("http://127.0.0.1:8080/", id)[0],
            format!("http://127.0.0.1:8080/v1/files/public/cars/{id}/1.svg")
        );
    }
}
