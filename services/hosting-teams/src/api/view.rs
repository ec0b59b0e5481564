//! A listing as the API answers it.

use crate::store::listings::Listing;
use chrono::{NaiveDate, SecondsFormat};
use hosting_domain::listing::{Step, next_step};
use std::collections::{BTreeMap, BTreeSet};
use upcar_proto::hosting as pb;

/// The steps a listing has saved, as domain steps (unknown keys are ignored).
pub fn completed(l: &Listing) -> BTreeSet<Step> {
    l.row.completed_steps.iter().filter_map(|k| Step::parse(k).ok()).collect()
}

/// Where the wizard resumes a draft; empty past the wizard.
pub fn resume_at(l: &Listing) -> String {
    if l.row.status == "draft" || l.row.status == "rejected" {
        next_step(&completed(l)).key().to_owned()
    } else {
        String::new()
    }
}

/// The reply form of a listing.
pub fn listing(l: &Listing) -> pb::Listing {
    let r = &l.row;
    let text = |v: &Option<String>| v.clone().unwrap_or_default();
    let time = |t: chrono::DateTime<chrono::Utc>| t.to_rfc3339_opts(SecondsFormat::Millis, true);
    let mut steps: Vec<Step> = completed(l).into_iter().collect();
    steps.sort();
    pb::Listing {
        id: r.id.to_string(),
        host_id: r.host_id.to_string(),
        status: crate::api::states::listing_status(&r.status) as i32,
        next_step: resume_at(l),
        completed_steps: steps.iter().map(|s| s.key().to_owned()).collect(),
        address: l.place.as_ref().map(|p| pb::Address {
            street: p.street.clone(),
            city: p.city.clone(),
            state: p.state.clone(),
            zip: p.zip.clone(),
            country: p.country.clone(),
        }),
        latitude: l.place.as_ref().map(|p| p.latitude),
        longitude: l.place.as_ref().map(|p| p.longitude),
        vin: text(&r.vin),
        make: text(&r.make),
        model: text(&r.model),
        style: text(&r.style),
        car_year: r.car_year.unwrap_or(0),
        trim: text(&r.trim),
        odometer: text(&r.odometer),
        transmission_type: text(&r.transmission),
        advance_notice: l.rules.as_ref().map(|x| x.advance_notice_hours),
        min_trip_duration: l.rules.as_ref().map(|x| x.min_trip_days),
        max_trip_duration: l.rules.as_ref().map(|x| x.max_trip_days),
        two_day_trip_for_weekend: l.rules.as_ref().is_some_and(|x| x.two_day_weekend),
        features: r.features.clone(),
        license_plate: text(&r.license_plate),
        plate_state: text(&r.plate_state),
        seats: r.seats,
        doors: r.doors,
        gas_type: text(&r.gas_type),
        special_feature: text(&r.special_feature),
        car_details: text(&r.description),
        photo_urls: r.photo_urls.clone(),
        primary_photo_url: text(&r.primary_photo_url),
        daily_price_cents: r.daily_price_cents,
        rejection_reason: text(&r.rejection_reason),
        submitted_at: r.submitted_at.map(time).unwrap_or_default(),
        created_at: time(r.created_at),
        updated_at: time(r.updated_at),
        weekly_discount_pct: l.settings.as_ref().map_or(0, |x| x.weekly_discount_pct),
        monthly_discount_pct: l.settings.as_ref().map_or(0, |x| x.monthly_discount_pct),
        instant_booking: l.settings.as_ref().is_none_or(|x| x.instant_booking),
        guest_instructions: l
            .settings
            .as_ref()
            .map(|x| x.guest_instructions.clone())
            .unwrap_or_default(),
        extras: extras(l)
            .into_iter()
            .map(|e| pb::Extra {
                extra_id: e.extra_id,
                extra_type: e.extra_type,
                description: e.description,
                price_cents: e.amount_cents,
                per: e.per,
                is_quantity_choosable: e.is_quantity_choosable,
                available_quantity: e.available_quantity,
            })
            .collect(),
        inspection_form_url: l
            .settings
            .as_ref()
            .and_then(|x| x.inspection_form_url.clone())
            .unwrap_or_default(),
        date_prices: date_prices(l)
            .into_iter()
            .map(|(d, cents)| pb::DatePrice { date: d.to_string(), daily_price_cents: cents })
            .collect(),
    }
}

/// The car's prices per date, in cents by date (read from the stored JSON object; the writes
/// check every entry).
pub fn date_prices(l: &Listing) -> BTreeMap<NaiveDate, i64> {
    let Some(m) = l.settings.as_ref().and_then(|s| s.date_prices.as_object()) else {
        return BTreeMap::new();
    };
    m.iter().filter_map(|(d, c)| Some((d.parse().ok()?, c.as_i64()?))).collect()
}

/// The car's extras as the events carry them (read from the stored JSON list).
pub fn extras(l: &Listing) -> Vec<upcar_proto::events::CarExtra> {
    let Some(list) = l.settings.as_ref().and_then(|s| s.extras.as_array().cloned()) else {
        return Vec::new();
    };
    list.iter()
        .filter_map(|x| {
            let text = |k: &str| x.get(k).and_then(|v| v.as_str()).unwrap_or_default().to_owned();
            let id = text("extraId");
            (!id.is_empty()).then(|| upcar_proto::events::CarExtra {
                extra_id: id,
                extra_type: text("extraType"),
                description: text("description"),
                amount_cents: x.get("priceCents").and_then(|v| v.as_i64()).unwrap_or(0),
                per: text("per"),
                is_quantity_choosable: x
                    .get("isQuantityChoosable")
                    .and_then(|v| v.as_bool())
                    .unwrap_or(false),
                available_quantity: x
                    .get("availableQuantity")
                    .and_then(|v| v.as_i64())
                    .and_then(|v| i32::try_from(v).ok())
                    .unwrap_or(1),
            })
        })
        .collect()
}
