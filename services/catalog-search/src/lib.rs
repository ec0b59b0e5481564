//! The catalog-search service: listed cars, search by place and dates over an availability
//! read model, car pages, enums, places and natural-language search parameters.

pub mod api;
pub mod cache;
pub mod config;
pub mod demo;
pub mod domain;
pub mod error;
pub mod events;
pub mod hours_feed;
pub mod listings_feed;
pub mod pages;
pub mod photos;
pub mod pricing_feed;
pub mod reviews_feed;
pub mod standing_feed;
pub mod startup;
pub mod state;
pub mod store;
pub mod views;

pub use config::Settings;
pub use startup::Application;
