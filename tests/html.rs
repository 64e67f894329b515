//! `--report-html` against a real server: the page of a run and of a merge
//! of shards, rendered in headless Chromium, logs no error, fetches
//! nothing, and every chart has drawn its data (coloured pixels in its
//! area of a full-page screenshot, kept in `target/test-artifacts/`); the
//! file names no network resource.

use crate::harness::Pgbench;
use crate::harness::bench::pgbench_db;
use crate::harness::needs;
use crate::harness::runner::{Output, Status};

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
    needs!(Server);
    let db = pgbench_db("html-run");
    let args = "-n -c 4 -j 2 -T 2 -R 600 --latency-percentiles -r -b tpcb-like@2 -b select-only";
    let args = args.split_whitespace().chain(["--report-html=r.html", &db.name]);
    let out = Pgbench::new(args).compat(17).label("html-run").run_under_test();
    assert_eq!(out.status, Status::Exit(0), "{}", out.stderr);
    let mut charts = CHARTS.to_vec();
    charts.extend(["lag", "client-busy"]);
    if std::path::Path::new("/proc/thread-self/schedstat").exists() {
        charts.push("client-waiting");
    }
    check_page("report-run", &out.dir.join("r.html"), &charts);
    let html = out.read_file("r.html");
    assert!(html.contains("<h2>Schedule lag</h2>"), "no lag chart under -R");
    // The client's verdict at the top, before the report.
    let verdict = html
        .find("<p class=\"note\">Client: No thread was saturated")
        .or_else(|| html.find("<p class=\"error\">Client: The client set the result"));
    assert!(verdict.is_some_and(|at| at < html.find("<h2>Report</h2>").unwrap_or(0)), "{html}");
    assert!(html.contains(&crate::harness::expected::PG_VERSION.to_string()));
}

/// Runs `shards` together, each writing `r.json`, then merges their
/// documents with `args`: the merge's output, once each shard and the
/// merge ended with exit status 0.
fn merge_of(label: &str, shards: &[Pgbench], args: &[&str]) -> Output {
    let outs = crate::harness::shards::run_together(shards);
    let inputs = ["--merge", "s0.json", "s1.json"];
    let mut merge = Pgbench::no_server(inputs.iter().chain(args)).label(label);
    for (k, s) in outs.iter().enumerate() {
        assert_eq!(s.status, Status::Exit(0), "{}", s.stderr);
        merge = merge.file(&format!("s{k}.json"), s.read_file("r.json"));
    }
    let out = merge.run_under_test();
    assert_eq!(out.status, Status::Exit(0), "{}", out.stderr);
    out
}

#[test]
fn html_report_of_a_merge() {
    needs!(Server);
    let db = pgbench_db("html-merge");
    let args = "-n -c 4 -j 2 -T 2 -r -b tpcb-like@2 -b select-only";
    let runs: Vec<Pgbench> = (0..2)
        .map(|k| {
            let shard = [format!("--shard={k}/2"), "--report-json=r.json".into(), db.name.clone()];
            let all = args.split_whitespace().map(String::from).chain(shard);
            Pgbench::new(all).label(&format!("html-shard-{k}"))
        })
        .collect();
    let out = merge_of("html-merge", &runs, &["--report-html=m.html", "--report-json=m.json"]);
    let mut charts = CHARTS.to_vec();
    charts.push("client-busy");
    check_page("report-merge", &out.dir.join("m.html"), &charts);
    let html = out.read_file("m.html");
    assert!(html.contains("shard 0") && html.contains("shard 1"), "no per-shard tps lines");
    // Each shard's client threads, each with its shard: shard k ran
    // thread k, and has its main thread.
    let doc: serde_json::Value = serde_json::from_str(&out.read_file("m.json")).expect("JSON");
    let threads: Vec<(i64, Option<i64>)> = doc["client"]["threads"]
        .as_array()
        .expect("the merged run's client threads")
        .iter()
        .map(|t| (t["shard"].as_i64().unwrap_or(-1), t["thread"].as_i64()))
        .collect();
    assert_eq!(threads, [(0, Some(0)), (0, None), (1, Some(1)), (1, None)]);
}

