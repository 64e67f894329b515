//! The epoll mechanism: every socket registered once (level-triggered),
//! waits with `epoll_pwait2` (µs timeouts, Linux 5.11) or, on older
//! kernels and under emulators that lack it (qemu-user), `epoll_pwait`
//! (which every architecture has, unlike `epoll_wait`) with the timeout
//! rounded *up* to whole milliseconds, so that a short `--rate` wait never
//! becomes a busy spin.
//!
//! A socket that becomes ready while its token is not expected (a notice,
//! the server closing the connection while the client sleeps) would be
//! reported by every wait; it is taken out of the set until the token is
//! expected again, which puts it back (both rare, one system call each).

use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};

use super::{Interest, KernelTimespec, Token, WaitSet, syscall_result};

/// The `u64` of the waker's event (no token is this large).
const WAKER_DATA: u64 = u64::MAX;

/// What the set knows of one token.
#[derive(Clone, Copy, Debug)]
struct Slot {
    /// The socket, -1 for none.
    sock: RawFd,
    /// Waits to be reported.
    expected: bool,
    /// Writability is in the registered events.
    write: bool,
    /// Taken out of the set after an unexpected report.
    parked: bool,
}

impl Slot {
    const EMPTY: Slot = Slot { sock: -1, expected: false, write: false, parked: false };
}

/// An epoll instance, its event buffer and its tokens.
#[derive(Debug)]
pub(super) struct Epoll {
    fd: OwnedFd,
    events: Vec<libc::epoll_event>,
    /// Why `epoll_pwait2` is not used (ENOSYS, found when the set is made).
    pwait2_refused: Option<io::Error>,
    slots: Vec<Slot>,
    n_expected: usize,
}

impl Epoll {
    /// A set for tokens `0..capacity` that also reports `waker` readable.
    pub(super) fn new(capacity: usize, waker: RawFd) -> io::Result<Self> {
        // SAFETY: epoll_create1 has no memory preconditions.
        let fd = unsafe { libc::epoll_create1(libc::EPOLL_CLOEXEC) };
        if fd < 0 {
            return Err(io::Error::last_os_error());
        }
        // SAFETY: fd is a new descriptor that nothing else owns.
        let fd = unsafe { OwnedFd::from_raw_fd(fd) };
        let events = vec![libc::epoll_event { events: 0, u64: 0 }; (capacity + 1).clamp(1, 1024)];
        let mut ep = Epoll {
            fd,
            events,
            pwait2_refused: None,
            slots: vec![Slot::EMPTY; capacity],
            n_expected: 0,
        };
        // Whether the kernel has epoll_pwait2: a wait that returns at once
        // on the empty set.
        ep.pwait2_refused =
            ep.pwait2(Some(0)).err().filter(|e| e.raw_os_error() == Some(libc::ENOSYS));
        ep.ctl(libc::EPOLL_CTL_ADD, waker, WAKER_DATA, false)?;
        Ok(ep)
    }

    /// Why the set waits with `epoll_pwait` instead of `epoll_pwait2`.
    pub(super) fn pwait2_refused(&self) -> Option<&io::Error> {
        self.pwait2_refused.as_ref()
    }

    fn ctl(&self, op: libc::c_int, sock: RawFd, data: u64, write: bool) -> io::Result<()> {
        let mut flags = libc::EPOLLIN | libc::EPOLLRDHUP;
        if write {
            flags |= libc::EPOLLOUT;
        }
        let mut ev =
            libc::epoll_event { events: u32::from_ne_bytes(flags.to_ne_bytes()), u64: data };
        // SAFETY: ev is a valid event struct (ignored for DEL on new kernels,
        // required non-NULL on old ones); the kernel validates both fds.
        if unsafe { libc::epoll_ctl(self.fd.as_raw_fd(), op, sock, &mut ev) } < 0 {
            return Err(io::Error::last_os_error());
        }
        Ok(())
    }

    /// The slot of `token`, made if the table is too short.
    fn slot(&mut self, token: Token) -> Option<&mut Slot> {
        let i = usize::try_from(token).ok()?;
        if i >= self.slots.len() {
            self.slots.resize(i + 1, Slot::EMPTY);
        }
        self.slots.get_mut(i)
    }

