//! What happens around a trip besides its lifecycle: incidentals the host charges, issues
//! either party reports, report photos, the rental agreement, additional drivers. Who may do
//! each, from which status, and until when.

use crate::lifecycle::{Actor, TripStatus};
use chrono::{DateTime, Duration, Utc};

/// Claims and incident reports are accepted until 48 h after the car is returned (the terms).
pub const CLAIM_WINDOW_HOURS: i64 = 48;
/// At most this many additional drivers (invited or added) per trip.
pub const MAX_ADDITIONAL_DRIVERS: usize = 3;
/// An invitation to drive is valid this long (and never past the trip's end).
pub const DRIVER_INVITATION_DAYS: i64 = 7;
/// An agreement link works until this many days after the trip's end.
pub const AGREEMENT_TOKEN_DAYS_AFTER_END: i64 = 30;
/// Incidentals added in one call.
pub const MAX_INCIDENTALS_PER_CALL: usize = 10;
/// A guest has this long after an incidental is added to accept or dispute it; nothing is
/// charged before the guest accepts or this closes unanswered (the window Turo gives guests).
pub const GUEST_RESPONSE_HOURS: i64 = 48;
/// A dispute's reason: 1 to this many characters.
pub const MAX_DISPUTE_REASON: usize = 2_000;

