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

use serde_json::{Map, Value, json};

use super::percentiles::Dist;
use super::{Measures, RunParams, RunTotals, SysbenchTables, TableInfo};
use crate::compat::fmt::Fixed;
use crate::config::{BenchConfig, Percentile};
use crate::script::QueryMode;
use crate::stats::hist::Hist;
use crate::stats::series::{Part, RunDist, all_scripts};
use crate::stats::{SimpleStats, StatsData};

/// What the document says about the run besides its statistics.
#[derive(Debug)]
pub(crate) struct RunFacts<'a> {
    /// The document's `configuration` ([`configuration`]).
    pub(crate) configuration: Value,
    /// The percentiles it gives (the default ones and those asked for).
    pub(crate) percentiles: Vec<Percentile>,
    /// `--warmup`, seconds.
    pub(crate) warmup_s: i32,
    /// `--start-at`, Unix epoch µs.
    pub(crate) start_at_us: Option<i64>,
    /// `server_version` as the server reports it.
    pub(crate) server_version: &'a str,
    /// When the measurement started and ended (Unix epoch µs).
    pub(crate) start_us: i64,
    /// See `start_us`.
    pub(crate) end_us: i64,
    /// Start of the first one-second interval (Unix epoch µs).
    pub(crate) origin_us: i64,
    /// `completed`, `aborted` (a client aborted), `exited_on_abort` or
    /// `interrupted`.
    pub(crate) status: &'static str,
    /// The signal that interrupted the run (`SIGINT`, `SIGTERM`).
    pub(crate) interrupted_by: Option<&'static str>,
}

/// `x` as the text report prints it with `decimals` (C's `%.Nf`), as a
/// number: the double nearest to the printed decimal, which serializes as
/// that decimal; null when it is not finite (`NaN` in the text).
fn printed(x: f64, decimals: usize) -> Value {
    let text = Fixed(x, decimals).to_string();
    match text.parse::<f64>() {
        Ok(v) if v.is_finite() => json!(v),
        _ => Value::Null,
    }
}

/// Milliseconds to 3 decimals, as the report prints them.
fn ms3(ms: f64) -> Value {
    printed(ms, 3)
}

/// Epoch microseconds as seconds.
fn seconds(us: i64) -> f64 {
    us as f64 / 1e6
}

/// `100 * part / whole` to `decimals`, null when `whole` is 0.
fn pct_to(part: i64, whole: i64, decimals: usize) -> Value {
    if whole == 0 { Value::Null } else { printed(100.0 * part as f64 / whole as f64, decimals) }
}

/// `100 * part / whole` as the report prints it (3 decimals), null when
/// `whole` is 0.
fn pct(part: i64, whole: i64) -> Value {
    pct_to(part, whole, 3)
}

/// A distribution: count, mean, stddev, min and max in ms, the raw sums,
/// and with a histogram its percentiles and encoding.
fn dist(ss: &SimpleStats, hist: Option<&Hist>, pcts: &[Percentile]) -> Value {
    let mut o = Map::new();
    o.insert("count".into(), json!(ss.count));
    let empty = ss.count == 0;
    let ms = |us: f64| if empty { Value::Null } else { ms3(0.001 * us) };
    let (mean, sd) = ss.mean_stddev().unwrap_or((0.0, 0.0));
    o.insert("mean".into(), ms(mean));
    o.insert("stddev".into(), ms(sd));
    o.insert("min".into(), ms(ss.min));
    o.insert("max".into(), ms(ss.max));
    o.insert("min_us".into(), json!(ss.min));
    o.insert("max_us".into(), json!(ss.max));
    o.insert("sum_us".into(), json!(ss.sum));
    o.insert("sum2_us".into(), json!(ss.sum2));
    if let Some(h) = hist {
        let d = Dist { hist: h, max_us: ss.max };
        let mut p = Map::new();
        for (q, v) in pcts.iter().zip(d.at(pcts)) {
            p.insert(q.text.clone(), ms(v));
        }
        o.insert("percentiles".into(), Value::Object(p));
        o.insert("histogram".into(), json!(h.encode()));
    }
    Value::Object(o)
}

