//! The server processes of the run's connections, for `--server-stats`:
//! when tracking is on, every connection made notes its backend's pid
//! (`PQbackendPID`), so that the sampler finds exactly the run's own
//! backends in `pg_stat_activity`. Off (one relaxed load per
//! connection) otherwise.

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

/// Whether connections note their pids.
static TRACKING: AtomicBool = AtomicBool::new(false);

/// The pids noted, in order, and how many the sampler has taken.
static PIDS: Mutex<Vec<i32>> = Mutex::new(Vec::new());

/// Starts noting the pids of the connections made from now on.
pub(crate) fn track() {
    TRACKING.store(true, Ordering::SeqCst);
}

/// Notes `pid` when tracking is on.
pub(super) fn note(pid: i32) {
    if TRACKING.load(Ordering::Relaxed) {
        if let Ok(mut p) = PIDS.lock() {
            p.push(pid);
        }
    }
}

/// The pids noted since `from` (an index into all of them, so that a
/// caller keeps its place), and the new place.
pub(crate) fn since(from: usize) -> (Vec<i32>, usize) {
    match PIDS.lock() {
        Ok(p) => (p.get(from..).map(<[i32]>::to_vec).unwrap_or_default(), p.len()),
        Err(_) => (Vec::new(), from),
    }
}
