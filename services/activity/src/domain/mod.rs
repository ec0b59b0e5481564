//! Types and rules, no I/O: an event as the client sent it becomes a [`ClientEvent`] (or the
//! reason it cannot), activity type names, the catalogue of known types and the funnel, the
//! client clock's correction, and the reads' date ranges and pages.

pub mod catalogue;
pub mod event;
pub mod name;
pub mod query;
pub mod time;

pub use catalogue::{FUNNEL, KnownType, known};
pub use event::{ClientEvent, EventError, MAX_EVENT_BYTES, MAX_EVENT_ID, MAX_SESSION_ID};
pub use name::{Name, NameError};
pub use query::{DateRange, Page, QueryError};
pub use time::{DEDUPE_WINDOW_DAYS, TimeError, correct, parse_time};
