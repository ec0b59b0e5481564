//! Every way a messaging call can fail.

use crate::domain::{PageError, UserTypeError};

/// Result of messaging operations.
pub type MessagingResult<T> = Result<T, MessagingError>;

/// Messaging errors.
#[derive(Debug, thiserror::Error)]
pub enum MessagingError {
    #[error(transparent)]
    UserType(#[from] UserTypeError),
    #[error(transparent)]
    Page(#[from] PageError),
    #[error("roomId is required")]
    RoomIdRequired,
    #[error("roomId must be a room id")]
    InvalidRoomId,
    /// Also the answer to a user who is not in the room: its existence is not revealed.
    #[error("Chat room not found")]
    RoomNotFound,
    #[error("Token is missing")]
    SignInRequired,
    /// Accounts did not answer; names and pictures cannot be given.
    #[error("Chat rooms are unavailable right now. Please try again.")]
    ProfilesUnavailable(#[source] anyhow::Error),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl From<diesel::result::Error> for MessagingError {
    fn from(e: diesel::result::Error) -> Self {
        MessagingError::Internal(e.into())
    }
}

impl From<upcar_db::PoolError> for MessagingError {
    fn from(e: upcar_db::PoolError) -> Self {
        MessagingError::Internal(anyhow::anyhow!("database pool: {e}"))
    }
}

upcar_errors::error_table! {
    MessagingError {
        MessagingError::UserType(UserTypeError::Missing) => InvalidInput, "user_type_required";
        MessagingError::UserType(UserTypeError::Unknown) => InvalidInput, "invalid_user_type";
        MessagingError::Page(PageError::Limit) => InvalidInput, "invalid_limit";
        MessagingError::Page(PageError::Page) => InvalidInput, "invalid_page";
        MessagingError::RoomIdRequired => InvalidInput, "room_id_required";
        MessagingError::InvalidRoomId => InvalidInput, "invalid_room_id";
        MessagingError::RoomNotFound => NotFound, "room_not_found";
        MessagingError::SignInRequired => Unauthenticated, "token_missing";
        MessagingError::ProfilesUnavailable(_) => Unavailable, "profiles_unavailable";
        MessagingError::Internal(_) => Internal, "internal_error";
    }
}

impl From<MessagingError> for tonic::Status {
    fn from(e: MessagingError) -> Self {
        if let MessagingError::ProfilesUnavailable(cause) = &e {
            tracing::warn!(error = %cause, "accounts did not give the rooms' profiles");
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
        let problems = upcar_errors::table_problems(&[("messaging", MessagingError::ROWS)]);
        assert!(problems.is_empty(), "{problems:?}");
    }
}
