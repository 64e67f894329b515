//! The open-files limit a command line needs: `-c` checked (or the limit
//! raised) as the pgbench reproduced does when it reads it, and every
//! descriptor the run will open counted before anything connects.

use super::{Exit, LowArgs};
use crate::error::Error;
use crate::sys::rlimit::Budget;
use crate::version::{self, Pgbench};

/// Raises the open-files limit for `clients` connections, or checks it,
/// as `pgbench` does (C's check of `-c`, as it is parsed).
pub(super) fn open_files_for(clients: i32, pgbench: &Pgbench) -> Result<(), Exit> {
    let clients = crate::invariant::fits::<u64, _>(clients, "invariant: -c is at least 1");
    let raise = pgbench.open_files == version::OpenFiles::RaiseSoftLimit;
    open_files(Budget::c_count(clients), raise)
}

/// Raises the open-files limit for every descriptor the run opens (its
/// largest point under `--sweep-clients`), once the command line is
/// read and before anything connects: a run that would run out of
/// descriptors half-way is refused with the number it needs. (Whatever
/// the version reproduced: what pgbench-rs opens beyond C's count is its
/// own, and `-c` was checked as that version checks it.)
pub(super) fn open_files_for_run(a: &LowArgs) -> Result<(), Exit> {
    let points = a.ext.sweep_clients.clone().unwrap_or_else(|| vec![a.nclients]);
    let mut needed = 0;
    for c in points {
        let threads =
            if a.ext.sweep_clients.is_some() { a.ext.jobs.clamp(1, c) } else { a.nthreads };
        let budget = Budget {
            clients: crate::invariant::fits(c, "invariant: -c is at least 1"),
            threads: crate::invariant::fits(threads, "invariant: -j is at least 1"),
            logs: a.use_log,
            sampler: a.ext.server_stats_s.is_some(),
            metrics: a.ext.metrics.is_some(),
            meters: a.ext.client_measured(),
        };
        needed = needed.max(budget.needed());
    }
    open_files(needed, true)
}

/// Makes room for `needed` open files (raising the soft limit only if
/// `raise`), or says why not in C's words.
fn open_files(needed: u64, raise: bool) -> Result<(), Exit> {
    if let Err(e) = crate::sys::rlimit::ensure_open_files(needed, raise) {
        let error = Error::new(e.to_string());
        if matches!(e, crate::sys::rlimit::RlimitError::Get(_)) {
            return Err(error.into());
        }
        return Err(error
            .hint("Reduce number of clients, or use limit/ulimit to increase the system limit.")
            .into());
    }
    Ok(())
}
