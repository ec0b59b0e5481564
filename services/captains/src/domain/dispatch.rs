//! Dispatch: who takes each task of a day, in what order, and when each stop is reached.
//!
//! A greedy insertion heuristic in time order. Tasks are taken by the time their first stop is
//! needed; each goes to the captain who can do it on time within their shift with the least
//! driving to reach it (deadhead), fewer tasks breaking ties. A task nobody can do on time
//! goes to whoever is least late, marked late, so it is never left without a captain. Tasks
//! already under way stay with their captain. A captain's route is their tasks in that order,
//! two stops each (where the car is taken, where it is left), with an ETA per stop from the
//! drives between them ([`super::geo::drive`]) and [`HANDOVER`] at each stop.

use super::geo::{Point, drive, road_miles};
use super::tasks::TaskKind;
use chrono::{DateTime, Duration, Utc};
use std::collections::HashMap;
use uuid::Uuid;

/// Time at each stop to check the car, take photos and hand over the keys.
pub const HANDOVER: Duration = Duration::minutes(15);

/// A captain available for the day.
#[derive(Debug, Clone)]
pub struct Captain {
    pub id: Uuid,
    /// Where the day starts.
    pub base: Point,
    pub shift_start: DateTime<Utc>,
    pub shift_end: DateTime<Utc>,
}

/// A task to place.
#[derive(Debug, Clone)]
pub struct Job {
    pub id: Uuid,
    pub kind: TaskKind,
    /// The time at the guest: the trip's start for a delivery (the car is there by then), its
    /// end for a return (the captain is there then).
    pub at: DateTime<Utc>,
    /// Where the car is taken.
    pub from: Point,
    /// Where the car is left.
    pub to: Point,
    /// The captain of a task already under way: it stays theirs.
    pub fixed: Option<Uuid>,
}

/// When a captain reaches the two stops of a task.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Timing {
    /// At the place the car is taken.
    pub first: DateTime<Utc>,
    /// At the place the car is left.
    pub second: DateTime<Utc>,
    /// Free again.
    pub done: DateTime<Utc>,
    /// How late the guest is met (zero when on time).
    pub late: Duration,
}

/// When a captain free at `free_at` in `from` would do `job`.
pub fn timing(job: &Job, free_at: DateTime<Utc>, from: Point) -> Timing {
    let reach = free_at + drive(from, job.from);
    let carry = drive(job.from, job.to);
    let (first, late_at_guest) = match job.kind {
        TaskKind::DeliveryToGuest => {
            // Take the car as late as still lets it reach the guest on time.
            let first = reach.max(job.at - carry - HANDOVER * 2);
            let at_guest = first + HANDOVER + carry;
            (first, at_guest - job.at)
        }
        TaskKind::ReturnToHost => {
            let first = reach.max(job.at);
            (first, first - job.at)
        }
    };
    let second = first + HANDOVER + carry;
    Timing { first, second, done: second + HANDOVER, late: late_at_guest.max(Duration::zero()) }
}

/// A task's place in the plan.
#[derive(Debug, Clone, PartialEq)]
pub struct Assignment {
    pub captain: Uuid,
    /// 1-based position in the captain's route.
    pub order: i32,
    pub timing: Timing,
}

/// The day's plan: each task's captain, order and times.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Plan {
    pub tasks: HashMap<Uuid, Assignment>,
    /// Tasks with no captain at all (nobody works that day).
    pub unassigned: Vec<Uuid>,
}

impl Plan {
    /// A captain's tasks in route order.
    pub fn route(&self, captain: Uuid) -> Vec<Uuid> {
        let mut mine: Vec<(&Uuid, &Assignment)> =
            self.tasks.iter().filter(|(_, a)| a.captain == captain).collect();
        mine.sort_by_key(|(_, a)| a.order);
        mine.into_iter().map(|(id, _)| *id).collect()
    }
}

struct Day {
    free_at: DateTime<Utc>,
    at: Point,
    count: i32,
}