/// The counts of a set of transactions (the run, a script, an interval).
fn counts(o: &mut Map<String, Value>, s: &StatsData) {
    let failures = s.failures();
    let all = s.cnt + s.skipped + failures;
    o.insert("transactions".into(), json!(s.cnt));
    o.insert("failed".into(), json!(failures));
    o.insert("failed_pct".into(), json!(pct(failures, all)));
    o.insert(
        "failures".into(),
        json!({
            "serialization": s.serialization_failures,
            "serialization_pct": pct(s.serialization_failures, all),
            "deadlock": s.deadlock_failures,
            "deadlock_pct": pct(s.deadlock_failures, all),
            "other": s.other_failures,
            "other_pct": pct(s.other_failures, all),
            "connection": s.connection_failures,
            "connection_pct": pct(s.connection_failures, all),
            "commit_unknown": s.commit_unknown,
            "commit_unknown_pct": pct(s.commit_unknown, all),
        }),
    );
    o.insert("retried".into(), json!(s.retried));
    o.insert("retried_pct".into(), json!(pct(s.retried, all)));
    o.insert("retries".into(), json!(s.retries));
    o.insert("skipped".into(), json!(s.skipped));
    o.insert("skipped_pct".into(), json!(pct(s.skipped, all)));
}

/// Counts, tps, latency and (under `-R`) lag of `s`, with the histograms of
/// `part`.
fn stats_block(
    s: &StatsData,
    part: Option<&Part>,
    duration_s: f64,
    throttled: bool,
    pcts: &[Percentile],
) -> Map<String, Value> {
    let mut o = Map::new();
    counts(&mut o, s);
    o.insert("tps".into(), printed(s.cnt as f64 / duration_s, 6));
    o.insert("latency_ms".into(), dist(&s.latency, part.map(|p| &p.latency), pcts));
    let lag = if throttled {
        let mut lag = dist(&s.lag, part.map(|p| &p.lag), pcts);
        // The report's lag average, as C computes it (in another order
        // than other means).
        if s.lag.count > 0 {
            lag["mean"] = ms3(0.001 * s.lag.sum / s.lag.count as f64);
        }
        lag
    } else {
        Value::Null
    };
    o.insert("lag_ms".into(), lag);
    o
}

