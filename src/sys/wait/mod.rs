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

mod epoll;
mod ppoll;
mod uring;
mod waker;

use std::io;
use std::os::fd::RawFd;

pub(crate) use waker::Waker;

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
        let imp = match mechanism {
            Mechanism::Uring => match uring::Uring::new(capacity, waker.fd()) {
                Ok(u) => Imp::Uring(Box::new(u)),
                Err(_) => Imp::Epoll(epoll::Epoll::new(capacity, waker.fd())?),
            },
            Mechanism::Epoll => Imp::Epoll(epoll::Epoll::new(capacity, waker.fd())?),
            Mechanism::Ppoll => Imp::Ppoll(ppoll::Ppoll::new(capacity, waker.fd())),
        };
        Ok(Waiter { imp })
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
    #[inline]
    pub(crate) fn expect(&mut self, token: Token, interest: Interest) -> io::Result<bool> {
        dispatch!(self.expect(token, interest))
    }

    /// Waits up to `timeout_us` (None: no limit) for expected tokens, which
    /// are appended to `ready`. Returns at once, without a system call,
    /// when the timeout is zero and no token is expected.
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

/// Converts microseconds to a timespec.
fn timespec_us(us: i64) -> libc::timespec {
    let us = us.max(0);
    libc::timespec { tv_sec: us / 1_000_000, tv_nsec: (us % 1_000_000) * 1000 }
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
    let (nfds, timeout_ms): (libc::nfds_t, libc::c_int) = (1, 0);
    // SAFETY: one valid pollfd, zero timeout. The system call itself:
    // libc's wrapper is a thread-cancellation point, which costs
    // instructions on every call and is never used here.
    let r = unsafe { libc::syscall(libc::SYS_poll, &raw mut pfd, nfds, timeout_ms) };
    r != 0
}

/// The result of a wait system call: Ok(n), Ok(0) when interrupted, or the
/// error.
fn syscall_result(r: libc::c_long) -> io::Result<usize> {
    if r < 0 {
        let e = io::Error::last_os_error();
        return if e.kind() == io::ErrorKind::Interrupted { Ok(0) } else { Err(e) };
    }
    Ok(usize::try_from(r).unwrap_or(0))
}

#[cfg(test)]
mod tests;
