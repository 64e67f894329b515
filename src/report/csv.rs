//! The CSV report (`--report-csv`): a report document's numbers as one
//! table for a spreadsheet, R or pandas, RFC 4180 (a header row, CRLF line
//! ends, a field quoted when it holds a comma, a quote or a line end),
//! written with the `csv` crate. Each kind of document has its table
//! ([`table`]):
//!
//! - a run's: one row a second, the document's `progress.intervals`;
//! - several runs' (`--repeat`, `--sweep-clients`): one row a run, its
//!   client count, run number and `totals`;
//! - a comparison's: one row a metric and client count.
//!
//! The table is made from the document, so its numbers are the
//! document's: a cell is the JSON number as the document writes it (the
//! same text), empty where the document has null. The header names carry
//! their units (`_ms`, `_s`, `_pct`; `tps`; counts have none). The
//! columns are documented in `schema/csv.md`.

use super::doc::model::{
    ComparisonDocument, Distribution, MetricChange, PointsDocument, RunDocument, Stats,
};
use super::doc::{self, Document};
use super::files::Written;

/// A table: its header and its rows, each a cell a column.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Table {
    /// The columns' names.
    pub(crate) header: Vec<String>,
    /// The rows.
    pub(crate) rows: Vec<Vec<String>>,
}

/// The columns of a run's table before and after those of its seconds.
const RUN_HEAD: [&str; 3] = ["second", "start_epoch_s", "duration_s"];
const RUN_TAIL: [&str; 1] = ["outage_s"];

/// The columns of the table of several runs before and after those of
/// each run's totals.
const RUNS_HEAD: [&str; 6] = ["clients", "threads", "run", "status", "start_epoch_s", "duration_s"];
const RUNS_TAIL: [&str; 1] = ["outages"];

/// A value as a cell: a number as the document writes it (the same
/// text), a text as it is, true or false, nothing as an empty cell.
trait Cell {
    fn cell(&self) -> String;
}

impl Cell for f64 {
    fn cell(&self) -> String {
        doc::write::text_of(self)
    }
}

impl Cell for i64 {
    fn cell(&self) -> String {
        self.to_string()
    }
}

impl Cell for u64 {
    fn cell(&self) -> String {
        self.to_string()
    }
}

impl Cell for bool {
    fn cell(&self) -> String {
        self.to_string()
    }
}

impl Cell for str {
    fn cell(&self) -> String {
        self.to_string()
    }
}

impl<T: Cell> Cell for Option<T> {
    fn cell(&self) -> String {
        self.as_ref().map(Cell::cell).unwrap_or_default()
    }
}

/// A column of a set of transactions (a second of a run, a run of
/// several): its name and its cell.
type Column = (&'static str, fn(&Stats) -> String);

/// A value of the lags, empty without `-R`.
fn lag(s: &Stats, of: fn(&Distribution) -> Option<f64>) -> String {
    s.lag_ms.as_ref().and_then(of).cell()
}

/// The columns of a set of transactions before its latency percentiles.
const STATS_HEAD: &[Column] = &[
    ("transactions", |s| s.transactions.cell()),
    ("tps", |s| s.tps.cell()),
    ("latency_mean_ms", |s| s.latency_ms.mean.cell()),
    ("latency_stddev_ms", |s| s.latency_ms.stddev.cell()),
    ("latency_min_ms", |s| s.latency_ms.min.cell()),
];

/// The columns of a set of transactions after its latency percentiles.
const STATS_TAIL: &[Column] = &[
    ("latency_max_ms", |s| s.latency_ms.max.cell()),
    ("failed", |s| s.failed.cell()),
    ("failed_pct", |s| s.failed_pct.cell()),
    ("serialization_failures", |s| s.failures.serialization.cell()),
    ("deadlock_failures", |s| s.failures.deadlock.cell()),
    ("other_failures", |s| s.failures.other.cell()),
    ("connection_failures", |s| s.failures.connection.cell()),
    ("commit_unknown", |s| s.failures.commit_unknown.cell()),
    ("retried", |s| s.retried.cell()),
    ("retries", |s| s.retries.cell()),
    ("skipped", |s| s.skipped.cell()),
    ("lag_mean_ms", |s| lag(s, |d| d.mean)),
    ("lag_stddev_ms", |s| lag(s, |d| d.stddev)),
    ("lag_max_ms", |s| lag(s, |d| d.max)),
];

/// The percentiles of `stats`: every key any of them has, in increasing
/// order of their values.
fn percentiles_of<'a>(stats: impl Iterator<Item = &'a Stats>) -> Vec<String> {
    let mut all: Vec<(f64, String)> = Vec::new();
    for s in stats {
        for k in s.latency_ms.percentiles.iter().flat_map(|p| p.keys()) {
            if !all.iter().any(|(_, have)| have == k) {
                if let Ok(v) = k.parse::<f64>() {
                    all.push((v, k.clone()));
                }
            }
        }
    }
    all.sort_by(|a, b| a.0.total_cmp(&b.0));
    all.into_iter().map(|k| k.1).collect()
}

