//! gRPC transport plumbing shared by the gateway and the services: tonic's generated clients
//! and servers over h2, arranged so that a unary call is one write each way (see `client` and
//! `server`).

pub mod client;
pub mod server;

pub use client::Link;
pub use server::{SmallFramesLayer, incoming};
