//! `/v1/users/*`, `/v1/logout`, `/v1/coupons/*`, `/v1/guestReviews/*`, `/v1/session/*`: the
//! accounts calls of the spec, mapped onto the accounts service.

use crate::answers::{CarCard, Documents, Host, OtpSent, Session, User};
use crate::auth::{AuthUser, MaybeUser, bearer};
use crate::error::{GatewayError, HttpError, HttpResult};
use crate::grpc::request;
use crate::rate_limit::{self, Bucket};
use crate::state::AppState;
use crate::wire::{Ack, Created, Flag, Json, Number, Text, Verbatim};
use actix_web::{HttpRequest, get, post, put, web};
use serde::{Deserialize, Serialize};
use upcar_proto::{accounts as pb, catalog as cpb};
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

type State = web::Data<AppState>;

/// Registers this module's routes.
pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(sign_up)
        .service(validate_invitation_code)
        .service(get_invitation_code)
        .service(login)
        .service(login_phone)
        .service(login_otp)
        .service(update_password_from_profile)
        .service(update_password_with_otp)
        .service(request_login_with_otp)
        .service(reset_password_with_otp)
        .service(email_verify_with_otp)
        .service(send_email)
        .service(send_mobile_verification)
        .service(verify_mobile_otp)
        .service(verify_token)
        .service(refresh_token)
        .service(logout)
        .service(logout_post)
        .service(store_email)
        .service(update_profile)
        .service(get_user)
        .service(get_host)
        .service(add_fav)
        .service(remove_fav)
        .service(get_fav_cars)
        .service(potential_user)
        .service(guest_reviews)
        .service(check_dl_and_selfie_keys)
        .service(generate_temp_token);
}

/// `signUp` (002 section 7).
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct SignUpBody {
    first_name: Text,
    last_name: Text,
    email: Text,
    professional_email: Text,
    phone_number: Text,
    country_code: Text,
    password: Verbatim,
    #[serde(
        rename = "promotions_enrollment",
        alias = "promotions",
        alias = "promotionsEnrollment"
    )]
    promotions_enrollment: Flag,
    /// The invitation code.
    #[serde(alias = "invitationCode")]
    sign_up_code: Text,
    /// Absent means the form already enforced it; `false` is refused.
    terms_accepted: Option<bool>,
    device_fingerprint: Text,
}

/// Create an account (invitation code or professional email).
#[utoipa::path(tag = "accounts", request_body = SignUpBody, responses((status = 201, body = Session)))]
#[post("/users/sign-up")]
pub async fn sign_up(
    state: State,
    req: HttpRequest,
    body: Json<SignUpBody>,
) -> HttpResult<Created<Session>> {
    rate_limit::check(&state, &req, Bucket::SignUp).await?;
    let b = body.into_inner();
    let msg = pb::SignUpRequest {
        first_name: b.first_name.into(),
        last_name: b.last_name.into(),
        email: b.email.into(),
        professional_email: b.professional_email.into(),
        phone_number: b.phone_number.into(),
        country_code: b.country_code.into(),
        password: b.password.into(),
        promotions_enrollment: b.promotions_enrollment.0,
        sign_up_code: b.sign_up_code.into(),
        terms_accepted: b.terms_accepted,
        device_fingerprint: b.device_fingerprint.into(),
    };
    let r = state.accounts.clone().sign_up(request(msg, None)).await?.into_inner();
    Ok(Created(Session::from(&r)))
}

/// An invitation code to check.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default)]
pub struct CodeBody {
    #[serde(alias = "signUpCode", alias = "invitationCode")]
    code: Text,
}

/// Whether an invitation code is valid.
#[derive(Debug, Serialize, ToSchema)]
pub struct CodeValidity {
    status: bool,
    valid: bool,
    message: String,
}

/// Check an invitation code.
#[utoipa::path(tag = "accounts", request_body = CodeBody, responses((status = 200, body = CodeValidity)))]
#[post("/users/validateInvitationCodeForSignUp")]
pub async fn validate_invitation_code(
    state: State,
    body: Json<CodeBody>,
) -> HttpResult<Json<CodeValidity>> {
    let msg = pb::ValidateInvitationCodeRequest { code: body.into_inner().code.into() };
    let r = state.accounts.clone().validate_invitation_code(request(msg, None)).await?.into_inner();
    Ok(Json(CodeValidity { status: r.status, valid: r.status, message: r.message }))
}