/// The header of a set of transactions, with the percentiles `pcts`.
fn stats_header(pcts: &[String]) -> Vec<String> {
    let mut h: Vec<String> = STATS_HEAD.iter().map(|c| c.0.to_string()).collect();
    h.extend(pcts.iter().map(|p| format!("latency_p{p}_ms")));
    h.extend(STATS_TAIL.iter().map(|c| c.0.to_string()));
    h
}

/// The cells of `s`, as [`stats_header`] names them.
fn stats_cells(s: &Stats, pcts: &[String]) -> Vec<String> {
    let mut row: Vec<String> = STATS_HEAD.iter().map(|c| (c.1)(s)).collect();
    let at = s.latency_ms.percentiles.as_ref();
    row.extend(pcts.iter().map(|p| at.and_then(|m| m.get(p).copied().flatten()).cell()));
    row.extend(STATS_TAIL.iter().map(|c| (c.1)(s)));
    row
}

/// Seconds as integer µs (documents write times as seconds with µs).
#[allow(clippy::cast_possible_truncation)]
fn us(seconds: f64) -> i64 {
    (seconds * 1e6).round() as i64
}

/// The outages of a run's document as (start, end) µs, an outage not over
/// at the end ending with the run; None: a run without `--reconnect`.
fn outage_spans(run: &RunDocument) -> Option<Vec<(i64, i64)>> {
    let list = run.outages.as_ref()?;
    Some(list.iter().map(|o| (us(o.start), o.end.map_or(run.end_time_us, us))).collect())
}

/// A run's table: one row a second.
fn run_table(run: &RunDocument) -> Table {
    let intervals = &run.progress.intervals;
    let pcts = percentiles_of(
        std::iter::once(&run.totals.stats).chain(intervals.iter().map(|i| &i.stats)),
    );
    let mut header: Vec<String> = RUN_HEAD.map(String::from).to_vec();
    header.extend(stats_header(&pcts));
    header.extend(RUN_TAIL.map(String::from));
    let origin_us = run.progress.start_time_us;
    let outages = outage_spans(run);
    let mut rows = Vec::with_capacity(intervals.len());
    for iv in intervals {
        let mut row = vec![iv.index.cell(), iv.start_time.cell(), iv.duration_s.cell()];
        row.extend(stats_cells(&iv.stats, &pcts));
        // The part of the second within an outage, s.
        #[allow(clippy::cast_possible_wrap)]
        let start = origin_us + iv.index as i64 * 1_000_000;
        let end = start + us(iv.duration_s);
        row.push(outages.as_ref().map_or(String::new(), |spans| {
            let within: i64 = spans.iter().map(|&(a, b)| (b.min(end) - a.max(start)).max(0)).sum();
            #[allow(clippy::cast_precision_loss)]
            (within as f64 / 1e6).cell()
        }));
        rows.push(row);
    }
    Table { header, rows }
}

