//! `--metrics-listen`'s endpoint, live: Debian's Prometheus scraping a run
//! every second holds, after the run's report, the report's counts, a
//! p99 in the JSON's bucket and each thread's busy share; the scrapes read by the Prometheus client
//! library's parsers (counters never go down, buckets cumulative, `+Inf`
//! equal to `_count`); a `-P 1` run's lines on time beside a silent
//! client, garbage and a hundred scrapes a second; the loopback by
//! default; an address in use or not allowed refused before anything
//! connects; without the option, no thread and no socket.

use std::io::Write;
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use serde_json::Value;

use crate::harness::bench::shared_pgbench_db;
use crate::harness::live::{Running, epoch_now};
use crate::harness::needs;
use crate::harness::prometheus::{Prometheus, get};
use crate::harness::require::pytools_dir;
use crate::harness::runner::Status;
use crate::harness::shapes::{ProgressOpts, check_progress};
use crate::harness::{Need, PATIENCE, Pgbench, require, serial};

/// What `Accept` header an OpenMetrics scraper sends (Prometheus 2's).
const OPENMETRICS: &str = "application/openmetrics-text;version=1.0.0,\
                           application/openmetrics-text;version=0.0.1;q=0.75,\
                           text/plain;version=0.0.4;q=0.5,*/*;q=0.1";

/// The line a run prints when its endpoint is up, and the address in it.
fn endpoint_of(r: &mut Running) -> (String, SocketAddr) {
    let line = r.stderr_line(1, |l| l.contains("serving the metrics at "));
    let addr = line
        .strip_prefix("pgbench: serving the metrics at http://")
        .and_then(|a| a.strip_suffix("/metrics"))
        .and_then(|a| a.parse().ok())
        .unwrap_or_else(|| panic!("{line:?}"));
    (line, addr)
}

/// Starts the command line `args` against the shared database `metrics`,
/// labelled `label`: the run, once its endpoint is up, and the line and
/// address of the endpoint.
fn serving(label: &str, args: &str) -> (Running, String, SocketAddr) {
    let db = shared_pgbench_db("metrics");
    let mut r = Pgbench::new(args.split_whitespace().chain([db.name.as_str()]))
        .label(label)
        .spawn_under_test();
    let (line, addr) = endpoint_of(&mut r);
    (r, line, addr)
}

/// The run's JSON report, once it is written.
fn report(dir: &Path) -> Value {
    let text = std::fs::read_to_string(dir.join("r.json")).expect("r.json");
    serde_json::from_str(&text).expect("r.json is JSON")
}