/// The caller's own invitation code, for colleagues to sign up with.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MemberCode {
    status: bool,
    code: String,
    /// Sign-ups made with it so far.
    uses: i32,
    /// Sign-ups it admits in all.
    max_uses: i32,
    remaining: i32,
}

/// The caller's own invitation code (made on first ask; one per member).
#[utoipa::path(tag = "accounts", responses((status = 200, body = MemberCode)), security(("bearer" = [])))]
#[get("/users/getInvitationCode")]
pub async fn get_invitation_code(state: State, user: AuthUser) -> HttpResult<Json<MemberCode>> {
    let r = state
        .accounts
        .clone()
        .get_member_invitation_code(request(pb::Empty {}, Some(&user.0)))
        .await?
        .into_inner();
    Ok(Json(MemberCode {
        status: true,
        remaining: (r.max_uses - r.uses).max(0),
        code: r.code,
        uses: r.uses,
        max_uses: r.max_uses,
    }))
}

/// `login`: email and password, or a phone number alone (a code is then texted).
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct LoginBody {
    email: Text,
    password: Verbatim,
    phone_number: Text,
    device_fingerprint: Text,
}

/// A session, or (phone login) the code sent.
#[derive(Debug, Serialize, ToSchema)]
#[serde(untagged)]
pub enum LoginAnswer {
    Session(Box<Session>),
    CodeSent(OtpSent),
}

/// Log in with email and password, or start a phone code login.
#[utoipa::path(tag = "accounts", request_body = LoginBody, responses((status = 200, body = LoginAnswer)))]
#[post("/users/login")]
pub async fn login(
    state: State,
    req: HttpRequest,
    body: Json<LoginBody>,
) -> HttpResult<Json<LoginAnswer>> {
    rate_limit::check(&state, &req, Bucket::Login).await?;
    let b = body.into_inner();
    let msg = pb::LoginRequest {
        email: b.email.into(),
        password: b.password.into(),
        phone_number: b.phone_number.into(),
        device_fingerprint: b.device_fingerprint.into(),
    };
    if msg.email.is_empty() && !msg.phone_number.is_empty() {
        rate_limit::check(&state, &req, Bucket::Otp).await?;
    }
    let r = state.accounts.clone().login(request(msg, None)).await?.into_inner();
    Ok(Json(match r.outcome {
        Some(pb::login_reply::Outcome::Session(s)) => {
            LoginAnswer::Session(Box::new(Session::from(&s)))
        }
        Some(pb::login_reply::Outcome::Otp(o)) => LoginAnswer::CodeSent(OtpSent::from(&o)),
        None => return Err(HttpError::internal("empty login reply")),
    }))
}

/// A phone number.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct PhoneBody {
    phone_number: Text,
}

/// Send a login code by SMS.
#[utoipa::path(tag = "accounts", request_body = PhoneBody, responses((status = 200, body = OtpSent)))]
#[post("/users/login/phone")]
pub async fn login_phone(
    state: State,
    req: HttpRequest,
    body: Json<PhoneBody>,
) -> HttpResult<Json<OtpSent>> {
    rate_limit::check(&state, &req, Bucket::Otp).await?;
    let msg = pb::StartPhoneLoginRequest { phone_number: body.into_inner().phone_number.into() };
    let r = state.accounts.clone().start_phone_login(request(msg, None)).await?.into_inner();
    Ok(Json(OtpSent::from(&r)))
}

/// A one-time code for a user.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct OtpBody {
    user_id: Text,
    #[serde(alias = "code")]
    otp: Text,
    device_fingerprint: Text,
    /// `phone` or `email`.
    #[serde(alias = "channel", alias = "type")]
    otp_type: Text,
}

