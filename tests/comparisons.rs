//! `--repeat`, `--sweep-clients` and `--compare` against real servers:
//! ten runs of one command split 5/5 at random a hundred times are rarely
//! called different; `synchronous_commit = off` against `on` (on a
//! server that flushes its WAL) is significantly faster and `--fail-if`
//! catches the reverse; a sweep of 1, 2, 4 and 8 clients prints its
//! table, writes its JSON (validated by the schemas), its CSV (the
//! JSON's numbers) and its HTML (rendered in headless Chromium: a tick
//! label at each client count, every label inside its chart), and two
//! sweeps compare point by point; unlike runs are refused with the
//! difference named.

use serde_json::{Value, json};

use crate::harness::Pgbench;
use crate::harness::bench::{pgbench_db, pgbench_db_on};
use crate::harness::checks::{run_report, validate};
use crate::harness::cluster::{Db, durable_cluster};
use crate::harness::needs;
use crate::harness::runner::{Output, Status};

/// Runs the command line `args` (the database name added) with
/// `--report-json=r.json`: the output and the document ([`run_report`]).
fn run_json(case: &str, args: &str, db: &Db, env: Option<(&str, &str)>) -> (Output, Value) {
    // (As pgbench 17, which the refusals' texts name.)
    let mut p =
        Pgbench::new(args.split_whitespace()).arg(&db.name).on(db.cluster).compat(17).label(case);
    if let Some((k, v)) = env {
        p = p.env(k, v);
    }
    run_report(case, p)
}

/// The runs of a `points` document's first point.
fn runs_of(doc: &Value) -> Vec<Value> {
    assert_eq!(doc["format"], "pgbench-rs points");
    doc["points"][0]["runs"].as_array().expect("runs").clone()
}

/// `--compare` of the files given (name, document), BASE and NEW lists
/// of their names, with `extra` options: the output and, with
/// `--report-json=c.json` among them, the comparison.
fn compare(files: &[(String, &Value)], base: &str, new: &str, extra: &[&str]) -> (Output, Value) {
    let mut args = vec!["--compare", base, new];
    args.extend(extra);
    let mut p = Pgbench::no_server(args);
    for (name, doc) in files {
        p = p.file(name, serde_json::to_vec(doc).expect("JSON"));
    }
    let out = p.run_under_test();
    let doc = if extra.contains(&"--report-json=c.json") && out.dir.join("c.json").is_file() {
        serde_json::from_str(&out.read_file("c.json")).expect("c.json is JSON")
    } else {
        Value::Null
    };
    (out, doc)
}

