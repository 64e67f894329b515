//! `Conn`: an owned libpq connection (`PGconn`), and connecting with
//! pgbench's parameters, environment and password prompt.
//!
//! See the libpq manual: "Database Connection Control Functions" (§34.1),
//! "Command Execution Functions" (§34.3), "Asynchronous Command Processing"
//! (§34.4), "Pipeline Mode" (§34.5) and "Functions Associated with the COPY
//! Command" (§34.10).

use std::ffi::{CStr, CString, c_char, c_int};
use std::ptr::{self, NonNull};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use super::result::{PgResult, cstr_bytes};
use super::status::{PipelineStatus, TxStatus};

/// The connection settings pgbench passes to `PQconnectdbParams`; `None`
/// leaves the setting to libpq (its `PG*` environment variables, defaults).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct ConnParams {
    /// `-h`: host name or socket directory.
    pub(crate) host: Option<String>,
    /// `-p`: port.
    pub(crate) port: Option<String>,
    /// `-U`: user name.
    pub(crate) user: Option<String>,
    /// Database name; may be a connection string or URI (expand_dbname).
    pub(crate) dbname: Option<String>,
    /// `fallback_application_name` (the program name).
    pub(crate) application_name: String,
}

/// The password typed at the prompt, remembered for later connections as C
/// pgbench remembers it. Locked only while connecting.
pub(super) static PASSWORD: Mutex<Option<CString>> = Mutex::new(None);

/// A connection could not be made: the message to log, as libpq words it
/// (`PQerrorMessage`) or as C pgbench does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ConnectError(pub(super) String);

/// The keywords and values a connection is made with.
#[derive(Debug)]
pub(super) struct Options {
    /// Each keyword and its value (none: NULL, left to libpq).
    pairs: Vec<(CString, Option<CString>)>,
    /// Whether a `dbname` that is a connection string is expanded.
    pub(super) expand_dbname: bool,
}

impl Options {
    /// pgbench's (C's `doConnect`): host, port, user, the password typed
    /// at the prompt (if one was), dbname (expanded: it may be a
    /// connection string) and fallback_application_name.
    pub(super) fn of(params: &ConnParams) -> Result<Options, ConnectError> {
        let password = PASSWORD.lock().map(|p| p.clone()).unwrap_or(None);
        let app = CString::new(params.application_name.as_str()).unwrap_or_default();
        let pairs = vec![
            (c"host".to_owned(), param_cstring("host", &params.host)?),
            (c"port".to_owned(), param_cstring("port", &params.port)?),
            (c"user".to_owned(), param_cstring("user", &params.user)?),
            (c"password".to_owned(), password),
            (c"dbname".to_owned(), param_cstring("dbname", &params.dbname)?),
            (c"fallback_application_name".to_owned(), Some(app)),
        ];
        Ok(Options { pairs, expand_dbname: true })
    }

    /// Every option given (`PQconninfo`'s of an earlier attempt), none
    /// expanded.
    pub(super) fn explicit(pairs: Vec<(CString, CString)>) -> Options {
        let pairs = pairs.into_iter().map(|(k, v)| (k, Some(v))).collect();
        Options { pairs, expand_dbname: false }
    }

    /// Whether a password is among them.
    pub(super) fn has_password(&self) -> bool {
        self.pairs.iter().any(|(k, v)| k.as_c_str() == c"password" && v.is_some())
    }

    /// The NULL-terminated keyword and value arrays, pointing into self.
    pub(super) fn arrays(&self) -> (Vec<*const c_char>, Vec<*const c_char>) {
        let mut keywords: Vec<*const c_char> = self.pairs.iter().map(|(k, _)| k.as_ptr()).collect();
        let mut values: Vec<*const c_char> = self
            .pairs
            .iter()
            .map(|(_, v)| v.as_deref().map_or(ptr::null(), CStr::as_ptr))
            .collect();
        keywords.push(ptr::null());
        values.push(ptr::null());
        (keywords, values)
    }
}

