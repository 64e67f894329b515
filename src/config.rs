//! `Config`: the immutable result of parsing and validating the command
//! line. It replaces the several dozen global variables C pgbench keeps;
//! every later stage reads it and none changes it.

use crate::pq::ConnParams;
use crate::script::{QueryMode, Script, Slot, VarRegistry};

/// What the command line asks for, once it has been fully validated.
#[derive(Debug)]
pub(crate) enum Action {
    /// `-i`: initialize the database.
    Init(InitConfig),
    /// Run a benchmark.
    Bench(Box<BenchConfig>),
    /// `--merge`: the report of one run from its shards' JSON reports.
    Merge(MergeConfig),
    /// `--compare BASE NEW`: the statistics of two sets of runs.
    Compare(CompareConfig),
}

/// What `--merge` reads and writes.
#[derive(Debug)]
pub(crate) struct MergeConfig {
    /// The shards' `--report-json` files.
    pub(crate) files: Vec<String>,
    /// `--latency-percentiles` (else those the shards' reports showed).
    pub(crate) latency_percentiles: Option<Vec<Percentile>>,
    /// `--report-json`, `--report-html`, `--report-csv`: the merged
    /// document, its page and its table (of a single document that is not
    /// a shard's: its table).
    pub(crate) reports: ReportFiles,
    /// `--force`: merge shards run with different `--compat` (the report
    /// is the first one's).
    pub(crate) force: bool,
}

/// The report files a command writes besides its text (a run, a sweep,
/// `--merge`, `--compare`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct ReportFiles {
    /// `--report-json`: the document.
    pub(crate) json: Option<String>,
    /// `--report-html`: the page.
    pub(crate) html: Option<String>,
    /// `--report-csv`: the table.
    pub(crate) csv: Option<String>,
}

impl ReportFiles {
    /// Each file asked for, with the option that names it.
    pub(crate) fn named(&self) -> Vec<(&'static str, &str)> {
        let named = [
            ("--report-json", &self.json),
            ("--report-html", &self.html),
            ("--report-csv", &self.csv),
        ];
        named.into_iter().filter_map(|(option, file)| Some((option, file.as_deref()?))).collect()
    }

    /// Whether a report file is asked for.
    pub(crate) fn any(&self) -> bool {
        self.json.is_some() || self.html.is_some() || self.csv.is_some()
    }
}

/// What `--compare` reads, writes and checks.
#[derive(Debug)]
pub(crate) struct CompareConfig {
    /// BASE: a comma-separated list of report files.
    pub(crate) base: String,
    /// NEW: the same.
    pub(crate) new: String,
    /// `--force`: compare runs that differ in what they ran.
    pub(crate) force: bool,
    /// `--fail-if`.
    pub(crate) fail_if: Vec<Condition>,
    /// `--report-json`, `--report-html`, `--report-csv`.
    pub(crate) reports: ReportFiles,
}

/// One condition of `--fail-if` (see `compare::gate`).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Condition {
    /// As given (for the message).
    pub(crate) text: String,
    /// The metric's key.
    pub(crate) key: &'static str,
    /// `<`: fails below the limit; `>`: above it.
    pub(crate) below: bool,
    /// The limit, in percent of the base's median.
    pub(crate) limit_pct: f64,
}

/// `--shard=K/N`: this process runs part K of N of the run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Shard {
    /// K, from 0.
    pub(crate) index: u32,
    /// N.
    pub(crate) count: u32,
}

impl Shard {
    /// The run's threads this shard runs, of `nthreads`: those a single
    /// run numbers `K*j/N` to `(K+1)*j/N - 1`.
    pub(crate) fn threads(&self, nthreads: usize) -> std::ops::Range<usize> {
        let (k, n) = (self.index as usize, self.count as usize);
        (k * nthreads / n)..((k + 1) * nthreads / n)
    }
}

/// How `pgbench_accounts` is partitioned (`--partition-method`); a
/// document names it as C's DDL does (`none`, `range`, `hash`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum PartitionMethod {
    /// Not partitioned.
    None,
    /// `partition by range (aid)`.
    Range,
    /// `partition by hash (aid)`.
    Hash,
}

