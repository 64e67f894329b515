//! The `-R` schedule's next slot, from `-R`'s constant rate or from
//! `--rate-profile`'s rate of the moment, and the per-step statistics of
//! a profile; how a transaction (or a skipped slot) ended ([`TxEnd`]),
//! which they and the other records take.

use crate::engine::shared::Shared;
use crate::engine::thread_state::ThreadState;
use crate::rand::dist::poisson_delay_us;

/// The thread's next slot after its last one (monotonic µs).
#[inline]
pub(super) fn next_slot(sh: &Shared<'_>, th: &mut ThreadState) -> i64 {
    match sh.cfg.ext.rate_profile.as_ref() {
        None => {
            let delay = crate::invariant::some(
                sh.cfg.throttle_delay_us,
                "invariant: a client throttles only under -R",
            );
            th.throttle_trigger + poisson_delay_us(&mut th.throttle_rng, delay)
        }
        Some(p) => {
            let t = th.throttle_trigger - th.rate_origin;
            th.rate_origin + p.next(t, &mut th.throttle_rng, f64::from(sh.cfg.nthreads))
        }
    }
}

/// Records a transaction (or skipped slot) scheduled at `scheduled` in
/// the statistics of its step.
pub(super) fn record_step(
    sh: &Shared<'_>,
    th: &mut ThreadState,
    scheduled: i64,
    end: &TxEnd,
    tries: u32,
) {
    let Some(p) = sh.cfg.ext.rate_profile.as_ref() else { return };
    if let Some(s) = th.steps.get_mut(p.step_of(scheduled - th.rate_origin)) {
        s.accum(end.skipped, end.latency, end.lag, end.outcome, tries, end.with_lag);
    }
}

/// How one transaction (or skipped slot) ended, for `record_extras`.
pub(super) struct TxEnd {
    /// A `-R` slot skipped under `-L`.
    pub(super) skipped: bool,
    /// Success, or the failure.
    pub(super) outcome: crate::stats::TxOutcome,
    /// µs (0 when not measured).
    pub(super) latency: f64,
    /// `-R`'s schedule lag, µs.
    pub(super) lag: f64,
    /// Under `-R`: the lag is recorded.
    pub(super) with_lag: bool,
}
