//! `PgResult`: an owned `PGresult` (freed on drop, never cloned).
//!
//! See the libpq manual, "Command Execution Functions" (§34.3) and
//! "Asynchronous Command Processing" (§34.4).

use std::ffi::{CStr, c_char, c_int};
use std::ptr::NonNull;

use super::status::ExecStatus;

/// The `PG_DIAG_SQLSTATE` error field code.
const DIAG_SQLSTATE: c_int = pq_sys::PG_DIAG_SQLSTATE as c_int;

/// An owned query result.
#[derive(Debug)]
pub(crate) struct PgResult {
    raw: NonNull<pq_sys::PGresult>,
}

// SAFETY: a PGresult is an independent heap object with no reference to the
// connection that produced it; libpq documents results as read-only after
// creation and usable from any thread. This type only exposes reading
// functions besides PQclear in Drop, which needs exclusive ownership.
unsafe impl Send for PgResult {}

impl PgResult {
    /// Takes ownership of a result returned by libpq, or `None` for NULL.
    ///
    /// # Safety
    /// `raw` must be NULL or a result that nothing else owns or frees.
    pub(super) unsafe fn from_raw(raw: *mut pq_sys::PGresult) -> Option<Self> {
        NonNull::new(raw).map(|raw| Self { raw })
    }

    fn ptr(&self) -> *const pq_sys::PGresult {
        self.raw.as_ptr()
    }

    /// `PQresultStatus`.
    pub(crate) fn status(&self) -> ExecStatus {
        // SAFETY: the pointer is a live result owned by self.
        unsafe { pq_sys::PQresultStatus(self.ptr()) }.into()
    }

    /// `PQntuples`.
    pub(crate) fn ntuples(&self) -> usize {
        // SAFETY: the pointer is a live result owned by self.
        let n = unsafe { pq_sys::PQntuples(self.ptr()) };
        crate::invariant::fits(n, "invariant: libpq counts rows from 0")
    }

    /// `PQnfields`.
    pub(crate) fn nfields(&self) -> usize {
        // SAFETY: the pointer is a live result owned by self.
        let n = unsafe { pq_sys::PQnfields(self.ptr()) };
        crate::invariant::fits(n, "invariant: libpq counts fields from 0")
    }

    /// `PQfname`: the name of column `col` (empty if out of range).
    pub(crate) fn fname(&self, col: usize) -> &[u8] {
        let Ok(col) = c_int::try_from(col) else { return b"" };
        // SAFETY: the pointer is a live result; PQfname returns NULL for an
        // out-of-range column, else a string owned by the result.
        let p = unsafe { pq_sys::PQfname(self.ptr(), col) };
        // SAFETY: p is NULL or a NUL-terminated string that lives as long as
        // the result, which the returned borrow is tied to.
        unsafe { cstr_bytes(p) }
    }

    /// `PQgetvalue` (an empty slice for NULL or out of range).
    pub(crate) fn value(&self, row: usize, col: usize) -> &[u8] {
        let (Ok(row), Ok(col)) = (c_int::try_from(row), c_int::try_from(col)) else {
            return b"";
        };
        // SAFETY: the pointer is a live result; libpq checks the indexes and
        // returns NULL when they are out of range.
        let p = unsafe { pq_sys::PQgetvalue(self.ptr(), row, col) };
        // SAFETY: p is NULL or a NUL-terminated string owned by the result.
        unsafe { cstr_bytes(p) }
    }

    /// `PQgetisnull`.
    pub(crate) fn is_null(&self, row: usize, col: usize) -> bool {
        let (Ok(row), Ok(col)) = (c_int::try_from(row), c_int::try_from(col)) else {
            return true;
        };
        // SAFETY: the pointer is a live result; libpq checks the indexes.
        unsafe { pq_sys::PQgetisnull(self.ptr(), row, col) != 0 }
    }

    /// `PQresultErrorMessage`, copied (empty when the result is not an error).
    pub(crate) fn error_message(&self) -> String {
        // SAFETY: the pointer is a live result; the returned string is owned
        // by it (never NULL, possibly empty).
        let p = unsafe { pq_sys::PQresultErrorMessage(self.ptr()) };
        // SAFETY: p is NULL or a NUL-terminated string owned by the result.
        String::from_utf8_lossy(unsafe { cstr_bytes(p) }).into_owned()
    }

    /// The SQLSTATE field of an error result, if any.
    pub(crate) fn sqlstate(&self) -> Option<[u8; 5]> {
        // SAFETY: the pointer is a live result; PQresultErrorField returns
        // NULL when the field is absent.
        let p = unsafe { pq_sys::PQresultErrorField(self.ptr(), DIAG_SQLSTATE) };
        // SAFETY: p is NULL or a NUL-terminated string owned by the result.
        let bytes = unsafe { cstr_bytes(p) };
        <[u8; 5]>::try_from(bytes).ok()
    }
}

impl Drop for PgResult {
    fn drop(&mut self) {
        // SAFETY: self owns the result and nothing uses it after this.
        unsafe { pq_sys::PQclear(self.raw.as_ptr()) }
    }
}

/// Borrows a C string as bytes; NULL becomes an empty slice.
///
/// # Safety
/// `p` must be NULL or point to a NUL-terminated string that outlives `'a`.
pub(super) unsafe fn cstr_bytes<'a>(p: *const c_char) -> &'a [u8] {
    if p.is_null() {
        return b"";
    }
    // SAFETY: guaranteed by the caller.
    unsafe { CStr::from_ptr(p) }.to_bytes()
}
