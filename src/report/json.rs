//! The JSON report (`--report-json`): one document for the whole run,
//! with every number the text report prints, the configuration, the
//! distributions (percentiles, and histograms in HdrHistogram's standard
//! encoding) and the series of one-second intervals. Its shape is
//! `schema/report.schema.json`; [`super::doc`] owns its format and version.
//!
//! Durations are milliseconds (`*_ms`), except the raw sums kept for
//! exact merging (`sum_us`, `sum2_us`: µs and µs²) and the histograms
//! (µs). Times are Unix epoch seconds with microseconds.
//!
//! A number the text report prints is the value it prints: rounded as it
//! is printed (milliseconds and percentages to 3 decimals, tps to 6, the
//! script shares to 1) and written in the shortest form that reads back
//! as that value (`7.124`, not `7.1240000000000006`). Milliseconds the
//! text does not print are rounded to the microsecond as well.

use std::collections::BTreeMap;

use super::doc::model::{
    CommandDoc, CommandFailures, Configuration, Connection, Distribution, Failures, Interval,
    Progress, RatePointSpec, ReconnectSpec, RunDocument, ScriptSpec, ScriptStats, ShardPart,
    Signal, Stats, Status, Totals,
};
use super::percentiles::Dist;
use super::{Measures, RunParams, RunTotals};
use crate::compat::fmt::Fixed;
use crate::config::{BenchConfig, Percentile};
use crate::result::{SysbenchTables, TableInfo};
use crate::stats::hist::Hist;
use crate::stats::series::{Part, RunDist, all_scripts};
use crate::stats::{SimpleStats, StatsData};

/// What the document says about the run besides its statistics.
#[derive(Debug)]
pub(crate) struct RunFacts<'a> {
    /// The document's `configuration` ([`configuration`]).
    pub(crate) configuration: Configuration,
    /// The percentiles it gives (the default ones and those asked for).
    pub(crate) percentiles: Vec<Percentile>,
    /// `--warmup`, seconds.
    pub(crate) warmup_s: i32,
    /// `--start-at`, Unix epoch µs.
    pub(crate) start_at_us: Option<i64>,
    /// `server_version` as the server reports it.
    pub(crate) server_version: &'a str,
    /// The libpq that ran the benchmark (a merge's: its shards').
    pub(crate) libpq_version: String,
    /// When the measurement started and ended (Unix epoch µs).
    pub(crate) start_us: i64,
    /// See `start_us`.
    pub(crate) end_us: i64,
    /// Start of the first one-second interval (Unix epoch µs).
    pub(crate) origin_us: i64,
    /// How the run ended.
    pub(crate) status: Status,
    /// The signal that interrupted the run.
    pub(crate) interrupted_by: Option<Signal>,
}

/// `x` as the text report prints it with `decimals` (C's `%.Nf`), as a
/// number: the double nearest to the printed decimal, which serializes as
/// that decimal; none when it is not finite (`NaN` in the text).
fn printed(x: f64, decimals: usize) -> Option<f64> {
    let text = Fixed(x, decimals).to_string();
    text.parse::<f64>().ok().filter(|v| v.is_finite())
}

/// Milliseconds to 3 decimals, as the report prints them.
fn ms3(ms: f64) -> Option<f64> {
    printed(ms, 3)
}

/// Epoch microseconds as seconds.
pub(crate) fn seconds(us: i64) -> f64 {
    us as f64 / 1e6
}

/// `100 * part / whole` to `decimals`, none when `whole` is 0.
fn pct_to(part: i64, whole: i64, decimals: usize) -> Option<f64> {
    if whole == 0 { None } else { printed(100.0 * part as f64 / whole as f64, decimals) }
}

/// `100 * part / whole` as the report prints it (3 decimals), none when
/// `whole` is 0.
fn pct(part: i64, whole: i64) -> Option<f64> {
    pct_to(part, whole, 3)
}