/// Log in with a phone or email code.
#[utoipa::path(tag = "accounts", request_body = OtpBody, responses((status = 200, body = Session)))]
#[post("/users/login/otp")]
pub async fn login_otp(
    state: State,
    req: HttpRequest,
    body: Json<OtpBody>,
) -> HttpResult<Json<Session>> {
    rate_limit::check(&state, &req, Bucket::Login).await?;
    let b = body.into_inner();
    let msg = pb::VerifyLoginOtpRequest {
        user_id: b.user_id.into(),
        otp: b.otp.into(),
        device_fingerprint: b.device_fingerprint.into(),
        otp_type: b.otp_type.into(),
    };
    let r = state.accounts.clone().verify_login_otp(request(msg, None)).await?.into_inner();
    Ok(Json(Session::from(&r)))
}

/// A new password, with the emailed code where the caller is not signed in.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct NewPasswordBody {
    email: Text,
    #[serde(alias = "code")]
    otp: Text,
    #[serde(alias = "password")]
    new_password: Verbatim,
}

/// Change the password.
#[utoipa::path(tag = "accounts", request_body = NewPasswordBody, responses((status = 200, body = Ack)), security(("bearer" = [])))]
#[post("/users/login/updatePasswordFromProfile")]
pub async fn update_password_from_profile(
    state: State,
    user: AuthUser,
    body: Json<NewPasswordBody>,
) -> HttpResult<Json<Ack>> {
    let msg = pb::UpdatePasswordFromProfileRequest {
        new_password: body.into_inner().new_password.into(),
    };
    let r = state
        .accounts
        .clone()
        .update_password_from_profile(request(msg, Some(&user.0)))
        .await?
        .into_inner();
    Ok(Json(Ack::from(&r)))
}

/// Set a new password with an emailed code.
#[utoipa::path(tag = "accounts", request_body = NewPasswordBody, responses((status = 200, body = Ack)))]
#[post("/users/login/updatePasswordWithOTP")]
pub async fn update_password_with_otp(
    state: State,
    req: HttpRequest,
    body: Json<NewPasswordBody>,
) -> HttpResult<Json<Ack>> {
    rate_limit::check(&state, &req, Bucket::Login).await?;
    let b = body.into_inner();
    let msg = pb::UpdatePasswordWithOtpRequest {
        email: b.email.into(),
        otp: b.otp.into(),
        new_password: b.new_password.into(),
    };
    let r = state.accounts.clone().update_password_with_otp(request(msg, None)).await?.into_inner();
    Ok(Json(Ack::from(&r)))
}

/// An email address.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default)]
pub struct EmailBody {
    email: Text,
}

/// Email a login code.
#[utoipa::path(tag = "accounts", request_body = EmailBody, responses((status = 200, body = OtpSent)))]
#[post("/users/requestLoginWithOTP")]
pub async fn request_login_with_otp(
    state: State,
    req: HttpRequest,
    body: Json<EmailBody>,
) -> HttpResult<Json<OtpSent>> {
    rate_limit::check(&state, &req, Bucket::Otp).await?;
    let msg = pb::EmailRequest { email: body.into_inner().email.into() };
    let r = state.accounts.clone().request_email_otp(request(msg, None)).await?.into_inner();
    Ok(Json(OtpSent::from(&r)))
}

/// Email a password reset code.
#[utoipa::path(tag = "accounts", request_body = EmailBody, responses((status = 200, body = OtpSent)))]
#[post("/users/resetPasswordWithOTP")]
pub async fn reset_password_with_otp(
    state: State,
    req: HttpRequest,
    body: Json<EmailBody>,
) -> HttpResult<Json<OtpSent>> {
    rate_limit::check(&state, &req, Bucket::Otp).await?;
    let msg = pb::EmailRequest { email: body.into_inner().email.into() };
    let r = state.accounts.clone().request_password_reset(request(msg, None)).await?.into_inner();
    Ok(Json(OtpSent::from(&r)))
}

/// Email a verification code.
#[utoipa::path(tag = "accounts", request_body = EmailBody, responses((status = 200, body = Ack)), security(("bearer" = [])))]
#[post("/users/emailVerifyWithOTP")]
pub async fn email_verify_with_otp(
    state: State,
    req: HttpRequest,
    user: AuthUser,
    body: Json<EmailBody>,
) -> HttpResult<Json<Ack>> {
    rate_limit::check(&state, &req, Bucket::Otp).await?;
    let msg = pb::SendEmailVerificationRequest {
        email: body.into_inner().email.into(),
        ..Default::default()
    };
    let r = state
        .accounts
        .clone()
        .send_email_verification(request(msg, Some(&user.0)))
        .await?
        .into_inner();
    Ok(Json(Ack::from(&r)))
}

