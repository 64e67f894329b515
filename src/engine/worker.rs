//! A worker thread (C's `threadRun`): it owns its clients, their
//! connections, its random generators, statistics and log file, and runs
//! the wait loop. Nothing it owns is shared; it reports to the main thread
//! only by messages (progress snapshots, its final result).
//!
//! The loop knows clients only by what [`Client::advance`] says they wait
//! for, and sockets only through [`Waiter`]: which mechanism waits is the
//! wait set's business.

use crate::error::Error;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crossbeam_channel::Sender;

use crate::engine::client::{Client, State, Wait};
use crate::engine::runq::RunQueue;
use crate::engine::shared::Shared;
use crate::engine::thread_state::ThreadState;
use crate::log;
use crate::report::txlog::{self, TxLog};
use crate::stats::StatsData;
use crate::stats::series::Interval;
use crate::sys::clock::monotonic_us;
use crate::sys::wait::{Interest, Token, Waiter};
use crate::time::Mono;

/// A message from a worker to the main thread.
// (A progress snapshot is sent once a -P interval: not worth a box.)
#[allow(clippy::large_enum_variant)]
#[derive(Debug)]
pub(crate) enum Msg {
    /// Cumulative statistics at a progress report time.
    Progress {
        /// The thread's slot among this process's threads.
        tid: usize,
        /// Which report (1 for the first).
        seq: u64,
        /// When the snapshot was taken (monotonic µs).
        now: i64,
        /// The thread's statistics so far.
        stats: StatsData,
        /// The distribution intervals closed since the last snapshot.
        intervals: Vec<Interval>,
        /// It was taken during the warm-up.
        warm: bool,
    },
    /// Distribution intervals the worker closed (sent as soon as it has
    /// some, about once a second: a worker keeps none longer, so that
    /// what the run holds does not grow with the threads, and its end
    /// merges no more than a second's worth).
    Intervals {
        /// The thread's slot among this process's threads.
        tid: usize,
        /// The intervals.
        intervals: Vec<Interval>,
    },
    /// `--metrics-listen`: the thread's clients now, once a second.
    Live {
        /// The thread's slot among this process's threads.
        tid: usize,
        /// Its clients with a connection.
        connected: u32,
        /// Its clients connecting again after a lost connection.
        reconnecting: u32,
    },
    /// The worker measured itself (at the start of the measurement, at
    /// the end of each second, at its end).
    Client {
        /// The thread's slot among this process's threads.
        tid: usize,
        /// The sample.
        sample: crate::clientstats::Sample,
    },
    /// The worker's warm-up is over (after its last warm-up snapshot).
    Measuring {
        /// The thread's slot among this process's threads.
        tid: usize,
    },
    /// The worker is done.
    Done(Box<WorkerResult>),
}

/// How a worker's part of the run ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum WorkerOutcome {
    /// Every client finished.
    Finished,
    /// Some client aborted, or the wait loop failed: the results are
    /// incomplete.
    ClientsAborted,
    /// A client aborted under `--exit-on-abort`: the run stops, without a
    /// report.
    ExitOnAbort,
    /// The set-up failed (an initial connection, the log file): the run
    /// stops with the set-up's messages (None in the threads that stopped
    /// because another one failed).
    SetupFailed(Option<Error>),
    /// A signal interrupted the run: the clients stopped where they were
    /// (the commands in flight cancelled).
    Interrupted,
}

/// What a worker hands back at the end of the run.
#[derive(Debug)]
pub(crate) struct WorkerResult {
    /// The thread's slot among this process's threads.
    pub(crate) tid: usize,
    /// The thread's statistics and counters.
    pub(crate) state: ThreadState,
    /// When the thread's measurement started: after its connections, or
    /// after the warm-up (none: it never started).
    pub(crate) bench_start: Option<Mono>,
    /// When its initial connections were made (none: it never got there).
    pub(crate) connected: Option<Mono>,
    /// How it ended.
    pub(crate) outcome: WorkerOutcome,
}

