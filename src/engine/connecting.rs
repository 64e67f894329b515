//! A worker's initial connections (C's loop of `doConnect` before the
//! "GO" barrier): the thread's clients connect at once, at most
//! [`IN_FLIGHT`] attempts at a time, each one driven by the thread's wait
//! set (its socket, and its `connect_timeout` deadline), so that the
//! thread's connection time is about the slowest attempt's instead of the
//! sum of all of them.
//!
//! When an attempt fails, no other one starts, and those of lower client
//! numbers still in progress finish: the failure reported is the first
//! client's to fail in client order, as C (which connects them one after
//! another) reports it.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};

use crate::engine::client::{Client, LazyNow, Made, Wait};
use crate::engine::shared::Shared;
use crate::error::Error;
use crate::pq::ConnectError;
use crate::sys::clock::monotonic_us;
use crate::sys::wait::{Interest, Token, Waiter};

/// How many of a thread's clients may be connecting at once: enough to
/// keep the server's postmaster forking while earlier backends start
/// (the initial connection time of `-c 500 -j 1`: see
/// docs/performance.md), few enough that a thousand clients on a few
/// threads do not send a thousand connection requests in one burst.
pub(crate) const IN_FLIGHT: usize = 32;

/// Connects every client of the thread (their connections then in
/// libpq's non-blocking mode), at most `at_once` attempts at a time. Ok
/// also when the run is stopped meanwhile (the attempts in progress are
/// abandoned); else C's messages for the first client that could not
/// connect.
pub(crate) fn connect_all(
    sh: &Shared<'_>,
    waiter: &mut Waiter,
    clients: &mut [Client],
    at_once: usize,
) -> Result<(), Error> {
    let n = clients.len();
    let mut next = 0;
    let mut in_flight = 0;
    let mut runq: VecDeque<usize> = VecDeque::with_capacity(at_once.min(n));
    let mut deadlines: BinaryHeap<Reverse<(i64, usize, u64)>> = BinaryHeap::new();
    let mut watched: Vec<Option<u64>> = vec![None; n];
    let mut ready: Vec<Token> = Vec::new();
    let mut failed: Option<(usize, ConnectError)> = None;
    loop {
        if sh.sync.stopping() {
            clients.iter_mut().for_each(Client::finish_conn);
            return Ok(());
        }
        loop {
            // Each attempt that ends makes room for the next client's
            // before anything waits: when every attempt in flight ends in
            // one wait, nothing is left in flight to end the next.
            while failed.is_none() && in_flight < at_once && next < n {
                runq.push_back(next);
                in_flight += 1;
                next += 1;
            }
            let Some(i) = runq.pop_front() else { break };
            let c = &mut clients[i];
            let token = token_of(i);
            match c.make_connection(sh, &mut LazyNow::default(), None) {
                Made::Waiting(Wait::Connect { write, deadline }) => {
                    if c.conn_id() != watched[i] {
                        let Some((id, sock)) = c.socket() else { continue };
                        waiter
                            .watch(token, sock)
                            .map_err(|e| os_error("could not watch a socket", &e))?;
                        watched[i] = Some(id);
                    }
                    let interest = Interest { write, reply_pending: true };
                    match waiter.expect(token, interest) {
                        Ok(true) => runq.push_back(i),
                        Ok(false) => {}
                        Err(e) => {
                            return Err(os_error(&format!("{}() failed", waiter.wait_call()), &e));
                        }
                    }
                    if let (Some(t), Some(id)) = (deadline, c.dial_id()) {
                        deadlines.push(Reverse((t, i, id)));
                    }
                }
                Made::Waiting(_) => {}
                Made::Connected => {
                    c.set_nonblocking();
                    in_flight -= 1;
                }
                Made::Failed(e) => {
                    in_flight -= 1;
                    if failed.as_ref().is_none_or(|(f, _)| i < *f) {
                        failed = Some((i, e));
                    }
                }
            }
        }
        if let Some((f, e)) = failed.take() {
            // Done once no client before the failed one is still connecting.
            if clients[..f].iter().all(|c| c.dial_id().is_none()) {
                clients.iter_mut().for_each(Client::finish_conn);
                let id = clients[f].id;
                return Err(Error::new(e.to_string())
                    .and_error(format!("could not create connection for client {id}")));
            }
            failed = Some((f, e));
        }
        if in_flight == 0 && next == n {
            return Ok(());
        }
        let now = monotonic_us();
        let timeout = deadlines.peek().map(|Reverse((t, _, _))| (*t - now).max(0));
        ready.clear();
        if let Err(e) = waiter.wait(timeout, &mut ready) {
            return Err(os_error(&format!("{}() failed", waiter.wait_call()), &e));
        }
        runq.extend(ready.iter().map(|&t| -> usize {
            crate::invariant::fits(t, "invariant: a token is a client's index")
        }));
        let now = monotonic_us();
        while let Some(Reverse((t, i, id))) = deadlines.peek().copied() {
            if t > now {
                break;
            }
            deadlines.pop();
            if clients[i].dial_id() == Some(id) && !runq.contains(&i) {
                runq.push_back(i);
            }
        }
    }
}

/// The wait set's token of client `i` of the thread.
fn token_of(i: usize) -> Token {
    crate::invariant::fits(i, "invariant: a thread has fewer than 2^32 clients")
}

/// `what: error` as the set-up's error.
fn os_error(what: &str, e: &std::io::Error) -> Error {
    Error::new(format!("{what}: {}", crate::sys::os_error_text(e)))
}
