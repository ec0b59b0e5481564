//! Types and rules of the chat rooms (no I/O).

mod name;
mod page;
mod user_type;

pub use name::display_name;
pub use page::{DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, Page, PageError};
pub use user_type::{UserType, UserTypeError};
