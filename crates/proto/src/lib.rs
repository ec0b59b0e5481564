//! Generated protobuf and gRPC code for every context, from the workspace's `proto/` folder.

/// Accounts context: users, codes, tokens, favourites, driver documents, captains.
pub mod accounts {
    #![allow(clippy::all, missing_docs)]
    tonic::include_proto!("upcar.accounts.v1");
}

/// Catalog-search context: cars, search, places.
pub mod catalog {
    #![allow(clippy::all, missing_docs)]
    tonic::include_proto!("upcar.catalog.v1");
}

/// Pricing context: quotes, checkout prices, refunds, protection plans.
pub mod pricing {
    #![allow(clippy::all, missing_docs)]
    tonic::include_proto!("upcar.pricing.v1");
}

/// Trips context: bookings, the trip lifecycle, payments.
pub mod trips {
    #![allow(clippy::all, missing_docs)]
    tonic::include_proto!("upcar.trips.v1");
}

/// Messaging context: the chat rooms of bookings.
pub mod messaging {
    #![allow(clippy::all, missing_docs)]
    tonic::include_proto!("upcar.messaging.v1");
}

/// Hosting context: car listings and their review, availability, co-host teams.
pub mod hosting {
    #![allow(clippy::all, missing_docs)]
    tonic::include_proto!("upcar.hosting.v1");
}

/// Activity context: logged events, analytics, journeys.
pub mod activity {
    #![allow(clippy::all, missing_docs)]
    tonic::include_proto!("upcar.activity.v1");
}

/// Integration events carried over RabbitMQ between contexts.
pub mod captains {
    #![allow(clippy::all, missing_docs)]
    tonic::include_proto!("upcar.captains.v1");
}

pub mod events {
    #![allow(clippy::all, missing_docs)]
    tonic::include_proto!("upcar.events.v1");
}
