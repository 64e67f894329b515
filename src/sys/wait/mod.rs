//! Waiting for sockets and deadlines, with microsecond timeouts: one
//! interface ([`Waiter`]) over three mechanisms, with one meaning for all.
//!
//! - io_uring ([`uring`], the default): multishot polls whose reports land
//!   in a ring shared with the kernel, so a wait that finds a socket
//!   already ready costs no system call.
//! - epoll ([`epoll`], where io_uring is not allowed, and under valgrind):
//!   each socket is registered once, and a wake-up costs O(ready sockets),
//!   which lets one thread drive a thousand mostly idle connections.
//! - ppoll ([`ppoll`]): C pgbench's mechanism, kept for side-by-side
//!   measurements; the sockets expected are listed on every wait.
//!
//! The contract, the same for each mechanism:
//! - [`Waiter::watch`] names the socket of a token (a client of the
//!   thread); [`Waiter::unwatch`] forgets it.
//! - [`Waiter::expect`] says the token waits for its socket: a later
//!   [`Waiter::wait`] reports it once the socket is readable (or, with
//!   [`Interest::write`], writable), and reports it once: it is then no
//!   longer expected. Readiness while a token is not expected is not
//!   reported and not lost: a socket still ready when its token is next
//!   expected is reported then.
//! - [`Waiter::wait`] returns when an expected token is ready, when the
//!   timeout passes, or when the run's [`Waker`] fires.
//!
//! The system calls are those every Linux architecture has: `ppoll` and
//! `epoll_pwait` (aarch64, riscv64 and loong64 have no `poll` and no
//! `epoll_wait`), and timeouts in the kernel's 64-bit `timespec` where the
//! call takes one (io_uring, `epoll_pwait2`), also on 32-bit machines, whose
//! C `timespec` has 32-bit fields.

mod epoll;
mod ppoll;
mod uring;
mod waker;

use std::io;
use std::os::fd::RawFd;

pub(crate) use waker::{Waker, Wakers};

/// A client of the thread, as the wait set knows it.
pub(crate) type Token = u32;

/// Which waiting mechanism a worker uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Mechanism {
    /// io_uring multishot polls (epoll where io_uring is not available).
    Uring,
    /// Persistent registrations, `epoll_pwait2`.
    Epoll,
    /// Per-wait socket lists, `ppoll` (C pgbench's choice).
    Ppoll,
}

impl Mechanism {
    /// The system call a failed wait is reported with (C's
    /// `SOCKET_WAIT_METHOD`).
    pub(crate) fn wait_call(self) -> &'static str {
        match self {
            Mechanism::Uring => "io_uring_enter",
            Mechanism::Epoll => "epoll_pwait2",
            Mechanism::Ppoll => "ppoll",
        }
    }
}

/// What a token waits for on its socket.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Interest {
    /// Also report the socket when it can take more output (libpq has
    /// output queued).
    pub(crate) write: bool,
    /// The caller has sent a request and read nothing from the socket
    /// since: whatever it will read arrives after this call. A promise
    /// that lets a mechanism skip looking for data already there; it never
    /// changes what is reported.
    pub(crate) reply_pending: bool,
}

/// The operations of one mechanism (see the module's contract).
trait WaitSet {
    /// The socket of `token` is `sock`, replacing any earlier one.
    fn watch(&mut self, token: Token, sock: RawFd) -> io::Result<()>;
    /// Forget the socket of `token` (before or after it is closed, but
    /// before another token watches a socket of the same number).
    fn unwatch(&mut self, token: Token);
    /// `token` waits for its socket. Ok(true): it is ready already, and is
    /// not expected (the caller runs it now).
    fn expect(&mut self, token: Token, interest: Interest) -> io::Result<bool>;
    /// Waits up to `timeout_us` (None: no limit) and appends the expected
    /// tokens that are ready to `ready`. An interrupted wait returns with
    /// nothing added.
    fn wait(&mut self, timeout_us: Option<i64>, ready: &mut Vec<Token>) -> io::Result<()>;
    /// How many tokens are expected.
    fn expected(&self) -> usize;
}