/// `check_metrics.py` on `scrapes` (in order): each parses, counters
/// never go down, buckets are cumulative, `+Inf` is `_count`.
fn check_scrapes(scrapes: &[PathBuf]) {
    if !require(Need::PyTools) {
        return;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let out = Command::new("python3")
        .arg(root.join("tests/tools/check_metrics.py"))
        .args(scrapes)
        .env("PYTHONPATH", pytools_dir())
        .output()
        .expect("python3");
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "check_metrics.py: {said}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(said.starts_with(&format!("{} scrapes, ", scrapes.len())), "{said}");
}

/// The value of a sample line `name{labels} value` of a scrape.
fn sample(text: &str, name: &str) -> f64 {
    let line = text
        .lines()
        .find(|l| l.starts_with(name) && l[name.len()..].starts_with(['{', ' ']))
        .unwrap_or_else(|| panic!("no {name} in\n{text}"));
    line.rsplit(' ').next().and_then(|v| v.parse().ok()).unwrap_or_else(|| panic!("{line}"))
}

/// The index of the bucket (of upper `bounds`, then `+Inf`) holding `v`.
fn bucket(bounds: &[f64], v: f64) -> usize {
    bounds.iter().position(|&b| v <= b).unwrap_or(bounds.len())
}

/// A script with failures: one transaction in twenty divides by zero
/// (`--continue-on-error` goes on).
const DIVIDES: &str = "\\set r random(1, 20)\nSELECT 1 / (:r - 1);\n";

#[test]
fn prometheus_holds_the_reports_counts_after_the_run() {
    let _one = serial();
    needs!(Server, Prometheus);
    let args = "-n -c 2 -j 2 -T 3 --continue-on-error -f divides.sql --report-json=r.json \
                --metrics-listen=0 --metrics-linger=600";
    let mut r = Pgbench::new(args.split_whitespace())
        .file("divides.sql", DIVIDES)
        .label("metrics-prometheus")
        .spawn_under_test();
    let (_, addr) = endpoint_of(&mut r);
    let prometheus = Prometheus::start(&r.dir().join("prometheus"), &[addr]);

    // The report is written and the last metrics published: Prometheus'
    // first scrape after that holds them.
    let lingering = r.event("lingering", 1);
    let doc = report(r.dir());
    let until = Instant::now() + PATIENCE;
    while prometheus.value("max(timestamp(pgbench_rs_transactions_total))").unwrap_or(0.0)
        <= lingering
    {
        assert!(Instant::now() < until, "no scrape after the report:\n{}", prometheus.log_text());
        std::thread::sleep(Duration::from_millis(200));
    }

    let totals = &doc["totals"];
    let transactions = prometheus.query("pgbench_rs_transactions_total");
    assert_eq!(transactions.len(), 1, "{transactions:?}");
    assert_eq!(transactions[0].0["script"], "divides.sql");
    assert_eq!(Some(transactions[0].1), totals["transactions"].as_f64());
    let failed = prometheus.value("sum(pgbench_rs_failed_total)");
    assert!(totals["failed"].as_u64().unwrap_or(0) > 0, "a run with failures: {totals}");
    assert_eq!(failed, totals["failed"].as_f64());
    let other = prometheus.value("sum(pgbench_rs_failed_total{kind=\"other\"})");
    assert_eq!(other, totals["failures"]["other"].as_f64());

    // The p99 Prometheus interpolates in the buckets is in the bucket of
    // the JSON's p99 (from the HDR histogram) or the next one.
    let mut bounds: Vec<f64> = prometheus
        .query("pgbench_rs_latency_seconds_bucket")
        .iter()
        .filter_map(|(m, _)| m["le"].as_str()?.parse().ok())
        .filter(|b: &f64| b.is_finite())
        .collect();
    bounds.sort_by(f64::total_cmp);
    assert_eq!(bounds.len(), 16, "{bounds:?}");
    let p99 = prometheus
        .value("histogram_quantile(0.99, sum by (le) (pgbench_rs_latency_seconds_bucket))")
        .expect("a p99");
    let json_p99 =
        totals["latency_ms"]["percentiles"]["99"].as_f64().expect("the JSON's p99") / 1e3;
    let (theirs, ours) = (bucket(&bounds, p99), bucket(&bounds, json_p99));
    assert!(
        theirs.abs_diff(ours) <= 1,
        "p99 {p99} s in bucket {theirs}, JSON's {json_p99} s in {ours}"
    );

    // Each thread's busy share (the report measures the client): after
    // the run, the whole measurement's, as the JSON has it (to its one
    // decimal).
    let busy = prometheus.query("pgbench_rs_thread_busy_ratio");
    assert_eq!(busy.len(), 2, "{busy:?}");
    for (labels, share) in busy {
        let t: usize = labels["thread"].as_str().and_then(|t| t.parse().ok()).expect("a thread");
        let json = doc["client"]["threads"][t]["busy_pct"].as_f64().expect("busy_pct");
        assert!((share * 100.0 - json).abs() <= 0.051, "thread {t}: {share} and {json} %");
    }
    drop(prometheus);

    // SIGTERM ends the linger at once; the run's status is its own.
    r.signal(libc::SIGTERM);
    let out = r.finish();
    assert_eq!(out.status, Status::Exit(0), "{}", out.stderr);
    assert!(out.stdout.contains("number of failed transactions: "), "{}", out.stdout);
}

/// Scrapes `addr` until `stop`, about a hundred a second, alternating the
/// formats; keeps each answer in `dir` (`NNNNN.om`, `NNNNN.prom`) and
/// returns their files, and what went wrong.
fn flood(addr: SocketAddr, dir: &Path, stop: &AtomicBool) -> (Vec<PathBuf>, Vec<String>) {
    std::fs::create_dir_all(dir).expect("the scrapes' directory");
    let (mut files, mut wrong) = (Vec::new(), Vec::new());
    let mut i = 0_u32;
    while !stop.load(Ordering::Acquire) {
        let om = i % 2 == 0;
        match get(addr, "/metrics", om.then_some(OPENMETRICS)) {
            Ok(a) if a.status == 200 => {
                let f = dir.join(format!("{i:05}.{}", if om { "om" } else { "prom" }));
                std::fs::write(&f, &a.body).expect("a scrape");
                files.push(f);
            }
            Ok(a) => wrong.push(format!("scrape {i}: {} {}", a.status, a.body)),
            Err(e) => wrong.push(format!("scrape {i}: {e}")),
        }
        i += 1;
        std::thread::sleep(Duration::from_millis(10));
    }
    (files, wrong)
}

/// What the endpoint answers `bytes`, sent as they are.
fn answer_to(addr: SocketAddr, bytes: &[u8]) -> String {
    use std::io::Read;
    let mut s = TcpStream::connect(addr).expect("connect");
    s.set_read_timeout(Some(Duration::from_secs(30))).expect("a timeout");
    s.write_all(bytes).expect("send");
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out);
    String::from_utf8_lossy(&out).into_owned()
}

