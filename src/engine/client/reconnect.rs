//! `--reconnect`: a client whose connection is lost fails its transaction
//! (a `connection` failure, or `commit_unknown` when the COMMIT was sent
//! and its result never came), closes the connection and connects again
//! to the connection string's hosts, waiting between attempts with a
//! bounded backoff; on the new connection the statements are prepared
//! again (the prepared set is cleared) and, under `-R`, the next
//! transaction takes the next slot of the thread's schedule, so that the
//! time lost shows as lag (or skipped slots under `-L`).

use super::error::ErrorStatus;
use super::link::Link;
use super::{Client, LazyNow, Made, State, Wait};
use crate::engine::shared::Shared;
use crate::engine::thread_state::ThreadState;
use crate::log;
use crate::sys::clock::monotonic_us;

/// Where a client is in losing and making its connection again.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Redial {
    /// When the connection was found lost (monotonic µs).
    lost_at: i64,
    /// When to try to connect next.
    next_attempt: i64,
    /// The wait after the next failed attempt.
    backoff_us: i64,
    /// A COMMIT (or END) of the current try was sent.
    commit_sent: bool,
    /// When the current transaction started (monotonic µs; kept only
    /// while the thread notes outages).
    began: i64,
    /// When the connection in use was made again after a loss, until a
    /// transaction succeeds on it.
    fresh: Option<i64>,
}

/// SQLSTATEs that end the connection: class 08 (connection exception),
/// 57P01 (admin shutdown), 57P02 (crash shutdown), 57P03 (cannot connect
/// now).
pub(super) fn ends_connection(sqlstate: Option<[u8; 5]>) -> bool {
    matches!(sqlstate, Some([b'0', b'8', ..]) | Some([b'5', b'7', b'P', b'0', b'1'..=b'3']))
}

/// The first word of an SQL text is COMMIT or END.
fn is_commit(text: &[u8]) -> bool {
    let text = text.trim_ascii_start();
    let word = &text[..text.iter().take_while(|b| b.is_ascii_alphabetic()).count()];
    word.eq_ignore_ascii_case(b"COMMIT") || word.eq_ignore_ascii_case(b"END")
}

impl<L: Link> Client<L> {
    /// Under `--reconnect`, whether the connection is lost (none, or bad).
    pub(super) fn lost(&self, sh: &Shared<'_>) -> bool {
        sh.cfg.ext.reconnect.is_some() && self.conn.as_ref().is_none_or(|c| !c.is_ok())
    }

    /// The connection failed: under `--reconnect` a lost one fails the
    /// transaction (`Lost`); otherwise the client aborts, after `say` has
    /// said why.
    #[cold]
    #[inline(never)]
    pub(super) fn abort_or_lost(&mut self, sh: &Shared<'_>, say: impl FnOnce(&mut Self)) {
        if self.lost(sh) {
            self.state = State::Lost;
        } else {
            say(self);
            self.state = State::Aborted;
        }
    }

    /// Notes an SQL command sent (a COMMIT makes a later loss one whose
    /// outcome is unknown).
    pub(super) fn note_sent(&mut self, sh: &Shared<'_>, text: &[u8]) {
        if sh.cfg.ext.reconnect.is_some() && is_commit(text) {
            self.redial.commit_sent = true;
        }
    }

    /// A new try of a transaction starts.
    pub(super) fn new_try(&mut self) {
        self.redial.commit_sent = false;
    }

    /// A transaction starts: while the thread notes outages, when (a loss
    /// found late, after the thread was busy connecting, still dates from
    /// its transaction).
    #[inline]
    pub(super) fn note_begin(&mut self, th: &ThreadState, now: &mut LazyNow) {
        if th.outage.is_some() {
            self.redial.began = now.get();
        }
    }

    /// A transaction succeeded: the thread's outage notes count it (and
    /// note the first success on a connection made again).
    pub(super) fn note_success(&mut self, th: &mut ThreadState, now: &mut LazyNow) {
        let t = now.get();
        if let Some(o) = th.outage.as_deref_mut() {
            o.success(t, self.redial.fresh.take());
        }
    }

    /// The connection is lost during a transaction: it fails, and the
    /// client connects again (or finishes, when the run is over).
    #[cold]
    #[inline(never)]
    pub(super) fn fail_on_lost(
        &mut self,
        sh: &Shared<'_>,
        th: &mut ThreadState,
        now: &mut LazyNow,
    ) {
        let msg = self.conn_error();
        log::debug!(
            "client {} lost its connection in command {} of script {}: {}",
            self.id,
            self.command,
            self.use_file,
            msg.trim_end()
        );
        self.estatus =
            if self.redial.commit_sent { ErrorStatus::LostAtCommit } else { ErrorStatus::Lost };
        if let Some(cs) = th.cmd_stats.get_mut(self.use_file).and_then(|v| v.get_mut(self.command))
        {
            cs.failures += 1;
            cs.connection_failures += 1;
        }
        if sh.cfg.verbose_errors {
            self.print_verbose_error(sh, now, false);
        }
        self.record_transaction(sh, th, now, false);
        if let Some(o) = th.outage.as_deref_mut() {
            o.lost(self.redial.began.min(now.get()));
        }
        self.start_redial(sh, th, now);
        let done = sh.cfg.length.transactions().is_some_and(|n| self.cnt >= i64::from(n))
            && th.warm_end.is_none();
        if done || sh.timer_exceeded() {
            self.state = State::Finished;
        }
    }

