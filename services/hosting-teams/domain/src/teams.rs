//! Co-host teams: who may do what, the team's status, invitations, the create and invite
//! forms, and how a team's earnings are split.

use crate::policy::{
    FULL_SHARE_BP, INVITATION_LIFETIME_DAYS, MAX_EMAIL_CHARS, MAX_INVITE_EMAILS,
    MAX_TEAM_NAME_CHARS,
};
use chrono::{DateTime, Duration, Utc};
use serde::{Deserialize, Serialize};
use std::collections::HashSet;

/// Why a team action was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TeamError {
    #[error("Please enter a team name")]
    TeamNameRequired,
    #[error("Team name must be at most {MAX_TEAM_NAME_CHARS} characters.")]
    TeamNameTooLong,
    #[error("Please select at least one vehicle")]
    VehiclesRequired,
    #[error("Invalid input: teamId and coHostEmails are required")]
    InviteInputRequired,
    #[error("{0} is not a valid email address.")]
    InvalidEmail(String),
    #[error("At most {MAX_INVITE_EMAILS} co-hosts can be invited at once.")]
    TooManyInvites,
    #[error("Role must be host or co-host.")]
    InvalidRole,
    #[error("Action must be accept or reject.")]
    InvalidInviteAction,
    #[error("This invitation has expired. Please ask the host for a new one.")]
    InvitationExpired,
    #[error("This invitation has already been answered.")]
    InvitationAlreadyAnswered,
    #[error("This invitation was withdrawn by the host.")]
    InvitationRevoked,
    #[error("Each co-host's share must be between 0% and 100%.")]
    InvalidShare,
    #[error("The co-hosts' shares add up to more than 100%.")]
    SharesOver100,
    #[error("A co-host appears twice in the earnings split.")]
    DuplicateCoHost,
}

upcar_errors::error_table! {
    TeamError {
        TeamError::TeamNameRequired => InvalidInput, "team_name_required";
        TeamError::TeamNameTooLong => InvalidInput, "team_name_too_long";
        TeamError::VehiclesRequired => InvalidInput, "vehicles_required";
        TeamError::InviteInputRequired => InvalidInput, "invite_input_required";
        TeamError::InvalidEmail(_) => InvalidInput, "invalid_email";
        TeamError::TooManyInvites => InvalidInput, "too_many_invites";
        TeamError::InvalidRole => InvalidInput, "invalid_role";
        TeamError::InvalidInviteAction => InvalidInput, "invalid_invite_action";
        TeamError::InvitationExpired => Conflict, "invitation_expired";
        TeamError::InvitationAlreadyAnswered => Conflict, "invitation_already_answered";
        TeamError::InvitationRevoked => Conflict, "invitation_revoked";
        TeamError::InvalidShare => InvalidInput, "invalid_share";
        TeamError::SharesOver100 => InvalidInput, "shares_over_100";
        TeamError::DuplicateCoHost => InvalidInput, "duplicate_co_host";
    }
}

impl TeamError {
    /// The text shown to the user.
    pub fn message(&self) -> String {
        self.to_string()
    }
}

// ---------------------------------------------------------------------------------------------
// Permissions and roles

/// The permissions as sent (`{full, bookingManagement, pricingAndAvailability}`); missing
/// fields are false.
#[derive(Debug, Clone, Copy, Default, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct PermissionsInput {
    pub full: bool,
    pub booking_management: bool,
    pub pricing_and_availability: bool,
}

/// What the host grants the team's co-hosts. Booking management is always granted (spec 001
/// section 6); `full` includes pricing and availability.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", from = "PermissionsInput")]
pub struct Permissions {
    pub full: bool,
    /// Always true.
    pub booking_management: bool,
    pub pricing_and_availability: bool,
}

impl Permissions {
    /// Forces booking management on and lets `full` imply pricing and availability.
    pub fn parse(input: PermissionsInput) -> Permissions {
        Permissions {
            full: input.full,
            booking_management: true,
            pricing_and_availability: input.full || input.pricing_and_availability,
        }
    }
}

