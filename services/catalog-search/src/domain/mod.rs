//! Catalog rules and types, with no I/O.

pub mod search_params;
