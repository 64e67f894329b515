//! The open-files limit `-c` needs (`nclients + 3` descriptors), raised
//! within the hard limit as PostgreSQL 18's pgbench raises it, or checked
//! against the soft limit as 17's checks it.

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
