//! `/v1/captains/*`: captain accounts (CONTRACT: `POST /v1/captains/login`).

use crate::answers::{OtpSent, Session};
use crate::error::HttpResult;
use crate::grpc::request;
use crate::rate_limit::{self, Bucket};
use crate::state::AppState;
use crate::wire::{Ack, Json, Text, Verbatim};
use actix_web::{HttpRequest, post, web};
use serde::{Deserialize, Serialize};
use upcar_proto::accounts as pb;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

type State = web::Data<AppState>;

/// Registers this module's routes.
pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(login).service(forgot_password).service(reset_password);
}

/// A captain's credentials, or a reset code and the new password.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct CaptainBody {
    email: Text,
    password: Verbatim,
    #[serde(alias = "code")]
    otp: Text,
    #[serde(alias = "password_new")]
    new_password: Verbatim,
}

/// Captain login.
#[utoipa::path(tag = "captains", request_body = CaptainBody, responses((status = 200, body = Session)))]
#[post("/captains/login")]
pub async fn login(
    state: State,
    req: HttpRequest,
    body: Json<CaptainBody>,
) -> HttpResult<Json<Session>> {
    rate_limit::check(&state, &req, Bucket::Login).await?;
    let b = body.into_inner();
    let msg = pb::LoginRequest {
        email: b.email.into(),
        password: b.password.into(),
        ..Default::default()
    };
    let r = state.accounts.clone().captain_login(request(msg, None)).await?.into_inner();
    Ok(Json(Session::from(&r)))
}

/// Email a captain password reset code.
#[utoipa::path(tag = "captains", request_body = CaptainBody, responses((status = 200, body = OtpSent)))]
#[post("/captains/forgot-password")]
pub async fn forgot_password(
    state: State,
    req: HttpRequest,
    body: Json<CaptainBody>,
) -> HttpResult<Json<OtpSent>> {
    rate_limit::check(&state, &req, Bucket::Otp).await?;
    let msg = pb::EmailRequest { email: body.into_inner().email.into() };
    let r = state.accounts.clone().captain_forgot_password(request(msg, None)).await?.into_inner();
    Ok(Json(OtpSent::from(&r)))
}

/// Set a captain password with a code.
#[utoipa::path(tag = "captains", request_body = CaptainBody, responses((status = 200, body = Ack)))]
#[post("/captains/reset-password")]
pub async fn reset_password(
    state: State,
    req: HttpRequest,
    body: Json<CaptainBody>,
) -> HttpResult<Json<Ack>> {
    rate_limit::check(&state, &req, Bucket::Login).await?;
    let b = body.into_inner();
    let msg = pb::UpdatePasswordWithOtpRequest {
        email: b.email.into(),
        otp: b.otp.into(),
        new_password: b.new_password.into(),
    };
    let r = state.accounts.clone().captain_reset_password(request(msg, None)).await?.into_inner();
    Ok(Json(Ack::from(&r)))
}