    /// `epoll_pwait2`: returns how many events were written, or its error
    /// (interrupted: Ok(0)).
    fn pwait2(&mut self, timeout_us: Option<i64>) -> io::Result<usize> {
        // (At most i32::MAX events per call: a larger buffer is not filled.)
        let max = i32::try_from(self.events.len()).unwrap_or(i32::MAX);
        let ts = timeout_us.map(KernelTimespec::from_us);
        let ts_ptr = ts.as_ref().map_or(std::ptr::null(), |t| t as *const KernelTimespec);
        // The system call itself: libc's wrappers are thread cancellation
        // points, which cost instructions on every wait.
        // SAFETY: the event buffer has `max` writable entries, the
        // timespec (the kernel's 64-bit one, or NULL) outlives the call,
        // and a NULL sigmask leaves the mask unchanged.
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
        syscall_result(r)
    }

    /// One wait system call; returns how many events were written.
    #[inline(always)]
    fn wait_events(&mut self, timeout_us: Option<i64>) -> io::Result<usize> {
        if self.pwait2_refused.is_none() {
            return self.pwait2(timeout_us);
        }
        // (At most i32::MAX events per call: a larger buffer is not filled.)
        let max = i32::try_from(self.events.len()).unwrap_or(i32::MAX);
        let ms = match timeout_us {
            None => -1,
            // Round up so that a sub-millisecond wait does not spin; a
            // longer one than i32::MAX ms waits that long, and again.
            Some(us) => i32::try_from((us.max(0) + 999) / 1000).unwrap_or(i32::MAX),
        };
        // SAFETY: the event buffer has `max` writable entries; a NULL
        // sigmask leaves the mask unchanged (its size is then not read).
        let r = unsafe {
            libc::syscall(
                libc::SYS_epoll_pwait,
                self.fd.as_raw_fd(),
                self.events.as_mut_ptr(),
                max,
                ms,
                std::ptr::null::<libc::sigset_t>(),
                0usize,
            )
        };
        syscall_result(r)
    }
}

impl WaitSet for Epoll {
    fn watch(&mut self, token: Token, sock: RawFd) -> io::Result<()> {
        self.unwatch(token);
        self.ctl(libc::EPOLL_CTL_ADD, sock, u64::from(token), false)?;
        if let Some(slot) = self.slot(token) {
            *slot = Slot { sock, ..Slot::EMPTY };
        }
        Ok(())
    }

    fn unwatch(&mut self, token: Token) {
        let Some(slot) = self.slot(token) else { return };
        let old = std::mem::replace(slot, Slot::EMPTY);
        if old.expected {
            self.n_expected -= 1;
        }
        if old.sock >= 0 && !old.parked {
            // Fails harmlessly when the socket is already closed (which
            // took it out of the set).
            let _ = self.ctl(libc::EPOLL_CTL_DEL, old.sock, 0, false);
        }
    }

    #[inline]
    fn expect(&mut self, token: Token, interest: Interest) -> io::Result<bool> {
        let Some(slot) = usize::try_from(token).ok().and_then(|i| self.slots.get_mut(i)) else {
            // Never watched: let the caller meet the missing socket.
            return Ok(true);
        };
        let old = *slot;
        if old.sock < 0 {
            return Ok(true);
        }
        *slot = Slot { expected: true, write: interest.write, parked: false, ..old };
        if !old.expected {
            self.n_expected += 1;
        }
        if old.parked {
            self.ctl(libc::EPOLL_CTL_ADD, old.sock, u64::from(token), interest.write)?;
        } else if old.write != interest.write {
            self.ctl(libc::EPOLL_CTL_MOD, old.sock, u64::from(token), interest.write)?;
        }
        Ok(false)
    }

    #[inline(always)]
    fn wait(&mut self, timeout_us: Option<i64>, ready: &mut Vec<Token>) -> io::Result<()> {
        let n = self.wait_events(timeout_us)?;
        for k in 0..n {
            let Some(data) = self.events.get(k).map(|ev| ev.u64) else { break };
            if data == WAKER_DATA {
                continue;
            }
            let Ok(token) = Token::try_from(data) else { continue };
            let Some(slot) = self.slot(token) else { continue };
            if slot.expected {
                slot.expected = false;
                self.n_expected -= 1;
                ready.push(token);
            } else if slot.sock >= 0 && !slot.parked {
                slot.parked = true;
                let sock = slot.sock;
                let _ = self.ctl(libc::EPOLL_CTL_DEL, sock, 0, false);
            }
        }
        Ok(())
    }

    fn expected(&self) -> usize {
        self.n_expected
    }
}