/// A distribution: count, mean, stddev, min and max in ms, the raw sums,
/// and with a histogram its percentiles and encoding.
fn dist(ss: &SimpleStats, hist: Option<&Hist>, pcts: &[Percentile]) -> Distribution {
    let empty = ss.count == 0;
    let ms = |us: f64| if empty { None } else { ms3(0.001 * us) };
    let (mean, sd) = ss.mean_stddev().unwrap_or((0.0, 0.0));
    let (percentiles, histogram) = match hist {
        Some(h) => {
            let d = Dist { hist: h, max_us: ss.max };
            let p: BTreeMap<String, Option<f64>> =
                pcts.iter().zip(d.at(pcts)).map(|(q, v)| (q.text.clone(), ms(v))).collect();
            (Some(p), Some(h.encode()))
        }
        None => (None, None),
    };
    Distribution {
        count: ss.count,
        mean: ms(mean),
        stddev: ms(sd),
        min: ms(ss.min),
        max: ms(ss.max),
        min_us: ss.min,
        max_us: ss.max,
        sum_us: ss.sum,
        sum2_us: ss.sum2,
        percentiles,
        histogram,
    }
}

/// The counts of a set of transactions (the run, a script, an interval),
/// with its tps and distributions.
fn counts(
    s: &StatsData,
    tps: Option<f64>,
    latency_ms: Distribution,
    lag_ms: Option<Distribution>,
) -> Stats {
    let failures = s.failures();
    let all = s.cnt + s.skipped + failures;
    Stats {
        transactions: s.cnt,
        failed: failures,
        failed_pct: pct(failures, all),
        failures: Failures {
            serialization: s.serialization_failures,
            serialization_pct: pct(s.serialization_failures, all),
            deadlock: s.deadlock_failures,
            deadlock_pct: pct(s.deadlock_failures, all),
            other: s.other_failures,
            other_pct: pct(s.other_failures, all),
            connection: s.connection_failures,
            connection_pct: pct(s.connection_failures, all),
            commit_unknown: s.commit_unknown,
            commit_unknown_pct: pct(s.commit_unknown, all),
        },
        retried: s.retried,
        retried_pct: pct(s.retried, all),
        retries: s.retries,
        skipped: s.skipped,
        skipped_pct: pct(s.skipped, all),
        tps,
        latency_ms,
        lag_ms,
    }
}

/// Counts, tps, latency and (under `-R`) lag of `s`, with the histograms of
/// `part`.
fn stats_block(
    s: &StatsData,
    part: Option<&Part>,
    duration_s: f64,
    throttled: bool,
    pcts: &[Percentile],
) -> Stats {
    let latency = dist(&s.latency, part.map(|p| &p.latency), pcts);
    let lag = throttled.then(|| {
        let mut lag = dist(&s.lag, part.map(|p| &p.lag), pcts);
        // The report's lag average, as C computes it (in another order
        // than other means).
        if s.lag.count > 0 {
            lag.mean = ms3(0.001 * s.lag.sum / s.lag.count as f64);
        }
        lag
    });
    counts(s, printed(s.cnt as f64 / duration_s, 6), latency, lag)
}

