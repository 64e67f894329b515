//! Connecting without blocking (libpq's "Connecting Non-Blocking", §34.1):
//! `PQconnectStartParams`, then `PQconnectPoll` each time the socket is
//! ready for what the last call asked, so that the thread making the
//! connection serves its other clients meanwhile.
//!
//! What the blocking `PQconnectdbParams` does around its polls is done
//! here, with the same outcome and the same messages:
//! - the password prompt: an attempt that started without a password and
//!   failed because the server wants one prompts once (under the lock of
//!   the remembered password, so that one prompt serves every thread) and
//!   starts again;
//! - `connect_timeout`, which `PQconnectPoll` does not enforce: the caller
//!   wakes the attempt at [`Dialing::deadline`] and [`Dialing::time_out`]
//!   gives the address up with libpq's `timeout expired` and goes on with
//!   the next host of the list (libpq would first try the other addresses
//!   a host name resolves to: here they share the host's fate).
//!
//! libpq may close the socket and open another between two polls (a next
//! host, a retried attempt), possibly with the same number: every new
//! socket of an attempt has a new [`Dialing::id`], which the caller's
//! wait set follows. (libpq writes the host's identity into the error
//! message each time it opens a socket, so a new socket is a longer
//! message or another number.)

use std::ffi::{CStr, CString, c_int};
use std::ptr::NonNull;
use std::sync::atomic::Ordering;

use super::conn::{Conn, ConnParams, ConnectError, NEXT_ID, Options, PASSWORD};
use super::conninfo::OptionArray;
use super::result::cstr_bytes;
use crate::sys::clock::monotonic_us;

/// What the socket must be ready for before the next poll.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Want {
    /// Readable.
    Read,
    /// Writable.
    Write,
}

/// Where an attempt to connect is after a step.
#[derive(Debug)]
pub(crate) enum Step {
    /// Waiting for its socket (which may be a new one: see [`Dialing::id`]).
    Wait(Dialing, Want),
    /// Connected.
    Done(Conn),
    /// Failed: libpq's message, as the blocking connection gives it.
    Failed(ConnectError),
}

/// A connection being made (see the module doc). Dropping it abandons the
/// attempt (`PQfinish`).
#[derive(Debug)]
pub(crate) struct Dialing {
    raw: NonNull<pq_sys::PGconn>,
    /// Changes with every new socket.
    id: u64,
    /// The socket, and the length of libpq's error message, at the last
    /// step (see the module doc).
    sock: c_int,
    message_len: usize,
    /// The attempt started with a password (none: it may prompt for one).
    password_known: bool,
    /// `connect_timeout` in µs (none: no limit).
    timeout_us: Option<i64>,
    /// When the current address is given up (monotonic µs).
    deadline: Option<i64>,
    /// The hosts of the list before this attempt's first one (given up
    /// after a timeout), and their messages.
    skipped: usize,
    earlier: String,
}

// SAFETY: as for Conn: libpq allows a PGconn to be used from any thread as
// long as no two threads use it at once; Dialing is not Sync and every
// method takes self or &self.
unsafe impl Send for Dialing {}

impl Drop for Dialing {
    fn drop(&mut self) {
        // SAFETY: self owns the connection and nothing uses it afterwards.
        unsafe { pq_sys::PQfinish(self.raw.as_ptr()) }
    }
}

impl Dialing {
    /// Starts connecting with pgbench's parameters (as [`Conn::connect`]
    /// does, and with the password remembered from a prompt).
    ///
    /// # Errors
    /// A parameter libpq cannot take (a NUL byte).
    pub(crate) fn start(params: &ConnParams) -> Result<Step, ConnectError> {
        let opts = Options::of(params)?;
        Ok(Self::start_with(params, &opts, (0, String::new())))
    }

