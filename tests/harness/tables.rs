//! The CSV reports (`--report-csv`) read back with a CSV reader (the
//! `csv` crate) and compared cell by cell with the JSON document of the
//! same run, sweep or comparison: `check_run_table`, `check_points_table`,
//! `check_comparison_table`. Where a column's value is in the document is
//! worked out here from the column's name, on its own: a cell must hold
//! the document's number (the same value once parsed), and be empty where
//! the document has null.

use serde_json::Value;

/// A CSV text as its header and rows, read by the `csv` crate; checks
/// that it is RFC 4180's shape: every line ends with CRLF, every row has
/// the header's width.
pub(crate) fn read(text: &str) -> (Vec<String>, Vec<Vec<String>>) {
    assert!(text.ends_with("\r\n"), "the last line does not end with CRLF: {text:?}");
    assert!(!text.replace("\r\n", "").contains('\n'), "a line ends with LF alone");
    let mut reader = csv::ReaderBuilder::new().has_headers(true).from_reader(text.as_bytes());
    let header: Vec<String> =
        reader.headers().expect("a header row").iter().map(String::from).collect();
    let rows: Vec<Vec<String>> = reader
        .records()
        .map(|r| r.expect("a CSV row").iter().map(String::from).collect())
        .collect();
    for (i, r) in rows.iter().enumerate() {
        assert_eq!(r.len(), header.len(), "row {i} has {} cells: {r:?}", r.len());
    }
    (header, rows)
}

/// Whether `cell` holds `v`: the same number, text or truth value, or
/// nothing for null.
fn holds(cell: &str, v: &Value) -> bool {
    match v {
        Value::Null => cell.is_empty(),
        Value::Bool(b) => cell == b.to_string(),
        Value::String(s) => cell == s,
        Value::Number(n) => match n.as_i64() {
            Some(i) => cell.parse::<i64>().ok() == Some(i),
            None => cell.parse::<f64>().ok() == n.as_f64(),
        },
        _ => false,
    }
}

/// Where a column of a set of transactions (a second, a run's totals) is
/// in the document's stats object, from its name: `latency_p99_ms` is
/// `latency_ms.percentiles.99`, `lag_mean_ms` `lag_ms.mean`,
/// `deadlock_failures` `failures.deadlock`, `tps` `tps`.
fn stats_value<'a>(s: &'a Value, column: &str) -> &'a Value {
    if let Some(q) = column.strip_prefix("latency_p").and_then(|r| r.strip_suffix("_ms")) {
        return &s["latency_ms"]["percentiles"][q];
    }
    for d in ["latency", "lag"] {
        if let Some(what) =
            column.strip_prefix(&format!("{d}_")).and_then(|r| r.strip_suffix("_ms"))
        {
            return &s[format!("{d}_ms")][what];
        }
    }
    if let Some(kind) = column.strip_suffix("_failures") {
        return &s["failures"][kind];
    }
    if column == "commit_unknown" {
        return &s["failures"]["commit_unknown"];
    }
    let plain = ["transactions", "tps", "failed", "failed_pct", "retried", "retries", "skipped"];
    assert!(plain.contains(&column), "a column of unknown meaning: {column}");
    &s[column]
}

/// Compares a row with what the document says (`value` of each column;
/// None: a column checked otherwise), naming the row and the column of a
/// difference.
fn check_row(what: &str, header: &[String], row: &[String], value: impl Fn(&str) -> Option<Value>) {
    for (h, cell) in header.iter().zip(row) {
        let Some(want) = value(h) else { continue };
        assert!(holds(cell, &want), "{what}, column {h}: {cell:?} in the CSV, {want} in the JSON");
    }
}

/// The part of the second `iv` within the outages of `run`, s (null
/// without `--reconnect`): an outage not over lasts until the run's end.
fn outage_within(run: &Value, iv: &Value) -> Option<f64> {
    let outages = run["outages"].as_array()?;
    let start = iv["start_time"].as_f64().expect("start_time");
    let end = start + iv["duration_s"].as_f64().expect("duration_s");
    let run_end = run["end_time"].as_f64().expect("end_time");
    let within = outages.iter().map(|o| {
        let from = o["start"].as_f64().expect("an outage's start");
        let to = o["end"].as_f64().unwrap_or(run_end);
        (to.min(end) - from.max(start)).max(0.0)
    });
    Some(within.sum())
}

