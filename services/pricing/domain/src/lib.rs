//! The marketplace's pricing rules, as pure functions: no I/O, no clock (the caller passes
//! `now`), integer cents throughout (see [`money`] for the one rounding rule).
//!
//! * [`window`]: dates and times of a price request, the spec's time rounding.
//! * [`quote`]: a trip's price and its plain-language breakdown.
//! * [`protection`], [`coupon`]: plan and coupon prices.
//! * [`refund`]: the cancellation policy.
//! * [`driver`]: a driver's age as the terms count it.
//! * [`fees`]: late-return, smoking and cleaning charges.
//! * [`incidentals`]: what a host may charge after a trip, each with its rule.
//! * [`policy`]: every constant, with where it comes from.

pub mod coupon;
pub mod driver;
pub mod fees;
pub mod geo;
pub mod incidentals;
pub mod money;
pub mod policy;
pub mod protection;
pub mod quote;
pub mod rates;
pub mod refund;
pub mod window;

pub use money::Cents;
