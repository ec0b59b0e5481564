//! Statuses, actions and who may take them.

/// A trip's status. The names are part of the API (`status` in trip answers).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TripStatus {
    /// Waiting for the host to accept or reject.
    Requested,
    /// Booked: the car is held and will be handed over.
    Confirmed,
    /// The host turned the request down.
    Rejected,
    CancelledByGuest,
    CancelledByHost,
    /// A change of dates or options waits for the other party's answer.
    ModificationPending,
    /// Checked in: the guest has the car.
    InProgress,
    /// Checked out.
    Completed,
}

impl TripStatus {
    /// Every status, in lifecycle order.
    pub const ALL: [TripStatus; 8] = [
        TripStatus::Requested,
        TripStatus::Confirmed,
        TripStatus::ModificationPending,
        TripStatus::InProgress,
        TripStatus::Completed,
        TripStatus::Rejected,
        TripStatus::CancelledByGuest,
        TripStatus::CancelledByHost,
    ];

    /// The name used in answers and storage.
    pub fn as_str(self) -> &'static str {
        match self {
            TripStatus::Requested => "requested",
            TripStatus::Confirmed => "confirmed",
            TripStatus::Rejected => "rejected",
            TripStatus::CancelledByGuest => "cancelled_by_guest",
            TripStatus::CancelledByHost => "cancelled_by_host",
            TripStatus::ModificationPending => "modification_pending",
            TripStatus::InProgress => "in_progress",
            TripStatus::Completed => "completed",
        }
    }

    /// Parses a stored name.
    pub fn parse(s: &str) -> Option<TripStatus> {
        TripStatus::ALL.into_iter().find(|t| t.as_str() == s)
    }

    /// Whether the trip holds the car (and the guest) for its period: the statuses the
    /// database's exclusion constraints cover.
    pub fn holds_car(self) -> bool {
        matches!(
            self,
            TripStatus::Requested
                | TripStatus::Confirmed
                | TripStatus::ModificationPending
                | TripStatus::InProgress
        )
    }

    /// Finished one way or another.
    pub fn is_final(self) -> bool {
        matches!(
            self,
            TripStatus::Rejected
                | TripStatus::CancelledByGuest
                | TripStatus::CancelledByHost
                | TripStatus::Completed
        )
    }
}

/// Who acts on a trip, relative to it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Actor {
    /// The trip's guest.
    Guest,
    /// The car's host.
    Host,
    /// A co-host of the car's host; booking management is what trip actions need.
    CoHost { booking_management: bool },
    /// Support.
    Admin,
    /// An additional driver the guest invited and who accepted: reads the trip (without its
    /// money), may report issues, and takes no other action.
    Driver,
    /// Anyone else: a signed-in user with no part in the trip.
    Stranger,
}

impl Actor {
    fn hosts(self) -> bool {
        matches!(self, Actor::Host | Actor::CoHost { booking_management: true } | Actor::Admin)
    }

    fn guest(self) -> bool {
        matches!(self, Actor::Guest | Actor::Admin)
    }

    /// Whether the actor may read the trip at all (a co-host reads bookings through booking
    /// management).
    pub fn may_read(self) -> bool {
        !matches!(self, Actor::Stranger | Actor::CoHost { booking_management: false })
    }
}

/// What someone does to a trip.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    Accept,
    Reject,
    Cancel,
    RequestModification,
    /// The creator withdraws their modification request.
    WithdrawModification,
    /// The other party answers a modification request (yes or no).
    RespondToModification,
    CheckIn,
    Checkout,
}

impl Action {
    /// Name in the history.
    pub fn as_str(self) -> &'static str {
        match self {
            Action::Accept => "accept",
            Action::Reject => "reject",
            Action::Cancel => "cancel",
            Action::RequestModification => "request_modification",
            Action::WithdrawModification => "withdraw_modification",
            Action::RespondToModification => "respond_to_modification",
            Action::CheckIn => "check_in",
            Action::Checkout => "checkout",
        }
    }
}

