//! The end of a run: the workers' statistics, distributions, outage
//! notes, steps and measures of themselves merged into what the run measured
//! ([`crate::result::Measured`]), which `report` turns into the
//! reports.

use super::worker::WorkerResult;
use crate::clientstats::collect::Collector;
use crate::config::BenchConfig;
use crate::result::{Measured, RunTimes};
use crate::result::{ShardFacts, SysbenchTables, TableInfo};
use crate::stats::outage::OutageLog;
use crate::stats::series::{RunDist, Series};
use crate::stats::{CommandStats, StatsData};
use crate::time::Mono;

/// What the end of the run knows besides the workers' results.
#[derive(Debug)]
pub(super) struct Ending {
    /// `--server-stats`: what the sampler found.
    pub(super) server: Option<crate::serverstats::ServerStats>,
    /// What the set-up found in the database.
    pub(super) tables: TableInfo,
    /// The sysbench tables sysbench's builtins used.
    pub(super) sysbench: Option<SysbenchTables>,
    /// The server's `server_version`.
    pub(super) server_version: String,
    /// When the run started and ended.
    pub(super) start: Mono,
    /// See `start`.
    pub(super) end: Mono,
    /// Monotonic-to-epoch shift, µs.
    pub(super) epoch_shift: i64,
    /// Origin of the progress reports and intervals.
    pub(super) origin: Mono,
    /// `--shard`: the part of the run this process ran.
    pub(super) shard: Option<ShardFacts>,
    /// `--start-at`: how late the measurement started (µs; 0: on time).
    pub(super) late_start_us: i64,
    /// The `-T` deadline (none under `-t`).
    pub(super) deadline: Option<Mono>,
}

/// What the run measured: the workers' results merged.
pub(super) fn measured(
    cfg: &BenchConfig,
    e: Ending,
    results: &mut [WorkerResult],
    series: Series,
    client: Option<Collector>,
) -> Measured {
    let dist = run_distributions(cfg, results, series);
    let mut total = StatsData::new(0);
    let mut latency_late = 0;
    let mut conn_total = 0;
    let mut bench_start: Option<Mono> = None;
    let mut connected: Option<Mono> = None;
    let mut scripts = vec![StatsData::new(0); cfg.scripts.len()];
    let mut commands: Vec<Vec<CommandStats>> =
        cfg.scripts.iter().map(|s| vec![CommandStats::default(); s.commands.len()]).collect();
    for r in results.iter() {
        total.merge(&r.state.stats);
        latency_late += r.state.latency_late;
        conn_total += r.state.conn_duration;
        bench_start = earliest(bench_start, r.bench_start);
        connected = earliest(connected, r.connected);
        for (acc, s) in scripts.iter_mut().zip(&r.state.script_stats) {
            acc.merge(s);
        }
        for (acc, cs) in commands.iter_mut().zip(&r.state.cmd_stats) {
            for (a, c) in acc.iter_mut().zip(cs) {
                a.merge(c);
            }
        }
    }
    let bench_start = bench_start.unwrap_or(e.end);
    let outages = cfg.ext.reconnect.map(|_| {
        let mut log = OutageLog::new(bench_start.us());
        for o in results.iter().filter_map(|r| r.state.outage.as_deref()) {
            log.merge(o);
        }
        log
    });
    let steps = cfg.ext.rate_profile.as_ref().map(|p| {
        let mut steps = vec![StatsData::new(0); p.points().len()];
        for r in results.iter() {
            for (acc, s) in steps.iter_mut().zip(&r.state.steps) {
                acc.merge(s);
            }
        }
        steps
    });
    let transactions: Vec<i64> = results.iter().map(|r| r.state.stats.cnt).collect();
    let client = client.map(|c| c.finish(&transactions));
    Measured {
        tables: e.tables,
        sysbench: e.sysbench,
        server_version: e.server_version,
        shard: e.shard,
        times: RunTimes {
            start: e.start,
            connected: connected.unwrap_or(bench_start),
            bench_start,
            end: e.end,
            origin: e.origin,
            deadline: e.deadline,
            epoch_shift: e.epoch_shift,
            late_start_us: e.late_start_us,
        },
        total,
        latency_late,
        conn_total_us: conn_total,
        scripts,
        commands,
        dist,
        outages,
        steps,
        server: e.server,
        client,
    }
}

/// The earlier of two times, either of which may be unknown.
fn earliest(a: Option<Mono>, b: Option<Mono>) -> Option<Mono> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        _ => a.or(b),
    }
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