/// Why an action around a trip is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ExtrasError {
    /// The caller has no part in the trip (answered as an unknown trip).
    #[error("Trip not found")]
    NotFound,
    #[error("{0}")]
    NotAllowed(&'static str),
    #[error("{0}")]
    WrongStatus(&'static str),
    #[error("Claims and reports are accepted until 48 hours after the car is returned.")]
    ClaimWindowClosed,
    /// A list's side that is neither `guest` nor `host` (bad input, whoever asks).
    #[error("role must be guest or host")]
    BadRole,
}

/// Whether the trip has been checked out more than 48 h ago.
fn claim_window_open(checked_out_at: Option<DateTime<Utc>>, now: DateTime<Utc>) -> bool {
    checked_out_at.is_none_or(|at| now <= at + Duration::hours(CLAIM_WINDOW_HOURS))
}

/// The host (or support) adds or removes incidentals: while the trip is in progress, or
/// completed and within the claim window.
pub fn may_charge_incidentals(
    status: TripStatus,
    actor: Actor,
    checked_out_at: Option<DateTime<Utc>>,
    now: DateTime<Utc>,
) -> Result<(), ExtrasError> {
    match actor {
        Actor::Stranger => return Err(ExtrasError::NotFound),
        Actor::Host | Actor::CoHost { booking_management: true } | Actor::Admin => {}
        _ => return Err(ExtrasError::NotAllowed("Only the car's host can charge incidentals.")),
    }
    if !matches!(status, TripStatus::InProgress | TripStatus::Completed) {
        return Err(ExtrasError::WrongStatus(
            "Incidentals can be added once the trip has started.",
        ));
    }
    if !claim_window_open(checked_out_at, now) {
        return Err(ExtrasError::ClaimWindowClosed);
    }
    Ok(())
}

/// Until when the guest may dispute an incidental added at `added_at`; unanswered, it is
/// charged then.
pub fn dispute_until(added_at: DateTime<Utc>) -> DateTime<Utc> {
    added_at + Duration::hours(GUEST_RESPONSE_HOURS)
}

/// The guest disputes a pending incidental within its window (support then decides).
pub fn may_dispute(
    actor: Actor,
    until: DateTime<Utc>,
    now: DateTime<Utc>,
) -> Result<(), ExtrasError> {
    match actor {
        Actor::Guest if now < until => Ok(()),
        Actor::Guest => {
            Err(ExtrasError::WrongStatus("The 48 hours to dispute these incidentals have passed."))
        }
        Actor::Stranger => Err(ExtrasError::NotFound),
        _ => Err(ExtrasError::NotAllowed("Only the trip's guest can dispute incidentals.")),
    }
}

/// Whether a pending incidental is charged by the platform now: its window closed unanswered.
pub fn charged_unanswered(until: DateTime<Utc>, now: DateTime<Utc>) -> bool {
    now >= until
}

/// Support decides a dispute: upholds it (the charge is made) or waives it (removed).
pub fn may_decide_dispute(actor: Actor) -> Result<(), ExtrasError> {
    match actor {
        Actor::Admin => Ok(()),
        Actor::Stranger => Err(ExtrasError::NotFound),
        _ => Err(ExtrasError::NotAllowed("Only support decides a disputed incidental.")),
    }
}

/// Only the guest accepts (and pays) incidentals: no one else may charge their card.
pub fn may_accept_incidentals(actor: Actor) -> Result<(), ExtrasError> {
    match actor {
        Actor::Guest => Ok(()),
        Actor::Stranger => Err(ExtrasError::NotFound),
        _ => Err(ExtrasError::NotAllowed("Only the trip's guest can accept incidentals.")),
    }
}

/// A trip's charges (its incidentals' prices, in the issue charges summary) are read by its
/// guest, the host's side and support; an additional driver sees no money.
pub fn may_see_charges(actor: Actor) -> Result<(), ExtrasError> {
    match actor {
        Actor::Stranger | Actor::CoHost { booking_management: false } => Err(ExtrasError::NotFound),
        Actor::Driver => {
            Err(ExtrasError::NotAllowed("An additional driver does not see the trip's charges."))
        }
        _ => Ok(()),
    }
}

/// The side an incidental list is read from: `guest` or `host` (the spec's `role`), which must
/// be the caller's own side (a co-host managing the car's bookings reads the host's; support
/// reads either).
pub fn incidentals_view(role: &str, actor: Actor) -> Result<Actor, ExtrasError> {
    let side = match role.trim() {
        "guest" => Actor::Guest,
        "host" => Actor::Host,
        _ => return Err(ExtrasError::BadRole),
    };
    match actor {
        // A co-host without booking management sees no money of the car's trips (as for the
        // trip's charges, `may_see_charges`).
        Actor::Stranger | Actor::CoHost { booking_management: false } => Err(ExtrasError::NotFound),
        Actor::Admin => Ok(side),
        Actor::CoHost { booking_management: true } if side == Actor::Host => Ok(side),
        a if a == side => Ok(side),
        _ => Err(ExtrasError::NotAllowed("role must be your side of the trip")),
    }
}

/// The guest, the host (or a co-host) or an additional driver reports an issue (or attaches
/// report photos) from confirmation until 48 h after the return.
pub fn may_report(
    status: TripStatus,
    actor: Actor,
    checked_out_at: Option<DateTime<Utc>>,
    now: DateTime<Utc>,
) -> Result<(), ExtrasError> {
    match actor {
        Actor::Stranger => return Err(ExtrasError::NotFound),
        Actor::CoHost { booking_management: false } => {
            return Err(ExtrasError::NotAllowed("Only the trip's people can report issues."));
        }
        _ => {}
    }
    if !matches!(
        status,
        TripStatus::Confirmed
            | TripStatus::ModificationPending
            | TripStatus::InProgress
            | TripStatus::Completed
    ) {
        return Err(ExtrasError::WrongStatus(
            "Issues can be reported on confirmed, ongoing and completed trips.",
        ));
    }
    if !claim_window_open(checked_out_at, now) {
        return Err(ExtrasError::ClaimWindowClosed);
    }
    Ok(())
}

/// The issues either party can report.
pub const ISSUE_TYPES: &[(&str, &str, &str)] = &[
    ("damage", "Damage", "New damage to the car: dents, scratches, broken parts."),
    ("accident", "Accident", "The car was in an accident (police report within 24 hours)."),
    ("mechanical", "Mechanical problem", "Warning lights, breakdown, tyres, battery."),
    ("cleanliness", "Cleanliness", "The car was returned or handed over dirty."),
    ("smoking", "Smoking", "Signs of smoking in the car."),
    ("late_return", "Late return", "The car came back after the trip's end."),
    ("fuel", "Fuel or charge", "The fuel or battery level was not restored."),
    ("tolls", "Tolls", "Tolls incurred during the trip."),
    ("tickets", "Tickets", "Parking or traffic tickets incurred during the trip."),
    ("missing_item", "Missing item", "Something was left in or taken from the car."),
    ("other", "Other", "Anything else about the trip."),
];

/// An issue type by code (case, spaces and hyphens ignored).
pub fn issue_type(code: &str) -> Option<(&'static str, &'static str)> {
    let c = code.trim().to_ascii_lowercase().replace([' ', '-'], "_");
    ISSUE_TYPES.iter().find(|(k, _, _)| *k == c).map(|(k, l, _)| (*k, *l))
}

/// Where attached photos go: the path segment of the photo screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReportKind {
    Issue,
    Damage,
    Incidence,
}

