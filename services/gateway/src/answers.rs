//! Answers several route modules share, with the spec's field names, built `From` the
//! services' replies. Answers of one route live beside it.

use crate::wire::dollars;
use serde::Serialize;
use upcar_proto::{accounts as apb, catalog as cpb};
use utoipa::ToSchema;

/// Empty text is `null` in the spec's entities.
fn opt(s: &str) -> Option<String> {
    (!s.is_empty()).then(|| s.to_owned())
}

/// What a user still needs before booking (spec 000 4.6).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PreBookVerifNeededFields {
    pub dob: bool,
    pub email_verified: bool,
    pub dl_upload_needed: bool,
}

/// An address.
#[derive(Debug, Serialize, ToSchema)]
pub struct Address {
    pub street: String,
    pub city: String,
    pub state: String,
    pub zip: String,
    pub country: String,
}

/// A saved home location: the address both nested and flat, as clients read either.
#[derive(Debug, Serialize, ToSchema)]
pub struct HomeLocation {
    pub address: Address,
    pub street: String,
    pub city: String,
    pub state: String,
    pub zip: String,
    pub country: String,
    pub latitude: f64,
    pub longitude: f64,
}

impl From<&apb::HomeLocation> for HomeLocation {
    fn from(h: &apb::HomeLocation) -> Self {
        Self {
            address: Address {
                street: h.street.clone(),
                city: h.city.clone(),
                state: h.state.clone(),
                zip: h.zip.clone(),
                country: h.country.clone(),
            },
            street: h.street.clone(),
            city: h.city.clone(),
            state: h.state.clone(),
            zip: h.zip.clone(),
            country: h.country.clone(),
            latitude: h.latitude,
            longitude: h.longitude,
        }
    }
}

/// The User entity as the spec names its fields (002 section 3, 000 section 3).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct User {
    #[serde(rename = "_id")]
    pub id: String,
    pub user_id: String,
    #[serde(rename = "user_id")]
    pub user_id_snake: String,
    pub first_name: String,
    pub last_name: String,
    pub email: String,
    pub professional_email: Option<String>,
    pub phone_number: Option<String>,
    pub country_code: String,
    #[serde(rename = "promotions_enrollment")]
    pub promotions_enrollment: bool,
    pub sign_up_code: Option<String>,
    pub terms_accepted: bool,
    pub stripe_customer_id: Option<String>,
    pub is_professional_user: bool,
    pub email_verify: bool,
    pub is_mobile_verified: bool,
    pub is_driver_verified: bool,
    pub current_tier: Option<String>,
    pub dob: Option<String>,
    pub profile_pic: Option<String>,
    pub about: Option<String>,
    pub pre_book_verif_needed_fields: PreBookVerifNeededFields,
    pub favorite_cars: Vec<String>,
    pub home_location: Vec<HomeLocation>,
    pub has_payment_method: bool,
    pub role: String,
    pub created_at: String,
}

impl From<&apb::User> for User {
    fn from(u: &apb::User) -> Self {
        let needed = u.pre_book_verif_needed_fields.unwrap_or_default();
        Self {
            id: u.user_id.clone(),
            user_id: u.user_id.clone(),
            user_id_snake: u.user_id.clone(),
            first_name: u.first_name.clone(),
            last_name: u.last_name.clone(),
            email: u.email.clone(),
            professional_email: opt(&u.professional_email),
            phone_number: opt(&u.phone_number),
            country_code: u.country_code.clone(),
            promotions_enrollment: u.promotions_enrollment,
            sign_up_code: opt(&u.sign_up_code),
            terms_accepted: u.terms_accepted,
            stripe_customer_id: opt(&u.stripe_customer_id),
            is_professional_user: u.is_professional_user,
            email_verify: u.email_verify,
            is_mobile_verified: u.is_mobile_verified,
            is_driver_verified: u.is_driver_verified,
            current_tier: opt(&u.current_tier),
            dob: opt(&u.dob),
            profile_pic: opt(&u.profile_pic),
            about: opt(&u.about),
            pre_book_verif_needed_fields: PreBookVerifNeededFields {
                dob: needed.dob,
                email_verified: needed.email_verified,
                dl_upload_needed: needed.dl_upload_needed,
            },
            favorite_cars: u.favorite_cars.clone(),
            home_location: u.home_location.iter().map(HomeLocation::from).collect(),
            has_payment_method: u.has_payment_method,
            role: u.role.clone(),
            created_at: u.created_at.clone(),
        }
    }
}

/// A session: `user, access_token, status, message`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Session {
    pub status: bool,
    pub message: String,
    #[serde(rename = "access_token")]
    pub access_token: String,
    /// Unix seconds.
    pub expires_at: i64,
    pub user: Option<User>,
}

impl From<&apb::AuthReply> for Session {
    fn from(r: &apb::AuthReply) -> Self {
        Self {
            status: r.status,
            message: r.message.clone(),
            access_token: r.access_token.clone(),
            expires_at: r.expires_at,
            user: r.user.as_ref().map(User::from),
        }
    }
}

/// `data` of a code sent.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OtpData {
    pub user_id: String,
    pub message: String,
}

/// A one-time code sent: `success, data.userId, data.message` (and `status, userId, message`
/// at the top level, where the phone login reads them).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OtpSent {
    pub success: bool,
    pub status: bool,
    pub user_id: String,
    pub message: String,
    pub data: OtpData,
}

impl From<&apb::OtpStarted> for OtpSent {
    fn from(r: &apb::OtpStarted) -> Self {
        Self {
            success: r.success,
            status: r.success,
            user_id: r.user_id.clone(),
            message: r.message.clone(),
            data: OtpData { user_id: r.user_id.clone(), message: r.message.clone() },
        }
    }
}