/// The `configuration` of the document: the command line, every option
/// and the scripts, with what the set-up found in the database (the
/// scale, the partitions, sysbench's tables).
pub(crate) fn configuration(
    cfg: &BenchConfig,
    tables: &TableInfo,
    sysbench: Option<SysbenchTables>,
) -> Value {
    let defines: Map<String, Value> = cfg
        .defines
        .iter()
        .map(|(slot, v)| (cfg.registry.name(*slot).to_string(), json!(v)))
        .collect();
    let scripts: Vec<Value> = cfg
        .scripts
        .iter()
        .map(|s| json!({"name": s.desc, "weight": s.weight, "text": String::from_utf8_lossy(&s.source)}))
        .collect();
    let percentiles = cfg
        .ext
        .latency_percentiles
        .as_ref()
        .map(|v| v.iter().map(|p| json!(p.value)).collect::<Vec<_>>());
    let rate = cfg.throttle_delay_us.map(|delay| printed(1e6 * f64::from(cfg.nthreads) / delay, 6));
    let limit = cfg.latency_limit_us.map(|l| l as f64 / 1000.0);
    let mut c = json!({
        "command_line": cfg.argv,
        "compat": cfg.pgbench.major,
        "transaction_type": if cfg.scripts.len() == 1 { cfg.scripts[0].desc.as_str() } else { "multiple scripts" },
        "scale": tables.scale,
        "partition_method": tables.partition_method.name(),
        "partitions": tables.partitions,
        "sysbench_tables": sysbench.map(|s| s.tables),
        "sysbench_table_size": sysbench.map(|s| s.table_size),
        "query_mode": match cfg.query_mode {
            QueryMode::Simple => "simple",
            QueryMode::Extended => "extended",
            QueryMode::Prepared => "prepared",
        },
        "clients": cfg.nclients,
        "threads": cfg.nthreads,
        "max_tries": cfg.max_tries,
        "transactions_per_client": cfg.length.transactions(),
        "duration_s": cfg.length.seconds(),
        "rate_tps": rate,
        "latency_limit_ms": limit,
        "connect": cfg.is_connect,
        "progress_s": cfg.progress,
        "progress_timestamp": cfg.progress_timestamp,
        "report_per_command": cfg.report_per_command,
        "failures_detailed": cfg.failures_detailed,
        "verbose_errors": cfg.verbose_errors,
        "exit_on_abort": cfg.exit_on_abort,
        "debug": crate::log::debug_enabled(),
        "no_vacuum": cfg.no_vacuum,
        "vacuum_all": cfg.vacuum_accounts,
        "log": cfg.use_log,
        "log_prefix": cfg.log_prefix,
        "sampling_rate": (cfg.sample_rate > 0.0).then_some(cfg.sample_rate),
        "aggregate_interval_s": cfg.agg_interval,
        "random_seed": cfg.random_seed,
        "defines": defines,
        "connection": {
            "host": cfg.conn.host,
            "port": cfg.conn.port,
            "user": cfg.conn.user,
            "dbname": cfg.conn.dbname,
        },
        "latency_percentiles": percentiles,
        "report_json": cfg.ext.reports.json,
        "warmup_s": cfg.ext.warmup_s,
        "continue_on_error": cfg.ext.continue_on_error,
        "shard": cfg.ext.shard.map(|s| format!("{}/{}", s.index, s.count)),
        "start_at": cfg.ext.start_at_us.map(seconds),
        "scripts": scripts,
    });
    c["reconnect"] = json!(cfg.ext.reconnect.map(|r| json!({
        "min_backoff_ms": r.min_backoff_us / 1000,
        "max_backoff_ms": r.max_backoff_us / 1000,
        "timeout_s": r.timeout_us.map(|t| t / 1_000_000),
    })));
    let points = cfg.ext.rate_profile.as_ref().map(|p| {
        let at = |q: &crate::rate_profile::RatePoint| {
            json!({"at_s": seconds(q.at_us), "rate_tps": q.tps, "ramp": q.ramp})
        };
        p.points().iter().map(at).collect::<Vec<_>>()
    });
    c["rate_profile"] = json!(points);
    c
}

/// The document's series: one entry a second from the first interval to
/// the last that recorded something (none when nothing was recorded, or
/// a merge could not line the shards' seconds up), made one at a time
/// from the run's compressed series. [`save`] writes them as it makes
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
    fn iter(&self) -> impl Iterator<Item = Value> + '_ {
        let last = self.dist.and_then(|d| d.series.last_index());
        let n = last.map_or(0, |l| l + 1);
        (0..n).map(move |index| self.interval(index))
    }

    /// Interval `index`.
    fn interval(&self, index: u64) -> Value {
        let part = self
            .dist
            .and_then(|d| d.series.sum(index..index + 1, d.scripts.len()).ok())
            .map(|p| all_scripts(&p))
            .unwrap_or_default();
        #[allow(clippy::cast_possible_wrap)]
        let start = self.origin_us + index as i64 * 1_000_000;
        // The last second may end early, with the run.
        let end = (start + 1_000_000).min(self.end_us.max(start + 1));
        let mut o =
            stats_block(&part.stats, Some(&part), seconds(end - start), self.throttled, self.pcts);
        o.insert("index".into(), json!(index));
        o.insert("start_time".into(), json!(seconds(start)));
        o.insert("duration_s".into(), json!(seconds(end - start)));
        Value::Object(o)
    }

    /// Puts the intervals into `doc`, made by
    /// [`document_without_intervals`].
    pub(crate) fn fill(&self, doc: &mut Value) {
        if let Some(slot) = doc.pointer_mut("/progress/intervals") {
            *slot = Value::Array(self.iter().collect());
        }
    }
}