impl From<PermissionsInput> for Permissions {
    fn from(input: PermissionsInput) -> Permissions {
        Permissions::parse(input)
    }
}

impl Default for Permissions {
    /// Booking management only.
    fn default() -> Permissions {
        Permissions::parse(PermissionsInput::default())
    }
}

/// The viewer's role in a team.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Role {
    Host,
    CoHost,
}

impl Role {
    /// `host` or `co-host` (also `cohost`, `co_host`), any case.
    pub fn parse(input: &str) -> Result<Role, TeamError> {
        match input.trim().to_ascii_lowercase().as_str() {
            "host" => Ok(Role::Host),
            "co-host" | "cohost" | "co_host" => Ok(Role::CoHost),
            _ => Err(TeamError::InvalidRole),
        }
    }
}

/// A part of a listing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ListingPart {
    /// Details, description, features, guest instructions, trip preferences.
    Details,
    Photos,
    Extras,
}

/// Something a team member may try to do to the team's cars.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Capability {
    /// See bookings and their history.
    ViewBookings,
    /// Check-in and checkout, booking photos, guest messages, answering requests, invoices.
    ManageBookings,
    /// Prices and discounts.
    ManagePricing,
    /// Availability and the calendar.
    ManageAvailability,
    /// Edit the listing itself.
    ManageListing(ListingPart),
    /// The payout account and earnings transfers.
    ManagePayouts,
    /// Invite and remove co-hosts, edit permissions, add or remove cars, rename or delete.
    ManageTeam,
    /// Delete a car.
    DeleteCar,
}

/// Whether `role` with `permissions` may do `capability`.
///
/// The host may do everything. A co-host may always view and manage bookings (booking
/// management is always granted); manage pricing and availability only when granted (or with
/// `full`); never touch payouts, the team or deleting cars (host-only in spec 001 section 6).
/// **Editing the listing (details, photos, extras) is allowed to co-hosts only with `full`**:
/// the spec's two named permission sets do not include it, so only the broadest grant does.
pub fn allows(role: Role, permissions: &Permissions, capability: Capability) -> bool {
    if role == Role::Host {
        return true;
    }
    match capability {
        Capability::ViewBookings | Capability::ManageBookings => true,
        Capability::ManagePricing | Capability::ManageAvailability => {
            permissions.full || permissions.pricing_and_availability
        }
        Capability::ManageListing(_) => permissions.full,
        Capability::ManagePayouts | Capability::ManageTeam | Capability::DeleteCar => false,
    }
}

/// Active or inactive.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TeamStatus {
    Active,
    Inactive,
}

impl TeamStatus {
    /// "A team is not active until at least one co-host has been approved."
    pub fn from_approved_co_hosts(approved: usize) -> TeamStatus {
        if approved > 0 { TeamStatus::Active } else { TeamStatus::Inactive }
    }
}

// ---------------------------------------------------------------------------------------------
// Invitations

/// Where an invitation stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum InvitationStatus {
    Pending,
    Accepted,
    Rejected,
    Expired,
    Revoked,
}

/// The invitee's answer: "the invitee may only accept or reject".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum InviteAction {
    Accept,
    Reject,
}

impl InviteAction {
    /// `accept` or `reject`, any case.
    pub fn parse(input: &str) -> Result<InviteAction, TeamError> {
        match input.trim().to_ascii_lowercase().as_str() {
            "accept" => Ok(InviteAction::Accept),
            "reject" => Ok(InviteAction::Reject),
            _ => Err(TeamError::InvalidInviteAction),
        }
    }
}

/// An invitation to a team.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Invitation {
    pub status: InvitationStatus,
    pub expires_at: DateTime<Utc>,
}

impl Invitation {
    /// A pending invitation sent at `sent_at`, open for [`INVITATION_LIFETIME_DAYS`].
    pub fn new(sent_at: DateTime<Utc>) -> Invitation {
        Invitation {
            status: InvitationStatus::Pending,
            expires_at: sent_at + Duration::days(INVITATION_LIFETIME_DAYS),
        }
    }

