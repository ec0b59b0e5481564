//! Every way a messaging call can fail.

use crate::domain::{PageError, UserTypeError};
use upcar_errors::{ErrorCode, ErrorKind};

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

impl ErrorCode for MessagingError {
    fn kind(&self) -> ErrorKind {
        match self {
            MessagingError::UserType(_)
            | MessagingError::Page(_)
            | MessagingError::RoomIdRequired
            | MessagingError::InvalidRoomId => ErrorKind::InvalidInput,
            MessagingError::RoomNotFound => ErrorKind::NotFound,
            MessagingError::SignInRequired => ErrorKind::Unauthenticated,
            MessagingError::ProfilesUnavailable(_) => ErrorKind::Unavailable,
            MessagingError::Internal(_) => ErrorKind::Internal,
        }
    }

    fn code(&self) -> &'static str {
        match self {
            MessagingError::UserType(UserTypeError::Missing) => "user_type_required",
            MessagingError::UserType(UserTypeError::Unknown) => "invalid_user_type",
            MessagingError::Page(PageError::Limit) => "invalid_limit",
            MessagingError::Page(PageError::Page) => "invalid_page",
            MessagingError::RoomIdRequired => "room_id_required",
            MessagingError::InvalidRoomId => "invalid_room_id",
            MessagingError::RoomNotFound => "room_not_found",
            MessagingError::SignInRequired => "token_missing",
            MessagingError::ProfilesUnavailable(_) => "profiles_unavailable",
            MessagingError::Internal(_) => "internal_error",
        }
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
