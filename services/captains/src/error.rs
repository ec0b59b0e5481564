//! Every way a captains call can fail.

use crate::domain::tasks::StepError;

/// Result of captains operations.
pub type CaptainsResult<T> = Result<T, CaptainsError>;

/// Captains errors.
#[derive(Debug, thiserror::Error)]
pub enum CaptainsError {
    #[error("Token is missing")]
    SignInRequired,
    #[error("This call needs a captain account")]
    CaptainOnly,
    #[error("Captain accounts cannot use this call")]
    NotForCaptains,
    #[error("date is required (yyyy-MM-dd)")]
    DateRequired,
    #[error("date must be a date as yyyy-MM-dd")]
    InvalidDate,
    /// Also the answer for another captain's task: its existence is not revealed.
    #[error("Task not found")]
    TaskNotFound,
    #[error("Trip not found")]
    TripNotFound,
    #[error(
        "step must be one of picked_up_from_host, delivered_to_guest, picked_up_from_guest, delivered_to_host"
    )]
    InvalidStep,
    #[error("latitude and longitude must be given together, within -90..90 and -180..180")]
    InvalidPosition,
    #[error(
        "Photos must be files uploaded through captains/image/generatePresignedUrlsForUpload (at most 20)"
    )]
    InvalidPhotos,
    #[error("This step cannot be recorded: {0}")]
    Step(#[from] StepError),
    /// Postgres cannot be reached, or ended the connection mid-call (stopped, restarting,
    /// crashed, out of connections): nothing was changed and the caller may try again.
    #[error("The service is temporarily unavailable. Please try again in a few seconds.")]
    DatabaseUnavailable(#[source] anyhow::Error),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl From<diesel::result::Error> for CaptainsError {
    fn from(e: diesel::result::Error) -> Self {
        if upcar_db::query_unavailable(&e) {
            CaptainsError::DatabaseUnavailable(e.into())
        } else {
            CaptainsError::Internal(e.into())
        }
    }
}

impl From<upcar_db::PoolError> for CaptainsError {
    fn from(e: upcar_db::PoolError) -> Self {
        CaptainsError::DatabaseUnavailable(anyhow::Error::new(e).context("database pool"))
    }
}

upcar_errors::error_table! {
    CaptainsError {
        CaptainsError::SignInRequired => Unauthenticated, "token_missing";
        CaptainsError::CaptainOnly | CaptainsError::NotForCaptains => Forbidden, "wrong_account_kind";
        CaptainsError::DateRequired => InvalidInput, "date_required";
        CaptainsError::InvalidDate => InvalidInput, "invalid_date";
        CaptainsError::TaskNotFound => NotFound, "task_not_found";
        CaptainsError::TripNotFound => NotFound, "trip_not_found";
        CaptainsError::InvalidStep => InvalidInput, "invalid_step";
        CaptainsError::InvalidPosition => InvalidInput, "invalid_position";
        CaptainsError::InvalidPhotos => InvalidInput, "invalid_photos";
        CaptainsError::Step(StepError::Cancelled) => Conflict, "task_cancelled";
        CaptainsError::Step(StepError::NotOfThisTask(_)) => InvalidInput, "step_not_of_this_task";
        CaptainsError::Step(StepError::AlreadyDone(_)) => Conflict, "step_already_recorded";
        CaptainsError::Step(StepError::OutOfOrder { .. }) => Conflict, "step_out_of_order";
        CaptainsError::DatabaseUnavailable(_) => Unavailable, "database_unavailable";
        CaptainsError::Internal(_) => Internal, "internal_error";
    }
}

impl From<CaptainsError> for tonic::Status {
    fn from(e: CaptainsError) -> Self {
        // A database failure under an internal error's own context is still the database's.
        let e = match e {
            CaptainsError::Internal(cause) if upcar_db::unavailable_in(&cause) => {
                CaptainsError::DatabaseUnavailable(cause)
            }
            e => e,
        };
        if let CaptainsError::DatabaseUnavailable(cause) = &e {
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
        let problems = upcar_errors::table_problems(&[("captains", CaptainsError::ROWS)]);
        assert!(problems.is_empty(), "{problems:?}");
    }
}