impl ReportKind {
    /// `report-issue`, `report-damage`, or anything else (an incidence charge), as the photo
    /// attach screen decides by its path.
    pub fn parse(s: &str) -> ReportKind {
        let s = s.trim().to_ascii_lowercase();
        if s.contains("report-issue") || s == "report_issue" || s == "issue" {
            ReportKind::Issue
        } else if s.contains("report-damage") || s == "report_damage" || s == "damage" {
            ReportKind::Damage
        } else {
            ReportKind::Incidence
        }
    }

    /// The stored name.
    pub fn as_str(self) -> &'static str {
        match self {
            ReportKind::Issue => "report-issue",
            ReportKind::Damage => "report-damage",
            ReportKind::Incidence => "incidence",
        }
    }
}

/// The guest invites additional drivers while the trip is booked or under way.
pub fn may_invite_drivers(status: TripStatus, actor: Actor) -> Result<(), ExtrasError> {
    match actor {
        Actor::Guest => {}
        Actor::Stranger => return Err(ExtrasError::NotFound),
        _ => {
            return Err(ExtrasError::NotAllowed(
                "Only the trip's guest can add additional drivers.",
            ));
        }
    }
    if !status.holds_car() {
        return Err(ExtrasError::WrongStatus(
            "Additional drivers can be added to booked or ongoing trips only.",
        ));
    }
    Ok(())
}

/// The guest (or support) removes an additional driver, or withdraws an invitation, while the
/// trip is booked or under way (*product*: the spec shows no call; a guest who invited the wrong
/// person, or whose driver drops out, must be able to undo it).
pub fn may_remove_drivers(status: TripStatus, actor: Actor) -> Result<(), ExtrasError> {
    match actor {
        Actor::Guest | Actor::Admin => {}
        Actor::Stranger => return Err(ExtrasError::NotFound),
        _ => {
            return Err(ExtrasError::NotAllowed(
                "Only the trip's guest can remove additional drivers.",
            ));
        }
    }
    if !status.holds_car() {
        return Err(ExtrasError::WrongStatus(
            "Additional drivers can be removed from booked or ongoing trips only.",
        ));
    }
    Ok(())
}

/// When an invitation sent at `now` expires.
pub fn invitation_expiry(now: DateTime<Utc>, trip_end: DateTime<Utc>) -> DateTime<Utc> {
    (now + Duration::days(DRIVER_INVITATION_DAYS)).min(trip_end)
}

/// An email address as invitations accept it: trimmed, lower-cased, `local@domain.tld` with
/// no spaces, at most 254 characters.
pub fn normalize_email(s: &str) -> Option<String> {
    let e = s.trim().to_ascii_lowercase();
    if e.len() > 254 || e.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return None;
    }
    let (local, domain) = e.split_once('@')?;
    let ok_domain = domain.contains('.')
        && !domain.starts_with('.')
        && !domain.ends_with('.')
        && !domain.contains("..")
        && domain.chars().all(|c| c.is_ascii_alphanumeric() || c == '.' || c == '-');
    (!local.is_empty() && local.len() <= 64 && !domain.contains('@') && ok_domain).then_some(e)
}

