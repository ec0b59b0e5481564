//! Every way a pricing call can fail.

use pricing_domain::coupon::CouponError;
use pricing_domain::protection::UnknownPlan;
use pricing_domain::quote::QuoteError;
use pricing_domain::window::WindowError;
use upcar_errors::{ErrorCode, ErrorKind};

/// Result of pricing operations.
pub type PricingResult<T> = Result<T, PricingError>;

/// Pricing errors.
#[derive(Debug, thiserror::Error)]
pub enum PricingError {
    #[error(transparent)]
    Window(#[from] WindowError),
    #[error(transparent)]
    Quote(#[from] QuoteError),
    #[error(transparent)]
    Plan(#[from] UnknownPlan),
    #[error("Car not found")]
    CarNotFound,
    #[error("This car cannot be booked right now.")]
    CarNotBookable,
    #[error("This price has expired. Please review the current price and try again.")]
    QuoteNotFound,
    #[error("This price was given for another car, trip or account.")]
    QuoteMismatch,
    #[error("This price has already been used for another trip.")]
    QuoteUsed,
    #[error("Trip not found")]
    TripNotFound,
    #[error("Only the trip's guest or host can see its prices.")]
    NotYourTrip,
    #[error("Token is missing")]
    SignInRequired,
    #[error("{0}")]
    Invalid(String),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl From<CouponError> for PricingError {
    fn from(e: CouponError) -> Self {
        PricingError::Quote(QuoteError::Coupon(e))
    }
}

impl From<diesel::result::Error> for PricingError {
    fn from(e: diesel::result::Error) -> Self {
        PricingError::Internal(e.into())
    }
}

impl From<upcar_db::PoolError> for PricingError {
    fn from(e: upcar_db::PoolError) -> Self {
        PricingError::Internal(anyhow::anyhow!("database pool: {e}"))
    }
}

impl From<redis::RedisError> for PricingError {
    fn from(e: redis::RedisError) -> Self {
        PricingError::Internal(anyhow::anyhow!("redis: {e}"))
    }
}

impl ErrorCode for PricingError {
    fn kind(&self) -> ErrorKind {
        match self {
            PricingError::CarNotFound
            | PricingError::TripNotFound
            | PricingError::QuoteNotFound => ErrorKind::NotFound,
            PricingError::QuoteUsed | PricingError::CarNotBookable => ErrorKind::Conflict,
            PricingError::NotYourTrip | PricingError::QuoteMismatch => ErrorKind::Forbidden,
            PricingError::SignInRequired => ErrorKind::Unauthenticated,
            PricingError::Internal(_) => ErrorKind::Internal,
            _ => ErrorKind::InvalidInput,
        }
    }

    fn code(&self) -> &'static str {
        match self {
            PricingError::Window(WindowError::InPast) => "dates_in_past",
            PricingError::Window(WindowError::Inverted) => "dates_inverted",
            PricingError::Window(WindowError::Empty) => "empty_window",
            PricingError::Window(WindowError::TooLong) => "window_too_long",
            PricingError::Window(WindowError::BadDate(_)) => "invalid_date",
            PricingError::Window(WindowError::BadTime(_)) => "invalid_time",
            PricingError::Quote(q) => match q {
                QuoteError::UnderMinimumAge => "under_minimum_age",
                QuoteError::UnderCarMinimumAge(_) => "under_car_minimum_age",
                QuoteError::BadAge => "invalid_age",
                QuoteError::UnknownExtra(_) => "unknown_extra",
                QuoteError::DuplicateExtra(_) => "duplicate_extra",
                QuoteError::BadQuantity(..) => "invalid_quantity",
                QuoteError::ProtectionRequired => "protection_required",
                QuoteError::TooFarForDelivery(..) => "delivery_too_far",
                QuoteError::NoDelivery => "delivery_not_offered",
                QuoteError::Coupon(c) => match c {
                    CouponError::Empty => "coupon_required",
                    CouponError::Unknown => "invalid_coupon",
                    CouponError::Expired => "coupon_expired",
                    CouponError::NotYet => "coupon_not_active",
                    CouponError::BelowMinimum(_) => "coupon_minimum_not_met",
                },
            },
            PricingError::Plan(_) => "invalid_protection_plan",
            PricingError::CarNotFound => "car_not_found",
            PricingError::CarNotBookable => "car_not_bookable",
            PricingError::QuoteNotFound => "quote_not_found",
            PricingError::QuoteMismatch => "quote_mismatch",
            PricingError::QuoteUsed => "quote_already_used",
            PricingError::TripNotFound => "trip_not_found",
            PricingError::NotYourTrip => "not_your_trip",
            PricingError::SignInRequired => "token_missing",
            PricingError::Invalid(_) => "invalid_input",
            PricingError::Internal(_) => "internal_error",
        }
    }
}

impl From<PricingError> for tonic::Status {
    fn from(e: PricingError) -> Self {
        upcar_errors::to_status(&e)
    }
}
