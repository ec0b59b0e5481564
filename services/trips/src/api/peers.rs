//! Calls to the services trips asks, on the caller's behalf.

use crate::error::{TripsError, TripsResult};
use crate::state::AppState;
use upcar_identity::Identity;
use upcar_proto::accounts as apb;

/// A request to another service carrying the caller's identity.
pub fn request<T>(msg: T, who: &Identity) -> tonic::Request<T> {
    upcar_identity::outgoing(msg, Some(who))
}

/// The caller's account as accounts knows it (email, verification, tier).
pub async fn account(state: &AppState, who: &Identity) -> TripsResult<apb::User> {
    state
        .accounts
        .clone()
        .get_user(request(apb::IdRequest { id: who.user_id.to_string() }, who))
        .await
        .map_err(TripsError::upstream)?
        .into_inner()
        .user
        .ok_or_else(|| TripsError::Internal(anyhow::anyhow!("accounts answered no user")))
}
