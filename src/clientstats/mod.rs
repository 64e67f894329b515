//! `--client-stats` (and a report option, `--repeat`, `--sweep-clients`):
//! the client's own side of a run. Each worker thread measures itself
//! ([`Meter`]): once a second while anything shows the seconds (`-P`, a
//! report option, `--client-stats`), else at the start and the end of the
//! measurement, never per transaction, with two system calls a reading
//! (`getrusage(RUSAGE_THREAD)` and a read of its schedstat: `sys::thread_cpu`).
//! It sends each reading to the main thread, which measures itself
//! alongside and makes of them each thread's shares of the time measured
//! (busy on a CPU, waiting for one), its CPU time per transaction and
//! context switches, and the verdict ([`collect`]): a worker thread busy
//! or waiting for a CPU at least [`SATURATED_PCT`] of the time, for at
//! least [`MIN_SATURATED_US`], had no idle time, so that the run measured
//! the client. Nothing is measured for a command line C pgbench accepts.

pub(crate) mod collect;

use std::ops::Range;

use crate::config::BenchConfig;
use crate::sys::thread_cpu::{SchedStat, Usage, thread_usage};

/// The share of the time measured, busy on a CPU or waiting for one, at
/// which a thread is saturated, %. A thread below it was idle (waiting
/// for the server, with nothing to do) at least a tenth of the time: it
/// could have taken more work, and what it was given was the server's
/// answers. At or above it, the idle moments are the gaps between
/// answers that came together, which are in every loop that keeps up: a
/// busier server would have found the client no faster. (Locust warns at
/// the same share of its CPU.)
pub(crate) const SATURATED_PCT: f64 = 90.0;

/// How long a thread must be saturated for the run to have measured the
/// client, µs: two readings a second apart at least, so that a burst (the
/// first transactions' preparations, a second of a checkpoint on a shared
/// machine) is not taken for the run's limit.
pub(crate) const MIN_SATURATED_US: i64 = 2_000_000;

/// Under `-R`, how much a saturated thread's schedule lag must grow, as a
/// share of the time it was saturated, for the client to have fallen
/// behind the schedule: 50 ms a second, the lag of a client that runs 5%
/// slower than the rate (the schedule's own randomness moves it by far
/// less at rates a client can saturate at).
pub(crate) const BEHIND_SHARE: f64 = 0.05;

/// When the threads measure themselves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Plan {
    /// Every second (else at the start and the end of the measurement).
    pub(crate) per_second: bool,
    /// `--client-stats`: the text report and the `-P` lines show it.
    pub(crate) shown: bool,
}

impl Plan {
    /// What a configuration asks for: nothing unless `--client-stats`, a
    /// report option, `--repeat` or `--sweep-clients` shows it.
    pub(crate) fn of(cfg: &BenchConfig) -> Option<Plan> {
        let ext = &cfg.ext;
        ext.client_measured().then(|| Plan {
            per_second: ext.client_stats || ext.reports.any() || cfg.progress.is_some(),
            shown: ext.client_stats,
        })
    }
}

/// A reading of a thread's clocks and counters.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Reading {
    /// When it was taken (monotonic µs).
    pub(crate) at_us: i64,
    /// The thread's CPU time and context switches so far.
    pub(crate) usage: Usage,
    /// Its time waiting for a CPU so far, µs (none: not measured).
    pub(crate) run_queue_us: Option<i64>,
    /// Under `-R`: how far behind its schedule the thread was, µs.
    pub(crate) lag_us: Option<i64>,
}

/// Which of a thread's readings a sample is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Kind {
    /// At the start of the measurement.
    Start,
    /// At the end of a second.
    Second,
    /// At the end of the measurement.
    End,
}

/// A reading and the seconds since the thread's previous one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Sample {
    /// Which one it is.
    pub(crate) kind: Kind,
    /// The seconds (numbered from the origin of the run's seconds) it
    /// closes since the previous sample: empty for the first.
    pub(crate) seconds: Range<u64>,
    /// The reading.
    pub(crate) reading: Reading,
}

/// A thread's means of measuring itself: its schedstat, kept open.
#[derive(Debug)]
pub(crate) struct Meter {
    sched: Option<SchedStat>,
    /// The origin of the run's seconds (monotonic µs).
    origin: i64,
    /// The end of the current second (never, when measuring at the start
    /// and the end only).
    next_tick: i64,
    /// The second of the last sample.
    second: u64,
}

