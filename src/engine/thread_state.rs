//! What one worker thread owns and its clients update as they run: the
//! thread's random generators (C's `TState`), its `-R` schedule, its
//! statistics and transaction log, and the scratch buffers its clients
//! share.

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
        }
    }
}

impl ThreadState {
    /// Forgets what the warm-up recorded: the measurement starts at
    /// `start` (monotonic µs), with the `-R` schedule.
    pub(crate) fn begin_measurement(&mut self, start: i64) {
        self.throttle_trigger = start;
        self.rate_origin = start;
        self.steps.fill(StatsData::new(0));
        self.stats = StatsData::new(0);
        self.latency_late = 0;
        self.conn_duration = 0;
        if let Some(o) = self.outage.as_deref_mut() {
            o.restart(start);
        }
        self.script_stats.fill(StatsData::new(0));
        for cs in &mut self.cmd_stats {
            cs.fill(CommandStats::default());
        }
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
    /// Parameter pointers for libpq.
    pub(crate) params: ParamBuf,
}