/// Checks a run's CSV (`text`) against its document: a row a second of
/// `progress.intervals`, in order.
pub(crate) fn check_run_table(text: &str, run: &Value) {
    let (header, rows) = read(text);
    let intervals = run["progress"]["intervals"].as_array().expect("intervals");
    assert_eq!(rows.len(), intervals.len(), "a row a second");
    for (i, (row, iv)) in rows.iter().zip(intervals).enumerate() {
        let at = |h: &str| {
            Some(match h {
                "second" => iv["index"].clone(),
                "start_epoch_s" => iv["start_time"].clone(),
                "duration_s" => iv["duration_s"].clone(),
                // Computed from the outages (below), to the µs.
                "outage_s" => return None,
                other => stats_value(iv, other).clone(),
            })
        };
        check_row(&format!("second {i}"), &header, row, at);
        let outage = header.iter().position(|h| h == "outage_s").expect("an outage_s column");
        match outage_within(run, iv) {
            None => assert_eq!(row[outage], "", "second {i}: an outage without --reconnect"),
            Some(s) => {
                let cell: f64 = row[outage].parse().expect("outage_s is a number");
                assert!((cell - s).abs() < 2e-6, "second {i}: outage_s {cell}, the JSON's {s}");
            }
        }
    }
}

/// Checks the CSV of several runs (`--repeat`, `--sweep-clients`) against
/// their document: a row a run, point by point, in order.
pub(crate) fn check_points_table(text: &str, doc: &Value) {
    let (header, rows) = read(text);
    let mut runs: Vec<(&Value, usize, &Value)> = Vec::new();
    for p in doc["points"].as_array().expect("points") {
        for (i, r) in p["runs"].as_array().expect("runs").iter().enumerate() {
            runs.push((p, i + 1, r));
        }
    }
    assert_eq!(rows.len(), runs.len(), "a row a run");
    for (row, (p, number, r)) in rows.iter().zip(runs) {
        let totals = &r["totals"];
        let at = |h: &str| {
            Some(match h {
                "clients" | "threads" => p[h].clone(),
                "run" => Value::from(number),
                "status" => r["status"].clone(),
                "start_epoch_s" => r["start_time"].clone(),
                "duration_s" => totals["duration_s"].clone(),
                "outages" => r["outages"].as_array().map_or(Value::Null, |o| Value::from(o.len())),
                other => stats_value(totals, other).clone(),
            })
        };
        check_row(&format!("{} clients, run {number}", p["clients"]), &header, row, at);
    }
}

/// The order `--compare` prints its metrics in.
const METRIC_ORDER: [&str; 7] = [
    "tps",
    "latency_ms.mean",
    "latency_ms.p50",
    "latency_ms.p95",
    "latency_ms.p99",
    "failed_pct",
    "lag_ms.mean",
];

/// Checks a comparison's CSV against its document: a row a metric and
/// client count, the metrics in `--compare`'s order.
pub(crate) fn check_comparison_table(text: &str, doc: &Value) {
    let (header, rows) = read(text);
    assert_eq!(
        header,
        [
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
            "verdict"
        ]
    );
    let mut want: Vec<(&Value, &str, &Value)> = Vec::new();
    for p in doc["points"].as_array().expect("points") {
        let metrics = p["metrics"].as_object().expect("metrics");
        assert!(metrics.keys().all(|k| METRIC_ORDER.contains(&k.as_str())), "{metrics:?}");
        for key in METRIC_ORDER {
            if let Some(m) = metrics.get(key) {
                want.push((p, key, m));
            }
        }
    }
    assert_eq!(rows.len(), want.len(), "a row a metric and client count");
    for (row, (p, key, m)) in rows.iter().zip(want) {
        let verdict = if m["too_few"] == true {
            "too few runs"
        } else if m["significant"] != true {
            "not significant"
        } else {
            let (b, n) = (m["base"]["median"].as_f64(), m["new"]["median"].as_f64());
            match (n > b, n < b, m["better"].as_str()) {
                (true, _, Some("higher")) | (_, true, Some("lower")) => "better",
                (false, false, _) => "different",
                _ => "worse",
            }
        };
        let at = |h: &str| {
            Some(match h {
                "clients" | "threads" => p[h].clone(),
                "metric" => Value::from(key),
                "base_median" => m["base"]["median"].clone(),
                "new_median" => m["new"]["median"].clone(),
                "base_runs" => m["base"]["n"].clone(),
                "new_runs" => m["new"]["n"].clone(),
                "ci_low_pct" => m["ci_pct"][0].clone(),
                "ci_high_pct" => m["ci_pct"][1].clone(),
                "verdict" => Value::from(verdict),
                other => m[other].clone(),
            })
        };
        check_row(&format!("{} clients, {key}", p["clients"]), &header, row, at);
    }
}