/// When the first stop of `job` is needed at the latest, to sort tasks by.
fn needed(job: &Job) -> DateTime<Utc> {
    match job.kind {
        TaskKind::DeliveryToGuest => job.at - drive(job.from, job.to) - HANDOVER * 2,
        TaskKind::ReturnToHost => job.at,
    }
}

/// Plans a day.
pub fn plan(captains: &[Captain], jobs: &[Job]) -> Plan {
    let mut out = Plan::default();
    let mut days: HashMap<Uuid, Day> = captains
        .iter()
        .map(|c| (c.id, Day { free_at: c.shift_start, at: c.base, count: 0 }))
        .collect();
    let shifts: HashMap<Uuid, &Captain> = captains.iter().map(|c| (c.id, c)).collect();
    let mut order: Vec<&Job> = jobs.iter().collect();
    // Tasks under way first (their captain is settled), then by the time they are needed.
    order.sort_by_key(|j| (j.fixed.is_none(), needed(j), j.id));
    for job in order {
        let choice = match job.fixed {
            Some(c) if days.contains_key(&c) => Some(c),
            // Under way with a captain not working today: not for anyone else to take.
            Some(_) => None,
            None => best(job, captains, &days, &shifts),
        };
        let Some(cid) = choice else {
            out.unassigned.push(job.id);
            continue;
        };
        let Some(day) = days.get_mut(&cid) else { continue };
        let t = timing(job, day.free_at, day.at);
        day.free_at = t.done;
        day.at = job.to;
        day.count += 1;
        out.tasks.insert(job.id, Assignment { captain: cid, order: day.count, timing: t });
    }
    out
}

