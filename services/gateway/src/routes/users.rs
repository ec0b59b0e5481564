//! `/v1/users/*`, `/v1/logout`, `/v1/coupons/*`, `/v1/guestReviews/*`, `/v1/session/*`: the
//! accounts calls of the spec, mapped onto the accounts service.

use crate::auth::{AuthUser, MaybeUser, bearer};
use crate::dto;
use crate::error::{HttpError, HttpResult};
use crate::grpc::request;
use crate::rate_limit::{self, Bucket};
use crate::state::AppState;
use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;
use serde_json::json;
use upcar_proto::accounts as pb;

type State = web::Data<AppState>;

/// Accepts a JSON string, number or bool where the spec has a string field.
fn text(v: &Option<serde_json::Value>) -> String {
    match v {
        Some(serde_json::Value::String(s)) => s.clone(),
        Some(serde_json::Value::Number(n)) => n.to_string(),
        Some(serde_json::Value::Bool(b)) => b.to_string(),
        _ => String::new(),
    }
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct SignUpBody {
    first_name: Option<serde_json::Value>,
    last_name: Option<serde_json::Value>,
    email: Option<serde_json::Value>,
    professional_email: Option<serde_json::Value>,
    phone_number: Option<serde_json::Value>,
    country_code: Option<serde_json::Value>,
    password: Option<serde_json::Value>,
    #[serde(
        rename = "promotions_enrollment",
        alias = "promotions",
        alias = "promotionsEnrollment"
    )]
    promotions_enrollment: Option<bool>,
    #[serde(alias = "invitationCode")]
    sign_up_code: Option<serde_json::Value>,
    terms_accepted: Option<bool>,
    device_fingerprint: Option<serde_json::Value>,
}

