//! The end of a run: the workers' statistics and distributions merged,
//! the text report on stdout (C's `printResults`), and the JSON report
//! (`--report-json`).

use super::RunOutcome;
use super::setup::TableInfo;
use super::worker::WorkerResult;
use crate::config::BenchConfig;
use crate::log;
use crate::report::html;
use crate::report::json::{self, RunFacts};
use crate::report::{self, RunParams, RunTotals, ShardFacts};
use crate::stats::outage::OutageLog;
use crate::stats::series::{RunDist, Series};
use crate::stats::{CommandStats, StatsData};
use crate::time::Mono;

/// What the end of the run needs to know besides the workers' results.
#[derive(Debug)]
pub(super) struct Ending<'a> {
    /// `--server-stats`: what the sampler found.
    pub(super) server: Option<crate::serverstats::ServerStats>,
    /// The configuration.
    pub(super) cfg: &'a BenchConfig,
    /// What the set-up found in the database.
    pub(super) info: &'a TableInfo,
    /// The sysbench tables sysbench's builtins used.
    pub(super) sysbench: Option<crate::report::SysbenchTables>,
    /// The server's `server_version`.
    pub(super) server_version: &'a str,
    /// When the run started and ended (monotonic µs).
    pub(super) start_time: i64,
    /// See `start_time`.
    pub(super) end: i64,
    /// Monotonic-to-epoch shift, µs.
    pub(super) epoch_shift: i64,
    /// Origin of the progress reports and intervals (monotonic µs).
    pub(super) origin: i64,
    /// `--shard`: the part of the run this process ran.
    pub(super) shard: Option<ShardFacts>,
    /// `--start-at`: how late the measurement started (µs; 0: on time).
    pub(super) late_start_us: i64,
    /// The `-T` deadline (none under `-t`).
    pub(super) deadline: Option<Mono>,
}

