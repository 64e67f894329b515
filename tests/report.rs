//! `--latency-percentiles` and `--report-json` against a real server: the
//! percentiles of the report and of the JSON equal, within HdrHistogram's
//! precision, those computed exactly from the `-l` log of the same run
//! (whole run, per script, schedule lag); every number of the text report
//! is in the JSON with the same value (the printed one, not a float with
//! more digits); every JSON document validates against
//! `schema/report.schema.json`, and its histograms decode with
//! HdrHistogram's Python library to the report's counts.

use std::collections::BTreeMap;

use serde_json::Value;

use crate::harness::Pgbench;
use crate::harness::bench::pgbench_db;
use crate::harness::checks::run_report;
use crate::harness::needs;
use crate::harness::runner::{Output, Status};
use crate::harness::shapes::{Latency, LogOpts, parse_log_line};

/// Runs pgbench-rs with `args` (the database name added) and returns its
/// output and the JSON report it wrote to `r.json`.
fn run_json(case: &str, args: &[&str]) -> (Output, Value) {
    let db = pgbench_db(case);
    run_report(case, Pgbench::new(args).arg(&db.name).label(case))
}

/// The transactions of a run's `-l` logs: (script, latency µs, lag µs) of
/// each successful one.
fn log_transactions(out: &Output, lag: bool) -> Vec<(u32, u64, Option<u64>)> {
    let mut v = Vec::new();
    for f in out.files().iter().filter(|f| f.starts_with("pgbench_log.")) {
        for line in out.read_file(f).lines() {
            let l = parse_log_line(line, LogOpts { lag, retries: false }).expect("a log line");
            if let Latency::Micros(us) = l.latency {
                v.push((l.script, us, l.lag));
            }
        }
    }
    v
}

/// The exact value at `p` percent of `values` (sorted): the one of rank
/// ceil(p/100 * n), as HdrHistogram counts ranks.
fn exact(values: &[u64], p: f64) -> f64 {
    #[allow(clippy::cast_precision_loss, clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let rank = ((p / 100.0 * values.len() as f64).ceil() as usize).clamp(1, values.len());
    values[rank - 1] as f64
}

/// A reported percentile (ms) against the exact one (µs): HdrHistogram
/// reports the highest value of the bucket of three significant digits
/// that holds it, never above the maximum, rounded to a microsecond.
fn close(reported_ms: f64, exact_us: f64) -> bool {
    let r = reported_ms * 1000.0;
    r >= exact_us - 0.5 && r <= exact_us * 1.001 + 1.0
}

/// `p50 0.123, p90 0.456, max 1.234 ms` → {"50": 0.123, ..., "max": 1.234}.
fn parse_items(text: &str) -> BTreeMap<String, f64> {
    text.trim_end_matches(" ms")
        .split(", ")
        .map(|item| {
            let (name, value) = item.split_once(' ').expect("name value");
            (name.trim_start_matches('p').to_string(), value.parse().expect("a number"))
        })
        .collect()
}

/// The percentile lines of a report, by the text before ` percentiles: `
/// (`latency`, ` - latency` for each script in order, `rate limit
/// schedule lag`).
fn percentile_lines(stdout: &str) -> Vec<(String, BTreeMap<String, f64>)> {
    stdout
        .lines()
        .filter_map(|l| l.split_once(" percentiles: "))
        .map(|(what, items)| (what.to_string(), parse_items(items)))
        .collect()
}

fn sorted(mut v: Vec<u64>) -> Vec<u64> {
    v.sort_unstable();
    v
}

