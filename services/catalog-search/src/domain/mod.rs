//! Catalog rules and types, with no I/O.

pub mod enums;
pub mod filters;
pub mod search_params;
pub mod window;