/// Runs one worker thread (C's `threadRun`) and returns its result.
pub(crate) fn run(
    sh: &Shared<'_>,
    mut th: ThreadState,
    mut clients: Vec<Client>,
    tx: &Sender<Msg>,
) -> WorkerResult {
    let cfg = sh.cfg;
    let mut setup_error: Option<Error> = None;
    if let Some(cpu) = sh.pin.as_ref().and_then(|p| p.worker(th.slot)) {
        crate::sys::affinity::pin_current_thread(cpu);
    }
    if cfg.use_log {
        let path = txlog::log_path(cfg.log_prefix.as_deref(), std::process::id(), th.tid);
        match TxLog::open(&path, log_format(sh)) {
            Ok(l) => th.log = Some(l),
            Err(e) => setup_error = Some(Error::new(e.to_string())),
        }
    }
    // The wait set, before connecting: the connections are made through
    // it, and a thread that cannot have one fails before any connects.
    let waiter = sh.sync.wakers.get(th.slot).ok_or_else(|| {
        std::io::Error::new(std::io::ErrorKind::NotFound, "no waker for this thread")
    });
    let mut waiter = match waiter.and_then(|w| Waiter::new(sh.mechanism, clients.len(), w)) {
        Ok(w) => Some(w),
        Err(e) => {
            let e = format!("could not create a wait set: {}", crate::sys::os_error_text(&e));
            setup_error = setup_error.or(Some(Error::new(e)));
            None
        }
    };
    if let Some(fallback) = waiter.as_ref().and_then(Waiter::fallback) {
        log::debug!("thread {} {fallback}", th.tid);
    }
    if !sh.sync.ready.wait() {
        return WorkerResult {
            tid: th.slot,
            state: th,
            bench_start: None,
            connected: None,
            outcome: WorkerOutcome::SetupFailed(setup_error),
        };
    }
    let thread_start = monotonic_us();
    if th.slot == 0 && sh.start_at.is_none() {
        sh.fix_origin(Mono::from_us(thread_start));
    }
    if let Some(waiter) = waiter.as_mut().filter(|_| !cfg.is_connect && setup_error.is_none()) {
        let at_once = cfg.switches.connecting.unwrap_or(super::connecting::IN_FLIGHT);
        if let Err(e) = super::connecting::connect_all(sh, waiter, &mut clients, at_once) {
            setup_error = Some(e);
        }
    }
    if setup_error.is_some() {
        sh.sync.stop_all();
    }
    // (Every thread passes the barrier, whatever failed.)
    let go = sh.sync.go(|| after_connections(sh));
    let setup_failed = setup_error.is_some() || !go;
    let connected = monotonic_us();
    let mut end = LoopEnd::AllDone;
    // When the measurement started (none: it never did), and the origin
    // of its seconds.
    let mut bench_start = None;
    let mut origin = thread_start;
    if let Some(waiter) = waiter.as_mut().filter(|_| !setup_failed && !sh.sync.stopping()) {
        // The first transaction's schedule: at --start-at (which fixes
        // the origin), or now.
        let start = sh.start_at.map_or(connected, |at| start_at(sh, th.slot, at, connected));
        origin = sh.sync.origin.get().map_or(thread_start, |o| o.us());
        if let Some(warmup) = sh.warmup_us {
            match warm_up(sh, (&mut th, waiter), &mut clients, tx, (start, origin), warmup) {
                Ok(start) => (bench_start, origin) = (Some(start), start),
                Err(e) => end = e,
            }
        } else {
            th.begin(sh, start, origin);
            bench_start = Some(start);
        }
    }
    if let Some(waiter) = waiter.as_mut().filter(|_| bench_start.is_some()) {
        if th.slot == 0 {
            cfg.switches.events.emit("measuring", origin + sh.epoch_shift);
            cfg.switches.events.emit("measuring_monotonic", origin);
        }
        if let Some(plan) = sh.client {
            let now = monotonic_us();
            let (meter, sample) =
                crate::clientstats::Meter::start(plan, origin, now, th.schedule_lag(sh, now));
            th.meter = Some(Box::new(meter));
            let _ = tx.send(Msg::Client { tid: th.slot, sample });
        }
        end = Loop::new(clients.len()).run(sh, (&mut th, waiter), &mut clients, tx, origin);
        let now = monotonic_us();
        let lag = th.schedule_lag(sh, now);
        if let Some(meter) = th.meter.as_deref_mut() {
            let sample = meter.end(now, lag);
            let _ = tx.send(Msg::Client { tid: th.slot, sample });
        }
    }
    if end == LoopEnd::ExitOnAbort {
        log::error!("Run was aborted due to an error in thread {}", th.tid);
        sh.sync.stop_all();
    }
    let all_finished = clients.iter().all(|c| c.state == State::Finished);
    // (The signal also ends the -T time: clients it found between two
    // transactions finished.)
    let interrupted = crate::sys::signal::interrupted().is_some();
    if interrupted {
        for c in &clients {
            c.cancel_in_flight();
        }
    }
    for c in &mut clients {
        c.finish_conn();
    }
    if let Some(Err(e)) = th.log.as_mut().map(|l| l.finish(interrupted)) {
        log::error!("{e}");
    }
    let outcome = if setup_failed {
        WorkerOutcome::SetupFailed(setup_error)
    } else if end == LoopEnd::ExitOnAbort {
        WorkerOutcome::ExitOnAbort
    } else if clients.iter().any(|c| c.state == State::Aborted) {
        WorkerOutcome::ClientsAborted
    } else if interrupted {
        WorkerOutcome::Interrupted
    } else if all_finished {
        WorkerOutcome::Finished
    } else {
        WorkerOutcome::ClientsAborted
    };
    WorkerResult {
        tid: th.slot,
        state: th,
        bench_start: bench_start.map(Mono::from_us),
        connected: Some(Mono::from_us(connected)),
        outcome,
    }
}

