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
    #[error(
        "This period comes from an imported calendar: change it there, or remove the calendar."
    )]
    BlockFromCalendar,
    #[error("Enter the calendar's address (https://...).")]
    CalendarUrlRequired,
    #[error(
        "The calendar's address must be an http(s) or webcal address of at most 2000 characters."
    )]
    InvalidCalendarUrl,
    #[error("{0}")]
    CalendarUrlNotAllowed(String),
    #[error("This calendar is already imported for this car.")]
    CalendarImportExists,
    #[error(
        "A car imports at most {} calendars; remove one first.",
        hosting_domain::policy::MAX_IMPORTS_PER_CAR
    )]
    TooManyCalendarImports,
    #[error("Calendar not found")]
    CalendarImportNotFound,
    #[error("Calendar not found")]
    CalendarFeedNotFound,
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

impl From<hosting_domain::availability::DatePricesError> for HostingError {
    fn from(e: hosting_domain::availability::DatePricesError) -> Self {
        match e {
            hosting_domain::availability::DatePricesError::Date(e) => HostingError::Availability(e),
            hosting_domain::availability::DatePricesError::Price(e) => HostingError::Listing(e),
        }
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
        HostingError::TemplateNotFound => NotFound, "template_not_found";
        HostingError::TooManyTemplates => Conflict, "too_many_templates";
        HostingError::BlockOverlapsTrip(_) => Conflict, "block_overlaps_trip";
        HostingError::BlockNotFound => NotFound, "block_not_found";
        HostingError::BlockFromCalendar => Conflict, "block_from_calendar";
        HostingError::CalendarUrlRequired => InvalidInput, "calendar_url_required";
        HostingError::InvalidCalendarUrl => InvalidInput, "invalid_calendar_url";
        HostingError::CalendarUrlNotAllowed(_) => InvalidInput, "calendar_url_not_allowed";
        HostingError::CalendarImportExists => Conflict, "calendar_import_exists";
        HostingError::TooManyCalendarImports => Conflict, "too_many_calendar_imports";
        HostingError::CalendarImportNotFound => NotFound, "calendar_import_not_found";
        HostingError::CalendarFeedNotFound => NotFound, "calendar_not_found";
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
    nested {
        HostingError::Listing(e) => e: ListingError;
        HostingError::Vin(e) => e: VinError;
        HostingError::Vehicle(e) => e: VehicleError;
        HostingError::Photo(e) => e: PhotoError;
        HostingError::Car(e) => e: CarError;
        HostingError::Availability(e) => e: AvailabilityError;
        HostingError::Team(e) => e: TeamError;
        HostingError::Template(e) => e: TemplateError;
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
        let rows = HostingError::rows();
        let problems = upcar_errors::table_problems(&[("hosting", &rows)]);
        assert!(problems.is_empty(), "{problems:?}");
        // The wizard's rules' codes are the domain's, reached through the nested tables.
        for code in ["unknown_step", "invalid_vin", "invalid_discount", "shares_over_100"] {
            assert!(rows.iter().any(|r| r.code == code), "{code} has no row");
        }
    }
}