#[test]
fn random_splits_of_one_command_are_rarely_significant() {
    needs!(Server);
    let db = pgbench_db("aa");
    let (out, doc) = run_json("aa", "-n -S -c 2 -t 150 --repeat=10", &db, None);
    assert!(out.stdout.contains("summary of the runs (median and range of each point's runs):\n"));
    let runs = runs_of(&doc);
    assert_eq!(runs.len(), 10);
    let files: Vec<(String, &Value)> =
        runs.iter().enumerate().map(|(i, r)| (format!("r{i}.json"), r)).collect();
    let list =
        |idx: &[usize]| idx.iter().map(|i| format!("r{i}.json")).collect::<Vec<_>>().join(",");
    // Every way of splitting the ten runs in two halves of five (252).
    let splits: Vec<Vec<usize>> = (0_u32..1 << 10)
        .filter(|m| m.count_ones() == 5)
        .map(|m| (0..10).filter(|i| m & (1 << i) != 0).collect())
        .collect();
    assert_eq!(splits.len(), 252);
    let mut significant: std::collections::BTreeMap<String, usize> = Default::default();
    // Each metric's ten values, as the comparisons give them.
    let mut values: std::collections::BTreeMap<String, Vec<f64>> = Default::default();
    let mut gated = 0;
    for base in &splits {
        let new: Vec<usize> = (0..10).filter(|i| !base.contains(i)).collect();
        let (out, cmp) = compare(
            &files,
            &list(base),
            &list(&new),
            &["--report-json=c.json", "--fail-if=tps<-5%,p99>+10%"],
        );
        let metrics = cmp["metrics"].as_object().expect("the metrics of the one point");
        let mut breaks = false;
        for (key, m) in metrics {
            assert_eq!((m["base"]["n"].as_u64(), m["new"]["n"].as_u64()), (Some(5), Some(5)));
            values.entry(key.clone()).or_insert_with(|| {
                let side = |s: &str| m[s]["values"].as_array().expect("values").clone();
                let mut all: Vec<f64> = side("base")
                    .into_iter()
                    .chain(side("new"))
                    .map(|v| v.as_f64().expect("a value"))
                    .collect();
                all.sort_by(f64::total_cmp);
                all
            });
            assert_eq!(m["too_few"], false);
            let sig = m["significant"].as_bool().expect("significant");
            assert_eq!(sig, m["p_value"].as_f64().expect("p") < 0.05, "{key}");
            if sig {
                *significant.entry(key.clone()).or_default() += 1;
                let c = m["change_pct"].as_f64().unwrap_or(0.0);
                breaks |= (key == "tps" && c < -5.0) || (key == "latency_ms.p99" && c > 10.0);
            }
        }
        let want = if breaks { 3 } else { 0 };
        assert_eq!(
            out.status,
            Status::Exit(want),
            "split {base:?}: {}\n{}",
            out.stdout,
            out.stderr
        );
        gated += usize::from(breaks);
    }
    // The exact test at 5% finds the halves apart in 8 of the 252 splits
    // (U of 0, 1 or 2 either way: 4 + 4 of the 252 ways the ranks may
    // fall), whatever the values, when the ten differ: which 8 depends on
    // the runs' order, so no one split may be asserted to pass, but the
    // count is the test's false-positive rate, exactly. With ties (values
    // printed to the microsecond can be equal) the test is the normal
    // approximation with the tie and continuity corrections, whose count
    // depends on the pattern of the ties only: 20 at most, over all 512
    // patterns of ten values (counted once, with that formula, as scipy
    // computes it).
    eprintln!("significant in 252 splits: {significant:?}; the gate failed {gated} times");
    for (key, all) in &values {
        let n = significant.get(key).copied().unwrap_or(0);
        let distinct = all.windows(2).all(|w| w[0] != w[1]);
        let want = if distinct { 8..=8 } else { 0..=20 };
        assert!(want.contains(&n), "{key} was significant in {n} of 252 A/A splits: {all:?}");
    }
    // A split fails the gate only where tps or p99 was significant.
    let either = significant.get("tps").copied().unwrap_or(0)
        + significant.get("latency_ms.p99").copied().unwrap_or(0);
    assert!(gated <= either, "the gate failed {gated} times, in {either} significant splits");
}

#[test]
fn synchronous_commit_off_is_significantly_faster() {
    needs!(Server);
    let db = pgbench_db_on(durable_cluster(), "sync");
    // One client: every commit waits for its own WAL flush. The runs of
    // both settings alternate, so that the load of the machine weighs on
    // both alike.
    // Seven runs a side: a run that a hiccup of the machine slows down
    // does not hide the difference (5 against 5 would need all of one side
    // above the other but one pair).
    let args = "-c 1 -t 50";
    let mut docs: Vec<(String, Value)> = Vec::new();
    for i in 0..7 {
        for setting in ["on", "off"] {
            let env = ("PGOPTIONS", format!("-c synchronous_commit={setting}"));
            let case = format!("sync-{setting}-{i}");
            let (_, doc) = run_json(&case, args, &db, Some((env.0, env.1.as_str())));
            docs.push((format!("{setting}{i}.json"), doc));
        }
    }
    let files: Vec<(String, &Value)> = docs.iter().map(|(n, d)| (n.clone(), d)).collect();
    let names = |s: &str| (0..7).map(|i| format!("{s}{i}.json")).collect::<Vec<_>>().join(",");
    let (on, off) = (names("on"), names("off"));
    let (out, cmp) = compare(&files, &on, &off, &["--report-json=c.json", "--fail-if=tps<-5%"]);
    assert_eq!(out.status, Status::Exit(0), "{}\n{}", out.stdout, out.stderr);
    let tps = &cmp["metrics"]["tps"];
    assert_eq!(tps["significant"], true, "{}", out.stdout);
    assert!(tps["change_pct"].as_f64().expect("change") > 0.0, "{}", out.stdout);
    let mean = &cmp["metrics"]["latency_ms.mean"];
    assert_eq!(mean["significant"], true, "{}", out.stdout);
    assert!(mean["change_pct"].as_f64().expect("change") < 0.0, "{}", out.stdout);
    assert_eq!(tps["method"], "exact");
    validate("sync", "comparison.schema.json", &[&cmp]);
    // The other way round, the drop of tps fails the gate.
    let (out, _) = compare(&files, &off, &on, &["--fail-if=tps<-5%"]);
    assert_eq!(out.status, Status::Exit(3), "{}\n{}", out.stdout, out.stderr);
    let gate: Vec<&str> = out.stderr.lines().filter(|l| l.contains("--fail-if")).collect();
    assert!(
        matches!(gate[..], [l] if l.starts_with("pgbench: error: --fail-if tps<-5%: tps changed by -")
            && l.contains("% (p=0.0") && l.ends_with(") at 1 clients")),
        "{}",
        out.stderr
    );
    let tps_line = out.stdout.lines().find(|l| l.starts_with("tps ")).unwrap_or_default();
    assert!(tps_line.ends_with(" n=7+7"), "{}", out.stdout);
}