/// `--start-at`: the measurement starts at `at` (monotonic µs) or, when
/// the connections were made later, as soon as they are, for the whole
/// `-T` (the first thread says so). Waits until then and returns it.
fn start_at(sh: &Shared<'_>, slot: usize, at: Mono, connected: i64) -> i64 {
    let at = at.us();
    let start = sh.fix_origin(Mono::from_us(connected.max(at))).us();
    if start > at && slot == 0 {
        let late = (start - at) as f64 / 1e6;
        let length = sh
            .cfg
            .length
            .seconds()
            .map_or(String::new(), |s| format!(" and lasts the whole -T {s} s"));
        log::warning!(
            "the connections were made {late:.3} s after the time of --start-at: the run starts now{length}"
        );
    }
    sleep_until(sh, start);
    start
}

/// What the last thread to reach the "GO" barrier does while all others
/// wait there: malloc's thresholds go back up once the initial
/// connections are made (see `sys::malloc`).
pub(super) fn after_connections(sh: &Shared<'_>) {
    if !sh.cfg.is_connect {
        crate::sys::malloc::heap_after_connections();
    }
}

/// Sleeps until `t` (monotonic µs), or until the run is stopped.
fn sleep_until(sh: &Shared<'_>, t: i64) {
    loop {
        let now = monotonic_us();
        if now >= t || sh.sync.stopping() {
            return;
        }
        let nap = (t - now).min(50_000);
        std::thread::sleep(std::time::Duration::from_micros(nap.unsigned_abs()));
    }
}

