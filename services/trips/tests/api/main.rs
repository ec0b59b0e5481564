//! Black-box tests of trips: the service on a free port with a fresh database per test, called
//! over gRPC (booking, cancelling, the lifecycle), and its parts that talk to the outside (the
//! payment providers, the money jobs, the trip lists' query plans).
#![allow(clippy::unwrap_used, clippy::expect_used)]

mod booking;
mod cancelling;
mod disputes;
mod eligibility;
mod helpers;
mod holds;
mod jobs;
mod lifecycle;
mod migrations;
mod plans;
mod providers;
