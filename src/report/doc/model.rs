//! The documents' types: a run's ([`RunDocument`], `schema/report.schema.json`),
//! several runs' ([`PointsDocument`]), a comparison's
//! ([`ComparisonDocument`]) and the server's statistics within a run's
//! ([`ServerDoc`]; the client's are [`super::client`]'s), each field named
//! as the document names it. They are written through a
//! `serde_json::Value` (whose objects keep their keys sorted), so that
//! the text is the one documents always had: keys sorted, numbers in
//! their shortest form, `null` for what a run did not measure; a member
//! only some runs have (`outages`, `steps`, `server`, `client`, a
//! script's `commands`) is left out where there is none. Documents of earlier
//! versions read back: what they did not have yet is its default.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::config::PartitionMethod;
use crate::script::QueryMode;

/// A run's document.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct RunDocument {
    /// `pgbench-rs report`.
    pub(crate) format: String,
    /// The version of the shape.
    pub(crate) schema_version: u32,
    /// The program that wrote it.
    pub(crate) pgbench_rs_version: String,
    /// The pgbench reproduced.
    pub(crate) pgbench_version: String,
    /// `PQlibVersion`, as major.minor.
    pub(crate) libpq_version: String,
    /// The server's `server_version`.
    pub(crate) server_version: String,
    /// When the measurement started, Unix epoch s.
    pub(crate) start_time: f64,
    /// When it ended.
    pub(crate) end_time: f64,
    /// `start_time` in µs.
    pub(crate) start_time_us: i64,
    /// `end_time` in µs.
    pub(crate) end_time_us: i64,
    /// `--shard`: the part of the run this process ran.
    pub(crate) shard: Option<ShardPart>,
    /// `--start-at`, Unix epoch s.
    pub(crate) start_at: Option<f64>,
    /// How long after `--start-at` the measurement started, s.
    #[serde(default)]
    pub(crate) late_start_s: f64,
    /// How the run ended.
    pub(crate) status: Status,
    /// The signal that interrupted it.
    pub(crate) interrupted_by: Option<Signal>,
    /// `--warmup`, s.
    #[serde(default)]
    pub(crate) warmup_s: i64,
    /// The command line, every option, the scripts.
    pub(crate) configuration: Configuration,
    /// All transactions.
    pub(crate) totals: Totals,
    /// Each script's.
    pub(crate) scripts: Vec<ScriptStats>,
    /// The one-second intervals.
    pub(crate) progress: Progress,
    /// `--reconnect`: the outages.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) outages: Option<Vec<OutageDoc>>,
    /// `--reconnect`: what the outages are made of.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) outage_log: Option<OutageLogDoc>,
    /// `--rate-profile`: the steps the run reached.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) steps: Option<Vec<StepDoc>>,
    /// `--server-stats`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) server: Option<ServerDoc>,
    /// `--client-stats` or a report option: the client's own side.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) client: Option<super::client::ClientDoc>,
}

/// How a run ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Status {
    /// Every client ran to its end.
    Completed,
    /// Some client aborted.
    Aborted,
    /// A client aborted under `--exit-on-abort`.
    ExitedOnAbort,
    /// A signal interrupted it.
    Interrupted,
}

impl Status {
    /// As the document writes it.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Status::Completed => "completed",
            Status::Aborted => "aborted",
            Status::ExitedOnAbort => "exited_on_abort",
            Status::Interrupted => "interrupted",
        }
    }
}

/// The signals that interrupt a run with its report.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum Signal {
    /// Ctrl-C.
    #[allow(clippy::upper_case_acronyms)]
    SIGINT,
    /// `kill`.
    #[allow(clippy::upper_case_acronyms)]
    SIGTERM,
}

impl Signal {
    /// Its name.
    pub(crate) fn name(self) -> &'static str {
        match self {
            Signal::SIGINT => "SIGINT",
            Signal::SIGTERM => "SIGTERM",
        }
    }

    /// Its number.
    pub(crate) fn number(self) -> i32 {
        match self {
            Signal::SIGINT => libc::SIGINT,
            Signal::SIGTERM => libc::SIGTERM,
        }
    }

    /// The one named `name`.
    pub(crate) fn of(name: &str) -> Option<Signal> {
        [Signal::SIGINT, Signal::SIGTERM].into_iter().find(|s| s.name() == name)
    }
}