/// `sendEmail` (spec 000): the verification code, with the user's id and first name.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct SendEmailBody {
    email: Text,
    first_name: Text,
    user_id: Text,
}

/// Email a verification code (userId, firstName).
#[utoipa::path(tag = "accounts", request_body = SendEmailBody, responses((status = 200, body = Ack)), security(("bearer" = [])))]
#[post("/users/sendEmail")]
pub async fn send_email(
    state: State,
    req: HttpRequest,
    user: AuthUser,
    body: Json<SendEmailBody>,
) -> HttpResult<Json<Ack>> {
    let b = body.into_inner();
    // This door of the verification email names the user (spec 000); the other
    // (`emailVerifyWithOTP`) does not.
    if b.user_id.is_empty() || b.first_name.is_empty() {
        return Err(GatewayError::UserIdOrFirstNameMissing.into());
    }
    rate_limit::check(&state, &req, Bucket::Otp).await?;
    let msg = pb::SendEmailVerificationRequest {
        email: b.email.into(),
        first_name: b.first_name.into(),
        user_id: b.user_id.into(),
    };
    let r = state
        .accounts
        .clone()
        .send_email_verification(request(msg, Some(&user.0)))
        .await?
        .into_inner();
    Ok(Json(Ack::from(&r)))
}

/// Text a verification code.
#[utoipa::path(tag = "accounts", request_body = PhoneBody, responses((status = 200, body = Ack)), security(("bearer" = [])))]
#[post("/users/sendMobileVerification")]
pub async fn send_mobile_verification(
    state: State,
    req: HttpRequest,
    user: AuthUser,
    body: Json<PhoneBody>,
) -> HttpResult<Json<Ack>> {
    rate_limit::check(&state, &req, Bucket::Otp).await?;
    let msg =
        pb::SendMobileVerificationRequest { phone_number: body.into_inner().phone_number.into() };
    let r = state
        .accounts
        .clone()
        .send_mobile_verification(request(msg, Some(&user.0)))
        .await?
        .into_inner();
    Ok(Json(Ack::from(&r)))
}

/// Verify the phone number with the texted code.
#[utoipa::path(tag = "accounts", request_body = OtpBody, responses((status = 200, body = Ack)), security(("bearer" = [])))]
#[post("/users/verifyMobileOTP")]
pub async fn verify_mobile_otp(
    state: State,
    req: HttpRequest,
    user: AuthUser,
    body: Json<OtpBody>,
) -> HttpResult<Json<Ack>> {
    rate_limit::check(&state, &req, Bucket::Login).await?;
    let b = body.into_inner();
    let msg = pb::VerifyMobileOtpRequest { user_id: b.user_id.into(), otp: b.otp.into() };
    let r =
        state.accounts.clone().verify_mobile_otp(request(msg, Some(&user.0))).await?.into_inner();
    Ok(Json(Ack::from(&r)))
}

/// A token to check (the bearer token when absent).
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct VerifyTokenBody {
    token: Text,
    device_fingerprint: Text,
}

/// Check a token and read its user.
#[utoipa::path(tag = "accounts", request_body = VerifyTokenBody, responses((status = 200, body = Session)))]
#[post("/users/verifyToken")]
pub async fn verify_token(
    state: State,
    req: HttpRequest,
    body: Json<VerifyTokenBody>,
) -> HttpResult<Json<Session>> {
    let b = body.into_inner();
    let token = Some(String::from(b.token))
        .filter(|t| !t.is_empty())
        .or_else(|| bearer(&req))
        .unwrap_or_default();
    let msg = pb::VerifyTokenRequest { token, device_fingerprint: b.device_fingerprint.into() };
    let r = state.accounts.clone().verify_token(request(msg, None)).await?.into_inner();
    Ok(Json(Session::from(&r)))
}

/// Exchange a token with 3600 s or less left for a new one.
#[utoipa::path(tag = "accounts", responses((status = 200, body = Session)), security(("bearer" = [])))]
#[post("/users/refreshToken")]
pub async fn refresh_token(state: State, user: AuthUser) -> HttpResult<Json<Session>> {
    let r = state
        .accounts
        .clone()
        .refresh_token(request(pb::Empty {}, Some(&user.0)))
        .await?
        .into_inner();
    Ok(Json(Session::from(&r)))
}