/// The `configuration` of the document: the command line, every option
/// and the scripts, with what the set-up found in the database (the
/// scale, the partitions, sysbench's tables).
pub(crate) fn configuration(
    cfg: &BenchConfig,
    tables: &TableInfo,
    sysbench: Option<SysbenchTables>,
) -> Configuration {
    let ext = &cfg.ext;
    Configuration {
        command_line: cfg.argv.clone(),
        compat: Some(cfg.pgbench.major),
        transaction_type: if cfg.scripts.len() == 1 {
            cfg.scripts[0].desc.clone()
        } else {
            "multiple scripts".into()
        },
        scale: Some(i64::from(tables.scale)),
        partition_method: tables.partition_method,
        partitions: i64::from(tables.partitions),
        sysbench_tables: sysbench.map(|s| s.tables),
        sysbench_table_size: sysbench.map(|s| s.table_size),
        query_mode: cfg.query_mode,
        clients: i64::from(cfg.nclients),
        threads: i64::from(cfg.nthreads),
        max_tries: i64::from(cfg.max_tries),
        transactions_per_client: cfg.length.transactions().map(i64::from),
        duration_s: cfg.length.seconds().map(i64::from),
        rate_tps: cfg
            .throttle_delay_us
            .and_then(|delay| printed(1e6 * f64::from(cfg.nthreads) / delay, 6)),
        latency_limit_ms: cfg.latency_limit_us.map(|l| l as f64 / 1000.0),
        connect: cfg.is_connect,
        progress_s: cfg.progress.map(i64::from),
        progress_timestamp: cfg.progress_timestamp,
        report_per_command: cfg.report_per_command,
        failures_detailed: cfg.failures_detailed,
        verbose_errors: cfg.verbose_errors,
        exit_on_abort: cfg.exit_on_abort,
        debug: crate::log::debug_enabled(),
        no_vacuum: cfg.no_vacuum,
        vacuum_all: cfg.vacuum_accounts,
        log: cfg.use_log,
        log_prefix: cfg.log_prefix.clone(),
        sampling_rate: (cfg.sample_rate > 0.0).then_some(cfg.sample_rate),
        aggregate_interval_s: cfg.agg_interval.map(i64::from),
        random_seed: cfg.random_seed,
        defines: cfg
            .defines
            .iter()
            .map(|(slot, v)| (cfg.registry.name(*slot).to_string(), v.clone()))
            .collect(),
        connection: Connection {
            host: cfg.conn.host.clone(),
            port: cfg.conn.port.clone(),
            user: cfg.conn.user.clone(),
            dbname: cfg.conn.dbname.as_deref().map(|d| crate::redact::conninfo(d).into_owned()),
        },
        latency_percentiles: ext
            .latency_percentiles
            .as_ref()
            .map(|v| v.iter().map(|p| p.value).collect()),
        report_json: ext.reports.json.clone(),
        warmup_s: i64::from(ext.warmup_s),
        continue_on_error: ext.continue_on_error,
        shard: ext.shard.map(|s| format!("{}/{}", s.index, s.count)),
        start_at: ext.start_at_us.map(seconds),
        scripts: cfg
            .scripts
            .iter()
            .map(|s| ScriptSpec {
                name: s.desc.clone(),
                weight: i64::from(s.weight),
                text: String::from_utf8_lossy(&s.source).into_owned(),
            })
            .collect(),
        reconnect: ext.reconnect.map(|r| ReconnectSpec {
            min_backoff_ms: r.min_backoff_us / 1000,
            max_backoff_ms: r.max_backoff_us / 1000,
            timeout_s: r.timeout_us.map(|t| t / 1_000_000),
        }),
        rate_profile: ext.rate_profile.as_ref().map(|p| {
            let at = |q: &crate::rate_profile::RatePoint| RatePointSpec {
                at_s: seconds(q.at_us),
                rate_tps: q.tps,
                ramp: q.ramp,
            };
            p.points().iter().map(at).collect()
        }),
    }
}

/// The document's series: one entry a second from the first interval to
/// the last that recorded something (none when nothing was recorded, or
/// a merge could not line the shards' seconds up), made one at a time
/// from the run's compressed series. [`crate::report::doc::write::save_run`] writes them as it makes
/// them, so that a long run's document is never held whole: as `Value`s
/// its intervals take several times their text (some 15 kB a second of
/// run against 4 kB written).
pub(crate) struct Intervals<'a> {
    dist: Option<&'a RunDist>,
    origin_us: i64,
    end_us: i64,
    throttled: bool,
    pcts: &'a [Percentile],
}

impl<'a> Intervals<'a> {
    /// The series of the run `t`, `f` describes.
    pub(crate) fn of(t: &RunTotals<'a>, f: &'a RunFacts<'_>, throttled: bool) -> Self {
        Intervals {
            dist: t.dist,
            origin_us: f.origin_us,
            end_us: f.end_us,
            throttled,
            pcts: &f.percentiles,
        }
    }

