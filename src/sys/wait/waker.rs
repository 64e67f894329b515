//! Waking the workers blocked in their waits from another thread or a
//! signal handler: an eventfd per worker, which only that worker's wait
//! set watches (one waker shared by every thread would be in every ppoll
//! list, its wait queue's lock taken by every thread twice per wait); used
//! to stop a run early.

use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};

/// One worker's eventfd (see the module doc).
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

/// The wakers of a run's workers, by thread slot.
#[derive(Debug)]
pub(crate) struct Wakers {
    wakers: Vec<Waker>,
    /// Their descriptors, for a signal handler.
    fds: Vec<RawFd>,
}

impl Wakers {
    /// One waker for each of `n` workers.
    pub(crate) fn new(n: usize) -> io::Result<Self> {
        let wakers = (0..n).map(|_| Waker::new()).collect::<io::Result<Vec<Waker>>>()?;
        let fds = wakers.iter().map(Waker::fd).collect();
        Ok(Wakers { wakers, fds })
    }

    /// The waker of the worker in `slot` (None: no such worker).
    pub(crate) fn get(&self, slot: usize) -> Option<&Waker> {
        self.wakers.get(slot)
    }

    /// Wakes every worker.
    pub(crate) fn wake_all(&self) {
        for w in &self.wakers {
            w.wake();
        }
    }

    /// Every waker's descriptor.
    pub(crate) fn fds(&self) -> &[RawFd] {
        &self.fds
    }
}
