//! JSON shapes of the `/v1` answers, with the spec's field names, built from service replies.

use serde::Serialize;
use serde_json::{Value, json};
use upcar_proto::accounts as pb;

/// The User entity as the spec names its fields (002 section 3, 000 section 3).
pub fn user(u: &pb::User) -> Value {
    let needed = u.pre_book_verif_needed_fields.unwrap_or_default();
    let opt = |s: &str| if s.is_empty() { Value::Null } else { Value::String(s.to_owned()) };
    json!({
        "_id": u.user_id,
        "userId": u.user_id,
        "user_id": u.user_id,
        "firstName": u.first_name,
        "lastName": u.last_name,
        "email": u.email,
        "professionalEmail": opt(&u.professional_email),
        "phoneNumber": opt(&u.phone_number),
        "countryCode": u.country_code,
        "promotions_enrollment": u.promotions_enrollment,
        "signUpCode": opt(&u.sign_up_code),
        "termsAccepted": u.terms_accepted,
        "stripeCustomerId": opt(&u.stripe_customer_id),
        "isProfessionalUser": u.is_professional_user,
        "emailVerify": u.email_verify,
        "isMobileVerified": u.is_mobile_verified,
        "isDriverVerified": u.is_driver_verified,
        "currentTier": opt(&u.current_tier),
        "dob": opt(&u.dob),
        "profilePic": opt(&u.profile_pic),
        "about": opt(&u.about),
        "preBookVerifNeededFields": {
            "dob": needed.dob,
            "emailVerified": needed.email_verified,
            "dlUploadNeeded": needed.dl_upload_needed,
        },
        "favoriteCars": u.favorite_cars,
        "homeLocation": u.home_location.iter().map(|h| json!({
            "address": {"street": h.street, "city": h.city, "state": h.state, "zip": h.zip, "country": h.country},
            "street": h.street, "city": h.city, "state": h.state, "zip": h.zip, "country": h.country,
            "latitude": h.latitude, "longitude": h.longitude,
        })).collect::<Vec<_>>(),
        "hasPaymentMethod": u.has_payment_method,
        "role": u.role,
        "createdAt": u.created_at,
    })
}

/// A session answer: `user, access_token, status, message`.
pub fn auth(r: &pb::AuthReply) -> Value {
    json!({
        "status": r.status,
        "message": r.message,
        "access_token": r.access_token,
        "expiresAt": r.expires_at,
        "user": r.user.as_ref().map(user),
    })
}

/// The OTP send answer: `success, data.userId, data.message` (and `status, userId, message`
/// for the phone login, which reads them at the top level).
pub fn otp_started(r: &pb::OtpStarted) -> Value {
    json!({
        "success": r.success,
        "status": r.success,
        "userId": r.user_id,
        "message": r.message,
        "data": {"userId": r.user_id, "message": r.message},
    })
}

/// `status, message`.
pub fn ack(r: &pb::Ack) -> Value {
    json!({"status": r.status, "message": r.message})
}

/// The public host card (000 section 3).
pub fn host(h: &pb::Host) -> Value {
    json!({
        "_id": h.id,
        "firstName": h.first_name,
        "lastName": h.last_name,
        "profilePic": if h.profile_pic.is_empty() { Value::Null } else { Value::String(h.profile_pic.clone()) },
        "rating": (h.rating * 10.0).round() / 10.0,
        "tripCount": h.trip_count,
        "joinedDate": h.joined_date,
        "emailVerify": h.email_verify,
        "isMobileVerified": h.is_mobile_verified,
        "isDriverVerified": h.is_driver_verified,
        "currentTier": h.current_tier,
    })
}

/// Favourites: car ids with the time they were added.
pub fn favourites(r: &pb::FavouritesReply) -> Value {
    let data: Vec<Value> = r
        .favourites
        .iter()
        .map(|f| json!({"_id": f.car_id, "carId": f.car_id, "addedAt": f.added_at}))
        .collect();
    let ids: Vec<&str> = r.favourites.iter().map(|f| f.car_id.as_str()).collect();
    json!({"status": true, "message": r.message, "data": data, "favoriteCars": ids})
}

/// Driver documents status (002 section 3).
pub fn documents(d: &pb::DriverDocumentsReply) -> Value {
    let opt = |s: &str| if s.is_empty() { Value::Null } else { Value::String(s.to_owned()) };
    json!({
        "status": d.status,
        "dlStorageKey": opt(&d.dl_storage_key),
        "dlBackSideStorageKey": opt(&d.dl_back_side_storage_key),
        "selfieStorageKey": opt(&d.selfie_storage_key),
        "insuranceStorageKey": opt(&d.insurance_storage_key),
        "isDriverVerified": d.is_driver_verified,
    })
}

/// One presigned upload slot.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct UploadUrl {
    pub presigned_url: String,
    pub s3_url: String,
    pub key: String,
}
