//! Which tasks a trip needs, and the steps of each (spec 001 sections 3 and 9: task types
//! `delivery_to_guest` and `return_to_host`; steps `picked_up_from_host`,
//! `delivered_to_guest`, `picked_up_from_guest`, `delivered_to_host`).

use super::geo::Point;

/// A task's type.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum TaskKind {
    /// The car goes from its place to the guest before the trip starts.
    DeliveryToGuest,
    /// The car goes from the guest back to its place after the trip ends.
    ReturnToHost,
}

impl TaskKind {
    pub fn as_str(self) -> &'static str {
        match self {
            TaskKind::DeliveryToGuest => "delivery_to_guest",
            TaskKind::ReturnToHost => "return_to_host",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        [TaskKind::DeliveryToGuest, TaskKind::ReturnToHost].into_iter().find(|k| k.as_str() == s)
    }

    /// The task's steps in order.
    pub fn steps(self) -> [Step; 2] {
        match self {
            TaskKind::DeliveryToGuest => [Step::PickedUpFromHost, Step::DeliveredToGuest],
            TaskKind::ReturnToHost => [Step::PickedUpFromGuest, Step::DeliveredToHost],
        }
    }

    /// How many of the task's steps are done when `last` is the last one recorded.
    fn done(self, last: Option<Step>) -> usize {
        last.and_then(|l| self.steps().iter().position(|s| *s == l)).map_or(0, |p| p + 1)
    }

    /// The step to record next after `last` (`None` when the task is done).
    pub fn following(self, last: Option<Step>) -> Option<Step> {
        self.steps().get(self.done(last)).copied()
    }
}

/// A step of a task.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Step {
    PickedUpFromHost,
    DeliveredToGuest,
    PickedUpFromGuest,
    DeliveredToHost,
}

impl Step {
    pub const ALL: [Step; 4] = [
        Step::PickedUpFromHost,
        Step::DeliveredToGuest,
        Step::PickedUpFromGuest,
        Step::DeliveredToHost,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Step::PickedUpFromHost => "picked_up_from_host",
            Step::DeliveredToGuest => "delivered_to_guest",
            Step::PickedUpFromGuest => "picked_up_from_guest",
            Step::DeliveredToHost => "delivered_to_host",
        }
    }

    pub fn parse(s: &str) -> Option<Self> {
        Step::ALL.into_iter().find(|k| k.as_str() == s.trim())
    }
}

