//! A listing as the API answers it.

use crate::store::listings::Listing;
use chrono::SecondsFormat;
use hosting_domain::listing::{Step, next_step};
use std::collections::BTreeSet;
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
        status: r.status.clone(),
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
    }
}
