//! Output of results: the final report with its per-script and
//! per-command sections (C's `printResults`, as the pgbench reproduced
//! prints it), the progress lines ([`progress`]) and the transaction logs
//! ([`txlog`]), with C's number formatting (`compat::fmt`). The report is
//! built as text, so it can be tested byte for byte, and written to
//! stdout in one piece.

pub(crate) mod client;
pub(crate) mod csv;
pub(crate) mod doc;
pub(crate) mod files;
pub(crate) mod html;
pub(crate) mod json;
pub(crate) mod outages;
pub(crate) mod percentiles;
pub(crate) mod progress;
pub(crate) mod run;
pub(crate) mod steps;
pub(crate) mod txlog;

use std::fmt::Write as _;

use crate::compat::fmt::Fixed;
use crate::config::{PartitionMethod, Percentile, RunLength};
use crate::result::{ShardFacts, SysbenchTables};
use crate::script::{QueryMode, Script};
use crate::stats::hist::Hist;
use crate::stats::series::RunDist;
use crate::stats::{CommandStats, SimpleStats, StatsData};
use crate::version::{Pgbench, ReportEnd, ScriptCounts};
use percentiles::Dist;

/// Writes text to stdout (the report's stream). Errors writing stdout
/// (a closed pipe) are ignored, as C ignores printf failures.
#[allow(clippy::print_stdout)]
pub(crate) fn write_stdout(text: &str) {
    use std::io::Write;
    let mut out = std::io::stdout().lock();
    let _ = out.write_all(text.as_bytes());
    let _ = out.flush();
}

/// Writes a report document to the files that hold it (`--report-json`:
/// the document, `--report-csv`: its table), made by `doc` only when one
/// is asked for. With `intervals`, `doc` makes a run's document without
/// its intervals ([`json::document_without_intervals`]), and the JSON
/// file gets them as they are made.
pub(crate) fn save_document(
    files: &crate::config::ReportFiles,
    doc: impl FnOnce() -> doc::Document,
    intervals: Option<&json::Intervals<'_>>,
) -> files::Written {
    let mut written = files::Written::All;
    if files.json.is_none() && files.csv.is_none() {
        return written;
    }
    let mut doc = doc();
    if let Some(path) = files.json.as_deref() {
        written = match (&doc, intervals) {
            (doc::Document::Run(run), Some(intervals)) => {
                doc::write::save_run(path, run, intervals.iter())
            }
            (doc, _) => doc::write::save(path, &doc.value()),
        };
    }
    if let Some(path) = files.csv.as_deref() {
        if let (doc::Document::Run(run), Some(intervals)) = (&mut doc, intervals) {
            intervals.fill(run);
        }
        written = written.and(csv::save(path, &doc));
    }
    written
}

/// The settings the report describes.
#[derive(Debug)]
pub(crate) struct RunParams<'a> {
    /// The pgbench whose report this is (`--compat`).
    pub(crate) pgbench: &'static Pgbench,
    /// `--shard`: the part of the run this report covers (its clients
    /// and threads are `nclients` and `nthreads`).
    pub(crate) shard: Option<&'a ShardFacts>,
    /// `--start-at`: how late the measurement started, µs (0: on time).
    pub(crate) late_start_us: i64,
    /// The scripts, in order (descriptions, weights, commands).
    pub(crate) scripts: &'a [Script],
    /// Sum of the script weights.
    pub(crate) total_weight: i64,
    /// The scale reported (from the database or `-s`).
    pub(crate) scale: i32,
    /// sysbench's builtins: the tables they used and their rows.
    pub(crate) sysbench: Option<SysbenchTables>,
    /// Partitioning found in the database.
    pub(crate) partition_method: PartitionMethod,
    /// Number of partitions found.
    pub(crate) partitions: i32,
    /// `-M`.
    pub(crate) query_mode: QueryMode,
    /// `-c`.
    pub(crate) nclients: i32,
    /// `-j` after clamping.
    pub(crate) nthreads: i32,
    /// `--max-tries`.
    pub(crate) max_tries: u32,
    /// `-t` or `-T`.
    pub(crate) length: RunLength,
    /// `--failures-detailed`.
    pub(crate) failures_detailed: bool,
    /// `--continue-on-error` (other failures get lines of their own with
    /// `--failures-detailed`, as in pgbench 19).
    pub(crate) continue_on_error: bool,
    /// `--reconnect` (connection failures get lines of their own).
    pub(crate) reconnect: bool,
    /// `--warmup`, seconds (0: none).
    pub(crate) warmup_s: i32,
    /// `-R` is on.
    pub(crate) throttled: bool,
    /// `-L` in µs (none: no limit).
    pub(crate) latency_limit_us: Option<i64>,
    /// `-P` is on.
    pub(crate) progress: bool,
    /// `-C`.
    pub(crate) is_connect: bool,
    /// Several scripts.
    pub(crate) per_script_stats: bool,
    /// `-r`.
    pub(crate) report_per_command: bool,
    /// `--latency-percentiles`: the percentiles to show.
    pub(crate) percentiles: Option<&'a [Percentile]>,
}

