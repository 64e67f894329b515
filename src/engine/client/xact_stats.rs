//! What a transaction's end records (C's `processXactStats` and the
//! per-command counts of `advanceConnectionState`): the thread's totals,
//! and when anything else records it (`-L`, `-l`, per-script statistics,
//! distributions, `--rate-profile`'s steps, `--reconnect`'s outage notes)
//! those too; a command's time under `-r`, and a failed or retried
//! transaction's count on the command where it failed.

use super::error::ErrorStatus;
use super::link::Link;
use super::profile::{self, TxEnd};
use super::{Client, LazyNow};
use crate::engine::shared::Shared;
use crate::engine::thread_state::ThreadState;
use crate::stats::{CommandStats, TxOutcome};

impl<L: Link> Client<L> {
    /// Starts the measurement after a warm-up: the transactions of the
    /// warm-up do not count towards `-t` (nor number the log's lines).
    pub(crate) fn begin_measurement(&mut self) {
        self.cnt = 0;
    }

    /// `processXactStats`: records the end of a transaction (or a skipped
    /// slot) in the thread's statistics and log.
    #[inline(never)]
    pub(super) fn record_transaction(
        &mut self,
        sh: &Shared<'_>,
        th: &mut ThreadState,
        now: &mut LazyNow,
        skipped: bool,
    ) {
        let mut latency = 0.0;
        let mut lag = 0.0;
        if sh.detailed && !skipped && self.estatus == ErrorStatus::NoError {
            let t = now.get();
            {
                latency = (t - self.txn_scheduled) as f64;
                lag = (self.txn_begin - self.txn_scheduled) as f64;
            }
        }
        let outcome = self.estatus.outcome();
        let with_lag = sh.throttled();
        self.cnt += 1;
        if th.extras {
            let end = TxEnd { skipped, outcome, latency, lag, with_lag };
            self.record_extras(sh, th, now, &end);
        }
        th.stats.accum(skipped, latency, lag, outcome, self.tries, with_lag);
    }

    /// The rest of `record_transaction` when anything but the thread's
    /// totals records it: distributions first (an interval that ended is
    /// closed with the statistics before this transaction), then `-L`,
    /// the log and the per-script statistics.
    fn record_extras(
        &mut self,
        sh: &Shared<'_>,
        th: &mut ThreadState,
        now: &mut LazyNow,
        end: &TxEnd,
    ) {
        let success = !end.skipped && end.outcome == TxOutcome::Success;
        if th.dist.is_some() {
            record_distribution(sh, th, now.get(), self.use_file, success, end.latency, end.lag);
        }
        if !th.steps.is_empty() {
            profile::record_step(sh, th, self.txn_scheduled, end, self.tries);
        }
        if success && th.outage.is_some() {
            self.note_success(th, now);
        }
        if sh.cfg.latency_limit_us.is_some_and(|limit| end.latency > limit as f64) {
            th.latency_late += 1;
        }
        if let Some(log) = th.log.as_mut() {
            log.transaction(
                &mut th.sample_rng,
                self.id,
                self.cnt,
                self.use_file,
                end.skipped,
                end.outcome,
                end.latency,
                end.lag,
                self.tries,
            );
        }
        if let Some(s) = th.script_stats.get_mut(self.use_file).filter(|_| sh.cfg.per_script_stats)
        {
            s.accum(end.skipped, end.latency, end.lag, end.outcome, self.tries, end.with_lag);
        }
    }

    /// The statistics of the current command (with `-r`'s counts).
    fn command_stats<'a>(&self, th: &'a mut ThreadState) -> Option<&'a mut CommandStats> {
        th.cmd_stats.get_mut(self.use_file).and_then(|v| v.get_mut(self.command))
    }

    /// `-r`: the current command ended at `now`; its time, in the
    /// command's statistics and distribution.
    pub(super) fn record_command(&self, th: &mut ThreadState, now: i64) {
        let elapsed = now - self.stmt_begin;
        if let Some(cs) = self.command_stats(th) {
            cs.elapsed.add(elapsed as f64 / 1e6);
        }
        if let Some(d) = th.dist.as_deref_mut() {
            d.command(self.use_file, self.command, elapsed as f64);
        }
    }

    /// The transaction runs again: a retry of the current command.
    pub(super) fn count_retry(&self, th: &mut ThreadState) {
        if let Some(cs) = self.command_stats(th) {
            cs.retries += 1;
        }
    }

    /// The transaction failed in the current command, as `outcome` says.
    pub(super) fn count_failure(&self, th: &mut ThreadState, outcome: TxOutcome) {
        if let Some(cs) = self.command_stats(th) {
            cs.failures += 1;
            match outcome {
                TxOutcome::SerializationFailure => cs.serialization_failures += 1,
                TxOutcome::DeadlockFailure => cs.deadlock_failures += 1,
                TxOutcome::OtherFailure => cs.other_failures += 1,
                TxOutcome::ConnectionFailure | TxOutcome::CommitUnknown => {
                    cs.connection_failures += 1;
                }
                TxOutcome::Success => {}
            }
        }
    }
}

/// Records a transaction in the thread's distributions (when an output
/// shows them): first closes the interval before `now` if it ended, with
/// the statistics before this transaction.
#[inline]
fn record_distribution(
    sh: &Shared<'_>,
    th: &mut ThreadState,
    now: i64,
    script: usize,
    success: bool,
    latency: f64,
    lag: f64,
) {
    let Some(d) = th.dist.as_deref_mut() else { return };
    if d.past_end(now) {
        let cumulative = if sh.cfg.per_script_stats {
            &th.script_stats[..]
        } else {
            std::slice::from_ref(&th.stats)
        };
        d.close_until(now, cumulative);
    }
    if success {
        d.transaction(script, latency, lag, sh.throttled());
    }
}