/// The page of a tiny run (`-t 1`, a few milliseconds) says it has no
/// chart over time instead of drawing empty ones, and its percentile
/// curve is drawn.
#[test]
fn html_report_of_a_tiny_run() {
    needs!(Server);
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
    needs!(Server);
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

/// What a page shows that came from outside stays text: a script's name
/// and SQL, a `-D` value on the command line, a server setting (the
/// database's `search_path`), each made to break out of the page, on the
/// page of a run (with `-r` and `--server-stats`), of a sweep and of a
/// merge. `check_page` refuses a page that holds a `<script`, an `<img`,
/// a `src=`, ... and renders it in Chromium: nothing logged, nothing
/// fetched.
#[test]
fn texts_from_outside_stay_text() {
    needs!(Server);
    const NAME: &str = "<svg onload=alert(1)>.sql";
    const SQL: &str = "SELECT '</pre><script>alert(2)</script>' AS x;\n";
    const DEFINE: &str = "tag=<b onmouseover=alert(3)>";
    const SCHEMA: &str = "<svg onload=alert(4)>";
    let db = pgbench_db("html-hostile");
    let who = crate::harness::cluster::ident(&db.name);
    db.exec(&format!("alter database {who} set search_path = '\"{SCHEMA}\", public'"));
    let invocation = |case: &str, more: &[&str]| {
        let mut args = vec!["-n", "-c", "2", "-j", "2", "-f", NAME, "-D", DEFINE];
        args.extend(more);
        args.push(&db.name);
        Pgbench::new(args).file(NAME, SQL).label(case)
    };
    let ran = |out: crate::harness::runner::Output| {
        assert_eq!(out.status, Status::Exit(0), "{}", out.stderr);
        out
    };
    let run = |case: &str, more: &[&str]| ran(invocation(case, more).run_under_test());
    let escaped = |s: &str| {
        s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('\'', "&#39;")
    };
    let page = |case: &str, out: &crate::harness::runner::Output, file: &str, texts: &[&str]| {
        check_page(case, &out.dir.join(file), &[]);
        let html = out.read_file(file);
        for t in texts {
            assert!(html.contains(&escaped(t)), "{case}: the page does not show {t:?} as text");
        }
    };
    let single =
        run("html-hostile-run", &["-t", "20", "-r", "--server-stats", "--report-html=r.html"]);
    page("hostile-run", &single, "r.html", &[NAME, SQL.trim_end(), DEFINE, SCHEMA]);
    let sweep =
        run("html-hostile-sweep", &["-t", "5", "--sweep-clients=1,2", "--report-html=p.html"]);
    page("hostile-sweep", &sweep, "p.html", &[NAME, DEFINE]);
    let shards: Vec<Pgbench> = (0..2)
        .map(|k| {
            let shard = format!("--shard={k}/2");
            invocation(
                &format!("html-hostile-shard-{k}"),
                &["-t", "5", "--report-json=r.json", &shard],
            )
        })
        .collect();
    let shards: Vec<_> =
        crate::harness::shards::run_together(&shards).into_iter().map(ran).collect();
    let merge = Pgbench::no_server(["--merge", "s0.json", "s1.json", "--report-html=m.html"])
        .file("s0.json", shards[0].read_file("r.json"))
        .file("s1.json", shards[1].read_file("r.json"))
        .label("html-hostile-merge")
        .run_under_test();
    assert_eq!(merge.status, Status::Exit(0), "{}", merge.stderr);
    page("hostile-merge", &merge, "m.html", &[NAME, SQL.trim_end(), DEFINE]);
}

/// The figures (`<figure id=...>`), the sections (`<h2>`) and each
/// chart's legend (the texts its legend box lists) of a page.
fn shape_of(html: &str) -> (Vec<String>, Vec<String>, Vec<String>) {
    let between = |from: &str, to: &str| -> Vec<String> {
        html.split(from).skip(1).filter_map(|s| s.split(to).next()).map(str::to_string).collect()
    };
    let figures = between("<figure id=\"", "\"");
    let sections = between("<h2>", "</h2>");
    // A legend entry: a short line, then its text.
    let legends = html
        .split("stroke-width=\"2\"/><text ")
        .chain(html.split("stroke-width=\"1\"/><text "))
        .skip(1)
        .filter_map(|s| s.split('>').nth(1)?.split('<').next().map(str::to_string))
        .collect();
    (figures, sections, legends)
}

/// A merged run's page has every chart and section of the same run
/// unsharded, and the same lines in their legends (the shards' tps lines
/// aside): the rate profile, the lag, the commands of `-r`, the server's
/// charts, the outages' notes.
#[test]
fn a_merged_runs_page_is_the_unsharded_runs() {
    needs!(Server);
    let db = pgbench_db("html-alike");
    let args = "-n -c 4 -j 2 -T 3 -r -b tpcb-like@2 -b select-only --rate-profile=0:100~,2:200 \
                --reconnect --latency-percentiles=50,99 --server-stats";
    let invocation = |case: &str, more: &[&str]| {
        let all = args.split_whitespace().chain(more.iter().copied()).chain([db.name.as_str()]);
        Pgbench::new(all).label(case)
    };
    let whole = invocation("html-alike-whole", &["--report-html=r.html"]).run_under_test();
    assert_eq!(whole.status, Status::Exit(0), "{}", whole.stderr);
    let shards: Vec<Pgbench> = (0..2)
        .map(|k| {
            let shard = format!("--shard={k}/2");
            invocation(&format!("html-alike-shard-{k}"), &[&shard, "--report-json=r.json"])
        })
        .collect();
    let merged = merge_of("html-alike-merge", &shards, &["--report-html=m.html"]);
    let (w, m) = (shape_of(&whole.read_file("r.html")), shape_of(&merged.read_file("m.html")));
    assert_eq!(m.0, w.0, "the figures");
    assert_eq!(m.1, w.1, "the sections");
    // (The whole run's throughput is "all shards" beside the shards'
    // lines, "all clients" beside nothing; the client's threads are each
    // shard's, a main thread each.)
    let shardless: Vec<String> =
        m.2.into_iter()
            .filter(|l| !l.starts_with("shard "))
            .map(|l| if l == "all shards" { "all clients".into() } else { l })
            .collect();
    let whole_threads = |l: &&String| l.starts_with("thread ") || *l == "main thread";
    let (threads, others): (Vec<&String>, Vec<&String>) = w.2.iter().partition(whole_threads);
    let charts = if std::path::Path::new("/proc/thread-self/schedstat").exists() { 2 } else { 1 };
    assert_eq!(threads.len(), 3 * charts, "each thread's busy and waiting lines: {threads:?}");
    assert_eq!(shardless.iter().collect::<Vec<_>>(), others, "the legends");
    assert!(w.2.iter().any(|l| l == "rate profile"), "{:?}", w.2);
    check_page("report-merge-alike", &merged.dir.join("m.html"), &["tps"]);
}