/// The document's `progress`, its intervals left empty.
fn progress(f: &RunFacts<'_>) -> Value {
    json!({
        "interval_s": 1,
        "start_time": seconds(f.origin_us),
        "start_time_us": f.origin_us,
        "intervals": [],
    })
}

/// The whole document.
pub(crate) fn document(p: &RunParams<'_>, t: &RunTotals<'_>, f: &RunFacts<'_>) -> Value {
    let mut doc = document_without_intervals(p, t, f);
    Intervals::of(t, f, p.throttled).fill(&mut doc);
    doc
}

/// The document but its `progress.intervals` (empty), which
/// [`Intervals`] makes.
pub(crate) fn document_without_intervals(
    p: &RunParams<'_>,
    t: &RunTotals<'_>,
    f: &RunFacts<'_>,
) -> Value {
    let pcts = &f.percentiles;
    let m = Measures::of(p, t);
    let dist = t.dist;
    let mut totals =
        stats_block(&t.total, dist.map(|d| &d.total), m.bench_duration, p.throttled, pcts);
    totals.insert(
        "transactions_expected".into(),
        p.length.transactions().map_or(Value::Null, |n| json!(n.wrapping_mul(p.nclients))),
    );
    totals.insert("late".into(), json!(t.latency_late));
    let late_pct =
        if t.total.cnt > 0 { 100.0 * t.latency_late as f64 / t.total.cnt as f64 } else { 0.0 };
    totals.insert("late_pct".into(), printed(late_pct, 3));
    totals.insert("latency_average_ms".into(), ms3(m.latency_average_ms));
    totals.insert("duration_s".into(), json!(m.bench_duration));
    // The raw times a merge of shards needs.
    totals.insert("duration_us".into(), json!(t.total_duration_us));
    totals.insert("connection_total_us".into(), json!(t.conn_total_duration_us));
    totals.insert("initial_connection_us".into(), json!(t.conn_elapsed_duration_us));
    if p.is_connect {
        totals.insert("average_connection_time_ms".into(), ms3(m.average_connection_ms));
    } else {
        totals.insert("initial_connection_time_ms".into(), ms3(m.initial_connection_ms));
    }
    let scripts: Vec<Value> = p
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
            let mut o = stats_block(&s, part, m.bench_duration, p.throttled, pcts);
            o.insert("name".into(), json!(script.desc));
            o.insert("weight".into(), json!(script.weight));
            o.insert(
                "weight_pct".into(),
                printed(100.0 * f64::from(script.weight) / p.total_weight as f64, 1),
            );
            o.insert("share_pct".into(), pct_to(s.cnt, t.total.cnt, 1));
            if p.report_per_command {
                let commands: Vec<Value> = script
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
                        let mut latency = dist_or_empty(&ss, h, pcts);
                        // The report's average, as C computes it from seconds.
                        if c.elapsed.count > 0 {
                            latency["mean"] = ms3(1000.0 * c.elapsed.sum / c.elapsed.count as f64);
                        }
                        let tps = c.elapsed.count as f64 / m.bench_duration;
                        json!({
                            "text": cmd.first_line,
                            "transactions": c.elapsed.count,
                            "failed": c.failures,
                            "failures": {
                                "serialization": c.serialization_failures,
                                "deadlock": c.deadlock_failures,
                                "other": c.other_failures,
                                "connection": c.connection_failures,
                            },
                            "retries": c.retries,
                            "tps": printed(tps, 6),
                            "latency_ms": latency,
                        })
                    })
                    .collect();
                o.insert("commands".into(), Value::Array(commands));
            }
            Value::Object(o)
        })
        .collect();
    let mut doc = json!({
        "pgbench_rs_version": env!("CARGO_PKG_VERSION"),
        "pgbench_version": p.pgbench.version,
        "libpq_version": crate::version::text(crate::pq::lib_version()),
        "server_version": f.server_version,
        "start_time": seconds(f.start_us),
        "end_time": seconds(f.end_us),
        "start_time_us": f.start_us,
        "end_time_us": f.end_us,
        "shard": p.shard.map(|s| json!({
            "index": s.shard.index,
            "count": s.shard.count,
            "threads": [s.threads.start, s.threads.end],
            "clients": [s.clients.start, s.clients.end],
        })),
        "start_at": f.start_at_us.map(seconds),
        "late_start_s": seconds(p.late_start_us),
        "status": f.status,
        "interrupted_by": f.interrupted_by,
        "warmup_s": f.warmup_s,
        "configuration": f.configuration,
        "totals": totals,
        "scripts": scripts,
        "progress": progress(f),
    });
    if let Value::Object(doc) = &mut doc {
        doc.extend(super::doc::Kind::Run.header());
        if let Some(run) = t.outages {
            doc.insert("outages".into(), super::outages::json(&run.rows));
            doc.insert("outage_log".into(), run.log_json());
        }
        if let Some(rows) = t.steps {
            doc.insert("steps".into(), super::steps::json(rows));
        }
    }
    doc
}