/// Prints the report (unless the run exited on an abort) and writes the
/// JSON report when asked for.
pub(super) fn report(
    e: &Ending<'_>,
    results: &mut [WorkerResult],
    series: Series,
    outcome: RunOutcome,
) {
    let cfg = e.cfg;
    let dist = run_distributions(cfg, results, series);
    let mut total = StatsData::new(0);
    let mut latency_late = 0;
    let mut conn_total = 0;
    let mut bench_start: Option<Mono> = None;
    let mut connected: Option<Mono> = None;
    let mut script_stats = vec![StatsData::new(0); cfg.scripts.len()];
    let mut cmd_stats: Vec<Vec<CommandStats>> =
        cfg.scripts.iter().map(|s| vec![CommandStats::default(); s.commands.len()]).collect();
    for r in results.iter() {
        total.merge(&r.state.stats);
        latency_late += r.state.latency_late;
        conn_total += r.state.conn_duration;
        bench_start = earliest(bench_start, r.bench_start);
        connected = earliest(connected, r.connected);
        for (acc, s) in script_stats.iter_mut().zip(&r.state.script_stats) {
            acc.merge(s);
        }
        for (acc, cs) in cmd_stats.iter_mut().zip(&r.state.cmd_stats) {
            for (a, c) in acc.iter_mut().zip(cs) {
                a.merge(c);
            }
        }
    }
    let bench_start = bench_start.map_or(e.end, Mono::us);
    let connected = connected.map_or(bench_start, Mono::us);
    let (nclients, nthreads) = match &e.shard {
        Some(s) => (
            s.clients.end - s.clients.start,
            crate::invariant::fits(s.threads.len(), "invariant: a shard has at most -j threads"),
        ),
        None => (cfg.nclients, cfg.nthreads),
    };
    let params = RunParams {
        shard: e.shard.as_ref(),
        late_start_us: e.late_start_us,
        scripts: &cfg.scripts,
        total_weight: cfg.total_weight,
        scale: e.info.scale,
        sysbench: e.sysbench,
        partition_method: e.info.partition_method,
        partitions: e.info.partitions,
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
    };
    let outages = cfg.ext.reconnect.map(|_| {
        let mut log = OutageLog::new(bench_start);
        for o in results.iter().filter_map(|r| r.state.outage.as_deref()) {
            log.merge(o);
        }
        let shift = e.epoch_shift;
        report::outages::RunOutages::of(log.shifted(shift), bench_start + shift, e.end + shift)
    });
    let step_rows = cfg.ext.rate_profile.as_ref().map(|p| {
        let mut steps = vec![StatsData::new(0); p.points().len()];
        for r in results.iter() {
            for (acc, s) in steps.iter_mut().zip(&r.state.steps) {
                acc.merge(s);
            }
        }
        report::steps::rows(p, &steps, e.end - bench_start)
    });
    let totals = RunTotals {
        total,
        total_duration_us: e.end - bench_start,
        conn_total_duration_us: conn_total,
        conn_elapsed_duration_us: connected - e.start_time,
        latency_late,
        scripts: &script_stats,
        commands: &cmd_stats,
        dist: dist.as_ref(),
        outages: outages.as_ref(),
        steps: step_rows.as_deref(),
    };
    let mut text = report::format_results(&params, &totals);
    if let Some(server) = &e.server {
        #[allow(clippy::cast_precision_loss)]
        let secs = totals.total_duration_us as f64 / 1e6;
        text.push_str(&crate::serverstats::text(server, secs));
    }
    if outcome != RunOutcome::ExitedOnAbort {
        report::write_stdout(&text);
    }
    let status = match outcome {
        RunOutcome::Completed => "completed",
        RunOutcome::Aborted => "aborted",
        RunOutcome::ExitedOnAbort => "exited_on_abort",
        RunOutcome::Interrupted { .. } => "interrupted",
    };
    if matches!(outcome, RunOutcome::Aborted | RunOutcome::Interrupted { aborted: true, .. }) {
        log::error!("Run was aborted; the above results are incomplete.");
    }
    // A sweep (or --repeat) keeps each run's document for its own report.
    let collecting = crate::report::collect::on();
    let server_json = e.server.as_ref().map(crate::serverstats::json);
    if cfg.ext.report_json.is_some() || collecting {
        let facts = RunFacts {
            configuration: json::configuration(&params, cfg),
            percentiles: cfg.ext.json_percentiles(),
            warmup_s: cfg.ext.warmup_s,
            start_at_us: cfg.ext.start_at_us,
            server_version: e.server_version,
            start_us: bench_start + e.epoch_shift,
            end_us: e.end + e.epoch_shift,
            origin_us: e.origin + e.epoch_shift,
            status,
            interrupted_by: match outcome {
                RunOutcome::Interrupted { by, .. } => Some(by.name()),
                _ => None,
            },
        };
        let mut doc = json::document(&params, &totals, &facts);
        if let (Some(server), Some(o)) = (&server_json, doc.as_object_mut()) {
            o.insert("server".into(), server.clone());
        }
        if collecting {
            crate::report::collect::push(doc);
        } else if let Err(err) =
            cfg.ext.report_json.as_deref().map_or(Ok(()), |path| json::write(path, &doc))
        {
            let path = cfg.ext.report_json.as_deref().unwrap_or_default();
            log::error!(
                "could not write report file \"{path}\": {}",
                crate::sys::os_error_text(&err)
            );
        }
    }
    if let (Some(path), Some(d), false) =
        (cfg.ext.report_html.as_deref(), dist.as_ref(), collecting)
    {
        let (start_us, end_us) = (bench_start + e.epoch_shift, e.end + e.epoch_shift);
        let page = html::Page {
            facts: html::facts(start_us, end_us, &cfg.argv, e.server_version, status),
            report: &text,
            scripts: cfg
                .scripts
                .iter()
                .map(|s| (s.desc.clone(), String::from_utf8_lossy(&s.source).into_owned()))
                .collect(),
            commands: command_texts(cfg),
            percentiles: cfg.ext.latency_percentiles.as_deref(),
            throttled: params.throttled,
            shards: Vec::new(),
            span_s: (e.end - e.origin) as f64 / 1e6,
            deadline_s: e.deadline.map(|d| (d.us() - e.origin) as f64 / 1e6),
            marks: html::marks::Marks::of(
                outages.as_ref().map(|o| &o.rows[..]),
                cfg.ext.rate_profile.as_ref(),
                step_rows.as_deref(),
                e.origin + e.epoch_shift,
                (bench_start - e.origin) as f64 / 1e6,
                (e.end - e.origin) as f64 / 1e6,
            ),
            server: server_json.as_ref(),
        };
        if let Err(err) = html::write(path, &html::render(&page, d)) {
            log::error!(
                "could not write report file \"{path}\": {}",
                crate::sys::os_error_text(&err)
            );
        }
    }
}

/// The earlier of two times, either of which may be unknown.
fn earliest(a: Option<Mono>, b: Option<Mono>) -> Option<Mono> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        _ => a.or(b),
    }
}

/// With `-r`, the first line of each command of each script.
fn command_texts(cfg: &BenchConfig) -> Vec<Vec<String>> {
    if !cfg.report_per_command {
        return vec![Vec::new(); cfg.scripts.len()];
    }
    cfg.scripts.iter().map(|s| s.commands.iter().map(|c| c.first_line.clone()).collect()).collect()
}

/// The run's distributions, when they were recorded: the series the
/// workers sent during the run, with what they kept to the end.
fn run_distributions(
    cfg: &BenchConfig,
    results: &mut [WorkerResult],
    mut series: Series,
) -> Option<RunDist> {
    if !cfg.ext.distributions() {
        return None;
    }
    let mut commands = Vec::with_capacity(results.len());
    for r in results.iter_mut() {
        if let Some(d) = r.state.dist.take() {
            let (intervals, cmds) = d.finish(r.state.cumulative(cfg.per_script_stats));
            // A histogram the workers encoded always decodes.
            let _ = series.add(&intervals);
            commands.push(cmds);
        }
    }
    RunDist::new(series, cfg.scripts.len(), &commands).ok()
}
