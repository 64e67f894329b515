//! The sampler's findings in the reports: the `server statistics`
//! section of the text report, the JSON report's `server` object, and
//! pg_stat_statements' changes over the run.

use std::fmt::Write as _;

use serde_json::{Map, Value, json};

use super::{ServerStats, WAIT_HZ};

/// The statements' changes between two readings of pg_stat_statements
/// (`base` none: since the server counted them): those called during
/// the run, by total time, with the mean time of the run's calls.
pub(super) fn statement_changes(now: &Value, base: Option<&Value>) -> Vec<Value> {
    let empty = Vec::new();
    let before = base.and_then(Value::as_array).unwrap_or(&empty);
    let id = |v: &Value| {
        (v.get("userid").cloned(), v.get("queryid").cloned(), v.get("toplevel").cloned())
    };
    let mut out = Vec::new();
    for row in now.as_array().unwrap_or(&empty) {
        let prev = before.iter().find(|p| id(p) == id(row));
        let int = |v: Option<&Value>, k: &str| {
            v.and_then(|v| v.get(k)).and_then(Value::as_i64).unwrap_or(0)
        };
        let float = |v: Option<&Value>, k: &str| {
            v.and_then(|v| v.get(k)).and_then(Value::as_f64).unwrap_or(0.0)
        };
        let calls = int(Some(row), "calls") - int(prev, "calls");
        if calls <= 0 {
            continue;
        }
        let total = float(Some(row), "total_exec_time") - float(prev, "total_exec_time");
        let round = |x: f64| (x * 1000.0).round() / 1000.0;
        #[allow(clippy::cast_precision_loss)]
        let mean = total / calls as f64;
        let mut o = Map::new();
        o.insert("queryid".into(), row.get("queryid").cloned().unwrap_or(Value::Null));
        if let Some(t) = row.get("toplevel") {
            o.insert("toplevel".into(), t.clone());
        }
        o.insert("query".into(), row.get("query").cloned().unwrap_or(Value::Null));
        o.insert("calls".into(), json!(calls));
        o.insert("total_exec_time".into(), json!(round(total)));
        o.insert("mean_exec_time".into(), json!(round(mean)));
        for k in ["rows", "shared_blks_hit", "shared_blks_read"] {
            o.insert(k.into(), json!(int(Some(row), k) - int(prev, k)));
        }
        out.push(Value::Object(o));
    }
    out.sort_by(|a, b| {
        let t = |v: &Value| v["total_exec_time"].as_f64().unwrap_or(0.0);
        t(b).total_cmp(&t(a))
    });
    out
}

/// The sum over the samples of one counter of a single-row view.
fn total(s: &ServerStats, view: &str, key: &str) -> Option<f64> {
    let mut seen = false;
    let mut sum = 0.0;
    for sample in &s.samples {
        if let Some(x) = sample.views.get(view).and_then(|v| v.get(key)).and_then(Value::as_f64) {
            seen = true;
            sum += x;
        }
    }
    seen.then_some(sum)
}

/// A line of the sums of `keys` over every row of a view of several
/// rows in every sample (none when the view was not read).
fn rows_line(s: &ServerStats, view: &str, keys: &[&str]) -> String {
    let mut sums = vec![0.0; keys.len()];
    let mut seen = false;
    for sample in &s.samples {
        for row in sample.views.get(view).and_then(Value::as_array).into_iter().flatten() {
            seen = true;
            for (sum, k) in sums.iter_mut().zip(keys) {
                *sum += row.get(*k).and_then(Value::as_f64).unwrap_or(0.0);
            }
        }
    }
    if !seen && !s.samples.iter().any(|x| x.views.get(view).is_some_and(Value::is_array)) {
        return String::new();
    }
    let parts: Vec<String> = keys.iter().zip(&sums).map(|(k, v)| format!("{k} {v}")).collect();
    format!("{view}: {}\n", parts.join(", "))
}

/// The largest value of a gauge of a standby over the samples.
fn standby_max(s: &ServerStats, name: &Value, key: &str) -> Option<f64> {
    s.samples
        .iter()
        .filter_map(|x| x.views.get("pg_stat_replication").and_then(Value::as_array))
        .flatten()
        .filter(|r| r.get("application_name") == Some(name))
        .filter_map(|r| r.get(key).and_then(Value::as_f64))
        .reduce(f64::max)
}

