//! A run's reports: what [`crate::engine::run`] measured ([`RunResult`])
//! turned into C's text report on stdout (`printResults`), the JSON
//! document, its CSV table and the HTML page, and the report files
//! written. The engine hands its result over and writes no report;
//! `--repeat` and `--sweep-clients` take each run's document from here
//! ([`Keep`]).

use serde_json::Value;

use super::files::Written;
use super::outages::RunOutages;
use super::steps::StepRow;
use super::{RunParams, RunTotals, ShardFacts, SysbenchTables, TableInfo, html, json};
use crate::config::BenchConfig;
use crate::log;
use crate::serverstats::ServerStats;
use crate::stats::outage::OutageLog;
use crate::stats::series::RunDist;
use crate::stats::{CommandStats, StatsData};
use crate::sys::signal::Interrupt;
use crate::time::Mono;

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

impl RunOutcome {
    /// The document's `status`.
    fn status(self) -> &'static str {
        match self {
            RunOutcome::Completed => "completed",
            RunOutcome::Aborted => "aborted",
            RunOutcome::ExitedOnAbort => "exited_on_abort",
            RunOutcome::Interrupted { .. } => "interrupted",
        }
    }
}

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
    fn epoch_us(&self, t: Mono) -> i64 {
        t.us() + self.epoch_shift
    }

    /// `t`, s after the origin.
    fn since_origin(&self, t: Mono) -> f64 {
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

/// Where a run's document goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Keep {
    /// To the report files the command line names.
    Files,
    /// Back to the caller (a run of a sweep), no file.
    Document,
}

/// What reporting a run gave.
#[derive(Debug)]
pub(crate) struct Reported {
    /// Whether the report files asked for were written.
    pub(crate) written: Written,
    /// The run's document, with [`Keep::Document`].
    pub(crate) doc: Option<Value>,
}

/// What the reports derive from the measurement: the outages and the
/// steps as they show them.
struct Derived {
    outages: Option<RunOutages>,
    steps: Option<Vec<StepRow>>,
}

/// The settings the report describes.
fn params<'a>(cfg: &'a BenchConfig, m: &'a Measured) -> RunParams<'a> {
    let (nclients, nthreads) = match &m.shard {
        Some(s) => (
            s.clients.end - s.clients.start,
            crate::invariant::fits(s.threads.len(), "invariant: a shard has at most -j threads"),
        ),
        None => (cfg.nclients, cfg.nthreads),
    };
    RunParams {
        pgbench: cfg.pgbench,
        shard: m.shard.as_ref(),
        late_start_us: m.times.late_start_us,
        scripts: &cfg.scripts,
        total_weight: cfg.total_weight,
        scale: m.tables.scale,
        sysbench: m.sysbench,
        partition_method: m.tables.partition_method,
        partitions: m.tables.partitions,
        query_mode: cfg.query_mode,
        nclients,
        nthreads,
        max_tries: cfg.max_tries,
        length: cfg.length,
        failures_detailed: cfg.failures_detailed,
        continue_on_error: cfg.ext.continue_on_error,
        reconnect: cfg.ext.reconnect.is_some(),
        warmup_s: cfg.ext.warmup_s,
        throttled: cfg.throttle_delay_us.is_some(),
        latency_limit_us: cfg.latency_limit_us,
        progress: cfg.progress.is_some(),
        is_connect: cfg.is_connect,
        per_script_stats: cfg.per_script_stats,
        report_per_command: cfg.report_per_command,
        percentiles: cfg.ext.latency_percentiles.as_deref(),
    }
}

/// The outages and steps of the run.
fn derived(cfg: &BenchConfig, m: &Measured) -> Derived {
    let t = &m.times;
    let duration_us = t.end.us() - t.bench_start.us();
    Derived {
        outages: m.outages.as_ref().map(|log| {
            let (start, end) = (t.epoch_us(t.bench_start), t.epoch_us(t.end));
            RunOutages::of(log.shifted(t.epoch_shift), start, end)
        }),
        steps: cfg
            .ext
            .rate_profile
            .as_ref()
            .zip(m.steps.as_ref())
            .map(|(p, steps)| super::steps::rows(p, steps, duration_us)),
    }
}

/// What the run measured, as the report shows it.
fn totals<'a>(m: &'a Measured, d: &'a Derived) -> RunTotals<'a> {
    let t = &m.times;
    RunTotals {
        total: m.total,
        total_duration_us: t.end.us() - t.bench_start.us(),
        conn_total_duration_us: m.conn_total_us,
        conn_elapsed_duration_us: t.connected.us() - t.start.us(),
        latency_late: m.latency_late,
        scripts: &m.scripts,
        commands: &m.commands,
        dist: m.dist.as_ref(),
        outages: d.outages.as_ref(),
        steps: d.steps.as_deref(),
    }
}

