//! The listing wizard: `checkCarListing`, `addCarListing` (one section at a time),
//! `car/{id}` and `deleteCarListing`. Each section is parsed into its domain type before any
//! I/O; a host has one draft (held by the database), which every section after the first
//! saves into; `finalize` puts a complete draft under review.

use crate::api::view::{self, completed};
use crate::api::{host, listing_id};
use crate::error::{HostingError, HostingResult};
use crate::state::AppState;
use crate::store::listings::{
    self, FeaturesForm, Listing, PhotosForm, PlaceRow, RulesRow, VehicleForm,
};
use chrono::{DateTime, Datelike, Utc};
use diesel_async::{AsyncConnection, AsyncPgConnection};
use hosting_domain::listing::{
    Availability, AvailabilityInput, DailyPrice, Description, Features, FeaturesInput, Finalize,
    ListingError, Location, LocationInput, PhotoSet, Step, VinDetails, VinDetailsInput, next_step,
};
use hosting_domain::photo::check_photo_head;
use hosting_domain::vehicle::VehicleInput;
use upcar_identity::Identity;
use upcar_proto::hosting as pb;
use uuid::Uuid;

/// A section, checked and ready to store.
enum Parsed {
    Location(Location),
    VinDetails(VinDetails),
    Availability(Availability),
    Features(Features),
    Description(Description),
    DailyPrice(DailyPrice),
    Photos(PhotoSet),
    Finalize { terms_accepted: bool },
}

/// The file name a photo error names: the last part of its URL.
fn file_name(url: &str) -> &str {
    url.split(['?', '#']).next().unwrap_or(url).rsplit('/').next().unwrap_or(url)
}

/// The photos step's set, each photo judged by its stored bytes: one of this product's files,
/// JPEG or PNG, at most 20 MB, at least 360x360.
pub fn photos(p: &pb::PhotosSection) -> HostingResult<PhotoSet> {
    let urls: Vec<&str> = p.photos.iter().map(|f| f.url.as_str()).collect();
    let set = PhotoSet::parse(&p.primary_photo_url, &urls)?;
    for facts in &p.photos {
        if !facts.stored {
            return Err(HostingError::PhotoNotUploaded(file_name(&facts.url).to_owned()));
        }
        let size = u64::try_from(facts.size_bytes).unwrap_or(0);
        check_photo_head(file_name(&facts.url), size, &facts.head)?;
    }
    Ok(set)
}

/// Parses the section the request names; every rule of spec 001 section 5 that needs no
/// stored data is checked here.
fn parse(
    step: Step,
    section: Option<pb::save_listing_section_request::Section>,
    now: DateTime<Utc>,
) -> HostingResult<Parsed> {
    use pb::save_listing_section_request::Section as S;
    let parsed = match (step, section) {
        (Step::Location, Some(S::Location(l))) => {
            let a = l.address.unwrap_or_default();
            Parsed::Location(Location::parse(&LocationInput {
                street: &a.street,
                city: &a.city,
                state: &a.state,
                zip: &a.zip,
                country: &a.country,
                latitude: l.latitude,
                longitude: l.longitude,
            })?)
        }
        (Step::VinDetails, Some(S::VinDetails(v))) => {
            Parsed::VinDetails(VinDetails::parse(
                &VinDetailsInput {
                    vin: &v.vin,
                    vehicle: VehicleInput {
                        car_year: &v.car_year,
                        make: &v.make,
                        model: &v.model,
                        trim: &v.trim,
                        style: &v.style,
                    },
                    odometer: &v.odometer,
                    transmission_type: &v.transmission_type,
                    // The spec's client sends no terms field with this step; a client that
                    // sends `termsAccepted: false` is refused.
                    terms_accepted: v.terms_accepted.unwrap_or(true),
                },
                now.year(),
            )?)
        }
        (Step::Availability, Some(S::Availability(a))) => {
            Parsed::Availability(Availability::parse(&AvailabilityInput {
                advance_notice: a.advance_notice.map(i64::from),
                min_trip_duration: a.min_trip_duration.map(i64::from),
                max_trip_duration: a.max_trip_duration.map(i64::from),
                two_day_trip_for_weekend: a.two_day_trip_for_weekend,
            })?)
        }
        (Step::Features, Some(S::Features(f))) => {
            let names: Vec<&str> = f.features.iter().map(String::as_str).collect();
            Parsed::Features(Features::parse(
                &FeaturesInput {
                    license_plate: &f.license_plate,
                    state: &f.state,
                    features: &names,
                    seats: f.seats.map(i64::from),
                    doors: f.doors.map(i64::from),
                    gas_type: &f.gas_type,
                    special_feature: &f.special_feature,
                },
                crate::vocabulary::FEATURES,
            )?)
        }
        (Step::Description, Some(S::Description(d))) => {
            Parsed::Description(Description::parse(&d.car_description)?)
        }
        (Step::DailyPrice, Some(S::DailyPrice(p))) => {
            Parsed::DailyPrice(DailyPrice::parse(&p.car_daily_price)?)
        }
        (Step::Photos, Some(S::Photos(p))) => Parsed::Photos(photos(&p)?),
        (Step::Finalize, s) => {
            let terms_accepted = match s {
                Some(S::Finalize(f)) => f.terms_accepted,
                _ => true,
            };
            Parsed::Finalize { terms_accepted }
        }
        (step, _) => return Err(HostingError::SectionMissing(step.key())),
    };
    Ok(parsed)
}

