//! This context's stored names of its states, on the wire as the proto enums
//! (`proto/upcar/hosting/v1/states.proto`). Each stored name is mapped here once; a name the
//! tables do not hold reads as unspecified.

use hosting_domain::teams::{Role, TeamStatus};
use upcar_proto::hosting as pb;

/// A team's status on the wire.
pub fn team_status(s: TeamStatus) -> pb::TeamStatus {
    match s {
        TeamStatus::Active => pb::TeamStatus::Active,
        TeamStatus::Inactive => pb::TeamStatus::Inactive,
    }
}

/// A stored invitation status (`team_members.status`, with `expired` for a pending one past
/// its date) on the wire.
pub fn invitation_status(stored: &str) -> pb::InvitationStatus {
    match stored {
        "pending" => pb::InvitationStatus::Pending,
        "accepted" => pb::InvitationStatus::Accepted,
        "rejected" => pb::InvitationStatus::Rejected,
        "expired" => pb::InvitationStatus::Expired,
        "revoked" => pb::InvitationStatus::Revoked,
        "removed" => pb::InvitationStatus::Removed,
        _ => pb::InvitationStatus::Unspecified,
    }
}

/// A viewer's role on the wire.
pub fn team_role(r: Role) -> pb::TeamRole {
    match r {
        Role::Host => pb::TeamRole::Host,
        Role::CoHost => pb::TeamRole::Cohost,
    }
}

/// A stored audit actor (`team_audit.actor_role`) on the wire.
pub fn actor_role(stored: &str) -> pb::TeamRole {
    match stored {
        "admin" => pb::TeamRole::Admin,
        "invitee" => pb::TeamRole::Invitee,
        other => Role::parse(other).map_or(pb::TeamRole::Unspecified, team_role),
    }
}

/// A stored listing status (`listings.status`) on the wire.
pub fn listing_status(stored: &str) -> pb::ListingStatus {
    match stored {
        "draft" => pb::ListingStatus::Draft,
        "pending" => pb::ListingStatus::Pending,
        "active" => pb::ListingStatus::Active,
        "rejected" => pb::ListingStatus::Rejected,
        "snoozed" => pb::ListingStatus::Snoozed,
        "unlisted" => pb::ListingStatus::Unlisted,
        "deleted" => pb::ListingStatus::Deleted,
        _ => pb::ListingStatus::Unspecified,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_stored_name_has_its_value() {
        for s in ["draft", "pending", "active", "rejected", "snoozed", "unlisted", "deleted"] {
            assert_ne!(listing_status(s), pb::ListingStatus::Unspecified, "{s}");
        }
        for s in ["pending", "accepted", "rejected", "expired", "revoked", "removed"] {
            assert_ne!(invitation_status(s), pb::InvitationStatus::Unspecified, "{s}");
        }
        assert_eq!(actor_role("co-host"), pb::TeamRole::Cohost);
        assert_eq!(actor_role("host"), pb::TeamRole::Host);
        assert_eq!(actor_role("admin"), pb::TeamRole::Admin);
        assert_eq!(actor_role("invitee"), pb::TeamRole::Invitee);
        assert_eq!(listing_status("vanished"), pb::ListingStatus::Unspecified);
    }
}
