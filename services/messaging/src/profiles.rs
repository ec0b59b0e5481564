//! Names and pictures of the rooms' parties, read from accounts when rooms are answered (one
//! call per page), so a changed name or picture shows at once. Messaging keeps no copy.

use crate::domain::display_name;
use crate::error::{MessagingError, MessagingResult};
use crate::state::AppState;
use std::collections::HashMap;
use upcar_proto::accounts as apb;
use uuid::Uuid;

/// What a room shows of a person.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Profile {
    pub name: String,
    pub profile_pic: String,
}

/// The public profiles of `ids` (one call).
async fn fetch(state: &AppState, ids: &[Uuid]) -> MessagingResult<Vec<apb::PublicProfile>> {
    let mut ids = ids.to_vec();
    ids.sort_unstable();
    ids.dedup();
    if ids.is_empty() {
        return Ok(Vec::new());
    }
    let req = apb::PublicProfilesRequest { ids: ids.iter().map(Uuid::to_string).collect() };
    Ok(state
        .accounts
        .clone()
        .get_public_profiles(upcar_identity::outgoing(req, None))
        .await
        .map_err(|s| {
            MessagingError::ProfilesUnavailable(anyhow::anyhow!(
                "GetPublicProfiles: {:?} {}",
                s.code(),
                s.message()
            ))
        })?
        .into_inner()
        .profiles)
}

/// The profiles of `ids`, by id; an account accounts does not know is absent.
#[tracing::instrument(skip(state, ids), fields(count = ids.len()))]
pub async fn of(state: &AppState, ids: &[Uuid]) -> MessagingResult<HashMap<Uuid, Profile>> {
    Ok(fetch(state, ids)
        .await?
        .into_iter()
        .filter_map(|p| {
            let id = p.id.parse().ok()?;
            let name = display_name(&p.first_name, &p.last_name);
            Some((id, Profile { name, profile_pic: p.profile_pic }))
        })
        .collect())
}

/// The first names of `ids` (scheduled messages say "Hi Ada"), by id.
pub async fn first_names(state: &AppState, ids: &[Uuid]) -> MessagingResult<HashMap<Uuid, String>> {
    Ok(fetch(state, ids)
        .await?
        .into_iter()
        .filter_map(|p| Some((p.id.parse().ok()?, p.first_name.trim().to_owned())))
        .collect())
}
