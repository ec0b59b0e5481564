//! Listings: the wizard's draft, its sections, review and the host's cars.

use crate::store::schema::{listing_places, listing_rules, listing_settings, listings};
use chrono::{DateTime, Utc};
use diesel::prelude::*;
use diesel_async::{AsyncPgConnection, RunQueryDsl};
use uuid::Uuid;

/// A listing row.
#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = listings)]
pub struct ListingRow {
    pub id: Uuid,
    pub host_id: Uuid,
    pub status: String,
    pub completed_steps: Vec<String>,
    pub vin: Option<String>,
    pub make: Option<String>,
    pub model: Option<String>,
    pub style: Option<String>,
    pub car_year: Option<i32>,
    pub trim: Option<String>,
    pub odometer: Option<String>,
    pub transmission: Option<String>,
    pub license_plate: Option<String>,
    pub plate_state: Option<String>,
    pub seats: Option<i32>,
    pub doors: Option<i32>,
    pub gas_type: Option<String>,
    pub features: Vec<String>,
    pub special_feature: Option<String>,
    pub description: Option<String>,
    pub photo_urls: Vec<String>,
    pub primary_photo_url: Option<String>,
    pub daily_price_cents: Option<i64>,
    pub rejection_reason: Option<String>,
    pub version: i64,
    pub submitted_at: Option<DateTime<Utc>>,
    pub reviewed_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl ListingRow {
    /// The listing's stage (the column's CHECK admits only the stages' values; anything else
    /// reads as deleted, which every call answers as not found).
    pub fn stage(&self) -> hosting_domain::stage::ListingStage {
        hosting_domain::stage::ListingStage::parse(&self.status)
            .unwrap_or(hosting_domain::stage::ListingStage::Deleted)
    }
}

/// Where the car is picked up.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Insertable, AsChangeset)]
#[diesel(table_name = listing_places)]
pub struct PlaceRow {
    pub listing_id: Uuid,
    pub street: String,
    pub city: String,
    pub state: String,
    pub zip: String,
    pub country: String,
    pub latitude: f64,
    pub longitude: f64,
    pub time_zone: String,
}

/// The car's trip rules.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable, Insertable, AsChangeset)]
#[diesel(table_name = listing_rules)]
pub struct RulesRow {
    pub listing_id: Uuid,
    pub advance_notice_hours: i32,
    pub min_trip_days: i32,
    pub max_trip_days: i32,
    pub two_day_weekend: bool,
}

/// A listed car's settings beyond the wizard.
#[derive(Debug, Clone, PartialEq, Queryable, Selectable)]
#[diesel(table_name = listing_settings)]
pub struct SettingsRow {
    pub listing_id: Uuid,
    pub weekly_discount_pct: i32,
    pub monthly_discount_pct: i32,
    pub instant_booking: bool,
    pub guest_instructions: String,
    pub extras: serde_json::Value,
    pub inspection_form_url: Option<String>,
    pub updated_at: DateTime<Utc>,
    /// `{"YYYY-MM-DD": cents}`: the host's price for chosen dates.
    pub date_prices: serde_json::Value,
}

/// Changes to a car's settings; `None` leaves a column as it is.
#[derive(Debug, Clone, Default, AsChangeset)]
#[diesel(table_name = listing_settings)]
pub struct SettingsChange {
    pub weekly_discount_pct: Option<i32>,
    pub monthly_discount_pct: Option<i32>,
    pub instant_booking: Option<bool>,
    pub guest_instructions: Option<String>,
    pub extras: Option<serde_json::Value>,
    pub inspection_form_url: Option<String>,
    pub updated_at: Option<DateTime<Utc>>,
    pub date_prices: Option<serde_json::Value>,
}

/// A listing with its place, rules and settings (absent until saved).
#[derive(Debug, Clone)]
pub struct Listing {
    pub row: ListingRow,
    pub place: Option<PlaceRow>,
    pub rules: Option<RulesRow>,
    pub settings: Option<SettingsRow>,
}

/// The vehicle step's fields.
#[derive(Debug, Clone, AsChangeset)]
#[diesel(table_name = listings)]
pub struct VehicleForm {
    pub vin: String,
    pub make: String,
    pub model: String,
    pub style: String,
    pub car_year: i32,
    pub trim: String,
    pub odometer: String,
    pub transmission: String,
}

/// The features step's fields.
#[derive(Debug, Clone, AsChangeset)]
#[diesel(table_name = listings)]
pub struct FeaturesForm {
    pub license_plate: String,
    pub plate_state: String,
    pub seats: i32,
    pub doors: i32,
    pub gas_type: String,
    pub features: Vec<String>,
    pub special_feature: String,
}

/// The photos step's fields.
#[derive(Debug, Clone, AsChangeset)]
#[diesel(table_name = listings)]
pub struct PhotosForm {
    pub photo_urls: Vec<String>,
    pub primary_photo_url: String,
}

/// One listing with its place and rules.
pub async fn find(conn: &mut AsyncPgConnection, id: Uuid) -> QueryResult<Option<Listing>> {
    let row =
        listings::table.find(id).select(ListingRow::as_select()).first(conn).await.optional()?;
    match row {
        Some(row) => Ok(Some(with_parts(conn, row).await?)),
        None => Ok(None),
    }
}

/// Locks one listing row for the rest of the transaction and reads it.
pub async fn lock(conn: &mut AsyncPgConnection, id: Uuid) -> QueryResult<Option<Listing>> {
    let row = listings::table
        .find(id)
        .select(ListingRow::as_select())
        .for_update()
        .first(conn)
        .await
        .optional()?;
    match row {
        Some(row) => Ok(Some(with_parts(conn, row).await?)),
        None => Ok(None),
    }
}

async fn with_parts(conn: &mut AsyncPgConnection, row: ListingRow) -> QueryResult<Listing> {
    let place = listing_places::table
        .find(row.id)
        .select(PlaceRow::as_select())
        .first(conn)
        .await
        .optional()?;
    let rules = listing_rules::table
        .find(row.id)
        .select(RulesRow::as_select())
        .first(conn)
        .await
        .optional()?;
    let settings = listing_settings::table
        .find(row.id)
        .select(SettingsRow::as_select())
        .first(conn)
        .await
        .optional()?;
    Ok(Listing { row, place, rules, settings })
}

async fn complete(
    conn: &mut AsyncPgConnection,
    rows: Vec<ListingRow>,
) -> QueryResult<Vec<Listing>> {
    let ids: Vec<Uuid> = rows.iter().map(|r| r.id).collect();
    let places: Vec<PlaceRow> = listing_places::table
        .filter(listing_places::listing_id.eq_any(&ids))
        .select(PlaceRow::as_select())
        .load(conn)
        .await?;
    let rules: Vec<RulesRow> = listing_rules::table
        .filter(listing_rules::listing_id.eq_any(&ids))
        .select(RulesRow::as_select())
        .load(conn)
        .await?;
    let settings: Vec<SettingsRow> = listing_settings::table
        .filter(listing_settings::listing_id.eq_any(&ids))
        .select(SettingsRow::as_select())
        .load(conn)
        .await?;
    Ok(rows
        .into_iter()
        .map(|row| {
            let place = places.iter().find(|p| p.listing_id == row.id).cloned();
            let rules = rules.iter().find(|r| r.listing_id == row.id).cloned();
            let settings = settings.iter().find(|r| r.listing_id == row.id).cloned();
            Listing { row, place, rules, settings }
        })
        .collect())
}

/// The host's draft, if any.
pub async fn draft_of(conn: &mut AsyncPgConnection, host: Uuid) -> QueryResult<Option<Listing>> {
    let row = listings::table
        .filter(listings::host_id.eq(host))
        .filter(listings::status.eq("draft"))
        .select(ListingRow::as_select())
        .first(conn)
        .await
        .optional()?;
    match row {
        Some(row) => Ok(Some(with_parts(conn, row).await?)),
        None => Ok(None),
    }
}

/// Starts a draft for the host; `None` when one exists already (one draft per host, held by a
/// unique index, so two first steps at once give one draft).
pub async fn create_draft(
    conn: &mut AsyncPgConnection,
    id: Uuid,
    host: Uuid,
    now: DateTime<Utc>,
) -> QueryResult<Option<Uuid>> {
    let n = diesel::insert_into(listings::table)
        .values((
            listings::id.eq(id),
            listings::host_id.eq(host),
            listings::created_at.eq(now),
            listings::updated_at.eq(now),
        ))
        .on_conflict_do_nothing()
        .execute(conn)
        .await?;
    Ok((n == 1).then_some(id))
}

/// Records that `step` was saved, once.
pub async fn mark_step(
    conn: &mut AsyncPgConnection,
    id: Uuid,
    step: &str,
    now: DateTime<Utc>,
) -> QueryResult<()> {
    diesel::update(listings::table.find(id))
        .set((
            listings::completed_steps.eq(diesel::dsl::sql::<
                diesel::sql_types::Array<diesel::sql_types::Text>,
            >(
                "(SELECT array_agg(DISTINCT s ORDER BY s) FROM unnest(completed_steps || ARRAY[",
            )
            .bind::<diesel::sql_types::Text, _>(step.to_owned())
            .sql("]) AS s)")),
            listings::updated_at.eq(now),
        ))
        .execute(conn)
        .await?;
    Ok(())
}

/// Saves the location step.
pub async fn save_place(conn: &mut AsyncPgConnection, place: &PlaceRow) -> QueryResult<()> {
    diesel::insert_into(listing_places::table)
        .values(place)
        .on_conflict(listing_places::listing_id)
        .do_update()
        .set(place)
        .execute(conn)
        .await?;
    Ok(())
}

/// Saves the availability step.
pub async fn save_rules(conn: &mut AsyncPgConnection, rules: &RulesRow) -> QueryResult<()> {
    diesel::insert_into(listing_rules::table)
        .values(rules)
        .on_conflict(listing_rules::listing_id)
        .do_update()
        .set(rules)
        .execute(conn)
        .await?;
    Ok(())
}

/// Saves the vehicle step.
pub async fn save_vehicle(
    conn: &mut AsyncPgConnection,
    id: Uuid,
    f: &VehicleForm,
) -> QueryResult<()> {
    diesel::update(listings::table.find(id)).set(f).execute(conn).await?;
    Ok(())
}

/// Saves the features step.
pub async fn save_features(
    conn: &mut AsyncPgConnection,
    id: Uuid,
    f: &FeaturesForm,
) -> QueryResult<()> {
    diesel::update(listings::table.find(id)).set(f).execute(conn).await?;
    Ok(())
}

/// Saves the description step.
pub async fn save_description(
    conn: &mut AsyncPgConnection,
    id: Uuid,
    text: &str,
) -> QueryResult<()> {
    diesel::update(listings::table.find(id))
        .set(listings::description.eq(text))
        .execute(conn)
        .await?;
    Ok(())
}

/// Saves the daily price step.
pub async fn save_price(conn: &mut AsyncPgConnection, id: Uuid, cents: i64) -> QueryResult<()> {
    diesel::update(listings::table.find(id))
        .set(listings::daily_price_cents.eq(cents))
        .execute(conn)
        .await?;
    Ok(())
}

/// Saves the photos step.
pub async fn save_photos(
    conn: &mut AsyncPgConnection,
    id: Uuid,
    f: &PhotosForm,
) -> QueryResult<()> {
    diesel::update(listings::table.find(id)).set(f).execute(conn).await?;
    Ok(())
}

/// Whether another listing on the platform holds this VIN (deleted ones do not).
pub async fn vin_registered(
    conn: &mut AsyncPgConnection,
    vin: &str,
    except: Option<Uuid>,
) -> QueryResult<bool> {
    let mut q = listings::table
        .filter(listings::vin.eq(vin))
        .filter(listings::status.ne("deleted"))
        .into_boxed();
    if let Some(id) = except {
        q = q.filter(listings::id.ne(id));
    }
    diesel::select(diesel::dsl::exists(q)).get_result(conn).await
}

/// Moves a listing to `status` (with the review's time and reason), bumping its version when
/// the change is published.
pub async fn set_status(
    conn: &mut AsyncPgConnection,
    id: Uuid,
    status: &str,
    reason: Option<&str>,
    now: DateTime<Utc>,
    bump_version: bool,
) -> QueryResult<()> {
    let bump: i64 = i64::from(bump_version);
    diesel::update(listings::table.find(id))
        .set((
            listings::status.eq(status),
            listings::rejection_reason.eq(reason),
            listings::version.eq(listings::version + bump),
            listings::updated_at.eq(now),
        ))
        .execute(conn)
        .await?;
    Ok(())
}

/// Puts a complete draft under review.
pub async fn submit(conn: &mut AsyncPgConnection, id: Uuid, now: DateTime<Utc>) -> QueryResult<()> {
    diesel::update(listings::table.find(id))
        .set((
            listings::status.eq("pending"),
            listings::submitted_at.eq(now),
            listings::rejection_reason.eq(None::<String>),
            listings::updated_at.eq(now),
        ))
        .execute(conn)
        .await?;
    Ok(())
}

/// Records the review's time.
pub async fn reviewed(
    conn: &mut AsyncPgConnection,
    id: Uuid,
    now: DateTime<Utc>,
) -> QueryResult<()> {
    diesel::update(listings::table.find(id))
        .set(listings::reviewed_at.eq(now))
        .execute(conn)
        .await?;
    Ok(())
}

/// Deletes a listing that never reached the platform (a draft or a rejected listing).
pub async fn delete_unlisted(conn: &mut AsyncPgConnection, id: Uuid) -> QueryResult<bool> {
    let n = diesel::delete(
        listings::table.find(id).filter(listings::status.eq_any(["draft", "rejected"])),
    )
    .execute(conn)
    .await?;
    Ok(n == 1)
}

/// Listings waiting for review, oldest submission first, and how many there are.
pub async fn pending(
    conn: &mut AsyncPgConnection,
    offset: i64,
    limit: i64,
) -> QueryResult<(Vec<Listing>, i64)> {
    let rows = listings::table
        .filter(listings::status.eq("pending"))
        .order((listings::submitted_at.asc(), listings::id.asc()))
        .offset(offset)
        .limit(limit)
        .select(ListingRow::as_select())
        .load(conn)
        .await?;
    let total =
        listings::table.filter(listings::status.eq("pending")).count().get_result(conn).await?;
    Ok((complete(conn, rows).await?, total))
}

/// The host's listings past the wizard (not drafts, not deleted), newest first.
pub async fn host_cars(
    conn: &mut AsyncPgConnection,
    host: Uuid,
    offset: i64,
    limit: i64,
) -> QueryResult<(Vec<Listing>, i64)> {
    let on_platform = listings::host_id.eq(host).and(listings::status.ne_all(["draft", "deleted"]));
    let rows = listings::table
        .filter(on_platform)
        .order((listings::created_at.desc(), listings::id.desc()))
        .offset(offset)
        .limit(limit)
        .select(ListingRow::as_select())
        .load(conn)
        .await?;
    let total = listings::table
        .filter(listings::host_id.eq(host))
        .filter(listings::status.ne_all(["draft", "deleted"]))
        .count()
        .get_result(conn)
        .await?;
    Ok((complete(conn, rows).await?, total))
}

/// How many of the host's listings are in each status.
pub async fn status_counts(
    conn: &mut AsyncPgConnection,
    host: Uuid,
) -> QueryResult<Vec<(String, i64)>> {
    listings::table
        .filter(listings::host_id.eq(host))
        .group_by(listings::status)
        .select((listings::status, diesel::dsl::count_star()))
        .load(conn)
        .await
}

/// Applies a change to the car's settings (created with their defaults on first use).
pub async fn save_settings(
    conn: &mut AsyncPgConnection,
    id: Uuid,
    change: &SettingsChange,
) -> QueryResult<()> {
    diesel::insert_into(listing_settings::table)
        .values(listing_settings::listing_id.eq(id))
        .on_conflict_do_nothing()
        .execute(conn)
        .await?;
    diesel::update(listing_settings::table.find(id)).set(change).execute(conn).await?;
    Ok(())
}

/// Moves the listing's version on (its change is published) and its update time.
pub async fn touch(conn: &mut AsyncPgConnection, id: Uuid, now: DateTime<Utc>) -> QueryResult<()> {
    diesel::update(listings::table.find(id))
        .set((listings::version.eq(listings::version + 1), listings::updated_at.eq(now)))
        .execute(conn)
        .await?;
    Ok(())
}
