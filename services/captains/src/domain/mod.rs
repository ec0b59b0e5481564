//! Captains' rules, with no I/O: which tasks a trip needs, the order of a task's steps, and
//! dispatch (who takes a task, in what order, and when each stop is reached).

pub mod dispatch;
pub mod geo;
pub mod tasks;