/// `--warmup`: the clients run from `start` until the warm-up's end
/// (`warmup_us` after `origin`), finish the transaction they are in and
/// wait there (nothing is logged, and what is counted serves only `-P`
/// lines); then, once every thread is there, the measurement starts. Its
/// start (monotonic µs), or how the loop ended when the run ended during
/// the warm-up.
fn warm_up(
    sh: &Shared<'_>,
    (th, waiter): (&mut ThreadState, &mut Waiter),
    clients: &mut [Client],
    tx: &Sender<Msg>,
    (start, origin): (i64, i64),
    warmup_us: i64,
) -> Result<i64, LoopEnd> {
    let log = th.log.take();
    th.begin_warmup(sh, start, Mono::from_us(origin).plus_us(warmup_us));
    let end = Loop::new(clients.len()).run(sh, (th, waiter), clients, tx, origin);
    th.warm_end = None;
    th.log = log;
    let _ = tx.send(Msg::Measuring { tid: th.slot });
    if end != LoopEnd::AllDone || sh.sync.stopping() {
        // The threads still warming up or waiting give up too.
        sh.sync.abandon();
        return Err(end);
    }
    if !sh.sync.measure.wait() {
        return Err(LoopEnd::AllDone);
    }
    let start = sh.sync.measure_origin.get_or_init(Mono::now).us();
    if let Some(d) = sh.cfg.length.duration_us() {
        sh.sync.end_time.set_once(Mono::from_us(start).plus_us(d));
    }
    th.begin(sh, start, start);
    for c in clients.iter_mut() {
        c.begin_measurement();
    }
    Ok(start)
}

fn log_format(sh: &Shared<'_>) -> txlog::LogFormat {
    txlog::LogFormat {
        agg_interval_us: sh.cfg.agg_interval.map(|s| i64::from(s) * 1_000_000),
        sample_rate: sh.cfg.sample_rate,
        throttled: sh.throttled(),
        latency_limit: sh.cfg.latency_limit_us.is_some(),
        max_tries: sh.cfg.max_tries,
        failures_detailed: sh.cfg.failures_detailed,
        other_failures_column: sh.cfg.ext.continue_on_error || sh.cfg.pgbench.other_failures_column,
        reconnect: sh.cfg.ext.reconnect.is_some(),
        epoch_shift: sh.epoch_shift,
    }
}

/// Sends the main thread the gauges of this thread's clients
/// (`--metrics-listen`).
#[cold]
#[inline(never)]
fn send_live(th: &ThreadState, tx: &Sender<Msg>, clients: &[Client]) {
    let count = |f: &dyn Fn(&Client) -> bool| {
        crate::invariant::fits(clients.iter().filter(|c| f(c)).count(), "invariant: -c is an int")
    };
    let _ = tx.send(Msg::Live {
        tid: th.slot,
        connected: count(&|c| c.conn_id().is_some()),
        reconnecting: count(&|c| matches!(c.state, State::Lost | State::Reconnect)),
    });
}

/// Sends the main thread a progress snapshot taken at `now`, with the
/// distribution intervals closed by then.
#[cold]
#[inline(never)]
fn send_progress(sh: &Shared<'_>, th: &mut ThreadState, tx: &Sender<Msg>, seq: u64, now: i64) {
    let intervals = match th.dist.as_deref_mut() {
        Some(d) => {
            let cumulative = if sh.cfg.per_script_stats {
                &th.script_stats[..]
            } else {
                std::slice::from_ref(&th.stats)
            };
            d.close_until(now, cumulative);
            d.take_closed()
        }
        None => Vec::new(),
    };
    let warm = th.warm_end.is_some();
    let _ = tx.send(Msg::Progress { tid: th.slot, seq, now, stats: th.stats, intervals, warm });
}

/// The client measures itself at the end of each second: the thread's
/// sample, a second having ended by `now`.
#[cold]
#[inline(never)]
fn tick(sh: &Shared<'_>, th: &mut ThreadState, tx: &Sender<Msg>, now: i64) {
    let lag = th.schedule_lag(sh, now);
    if let Some(meter) = th.meter.as_deref_mut() {
        let sample = meter.tick(now, lag);
        let _ = tx.send(Msg::Client { tid: th.slot, sample });
    }
}

/// `--reconnect`: how long after the end of the run (µs) a client still
/// waiting for the server is given up. A lost connection's session may
/// live on in the server, for hours when its client's last message never
/// reached it (a network cut), with the locks its transaction took: the
/// transactions that wait for them would keep the run from ever ending.
pub(crate) const GIVE_UP_AFTER_END_US: i64 = 5_000_000;

