//! A worker thread (C's `TState` and `threadRun`): it owns its clients,
//! their connections, its random generators, statistics and log file, and
//! runs the wait loop. Nothing it owns is shared; it reports to the main
//! thread only by messages (progress snapshots, its final result).

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Barrier, OnceLock};

use crossbeam_channel::Sender;

use crate::config::BenchConfig;
use crate::engine::client::{Client, Scratch, State, Wait};
use crate::log;
use crate::pq::Conn;
use crate::rand::prng::PgPrng;
use crate::report::txlog::TxLog;
use crate::script::Script;
use crate::stats::{CommandStats, StatsData};
use crate::sys::clock::monotonic_us;
use crate::sys::poll::{Mechanism, Ready, Waiter, Waker};

/// Token of the stop waker in a worker's wait set.
const WAKER_TOKEN: u32 = u32::MAX;

/// Read-only state of the run, shared by all workers.
#[derive(Debug)]
pub(crate) struct Shared<'a> {
    /// The configuration.
    pub(crate) cfg: &'a BenchConfig,
    /// The scripts (same as `cfg.scripts`).
    pub(crate) scripts: &'a [Script],
    /// Set by the main thread when the `-T` duration is over (C's
    /// `timer_exceeded`).
    pub(crate) timer: &'a AtomicBool,
    /// End of the run under `-T` for throttling (monotonic µs; 0: none).
    pub(crate) end_time: i64,
    /// Whether latencies are measured (`-P`, `-R`, `-L`, `-l` or several
    /// scripts).
    pub(crate) detailed: bool,
    /// Monotonic-to-epoch shift, µs.
    pub(crate) epoch_shift: i64,
    /// Start and stop coordination.
    pub(crate) sync: &'a RunSync,
    /// The waiting mechanism.
    pub(crate) mechanism: Mechanism,
    /// Pin each worker thread to a core.
    pub(crate) pin: bool,
    /// Index of each script's first command when the commands of all
    /// scripts are numbered in order (for per-command flags).
    pub(crate) command_base: Vec<usize>,
}

impl Shared<'_> {
    /// Whether the `-T` time is up.
    #[inline]
    pub(crate) fn timer_exceeded(&self) -> bool {
        self.timer.load(Ordering::Relaxed)
    }

    /// Whether `-R` is on.
    #[inline]
    pub(crate) fn throttled(&self) -> bool {
        self.cfg.throttle_delay_us > 0.0
    }
}

/// Start and stop coordination between the workers and the main thread.
#[derive(Debug)]
pub(crate) struct RunSync {
    /// C's "READY" barrier: all threads set up.
    pub(crate) ready: Barrier,
    /// C's "GO" barrier: all connections made.
    pub(crate) go: Barrier,
    /// Thread 0's start time, the origin of progress reports.
    pub(crate) origin: OnceLock<i64>,
    /// Set to end the run early (`--exit-on-abort`, a failed initial
    /// connection).
    pub(crate) stop: AtomicBool,
    /// Wakes workers blocked in a wait when `stop` is set.
    pub(crate) waker: Waker,
}

impl RunSync {
    /// Asks every worker to stop as soon as it can.
    pub(crate) fn stop_all(&self) {
        self.stop.store(true, Ordering::SeqCst);
        self.waker.wake();
    }

    fn stopping(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }
}

/// Per-thread mutable state the client state machine updates.
#[derive(Debug)]
pub(crate) struct ThreadState {
    /// Thread number.
    pub(crate) tid: usize,
    /// Script choice (`ts_choose_rs`).
    pub(crate) choose_rng: PgPrng,
    /// `-R` delays (`ts_throttle_rs`).
    pub(crate) throttle_rng: PgPrng,
    /// Log sampling (`ts_sample_rs`).
    pub(crate) sample_rng: PgPrng,
    /// The thread's `-R` schedule.
    pub(crate) throttle_trigger: i64,
    /// All transactions of the thread.
    pub(crate) stats: StatsData,
    /// Successful transactions above `-L`.
    pub(crate) latency_late: i64,
    /// Connection and disconnection time under `-C`, µs.
    pub(crate) conn_duration: i64,
    /// Per-script statistics (several scripts).
    pub(crate) script_stats: Vec<StatsData>,
    /// Per-command statistics (`-r`).
    pub(crate) cmd_stats: Vec<Vec<CommandStats>>,
    /// The transaction log (`-l`).
    pub(crate) log: Option<TxLog>,
    /// Buffers for rendering and reading, shared by the thread's clients.
    pub(crate) scratch: Scratch,
}

