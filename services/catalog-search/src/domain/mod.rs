//! Catalog rules and types, with no I/O.

pub mod alternatives;
pub mod enums;
pub mod filters;
pub mod geo;
pub mod home;
pub mod hours;
pub mod reports;
pub mod reviews;
pub mod search_page;
pub mod search_params;
pub mod window;
