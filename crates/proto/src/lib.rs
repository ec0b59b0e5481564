//! Generated protobuf and gRPC code for every context, from the workspace's `proto/` folder.
//!
//! The modules nest as the packages do (`upcar::trips::v1`), so that one package's messages can
//! name another's types (the events name the trips context's states); each context is also
//! re-exported at the crate's root (`upcar_proto::trips`).

/// One generated package per context, `upcar::<context>::v1`.
macro_rules! packages {
    ($($context:ident => $package:literal),+ $(,)?) => {
        $(
            #[doc = concat!("The `", $package, "` package's context.")]
            pub mod $context {
                /// Version 1.
                pub mod v1 {
                    #![allow(clippy::all, missing_docs)]
                    tonic::include_proto!($package);
                }
            }
        )+
    };
}

/// The generated packages, nested as their names.
pub mod upcar {
    packages! {
        accounts => "upcar.accounts.v1",
        catalog => "upcar.catalog.v1",
        pricing => "upcar.pricing.v1",
        trips => "upcar.trips.v1",
        messaging => "upcar.messaging.v1",
        hosting => "upcar.hosting.v1",
        activity => "upcar.activity.v1",
        captains => "upcar.captains.v1",
        events => "upcar.events.v1",
    }
}

/// Accounts context: users, codes, tokens, favourites, driver documents, captains.
pub use upcar::accounts::v1 as accounts;
/// Activity context: logged events, analytics, journeys.
pub use upcar::activity::v1 as activity;
/// Captains context: deliveries and collections, captains' tasks.
pub use upcar::captains::v1 as captains;
/// Catalog-search context: cars, search, places.
pub use upcar::catalog::v1 as catalog;
/// Integration events carried over RabbitMQ between contexts.
pub use upcar::events::v1 as events;
/// Hosting context: car listings and their review, availability, co-host teams.
pub use upcar::hosting::v1 as hosting;
/// Messaging context: the chat rooms of bookings.
pub use upcar::messaging::v1 as messaging;
/// Pricing context: quotes, checkout prices, refunds, protection plans.
pub use upcar::pricing::v1 as pricing;
/// Trips context: bookings, the trip lifecycle, payments.
pub use upcar::trips::v1 as trips;