/// [`dist`], with an empty histogram where none was recorded.
fn dist_or_empty(ss: &SimpleStats, h: Option<&Hist>, pcts: &[Percentile]) -> Value {
    let empty = Hist::new();
    dist(ss, Some(h.unwrap_or(&empty)), pcts)
}

/// Writes the document to `path`, whole or not at all
/// ([`super::files::save`]); with `intervals`, `doc` is
/// [`document_without_intervals`]'s and they are written into it as
/// they are made.
pub(crate) fn save(
    path: &str,
    doc: &Value,
    intervals: Option<&Intervals<'_>>,
) -> super::files::Written {
    use std::io::Write;
    super::files::save(path, |out| {
        match intervals {
            Some(intervals) => write_streamed(&mut *out, doc, intervals.iter())?,
            None => serde_json::to_writer_pretty(&mut *out, doc).map_err(std::io::Error::from)?,
        }
        out.write_all(b"\n")
    })
}

/// Writes `doc` as `serde_json::to_writer_pretty` writes it, but its
/// empty `progress.intervals`, which `intervals` makes as they are
/// written: the same text as the whole document's.
fn write_streamed(
    out: &mut impl std::io::Write,
    doc: &Value,
    intervals: impl Iterator<Item = Value>,
) -> std::io::Result<()> {
    let mut intervals = Some(intervals);
    let Value::Object(top) = doc else { return pretty(out, doc, 0) };
    write_object(out, top, 0, &mut |out, key, value| match value {
        Value::Object(progress) if key == "progress" => {
            write_object(out, progress, 1, &mut |out, key, value| {
                if key != "intervals" {
                    return pretty(out, value, 2);
                }
                let mut first = true;
                out.write_all(b"[")?;
                for interval in intervals.take().into_iter().flatten() {
                    out.write_all(if first { b"\n      " } else { b",\n      " })?;
                    pretty(out, &interval, 3)?;
                    first = false;
                }
                out.write_all(if first { b"]" } else { b"\n    ]" })
            })
        }
        _ => pretty(out, value, 1),
    })
}

/// An object at `depth` (two spaces each, as serde_json's pretty
/// printer), its values written by `value`.
fn write_object<W: std::io::Write>(
    out: &mut W,
    map: &Map<String, Value>,
    depth: usize,
    value: &mut dyn FnMut(&mut W, &str, &Value) -> std::io::Result<()>,
) -> std::io::Result<()> {
    if map.is_empty() {
        return out.write_all(b"{}");
    }
    let indent = "  ".repeat(depth + 1);
    out.write_all(b"{")?;
    for (i, (key, v)) in map.iter().enumerate() {
        out.write_all(if i == 0 { b"\n" } else { b",\n" })?;
        out.write_all(indent.as_bytes())?;
        serde_json::to_writer(&mut *out, key).map_err(std::io::Error::from)?;
        out.write_all(b": ")?;
        value(out, key, v)?;
    }
    out.write_all(b"\n")?;
    out.write_all("  ".repeat(depth).as_bytes())?;
    out.write_all(b"}")
}