/// The listing the section saves into: the one named (the caller's, still in the wizard), or
/// the caller's draft; the location step starts a draft when there is none.
async fn target(
    c: &mut AsyncPgConnection,
    who: &Identity,
    car_id: &str,
    step: Step,
    now: DateTime<Utc>,
) -> HostingResult<Listing> {
    let id = if car_id.trim().is_empty() {
        match listings::draft_of(c, who.user_id).await? {
            Some(l) => l.row.id,
            None if step == Step::Location => {
                match listings::create_draft(c, Uuid::now_v7(), who.user_id, now).await? {
                    Some(id) => id,
                    // Another first step of this host committed in between: use its draft.
                    None => listings::draft_of(c, who.user_id)
                        .await?
                        .map(|l| l.row.id)
                        .ok_or(HostingError::NoDraft)?,
                }
            }
            None => return Err(HostingError::NoDraft),
        }
    } else {
        listing_id(car_id)?
    };
    let listing = listings::lock(c, id).await?.ok_or(HostingError::ListingNotFound)?;
    if listing.row.host_id != who.user_id {
        return Err(HostingError::ListingNotFound);
    }
    match listing.row.status.as_str() {
        "draft" => Ok(listing),
        // A rejected listing goes back through the wizard and is submitted again.
        "rejected" => {
            listings::set_status(c, id, "draft", None, now, false).await?;
            Ok(listings::lock(c, id).await?.ok_or(HostingError::ListingNotFound)?)
        }
        _ => Err(HostingError::NotEditable),
    }
}