/// Why a transition is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TransitionError {
    /// The actor has no right to this action on this trip (403, or 404 for strangers).
    #[error("You are not allowed to {0} this trip.")]
    NotAllowed(&'static str),
    /// The trip's status does not allow it (409).
    #[error("A {from} trip cannot be {verb}.")]
    WrongStatus { from: &'static str, verb: &'static str },
}

fn verb(a: Action) -> &'static str {
    match a {
        Action::Accept => "accepted",
        Action::Reject => "rejected",
        Action::Cancel => "cancelled",
        Action::RequestModification => "modified",
        Action::WithdrawModification | Action::RespondToModification => "answered",
        Action::CheckIn => "checked in",
        Action::Checkout => "checked out",
    }
}

fn may(actor: Actor, action: Action) -> bool {
    match action {
        Action::Accept | Action::Reject => actor.hosts(),
        Action::Cancel
        | Action::RequestModification
        | Action::WithdrawModification
        | Action::RespondToModification
        | Action::CheckIn
        | Action::Checkout => actor.hosts() || actor.guest(),
    }
}

/// Whether `actor` may take `action` at all, whatever the trip's status (adding photos to a
/// check-in that already happened asks the same as checking in).
pub fn permitted(actor: Actor, action: Action) -> Result<(), TransitionError> {
    if may(actor, action) {
        return Ok(());
    }
    Err(TransitionError::NotAllowed(match action {
        Action::Accept => "accept",
        Action::Reject => "reject",
        Action::Cancel => "cancel",
        Action::CheckIn => "check in",
        Action::Checkout => "check out",
        _ => "change",
    }))
}

/// The status after `action` by `actor` on a trip in `from`. Accepting a trip that is already
/// confirmed is allowed and changes nothing (CONTRACT.md); the caller sees `to == from`.
pub fn transition(
    from: TripStatus,
    action: Action,
    actor: Actor,
) -> Result<TripStatus, TransitionError> {
    use TripStatus as S;
    permitted(actor, action)?;
    let to = match (from, action) {
        (S::Requested, Action::Accept) => S::Confirmed,
        (S::Confirmed | S::ModificationPending | S::InProgress, Action::Accept) => from,
        (S::Requested, Action::Reject) => S::Rejected,
        (S::Requested | S::Confirmed | S::ModificationPending, Action::Cancel) => {
            if actor == Actor::Guest { S::CancelledByGuest } else { S::CancelledByHost }
        }
        (S::Confirmed, Action::RequestModification) => S::ModificationPending,
        (S::ModificationPending, Action::WithdrawModification | Action::RespondToModification) => {
            S::Confirmed
        }
        (S::Confirmed, Action::CheckIn) => S::InProgress,
        (S::InProgress, Action::Checkout) => S::Completed,
        _ => return Err(TransitionError::WrongStatus { from: from.as_str(), verb: verb(action) }),
    };
    Ok(to)
}

#[cfg(test)]
mod tests {
    use super::*;
    use Action as A;
    use TripStatus as S;

    const HOSTS: [Actor; 3] =
        [Actor::Host, Actor::CoHost { booking_management: true }, Actor::Admin];