impl ThreadState {
    /// A thread's state before the run.
    pub(crate) fn new(tid: usize, rngs: [PgPrng; 3], scripts: &[Script]) -> Self {
        let [choose_rng, throttle_rng, sample_rng] = rngs;
        ThreadState {
            tid,
            choose_rng,
            throttle_rng,
            sample_rng,
            throttle_trigger: 0,
            stats: StatsData::new(0),
            latency_late: 0,
            conn_duration: 0,
            script_stats: vec![StatsData::new(0); scripts.len()],
            cmd_stats: scripts
                .iter()
                .map(|s| vec![CommandStats::default(); s.commands.len()])
                .collect(),
            log: None,
            scratch: Scratch::default(),
        }
    }
}

/// A message from a worker to the main thread.
#[derive(Debug)]
pub(crate) enum Msg {
    /// Cumulative statistics at a progress report time.
    Progress {
        /// Thread number.
        tid: usize,
        /// Which report (1 for the first).
        seq: u64,
        /// When the snapshot was taken (monotonic µs).
        now: i64,
        /// The thread's statistics so far.
        stats: StatsData,
    },
    /// The worker is done.
    Done(Box<WorkerResult>),
}

/// What a worker hands back at the end of the run.
#[derive(Debug)]
pub(crate) struct WorkerResult {
    /// Thread number.
    pub(crate) tid: usize,
    /// The thread's statistics and counters.
    pub(crate) state: ThreadState,
    /// When the thread's benchmark started (after its connections).
    pub(crate) bench_start: i64,
    /// Every client ended FINISHED.
    pub(crate) all_finished: bool,
    /// An initial connection failed (the run stops with exit status 1).
    pub(crate) fatal: bool,
    /// This thread ended the run under `--exit-on-abort`.
    pub(crate) exit_on_abort: bool,
}

/// Runs one worker thread (C's `threadRun`) and returns its result.
pub(crate) fn run(
    sh: &Shared<'_>,
    mut th: ThreadState,
    mut clients: Vec<Client>,
    tx: &Sender<Msg>,
) -> WorkerResult {
    let cfg = sh.cfg;
    let mut fatal = false;
    if sh.pin {
        crate::sys::affinity::pin_current_thread(th.tid);
    }
    if cfg.use_log {
        let path =
            crate::report::txlog::log_path(cfg.log_prefix.as_deref(), std::process::id(), th.tid);
        match TxLog::open(&path, log_format(sh)) {
            Ok(l) => th.log = Some(l),
            Err(msg) => {
                log::error!("{msg}");
                fatal = true;
            }
        }
    }
    sh.sync.ready.wait();
    let thread_start = monotonic_us();
    if th.tid == 0 {
        let _ = sh.sync.origin.set(thread_start);
    }
    if !cfg.is_connect && !fatal {
        for c in &mut clients {
            if sh.sync.stopping() {
                break;
            }
            match Conn::connect(&cfg.conn) {
                Ok(mut conn) => {
                    conn.set_nonblocking(true);
                    c.set_conn(conn);
                }
                Err(msg) => {
                    log::error!("{msg}");
                    log::error!("could not create connection for client {}", c.id);
                    fatal = true;
                    break;
                }
            }
        }
    }
    if fatal {
        sh.sync.stop_all();
    }
    sh.sync.go.wait();
    if th.tid == 0 && !cfg.is_connect {
        crate::sys::malloc::heap_after_connections();
    }
    let bench_start = monotonic_us();
    th.throttle_trigger = bench_start;
    if let Some(l) = th.log.as_mut() {
        l.start(bench_start);
    }
    let mut exit_on_abort = false;
    if !fatal && !sh.sync.stopping() {
        let origin = sh.sync.origin.get().copied().unwrap_or(thread_start);
        exit_on_abort = Loop::new(clients.len()).run(sh, &mut th, &mut clients, tx, origin);
    }
    if exit_on_abort {
        log::error!("Run was aborted due to an error in thread {}", th.tid);
        sh.sync.stop_all();
    }
    let all_finished = clients.iter().all(|c| c.state == State::Finished);
    for c in &mut clients {
        c.finish_conn();
    }
    if let Some(l) = th.log.as_mut()
        && let Err(msg) = l.finish()
    {
        log::error!("{msg}");
    }
    WorkerResult { tid: th.tid, state: th, bench_start, all_finished, fatal, exit_on_abort }
}

