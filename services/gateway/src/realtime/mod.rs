//! The real-time socket `/v1/ws` (CONTRACT, "The real-time socket"): chat messages, typing and
//! read receipts of the channels a signed-in user may read, fanned out across gateway
//! replicas through Redis pub/sub and caught up from messaging by sequence number.

pub mod frames;
pub mod hub;
pub mod socket;

pub use hub::Hub;
