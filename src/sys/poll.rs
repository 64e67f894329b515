//! Waiting for sockets and deadlines with microsecond timeouts.
//!
//! Three mechanisms behind one interface ([`Waiter`]):
//! - io_uring (the default, in [`super::uring`]): as epoll, and a wait that
//!   finds sockets already ready costs no system call.
//! - `epoll` (where io_uring is not allowed, and under valgrind): each
//!   connection's socket is registered once, and a wake-up costs O(ready
//!   sockets), not O(connections), which is what lets one thread drive a
//!   thousand mostly idle connections.
//!   Timeouts use `epoll_pwait2` (µs precision, Linux 5.11); on older
//!   kernels `epoll_wait` with the timeout rounded *up* to whole
//!   milliseconds, so a short `--rate` wait never becomes a busy spin.
//! - `ppoll`: C pgbench's mechanism, kept for side-by-side measurements.
//!   The caller lists the sockets to watch on every wait.

use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};

/// A socket became ready: the token given when it was registered/listed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Ready {
    /// The caller's token (a client index).
    pub(crate) token: u32,
    /// Error or hang-up was reported with the readiness.
    pub(crate) hangup: bool,
}

/// Which waiting mechanism a worker uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mechanism {
    /// Persistent registrations, `epoll_pwait2`.
    Epoll,
    /// Per-wait socket lists, `ppoll` (C pgbench's choice).
    Ppoll,
    /// io_uring multishot polls (falls back to epoll where io_uring is
    /// not available).
    Uring,
}

/// A wait for socket readiness or a timeout.
#[derive(Debug)]
pub(crate) enum Waiter {
    /// See [`Mechanism::Epoll`].
    Epoll(Epoll),
    /// See [`Mechanism::Ppoll`].
    Ppoll(PollSet),
    /// See [`Mechanism::Uring`].
    Uring(Box<super::uring::Uring>),
}

impl Waiter {
    /// Creates a waiter for up to `capacity` sockets.
    pub(crate) fn new(mechanism: Mechanism, capacity: usize) -> io::Result<Self> {
        Ok(match mechanism {
            Mechanism::Epoll => Waiter::Epoll(Epoll::new(capacity)?),
            Mechanism::Ppoll => Waiter::Ppoll(PollSet::new(capacity)),
            Mechanism::Uring => match super::uring::Uring::new(capacity) {
                Ok(u) => Waiter::Uring(Box::new(u)),
                Err(_) => Waiter::Epoll(Epoll::new(capacity)?),
            },
        })
    }
}

/// Converts microseconds to a timespec.
pub(super) fn timespec_us(us: i64) -> libc::timespec {
    let us = us.max(0);
    libc::timespec { tv_sec: us / 1_000_000, tv_nsec: (us % 1_000_000) * 1000 }
}

/// An epoll instance and its event buffer.
#[derive(Debug)]
pub(crate) struct Epoll {
    fd: OwnedFd,
    events: Vec<libc::epoll_event>,
    /// Whether `epoll_pwait2` is available (cleared on ENOSYS).
    pwait2: bool,
}

impl Epoll {
    fn new(capacity: usize) -> io::Result<Self> {
        // SAFETY: epoll_create1 has no memory preconditions.
        let fd = unsafe { libc::epoll_create1(libc::EPOLL_CLOEXEC) };
        if fd < 0 {
            return Err(io::Error::last_os_error());
        }
        // SAFETY: fd is a new descriptor that nothing else owns.
        let fd = unsafe { OwnedFd::from_raw_fd(fd) };
        let events = vec![libc::epoll_event { events: 0, u64: 0 }; capacity.clamp(1, 1024)];
        Ok(Epoll { fd, events, pwait2: true })
    }

    fn ctl(&self, op: libc::c_int, sock: RawFd, token: u32, write: bool) -> io::Result<()> {
        let mut flags = libc::EPOLLIN | libc::EPOLLRDHUP;
        if write {
            flags |= libc::EPOLLOUT;
        }
        let mut ev = libc::epoll_event { events: flags.cast_unsigned(), u64: u64::from(token) };
        // SAFETY: ev is a valid event struct; the kernel validates both fds.
        if unsafe { libc::epoll_ctl(self.fd.as_raw_fd(), op, sock, &mut ev) } < 0 {
            return Err(io::Error::last_os_error());
        }
        Ok(())
    }