async fn revoke(state: &AppState, user: &AuthUser) -> HttpResult<Json<Ack>> {
    let r = state.accounts.clone().logout(request(pb::Empty {}, Some(&user.0))).await?.into_inner();
    Ok(Json(Ack::from(&r)))
}

/// Revoke the token.
#[utoipa::path(tag = "accounts", responses((status = 200, body = Ack)), security(("bearer" = [])))]
#[get("/logout")]
pub async fn logout(state: State, user: AuthUser) -> HttpResult<Json<Ack>> {
    revoke(&state, &user).await
}

/// Revoke the token.
#[utoipa::path(tag = "accounts", responses((status = 200, body = Ack)), security(("bearer" = [])))]
#[post("/users/logout")]
pub async fn logout_post(state: State, user: AuthUser) -> HttpResult<Json<Ack>> {
    revoke(&state, &user).await
}

/// Remember an email typed in the sign-up form.
#[utoipa::path(tag = "accounts", request_body = EmailBody, responses((status = 200, body = Ack)))]
#[post("/users/storeEmail")]
pub async fn store_email(state: State, body: Json<EmailBody>) -> HttpResult<Json<Ack>> {
    let msg = pb::EmailRequest { email: body.into_inner().email.into() };
    let r = state.accounts.clone().store_email(request(msg, None)).await?.into_inner();
    Ok(Json(Ack::from(&r)))
}

/// Register an email for the first-trip offer.
#[utoipa::path(tag = "accounts", request_body = EmailBody, responses((status = 200, body = Ack)))]
#[post("/coupons/potential-user")]
pub async fn potential_user(
    state: State,
    req: HttpRequest,
    body: Json<EmailBody>,
) -> HttpResult<Json<Ack>> {
    rate_limit::check(&state, &req, Bucket::Otp).await?;
    let msg = pb::EmailRequest { email: body.into_inner().email.into() };
    let r = state.accounts.clone().register_potential_user(request(msg, None)).await?.into_inner();
    Ok(Json(Ack::from(&r)))
}

/// A home location; latitude and longitude are required.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct HomeLocationBody {
    street: Text,
    city: Text,
    state: Text,
    zip: Text,
    country: Text,
    latitude: Number,
    longitude: Number,
}

/// The fields to change; absent fields stay as they are.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct ProfileBody {
    first_name: Option<Text>,
    last_name: Option<Text>,
    phone_number: Option<Text>,
    country_code: Option<Text>,
    professional_email: Option<Text>,
    /// `YYYY-MM-DD`.
    dob: Option<Text>,
    profile_pic: Option<Text>,
    #[serde(alias = "promotions_enrollment")]
    promotions_enrollment: Option<Flag>,
    home_location: Option<HomeLocationBody>,
    about: Option<Text>,
}

/// A user, under both the names clients read.
#[derive(Debug, Serialize, ToSchema)]
pub struct UserAnswer {
    status: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    message: Option<&'static str>,
    user: Option<User>,
    data: Option<User>,
}

impl UserAnswer {
    fn of(u: Option<&pb::User>, message: Option<&'static str>) -> Self {
        Self { status: true, message, user: u.map(User::from), data: u.map(User::from) }
    }
}

/// Update the profile.
#[utoipa::path(tag = "accounts", request_body = ProfileBody, responses((status = 200, body = UserAnswer)), security(("bearer" = [])))]
#[put("/users/profile")]
pub async fn update_profile(
    state: State,
    user: AuthUser,
    body: Json<ProfileBody>,
) -> HttpResult<Json<UserAnswer>> {
    let b = body.into_inner();
    // A place without its position cannot be used: the parsing of the place is the
    // gateway's (as for every place the API takes).
    let home_location = match b.home_location {
        Some(h) => match (h.latitude.0, h.longitude.0) {
            (Some(latitude), Some(longitude)) => Some(pb::HomeLocation {
                street: h.street.into(),
                city: h.city.into(),
                state: h.state.into(),
                zip: h.zip.into(),
                country: h.country.into(),
                latitude,
                longitude,
            }),
            _ => {
                return Err(crate::error::GatewayError::InvalidBody(
                    "homeLocation: needs latitude and longitude".to_owned(),
                )
                .into());
            }
        },
        None => None,
    };
    let msg = pb::UpdateProfileRequest {
        first_name: b.first_name.map(String::from),
        last_name: b.last_name.map(String::from),
        phone_number: b.phone_number.map(String::from),
        country_code: b.country_code.map(String::from),
        professional_email: b.professional_email.map(String::from),
        dob: b.dob.map(String::from),
        profile_pic: b.profile_pic.map(String::from),
        promotions_enrollment: b.promotions_enrollment.map(|f| f.0),
        home_location,
        about: b.about.map(String::from),
    };
    let r = state.accounts.clone().update_profile(request(msg, Some(&user.0))).await?.into_inner();
    Ok(Json(UserAnswer::of(r.user.as_ref(), Some("Profile updated"))))
}