    /// The status as of `now`: a pending invitation past its expiry reads as expired.
    pub fn status_at(&self, now: DateTime<Utc>) -> InvitationStatus {
        if self.status == InvitationStatus::Pending && now >= self.expires_at {
            InvitationStatus::Expired
        } else {
            self.status
        }
    }

    fn must_be_open(&self, now: DateTime<Utc>) -> Result<(), TeamError> {
        match self.status_at(now) {
            InvitationStatus::Pending => Ok(()),
            InvitationStatus::Expired => Err(TeamError::InvitationExpired),
            InvitationStatus::Revoked => Err(TeamError::InvitationRevoked),
            InvitationStatus::Accepted | InvitationStatus::Rejected => {
                Err(TeamError::InvitationAlreadyAnswered)
            }
        }
    }

    /// The invitee answers; only a pending invitation before its expiry can be answered.
    pub fn respond(
        &self,
        action: InviteAction,
        now: DateTime<Utc>,
    ) -> Result<Invitation, TeamError> {
        self.must_be_open(now)?;
        let status = match action {
            InviteAction::Accept => InvitationStatus::Accepted,
            InviteAction::Reject => InvitationStatus::Rejected,
        };
        Ok(Invitation { status, ..*self })
    }

    /// The host withdraws a pending invitation.
    pub fn revoke(&self, now: DateTime<Utc>) -> Result<Invitation, TeamError> {
        self.must_be_open(now)?;
        Ok(Invitation { status: InvitationStatus::Revoked, ..*self })
    }
}

// ---------------------------------------------------------------------------------------------
// Forms

/// A team's name: trimmed, non-blank, at most 80 characters.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct TeamName(String);

impl TeamName {
    /// Trims and checks a typed name.
    pub fn parse(input: &str) -> Result<TeamName, TeamError> {
        let n = input.trim();
        if n.is_empty() {
            Err(TeamError::TeamNameRequired)
        } else if n.chars().count() > MAX_TEAM_NAME_CHARS {
            Err(TeamError::TeamNameTooLong)
        } else {
            Ok(TeamName(n.to_string()))
        }
    }

    /// The name.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// The cars selected for a team: trimmed, blanks dropped, duplicates removed (first kept);
/// at least one.
pub fn parse_car_ids(ids: &[&str]) -> Result<Vec<String>, TeamError> {
    let mut seen = HashSet::new();
    let out: Vec<String> = ids
        .iter()
        .map(|id| id.trim())
        .filter(|id| !id.is_empty() && seen.insert(*id))
        .map(str::to_string)
        .collect();
    if out.is_empty() { Err(TeamError::VehiclesRequired) } else { Ok(out) }
}

/// A plausible email address: one `@`, a non-empty local part without spaces, a domain with a
/// dot, labels of letters, digits and dashes. Delivery is the only real check.
pub fn is_plausible_email(email: &str) -> bool {
    if email.len() > MAX_EMAIL_CHARS || email.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return false;
    }
    let Some((local, domain)) = email.split_once('@') else {
        return false;
    };
    if local.is_empty() || local.len() > 64 || domain.contains('@') {
        return false;
    }
    let labels: Vec<&str> = domain.split('.').collect();
    labels.len() >= 2
        && labels.iter().all(|l| {
            !l.is_empty()
                && !l.starts_with('-')
                && !l.ends_with('-')
                && l.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
        })
        && labels
            .last()
            .is_some_and(|tld| tld.len() >= 2 && tld.chars().all(|c| c.is_ascii_alphabetic()))
}

/// An invite call: the team and its new co-hosts' emails, lower-cased, deduplicated, 1 to 20.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CoHostInvite {
    pub team_id: String,
    pub co_host_emails: Vec<String>,
}