#[test]
fn sweeps_print_a_table_write_json_and_html_and_compare_point_by_point() {
    needs!(Server);
    let db = pgbench_db("sweep");
    let args = "-n -S -T 1 -j 2 --sweep-clients=1,2,4,8 --repeat=2 --report-html=s.html \
                --report-csv=s.csv";
    let (out, doc) = run_json("sweep", args, &db, None);
    // The table, without the line under it that names the runs the client
    // set (there when a run saturated the client: a loaded machine).
    let table: Vec<&str> = (out.stdout.lines())
        .skip_while(|l| !l.starts_with("summary of the runs"))
        .take_while(|l| !l.starts_with("runs the client set"))
        .collect();
    assert_eq!(table.len(), 6, "{}", out.stdout);
    assert_eq!(table[0], "summary of the runs (median and range of each point's runs):");
    let head: Vec<&str> = table[1].split_whitespace().collect();
    // (A report measures the client: its busiest thread's share last.)
    assert_eq!(
        head,
        [
            "clients", "threads", "runs", "tps", "mean", "ms", "p50", "ms", "p95", "ms", "p99",
            "ms", "failed", "lag", "ms", "client", "%"
        ]
    );
    for (row, (c, j)) in table[2..].iter().zip([(1, 1), (2, 2), (4, 2), (8, 2)]) {
        let cells: Vec<&str> = row.split_whitespace().collect();
        assert_eq!(cells[..3], [c.to_string(), j.to_string(), "2".to_string()], "{row}");
        assert_eq!(cells[cells.len() - 3], "-", "{row}: no lag without -R");
        assert_eq!(cells[cells.len() - 5..cells.len() - 3], ["0", "(0..0)"], "{row}");
        let share: f64 = cells[cells.len() - 2].parse().expect("the client's share");
        assert!((0.0..=100.0).contains(&share), "{row}");
    }
    // Each run printed its own report, C's.
    assert_eq!(out.stdout.matches("\ntps = ").count(), 8);
    let points = doc["points"].as_array().expect("points");
    let shape: Vec<(i64, i64, usize)> = points
        .iter()
        .map(|p| {
            let n = p["runs"].as_array().map_or(0, Vec::len);
            (p["clients"].as_i64().unwrap_or(0), p["threads"].as_i64().unwrap_or(0), n)
        })
        .collect();
    assert_eq!(shape, [(1, 1, 2), (2, 2, 2), (4, 2, 2), (8, 2, 2)]);
    for p in points {
        for r in p["runs"].as_array().expect("runs") {
            assert_eq!(r["configuration"]["clients"], p["clients"]);
            assert_eq!(r["configuration"]["threads"], p["threads"]);
            assert_eq!(r["status"], "completed");
        }
    }
    // The CSV: a row a run, each cell the document's.
    crate::harness::tables::check_points_table(&out.read_file("s.csv"), &doc);
    let mut all: Vec<&Value> = vec![&doc];
    validate("sweep-points", "points.schema.json", &all);
    all = points.iter().flat_map(|p| p["runs"].as_array().into_iter().flatten()).collect();
    validate("sweep-runs", "report.schema.json", &all);
    let mut charts =
        vec!["sweep-tps".to_string(), "sweep-latency".to_string(), "sweep-client".to_string()];
    for c in [1, 2, 4, 8] {
        charts.push(format!("tps-{c}"));
        charts.push(format!("p99-{c}"));
        charts.push(format!("percentiles-{c}"));
    }
    let names: Vec<&str> = charts.iter().map(String::as_str).collect();
    // Every text of every chart is inside it (check_page), and the charts
    // against the number of clients have a tick label at each count, in
    // order, left to right and apart.
    if let Some(drawn) =
        crate::harness::checks::check_page("sweep", &out.dir.join("s.html"), &names)
    {
        for id in ["sweep-tps", "sweep-latency", "sweep-client"] {
            let ticks = drawn.texts(id, Some("tick-x"));
            let labels: Vec<&str> = ticks.iter().map(|t| t.text.as_str()).collect();
            assert_eq!(labels, ["1", "2", "4", "8"], "{id}: {ticks:?}");
            for pair in ticks.windows(2) {
                assert!(pair[0].x + pair[0].w < pair[1].x, "{id}: labels touch: {pair:?}");
            }
            // On a logarithmic scale: the doublings evenly spaced.
            let centre = |t: &crate::harness::checks::Text| t.x + t.w / 2.0;
            let gaps: Vec<f64> = ticks.windows(2).map(|p| centre(&p[1]) - centre(&p[0])).collect();
            assert!(gaps.iter().all(|g| (g - gaps[0]).abs() < 2.0), "{id}: {gaps:?}");
        }
    }
    let html = out.read_file("s.html");
    assert!(html.contains("summary of the runs (median and range of each point&#39;s runs):"));
    assert!(html.contains("<h2>1 client</h2>") && html.contains("<h2>8 clients</h2>"));

    // The two runs of each point as two sweeps, compared point by point.
    let half = |k: usize| -> Value {
        let mut d = doc.clone();
        for p in d["points"].as_array_mut().expect("points") {
            let run = p["runs"][k].clone();
            p["runs"] = json!([run]);
        }
        d
    };
    let (a, b) = (half(0), half(1));
    let files = [("a.json".to_string(), &a), ("b.json".to_string(), &b)];
    let (cmp_out, cmp) = compare(
        &files,
        "a.json",
        "b.json",
        &["--report-json=c.json", "--report-html=c.html", "--report-csv=c.csv"],
    );
    assert_eq!(cmp_out.status, Status::Exit(0), "{}", cmp_out.stderr);
    crate::harness::tables::check_comparison_table(&cmp_out.read_file("c.csv"), &cmp);
    let heads: Vec<&str> = cmp_out.stdout.lines().filter(|l| l.starts_with("clients: ")).collect();
    assert_eq!(
        heads,
        [
            "clients: 1, threads: 1, runs: 1 base, 1 new",
            "clients: 2, threads: 2, runs: 1 base, 1 new",
            "clients: 4, threads: 2, runs: 1 base, 1 new",
            "clients: 8, threads: 2, runs: 1 base, 1 new",
        ]
    );
    assert!(cmp_out.stdout.ends_with(
        "\ntoo few runs (1+1): no change can be significant at p < 0.05; 4 or more runs on each side are needed\n"
    ));
    let clients: Vec<i64> = cmp["points"]
        .as_array()
        .expect("points")
        .iter()
        .filter_map(|p| p["clients"].as_i64())
        .collect();
    assert_eq!(clients, [1, 2, 4, 8]);
    assert!(cmp.get("metrics").is_none(), "a sweep's comparison has no top-level metrics");
    for (p, c) in cmp["points"].as_array().expect("points").iter().zip(points) {
        let tps = &p["metrics"]["tps"];
        assert_eq!(tps["base"]["values"], json!([c["runs"][0]["totals"]["tps"]]));
        assert_eq!(tps["new"]["values"], json!([c["runs"][1]["totals"]["tps"]]));
        assert_eq!(
            (tps["too_few"].as_bool(), tps["significant"].as_bool()),
            (Some(true), Some(false))
        );
    }
    validate("sweep-compare", "comparison.schema.json", &[&cmp]);
    let mut charts = Vec::new();
    for c in [1, 2, 4, 8] {
        charts.push(format!("tps-{c}"));
        charts.push(format!("p99-{c}"));
        charts.push(format!("percentiles-{c}"));
    }
    let names: Vec<&str> = charts.iter().map(String::as_str).collect();
    crate::harness::checks::check_page("sweep-compare", &cmp_out.dir.join("c.html"), &names);
    // A side whose runs the client set is flagged: a warning, a line of
    // the text, a count in the document.
    let mut bound = a.clone();
    let verdict = &mut bound["points"][0]["runs"][0]["client"]["verdict"];
    verdict["client_bound"] = json!(true);
    verdict["saturated"] = json!([{"thread": 0}]);
    let files = [("a.json".to_string(), &bound), ("b.json".to_string(), &b)];
    let (out, cmp) = compare(&files, "a.json", "b.json", &["--report-json=c.json"]);
    assert_eq!(out.status, Status::Exit(0), "{}", out.stderr);
    assert_eq!(
        out.stderr,
        "pgbench: warning: BASE: in 1 of its 1 runs with 1 client the client, not the server, set the result (a client thread was saturated)\n"
    );
    assert!(
        out.stdout.contains(
            "clients: 1, threads: 1, runs: 1 base, 1 new\nruns the client set (a client thread saturated): 1 of 1 base, 0 of 1 new\n"
        ),
        "{}",
        out.stdout
    );
    assert_eq!(cmp["points"][0]["client_bound"], json!({"base": 1, "new": 0}));
    assert!(cmp["points"][1].get("client_bound").is_none());
    validate("sweep-compare-bound", "comparison.schema.json", &[&cmp]);
    // A sweep of other client counts is refused.
    let mut fewer = a.clone();
    fewer["points"].as_array_mut().expect("points").pop();
    let files = [("a.json".to_string(), &a), ("f.json".to_string(), &fewer)];
    let (out, _) = compare(&files, "a.json", "f.json", &[]);
    assert_eq!(out.status, Status::Exit(1));
    assert_eq!(
        out.stderr,
        "pgbench: error: cannot compare runs that differ in the client counts: 8 only in BASE\n\
         pgbench: hint: Use --force to compare them anyway.\n"
    );
}