/// What the run measured, merged over all threads.
#[derive(Debug)]
pub(crate) struct RunTotals<'a> {
    /// All transactions.
    pub(crate) total: StatsData,
    /// Benchmark time, µs (end minus the earliest thread start).
    pub(crate) total_duration_us: i64,
    /// Sum of connection and disconnection times under `-C`, µs.
    pub(crate) conn_total_duration_us: i64,
    /// Time from the start to the first thread's benchmark start, µs.
    pub(crate) conn_elapsed_duration_us: i64,
    /// Successful transactions above the `-L` limit.
    pub(crate) latency_late: i64,
    /// Per-script statistics (with several scripts).
    pub(crate) scripts: &'a [StatsData],
    /// Per-script, per-command statistics (with `-r`).
    pub(crate) commands: &'a [Vec<CommandStats>],
    /// The distributions (when they were recorded).
    pub(crate) dist: Option<&'a RunDist>,
    /// `--reconnect`: the outages.
    pub(crate) outages: Option<&'a outages::RunOutages>,
    /// `--rate-profile`: its steps.
    pub(crate) steps: Option<&'a [steps::StepRow]>,
}

impl RunTotals<'_> {
    /// The percentiles to show and the distributions to take them from.
    fn percentiles<'a>(&'a self, p: &RunParams<'a>) -> Option<(&'a [Percentile], &'a RunDist)> {
        Some((p.percentiles?, self.dist?))
    }
}

/// The percentile line of `hist` (exact maximum `ss.max`), if it has values.
fn percentile_line(
    o: &mut String,
    prefix: &str,
    what: &str,
    hist: &Hist,
    ss: &SimpleStats,
    pcts: &[Percentile],
) {
    if hist.count() > 0 {
        o.push_str(&percentiles::report_line(prefix, what, Dist { hist, max_us: ss.max }, pcts));
    }
}

/// The run's derived numbers, as the report prints them (and the JSON
/// report gives them).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Measures {
    /// Benchmark time, seconds.
    pub(crate) bench_duration: f64,
    /// Successful transactions per second.
    pub(crate) tps: f64,
    /// The report's `latency average`: measured under `-R`, `-P` or `-L`,
    /// else the benchmark time shared out among the transactions, ms.
    pub(crate) latency_average_ms: f64,
    /// `average connection time` under `-C`, ms.
    pub(crate) average_connection_ms: f64,
    /// `initial connection time`, ms.
    pub(crate) initial_connection_ms: f64,
}

impl Measures {
    /// C's arithmetic for them.
    pub(crate) fn of(p: &RunParams<'_>, t: &RunTotals<'_>) -> Self {
        let total = &t.total;
        let failures = total.failures();
        let total_cnt = total.cnt + total.skipped + failures;
        let bench_duration = t.total_duration_us as f64 / 1e6;
        let latency_average_ms = if p.throttled || p.progress || p.latency_limit_us.is_some() {
            total.latency.mean_stddev().map_or(0.0, |(mean, _)| 0.001 * mean)
        } else {
            0.001 * t.total_duration_us as f64 * f64::from(p.nclients) / total_cnt as f64
        };
        Measures {
            bench_duration,
            tps: total.cnt as f64 / bench_duration,
            latency_average_ms,
            average_connection_ms: 0.001 * t.conn_total_duration_us as f64
                / (total.cnt + failures) as f64,
            initial_connection_ms: 0.001 * t.conn_elapsed_duration_us as f64,
        }
    }
}