/// The table of several runs: one row a run.
fn points_table(points_doc: &PointsDocument) -> Table {
    let runs: Vec<(i64, i64, usize, &RunDocument)> = points_doc
        .points
        .iter()
        .flat_map(|p| p.runs.iter().enumerate().map(|(i, r)| (p.clients, p.threads, i + 1, r)))
        .collect();
    let pcts = percentiles_of(runs.iter().map(|r| &r.3.totals.stats));
    let mut header: Vec<String> = RUNS_HEAD.map(String::from).to_vec();
    header.extend(stats_header(&pcts));
    header.extend(RUNS_TAIL.map(String::from));
    let mut rows = Vec::with_capacity(runs.len());
    for (clients, threads, number, r) in runs {
        let totals = &r.totals;
        let mut row = vec![
            clients.cell(),
            threads.cell(),
            number.to_string(),
            r.status.name().cell(),
            r.start_time.cell(),
            totals.duration_s.cell(),
        ];
        row.extend(stats_cells(&totals.stats, &pcts));
        row.push(r.outages.as_ref().map_or(String::new(), |o| o.len().to_string()));
        rows.push(row);
    }
    Table { header, rows }
}

/// The columns of a comparison's table.
const COMPARISON_HEADER: [&str; 16] = [
    "clients",
    "threads",
    "metric",
    "better",
    "base_median",
    "new_median",
    "base_runs",
    "new_runs",
    "change_pct",
    "ci_low_pct",
    "ci_high_pct",
    "p_value",
    "method",
    "significant",
    "too_few",
    "verdict",
];

/// What a change of a metric means: `better` or `worse` when it is
/// significant (NEW's median against BASE's, the way the metric is
/// better), `not significant`, or `too few runs` for any change to be.
fn verdict(m: &MetricChange) -> &'static str {
    if m.too_few {
        return "too few runs";
    }
    if !m.significant {
        return "not significant";
    }
    let higher_is_better = m.better == "higher";
    match m.new.median.partial_cmp(&m.base.median) {
        Some(std::cmp::Ordering::Greater) if higher_is_better => "better",
        Some(std::cmp::Ordering::Less) if !higher_is_better => "better",
        Some(std::cmp::Ordering::Equal) | None => "different",
        Some(_) => "worse",
    }
}

/// A comparison's table: one row a metric of each client count, the
/// metrics in `--compare`'s order.
fn comparison_table(c: &ComparisonDocument) -> Table {
    let header = COMPARISON_HEADER.map(String::from).to_vec();
    let mut rows = Vec::new();
    for p in &c.points {
        let known = doc::compared().map(|m| m.key);
        let others = p.metrics.keys().map(String::as_str).filter(|k| doc::metric_of(k).is_none());
        for key in known.chain(others) {
            let Some(m) = p.metrics.get(key) else { continue };
            let ci = |i: usize| m.ci_pct.map(|c| c[i]).cell();
            rows.push(vec![
                p.clients.cell(),
                p.threads.cell(),
                key.to_string(),
                m.better.cell(),
                m.base.median.cell(),
                m.new.median.cell(),
                m.base.n.cell(),
                m.new.n.cell(),
                m.change_pct.cell(),
                ci(0),
                ci(1),
                m.p_value.cell(),
                m.method.cell(),
                m.significant.cell(),
                m.too_few.cell(),
                verdict(m).to_string(),
            ]);
        }
    }
    Table { header, rows }
}

/// The table of a document of any kind.
pub(crate) fn table(d: &Document) -> Table {
    match d {
        Document::Run(d) => run_table(d),
        Document::Points(d) => points_table(d),
        Document::Comparison(d) => comparison_table(d),
    }
}

/// The table as CSV.
fn write_csv(out: impl std::io::Write, t: &Table) -> std::io::Result<()> {
    let mut w = csv::WriterBuilder::new().terminator(csv::Terminator::CRLF).from_writer(out);
    w.write_record(&t.header)?;
    for row in &t.rows {
        w.write_record(row)?;
    }
    w.flush()
}

