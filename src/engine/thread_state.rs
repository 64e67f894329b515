//! What one worker thread owns and its clients update as they run: the
//! thread's random generators (C's `TState`), its `-R` schedule, its
//! statistics and transaction log, and the scratch buffers its clients
//! share.

use crate::engine::shared::Shared;
use crate::pq::ParamBuf;
use crate::rand::prng::PgPrng;
use crate::report::txlog::TxLog;
use crate::script::Script;
use crate::stats::outage::OutageLog;
use crate::stats::series::Recorder;
use crate::stats::{CommandStats, StatsData};
use crate::time::Mono;

/// Per-thread mutable state the client state machine updates.
#[derive(Debug)]
pub(crate) struct ThreadState {
    /// Thread number in the run (under `--shard`, of the whole run).
    pub(crate) tid: usize,
    /// Its place among this process's threads (`tid` without a shard).
    pub(crate) slot: usize,
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
    /// Latency distributions over time (when an output shows them).
    pub(crate) dist: Option<Box<Recorder>>,
    /// During a warm-up, when it ends (none while measuring).
    pub(crate) warm_end: Option<Mono>,
    /// Whether a transaction's end is recorded anywhere but in `stats`
    /// (`-L`, `-l`, per-script statistics, distributions): one test on
    /// the per-transaction path for all of them.
    pub(crate) extras: bool,
    /// Buffers for rendering and reading, shared by the thread's clients.
    pub(crate) scratch: Scratch,
    /// `--reconnect`: the connections lost and made again, and the
    /// throughput around them.
    pub(crate) outage: Option<Box<OutageLog>>,
    /// `--rate-profile`: where the schedule's time 0 is (monotonic µs).
    pub(crate) rate_origin: i64,
    /// `--rate-profile`: the transactions scheduled in each step (empty
    /// without it).
    pub(crate) steps: Vec<StatsData>,
    /// The client measures itself (`--client-stats`, a report): the
    /// thread's meter, during the measurement.
    pub(crate) meter: Option<Box<crate::clientstats::Meter>>,
}

impl ThreadState {
    /// A thread's state before the run.
    pub(crate) fn new(tid: usize, rngs: [PgPrng; 3], scripts: &[Script]) -> Self {
        let [choose_rng, throttle_rng, sample_rng] = rngs;
        ThreadState {
            tid,
            slot: tid,
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
            dist: None,
            warm_end: None,
            extras: false,
            scratch: Scratch::default(),
            outage: None,
            rate_origin: 0,
            steps: Vec::new(),
            meter: None,
        }
    }
}

impl ThreadState {
    /// The `-R` schedule (and `--rate-profile`'s steps) start at `start`
    /// (monotonic µs).
    fn schedule_from(&mut self, sh: &Shared<'_>, start: i64) {
        self.throttle_trigger = start;
        self.rate_origin = start;
        let steps = sh.cfg.ext.rate_profile.as_ref().map_or(0, |p| p.points().len());
        self.steps = vec![StatsData::new(0); steps];
    }

    /// `--warmup`: the clients run from `start` (monotonic µs) until
    /// `end`, recording only what the warm-up's `-P` lines need (and
    /// what `-L` and per-script statistics count on the way).
    pub(crate) fn begin_warmup(&mut self, sh: &Shared<'_>, start: i64, end: Mono) {
        self.schedule_from(sh, start);
        self.warm_end = Some(end);
        self.extras = sh.cfg.per_script_stats || sh.cfg.latency_limit_us.is_some();
    }

    /// The measurement starts at `start` (monotonic µs): after the
    /// thread's connections, or at the end of a warm-up, whose counts are
    /// forgotten. Everything a transaction's end records is set up here
    /// (the distributions' seconds count from `origin`), for the worker
    /// and for the client's unit tests alike.
    pub(crate) fn begin(&mut self, sh: &Shared<'_>, start: i64, origin: i64) {
        let cfg = sh.cfg;
        self.schedule_from(sh, start);
        self.warm_end = None;
        self.stats = StatsData::new(0);
        self.latency_late = 0;
        self.conn_duration = 0;
        self.script_stats.fill(StatsData::new(0));
        for cs in &mut self.cmd_stats {
            cs.fill(CommandStats::default());
        }
        if cfg.ext.distributions() {
            let n_commands: Vec<usize> = sh.scripts.iter().map(|s| s.commands.len()).collect();
            let per_command = cfg.report_per_command;
            let mut r = Recorder::new(origin, 1_000_000, &n_commands, per_command);
            if let Some(back) = sh.handed_back.get(self.slot) {
                r.take_back_from(back);
            }
            self.dist = Some(Box::new(r));
        }
        if let Some(l) = self.log.as_mut() {
            l.start(start);
        }
        if cfg.ext.reconnect.is_some() {
            match self.outage.as_deref_mut() {
                Some(o) => o.restart(start),
                None => self.outage = Some(Box::new(OutageLog::new(start))),
            }
        }
        self.extras = self.outage.is_some()
            || !self.steps.is_empty()
            || self.dist.is_some()
            || self.log.is_some()
            || cfg.per_script_stats
            || cfg.latency_limit_us.is_some();
    }

    /// Under `-R`: how far behind its schedule the thread is at `now`
    /// (monotonic µs), µs.
    pub(crate) fn schedule_lag(&self, sh: &Shared<'_>, now: i64) -> Option<i64> {
        sh.throttled().then(|| (now - self.throttle_trigger).max(0))
    }

    /// The thread's statistics per script so far (all of them in one with
    /// a single script, whose per-script statistics are not kept).
    pub(crate) fn cumulative(&self, per_script: bool) -> &[StatsData] {
        if per_script { &self.script_stats } else { std::slice::from_ref(&self.stats) }
    }
}

/// Buffers a worker lends to whichever client is sending or reading: what
/// they hold lives only during one call, so one set per thread serves all
/// its clients (per client they would cost memory at `-c 1000`).
#[derive(Debug, Default)]
pub(crate) struct Scratch {
    /// SQL text (simple mode) or parameter values.
    pub(crate) buf: Vec<u8>,
    /// Parameter offsets into `buf`.
    pub(crate) starts: Vec<u32>,
    /// The text of a command made by variables in quoted identifiers.
    pub(crate) text: Vec<u8>,
    /// `\gset` variable names.
    pub(crate) name: Vec<u8>,
    /// `\gset`/`\aset` columns' variables as last resolved.
    pub(crate) gset: crate::script::meta::GsetTargets,
    /// Parameter pointers for libpq.
    pub(crate) params: ParamBuf,
}
