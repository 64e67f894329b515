//! `--report-html` against a real server: the page of a run and of a merge
//! of shards, rendered in headless Chromium, logs no error, fetches
//! nothing, and every chart has drawn its data (coloured pixels in its
//! area of a full-page screenshot, kept in `target/test-artifacts/`); the
//! file names no network resource.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{SystemTime, UNIX_EPOCH};

use serde_json::Value;

use crate::harness::bench::pgbench_db;
use crate::harness::runner::{Output, Status};
use crate::harness::{Pgbench, reference};

/// Chromium, or None (after a visible skip, or a failure when the
/// reference tools are required).
fn chromium(case: &str) -> Option<PathBuf> {
    for c in ["chromium", "chromium-browser"] {
        if let Some(out) = Command::new("sh")
            .args(["-c", &format!("command -v {c}")])
            .output()
            .ok()
            .filter(|o| o.status.success())
        {
            return Some(PathBuf::from(String::from_utf8_lossy(&out.stdout).trim()));
        }
    }
    reference::missing(case, "chromium (scripts/deps.sh installs it as root)");
    None
}

/// Renders `page` and checks it: no error, no request, each of `charts`
/// drawn. The screenshot is kept as `target/test-artifacts/NAME.png`.
pub(crate) fn check_page(name: &str, page: &Path, charts: &[&str]) {
    let Some(browser) = chromium(name) else { return };
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let html = std::fs::read_to_string(page).expect("the page");
    for needle in
        ["http:", "https:", "ftp:", "src=", "href=", "url(", "@import", "<script", "<link", "<img"]
    {
        assert!(!html.contains(needle), "{name}: the page contains {needle:?}");
    }
    let dir = root.join("target/test-artifacts");
    std::fs::create_dir_all(&dir).expect("artifact directory");
    let shot = dir.join(format!("{name}.png"));
    let out = Command::new("python3")
        .arg(root.join("tests/tools/render_html.py"))
        .arg(&browser)
        .arg(page)
        .arg(&shot)
        .output()
        .expect("python3");
    assert!(out.status.success(), "{name}: {}", String::from_utf8_lossy(&out.stderr));
    let v: Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(v["errors"], serde_json::json!([]), "{name}: the page logged errors");
    assert_eq!(v["requests"], serde_json::json!([]), "{name}: the page fetched something");
    for id in charts {
        let c = &v["charts"][id];
        let colored = c["colored"].as_u64().unwrap_or(0);
        assert!(colored > 150, "{name}: chart {id} drew {colored} coloured pixels: {c}");
    }
    eprintln!("{name}: screenshot in {}", shot.display());
}

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
    let out = Pgbench::new(args).label("html-run").run_under_test();
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
    let db = pgbench_db("html-merge");
    let now = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0.0, |d| d.as_secs_f64());
    let at = format!("{:.3}", now + 1.0);
    let shards: Vec<Output> = std::thread::scope(|s| {
        let hs: Vec<_> = (0..2)
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
                .chain([format!("--shard={k}/2"), format!("--start-at={at}"), db.name.clone()])
                .collect();
                let run = Pgbench::new(args).label(&format!("html-shard-{k}"));
                s.spawn(move || run.run_under_test())
            })
            .collect();
        hs.into_iter().map(|h| h.join().expect("shard")).collect()
    });
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