impl PartitionMethod {
    /// The word C uses in DDL and reports.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Self::None => "none",
            Self::Range => "range",
            Self::Hash => "hash",
        }
    }
}

/// Settings for `-i`.
#[derive(Debug)]
pub(crate) struct InitConfig {
    /// The pgbench reproduced (`--compat`).
    pub(crate) pgbench: &'static crate::version::Pgbench,
    /// How to connect.
    pub(crate) conn: ConnParams,
    /// The step letters to run, in order (spaces are skipped).
    pub(crate) steps: String,
    /// `-s`.
    pub(crate) scale: i32,
    /// `-F`.
    pub(crate) fillfactor: i32,
    /// `-q`.
    pub(crate) quiet: bool,
    /// `--unlogged-tables`.
    pub(crate) unlogged_tables: bool,
    /// `--tablespace`.
    pub(crate) tablespace: Option<String>,
    /// `--index-tablespace`.
    pub(crate) index_tablespace: Option<String>,
    /// `--partitions`.
    pub(crate) partitions: i32,
    /// `--partition-method` (range when partitions > 0 and none was given).
    pub(crate) partition_method: PartitionMethod,
    /// `--sysbench-tables` / `--sysbench-table-size`: sysbench's tables
    /// instead of pgbench's.
    pub(crate) sysbench: Option<SysbenchInit>,
}

/// sysbench's tables to create (`--tables`, `--table-size` of sysbench).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SysbenchInit {
    /// `sbtest1`..`sbtestN`.
    pub(crate) tables: i32,
    /// Rows of each.
    pub(crate) table_size: i32,
}

/// A latency percentile to report: as the report and the JSON name it
/// (`99.9`) and as a number.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Percentile {
    /// The shortest decimal text of the value (`50`, `99.9`).
    pub(crate) text: String,
    /// Strictly between 0 and 100.
    pub(crate) value: f64,
}

impl Percentile {
    /// The percentile `value` (already checked to be in range).
    pub(crate) fn new(value: f64) -> Self {
        Percentile { text: format!("{value}"), value }
    }
}

/// The percentiles reported when `--latency-percentiles` has no list, and
/// always in the JSON report.
pub(crate) const DEFAULT_PERCENTILES: [f64; 6] = [50.0, 90.0, 95.0, 99.0, 99.9, 99.99];

/// pgbench-rs's extensions of the benchmark, all off unless asked for.
#[derive(Debug, Default)]
pub(crate) struct Extensions {
    /// `--latency-percentiles`: the percentiles the text report shows.
    pub(crate) latency_percentiles: Option<Vec<Percentile>>,
    /// `--report-json`, `--report-html`, `--report-csv`: the report files.
    pub(crate) reports: ReportFiles,
    /// `--warmup`: seconds the clients run before the measurement starts.
    pub(crate) warmup_s: i32,
    /// `--continue-on-error`: SQL errors other than serialization failures
    /// and deadlocks fail the transaction instead of aborting the client.
    pub(crate) continue_on_error: bool,
    /// `--shard=K/N`.
    pub(crate) shard: Option<Shard>,
    /// `--pin`: the CPUs the threads are pinned on.
    pub(crate) pin: Option<Vec<usize>>,
    /// `--start-at`: when the run starts (Unix epoch µs).
    pub(crate) start_at_us: Option<i64>,
    /// `--repeat`: runs of each point (of the one run without a sweep).
    pub(crate) repeat: Option<u32>,
    /// `--sweep-clients`: the client counts of the points, in order.
    pub(crate) sweep_clients: Option<Vec<i32>>,
    /// `-j` as given (a point of a sweep caps it at its clients).
    pub(crate) jobs: i32,
    /// `--reconnect`: a lost connection fails the transaction and the
    /// client connects again, instead of aborting.
    pub(crate) reconnect: Option<Reconnect>,
    /// `--rate-profile`: the rate over the run (`-R` is then its first
    /// rate, for everything but the schedule).
    pub(crate) rate_profile: Option<crate::rate_profile::RateProfile>,
    /// `--server-stats[=SECONDS]`: the server's statistics sampled every
    /// this many seconds (none: not sampled).
    pub(crate) server_stats_s: Option<i32>,
    /// `--metrics-listen` (with `--metrics-linger`): the live metrics'
    /// endpoint.
    pub(crate) metrics: Option<MetricsConfig>,
    /// `--metrics-linger` as given (checked with `--metrics-listen`).
    pub(crate) metrics_linger_s: Option<u32>,
    /// `--client-stats`: the client's threads measure themselves, and the
    /// text report and `-P` lines show it.
    pub(crate) client_stats: bool,
}

