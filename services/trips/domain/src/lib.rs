//! The trip lifecycle as pure rules: the statuses a trip goes through, which action moves it
//! from one to the next, and who may take that action. The service records every accepted
//! transition in the trip's append-only history.
//!
//! ```text
//!              accept                check-in             checkout
//! requested ──────────> confirmed ───────────> in_progress ─────────> completed
//!   │  │ reject            │  ^  │
//!   │  └──> rejected       │  │  └── cancel ──> cancelled_by_guest | cancelled_by_host
//!   │                      │  │
//!   │      request change  v  │ respond / withdraw
//!   │                modification_pending
//!   └── cancel ──> cancelled_by_guest | cancelled_by_host
//! ```
//!
//! A booking is `confirmed` at once when instant booking applies (the car allows it and the
//! guest's tier unlocks it), otherwise `requested` until the host answers (CONTRACT.md).

pub mod extras;
pub mod holds;
pub mod lifecycle;
pub mod money;
pub mod photos;
pub mod reviews;

pub use lifecycle::{Action, Actor, TransitionError, TripStatus, transition};