impl std::fmt::Display for ConnectError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// A parameter value for libpq: NUL-checked, or an error naming the setting.
fn param_cstring(name: &str, value: &Option<String>) -> Result<Option<CString>, ConnectError> {
    match value {
        None => Ok(None),
        Some(v) => CString::new(v.as_str()).map(Some).map_err(|_| {
            ConnectError(format!("invalid connection option \"{name}\": contains a NUL byte"))
        }),
    }
}

/// Numbers every connection of the process, so that a new connection is
/// never mistaken for the one it replaced (they may share a socket number);
/// and every socket of a connection being made.
pub(super) static NEXT_ID: AtomicU64 = AtomicU64::new(1);

/// An open connection. Dropping it closes it (`PQfinish`); it is never
/// cloned. It may move between threads but is used by one at a time.
#[derive(Debug)]
pub(crate) struct Conn {
    raw: NonNull<pq_sys::PGconn>,
    id: u64,
}

// SAFETY: libpq allows a PGconn to be used from any thread as long as no two
// threads use it at once. Conn is not Sync and every method takes &self or
// &mut self, so the borrow checker serialises all use.
unsafe impl Send for Conn {}

impl Conn {
    /// Connects as C pgbench's `doConnect` does: host, port, user, password,
    /// dbname (expanded, so it may be a connection string) and
    /// fallback_application_name; when the server asks for a password and
    /// none is known yet, prompts `Password: ` once and retries.
    ///
    /// # Errors
    /// libpq's error message (`PQerrorMessage`), to be logged by the caller.
    pub(crate) fn connect(params: &ConnParams) -> Result<Conn, ConnectError> {
        loop {
            let opts = Options::of(params)?;
            let (keywords, values) = opts.arrays();
            // SAFETY: both arrays are NULL-terminated and every non-NULL entry
            // points to a NUL-terminated string that outlives the call.
            let raw = unsafe { pq_sys::PQconnectdbParams(keywords.as_ptr(), values.as_ptr(), 1) };
            let Some(raw) = NonNull::new(raw) else {
                return Err(ConnectError(format!(
                    "connection to database \"{}\" failed",
                    params.dbname.as_deref().unwrap_or("")
                )));
            };
            // SAFETY: raw is a new connection nothing else owns.
            let conn = unsafe { Conn::from_raw(raw) };
            if conn.is_ok() {
                return Ok(conn);
            }
            if !opts.has_password() && conn.needs_password() {
                drop(conn);
                let typed = crate::sys::prompt::password("Password: ");
                let typed = CString::new(typed).unwrap_or_default();
                if let Ok(mut p) = PASSWORD.lock() {
                    *p = Some(typed);
                }
                continue;
            }
            return Err(ConnectError(conn.error_message()));
        }
    }

    /// Takes `raw` as a connection of the process, with a new number.
    ///
    /// # Safety
    /// `raw` must be a live connection that nothing else owns.
    pub(super) unsafe fn from_raw(raw: NonNull<pq_sys::PGconn>) -> Conn {
        Conn { raw, id: NEXT_ID.fetch_add(1, Ordering::Relaxed) }
    }

    /// This connection's number, unique in the process.
    #[inline]
    pub(crate) fn id(&self) -> u64 {
        self.id
    }

    fn ptr(&self) -> *mut pq_sys::PGconn {
        self.raw.as_ptr()
    }

    /// `PQstatus(conn) == CONNECTION_OK`.
    pub(crate) fn is_ok(&self) -> bool {
        // SAFETY: the pointer is a live connection owned by self.
        unsafe { pq_sys::PQstatus(self.ptr()) == pq_sys::ConnStatusType::CONNECTION_OK }
    }

    /// `PQconnectionNeedsPassword`.
    fn needs_password(&self) -> bool {
        // SAFETY: the pointer is a live connection owned by self.
        unsafe { pq_sys::PQconnectionNeedsPassword(self.ptr()) != 0 }
    }

