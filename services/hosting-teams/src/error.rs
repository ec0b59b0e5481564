//! Every way a hosting call can fail. The wizard's rules are the domain's errors, each with its
//! one code; the rest are the service's own.

use hosting_domain::availability::AvailabilityError;
use hosting_domain::car::CarError;
use hosting_domain::listing::{ListingError, VinStepError};
use hosting_domain::photo::PhotoError;
use hosting_domain::scheduled::TemplateError;
use hosting_domain::teams::TeamError;
use hosting_domain::vehicle::VehicleError;
use hosting_domain::vin::VinError;

/// Result of hosting operations.
pub type HostingResult<T> = Result<T, HostingError>;

/// The text of the spec's "already registered" dialog (001 section 8).
pub const VIN_REGISTERED: &str = "A car with this VIN number is already in our system. Please try adding a different vehicle or contact support if you believe this is an error.";

/// Hosting errors.
#[derive(Debug, thiserror::Error)]
pub enum HostingError {
    #[error("{}", .0.message())]
    Listing(ListingError),
    #[error("{}", .0.message())]
    Vin(VinError),
    #[error("{}", .0.message())]
    Vehicle(VehicleError),
    #[error("{}", .0.message())]
    Photo(PhotoError),
    #[error("{}", .0.message())]
    Car(CarError),
    #[error("{}", .0.message())]
    Availability(AvailabilityError),
    #[error("{}", .0.message())]
    Team(TeamError),
    /// Also the answer to a stranger: a team's existence is not revealed.
    #[error("Team not found")]
    TeamNotFound,
    #[error("Only the team's host can do this.")]
    TeamHostOnly,
    #[error("Your co-host permissions do not include {0} for this car.")]
    TeamPermissionDenied(&'static str),
    #[error("{0} is already in the team {1}; a car can be in one team at a time.")]
    CarInOtherTeam(String, String),
    #[error("You cannot invite yourself to your own team.")]
    CannotInviteSelf,
    #[error("{0} is already a co-host of this team.")]
    AlreadyCoHost(String),
    #[error("Invitation not found")]
    InvitationNotFound,
    #[error("Co-host not found in this team")]
    CoHostNotFound,
    #[error("{}", .0.message())]
    Template(TemplateError),
    #[error("Template not found")]
    TemplateNotFound,
    #[error("You can keep at most {} templates.", hosting_domain::policy::MAX_TEMPLATES)]
    TooManyTemplates,
    #[error("days must be a whole number from 7 to 730")]
    InvalidPeriod,
    #[error("teamId is required")]
    TeamIdRequired,
    #[error("status must be active or inactive")]
    InvalidTeamStatus,
    #[error("Accounts could not be reached; try again.")]
    AccountsUnavailable,
    #[error("This period covers a booked trip ({0}); choose dates around it.")]
    BlockOverlapsTrip(String),
    #[error("Blocked period not found")]
    BlockNotFound,
    #[error("You have no car on the platform to block.")]
    NoListedCars,
    /// A listing still in the wizard (or rejected, back in it) is changed through the wizard.
    #[error("This car's listing is not finished yet: complete it in the listing wizard first.")]
    CarNotListed,
    /// A submitted listing takes the car-update calls, not a status change or deletion.
    #[error(
        "This car is under review: you can change its price and details now, and its status once it is approved."
    )]
    ListingUnderReview,
    #[error("This car has trips to come ({0}); cancel or finish them before deleting it.")]
    CarHasTrips(String),
    #[error("documentUrl is required")]
    DocumentUrlRequired,
    #[error("documentUrl must be a link to the uploaded document")]
    InvalidDocumentUrl,
    #[error("Token is missing")]
    SignInRequired,
    /// Captain accounts have no listings.
    #[error("Listings are managed from a guest or host account.")]
    UsersOnly,
    #[error("Only an admin can review listings.")]
    AdminOnly,
    /// Also the answer for another host's listing: its existence is not revealed.
    #[error("Car listing not found")]
    ListingNotFound,
    #[error("No car listing in progress. Start with the location step.")]
    NoDraft,
    #[error("This listing is past the wizard: it is under review or on the platform.")]
    NotEditable,
    #[error("{VIN_REGISTERED}")]
    VinRegistered,
    #[error("This listing is not waiting for review (it is {0}).")]
    NotPending(String),
    #[error("A car on the platform is deleted from its car settings.")]
    NotDeletable,
    #[error("A reason is required to reject a listing.")]
    ReasonRequired,
    #[error("The reason must be at most 1000 characters.")]
    ReasonTooLong,
    #[error("page must be a whole number from 1")]
    InvalidPage,
    #[error("limit must be a whole number from 1 to 50")]
    InvalidLimit,
    /// The VIN data could not be read (the offline file or NHTSA's API).
    #[error("Error fetching car details.")]
    VinLookup(String),
    #[error("make must be at most 100 characters")]
    MakeTooLong,
    #[error("make and model are required")]
    VehicleRequired,
    #[error("Error uploading images: {0} is not a file uploaded to Upcar.")]
    PhotoNotUploaded(String),
    #[error("The {0} section's fields are missing.")]
    SectionMissing(&'static str),
    /// Postgres cannot be reached, or ended the connection mid-call (stopped, restarting,
    /// crashed, out of connections): nothing was changed and the caller may try again.
    #[error("The service is temporarily unavailable. Please try again in a few seconds.")]
    DatabaseUnavailable(#[source] anyhow::Error),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl From<ListingError> for HostingError {
    fn from(e: ListingError) -> Self {
        HostingError::Listing(e)
    }
}

impl From<VinError> for HostingError {
    fn from(e: VinError) -> Self {
        HostingError::Vin(e)
    }
}

impl From<VehicleError> for HostingError {
    fn from(e: VehicleError) -> Self {
        HostingError::Vehicle(e)
    }
}

impl From<PhotoError> for HostingError {
    fn from(e: PhotoError) -> Self {
        HostingError::Photo(e)
    }
}

impl From<AvailabilityError> for HostingError {
    fn from(e: AvailabilityError) -> Self {
        HostingError::Availability(e)
    }
}

impl From<TeamError> for HostingError {
    fn from(e: TeamError) -> Self {
        HostingError::Team(e)
    }
}

impl From<TemplateError> for HostingError {
    fn from(e: TemplateError) -> Self {
        HostingError::Template(e)
    }
}

impl From<CarError> for HostingError {
    fn from(e: CarError) -> Self {
        HostingError::Car(e)
    }
}

impl From<VinStepError> for HostingError {
    fn from(e: VinStepError) -> Self {
        match e {
            VinStepError::Vin(e) => e.into(),
            VinStepError::Vehicle(e) => e.into(),
            VinStepError::Listing(e) => e.into(),
        }
    }
}

impl From<diesel::result::Error> for HostingError {
    fn from(e: diesel::result::Error) -> Self {
        use diesel::result::{DatabaseErrorKind, Error};
        match &e {
            // Two listings saving one VIN at once: the unique index decides.
            Error::DatabaseError(DatabaseErrorKind::UniqueViolation, info)
                if info.constraint_name() == Some("listings_vin_registered") =>
            {
                HostingError::VinRegistered
            }
            // The co-hosts' shares were checked under the team's lock; the trigger is the
            // last word.
            Error::DatabaseError(DatabaseErrorKind::CheckViolation, info)
                if info.constraint_name() == Some("team_shares_at_most_whole") =>
            {
                HostingError::Team(TeamError::SharesOver100)
            }
            _ => {
                if upcar_db::query_unavailable(&e) {
                    HostingError::DatabaseUnavailable(e.into())
                } else {
                    HostingError::Internal(e.into())
                }
            }
        }
    }
}

impl From<upcar_db::PoolError> for HostingError {
    fn from(e: upcar_db::PoolError) -> Self {
        HostingError::DatabaseUnavailable(anyhow::Error::new(e).context("database pool"))
    }
}

upcar_errors::error_table! {
    HostingError {
        HostingError::Listing(ListingError::UnknownStep(_)) => InvalidInput, "unknown_step";
        HostingError::Listing(ListingError::StreetRequired) => InvalidInput, "street_required";
        HostingError::Listing(ListingError::CityRequired) => InvalidInput, "city_required";
        HostingError::Listing(ListingError::StateRequired) => InvalidInput, "state_required";
        HostingError::Listing(ListingError::ZipRequired) => InvalidInput, "zip_required";
        HostingError::Listing(ListingError::StreetTooLong) => InvalidInput, "street_too_long";
        HostingError::Listing(ListingError::CityTooLong) => InvalidInput, "city_too_long";
        HostingError::Listing(ListingError::InvalidState) => InvalidInput, "invalid_state";
        HostingError::Listing(ListingError::InvalidZip) => InvalidInput, "invalid_zip";
        HostingError::Listing(ListingError::CountryNotUs) => InvalidInput, "country_not_us";
        HostingError::Listing(ListingError::InvalidCoordinates) => InvalidInput, "invalid_coordinates";
        HostingError::Listing(ListingError::VinTermsNotAccepted) => InvalidInput, "vin_terms_not_accepted";
        HostingError::Listing(ListingError::InvalidAdvanceNotice) => InvalidInput, "invalid_advance_notice";
        HostingError::Listing(ListingError::InvalidMinTripDuration) => InvalidInput, "invalid_min_trip_duration";
        HostingError::Listing(ListingError::InvalidMaxTripDuration) => InvalidInput, "invalid_max_trip_duration";
        HostingError::Listing(ListingError::MaxTripBelowMin) => InvalidInput, "max_trip_below_min";
        HostingError::Listing(ListingError::TwoDayWeekendNotAllowed) => InvalidInput, "two_day_weekend_not_allowed";
        HostingError::Listing(ListingError::PlateRequired) => InvalidInput, "plate_required";
        HostingError::Listing(ListingError::InvalidPlate) => InvalidInput, "invalid_plate";
        HostingError::Listing(ListingError::InvalidPlateState) => InvalidInput, "invalid_plate_state";
        HostingError::Listing(ListingError::InvalidSeats) => InvalidInput, "invalid_seats";
        HostingError::Listing(ListingError::InvalidDoors) => InvalidInput, "invalid_doors";
        HostingError::Listing(ListingError::InvalidGasType) => InvalidInput, "invalid_gas_type";
        HostingError::Listing(ListingError::UnknownFeature(_)) => InvalidInput, "unknown_feature";
        HostingError::Listing(ListingError::SpecialFeatureRequired) => InvalidInput, "special_feature_required";
        HostingError::Listing(ListingError::SpecialFeatureTooLong) => InvalidInput, "special_feature_too_long";
        HostingError::Listing(ListingError::DescriptionTooShort) => InvalidInput, "description_too_short";
        HostingError::Listing(ListingError::DescriptionTooLong) => InvalidInput, "description_too_long";
        HostingError::Listing(ListingError::PriceRequired) => InvalidInput, "price_required";
        HostingError::Listing(ListingError::InvalidPrice) => InvalidInput, "invalid_price";
        HostingError::Listing(ListingError::PriceTooHigh) => InvalidInput, "price_too_high";
        HostingError::Listing(ListingError::PhotosRequired) => InvalidInput, "photos_required";
        HostingError::Listing(ListingError::TooManyPhotos) => InvalidInput, "too_many_photos";
        HostingError::Listing(ListingError::DuplicatePhoto) => InvalidInput, "duplicate_photo";
        HostingError::Listing(ListingError::InvalidPhotoUrl) => InvalidInput, "invalid_photo_url";
        HostingError::Listing(ListingError::PrimaryPhotoNotListed) => InvalidInput, "primary_photo_not_listed";
        HostingError::Listing(ListingError::StepsIncomplete { .. }) => InvalidInput, "steps_incomplete";
        HostingError::Listing(ListingError::TermsNotAccepted) => InvalidInput, "terms_not_accepted";
        HostingError::Vin(VinError::Invalid) => InvalidInput, "invalid_vin";
        HostingError::Vin(VinError::CheckDigit { .. }) => InvalidInput, "vin_check_digit";
        HostingError::Vehicle(VehicleError::YearRequired) => InvalidInput, "car_year_required";
        HostingError::Vehicle(VehicleError::MakeRequired) => InvalidInput, "make_required";
        HostingError::Vehicle(VehicleError::ModelRequired) => InvalidInput, "model_required";
        HostingError::Vehicle(VehicleError::TrimRequired) => InvalidInput, "trim_required";
        HostingError::Vehicle(VehicleError::StyleRequired) => InvalidInput, "style_required";
        HostingError::Vehicle(VehicleError::FieldTooLong { .. }) => InvalidInput, "vehicle_field_too_long";
        HostingError::Vehicle(VehicleError::TooOld) => InvalidInput, "vehicle_too_old";
        HostingError::Vehicle(VehicleError::YearInFuture { .. }) => InvalidInput, "vehicle_year_in_future";
        HostingError::Vehicle(VehicleError::MileageTooHigh) => InvalidInput, "vehicle_mileage_too_high";
        HostingError::Vehicle(VehicleError::OdometerRequired) => InvalidInput, "odometer_required";
        HostingError::Vehicle(VehicleError::InvalidOdometer) => InvalidInput, "invalid_odometer";
        HostingError::Vehicle(VehicleError::TransmissionRequired) => InvalidInput, "transmission_required";
        HostingError::Vehicle(VehicleError::InvalidTransmission) => InvalidInput, "invalid_transmission";
        HostingError::Photo(PhotoError::NotJpegOrPng { .. }) => InvalidInput, "photo_type";
        HostingError::Photo(PhotoError::TooLarge { .. }) => InvalidInput, "photo_too_large";
        HostingError::Photo(PhotoError::Resolution { .. }) => InvalidInput, "photo_resolution";
        HostingError::Car(CarError::InvalidDiscount) => InvalidInput, "invalid_discount";
        HostingError::Car(CarError::InstructionsTooLong) => InvalidInput, "guest_instructions_too_long";
        HostingError::Car(CarError::ExtraNameRequired) => InvalidInput, "extra_name_required";
        HostingError::Car(CarError::ExtraTextTooLong) => InvalidInput, "extra_text_too_long";
        HostingError::Car(CarError::InvalidExtraPrice) => InvalidInput, "invalid_extra_price";
        HostingError::Car(CarError::InvalidExtraPer) => InvalidInput, "invalid_extra_per";
        HostingError::Car(CarError::InvalidExtraQuantity) => InvalidInput, "invalid_extra_quantity";
        HostingError::Car(CarError::TooManyExtras) => InvalidInput, "too_many_extras";
        HostingError::Car(CarError::DuplicateExtra) => InvalidInput, "duplicate_extra";
        HostingError::Car(CarError::InvalidStatus) => InvalidInput, "invalid_car_status";
        HostingError::Availability(AvailabilityError::AlwaysAvailableRequired) => InvalidInput, "always_available_required";
        HostingError::Availability(AvailabilityError::UnknownDay(_)) => InvalidInput, "unknown_day";
        HostingError::Availability(AvailabilityError::DuplicateDay(_)) => InvalidInput, "duplicate_day";
        HostingError::Availability(AvailabilityError::BadTime(_)) => InvalidInput, "invalid_time";
        HostingError::Availability(AvailabilityError::BadDate(_)) => InvalidInput, "invalid_date";
        HostingError::Availability(AvailabilityError::HoursInverted(_)) => InvalidInput, "hours_inverted";
        HostingError::Availability(AvailabilityError::InvalidAction) => InvalidInput, "invalid_availability_action";
        HostingError::Availability(AvailabilityError::EmptyList) => InvalidInput, "availability_list_empty";
        HostingError::Availability(AvailabilityError::TooManyBlocks) => InvalidInput, "too_many_blocks";
        HostingError::Availability(AvailabilityError::BlockInverted) => InvalidInput, "block_inverted";
        HostingError::Availability(AvailabilityError::BlockInPast) => InvalidInput, "block_in_past";
        HostingError::Availability(AvailabilityError::BlockTooFar) => InvalidInput, "block_too_far";
        HostingError::Availability(AvailabilityError::ReasonTooLong) => InvalidInput, "block_reason_too_long";
        HostingError::Availability(AvailabilityError::BlockIdRequired) => InvalidInput, "block_id_required";
        HostingError::Team(TeamError::TeamNameRequired) => InvalidInput, "team_name_required";
        HostingError::Team(TeamError::TeamNameTooLong) => InvalidInput, "team_name_too_long";
        HostingError::Team(TeamError::VehiclesRequired) => InvalidInput, "vehicles_required";
        HostingError::Team(TeamError::InviteInputRequired) => InvalidInput, "invite_input_required";
        HostingError::Team(TeamError::InvalidEmail(_)) => InvalidInput, "invalid_email";
        HostingError::Team(TeamError::TooManyInvites) => InvalidInput, "too_many_invites";
        HostingError::Team(TeamError::InvalidRole) => InvalidInput, "invalid_role";
        HostingError::Team(TeamError::InvalidInviteAction) => InvalidInput, "invalid_invite_action";
        HostingError::Team(TeamError::InvitationExpired) => Conflict, "invitation_expired";
        HostingError::Team(TeamError::InvitationAlreadyAnswered) => Conflict, "invitation_already_answered";
        HostingError::Team(TeamError::InvitationRevoked) => Conflict, "invitation_revoked";
        HostingError::Team(TeamError::InvalidShare) => InvalidInput, "invalid_share";
        HostingError::Team(TeamError::SharesOver100) => InvalidInput, "shares_over_100";
        HostingError::Team(TeamError::DuplicateCoHost) => InvalidInput, "duplicate_co_host";
        HostingError::TeamNotFound => NotFound, "team_not_found";
        HostingError::TeamHostOnly => Forbidden, "team_host_only";
        HostingError::TeamPermissionDenied(_) => Forbidden, "team_permission_denied";
        HostingError::CarInOtherTeam(_, _) => Conflict, "car_in_other_team";
        HostingError::CannotInviteSelf => InvalidInput, "cannot_invite_self";
        HostingError::AlreadyCoHost(_) => Conflict, "already_co_host";
        HostingError::InvitationNotFound => NotFound, "invitation_not_found";
        HostingError::CoHostNotFound => NotFound, "co_host_not_found";
        HostingError::AccountsUnavailable => Unavailable, "accounts_unavailable";
        HostingError::InvalidTeamStatus => InvalidInput, "invalid_team_status";
        HostingError::TeamIdRequired => InvalidInput, "team_id_required";
        HostingError::InvalidPeriod => InvalidInput, "invalid_period";
        HostingError::Template(TemplateError::NameRequired) => InvalidInput, "template_name_required";
        HostingError::Template(TemplateError::NameTooLong) => InvalidInput, "template_name_too_long";
        HostingError::Template(TemplateError::MessageRequired) => InvalidInput, "template_message_required";
        HostingError::Template(TemplateError::MessageTooLong) => InvalidInput, "template_message_too_long";
        HostingError::Template(TemplateError::UnknownPlaceholder(_)) => InvalidInput, "unknown_placeholder";
        HostingError::Template(TemplateError::UnclosedPlaceholder) => InvalidInput, "unclosed_placeholder";
        HostingError::Template(TemplateError::InvalidTrigger) => InvalidInput, "invalid_trigger";
        HostingError::Template(TemplateError::InvalidOffset) => InvalidInput, "invalid_offset";
        HostingError::Template(TemplateError::EnabledRequired) => InvalidInput, "enabled_required";
        HostingError::TemplateNotFound => NotFound, "template_not_found";
        HostingError::TooManyTemplates => Conflict, "too_many_templates";
        HostingError::BlockOverlapsTrip(_) => Conflict, "block_overlaps_trip";
        HostingError::BlockNotFound => NotFound, "block_not_found";
        HostingError::NoListedCars => InvalidInput, "no_listed_cars";
        HostingError::CarNotListed => Conflict, "car_not_listed";
        HostingError::ListingUnderReview => Conflict, "listing_under_review";
        HostingError::CarHasTrips(_) => Conflict, "car_has_trips";
        HostingError::DocumentUrlRequired => InvalidInput, "document_url_required";
        HostingError::InvalidDocumentUrl => InvalidInput, "invalid_document_url";
        HostingError::SignInRequired => Unauthenticated, "token_missing";
        HostingError::UsersOnly => Forbidden, "users_only";
        HostingError::AdminOnly => Forbidden, "admin_only";
        HostingError::ListingNotFound => NotFound, "listing_not_found";
        HostingError::NoDraft => InvalidInput, "listing_not_started";
        HostingError::NotEditable => Conflict, "listing_not_editable";
        HostingError::VinRegistered => Conflict, "vin_registered";
        HostingError::NotPending(_) => Conflict, "listing_not_pending";
        HostingError::NotDeletable => Conflict, "listing_not_deletable";
        HostingError::ReasonRequired => InvalidInput, "rejection_reason_required";
        HostingError::ReasonTooLong => InvalidInput, "rejection_reason_too_long";
        HostingError::InvalidPage => InvalidInput, "invalid_page";
        HostingError::InvalidLimit => InvalidInput, "invalid_limit";
        HostingError::VinLookup(_) => Unavailable, "vin_lookup_failed";
        HostingError::MakeTooLong => InvalidInput, "make_too_long";
        HostingError::VehicleRequired => InvalidInput, "vehicle_required";
        HostingError::PhotoNotUploaded(_) => InvalidInput, "photo_not_uploaded";
        HostingError::SectionMissing(_) => InvalidInput, "section_missing";
        HostingError::DatabaseUnavailable(_) => Unavailable, "database_unavailable";
        HostingError::Internal(_) => Internal, "internal_error";
    }
}

impl From<HostingError> for tonic::Status {
    fn from(e: HostingError) -> Self {
        // A database failure under an internal error's own context is still the database's.
        let e = match e {
            HostingError::Internal(cause) if upcar_db::unavailable_in(&cause) => {
                HostingError::DatabaseUnavailable(cause)
            }
            e => e,
        };
        if let HostingError::DatabaseUnavailable(cause) = &e {
            tracing::warn!(error = format!("{cause:#}"), "the database is unavailable");
        }
        if let HostingError::VinLookup(cause) = &e {
            tracing::warn!(error = %cause, "the VIN data could not be read");
        }
        upcar_errors::to_status(&e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_error_table_has_no_problems_and_holds_every_code_of_the_wizards_rules() {
        use upcar_errors::ErrorTable;
        let problems = upcar_errors::table_problems(&[("hosting", HostingError::ROWS)]);
        assert!(problems.is_empty(), "{problems:?}");
        let used = [
            ListingError::CODES,
            VinError::CODES,
            VehicleError::CODES,
            PhotoError::CODES,
            CarError::CODES,
            AvailabilityError::CODES,
            TeamError::CODES,
            TemplateError::CODES,
        ];
        for code in used.iter().flat_map(|c| c.iter()) {
            assert!(HostingError::ROWS.iter().any(|r| r.code == *code), "{code} has no row");
        }
    }
}
