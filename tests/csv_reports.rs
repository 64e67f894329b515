//! `--report-csv` against a real server: the CSV of a run (a row a
//! second), of `--repeat` (a row a run) and of `--compare` (a row a
//! metric), read back with a CSV reader and compared cell by cell with the
//! JSON document of the same run ([`crate::harness::tables`]); `--merge`
//! of one document writes the same table; `--report-csv` alone records
//! the latency distributions the table needs. (The sweep's CSV is
//! checked with the sweep in `comparisons`.)

use serde_json::Value;

use crate::harness::Pgbench;
use crate::harness::bench::pgbench_db;
use crate::harness::checks::run_report;
use crate::harness::needs;
use crate::harness::runner::{Output, Status};
use crate::harness::tables::{self, check_comparison_table, check_points_table, check_run_table};

/// Runs the command line `args` (the database name added) with
/// `--report-json=r.json` and `--report-csv=r.csv`: the output, the
/// document and the table.
fn run_both(case: &str, args: &str, db: &str) -> (Output, Value, String) {
    let run = Pgbench::new(args.split_whitespace()).arg("--report-csv=r.csv").arg(db).label(case);
    let (out, doc) = run_report(case, run);
    let csv = out.read_file("r.csv");
    (out, doc, csv)
}

/// `--merge FILE --report-csv=m.csv` of the document `json`: the table.
fn converted(case: &str, json: &str) -> String {
    let out = Pgbench::no_server(["--merge", "d.json", "--report-csv=m.csv"])
        .file("d.json", json)
        .label(case)
        .run_under_test();
    assert_eq!(out.status, Status::Exit(0), "{case}: {}", out.stderr);
    assert_eq!(out.stdout, "", "{case}: a conversion prints nothing");
    out.read_file("m.csv")
}

#[test]
fn a_runs_csv_is_its_json_a_row_a_second() {
    needs!(Server);
    let db = pgbench_db("csv-run");
    let args = "-n -c 4 -j 2 -T 3 -R 400 --reconnect --failures-detailed \
                --latency-percentiles=50,99.5";
    let (out, doc, csv) = run_both("csv-run", args, &db.name);
    let (header, rows) = tables::read(&csv);
    let mut want: Vec<String> = [
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
        "latency_p99_ms",
        "latency_p99.5_ms",
        "latency_p99.9_ms",
        "latency_p99.99_ms",
        "latency_max_ms",
        "failed",
        "failed_pct",
        "serialization_failures",
        "deadlock_failures",
        "other_failures",
        "connection_failures",
        "commit_unknown",
        "retried",
        "retries",
        "skipped",
        "lag_mean_ms",
        "lag_stddev_ms",
        "lag_max_ms",
        "outage_s",
    ]
    .map(String::from)
    .to_vec();
    assert_eq!(header, want);
    // Three seconds, and the transactions in flight at the deadline.
    assert!((3..=4).contains(&rows.len()), "{} rows", rows.len());
    check_run_table(&csv, &doc);
    // Under -R the lag is there; with --reconnect and no outage, no
    // second was in one.
    let lag = header.iter().position(|h| h == "lag_mean_ms").expect("lag");
    assert!(rows.iter().all(|r| !r[lag].is_empty()), "no lag under -R");
    let outage = |r: &Vec<String>| r.last().and_then(|o| o.parse::<f64>().ok());
    assert!(rows.iter().all(|r| outage(r) == Some(0.0)), "an outage: {rows:?}");
    // The seconds add up to the run.
    let n = header.iter().position(|h| h == "transactions").expect("transactions");
    let sum: i64 = rows.iter().map(|r| r[n].parse::<i64>().expect("a count")).sum();
    assert_eq!(Some(sum), doc["totals"]["transactions"].as_i64());
    assert!(out.stdout.contains("\ntps = "));

    // The same table from the document.
    assert_eq!(converted("csv-run-converted", &out.read_file("r.json")), csv);

    // --report-csv alone: the percentiles are recorded for it, and
    // without -R nor --reconnect the lag and outage cells are empty.
    let alone = Pgbench::new(["-n", "-S", "-c", "2", "-T", "1", "--report-csv=a.csv", &db.name])
        .label("csv-alone")
        .run_under_test();
    assert_eq!(alone.status, Status::Exit(0), "{}", alone.stderr);
    assert_eq!(alone.files(), ["a.csv"]);
    let (header, rows) = tables::read(&alone.read_file("a.csv"));
    want.retain(|h| h != "latency_p99.5_ms");
    assert_eq!(header, want);
    let col = |name: &str| header.iter().position(|h| h == name).expect(name);
    let first = &rows[0];
    assert!(first[col("latency_p99_ms")].parse::<f64>().is_ok_and(|v| v > 0.0), "{first:?}");
    for empty in ["lag_mean_ms", "lag_stddev_ms", "lag_max_ms", "outage_s"] {
        assert!(rows.iter().all(|r| r[col(empty)].is_empty()), "{empty}: {rows:?}");
    }
}