#[test]
fn progress_on_time_beside_a_silent_client_garbage_and_a_flood_of_scrapes() {
    let _one = serial();
    needs!(Server);
    let args = "-n -S -c 2 -T 5 -P 1 --report-json=r.json --metrics-listen=0 --metrics-linger=600";
    let (mut r, line, addr) = serving("metrics-flood", args);
    // A client that connects and says nothing, for the whole run; one
    // that sends garbage; requests for anything but the metrics.
    let silent = TcpStream::connect(addr).expect("a silent client");
    let garbage = answer_to(addr, b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03garbage\r\n\r\n");
    assert!(garbage.starts_with("HTTP/1.1 400 "), "{garbage:?}");
    let elsewhere = answer_to(addr, b"GET /etc/passwd HTTP/1.1\r\nHost: x\r\n\r\n");
    assert!(elsewhere.starts_with("HTTP/1.1 404 "), "{elsewhere:?}");
    let posted = answer_to(addr, b"POST /metrics HTTP/1.1\r\nContent-Length: 0\r\n\r\n");
    assert!(posted.starts_with("HTTP/1.1 405 "), "{posted:?}");
    let stop = Arc::new(AtomicBool::new(false));
    let flooding = {
        let (dir, stop) = (r.dir().join("scrapes"), Arc::clone(&stop));
        std::thread::spawn(move || flood(addr, &dir, &stop))
    };

    let lingering = r.event("lingering", 1);
    stop.store(true, Ordering::Release);
    let (scrapes, wrong) = flooding.join().expect("the flood");
    assert_eq!(wrong, Vec::<String>::new(), "every scrape answered");
    assert!(scrapes.len() > 10, "{} scrapes", scrapes.len());
    // After the report: the last values, the report's.
    let last = get(addr, "/metrics", Some(OPENMETRICS)).expect("a scrape after the report");
    assert!(epoch_now() > lingering);
    let doc = report(r.dir());
    let transactions = sample(&last.body, "pgbench_rs_transactions_total");
    assert_eq!(Some(transactions), doc["totals"]["transactions"].as_f64());
    let last_file = r.dir().join("scrapes/last.om");
    std::fs::write(&last_file, &last.body).expect("the last scrape");
    let mut all = scrapes;
    all.push(last_file);
    check_scrapes(&all);

    drop(silent);
    r.signal(libc::SIGTERM);
    let out = r.finish();
    assert_eq!(out.status, Status::Exit(0), "{}", out.stderr);
    check_progress(&out, ProgressOpts::default(), 4, 5, &format!("{line}\n"))
        .unwrap_or_else(|e| panic!("{e}\n{}", out.stderr));
}

#[test]
fn the_endpoint_is_on_the_loopback_unless_told() {
    let _one = serial();
    needs!(Server);
    let db = shared_pgbench_db("metrics");
    let out =
        Pgbench::new(["-n", "-S", "-t", "5", "--metrics-listen=0", "--metrics-linger=0", &db.name])
            .label("metrics-loopback")
            .run_under_test();
    assert_eq!(out.status, Status::Exit(0), "{}", out.stderr);
    let line = out.stderr.lines().next().unwrap_or_default();
    assert!(line.starts_with("pgbench: serving the metrics at http://127.0.0.1:"), "{line}");
    assert!(line.ends_with("/metrics"), "{line}");
}

#[test]
fn an_address_in_use_or_not_allowed_is_refused_before_connecting() {
    let _one = serial();
    // A port taken on the loopback.
    let taken = TcpListener::bind("127.0.0.1:0").expect("a port");
    let port = taken.local_addr().expect("its address").port();
    // (No server: had it tried to connect, it would say it could not.)
    for (listen, error) in [
        (
            port.to_string(),
            format!("\"127.0.0.1:{port}\" for --metrics-listen: Address already in use"),
        ),
        (
            "192.0.2.1:9187".to_string(),
            "\"192.0.2.1:9187\" for --metrics-listen: Cannot assign requested address".to_string(),
        ),
    ] {
        let out =
            Pgbench::no_server(["-n", "-S", "-t", "1", &format!("--metrics-listen={listen}")])
                .label("metrics-in-use")
                .run_under_test();
        assert_eq!(out.status, Status::Exit(1), "{listen}: {}", out.stderr);
        assert_eq!(out.stdout, "", "{listen}");
        assert_eq!(
            out.stderr,
            format!("pgbench: error: could not listen on {error}\n"),
            "{listen}"
        );
    }
    drop(taken);
}

/// The names of the threads of process `pid`, and how many TCP sockets
/// it listens on.
fn threads_and_listeners(pid: u32) -> (Vec<String>, usize) {
    let tasks = std::fs::read_dir(format!("/proc/{pid}/task")).expect("its threads");
    let mut names: Vec<String> = tasks
        .filter_map(|t| std::fs::read_to_string(t.ok()?.path().join("comm")).ok())
        .map(|n| n.trim().to_string())
        .collect();
    names.sort();
    let fds = std::fs::read_dir(format!("/proc/{pid}/fd")).expect("its descriptors");
    let sockets: Vec<String> = fds
        .filter_map(|f| std::fs::read_link(f.ok()?.path()).ok())
        .filter_map(|l| {
            let l = l.to_string_lossy().into_owned();
            Some(l.strip_prefix("socket:[")?.strip_suffix(']')?.to_string())
        })
        .collect();
    let mut listening = 0;
    for table in ["/proc/net/tcp", "/proc/net/tcp6"] {
        for line in std::fs::read_to_string(table).unwrap_or_default().lines().skip(1) {
            let f: Vec<&str> = line.split_whitespace().collect();
            // (st 0A is LISTEN; the tenth field is the inode.)
            if f.len() > 9 && f[3] == "0A" && sockets.iter().any(|s| s == f[9]) {
                listening += 1;
            }
        }
    }
    (names, listening)
}

#[test]
fn without_the_option_no_thread_and_no_socket() {
    let _one = serial();
    needs!(Server);
    let db = shared_pgbench_db("metrics");
    for with in [false, true] {
        let mut args = vec!["-n", "-S", "-c", "2", "-j", "2", "-T", "2", &db.name];
        if with {
            args.extend(["--metrics-listen=0", "--metrics-linger=0"]);
        }
        let mut r = Pgbench::new(args).label("metrics-nothing").spawn_under_test();
        r.measuring();
        let (threads, listening) = threads_and_listeners(r.pid());
        let out = r.finish();
        assert_eq!(out.status, Status::Exit(0), "{}", out.stderr);
        let endpoint = threads.iter().filter(|t| *t == "metrics").count();
        assert_eq!((endpoint, listening), if with { (1, 1) } else { (0, 0) }, "{threads:?}");
    }
}

/// Ctrl-C: the run's report, then the endpoint serves its last values
/// (the report's) for the linger; a second Ctrl-C ends the process, by
/// the signal, as an interrupted run ends.
#[test]
fn after_ctrl_c_the_report_then_the_last_values() {
    let _one = serial();
    needs!(Server);
    let args = "-n -S -c 2 -T 600 --report-json=r.json --metrics-listen=0 --metrics-linger=600";
    let (mut r, _, addr) = serving("metrics-ctrl-c", args);
    r.measuring();
    r.signal(libc::SIGINT);
    r.event("lingering", 1);
    let doc = report(r.dir());
    assert_eq!(doc["interrupted_by"], "SIGINT");
    let last = get(addr, "/metrics", Some(OPENMETRICS)).expect("a scrape after the report");
    let transactions = sample(&last.body, "pgbench_rs_transactions_total");
    assert_eq!(Some(transactions), doc["totals"]["transactions"].as_f64());
    r.send(libc::SIGINT);
    let out = r.finish();
    assert_eq!(out.status, Status::Signal(libc::SIGINT), "{}", out.stderr);
    assert!(out.stdout.contains("number of transactions actually processed: "), "{}", out.stdout);
}
