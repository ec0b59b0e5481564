//! Host car management (spec 001 section 7): a listed car's price, discounts, trip
//! preferences, guest instructions, details, extras and photos (`host/car-update/*`,
//! `cars/updateCar`, `cars/extras`), its status, its deletion and its inspection form. Every
//! change is checked whole before anything is written, and published in its transaction
//! (`hosting.car_listing_changed`), so catalog-search and pricing follow.

use crate::api::access::{self, Access};
use crate::api::view;
use crate::api::wizard::photos;
use crate::api::{host, listing_id};
use crate::error::{HostingError, HostingResult};
use crate::events::listing_changed;
use crate::state::AppState;
use crate::store::bookings;
use crate::store::listings::{self, FeaturesForm, Listing, PhotosForm, RulesRow, SettingsChange};
use chrono::{DateTime, Utc};
use diesel_async::{AsyncConnection, AsyncPgConnection};
use hosting_domain::availability::{DatePriceInput, apply_date_prices};
use hosting_domain::car::{self, CarStatus, Extra, ExtraInput};
use hosting_domain::listing::{
    Availability, AvailabilityInput, DailyPrice, Description, Features, FeaturesInput,
};
use hosting_domain::stage::ListingStage;
use hosting_domain::teams::{Capability, ListingPart};
use upcar_identity::Identity;
use upcar_proto::hosting as pb;
use uuid::Uuid;

/// Which stages a car call takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reach {
    /// Past review: status, deletion, availability.
    OnPlatform,
    /// Past review or under it: the car-update calls (the listing stays under review).
    CarUpdates,
}

/// Locks a car the caller may change as `needs` says: its owner, an admin, or a co-host
/// whose team grants it (403 naming what is missing). Another host's car, and an unknown or
/// deleted one, is not found; a listing in a stage `reach` does not take answers what it is
/// (still in the wizard, or under review).
pub async fn car_for(
    c: &mut AsyncPgConnection,
    who: &Identity,
    id: Uuid,
    needs: &[Capability],
    reach: Reach,
) -> HostingResult<(Listing, Access)> {
    let l = listings::lock(c, id).await?.ok_or(HostingError::ListingNotFound)?;
    let stage = l.row.stage();
    if stage == ListingStage::Deleted {
        return Err(HostingError::ListingNotFound);
    }
    let access = access::of(c, who, &l).await?;
    let taken = match reach {
        Reach::OnPlatform => stage.on_platform(),
        Reach::CarUpdates => stage.takes_car_updates(),
    };
    if !taken {
        return Err(match stage {
            ListingStage::UnderReview => HostingError::ListingUnderReview,
            _ => HostingError::CarNotListed,
        });
    }
    access::require(&access, needs)?;
    Ok((l, access))
}

/// What a change asks of the caller's permissions.
fn needs(r: &pb::UpdateCarRequest) -> Vec<Capability> {
    let mut out = Vec::new();
    if r.daily_price.is_some() || r.discounts.is_some() || r.date_prices.is_some() {
        out.push(Capability::ManagePricing);
    }
    if r.trip_preferences.is_some() {
        out.push(Capability::ManageAvailability);
    }
    if r.guest_instructions.is_some() || r.details.is_some() {
        out.push(access::listing(ListingPart::Details));
    }
    if r.extras.is_some() {
        out.push(access::listing(ListingPart::Extras));
    }
    if r.photos.is_some() {
        out.push(access::listing(ListingPart::Photos));
    }
    out
}

/// Moves the version on and writes the car's full state to the outbox (once it is published).
async fn publish(
    c: &mut AsyncPgConnection,
    id: Uuid,
    now: DateTime<Utc>,
) -> HostingResult<Listing> {
    listings::touch(c, id, now).await?;
    let l = listings::find(c, id).await?.ok_or(HostingError::ListingNotFound)?;
    // Under review nothing is published yet: the approval publishes the state it approves.
    if !l.row.stage().is_published() {
        return Ok(l);
    }
    let event = listing_changed(&l, now)
        .ok_or_else(|| HostingError::Internal(anyhow::anyhow!("listed car {id} is incomplete")))?;
    upcar_events::enqueue(c, &event).await?;
    Ok(l)
}

/// A change, checked.
#[derive(Default)]
struct Checked {
    price_cents: Option<i64>,
    rules: Option<Availability>,
    settings: SettingsChange,
    description: Option<String>,
    features: Option<Features>,
    photos: Option<hosting_domain::listing::PhotoSet>,
}

fn opt_i64(v: Option<i32>) -> Option<i64> {
    v.map(i64::from)
}

/// The car's local date at `now` (its place's time zone; the listing has one past the
/// wizard).
fn local_today(l: &Listing, now: DateTime<Utc>) -> chrono::NaiveDate {
    let tz: chrono_tz::Tz = l
        .place
        .as_ref()
        .and_then(|p| p.time_zone.parse().ok())
        .unwrap_or(chrono_tz::America::Los_Angeles);
    now.with_timezone(&tz).date_naive()
}