    /// Starts an attempt with `opts` (expanded from pgbench's parameters,
    /// or the full set of a restarted one), after `skipped` hosts whose
    /// messages are `earlier`.
    fn start_with(
        params: &ConnParams,
        opts: &Options,
        (skipped, earlier): (usize, String),
    ) -> Step {
        let (keywords, values) = opts.arrays();
        // SAFETY: both arrays are NULL-terminated and every non-NULL entry
        // points to a NUL-terminated string that outlives the call (libpq
        // copies them).
        let raw = unsafe {
            pq_sys::PQconnectStartParams(
                keywords.as_ptr(),
                values.as_ptr(),
                c_int::from(opts.expand_dbname),
            )
        };
        let Some(raw) = NonNull::new(raw) else {
            return Step::Failed(ConnectError(format!(
                "{earlier}connection to database \"{}\" failed",
                params.dbname.as_deref().unwrap_or("")
            )));
        };
        let mut d = Dialing {
            raw,
            id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
            sock: -1,
            message_len: 0,
            password_known: opts.has_password(),
            timeout_us: None,
            deadline: None,
            skipped,
            earlier,
        };
        // SAFETY: the pointer is a live connection owned by d.
        if unsafe { pq_sys::PQstatus(raw.as_ptr()) } == pq_sys::ConnStatusType::CONNECTION_BAD {
            return d.failed(params);
        }
        d.timeout_us = d.connect_timeout();
        d.note_socket(monotonic_us());
        // (libpq: before the first poll, wait as if it asked for writing.)
        Step::Wait(d, Want::Write)
    }

    /// A number that changes with every new socket of the attempt.
    #[inline]
    pub(crate) fn id(&self) -> u64 {
        self.id
    }

    /// `PQsocket`.
    pub(crate) fn socket(&self) -> c_int {
        self.sock
    }

    /// When the current address is given up (monotonic µs; none: no
    /// `connect_timeout`).
    pub(crate) fn deadline(&self) -> Option<i64> {
        self.deadline
    }

    /// `PQconnectPoll`, once the socket is ready for what the last step
    /// asked (and only then: libpq takes the call for that readiness).
    pub(crate) fn poll(mut self, params: &ConnParams) -> Step {
        // SAFETY: the pointer is a live connection owned by self.
        let r = unsafe { pq_sys::PQconnectPoll(self.raw.as_ptr()) };
        match r {
            pq_sys::PostgresPollingStatusType::PGRES_POLLING_OK => Step::Done(self.into_conn()),
            pq_sys::PostgresPollingStatusType::PGRES_POLLING_FAILED => self.failed(params),
            pq_sys::PostgresPollingStatusType::PGRES_POLLING_READING => {
                self.note_socket(monotonic_us());
                Step::Wait(self, Want::Read)
            }
            pq_sys::PostgresPollingStatusType::PGRES_POLLING_WRITING
            | pq_sys::PostgresPollingStatusType::PGRES_POLLING_ACTIVE => {
                self.note_socket(monotonic_us());
                Step::Wait(self, Want::Write)
            }
        }
    }

    /// The current address took `connect_timeout`: given up as libpq's
    /// blocking connection gives it up (`timeout expired`), the attempt
    /// goes on with the next host of the list, or fails when there is
    /// none.
    pub(crate) fn time_out(self, params: &ConnParams) -> Step {
        let mut message = self.earlier.clone();
        message.push_str(&self.error_message());
        message.push_str("timeout expired\n");
        match self.rest_of_list() {
            Some((opts, skipped)) => {
                drop(self);
                Self::start_with(params, &opts, (skipped, message))
            }
            None => Step::Failed(ConnectError(message)),
        }
    }

    /// The connection, made.
    fn into_conn(self) -> Conn {
        let raw = self.raw;
        // (The attempt's fields own nothing but the connection and a
        // string, which is dropped here; the connection moves on.)
        let me = std::mem::ManuallyDrop::new(self);
        // SAFETY: `me` is never used or dropped again; its only other
        // owned field is read out once, so it is dropped exactly once.
        drop(unsafe { std::ptr::read(&me.earlier) });
        // SAFETY: the pointer is a live connection that libpq reported
        // made, owned by nothing else now.
        unsafe { Conn::from_raw(raw) }
    }