#[test]
fn unlike_runs_are_refused_naming_the_difference() {
    needs!(Server);
    let db = pgbench_db("unlike");
    let (_, simple) = run_json("unlike-simple", "-n -c 2 -t 20", &db, None);
    let (_, prepared) = run_json("unlike-prepared", "-n -c 2 -t 20 -M prepared", &db, None);
    let refused = |files: &[(String, &Value)], what: &str| {
        let (out, _) = compare(files, "a.json", "b.json", &[]);
        assert_eq!(out.status, Status::Exit(1), "{what}: {}", out.stdout);
        assert_eq!(
            out.stderr,
            format!(
                "pgbench: error: cannot compare runs that differ in {what}\n\
                 pgbench: hint: Use --force to compare them anyway.\n"
            )
        );
        assert_eq!(out.stdout, "");
        let (forced, _) = compare(files, "a.json", "b.json", &["--force"]);
        assert_eq!(forced.status, Status::Exit(0), "{what}: {}", forced.stderr);
        assert_eq!(
            forced.stderr,
            format!("pgbench: warning: comparing runs that differ in {what}\n")
        );
    };
    let files = [("a.json".to_string(), &simple), ("b.json".to_string(), &prepared)];
    refused(&files, "the query mode (-M): \"simple\" in \"a.json\", \"prepared\" in \"b.json\"");
    let changed = |path: &str, value: Value| {
        let mut d = simple.clone();
        *d.pointer_mut(path).expect(path) = value;
        d
    };
    let cases = [
        ("/configuration/scale", json!(10), "the scale factor: 1 in \"a.json\", 10 in \"b.json\""),
        (
            "/configuration/clients",
            json!(4),
            "the number of clients (-c): 2 in \"a.json\", 4 in \"b.json\"",
        ),
        (
            "/configuration/threads",
            json!(2),
            "the number of threads (-j): 1 in \"a.json\", 2 in \"b.json\"",
        ),
        (
            "/configuration/rate_tps",
            json!(100.0),
            "the rate (-R): none in \"a.json\", 100.0 in \"b.json\"",
        ),
        (
            "/configuration/transactions_per_client",
            json!(40),
            "the transactions per client (-t): 20 in \"a.json\", 40 in \"b.json\"",
        ),
        (
            "/configuration/compat",
            json!(19),
            "the pgbench reproduced (--compat): 17 in \"a.json\", 19 in \"b.json\"",
        ),
        ("/server_version", json!("99.1"), ""),
        ("/configuration/scripts/0/weight", json!(3), ""),
    ];
    let major: String = simple["server_version"]
        .as_str()
        .unwrap_or("")
        .chars()
        .take_while(char::is_ascii_digit)
        .collect();
    for (path, value, what) in cases {
        let other = changed(path, value);
        let files = [("a.json".to_string(), &simple), ("b.json".to_string(), &other)];
        let what = match path {
            "/server_version" => format!("the server's major version: \"{major}\" in \"a.json\", \"99\" in \"b.json\""),
            "/configuration/scripts/0/weight" => "the scripts: [<builtin: TPC-B (sort of)>@1] in \"a.json\", [<builtin: TPC-B (sort of)>@3] in \"b.json\"".to_string(),
            _ => what.to_string(),
        };
        refused(&files, &what);
    }
    // Within one side too.
    let other = changed("/configuration/duration_s", json!(5));
    let files = [
        ("a.json".to_string(), &simple),
        ("c.json".to_string(), &other),
        ("b.json".to_string(), &simple),
    ];
    let (out, _) = compare(&files, "a.json,c.json", "b.json", &[]);
    assert_eq!(out.status, Status::Exit(1));
    assert!(out.stderr.starts_with(
        "pgbench: error: cannot compare runs that differ in the duration (-T): none in \"a.json\", 5 in \"c.json\"\n"
    ), "{}", out.stderr);
}

