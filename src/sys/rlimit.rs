//! The open-files limit: what a run opens at most at once ([`Budget`],
//! every descriptor counted), and making room for it ([`ensure_open_files`]:
//! the soft `RLIMIT_NOFILE` raised within the hard limit, as PostgreSQL 18's
//! pgbench raises it for its `nclients + 3`, or checked against the soft
//! limit, as 17's checks `-c`).

/// What went wrong making room for `needed` open files; the Display text is
/// C's error message.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum RlimitError {
    /// `getrlimit failed: %m`.
    Get(String),
    /// `need at least %d open files, but system limit is %ld` (the hard
    /// limit, or the soft one where it may not be raised).
    TooLow { needed: u64, limit: u64 },
    /// `need at least %d open files, but couldn't raise the limit: %m`.
    Raise { needed: u64, error: String },
}

impl std::fmt::Display for RlimitError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Get(e) => write!(f, "getrlimit failed: {e}"),
            Self::TooLow { needed, limit } => {
                write!(f, "need at least {needed} open files, but system limit is {limit}")
            }
            Self::Raise { needed, error } => {
                write!(
                    f,
                    "need at least {needed} open files, but couldn't raise the limit: {error}"
                )
            }
        }
    }
}

/// The descriptors a benchmark run holds at most at once. C pgbench
/// counts `nclients + 3` (a connection per client, the three standard
/// streams); a run of pgbench-rs also opens, per worker thread, its wait
/// set (an io_uring or epoll instance; none for ppoll), its waker (an
/// eventfd), with `-l` its log file and where the client measures
/// itself (`--client-stats`, a report) its schedstat file, and
/// `--server-stats`' sampler connection and the main thread's schedstat. On top of those, [`Budget::IN_PASSING`] per thread: what
/// is open only for a moment, never two at once in one thread (a file
/// libpq reads or its resolver's socket while a connection is made, the
/// pipes `\shell` spawns a command with), and [`Budget::MAIN`] for the
/// main thread's (the set-up connection while the sampler's is open, the
/// events file).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Budget {
    /// Clients (`-c`): one connection each, under `-C` too (closed before
    /// the next one is made).
    pub(crate) clients: u64,
    /// Worker threads (`-j`, at most `-c`).
    pub(crate) threads: u64,
    /// `-l`: a log file per thread.
    pub(crate) logs: bool,
    /// `--server-stats`: the sampler's connection.
    pub(crate) sampler: bool,
    /// `--metrics-listen`: the endpoint's listener and the connections it
    /// holds at once.
    pub(crate) metrics: bool,
    /// The client measures itself: a schedstat file per thread, the main
    /// thread's too.
    pub(crate) meters: bool,
}

impl Budget {
    /// The standard streams (C's `+ 3`).
    pub(crate) const STANDARD: u64 = 3;
    /// A thread's wait set and waker.
    pub(crate) const PER_THREAD: u64 = 2;
    /// Open for a moment in a thread: a spawned `\shell` command's output
    /// pipe and the pipe its start reports failure on (both ends of each)
    /// at most, a file or a resolver's socket while connecting.
    pub(crate) const IN_PASSING: u64 = 4;
    /// The main thread's: the set-up connection, the events file.
    pub(crate) const MAIN: u64 = 2;
    /// The metrics endpoint's: its listener and its connections (the
    /// cap of `metrics::http`).
    pub(crate) const METRICS: u64 = 1 + 8;

    /// C pgbench's count, `nclients + 3` (what `-c` is checked against
    /// when it is parsed, as C checks it).
    pub(crate) fn c_count(clients: u64) -> u64 {
        clients.saturating_add(Self::STANDARD)
    }

    /// Every descriptor counted.
    pub(crate) fn needed(&self) -> u64 {
        let meters = u64::from(self.meters);
        let per_thread = Self::PER_THREAD + Self::IN_PASSING + u64::from(self.logs) + meters;
        Self::c_count(self.clients)
            .saturating_add(self.threads.saturating_mul(per_thread))
            .saturating_add(Self::MAIN + u64::from(self.sampler) + meters)
            .saturating_add(if self.metrics { Self::METRICS } else { 0 })
    }
}

/// Makes sure the soft `RLIMIT_NOFILE` allows `needed` descriptors,
/// raising it up to the hard limit if it is lower and `raise` (else it
/// fails below the soft limit).
pub(crate) fn ensure_open_files(needed: u64, raise: bool) -> Result<(), RlimitError> {
    // The 64-bit interface: `rlim_t` has 32 bits on 32-bit machines.
    let mut rl = libc::rlimit64 { rlim_cur: 0, rlim_max: 0 };
    // SAFETY: rl is a valid, writable rlimit64 struct.
    if unsafe { libc::getrlimit64(libc::RLIMIT_NOFILE, &mut rl) } == -1 {
        return Err(RlimitError::Get(super::os_error_text(&std::io::Error::last_os_error())));
    }
    if !raise && rl.rlim_cur < needed {
        return Err(RlimitError::TooLow { needed, limit: rl.rlim_cur });
    }
    if rl.rlim_max < needed {
        return Err(RlimitError::TooLow { needed, limit: rl.rlim_max });
    }
    if rl.rlim_cur < needed {
        rl.rlim_cur = needed;
        // SAFETY: rl is a valid rlimit64 with rlim_cur <= rlim_max.
        if unsafe { libc::setrlimit64(libc::RLIMIT_NOFILE, &rl) } == -1 {
            let error = super::os_error_text(&std::io::Error::last_os_error());
            return Err(RlimitError::Raise { needed, error });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::Budget;

    #[test]
    fn every_descriptor_is_counted() {
        let b = Budget {
            clients: 1000,
            threads: 4,
            logs: false,
            sampler: false,
            metrics: false,
            meters: false,
        };
        assert_eq!(Budget::c_count(1000), 1003);
        assert_eq!(b.needed(), 1003 + 4 * 6 + 2);
        let all = Budget { logs: true, sampler: true, metrics: true, meters: true, ..b };
        assert_eq!(all.needed(), 1003 + 4 * 8 + 4 + 9);
        let huge = Budget { clients: u64::MAX, ..b };
        assert_eq!(huge.needed(), u64::MAX);
    }
}
