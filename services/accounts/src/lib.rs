//! The accounts service: sign-up, login (password, phone and email codes), tokens, profiles,
//! favourites, driver documents, captain accounts and Google sign-in.

pub mod api;
pub mod config;
pub mod demo;
pub mod domain;
pub mod error;
pub mod google;
pub mod hashing;
pub mod invitations;
pub mod notices;
pub mod notify;
pub mod payment_methods;
pub mod startup;
pub mod state;
pub mod store;
pub mod trip_feed;

pub use config::Settings;
pub use startup::Application;