/// `--reconnect`, [`GIVE_UP_AFTER_END_US`] after the end of the run: the
/// clients not done yet are given up (what they wait for cancelled, their
/// transaction neither done nor failed), each with a warning; none is left
/// to run.
#[cold]
#[inline(never)]
fn give_up_waiting(clients: &mut [Client]) {
    for c in clients.iter_mut().filter(|c| !matches!(c.state, State::Finished | State::Aborted)) {
        log::warning!(
            "client {} still waited for the server {} s after the end of the run: its transaction is not counted",
            c.id,
            GIVE_UP_AFTER_END_US / 1_000_000
        );
        c.cancel_in_flight();
        c.finish_conn();
        c.state = State::Finished;
    }
}

/// How the wait loop ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum LoopEnd {
    /// Every client is done, or the run was stopped.
    AllDone,
    /// A client aborted under `--exit-on-abort`.
    ExitOnAbort,
    /// Waiting failed (the message is logged); the clients still running
    /// count as aborted.
    Failed,
}

/// The wait loop's bookkeeping.
struct Loop {
    /// Clients to advance now, in order.
    runq: RunQueue,
    /// Clients that yielded; they run after the next wait.
    yielded: Vec<u32>,
    /// Clients sleeping until a time.
    timers: BinaryHeap<Reverse<(i64, u32)>>,
    /// Clients making a connection, to be run at a time whatever their
    /// socket does, with the number of the attempt's socket then (a later
    /// one has its own deadline: an entry of an earlier one is stale).
    deadlines: BinaryHeap<Reverse<(i64, u32, u64)>>,
    /// The tokens the last wait reported.
    ready: Vec<Token>,
    /// The connection whose socket each client's token watches.
    watched: Vec<Option<u64>>,
    /// The client waited for the server since it last yielded: a client
    /// that did not (a script of meta-commands only) yields until the next
    /// wait, so that it cannot keep the others from their results.
    waited: Vec<bool>,
}

impl Loop {
    fn new(n: usize) -> Self {
        Loop {
            runq: RunQueue::with_all(n),
            yielded: Vec::with_capacity(n),
            timers: BinaryHeap::new(),
            deadlines: BinaryHeap::new(),
            ready: Vec::with_capacity(n),
            watched: vec![None; n],
            waited: vec![false; n],
        }
    }

    /// Keeps the wait set in line with client `i`'s connection (after an
    /// initial connection, a `-C` reconnect or a disconnect). False, after
    /// C's message, when the socket cannot be watched.
    #[cold]
    #[inline(never)]
    fn rewatch(&mut self, waiter: &mut Waiter, i: u32, c: &Client) -> bool {
        // (i is a client's index: `watched` has one entry per client.)
        let watched = &mut self.watched[i as usize];
        if watched.take().is_some() {
            waiter.unwatch(i);
        }
        let Some((id, sock)) = c.socket() else { return true };
        if sock < 0 {
            log::error!("invalid socket: {}", c.conn_error());
            return false;
        }
        if let Err(e) = waiter.watch(i, sock) {
            log::error!("could not watch a socket: {}", crate::sys::os_error_text(&e));
            return false;
        }
        *watched = Some(id);
        true
    }