/// `--shard=K/N`: the part of the run a process ran.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct ShardPart {
    /// K.
    pub(crate) index: u32,
    /// N.
    pub(crate) count: u32,
    /// Its threads, `[first, end)` of the whole run's.
    pub(crate) threads: [i64; 2],
    /// Its clients, `[first, end)`.
    pub(crate) clients: [i64; 2],
}

/// The command line, every option and its value, the scripts.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct Configuration {
    /// argv, connection strings redacted.
    pub(crate) command_line: Vec<String>,
    /// The pgbench reproduced (none: a document of before `--compat`,
    /// which is 17's).
    pub(crate) compat: Option<u32>,
    /// A builtin's name, or `multiple scripts`.
    pub(crate) transaction_type: String,
    /// The scale the set-up found.
    pub(crate) scale: Option<i64>,
    /// `none`, `range` or `hash`.
    pub(crate) partition_method: PartitionMethod,
    /// The partitions the set-up found.
    pub(crate) partitions: i64,
    /// sysbench's builtins: its tables.
    #[serde(default)]
    pub(crate) sysbench_tables: Option<i64>,
    /// Their rows.
    #[serde(default)]
    pub(crate) sysbench_table_size: Option<i64>,
    /// `simple`, `extended` or `prepared`.
    pub(crate) query_mode: QueryMode,
    /// `-c`.
    pub(crate) clients: i64,
    /// `-j`.
    pub(crate) threads: i64,
    /// `--max-tries` (0: unlimited).
    pub(crate) max_tries: i64,
    /// `-t`.
    pub(crate) transactions_per_client: Option<i64>,
    /// `-T`.
    pub(crate) duration_s: Option<i64>,
    /// `-R`.
    pub(crate) rate_tps: Option<f64>,
    /// `-L`.
    pub(crate) latency_limit_ms: Option<f64>,
    /// `-C`.
    pub(crate) connect: bool,
    /// `-P`.
    pub(crate) progress_s: Option<i64>,
    /// `--progress-timestamp`.
    pub(crate) progress_timestamp: bool,
    /// `-r`.
    pub(crate) report_per_command: bool,
    /// `--failures-detailed`.
    pub(crate) failures_detailed: bool,
    /// `--verbose-errors`.
    pub(crate) verbose_errors: bool,
    /// `--exit-on-abort`.
    pub(crate) exit_on_abort: bool,
    /// `--debug`.
    pub(crate) debug: bool,
    /// `-n`.
    pub(crate) no_vacuum: bool,
    /// `-v`.
    pub(crate) vacuum_all: bool,
    /// `-l`.
    pub(crate) log: bool,
    /// `--log-prefix`.
    pub(crate) log_prefix: Option<String>,
    /// `--sampling-rate`.
    pub(crate) sampling_rate: Option<f64>,
    /// `--aggregate-interval`.
    pub(crate) aggregate_interval_s: Option<i64>,
    /// The random seed the run used.
    pub(crate) random_seed: u64,
    /// `-D`.
    pub(crate) defines: BTreeMap<String, String>,
    /// `-h`, `-p`, `-U`, the database name (a connection string redacted).
    pub(crate) connection: Connection,
    /// `--latency-percentiles`.
    pub(crate) latency_percentiles: Option<Vec<f64>>,
    /// `--report-json`.
    pub(crate) report_json: Option<String>,
    /// `--warmup`.
    #[serde(default)]
    pub(crate) warmup_s: i64,
    /// `--continue-on-error`.
    #[serde(default)]
    pub(crate) continue_on_error: bool,
    /// `--shard`, as given.
    #[serde(default)]
    pub(crate) shard: Option<String>,
    /// `--start-at`.
    #[serde(default)]
    pub(crate) start_at: Option<f64>,
    /// The scripts, their weights and text.
    pub(crate) scripts: Vec<ScriptSpec>,
    /// `--reconnect`.
    #[serde(default)]
    pub(crate) reconnect: Option<ReconnectSpec>,
    /// `--rate-profile`.
    #[serde(default)]
    pub(crate) rate_profile: Option<Vec<RatePointSpec>>,
}