    #[test]
    fn the_transition_table() {
        // (from, action, actor, expected)
        let ok = [
            (S::Requested, A::Accept, Actor::Host, S::Confirmed),
            (S::Confirmed, A::Accept, Actor::Host, S::Confirmed),
            (S::Requested, A::Reject, Actor::Host, S::Rejected),
            (S::Requested, A::Cancel, Actor::Guest, S::CancelledByGuest),
            (S::Confirmed, A::Cancel, Actor::Guest, S::CancelledByGuest),
            (S::ModificationPending, A::Cancel, Actor::Guest, S::CancelledByGuest),
            (S::Confirmed, A::Cancel, Actor::Host, S::CancelledByHost),
            (S::Requested, A::Cancel, Actor::Host, S::CancelledByHost),
            (S::Confirmed, A::RequestModification, Actor::Guest, S::ModificationPending),
            (S::Confirmed, A::RequestModification, Actor::Host, S::ModificationPending),
            (S::ModificationPending, A::WithdrawModification, Actor::Guest, S::Confirmed),
            (S::ModificationPending, A::RespondToModification, Actor::Host, S::Confirmed),
            (S::Confirmed, A::CheckIn, Actor::Guest, S::InProgress),
            (S::Confirmed, A::CheckIn, Actor::Host, S::InProgress),
            (S::InProgress, A::Checkout, Actor::Guest, S::Completed),
            (S::InProgress, A::Checkout, Actor::CoHost { booking_management: true }, S::Completed),
        ];
        for (from, action, actor, want) in ok {
            assert_eq!(
                transition(from, action, actor),
                Ok(want),
                "{from:?} {action:?} by {actor:?}"
            );
        }
        let wrong_status = [
            (S::Confirmed, A::Reject),
            (S::Rejected, A::Accept),
            (S::CancelledByGuest, A::Accept),
            (S::InProgress, A::Cancel),
            (S::Completed, A::Cancel),
            (S::Rejected, A::Cancel),
            (S::Requested, A::CheckIn),
            (S::Confirmed, A::Checkout),
            (S::Requested, A::RequestModification),
            (S::ModificationPending, A::RequestModification),
            (S::Confirmed, A::RespondToModification),
            (S::Completed, A::CheckIn),
        ];
        for (from, action) in wrong_status {
            assert!(
                matches!(
                    transition(from, action, Actor::Host),
                    Err(TransitionError::WrongStatus { .. })
                ),
                "{from:?} {action:?}"
            );
        }
    }

    #[test]
    fn who_reads_a_trip() {
        for a in [
            Actor::Guest,
            Actor::Host,
            Actor::CoHost { booking_management: true },
            Actor::Admin,
            Actor::Driver,
        ] {
            assert!(a.may_read(), "{a:?}");
        }
        for a in [Actor::Stranger, Actor::CoHost { booking_management: false }] {
            assert!(!a.may_read(), "{a:?}");
        }
    }

    #[test]
    fn only_the_hosts_side_answers_requests() {
        for actor in [Actor::Guest, Actor::Stranger, Actor::CoHost { booking_management: false }] {
            for action in [A::Accept, A::Reject] {
                assert!(
                    matches!(
                        transition(S::Requested, action, actor),
                        Err(TransitionError::NotAllowed(_))
                    ),
                    "{actor:?} {action:?}"
                );
            }
        }
        for actor in HOSTS {
            assert_eq!(transition(S::Requested, A::Accept, actor), Ok(S::Confirmed));
        }
    }

    const ACTIONS: [Action; 8] = [
        A::Accept,
        A::Reject,
        A::Cancel,
        A::RequestModification,
        A::WithdrawModification,
        A::RespondToModification,
        A::CheckIn,
        A::Checkout,
    ];

    #[test]
    fn drivers_and_strangers_change_nothing() {
        for actor in [Actor::Driver, Actor::Stranger] {
            for from in TripStatus::ALL {
                for action in ACTIONS {
                    assert!(
                        matches!(
                            transition(from, action, actor),
                            Err(TransitionError::NotAllowed(_))
                        ),
                        "{actor:?} {from:?} {action:?}"
                    );
                    assert!(permitted(actor, action).is_err());
                }
            }
        }
    }

    #[test]
    fn strangers_read_nothing() {
        assert!(!Actor::Stranger.may_read());
        assert!(Actor::Guest.may_read() && Actor::Host.may_read());
    }

    #[test]
    fn held_statuses_are_exactly_the_live_ones() {
        let held: Vec<_> = TripStatus::ALL.into_iter().filter(|s| s.holds_car()).collect();
        assert_eq!(held, [S::Requested, S::Confirmed, S::ModificationPending, S::InProgress]);
        for s in TripStatus::ALL {
            assert_eq!(TripStatus::parse(s.as_str()), Some(s));
            assert!(!(s.holds_car() && s.is_final()));
        }
    }
}
