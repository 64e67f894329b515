//! SIGINT handling for initialization (`setup_cancel_handler`): the
//! handler records that a cancel was requested and calls one registered,
//! async-signal-safe callback (which sends the server a cancel request).

use std::ffi::c_int;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

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