/// Writes the table of `d` to `path`, whole or not at all
/// ([`super::files::save`]).
pub(crate) fn save(path: &str, d: &Document) -> Written {
    let t = table(d);
    super::files::save(path, |out| write_csv(out, &t))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(t: &Table) -> String {
        let mut out = Vec::new();
        write_csv(&mut out, t).unwrap();
        String::from_utf8(out).unwrap()
    }

    use crate::report::doc::model::{OutageDoc, kept, run_with};

    #[test]
    fn a_run_is_a_row_a_second() {
        let mut d: RunDocument = kept("run.json");
        let seconds = d.progress.intervals.len();
        let t = run_table(&d);
        assert_eq!(
            t.header[..12],
            [
                "second",
                "start_epoch_s",
                "duration_s",
                "transactions",
                "tps",
                "latency_mean_ms",
                "latency_stddev_ms",
                "latency_min_ms",
                "latency_p50_ms",
                "latency_p90_ms",
                "latency_p95_ms",
                "latency_p99_ms"
            ]
        );
        assert_eq!(t.header.last().map(String::as_str), Some("outage_s"));
        assert_eq!(t.rows.len(), seconds);
        assert!(t.rows.iter().all(|r| r.len() == t.header.len()));
        let csv = text(&t);
        let lines: Vec<&str> = csv.split("\r\n").collect();
        assert_eq!(lines.len(), seconds + 2, "{csv:?}");
        assert_eq!(lines[seconds + 1], "");
        assert!(lines[1].starts_with("0,"), "{}", lines[1]);
        // No outages without --reconnect.
        assert!(t.rows.iter().all(|r| r.last().is_some_and(String::is_empty)));
        // With --reconnect: the part of each second in an outage, the last
        // one until the end of the run.
        let origin = d.progress.start_time;
        let at = |s: f64| origin + s;
        d.outages = Some(vec![
            OutageDoc { start: at(0.75), end: Some(at(1.5)), duration_s: None, recovered_s: None },
            OutageDoc { start: at(2.25), end: None, duration_s: None, recovered_s: None },
        ]);
        let t = run_table(&d);
        let outage: Vec<&str> = t.rows.iter().take(3).map(|r| r.last().unwrap().as_str()).collect();
        assert_eq!(outage, ["0.25", "0.5", "0.75"]);
        // A second without a latency has an empty cell.
        d.progress.intervals[0]
            .stats
            .latency_ms
            .percentiles
            .as_mut()
            .unwrap()
            .insert("99".into(), None);
        let p99 = t.header.iter().position(|h| h == "latency_p99_ms").unwrap();
        assert_eq!(run_table(&d).rows[0][p99], "");
    }

    #[test]
    fn several_runs_are_a_row_a_run() {
        let mut d: PointsDocument = kept("points-a.json");
        let mut r2 = run_with(7.0, 1.0, [1.0, 2.0, 6.0]);
        r2.totals.stats.latency_ms.percentiles.as_mut().unwrap().insert("99.5".into(), Some(5.0));
        d.points[1].runs.push(r2);
        let t = points_table(&d);
        assert_eq!(
            t.header[..6],
            ["clients", "threads", "run", "status", "start_epoch_s", "duration_s"]
        );
        let p: Vec<&str> =
            t.header.iter().filter(|h| h.starts_with("latency_p")).map(String::as_str).collect();
        assert_eq!(
            p,
            [
                "latency_p50_ms",
                "latency_p90_ms",
                "latency_p95_ms",
                "latency_p99_ms",
                "latency_p99.5_ms",
                "latency_p99.9_ms",
                "latency_p99.99_ms"
            ]
        );
        let firsts: Vec<String> = t.rows.iter().map(|r| r[..4].join(",")).collect();
        assert_eq!(
            firsts,
            [
                "1,1,1,completed",
                "1,1,2,completed",
                "2,2,1,completed",
                "2,2,2,completed",
                "2,2,3,completed"
            ]
        );
        let tps = t.header.iter().position(|h| h == "tps").unwrap();
        let p995 = t.header.iter().position(|h| h == "latency_p99.5_ms").unwrap();
        assert_eq!((t.rows[4][tps].as_str(), t.rows[4][p995].as_str()), ("7.0", "5.0"));
        assert_eq!(t.rows[0][p995], "", "a run without the percentile");
        assert_eq!(t.rows[0].last().map(String::as_str), Some(""), "no --reconnect");
    }

    /// Every metric of the sweep's table and of `--compare` is a column of
    /// a run's row, with the metric's value.
    #[test]
    fn the_rows_of_runs_hold_every_metric() {
        let d: PointsDocument = kept("points-a.json");
        let t = points_table(&d);
        let run = &d.points[0].runs[0];
        let names = [
            ("tps", "tps"),
            ("latency_ms.mean", "latency_mean_ms"),
            ("latency_ms.p50", "latency_p50_ms"),
            ("latency_ms.p95", "latency_p95_ms"),
            ("latency_ms.p99", "latency_p99_ms"),
            ("failed_pct", "failed_pct"),
            ("failed", "failed"),
            ("lag_ms.mean", "lag_mean_ms"),
        ];
        for m in doc::METRICS {
            let column = names
                .iter()
                .find(|n| n.0 == m.key)
                .map(|n| n.1)
                .unwrap_or_else(|| panic!("{}", m.key));
            let at =
                t.header.iter().position(|h| h == column).unwrap_or_else(|| panic!("{column}"));
            let want = (m.value)(run);
            let got: Option<f64> = t.rows[0][at].parse().ok();
            assert_eq!(got, want, "{}", m.key);
        }
    }

    #[test]
    fn a_comparison_is_a_row_a_metric_and_client_count() {
        let mut d: ComparisonDocument = kept("comparison.json");
        let t = comparison_table(&d);
        assert_eq!(t.header, COMPARISON_HEADER);
        let metrics: Vec<&str> = t.rows.iter().take(6).map(|r| r[2].as_str()).collect();
        assert_eq!(
            metrics,
            [
                "tps",
                "latency_ms.mean",
                "latency_ms.p50",
                "latency_ms.p95",
                "latency_ms.p99",
                "failed_pct"
            ]
        );
        assert!(t.rows.iter().all(|r| r[15] == "too few runs"));
        let tps = d.points[0].metrics.get_mut("tps").unwrap();
        tps.too_few = false;
        tps.significant = true;
        assert_eq!(comparison_table(&d).rows[0][15], "better");
        let tps = d.points[0].metrics.get_mut("tps").unwrap();
        tps.significant = false;
        assert_eq!(comparison_table(&d).rows[0][15], "not significant");
    }

    /// The names in the first column of the tables of `schema/csv.md`'s
    /// section `heading`.
    fn documented(heading: &str) -> Vec<String> {
        let text = include_str!("../../schema/csv.md");
        let mut lines = text.lines().skip_while(|l| !l.starts_with(heading));
        assert!(lines.next().is_some(), "schema/csv.md has no {heading:?}");
        lines
            .take_while(|l| !l.starts_with("## "))
            .filter_map(|l| l.strip_prefix("| "))
            .filter_map(|l| l.split(" |").next())
            .filter(|c| *c != "column" && !c.starts_with('-'))
            .map(|c| c.trim_matches('`').to_string())
            .collect()
    }

    /// schema/csv.md documents every column of each table, in order.
    #[test]
    fn the_columns_are_documented() {
        let stats = stats_header(&["Q".to_string()]);
        assert_eq!(documented("## STATS"), stats);
        let with_stats = |head: &[&str], tail: &[&str]| -> Vec<String> {
            let mut all: Vec<String> = head.iter().map(|c| (*c).to_string()).collect();
            all.push("STATS".into());
            all.extend(tail.iter().map(|c| (*c).to_string()));
            all
        };
        assert_eq!(documented("## A run"), with_stats(&RUN_HEAD, &RUN_TAIL));
        assert_eq!(documented("## Several runs"), with_stats(&RUNS_HEAD, &RUNS_TAIL));
        assert_eq!(documented("## A comparison"), COMPARISON_HEADER);
    }

    #[test]
    fn fields_are_quoted_as_rfc_4180_says() {
        let t = Table {
            header: vec!["a".into(), "b".into()],
            rows: vec![vec!["x,y".into(), "say \"hi\"\n".into()]],
        };
        assert_eq!(text(&t), "a,b\r\n\"x,y\",\"say \"\"hi\"\"\n\"\r\n");
    }
}
