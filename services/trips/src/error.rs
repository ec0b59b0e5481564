//! Every way a trips call can fail: one variant per rule, with the message the caller sees, and
//! the table (`error_table!`) giving each its kind and stable code.

use crate::payments::PaymentError;
use trips_domain::TransitionError;
use trips_domain::extras::{ExtrasError, MAX_ADDITIONAL_DRIVERS, MAX_INCIDENTALS_PER_CALL};
use trips_domain::photos::PhotoError;
use trips_domain::reviews::ReviewError;
use upcar_errors::{ErrorCode, ErrorKind};

/// Result of trips operations.
pub type TripsResult<T> = Result<T, TripsError>;

/// Trips errors.
#[derive(Debug, thiserror::Error)]
pub enum TripsError {
    #[error("Token is missing")]
    SignInRequired,
    #[error("Trip not found")]
    TripNotFound,
    #[error("Car not found")]
    CarNotFound,
    #[error("carId is required")]
    CarIdRequired,
    #[error("tripId is required")]
    TripIdRequired,
    #[error("You can not book your own car")]
    OwnCar,
    #[error("This account is suspended. Contact support for help.")]
    AccountSuspended,
    /// Pre-booking verification (CONTRACT.md); the message lists what is missing.
    #[error("{0}")]
    VerificationRequired(String),
    /// A driver of the trip (its guest at booking or at a change of dates, an added driver when
    /// joining) is not eligible for its whole period (pricing's driver rules).
    #[error("{0}")]
    Ineligible(pricing_domain::driver::Ineligible),
    /// The car's own rules (catalog: advance notice, trip length, host blocks) or an overlap;
    /// the message says which, and may suggest a start that would be accepted.
    #[error("{0}")]
    CarNotAvailable(String),
    #[error("User is not available.")]
    UserNotAvailable,
    /// The coupon's price was made before another trip of the guest was booked.
    #[error("This coupon is for your first trip only. Remove it to book this trip.")]
    CouponFirstTripOnly,
    #[error("You have already used this coupon. Remove it to book this trip.")]
    CouponUsedUp,
    #[error("The price changed to {0}. Please review the new price and book again.")]
    PriceChanged(String),
    #[error("The incidentals total {0}. Please review them and accept again.")]
    IncidentalsTotalChanged(String),
    #[error("Idempotency-Key must be 1 to 255 visible characters.")]
    BadIdempotencyKey,
    #[error("This Idempotency-Key was already used with a different request.")]
    IdempotencyKeyReused,
    /// Claimed by a request still running on another connection.
    #[error("The same request is still being processed; retry in a moment.")]
    RequestInProgress,
    #[error(transparent)]
    Transition(#[from] TransitionError),
    #[error(transparent)]
    Extras(#[from] ExtrasError),
    #[error(transparent)]
    Photo(#[from] PhotoError),
    #[error(transparent)]
    Review(#[from] ReviewError),
    #[error("{0} is too long (1000 characters at most).")]
    ReasonTooLong(&'static str),
    #[error("Unknown trip list {0:?}.")]
    UnknownTripList(String),
    #[error("Invalid date or time {0:?}. Use YYYY-MM-DD and h:mm AM/PM.")]
    BadDateTime(String),
    #[error("{0} does not exist in that time zone.")]
    NonexistentLocalTime(String),
    #[error("Unknown timeZone")]
    UnknownTimeZone,
    #[error("Start date must be before or equal to the end date.")]
    DatesInverted,
    #[error("Give new dates, or new extras or protection plan.")]
    ModificationEmpty,
    #[error("There is no modification request to {0}.")]
    NoPendingModification(&'static str),
    #[error("response must be accept or decline")]
    BadModificationResponse,
    /// A required part of the billing address; the message names it.
    #[error("{0}")]
    BillingFieldRequired(&'static str),
    #[error("Only cards with a United States billing address are accepted.")]
    BillingNotInUs,
    #[error("paymentMethodId is required")]
    PaymentMethodIdRequired,
    #[error("year must be between 2000 and 2100")]
    BadYear,
    #[error("{0}")]
    CardDeclined(String),
    #[error("{0}")]
    Payment(String),
    #[error("At most 50 photos at a time.")]
    TooManyPhotos,
    #[error("Each photo needs its stored URL.")]
    PhotoUrlRequired,
    #[error("Check-in opens 30 minutes before the trip starts.")]
    CheckInNotOpen,
    #[error("additionalDriverEmails is required")]
    DriverEmailsRequired,
    #[error("{0:?} is not a valid email address.")]
    InvalidEmail(String),
    #[error("At most {MAX_ADDITIONAL_DRIVERS} additional drivers per trip.")]
    TooManyDrivers,
    #[error("You are already the trip's driver; invite someone else.")]
    OwnEmail,
    #[error("{0} is already an additional driver of this trip.")]
    DriverAlreadyAdded(String),
    #[error("email is required")]
    DriverEmailRequired,
    #[error("{0} is not an additional driver of this trip, nor invited to it.")]
    DriverNotFound(String),
    #[error("token is required")]
    InvitationTokenRequired,
    #[error("This invitation link is not valid.")]
    InvitationNotFound,
    #[error("This invitation was sent to another email address. Sign in with that address.")]
    InvitationForAnotherEmail,
    #[error("This invitation has already been used.")]
    InvitationUsed,
    #[error("This invitation has expired. Ask the guest to invite you again.")]
    InvitationExpired,
    #[error("This trip is no longer booked.")]
    InvitationTripNotBooked,
    #[error("You are already on this trip.")]
    AlreadyOnTrip,
    #[error("{0}")]
    PaymentProviderUnavailable(&'static str),
    #[error("{0}")]
    PayoutAccountFailed(String),
    #[error("No payout account yet: set one up first (createOnboardingLinkOnly false).")]
    PayoutAccountMissing,
    #[error("No such payout account.")]
    PayoutAccountNotFound,
    /// Local onboarding exists only in development with the local provider.
    #[error("Onboarding is completed on the payment provider's own form.")]
    LocalOnboardingOff,
    #[error("Add at least one incidental.")]
    IncidentalsRequired,
    #[error("At most {MAX_INCIDENTALS_PER_CALL} incidentals at a time.")]
    TooManyIncidentals,
    #[error("description is too long ({0} characters at most).")]
    DescriptionTooLong(usize),
    #[error("{0} is already charged on this trip.")]
    IncidentalExists(String),
    #[error("Select at least one incidental to remove.")]
    IncidentalIdsRequired,
    #[error("{0:?} is not an incidental id.")]
    InvalidIncidentalId(String),
    #[error("Only pending incidentals of this trip can be removed.")]
    IncidentalNotPending,
    #[error("Only pending incidentals of this trip can be disputed.")]
    IncidentalNotDisputable,
    #[error("Only disputed incidentals of this trip can be decided.")]
    IncidentalNotDisputed,
    #[error("Say why you dispute these incidentals (at most {0} characters).")]
    DisputeReasonRequired(usize),
    #[error("priceToPay must be a number greater than 0.")]
    InvalidPriceToPay,
    #[error("There are no incidentals to accept.")]
    NoPendingIncidentals,
    #[error("Add a payment method to pay the incidentals.")]
    PaymentMethodRequired,
    /// An issue type that is not one of the options (the message says whether it was empty).
    #[error("{0}")]
    InvalidIssueType(String),
    #[error("description is required")]
    DescriptionRequired,
    #[error("category is required")]
    CategoryRequired,
    #[error("category must be 1 to 64 letters, digits, '_' or '-'")]
    InvalidCategory,
    #[error("Report the issue first, then attach its photos.")]
    IssueNotReported,
    #[error("This agreement link is not valid or has expired.")]
    AgreementNotFound,
    /// An error another service answered, passed on as it came.
    #[error("{message}")]
    Upstream { kind: ErrorKind, code: String, message: String },
    /// The refusal stored under an Idempotency-Key, replayed as it was first answered.
    #[error("{message}")]
    Replayed { kind: ErrorKind, code: String, message: String },
    /// A service this call needs is down or did not answer within its deadline.
    #[error("A service this needs is not answering. Please try again in a few seconds.")]
    UpstreamUnavailable(#[source] anyhow::Error),
    /// Postgres cannot be reached, or ended the connection mid-call (stopped, restarting,
    /// crashed, out of connections): nothing was changed and the caller may try again.
    #[error("The service is temporarily unavailable. Please try again in a few seconds.")]
    DatabaseUnavailable(#[source] anyhow::Error),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

upcar_errors::error_table! {
    TripsError {
        TripsError::SignInRequired => Unauthenticated, "token_missing";
        TripsError::TripNotFound | TripsError::Extras(ExtrasError::NotFound) => NotFound, "trip_not_found";
        TripsError::CarNotFound => NotFound, "car_not_found";
        TripsError::CarIdRequired => InvalidInput, "car_id_required";
        TripsError::TripIdRequired => InvalidInput, "trip_id_required";
        TripsError::OwnCar => Forbidden, "own_car";
        TripsError::AccountSuspended => Forbidden, "account_suspended";
        TripsError::VerificationRequired(_)
        | TripsError::Ineligible(pricing_domain::driver::Ineligible::NoDateOfBirth)
        | TripsError::Ineligible(pricing_domain::driver::Ineligible::NoLicence) =>
            Forbidden, "verification_required";
        // Pricing refuses a stated age under the terms' minimum with the same code.
        TripsError::Ineligible(pricing_domain::driver::Ineligible::UnderMinimumAge) =>
            InvalidInput, "under_minimum_age";
        TripsError::Ineligible(pricing_domain::driver::Ineligible::UnderCarMinimumAge(_)) =>
            InvalidInput, "under_car_minimum_age";
        TripsError::Ineligible(pricing_domain::driver::Ineligible::LicenceExpiresBeforeTripEnds(_)) =>
            InvalidInput, "license_expires_before_trip_ends";
        TripsError::CarNotAvailable(_) => Conflict, "car_not_available";
        TripsError::UserNotAvailable => Conflict, "user_not_available";
        TripsError::CouponFirstTripOnly => Conflict, "coupon_first_trip_only";
        TripsError::CouponUsedUp => Conflict, "coupon_used_up";
        TripsError::PriceChanged(_) | TripsError::IncidentalsTotalChanged(_) => Conflict, "price_changed";
        TripsError::BadIdempotencyKey => InvalidInput, "invalid_idempotency_key";
        TripsError::IdempotencyKeyReused => Conflict, "idempotency_key_reused";
        TripsError::RequestInProgress => Conflict, "request_in_progress";
        TripsError::Transition(TransitionError::NotAllowed(_))
        | TripsError::Extras(ExtrasError::NotAllowed(_)) => Forbidden, "not_allowed";
        TripsError::Transition(TransitionError::WrongStatus { .. })
        | TripsError::Extras(ExtrasError::WrongStatus(_))
        | TripsError::InvitationTripNotBooked => Conflict, "invalid_trip_status";
        TripsError::Extras(ExtrasError::ClaimWindowClosed) => Conflict, "claim_window_closed";
        TripsError::Extras(ExtrasError::BadRole) => InvalidInput, "invalid_role";
        TripsError::Photo(PhotoError::NoPhotos) => InvalidInput, "photos_required";
        TripsError::Photo(PhotoError::OutsideWindow) => InvalidInput, "photo_window_closed";
        TripsError::Photo(PhotoError::BadType) => InvalidInput, "invalid_photo_type";
        TripsError::Review(ReviewError::NotAParty) => Forbidden, "review_not_a_party";
        TripsError::Review(ReviewError::TripNotEnded) => Conflict, "review_trip_not_ended";
        TripsError::Review(ReviewError::WindowClosed) => Conflict, "review_window_closed";
        TripsError::Review(ReviewError::AlreadyReviewed) => Conflict, "already_reviewed";
        TripsError::Review(ReviewError::InvalidStars) => InvalidInput, "invalid_stars";
        TripsError::Review(ReviewError::UnknownCategory(_)) => InvalidInput, "unknown_review_category";
        TripsError::Review(ReviewError::DuplicateCategory) => InvalidInput, "duplicate_review_category";
        TripsError::Review(ReviewError::InvalidCategoryRating) => InvalidInput, "invalid_category_rating";
        TripsError::Review(ReviewError::ReviewTooLong) => InvalidInput, "review_too_long";
        TripsError::Review(ReviewError::CategoriesForCarsOnly) => InvalidInput, "review_categories_for_cars_only";
        TripsError::ReasonTooLong(_) => InvalidInput, "reason_too_long";
        TripsError::UnknownTripList(_) => InvalidInput, "invalid_trip_list";
        TripsError::BadDateTime(_) => InvalidInput, "invalid_date";
        TripsError::NonexistentLocalTime(_) => InvalidInput, "invalid_time";
        TripsError::UnknownTimeZone => InvalidInput, "invalid_time_zone";
        TripsError::DatesInverted => InvalidInput, "dates_inverted";
        TripsError::ModificationEmpty => InvalidInput, "modification_empty";
        TripsError::NoPendingModification(_) => Conflict, "no_pending_modification";
        TripsError::BadModificationResponse => InvalidInput, "invalid_response";
        TripsError::BillingFieldRequired(_) => InvalidInput, "billing_address_required";
        TripsError::BillingNotInUs => InvalidInput, "billing_country_not_supported";
        TripsError::PaymentMethodIdRequired => InvalidInput, "payment_method_id_required";
        TripsError::BadYear => InvalidInput, "invalid_year";
        TripsError::CardDeclined(_) => InvalidInput, "card_declined";
        TripsError::Payment(_) => InvalidInput, "payment_failed";
        TripsError::TooManyPhotos => InvalidInput, "too_many_photos";
        TripsError::PhotoUrlRequired => InvalidInput, "invalid_photo";
        TripsError::CheckInNotOpen => Conflict, "check_in_not_open";
        TripsError::DriverEmailsRequired => InvalidInput, "additional_driver_emails_required";
        TripsError::InvalidEmail(_) => InvalidInput, "invalid_email";
        TripsError::TooManyDrivers => InvalidInput, "too_many_drivers";
        TripsError::OwnEmail => InvalidInput, "own_email";
        TripsError::DriverAlreadyAdded(_) => Conflict, "driver_already_added";
        TripsError::DriverEmailRequired => InvalidInput, "email_required";
        TripsError::DriverNotFound(_) => NotFound, "driver_not_found";
        TripsError::InvitationTokenRequired => InvalidInput, "token_required";
        TripsError::InvitationNotFound => NotFound, "invitation_not_found";
        TripsError::InvitationForAnotherEmail => Forbidden, "invitation_for_another_email";
        TripsError::InvitationUsed => Conflict, "invitation_used";
        TripsError::InvitationExpired => Conflict, "invitation_expired";
        TripsError::AlreadyOnTrip => Conflict, "already_on_trip";
        TripsError::PaymentProviderUnavailable(_) => Unavailable, "payment_provider_unavailable";
        TripsError::PayoutAccountFailed(_) => InvalidInput, "payout_account_failed";
        TripsError::PayoutAccountMissing => Conflict, "payout_account_missing";
        TripsError::PayoutAccountNotFound => NotFound, "payout_account_not_found";
        TripsError::LocalOnboardingOff => NotFound, "route_not_found";
        TripsError::IncidentalsRequired => InvalidInput, "incidentals_required";
        TripsError::TooManyIncidentals => InvalidInput, "too_many_incidentals";
        TripsError::DescriptionTooLong(_) => InvalidInput, "description_too_long";
        TripsError::IncidentalExists(_) => Conflict, "incidental_exists";
        TripsError::IncidentalIdsRequired => InvalidInput, "incidental_ids_required";
        TripsError::InvalidIncidentalId(_) => InvalidInput, "invalid_incidental_id";
        TripsError::IncidentalNotPending => Conflict, "incidental_not_pending";
        TripsError::IncidentalNotDisputable => Conflict, "incidental_not_disputable";
        TripsError::IncidentalNotDisputed => Conflict, "incidental_not_disputed";
        TripsError::DisputeReasonRequired(_) => InvalidInput, "dispute_reason_required";
        TripsError::InvalidPriceToPay => InvalidInput, "invalid_price_to_pay";
        TripsError::NoPendingIncidentals => Conflict, "no_pending_incidentals";
        TripsError::PaymentMethodRequired => InvalidInput, "payment_method_required";
        TripsError::InvalidIssueType(_) => InvalidInput, "invalid_issue_type";
        TripsError::DescriptionRequired => InvalidInput, "description_required";
        TripsError::CategoryRequired => InvalidInput, "category_required";
        TripsError::InvalidCategory => InvalidInput, "invalid_category";
        TripsError::IssueNotReported => Conflict, "issue_not_reported";
        TripsError::AgreementNotFound => NotFound, "agreement_not_found";
        TripsError::UpstreamUnavailable(_) => Unavailable, "service_unavailable";
        TripsError::DatabaseUnavailable(_) => Unavailable, "database_unavailable";
        TripsError::Internal(_) => Internal, "internal_error";
    }
    forward TripsError::Upstream { kind, .. } | TripsError::Replayed { kind, .. } => *kind;
}

impl TripsError {
    /// A gRPC status from another service, kept with its kind, code and message.
    pub fn upstream(s: tonic::Status) -> Self {
        let e = upcar_errors::ApiError::from_status(&s);
        if e.kind == ErrorKind::Unavailable {
            // A service this call needs is down or did not answer in time: the caller may retry.
            return TripsError::UpstreamUnavailable(anyhow::anyhow!("upstream: {}", s.message()));
        }
        if e.kind == ErrorKind::Internal {
            return TripsError::Internal(anyhow::anyhow!("upstream: {}", s.message()));
        }
        TripsError::Upstream { kind: e.kind, code: e.code, message: e.message }
    }

    /// The code the caller sees: the table's, or the original one of a forwarded error.
    pub fn code_seen(&self) -> &str {
        match self {
            TripsError::Upstream { code, .. } | TripsError::Replayed { code, .. } => code,
            other => other.code(),
        }
    }
}

impl From<diesel::result::Error> for TripsError {
    fn from(e: diesel::result::Error) -> Self {
        if upcar_db::query_unavailable(&e) {
            TripsError::DatabaseUnavailable(e.into())
        } else {
            TripsError::Internal(e.into())
        }
    }
}

impl From<upcar_db::PoolError> for TripsError {
    fn from(e: upcar_db::PoolError) -> Self {
        TripsError::DatabaseUnavailable(anyhow::Error::new(e).context("database pool"))
    }
}

impl From<PaymentError> for TripsError {
    fn from(e: PaymentError) -> Self {
        match e {
            PaymentError::Declined(m) => TripsError::CardDeclined(m),
            PaymentError::Invalid(m) | PaymentError::Expired(m) => TripsError::Payment(m),
            PaymentError::Unavailable(m) => TripsError::Internal(anyhow::anyhow!(m)),
        }
    }
}

impl From<TripsError> for tonic::Status {
    fn from(e: TripsError) -> Self {
        // A database failure under an internal error's own context is still the database's.
        let e = match e {
            TripsError::Internal(cause) if upcar_db::unavailable_in(&cause) => {
                TripsError::DatabaseUnavailable(cause)
            }
            e => e,
        };
        if let TripsError::DatabaseUnavailable(cause) = &e {
            tracing::warn!(error = format!("{cause:#}"), "the database is unavailable");
        }
        let mut s = upcar_errors::to_status(&e);
        if let TripsError::Upstream { code, .. } | TripsError::Replayed { code, .. } = &e
            && let Ok(v) = code.parse()
        {
            s.metadata_mut().insert(upcar_errors::ERROR_CODE_METADATA, v);
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use upcar_errors::ErrorTable;

    #[test]
    fn the_error_table_has_no_problems() {
        let problems = upcar_errors::table_problems(&[("trips", TripsError::ROWS)]);
        assert!(problems.is_empty(), "{problems:?}");
    }

    #[test]
    fn forwarded_errors_keep_their_code_and_kind() {
        let e = TripsError::Upstream {
            kind: ErrorKind::NotFound,
            code: "car_not_found".into(),
            message: "Car not found".into(),
        };
        let api = upcar_errors::ApiError::from_status(&tonic::Status::from(e));
        assert_eq!((api.http_status(), api.code.as_str()), (404, "car_not_found"));
        let api = upcar_errors::ApiError::from_status(&tonic::Status::from(TripsError::OwnCar));
        assert_eq!((api.http_status(), api.code.as_str()), (403, "own_car"));
    }
}