fn best(
    job: &Job,
    captains: &[Captain],
    days: &HashMap<Uuid, Day>,
    shifts: &HashMap<Uuid, &Captain>,
) -> Option<Uuid> {
    // (late, over the shift's end, deadhead miles, tasks so far, id): smaller is better.
    let mut best: Option<((Duration, bool, f64, i32), Uuid)> = None;
    for c in captains {
        let Some(day) = days.get(&c.id) else { continue };
        let t = timing(job, day.free_at, day.at);
        let overtime = t.done > shifts[&c.id].shift_end;
        let key = (t.late, overtime, road_miles(day.at, job.from), day.count);
        let better = match &best {
            None => true,
            Some((k, id)) => {
                (key.0, key.1)
                    .cmp(&(k.0, k.1))
                    .then(key.2.total_cmp(&k.2))
                    .then(key.3.cmp(&k.3))
                    .then(c.id.cmp(id))
                    == std::cmp::Ordering::Less
            }
        };
        if better {
            best = Some((key, c.id));
        }
    }
    best.map(|(_, id)| id)
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    const FREMONT: Point = Point { lat: 37.5485, lng: -121.9886 };
    const NEWARK: Point = Point { lat: 37.5297, lng: -122.0402 };
    const SAN_JOSE: Point = Point { lat: 37.3382, lng: -121.8863 };
    const OAKLAND: Point = Point { lat: 37.8044, lng: -122.2712 };

    fn t(h: u32, m: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 12, 1, h, m, 0).unwrap()
    }

    fn captain(n: u128, base: Point) -> Captain {
        Captain { id: Uuid::from_u128(n), base, shift_start: t(14, 0), shift_end: t(23, 59) }
    }

    fn job(n: u128, kind: TaskKind, at: DateTime<Utc>, from: Point, to: Point) -> Job {
        Job { id: Uuid::from_u128(n), kind, at, from, to, fixed: None }
    }

    #[test]
    fn a_delivery_reaches_the_guest_by_the_start_and_a_return_meets_them_at_the_end() {
        let d = job(1, TaskKind::DeliveryToGuest, t(18, 0), FREMONT, SAN_JOSE);
        let tm = timing(&d, t(14, 0), FREMONT);
        assert_eq!(tm.late, Duration::zero());
        assert_eq!(tm.second, d.at - HANDOVER, "at the guest with time to hand over");
        assert_eq!(tm.first, tm.second - HANDOVER - drive(FREMONT, SAN_JOSE));
        let r = job(2, TaskKind::ReturnToHost, t(20, 0), SAN_JOSE, FREMONT);
        let tm = timing(&r, t(14, 0), FREMONT);
        assert_eq!((tm.first, tm.late), (r.at, Duration::zero()));
        assert_eq!(tm.done, r.at + HANDOVER * 2 + drive(SAN_JOSE, FREMONT));
        // Free only at 19:50 in Oakland: the guest in San Jose waits.
        let tm = timing(&r, t(19, 50), OAKLAND);
        assert_eq!(tm.late, t(19, 50) + drive(OAKLAND, SAN_JOSE) - r.at);
    }

    #[test]
    fn each_task_goes_to_the_nearest_captain_who_is_free_in_time() {
        let cs = [captain(10, FREMONT), captain(11, OAKLAND)];
        let jobs = [
            job(1, TaskKind::DeliveryToGuest, t(17, 0), NEWARK, FREMONT),
            job(2, TaskKind::DeliveryToGuest, t(17, 0), OAKLAND, OAKLAND),
        ];
        let p = plan(&cs, &jobs);
        assert_eq!(p.tasks[&Uuid::from_u128(1)].captain, Uuid::from_u128(10));
        assert_eq!(p.tasks[&Uuid::from_u128(2)].captain, Uuid::from_u128(11));
        assert!(p.unassigned.is_empty());
    }

    #[test]
    fn a_busy_captain_is_passed_over_for_one_who_is_on_time() {
        let cs = [captain(10, FREMONT), captain(11, SAN_JOSE)];
        // Two deliveries in Fremont at the same time: one captain cannot do both.
        let jobs = [
            job(1, TaskKind::DeliveryToGuest, t(17, 0), FREMONT, NEWARK),
            job(2, TaskKind::DeliveryToGuest, t(17, 0), FREMONT, NEWARK),
        ];
        let p = plan(&cs, &jobs);
        let a = &p.tasks[&Uuid::from_u128(1)];
        let b = &p.tasks[&Uuid::from_u128(2)];
        assert_ne!(a.captain, b.captain);
        assert_eq!((a.timing.late, b.timing.late), (Duration::zero(), Duration::zero()));
    }

    #[test]
    fn a_route_is_in_time_order_with_etas_that_chain() {
        let cs = [captain(10, FREMONT)];
        let jobs = [
            job(3, TaskKind::ReturnToHost, t(22, 0), SAN_JOSE, FREMONT),
            job(1, TaskKind::DeliveryToGuest, t(16, 0), FREMONT, SAN_JOSE),
            job(2, TaskKind::ReturnToHost, t(19, 0), NEWARK, FREMONT),
        ];
        let p = plan(&cs, &jobs);
        let route = p.route(Uuid::from_u128(10));
        assert_eq!(route, [Uuid::from_u128(1), Uuid::from_u128(2), Uuid::from_u128(3)]);
        let mut free = t(14, 0);
        for id in route {
            let a = &p.tasks[&id];
            assert!(a.timing.first >= free, "a stop is reached after the previous task is done");
            assert!(a.timing.second > a.timing.first);
            free = a.timing.done;
        }
    }

    #[test]
    fn nobody_free_in_time_still_gets_the_least_late_captain_and_no_captain_leaves_it_unassigned() {
        let cs = [captain(10, OAKLAND)];
        let jobs = [job(1, TaskKind::DeliveryToGuest, t(14, 10), SAN_JOSE, FREMONT)];
        let p = plan(&cs, &jobs);
        let a = &p.tasks[&Uuid::from_u128(1)];
        assert!(a.timing.late > Duration::zero());
        let p = plan(&[], &jobs);
        assert_eq!(p.unassigned, [Uuid::from_u128(1)]);
    }

    #[test]
    fn a_task_under_way_stays_with_its_captain() {
        let cs = [captain(10, FREMONT), captain(11, SAN_JOSE)];
        let mut j = job(1, TaskKind::DeliveryToGuest, t(17, 0), SAN_JOSE, SAN_JOSE);
        j.fixed = Some(Uuid::from_u128(10));
        let p = plan(&cs, &[j]);
        assert_eq!(p.tasks[&Uuid::from_u128(1)].captain, Uuid::from_u128(10));
    }
}
