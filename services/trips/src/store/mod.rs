//! Storage: trips and their history, idempotency keys, payment methods, holds, the ledger,
//! payout accounts and payouts.

pub mod extras;
pub mod idempotency;
pub mod ledger;
pub mod modifications;
pub mod payments;
pub mod payouts;
pub mod photos;
pub mod reviews;
pub mod teams;
pub mod trips;

/// Whether a database error is the violation of the named constraint.
pub fn violates(e: &diesel::result::Error, constraint: &str) -> bool {
    match e {
        diesel::result::Error::DatabaseError(_, info) => info.constraint_name() == Some(constraint),
        _ => false,
    }
}