/// Stores one parsed section.
async fn store(
    c: &mut AsyncPgConnection,
    l: &Listing,
    parsed: Parsed,
    now: DateTime<Utc>,
) -> HostingResult<(bool, bool)> {
    let id = l.row.id;
    let mut warning = false;
    let mut submitted = false;
    match parsed {
        Parsed::Location(loc) => {
            let time_zone =
                crate::zones::of_state(loc.state).ok_or(ListingError::InvalidState)?.to_owned();
            listings::save_place(
                c,
                &PlaceRow {
                    listing_id: id,
                    street: loc.street,
                    city: loc.city,
                    state: loc.state.to_owned(),
                    zip: loc.zip,
                    country: loc.country.to_owned(),
                    latitude: loc.latitude,
                    longitude: loc.longitude,
                    time_zone,
                },
            )
            .await?;
        }
        Parsed::VinDetails(v) => {
            if listings::vin_registered(c, v.vin.as_str(), Some(id)).await? {
                return Err(HostingError::VinRegistered);
            }
            listings::save_vehicle(
                c,
                id,
                &VehicleForm {
                    vin: v.vin.as_str().to_owned(),
                    make: v.vehicle.make,
                    model: v.vehicle.model,
                    style: v.vehicle.style,
                    car_year: v.vehicle.car_year,
                    trim: v.vehicle.trim,
                    odometer: v.odometer.label(),
                    transmission: v.transmission_type.as_str().to_owned(),
                },
            )
            .await?;
        }
        Parsed::Availability(a) => {
            let n = |v: u32| i32::try_from(v).unwrap_or(i32::MAX);
            listings::save_rules(
                c,
                &RulesRow {
                    listing_id: id,
                    advance_notice_hours: n(a.advance_notice),
                    min_trip_days: n(a.min_trip_duration),
                    max_trip_days: n(a.max_trip_duration),
                    two_day_weekend: a.two_day_trip_for_weekend,
                },
            )
            .await?;
        }
        Parsed::Features(f) => {
            listings::save_features(
                c,
                id,
                &FeaturesForm {
                    license_plate: f.license_plate.as_str().to_owned(),
                    plate_state: f.state.to_owned(),
                    seats: i32::from(f.seats),
                    doors: i32::from(f.doors),
                    gas_type: f.gas_type.as_str().to_owned(),
                    features: f.features,
                    special_feature: f.special_feature,
                },
            )
            .await?;
        }
        Parsed::Description(d) => listings::save_description(c, id, d.as_str()).await?,
        Parsed::DailyPrice(p) => {
            warning = p.long_term_only_warning;
            listings::save_price(c, id, p.cents).await?;
        }
        Parsed::Photos(p) => {
            listings::save_photos(
                c,
                id,
                &PhotosForm { photo_urls: p.photo_urls, primary_photo_url: p.primary_photo_url },
            )
            .await?;
        }
        Parsed::Finalize { terms_accepted } => {
            Finalize::check(&completed(l), terms_accepted)?;
            // The VIN may have been registered by another listing since this one saved it.
            if let Some(vin) = &l.row.vin
                && listings::vin_registered(c, vin, Some(id)).await?
            {
                return Err(HostingError::VinRegistered);
            }
            listings::submit(c, id, now).await?;
            submitted = true;
        }
    }
    Ok((warning, submitted))
}

/// Saves one section into listing `id` exactly as `addCarListing` does (the same parsing and
/// storing), in the caller's transaction; the development demo data builds its listings
/// through it.
pub(crate) async fn save_section(
    c: &mut AsyncPgConnection,
    id: Uuid,
    step: Step,
    section: pb::save_listing_section_request::Section,
    now: DateTime<Utc>,
) -> HostingResult<()> {
    let parsed = parse(step, Some(section), now)?;
    let listing = listings::lock(c, id).await?.ok_or(HostingError::ListingNotFound)?;
    store(c, &listing, parsed, now).await?;
    if step != Step::Finalize {
        listings::mark_step(c, id, step.key(), now).await?;
    }
    Ok(())
}

/// Checks one section as `addCarListing` would, storing nothing (the demo data's tests).
#[cfg(test)]
pub(crate) fn check_section(
    step: Step,
    section: pb::save_listing_section_request::Section,
    now: DateTime<Utc>,
) -> HostingResult<()> {
    parse(step, Some(section), now).map(|_| ())
}

/// Saves the photos step of listing `id` from photos the product drew itself (the demo data's
/// pictures): the set's rules apply, the upload checks of a host's files do not.
pub(crate) async fn save_drawn_photos(
    c: &mut AsyncPgConnection,
    id: Uuid,
    primary: &str,
    urls: &[&str],
    now: DateTime<Utc>,
) -> HostingResult<()> {
    let set = PhotoSet::parse(primary, urls)?;
    let listing = listings::lock(c, id).await?.ok_or(HostingError::ListingNotFound)?;
    store(c, &listing, Parsed::Photos(set), now).await?;
    listings::mark_step(c, id, Step::Photos.key(), now).await?;
    Ok(())
}

/// The message after a saved section.
fn saved_message(step: Step) -> String {
    match step {
        Step::Finalize => "Thank you for submitting your listing! Your car listing is under review and will be approved soon.".to_owned(),
        other => format!("{} saved", other.label()),
    }
}

