//! The `/v1` error answer: `{"error": code, "message": text}` with the table's status.
//!
//! Errors of the services arrive as gRPC statuses carrying their code ([`From<tonic::Status>`]);
//! the gateway's own rules (the HTTP edge, tokens, files, rate limits) are the rows of
//! [`GatewayError`]. Every error the gateway writes, the framework's included, goes out as JSON.

use actix_web::http::StatusCode;
use actix_web::http::header::{HeaderValue, RETRY_AFTER};
use actix_web::{HttpResponse, ResponseError};
use upcar_errors::{ApiError, ErrorCode};

/// The rules the gateway itself enforces.
#[derive(Debug, thiserror::Error)]
pub enum GatewayError {
    #[error("No such route")]
    RouteNotFound,
    #[error("This route does not take {0} requests")]
    MethodNotAllowed(String),
    #[error("{0}")]
    InvalidBody(String),
    #[error("Send the body as application/json.")]
    InvalidContentType,
    #[error("{0}")]
    InvalidQuery(String),
    #[error("{0}")]
    InvalidPath(String),
    #[error("The request body is too large.")]
    PayloadTooLarge,
    #[error("{0}")]
    FileTooLarge(String),
    #[error("The request line is too long.")]
    UriTooLong,
    #[error("Too many requests. Please try again later.")]
    RateLimited {
        /// Seconds until the caller's window resets.
        retry_after: u64,
    },
    #[error("Token is missing")]
    TokenMissing,
    #[error("Invalid token")]
    TokenInvalid,
    #[error("Token has expired")]
    TokenExpired,
    #[error("Token has been revoked")]
    TokenRevoked,
    #[error("This account is suspended. Contact support for help.")]
    AccountSuspended,
    #[error("{0}")]
    WrongAccountKind(&'static str),
    #[error("This call is for admins")]
    AdminOnly,
    #[error("You can only open your own files.")]
    NotYourFile,
    #[error("The link is invalid or has expired")]
    InvalidSignature,
    #[error("This upload link was already used. Ask for a new one.")]
    UploadExists,
    #[error("File not found")]
    FileNotFound,
    #[error("Invalid file key.")]
    InvalidKey,
    #[error("Invalid form data: {0}")]
    InvalidMultipart(String),
    #[error("Too many files in one request.")]
    TooManyParts,
    #[error("{0}")]
    NoFiles(&'static str),
    #[error("{0}")]
    TooManyFiles(String),
    #[error("{0}")]
    UnsupportedFileType(String),
    #[error("Upload this file as {0}.")]
    ContentTypeMismatch(String),
    #[error("The file's content does not match its type.")]
    FileTypeMismatch,
    #[error("The file is empty.")]
    EmptyFile,
    #[error("Idempotency-Key must be visible ASCII")]
    InvalidIdempotencyKey,
    #[error("This address speaks WebSocket: connect with an upgrade request")]
    WebSocketUpgradeRequired,
    /// A photo URL that names no file uploaded here.
    #[error("{0}")]
    InvalidPhoto(String),
    /// A photo someone else uploaded, attached as evidence.
    #[error("{0}")]
    NotYourPhoto(String),
    /// The spec's host trip lists answer 404 when empty (its texts differ per list).
    #[error("{0}")]
    NoTrips(&'static str),
    #[error("The sign-in request has expired or is invalid. Please try again.")]
    OauthStateInvalid,
    #[error("Google sign-in was cancelled.")]
    GoogleSignInCancelled,
    #[error("Google could not sign you in.")]
    GoogleSignInFailed,
    #[error("User ID or First Name is missing")]
    UserIdOrFirstNameMissing,
    #[error("to is required (an email address or phone number)")]
    OutboxAddressRequired,
    #[error(
        "{0} and {1} name the same parameter and were sent with different values; send one of them."
    )]
    ConflictingParameters(&'static str, &'static str),
    /// The car is not free for the dates. The code and kind are those of trips' refusal to
    /// book a taken car (one rule); `isCarAvailableForTheseDates` answers it with 400 all the
    /// same, which the spec's clients read as an answer (`available: false` and the reason).
    #[error("{0}")]
    CarNotAvailable(String),
    #[error("finalTripPrice is required (dollars)")]
    FinalTripPriceRequired,
    #[error("The service is temporarily unavailable")]
    Unavailable,
    /// A bug or an unexpected failure; the cause is logged, never answered.
    #[error("{0}")]
    Internal(String),
}

upcar_errors::error_table! {
    GatewayError {
        GatewayError::RouteNotFound => NotFound, "route_not_found";
        GatewayError::MethodNotAllowed(_) => MethodNotAllowed, "method_not_allowed";
        GatewayError::InvalidBody(_) => InvalidInput, "invalid_body";
        GatewayError::InvalidContentType => InvalidInput, "invalid_content_type";
        GatewayError::InvalidQuery(_) => InvalidInput, "invalid_query";
        GatewayError::InvalidPath(_) => InvalidInput, "invalid_path";
        GatewayError::PayloadTooLarge | GatewayError::FileTooLarge(_) => PayloadTooLarge, "payload_too_large";
        GatewayError::UriTooLong => UriTooLong, "uri_too_long";
        GatewayError::RateLimited { .. } => RateLimited, "rate_limited";
        GatewayError::TokenMissing => Unauthenticated, "token_missing";
        GatewayError::TokenInvalid => Unauthenticated, "token_invalid";
        GatewayError::TokenExpired => Unauthenticated, "token_expired";
        GatewayError::TokenRevoked => Unauthenticated, "token_revoked";
        GatewayError::AccountSuspended => Forbidden, "account_suspended";
        GatewayError::WrongAccountKind(_) => Forbidden, "wrong_account_kind";
        GatewayError::AdminOnly => Forbidden, "admin_only";
        GatewayError::NotYourFile => Forbidden, "not_your_file";
        GatewayError::InvalidSignature => Forbidden, "invalid_signature";
        GatewayError::UploadExists => Conflict, "upload_exists";
        GatewayError::FileNotFound => NotFound, "file_not_found";
        GatewayError::InvalidKey => InvalidInput, "invalid_key";
        GatewayError::InvalidMultipart(_) => InvalidInput, "invalid_multipart";
        GatewayError::TooManyParts => InvalidInput, "too_many_parts";
        GatewayError::NoFiles(_) => InvalidInput, "no_files";
        GatewayError::TooManyFiles(_) => InvalidInput, "too_many_files";
        GatewayError::UnsupportedFileType(_) => InvalidInput, "unsupported_file_type";
        GatewayError::ContentTypeMismatch(_) => InvalidInput, "content_type_mismatch";
        GatewayError::FileTypeMismatch => InvalidInput, "file_type_mismatch";
        GatewayError::EmptyFile => InvalidInput, "empty_file";
        GatewayError::InvalidIdempotencyKey => InvalidInput, "invalid_idempotency_key";
        GatewayError::WebSocketUpgradeRequired => InvalidInput, "websocket_upgrade_required";
        GatewayError::InvalidPhoto(_) => InvalidInput, "invalid_photo";
        GatewayError::NotYourPhoto(_) => Forbidden, "not_your_photo";
        GatewayError::NoTrips(_) => NotFound, "no_trips";
        GatewayError::OauthStateInvalid => InvalidInput, "oauth_state_invalid";
        GatewayError::GoogleSignInCancelled => InvalidInput, "google_sign_in_cancelled";
        GatewayError::GoogleSignInFailed => InvalidInput, "google_sign_in_failed";
        GatewayError::UserIdOrFirstNameMissing => InvalidInput, "user_id_or_first_name_missing";
        GatewayError::OutboxAddressRequired => InvalidInput, "to_required";
        GatewayError::ConflictingParameters(..) => InvalidInput, "conflicting_parameters";
        GatewayError::CarNotAvailable(_) => Conflict, "car_not_available";
        GatewayError::FinalTripPriceRequired => InvalidInput, "final_trip_price_required";
        GatewayError::Unavailable => Unavailable, "service_unavailable";
        GatewayError::Internal(_) => Internal, "internal_error";
    }
    retry_after {
        GatewayError::RateLimited { retry_after } => *retry_after;
    }
}

/// The body of every error answer (documented in `/v1/openapi.json`).
#[derive(Debug, serde::Serialize, utoipa::ToSchema)]
pub struct ErrorBody {
    /// Stable snake_case code a client can switch on.
    #[schema(value_type = KnownCode)]
    pub error: String,
    /// Human-readable text (the spec's where it gives one).
    pub message: String,
}

/// Every code an answer can carry, with its HTTP status: written from the error tables of the
/// gateway, the socket and every service by their product-wide test
/// (`tests/e2e/codes.rs`, which fails when it is stale), so the document lists the services'
/// codes without the gateway linking them.
const ERROR_CODES: &str = include_str!("../error-codes.json");

/// The documented codes and their statuses, in code order.
pub fn documented_codes() -> Vec<(String, u16)> {
    // A file that does not read (none listed) fails the codes test, which compares the two.
    let codes: std::collections::BTreeMap<String, u16> =
        serde_json::from_str(ERROR_CODES).unwrap_or_default();
    codes.into_iter().collect()
}

/// The document's `ErrorCode`: the `error` of every error answer is one of these.
pub struct KnownCode;

impl utoipa::PartialSchema for KnownCode {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{ObjectBuilder, Type};
        let codes = documented_codes();
        ObjectBuilder::new()
            .schema_type(Type::String)
            .enum_values(Some(codes.iter().map(|(code, _)| code.clone())))
            .description(Some(
                "A stable snake_case code; each has one HTTP status (docs/API.md, \"Errors\")",
            ))
            .into()
    }
}