/// Checks every part of the request against the car as it is (a part not sent keeps its
/// value).
fn check(l: &Listing, r: &pb::UpdateCarRequest, now: DateTime<Utc>) -> HostingResult<Checked> {
    let mut out = Checked::default();
    if let Some(d) = &r.date_prices {
        let inputs: Vec<DatePriceInput> = d
            .prices
            .iter()
            .map(|p| DatePriceInput { date: &p.date, daily_price: p.daily_price.as_deref() })
            .collect();
        let prices = apply_date_prices(&view::date_prices(l), &inputs, local_today(l, now))?;
        out.settings.date_prices = Some(
            prices
                .into_iter()
                .map(|(d, c)| (d.to_string(), c.into()))
                .collect::<serde_json::Map<_, _>>()
                .into(),
        );
    }
    if let Some(p) = &r.daily_price {
        out.price_cents = Some(DailyPrice::parse(p)?.cents);
    }
    if let Some(d) = &r.discounts {
        if let Some(w) = d.weekly_discount_pct {
            out.settings.weekly_discount_pct = Some(i32::from(car::discount(i64::from(w))?));
        }
        if let Some(m) = d.monthly_discount_pct {
            out.settings.monthly_discount_pct = Some(i32::from(car::discount(i64::from(m))?));
        }
    }
    if let Some(t) = &r.trip_preferences {
        let now = l.rules.as_ref();
        let current = |v: Option<i32>, stored: Option<i32>| opt_i64(v.or(stored));
        out.rules = Some(Availability::parse(&AvailabilityInput {
            advance_notice: current(t.advance_notice, now.map(|x| x.advance_notice_hours)),
            min_trip_duration: current(t.min_trip_duration, now.map(|x| x.min_trip_days)),
            max_trip_duration: current(t.max_trip_duration, now.map(|x| x.max_trip_days)),
            two_day_trip_for_weekend: t
                .two_day_trip_for_weekend
                .unwrap_or_else(|| now.is_some_and(|x| x.two_day_weekend)),
        })?);
        out.settings.instant_booking = t.instant_booking;
    }
    if let Some(g) = &r.guest_instructions {
        out.settings.guest_instructions = Some(car::guest_instructions(g)?);
    }
    if let Some(d) = &r.details {
        if let Some(text) = &d.car_details {
            out.description = Some(Description::parse(text)?.as_str().to_owned());
        }
        let row = &l.row;
        let stored = |v: &Option<String>| v.clone().unwrap_or_default();
        let plate = d.license_plate.clone().unwrap_or_else(|| stored(&row.license_plate));
        let state = d.plate_state.clone().unwrap_or_else(|| stored(&row.plate_state));
        let gas = d.gas_type.clone().unwrap_or_else(|| stored(&row.gas_type));
        let special = d.special_feature.clone().unwrap_or_else(|| stored(&row.special_feature));
        let names: Vec<&str> = if d.features_sent {
            d.features.iter().map(String::as_str).collect()
        } else {
            row.features.iter().map(String::as_str).collect()
        };
        out.features = Some(Features::parse(
            &FeaturesInput {
                license_plate: &plate,
                state: &state,
                features: &names,
                seats: opt_i64(d.seats.or(row.seats)),
                doors: opt_i64(d.doors.or(row.doors)),
                gas_type: &gas,
                special_feature: &special,
            },
            crate::vocabulary::FEATURES,
        )?);
    }
    if let Some(e) = &r.extras {
        let inputs: Vec<ExtraInput> = e
            .extras
            .iter()
            .map(|x| ExtraInput {
                extra_type: &x.extra_type,
                description: &x.description,
                price: &x.price,
                per: &x.per,
                is_quantity_choosable: x.is_quantity_choosable,
                available_quantity: x.available_quantity.map(i64::from),
            })
            .collect();
        let list = Extra::parse_list(&inputs)?;
        out.settings.extras =
            Some(serde_json::to_value(&list).map_err(|e| HostingError::Internal(e.into()))?);
    }
    if let Some(p) = &r.photos {
        out.photos = Some(photos(p)?);
    }
    Ok(out)
}

