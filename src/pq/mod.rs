//! The safe layer over libpq (pq-sys): owned connections and results,
//! cancellation, and status enums. The only module besides `sys` that
//! contains `unsafe` code, and the only one that names `pq_sys`.
//!
//! libpq functions used, all present since libpq 14 unless noted:
//! PQconnectdbParams, PQstatus, PQconnectionNeedsPassword, PQerrorMessage,
//! PQsocket, PQdb, PQhost, PQport, PQserverVersion, PQparameterStatus,
//! PQtransactionStatus, PQsetnonblocking, PQescapeIdentifier, PQfreemem,
//! PQexec, PQexecParams, PQprepare, PQsendQuery, PQsendQueryParams,
//! PQsendQueryPrepared, PQconsumeInput, PQisBusy, PQgetResult, PQflush,
//! PQpipelineStatus, PQenterPipelineMode, PQexitPipelineMode, PQpipelineSync
//! (pipeline functions: libpq 14), PQputCopyData, PQputCopyEnd, PQgetCancel,
//! PQcancel, PQfreeCancel, PQfinish, PQresultStatus, PQntuples, PQnfields,
//! PQfname, PQgetvalue, PQgetisnull, PQresultErrorMessage,
//! PQresultErrorField, PQclear; PQsendPipelineSync only with libpq 17 or
//! newer (`cfg(libpq_ge_17)`, set by build.rs).
#![allow(unsafe_code)]

mod conn;
mod result;
mod status;

pub(crate) use conn::{Conn, ConnParams, NULL_PARAM};
pub(crate) use result::PgResult;
pub(crate) use status::{ExecStatus, PipelineStatus, TxStatus};

use std::ffi::c_char;
use std::ptr::NonNull;

/// The SQLSTATE of serialization failures.
pub(crate) const SQLSTATE_SERIALIZATION_FAILURE: [u8; 5] = *b"40001";
/// The SQLSTATE of deadlocks.
pub(crate) const SQLSTATE_DEADLOCK_DETECTED: [u8; 5] = *b"40P01";
/// The SQLSTATE of "relation does not exist".
pub(crate) const SQLSTATE_UNDEFINED_TABLE: [u8; 5] = *b"42P01";

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

    /// `PQcancel`: asks the server to cancel the running command; true if
    /// the request was sent.
    pub(crate) fn cancel(&self) -> bool {
        let mut errbuf = [0 as c_char; 256];
        // SAFETY: raw is a live PGcancel; errbuf is a writable buffer of the
        // given size.
        unsafe { pq_sys::PQcancel(self.raw.as_ptr(), errbuf.as_mut_ptr(), 256) == 1 }
    }
}

impl Drop for Canceller {
    fn drop(&mut self) {
        // SAFETY: self owns the object and nothing uses it afterwards.
        unsafe { pq_sys::PQfreeCancel(self.raw.as_ptr()) }
    }
}
