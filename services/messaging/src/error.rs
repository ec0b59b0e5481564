//! Every way a messaging call can fail.

use crate::domain::{ChannelError, MessageError, PageError, SendError, TicketError, UserTypeError};

/// Result of messaging operations.
pub type MessagingResult<T> = Result<T, MessagingError>;

/// Messaging errors.
#[derive(Debug, thiserror::Error)]
pub enum MessagingError {
    #[error(transparent)]
    UserType(#[from] UserTypeError),
    #[error(transparent)]
    Page(#[from] PageError),
    #[error(transparent)]
    Message(#[from] MessageError),
    #[error(transparent)]
    Send(#[from] SendError),
    #[error(transparent)]
    Channel(#[from] ChannelError),
    #[error(transparent)]
    Ticket(#[from] TicketError),
    #[error("id is required")]
    TicketIdRequired,
    #[error("Ticket not found")]
    TicketNotFound,
    #[error("limit must be between 1 and 100")]
    InvalidTicketsLimit,
    #[error("Only support can do this")]
    AdminOnly,
    #[error("Trip not found")]
    TripNotFound,
    #[error("roomId is required")]
    RoomIdRequired,
    #[error("before must be the id of a message of this room")]
    InvalidMessageId,
    #[error("Message not found")]
    MessageNotFound,
    #[error("This idempotency key was used for another message")]
    KeyReused,
    #[error("You can only send your own typing status")]
    TypingUserMismatch,
    #[error("since must be 0 or more")]
    InvalidSince,
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
    /// Postgres cannot be reached, or ended the connection mid-call (stopped, restarting,
    /// crashed, out of connections): nothing was changed and the caller may try again.
    #[error("The service is temporarily unavailable. Please try again in a few seconds.")]
    DatabaseUnavailable(#[source] anyhow::Error),
    #[error(transparent)]
    Internal(#[from] anyhow::Error),
}

impl From<diesel::result::Error> for MessagingError {
    fn from(e: diesel::result::Error) -> Self {
        if upcar_db::query_unavailable(&e) {
            MessagingError::DatabaseUnavailable(e.into())
        } else {
            MessagingError::Internal(e.into())
        }
    }
}

impl From<upcar_db::PoolError> for MessagingError {
    fn from(e: upcar_db::PoolError) -> Self {
        MessagingError::DatabaseUnavailable(anyhow::Error::new(e).context("database pool"))
    }
}

upcar_errors::error_table! {
    MessagingError {
        MessagingError::UserType(UserTypeError::Missing) => InvalidInput, "user_type_required";
        MessagingError::UserType(UserTypeError::Unknown) => InvalidInput, "invalid_user_type";
        MessagingError::Page(PageError::Limit) => InvalidInput, "invalid_limit";
        MessagingError::Page(PageError::Page) => InvalidInput, "invalid_page";
        MessagingError::Message(MessageError::Empty) => InvalidInput, "empty_message";
        MessagingError::Message(MessageError::TooLong) => InvalidInput, "message_too_long";
        MessagingError::Message(MessageError::TooManyImages) => InvalidInput, "too_many_images";
        MessagingError::Message(MessageError::InvalidImageUrl) => InvalidInput, "invalid_image_url";
        MessagingError::Message(MessageError::InvalidClientKey) => InvalidInput, "invalid_client_key";
        MessagingError::Message(MessageError::Limit) => InvalidInput, "invalid_message_limit";
        MessagingError::Send(SendError::ReadOnly) => Forbidden, "read_only_room";
        MessagingError::Send(SendError::WrongSide) => Forbidden, "wrong_sender_type";
        MessagingError::Channel(ChannelError) => InvalidInput, "invalid_channel";
        MessagingError::Ticket(TicketError::TitleRequired) => InvalidInput, "title_required";
        MessagingError::Ticket(TicketError::DescriptionRequired) => InvalidInput, "description_required";
        MessagingError::Ticket(TicketError::NameRequired) => InvalidInput, "name_required";
        MessagingError::Ticket(TicketError::EmailRequired) => InvalidInput, "email_required";
        MessagingError::Ticket(TicketError::InvalidEmail) => InvalidInput, "invalid_email";
        MessagingError::Ticket(TicketError::TitleTooLong) => InvalidInput, "title_too_long";
        MessagingError::Ticket(TicketError::DescriptionTooLong) => InvalidInput, "description_too_long";
        MessagingError::Ticket(TicketError::NameTooLong) => InvalidInput, "name_too_long";
        MessagingError::Ticket(TicketError::InvalidPriority) => InvalidInput, "invalid_priority";
        MessagingError::Ticket(TicketError::InvalidStatus) => InvalidInput, "invalid_status";
        MessagingError::Ticket(TicketError::Closed) => Conflict, "ticket_closed";
        MessagingError::Ticket(TicketError::InvalidAssignee) => InvalidInput, "invalid_assignee";
        MessagingError::TicketIdRequired => InvalidInput, "ticket_id_required";
        MessagingError::TicketNotFound => NotFound, "ticket_not_found";
        MessagingError::InvalidTicketsLimit => InvalidInput, "invalid_tickets_limit";
        MessagingError::AdminOnly => Forbidden, "admin_only";
        MessagingError::TripNotFound => NotFound, "trip_not_found";
        MessagingError::RoomIdRequired => InvalidInput, "room_id_required";
        MessagingError::InvalidMessageId => InvalidInput, "invalid_message_id";
        MessagingError::MessageNotFound => NotFound, "message_not_found";
        MessagingError::KeyReused => Conflict, "idempotency_key_reused";
        MessagingError::TypingUserMismatch => Forbidden, "typing_user_mismatch";
        MessagingError::InvalidSince => InvalidInput, "invalid_since";
        MessagingError::InvalidRoomId => InvalidInput, "invalid_room_id";
        MessagingError::RoomNotFound => NotFound, "room_not_found";
        MessagingError::SignInRequired => Unauthenticated, "token_missing";
        MessagingError::ProfilesUnavailable(_) => Unavailable, "profiles_unavailable";
        MessagingError::DatabaseUnavailable(_) => Unavailable, "database_unavailable";
        MessagingError::Internal(_) => Internal, "internal_error";
    }
}

impl From<MessagingError> for tonic::Status {
    fn from(e: MessagingError) -> Self {
        // A database failure under an internal error's own context is still the database's.
        let e = match e {
            MessagingError::Internal(cause) if upcar_db::unavailable_in(&cause) => {
                MessagingError::DatabaseUnavailable(cause)
            }
            e => e,
        };
        if let MessagingError::DatabaseUnavailable(cause) = &e {
            tracing::warn!(error = format!("{cause:#}"), "the database is unavailable");
        }
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