/// Why a step is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum StepError {
    #[error("{0} is not a step of this task")]
    NotOfThisTask(&'static str),
    #[error("{0} is already recorded")]
    AlreadyDone(&'static str),
    #[error("{wanted} comes after {missing}")]
    OutOfOrder { wanted: &'static str, missing: &'static str },
    #[error("the task is cancelled")]
    Cancelled,
}

/// Whether `step` may be recorded on a task of `kind` whose last recorded step is `last`:
/// forward only, one step at a time, never twice.
pub fn next_step(
    kind: TaskKind,
    last: Option<Step>,
    step: Step,
    cancelled: bool,
) -> Result<(), StepError> {
    if cancelled {
        return Err(StepError::Cancelled);
    }
    let steps = kind.steps();
    let Some(i) = steps.iter().position(|s| *s == step) else {
        return Err(StepError::NotOfThisTask(step.as_str()));
    };
    let done = kind.done(last);
    if i < done {
        return Err(StepError::AlreadyDone(step.as_str()));
    }
    if i > done {
        return Err(StepError::OutOfOrder { wanted: step.as_str(), missing: steps[done].as_str() });
    }
    Ok(())
}

/// Where a trip's car is handed over, as the booking says.
#[derive(Debug, Clone, PartialEq)]
pub struct Handover {
    /// The car's own place.
    pub car: Point,
    /// Where the guest takes the car, when it is delivered.
    pub pick_up: Option<Point>,
    /// Where the guest leaves the car, when it is collected (None: at the car's place).
    pub drop_off: Option<Point>,
}

/// Two points closer than this (miles) are the same place.
pub const SAME_PLACE_MILES: f64 = 0.05;

/// The tasks a trip needs: a delivery when the car is brought to the guest, and a return
/// unless the car comes back to its own place.
pub fn tasks_for(h: &Handover) -> Vec<TaskKind> {
    let mut out = Vec::new();
    if h.pick_up.is_some() {
        out.push(TaskKind::DeliveryToGuest);
    }
    if let Some(d) = h.drop_off
        && super::geo::miles(d, h.car) > SAME_PLACE_MILES
    {
        out.push(TaskKind::ReturnToHost);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use Step::*;
    use TaskKind::*;

    #[test]
    fn the_next_step_follows_the_last_one_recorded_until_the_task_is_done() {
        assert_eq!(DeliveryToGuest.following(None), Some(PickedUpFromHost));
        assert_eq!(DeliveryToGuest.following(Some(PickedUpFromHost)), Some(DeliveredToGuest));
        assert_eq!(DeliveryToGuest.following(Some(DeliveredToGuest)), None);
        assert_eq!(ReturnToHost.following(None), Some(PickedUpFromGuest));
        assert_eq!(ReturnToHost.following(Some(PickedUpFromGuest)), Some(DeliveredToHost));
        assert_eq!(ReturnToHost.following(Some(DeliveredToHost)), None);
        // The step that `following` names is the one `next_step` accepts.
        for kind in [DeliveryToGuest, ReturnToHost] {
            let mut last = None;
            while let Some(step) = kind.following(last) {
                assert_eq!(next_step(kind, last, step, false), Ok(()));
                last = Some(step);
            }
        }
    }

    #[test]
    fn steps_move_forward_one_at_a_time_and_only_within_their_task() {
        let cases = [
            (DeliveryToGuest, None, PickedUpFromHost, Ok(())),
            (DeliveryToGuest, Some(PickedUpFromHost), DeliveredToGuest, Ok(())),
            (
                DeliveryToGuest,
                None,
                DeliveredToGuest,
                Err(StepError::OutOfOrder {
                    wanted: "delivered_to_guest",
                    missing: "picked_up_from_host",
                }),
            ),
            (
                DeliveryToGuest,
                Some(PickedUpFromHost),
                PickedUpFromHost,
                Err(StepError::AlreadyDone("picked_up_from_host")),
            ),
            (
                DeliveryToGuest,
                Some(DeliveredToGuest),
                PickedUpFromHost,
                Err(StepError::AlreadyDone("picked_up_from_host")),
            ),
            (
                DeliveryToGuest,
                Some(DeliveredToGuest),
                DeliveredToGuest,
                Err(StepError::AlreadyDone("delivered_to_guest")),
            ),
            (
                DeliveryToGuest,
                None,
                PickedUpFromGuest,
                Err(StepError::NotOfThisTask("picked_up_from_guest")),
            ),
            (ReturnToHost, None, PickedUpFromGuest, Ok(())),
            (ReturnToHost, Some(PickedUpFromGuest), DeliveredToHost, Ok(())),
            (
                ReturnToHost,
                None,
                DeliveredToHost,
                Err(StepError::OutOfOrder {
                    wanted: "delivered_to_host",
                    missing: "picked_up_from_guest",
                }),
            ),
            (
                ReturnToHost,
                None,
                PickedUpFromHost,
                Err(StepError::NotOfThisTask("picked_up_from_host")),
            ),
        ];
        for (kind, last, step, want) in cases {
            assert_eq!(next_step(kind, last, step, false), want, "{kind:?} {last:?} {step:?}");
        }
        assert_eq!(
            next_step(DeliveryToGuest, None, PickedUpFromHost, true),
            Err(StepError::Cancelled)
        );
    }

    #[test]
    fn names_round_trip() {
        for s in Step::ALL {
            assert_eq!(Step::parse(s.as_str()), Some(s));
        }
        for k in [DeliveryToGuest, ReturnToHost] {
            assert_eq!(TaskKind::parse(k.as_str()), Some(k));
        }
        assert_eq!(Step::parse("delivered"), None);
    }

    #[test]
    fn a_trip_needs_a_delivery_when_brought_and_a_return_unless_it_comes_home() {
        let car = Point { lat: 37.5485, lng: -121.9886 };
        let guest = Point { lat: 37.3382, lng: -121.8863 };
        let near_car = Point { lat: 37.5486, lng: -121.9886 };
        let h = |pick_up, drop_off| Handover { car, pick_up, drop_off };
        assert_eq!(tasks_for(&h(None, None)), []);
        assert_eq!(tasks_for(&h(Some(guest), None)), [DeliveryToGuest]);
        assert_eq!(tasks_for(&h(Some(guest), Some(guest))), [DeliveryToGuest, ReturnToHost]);
        assert_eq!(tasks_for(&h(Some(guest), Some(near_car))), [DeliveryToGuest]);
        assert_eq!(tasks_for(&h(None, Some(guest))), [ReturnToHost]);
    }
}