    /// The attempt failed: prompts for a password and starts again when
    /// the server wants one and none was known, as the blocking connection
    /// does; else libpq's message.
    fn failed(self, params: &ConnParams) -> Step {
        // SAFETY: the pointer is a live connection owned by self.
        let needs = unsafe { pq_sys::PQconnectionNeedsPassword(self.raw.as_ptr()) } != 0;
        if needs && !self.password_known {
            drop(self);
            if let Ok(mut p) = PASSWORD.lock() {
                if p.is_none() {
                    let typed = crate::sys::prompt::password("Password: ");
                    *p = Some(CString::new(typed).unwrap_or_default());
                }
            }
            return match Options::of(params) {
                Ok(opts) if opts.has_password() => {
                    Self::start_with(params, &opts, (0, String::new()))
                }
                Ok(_) => Step::Failed(ConnectError("no password supplied".into())),
                Err(e) => Step::Failed(e),
            };
        }
        let mut message = self.earlier.clone();
        message.push_str(&self.error_message());
        Step::Failed(ConnectError(message))
    }

    /// Notes the socket after a step: a new one gets a new id and the
    /// address's time starts again.
    fn note_socket(&mut self, now: i64) {
        // SAFETY: the pointer is a live connection owned by self.
        let sock = unsafe { pq_sys::PQsocket(self.raw.as_ptr()) };
        // SAFETY: the pointer is a live connection; the message is owned by it.
        let message = unsafe { pq_sys::PQerrorMessage(self.raw.as_ptr()) };
        // SAFETY: message is a NUL-terminated string owned by the connection.
        let len = unsafe { cstr_bytes(message) }.len();
        if sock != self.sock || len != self.message_len {
            self.sock = sock;
            self.message_len = len;
            self.id = NEXT_ID.fetch_add(1, Ordering::Relaxed);
            self.deadline = self.timeout_us.map(|t| now.saturating_add(t));
        }
    }

    /// `PQerrorMessage`.
    fn error_message(&self) -> String {
        // SAFETY: the pointer is a live connection; the message is owned by it.
        let p = unsafe { pq_sys::PQerrorMessage(self.raw.as_ptr()) };
        // SAFETY: p is a NUL-terminated string owned by the connection.
        String::from_utf8_lossy(unsafe { cstr_bytes(p) }).into_owned()
    }

    /// The connection's options in effect (`PQconninfo`): every keyword
    /// with a value.
    fn conninfo(&self) -> Vec<(CString, CString)> {
        // SAFETY: the pointer is a live connection owned by self.
        let raw = unsafe { pq_sys::PQconninfo(self.raw.as_ptr()) };
        // SAFETY: raw is NULL or an array PQconninfo made for the caller
        // to free, which OptionArray does.
        let Some(array) = (unsafe { OptionArray::from_raw(raw) }) else { return Vec::new() };
        array.entries().filter_map(|(k, v, _)| Some((k.to_owned(), v?.to_owned()))).collect()
    }

    /// The `connect_timeout` in effect, µs (as libpq reads it: an integer;
    /// 0, negative or none is no limit; libpq before 17 waits at least
    /// two seconds).
    fn connect_timeout(&self) -> Option<i64> {
        let all = self.conninfo();
        let value = all.iter().find(|(k, _)| k.as_c_str() == c"connect_timeout")?;
        let secs: i64 = value.1.to_str().ok()?.trim().parse().ok()?;
        if secs <= 0 {
            return None;
        }
        let secs = if super::lib_version() < 170_000 { secs.max(2) } else { secs };
        Some(secs.saturating_mul(1_000_000))
    }