/// How the run connected.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Connection {
    /// `-h`.
    pub(crate) host: Option<String>,
    /// `-p`.
    pub(crate) port: Option<String>,
    /// `-U`.
    pub(crate) user: Option<String>,
    /// The database name or connection string (redacted).
    pub(crate) dbname: Option<String>,
}

/// A script of the run.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct ScriptSpec {
    /// Its description (`<builtin: ...>`, a file name).
    pub(crate) name: String,
    /// Its weight.
    pub(crate) weight: i64,
    /// Its text.
    pub(crate) text: String,
}

/// `--reconnect`'s settings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct ReconnectSpec {
    /// The first wait before connecting again, ms.
    pub(crate) min_backoff_ms: i64,
    /// The longest.
    pub(crate) max_backoff_ms: i64,
    /// When a client gives up (none: never).
    pub(crate) timeout_s: Option<i64>,
}

/// A point of `--rate-profile`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct RatePointSpec {
    /// When, s after the measurement's start.
    pub(crate) at_s: f64,
    /// The rate from then.
    pub(crate) rate_tps: f64,
    /// A ramp to the next point.
    pub(crate) ramp: bool,
}

/// The counts of a set of transactions (the run, a script, a second), its
/// throughput and distributions.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct Stats {
    /// Succeeded.
    pub(crate) transactions: i64,
    /// Failed (all kinds).
    pub(crate) failed: i64,
    /// Percent of all.
    pub(crate) failed_pct: Option<f64>,
    /// By kind.
    pub(crate) failures: Failures,
    /// Retried.
    pub(crate) retried: i64,
    /// Percent of all.
    pub(crate) retried_pct: Option<f64>,
    /// Retries.
    pub(crate) retries: i64,
    /// Skipped (`-L`).
    pub(crate) skipped: i64,
    /// Percent of all.
    pub(crate) skipped_pct: Option<f64>,
    /// Succeeded per second.
    pub(crate) tps: Option<f64>,
    /// Their latencies.
    pub(crate) latency_ms: Distribution,
    /// `-R`: their schedule lags.
    pub(crate) lag_ms: Option<Distribution>,
}

/// Failures by kind.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct Failures {
    /// Serialization failures.
    pub(crate) serialization: i64,
    /// Percent of all transactions.
    pub(crate) serialization_pct: Option<f64>,
    /// Deadlocks.
    pub(crate) deadlock: i64,
    /// Percent.
    pub(crate) deadlock_pct: Option<f64>,
    /// Other SQL errors (`--continue-on-error`).
    pub(crate) other: i64,
    /// Percent.
    pub(crate) other_pct: Option<f64>,
    /// Lost connections (`--reconnect`).
    #[serde(default)]
    pub(crate) connection: i64,
    /// Percent.
    #[serde(default)]
    pub(crate) connection_pct: Option<f64>,
    /// Commits whose outcome is unknown (`--reconnect`).
    #[serde(default)]
    pub(crate) commit_unknown: i64,
    /// Percent.
    #[serde(default)]
    pub(crate) commit_unknown_pct: Option<f64>,
}

/// A distribution of durations: in ms as printed, and the raw µs sums
/// that merge exactly, with its percentiles and histogram.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct Distribution {
    /// Values.
    pub(crate) count: i64,
    /// Mean, ms (none without values).
    pub(crate) mean: Option<f64>,
    /// Standard deviation, ms.
    pub(crate) stddev: Option<f64>,
    /// Least, ms.
    pub(crate) min: Option<f64>,
    /// Largest, ms.
    pub(crate) max: Option<f64>,
    /// Least, µs.
    pub(crate) min_us: f64,
    /// Largest, µs.
    pub(crate) max_us: f64,
    /// Sum, µs.
    pub(crate) sum_us: f64,
    /// Sum of squares, µs².
    pub(crate) sum2_us: f64,
    /// Percentiles by their text (`"99.9"`), ms.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) percentiles: Option<BTreeMap<String, Option<f64>>>,
    /// HdrHistogram's V2 compressed encoding, base64, µs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) histogram: Option<String>,
}

