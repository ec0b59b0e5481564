//! Every way an activity call can fail.

use crate::domain::{EventError, QueryError};

/// Result of activity operations.
pub type ActivityResult<T> = Result<T, ActivityError>;

/// Activity errors.
#[derive(Debug, thiserror::Error)]
pub enum ActivityError {
    /// The one event of `activity/log` was refused (in a batch, each event's refusal is an
    /// answer of its own, with the same code and message).
    #[error(transparent)]
    Event(#[from] EventError),
    #[error(transparent)]
    Query(#[from] QueryError),
    #[error("activities must hold at least one event")]
    ActivitiesRequired,
    #[error("A batch may hold at most {0} events")]
    TooManyActivities(usize),
    #[error("sentAt must be an RFC 3339 time or epoch milliseconds")]
    InvalidSentAt,
    #[error("userId is required")]
    UserIdRequired,
    #[error("userId must be a user id")]
    InvalidUserId,
    #[error("source must be client or server")]
    InvalidSource,
    #[error("Token is missing")]
    SignInRequired,
    #[error("This call is for admins")]
    AdminOnly,
    /// The broker did not confirm the events: nothing was accepted, the client may resend.
    #[error("Activity logging is unavailable right now. Please try again.")]
    Unavailable(#[source] anyhow::Error),
    /// Postgres cannot be reached, or ended the connection mid-call (stopped, restarting,
    /// crashed, out of connections): nothing was changed and the caller may try again.
    #[error("The service is temporarily unavailable. Please try again in a few seconds.")]
    DatabaseUnavailable(#[source] anyhow::Error),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl From<diesel::result::Error> for ActivityError {
    fn from(e: diesel::result::Error) -> Self {
        if upcar_db::query_unavailable(&e) {
            ActivityError::DatabaseUnavailable(e.into())
        } else {
            ActivityError::Internal(e.into())
        }
    }
}

impl From<upcar_db::PoolError> for ActivityError {
    fn from(e: upcar_db::PoolError) -> Self {
        ActivityError::DatabaseUnavailable(anyhow::Error::new(e).context("database pool"))
    }
}

upcar_errors::error_table! {
    ActivityError {
        ActivityError::Event(EventError::NotAnObject) => InvalidInput, "invalid_event";
        ActivityError::Event(EventError::TooLarge) => InvalidInput, "event_too_large";
        ActivityError::Event(EventError::InvalidEventId) => InvalidInput, "invalid_event_id";
        ActivityError::Event(EventError::TypeRequired) => InvalidInput, "activity_type_required";
        ActivityError::Event(EventError::InvalidType) => InvalidInput, "invalid_activity_type";
        ActivityError::Event(EventError::InvalidCategory) => InvalidInput, "invalid_activity_category";
        ActivityError::Event(EventError::InvalidSessionId) => InvalidInput, "invalid_session_id";
        ActivityError::Event(EventError::InvalidMetadata) => InvalidInput, "invalid_metadata";
        ActivityError::Event(EventError::InvalidTimestamp) => InvalidInput, "invalid_timestamp";
        ActivityError::Event(EventError::TooOld) => InvalidInput, "event_too_old";
        ActivityError::Query(QueryError::StartDate) | ActivityError::Query(QueryError::EndDate) => InvalidInput, "invalid_date";
        ActivityError::Query(QueryError::Inverted) => InvalidInput, "dates_inverted";
        ActivityError::Query(QueryError::TooLong) => InvalidInput, "date_range_too_long";
        ActivityError::Query(QueryError::Limit(_)) => InvalidInput, "invalid_limit";
        ActivityError::Query(QueryError::Page) => InvalidInput, "invalid_page";
        ActivityError::ActivitiesRequired => InvalidInput, "activities_required";
        ActivityError::TooManyActivities(_) => InvalidInput, "too_many_activities";
        ActivityError::InvalidSentAt => InvalidInput, "invalid_sent_at";
        ActivityError::UserIdRequired => InvalidInput, "user_id_required";
        ActivityError::InvalidUserId => InvalidInput, "invalid_user_id";
        ActivityError::InvalidSource => InvalidInput, "invalid_source";
        ActivityError::SignInRequired => Unauthenticated, "token_missing";
        ActivityError::AdminOnly => Forbidden, "admin_only";
        ActivityError::Unavailable(_) => Unavailable, "activity_unavailable";
        ActivityError::DatabaseUnavailable(_) => Unavailable, "database_unavailable";
        ActivityError::Internal(_) => Internal, "internal_error";
    }
}

impl ActivityError {
    /// The stable code of an event's refusal, as a batch answers it.
    pub fn event_code(e: EventError) -> &'static str {
        upcar_errors::ErrorCode::code(&ActivityError::Event(e))
    }
}

impl From<ActivityError> for tonic::Status {
    fn from(e: ActivityError) -> Self {
        // A database failure under an internal error's own context is still the database's.
        let e = match e {
            ActivityError::Internal(cause) if upcar_db::unavailable_in(&cause) => {
                ActivityError::DatabaseUnavailable(cause)
            }
            e => e,
        };
        if let ActivityError::DatabaseUnavailable(cause) = &e {
            tracing::warn!(error = format!("{cause:#}"), "the database is unavailable");
        }
        if let ActivityError::Unavailable(cause) = &e {
            tracing::warn!(error = %cause, "activity events were not confirmed by the broker");
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
        let problems = upcar_errors::table_problems(&[("activity", ActivityError::ROWS)]);
        assert!(problems.is_empty(), "{problems:?}");
    }
}