/// A worker's wait set: one of the mechanisms behind one interface.
#[derive(Debug)]
pub(crate) struct Waiter {
    imp: Imp,
    /// Why io_uring, asked for, is not the mechanism (io_uring_setup's
    /// error, or the features it lacks).
    uring_refused: Option<io::Error>,
}

#[derive(Debug)]
enum Imp {
    Uring(Box<uring::Uring>),
    Epoll(epoll::Epoll),
    Ppoll(ppoll::Ppoll),
}

/// Calls a [`WaitSet`] method on whichever mechanism runs.
macro_rules! dispatch {
    ($self:ident . $method:ident ( $($arg:expr),* )) => {
        match &mut $self.imp {
            Imp::Uring(w) => w.$method($($arg),*),
            Imp::Epoll(w) => w.$method($($arg),*),
            Imp::Ppoll(w) => w.$method($($arg),*),
        }
    };
}

impl Waiter {
    /// A wait set for tokens `0..capacity` (larger tokens grow it) that
    /// also wakes up when `waker` fires. io_uring falls back to epoll where
    /// the kernel does not allow it.
    pub(crate) fn new(mechanism: Mechanism, capacity: usize, waker: &Waker) -> io::Result<Self> {
        let mut uring_refused = None;
        let imp = match mechanism {
            Mechanism::Uring => match uring::Uring::new(capacity, waker.fd()) {
                Ok(u) => Imp::Uring(Box::new(u)),
                Err(e) => {
                    uring_refused = Some(e);
                    Imp::Epoll(epoll::Epoll::new(capacity, waker.fd())?)
                }
            },
            Mechanism::Epoll => Imp::Epoll(epoll::Epoll::new(capacity, waker.fd())?),
            Mechanism::Ppoll => Imp::Ppoll(ppoll::Ppoll::new(capacity, waker.fd())),
        };
        Ok(Waiter { imp, uring_refused })
    }

    /// What this wait set fell back from, if anything (io_uring refused by
    /// the kernel, or by an emulator such as qemu-user, which knows neither
    /// io_uring nor `epoll_pwait2`), and the system call it waits with:
    /// for `--debug`. None when it runs as asked.
    pub(crate) fn fallback(&self) -> Option<String> {
        let call = self.wait_call();
        let mut why = Vec::new();
        if let Some(e) = &self.uring_refused {
            why.push(format!("io_uring_setup: {}", super::os_error_text(e)));
        }
        if let Imp::Epoll(ep) = &self.imp {
            if let Some(e) = ep.pwait2_refused() {
                why.push(format!("epoll_pwait2: {}", super::os_error_text(e)));
            }
        }
        if why.is_empty() {
            return None;
        }
        Some(format!("waiting with {call} ({})", why.join("; ")))
    }

    /// The system call this wait set waits with (C's `SOCKET_WAIT_METHOD`,
    /// named when a wait fails).
    pub(crate) fn wait_call(&self) -> &'static str {
        match &self.imp {
            Imp::Epoll(ep) if ep.pwait2_refused().is_some() => "epoll_pwait",
            _ => self.mechanism().wait_call(),
        }
    }

    /// The mechanism that runs (io_uring may have fallen back to epoll).
    pub(crate) fn mechanism(&self) -> Mechanism {
        match self.imp {
            Imp::Uring(_) => Mechanism::Uring,
            Imp::Epoll(_) => Mechanism::Epoll,
            Imp::Ppoll(_) => Mechanism::Ppoll,
        }
    }

    /// The socket of `token` is `sock`, replacing any earlier one.
    pub(crate) fn watch(&mut self, token: Token, sock: RawFd) -> io::Result<()> {
        dispatch!(self.watch(token, sock))
    }

    /// Forgets the socket of `token`.
    pub(crate) fn unwatch(&mut self, token: Token) {
        dispatch!(self.unwatch(token));
    }

    /// `token` waits for its socket; Ok(true) if it is known to be ready
    /// already (it is then not expected: run it now).
    // (Inlined into the worker's loop, once per wait: the mechanisms'
    // own code is then laid out where the loop runs.)
    #[inline(always)]
    pub(crate) fn expect(&mut self, token: Token, interest: Interest) -> io::Result<bool> {
        dispatch!(self.expect(token, interest))
    }

    /// Waits up to `timeout_us` (None: no limit) for expected tokens, which
    /// are appended to `ready`. Returns at once, without a system call,
    /// when the timeout is zero and no token is expected.
    #[inline(always)]
    pub(crate) fn wait(
        &mut self,
        timeout_us: Option<i64>,
        ready: &mut Vec<Token>,
    ) -> io::Result<()> {
        if timeout_us == Some(0) && dispatch!(self.expected()) == 0 {
            return Ok(());
        }
        dispatch!(self.wait(timeout_us, ready))
    }
}