impl Meter {
    /// The calling thread's meter, for the seconds from `origin`
    /// (monotonic µs), and its first sample, at `now`.
    pub(crate) fn start(plan: Plan, origin: i64, now: i64, lag_us: Option<i64>) -> (Self, Sample) {
        let mut m = Meter { sched: SchedStat::open(), origin, next_tick: i64::MAX, second: 0 };
        m.second = m.second_of(now);
        if plan.per_second {
            m.next_tick = m.end_of(m.second);
        }
        let (s, reading) = (m.second, m.reading(now, lag_us));
        (m, Sample { kind: Kind::Start, seconds: s..s, reading })
    }

    /// The calling thread's meter, with no seconds of its own (the main
    /// thread's, whose samples follow the workers').
    pub(crate) fn open() -> Self {
        Meter { sched: SchedStat::open(), origin: 0, next_tick: i64::MAX, second: 0 }
    }

    /// When the current second ends (monotonic µs; `i64::MAX` when the
    /// thread measures only at the start and the end).
    #[inline]
    pub(crate) fn next_tick(&self) -> i64 {
        self.next_tick
    }

    /// The sample at the end of a second (`now` at or past
    /// [`Meter::next_tick`]).
    pub(crate) fn tick(&mut self, now: i64, lag_us: Option<i64>) -> Sample {
        let s = self.second_of(now).max(self.second + 1);
        let seconds = self.second..s;
        self.second = s;
        self.next_tick = self.end_of(s);
        Sample { kind: Kind::Second, seconds, reading: self.reading(now, lag_us) }
    }

    /// The last sample, at the end of the measurement: it closes the
    /// second it falls in, however short.
    pub(crate) fn end(&mut self, now: i64, lag_us: Option<i64>) -> Sample {
        let s = self.second_of(now).max(self.second);
        let seconds = self.second..s + 1;
        self.second = s + 1;
        self.next_tick = i64::MAX;
        Sample { kind: Kind::End, seconds, reading: self.reading(now, lag_us) }
    }

    /// A reading of the thread's clocks now (`now`, monotonic µs).
    pub(crate) fn read(&self, now: i64) -> Reading {
        self.reading(now, None)
    }

    /// A reading of the thread's clocks at `now`, with its schedule lag.
    fn reading(&self, now: i64, lag_us: Option<i64>) -> Reading {
        let sched = self.sched.as_ref().and_then(SchedStat::read);
        let run_queue_us = sched.and_then(|s| i64::try_from(s.run_queue_ns / 1000).ok());
        Reading { at_us: now, usage: thread_usage().unwrap_or_default(), run_queue_us, lag_us }
    }

    fn second_of(&self, t: i64) -> u64 {
        u64::try_from((t - self.origin).max(0) / 1_000_000).unwrap_or(0)
    }

    fn end_of(&self, second: u64) -> i64 {
        let next = i64::try_from(second.saturating_add(1)).unwrap_or(i64::MAX / 1_000_000);
        self.origin.saturating_add(next.saturating_mul(1_000_000))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The samples of a thread close the seconds from the first to the
    /// one the last falls in, each once: a tick late by more than a
    /// second closes the seconds it missed; the end closes its own.
    #[test]
    fn samples_close_each_second_once() {
        let plan = Plan { per_second: true, shown: true };
        let origin = 1_000_000_000;
        let (mut m, first) = Meter::start(plan, origin, origin + 200, None);
        assert_eq!((first.kind, first.seconds.clone()), (Kind::Start, 0..0));
        assert_eq!(m.next_tick(), origin + 1_000_000);
        let a = m.tick(origin + 1_000_050, None);
        assert_eq!((a.kind, a.seconds), (Kind::Second, 0..1));
        let b = m.tick(origin + 3_200_000, None);
        assert_eq!(b.seconds, 1..3);
        assert_eq!(m.next_tick(), origin + 4_000_000);
        let end = m.end(origin + 3_500_000, Some(7));
        assert_eq!((end.kind, end.seconds, end.reading.lag_us), (Kind::End, 3..4, Some(7)));
        assert_eq!(m.next_tick(), i64::MAX);
        // Measured at the start and the end only: one interval.
        let once = Plan { per_second: false, shown: false };
        let (mut m, first) = Meter::start(once, origin, origin + 2_500_000, None);
        assert_eq!((first.seconds, m.next_tick()), (2..2, i64::MAX));
        assert_eq!(m.end(origin + 9_100_000, None).seconds, 2..10);
    }
}
