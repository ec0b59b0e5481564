//! Rows to protobuf messages.

use crate::domain::tier::VerificationFacts;
use crate::store::users::{CaptainRow, DocumentsRow, UserRow};
use upcar_proto::accounts as pb;

/// The verification facts of a user.
pub fn facts(u: &UserRow, docs: Option<&DocumentsRow>) -> VerificationFacts {
    VerificationFacts {
        email_verified: u.email_verified,
        dob: u.dob,
        dl_front: docs.is_some_and(|d| d.dl_key.is_some()),
        dl_back: docs.is_some_and(|d| d.dl_back_key.is_some()),
        selfie: docs.is_some_and(|d| d.selfie_key.is_some()),
        license_expires: docs.and_then(|d| d.license_expires_on),
        has_payment_method: u.has_payment_method,
        completed_trips: u.completed_trips.max(0) as u32,
    }
}

/// A full profile, for the account itself (and admins), with its tier as of `today`.
pub fn user(
    u: &UserRow,
    docs: Option<&DocumentsRow>,
    favourites: Vec<String>,
    today: chrono::NaiveDate,
) -> pb::User {
    let f = facts(u, docs);
    let needed = f.needed(today);
    let home_location = u
        .home_location
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|v| serde_json::from_value::<HomeLocationJson>(v.clone()).ok())
                .map(Into::into)
                .collect()
        })
        .unwrap_or_default();
    pb::User {
        user_id: u.id.to_string(),
        first_name: u.first_name.clone(),
        last_name: u.last_name.clone(),
        email: u.email.clone(),
        professional_email: u.professional_email.clone().unwrap_or_default(),
        phone_number: u.phone_number.clone().unwrap_or_default(),
        country_code: u.country_code.clone(),
        promotions_enrollment: u.promotions_enrollment,
        sign_up_code: u.sign_up_code.clone().unwrap_or_default(),
        terms_accepted: u.terms_accepted,
        stripe_customer_id: u.stripe_customer_id.clone().unwrap_or_default(),
        is_professional_user: u.is_professional_user,
        email_verify: u.email_verified,
        is_mobile_verified: u.mobile_verified,
        is_driver_verified: f.driver_documents_complete(),
        current_tier: f.tier(today).label().to_owned(),
        dob: u.dob.map(|d| d.to_string()).unwrap_or_default(),
        profile_pic: u.profile_pic.clone().unwrap_or_default(),
        pre_book_verif_needed_fields: Some(pb::PreBookVerifNeededFields {
            dob: needed.dob,
            email_verified: needed.email_verified,
            dl_upload_needed: needed.dl_upload_needed,
        }),
        favorite_cars: favourites,
        home_location,
        role: u.role.clone(),
        created_at: u.created_at.to_rfc3339(),
        about: u.about.clone().unwrap_or_default(),
        has_payment_method: u.has_payment_method,
        license_expiration_date: f.license_expires.map(|d| d.to_string()).unwrap_or_default(),
    }
}

/// A captain shown in the `user` slot of a login answer.
pub fn captain(c: &CaptainRow) -> pb::User {
    pb::User {
        user_id: c.id.to_string(),
        first_name: c.first_name.clone(),
        last_name: c.last_name.clone(),
        email: c.email.clone(),
        phone_number: c.phone_number.clone().unwrap_or_default(),
        country_code: "+1".to_owned(),
        role: "captain".to_owned(),
        created_at: c.created_at.to_rfc3339(),
        current_tier: String::new(),
        ..Default::default()
    }
}

/// The stored shape of a home location entry.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize, Default)]
pub struct HomeLocationJson {
    #[serde(default)]
    pub street: String,
    #[serde(default)]
    pub city: String,
    #[serde(default)]
    pub state: String,
    #[serde(default)]
    pub zip: String,
    #[serde(default)]
    pub country: String,
    #[serde(default)]
    pub latitude: f64,
    #[serde(default)]
    pub longitude: f64,
}

impl From<HomeLocationJson> for pb::HomeLocation {
    fn from(h: HomeLocationJson) -> Self {
        pb::HomeLocation {
            street: h.street,
            city: h.city,
            state: h.state,
            zip: h.zip,
            country: h.country,
            latitude: h.latitude,
            longitude: h.longitude,
        }
    }
}

/// The licence's details as answered (empty fields when none); the date of birth is the
/// profile's.
pub fn license(u: &UserRow, d: Option<&DocumentsRow>) -> pb::DriverLicense {
    let text = |v: Option<&String>| v.cloned().unwrap_or_default();
    let day = |v: Option<chrono::NaiveDate>| v.map(|d| d.to_string()).unwrap_or_default();
    pb::DriverLicense {
        first_name: text(d.and_then(|d| d.license_first_name.as_ref())),
        last_name: text(d.and_then(|d| d.license_last_name.as_ref())),
        license_number: text(d.and_then(|d| d.license_number.as_ref())),
        expiration_date: day(d.and_then(|d| d.license_expires_on)),
        issue_date: day(d.and_then(|d| d.license_issued_on)),
        dob: day(u.dob),
    }
}

/// Documents as answered.
pub fn documents(d: Option<&DocumentsRow>) -> pb::DriverDocumentsReply {
    let key = |k: Option<&String>| k.cloned().unwrap_or_default();
    let (front, back, selfie) = (
        d.and_then(|d| d.dl_key.as_ref()),
        d.and_then(|d| d.dl_back_key.as_ref()),
        d.and_then(|d| d.selfie_key.as_ref()),
    );
    let count = [front, back, selfie].iter().filter(|k| k.is_some()).count();
    pb::DriverDocumentsReply {
        dl_storage_key: key(front),
        dl_back_side_storage_key: key(back),
        selfie_storage_key: key(selfie),
        insurance_storage_key: key(d.and_then(|d| d.insurance_key.as_ref())),
        status: match count {
            0 => "not_uploaded",
            3 => "uploaded",
            _ => "incomplete",
        }
        .to_owned(),
        is_driver_verified: count == 3,
    }
}
