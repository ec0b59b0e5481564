//! Every way a catalog call can fail.

use crate::domain::reports::ReportError;
use crate::domain::window::WindowError;
use upcar_errors::{ErrorCode, ErrorKind};

/// Result of catalog operations.
pub type CatalogResult<T> = Result<T, CatalogError>;

/// Catalog errors.
#[derive(Debug, thiserror::Error)]
pub enum CatalogError {
    #[error(transparent)]
    Window(#[from] WindowError),
    #[error("Car not found")]
    CarNotFound,
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
    #[error("{0}")]
    BadRange(&'static str),
    #[error("Please type what you are looking for.")]
    EmptyText,
    #[error("The search text is too long (500 characters at most).")]
    TextTooLong,
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
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl From<diesel::result::Error> for CatalogError {
    fn from(e: diesel::result::Error) -> Self {
        CatalogError::Internal(e.into())
    }
}

impl From<upcar_db::PoolError> for CatalogError {
    fn from(e: upcar_db::PoolError) -> Self {
        CatalogError::Internal(anyhow::anyhow!("database pool: {e}"))
    }
}

impl ErrorCode for CatalogError {
    fn kind(&self) -> ErrorKind {
        match self {
            CatalogError::CarNotFound
            | CatalogError::MakeNotFound
            | CatalogError::EnumNotFound(_)
            | CatalogError::FeaturedCarNotFound
            | CatalogError::PlaceNotFound => ErrorKind::NotFound,
            CatalogError::AlreadyReported => ErrorKind::Conflict,
            CatalogError::SignInRequired => ErrorKind::Unauthenticated,
            CatalogError::Internal(_) => ErrorKind::Internal,
            _ => ErrorKind::InvalidInput,
        }
    }

    fn code(&self) -> &'static str {
        match self {
            CatalogError::Window(WindowError::InPast) => "dates_in_past",
            CatalogError::Window(WindowError::Inverted) => "dates_inverted",
            CatalogError::Window(WindowError::Empty) => "empty_window",
            CatalogError::Window(WindowError::TooLong) => "window_too_long",
            CatalogError::Window(WindowError::BadDate(_)) => "invalid_date",
            CatalogError::Window(WindowError::BadTime(_)) => "invalid_time",
            CatalogError::CarNotFound => "car_not_found",
            CatalogError::MakeNotFound => "make_not_found",
            CatalogError::EnumNotFound(_) => "enum_not_found",
            CatalogError::BadCoordinates => "invalid_coordinates",
            CatalogError::BadSort => "invalid_sort",
            CatalogError::BadVehicleType => "invalid_vehicle_type",
            CatalogError::BadSeats => "invalid_seats",
            CatalogError::BadTransmission => "invalid_transmission",
            CatalogError::BadRange(_) => "invalid_range",
            CatalogError::EmptyText => "empty_text",
            CatalogError::TextTooLong => "text_too_long",
            CatalogError::Report(ReportError::TypeRequired) => "report_type_required",
            CatalogError::Report(ReportError::ReasonRequired) => "reason_required",
            CatalogError::Report(ReportError::TypeTooLong) => "report_type_too_long",
            CatalogError::Report(ReportError::ReasonTooLong) => "reason_too_long",
            CatalogError::AlreadyReported => "already_reported",
            CatalogError::SignInRequired => "token_missing",
            CatalogError::DeliveryLocationRequired => "delivery_location_required",
            CatalogError::BadDeliveryLocation => "invalid_coordinates",
            CatalogError::BadCarType => "invalid_car_type",
            CatalogError::FeaturedCarNotFound => "featured_car_not_found",
            CatalogError::PlaceNotFound => "place_not_found",
            CatalogError::AddressRequired => "address_required",
            CatalogError::SearchExpired => "search_expired",
            CatalogError::Internal(_) => "internal_error",
        }
    }
}

impl From<CatalogError> for tonic::Status {
    fn from(e: CatalogError) -> Self {
        upcar_errors::to_status(&e)
    }
}