    /// Watches `sock` for readability, reporting it with `token`.
    pub(crate) fn register(&self, sock: RawFd, token: u32) -> io::Result<()> {
        self.ctl(libc::EPOLL_CTL_ADD, sock, token, false)
    }

    /// Adds or removes interest in writability (while output is queued).
    pub(crate) fn set_writable_interest(
        &self,
        sock: RawFd,
        token: u32,
        on: bool,
    ) -> io::Result<()> {
        self.ctl(libc::EPOLL_CTL_MOD, sock, token, on)
    }

    /// Stops watching `sock` (before it is closed).
    pub(crate) fn deregister(&self, sock: RawFd) {
        let mut ev = libc::epoll_event { events: 0, u64: 0 };
        // SAFETY: ev is a valid event struct (ignored for DEL on new
        // kernels, required non-NULL on old ones).
        unsafe { libc::epoll_ctl(self.fd.as_raw_fd(), libc::EPOLL_CTL_DEL, sock, &mut ev) };
    }

    /// Waits up to `timeout_us` (None: no limit) and appends what became
    /// ready to `out`. An interrupted wait returns Ok with nothing added.
    pub(crate) fn wait(&mut self, timeout_us: Option<i64>, out: &mut Vec<Ready>) -> io::Result<()> {
        let max = i32::try_from(self.events.len()).unwrap_or(i32::MAX);
        let n = loop {
            let n = if self.pwait2 {
                let ts = timeout_us.map(timespec_us);
                let ts_ptr = ts.as_ref().map_or(std::ptr::null(), |t| t as *const libc::timespec);
                // SAFETY: the event buffer has `max` writable entries, the
                // timespec (or NULL) outlives the call, and a NULL sigmask
                // leaves the mask unchanged.
                let r = unsafe {
                    libc::syscall(
                        libc::SYS_epoll_pwait2,
                        self.fd.as_raw_fd(),
                        self.events.as_mut_ptr(),
                        max,
                        ts_ptr,
                        std::ptr::null::<libc::sigset_t>(),
                        0usize,
                    )
                };
                if r < 0 && io::Error::last_os_error().raw_os_error() == Some(libc::ENOSYS) {
                    self.pwait2 = false;
                    continue;
                }
                i32::try_from(r).unwrap_or(-1)
            } else {
                let ms = match timeout_us {
                    None => -1,
                    // Round up so a sub-millisecond wait does not spin.
                    Some(us) => i32::try_from((us.max(0) + 999) / 1000).unwrap_or(i32::MAX),
                };
                // The system call itself, like epoll_pwait2 above: libc's
                // wrapper is a thread-cancellation point, which costs
                // instructions on every wait and is never used here.
                // SAFETY: the event buffer has `max` writable entries.
                let r = unsafe {
                    libc::syscall(
                        libc::SYS_epoll_wait,
                        self.fd.as_raw_fd(),
                        self.events.as_mut_ptr(),
                        max,
                        ms,
                    )
                };
                i32::try_from(r).unwrap_or(-1)
            };
            break n;
        };
        if n < 0 {
            let e = io::Error::last_os_error();
            return if e.kind() == io::ErrorKind::Interrupted { Ok(()) } else { Err(e) };
        }
        let n = usize::try_from(n).unwrap_or(0);
        for ev in &self.events[..n] {
            let bits = ev.events;
            let hangup = bits & (libc::EPOLLERR | libc::EPOLLHUP).cast_unsigned() != 0;
            let token = u32::try_from(ev.u64).unwrap_or(u32::MAX);
            out.push(Ready { token, hangup });
        }
        Ok(())
    }
}

/// Whether `sock` is readable (or, with `write`, writable) right now,
/// without waiting; a failed check counts as ready, so the caller reads
/// and meets the error.
pub(crate) fn ready_now(sock: RawFd, write: bool) -> bool {
    let mut events = libc::POLLIN;
    if write {
        events |= libc::POLLOUT;
    }
    let mut pfd = libc::pollfd { fd: sock, events, revents: 0 };
    let (nfds, timeout_ms): (libc::nfds_t, libc::c_int) = (1, 0);
    // SAFETY: one valid pollfd, zero timeout (the system call itself, as
    // for the waits).
    let r = unsafe { libc::syscall(libc::SYS_poll, &raw mut pfd, nfds, timeout_ms) };
    r != 0
}