/// The kernel's `struct __kernel_timespec`: 64-bit fields on every
/// architecture, which io_uring and `epoll_pwait2` take (the C library's
/// `timespec` has 32-bit ones on i386, armel and armhf).
#[repr(C)]
#[derive(Clone, Copy, Debug, Default)]
struct KernelTimespec {
    tv_sec: i64,
    tv_nsec: i64,
}

const _: () = assert!(size_of::<KernelTimespec>() == 16);
const _: () = assert!(std::mem::offset_of!(KernelTimespec, tv_nsec) == 8);

impl KernelTimespec {
    /// `us` microseconds (negative: zero).
    fn from_us(us: i64) -> Self {
        let us = us.max(0);
        KernelTimespec { tv_sec: us / 1_000_000, tv_nsec: (us % 1_000_000) * 1000 }
    }
}

/// Microseconds as the C library's timespec, which `ppoll` takes (its
/// fields have 32 bits on 32-bit machines: a timeout beyond 2^31 seconds
/// is cut to that, which no run reaches).
fn timespec_us(us: i64) -> libc::timespec {
    let k = KernelTimespec::from_us(us);
    libc::timespec { tv_sec: c_int_of(k.tv_sec), tv_nsec: c_int_of(k.tv_nsec) }
}

/// `v` as a C integer type of 32 or 64 bits (`time_t`, `long`), saturated
/// at `i32::MAX` where the type has 32 bits.
fn c_int_of<T: TryFrom<i64> + From<i32>>(v: i64) -> T {
    T::try_from(v).unwrap_or_else(|_| T::from(i32::MAX))
}

/// Whether `sock` is readable (or, with `write`, writable) right now,
/// without waiting; a failed check counts as ready, so that the caller
/// reads and meets the error.
fn ready_now(sock: RawFd, write: bool) -> bool {
    let mut events = libc::POLLIN;
    if write {
        events |= libc::POLLOUT;
    }
    let mut pfd = libc::pollfd { fd: sock, events, revents: 0 };
    let nfds: libc::nfds_t = 1;
    let mut zero = timespec_us(0);
    // SAFETY: one valid pollfd, a zero timeout the kernel may write to, and
    // a NULL sigmask, which leaves the mask unchanged. The system call
    // itself: libc's wrapper is a thread-cancellation point, which costs
    // instructions on every call and is never used here. `ppoll`, not
    // `poll`, which aarch64, riscv64 and loong64 do not have.
    let r = unsafe {
        libc::syscall(
            libc::SYS_ppoll,
            &raw mut pfd,
            nfds,
            &raw mut zero,
            std::ptr::null::<libc::sigset_t>(),
            0usize,
        )
    };
    r != 0
}

/// The result of a wait system call: Ok(n), Ok(0) when interrupted, or the
/// error.
fn syscall_result(r: libc::c_long) -> io::Result<usize> {
    if r < 0 {
        let e = io::Error::last_os_error();
        return if e.kind() == io::ErrorKind::Interrupted { Ok(0) } else { Err(e) };
    }
    Ok(crate::invariant::fits(r, "invariant: a successful wait returns a count"))
}

#[cfg(test)]
mod tests;