    /// Runs until every client is done or the run is stopped.
    fn run(
        mut self,
        sh: &Shared<'_>,
        (th, waiter): (&mut ThreadState, &mut Waiter),
        clients: &mut [Client],
        tx: &Sender<Msg>,
        origin: i64,
    ) -> LoopEnd {
        let progress_us = sh.cfg.progress.map(|p| i64::from(p) * 1_000_000);
        let mut seq: u64 = 1;
        let mut next_report = origin + progress_us.unwrap_or(0);
        let mut remains = clients.len();
        // --reconnect: when the clients still waiting for the server at the
        // end of the run are given up.
        let give_up_at = sh
            .cfg
            .ext
            .reconnect
            .and(sh.end_time())
            .map(|end| end.plus_us(GIVE_UP_AFTER_END_US).us());
        // --metrics-listen: the clients' gauges, once a second.
        let mut next_live = sh.metrics.map(|_| origin + 1_000_000);
        // The client measures itself every second: when the distributions
        // close a second (a transaction's end reads the clock for them),
        // else at a timed wait.
        let ticking = th.meter.as_deref().is_some_and(|m| m.next_tick() < i64::MAX);
        let tick_on_wait = ticking && th.dist.is_none();
        // (Else only timers and connection deadlines need the clock.)
        let every_wait_timed =
            progress_us.is_some() || give_up_at.is_some() || next_live.is_some() || tick_on_wait;
        for (i, c) in (0..).zip(clients.iter()) {
            if !self.rewatch(waiter, i, c) {
                return LoopEnd::Failed;
            }
        }
        while remains > 0 {
            // Under -T, notice the end of the run before starting more
            // transactions, rather than when the main thread gets to it
            // (C's SIGALRM is just as prompt).
            if let Some(end) = sh.end_time() {
                if !sh.timer_exceeded() && Mono::now() >= end {
                    sh.exceed_timer();
                }
            }
            // Advance every client that can run.
            while let Some(i) = self.runq.pop_front() {
                // (The queue, the timers and the wait set hold only the
                // numbers of this loop's clients: indexing cannot fail.)
                let idx = i as usize;
                let c = &mut clients[idx];
                // Alone in the queue, a client that waited for the server
                // goes straight on to its next transaction.
                let go_on = if self.runq.is_empty() { Some(&mut self.waited[idx]) } else { None };
                let w = c.advance(sh, th, go_on);
                if c.conn_id() != self.watched[idx] && !self.rewatch(waiter, i, c) {
                    return LoopEnd::Failed;
                }
                match w {
                    Wait::Reply { flush } | Wait::MoreReply { flush } => {
                        self.waited[idx] = true;
                        let reply_pending = matches!(w, Wait::Reply { .. });
                        match waiter.expect(i, Interest { write: flush, reply_pending }) {
                            Ok(true) => self.runq.push_back(i),
                            Ok(false) => {}
                            Err(e) => {
                                let call = waiter.wait_call();
                                log::error!("{call}() failed: {}", crate::sys::os_error_text(&e));
                                return LoopEnd::Failed;
                            }
                        }
                    }
                    Wait::Until(t) => self.timers.push(Reverse((t, i))),
                    Wait::Connect { write, deadline } => {
                        match waiter.expect(i, Interest { write, reply_pending: true }) {
                            Ok(true) => self.runq.push_back(i),
                            Ok(false) => {}
                            Err(e) => {
                                let call = waiter.wait_call();
                                log::error!("{call}() failed: {}", crate::sys::os_error_text(&e));
                                return LoopEnd::Failed;
                            }
                        }
                        if let (Some(t), Some(id)) = (deadline, c.dial_id()) {
                            self.deadlines.push(Reverse((t, i, id)));
                        }
                    }
                    // A client that finished a transaction runs again at
                    // once (after those already queued) when that
                    // transaction waited for the server.
                    Wait::Yield if std::mem::take(&mut self.waited[idx]) => {
                        self.runq.push_back(i);
                    }
                    Wait::Yield => self.yielded.push(i),
                    Wait::Parked => remains -= 1,
                    Wait::Done => {
                        remains -= 1;
                        if sh.cfg.exit_on_abort && c.state == State::Aborted {
                            return LoopEnd::ExitOnAbort;
                        }
                    }
                }
            }
            if remains == 0 || sh.sync.stopping() {
                break;
            }
            if let Some(d) = th.dist.as_deref_mut().filter(|d| d.has_closed()) {
                let _ = tx.send(Msg::Intervals { tid: th.slot, intervals: d.take_closed() });
                if ticking {
                    let now = monotonic_us();
                    if th.meter.as_deref().is_some_and(|m| now >= m.next_tick()) {
                        tick(sh, th, tx, now);
                    }
                }
            }

            // How long may we wait? The clock is read only when a timer or
            // a progress report needs it (nothing below is to do otherwise).
            let timed = every_wait_timed || !self.timers.is_empty() || !self.deadlines.is_empty();
            let mut timeout: Option<i64> = if self.yielded.is_empty() { None } else { Some(0) };
            if timed {
                let now = monotonic_us();
                if ticking && th.meter.as_deref().is_some_and(|m| now >= m.next_tick()) {
                    tick(sh, th, tx, now);
                }
                // A progress snapshot, once the clients that could run have
                // run (as C prints its report after advancing the clients).
                if let Some(every) = progress_us.filter(|_| now >= next_report) {
                    send_progress(sh, th, tx, seq, now);
                    while now >= next_report {
                        next_report += every;
                        seq += 1;
                    }
                }
                let at_most = |timeout: &mut Option<i64>, t: i64| {
                    let until = (t - now).max(0);
                    *timeout = Some(timeout.map_or(until, |x| x.min(until)));
                };
                if let Some(Reverse((t, _))) = self.timers.peek() {
                    at_most(&mut timeout, *t);
                }
                if let Some(Reverse((t, _, _))) = self.deadlines.peek() {
                    at_most(&mut timeout, *t);
                }
                if let Some(t) = give_up_at {
                    at_most(&mut timeout, t);
                }
                if progress_us.is_some() {
                    at_most(&mut timeout, next_report);
                }
                if let Some(at) = next_live.as_mut() {
                    if now >= *at {
                        send_live(th, tx, clients);
                        while now >= *at {
                            *at += 1_000_000;
                        }
                    }
                    at_most(&mut timeout, *at);
                }
                if let Some(m) = th.meter.as_deref().filter(|_| ticking) {
                    at_most(&mut timeout, m.next_tick());
                }
            }

            // Wait for sockets, or just sleep when no client waits for one.
            self.ready.clear();
            if let Err(e) = waiter.wait(timeout, &mut self.ready) {
                let call = waiter.wait_call();
                log::error!("{call}() failed: {}", crate::sys::os_error_text(&e));
                return LoopEnd::Failed;
            }
            for &t in &self.ready {
                self.runq.push_back(t);
            }
            if timed {
                let now = monotonic_us();
                while let Some(Reverse((t, i))) = self.timers.peek().copied() {
                    if t > now {
                        break;
                    }
                    self.timers.pop();
                    self.runq.push_back(i);
                }
                while let Some(Reverse((t, i, id))) = self.deadlines.peek().copied() {
                    if t > now {
                        break;
                    }
                    self.deadlines.pop();
                    // (The entry of an attempt's earlier socket, or of an
                    // attempt that ended, is stale.)
                    if clients.get(i as usize).is_some_and(|c| c.dial_id() == Some(id)) {
                        self.runq.push_back(i);
                    }
                }
                if give_up_at.is_some_and(|g| now >= g) {
                    // (Every client is done then, counted or not: a parked
                    // one was counted already.)
                    give_up_waiting(clients);
                    break;
                }
            }
            for i in self.yielded.drain(..) {
                self.runq.push_back(i);
            }
        }
        if sh.sync.stopping() {
            return LoopEnd::AllDone;
        }
        // The warm-up lasts its whole time, even when every client was
        // done with it earlier (under -R, the next transaction would have
        // started after it).
        if let Some(end) = th.warm_end {
            sleep_until(sh, end.us());
        }
        // As C looks for a report time after advancing its clients, the
        // last clients' end (after the -T deadline, or the warm-up's) may
        // reach a report time: its snapshot.
        if progress_us.is_some() {
            let now = monotonic_us();
            if now >= next_report {
                // (The client's sample of the second that ended first, so
                // that the line has its shares, as every other line has.)
                if ticking && th.meter.as_deref().is_some_and(|m| now >= m.next_tick()) {
                    tick(sh, th, tx, now);
                }
                send_progress(sh, th, tx, seq, now);
            }
        }
        LoopEnd::AllDone
    }
}