/// The whole run's.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct Totals {
    /// Its counts and distributions.
    #[serde(flatten)]
    pub(crate) stats: Stats,
    /// `-t` times the clients.
    pub(crate) transactions_expected: Option<i64>,
    /// Above `-L`.
    pub(crate) late: i64,
    /// Percent of the transactions.
    pub(crate) late_pct: Option<f64>,
    /// C's latency average, ms.
    pub(crate) latency_average_ms: Option<f64>,
    /// The measurement's length, s.
    pub(crate) duration_s: f64,
    /// µs.
    pub(crate) duration_us: i64,
    /// `-C`'s connection time over all clients, µs.
    pub(crate) connection_total_us: i64,
    /// The initial connections, µs.
    pub(crate) initial_connection_us: i64,
    /// As printed (without `-C`), ms.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) initial_connection_time_ms: Option<f64>,
    /// As printed (with `-C`), ms.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) average_connection_time_ms: Option<f64>,
}

/// A script's.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct ScriptStats {
    /// Its counts and distributions.
    #[serde(flatten)]
    pub(crate) stats: Stats,
    /// Its description.
    pub(crate) name: String,
    /// Its weight.
    pub(crate) weight: i64,
    /// Percent of all weights.
    pub(crate) weight_pct: Option<f64>,
    /// Percent of the transactions.
    pub(crate) share_pct: Option<f64>,
    /// `-r`: each command's.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) commands: Option<Vec<CommandDoc>>,
}

/// A command's (`-r`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct CommandDoc {
    /// Its first line.
    pub(crate) text: String,
    /// Times it ran.
    pub(crate) transactions: i64,
    /// Times it failed.
    pub(crate) failed: i64,
    /// By kind.
    pub(crate) failures: CommandFailures,
    /// Its retries.
    pub(crate) retries: i64,
    /// Runs per second.
    pub(crate) tps: Option<f64>,
    /// Its execution times.
    pub(crate) latency_ms: Distribution,
}

/// A command's failures by kind.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct CommandFailures {
    /// Serialization failures.
    pub(crate) serialization: i64,
    /// Deadlocks.
    pub(crate) deadlock: i64,
    /// Other errors.
    pub(crate) other: i64,
    /// Lost connections.
    #[serde(default)]
    pub(crate) connection: i64,
}

/// The series of one-second intervals.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct Progress {
    /// 1.
    pub(crate) interval_s: i64,
    /// Each second, from the origin to the last that recorded something.
    pub(crate) intervals: Vec<Interval>,
    /// The origin, Unix epoch s.
    pub(crate) start_time: f64,
    /// µs.
    pub(crate) start_time_us: i64,
}

/// One second of the run.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct Interval {
    /// Its counts and distributions.
    #[serde(flatten)]
    pub(crate) stats: Stats,
    /// Its number from the origin.
    pub(crate) index: u64,
    /// Its start, Unix epoch s.
    pub(crate) start_time: f64,
    /// Its length (the last one may end early), s.
    pub(crate) duration_s: f64,
}

/// An outage (`--reconnect`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct OutageDoc {
    /// Its start, Unix epoch s.
    pub(crate) start: f64,
    /// Its end (none: not over at the run's end).
    pub(crate) end: Option<f64>,
    /// s.
    pub(crate) duration_s: Option<f64>,
    /// From its end until the throughput was back, s.
    pub(crate) recovered_s: Option<f64>,
}