    /// `PQerrorMessage`, copied at once because libpq overwrites it on the
    /// next call.
    pub(crate) fn error_message(&self) -> String {
        // SAFETY: the pointer is a live connection; the message is owned by it.
        let p = unsafe { pq_sys::PQerrorMessage(self.ptr()) };
        // SAFETY: p is a NUL-terminated string owned by the connection.
        String::from_utf8_lossy(unsafe { cstr_bytes(p) }).into_owned()
    }

    /// `PQsocket` (negative when there is no open socket).
    pub(crate) fn socket(&self) -> c_int {
        // SAFETY: the pointer is a live connection owned by self.
        unsafe { pq_sys::PQsocket(self.ptr()) }
    }

    /// `PQdb`.
    pub(crate) fn db(&self) -> String {
        // SAFETY: the pointer is a live connection; PQdb returns a string it owns.
        let p = unsafe { pq_sys::PQdb(self.ptr()) };
        // SAFETY: p is NULL or a NUL-terminated string owned by the connection.
        String::from_utf8_lossy(unsafe { cstr_bytes(p) }).into_owned()
    }

    /// `PQhost`.
    pub(crate) fn host(&self) -> String {
        // SAFETY: the pointer is a live connection; PQhost returns a string it owns.
        let p = unsafe { pq_sys::PQhost(self.ptr()) };
        // SAFETY: p is NULL or a NUL-terminated string owned by the connection.
        String::from_utf8_lossy(unsafe { cstr_bytes(p) }).into_owned()
    }

    /// `PQport`.
    pub(crate) fn port(&self) -> String {
        // SAFETY: the pointer is a live connection; PQport returns a string it owns.
        let p = unsafe { pq_sys::PQport(self.ptr()) };
        // SAFETY: p is NULL or a NUL-terminated string owned by the connection.
        String::from_utf8_lossy(unsafe { cstr_bytes(p) }).into_owned()
    }

    /// `PQbackendPID`: the pid of the server process of this connection.
    pub(crate) fn backend_pid(&self) -> i32 {
        // SAFETY: the pointer is a live connection owned by self.
        unsafe { pq_sys::PQbackendPID(self.ptr()) }
    }

    /// `PQserverVersion` (e.g. 150018).
    pub(crate) fn server_version(&self) -> i32 {
        // SAFETY: the pointer is a live connection owned by self.
        unsafe { pq_sys::PQserverVersion(self.ptr()) }
    }

    /// `PQparameterStatus`, copied.
    pub(crate) fn parameter_status(&self, name: &CStr) -> Option<String> {
        // SAFETY: the pointer is a live connection and name is NUL-terminated.
        let p = unsafe { pq_sys::PQparameterStatus(self.ptr(), name.as_ptr()) };
        if p.is_null() {
            return None;
        }
        // SAFETY: p is a NUL-terminated string owned by the connection.
        Some(String::from_utf8_lossy(unsafe { cstr_bytes(p) }).into_owned())
    }

    /// `PQtransactionStatus`.
    pub(crate) fn transaction_status(&self) -> TxStatus {
        // SAFETY: the pointer is a live connection owned by self.
        unsafe { pq_sys::PQtransactionStatus(self.ptr()) }.into()
    }

    /// `PQpipelineStatus`.
    pub(crate) fn pipeline_status(&self) -> PipelineStatus {
        // SAFETY: the pointer is a live connection owned by self.
        unsafe { pq_sys::PQpipelineStatus(self.ptr()) }.into()
    }

    /// `PQsetnonblocking`; true on success.
    pub(crate) fn set_nonblocking(&mut self, on: bool) -> bool {
        // SAFETY: the pointer is a live connection owned by self.
        unsafe { pq_sys::PQsetnonblocking(self.ptr(), c_int::from(on)) == 0 }
    }