/// `host/car-update/*`, `cars/updateCar/{id}`, `cars/extras/{id}`.
pub async fn update(
    state: &AppState,
    who: Option<Identity>,
    r: pb::UpdateCarRequest,
) -> HostingResult<pb::ListingReply> {
    let who = host(who)?;
    let id = listing_id(&r.car_id)?;
    let now = state.clock.now();
    let mut conn = state.conn().await?;
    let listing = conn
        .transaction::<_, HostingError, _>(async |c| {
            let (l, access) = car_for(c, &who, id, &needs(&r), Reach::CarUpdates).await?;
            let before = access::snapshot(&l);
            let mut change = check(&l, &r, now)?;
            if let Some(cents) = change.price_cents {
                listings::save_price(c, id, cents).await?;
            }
            if let Some(a) = change.rules {
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
            if let Some(text) = &change.description {
                listings::save_description(c, id, text).await?;
            }
            if let Some(f) = change.features.take() {
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
            if let Some(p) = change.photos.take() {
                listings::save_photos(
                    c,
                    id,
                    &PhotosForm {
                        photo_urls: p.photo_urls,
                        primary_photo_url: p.primary_photo_url,
                    },
                )
                .await?;
            }
            change.settings.updated_at = Some(now);
            listings::save_settings(c, id, &change.settings).await?;
            let after = publish(c, id, now).await?;
            let snap = access::snapshot(&after);
            access::record(c, &access, &who, "car_updated", id, Some(before), Some(snap), now)
                .await?;
            Ok(after)
        })
        .await?;
    state.relay.wake();
    Ok(pb::ListingReply { listing: Some(view::listing(&listing)) })
}

/// `updateCarStatus/{id}`: listed, snoozed or unlisted.
pub async fn set_status(
    state: &AppState,
    who: Option<Identity>,
    r: pb::SetCarStatusRequest,
) -> HostingResult<pb::ListingReply> {
    let who = host(who)?;
    let id = listing_id(&r.car_id)?;
    let status = CarStatus::parse(&r.car_status)?;
    let now = state.clock.now();
    let mut conn = state.conn().await?;
    let listing = conn
        .transaction::<_, HostingError, _>(async |c| {
            let (l, access) =
                car_for(c, &who, id, &[Capability::ManageAvailability], Reach::OnPlatform).await?;
            if l.row.status == status.as_str() {
                return Ok(l);
            }
            listings::set_status(c, id, status.as_str(), None, now, false).await?;
            let after = publish(c, id, now).await?;
            let (b, a) = (
                serde_json::json!({"status": l.row.status}),
                serde_json::json!({"status": after.row.status}),
            );
            access::record(c, &access, &who, "car_status_changed", id, Some(b), Some(a), now)
                .await?;
            Ok(after)
        })
        .await?;
    state.relay.wake();
    Ok(pb::ListingReply { listing: Some(view::listing(&listing)) })
}

/// `deleteCar/{id}`: a car with a trip still to come is kept (409 naming the trips).
pub async fn delete(
    state: &AppState,
    who: Option<Identity>,
    r: pb::ListingIdRequest,
) -> HostingResult<pb::DeleteCarListingReply> {
    let who = host(who)?;
    let id = listing_id(&r.car_id)?;
    let now = state.clock.now();
    let mut conn = state.conn().await?;
    conn.transaction::<_, HostingError, _>(async |c| {
        car_for(c, &who, id, &[Capability::DeleteCar], Reach::OnPlatform).await?;
        let trips = bookings::upcoming(c, id, now).await?;
        if !trips.is_empty() {
            let names: Vec<String> = trips.iter().map(Uuid::to_string).collect();
            return Err(HostingError::CarHasTrips(names.join(", ")));
        }
        listings::set_status(c, id, "deleted", None, now, false).await?;
        publish(c, id, now).await?;
        // A deleted car leaves its team; the team's co-hosts lose it at once.
        if let Some(team) = crate::store::teams::release_car(c, id).await? {
            crate::api::teams::publish_team(c, team, now).await?;
        }
        Ok(())
    })
    .await?;
    state.relay.wake();
    Ok(pb::DeleteCarListingReply { message: "Car deleted".to_owned() })
}

/// `cars/addInspectionForm`: a document the host uploaded (a link of this product's files).
pub async fn inspection_form(
    state: &AppState,
    who: Option<Identity>,
    r: pb::AddInspectionFormRequest,
) -> HostingResult<pb::ListingReply> {
    let who = host(who)?;
    let id = listing_id(&r.car_id)?;
    let url = r.document_url.trim().to_owned();
    if url.is_empty() {
        return Err(HostingError::DocumentUrlRequired);
    }
    if url.chars().count() > 2000 || !(url.starts_with("https://") || url.starts_with("http://")) {
        return Err(HostingError::InvalidDocumentUrl);
    }
    let now = state.clock.now();
    let mut conn = state.conn().await?;
    let listing = conn
        .transaction::<_, HostingError, _>(async |c| {
            let (l, access) =
                car_for(c, &who, id, &[access::listing(ListingPart::Details)], Reach::CarUpdates)
                    .await?;
            let before = serde_json::json!({"inspectionFormUrl": l.settings.as_ref().and_then(|s| s.inspection_form_url.clone())});
            access::record(c, &access, &who, "inspection_form_added", id, Some(before), Some(serde_json::json!({"inspectionFormUrl": url})), now).await?;
            let change = SettingsChange {
                inspection_form_url: Some(url.clone()),
                updated_at: Some(now),
                ..Default::default()
            };
            listings::save_settings(c, id, &change).await?;
            listings::find(c, id).await?.ok_or(HostingError::ListingNotFound)
        })
        .await?;
    Ok(pb::ListingReply { listing: Some(view::listing(&listing)) })
}