/// The `server statistics` section of the text report.
#[allow(clippy::cast_precision_loss)]
pub(crate) fn text(s: &ServerStats, seconds: f64) -> String {
    let mut o = String::new();
    let _ = writeln!(
        o,
        "server statistics (every {} s, wait events {WAIT_HZ} times a second):",
        s.interval_s
    );
    let _ = writeln!(o, "server version: {}", s.server_version);
    let _ = writeln!(o, "samples: {}", s.samples.len());
    let num = |v: &str, k: &str| total(s, v, k).map_or_else(|| "-".into(), |x| format!("{x}"));
    let db = "pg_stat_database";
    let _ = writeln!(
        o,
        "{db}: xact_commit {}, xact_rollback {}, blks_read {}, blks_hit {}, tup_inserted {}, tup_updated {}, tup_deleted {}, temp_bytes {}, deadlocks {}, conflicts {}",
        num(db, "xact_commit"),
        num(db, "xact_rollback"),
        num(db, "blks_read"),
        num(db, "blks_hit"),
        num(db, "tup_inserted"),
        num(db, "tup_updated"),
        num(db, "tup_deleted"),
        num(db, "temp_bytes"),
        num(db, "deadlocks"),
        num(db, "conflicts"),
    );
    if let (Some(hit), Some(read)) = (total(s, db, "blks_hit"), total(s, db, "blks_read")) {
        if hit + read > 0.0 {
            let _ = writeln!(o, "buffer hit ratio: {:.3} %", 100.0 * hit / (hit + read));
        }
    }
    match total(s, "pg_stat_wal", "wal_bytes") {
        Some(bytes) => {
            let rate = if seconds > 0.0 { bytes / seconds } else { 0.0 };
            let _ = writeln!(
                o,
                "pg_stat_wal: wal_records {}, wal_fpi {}, wal_bytes {bytes} ({rate:.0} bytes/s), wal_buffers_full {}",
                num("pg_stat_wal", "wal_records"),
                num("pg_stat_wal", "wal_fpi"),
                num("pg_stat_wal", "wal_buffers_full"),
            );
        }
        None => o.push_str("pg_stat_wal: not read\n"),
    }
    let spans: Vec<String> =
        s.checkpoints.iter().map(|c| format!("{:.3}-{:.3} s", c.start, c.end)).collect();
    let _ = writeln!(
        o,
        "checkpoints: {}{}",
        s.checkpoints.len(),
        if spans.is_empty() { String::new() } else { format!(" (at {})", spans.join(", ")) }
    );
    o.push_str(&rows_line(
        s,
        "pg_stat_io",
        &["reads", "writes", "extends", "hits", "evictions", "fsyncs"],
    ));
    o.push_str(&rows_line(
        s,
        "pg_stat_user_tables",
        &["vacuum_count", "autovacuum_count", "analyze_count", "autoanalyze_count"],
    ));
    let vacuuming = s
        .samples
        .iter()
        .filter(|x| {
            x.views
                .get("pg_stat_progress_vacuum")
                .and_then(Value::as_array)
                .is_some_and(|v| !v.is_empty())
        })
        .count();
    if vacuuming > 0 {
        let _ = writeln!(o, "vacuum in progress at the end of {vacuuming} intervals");
    }
    let mut standbys: Vec<Value> = Vec::new();
    for r in
        s.samples.iter().filter_map(|x| x.views.get("pg_stat_replication")?.as_array()).flatten()
    {
        if let Some(n) = r.get("application_name") {
            if !standbys.contains(n) {
                standbys.push(n.clone());
            }
        }
    }
    for n in &standbys {
        let ms = |k| {
            standby_max(s, n, k).map_or_else(|| "-".into(), |x| format!("{:.3} ms", 1000.0 * x))
        };
        let _ = writeln!(
            o,
            "standby {n}: max write lag {}, flush lag {}, replay lag {}, max replay bytes behind {}",
            ms("write_lag"),
            ms("flush_lag"),
            ms("replay_lag"),
            standby_max(s, n, "replay_bytes_behind").map_or_else(|| "-".into(), |x| format!("{x}")),
        );
    }
    let mut waits: std::collections::BTreeMap<&str, u64> = std::collections::BTreeMap::new();
    for sample in &s.samples {
        for (k, n) in &sample.wait_events {
            *waits.entry(k.as_str()).or_insert(0) += n;
        }
    }
    let all: u64 = waits.values().sum();
    let mut ranked: Vec<(&str, u64)> = waits.into_iter().collect();
    ranked.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(b.0)));
    let shown: Vec<String> = ranked
        .iter()
        .take(8)
        .map(|(k, n)| format!("{k} {:.1} %", 100.0 * *n as f64 / all as f64))
        .collect();
    let shown = if shown.is_empty() { "none".to_string() } else { shown.join(", ") };
    let _ = writeln!(o, "wait events of the run's backends ({all} samples): {shown}");
    match &s.statements {
        Some(list) => {
            let _ = writeln!(o, "statements (pg_stat_statements, by total time):");
            for st in list.iter().take(10) {
                let query: String = st["query"]
                    .as_str()
                    .unwrap_or("")
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" ");
                let query: String = query.chars().take(60).collect();
                let _ = writeln!(
                    o,
                    "  calls {} total {:.3} ms mean {:.3} ms rows {}: {query}",
                    st["calls"],
                    st["total_exec_time"].as_f64().unwrap_or(0.0),
                    st["mean_exec_time"].as_f64().unwrap_or(0.0),
                    st["rows"],
                );
            }
        }
        None => {
            let why = s.notes.get("statements").map_or("", String::as_str);
            let _ = writeln!(o, "statements: not available ({why})");
        }
    }
    if let Some(set) = &s.settings {
        let list: Vec<String> = set.iter().map(|(k, v)| format!("{k}={v}")).collect();
        let _ = writeln!(o, "settings differing from their defaults: {}", list.join(", "));
    }
    for (what, why) in &s.notes {
        if what != "statements" {
            let _ = writeln!(o, "not read: {what} ({why})");
        }
    }
    o
}