impl utoipa::ToSchema for KnownCode {
    fn name() -> std::borrow::Cow<'static, str> {
        std::borrow::Cow::Borrowed("ErrorCode")
    }
}

/// An error on its way to the client.
#[derive(Debug)]
pub struct HttpError(pub ApiError);

impl std::fmt::Display for HttpError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.0.fmt(f)
    }
}

impl ResponseError for HttpError {
    fn status_code(&self) -> StatusCode {
        StatusCode::from_u16(self.0.http_status()).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR)
    }
    fn error_response(&self) -> HttpResponse {
        let mut res = HttpResponse::build(self.status_code());
        // Every 429, ours or a service's, says when to come back.
        if let Some(secs) = self.0.retry_after {
            res.insert_header((RETRY_AFTER, HeaderValue::from(secs.max(1))));
        }
        res.json(&self.0)
    }
}

impl From<tonic::Status> for HttpError {
    fn from(s: tonic::Status) -> Self {
        if matches!(
            s.code(),
            tonic::Code::Unavailable | tonic::Code::DeadlineExceeded | tonic::Code::Unknown
        ) {
            tracing::warn!(code = ?s.code(), message = %s.message(), "service call failed");
        }
        Self(ApiError::from_status(&s))
    }
}

impl From<GatewayError> for HttpError {
    fn from(e: GatewayError) -> Self {
        if let GatewayError::Internal(cause) = &e {
            tracing::error!(error = %cause, "gateway internal error");
        }
        let api = ApiError::new(e.kind(), e.code(), e.public_message());
        Self(match e.retry_after_secs() {
            Some(secs) => api.retry_after(secs),
            None => api,
        })
    }
}