/// Percentiles of the report and of the JSON against those of the log, for
/// the whole run, each script and the schedule lag.
#[test]
fn percentiles_equal_those_of_the_log() {
    let case = needs!(Server);
    let (out, doc) = run_json(
        case,
        &[
            "-n",
            "-c",
            "4",
            "-j",
            "2",
            "-t",
            "300",
            "-R",
            "2000",
            "-l",
            "--latency-percentiles=50,90,99,99.9",
            "-b",
            "simple-update@2",
            "-b",
            "select-only",
        ],
    );
    let txs = log_transactions(&out, true);
    assert_eq!(txs.len(), 1200, "{}", out.stdout);
    let all = sorted(txs.iter().map(|t| t.1).collect());
    let lags = sorted(txs.iter().filter_map(|t| t.2).collect());
    let by_script: Vec<Vec<u64>> =
        (0..2).map(|s| sorted(txs.iter().filter(|t| t.0 == s).map(|t| t.1).collect())).collect();

    let lines = percentile_lines(&out.stdout);
    let names: Vec<&str> = lines.iter().map(|(w, _)| w.as_str()).collect();
    assert_eq!(
        names,
        ["latency", "rate limit schedule lag", " - latency", " - latency"],
        "{}",
        out.stdout
    );
    let mut failures = Vec::new();
    let mut compare = |what: &str, reported: f64, values: &[u64], p: &str| {
        let want = if p == "max" {
            *values.last().unwrap() as f64
        } else {
            exact(values, p.parse().unwrap())
        };
        if !close(reported, want) {
            failures.push(format!("{what} p{p}: reported {reported} ms, exact {want} µs"));
        }
    };
    for (_, items) in &lines {
        assert_eq!(items.keys().cloned().collect::<Vec<_>>(), ["50", "90", "99", "99.9", "max"]);
    }
    let sets: [(&str, &[u64]); 4] = [
        ("latency", &all),
        ("lag", &lags),
        ("script 1", &by_script[0]),
        ("script 2", &by_script[1]),
    ];
    for ((label, values), (_, items)) in sets.iter().zip(&lines) {
        for (p, v) in items {
            compare(label, *v, values, p);
        }
    }
    // The JSON has the default list and the ones asked for.
    let json_sets: [(&str, &Value, &[u64]); 4] = [
        ("json latency", &doc["totals"]["latency_ms"], &all),
        ("json lag", &doc["totals"]["lag_ms"], &lags),
        ("json script 1", &doc["scripts"][0]["latency_ms"], &by_script[0]),
        ("json script 2", &doc["scripts"][1]["latency_ms"], &by_script[1]),
    ];
    for (label, d, values) in json_sets {
        let p = d["percentiles"].as_object().expect("percentiles");
        let keys: Vec<&str> = p.keys().map(String::as_str).collect();
        assert_eq!(keys.len(), 6, "{label}: {keys:?}");
        for (k, v) in p {
            compare(label, v.as_f64().expect("a number"), values, k);
        }
        compare(label, d["max"].as_f64().unwrap(), values, "max");
        assert_eq!(d["count"].as_u64(), Some(values.len() as u64), "{label}");
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The number `json` formatted as C prints it with `decimals` (`NaN` for
/// null), if the JSON holds that very value: a number with more digits
/// than the report prints (float noise, `7.1240000000000006` for
/// `7.124`) is shown as itself, so that it differs from the printed text.
fn fmt_json(v: &Value, decimals: usize) -> String {
    match v.as_f64() {
        Some(x) => {
            let text = format!("{x:.decimals$}");
            if text.parse::<f64>().ok() == Some(x) { text } else { format!("{v} (printed {text})") }
        }
        None => "NaN".to_string(),
    }
}

/// The numbers of a report line `pattern` (with `{}` where each number is)
/// if `line` has that shape.
fn numbers<'a>(line: &'a str, pattern: &str) -> Option<Vec<&'a str>> {
    let parts: Vec<&str> = pattern.split("{}").collect();
    let mut rest = line.strip_prefix(parts[0])?;
    let mut out = Vec::new();
    for (i, lit) in parts.iter().enumerate().skip(1) {
        let end = if lit.is_empty() && i == parts.len() - 1 { rest.len() } else { rest.find(lit)? };
        out.push(&rest[..end]);
        rest = &rest[end + lit.len()..];
    }
    rest.is_empty().then_some(out)
}

/// The lines of a report's configuration, each with its key in the
/// document's `configuration` (a text, or a number as JSON writes it).
const CONFIG_LINES: [(&str, &str); 8] = [
    ("transaction type: {}", "transaction_type"),
    ("scaling factor: {}", "scale"),
    ("query mode: {}", "query_mode"),
    ("number of clients: {}", "clients"),
    ("number of threads: {}", "threads"),
    ("maximum number of tries: {}", "max_tries"),
    ("number of transactions per client: {}", "transactions_per_client"),
    ("duration: {} s", "duration_s"),
];

/// Checks every line of a text report against the JSON document: each
/// number it prints is there with the same value. Returns the mismatches
/// and the lines no rule knows.
#[allow(clippy::too_many_lines)]
fn compare_report(text: &str, doc: &Value) -> Vec<String> {
    let mut bad = Vec::new();
    let totals = &doc["totals"];
    let config = &doc["configuration"];
    let mut script: Option<&Value> = None;
    let mut command = 0usize;
    let mut eq = |line: &str, got: &str, want: String| {
        if got != want {
            bad.push(format!("{line:?}: printed {got}, JSON gives {want}"));
        }
    };
    for line in text.lines() {
        let (s, prefix) = match line.strip_prefix(" - ") {
            Some(rest) => (rest, true),
            None => (line, false),
        };
        let scope = if prefix { script.unwrap_or(&Value::Null) } else { totals };
        let stats = |key: &str| &scope[key];
        if line.starts_with("pgbench (") || line == "starting vacuum...end." {
            continue;
        }
        let setting =
            CONFIG_LINES.iter().find_map(|(pattern, key)| Some((numbers(line, pattern)?, *key)));
        if let Some((n, key)) = setting {
            let value = &config[key];
            eq(line, n[0], value.as_str().map_or_else(|| value.to_string(), str::to_string));
        } else if let Some(n) = numbers(line, "number of transactions actually processed: {}/{}") {
            eq(line, n[0], totals["transactions"].to_string());
            eq(line, n[1], totals["transactions_expected"].to_string());
        } else if let Some(n) = numbers(line, "number of transactions actually processed: {}") {
            eq(line, n[0], totals["transactions"].to_string());
        } else if let Some(n) = numbers(s, "number of failed transactions: {} ({}%)") {
            eq(line, n[0], stats("failed").to_string());
            eq(line, n[1], fmt_json(stats("failed_pct"), 3));
        } else if let Some(n) = numbers(s, "number of serialization failures: {} ({}%)") {
            eq(line, n[0], stats("failures")["serialization"].to_string());
            eq(line, n[1], fmt_json(&stats("failures")["serialization_pct"], 3));
        } else if let Some(n) = numbers(s, "number of deadlock failures: {} ({}%)") {
            eq(line, n[0], stats("failures")["deadlock"].to_string());
            eq(line, n[1], fmt_json(&stats("failures")["deadlock_pct"], 3));
        } else if let Some(n) = numbers(s, "number of other failures: {} ({}%)") {
            // pgbench 19.
            eq(line, n[0], stats("failures")["other"].to_string());
            eq(line, n[1], fmt_json(&stats("failures")["other_pct"], 3));
        } else if let Some(n) = numbers(s, "number of transactions retried: {} ({}%)") {
            eq(line, n[0], stats("retried").to_string());
            eq(line, n[1], fmt_json(stats("retried_pct"), 3));
        } else if let Some(n) = numbers(s, "total number of retries: {}") {
            eq(line, n[0], stats("retries").to_string());
        } else if let Some(n) = numbers(s, "number of transactions skipped: {} ({}%)") {
            eq(line, n[0], stats("skipped").to_string());
            eq(line, n[1], fmt_json(stats("skipped_pct"), 3));
        } else if let Some(n) =
            numbers(line, "number of transactions above the {} ms latency limit: {}/{} ({}%)")
        {
            eq(line, n[0], fmt_json(&config["latency_limit_ms"], 1));
            eq(line, n[1], totals["late"].to_string());
            eq(line, n[2], totals["transactions"].to_string());
            eq(line, n[3], fmt_json(&totals["late_pct"], 3));
        } else if let Some(n) = numbers(line, "latency average = {} ms") {
            eq(line, n[0], fmt_json(&totals["latency_average_ms"], 3));
        } else if let Some(n) = numbers(s, "latency average = {} ms").filter(|_| prefix) {
            eq(line, n[0], fmt_json(&stats("latency_ms")["mean"], 3));
        } else if let Some(n) = numbers(s, "latency stddev = {} ms") {
            eq(line, n[0], fmt_json(&stats("latency_ms")["stddev"], 3));
        } else if let Some(n) = numbers(line, "rate limit schedule lag: avg {} (max {}) ms") {
            eq(line, n[0], fmt_json(&totals["lag_ms"]["mean"], 3));
            eq(line, n[1], fmt_json(&totals["lag_ms"]["max"], 3));
        } else if let Some((what, items)) = s.split_once(" percentiles: ") {
            let d = match what {
                "latency" => &scope["latency_ms"],
                "rate limit schedule lag" => &totals["lag_ms"],
                _ => &Value::Null,
            };
            for (p, v) in parse_items(items) {
                let j = if p == "max" { &d["max"] } else { &d["percentiles"][p.as_str()] };
                eq(line, &format!("{v:.3}"), fmt_json(j, 3));
            }
        } else if let Some(n) = numbers(line, "initial connection time = {} ms") {
            eq(line, n[0], fmt_json(&totals["initial_connection_time_ms"], 3));
        } else if let Some(n) = numbers(line, "average connection time = {} ms") {
            eq(line, n[0], fmt_json(&totals["average_connection_time_ms"], 3));
        } else if let Some(n) = numbers(line, "tps = {} ({})") {
            eq(line, n[0], fmt_json(&totals["tps"], 6));
        } else if let Some(n) = numbers(line, "SQL script {}: {}") {
            let i: usize = n[0].parse().unwrap_or(0);
            script = doc["scripts"].get(i.wrapping_sub(1));
            eq(line, n[1], script.and_then(|s| s["name"].as_str()).unwrap_or("").to_string());
            command = 0;
        } else if let Some(n) = numbers(s, "weight: {} (targets {}% of total)") {
            eq(line, n[0], stats("weight").to_string());
            eq(line, n[1], fmt_json(stats("weight_pct"), 1));
        } else if let Some(n) = numbers(s, "{} transactions ({}% of total)") {
            // pgbench 18: the script's transactions that succeeded, failed
            // or were skipped, and their share of all such.
            let all = |o: &Value| {
                ["transactions", "failed", "skipped"]
                    .iter()
                    .map(|k| o[*k].as_u64().unwrap_or(0))
                    .sum::<u64>()
            };
            let (mine, of) = (all(scope), all(totals));
            eq(line, n[0], mine.to_string());
            eq(line, n[1], format!("{:.1}", 100.0 * mine as f64 / of as f64));
        } else if let Some(n) =
            numbers(s, "number of transactions actually processed: {} (tps = {})")
        {
            eq(line, n[0], stats("transactions").to_string());
            eq(line, n[1], fmt_json(stats("tps"), 6));
        } else if let Some(n) = numbers(s, "{} transactions ({}% of total, tps = {})") {
            eq(line, n[0], stats("transactions").to_string());
            eq(line, n[1], fmt_json(stats("share_pct"), 1));
            eq(line, n[2], fmt_json(stats("tps"), 6));
        } else if s.starts_with("statement latencies in milliseconds") {
            if script.is_none() {
                script = doc["scripts"].get(0);
            }
            command = 0;
        } else if let Some(rest) = line.strip_prefix("   ") {
            // `%11.3f  %10lld[  %10lld]  text`, or the percentiles under it.
            let cmds = &script.unwrap_or(&Value::Null)["commands"];
            let words: Vec<&str> = rest.split_whitespace().collect();
            if words.first().is_some_and(|w| w.starts_with('p') && w.len() > 1) {
                let c = &cmds[command.wrapping_sub(1)]["latency_ms"];
                for (p, v) in parse_items(rest.trim()) {
                    let j = if p == "max" { &c["max"] } else { &c["percentiles"][p.as_str()] };
                    eq(line, &format!("{v:.3}"), fmt_json(j, 3));
                }
            } else {
                let c = &cmds[command];
                eq(line, words[0], fmt_json(&c["latency_ms"]["mean"], 3));
                eq(line, words[1], c["failed"].to_string());
                if config["max_tries"] != 1 {
                    eq(line, words[2], c["retries"].to_string());
                }
                command += 1;
            }
        } else {
            eq(line, "a line the JSON check knows", "no rule for it".to_string());
        }
    }
    bad
}

/// Every number of the text report is in the JSON with the same value:
/// several scripts, `-r`, retries and detailed failures.
#[test]
fn json_numbers_equal_the_report_scripts_and_commands() {
    needs!(Server);
    let (out, doc) = run_json(
        "json_numbers_scripts",
        &[
            "-n",
            "-c",
            "3",
            "-j",
            "2",
            "-t",
            "20",
            "-r",
            "--max-tries",
            "2",
            "--failures-detailed",
            "--latency-percentiles",
            "-b",
            "simple-update@2",
            "-b",
            "select-only",
        ],
    );
    let bad = compare_report(&out.stdout, &doc);
    assert!(bad.is_empty(), "{}\n{}", bad.join("\n"), out.stdout);
    assert_eq!(doc["status"], "completed");
    assert_eq!(doc["scripts"][0]["commands"].as_array().map(Vec::len), Some(9));
}

/// The same under `-R` and `-L` (skipped and late transactions, lag) with
/// `-C` (connection times), for one script.
#[test]
fn json_numbers_equal_the_report_rate_limit() {
    needs!(Server);
    let (out, doc) = run_json(
        "json_numbers_rate",
        &["-C", "-S", "-c", "2", "-t", "40", "-R", "400", "-L", "20", "--latency-percentiles=75"],
    );
    let bad = compare_report(&out.stdout, &doc);
    assert!(bad.is_empty(), "{}\n{}", bad.join("\n"), out.stdout);
    assert!(out.stdout.contains("rate limit schedule lag percentiles: p75 "), "{}", out.stdout);
    assert!(doc["totals"]["lag_ms"]["percentiles"]["75"].is_number());
}

/// The series has one entry a second, and the entries add up to the run.
#[test]
fn the_progress_series_adds_up_to_the_run() {
    needs!(Server);
    let (out, doc) = run_json("json_series", &["-n", "-S", "-c", "2", "-T", "2", "-P", "1"]);
    let intervals = doc["progress"]["intervals"].as_array().expect("intervals");
    assert!(intervals.len() >= 2, "{intervals:?}");
    for (i, iv) in intervals.iter().enumerate() {
        assert_eq!(iv["index"].as_u64(), Some(i as u64));
    }
    let sum: u64 = intervals.iter().filter_map(|iv| iv["transactions"].as_u64()).sum();
    assert_eq!(Some(sum), doc["totals"]["transactions"].as_u64());
    let count: u64 = intervals.iter().filter_map(|iv| iv["latency_ms"]["count"].as_u64()).sum();
    assert_eq!(count, sum);
    // Without --latency-percentiles the text is C's: no percentile line.
    assert!(!out.stdout.contains("percentiles"), "{}", out.stdout);
    assert!(!out.stderr.contains(" p50 "), "{}", out.stderr);
}

/// A report option measures the client, in the document only: each
/// thread's shares over the run and each second, its CPU time and
/// transactions, the totals, the verdict; the text has no section and the
/// `-P` lines are C's (the warning, when the client set the result, is
/// the timing target's).
#[test]
fn a_report_has_the_clients_side() {
    needs!(Server);
    let began = std::time::Instant::now();
    let (out, doc) =
        run_json("json_client", &["-n", "-S", "-c", "4", "-j", "2", "-T", "2", "-P", "1"]);
    let lived = began.elapsed().as_secs_f64();
    assert!(!out.stdout.contains("client statistics"), "{}", out.stdout);
    for line in out.stderr.lines().filter(|l| l.starts_with("progress: ")) {
        assert!(line.ends_with(" failed"), "{line}");
    }
    let c = &doc["client"];
    assert_eq!((c["shown"].as_bool(), c["per_second"].as_bool()), (Some(false), Some(true)));
    let threads = c["threads"].as_array().expect("threads");
    let numbers: Vec<Option<i64>> = threads.iter().map(|t| t["thread"].as_i64()).collect();
    assert_eq!(numbers, [Some(0), Some(1), None]);
    #[allow(clippy::cast_precision_loss)]
    let span = (doc["end_time_us"].as_i64().unwrap_or(0)
        - doc["progress"]["start_time_us"].as_i64().unwrap_or(0)) as f64
        / 1e6;
    let mut transactions = 0;
    for t in threads {
        let seconds = &t["seconds"];
        assert_eq!(seconds["start_time_us"], doc["progress"]["start_time_us"], "{t}");
        let n = seconds["busy_pct"].as_array().map_or(0, Vec::len);
        assert!((2..=4).contains(&n), "{t}");
        // A worker measures from its first reading, in the second
        // `first` (once its clients connected: later on a loaded
        // machine), to its last, once -T's 2 s have passed and before the
        // run's end. The main thread (`thread` null) takes its last
        // reading when the report is made, after the run's end (8 ms
        // after it on a loaded machine): the run's span bounds the
        // workers, the process's life (timed here) the main thread.
        let measured = t["measured_s"].as_f64().unwrap_or(0.0);
        #[allow(clippy::cast_precision_loss)]
        let first = seconds["first"].as_u64().unwrap_or(u64::MAX) as f64;
        assert!(measured >= 2.0 - (first + 1.0), "{span} {t}");
        let bound = if t["thread"].is_null() { lived } else { span + 0.0005 };
        assert!(measured <= bound, "{span} {lived} {t}");
        let cpu = t["user_us"].as_i64().unwrap_or(-1) + t["system_us"].as_i64().unwrap_or(-1);
        assert!(cpu >= 0, "{t}");
        transactions += t["transactions"].as_i64().unwrap_or(0);
    }
    assert_eq!(Some(transactions), doc["totals"]["transactions"].as_i64());
    assert_eq!(c["totals"]["transactions"], doc["totals"]["transactions"]);
    assert_eq!(c["verdict"]["saturated_pct"], 90.0);
    let bound = c["verdict"]["client_bound"].as_bool().expect("a verdict");
    assert_eq!(bound, out.client_warning.contains(": the client, not the server, set this result"));
}

/// `--client-stats` alone: the text report is C's, then the client's
/// section; each `-P` line ends with the busiest thread's shares.
#[test]
fn client_stats_add_a_section_and_end_the_progress_lines() {
    needs!(Server);
    let db = pgbench_db("client_stats_text");
    let args = ["-n", "-S", "-c", "2", "-j", "2", "-T", "2", "-P", "1", "--client-stats"];
    let out = Pgbench::new(args.iter().copied().chain([db.name.as_str()]))
        .label("client_stats_text")
        .run_under_test();
    assert_eq!(out.status, Status::Exit(0), "{}", out.stderr);
    let (report, section) =
        out.stdout.split_once("client statistics (measured every second; ").expect("a section");
    assert!(report.ends_with(" (without initial connection time)\n"), "{}", out.stdout);
    let lines: Vec<&str> = section.lines().collect();
    assert_eq!(
        lines[..2],
        [
            "each thread's share of the time busy on a CPU and waiting for one):",
            "thread  busy %  waiting %  user µs/xact  system µs/xact  voluntary cs  involuntary cs",
        ]
    );
    let rows: Vec<&str> =
        lines[2..5].iter().map(|l| l.split_whitespace().next().unwrap_or("")).collect();
    assert_eq!(rows, ["0", "1", "main"]);
    assert!(lines[5].starts_with("CPU time per transaction (all threads): user "), "{section}");
    assert!(lines.last().is_some_and(|l| l.starts_with("verdict: ")), "{section}");
    let progress: Vec<&str> = out.stderr.lines().filter(|l| l.starts_with("progress: ")).collect();
    assert!(progress.len() >= 2, "{}", out.stderr);
    for l in progress {
        let (_, tail) = l.split_once(" failed, thread ").unwrap_or_else(|| panic!("{l}"));
        assert!(tail.contains(" busy ") && tail.ends_with(" %"), "{l}");
    }
}

/// With `--latency-percentiles`, each `-P` line ends with the percentiles
/// of its interval.
#[test]
fn progress_lines_show_percentiles() {
    needs!(Server);
    let db = pgbench_db("progress_percentiles");
    let args = "-n -S -c 2 -T 3 -P 1 --latency-percentiles=50,99";
    let out = Pgbench::new(args.split_whitespace().chain([db.name.as_str()]))
        .label("progress_percentiles")
        .run_under_test();
    assert_eq!(out.status, Status::Exit(0), "{}", out.stderr);
    let lines: Vec<&str> = out.stderr.lines().filter(|l| l.starts_with("progress: ")).collect();
    assert!(lines.len() >= 2, "{}", out.stderr);
    for l in lines {
        let (_, tail) = l.split_once(" failed, lat p50 ").unwrap_or_else(|| panic!("{l}"));
        let items =
            parse_items(&format!("p50 {}", tail.replace(" p", ", p").replace(" max", ", max")));
        assert_eq!(items.keys().cloned().collect::<Vec<_>>(), ["50", "99", "max"], "{l}");
        assert!(items["50"] <= items["99"] && items["99"] <= items["max"], "{l}");
    }
}

/// The report files are checked right after the command line, before a
/// run connects (no server is reachable here: the errors come before the
/// connection's) or `--merge` reads its files (which are not JSON here):
/// a directory, a missing directory, the same file named twice, a report
/// that would replace a merge's input. Nothing is written.
#[test]
fn report_files_are_checked_before_connecting_or_reading() {
    let cannot_create = |file: &str, why: &str| {
        format!("pgbench: error: could not create report file \"{file}\": {why}\n")
    };
    let same_file = |json: &str, html: &str| {
        format!(
            "pgbench: error: --report-json and --report-html name the same file \
             (\"{json}\" and \"{html}\"): one report would overwrite the other\n"
        )
    };
    let cases: [(&str, &[&str], String); 6] = [
        (
            "report_is_a_directory",
            &["-S", "-t", "1", "--report-json=d"],
            cannot_create("d", "Is a directory"),
        ),
        (
            "report_in_no_directory",
            &["-S", "-t", "1", "--report-html=none/r.html"],
            cannot_create("none/r.html", "No such file or directory"),
        ),
        (
            "json_and_html_the_same_file",
            &["-S", "-t", "1", "--report-json=same", "--report-html=./same"],
            same_file("same", "./same"),
        ),
        (
            "same_file_through_a_directory",
            &["-S", "-t", "1", "--report-html=d/../r", "--report-json=r"],
            same_file("r", "d/../r"),
        ),
        (
            "merge_over_its_input",
            &["--merge", "a.json", "b.json", "--report-json=./a.json"],
            "pgbench: error: --report-json would overwrite \"a.json\", one of the reports to merge\n"
                .to_string(),
        ),
        (
            "merge_report_is_a_directory",
            &["--merge", "a.json", "b.json", "--report-html=d"],
            cannot_create("d", "Is a directory"),
        ),
    ];
    for (case, args, stderr) in cases {
        let out = Pgbench::no_server(args.iter().copied())
            .label(case)
            .file("d/keep", "")
            .file("a.json", "not JSON")
            .file("b.json", "not JSON")
            .run_under_test();
        assert_eq!(out.status, Status::Exit(1), "{case}: {}", out.stderr);
        assert_eq!(out.stderr, stderr, "{case}");
        assert_eq!(out.stdout, "", "{case}");
        assert_eq!(out.files(), ["a.json", "b.json", "d"], "{case}: a file was written");
        assert_eq!(out.read_file("a.json"), "not JSON", "{case}");
    }
}

/// Runs the program with a file size limit of 2 kB (`ulimit -f 4`,
/// SIGXFSZ ignored, so that a write past it fails with EFBIG): the
/// reports cannot be written whole, as on a full file system.
fn with_small_files(p: Pgbench) -> Pgbench {
    p.wrapped_in(&["sh", "-c", "trap '' XFSZ; ulimit -f 4; exec \"$@\"", "sh"])
}

/// A report that cannot be written at the end of a run or a merge: the
/// text report is printed, then the error, the exit status is 1, and no
/// cut file is left (an older report stays as it was).
#[test]
fn a_report_that_cannot_be_written_fails_and_leaves_no_partial_file() {
    needs!(Server);
    let db = pgbench_db("report_write_fails");
    // (Run through sh, the program is named by its own file name.)
    let written = [
        "error: could not write report file \"r.json\": File too large",
        "error: could not write report file \"r.html\": File too large",
    ];
    let errors = |stderr: &str| -> Vec<String> {
        stderr.lines().filter_map(|l| l.split_once(": ")).map(|(_, e)| e.to_string()).collect()
    };
    let args = "-n -S -t 20 --report-json=r.json --report-html=r.html";
    let run = with_small_files(Pgbench::new(args.split_whitespace().chain([db.name.as_str()])))
        .label("report_write_fails")
        .file("r.json", "old");
    let out = run.run_under_test();
    assert_eq!(out.status, Status::Exit(1), "{}", out.stderr);
    assert!(out.stdout.contains("\ntps = "), "no report:\n{}", out.stdout);
    assert_eq!(errors(&out.stderr), written, "{}", out.stderr);
    assert_eq!(out.files(), ["r.json"], "a cut or temporary file is left");
    assert_eq!(out.read_file("r.json"), "old");

    // Two shards of one run, merged under the same limit.
    let runs: Vec<Pgbench> = (0..2)
        .map(|k| {
            let shard = format!("--shard={k}/2");
            let args = ["-n", "-S", "-c", "2", "-j", "2", "-t", "20", &shard];
            Pgbench::new(args.iter().copied().chain(["--report-json=s.json", &db.name]))
                .label(&format!("report_write_fails_shard{k}"))
        })
        .collect();
    let shards = crate::harness::shards::run_together(&runs);
    let args = "--merge s0.json s1.json --report-json=r.json --report-html=r.html";
    let mut merge = with_small_files(Pgbench::no_server(args.split_whitespace()))
        .label("report_write_fails_merge");
    for (k, s) in shards.iter().enumerate() {
        assert_eq!(s.status, Status::Exit(0), "{}", s.stderr);
        merge = merge.file(&format!("s{k}.json"), s.read_file("s.json"));
    }
    let out = merge.run_under_test();
    assert_eq!(out.status, Status::Exit(1), "{}", out.stderr);
    assert!(out.stdout.contains("processed: 40/40\n"), "no report:\n{}", out.stdout);
    assert_eq!(errors(&out.stderr), written, "{}", out.stderr);
    assert_eq!(out.files(), ["s0.json", "s1.json"], "a cut or temporary file is left");
}
