//! `--report-html` against a real server: the page of a run and of a merge
//! of shards, rendered in headless Chromium, logs no error, fetches
//! nothing, and every chart has drawn its data (coloured pixels in its
//! area of a full-page screenshot, kept in `target/test-artifacts/`); the
//! file names no network resource.

use crate::harness::Pgbench;
use crate::harness::bench::pgbench_db;
use crate::harness::runner::Status;
use crate::harness::{Need, require};

use crate::harness::checks::check_page;

const CHARTS: &[&str] = &[
    "tps",
    "latency-over-time",
    "latency-histogram",
    "latency-percentiles",
    "script-percentiles",
    "commands-0",
    "commands-1",
];

#[test]
fn html_report_of_a_run() {
    if !require(Need::Server) {
        return;
    }
    let db = pgbench_db("html-run");
    let args = [
        "-n",
        "-c",
        "4",
        "-j",
        "2",
        "-T",
        "2",
        "-R",
        "600",
        "--latency-percentiles",
        "-r",
        "-b",
        "tpcb-like@2",
        "-b",
        "select-only",
        "--report-html=r.html",
        db.name.as_str(),
    ];
    let out = Pgbench::new(args).compat(17).label("html-run").run_under_test();
    assert_eq!(out.status, Status::Exit(0), "{}", out.stderr);
    let mut charts = CHARTS.to_vec();
    charts.push("lag");
    check_page("report-run", &out.dir.join("r.html"), &charts);
    let html = out.read_file("r.html");
    assert!(html.contains("<h2>Schedule lag</h2>"), "no lag chart under -R");
    assert!(html.contains(&crate::harness::expected::PG_VERSION.to_string()));
}

#[test]
fn html_report_of_a_merge() {
    if !require(Need::Server) {
        return;
    }
    let db = pgbench_db("html-merge");
    let runs: Vec<Pgbench> = (0..2)
        .map(|k| {
            let args: Vec<String> = [
                "-n",
                "-c",
                "4",
                "-j",
                "2",
                "-T",
                "2",
                "-r",
                "-b",
                "tpcb-like@2",
                "-b",
                "select-only",
                "--report-json=r.json",
            ]
            .iter()
            .map(ToString::to_string)
            .chain([format!("--shard={k}/2"), db.name.clone()])
            .collect();
            Pgbench::new(args).label(&format!("html-shard-{k}"))
        })
        .collect();
    let shards = crate::harness::shards::run_together(&runs);
    let mut merge = Pgbench::no_server(["--merge", "s0.json", "s1.json", "--report-html=m.html"])
        .label("html-merge");
    for (k, s) in shards.iter().enumerate() {
        assert_eq!(s.status, Status::Exit(0), "{}", s.stderr);
        merge = merge.file(&format!("s{k}.json"), s.read_file("r.json"));
    }
    let out = merge.run_under_test();
    assert_eq!(out.status, Status::Exit(0), "{}", out.stderr);
    check_page("report-merge", &out.dir.join("m.html"), CHARTS);
    let html = out.read_file("m.html");
    assert!(html.contains("shard 0") && html.contains("shard 1"), "no per-shard tps lines");
}

/// The page of a tiny run (`-t 1`, a few milliseconds) says it has no
/// chart over time instead of drawing empty ones, and its percentile
/// curve is drawn.
#[test]
fn html_report_of_a_tiny_run() {
    if !require(Need::Server) {
        return;
    }
    let db = pgbench_db("html-tiny");
    let out = Pgbench::new(["-n", "-S", "-t", "1", "--report-html=r.html", db.name.as_str()])
        .label("html-tiny")
        .run_under_test();
    assert_eq!(out.status, Status::Exit(0), "{}", out.stderr);
    let html = out.read_file("r.html");
    assert!(
        html.contains("The run lasted less than a second: no chart over time."),
        "no word on the charts over time"
    );
    assert!(!html.contains("id=\"tps\"") && !html.contains("id=\"latency-over-time\""));
    check_page(
        "report-tiny",
        &out.dir.join("r.html"),
        &["latency-histogram", "latency-percentiles"],
    );
}

/// Under `-T` the charts over time end at the deadline (the transactions
/// in flight then end after it, in a short interval that drew a plunge
/// of the tps and a latency point past the end) and say so.
#[test]
fn html_report_of_a_timed_run_ends_at_the_deadline() {
    if !require(Need::Server) {
        return;
    }
    let db = pgbench_db("html-timed");
    let args = ["-n", "-S", "-c", "4", "-j", "2", "-T", "2", "--report-html=r.html"];
    let out = Pgbench::new(args.iter().copied().chain([db.name.as_str()]))
        .label("html-timed")
        .run_under_test();
    assert_eq!(out.status, Status::Exit(0), "{}", out.stderr);
    let html = out.read_file("r.html");
    assert!(
        html.contains("Transactions per second, one point a second, over the ")
            && html.contains(" s measured (to the -T deadline: the transactions in flight then"),
        "the tps chart does not say it ends at the deadline"
    );
    check_page("report-timed", &out.dir.join("r.html"), &["tps", "latency-over-time"]);
}
