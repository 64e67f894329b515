//! Thin safe wrappers over libc: clocks, terminal, password prompt,
//! resource limits, user lookup, waiting for sockets, malloc tuning, a
//! thread's own CPU time and waits. The only module
//! besides `pq` that contains `unsafe` code and the only one that names
//! `libc`.
//!
//! Linux only (io_uring, epoll, eventfd, pidfd, glibc's malloc): on any
//! Debian release architecture (x86_64, aarch64, armv5te and armv7, i686,
//! powerpc64le, riscv64, s390x), 64 or 32 bits, little- or big-endian,
//! which scripts/cross-arch.sh checks.
#![allow(unsafe_code)]

#[cfg(not(target_os = "linux"))]
compile_error!(
    "pgbench-rs runs on Linux only: it waits with io_uring, epoll or ppoll and uses \
     eventfd and pidfd. Supported: Linux on x86_64, aarch64, arm (armv5te, armv7), i686, \
     powerpc64le, riscv64 and s390x, with glibc (Debian's release architectures)."
);

pub(crate) mod affinity;
pub(crate) mod child;
pub(crate) mod clock;
pub(crate) mod malloc;
pub(crate) mod poll;
pub(crate) mod prompt;
pub(crate) mod rlimit;
pub(crate) mod signal;
pub(crate) mod thread_cpu;
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
