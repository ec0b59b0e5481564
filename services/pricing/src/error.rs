//! Every way a pricing call can fail: one variant per rule, with the message the caller sees,
//! and the table (`error_table!`) giving each its kind and stable code.

use pricing_domain::coupon::CouponError;
use pricing_domain::incidentals::IncidentalError;
use pricing_domain::protection::UnknownPlan;
use pricing_domain::quote::QuoteError;
use pricing_domain::window::WindowError;

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
    /// An unknown trip, or one the caller has no part in: the same answer, so a stranger
    /// cannot tell that a trip exists.
    #[error("Trip not found")]
    TripNotFound,
    #[error("Token is missing")]
    SignInRequired,
    #[error("cancelledBy must be guest or host, not {0:?}")]
    BadCanceller(String),
    #[error("carId is required")]
    CarIdsRequired,
    #[error("tripId is required")]
    TripIdRequired,
    #[error("At most {0} cars per request.")]
    TooManyCars(usize),
    #[error("startInstant and endInstant must be RFC 3339 instants.")]
    BadInstants,
    #[error("{0} must have latitude within -90..90 and longitude within -180..180")]
    BadLocation(&'static str),
    #[error("Each extra needs an extraId.")]
    ExtraIdRequired,
    /// An id between services that is not a UUID (trips binding a quote).
    #[error("{0} must be a UUID")]
    BadId(&'static str),
    #[error("finalTripPrice must be zero or more.")]
    NegativeTripPrice,
    #[error("Unknown incidental type {0:?}.")]
    UnknownIncidental(String),
    /// An incidental that cannot be charged, with its label.
    #[error("{0}: {1}")]
    Incidental(&'static str, IncidentalError),
    /// The quote store (Redis) cannot be reached: a price is answered with the quote that
    /// holds it, so none can be given until it is back.
    #[error("Prices are not available right now. Please try again in a few seconds.")]
    QuotesUnavailable(#[source] anyhow::Error),
    /// Postgres cannot be reached, or ended the connection mid-call (stopped, restarting,
    /// crashed, out of connections): nothing was changed and the caller may try again.
    #[error("The service is temporarily unavailable. Please try again in a few seconds.")]
    DatabaseUnavailable(#[source] anyhow::Error),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

upcar_errors::error_table! {
    PricingError {
        PricingError::Quote(QuoteError::UnderMinimumAge) => InvalidInput, "under_minimum_age";
        PricingError::Quote(QuoteError::UnderCarMinimumAge(_)) => InvalidInput, "under_car_minimum_age";
        PricingError::Quote(QuoteError::BadAge) => InvalidInput, "invalid_age";
        PricingError::Quote(QuoteError::UnknownExtra(_)) => InvalidInput, "unknown_extra";
        PricingError::Quote(QuoteError::DuplicateExtra(_)) => InvalidInput, "duplicate_extra";
        PricingError::Quote(QuoteError::BadQuantity(..)) => InvalidInput, "invalid_quantity";
        PricingError::Quote(QuoteError::ProtectionRequired) => InvalidInput, "protection_required";
        PricingError::Quote(QuoteError::TooFarForDelivery(..)) => InvalidInput, "delivery_too_far";
        PricingError::Quote(QuoteError::NoDelivery) => InvalidInput, "delivery_not_offered";
        PricingError::Quote(QuoteError::Coupon(CouponError::Empty)) => InvalidInput, "coupon_required";
        PricingError::Quote(QuoteError::Coupon(CouponError::Unknown)) => InvalidInput, "invalid_coupon";
        PricingError::Quote(QuoteError::Coupon(CouponError::Expired)) => InvalidInput, "coupon_expired";
        PricingError::Quote(QuoteError::Coupon(CouponError::NotYet)) => InvalidInput, "coupon_not_active";
        PricingError::Quote(QuoteError::Coupon(CouponError::BelowMinimum(_))) => InvalidInput, "coupon_minimum_not_met";
        PricingError::Quote(QuoteError::Coupon(CouponError::FirstTripOnly)) => Conflict, "coupon_first_trip_only";
        PricingError::Quote(QuoteError::Coupon(CouponError::UsedUp)) => Conflict, "coupon_used_up";
        PricingError::Plan(_) => InvalidInput, "invalid_protection_plan";
        PricingError::CarNotFound => NotFound, "car_not_found";
        PricingError::CarNotBookable => Conflict, "car_not_bookable";
        PricingError::QuoteNotFound => NotFound, "quote_not_found";
        PricingError::QuoteMismatch => Forbidden, "quote_mismatch";
        PricingError::QuoteUsed => Conflict, "quote_already_used";
        PricingError::TripNotFound => NotFound, "trip_not_found";
        PricingError::SignInRequired => Unauthenticated, "token_missing";
        PricingError::BadCanceller(_) => InvalidInput, "invalid_cancelled_by";
        PricingError::CarIdsRequired => InvalidInput, "car_id_required";
        PricingError::TripIdRequired => InvalidInput, "trip_id_required";
        PricingError::TooManyCars(_) => InvalidInput, "too_many_cars";
        PricingError::BadInstants => InvalidInput, "invalid_instant";
        PricingError::BadLocation(_) => InvalidInput, "invalid_location";
        PricingError::ExtraIdRequired => InvalidInput, "extra_id_required";
        PricingError::BadId(_) => InvalidInput, "invalid_id";
        PricingError::NegativeTripPrice => InvalidInput, "invalid_trip_price";
        PricingError::UnknownIncidental(_)
        | PricingError::Incidental(_, IncidentalError::UnknownType(_)) => InvalidInput, "invalid_incidental_type";
        PricingError::Incidental(_, IncidentalError::NotLate) => InvalidInput, "not_late";
        PricingError::Incidental(_, IncidentalError::NoExtraMiles(_)) => InvalidInput, "no_extra_miles";
        PricingError::Incidental(_, IncidentalError::NoMileRate) => InvalidInput, "no_mile_rate";
        PricingError::Incidental(_, IncidentalError::BadAmount(_)) => InvalidInput, "invalid_incidental_amount";
        PricingError::QuotesUnavailable(_) => Unavailable, "quotes_unavailable";
        PricingError::DatabaseUnavailable(_) => Unavailable, "database_unavailable";
        PricingError::Internal(_) => Internal, "internal_error";
    }
    nested {
        PricingError::Window(e) => e: WindowError;
    }
}

impl From<CouponError> for PricingError {
    fn from(e: CouponError) -> Self {
        PricingError::Quote(QuoteError::Coupon(e))
    }
}

impl From<diesel::result::Error> for PricingError {
    fn from(e: diesel::result::Error) -> Self {
        if upcar_db::query_unavailable(&e) {
            PricingError::DatabaseUnavailable(e.into())
        } else {
            PricingError::Internal(e.into())
        }
    }
}

impl From<upcar_db::PoolError> for PricingError {
    fn from(e: upcar_db::PoolError) -> Self {
        PricingError::DatabaseUnavailable(anyhow::Error::new(e).context("database pool"))
    }
}

impl From<redis::RedisError> for PricingError {
    fn from(e: redis::RedisError) -> Self {
        PricingError::QuotesUnavailable(anyhow::anyhow!("redis: {e}"))
    }
}

impl From<PricingError> for tonic::Status {
    fn from(e: PricingError) -> Self {
        // A database failure under an internal error's own context is still the database's.
        let e = match e {
            PricingError::Internal(cause) if upcar_db::unavailable_in(&cause) => {
                PricingError::DatabaseUnavailable(cause)
            }
            e => e,
        };
        if let PricingError::DatabaseUnavailable(cause) = &e {
            tracing::warn!(error = format!("{cause:#}"), "the database is unavailable");
        }
        upcar_errors::to_status(&e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use upcar_errors::{ErrorCode, ErrorTable};

    #[test]
    fn the_error_table_has_no_problems() {
        let problems = upcar_errors::table_problems(&[("pricing", &PricingError::rows())]);
        assert!(problems.is_empty(), "{problems:?}");
    }

    #[test]
    fn a_window_past_the_horizon_has_its_own_code() {
        let e = PricingError::from(WindowError::TooFarAhead);
        assert_eq!((e.code(), e.kind().http_status()), ("start_too_far_ahead", 400));
        assert_eq!(PricingError::TripNotFound.kind().http_status(), 404);
    }
}