    /// `PQescapeIdentifier`: the name double-quoted, as an owned string.
    pub(crate) fn escape_identifier(&self, name: &str) -> Option<String> {
        // SAFETY: the pointer is a live connection; name points to len bytes.
        let p = unsafe { pq_sys::PQescapeIdentifier(self.ptr(), name.as_ptr().cast(), name.len()) };
        if p.is_null() {
            return None;
        }
        let guard = Freemem(p);
        // SAFETY: p is a NUL-terminated string allocated by libpq, freed by
        // the guard after this copy.
        let s = String::from_utf8_lossy(unsafe { cstr_bytes(guard.0) }).into_owned();
        Some(s)
    }

    /// `PQexec`: runs a command and waits for its (last) result.
    pub(crate) fn exec(&mut self, sql: &CStr) -> Option<PgResult> {
        // SAFETY: the pointer is a live connection and sql is NUL-terminated.
        let r = unsafe { pq_sys::PQexec(self.ptr(), sql.as_ptr()) };
        // SAFETY: PQexec returns a new result that we now own, or NULL.
        unsafe { PgResult::from_raw(r) }
    }

    /// `PQexecParams` with text parameters: runs a command and waits for
    /// its result.
    pub(crate) fn exec_params(&mut self, sql: &CStr, values: &[&CStr]) -> Option<PgResult> {
        let n = c_int::try_from(values.len()).ok()?;
        let pointers: Vec<*const c_char> = values.iter().map(|v| v.as_ptr()).collect();
        // SAFETY: the pointer is a live connection; sql is NUL-terminated;
        // `pointers` holds n pointers to NUL-terminated strings that
        // outlive the call; types, lengths and formats may be NULL (text).
        let r = unsafe {
            pq_sys::PQexecParams(
                self.ptr(),
                sql.as_ptr(),
                n,
                ptr::null(),
                pointers.as_ptr(),
                ptr::null(),
                ptr::null(),
                0,
            )
        };
        // SAFETY: PQexecParams returns a new result that we now own, or NULL.
        unsafe { PgResult::from_raw(r) }
    }

    /// `PQprepare` (synchronous), with untyped parameters.
    pub(crate) fn prepare(&mut self, name: &CStr, sql: &CStr, nparams: usize) -> Option<PgResult> {
        let n = c_int::try_from(nparams).ok()?;
        // SAFETY: the pointer is a live connection; name and sql are
        // NUL-terminated; paramTypes may be NULL.
        let r =
            unsafe { pq_sys::PQprepare(self.ptr(), name.as_ptr(), sql.as_ptr(), n, ptr::null()) };
        // SAFETY: PQprepare returns a new result that we now own, or NULL.
        unsafe { PgResult::from_raw(r) }
    }

    /// `PQsendPrepare` with untyped parameters; true if it was dispatched.
    pub(crate) fn send_prepare(&mut self, name: &CStr, sql: &CStr, nparams: usize) -> bool {
        let Ok(n) = c_int::try_from(nparams) else { return false };
        // SAFETY: the pointer is a live connection; name and sql are
        // NUL-terminated (libpq copies them); paramTypes may be NULL.
        unsafe {
            pq_sys::PQsendPrepare(self.ptr(), name.as_ptr(), sql.as_ptr(), n, ptr::null()) == 1
        }
    }

    /// `PQsendQuery`; true if the query was dispatched.
    pub(crate) fn send_query(&mut self, sql: &CStr) -> bool {
        // SAFETY: the pointer is a live connection and sql is NUL-terminated.
        unsafe { pq_sys::PQsendQuery(self.ptr(), sql.as_ptr()) == 1 }
    }