impl CoHostInvite {
    /// Checks an invite call.
    pub fn parse(team_id: &str, emails: &[&str]) -> Result<CoHostInvite, TeamError> {
        let team_id = team_id.trim();
        let mut seen = HashSet::new();
        let mut co_host_emails = Vec::new();
        for e in emails {
            let e = e.trim().to_ascii_lowercase();
            if e.is_empty() {
                continue;
            }
            if !is_plausible_email(&e) {
                return Err(TeamError::InvalidEmail(e));
            }
            if seen.insert(e.clone()) {
                co_host_emails.push(e);
            }
        }
        if team_id.is_empty() || co_host_emails.is_empty() {
            return Err(TeamError::InviteInputRequired);
        }
        if co_host_emails.len() > MAX_INVITE_EMAILS {
            return Err(TeamError::TooManyInvites);
        }
        Ok(CoHostInvite { team_id: team_id.to_string(), co_host_emails })
    }
}

// ---------------------------------------------------------------------------------------------
// Earnings split

/// A co-host's share of a percentage text (`"12.5"`, `"30"`, `"0"`) in basis points, 0 to
/// 10,000; at most two decimals.
pub fn share_bp_from_percent(input: &str) -> Result<u32, TeamError> {
    let s = input.trim().trim_end_matches('%').trim();
    let (whole, frac) = s.split_once('.').unwrap_or((s, ""));
    let digits = |t: &str| t.bytes().all(|b| b.is_ascii_digit());
    if whole.is_empty() || whole.len() > 3 || frac.len() > 2 || !digits(whole) || !digits(frac) {
        return Err(TeamError::InvalidShare);
    }
    let whole: u32 = whole.parse().map_err(|_| TeamError::InvalidShare)?;
    let frac: u32 = format!("{frac:0<2}").parse().map_err(|_| TeamError::InvalidShare)?;
    let bp = whole * 100 + frac;
    if bp > FULL_SHARE_BP { Err(TeamError::InvalidShare) } else { Ok(bp) }
}

/// The co-hosts' shares of a team's earnings, in basis points; the host keeps the rest.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct EarningsSplit {
    pub co_host_shares: Vec<(String, u32)>,
}

/// One amount divided: the co-hosts' parts in the split's order and the host's.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SplitCents {
    pub host: i64,
    pub co_hosts: Vec<(String, i64)>,
}

impl EarningsSplit {
    /// Each share 0 to 10,000 bp, each co-host once, the total at most 10,000 bp.
    pub fn new(shares: &[(&str, u32)]) -> Result<EarningsSplit, TeamError> {
        let mut seen = HashSet::new();
        let mut total = 0u32;
        for (id, bp) in shares {
            if *bp > FULL_SHARE_BP {
                return Err(TeamError::InvalidShare);
            }
            if !seen.insert(id.trim()) {
                return Err(TeamError::DuplicateCoHost);
            }
            total += bp;
        }
        if total > FULL_SHARE_BP {
            return Err(TeamError::SharesOver100);
        }
        Ok(EarningsSplit {
            co_host_shares: shares.iter().map(|(id, bp)| (id.trim().to_string(), *bp)).collect(),
        })
    }

    /// The host's share, basis points.
    pub fn host_bp(&self) -> u32 {
        FULL_SHARE_BP - self.co_host_shares.iter().map(|(_, bp)| bp).sum::<u32>()
    }

    /// Splits `total` cents: each co-host gets their share rounded toward zero, the host gets
    /// the rest, so the parts always add up to the total (no cent lost or invented).
    pub fn split(&self, total: i64) -> SplitCents {
        let co_hosts: Vec<(String, i64)> = self
            .co_host_shares
            .iter()
            .map(|(id, bp)| {
                let part = i128::from(total) * i128::from(*bp) / i128::from(FULL_SHARE_BP);
                (id.clone(), i64::try_from(part).unwrap_or(0))
            })
            .collect();
        let given: i128 = co_hosts.iter().map(|(_, c)| i128::from(*c)).sum();
        let host = i64::try_from(i128::from(total) - given).unwrap_or(total);
        SplitCents { host, co_hosts }
    }
}

#[cfg(test)]
mod tests;