/// `100.0 * part / whole` as C computes a percentage of int64 counts.
fn pct(part: i64, whole: i64) -> Fixed {
    Fixed(100.0 * part as f64 / whole as f64, 3)
}

/// `printSimpleStats`: average and standard deviation in ms.
fn simple_stats(out: &mut String, prefix: &str, ss: &SimpleStats) {
    if let Some((mean, sd)) = ss.mean_stddev() {
        let _ = writeln!(out, "{prefix} average = {} ms", Fixed(0.001 * mean, 3));
        let _ = writeln!(out, "{prefix} stddev = {} ms", Fixed(0.001 * sd, 3));
    }
}

/// The failure and retry lines of the report and of each script section
/// (`prefix` is "" or " - "), as percentages of `all` transactions.
fn failure_lines(o: &mut String, prefix: &str, p: &RunParams<'_>, s: &StatsData, all: i64) {
    let failures = s.failures();
    let _ =
        writeln!(o, "{prefix}number of failed transactions: {failures} ({}%)", pct(failures, all));
    if p.failures_detailed {
        let ser = s.serialization_failures;
        let dead = s.deadlock_failures;
        let _ = writeln!(o, "{prefix}number of serialization failures: {ser} ({}%)", pct(ser, all));
        let _ = writeln!(o, "{prefix}number of deadlock failures: {dead} ({}%)", pct(dead, all));
        if p.continue_on_error || p.pgbench.other_failures_line {
            let other = s.other_failures;
            let _ = writeln!(o, "{prefix}number of other failures: {other} ({}%)", pct(other, all));
        }
        if p.reconnect {
            let conn = s.connection_failures;
            let _ =
                writeln!(o, "{prefix}number of connection failures: {conn} ({}%)", pct(conn, all));
        }
    }
    if p.reconnect {
        let unknown = s.commit_unknown;
        let _ = writeln!(
            o,
            "{prefix}number of transactions whose COMMIT's outcome is unknown: {unknown} ({}%)",
            pct(unknown, all)
        );
    }
    if p.max_tries != 1 {
        let _ = writeln!(
            o,
            "{prefix}number of transactions retried: {} ({}%)",
            s.retried,
            pct(s.retried, all)
        );
        let _ = writeln!(o, "{prefix}total number of retries: {}", s.retries);
    }
}