#[cfg(test)]
mod tests {
    use super::super::{Checkpoint, Sample};
    use super::*;
    use std::collections::BTreeMap;

    fn sample(t: f64, commits: i64, hit: i64, read: i64, waits: &[(&str, u64)]) -> Sample {
        let mut views = Map::new();
        views.insert(
            "pg_stat_database".into(),
            json!({"xact_commit": commits, "xact_rollback": 0, "blks_hit": hit, "blks_read": read}),
        );
        views.insert(
            "pg_stat_wal".into(),
            json!({"wal_records": 10, "wal_fpi": 1, "wal_bytes": 1000, "wal_buffers_full": 0}),
        );
        views.insert("pg_stat_io".into(), Value::Null);
        views.insert(
            "pg_stat_replication".into(),
            json!([{"application_name": "s1", "write_lag": t / 1000.0, "flush_lag": 0.002, "replay_lag": 0.003, "replay_bytes_behind": 100}]),
        );
        Sample {
            t,
            views,
            wait_events: waits.iter().map(|(k, n)| ((*k).to_string(), *n)).collect(),
        }
    }

    #[test]
    fn the_text_section() {
        let s = ServerStats {
            interval_s: 1,
            server_version: "17.5".into(),
            samples: vec![
                sample(1.0, 10, 90, 10, &[("CPU", 3), ("Timeout:PgSleep", 15)]),
                sample(2.0, 20, 99, 1, &[("Timeout:PgSleep", 2)]),
            ],
            checkpoints: vec![Checkpoint { start: 1.25, end: 1.5 }],
            statements: None,
            settings: Some(BTreeMap::from([("fsync".to_string(), "off".to_string())])),
            notes: BTreeMap::from([
                ("statements".to_string(), "not installed".to_string()),
                ("pg_stat_io".to_string(), "no such view".to_string()),
            ]),
            own_commits: 5,
            own_rollbacks: 0,
        };
        assert_eq!(
            text(&s, 2.0),
            "server statistics (every 1 s, wait events 10 times a second):
server version: 17.5
samples: 2
pg_stat_database: xact_commit 30, xact_rollback 0, blks_read 11, blks_hit 189, tup_inserted -, tup_updated -, tup_deleted -, temp_bytes -, deadlocks -, conflicts -
buffer hit ratio: 94.500 %
pg_stat_wal: wal_records 20, wal_fpi 2, wal_bytes 2000 (1000 bytes/s), wal_buffers_full 0
checkpoints: 1 (at 1.250-1.500 s)
standby \"s1\": max write lag 2.000 ms, flush lag 2.000 ms, replay lag 3.000 ms, max replay bytes behind 100
wait events of the run's backends (20 samples): Timeout:PgSleep 85.0 %, CPU 15.0 %
statements: not available (not installed)
settings differing from their defaults: fsync=off
not read: pg_stat_io (no such view)
"
        );
    }
}
