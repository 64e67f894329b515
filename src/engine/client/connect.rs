//! A client's connection under `-C`: made before each transaction
//! (blocking, as C pgbench does; under `--reconnect` a failure to connect
//! is a lost connection) and closed after it, the time of both counted
//! for the report's `average connection time`.

use super::link::{self, Link};
use super::{Client, LazyNow, State};
use crate::engine::shared::Shared;
use crate::engine::thread_state::ThreadState;
use crate::log;
use crate::sys::clock::monotonic_us;

impl<L: Link> Client<L> {
    /// `CSTATE_START_TX` without a connection: connects. False when it
    /// could not (the state then says what comes next: `Lost` under
    /// `--reconnect`, else `Aborted` after C's messages).
    #[inline(never)]
    pub(super) fn connect_for_transaction(
        &mut self,
        sh: &Shared<'_>,
        th: &mut ThreadState,
        now: &mut LazyNow,
    ) -> bool {
        let start = now.get();
        match link::connect::<L>(sh) {
            Ok(c) => self.set_conn(c),
            Err(msg) if sh.cfg.ext.reconnect.is_some() => {
                log::debug!("client {} could not connect: {msg}", self.id);
                self.state = State::Lost;
                return false;
            }
            Err(msg) => {
                log::error!("{msg}");
                log::error!("client {} aborted while establishing connection", self.id);
                self.state = State::Aborted;
                return false;
            }
        }
        let t = monotonic_us();
        now.set(t);
        th.conn_duration += t - start;
        self.prepared.clear();
        true
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
