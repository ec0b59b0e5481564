//! Types and rules of the chat rooms (no I/O).

mod access;
mod channel;
pub mod contact;
mod message;
mod name;
mod page;
pub mod scheduled;
mod ticket;
mod user_type;

pub use access::{Reader, SendError};
pub use channel::{Channel, ChannelError};
pub use message::{
    MAX_CLIENT_KEY_CHARS, MAX_IMAGES, MAX_MESSAGES_PAGE, MAX_TEXT_CHARS, MessageDraft,
    MessageError, PREVIEW_CHARS, messages_limit, preview,
};
pub use name::display_name;
pub use page::{DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, Page, PageError};
pub use ticket::{
    CREATED_MESSAGE, DEFAULT_TICKETS_PAGE, MAX_TICKETS_PAGE, Priority, Requester, SUPPORT_PAGE,
    SUPPORT_TEAM, Status, TicketDraft, TicketError, parse_assignee,
};
pub use user_type::{UserType, UserTypeError};