    /// `PQsendQueryParams` with text parameters (see [`NULL_PARAM`]).
    pub(crate) fn send_query_params(
        &mut self,
        sql: &CStr,
        values: &[u8],
        starts: &[u32],
        params: &mut ParamBuf,
    ) -> bool {
        let Some(n) = params.fill(values, starts) else { return false };
        // SAFETY: the pointer is a live connection; sql is NUL-terminated;
        // params holds n entries, each NULL or pointing into `values`,
        // whose last byte is NUL, so each string ends inside it (checked by
        // ParamBuf::fill); `values` outlives the call and libpq copies the data
        // before returning.
        unsafe {
            pq_sys::PQsendQueryParams(
                self.ptr(),
                sql.as_ptr(),
                n,
                ptr::null(),
                params.0.as_ptr(),
                ptr::null(),
                ptr::null(),
                0,
            ) == 1
        }
    }

    /// `PQsendQueryPrepared` with text parameters (see [`NULL_PARAM`]).
    pub(crate) fn send_query_prepared(
        &mut self,
        name: &CStr,
        values: &[u8],
        starts: &[u32],
        params: &mut ParamBuf,
    ) -> bool {
        let Some(n) = params.fill(values, starts) else { return false };
        // SAFETY: as in send_query_params; name is NUL-terminated.
        unsafe {
            pq_sys::PQsendQueryPrepared(
                self.ptr(),
                name.as_ptr(),
                n,
                params.0.as_ptr(),
                ptr::null(),
                ptr::null(),
                0,
            ) == 1
        }
    }

    /// `PQconsumeInput`: reads what the server sent; false on failure.
    pub(crate) fn consume_input(&mut self) -> bool {
        // SAFETY: the pointer is a live connection owned by self.
        unsafe { pq_sys::PQconsumeInput(self.ptr()) == 1 }
    }

    /// `PQisBusy`: whether `get_result` would block.
    pub(crate) fn is_busy(&mut self) -> bool {
        // SAFETY: the pointer is a live connection owned by self.
        unsafe { pq_sys::PQisBusy(self.ptr()) == 1 }
    }

    /// `PQgetResult`: the next result, or None when the command is done.
    pub(crate) fn get_result(&mut self) -> Option<PgResult> {
        // SAFETY: the pointer is a live connection owned by self.
        let r = unsafe { pq_sys::PQgetResult(self.ptr()) };
        // SAFETY: PQgetResult returns a new result that we now own, or NULL.
        unsafe { PgResult::from_raw(r) }
    }

    /// `PQflush`: 0 when everything was sent, 1 when data remains (wait for
    /// the socket to become writable), -1 on failure.
    pub(crate) fn flush(&mut self) -> i32 {
        // SAFETY: the pointer is a live connection owned by self.
        unsafe { pq_sys::PQflush(self.ptr()) }
    }

    /// `PQenterPipelineMode`; true on success.
    pub(crate) fn enter_pipeline_mode(&mut self) -> bool {
        // SAFETY: the pointer is a live connection owned by self.
        unsafe { pq_sys::PQenterPipelineMode(self.ptr()) == 1 }
    }

    /// `PQexitPipelineMode`; true on success.
    pub(crate) fn exit_pipeline_mode(&mut self) -> bool {
        // SAFETY: the pointer is a live connection owned by self.
        unsafe { pq_sys::PQexitPipelineMode(self.ptr()) == 1 }
    }

    /// `PQpipelineSync`: marks a synchronization point and flushes.
    pub(crate) fn pipeline_sync(&mut self) -> bool {
        // SAFETY: the pointer is a live connection owned by self.
        unsafe { pq_sys::PQpipelineSync(self.ptr()) == 1 }
    }

    /// `PQsendPipelineSync` (libpq 17): a synchronization point without a
    /// flush. With an older libpq, `PQpipelineSync`, which also flushes.
    pub(crate) fn send_pipeline_sync(&mut self) -> bool {
        #[cfg(libpq_ge_17)]
        {
            // SAFETY: the pointer is a live connection owned by self; the
            // build script enables this only when linking libpq 17 or newer.
            unsafe { pq_sys::PQsendPipelineSync(self.ptr()) == 1 }
        }
        #[cfg(not(libpq_ge_17))]
        {
            self.pipeline_sync()
        }
    }