pub async fn sign_up(state: State, req: HttpRequest, body: web::Json<SignUpBody>) -> HttpResult {
    rate_limit::check(&state, &req, Bucket::SignUp).await?;
    let b = body.into_inner();
    let msg = pb::SignUpRequest {
        first_name: text(&b.first_name),
        last_name: text(&b.last_name),
        email: text(&b.email),
        professional_email: text(&b.professional_email),
        phone_number: text(&b.phone_number),
        country_code: text(&b.country_code),
        password: text(&b.password),
        promotions_enrollment: b.promotions_enrollment.unwrap_or(false),
        sign_up_code: text(&b.sign_up_code),
        terms_accepted: b.terms_accepted,
        device_fingerprint: text(&b.device_fingerprint),
    };
    let r = state.accounts.clone().sign_up(request(msg, None)).await?.into_inner();
    Ok(HttpResponse::Created().json(dto::auth(&r)))
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct CodeBody {
    #[serde(alias = "signUpCode", alias = "invitationCode")]
    code: Option<serde_json::Value>,
}

pub async fn validate_invitation_code(state: State, body: web::Json<CodeBody>) -> HttpResult {
    let r = state
        .accounts
        .clone()
        .validate_invitation_code(request(
            pb::ValidateInvitationCodeRequest { code: text(&body.code) },
            None,
        ))
        .await?
        .into_inner();
    Ok(HttpResponse::Ok()
        .json(json!({"status": r.status, "valid": r.status, "message": r.message})))
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct LoginBody {
    email: Option<serde_json::Value>,
    password: Option<serde_json::Value>,
    phone_number: Option<serde_json::Value>,
    device_fingerprint: Option<serde_json::Value>,
}

pub async fn login(state: State, req: HttpRequest, body: web::Json<LoginBody>) -> HttpResult {
    rate_limit::check(&state, &req, Bucket::Login).await?;
    let msg = pb::LoginRequest {
        email: text(&body.email),
        password: text(&body.password),
        phone_number: text(&body.phone_number),
        device_fingerprint: text(&body.device_fingerprint),
    };
    if msg.email.is_empty() && !msg.phone_number.is_empty() {
        rate_limit::check(&state, &req, Bucket::Otp).await?;
    }
    let r = state.accounts.clone().login(request(msg, None)).await?.into_inner();
    Ok(match r.outcome {
        Some(pb::login_reply::Outcome::Session(s)) => HttpResponse::Ok().json(dto::auth(&s)),
        Some(pb::login_reply::Outcome::Otp(o)) => HttpResponse::Ok().json(dto::otp_started(&o)),
        None => return Err(HttpError::internal("empty login reply")),
    })
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct PhoneBody {
    phone_number: Option<serde_json::Value>,
}

pub async fn login_phone(state: State, req: HttpRequest, body: web::Json<PhoneBody>) -> HttpResult {
    rate_limit::check(&state, &req, Bucket::Otp).await?;
    let r = state
        .accounts
        .clone()
        .start_phone_login(request(
            pb::StartPhoneLoginRequest { phone_number: text(&body.phone_number) },
            None,
        ))
        .await?
        .into_inner();
    Ok(HttpResponse::Ok().json(dto::otp_started(&r)))
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct OtpBody {
    user_id: Option<serde_json::Value>,
    #[serde(alias = "code")]
    otp: Option<serde_json::Value>,
    device_fingerprint: Option<serde_json::Value>,
    #[serde(alias = "channel", alias = "type")]
    otp_type: Option<serde_json::Value>,
}

pub async fn login_otp(state: State, req: HttpRequest, body: web::Json<OtpBody>) -> HttpResult {
    rate_limit::check(&state, &req, Bucket::Login).await?;
    let msg = pb::VerifyLoginOtpRequest {
        user_id: text(&body.user_id),
        otp: text(&body.otp),
        device_fingerprint: text(&body.device_fingerprint),
        otp_type: text(&body.otp_type),
    };
    let r = state.accounts.clone().verify_login_otp(request(msg, None)).await?.into_inner();
    Ok(HttpResponse::Ok().json(dto::auth(&r)))
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct NewPasswordBody {
    email: Option<serde_json::Value>,
    #[serde(alias = "code")]
    otp: Option<serde_json::Value>,
    #[serde(alias = "password")]
    new_password: Option<serde_json::Value>,
}

pub async fn update_password_from_profile(
    state: State,
    user: AuthUser,
    body: web::Json<NewPasswordBody>,
) -> HttpResult {
    let msg = pb::UpdatePasswordFromProfileRequest { new_password: text(&body.new_password) };
    let r = state
        .accounts
        .clone()
        .update_password_from_profile(request(msg, Some(&user.0)))
        .await?
        .into_inner();
    Ok(HttpResponse::Ok().json(dto::ack(&r)))
}

pub async fn update_password_with_otp(
    state: State,
    req: HttpRequest,
    body: web::Json<NewPasswordBody>,
) -> HttpResult {
    rate_limit::check(&state, &req, Bucket::Login).await?;
    let msg = pb::UpdatePasswordWithOtpRequest {
        email: text(&body.email),
        otp: text(&body.otp),
        new_password: text(&body.new_password),
    };
    let r = state.accounts.clone().update_password_with_otp(request(msg, None)).await?.into_inner();
    Ok(HttpResponse::Ok().json(dto::ack(&r)))
}

#[derive(Deserialize, Default)]
#[serde(default)]
pub struct EmailBody {
    email: Option<serde_json::Value>,
}

pub async fn request_login_with_otp(
    state: State,
    req: HttpRequest,
    body: web::Json<EmailBody>,
) -> HttpResult {
    rate_limit::check(&state, &req, Bucket::Otp).await?;
    let r = state
        .accounts
        .clone()
        .request_email_otp(request(pb::EmailRequest { email: text(&body.email) }, None))
        .await?
        .into_inner();
    Ok(HttpResponse::Ok().json(dto::otp_started(&r)))
}

pub async fn reset_password_with_otp(
    state: State,
    req: HttpRequest,
    body: web::Json<EmailBody>,
) -> HttpResult {
    rate_limit::check(&state, &req, Bucket::Otp).await?;
    let r = state
        .accounts
        .clone()
        .request_password_reset(request(pb::EmailRequest { email: text(&body.email) }, None))
        .await?
        .into_inner();
    Ok(HttpResponse::Ok().json(dto::otp_started(&r)))
}

pub async fn email_verify_with_otp(
    state: State,
    req: HttpRequest,
    user: AuthUser,
    body: web::Json<EmailBody>,
) -> HttpResult {
    rate_limit::check(&state, &req, Bucket::Otp).await?;
    let msg = pb::SendEmailVerificationRequest { email: text(&body.email), ..Default::default() };
    let r = state
        .accounts
        .clone()
        .send_email_verification(request(msg, Some(&user.0)))
        .await?
        .into_inner();
    Ok(HttpResponse::Ok().json(dto::ack(&r)))
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct SendEmailBody {
    email: Option<serde_json::Value>,
    first_name: Option<serde_json::Value>,
    user_id: Option<serde_json::Value>,
}

pub async fn send_email(
    state: State,
    req: HttpRequest,
    user: AuthUser,
    body: web::Json<SendEmailBody>,
) -> HttpResult {
    let (user_id, first_name) = (text(&body.user_id), text(&body.first_name));
    if user_id.trim().is_empty() || first_name.trim().is_empty() {
        return Err(HttpError::invalid(
            "user_id_or_first_name_missing",
            "User ID or First Name is missing",
        ));
    }
    rate_limit::check(&state, &req, Bucket::Otp).await?;
    let msg = pb::SendEmailVerificationRequest { email: text(&body.email), first_name, user_id };
    let r = state
        .accounts
        .clone()
        .send_email_verification(request(msg, Some(&user.0)))
        .await?
        .into_inner();
    Ok(HttpResponse::Ok().json(dto::ack(&r)))
}

pub async fn send_mobile_verification(
    state: State,
    req: HttpRequest,
    user: AuthUser,
    body: web::Json<PhoneBody>,
) -> HttpResult {
    rate_limit::check(&state, &req, Bucket::Otp).await?;
    let msg = pb::SendMobileVerificationRequest { phone_number: text(&body.phone_number) };
    let r = state
        .accounts
        .clone()
        .send_mobile_verification(request(msg, Some(&user.0)))
        .await?
        .into_inner();
    Ok(HttpResponse::Ok().json(dto::ack(&r)))
}

pub async fn verify_mobile_otp(
    state: State,
    req: HttpRequest,
    user: AuthUser,
    body: web::Json<OtpBody>,
) -> HttpResult {
    rate_limit::check(&state, &req, Bucket::Login).await?;
    let msg = pb::VerifyMobileOtpRequest { user_id: text(&body.user_id), otp: text(&body.otp) };
    let r =
        state.accounts.clone().verify_mobile_otp(request(msg, Some(&user.0))).await?.into_inner();
    Ok(HttpResponse::Ok().json(dto::ack(&r)))
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct VerifyTokenBody {
    token: Option<serde_json::Value>,
    device_fingerprint: Option<serde_json::Value>,
}

pub async fn verify_token(
    state: State,
    req: HttpRequest,
    body: Option<web::Json<VerifyTokenBody>>,
) -> HttpResult {
    let body = body.map(|b| b.into_inner()).unwrap_or_default();
    let token = Some(text(&body.token))
        .filter(|t| !t.trim().is_empty())
        .or_else(|| bearer(&req))
        .unwrap_or_default();
    let msg = pb::VerifyTokenRequest { token, device_fingerprint: text(&body.device_fingerprint) };
    let r = state.accounts.clone().verify_token(request(msg, None)).await?.into_inner();
    Ok(HttpResponse::Ok().json(dto::auth(&r)))
}

pub async fn refresh_token(state: State, user: AuthUser) -> HttpResult {
    let r = state
        .accounts
        .clone()
        .refresh_token(request(pb::Empty {}, Some(&user.0)))
        .await?
        .into_inner();
    Ok(HttpResponse::Ok().json(dto::auth(&r)))
}

pub async fn logout(state: State, user: AuthUser) -> HttpResult {
    let r = state.accounts.clone().logout(request(pb::Empty {}, Some(&user.0))).await?.into_inner();
    Ok(HttpResponse::Ok().json(dto::ack(&r)))
}

pub async fn store_email(state: State, body: web::Json<EmailBody>) -> HttpResult {
    let r = state
        .accounts
        .clone()
        .store_email(request(pb::EmailRequest { email: text(&body.email) }, None))
        .await?
        .into_inner();
    Ok(HttpResponse::Ok().json(dto::ack(&r)))
}

pub async fn potential_user(
    state: State,
    req: HttpRequest,
    body: web::Json<EmailBody>,
) -> HttpResult {
    rate_limit::check(&state, &req, Bucket::Otp).await?;
    let r = state
        .accounts
        .clone()
        .register_potential_user(request(pb::EmailRequest { email: text(&body.email) }, None))
        .await?
        .into_inner();
    Ok(HttpResponse::Ok().json(dto::ack(&r)))
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct HomeLocationBody {
    street: String,
    city: String,
    state: String,
    zip: String,
    country: String,
    latitude: Option<f64>,
    longitude: Option<f64>,
}

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct ProfileBody {
    first_name: Option<String>,
    last_name: Option<String>,
    phone_number: Option<String>,
    country_code: Option<String>,
    professional_email: Option<String>,
    dob: Option<String>,
    profile_pic: Option<String>,
    #[serde(alias = "promotions_enrollment")]
    promotions_enrollment: Option<bool>,
    home_location: Option<HomeLocationBody>,
    about: Option<String>,
}

pub async fn update_profile(
    state: State,
    user: AuthUser,
    body: web::Json<ProfileBody>,
) -> HttpResult {
    let b = body.into_inner();
    let home_location = match b.home_location {
        Some(h) => match (h.latitude, h.longitude) {
            (Some(latitude), Some(longitude)) => Some(pb::HomeLocation {
                street: h.street,
                city: h.city,
                state: h.state,
                zip: h.zip,
                country: h.country,
                latitude,
                longitude,
            }),
            _ => {
                return Err(HttpError::invalid(
                    "invalid_input",
                    "homeLocation needs latitude and longitude.",
                ));
            }
        },
        None => None,
    };
    let msg = pb::UpdateProfileRequest {
        first_name: b.first_name,
        last_name: b.last_name,
        phone_number: b.phone_number,
        country_code: b.country_code,
        professional_email: b.professional_email,
        dob: b.dob,
        profile_pic: b.profile_pic,
        promotions_enrollment: b.promotions_enrollment,
        home_location,
        about: b.about,
    };
    let r = state.accounts.clone().update_profile(request(msg, Some(&user.0))).await?.into_inner();
    let u = r.user.as_ref().map(dto::user);
    Ok(HttpResponse::Ok()
        .json(json!({"status": true, "message": "Profile updated", "user": u, "data": u})))
}

pub async fn get_user(state: State, user: AuthUser, id: web::Path<String>) -> HttpResult {
    let r = state
        .accounts
        .clone()
        .get_user(request(pb::IdRequest { id: id.into_inner() }, Some(&user.0)))
        .await?
        .into_inner();
    let u = r.user.as_ref().map(dto::user);
    Ok(HttpResponse::Ok().json(json!({"status": true, "user": u, "data": u})))
}

pub async fn get_host(state: State, id: web::Path<String>) -> HttpResult {
    let r = state
        .accounts
        .clone()
        .get_host(request(pb::IdRequest { id: id.into_inner() }, None))
        .await?
        .into_inner();
    Ok(HttpResponse::Ok().json(json!({"status": true, "data": r.host.as_ref().map(dto::host)})))
}

pub async fn add_fav(state: State, user: AuthUser, id: web::Path<String>) -> HttpResult {
    let r = state
        .accounts
        .clone()
        .add_favourite(request(pb::IdRequest { id: id.into_inner() }, Some(&user.0)))
        .await?
        .into_inner();
    Ok(HttpResponse::Ok().json(dto::favourites(&r)))
}

pub async fn remove_fav(state: State, user: AuthUser, id: web::Path<String>) -> HttpResult {
    let r = state
        .accounts
        .clone()
        .remove_favourite(request(pb::IdRequest { id: id.into_inner() }, Some(&user.0)))
        .await?
        .into_inner();
    Ok(HttpResponse::Ok().json(dto::favourites(&r)))
}

pub async fn get_fav_cars(state: State, user: AuthUser) -> HttpResult {
    let r = state
        .accounts
        .clone()
        .list_favourites(request(pb::Empty {}, Some(&user.0)))
        .await?
        .into_inner();
    Ok(HttpResponse::Ok().json(dto::favourites(&r)))
}

pub async fn guest_reviews(state: State, _viewer: MaybeUser, id: web::Path<String>) -> HttpResult {
    let r = state
        .accounts
        .clone()
        .list_guest_reviews(request(pb::IdRequest { id: id.into_inner() }, None))
        .await?
        .into_inner();
    let data: Vec<_> = r
        .reviews
        .iter()
        .map(|v| {
            json!({
                "fromUserName": v.from_user_name,
                "fromUserProfileLink": v.from_user_profile_link,
                "stars": v.stars,
                "review": v.review,
                "reviewTime": v.review_time,
            })
        })
        .collect();
    Ok(HttpResponse::Ok().json(json!({"status": true, "data": data})))
}

pub async fn check_dl_and_selfie_keys(state: State, user: AuthUser) -> HttpResult {
    let r = state
        .accounts
        .clone()
        .check_driver_documents(request(pb::Empty {}, Some(&user.0)))
        .await?
        .into_inner();
    let mut v = dto::documents(&r);
    v["message"] = json!("DL and selfie are uploaded");
    Ok(HttpResponse::Ok().json(v))
}

pub async fn generate_temp_token(state: State, user: AuthUser) -> HttpResult {
    let r = state
        .accounts
        .clone()
        .generate_temp_token(request(pb::Empty {}, Some(&user.0)))
        .await?
        .into_inner();
    let url = format!(
        "/drive-approve/upload-selfie?token={}&isDlUploaded={}",
        r.temp_token, r.is_dl_uploaded
    );
    Ok(HttpResponse::Ok().json(json!({
        "status": true,
        "token": r.temp_token,
        "tempToken": r.temp_token,
        "expiresAt": r.expires_at,
        "isDlUploaded": r.is_dl_uploaded,
        "url": url,
    })))
}
