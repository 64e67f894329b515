//! Waking the workers blocked in their waits from another thread: an
//! eventfd that every worker's wait set watches; used to stop a run early.

use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};

/// The eventfd (see the module doc).
#[derive(Debug)]
pub(crate) struct Waker {
    fd: OwnedFd,
}

impl Waker {
    /// Creates the eventfd.
    pub(crate) fn new() -> io::Result<Self> {
        // SAFETY: eventfd has no memory preconditions.
        let fd = unsafe { libc::eventfd(0, libc::EFD_CLOEXEC | libc::EFD_NONBLOCK) };
        if fd < 0 {
            return Err(io::Error::last_os_error());
        }
        // SAFETY: fd is a new descriptor that nothing else owns.
        Ok(Waker { fd: unsafe { OwnedFd::from_raw_fd(fd) } })
    }

    /// The descriptor to watch for readability.
    pub(crate) fn fd(&self) -> RawFd {
        self.fd.as_raw_fd()
    }

    /// Makes the descriptor readable (for good: it is never reset).
    pub(crate) fn wake(&self) {
        let one: u64 = 1;
        // SAFETY: writes 8 bytes from a valid u64 to our own eventfd.
        unsafe { libc::write(self.fd.as_raw_fd(), (&raw const one).cast(), 8) };
    }
}
