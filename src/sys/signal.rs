//! Signals: SIGINT during initialization (`setup_cancel_handler`: the
//! handler records that a cancel was requested and calls one registered,
//! async-signal-safe callback, which sends the server a cancel request),
//! and SIGINT and SIGTERM during a benchmark run (the first ends the run
//! with a report, a second one ends the process at once), and dying by a
//! signal afterwards.

use std::ffi::c_int;
use std::sync::atomic::{AtomicBool, AtomicI32, AtomicI64, AtomicPtr, AtomicUsize, Ordering};

static CANCEL_REQUESTED: AtomicBool = AtomicBool::new(false);
/// The callback as a `fn()` pointer stored as usize (0: none).
static CALLBACK: AtomicUsize = AtomicUsize::new(0);

/// Whether SIGINT arrived since [`on_sigint`] was installed.
pub(crate) fn cancel_requested() -> bool {
    CANCEL_REQUESTED.load(Ordering::Relaxed)
}

extern "C" fn handle_sigint(_sig: c_int) {
    CANCEL_REQUESTED.store(true, Ordering::Relaxed);
    let cb = CALLBACK.load(Ordering::Acquire);
    if cb != 0 {
        // SAFETY: CALLBACK only ever holds 0 or a `fn()` pointer stored by
        // on_sigint, and function pointers round-trip through usize.
        let f: fn() = unsafe { std::mem::transmute::<usize, fn()>(cb) };
        f();
    }
}

/// Installs the SIGINT handler with `callback`, which must only do
/// async-signal-safe work (atomics, `write(2)`, `PQcancel`).
pub(crate) fn on_sigint(callback: fn()) {
    CALLBACK.store(callback as usize, Ordering::Release);
    let handler: extern "C" fn(c_int) = handle_sigint;
    // SAFETY: the handler only touches atomics and calls the registered
    // async-signal-safe callback; installing it has no other effect.
    unsafe { libc::signal(libc::SIGINT, handler as libc::sighandler_t) };
}

/// Writes bytes to stderr with `write(2)`, safe to call in a signal handler.
pub(crate) fn write_stderr_raw(bytes: &[u8]) {
    // SAFETY: bytes is a valid buffer of the given length; write(2) is
    // async-signal-safe and a short or failed write is harmless here.
    unsafe { libc::write(2, bytes.as_ptr().cast(), bytes.len()) };
}

/// The signal that interrupted the run (0: none yet).
static RUN_SIGNAL: AtomicI32 = AtomicI32::new(0);
/// When it arrived (monotonic µs).
static RUN_SIGNAL_AT: AtomicI64 = AtomicI64::new(0);
/// The flag the first signal raises (the run's "time is up" flag).
static RUN_STOP: AtomicPtr<AtomicBool> = AtomicPtr::new(std::ptr::null_mut());
/// The eventfds the first signal writes to, waking the workers (null:
/// none), and how many there are (0 while they change).
static RUN_WAKE: AtomicPtr<i32> = AtomicPtr::new(std::ptr::null_mut());
static RUN_WAKE_LEN: AtomicUsize = AtomicUsize::new(0);

/// How a run was interrupted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Interrupt {
    /// The signal number.
    pub(crate) signal: i32,
    /// When it arrived (monotonic µs).
    pub(crate) at: i64,
}

impl Interrupt {
    /// The signal's name (`SIGINT`, `SIGTERM`).
    pub(crate) fn name(&self) -> &'static str {
        match self.signal {
            libc::SIGINT => "SIGINT",
            libc::SIGTERM => "SIGTERM",
            _ => "a signal",
        }
    }
}

extern "C" fn handle_run_signal(sig: c_int) {
    if RUN_SIGNAL.compare_exchange(0, sig, Ordering::SeqCst, Ordering::SeqCst).is_err() {
        // A second signal: the default action, now.
        default_action(sig);
        return;
    }
    RUN_SIGNAL_AT.store(super::clock::monotonic_us(), Ordering::SeqCst);
    let stop = RUN_STOP.load(Ordering::SeqCst);
    // SAFETY: RUN_STOP holds null or the address of a `'static` AtomicBool
    // (see on_run_signals): it is valid for the whole process.
    if let Some(stop) = unsafe { stop.as_ref() } {
        stop.store(true, Ordering::SeqCst);
    }
    for &fd in run_wake_fds() {
        let one: u64 = 1;
        // SAFETY: write(2) is async-signal-safe; it writes 8 bytes from a
        // valid u64 to an eventfd registered for the run (a failed write
        // only means nobody waits on it any more).
        unsafe { libc::write(fd, (&raw const one).cast(), 8) };
    }
}

/// The eventfds registered for the run (none outside a run).
fn run_wake_fds() -> &'static [i32] {
    // (The length is read first: it is 0 whenever the pointer changes.)
    let len = RUN_WAKE_LEN.load(Ordering::SeqCst);
    let ptr = RUN_WAKE.load(Ordering::SeqCst);
    if len == 0 || ptr.is_null() {
        return &[];
    }
    // SAFETY: on_run_signals stored the pointer and length of a slice that
    // stays alive until end_run_signals, which zeroes the length first.
    unsafe { std::slice::from_raw_parts(ptr, len) }
}

