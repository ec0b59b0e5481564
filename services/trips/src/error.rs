//! Every way a trips call can fail.

use trips_domain::TransitionError;
use trips_domain::extras::ExtrasError;
use upcar_errors::{ErrorCode, ErrorKind};

/// Result of trips operations.
pub type TripsResult<T> = Result<T, TripsError>;

/// Trips errors.
#[derive(Debug, thiserror::Error)]
pub enum TripsError {
    #[error("Token is missing")]
    SignInRequired,
    #[error("{0}")]
    Invalid(String),
    #[error("Trip not found")]
    TripNotFound,
    #[error("You can not book your own car")]
    OwnCar,
    #[error("{0}")]
    VerificationRequired(String),
    #[error("{0}")]
    CarNotAvailable(String),
    #[error("User is not available.")]
    UserNotAvailable,
    #[error("The price changed to {0}. Please review the new price and book again.")]
    PriceChanged(String),
    #[error("This Idempotency-Key was already used with a different request.")]
    IdempotencyKeyReused,
    #[error(transparent)]
    Transition(#[from] TransitionError),
    #[error(transparent)]
    Extras(#[from] ExtrasError),
    #[error("{0}")]
    CardDeclined(String),
    #[error("{0}")]
    Payment(String),
    /// An error another service answered, passed on as it came.
    #[error("{message}")]
    Upstream { kind: ErrorKind, code: String, message: String },
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl TripsError {
    /// A refusal with its own code.
    pub fn coded(kind: ErrorKind, code: &str, message: impl Into<String>) -> Self {
        TripsError::Upstream { kind, code: code.to_owned(), message: message.into() }
    }

    /// A gRPC status from another service, kept with its kind, code and message.
    pub fn upstream(s: tonic::Status) -> Self {
        let e = upcar_errors::ApiError::from_status(&s);
        if e.kind == ErrorKind::Internal || e.kind == ErrorKind::Unavailable {
            return TripsError::Internal(anyhow::anyhow!("upstream: {}", s.message()));
        }
        TripsError::Upstream { kind: e.kind, code: e.code, message: e.message }
    }
}

impl From<diesel::result::Error> for TripsError {
    fn from(e: diesel::result::Error) -> Self {
        TripsError::Internal(e.into())
    }
}

impl From<upcar_db::PoolError> for TripsError {
    fn from(e: upcar_db::PoolError) -> Self {
        TripsError::Internal(anyhow::anyhow!("database pool: {e}"))
    }
}

impl ErrorCode for TripsError {
    fn kind(&self) -> ErrorKind {
        match self {
            TripsError::SignInRequired => ErrorKind::Unauthenticated,
            TripsError::Invalid(_) | TripsError::CardDeclined(_) | TripsError::Payment(_) => {
                ErrorKind::InvalidInput
            }
            TripsError::TripNotFound | TripsError::Extras(ExtrasError::NotFound) => {
                ErrorKind::NotFound
            }
            TripsError::Extras(ExtrasError::NotAllowed(_)) => ErrorKind::Forbidden,
            TripsError::Extras(ExtrasError::WrongStatus(_) | ExtrasError::ClaimWindowClosed) => {
                ErrorKind::Conflict
            }
            TripsError::OwnCar | TripsError::VerificationRequired(_) => ErrorKind::Forbidden,
            TripsError::Transition(TransitionError::NotAllowed(_)) => ErrorKind::Forbidden,
            TripsError::Transition(TransitionError::WrongStatus { .. })
            | TripsError::CarNotAvailable(_)
            | TripsError::UserNotAvailable
            | TripsError::PriceChanged(_)
            | TripsError::IdempotencyKeyReused => ErrorKind::Conflict,
            TripsError::Upstream { kind, .. } => *kind,
            TripsError::Internal(_) => ErrorKind::Internal,
        }
    }

    fn code(&self) -> &'static str {
        match self {
            TripsError::SignInRequired => "token_missing",
            TripsError::Invalid(_) => "invalid_input",
            TripsError::TripNotFound | TripsError::Extras(ExtrasError::NotFound) => {
                "trip_not_found"
            }
            TripsError::Extras(ExtrasError::NotAllowed(_)) => "not_allowed",
            TripsError::Extras(ExtrasError::WrongStatus(_)) => "invalid_trip_status",
            TripsError::Extras(ExtrasError::ClaimWindowClosed) => "claim_window_closed",
            TripsError::OwnCar => "own_car",
            TripsError::VerificationRequired(_) => "verification_required",
            TripsError::CarNotAvailable(_) => "car_not_available",
            TripsError::UserNotAvailable => "user_not_available",
            TripsError::PriceChanged(_) => "price_changed",
            TripsError::IdempotencyKeyReused => "idempotency_key_reused",
            TripsError::Transition(TransitionError::NotAllowed(_)) => "not_allowed",
            TripsError::Transition(TransitionError::WrongStatus { .. }) => "invalid_trip_status",
            TripsError::CardDeclined(_) => "card_declined",
            TripsError::Payment(_) => "payment_failed",
            // Codes of other services are passed on through `code_owned`.
            TripsError::Upstream { .. } => "upstream_error",
            TripsError::Internal(_) => "internal_error",
        }
    }
}

impl From<TripsError> for tonic::Status {
    fn from(e: TripsError) -> Self {
        match &e {
            TripsError::Upstream { code, .. } => {
                let mut s = upcar_errors::to_status(&e);
                if let Ok(v) = code.parse() {
                    s.metadata_mut().insert(upcar_errors::ERROR_CODE_METADATA, v);
                }
                s
            }
            _ => upcar_errors::to_status(&e),
        }
    }
}