    /// The intervals, in order, each made as it is asked for.
    pub(crate) fn iter(&self) -> impl Iterator<Item = Interval> + '_ {
        let last = self.dist.and_then(|d| d.series.last_index());
        let n = last.map_or(0, |l| l + 1);
        (0..n).map(move |index| self.interval(index))
    }

    /// Interval `index`.
    fn interval(&self, index: u64) -> Interval {
        let part = self
            .dist
            .and_then(|d| d.series.sum(index..index + 1, d.scripts.len()).ok())
            .map(|p| all_scripts(&p))
            .unwrap_or_default();
        #[allow(clippy::cast_possible_wrap)]
        let start = self.origin_us + index as i64 * 1_000_000;
        // The last second may end early, with the run.
        let end = (start + 1_000_000).min(self.end_us.max(start + 1));
        Interval {
            stats: stats_block(
                &part.stats,
                Some(&part),
                seconds(end - start),
                self.throttled,
                self.pcts,
            ),
            index,
            start_time: seconds(start),
            duration_s: seconds(end - start),
        }
    }

    /// Puts the intervals into `doc`, made by
    /// [`document_without_intervals`].
    pub(crate) fn fill(&self, doc: &mut RunDocument) {
        doc.progress.intervals = self.iter().collect();
    }
}

/// The document's `progress`, its intervals left empty.
fn progress(f: &RunFacts<'_>) -> Progress {
    Progress {
        interval_s: 1,
        start_time: seconds(f.origin_us),
        start_time_us: f.origin_us,
        intervals: Vec::new(),
    }
}

/// The document but its `progress.intervals` (empty), which
/// [`Intervals`] makes.
pub(crate) fn document_without_intervals(
    p: &RunParams<'_>,
    t: &RunTotals<'_>,
    f: &RunFacts<'_>,
) -> RunDocument {
    let pcts = &f.percentiles;
    let m = Measures::of(p, t);
    let dist = t.dist;
    let late_pct =
        if t.total.cnt > 0 { 100.0 * t.latency_late as f64 / t.total.cnt as f64 } else { 0.0 };
    let totals = Totals {
        stats: stats_block(&t.total, dist.map(|d| &d.total), m.bench_duration, p.throttled, pcts),
        transactions_expected: p
            .length
            .transactions()
            .map(|n| i64::from(n.wrapping_mul(p.nclients))),
        late: t.latency_late,
        late_pct: printed(late_pct, 3),
        latency_average_ms: ms3(m.latency_average_ms),
        duration_s: m.bench_duration,
        // The raw times a merge of shards needs.
        duration_us: t.total_duration_us,
        connection_total_us: t.conn_total_duration_us,
        initial_connection_us: t.conn_elapsed_duration_us,
        initial_connection_time_ms: (!p.is_connect).then(|| ms3(m.initial_connection_ms)).flatten(),
        average_connection_time_ms: p.is_connect.then(|| ms3(m.average_connection_ms)).flatten(),
    };
    let scripts = p
        .scripts
        .iter()
        .enumerate()
        .map(|(i, script)| {
            let s = if p.scripts.len() == 1 {
                t.total
            } else {
                t.scripts.get(i).copied().unwrap_or_default()
            };
            let part = dist.and_then(|d| d.scripts.get(i));
            let commands = p.report_per_command.then(|| {
                script
                    .commands
                    .iter()
                    .enumerate()
                    .map(|(j, cmd)| {
                        let c =
                            t.commands.get(i).and_then(|c| c.get(j)).copied().unwrap_or_default();
                        // Seconds to µs, as the histogram records them.
                        let ss = SimpleStats {
                            count: c.elapsed.count,
                            min: c.elapsed.min * 1e6,
                            max: c.elapsed.max * 1e6,
                            sum: c.elapsed.sum * 1e6,
                            sum2: c.elapsed.sum2 * 1e12,
                        };
                        let h = dist.and_then(|d| d.commands.get(i)).and_then(|c| c.get(j));
                        let empty = Hist::new();
                        let mut latency = dist_of(&ss, Some(h.unwrap_or(&empty)), pcts);
                        // The report's average, as C computes it from seconds.
                        if c.elapsed.count > 0 {
                            latency.mean = ms3(1000.0 * c.elapsed.sum / c.elapsed.count as f64);
                        }
                        let tps = c.elapsed.count as f64 / m.bench_duration;
                        CommandDoc {
                            text: cmd.first_line.clone(),
                            transactions: c.elapsed.count,
                            failed: c.failures,
                            failures: CommandFailures {
                                serialization: c.serialization_failures,
                                deadlock: c.deadlock_failures,
                                other: c.other_failures,
                                connection: c.connection_failures,
                            },
                            retries: c.retries,
                            tps: printed(tps, 6),
                            latency_ms: latency,
                        }
                    })
                    .collect()
            });
            ScriptStats {
                stats: stats_block(&s, part, m.bench_duration, p.throttled, pcts),
                name: script.desc.clone(),
                weight: i64::from(script.weight),
                weight_pct: printed(100.0 * f64::from(script.weight) / p.total_weight as f64, 1),
                share_pct: pct_to(s.cnt, t.total.cnt, 1),
                commands,
            }
        })
        .collect();
    let header = super::doc::Kind::Run;
    RunDocument {
        format: header.format().into(),
        schema_version: super::doc::SCHEMA_VERSION,
        pgbench_rs_version: env!("CARGO_PKG_VERSION").into(),
        pgbench_version: p.pgbench.version.into(),
        libpq_version: f.libpq_version.clone(),
        server_version: f.server_version.into(),
        start_time: seconds(f.start_us),
        end_time: seconds(f.end_us),
        start_time_us: f.start_us,
        end_time_us: f.end_us,
        shard: p.shard.map(|s| ShardPart {
            index: s.shard.index,
            count: s.shard.count,
            threads: [s.threads.start, s.threads.end].map(|t| {
                crate::invariant::fits(t, "invariant: a run has at most -j threads, an int")
            }),
            clients: [i64::from(s.clients.start), i64::from(s.clients.end)],
        }),
        start_at: f.start_at_us.map(seconds),
        late_start_s: seconds(p.late_start_us),
        status: f.status,
        interrupted_by: f.interrupted_by,
        warmup_s: i64::from(f.warmup_s),
        configuration: f.configuration.clone(),
        totals,
        scripts,
        progress: progress(f),
        outages: t.outages.map(|run| super::outages::json(&run.rows)),
        outage_log: t.outages.map(super::outages::RunOutages::log_json),
        steps: t.steps.map(super::steps::json),
        server: None,
        client: None,
    }
}

