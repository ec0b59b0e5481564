//! Password hashes and checks, apart from request handling.
//!
//! An argon2id hash or check (19 MiB, 2 passes; `domain::password`) takes about 19 ms of a
//! core. Run inline or on the runtime's blocking pool, each login or sign-up held a core for
//! that long at the same priority as every request around it: with 0.5 % logins in a mixed
//! load on two cores, the p99 of all requests rose from under 6 ms to 32-45 ms. Here they run
//! on a few dedicated threads at a lower CPU priority (`nice`), so any request thread that is
//! ready takes the core from a hash; at most `threads` hashes run at once (memory bounded to
//! `threads` x 19 MiB) and at most `queue` wait. Beyond that the caller is told to retry
//! (`PasswordWork::run` answers `Busy`), instead of queueing without bound behind them.

use std::panic::AssertUnwindSafe;
use std::sync::mpsc::{Receiver, SyncSender, TrySendError};
use std::sync::{Arc, Mutex};

type Job = Box<dyn FnOnce() + Send>;

/// How many hashing threads, at what priority, and how many hashes may wait.
#[derive(Debug, Clone, serde::Deserialize)]
#[serde(default)]
pub struct PasswordWorkSettings {
    /// Hashes that run at once.
    pub threads: usize,
    /// The threads' nice value (0 = as every other thread, 19 = lowest).
    pub nice: i32,
    /// Hashes that may wait for a thread; more are refused.
    pub queue: usize,
}

impl Default for PasswordWorkSettings {
    fn default() -> Self {
        Self { threads: 1, nice: 10, queue: 128 }
    }
}

/// The hashing threads; `run` hands them work and waits for the answer without blocking the
/// caller's runtime.
pub struct PasswordWork {
    tx: SyncSender<Job>,
}

/// More hashes are waiting than the queue holds.
#[derive(Debug, PartialEq, Eq)]
pub struct Busy;

impl PasswordWork {
    /// Starts the threads.
    pub fn start(settings: &PasswordWorkSettings) -> std::io::Result<Self> {
        let (tx, rx) = std::sync::mpsc::sync_channel::<Job>(settings.queue);
        let rx = Arc::new(Mutex::new(rx));
        for n in 0..settings.threads.max(1) {
            let (rx, nice) = (Arc::clone(&rx), settings.nice);
            std::thread::Builder::new()
                .name(format!("password-{n}"))
                .spawn(move || worker(&rx, nice))?;
        }
        Ok(Self { tx })
    }

    /// Runs `f` on a hashing thread and returns its result.
    pub async fn run<T: Send + 'static>(
        &self,
        f: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, Busy> {
        let (done, answer) = tokio::sync::oneshot::channel();
        let job: Job = Box::new(move || {
            let _ = done.send(f());
        });
        match self.tx.try_send(job) {
            Ok(()) => {}
            Err(TrySendError::Full(_) | TrySendError::Disconnected(_)) => return Err(Busy),
        }
        // A job that panicked drops `done`: answered as Busy, and the thread goes on.
        answer.await.map_err(|_| Busy)
    }
}

fn worker(rx: &Mutex<Receiver<Job>>, nice: i32) {
    lower_priority(nice);
    loop {
        let job = match rx.lock() {
            Ok(rx) => match rx.recv() {
                Ok(job) => job,
                Err(_) => return, // every sender dropped: the service is stopping
            },
            Err(_) => return,
        };
        if std::panic::catch_unwind(AssertUnwindSafe(job)).is_err() {
            tracing::error!("a password job panicked");
        }
    }
}

/// Sets this thread's nice value. On Linux, `setpriority(PRIO_PROCESS, tid)` applies to the
/// one thread; raising the value needs no privilege.
fn lower_priority(nice: i32) {
    if nice == 0 {
        return;
    }
    let tid = rustix::thread::gettid();
    if let Err(error) = rustix::process::setpriority_process(Some(tid), nice) {
        tracing::warn!(nice, %error, "could not lower the password threads' priority");
    }
}

/// This thread's nice value (for the tests).
#[cfg(test)]
fn current_nice() -> i32 {
    rustix::process::getpriority_process(Some(rustix::thread::gettid())).unwrap_or(i32::MIN)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn runs_work_on_a_thread_of_its_own_at_the_lower_priority() {
        let work = PasswordWork::start(&PasswordWorkSettings { threads: 1, nice: 7, queue: 4 })
            .expect("threads start");
        let (name, nice) = work
            .run(|| (std::thread::current().name().map(str::to_owned), current_nice()))
            .await
            .expect("answered");
        assert_eq!(name.as_deref(), Some("password-0"));
        assert_eq!(nice, 7);
        assert_ne!(current_nice(), 7, "the caller's priority is untouched");
    }

    #[tokio::test]
    async fn refuses_beyond_the_queue_and_takes_work_again_after() {
        let work = PasswordWork::start(&PasswordWorkSettings { threads: 1, nice: 0, queue: 2 })
            .expect("threads start");
        let (release, gate) = std::sync::mpsc::channel::<()>();
        let gate = Arc::new(Mutex::new(gate));
        let work = Arc::new(work);
        // One job holds the thread; two fill the queue.
        let mut held = Vec::new();
        for _ in 0..3 {
            let (w, g) = (Arc::clone(&work), Arc::clone(&gate));
            held.push(tokio::spawn(async move {
                w.run(move || {
                    let _ = g.lock().map(|g| g.recv());
                })
                .await
            }));
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        assert_eq!(work.run(|| ()).await, Err(Busy), "a fourth waits nowhere");
        for _ in 0..3 {
            release.send(()).expect("jobs wait");
        }
        for h in held {
            assert_eq!(h.await.expect("joined"), Ok(()));
        }
        assert_eq!(work.run(|| 42).await, Ok(42));
    }

    #[tokio::test]
    async fn a_panicking_job_is_refused_and_the_thread_goes_on() {
        let work = PasswordWork::start(&PasswordWorkSettings { threads: 1, nice: 0, queue: 2 })
            .expect("threads start");
        assert_eq!(work.run(|| -> u8 { panic!("boom") }).await, Err(Busy));
        assert_eq!(work.run(|| 1).await, Ok(1));
    }
}
