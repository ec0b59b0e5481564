//! The exclusion list of the terms (spec 002): "users on an exclusion list cannot rent or list;
//! the product may suspend users without notice". An admin suspends a user with a reason and
//! may reinstate them with one; each change is one step of the account's standing.

/// The longest reason kept with an action.
pub const REASON_MAX_CHARS: usize = 1000;

/// What an admin does to an account's standing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StandingAction {
    Suspend,
    Reinstate,
}

impl StandingAction {
    /// The name kept in the action log.
    pub fn as_str(self) -> &'static str {
        match self {
            StandingAction::Suspend => "suspend",
            StandingAction::Reinstate => "reinstate",
        }
    }
}

/// Why an action cannot be taken.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum StandingError {
    #[error("a reason is required (at most {REASON_MAX_CHARS} characters)")]
    ReasonInvalid,
    #[error("already suspended")]
    AlreadySuspended,
    #[error("not suspended")]
    NotSuspended,
    #[error("admins are not suspended")]
    AdminNotSuspendable,
}

/// A reason: trimmed, 1 to [`REASON_MAX_CHARS`] characters.
pub fn reason(raw: &str) -> Result<String, StandingError> {
    let r = raw.trim();
    if r.is_empty() || r.chars().count() > REASON_MAX_CHARS {
        return Err(StandingError::ReasonInvalid);
    }
    Ok(r.to_owned())
}

/// Whether `action` may be taken on an account that is `suspended` now and is an admin
/// account or not. Suspending twice or reinstating someone in good standing is refused, so
/// the log never holds an action that changed nothing.
pub fn check(action: StandingAction, is_admin: bool, suspended: bool) -> Result<(), StandingError> {
    match action {
        StandingAction::Suspend if is_admin => Err(StandingError::AdminNotSuspendable),
        StandingAction::Suspend if suspended => Err(StandingError::AlreadySuspended),
        StandingAction::Reinstate if !suspended => Err(StandingError::NotSuspended),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use StandingAction::{Reinstate, Suspend};

    #[test]
    fn each_action_is_allowed_only_where_it_changes_the_standing() {
        let cases = [
            (Suspend, false, false, Ok(())),
            (Suspend, false, true, Err(StandingError::AlreadySuspended)),
            (Suspend, true, false, Err(StandingError::AdminNotSuspendable)),
            (Reinstate, false, true, Ok(())),
            (Reinstate, false, false, Err(StandingError::NotSuspended)),
            (Reinstate, true, false, Err(StandingError::NotSuspended)),
        ];
        for (action, admin, suspended, want) in cases {
            assert_eq!(
                check(action, admin, suspended),
                want,
                "{action:?} admin={admin} suspended={suspended}"
            );
        }
    }

    #[test]
    fn a_reason_is_trimmed_and_bounded() {
        assert_eq!(reason("  Fraudulent payments \n"), Ok("Fraudulent payments".to_owned()));
        assert_eq!(reason("   "), Err(StandingError::ReasonInvalid));
        assert_eq!(reason(""), Err(StandingError::ReasonInvalid));
        assert_eq!(reason(&"é".repeat(REASON_MAX_CHARS)).map(|r| r.chars().count()), Ok(1000));
        assert_eq!(reason(&"x".repeat(REASON_MAX_CHARS + 1)), Err(StandingError::ReasonInvalid));
    }
}
