//! The driver's licence details (the spec's driver form: first name, last name, licence
//! number, expiration date, issue date, date of birth). Accounts checks them; trips reads the
//! expiry to let a driver drive a trip to its end.

use crate::auth::AuthUser;
use crate::error::HttpResult;
use crate::grpc::request;
use crate::state::AppState;
use crate::wire::{Json, Text};
use actix_web::{get, put, web};
use serde::{Deserialize, Serialize};
use upcar_proto::accounts as pb;
use utoipa::ToSchema;
use utoipa_actix_web::service_config::ServiceConfig;

type State = web::Data<AppState>;

/// Registers this module's routes.
pub fn routes(cfg: &mut ServiceConfig) {
    cfg.service(get_driver_license).service(set_driver_license);
}

/// The licence as printed on it (dates YYYY-MM-DD; empty strings when none is on file).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DriverLicense {
    first_name: String,
    last_name: String,
    /// Upper case, letters and digits.
    license_number: String,
    expiration_date: String,
    issue_date: String,
    /// The profile's date of birth.
    dob: String,
}

impl From<pb::DriverLicense> for DriverLicense {
    fn from(l: pb::DriverLicense) -> Self {
        DriverLicense {
            first_name: l.first_name,
            last_name: l.last_name,
            license_number: l.license_number,
            expiration_date: l.expiration_date,
            issue_date: l.issue_date,
            dob: l.dob,
        }
    }
}

/// `{status, message, data}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct DriverLicenseAnswer {
    status: bool,
    message: &'static str,
    data: DriverLicense,
}

/// The driver form: every field required.
#[derive(Debug, Deserialize, Serialize, Default, ToSchema)]
#[serde(default, rename_all = "camelCase")]
pub struct DriverLicenseBody {
    first_name: Text,
    last_name: Text,
    /// As printed; spaces and dashes are dropped.
    license_number: Text,
    /// YYYY-MM-DD, today or later.
    expiration_date: Text,
    /// YYYY-MM-DD, after the date of birth and not in the future.
    issue_date: Text,
    /// YYYY-MM-DD; becomes the profile's date of birth.
    dob: Text,
}

/// The caller's licence details.
#[utoipa::path(tag = "accounts", responses((status = 200, body = DriverLicenseAnswer)), security(("bearer" = [])))]
#[get("/users/driverLicense")]
pub async fn get_driver_license(
    state: State,
    user: AuthUser,
) -> HttpResult<Json<DriverLicenseAnswer>> {
    let r = state.accounts.clone().get_driver_license(request(pb::Empty {}, Some(&user.0))).await?;
    Ok(Json(DriverLicenseAnswer {
        status: true,
        message: "Driver licence",
        data: r.into_inner().into(),
    }))
}

/// Sets the caller's licence details (and the profile's date of birth). An expired licence,
/// a holder under 21 and impossible dates are refused, each naming its field.
#[utoipa::path(tag = "accounts", request_body = DriverLicenseBody, responses((status = 200, body = DriverLicenseAnswer)), security(("bearer" = [])))]
#[put("/users/driverLicense")]
pub async fn set_driver_license(
    state: State,
    user: AuthUser,
    body: Json<DriverLicenseBody>,
) -> HttpResult<Json<DriverLicenseAnswer>> {
    let b = body.0;
    let msg = pb::DriverLicense {
        first_name: b.first_name.into(),
        last_name: b.last_name.into(),
        license_number: b.license_number.into(),
        expiration_date: b.expiration_date.into(),
        issue_date: b.issue_date.into(),
        dob: b.dob.into(),
    };
    let r = state.accounts.clone().set_driver_license(request(msg, Some(&user.0))).await?;
    Ok(Json(DriverLicenseAnswer {
        status: true,
        message: "Driver licence saved",
        data: r.into_inner().into(),
    }))
}