impl HttpError {
    /// 500, cause logged (never answered).
    pub fn internal(cause: impl std::fmt::Display) -> Self {
        GatewayError::Internal(cause.to_string()).into()
    }

    /// The error table's answer for a bare status (the framework's own errors).
    pub fn for_status(status: u16) -> Self {
        match status {
            404 => GatewayError::RouteNotFound.into(),
            405 => GatewayError::MethodNotAllowed("this".to_owned()).into(),
            413 => GatewayError::PayloadTooLarge.into(),
            414 => GatewayError::UriTooLong.into(),
            429 => GatewayError::RateLimited { retry_after: 60 }.into(),
            400..=499 => {
                GatewayError::InvalidBody("The request could not be read.".to_owned()).into()
            }
            503 => GatewayError::Unavailable.into(),
            _ => HttpError::internal(format!("framework error {status}")),
        }
    }

    /// The error code.
    pub fn code(&self) -> &str {
        &self.0.code
    }
}

/// Result of a route handler.
pub type HttpResult<T = HttpResponse> = Result<T, HttpError>;

/// 404 for paths no route matches.
pub fn route_not_found() -> HttpResponse {
    HttpError::from(GatewayError::RouteNotFound).error_response()
}

/// The `/v1` paths and their methods, read from the OpenAPI document of the routes served, so
/// a known path asked with another method is told 405 (with `Allow`), not 404.
pub struct KnownRoutes(Vec<(actix_web::dev::ResourceDef, Vec<String>)>);