/// What the outages are made of (`--reconnect`), all threads'.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct OutageLogDoc {
    /// The counts' origin, Unix epoch µs.
    pub(crate) origin_us: i64,
    /// The counts' bucket, µs.
    pub(crate) bucket_us: i64,
    /// When transactions that failed on a lost connection started.
    pub(crate) lost_us: Vec<i64>,
    /// The connections made again: when, and their first success.
    pub(crate) back_us: Vec<[i64; 2]>,
    /// Successful transactions per bucket.
    pub(crate) counts: Vec<u32>,
}

/// A step of `--rate-profile` the run reached.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct StepDoc {
    /// Its start, s after the measurement's.
    pub(crate) start_s: f64,
    /// Its end.
    pub(crate) end_s: f64,
    /// Its rate.
    pub(crate) rate_tps: f64,
    /// The rate it ramps to.
    pub(crate) ramp_to_tps: Option<f64>,
    /// Transactions scheduled in it that succeeded.
    pub(crate) transactions: i64,
    /// That failed.
    pub(crate) failed: i64,
    /// That were skipped.
    pub(crate) skipped: i64,
    /// Succeeded per second.
    pub(crate) tps: Option<f64>,
    /// Mean latency, ms.
    pub(crate) latency_ms_mean: Option<f64>,
    /// Mean lag, ms.
    pub(crate) lag_ms_mean: Option<f64>,
    /// Sum of latencies, µs.
    pub(crate) latency_sum_us: f64,
    /// Sum of lags, µs.
    pub(crate) lag_sum_us: f64,
}

/// `--server-stats`: the server's statistics on the run's timeline.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct ServerDoc {
    /// The sampling interval, s.
    pub(crate) interval_s: i32,
    /// Wait-event samples per second.
    pub(crate) wait_samples_per_s: i64,
    /// The server's `server_version`.
    pub(crate) server_version: String,
    /// Each interval's changes.
    pub(crate) samples: Vec<ServerSample>,
    /// The checkpoints that ended in the run.
    pub(crate) checkpoints: Vec<CheckpointDoc>,
    /// pg_stat_statements' changes (none: not read).
    pub(crate) statements: Option<Vec<Value>>,
    /// The settings that differ from their defaults.
    pub(crate) settings: Option<BTreeMap<String, String>>,
    /// What could not be read, and why.
    pub(crate) unavailable: BTreeMap<String, String>,
    /// The sampler's own transactions.
    pub(crate) sampler: SamplerDoc,
}

/// One interval's changes of the server's views. The views' rows are the
/// server's own, whose columns vary by its version: they stay JSON.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct ServerSample {
    /// The interval's end, s from the measurement's start.
    pub(crate) t: f64,
    /// Each view's change (`null`: not read).
    #[serde(flatten)]
    pub(crate) views: Map<String, Value>,
    /// The run's backends by wait event.
    pub(crate) wait_events: BTreeMap<String, u64>,
}

/// A checkpoint, s as a sample's `t`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct CheckpointDoc {
    /// Its start.
    pub(crate) start: f64,
    /// Its end.
    pub(crate) end: f64,
}

/// The sampler's own transactions, which the samples leave out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct SamplerDoc {
    /// Committed.
    pub(crate) xact_commit: i64,
    /// Rolled back.
    pub(crate) xact_rollback: i64,
}

/// Several runs' document (`--repeat`, `--sweep-clients`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct PointsDocument {
    /// `pgbench-rs points`.
    pub(crate) format: String,
    /// The version of the shape.
    pub(crate) schema_version: u32,
    /// By client count, in the order run.
    pub(crate) points: Vec<PointDoc>,
}

/// The runs of one client count.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct PointDoc {
    /// `-c`.
    pub(crate) clients: i64,
    /// `-j`.
    pub(crate) threads: i64,
    /// Each run's document.
    pub(crate) runs: Vec<RunDocument>,
}

/// A comparison's document (`--compare`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct ComparisonDocument {
    /// `pgbench-rs comparison`.
    pub(crate) format: String,
    /// The version of the shape.
    pub(crate) schema_version: u32,
    /// BASE's files.
    pub(crate) base: Vec<String>,
    /// NEW's.
    pub(crate) new: Vec<String>,
    /// `--force` let unlike runs be compared.
    pub(crate) forced: bool,
    /// The significance level.
    pub(crate) alpha: f64,
    /// By client count.
    pub(crate) points: Vec<ComparisonPoint>,
    /// With a single client count, its metrics again.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) metrics: Option<BTreeMap<String, MetricChange>>,
}