    /// Closes the lost connection and plans the first attempt to make a
    /// new one (at once).
    pub(super) fn start_redial(
        &mut self,
        sh: &Shared<'_>,
        th: &mut ThreadState,
        now: &mut LazyNow,
    ) {
        self.finish_conn();
        self.cond.clear();
        self.num_syncs = 0;
        self.maybe_pipeline = false;
        let t = now.get();
        let min = sh.cfg.ext.reconnect.map_or(0, |r| r.min_backoff_us);
        self.redial = Redial { lost_at: t, next_attempt: t, backoff_us: min, ..Redial::default() };
        if let Some(o) = th.outage.as_deref_mut() {
            o.down += 1;
        }
        self.state = State::Reconnect;
    }

    /// `State::Reconnect`: tries to connect when it is time, else says
    /// until when to wait (None: the state changed). An attempt is made
    /// without blocking the thread, and given up when the run ends (or
    /// `--reconnect-timeout` passes) while it waits.
    #[cold]
    #[inline(never)]
    pub(super) fn redial(
        &mut self,
        sh: &Shared<'_>,
        th: &mut ThreadState,
        now: &mut LazyNow,
    ) -> Option<Wait> {
        let Some(policy) = sh.cfg.ext.reconnect else {
            self.state = State::Aborted;
            return None;
        };
        if sh.timer_exceeded() {
            // (An attempt in progress is abandoned.)
            self.finish_conn();
            self.state = State::Finished;
            return None;
        }
        let give_up = policy.timeout_us.map(|limit| self.redial.lost_at.saturating_add(limit));
        let end = sh.end_time().map(crate::time::Mono::us);
        if self.dial.is_none() && now.get() < self.redial.next_attempt {
            // (Back at the end of the run, to finish then.)
            let at = end.map_or(self.redial.next_attempt, |e| e.min(self.redial.next_attempt));
            return Some(Wait::Until(at.max(now.get())));
        }
        if self.dial.is_some() && give_up.is_some_and(|t| now.get() >= t) {
            self.finish_conn();
            return self.give_up_reconnecting(now.get(), None);
        }
        let limit = match (end, give_up) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        let made = self.make_connection(sh, now, limit);
        if let Made::Waiting(w) = made {
            return Some(w);
        }
        let t = monotonic_us();
        now.set(t);
        if sh.cfg.is_connect {
            th.conn_duration += t - self.dial_started;
        }
        match made {
            Made::Waiting(w) => Some(w),
            Made::Connected => {
                if !sh.cfg.is_connect {
                    self.set_nonblocking();
                }
                log::debug!(
                    "client {} connected again after {} ms",
                    self.id,
                    (t - self.redial.lost_at) / 1000
                );
                self.prepared.clear();
                self.redial.fresh = Some(t);
                if let Some(o) = th.outage.as_deref_mut() {
                    o.down = o.down.saturating_sub(1);
                }
                self.state = State::ChooseScript;
                None
            }
            Made::Failed(e) => {
                if give_up.is_some_and(|limit| t >= limit) {
                    return self.give_up_reconnecting(t, Some(&e.to_string()));
                }
                log::debug!("client {} could not connect again: {e}", self.id);
                self.redial.next_attempt = t + self.redial.backoff_us;
                self.redial.backoff_us = (self.redial.backoff_us * 2).min(policy.max_backoff_us);
                let at = end.map_or(self.redial.next_attempt, |e| e.min(self.redial.next_attempt));
                Some(Wait::Until(at.max(t)))
            }
        }
    }

    /// `--reconnect-timeout` passed since the connection was lost: the
    /// client aborts, after the last attempt's message (none: it was given
    /// up while it waited).
    #[cold]
    fn give_up_reconnecting(&mut self, t: i64, message: Option<&str>) -> Option<Wait> {
        if let Some(m) = message {
            log::error!("{m}");
        }
        log::error!(
            "client {} aborted: could not connect again in {} s",
            self.id,
            (t - self.redial.lost_at) / 1_000_000
        );
        self.state = State::Aborted;
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commits_and_connection_errors() {
        for t in ["COMMIT;", "  end", "commit prepared 'x'", "End;"] {
            assert!(is_commit(t.as_bytes()), "{t}");
        }
        for t in ["BEGIN;", "SELECT 1", "ENDX", "", "UPDATE t SET commit = 1"] {
            assert!(!is_commit(t.as_bytes()), "{t}");
        }
        for s in [b"08006", b"08P01", b"57P01", b"57P02", b"57P03"] {
            assert!(ends_connection(Some(*s)));
        }
        for s in [b"57P04", b"40001", b"57014", b"23505"] {
            assert!(!ends_connection(Some(*s)));
        }
        assert!(!ends_connection(None));
    }
}
