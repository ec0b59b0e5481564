//! The `/v1` error answer: `{"error": code, "message": text}` with the table's status.

use actix_web::http::StatusCode;
use actix_web::{HttpResponse, ResponseError};
use upcar_errors::{ApiError, ErrorKind};

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
        HttpResponse::build(self.status_code()).json(&self.0)
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

impl From<ApiError> for HttpError {
    fn from(e: ApiError) -> Self {
        Self(e)
    }
}

impl HttpError {
    /// 400 with a code and message.
    pub fn invalid(code: &str, message: impl Into<String>) -> Self {
        Self(ApiError::invalid(code, message))
    }
    /// 401.
    pub fn unauthenticated(code: &str, message: impl Into<String>) -> Self {
        Self(ApiError::unauthenticated(code, message))
    }
    /// 403.
    pub fn forbidden(code: &str, message: impl Into<String>) -> Self {
        Self(ApiError::new(ErrorKind::Forbidden, code, message))
    }
    /// 404.
    pub fn not_found(code: &str, message: impl Into<String>) -> Self {
        Self(ApiError::new(ErrorKind::NotFound, code, message))
    }
    /// 413.
    pub fn too_large(message: impl Into<String>) -> Self {
        Self(ApiError::new(ErrorKind::PayloadTooLarge, "payload_too_large", message))
    }
    /// 429.
    pub fn rate_limited() -> Self {
        Self(ApiError::new(
            ErrorKind::RateLimited,
            "rate_limited",
            "Too many requests. Please try again later.",
        ))
    }
    /// 500, cause logged.
    pub fn internal(cause: impl std::fmt::Display) -> Self {
        tracing::error!(error = %cause, "gateway internal error");
        Self(ApiError::new(ErrorKind::Internal, "internal_error", "An unexpected error occurred"))
    }
}

/// Result of a route handler.
pub type HttpResult<T = HttpResponse> = Result<T, HttpError>;

/// 404 for paths no route matches.
pub fn route_not_found() -> HttpResponse {
    HttpError::not_found("route_not_found", "No such route").error_response()
}

/// JSON body errors: 413 for size, 400 otherwise, in the error format.
pub fn json_error(
    err: actix_web::error::JsonPayloadError,
    _req: &actix_web::HttpRequest,
) -> actix_web::Error {
    use actix_web::error::JsonPayloadError as J;
    let e = match &err {
        J::OverflowKnownLength { .. } | J::Overflow { .. } => {
            HttpError::too_large("The request body is too large.")
        }
        J::ContentType => {
            HttpError::invalid("invalid_content_type", "Send the body as application/json.")
        }
        J::Deserialize(d) => HttpError::invalid("invalid_body", format!("Invalid JSON body: {d}")),
        _ => HttpError::invalid("invalid_body", "Invalid JSON body."),
    };
    e.into()
}

/// Query string errors: 400 in the error format.
pub fn query_error(
    err: actix_web::error::QueryPayloadError,
    _req: &actix_web::HttpRequest,
) -> actix_web::Error {
    HttpError::invalid("invalid_query", format!("Invalid query parameters: {err}")).into()
}

/// Path errors: 400 in the error format.
pub fn path_error(
    err: actix_web::error::PathError,
    _req: &actix_web::HttpRequest,
) -> actix_web::Error {
    HttpError::invalid("invalid_path", format!("Invalid path parameter: {err}")).into()
}