/// A `ppoll` socket list, rebuilt before every wait.
#[derive(Debug)]
pub(crate) struct PollSet {
    fds: Vec<libc::pollfd>,
    tokens: Vec<u32>,
}

impl PollSet {
    fn new(capacity: usize) -> Self {
        PollSet { fds: Vec::with_capacity(capacity), tokens: Vec::with_capacity(capacity) }
    }

    /// Empties the list (C's `clear_socket_set`).
    pub(crate) fn clear(&mut self) {
        self.fds.clear();
        self.tokens.clear();
    }

    /// Lists `sock` for this wait (C's `add_socket_to_set`).
    pub(crate) fn add(&mut self, sock: RawFd, token: u32, write: bool) {
        let mut events = libc::POLLIN;
        if write {
            events |= libc::POLLOUT;
        }
        self.fds.push(libc::pollfd { fd: sock, events, revents: 0 });
        self.tokens.push(token);
    }

    /// Number of listed sockets.
    #[cfg(test)]
    pub(crate) fn len(&self) -> usize {
        self.fds.len()
    }

    /// Waits (C's `wait_on_socket_set`); appends ready sockets to `out`.
    pub(crate) fn wait(&mut self, timeout_us: Option<i64>, out: &mut Vec<Ready>) -> io::Result<()> {
        // The kernel writes the time left back into the timespec.
        let mut ts = timeout_us.map(timespec_us);
        let ts_ptr = ts.as_mut().map_or(std::ptr::null_mut(), |t| t as *mut libc::timespec);
        let n = libc::nfds_t::try_from(self.fds.len()).unwrap_or(0);
        // The system call without libc's cancellation-point wrapper, as
        // for epoll.
        // SAFETY: fds holds n valid pollfd entries; the timespec (or NULL)
        // is writable and outlives the call; a NULL sigmask leaves the mask
        // unchanged.
        let r = unsafe {
            libc::syscall(
                libc::SYS_ppoll,
                self.fds.as_mut_ptr(),
                n,
                ts_ptr,
                std::ptr::null::<libc::sigset_t>(),
                0usize,
            )
        };
        if r < 0 {
            let e = io::Error::last_os_error();
            return if e.kind() == io::ErrorKind::Interrupted { Ok(()) } else { Err(e) };
        }
        for (pfd, &token) in self.fds.iter().zip(&self.tokens) {
            if pfd.revents != 0 {
                let hangup = pfd.revents & (libc::POLLERR | libc::POLLHUP | libc::POLLNVAL) != 0;
                out.push(Ready { token, hangup });
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;
    use std::os::unix::net::UnixStream;

    #[test]
    fn epoll_reports_readable_sockets_by_token() {
        let mut w = Epoll::new(4).unwrap();
        let (mut a, b) = UnixStream::pair().unwrap();
        w.register(b.as_raw_fd(), 7).unwrap();
        let mut out = Vec::new();
        w.wait(Some(1000), &mut out).unwrap();
        assert!(out.is_empty());
        a.write_all(b"x").unwrap();
        w.wait(None, &mut out).unwrap();
        assert_eq!(out, vec![Ready { token: 7, hangup: false }]);
        w.deregister(b.as_raw_fd());
        out.clear();
        w.wait(Some(0), &mut out).unwrap();
        assert!(out.is_empty());
    }

    #[test]
    fn ppoll_reports_listed_sockets() {
        let mut p = PollSet::new(2);
        let (mut a, b) = UnixStream::pair().unwrap();
        a.write_all(b"x").unwrap();
        p.add(b.as_raw_fd(), 3, false);
        let mut out = Vec::new();
        p.wait(Some(0), &mut out).unwrap();
        assert_eq!(out, vec![Ready { token: 3, hangup: false }]);
        assert_eq!(p.len(), 1);
    }
}

/// Wakes threads blocked in [`Waiter`] waits from another thread (an
/// eventfd that every worker watches); used to stop a run early.
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