impl KnownRoutes {
    /// The routes of `doc`.
    pub fn of(doc: &utoipa::openapi::OpenApi) -> Self {
        let routes = doc
            .paths
            .paths
            .iter()
            .map(|(path, item)| {
                let methods = [
                    ("GET", item.get.is_some()),
                    ("POST", item.post.is_some()),
                    ("PUT", item.put.is_some()),
                    ("DELETE", item.delete.is_some()),
                    ("PATCH", item.patch.is_some()),
                ]
                .into_iter()
                .filter(|(_, on)| *on)
                .map(|(m, _)| m.to_owned())
                .collect();
                (actix_web::dev::ResourceDef::new(path.as_str()), methods)
            })
            .collect();
        Self(routes)
    }

    /// The methods `path` is served with, when it is a known path.
    pub fn methods(&self, path: &str) -> Option<&[String]> {
        self.0.iter().find(|(def, _)| def.is_match(path)).map(|(_, m)| m.as_slice())
    }
}

/// What a request no route took gets: 405 with `Allow` for a known path, else 404.
pub fn unrouted(req: &actix_web::HttpRequest) -> HttpResponse {
    let known = req.app_data::<actix_web::web::Data<KnownRoutes>>();
    match known.and_then(|k| k.methods(req.path())) {
        Some(methods) if !methods.iter().any(|m| m == req.method().as_str()) => {
            let mut res = HttpError::from(GatewayError::MethodNotAllowed(req.method().to_string()))
                .error_response();
            if let Ok(v) = HeaderValue::from_str(&methods.join(", ")) {
                res.headers_mut().insert(actix_web::http::header::ALLOW, v);
            }
            res
        }
        _ => route_not_found(),
    }
}

/// Path errors: 400 in the error format.
pub fn path_error(
    err: actix_web::error::PathError,
    _req: &actix_web::HttpRequest,
) -> actix_web::Error {
    HttpError::from(GatewayError::InvalidPath(format!("Invalid path parameter: {err}"))).into()
}

#[cfg(test)]
mod tests {
    use super::*;
    use upcar_errors::ErrorTable;

    #[test]
    fn the_gateway_table_has_no_problems() {
        let problems = upcar_errors::table_problems(&[("gateway", GatewayError::ROWS)]);
        assert!(problems.is_empty(), "{problems:?}");
    }

    #[test]
    fn a_rate_limit_answer_says_when_to_retry() {
        let res = HttpError::from(GatewayError::RateLimited { retry_after: 42 }).error_response();
        assert_eq!(res.status(), StatusCode::TOO_MANY_REQUESTS);
        assert_eq!(res.headers().get(RETRY_AFTER).and_then(|v| v.to_str().ok()), Some("42"));
    }

    #[test]
    fn internal_errors_do_not_tell_their_cause() {
        let e = HttpError::internal("password=hunter2");
        assert_eq!(e.0.code, "internal_error");
        assert!(!e.0.message.contains("hunter2"));
    }
}
