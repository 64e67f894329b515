//! Thin safe wrappers over libc: clocks, terminal, password prompt,
//! resource limits, user lookup, waiting for sockets, malloc tuning. The only module
//! besides `pq` that contains `unsafe` code and the only one that names
//! `libc`.
#![allow(unsafe_code)]

pub(crate) mod affinity;
pub(crate) mod child;
pub(crate) mod clock;
pub(crate) mod malloc;
pub(crate) mod prompt;
pub(crate) mod rlimit;
pub(crate) mod signal;
pub(crate) mod tty;
pub(crate) mod user;
pub(crate) mod wait;

/// The text C's `%m` prints for an OS error: `strerror(errno)`, without
/// the " (os error N)" Rust appends.
pub(crate) fn os_error_text(err: &std::io::Error) -> String {
    let s = err.to_string();
    match s.rfind(" (os error ") {
        Some(i) if s.ends_with(')') => s[..i].to_string(),
        _ => s,
    }
}