/// Formats the final report exactly as the `printResults` of the C
/// pgbench reproduced.
pub(crate) fn format_results(p: &RunParams<'_>, t: &RunTotals<'_>) -> String {
    let mut o = String::with_capacity(1024);
    let total = &t.total;
    let failures = total.failures();
    let total_cnt = total.cnt + total.skipped + failures;
    let m = Measures::of(p, t);
    let bench_duration = m.bench_duration;

    let desc = if p.scripts.len() == 1 { p.scripts[0].desc.as_str() } else { "multiple scripts" };
    let _ = writeln!(o, "transaction type: {desc}");
    let _ = writeln!(o, "scaling factor: {}", p.scale);
    if let Some(sb) = p.sysbench {
        let _ = writeln!(o, "sysbench tables: {} of {} rows", sb.tables, sb.table_size);
    }
    if p.partition_method != PartitionMethod::None {
        let _ = writeln!(
            o,
            "partition method: {}\npartitions: {}",
            p.partition_method.name(),
            p.partitions
        );
    }
    let mode = match p.query_mode {
        QueryMode::Simple => "simple",
        QueryMode::Extended => "extended",
        QueryMode::Prepared => "prepared",
    };
    let _ = writeln!(o, "query mode: {mode}");
    let _ = writeln!(o, "number of clients: {}", p.nclients);
    let _ = writeln!(o, "number of threads: {}", p.nthreads);
    if let Some(s) = p.shard {
        let _ = writeln!(
            o,
            "shard: {} of {} (threads {} to {}, clients {} to {})",
            s.shard.index,
            s.shard.count,
            s.threads.start,
            s.threads.end - 1,
            s.clients.start,
            s.clients.end - 1
        );
    }
    if p.late_start_us > 0 {
        let late = Fixed::secs3(p.late_start_us);
        let _ = writeln!(o, "late start: {late} s after --start-at");
    }
    if p.max_tries != 0 {
        let _ = writeln!(o, "maximum number of tries: {}", p.max_tries);
    }
    if p.warmup_s > 0 {
        let _ = writeln!(o, "warm-up: {} s (not measured)", p.warmup_s);
    }
    match p.length {
        RunLength::Transactions(n) => {
            let _ = writeln!(o, "number of transactions per client: {n}");
            let _ = writeln!(
                o,
                "number of transactions actually processed: {}/{}",
                total.cnt,
                n.wrapping_mul(p.nclients)
            );
        }
        RunLength::Seconds(s) => {
            let _ = writeln!(o, "duration: {s} s");
            let _ = writeln!(o, "number of transactions actually processed: {}", total.cnt);
        }
    }
    match p.pgbench.report_end {
        ReportEnd::AfterFailureLines => {
            failure_lines(&mut o, "", p, total, total_cnt);
            if total.cnt + total.skipped <= 0 {
                return o;
            }
        }
        ReportEnd::BeforeFailureLines => {
            if total_cnt <= 0 {
                return o;
            }
            failure_lines(&mut o, "", p, total, total_cnt);
        }
    }
    if p.throttled && p.latency_limit_us.is_some() {
        let _ = writeln!(
            o,
            "number of transactions skipped: {} ({}%)",
            total.skipped,
            pct(total.skipped, total_cnt)
        );
    }
    if let Some(limit) = p.latency_limit_us {
        let late_pct =
            if total.cnt > 0 { 100.0 * t.latency_late as f64 / total.cnt as f64 } else { 0.0 };
        let _ = writeln!(
            o,
            "number of transactions above the {} ms latency limit: {}/{} ({}%)",
            Fixed(limit as f64 / 1000.0, 1),
            t.latency_late,
            total.cnt,
            Fixed(late_pct, 3)
        );
    }
    if p.throttled || p.progress || p.latency_limit_us.is_some() {
        simple_stats(&mut o, "latency", &total.latency);
    } else {
        let suffix = if failures > 0 { " (including failures)" } else { "" };
        let _ = writeln!(o, "latency average = {} ms{suffix}", Fixed(m.latency_average_ms, 3));
    }
    if let Some((pcts, d)) = t.percentiles(p) {
        percentile_line(&mut o, "", "latency", &d.total.latency, &total.latency, pcts);
    }
    if p.throttled {
        let _ = writeln!(
            o,
            "rate limit schedule lag: avg {} (max {}) ms",
            Fixed(0.001 * total.lag.sum / total.cnt as f64, 3),
            Fixed(0.001 * total.lag.max, 3)
        );
        if let Some((pcts, d)) = t.percentiles(p) {
            let what = "rate limit schedule lag";
            percentile_line(&mut o, "", what, &d.total.lag, &total.lag, pcts);
        }
    }
    if p.is_connect {
        let _ = writeln!(o, "average connection time = {} ms", Fixed(m.average_connection_ms, 3));
        let _ = writeln!(o, "tps = {} (including reconnection times)", Fixed(m.tps, 6));
    } else {
        let _ = writeln!(o, "initial connection time = {} ms", Fixed(m.initial_connection_ms, 3));
        let _ = writeln!(o, "tps = {} (without initial connection time)", Fixed(m.tps, 6));
    }
    if let Some(run) = t.outages {
        outages::text(&mut o, &run.rows);
    }
    if let Some(rows) = t.steps {
        steps::text(&mut o, rows);
    }
    if p.per_script_stats || p.report_per_command {
        for (i, script) in p.scripts.iter().enumerate() {
            if p.per_script_stats {
                script_section(&mut o, p, t, i, script, bench_duration);
            }
            if p.report_per_command {
                command_section(&mut o, p, t, i, script);
            }
        }
    }
    o
}

