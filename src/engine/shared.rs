//! The run-wide state every worker reads: the configuration and scripts,
//! the `-T` timer, and the start and stop coordination ([`RunSync`]). The
//! main thread writes only the timer and the stop flag.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Condvar, Mutex, OnceLock};

use crate::config::BenchConfig;
use crate::script::Script;
use crate::sys::wait::{Mechanism, Wakers};
use crate::time::{Deadline, Mono};

/// Read-only state of the run, shared by all workers.
#[derive(Debug)]
pub(crate) struct Shared<'a> {
    /// The configuration.
    pub(crate) cfg: &'a BenchConfig,
    /// The scripts (same as `cfg.scripts`).
    pub(crate) scripts: &'a [Script],
    /// Set when the `-T` duration is over (C's `timer_exceeded`).
    pub(crate) timer: &'a AtomicBool,
    /// `--warmup` in µs (none: no warm-up).
    pub(crate) warmup_us: Option<i64>,
    /// `--start-at` (monotonic µs).
    pub(crate) start_at: Option<Mono>,
    /// Whether latencies are measured (`-P`, `-R`, `-L`, `-l` or several
    /// scripts).
    pub(crate) detailed: bool,
    /// Monotonic-to-epoch shift, µs.
    pub(crate) epoch_shift: i64,
    /// Start and stop coordination.
    pub(crate) sync: &'a RunSync,
    /// The waiting mechanism.
    pub(crate) mechanism: Mechanism,
    /// `--pin`: the CPU of each worker thread and of the main thread.
    pub(crate) pin: Option<crate::sys::affinity::Plan>,
    /// `--metrics-listen`: where the run publishes its live metrics.
    pub(crate) metrics: Option<&'a crate::metrics::Publisher<'a>>,
    /// `--server-stats`: the backends of the run's connections, for the
    /// sampler.
    pub(crate) backends: Option<&'a crate::pq::backends::Backends>,
    /// Index of each script's first command when the commands of all
    /// scripts are numbered in order (for per-command flags).
    pub(crate) command_base: Vec<usize>,
    /// The client measures itself: when.
    pub(crate) client: Option<crate::clientstats::Plan>,
    /// With distributions, per thread slot: the way the main thread hands
    /// a worker's intervals back once merged ([`crate::stats::series::Recorder::recycle`]).
    pub(crate) handed_back: Vec<crate::stats::series::HandBack>,
}

impl Shared<'_> {
    /// Whether the `-T` time is up.
    #[inline]
    pub(crate) fn timer_exceeded(&self) -> bool {
        self.timer.load(Ordering::Relaxed)
    }

    /// Ends the `-T` time.
    pub(crate) fn exceed_timer(&self) {
        self.timer.store(true, Ordering::Relaxed);
    }

    /// Whether `-R` is on.
    #[inline]
    pub(crate) fn throttled(&self) -> bool {
        self.cfg.throttle_delay_us.is_some()
    }

    /// The end of the run under `-T` (none under `-t`, or not yet known
    /// during a warm-up).
    #[inline]
    pub(crate) fn end_time(&self) -> Option<Mono> {
        self.sync.end_time.get()
    }

    /// Fixes the origin of the run's clock at `at` (monotonic µs; the
    /// first call wins) and, under `-T` without a warm-up, the end of the
    /// run `-T` seconds later, so that the last progress report time is
    /// the end of the run. Returns the origin.
    pub(crate) fn fix_origin(&self, at: Mono) -> Mono {
        *self.sync.origin.get_or_init(|| {
            if let (Some(d), None) = (self.cfg.length.duration_us(), self.warmup_us) {
                self.sync.end_time.set(at.plus_us(d));
            }
            at
        })
    }
}

