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

use serde_json::Value;

use super::doc::fields::{self, BadField};
use super::doc::{self, Kind};
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

/// A column of a set of transactions (a second of a run, a run of
/// several): its name and its path in the document's stats object.
type Column = (&'static str, &'static [&'static str]);

/// The columns of a set of transactions before its latency percentiles.
const STATS_HEAD: &[Column] = &[
    ("transactions", &["transactions"]),
    ("tps", &["tps"]),
    ("latency_mean_ms", &["latency_ms", "mean"]),
    ("latency_stddev_ms", &["latency_ms", "stddev"]),
    ("latency_min_ms", &["latency_ms", "min"]),
];

/// The columns of a set of transactions after its latency percentiles.
const STATS_TAIL: &[Column] = &[
    ("latency_max_ms", &["latency_ms", "max"]),
    ("failed", &["failed"]),
    ("failed_pct", &["failed_pct"]),
    ("serialization_failures", &["failures", "serialization"]),
    ("deadlock_failures", &["failures", "deadlock"]),
    ("other_failures", &["failures", "other"]),
    ("connection_failures", &["failures", "connection"]),
    ("commit_unknown", &["failures", "commit_unknown"]),
    ("retried", &["retried"]),
    ("retries", &["retries"]),
    ("skipped", &["skipped"]),
    ("lag_mean_ms", &["lag_ms", "mean"]),
    ("lag_stddev_ms", &["lag_ms", "stddev"]),
    ("lag_max_ms", &["lag_ms", "max"]),
];

/// A JSON value as a cell: a number as the document writes it, a text as
/// it is, true or false, null as an empty cell.
fn cell(v: &Value) -> String {
    match v {
        Value::Null => String::new(),
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// A number as a cell, written as the documents write numbers.
fn number_cell(x: f64) -> String {
    cell(&serde_json::json!(x))
}

/// The keys of a percentiles object (`"50"`, `"99.9"`), in increasing
/// order of their values.
fn percentile_keys(v: &Value) -> Vec<String> {
    let mut keys: Vec<(f64, String)> = v
        .as_object()
        .into_iter()
        .flatten()
        .filter_map(|(k, _)| Some((k.parse::<f64>().ok()?, k.clone())))
        .collect();
    keys.sort_by(|a, b| a.0.total_cmp(&b.0));
    keys.into_iter().map(|k| k.1).collect()
}

/// The percentiles of `stats` objects: every key any of them has, in
/// increasing order.
fn percentiles_of<'a>(stats: impl Iterator<Item = &'a Value>) -> Vec<String> {
    let mut all: Vec<(f64, String)> = Vec::new();
    for s in stats {
        for k in percentile_keys(fields::at(s, &["latency_ms", "percentiles"])) {
            if !all.iter().any(|(_, have)| *have == k) {
                all.push((k.parse::<f64>().unwrap_or(0.0), k));
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

/// The cells of the stats object `s`, as [`stats_header`] names them.
fn stats_cells(s: &Value, pcts: &[String]) -> Vec<String> {
    let mut row: Vec<String> = STATS_HEAD.iter().map(|c| cell(fields::at(s, c.1))).collect();
    let at = fields::at(s, &["latency_ms", "percentiles"]);
    row.extend(pcts.iter().map(|p| cell(&at[p.as_str()])));
    row.extend(STATS_TAIL.iter().map(|c| cell(fields::at(s, c.1))));
    row
}

/// Seconds as integer µs (documents write times as seconds with µs).
#[allow(clippy::cast_possible_truncation)]
fn us(seconds: f64) -> i64 {
    (seconds * 1e6).round() as i64
}

/// The outages of a run's document as (start, end) µs, an outage not over
/// at the end ending with the run; None: a run without `--reconnect`.
fn outage_spans(run: &Value) -> Result<Option<Vec<(i64, i64)>>, BadField> {
    let list = fields::at(run, &["outages"]);
    if list.is_null() {
        return Ok(None);
    }
    let end_us = fields::int(run, &["end_time_us"])?;
    let mut spans = Vec::new();
    for o in fields::list(run, &["outages"])? {
        let start = us(fields::num(o, &["start"])?);
        let end = fields::at(o, &["end"]).as_f64().map_or(end_us, us);
        spans.push((start, end));
    }
    Ok(Some(spans))
}

/// A run's table: one row a second.
fn run_table(run: &Value) -> Result<Table, BadField> {
    let intervals = fields::list(run, &["progress", "intervals"])?;
    let pcts =
        percentiles_of(std::iter::once(fields::at(run, &["totals"])).chain(intervals.iter()));
    let mut header: Vec<String> = RUN_HEAD.map(String::from).to_vec();
    header.extend(stats_header(&pcts));
    header.extend(RUN_TAIL.map(String::from));
    let origin_us = fields::int(run, &["progress", "start_time_us"])?;
    let outages = outage_spans(run)?;
    let mut rows = Vec::with_capacity(intervals.len());
    for iv in intervals {
        let index = fields::int(iv, &["index"])?;
        let mut row = vec![cell(&iv["index"]), cell(&iv["start_time"]), cell(&iv["duration_s"])];
        row.extend(stats_cells(iv, &pcts));
        // The part of the second within an outage, s.
        let start = origin_us + index * 1_000_000;
        let end = start + us(fields::num(iv, &["duration_s"])?);
        row.push(outages.as_ref().map_or(String::new(), |spans| {
            let within: i64 = spans.iter().map(|&(a, b)| (b.min(end) - a.max(start)).max(0)).sum();
            #[allow(clippy::cast_precision_loss)]
            number_cell(within as f64 / 1e6)
        }));
        rows.push(row);
    }
    Ok(Table { header, rows })
}

/// The table of several runs: one row a run.
fn points_table(points_doc: &Value) -> Result<Table, BadField> {
    let points = fields::list(points_doc, &["points"])?;
    let mut runs: Vec<(&Value, usize, &Value)> = Vec::new();
    for p in points {
        for (i, r) in fields::list(p, &["runs"])?.iter().enumerate() {
            runs.push((p, i + 1, r));
        }
    }
    let pcts = percentiles_of(runs.iter().map(|r| fields::at(r.2, &["totals"])));
    let mut header: Vec<String> = RUNS_HEAD.map(String::from).to_vec();
    header.extend(stats_header(&pcts));
    header.extend(RUNS_TAIL.map(String::from));
    let mut rows = Vec::with_capacity(runs.len());
    for (p, number, r) in runs {
        let totals = fields::at(r, &["totals"]);
        let mut row = vec![
            cell(&p["clients"]),
            cell(&p["threads"]),
            number.to_string(),
            cell(&r["status"]),
            cell(&r["start_time"]),
            cell(&totals["duration_s"]),
        ];
        row.extend(stats_cells(totals, &pcts));
        row.push(r["outages"].as_array().map_or(String::new(), |o| o.len().to_string()));
        rows.push(row);
    }
    Ok(Table { header, rows })
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
fn verdict(m: &Value) -> Result<&'static str, BadField> {
    if m["too_few"].as_bool() == Some(true) {
        return Ok("too few runs");
    }
    if m["significant"].as_bool() != Some(true) {
        return Ok("not significant");
    }
    let base = fields::num(m, &["base", "median"])?;
    let new = fields::num(m, &["new", "median"])?;
    let higher_is_better = fields::text(m, &["better"])? == "higher";
    Ok(match new.partial_cmp(&base) {
        Some(std::cmp::Ordering::Greater) if higher_is_better => "better",
        Some(std::cmp::Ordering::Less) if !higher_is_better => "better",
        Some(std::cmp::Ordering::Equal) | None => "different",
        Some(_) => "worse",
    })
}

/// A comparison's table: one row a metric of each client count, the
/// metrics in `--compare`'s order.
fn comparison_table(c: &Value) -> Result<Table, BadField> {
    let header = COMPARISON_HEADER.map(String::from).to_vec();
    let mut rows = Vec::new();
    for p in fields::list(c, &["points"])? {
        let metrics = fields::at(p, &["metrics"])
            .as_object()
            .ok_or_else(|| BadField("points.metrics".into()))?;
        let known = doc::compared().map(|m| m.key);
        let others = metrics.keys().map(String::as_str).filter(|k| doc::metric_of(k).is_none());
        for key in known.chain(others) {
            let Some(m) = metrics.get(key) else { continue };
            let ci = |i: usize| cell(&m["ci_pct"][i]);
            rows.push(vec![
                cell(&p["clients"]),
                cell(&p["threads"]),
                key.to_string(),
                cell(&m["better"]),
                cell(&m["base"]["median"]),
                cell(&m["new"]["median"]),
                cell(&m["base"]["n"]),
                cell(&m["new"]["n"]),
                cell(&m["change_pct"]),
                ci(0),
                ci(1),
                cell(&m["p_value"]),
                cell(&m["method"]),
                cell(&m["significant"]),
                cell(&m["too_few"]),
                verdict(m)?.to_string(),
            ]);
        }
    }
    Ok(Table { header, rows })
}

/// The table of a document of any kind (a field it lacks: its name).
pub(crate) fn table(d: &Value) -> Result<Table, BadField> {
    match Kind::of(d) {
        Some(Kind::Run) => run_table(d),
        Some(Kind::Points) => points_table(d),
        Some(Kind::Comparison) => comparison_table(d),
        None => Err(BadField("format".into())),
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
pub(crate) fn save(path: &str, d: &Value) -> Written {
    match table(d) {
        Ok(t) => super::files::save(path, |out| write_csv(out, &t)),
        Err(BadField(field)) => {
            crate::log::error!(
                "could not write report file \"{path}\": the document has no \"{field}\", or it is not what it should be"
            );
            Written::NotAll
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn text(t: &Table) -> String {
        let mut out = Vec::new();
        write_csv(&mut out, t).unwrap();
        String::from_utf8(out).unwrap()
    }

    fn stats(tps: f64, p99: Value) -> Value {
        json!({"transactions": 10, "tps": tps, "failed": 0, "failed_pct": 0.0,
            "failures": {"serialization": 0, "deadlock": 0, "other": 0, "connection": 1,
                "commit_unknown": 0},
            "retried": 0, "retries": 0, "skipped": 0, "lag_ms": null,
            "latency_ms": {"mean": 1.5, "stddev": 0.25, "min": 1.0, "max": 4.0,
                "percentiles": {"99.9": 3.5, "50": 1.25, "99": p99}}})
    }

    fn run() -> Value {
        let mut d = Value::Object(Kind::Run.header());
        d["end_time_us"] = json!(1_002_500_000);
        d["totals"] = stats(4.0, json!(3.0));
        let second = |index: i64, duration: f64, p99: Value| {
            let mut s = stats(5.0, p99);
            s["index"] = json!(index);
            s["start_time"] = json!(1000.0 + index as f64);
            s["duration_s"] = json!(duration);
            s
        };
        d["progress"] = json!({"start_time": 1000.0, "start_time_us": 1_000_000_000,
            "intervals": [second(0, 1.0, json!(2.0)), second(1, 1.0, Value::Null),
                second(2, 0.5, json!(0.125))]});
        d
    }

    #[test]
    fn a_run_is_a_row_a_second() {
        let mut d = run();
        let t = table(&d).unwrap();
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
                "latency_p99_ms",
                "latency_p99.9_ms",
                "latency_max_ms"
            ]
        );
        assert_eq!(t.header.last().map(String::as_str), Some("outage_s"));
        assert_eq!(t.rows.len(), 3);
        assert!(t.rows.iter().all(|r| r.len() == t.header.len()));
        let csv = text(&t);
        let lines: Vec<&str> = csv.split("\r\n").collect();
        assert_eq!(lines.len(), 5, "{csv:?}");
        assert_eq!(lines[4], "");
        assert!(lines[1].starts_with("0,1000.0,1.0,10,5.0,1.5,0.25,1.0,1.25,2.0,3.5,4.0,0,"));
        // No p99 that second, no lag, no outages (no --reconnect).
        assert!(lines[2].starts_with("1,1001.0,1.0,10,5.0,1.5,0.25,1.0,1.25,,3.5,4.0,0,"));
        assert!(lines[2].ends_with(",0,0,0,,,,"), "{}", lines[2]);
        // With --reconnect: the part of each second in an outage, the last
        // one until the end of the run.
        d["outages"] = json!([{"start": 1000.75, "end": 1001.5}, {"start": 1002.25, "end": null}]);
        let t = table(&d).unwrap();
        let outage: Vec<&str> = t.rows.iter().map(|r| r.last().unwrap().as_str()).collect();
        assert_eq!(outage, ["0.25", "0.5", "0.25"]);
    }

    #[test]
    fn several_runs_are_a_row_a_run() {
        let mut r1 = run();
        r1["status"] = json!("completed");
        r1["start_time"] = json!(1000.0);
        r1["totals"]["duration_s"] = json!(2.5);
        let mut r2 = r1.clone();
        r2["totals"] = stats(7.0, json!(6.0));
        r2["totals"]["latency_ms"]["percentiles"]["95"] = json!(5.0);
        let mut d = Value::Object(Kind::Points.header());
        d["points"] = json!([{"clients": 1, "threads": 1, "runs": [r1]},
            {"clients": 64, "threads": 2, "runs": [r1, r2]}]);
        let t = table(&d).unwrap();
        assert_eq!(
            t.header[..6],
            ["clients", "threads", "run", "status", "start_epoch_s", "duration_s"]
        );
        let p: Vec<&str> =
            t.header.iter().filter(|h| h.starts_with("latency_p")).map(String::as_str).collect();
        assert_eq!(p, ["latency_p50_ms", "latency_p95_ms", "latency_p99_ms", "latency_p99.9_ms"]);
        let firsts: Vec<String> = t.rows.iter().map(|r| r[..3].join(",")).collect();
        assert_eq!(firsts, ["1,1,1", "64,2,1", "64,2,2"]);
        let tps = t.header.iter().position(|h| h == "tps").unwrap();
        let p95 = t.header.iter().position(|h| h == "latency_p95_ms").unwrap();
        assert_eq!((t.rows[2][tps].as_str(), t.rows[2][p95].as_str()), ("7.0", "5.0"));
        assert_eq!(t.rows[0][p95], "", "a run without the percentile");
        assert_eq!(t.rows[0].last().map(String::as_str), Some(""), "no --reconnect");
    }

    /// Every metric of the sweep's table and of `--compare` is a column of
    /// a run's row.
    #[test]
    fn the_rows_of_runs_hold_every_metric() {
        let pcts: Vec<String> = ["50", "95", "99"].map(String::from).to_vec();
        let header = stats_header(&pcts);
        for m in doc::METRICS {
            let path = &m.path[1..];
            let found = STATS_HEAD.iter().chain(STATS_TAIL).any(|c| c.1 == path)
                || (path.len() == 3 && header.contains(&format!("latency_p{}_ms", path[2])));
            assert!(found, "{}", m.key);
        }
    }

    #[test]
    fn a_comparison_is_a_row_a_metric_and_client_count() {
        let side = |median: f64| json!({"median": median, "n": 5, "values": [median]});
        let metric = |better: &str, base: f64, new: f64, significant: bool| {
            json!({"base": side(base), "new": side(new), "change_pct": 100.0 * (new / base - 1.0),
                "ci_pct": [1.0, 2.5], "p_value": 0.0079, "method": "exact",
                "significant": significant, "too_few": false, "better": better})
        };
        let mut d = Value::Object(Kind::Comparison.header());
        d["points"] = json!([{"clients": 8, "threads": 2, "metrics": {
            "tps": metric("higher", 100.0, 110.0, true),
            "latency_ms.p99": metric("lower", 2.0, 2.5, true),
            "latency_ms.mean": metric("lower", 2.0, 1.0, false)}}]);
        let t = table(&d).unwrap();
        assert_eq!(t.header, COMPARISON_HEADER);
        let csv = text(&t);
        assert_eq!(
            csv,
            "clients,threads,metric,better,base_median,new_median,base_runs,new_runs,change_pct,\
             ci_low_pct,ci_high_pct,p_value,method,significant,too_few,verdict\r\n\
             8,2,tps,higher,100.0,110.0,5,5,10.000000000000009,1.0,2.5,0.0079,exact,true,false,better\r\n\
             8,2,latency_ms.mean,lower,2.0,1.0,5,5,-50.0,1.0,2.5,0.0079,exact,false,false,not significant\r\n\
             8,2,latency_ms.p99,lower,2.0,2.5,5,5,25.0,1.0,2.5,0.0079,exact,true,false,worse\r\n"
        );
        d["points"][0]["metrics"]["tps"]["too_few"] = json!(true);
        assert_eq!(table(&d).unwrap().rows[0][15], "too few runs");
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
        assert!(table(&json!({"format": "x"})).is_err());
        assert!(table(&Value::Object(Kind::Run.header())).is_err());
    }
}
