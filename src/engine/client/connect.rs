//! A client's connections made without blocking its thread (and the
//! connection it has: installed, closed, its socket): the step of
//! an attempt in progress ([`Client::make_connection`], for the initial
//! connections, `-C` and `--reconnect` alike), and `-C`'s connection per
//! transaction: made before each transaction (under `--reconnect` a
//! failure to connect is a lost connection) and closed after it, the time
//! of both counted for the report's `average connection time` (each
//! connection's own time from its start to its end, as C counts it:
//! the thread meanwhile serves its other clients).

use super::link::{Dial, Dialed, Link};
use super::{Client, LazyNow, State, Wait};
use crate::engine::shared::Shared;
use crate::engine::thread_state::ThreadState;
use crate::log;
use crate::pq::ConnectError;
use crate::sys::clock::monotonic_us;
use std::os::fd::RawFd;

/// Where making a connection is after a step.
#[derive(Debug)]
pub(crate) enum Made {
    /// It waits (for the socket, until at most a time).
    Waiting(Wait),
    /// The client has its connection.
    Connected,
    /// It failed, with libpq's message.
    Failed(ConnectError),
}

impl<L: Link> Client<L> {
    /// One step of the connection this client is making: starts an
    /// attempt when none is in progress, else gives the current address
    /// up at its deadline, else polls it (it is woken only by its socket
    /// or its deadline). `limit` is a time at which the caller wants the
    /// client back even while it waits (the end of the run).
    pub(crate) fn make_connection(
        &mut self,
        sh: &Shared<'_>,
        now: &mut LazyNow,
        limit: Option<i64>,
    ) -> Made {
        let params = &sh.cfg.conn;
        let step = match self.dial.take() {
            None => {
                self.dial_started = now.get();
                L::start(params)
            }
            Some(d) if d.deadline().is_some_and(|t| now.get() >= t) => L::time_out(*d, params),
            Some(d) => L::poll(*d, params),
        };
        match step {
            Dialed::Wait(d, write) => {
                let deadline = match (d.deadline(), limit) {
                    (Some(a), Some(b)) => Some(a.min(b)),
                    (a, b) => a.or(b),
                };
                self.dial = Some(Box::new(d));
                Made::Waiting(Wait::Connect { write, deadline })
            }
            Dialed::Done(c) => {
                if let Some(b) = sh.backends {
                    b.note(c.backend_pid());
                }
                self.set_conn(c);
                now.reset();
                Made::Connected
            }
            Dialed::Failed(e) => {
                now.reset();
                Made::Failed(e)
            }
        }
    }

    /// The number of the attempt in progress, if one is.
    #[inline]
    pub(crate) fn dial_id(&self) -> Option<u64> {
        self.dial.as_deref().map(Dial::id)
    }

    /// `CSTATE_START_TX` without a connection: makes one. None once
    /// connected; else what to wait for, or None with the state saying
    /// what comes next after a failure (`Lost` under `--reconnect`, else
    /// `Aborted` after C's messages).
    #[inline(never)]
    pub(super) fn connect_for_transaction(
        &mut self,
        sh: &Shared<'_>,
        th: &mut ThreadState,
        now: &mut LazyNow,
    ) -> Result<(), Option<Wait>> {
        match self.make_connection(sh, now, None) {
            Made::Waiting(w) => Err(Some(w)),
            Made::Connected => {
                let t = monotonic_us();
                now.set(t);
                th.conn_duration += t - self.dial_started;
                self.prepared.clear();
                Ok(())
            }
            Made::Failed(msg) if sh.cfg.ext.reconnect.is_some() => {
                log::debug!("client {} could not connect: {msg}", self.id);
                self.state = State::Lost;
                Err(None)
            }
            Made::Failed(msg) => {
                log::error!("{msg}");
                log::error!("client {} aborted while establishing connection", self.id);
                self.state = State::Aborted;
                Err(None)
            }
        }
    }

    /// `-C`: the transaction ended; disconnects.
    pub(super) fn disconnect_after_transaction(&mut self, th: &mut ThreadState, now: &mut LazyNow) {
        let start = now.get();
        self.finish_conn();
        let t = monotonic_us();
        now.set(t);
        th.conn_duration += t - start;
    }
}

/// The connection itself: installed, closed, its socket and number.
impl<L: Link> Client<L> {
    /// Installs a connection (initial connection or `-C` reconnect).
    pub(crate) fn set_conn(&mut self, conn: L) {
        self.conn = Some(conn);
    }

    /// Closes the connection, if any (C's `finishCon`), and abandons the
    /// one being made.
    pub(crate) fn finish_conn(&mut self) {
        if let Some(c) = self.conn.take() {
            c.finish();
        }
        self.dial = None;
    }

    /// Puts the connection in libpq's non-blocking mode (the initial
    /// connections and those made again; `-C`'s stay blocking, as C's).
    pub(crate) fn set_nonblocking(&mut self) {
        if let Some(c) = self.conn.as_mut() {
            c.set_nonblocking(true);
        }
    }

    /// Asks the server to cancel the command this client's connection
    /// runs, if one runs (the run was interrupted).
    pub(crate) fn cancel_in_flight(&self) {
        let Some(c) = self.conn.as_ref() else { return };
        if c.transaction_status() != crate::pq::TxStatus::Active {
            return;
        }
        if let Some(Err(msg)) = c.cancel() {
            log::debug!("client {} could not send cancel request: {msg}", self.id);
        }
    }

    /// The number and socket of the connection, or of the one being made.
    #[inline]
    pub(crate) fn socket(&self) -> Option<(u64, RawFd)> {
        match (&self.conn, self.dial.as_deref()) {
            (Some(c), _) => Some((c.id(), c.socket())),
            (None, Some(d)) => Some((d.id(), d.socket())),
            (None, None) => None,
        }
    }

    /// The number of the connection, or of the one being made (which
    /// changes with its socket).
    #[inline]
    pub(crate) fn conn_id(&self) -> Option<u64> {
        match &self.conn {
            Some(c) => Some(c.id()),
            None => self.dial_id(),
        }
    }

    /// libpq's last error message on this client's connection.
    pub(crate) fn conn_error(&self) -> String {
        self.conn.as_ref().map(L::error_message).unwrap_or_default()
    }
}