impl From<&apb::Ack> for crate::wire::Ack {
    fn from(r: &apb::Ack) -> Self {
        Self { status: r.status, message: r.message.clone() }
    }
}

/// The public host card (000 section 3).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Host {
    #[serde(rename = "_id")]
    pub id: String,
    pub first_name: String,
    pub last_name: String,
    pub profile_pic: Option<String>,
    /// One decimal.
    pub rating: f64,
    pub trip_count: i32,
    pub joined_date: String,
    pub email_verify: bool,
    pub is_mobile_verified: bool,
    pub is_driver_verified: bool,
    pub current_tier: String,
}

impl From<&apb::Host> for Host {
    fn from(h: &apb::Host) -> Self {
        Self {
            id: h.id.clone(),
            first_name: h.first_name.clone(),
            last_name: h.last_name.clone(),
            profile_pic: opt(&h.profile_pic),
            rating: (h.rating * 10.0).round() / 10.0,
            trip_count: h.trip_count,
            joined_date: h.joined_date.clone(),
            email_verify: h.email_verify,
            is_mobile_verified: h.is_mobile_verified,
            is_driver_verified: h.is_driver_verified,
            current_tier: h.current_tier.clone(),
        }
    }
}

/// Driver documents status (002 section 3).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Documents {
    /// `not_uploaded`, `incomplete` or `uploaded`.
    pub status: String,
    pub dl_storage_key: Option<String>,
    pub dl_back_side_storage_key: Option<String>,
    pub selfie_storage_key: Option<String>,
    pub insurance_storage_key: Option<String>,
    pub is_driver_verified: bool,
    /// What the call did, where it did something.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
}

impl From<&apb::DriverDocumentsReply> for Documents {
    fn from(d: &apb::DriverDocumentsReply) -> Self {
        Self {
            status: d.status.clone(),
            dl_storage_key: opt(&d.dl_storage_key),
            dl_back_side_storage_key: opt(&d.dl_back_side_storage_key),
            selfie_storage_key: opt(&d.selfie_storage_key),
            insurance_storage_key: opt(&d.insurance_storage_key),
            is_driver_verified: d.is_driver_verified,
            message: None,
        }
    }
}

impl Documents {
    /// The same status with a message.
    pub fn saying(mut self, message: impl Into<String>) -> Self {
        self.message = Some(message.into());
        self
    }
}

/// One presigned upload slot.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UploadUrl {
    pub presigned_url: String,
    pub s3_url: String,
    pub key: String,
}

/// A car's street address.
#[derive(Debug, Serialize, ToSchema)]
pub struct CarAddress<'a> {
    pub street: &'a str,
    pub city: &'a str,
    pub state: &'a str,
    pub zip: &'a str,
}

/// A GeoJSON point.
#[derive(Debug, Serialize, ToSchema)]
pub struct GeoPoint {
    /// Always `Point`.
    #[serde(rename = "type")]
    pub kind: &'static str,
    /// `[longitude, latitude]`.
    pub coordinates: [f64; 2],
}

/// A car card (spec 000 section 3: search results, favourites, home grids), serialized
/// straight from the reply (no copies: it is on the search path).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CarCard<'a> {
    #[serde(rename = "_id")]
    pub id: &'a str,
    pub make: &'a str,
    pub model: &'a str,
    pub car_year: i32,
    pub latitude: f64,
    pub longitude: f64,
    pub address: CarAddress<'a>,
    pub location: GeoPoint,
    pub primary_photo_url: &'a str,
    pub photo_urls: &'a [String],
    pub total_rating: f64,
    pub rating_count: i32,
    pub trip_count: i32,
    /// Miles from the searched place.
    pub distance: f64,
    pub is_fav: bool,
    pub special_feature: &'a str,
    /// Dollars a day.
    pub daily_price: f64,
    /// Dollars a month (trips of 30 days or more).
    pub monthly_price: f64,
    pub vehicle_type: &'a str,
    pub seats: i32,
    pub transmission_type: &'a str,
    pub gas_type: &'a str,
    pub owner_id: &'a str,
}

static NO_ADDRESS: cpb::Address = cpb::Address {
    street: String::new(),
    city: String::new(),
    state: String::new(),
    zip: String::new(),
    country: String::new(),
};

impl<'a> CarCard<'a> {
    /// The card of a car, marked as a favourite or not.
    pub fn of(c: &'a cpb::CarSummary, is_fav: bool) -> Self {
        let a = c.address.as_ref().unwrap_or(&NO_ADDRESS);
        Self {
            id: &c.id,
            make: &c.make,
            model: &c.model,
            car_year: c.car_year,
            latitude: c.latitude,
            longitude: c.longitude,
            address: CarAddress { street: &a.street, city: &a.city, state: &a.state, zip: &a.zip },
            location: GeoPoint { kind: "Point", coordinates: [c.longitude, c.latitude] },
            primary_photo_url: &c.primary_photo_url,
            photo_urls: &c.photo_urls,
            total_rating: c.total_rating,
            rating_count: c.rating_count,
            trip_count: c.trip_count,
            distance: c.distance_miles,
            is_fav,
            special_feature: &c.special_feature,
            daily_price: dollars(c.daily_price_cents),
            monthly_price: dollars(c.monthly_price_cents),
            vehicle_type: &c.vehicle_type,
            seats: c.seats,
            transmission_type: &c.transmission_type,
            gas_type: &c.gas_type,
            owner_id: &c.owner_id,
        }
    }
}