/// Installs the run's SIGINT and SIGTERM handler: the first signal
/// raises `stop` and wakes the eventfds `wake_fds` (the workers'), which
/// (and the slice) must stay alive until the process exits or
/// [`end_run_signals`] is called; a second signal takes its default
/// action (the process ends at once).
pub(crate) fn on_run_signals(stop: &'static AtomicBool, wake_fds: &[i32]) {
    RUN_STOP.store(std::ptr::from_ref(stop).cast_mut(), Ordering::SeqCst);
    RUN_WAKE_LEN.store(0, Ordering::SeqCst);
    RUN_WAKE.store(wake_fds.as_ptr().cast_mut(), Ordering::SeqCst);
    RUN_WAKE_LEN.store(wake_fds.len(), Ordering::SeqCst);
    let handler: extern "C" fn(c_int) = handle_run_signal;
    for sig in [libc::SIGINT, libc::SIGTERM] {
        // SAFETY: an all-zero sigaction is a valid value (no flags, an
        // empty mask, SIG_DFL).
        let mut sa: libc::sigaction = unsafe { std::mem::zeroed() };
        sa.sa_sigaction = handler as libc::sighandler_t;
        sa.sa_flags = libc::SA_RESTART;
        // SAFETY: sa is a valid sigaction; the handler only touches
        // atomics, the clock and write(2), and no flag makes it run on
        // another stack or reset itself.
        unsafe { libc::sigaction(sig, &raw const sa, std::ptr::null_mut()) };
    }
}

/// Stops waking the run's eventfds (before they are closed); a signal
/// still interrupts the run.
pub(crate) fn end_run_signals() {
    RUN_WAKE_LEN.store(0, Ordering::SeqCst);
    RUN_WAKE.store(std::ptr::null_mut(), Ordering::SeqCst);
}

/// Whether a signal interrupted the run (one load).
#[inline]
pub(crate) fn is_interrupted() -> bool {
    RUN_SIGNAL.load(Ordering::Relaxed) != 0
}

/// The signal that interrupted the run, if one did.
#[inline]
pub(crate) fn interrupted() -> Option<Interrupt> {
    match RUN_SIGNAL.load(Ordering::Relaxed) {
        0 => None,
        signal => Some(Interrupt { signal, at: RUN_SIGNAL_AT.load(Ordering::SeqCst) }),
    }
}

/// Ends the process by `sig`'s default action (after the report of an
/// interrupted run), as if it had not been caught; exits with 128 + `sig`
/// should the signal not end it.
pub(crate) fn die_by(sig: i32) -> ! {
    let mut set = SignalSet::empty();
    set.add(sig);
    // SAFETY: set is a valid, initialized sigset_t; unblocking a signal
    // in this thread has no memory effects.
    unsafe { libc::pthread_sigmask(libc::SIG_UNBLOCK, &raw const set.0, std::ptr::null_mut()) };
    default_action(sig);
    // SAFETY: _exit ends the process at once; nothing is left to run.
    unsafe { libc::_exit(128 + sig) }
}

/// Sends `sig` to process `pid` (kill(2)).
pub(crate) fn send(pid: u32, sig: i32) -> std::io::Result<()> {
    let pid = libc::pid_t::try_from(pid).map_err(|_| std::io::ErrorKind::InvalidInput)?;
    // SAFETY: kill(2) takes plain integers and touches no memory of ours.
    if unsafe { libc::kill(pid, sig) } == 0 { Ok(()) } else { Err(std::io::Error::last_os_error()) }
}

/// Resets `sig` to its default disposition and raises it (both
/// async-signal-safe): for SIGINT and SIGTERM the process ends.
fn default_action(sig: c_int) {
    // SAFETY: signal(2) with SIG_DFL has no memory preconditions and is
    // async-signal-safe.
    unsafe { libc::signal(sig, libc::SIG_DFL) };
    // SAFETY: raise(3) is async-signal-safe and has no preconditions.
    unsafe { libc::raise(sig) };
}

/// A `sigset_t`.
struct SignalSet(libc::sigset_t);

impl SignalSet {
    fn empty() -> Self {
        // SAFETY: an all-zero sigset_t is a valid value; sigemptyset then
        // initializes it as POSIX requires.
        let mut set = SignalSet(unsafe { std::mem::zeroed() });
        // SAFETY: set.0 is a valid, writable sigset_t.
        unsafe { libc::sigemptyset(&raw mut set.0) };
        set
    }

    fn add(&mut self, sig: c_int) {
        // SAFETY: self.0 is an initialized sigset_t; sig is a signal number.
        unsafe { libc::sigaddset(&raw mut self.0, sig) };
    }
}

/// An eventfd registered for the run (-1: none), which a blocking wait
/// in a worker (a `\shell` command) watches to notice a signal or the
/// run's stop (which wake them all).
pub(crate) fn run_wake_fd() -> i32 {
    run_wake_fds().first().copied().unwrap_or(-1)
}
