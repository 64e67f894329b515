//! Checks of a run's report files that need tools beside the program:
//! the JSON against its schema, its histograms decoded by HdrHistogram's
//! Python library (`tests/tools/check_report.py`), and the HTML page
//! rendered in headless Chromium (`tests/tools/render_html.py`). Each is
//! skipped where its tool is missing, as `require` says.

use std::path::Path;
use std::process::Command;

use serde_json::Value;

use super::require::{Need, chromium_path, pytools_dir, require};
use super::runner::{Output, Pgbench, Status};

/// Runs pgbench-rs: `run` with `--report-json=r.json` after its
/// arguments; its output and the report it wrote ([`report_of`]).
pub(crate) fn run_report(case: &str, run: Pgbench) -> (Output, Value) {
    let out = run.arg("--report-json=r.json").run_under_test();
    let doc = report_of(case, &out);
    (out, doc)
}

/// The JSON report a run wrote to `r.json`, once it ended with exit
/// status 0 ([`json_report`]).
pub(crate) fn report_of(case: &str, out: &Output) -> Value {
    assert_eq!(out.status, Status::Exit(0), "{case}: {}\n{}", out.stdout, out.stderr);
    json_report(case, out)
}

/// The JSON report a run wrote to `r.json`, however it ended: parsed, and
/// checked against the schema of its kind: a run's also by HdrHistogram's
/// Python library ([`check_with_python`]), several runs' or a
/// comparison's ([`validate`]).
pub(crate) fn json_report(case: &str, out: &Output) -> Value {
    let doc: Value = serde_json::from_str(&out.read_file("r.json"))
        .unwrap_or_else(|e| panic!("{case}: r.json is not JSON: {e}"));
    match doc["format"].as_str() {
        Some("pgbench-rs report") => check_with_python(case, out, &doc),
        Some("pgbench-rs points") => validate(case, "points.schema.json", &[&doc]),
        Some("pgbench-rs comparison") => validate(case, "comparison.schema.json", &[&doc]),
        other => panic!("{case}: r.json is of no format known: {other:?}"),
    }
    doc
}

/// Validates each of `docs` against `schema` (tests/tools/check_report.py).
pub(crate) fn validate(case: &str, schema: &str, docs: &[&Value]) {
    if !require(Need::PyTools) {
        return;
    }
    let pythonpath = pytools_dir();
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = root.join("target/test-artifacts").join(case);
    std::fs::create_dir_all(&dir).expect("artifact directory");
    let files: Vec<std::path::PathBuf> = docs
        .iter()
        .enumerate()
        .map(|(i, d)| {
            let f = dir.join(format!("{i}.json"));
            std::fs::write(&f, serde_json::to_vec(d).expect("JSON")).expect("write");
            f
        })
        .collect();
    let py = Command::new("python3")
        .arg(root.join("tests/tools/check_report.py"))
        .arg(root.join("schema").join(schema))
        .args(&files)
        .env("PYTHONPATH", pythonpath)
        .output()
        .expect("python3");
    assert!(py.status.success(), "check_report.py: {}", String::from_utf8_lossy(&py.stderr));
    for line in String::from_utf8_lossy(&py.stdout).lines() {
        let res: Value = serde_json::from_str(line).expect("JSON");
        assert_eq!(
            res["errors"],
            serde_json::json!([]),
            "{case}: {} does not fit {schema}",
            res["file"]
        );
    }
}