/// The CSV of `--repeat` (a row a run), and of `--compare` of two such
/// sets of runs (a row a metric), against their documents; `--merge`
/// converts each document to the same table.
#[test]
fn the_csv_of_repeated_runs_and_of_their_comparison_is_their_json() {
    needs!(Server);
    let db = pgbench_db("csv-repeat");
    let args = "-n -S -c 2 -t 40 --repeat=4";
    let (_, base, base_csv) = run_both("csv-repeat-base", args, &db.name);
    let (_, new, _) = run_both("csv-repeat-new", args, &db.name);
    let (header, rows) = tables::read(&base_csv);
    assert_eq!(
        header[..8],
        [
            "clients",
            "threads",
            "run",
            "status",
            "start_epoch_s",
            "duration_s",
            "transactions",
            "tps"
        ]
    );
    let firsts: Vec<String> = rows.iter().map(|r| r[..4].join(",")).collect();
    assert_eq!(
        firsts,
        ["2,1,1,completed", "2,1,2,completed", "2,1,3,completed", "2,1,4,completed"]
    );
    check_points_table(&base_csv, &base);
    let text = |d: &Value| serde_json::to_string(d).expect("JSON");
    assert_eq!(converted("csv-repeat-converted", &text(&base)), base_csv);

    let out = Pgbench::no_server([
        "--compare",
        "base.json",
        "new.json",
        "--report-json=c.json",
        "--report-csv=c.csv",
    ])
    .file("base.json", text(&base))
    .file("new.json", text(&new))
    .label("csv-compare")
    .run_under_test();
    assert_eq!(out.status, Status::Exit(0), "{}", out.stderr);
    let cmp: Value = serde_json::from_str(&out.read_file("c.json")).expect("c.json is JSON");
    let csv = out.read_file("c.csv");
    let (_, rows) = tables::read(&csv);
    // tps, the latency's mean, p50, p95, p99 and the failed share (no lag
    // without -R), 4 runs a side.
    let metrics: Vec<&str> = rows.iter().map(|r| r[2].as_str()).collect();
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
    assert!(rows.iter().all(|r| r[6] == "4" && r[7] == "4"), "{rows:?}");
    check_comparison_table(&csv, &cmp);
    assert_eq!(converted("csv-compare-converted", &out.read_file("c.json")), csv);
}

/// What `--merge` of one document refuses: another option beside
/// `--report-csv`, a document of another schema version, a file that is
/// no report.
#[test]
fn a_conversion_takes_only_report_csv() {
    let run = r#"{"format": "pgbench-rs report", "schema_version": 1, "shard": null}"#;
    let later = r#"{"format": "pgbench-rs points", "schema_version": 2, "points": []}"#;
    let cases: [(&[&str], &str, &str); 4] = [
        (
            &["--merge", "d.json", "--report-csv=m.csv", "--report-json=m.json"],
            run,
            "pgbench: error: \"d.json\" is not the report of a shard: --merge of it only converts it, with --report-csv and no other option\n",
        ),
        (
            &["--merge", "d.json", "--report-csv=m.csv"],
            later,
            "pgbench: error: \"d.json\" has schema version 2, this pgbench-rs reads version 1\n",
        ),
        (
            &["--merge", "d.json", "--report-csv=m.csv"],
            run,
            "pgbench: error: \"d.json\": start_time_us: expected an integer from 0 to 9007199254740992, found nothing\n",
        ),
        (
            &["--merge", "d.json", "--report-csv=m.csv"],
            "{}",
            "pgbench: error: \"d.json\" is not a pgbench-rs JSON report\n",
        ),
    ];
    for (args, doc, stderr) in cases {
        let out = Pgbench::no_server(args.iter().copied()).file("d.json", doc).run_under_test();
        assert_eq!((out.status, out.stderr.as_str()), (Status::Exit(1), stderr), "{args:?}");
        assert_eq!(out.files(), ["d.json"], "{args:?}: a file was written");
    }
}
