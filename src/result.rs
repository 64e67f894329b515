//! The run's result: what [`crate::engine::run`] produces and the
//! reports (`report::run`), the sweeps and `--merge` consume: how the run
//! went ([`RunOutcome`]), when things happened ([`RunTimes`]) and what it
//! measured over all its threads ([`Measured`]), with what the set-up
//! found in the database ([`TableInfo`], [`SysbenchTables`]) and which
//! part of a sharded run it was ([`ShardFacts`]).

use crate::config::PartitionMethod;
use crate::serverstats::ServerStats;
use crate::stats::outage::OutageLog;
use crate::stats::series::RunDist;
use crate::stats::{CommandStats, StatsData};
use crate::sys::signal::Interrupt;
use crate::time::Mono;

/// Which part of the run a `--shard` process ran.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct ShardFacts {
    /// `--shard=K/N`.
    pub(crate) shard: crate::config::Shard,
    /// The run's threads it ran.
    pub(crate) threads: std::ops::Range<usize>,
    /// The ids of the clients it ran.
    pub(crate) clients: std::ops::Range<i32>,
}

/// What `GetTableInfo` found in the database.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct TableInfo {
    /// The scale: the number of branches.
    pub(crate) scale: i32,
    /// How `pgbench_accounts` is partitioned.
    pub(crate) partition_method: PartitionMethod,
    /// Into how many partitions.
    pub(crate) partitions: i32,
}

/// The sysbench tables a run of sysbench's builtins used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SysbenchTables {
    /// `sbtest1`..`sbtestN`: N (`:tables`).
    pub(crate) tables: i64,
    /// The rows of each (`:table_size`).
    pub(crate) table_size: i64,
}

/// How a run that was made went.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RunOutcome {
    /// Every client ran to its end.
    Completed,
    /// Some client aborted: the report is marked incomplete.
    Aborted,
    /// A client aborted under `--exit-on-abort`: no text report.
    ExitedOnAbort,
    /// A signal (SIGINT, SIGTERM) interrupted the run: the report covers
    /// the time until then (none when it came before the measurement
    /// started); `aborted` when some client had aborted before.
    Interrupted {
        /// The signal and when it came.
        by: Interrupt,
        /// Some client had aborted.
        aborted: bool,
    },
}

impl RunOutcome {}

/// When things happened in a run.
#[derive(Clone, Copy, Debug)]
pub(crate) struct RunTimes {
    /// When the run started, before its threads.
    pub(crate) start: Mono,
    /// When the first thread's initial connections were made.
    pub(crate) connected: Mono,
    /// When the first thread's measurement started.
    pub(crate) bench_start: Mono,
    /// When the measurement ended (at a signal that interrupted it).
    pub(crate) end: Mono,
    /// The origin of the progress reports and the one-second intervals.
    pub(crate) origin: Mono,
    /// The `-T` deadline (none under `-t`).
    pub(crate) deadline: Option<Mono>,
    /// From the monotonic clock to the Unix epoch, µs.
    pub(crate) epoch_shift: i64,
    /// `--start-at`: how late the measurement started, µs (0: on time).
    pub(crate) late_start_us: i64,
}

impl RunTimes {
    /// `t` as Unix epoch µs.
    pub(crate) fn epoch_us(&self, t: Mono) -> i64 {
        t.us() + self.epoch_shift
    }

    /// `t`, s after the origin.
    pub(crate) fn since_origin(&self, t: Mono) -> f64 {
        (t.us() - self.origin.us()) as f64 / 1e6
    }
}

/// What a run measured, over all its threads.
#[derive(Debug)]
pub(crate) struct Measured {
    /// What the set-up found in the database.
    pub(crate) tables: TableInfo,
    /// The sysbench tables sysbench's builtins used.
    pub(crate) sysbench: Option<SysbenchTables>,
    /// The server's `server_version`.
    pub(crate) server_version: String,
    /// `--shard`: the part of the run this process ran.
    pub(crate) shard: Option<ShardFacts>,
    /// When things happened.
    pub(crate) times: RunTimes,
    /// All transactions.
    pub(crate) total: StatsData,
    /// Successful transactions above `-L`.
    pub(crate) latency_late: i64,
    /// Connection and disconnection time under `-C`, µs.
    pub(crate) conn_total_us: i64,
    /// Per-script statistics.
    pub(crate) scripts: Vec<StatsData>,
    /// Per-script, per-command statistics (`-r`).
    pub(crate) commands: Vec<Vec<CommandStats>>,
    /// The distributions and the series of seconds (when an output shows
    /// them).
    pub(crate) dist: Option<RunDist>,
    /// `--reconnect`: the notes the outages are made of (monotonic µs).
    pub(crate) outages: Option<OutageLog>,
    /// `--rate-profile`: the transactions scheduled in each step.
    pub(crate) steps: Option<Vec<StatsData>>,
    /// `--server-stats`: what the sampler found.
    pub(crate) server: Option<ServerStats>,
    /// The client's threads measured by themselves (`--client-stats`, a
    /// report).
    pub(crate) client: Option<crate::clientstats::collect::ClientStats>,
}

/// What [`crate::engine::run`] returns: how the run went and what it
/// measured (nothing when a signal came before the measurement started).
#[derive(Debug)]
pub(crate) struct RunResult {
    /// How it went.
    pub(crate) outcome: RunOutcome,
    /// What it measured.
    pub(crate) measured: Option<Measured>,
}