fn log_format(sh: &Shared<'_>) -> crate::report::txlog::LogFormat {
    crate::report::txlog::LogFormat {
        agg_interval: sh.cfg.agg_interval,
        sample_rate: sh.cfg.sample_rate,
        throttled: sh.throttled(),
        latency_limit: sh.cfg.latency_limit_us != 0,
        max_tries: sh.cfg.max_tries,
        failures_detailed: sh.cfg.failures_detailed,
        epoch_shift: sh.epoch_shift,
    }
}

/// The wait loop's bookkeeping.
struct Loop {
    /// Clients to advance now, in order.
    runq: RunQueue,
    /// Clients that yielded; they run after the next wait.
    yielded: Vec<u32>,
    /// Clients sleeping until a time.
    timers: BinaryHeap<Reverse<(i64, u32)>>,
    /// Number of clients waiting for their socket.
    n_socket_waits: usize,
    /// Whether each client waits for its socket (indexed by client).
    socket_wait: Vec<bool>,
    /// Whether writability is watched for each client.
    write_interest: Vec<bool>,
    ready: Vec<Ready>,
    /// io_uring only: the client's socket was reported ready while the
    /// client did not wait for it, so data may sit unread.
    unread: Vec<bool>,
    /// io_uring only: the server hung up or the socket failed; every wait
    /// checks the socket first.
    hung_up: Vec<bool>,
}

/// The clients that can run, first in first out: a ring of client
/// numbers that grows by doubling (a client is queued at most once, so it
/// holds at most every client).
#[derive(Debug)]
struct RunQueue {
    slots: Vec<u32>,
    head: usize,
    len: usize,
}

impl RunQueue {
    /// A queue holding clients `0..n` in order.
    fn with_all(n: usize) -> Self {
        let mut slots: Vec<u32> = (0..u32::try_from(n).unwrap_or(u32::MAX)).collect();
        slots.resize(n.max(1).next_power_of_two(), 0);
        RunQueue { slots, head: 0, len: n }
    }

    #[inline]
    fn push_back(&mut self, i: u32) {
        if self.len == self.slots.len() {
            self.grow();
        }
        let mask = self.slots.len() - 1;
        if let Some(slot) = self.slots.get_mut((self.head + self.len) & mask) {
            *slot = i;
        }
        self.len += 1;
    }

    /// Unrolls the ring into a buffer twice as large.
    #[cold]
    #[inline(never)]
    fn grow(&mut self) {
        let mut grown = Vec::with_capacity(self.slots.len() * 2);
        grown.extend_from_slice(&self.slots[self.head..]);
        grown.extend_from_slice(&self.slots[..self.head]);
        grown.resize(self.slots.len() * 2, 0);
        self.slots = grown;
        self.head = 0;
    }

    fn is_empty(&self) -> bool {
        self.len == 0
    }

    #[inline]
    fn pop_front(&mut self) -> Option<u32> {
        if self.len == 0 {
            return None;
        }
        let i = self.slots.get(self.head).copied();
        self.head = (self.head + 1) & (self.slots.len() - 1);
        self.len -= 1;
        i
    }
}

impl Loop {
    fn new(n: usize) -> Self {
        Loop {
            runq: RunQueue::with_all(n),
            yielded: Vec::with_capacity(n),
            timers: BinaryHeap::new(),
            n_socket_waits: 0,
            socket_wait: vec![false; n],
            write_interest: vec![false; n],
            ready: Vec::with_capacity(n + 1),
            unread: vec![false; n],
            hung_up: vec![false; n],
        }
    }

    /// Keeps the wait set in line with a client's connection.
    fn update_registration(&mut self, waiter: &mut Waiter, i: u32, c: &mut Client) {
        c.conn_changed = false;
        let idx = usize::try_from(i).unwrap_or(usize::MAX);
        for flags in [&mut self.write_interest, &mut self.unread, &mut self.hung_up] {
            if let Some(f) = flags.get_mut(idx) {
                *f = false;
            }
        }
        let fd = c.conn.as_ref().map(Conn::socket).filter(|&fd| fd >= 0);
        match waiter {
            Waiter::Ppoll(_) => c.registered_fd = c.conn.as_ref().map(Conn::socket),
            Waiter::Epoll(ep) => {
                if let Some(old) = c.registered_fd.take() {
                    ep.deregister(old);
                }
                if let Some(fd) = fd
                    && ep.register(fd, i).is_ok()
                {
                    c.registered_fd = Some(fd);
                }
            }
            Waiter::Uring(u) => {
                if c.registered_fd.take().is_some() {
                    u.deregister(i);
                }
                if let Some(fd) = fd
                    && u.register(fd, i).is_ok()
                {
                    c.registered_fd = Some(fd);
                }
            }
        }
    }