    /// The options of an attempt at the hosts after the current one (and
    /// how many hosts are before it), if there are any.
    fn rest_of_list(&self) -> Option<(Options, usize)> {
        let all = self.conninfo();
        let list = |key: &CStr| -> Vec<String> {
            all.iter()
                .find(|(k, _)| k.as_c_str() == key)
                .map(|(_, v)| v.to_string_lossy().split(',').map(str::to_string).collect())
                .unwrap_or_default()
        };
        let (hosts, addrs, ports) = (list(c"host"), list(c"hostaddr"), list(c"port"));
        let n = hosts.len().max(addrs.len());
        // SAFETY: the pointer is a live connection; PQhost returns a string it owns.
        let current = unsafe { pq_sys::PQhost(self.raw.as_ptr()) };
        // SAFETY: current is NULL or a NUL-terminated string owned by the
        // connection.
        let current = unsafe { cstr_bytes(current) };
        let named = |i: usize| {
            let h = hosts.get(i).filter(|h| !h.is_empty()).or(addrs.get(i));
            h.is_some_and(|h| h.as_bytes() == current)
        };
        let here = (0..n).find(|&i| named(i))?;
        if here + 1 >= n {
            return None;
        }
        let rest = |v: &[String]| (v.len() == n).then(|| v[here + 1..].join(","));
        let mut opts = Vec::with_capacity(all.len());
        for (k, v) in all {
            let replaced = match k.as_bytes() {
                b"host" => rest(&hosts),
                b"hostaddr" => rest(&addrs),
                b"port" => rest(&ports),
                _ => None,
            };
            let v = match replaced {
                Some(r) => CString::new(r).ok()?,
                None => v,
            };
            opts.push((k, v));
        }
        Some((Options::explicit(opts), self.skipped + here + 1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Connects with `params` the way a worker does: polling when the
    /// socket is ready, giving the address up at its deadline.
    fn dial(params: &ConnParams) -> Result<Conn, ConnectError> {
        let mut step = Dialing::start(params)?;
        loop {
            let (d, want) = match step {
                Step::Done(c) => return Ok(c),
                Step::Failed(e) => return Err(e),
                Step::Wait(d, want) => (d, want),
            };
            let events = if want == Want::Write { libc::POLLOUT } else { libc::POLLIN };
            let mut pfd = libc::pollfd { fd: d.socket(), events, revents: 0 };
            let ms = d.deadline().map_or(-1, |t| {
                c_int::try_from((t - monotonic_us()).max(0) / 1000 + 1).unwrap_or(c_int::MAX)
            });
            // SAFETY: one valid pollfd.
            let n = unsafe { libc::poll(&raw mut pfd, 1, ms) };
            step = if n == 0 && d.deadline().is_some_and(|t| monotonic_us() >= t) {
                d.time_out(params)
            } else {
                d.poll(params)
            };
        }
    }

    fn params(dbname: &str) -> ConnParams {
        ConnParams {
            dbname: Some(dbname.to_string()),
            application_name: "pgbench".into(),
            ..ConnParams::default()
        }
    }

    /// A host list that fails at once fails with libpq's message for
    /// every host, as the blocking connection gives it.
    #[test]
    fn a_list_of_missing_hosts_fails_as_the_blocking_connection() {
        let p = params("host=/nonexistent-a,/nonexistent-b port=5432 dbname=x user=x");
        let blocking = Conn::connect(&p).expect_err("no server there");
        let dialed = dial(&p).expect_err("no server there");
        assert_eq!(dialed, blocking);
        assert_eq!(blocking.to_string().matches("failed: No such file or directory").count(), 2);
    }

    /// A server that accepts the connection and never answers: the
    /// address is given up after connect_timeout with libpq's `timeout
    /// expired`, and the next host of the list is tried, as the blocking
    /// connection does (whose message it gives, word for word). The
    /// silent server is a Unix socket nobody accepts on (the kernel
    /// completes the connection from its backlog), so the test needs no
    /// network: package builds run it with the network, loopback
    /// included, off.
    #[test]
    fn connect_timeout_gives_the_host_up_and_tries_the_next() {
        let dir = std::env::temp_dir().join(format!("pgbench-rs-dial-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("a directory for the socket");
        let socket = dir.join(".s.PGSQL.5432");
        let _ = std::fs::remove_file(&socket);
        let silent = std::os::unix::net::UnixListener::bind(&socket).expect("a listening socket");
        let p = params(&format!(
            "host={},/nonexistent-c port=5432 dbname=x user=x connect_timeout=2",
            dir.display()
        ));
        let t0 = monotonic_us();
        let blocking = Conn::connect(&p).expect_err("no answer");
        let t1 = monotonic_us();
        let dialed = dial(&p).expect_err("no answer");
        let t2 = monotonic_us();
        drop(silent);
        let _ = std::fs::remove_dir_all(&dir);
        assert_eq!(dialed, blocking);
        let text = dialed.to_string();
        let expired = format!("socket \"{}\" failed: timeout expired\n", socket.display());
        assert!(text.contains(&expired), "{text}");
        assert!(text.contains("/nonexistent-c/.s.PGSQL.5432\" failed"), "{text}");
        // (Both waited the timeout: at least its two seconds.)
        assert!(t1 - t0 >= 1_900_000 && t2 - t1 >= 1_900_000, "{} {}", t1 - t0, t2 - t1);
    }
}