    /// `PQputCopyData`: queues COPY data; false on failure.
    pub(crate) fn put_copy_data(&mut self, data: &[u8]) -> bool {
        for chunk in data.chunks(1 << 30) {
            let Ok(n) = c_int::try_from(chunk.len()) else { return false };
            // SAFETY: the pointer is a live connection; chunk points to n bytes.
            if unsafe { pq_sys::PQputCopyData(self.ptr(), chunk.as_ptr().cast(), n) } != 1 {
                return false;
            }
        }
        true
    }

    /// `PQputCopyEnd` without an error message; false on failure.
    pub(crate) fn put_copy_end(&mut self) -> bool {
        // SAFETY: the pointer is a live connection; a NULL message ends the
        // copy successfully.
        unsafe { pq_sys::PQputCopyEnd(self.ptr(), ptr::null()) == 1 }
    }

    /// `PQendcopy`: ends a COPY started by a command, whatever its
    /// direction; false on failure.
    pub(crate) fn end_copy(&mut self) -> bool {
        // SAFETY: the pointer is a live connection owned by self.
        unsafe { pq_sys::PQendcopy(self.ptr()) == 0 }
    }

    /// A handle that can cancel this connection's running query from
    /// another thread (`PQgetCancel`).
    pub(crate) fn canceller(&self) -> Option<super::Canceller> {
        // SAFETY: the pointer is a live connection owned by self.
        let c = unsafe { pq_sys::PQgetCancel(self.ptr()) };
        // SAFETY: PQgetCancel returns a new object we now own, or NULL.
        unsafe { super::Canceller::from_raw(c) }
    }

    /// Closes the connection now (`PQfinish`); the same as dropping it,
    /// spelled out where the moment matters (`-C` timing).
    pub(crate) fn finish(self) {
        drop(self);
    }
}

/// Room for the parameter pointers of one send, lent by the caller so that
/// sending allocates nothing once it has grown (one per worker thread
/// serves all its connections).
#[derive(Debug, Default)]
pub(crate) struct ParamBuf(Vec<*const c_char>);

// SAFETY: the pointers are written and passed to libpq within one call and
// never read afterwards; between calls they are stale values nobody
// dereferences, so the buffer may move to another thread.
unsafe impl Send for ParamBuf {}

impl ParamBuf {
    /// Fills the array for text parameters stored back to back in `values`
    /// (each NUL-terminated) at offsets `starts` ([`NULL_PARAM`] for a SQL
    /// NULL). Returns the count, or None if an offset is bad.
    fn fill(&mut self, values: &[u8], starts: &[u32]) -> Option<c_int> {
        // Every value lies inside `values` and the buffer ends with a NUL,
        // so each one is terminated within it: libpq never reads past the
        // buffer, whatever the offsets.
        if !starts.is_empty()
            && values.last() != Some(&0)
            && starts.iter().any(|&s| s != NULL_PARAM)
        {
            return None;
        }
        self.0.clear();
        for &s in starts {
            if s == NULL_PARAM {
                self.0.push(ptr::null());
                continue;
            }
            let tail = values.get(usize::try_from(s).ok()?..)?;
            if tail.is_empty() {
                return None;
            }
            self.0.push(tail.as_ptr().cast());
        }
        c_int::try_from(starts.len()).ok()
    }
}

impl Drop for Conn {
    fn drop(&mut self) {
        // SAFETY: self owns the connection and nothing uses it afterwards.
        unsafe { pq_sys::PQfinish(self.raw.as_ptr()) }
    }
}

/// The offset value that marks a SQL NULL parameter.
pub(crate) const NULL_PARAM: u32 = u32::MAX;

/// Frees libpq-allocated memory (`PQfreemem`) when dropped.
struct Freemem(*mut c_char);

impl Drop for Freemem {
    fn drop(&mut self) {
        // SAFETY: the pointer was allocated by libpq and is freed once here.
        unsafe { pq_sys::PQfreemem(self.0.cast()) }
    }
}