/// Validates `r.json` against the schema and decodes its histograms with
/// HdrHistogram's Python library: each distribution's histogram holds as
/// many values as its count.
pub(crate) fn check_with_python(case: &str, out: &Output, doc: &Value) {
    if !require(Need::PyTools) {
        return;
    }
    let pythonpath = pytools_dir();
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let py = Command::new("python3")
        .arg(root.join("tests/tools/check_report.py"))
        .arg(root.join("schema/report.schema.json"))
        .arg(out.dir.join("r.json"))
        .env("PYTHONPATH", pythonpath)
        .output()
        .unwrap_or_else(|e| panic!("python3: {e}"));
    assert!(py.status.success(), "check_report.py: {}", String::from_utf8_lossy(&py.stderr));
    let res: Value = serde_json::from_slice(&py.stdout).expect("check_report.py prints JSON");
    assert_eq!(res["errors"], serde_json::json!([]), "{case}: r.json does not fit the schema");
    let hists = res["histograms"].as_object().expect("histograms");
    assert!(!hists.is_empty());
    for (path, h) in hists {
        let count = lookup(doc, path)["count"].as_u64();
        assert_eq!(h["count"].as_u64(), count, "{case}: {path}: Python decodes another count");
    }
    let total = &hists["totals.latency_ms"];
    assert_eq!(h_count(total), doc["totals"]["transactions"].as_u64().unwrap_or(0), "{case}");
}

fn h_count(h: &Value) -> u64 {
    h["count"].as_u64().unwrap_or(u64::MAX)
}

/// The value at a path like `scripts[1].latency_ms` (as check_report.py
/// names them).
fn lookup<'a>(doc: &'a Value, path: &str) -> &'a Value {
    let mut v = doc;
    for part in path.split('.') {
        match part.split_once('[') {
            Some((key, idx)) => {
                let i: usize = idx.trim_end_matches(']').parse().expect("index");
                v = &v[key][i];
            }
            None => v = &v[part],
        }
    }
    v
}

/// Renders `page` and checks it: no error, no request, each of `charts`
/// drawn, every text of every chart (titles, tick labels, axis
/// descriptions, the legend) inside its chart's box. The screenshot is
/// kept as `target/test-artifacts/NAME.png`. What Chromium drew ([`Drawn`]),
/// None when the test was skipped.
pub(crate) fn check_page(name: &str, page: &Path, charts: &[&str]) -> Option<Drawn> {
    if !require(Need::Chromium) {
        return None;
    }
    let browser = chromium_path().expect("chromium is there");
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
    let drawn = Drawn(v);
    for (id, c) in drawn.0["charts"].as_object().expect("the charts") {
        let size = |k: &str| c[k].as_f64().expect("a chart's size");
        let (w, h) = (size("width"), size("height"));
        for t in drawn.texts(id, None) {
            // (Half a pixel for Chromium's rounding of the boxes.)
            let inside = t.x >= -0.5 && t.y >= -0.5 && t.x + t.w <= w + 0.5 && t.y + t.h <= h + 0.5;
            assert!(inside, "{name}: chart {id} draws {t:?} outside its {w} x {h} box");
        }
    }
    super::note(&format!("{name}: screenshot in {}", shot.display()));
    Some(drawn)
}

/// A text a chart draws, and the box it was drawn in, px from the chart's
/// top left corner.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Text {
    pub(crate) text: String,
    pub(crate) x: f64,
    pub(crate) y: f64,
    pub(crate) w: f64,
    pub(crate) h: f64,
}

/// What Chromium drew of a page (render_html.py's report).
#[derive(Debug)]
pub(crate) struct Drawn(pub(crate) Value);

impl Drawn {
    /// The texts chart `id` draws (of class `class`: `tick-x`, `tick-y`),
    /// in the order of the page.
    pub(crate) fn texts(&self, id: &str, class: Option<&str>) -> Vec<Text> {
        let list = self.0["charts"][id]["texts"].as_array();
        list.into_iter()
            .flatten()
            .filter(|t| class.is_none_or(|c| t["cls"] == c))
            .map(|t| {
                let n = |k: &str| t[k].as_f64().expect("a text's box");
                let text = t["text"].as_str().unwrap_or_default().to_string();
                Text { text, x: n("x"), y: n("y"), w: n("w"), h: n("h") }
            })
            .collect()
    }
}
