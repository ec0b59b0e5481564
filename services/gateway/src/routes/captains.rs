//! `/v1/captains/*`: captain accounts (CONTRACT: `POST /v1/captains/login`).

use crate::dto;
use crate::error::HttpResult;
use crate::grpc::request;
use crate::rate_limit::{self, Bucket};
use crate::state::AppState;
use actix_web::{HttpRequest, HttpResponse, web};
use serde::Deserialize;
use upcar_proto::accounts as pb;

type State = web::Data<AppState>;

#[derive(Deserialize, Default)]
#[serde(default, rename_all = "camelCase")]
pub struct CaptainBody {
    email: String,
    password: String,
    #[serde(alias = "code")]
    otp: String,
    #[serde(alias = "password_new")]
    new_password: String,
}

pub async fn login(state: State, req: HttpRequest, body: web::Json<CaptainBody>) -> HttpResult {
    rate_limit::check(&state, &req, Bucket::Login).await?;
    let msg = pb::LoginRequest {
        email: body.email.clone(),
        password: body.password.clone(),
        ..Default::default()
    };
    let r = state.accounts.clone().captain_login(request(msg, None)).await?.into_inner();
    Ok(HttpResponse::Ok().json(dto::auth(&r)))
}

pub async fn forgot_password(
    state: State,
    req: HttpRequest,
    body: web::Json<CaptainBody>,
) -> HttpResult {
    rate_limit::check(&state, &req, Bucket::Otp).await?;
    let r = state
        .accounts
        .clone()
        .captain_forgot_password(request(pb::EmailRequest { email: body.email.clone() }, None))
        .await?
        .into_inner();
    Ok(HttpResponse::Ok().json(dto::otp_started(&r)))
}

pub async fn reset_password(
    state: State,
    req: HttpRequest,
    body: web::Json<CaptainBody>,
) -> HttpResult {
    rate_limit::check(&state, &req, Bucket::Login).await?;
    let msg = pb::UpdatePasswordWithOtpRequest {
        email: body.email.clone(),
        otp: body.otp.clone(),
        new_password: body.new_password.clone(),
    };
    let r = state.accounts.clone().captain_reset_password(request(msg, None)).await?.into_inner();
    Ok(HttpResponse::Ok().json(dto::ack(&r)))
}