#[test]
fn command_line_errors() {
    needs!(Server);
    let cases: &[(&[&str], &str)] = &[
        (
            &["--compare", "a.json"],
            "pgbench: error: --compare needs two arguments, BASE and NEW (report files, or comma-separated lists of them), not 1\n",
        ),
        (
            &["--compare", "a.json", "b.json", "-c", "2"],
            "pgbench: error: --compare can be used only with --fail-if, --report-json, --report-html, --report-csv and --force\n",
        ),
        (
            &["--compare", "a.json", "b.json", "--fail-if=tps<5"],
            "pgbench: error: invalid limit in \"tps<5\" for option --fail-if: expected a percentage such as -5%\n",
        ),
        (
            &["--compare", "a.json", "b.json", "--fail-if=qps<-5%"],
            "pgbench: error: unknown metric \"qps\" in --fail-if (one of tps, mean, p50, p95, p99, failed, lag)\n",
        ),
        (
            &["--compare", "a.json", "b.json"],
            "pgbench: error: could not read file \"a.json\": No such file or directory\n",
        ),
        (&["--fail-if=tps<-5%"], "pgbench: error: --fail-if can be used only with --compare\n"),
        (
            &["--sweep-clients=1,0"],
            "pgbench: error: invalid value \"1,0\" for option --sweep-clients\n",
        ),
        (&["--repeat=0"], "pgbench: error: --repeat must be in range 1..10000\n"),
        (
            &["--repeat=2", "-l"],
            "pgbench: error: -l/--log cannot be used with --repeat or --sweep-clients\n",
        ),
        (
            &["--sweep-clients=1,2", "--shard=0/1"],
            "pgbench: error: --shard cannot be used with --repeat or --sweep-clients\n",
        ),
        (
            &["--repeat=2", "-i"],
            "pgbench: error: some of the specified options cannot be used in initialization (-i) mode\n",
        ),
    ];
    for (args, stderr) in cases {
        let out = Pgbench::no_server(args.iter().copied()).run_under_test();
        assert_eq!((out.status, out.stderr.as_str()), (Status::Exit(1), *stderr), "{args:?}");
    }
    let out = Pgbench::no_server(["--compare", "a.json", "b.json"])
        .file("a.json", "{}")
        .file("b.json", "{}")
        .run_under_test();
    assert_eq!(
        out.stderr,
        "pgbench: error: file \"a.json\" is not a pgbench-rs JSON report (of a run, --repeat or --sweep-clients)\n"
    );
}