/// `--metrics-listen=[HOST:]PORT` and `--metrics-linger=SECONDS`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct MetricsConfig {
    /// The host (the loopback, `127.0.0.1`, when none is given).
    pub(crate) host: String,
    /// The port (0: one the system chooses, which pgbench-rs prints).
    pub(crate) port: u16,
    /// How long the endpoint stays up after the run's report, s.
    pub(crate) linger_s: u32,
}

/// `--metrics-linger`'s default: a scrape every 15 s, Prometheus'
/// usual interval, still sees the run's last values.
pub(crate) const DEFAULT_METRICS_LINGER_S: u32 = 15;

/// `--reconnect` and its limits (`--reconnect-backoff`,
/// `--reconnect-timeout`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Reconnect {
    /// The wait after the first failed attempt, µs (the first attempt is
    /// made at once).
    pub(crate) min_backoff_us: i64,
    /// The longest wait between two attempts, µs (each failed attempt
    /// doubles the wait up to this).
    pub(crate) max_backoff_us: i64,
    /// How long a client tries before it aborts, µs (none: until the
    /// run ends).
    pub(crate) timeout_us: Option<i64>,
}

impl Default for Reconnect {
    fn default() -> Self {
        Reconnect { min_backoff_us: 10_000, max_backoff_us: 50_000, timeout_us: Some(60_000_000) }
    }
}

impl Extensions {
    /// Whether latency distributions are recorded (some output shows them).
    pub(crate) fn distributions(&self) -> bool {
        self.latency_percentiles.is_some()
            || self.metrics.is_some()
            || self.repeat.is_some()
            || self.sweep_clients.is_some()
            || self.reports.any()
    }

    /// Whether the client's threads measure themselves (some output of
    /// pgbench-rs's shows it: never on a command line C pgbench accepts).
    pub(crate) fn client_measured(&self) -> bool {
        self.client_stats
            || self.reports.any()
            || self.repeat.is_some()
            || self.sweep_clients.is_some()
    }

    /// The percentiles the JSON report gives: the default ones and those
    /// asked for, in order.
    pub(crate) fn json_percentiles(&self) -> Vec<Percentile> {
        let mut all: Vec<Percentile> =
            DEFAULT_PERCENTILES.iter().map(|&v| Percentile::new(v)).collect();
        for p in self.latency_percentiles.iter().flatten() {
            if !all.iter().any(|q| q.value == p.value) {
                all.push(p.clone());
            }
        }
        all.sort_by(|a, b| a.value.total_cmp(&b.value));
        all
    }
}

/// Internal switches for side-by-side measurements and tests, read from
/// the environment (docs/building.md's list): how the workers wait,
/// where the run's events go.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Switches {
    /// The socket waiting mechanism (`PGBENCH_RS_POLL`; epoll under
    /// valgrind).
    pub(crate) mechanism: crate::sys::wait::Mechanism,
    /// Where the run's events go (`PGBENCH_RS_EVENTS=FILE`).
    pub(crate) events: crate::events::Events,
    /// How many of a thread's clients may be connecting at once
    /// (`PGBENCH_RS_CONNECTING=N`; none: the engine's default).
    pub(crate) connecting: Option<usize>,
}

/// How long a run lasts: C's `-t` or `-T` (one, never both).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum RunLength {
    /// `-t`: this many transactions per client (at least 1).
    Transactions(i32),
    /// `-T`: this many seconds (at least 1).
    Seconds(i32),
}