/// `addCarListing`.
pub async fn save(
    state: &AppState,
    who: Option<Identity>,
    r: pb::SaveListingSectionRequest,
) -> HostingResult<pb::SaveListingSectionReply> {
    let who = host(who)?;
    let step = Step::parse(r.section_name.trim())?;
    let now = state.clock.now();
    let parsed = parse(step, r.section, now)?;
    let mut conn = state.conn().await?;
    let (id, next, warning) = conn
        .transaction::<_, HostingError, _>(async |c| {
            let listing = target(c, &who, &r.car_id, step, now).await?;
            let (warning, submitted) = store(c, &listing, parsed, now).await?;
            if step != Step::Finalize {
                listings::mark_step(c, listing.row.id, step.key(), now).await?;
            }
            let saved =
                listings::find(c, listing.row.id).await?.ok_or(HostingError::ListingNotFound)?;
            let next = if submitted {
                String::new()
            } else {
                next_step(&completed(&saved)).key().to_owned()
            };
            Ok((saved.row.id, next, warning))
        })
        .await?;
    tracing::info!(listing = %id, step = step.key(), "listing section saved");
    Ok(pb::SaveListingSectionReply {
        message: saved_message(step),
        car_id: id.to_string(),
        next_step: next,
        long_term_only_warning: warning,
    })
}

/// `checkCarListing`: the caller's draft and where it resumes.
pub async fn check(
    state: &AppState,
    who: Option<Identity>,
) -> HostingResult<pb::CheckCarListingReply> {
    let who = host(who)?;
    let mut conn = state.conn().await?;
    Ok(match listings::draft_of(&mut conn, who.user_id).await? {
        Some(l) => pb::CheckCarListingReply {
            has_existing_listing: true,
            message:
                "You have a car listing in progress. Would you like to continue where you left off?"
                    .to_owned(),
            car_id: l.row.id.to_string(),
            next_step: view::resume_at(&l),
        },
        None => pb::CheckCarListingReply {
            has_existing_listing: false,
            message: "No car listing in progress.".to_owned(),
            car_id: String::new(),
            next_step: String::new(),
        },
    })
}

/// The caller's listing (an admin reads any, an accepted co-host of the team that holds the
/// car reads it to manage what the team allows); anyone else: not found.
pub async fn get(
    state: &AppState,
    who: Option<Identity>,
    r: pb::ListingIdRequest,
) -> HostingResult<pb::ListingReply> {
    let who = host(who)?;
    let id = listing_id(&r.car_id)?;
    let mut conn = state.conn().await?;
    let l = listings::find(&mut conn, id).await?.ok_or(HostingError::ListingNotFound)?;
    if l.row.status == "deleted" {
        return Err(HostingError::ListingNotFound);
    }
    if l.row.host_id != who.user_id
        && who.role != upcar_identity::Role::Admin
        && crate::store::teams::grant(&mut conn, who.user_id, l.row.id).await?.is_none()
    {
        return Err(HostingError::ListingNotFound);
    }
    Ok(pb::ListingReply { listing: Some(view::listing(&l)) })
}

/// `deleteCarListing`: a draft (Start New Listing) or a rejected listing. A car on the
/// platform is deleted through car management, which checks its trips.
pub async fn delete(
    state: &AppState,
    who: Option<Identity>,
    r: pb::ListingIdRequest,
) -> HostingResult<pb::DeleteCarListingReply> {
    let who = host(who)?;
    let id: Uuid = listing_id(&r.car_id)?;
    let mut conn = state.conn().await?;
    conn.transaction::<_, HostingError, _>(async |c| {
        let l = listings::lock(c, id).await?.ok_or(HostingError::ListingNotFound)?;
        if l.row.host_id != who.user_id || l.row.status == "deleted" {
            return Err(HostingError::ListingNotFound);
        }
        if !listings::delete_unlisted(c, id).await? {
            return Err(HostingError::NotDeletable);
        }
        Ok(())
    })
    .await?;
    Ok(pb::DeleteCarListingReply { message: "Car listing deleted".to_owned() })
}
