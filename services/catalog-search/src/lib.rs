//! The catalog-search service: cars, search by place and dates, places and natural-language
//! search parameters.

pub mod domain;