/// Prints the run's report (unless it exited on an abort), says when it
/// is incomplete, and writes its document and page to the files asked for
/// ([`Keep::Files`]) or gives the document back ([`Keep::Document`]).
pub(crate) fn report(cfg: &BenchConfig, r: &RunResult, keep: Keep) -> Reported {
    let mut reported = Reported { written: Written::All, doc: None };
    let Some(m) = r.measured.as_ref() else { return reported };
    let d = derived(cfg, m);
    let (p, t) = (params(cfg, m), totals(m, &d));
    let mut text = super::format_results(&p, &t);
    if let Some(server) = &m.server {
        #[allow(clippy::cast_precision_loss)]
        let secs = t.total_duration_us as f64 / 1e6;
        text.push_str(&crate::serverstats::text(server, secs));
    }
    if r.outcome != RunOutcome::ExitedOnAbort {
        super::write_stdout(&text);
    }
    if matches!(r.outcome, RunOutcome::Aborted | RunOutcome::Interrupted { aborted: true, .. }) {
        log::error!("Run was aborted; the above results are incomplete.");
    }
    let server_json = m.server.as_ref().map(crate::serverstats::json);
    let reports = &cfg.ext.reports;
    let times = &m.times;
    let facts = json::RunFacts {
        configuration: json::configuration(cfg, &m.tables, m.sysbench),
        percentiles: cfg.ext.json_percentiles(),
        warmup_s: cfg.ext.warmup_s,
        start_at_us: cfg.ext.start_at_us,
        server_version: &m.server_version,
        start_us: times.epoch_us(times.bench_start),
        end_us: times.epoch_us(times.end),
        origin_us: times.epoch_us(times.origin),
        status: r.outcome.status(),
        interrupted_by: match r.outcome {
            RunOutcome::Interrupted { by, .. } => Some(by.name()),
            _ => None,
        },
    };
    let intervals = json::Intervals::of(&t, &facts, p.throttled);
    let document = || {
        let mut doc = json::document_without_intervals(&p, &t, &facts);
        if let (Some(server), Some(o)) = (&server_json, doc.as_object_mut()) {
            o.insert("server".into(), server.clone());
        }
        doc
    };
    match keep {
        Keep::Document => {
            let mut doc = document();
            intervals.fill(&mut doc);
            reported.doc = Some(doc);
        }
        Keep::Files => {
            reported.written = super::save_document(reports, document, Some(&intervals));
        }
    }
    if let (Some(path), Some(dist), Keep::Files) = (reports.html.as_deref(), &m.dist, keep) {
        let page = page(cfg, m, &d, &text, server_json.as_ref(), r.outcome.status());
        let written = super::files::save_bytes(path, html::render(&page, dist).as_bytes());
        reported.written = reported.written.and(written);
    }
    reported
}

/// The HTML page of the run (its text report `text`).
fn page<'a>(
    cfg: &'a BenchConfig,
    m: &'a Measured,
    d: &'a Derived,
    text: &'a str,
    server: Option<&'a Value>,
    status: &str,
) -> html::Page<'a> {
    let t = &m.times;
    let (start_us, end_us) = (t.epoch_us(t.bench_start), t.epoch_us(t.end));
    html::Page {
        facts: html::facts(cfg.pgbench, start_us, end_us, &cfg.argv, &m.server_version, status),
        report: text,
        scripts: cfg
            .scripts
            .iter()
            .map(|s| (s.desc.clone(), String::from_utf8_lossy(&s.source).into_owned()))
            .collect(),
        commands: cfg
            .scripts
            .iter()
            .map(|s| {
                let texts = s.commands.iter().map(|c| c.first_line.clone());
                if cfg.report_per_command { texts.collect() } else { Vec::new() }
            })
            .collect(),
        percentiles: cfg.ext.latency_percentiles.as_deref(),
        throttled: cfg.throttle_delay_us.is_some(),
        shards: Vec::new(),
        span_s: t.since_origin(t.end),
        deadline_s: t.deadline.map(|dl| t.since_origin(dl)),
        marks: html::marks::Marks::of(
            d.outages.as_ref().map(|o| &o.rows[..]),
            cfg.ext.rate_profile.as_ref(),
            d.steps.as_deref(),
            t.epoch_us(t.origin),
            t.since_origin(t.bench_start),
            t.since_origin(t.end),
        ),
        server,
    }
}