    /// Runs until every client is done; returns true when a client
    /// aborted under `--exit-on-abort`.
    fn run(
        mut self,
        sh: &Shared<'_>,
        th: &mut ThreadState,
        clients: &mut [Client],
        tx: &Sender<Msg>,
        origin: i64,
    ) -> bool {
        let mut waiter = match Waiter::new(sh.mechanism, clients.len() + 1) {
            Ok(w) => w,
            Err(e) => {
                log::error!("could not create a wait set: {}", crate::sys::os_error_text(&e));
                return false;
            }
        };
        match &mut waiter {
            Waiter::Epoll(ep) => {
                let _ = ep.register(sh.sync.waker.fd(), WAKER_TOKEN);
            }
            Waiter::Uring(u) => {
                let _ = u.watch_waker(sh.sync.waker.fd());
            }
            Waiter::Ppoll(_) => {}
        }
        // io_uring reports arrivals once, not a readable state (see below).
        let uring = matches!(waiter, Waiter::Uring(_));
        let progress_us = i64::from(sh.cfg.progress) * 1_000_000;
        let mut seq: u64 = 1;
        let mut next_report = origin + progress_us;
        let mut remains = clients.len();
        for (i, c) in clients.iter_mut().enumerate() {
            if c.conn_changed {
                self.update_registration(&mut waiter, u32::try_from(i).unwrap_or(u32::MAX), c);
            }
        }
        while remains > 0 {
            // Under -T, notice the end of the run before starting more
            // transactions, rather than when the main thread gets to it
            // (C's SIGALRM is just as prompt).
            if sh.end_time > 0 && !sh.timer_exceeded() && monotonic_us() >= sh.end_time {
                sh.timer.store(true, std::sync::atomic::Ordering::Relaxed);
            }
            // Advance every client that can run.
            while let Some(i) = self.runq.pop_front() {
                let idx = usize::try_from(i).unwrap_or(usize::MAX);
                let Some(c) = clients.get_mut(idx) else { continue };
                let w = c.advance(sh, th, self.runq.is_empty());
                if c.conn_changed {
                    self.update_registration(&mut waiter, i, c);
                }
                match w {
                    Wait::Socket { flush, fresh } => {
                        // The ring reports arrivals, not a readable state:
                        // a client that may have data unread (it read only
                        // part of a response, or data came while it did
                        // not wait) checks the socket before waiting.
                        if let Waiter::Uring(u) = &mut waiter {
                            if flush {
                                let _ = u.want_writable(i);
                            }
                            if !fresh || self.unread[idx] || self.hung_up[idx] {
                                self.unread[idx] = false;
                                if let Some(fd) = c.registered_fd
                                    && crate::sys::poll::ready_now(fd, flush)
                                {
                                    self.runq.push_back(i);
                                    continue;
                                }
                            }
                        }
                        self.socket_wait[idx] = true;
                        self.n_socket_waits += 1;
                        if flush != self.write_interest[idx] && !uring {
                            self.write_interest[idx] = flush;
                            if let (Waiter::Epoll(ep), Some(fd)) = (&waiter, c.registered_fd) {
                                let _ = ep.set_writable_interest(fd, i, flush);
                            }
                        }
                    }
                    Wait::Until(t) => self.timers.push(Reverse((t, i))),
                    // A client that finished a transaction runs again at
                    // once (after those already queued) when that
                    // transaction waited for the server; one that did not
                    // (a script of meta-commands only) waits for the next
                    // poll, so it cannot keep the others from their results.
                    Wait::Yield if std::mem::take(&mut c.waited_since_yield) => {
                        self.runq.push_back(i);
                    }
                    Wait::Yield => self.yielded.push(i),
                    Wait::Done => {
                        remains -= 1;
                        if sh.cfg.exit_on_abort && c.state == State::Aborted {
                            return true;
                        }
                    }
                }
            }
            if remains == 0 || sh.sync.stopping() {
                break;
            }

            // How long may we wait? The clock is read only when a timer or
            // a progress report needs it.
            let timed = progress_us > 0 || !self.timers.is_empty();
            let mut now = if timed { monotonic_us() } else { 0 };
            // A progress snapshot, once the clients that could run have
            // run (as C prints its report after advancing the clients).
            if progress_us > 0 && now >= next_report {
                let _ = tx.send(Msg::Progress { tid: th.tid, seq, now, stats: th.stats });
                while now >= next_report {
                    next_report += progress_us;
                    seq += 1;
                }
            }
            let mut timeout: Option<i64> = None;
            if !self.yielded.is_empty() {
                timeout = Some(0);
            } else if let Some(Reverse((t, _))) = self.timers.peek() {
                timeout = Some((*t - now).max(0));
            }
            if progress_us > 0 {
                let until_report = (next_report - now).max(0);
                timeout = Some(timeout.map_or(until_report, |t| t.min(until_report)));
            }

            // Wait for sockets, or just sleep when no client waits for one.
            self.ready.clear();
            let must_wait = timeout != Some(0) || self.n_socket_waits > 0;
            if must_wait {
                let result = match &mut waiter {
                    Waiter::Epoll(ep) => ep.wait(timeout, &mut self.ready),
                    Waiter::Uring(u) => u.wait(timeout, &mut self.ready),
                    Waiter::Ppoll(ps) => {
                        ps.clear();
                        ps.add(sh.sync.waker.fd(), WAKER_TOKEN, false);
                        for (i, c) in clients.iter().enumerate() {
                            if self.socket_wait[i]
                                && let Some(conn) = c.conn.as_ref()
                            {
                                let fd = conn.socket();
                                if fd < 0 {
                                    log::error!("invalid socket: {}", conn.error_message());
                                    return false;
                                }
                                ps.add(
                                    fd,
                                    u32::try_from(i).unwrap_or(u32::MAX),
                                    self.write_interest[i],
                                );
                            }
                        }
                        ps.wait(timeout, &mut self.ready)
                    }
                };
                if let Err(e) = result {
                    let method = match waiter {
                        Waiter::Epoll(_) => "epoll_pwait2",
                        Waiter::Ppoll(_) => "ppoll",
                        Waiter::Uring(_) => "io_uring_enter",
                    };
                    log::error!("{method}() failed: {}", crate::sys::os_error_text(&e));
                    return false;
                }
                if timed {
                    now = monotonic_us();
                }
            }
            // Take the list out (and put it back below) so its allocation
            // is reused by every wait.
            let ready = std::mem::take(&mut self.ready);
            for &r in &ready {
                if r.token == WAKER_TOKEN {
                    continue;
                }
                let idx = usize::try_from(r.token).unwrap_or(usize::MAX);
                let Some(c) = clients.get_mut(idx) else { continue };
                if uring && r.hangup {
                    self.hung_up[idx] = true;
                }
                if self.socket_wait.get(idx).copied().unwrap_or(false) {
                    self.socket_wait[idx] = false;
                    self.n_socket_waits -= 1;
                    self.runq.push_back(r.token);
                } else if uring {
                    // Reported once: remembered, and checked when the
                    // client next waits.
                    self.unread[idx] = true;
                } else if let Some(conn) = c.conn.as_mut() {
                    // Data nobody asked for (a notice, or the server
                    // closing the connection): read it so the level-
                    // triggered wait does not report it again; once the
                    // connection is gone, stop watching it.
                    if (!conn.consume_input() || r.hangup)
                        && let Some(fd) = c.registered_fd.take()
                        && let Waiter::Epoll(ep) = &waiter
                    {
                        ep.deregister(fd);
                    }
                }
            }
            self.ready = ready;
            while let Some(Reverse((t, i))) = self.timers.peek().copied() {
                if t > now {
                    break;
                }
                self.timers.pop();
                self.runq.push_back(i);
            }
            for i in self.yielded.drain(..) {
                self.runq.push_back(i);
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::RunQueue;

    fn drain(q: &mut RunQueue) -> Vec<u32> {
        std::iter::from_fn(|| q.pop_front()).collect()
    }

    #[test]
    fn run_queue_starts_with_every_client_in_order() {
        let mut q = RunQueue::with_all(3);
        assert_eq!(drain(&mut q), vec![0, 1, 2]);
        assert_eq!(q.pop_front(), None);
        let mut empty = RunQueue::with_all(0);
        assert_eq!(empty.pop_front(), None);
        empty.push_back(7);
        assert_eq!(drain(&mut empty), vec![7]);
    }

    #[test]
    fn run_queue_keeps_order_across_wrap_and_growth() {
        let mut q = RunQueue::with_all(4);
        assert_eq!(q.pop_front(), Some(0));
        assert_eq!(q.pop_front(), Some(1));
        // Wraps around the end of the ring, then grows past its size.
        for i in 10..16 {
            q.push_back(i);
        }
        assert_eq!(drain(&mut q), vec![2, 3, 10, 11, 12, 13, 14, 15]);
        for i in 0..100 {
            q.push_back(i);
            if i % 3 == 0 {
                assert!(q.pop_front().is_some());
            }
        }
        assert_eq!(drain(&mut q).len(), 100 - 34);
    }
}