/// Read one's own profile.
#[utoipa::path(tag = "accounts", responses((status = 200, body = UserAnswer)), security(("bearer" = [])))]
#[get("/users/getuser/{id}")]
pub async fn get_user(
    state: State,
    user: AuthUser,
    id: web::Path<String>,
) -> HttpResult<Json<UserAnswer>> {
    let msg = pb::IdRequest { id: id.into_inner() };
    let r = state.accounts.clone().get_user(request(msg, Some(&user.0))).await?.into_inner();
    Ok(Json(UserAnswer::of(r.user.as_ref(), None)))
}

/// A host card.
#[derive(Debug, Serialize, ToSchema)]
pub struct HostAnswer {
    status: bool,
    data: Option<Host>,
}

/// Read a host's public card.
#[utoipa::path(tag = "accounts", responses((status = 200, body = HostAnswer)))]
#[get("/users/gethost/{id}")]
pub async fn get_host(state: State, id: web::Path<String>) -> HttpResult<Json<HostAnswer>> {
    let msg = pb::IdRequest { id: id.into_inner() };
    let r = state.accounts.clone().get_host(request(msg, None)).await?.into_inner();
    Ok(Json(HostAnswer { status: true, data: r.host.as_ref().map(Host::from) }))
}

/// A favourite car: when it was added, and its card.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FavouriteCar<'a> {
    car_id: &'a str,
    added_at: &'a str,
    #[serde(flatten)]
    car: CarCard<'a>,
}

/// The caller's favourites: their cards, and the ids.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Favourites<'a> {
    status: bool,
    message: &'a str,
    /// The favourite cars still listed, most recently added first.
    data: Vec<FavouriteCar<'a>>,
    favorite_cars: Vec<&'a str>,
}

/// The favourites' cards: one catalog read per car, side by side (catalog caches car pages).
/// A car that is no longer listed keeps its id in `favoriteCars` but has no card.
async fn favourites_answer(
    state: &AppState,
    r: pb::FavouritesReply,
) -> HttpResult<actix_web::HttpResponse> {
    let cars = futures::future::join_all(r.favourites.iter().map(|f| {
        let mut catalog = state.catalog.clone();
        let msg = cpb::CarIdRequest { car_id: f.car_id.clone(), ..Default::default() };
        async move {
            catalog.get_car(request(msg, None)).await.ok().and_then(|c| c.into_inner().summary)
        }
    }))
    .await;
    let answer = Favourites {
        status: true,
        message: &r.message,
        data: r
            .favourites
            .iter()
            .zip(&cars)
            .filter_map(|(f, car)| {
                car.as_ref().map(|c| FavouriteCar {
                    car_id: &f.car_id,
                    added_at: &f.added_at,
                    car: CarCard::of(c, true),
                })
            })
            .collect(),
        favorite_cars: r.favourites.iter().map(|f| f.car_id.as_str()).collect(),
    };
    Ok(actix_web::HttpResponse::Ok().json(answer))
}

/// Add a favourite car.
#[utoipa::path(tag = "accounts", responses((status = 200, body = Favourites)), security(("bearer" = [])))]
#[post("/users/addFav/{carId}")]
pub async fn add_fav(
    state: State,
    user: AuthUser,
    car_id: web::Path<String>,
) -> HttpResult<actix_web::HttpResponse> {
    let car_id = car_id.into_inner();
    // Only a listed car can be a favourite (catalog answers 404 `car_not_found` otherwise).
    let car = cpb::CarIdRequest { car_id: car_id.clone(), ..Default::default() };
    state.catalog.clone().get_car(request(car, None)).await?;
    let msg = pb::IdRequest { id: car_id };
    let r = state.accounts.clone().add_favourite(request(msg, Some(&user.0))).await?.into_inner();
    favourites_answer(&state, r).await
}