/// `value` pretty-printed at `depth`: serde_json's text with each line
/// after the first indented (a JSON string holds no newline, so every
/// newline of the text is one of the printer's).
fn pretty(out: &mut impl std::io::Write, value: &Value, depth: usize) -> std::io::Result<()> {
    let text = serde_json::to_vec_pretty(value).map_err(std::io::Error::from)?;
    let indent = "  ".repeat(depth);
    for (i, line) in text.split(|&b| b == b'\n').enumerate() {
        if i > 0 {
            out.write_all(b"\n")?;
            out.write_all(indent.as_bytes())?;
        }
        out.write_all(line)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The document written with its intervals made on the way is the
    /// text of the whole document: with none, one, several; keys that need
    /// escaping, nested arrays and objects, empty ones.
    #[test]
    fn a_streamed_document_is_the_whole_documents_text() {
        let doc = json!({
            "a\"b\n": [1, [], {}, {"x": [2.5, null]}],
            "empty": {},
            "progress": {"interval_s": 1, "intervals": [], "start_time": 3.25, "z": {"y": []}},
            "totals": {"transactions": 7, "latency_ms": {"percentiles": {"50": 1.5}}},
        });
        let interval =
            |i: u64| json!({"index": i, "latency_ms": {"histogram": "HISTF", "p": [i, {}]}});
        for n in [0, 1, 3] {
            let mut whole = doc.clone();
            whole["progress"]["intervals"] = (0..n).map(interval).collect();
            let mut streamed = Vec::new();
            write_streamed(&mut streamed, &doc, (0..n).map(interval)).unwrap();
            assert_eq!(
                String::from_utf8(streamed).unwrap(),
                serde_json::to_string_pretty(&whole).unwrap(),
                "{n} intervals"
            );
        }
        let mut streamed = Vec::new();
        write_streamed(&mut streamed, &json!({}), std::iter::empty()).unwrap();
        assert_eq!(streamed, b"{}");
    }

    #[test]
    fn an_empty_distribution_has_no_values() {
        let v = dist(&SimpleStats::default(), Some(&Hist::new()), &[Percentile::new(50.0)]);
        assert_eq!(v["count"], json!(0));
        assert_eq!(v["mean"], Value::Null);
        assert_eq!(v["percentiles"]["50"], Value::Null);
        assert!(v["histogram"].as_str().is_some_and(|h| h.starts_with("HISTF")));
        assert_eq!(pct(1, 0), Value::Null);
    }

    /// The numbers are the values the report prints, written as it
    /// prints them: no float noise from the arithmetic.
    #[test]
    fn numbers_are_the_printed_values() {
        // 0.001 * 7124.0 is 7.1240000000000006.
        let ss =
            SimpleStats { count: 1, min: 7124.0, max: 7124.0, sum: 7124.0, sum2: 7124.0 * 7124.0 };
        let v = dist(&ss, None, &[]);
        assert_eq!(serde_json::to_string(&v["mean"]).unwrap(), "7.124");
        assert_eq!(serde_json::to_string(&v["max"]).unwrap(), "7.124");
        assert_eq!(serde_json::to_string(&printed(2.0 / 3.0, 3)).unwrap(), "0.667");
        assert_eq!(serde_json::to_string(&printed(15026.916427554552, 6)).unwrap(), "15026.916428");
        assert_eq!(serde_json::to_string(&pct(1, 3)).unwrap(), "33.333");
        assert_eq!(serde_json::to_string(&pct_to(2, 3, 1)).unwrap(), "66.7");
        assert_eq!(printed(f64::NAN, 3), Value::Null);
        // Half-way cases round as printf does, from the exact binary value.
        assert_eq!(serde_json::to_string(&printed(0.0005, 3)).unwrap(), "0.001");
        assert_eq!(serde_json::to_string(&printed(2.675, 2)).unwrap(), "2.67");
    }
}