/// The comparison of one client count.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct ComparisonPoint {
    /// `-c`.
    pub(crate) clients: i64,
    /// `-j` of BASE's first run.
    pub(crate) threads: i64,
    /// By metric key.
    pub(crate) metrics: BTreeMap<String, MetricChange>,
    /// The runs of each side the client set (a client thread saturated),
    /// when any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub(crate) client_bound: Option<ClientBoundDoc>,
}

/// How many runs of each side the client set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct ClientBoundDoc {
    /// BASE's.
    pub(crate) base: i64,
    /// NEW's.
    pub(crate) new: i64,
}

/// The comparison of one metric.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct MetricChange {
    /// BASE's values.
    pub(crate) base: SideDoc,
    /// NEW's.
    pub(crate) new: SideDoc,
    /// `higher` or `lower`.
    pub(crate) better: String,
    /// The change of the median, percent of BASE's.
    pub(crate) change_pct: Option<f64>,
    /// Its 95% interval, percent.
    pub(crate) ci_pct: Option<[f64; 2]>,
    /// The Mann-Whitney p-value.
    pub(crate) p_value: f64,
    /// `exact` or `asymptotic`.
    pub(crate) method: String,
    /// p < alpha, with enough runs.
    pub(crate) significant: bool,
    /// Too few runs for any change to be significant.
    pub(crate) too_few: bool,
}

/// One side of a metric.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) struct SideDoc {
    /// The median.
    pub(crate) median: f64,
    /// The runs.
    pub(crate) n: i64,
    /// Their values.
    pub(crate) values: Vec<f64>,
}

/// A kept document of `tests/data/documents/`, read into `T` (for the
/// unit tests of what reads documents).
#[cfg(test)]
pub(crate) fn kept<T: serde::de::DeserializeOwned>(name: &str) -> T {
    let path = format!("{}/tests/data/documents/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// A run of the kept documents with the totals' tps, mean latency and
/// 50th, 95th and 99th percentiles given (and no lag).
#[cfg(test)]
pub(crate) fn run_with(tps: f64, mean: f64, pcts: [f64; 3]) -> RunDocument {
    let points: PointsDocument = kept("points-a.json");
    let mut run = points.points[0].runs[0].clone();
    let t = &mut run.totals.stats;
    t.tps = Some(tps);
    t.failed = 0;
    t.lag_ms = None;
    t.latency_ms.mean = Some(mean);
    let p = t.latency_ms.percentiles.get_or_insert_with(BTreeMap::new);
    for (key, v) in ["50", "95", "99"].into_iter().zip(pcts) {
        p.insert(key.into(), Some(v));
    }
    run
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The kept documents read into the types and written back are the
    /// same text, byte for byte.
    #[test]
    fn the_kept_documents_read_and_write_back_the_same() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/documents");
        let text = |name: &str| std::fs::read_to_string(format!("{dir}/{name}")).unwrap();
        let back = |v: Value| serde_json::to_string_pretty(&v).unwrap() + "\n";
        for name in ["run.json", "shard0.json", "shard1.json", "merged.json"] {
            let doc: RunDocument = serde_json::from_str(&text(name)).unwrap();
            assert_eq!(back(serde_json::to_value(&doc).unwrap()), text(name), "{name}");
        }
        for name in ["points-a.json", "points-b.json"] {
            let doc: PointsDocument = serde_json::from_str(&text(name)).unwrap();
            assert_eq!(back(serde_json::to_value(&doc).unwrap()), text(name), "{name}");
        }
        let doc: ComparisonDocument = serde_json::from_str(&text("comparison.json")).unwrap();
        assert_eq!(back(serde_json::to_value(&doc).unwrap()), text("comparison.json"));
    }
}
