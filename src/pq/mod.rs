//! The safe layer over libpq (pq-sys): owned connections and results,
//! cancellation, and status enums. The only module besides `sys` that
//! contains `unsafe` code, and the only one that names `pq_sys`.
//!
//! libpq functions used, all present since libpq 14 unless noted:
//! PQlibVersion, PQconnectdbParams, PQconnectStartParams, PQconnectPoll,
//! PQconninfo, PQconninfoParse, PQconninfoFree, PQstatus, PQconnectionNeedsPassword, PQerrorMessage,
//! PQsocket, PQbackendPID, PQdb, PQhost, PQport, PQserverVersion, PQparameterStatus,
//! PQtransactionStatus, PQsetnonblocking, PQescapeIdentifier, PQfreemem,
//! PQexec, PQprepare, PQsendPrepare, PQsendQuery, PQsendQueryParams,
//! PQsendQueryPrepared, PQconsumeInput, PQisBusy, PQgetResult, PQflush,
//! PQpipelineStatus, PQenterPipelineMode, PQexitPipelineMode, PQpipelineSync
//! (pipeline functions: libpq 14), PQputCopyData, PQputCopyEnd, PQendcopy, PQgetCancel,
//! PQcancel, PQfreeCancel, PQfinish, PQresultStatus, PQntuples, PQnfields,
//! PQfname, PQgetvalue, PQgetisnull, PQresultErrorMessage,
//! PQresultErrorField, PQclear; PQsendPipelineSync only with libpq 17 or
//! newer (`cfg(libpq_ge_17)`, set by build.rs).
#![allow(unsafe_code)]

pub(crate) mod backends;
mod conn;
pub(crate) mod conninfo;
mod dial;
mod result;
mod status;

pub(crate) use conn::{Conn, ConnParams, ConnectError, ParamBuf};
pub(crate) use dial::{Dialing, Step, Want};
pub(crate) use result::PgResult;
pub(crate) use status::{ExecStatus, PipelineStatus, TxStatus};

use std::ffi::c_char;
use std::ptr::NonNull;
use std::sync::atomic::{AtomicPtr, Ordering};

/// The SQLSTATE of serialization failures.
pub(crate) const SQLSTATE_SERIALIZATION_FAILURE: [u8; 5] = *b"40001";
/// The SQLSTATE of deadlocks.
pub(crate) const SQLSTATE_DEADLOCK_DETECTED: [u8; 5] = *b"40P01";
/// The SQLSTATE of "relation does not exist".
pub(crate) const SQLSTATE_UNDEFINED_TABLE: [u8; 5] = *b"42P01";

/// `PQlibVersion`: the version of the libpq in use (e.g. 170005).
pub(crate) fn lib_version() -> i32 {
    // SAFETY: PQlibVersion takes no arguments and reads a constant.
    unsafe { pq_sys::PQlibVersion() }
}

/// An owned `PGcancel`: sends a cancel request for the connection it was
/// made from. Usable from any thread, including while that connection is
/// busy in another thread.
#[derive(Debug)]
pub(crate) struct Canceller {
    raw: NonNull<pq_sys::PGcancel>,
}

// SAFETY: libpq documents PQcancel as thread-safe and usable while the
// connection is in use elsewhere; the PGcancel object holds only a copy of
// the connection's address and cancel key.
unsafe impl Send for Canceller {}

impl Canceller {
    /// # Safety
    /// `raw` must be NULL or a `PGcancel` nothing else owns.
    unsafe fn from_raw(raw: *mut pq_sys::PGcancel) -> Option<Self> {
        NonNull::new(raw).map(|raw| Self { raw })
    }
}

impl Canceller {
    /// `PQcancel`: asks the server to cancel the command the connection
    /// runs (a new connection to the server; blocks until it is sent).
    /// The error message when it could not be sent.
    pub(crate) fn cancel(&self) -> Result<(), String> {
        let mut errbuf = [0 as c_char; 256];
        // SAFETY: self owns a live PGcancel; errbuf is writable for 256 bytes.
        let ok = unsafe { pq_sys::PQcancel(self.raw.as_ptr(), errbuf.as_mut_ptr(), 256) } == 1;
        if ok {
            return Ok(());
        }
        let len = errbuf.iter().position(|&c| c == 0).unwrap_or(errbuf.len());
        // SAFETY: c_char and u8 have the same size and alignment, and the
        // first len elements of errbuf are initialized.
        let bytes = unsafe { std::slice::from_raw_parts(errbuf.as_ptr().cast::<u8>(), len) };
        Err(String::from_utf8_lossy(bytes).trim_end().to_string())
    }
}

impl Drop for Canceller {
    fn drop(&mut self) {
        // SAFETY: self owns the object and nothing uses it afterwards.
        unsafe { pq_sys::PQfreeCancel(self.raw.as_ptr()) }
    }
}

/// The connection Ctrl-C cancels during initialization (C's `cancelConn`).
static CANCEL_TARGET: AtomicPtr<pq_sys::PGcancel> = AtomicPtr::new(std::ptr::null_mut());

/// Arms Ctrl-C to send a cancel request for a connection, as C pgbench's
/// `setup_cancel_handler` + `SetCancelConn` do for `-i`: the server's
/// running command is cancelled and [`cancel_requested`] turns true.
#[derive(Debug)]
pub(crate) struct CancelOnSigint;

impl CancelOnSigint {
    /// Installs the handler for `con`. The cancel object stays allocated
    /// until the process exits, so a signal arriving at any moment never
    /// sees freed memory.
    pub(crate) fn arm(con: &Conn) -> Self {
        if let Some(c) = con.canceller() {
            let raw = c.raw.as_ptr();
            std::mem::forget(c);
            CANCEL_TARGET.store(raw, Ordering::Release);
        }
        crate::sys::signal::on_sigint(cancel_from_signal);
        CancelOnSigint
    }
}

/// The SIGINT callback: `PQcancel` on the armed connection and C's
/// messages, using only async-signal-safe calls.
fn cancel_from_signal() {
    let p = CANCEL_TARGET.load(Ordering::Acquire);
    if p.is_null() {
        return;
    }
    let mut errbuf = [0 as c_char; 256];
    // SAFETY: p is a PGcancel that is never freed (see CancelOnSigint::arm);
    // PQcancel is documented as safe to call from a signal handler.
    let ok = unsafe { pq_sys::PQcancel(p, errbuf.as_mut_ptr(), 256) } == 1;
    if ok {
        crate::sys::signal::write_stderr_raw(b"Cancel request sent\n");
    } else {
        crate::sys::signal::write_stderr_raw(b"Could not send cancel request: ");
        let len = errbuf.iter().position(|&c| c == 0).unwrap_or(errbuf.len());
        // SAFETY: c_char and u8 have the same size and alignment, and the
        // first len elements of errbuf are initialized.
        let bytes = unsafe { std::slice::from_raw_parts(errbuf.as_ptr().cast::<u8>(), len) };
        crate::sys::signal::write_stderr_raw(bytes);
    }
}

/// Whether Ctrl-C was pressed since [`CancelOnSigint::arm`].
pub(crate) fn cancel_requested() -> bool {
    crate::sys::signal::cancel_requested()
}
