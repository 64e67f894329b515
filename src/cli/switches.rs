//! The internal switches the environment sets (docs/building.md's list), read once
//! here into the configuration: the engine reads no environment.

use std::path::PathBuf;

use crate::config::Switches;
use crate::events::Events;
use crate::sys::wait::Mechanism;

/// The switches of this process's environment.
pub(super) fn from_env() -> Switches {
    let preload = std::env::var_os("LD_PRELOAD").unwrap_or_default();
    Switches {
        mechanism: mechanism(
            std::env::var("PGBENCH_RS_POLL").ok().as_deref(),
            &preload.to_string_lossy(),
        ),
        events: Events::to(
            std::env::var_os("PGBENCH_RS_EVENTS").filter(|p| !p.is_empty()).map(PathBuf::from),
        ),
        connecting: connecting(std::env::var("PGBENCH_RS_CONNECTING").ok().as_deref()),
    }
}

/// How many of a thread's clients connect at once: `PGBENCH_RS_CONNECTING`
/// when it is a positive number (else none: the engine's default).
fn connecting(value: Option<&str>) -> Option<usize> {
    value.and_then(|v| v.parse::<usize>().ok()).filter(|&n| n > 0)
}

/// The socket waiting mechanism from the values of `PGBENCH_RS_POLL` and
/// `LD_PRELOAD`: io_uring where the kernel allows it (else epoll, which
/// the wait set falls back to); `PGBENCH_RS_POLL=epoll` or `=ppoll` (C
/// pgbench's) chooses one for side-by-side measurements. Under valgrind,
/// which preloads its `vgpreload_*` libraries, the default is epoll:
/// valgrind (3.19 at least) holds its lock through a blocking
/// `io_uring_enter`, so one waiting worker would stop the others.
fn mechanism(poll: Option<&str>, preload: &str) -> Mechanism {
    match poll {
        Some("ppoll") => Mechanism::Ppoll,
        Some("epoll") => Mechanism::Epoll,
        Some("io_uring") => Mechanism::Uring,
        _ if preload.contains("vgpreload") => Mechanism::Epoll,
        _ => Mechanism::Uring,
    }
}

#[cfg(test)]
mod tests {
    use super::{Mechanism, connecting, mechanism};

    #[test]
    fn connecting_at_once_is_a_positive_number_or_the_default() {
        assert_eq!(connecting(None), None);
        assert_eq!(connecting(Some("1")), Some(1));
        assert_eq!(connecting(Some("500")), Some(500));
        assert_eq!(connecting(Some("0")), None);
        assert_eq!(connecting(Some("-3")), None);
        assert_eq!(connecting(Some("many")), None);
    }

    #[test]
    fn io_uring_by_default_epoll_under_valgrind_unless_asked() {
        assert_eq!(mechanism(None, ""), Mechanism::Uring);
        assert_eq!(mechanism(Some("anything"), ""), Mechanism::Uring);
        assert_eq!(mechanism(Some("epoll"), ""), Mechanism::Epoll);
        assert_eq!(mechanism(Some("ppoll"), ""), Mechanism::Ppoll);
        let vg = "/usr/libexec/valgrind/vgpreload_core-amd64-linux.so";
        assert_eq!(mechanism(None, vg), Mechanism::Epoll);
        assert_eq!(mechanism(Some("io_uring"), vg), Mechanism::Uring);
        assert_eq!(mechanism(Some("ppoll"), vg), Mechanism::Ppoll);
    }
}