impl RunLength {
    /// `-t`'s transactions per client.
    pub(crate) fn transactions(self) -> Option<i32> {
        match self {
            RunLength::Transactions(n) => Some(n),
            RunLength::Seconds(_) => None,
        }
    }

    /// `-T`'s seconds.
    pub(crate) fn seconds(self) -> Option<i32> {
        match self {
            RunLength::Seconds(s) => Some(s),
            RunLength::Transactions(_) => None,
        }
    }

    /// `-T` in microseconds.
    pub(crate) fn duration_us(self) -> Option<i64> {
        self.seconds().map(|s| i64::from(s) * 1_000_000)
    }
}

/// Settings for a benchmark run.
#[derive(Debug)]
pub(crate) struct BenchConfig {
    /// The pgbench reproduced (`--compat`).
    pub(crate) pgbench: &'static crate::version::Pgbench,
    /// How to connect.
    pub(crate) conn: ConnParams,
    /// The scripts to run, with their weights; commands finalized for the
    /// query mode.
    pub(crate) scripts: Vec<Script>,
    /// Sum of the scripts' weights (not zero).
    pub(crate) total_weight: i64,
    /// Every variable name any script or `-D` refers to.
    pub(crate) registry: VarRegistry,
    /// `-D name=value`, in order (later ones override earlier ones).
    pub(crate) defines: Vec<(Slot, String)>,
    /// The builtin scripts used (C reads the scale from the database when
    /// there is one; sysbench's read the number and size of its tables;
    /// some have SQL to run before the run).
    pub(crate) builtins: Vec<&'static crate::script::builtin::Builtin>,
    /// `-c`.
    pub(crate) nclients: i32,
    /// `-j`, lowered to `nclients` if larger.
    pub(crate) nthreads: i32,
    /// `-t` or `-T`.
    pub(crate) length: RunLength,
    /// The internal switches the environment sets.
    pub(crate) switches: Switches,
    /// `-C`.
    pub(crate) is_connect: bool,
    /// `-l`.
    pub(crate) use_log: bool,
    /// `--log-prefix` (None: "pgbench_log").
    pub(crate) log_prefix: Option<String>,
    /// `--sampling-rate` (0: log everything).
    pub(crate) sample_rate: f64,
    /// `--aggregate-interval` in seconds (None: none).
    pub(crate) agg_interval: Option<i32>,
    /// `-L` in microseconds (none: no limit).
    pub(crate) latency_limit_us: Option<i64>,
    /// `-R` as the mean delay between transactions of one thread, in
    /// microseconds (None: no rate limit). Already multiplied by
    /// `nthreads`.
    pub(crate) throttle_delay_us: Option<f64>,
    /// `-M`.
    pub(crate) query_mode: QueryMode,
    /// `-P` in seconds (None: no progress).
    pub(crate) progress: Option<i32>,
    /// `--progress-timestamp`.
    pub(crate) progress_timestamp: bool,
    /// `-r`.
    pub(crate) report_per_command: bool,
    /// Per-script statistics (on when several scripts are used).
    pub(crate) per_script_stats: bool,
    /// `-s` value (used when no builtin script reads the real scale).
    pub(crate) scale: i32,
    /// Whether `-s` was given.
    pub(crate) scale_given: bool,
    /// `-n`.
    pub(crate) no_vacuum: bool,
    /// `-v`.
    pub(crate) vacuum_accounts: bool,
    /// The random seed (`--random-seed`, `PGBENCH_RANDOM_SEED` or time).
    pub(crate) random_seed: u64,
    /// `--failures-detailed`.
    pub(crate) failures_detailed: bool,
    /// `--max-tries` (0: unlimited).
    pub(crate) max_tries: u32,
    /// `--verbose-errors`.
    pub(crate) verbose_errors: bool,
    /// `--exit-on-abort`.
    pub(crate) exit_on_abort: bool,
    /// pgbench-rs's extensions.
    pub(crate) ext: Extensions,
    /// The command line as given (for the JSON report).
    pub(crate) argv: Vec<String>,
}