/// Remove a favourite car.
#[utoipa::path(tag = "accounts", responses((status = 200, body = Favourites)), security(("bearer" = [])))]
#[post("/users/removeFav/{carId}")]
pub async fn remove_fav(
    state: State,
    user: AuthUser,
    car_id: web::Path<String>,
) -> HttpResult<actix_web::HttpResponse> {
    let msg = pb::IdRequest { id: car_id.into_inner() };
    let r =
        state.accounts.clone().remove_favourite(request(msg, Some(&user.0))).await?.into_inner();
    favourites_answer(&state, r).await
}

/// List the favourite cars with their cards.
#[utoipa::path(tag = "accounts", responses((status = 200, body = Favourites)), security(("bearer" = [])))]
#[get("/users/getFavCars")]
pub async fn get_fav_cars(state: State, user: AuthUser) -> HttpResult<actix_web::HttpResponse> {
    let r = state
        .accounts
        .clone()
        .list_favourites(request(pb::Empty {}, Some(&user.0)))
        .await?
        .into_inner();
    favourites_answer(&state, r).await
}

/// A review a host wrote about a guest.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GuestReview {
    from_user_name: String,
    from_user_profile_link: String,
    stars: i32,
    review: String,
    review_time: String,
}

/// Reviews of a guest.
#[derive(Debug, Serialize, ToSchema)]
pub struct GuestReviews {
    status: bool,
    data: Vec<GuestReview>,
}

/// Reviews of a user from their trips, newest first: hosts' reviews of them as a guest and
/// guests' reviews of them as a host (published by trips once both sides wrote or the window
/// closed).
#[utoipa::path(tag = "accounts", responses((status = 200, body = GuestReviews)))]
#[get("/guestReviews/getReviews/{userId}")]
pub async fn guest_reviews(
    state: State,
    _viewer: MaybeUser,
    user_id: web::Path<String>,
) -> HttpResult<Json<GuestReviews>> {
    let msg = pb::IdRequest { id: user_id.into_inner() };
    let r = state.accounts.clone().list_guest_reviews(request(msg, None)).await?.into_inner();
    let data = r
        .reviews
        .into_iter()
        .map(|v| GuestReview {
            from_user_name: v.from_user_name,
            from_user_profile_link: v.from_user_profile_link,
            stars: v.stars,
            review: v.review,
            review_time: v.review_time,
        })
        .collect();
    Ok(Json(GuestReviews { status: true, data }))
}

/// 400 unless licence front, back and selfie are on file.
#[utoipa::path(tag = "accounts", responses((status = 200, body = Documents)), security(("bearer" = [])))]
#[get("/users/checkDlAndSelfieKeys")]
pub async fn check_dl_and_selfie_keys(state: State, user: AuthUser) -> HttpResult<Json<Documents>> {
    let r = state
        .accounts
        .clone()
        .check_driver_documents(request(pb::Empty {}, Some(&user.0)))
        .await?
        .into_inner();
    Ok(Json(Documents::from(&r).saying("DL and selfie are uploaded")))
}

/// A short token for the phone upload flow, and the page to open with it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TempToken {
    status: bool,
    token: String,
    temp_token: String,
    /// Unix seconds.
    expires_at: i64,
    is_dl_uploaded: bool,
    url: String,
}

/// A 15-minute token for the phone upload flow.
#[utoipa::path(tag = "accounts", responses((status = 200, body = TempToken)), security(("bearer" = [])))]
#[post("/session/generate-temp-token")]
pub async fn generate_temp_token(state: State, user: AuthUser) -> HttpResult<Json<TempToken>> {
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
    Ok(Json(TempToken {
        status: true,
        token: r.temp_token.clone(),
        temp_token: r.temp_token,
        expires_at: r.expires_at,
        is_dl_uploaded: r.is_dl_uploaded,
        url,
    }))
}