/// Start and stop coordination between the workers and the main thread.
#[derive(Debug)]
pub(crate) struct RunSync {
    /// C's "READY" barrier: all threads set up.
    pub(crate) ready: Gate,
    /// C's "GO" barrier: all connections made. The main thread passes it
    /// too (see [`RunSync::go`]).
    go: Gate,
    /// The origin of the run's clock (progress reports, `-T`): thread 0's
    /// start, or with `--start-at` the time the measurement started.
    pub(crate) origin: OnceLock<Mono>,
    /// After a warm-up: all threads finished it.
    pub(crate) measure: Gate,
    /// After a warm-up: when the measurement started, the origin of its
    /// progress reports (monotonic µs).
    pub(crate) measure_origin: OnceLock<Mono>,
    /// The end of the run under `-T` (none yet).
    pub(crate) end_time: Deadline,
    /// Set to end the run early (`--exit-on-abort`, a failed initial
    /// connection).
    stop: AtomicBool,
    /// Wake the workers blocked in a wait when `stop` is set: one per
    /// worker, by slot.
    pub(crate) wakers: Wakers,
}

impl RunSync {
    /// Coordination for `nthreads` workers.
    pub(crate) fn new(nthreads: usize, wakers: Wakers) -> Self {
        RunSync {
            ready: Gate::new(nthreads),
            go: Gate::new(nthreads + 1),
            origin: OnceLock::new(),
            measure: Gate::new(nthreads),
            measure_origin: OnceLock::new(),
            end_time: Deadline::unset(),
            stop: AtomicBool::new(false),
            wakers,
        }
    }

    /// The "GO" barrier, which every worker and the main thread pass once
    /// the initial connections are made (false: abandoned). Its last
    /// arrival runs `once_all_wait` before it opens, while every other
    /// thread of the process is parked there: the one moment after the
    /// threads start at which a process-wide setting that glibc documents
    /// as unsafe to change while other threads run (`mallopt`) may change.
    pub(crate) fn go(&self, once_all_wait: impl FnOnce()) -> bool {
        self.go.wait_then(once_all_wait)
    }

    /// Asks every worker to stop as soon as it can.
    pub(crate) fn stop_all(&self) {
        self.stop.store(true, Ordering::SeqCst);
        self.wakers.wake_all();
    }

    /// Whether the workers were asked to stop, or a signal interrupted
    /// the run.
    pub(crate) fn stopping(&self) -> bool {
        self.stop.load(Ordering::Relaxed) || crate::sys::signal::is_interrupted()
    }

    /// Opens both gates for good, without the threads that never started
    /// (a thread could not be created): the workers waiting there give up.
    pub(crate) fn abandon(&self) {
        self.stop_all();
        self.ready.abandon();
        self.go.abandon();
        self.measure.abandon();
    }
}

/// A barrier for a fixed number of threads that can also be abandoned.
#[derive(Debug)]
pub(crate) struct Gate {
    /// Threads arrived so far, and whether the gate was abandoned.
    state: Mutex<(usize, bool)>,
    opened: Condvar,
    n: usize,
}

impl Gate {
    fn new(n: usize) -> Self {
        Gate { state: Mutex::new((0, false)), opened: Condvar::new(), n }
    }

    /// Waits until all `n` threads arrived (true) or the gate is abandoned
    /// (false).
    pub(crate) fn wait(&self) -> bool {
        self.wait_then(|| {})
    }

    /// [`Gate::wait`], where the last thread to arrive runs `last` before
    /// the gate opens (the others wait inside the gate meanwhile).
    fn wait_then(&self, last: impl FnOnce()) -> bool {
        let Ok(mut st) = self.state.lock() else { return false };
        st.0 += 1;
        if st.0 >= self.n {
            if !st.1 {
                last();
            }
            self.opened.notify_all();
            return !st.1;
        }
        while st.0 < self.n && !st.1 {
            st = match self.opened.wait(st) {
                Ok(g) => g,
                Err(_) => return false,
            };
        }
        !st.1
    }

    fn abandon(&self) {
        if let Ok(mut st) = self.state.lock() {
            st.1 = true;
        }
        self.opened.notify_all();
    }
}
