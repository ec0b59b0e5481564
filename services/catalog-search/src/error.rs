//! Every way a catalog call can fail.

use crate::domain::reports::ReportError;
use crate::domain::window::WindowError;

/// Result of catalog operations.
pub type CatalogResult<T> = Result<T, CatalogError>;

/// Catalog errors.
#[derive(Debug, thiserror::Error)]
pub enum CatalogError {
    #[error(transparent)]
    Window(#[from] WindowError),
    #[error("Car not found")]
    CarNotFound,
    #[error("{0}")]
    Response(#[from] crate::domain::reviews::ResponseError),
    /// Also the answer for a review of someone else's car.
    #[error("Review not found")]
    ReviewNotFound,
    #[error("Unknown make")]
    MakeNotFound,
    #[error("Unknown list {0:?}")]
    EnumNotFound(String),
    #[error("latitude must be within -90..90 and longitude within -180..180")]
    BadCoordinates,
    #[error("Unknown sortBy; use recommended, priceAsc, priceDesc or distance")]
    BadSort,
    #[error("Unknown vehicle type")]
    BadVehicleType,
    #[error("seats must be 4, 5 or 6 (6 or more)")]
    BadSeats,
    #[error("transmissionType must be automatic or manual")]
    BadTransmission,
    #[error("priceMin must not exceed priceMax")]
    PriceRangeInverted,
    #[error("yearMin must not exceed yearMax")]
    YearRangeInverted,
    #[error("prices cannot be negative")]
    NegativePrice,
    #[error("age must be between 16 and 120")]
    AgeOutOfRange,
    #[error("year and month must name a month (month 1-12)")]
    BadMonth,
    #[error("Please type what you are looking for.")]
    EmptyText,
    #[error("The search text is too long (500 characters at most).")]
    TextTooLong,
    #[error("The place text is too long (200 characters at most).")]
    PlaceTextTooLong,
    #[error(transparent)]
    Report(#[from] ReportError),
    #[error("You have already reported this listing today.")]
    AlreadyReported,
    #[error("Token is missing")]
    SignInRequired,
    #[error("deliveryLocation.coordinates is required as [longitude, latitude]")]
    DeliveryLocationRequired,
    #[error(
        "deliveryLocation.coordinates must be [longitude, latitude] with longitude within -180..180 and latitude within -90..90"
    )]
    BadDeliveryLocation,
    #[error("Unknown car type; use All, Evs, Convertibles, 7 Seater or Luxury")]
    BadCarType,
    #[error("No featured car right now")]
    FeaturedCarNotFound,
    #[error("Place not found")]
    PlaceNotFound,
    #[error("Give an address (3 characters or more), or latitude and longitude")]
    AddressRequired,
    #[error("This search has expired; search again to see prices.")]
    SearchExpired,
    /// Postgres cannot be reached, or ended the connection mid-call (stopped, restarting,
    /// crashed, out of connections): nothing was changed and the caller may try again.
    #[error("The service is temporarily unavailable. Please try again in a few seconds.")]
    DatabaseUnavailable(#[source] anyhow::Error),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl From<diesel::result::Error> for CatalogError {
    fn from(e: diesel::result::Error) -> Self {
        if upcar_db::query_unavailable(&e) {
            CatalogError::DatabaseUnavailable(e.into())
        } else {
            CatalogError::Internal(e.into())
        }
    }
}

impl From<upcar_db::PoolError> for CatalogError {
    fn from(e: upcar_db::PoolError) -> Self {
        CatalogError::DatabaseUnavailable(anyhow::Error::new(e).context("database pool"))
    }
}

// One row per rule; or-patterns join variants that are one rule in different words.
upcar_errors::error_table! {
    CatalogError {
        CatalogError::CarNotFound => NotFound, "car_not_found";
        CatalogError::Response(crate::domain::reviews::ResponseError::Required) => InvalidInput, "response_required";
        CatalogError::Response(crate::domain::reviews::ResponseError::TooLong) => InvalidInput, "response_too_long";
        CatalogError::ReviewNotFound => NotFound, "review_not_found";
        CatalogError::MakeNotFound => NotFound, "make_not_found";
        CatalogError::EnumNotFound(_) => NotFound, "enum_not_found";
        CatalogError::BadCoordinates | CatalogError::BadDeliveryLocation =>
            InvalidInput, "invalid_coordinates";
        CatalogError::BadSort => InvalidInput, "invalid_sort";
        CatalogError::BadVehicleType => InvalidInput, "invalid_vehicle_type";
        CatalogError::BadSeats => InvalidInput, "invalid_seats";
        CatalogError::BadTransmission => InvalidInput, "invalid_transmission";
        // A filter's minimum above its maximum, for prices or years.
        CatalogError::PriceRangeInverted | CatalogError::YearRangeInverted =>
            InvalidInput, "invalid_range";
        CatalogError::NegativePrice => InvalidInput, "negative_price";
        CatalogError::AgeOutOfRange => InvalidInput, "invalid_age";
        CatalogError::BadMonth => InvalidInput, "invalid_month";
        CatalogError::EmptyText => InvalidInput, "empty_text";
        CatalogError::TextTooLong => InvalidInput, "text_too_long";
        CatalogError::PlaceTextTooLong => InvalidInput, "place_text_too_long";
        CatalogError::Report(ReportError::TypeRequired) => InvalidInput, "report_type_required";
        CatalogError::Report(ReportError::ReasonRequired) => InvalidInput, "reason_required";
        CatalogError::Report(ReportError::TypeTooLong) => InvalidInput, "report_type_too_long";
        CatalogError::Report(ReportError::ReasonTooLong) => InvalidInput, "reason_too_long";
        CatalogError::AlreadyReported => Conflict, "already_reported";
        CatalogError::SignInRequired => Unauthenticated, "token_missing";
        CatalogError::DeliveryLocationRequired => InvalidInput, "delivery_location_required";
        CatalogError::BadCarType => InvalidInput, "invalid_car_type";
        CatalogError::FeaturedCarNotFound => NotFound, "featured_car_not_found";
        CatalogError::PlaceNotFound => NotFound, "place_not_found";
        CatalogError::AddressRequired => InvalidInput, "address_required";
        CatalogError::SearchExpired => InvalidInput, "search_expired";
        CatalogError::DatabaseUnavailable(_) => Unavailable, "database_unavailable";
        CatalogError::Internal(_) => Internal, "internal_error";
    }
    nested {
        CatalogError::Window(e) => e: WindowError;
    }
}

impl From<CatalogError> for tonic::Status {
    fn from(e: CatalogError) -> Self {
        // A database failure under an internal error's own context is still the database's.
        let e = match e {
            CatalogError::Internal(cause) if upcar_db::unavailable_in(&cause) => {
                CatalogError::DatabaseUnavailable(cause)
            }
            e => e,
        };
        if let CatalogError::DatabaseUnavailable(cause) = &e {
            tracing::warn!(error = format!("{cause:#}"), "the database is unavailable");
        }
        upcar_errors::to_status(&e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_error_table_has_no_problems() {
        use upcar_errors::ErrorTable;
        let problems = upcar_errors::table_problems(&[("catalog-search", &CatalogError::rows())]);
        assert!(problems.is_empty(), "{problems:?}");
    }

    #[test]
    fn each_range_rule_has_its_own_code_and_message() {
        use upcar_errors::ErrorCode;
        let seen: Vec<(&str, String)> = [
            CatalogError::PriceRangeInverted,
            CatalogError::YearRangeInverted,
            CatalogError::NegativePrice,
            CatalogError::AgeOutOfRange,
            CatalogError::BadMonth,
        ]
        .iter()
        .map(|e| (e.code(), e.to_string()))
        .collect();
        assert_eq!(seen[0].0, seen[1].0, "one rule, two fields");
        assert_eq!(
            seen.iter().map(|s| s.0).collect::<Vec<_>>()[2..],
            ["negative_price", "invalid_age", "invalid_month"]
        );
        assert!(seen.iter().all(|s| !s.1.is_empty()));
    }
}