fn script_section(
    o: &mut String,
    p: &RunParams<'_>,
    t: &RunTotals<'_>,
    i: usize,
    script: &Script,
    bench_duration: f64,
) {
    let empty = StatsData::default();
    let s = t.scripts.get(i).unwrap_or(&empty);
    let failures = s.failures();
    let script_total = s.cnt + s.skipped + failures;
    let _ = writeln!(o, "SQL script {}: {}", i + 1, script.desc);
    let _ = writeln!(
        o,
        " - weight: {} (targets {}% of total)",
        script.weight,
        Fixed(100.0 * f64::from(script.weight) / p.total_weight as f64, 1)
    );
    let tps = Fixed(s.cnt as f64 / bench_duration, 6);
    match p.pgbench.script_counts {
        ScriptCounts::Successful => {
            let part = Fixed(100.0 * s.cnt as f64 / t.total.cnt as f64, 1);
            let _ = writeln!(o, " - {} transactions ({part}% of total, tps = {tps})", s.cnt);
            failure_lines(o, " - ", p, s, script_total);
        }
        ScriptCounts::AllThenProcessed => {
            let total = &t.total;
            let all = total.cnt + total.skipped + total.failures();
            let part = Fixed(100.0 * script_total as f64 / all as f64, 1);
            let _ = writeln!(o, " - {script_total} transactions ({part}% of total)");
            if script_total > 0 {
                let _ = writeln!(
                    o,
                    " - number of transactions actually processed: {} (tps = {tps})",
                    s.cnt
                );
                failure_lines(o, " - ", p, s, script_total);
            }
        }
    }
    if p.throttled && p.latency_limit_us.is_some() && script_total > 0 {
        let _ = writeln!(
            o,
            " - number of transactions skipped: {} ({}%)",
            s.skipped,
            pct(s.skipped, script_total)
        );
    }
    simple_stats(o, " - latency", &s.latency);
    if let Some((pcts, d)) = t.percentiles(p) {
        if let Some(part) = d.scripts.get(i) {
            percentile_line(o, " - ", "latency", &part.latency, &s.latency, pcts);
        }
    }
}

fn command_section(
    o: &mut String,
    p: &RunParams<'_>,
    t: &RunTotals<'_>,
    i: usize,
    script: &Script,
) {
    let _ = writeln!(
        o,
        "{}statement latencies in milliseconds{}:",
        if p.per_script_stats { " - " } else { "" },
        if p.max_tries == 1 { " and failures" } else { ", failures and retries" }
    );
    let no_stats = Vec::new();
    let stats = t.commands.get(i).unwrap_or(&no_stats);
    let gap = p.pgbench.command_gap;
    for (j, cmd) in script.commands.iter().enumerate() {
        let c = stats.get(j).copied().unwrap_or_default();
        let avg =
            if c.elapsed.count > 0 { 1000.0 * c.elapsed.sum / c.elapsed.count as f64 } else { 0.0 };
        // `   %11.3f  %10ld%s` (and `%10ld%s`, the retries), then the text.
        let mut line = format!("   {:11}  {:10}{gap}", Fixed(avg, 3), c.failures);
        if p.max_tries != 1 {
            let _ = write!(line, "{:10}{gap}", c.retries);
        }
        let _ = writeln!(o, "{line}{}", cmd.first_line);
        if let Some((pcts, d)) = t.percentiles(p) {
            if let Some(h) = d.commands.get(i).and_then(|c| c.get(j)).filter(|h| h.count() > 0) {
                // Under the command's text (at its column when the
                // numbers fit their widths).
                let retries = if p.max_tries == 1 { 0 } else { 10 + gap.len() };
                let indent = 3 + 11 + 2 + 10 + gap.len() + retries;
                let max_us = c.elapsed.max * 1e6;
                o.push_str(&percentiles::command_line(indent, Dist { hist: h, max_us }, pcts));
            }
        }
    }
}