/// The agreement signs itself once both check-in and checkout data exist.
pub fn agreement_signable(
    checked_in_at: Option<DateTime<Utc>>,
    checked_out_at: Option<DateTime<Utc>>,
) -> bool {
    checked_in_at.is_some() && checked_out_at.is_some()
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn t0() -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 12, 1, 18, 0, 0).unwrap()
    }

    #[test]
    fn only_the_host_charges_incidentals_from_the_start_until_48_hours_after_return() {
        use TripStatus::*;
        let now = t0();
        let back = Some(now - Duration::hours(47));
        for s in TripStatus::ALL {
            let r = may_charge_incidentals(s, Actor::Host, back, now);
            assert_eq!(r.is_ok(), matches!(s, InProgress | Completed), "{s:?}");
        }
        assert!(may_charge_incidentals(Completed, Actor::Admin, back, now).is_ok());
        assert!(
            may_charge_incidentals(
                Completed,
                Actor::CoHost { booking_management: true },
                back,
                now
            )
            .is_ok()
        );
        assert!(matches!(
            may_charge_incidentals(Completed, Actor::Guest, back, now),
            Err(ExtrasError::NotAllowed(_))
        ));
        assert_eq!(
            may_charge_incidentals(Completed, Actor::Stranger, back, now),
            Err(ExtrasError::NotFound)
        );
        let late = Some(now - Duration::hours(48) - Duration::seconds(1));
        assert_eq!(
            may_charge_incidentals(Completed, Actor::Host, late, now),
            Err(ExtrasError::ClaimWindowClosed)
        );
        assert!(may_charge_incidentals(InProgress, Actor::Host, None, now).is_ok());
    }

    #[test]
    fn only_the_guest_pays_incidentals() {
        assert!(may_accept_incidentals(Actor::Guest).is_ok());
        for a in [Actor::Host, Actor::Admin, Actor::CoHost { booking_management: true }] {
            assert!(matches!(may_accept_incidentals(a), Err(ExtrasError::NotAllowed(_))));
        }
        assert_eq!(may_accept_incidentals(Actor::Stranger), Err(ExtrasError::NotFound));
        assert!(matches!(may_accept_incidentals(Actor::Driver), Err(ExtrasError::NotAllowed(_))));
    }

    #[test]
    fn the_guest_has_48_hours_to_dispute_and_unanswered_incidentals_are_charged_then() {
        let added = Utc.with_ymd_and_hms(2027, 3, 1, 10, 0, 0).unwrap();
        let until = dispute_until(added);
        assert_eq!(until, added + Duration::hours(48));
        assert!(may_dispute(Actor::Guest, until, until - Duration::seconds(1)).is_ok());
        assert!(matches!(
            may_dispute(Actor::Guest, until, until),
            Err(ExtrasError::WrongStatus(_))
        ));
        for a in
            [Actor::Host, Actor::Admin, Actor::Driver, Actor::CoHost { booking_management: true }]
        {
            assert!(matches!(may_dispute(a, until, added), Err(ExtrasError::NotAllowed(_))));
        }
        assert_eq!(may_dispute(Actor::Stranger, until, added), Err(ExtrasError::NotFound));
        assert!(!charged_unanswered(until, until - Duration::seconds(1)));
        assert!(charged_unanswered(until, until));
    }

    #[test]
    fn only_support_decides_a_dispute() {
        assert!(may_decide_dispute(Actor::Admin).is_ok());
        for a in
            [Actor::Host, Actor::Guest, Actor::Driver, Actor::CoHost { booking_management: true }]
        {
            assert!(matches!(may_decide_dispute(a), Err(ExtrasError::NotAllowed(_))));
        }
        assert_eq!(may_decide_dispute(Actor::Stranger), Err(ExtrasError::NotFound));
    }

    #[test]
    fn a_trips_charges_are_not_for_its_drivers() {
        for a in
            [Actor::Guest, Actor::Host, Actor::CoHost { booking_management: true }, Actor::Admin]
        {
            assert!(may_see_charges(a).is_ok(), "{a:?}");
        }
        assert!(matches!(may_see_charges(Actor::Driver), Err(ExtrasError::NotAllowed(_))));
        assert_eq!(may_see_charges(Actor::Stranger), Err(ExtrasError::NotFound));
    }

    #[test]
    fn drivers_report_but_neither_charge_nor_invite() {
        let now = t0();
        assert!(may_report(TripStatus::InProgress, Actor::Driver, None, now).is_ok());
        assert!(matches!(
            may_charge_incidentals(TripStatus::InProgress, Actor::Driver, None, now),
            Err(ExtrasError::NotAllowed(_))
        ));
        assert!(matches!(
            may_invite_drivers(TripStatus::Confirmed, Actor::Driver),
            Err(ExtrasError::NotAllowed(_))
        ));
        for role in ["guest", "host"] {
            assert!(matches!(
                incidentals_view(role, Actor::Driver),
                Err(ExtrasError::NotAllowed(_))
            ));
        }
        assert!(matches!(
            may_report(
                TripStatus::InProgress,
                Actor::CoHost { booking_management: false },
                None,
                now
            ),
            Err(ExtrasError::NotAllowed(_))
        ));
    }

    #[test]
    fn the_role_of_a_list_is_the_callers_side() {
        assert_eq!(incidentals_view("guest", Actor::Guest), Ok(Actor::Guest));
        assert_eq!(incidentals_view("host", Actor::Host), Ok(Actor::Host));
        assert_eq!(incidentals_view("host", Actor::Admin), Ok(Actor::Host));
        assert!(incidentals_view("host", Actor::Guest).is_err());
        assert!(incidentals_view("guest", Actor::Host).is_err());
        assert_eq!(incidentals_view("pilot", Actor::Guest), Err(ExtrasError::BadRole));
        assert_eq!(incidentals_view("guest", Actor::Stranger), Err(ExtrasError::NotFound));
        let managing = Actor::CoHost { booking_management: true };
        assert_eq!(incidentals_view("host", managing), Ok(Actor::Host));
        let other = Actor::CoHost { booking_management: false };
        assert_eq!(incidentals_view("host", other), Err(ExtrasError::NotFound));
    }

    #[test]
    fn reports_from_confirmation_to_48_hours_after_return() {
        use TripStatus::*;
        let now = t0();
        for s in TripStatus::ALL {
            let ok = may_report(s, Actor::Guest, None, now).is_ok();
            assert_eq!(ok, matches!(s, Confirmed | ModificationPending | InProgress | Completed));
        }
        assert!(may_report(Completed, Actor::Host, Some(now - Duration::hours(48)), now).is_ok());
        assert_eq!(
            may_report(Completed, Actor::Host, Some(now - Duration::hours(49)), now),
            Err(ExtrasError::ClaimWindowClosed)
        );
        assert_eq!(may_report(Confirmed, Actor::Stranger, None, now), Err(ExtrasError::NotFound));
    }

    #[test]
    fn report_kinds_follow_the_photo_screen_path() {
        assert_eq!(ReportKind::parse("report-issue"), ReportKind::Issue);
        assert_eq!(ReportKind::parse("/trip/report-damage"), ReportKind::Damage);
        assert_eq!(ReportKind::parse(""), ReportKind::Incidence);
        assert_eq!(ReportKind::parse("incidence"), ReportKind::Incidence);
        assert_eq!(issue_type("Missing Item"), Some(("missing_item", "Missing item")));
        assert_eq!(issue_type("lasers"), None);
    }

    #[test]
    fn drivers_are_removed_by_the_guest_or_support_of_a_live_trip() {
        use TripStatus::*;
        for s in TripStatus::ALL {
            for actor in [Actor::Guest, Actor::Admin] {
                assert_eq!(may_remove_drivers(s, actor).is_ok(), s.holds_car(), "{s:?} {actor:?}");
            }
        }
        for actor in [Actor::Host, Actor::CoHost { booking_management: true }, Actor::Driver] {
            assert!(
                matches!(may_remove_drivers(Confirmed, actor), Err(ExtrasError::NotAllowed(_))),
                "{actor:?}"
            );
        }
        assert!(matches!(
            may_remove_drivers(Confirmed, Actor::Stranger),
            Err(ExtrasError::NotFound)
        ));
        assert!(matches!(
            may_remove_drivers(Completed, Actor::Guest),
            Err(ExtrasError::WrongStatus(_))
        ));
    }

    #[test]
    fn drivers_are_invited_by_the_guest_of_a_live_trip() {
        use TripStatus::*;
        for s in TripStatus::ALL {
            assert_eq!(may_invite_drivers(s, Actor::Guest).is_ok(), s.holds_car(), "{s:?}");
        }
        assert!(matches!(
            may_invite_drivers(Confirmed, Actor::Host),
            Err(ExtrasError::NotAllowed(_))
        ));
        let now = t0();
        assert_eq!(invitation_expiry(now, now + Duration::days(30)), now + Duration::days(7));
        assert_eq!(invitation_expiry(now, now + Duration::days(2)), now + Duration::days(2));
    }

    #[test]
    fn emails_are_checked_and_lower_cased() {
        assert_eq!(normalize_email(" Ada@Example.COM "), Some("ada@example.com".into()));
        for bad in ["", "ada", "ada@", "@x.com", "ada@x", "a b@x.com", "ada@x..com", "a@b@c.com"] {
            assert_eq!(normalize_email(bad), None, "{bad}");
        }
    }

    #[test]
    fn the_agreement_signs_once_both_handovers_exist() {
        let t = Some(t0());
        assert!(agreement_signable(t, t));
        assert!(!agreement_signable(t, None));
        assert!(!agreement_signable(None, None));
    }
}
