//! Waiting for a `\shell` child, or for its output, in a way a signal
//! interrupting the run can end: `poll` on a pidfd (or the pipe) and on
//! the run's eventfd.

use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::process::{Child, ExitStatus};

/// Waits until `fd` is readable or the run's eventfd `wake` is (true:
/// `fd` is; false: the run was interrupted). Without an eventfd (-1) it
/// returns true at once.
fn readable_or_woken(fd: RawFd, wake: RawFd) -> io::Result<bool> {
    if wake < 0 {
        return Ok(true);
    }
    let mut fds = [
        libc::pollfd { fd, events: libc::POLLIN, revents: 0 },
        libc::pollfd { fd: wake, events: libc::POLLIN, revents: 0 },
    ];
    loop {
        // SAFETY: fds is a valid array of two pollfd structures.
        let n = unsafe { libc::poll(fds.as_mut_ptr(), 2, -1) };
        if n >= 0 {
            break;
        }
        let err = io::Error::last_os_error();
        if err.kind() != io::ErrorKind::Interrupted {
            return Err(err);
        }
    }
    Ok(fds[0].revents != 0 || fds[1].revents == 0)
}

/// Waits for `child` to exit unless the run's eventfd `wake` becomes
/// readable first (a signal interrupted the run): then the child is
/// killed and reaped, and the answer is None.
pub(crate) fn wait(child: &mut Child, wake: RawFd) -> io::Result<Option<ExitStatus>> {
    if wake >= 0 {
        // SAFETY: pidfd_open takes a pid and flags and returns a new
        // descriptor or -1; the child is ours and not yet reaped.
        let raw = unsafe { libc::syscall(libc::SYS_pidfd_open, child.id(), 0) };
        if let Some(raw) = RawFd::try_from(raw).ok().filter(|&raw| raw >= 0) {
            // SAFETY: raw is a new descriptor that nothing else owns.
            let pidfd = unsafe { OwnedFd::from_raw_fd(raw) };
            if !readable_or_woken(pidfd.as_raw_fd(), wake)? {
                let _ = child.kill();
                let _ = child.wait();
                return Ok(None);
            }
        }
        // Without pidfds (kernels before 5.3) the wait cannot be ended.
    }
    child.wait().map(Some)
}

/// Waits until the child's output `pipe` has data (or is closed), unless
/// the run is interrupted first (false).
pub(crate) fn output_ready(pipe: &impl AsRawFd, wake: RawFd) -> io::Result<bool> {
    readable_or_woken(pipe.as_raw_fd(), wake)
}