/// [`dist`] (the name the commands' use).
fn dist_of(ss: &SimpleStats, h: Option<&Hist>, pcts: &[Percentile]) -> Distribution {
    dist(ss, h, pcts)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_empty_distribution_has_no_values() {
        let v = dist(&SimpleStats::default(), Some(&Hist::new()), &[Percentile::new(50.0)]);
        assert_eq!(v.count, 0);
        assert_eq!(v.mean, None);
        assert_eq!(v.percentiles.as_ref().map(|p| p["50"]), Some(None));
        assert!(v.histogram.as_ref().is_some_and(|h| h.starts_with("HISTF")));
        assert_eq!(pct(1, 0), None);
    }

    /// The numbers are the values the report prints, written as it
    /// prints them: no float noise from the arithmetic.
    #[test]
    fn numbers_are_the_printed_values() {
        let text = |x: Option<f64>| serde_json::to_string(&x).unwrap();
        // 0.001 * 7124.0 is 7.1240000000000006.
        let ss =
            SimpleStats { count: 1, min: 7124.0, max: 7124.0, sum: 7124.0, sum2: 7124.0 * 7124.0 };
        let v = dist(&ss, None, &[]);
        assert_eq!(text(v.mean), "7.124");
        assert_eq!(text(v.max), "7.124");
        assert_eq!(text(printed(2.0 / 3.0, 3)), "0.667");
        assert_eq!(text(printed(15026.916427554552, 6)), "15026.916428");
        assert_eq!(text(pct(1, 3)), "33.333");
        assert_eq!(text(pct_to(2, 3, 1)), "66.7");
        assert_eq!(printed(f64::NAN, 3), None);
        // Half-way cases round as printf does, from the exact binary value.
        assert_eq!(text(printed(0.0005, 3)), "0.001");
        assert_eq!(text(printed(2.675, 2)), "2.67");
    }
}
