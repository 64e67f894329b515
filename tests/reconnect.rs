//! `--reconnect` against real servers: a server restarted (`pg_ctl
//! restart -m fast`) in the middle of a run, and a failover (the primary
//! stopped at once, its streaming standby promoted a second later, the
//! clients connected with a two-host connection string and
//! `target_session_attrs=read-write`). The clients go on after it; the
//! one outage the report and the JSON give matches, within 100 ms plus the
//! probe's interval, the window in which an independent probe (psql in a
//! loop, with timestamps) could not query the server; the `-l` logs hold
//! every transaction the report counts, each once; the `-P` lines mark the
//! outage, the HTML page draws it and the CSV's seconds hold it. And a
//! network cut (the client in a network namespace, the veth to it down
//! for 2 s): the keepalives and TCP user timeout of the connection
//! string find it, the clients connect again once it is over, and the
//! report has the outage. And one restart seen by a run and by the same
//! run as two shards merged: the same outages. And the clients still
//! waiting for the server 5 s after the end of a `--reconnect` run:
//! given up, each with a warning, their statements cancelled.

use std::collections::HashSet;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use serde_json::Value;

use crate::harness::Pgbench;
use crate::harness::checks::check_page;
use crate::harness::checks::json_report;
use crate::harness::cluster::{Cluster, Db, extra_cluster, tcp_cluster};
use crate::harness::live::Running;
use crate::harness::needs;
use crate::harness::netns::Machine;
use crate::harness::runner::{Output, Status};
use crate::harness::serial;
use crate::harness::shapes::report_value;
use crate::harness::standby::{primary_with_standby, promote};

/// Unix epoch seconds now.
fn epoch() -> f64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map_or(0.0, |d| d.as_secs_f64())
}

/// One query of the probe: when psql started and ended, and whether it
/// could query the server.
#[derive(Clone, Copy, Debug)]
struct Probe {
    start: f64,
    end: f64,
    ok: bool,
}

/// Runs `query` (true: the server answered) in a loop until `stop`.
fn probe(
    query: impl Fn() -> bool + Send + 'static,
    stop: Arc<AtomicBool>,
) -> std::thread::JoinHandle<Vec<Probe>> {
    std::thread::spawn(move || {
        let mut seen = Vec::new();
        while !stop.load(Ordering::Relaxed) {
            let start = epoch();
            let ok = query();
            seen.push(Probe { start, end: epoch(), ok });
            std::thread::sleep(Duration::from_millis(5));
        }
        seen
    })
}

/// The window the probe saw the server down: from the start of its first
/// failed query to the end of the first query that succeeded after it,
/// and the longest time between two of its queries then.
fn probe_window(seen: &[Probe]) -> (f64, f64, f64) {
    let first_bad = seen.iter().position(|p| !p.ok).expect("the probe saw the server down");
    let back = first_bad
        + seen[first_bad..].iter().position(|p| p.ok).expect("the probe saw the server again");
    assert!(seen[back..].iter().all(|p| p.ok), "one outage only: {seen:?}");
    let lo = first_bad.saturating_sub(1);
    let interval = seen[lo..=back].windows(2).map(|w| w[1].end - w[0].start).fold(0.0, f64::max);
    (seen[first_bad].start, seen[back].end, interval)
}

/// Every `-l` line of the run: (client, transaction number, what ended
/// it: µs or a failure word, when it ended: Unix epoch seconds).
fn log_lines(out: &Output) -> Vec<(u32, u64, String, f64)> {
    let mut lines = Vec::new();
    for f in out.files().iter().filter(|f| f.starts_with("pgbench_log.")) {
        for line in out.read_file(f).lines() {
            let w: Vec<&str> = line.split(' ').collect();
            assert_eq!(w.len(), 6, "{line:?}");
            let parse = |s: &str| s.parse::<u64>().unwrap_or_else(|_| panic!("{line:?}"));
            let client = u32::try_from(parse(w[0])).expect("a client id");
            #[allow(clippy::cast_precision_loss)]
            let at = parse(w[4]) as f64 + parse(w[5]) as f64 / 1e6;
            lines.push((client, parse(w[1]), w[2].to_string(), at));
        }
    }
    lines
}

/// The count after `prefix` on a report line.
fn report_count(stdout: &str, prefix: &str) -> u64 {
    report_value(stdout, prefix)
}

/// A new database `name` of `server` with pgbench's tables (scale 1).
fn initialized(server: &'static Cluster, name: &str) -> Db {
    let db = server.create_db(name);
    let out = Pgbench::new(["-i", "-q", &db.name])
        .env("PGHOST", server.host())
        .env("PGPORT", server.port.to_string())
        .label("reconnect-init")
        .run_under_test();
    assert_eq!(out.status, Status::Exit(0), "init: {}", out.stderr);
    db
}

/// `-c 4 -j 2 -T 6 --reconnect` with `-l` and the JSON, HTML and CSV
/// reports, on `conninfo` (run by the command `wrap` when not empty).
fn reconnecting_run(case: &str, conninfo: &str, wrap: &[&str]) -> Pgbench {
    let args = [
        "-c",
        "4",
        "-j",
        "2",
        "-T",
        "6",
        "-n",
        "-l",
        "-P",
        "1",
        "--failures-detailed",
        "--reconnect",
    ];
    let files = ["--report-json=r.json", "--report-html=r.html", "--report-csv=r.csv", conninfo];
    let mut run = Pgbench::new(args.iter().copied().chain(files)).label(case);
    if !wrap.is_empty() {
        run = run.wrapped_in(wrap);
    }
    run
}

/// Runs `run`, calls `outage` two seconds into its measurement (of six),
/// and checks the report, the logs and the JSON against each other: one
/// outage, each client's connection lost once at most, every transaction
/// logged once. The outage's start and end, and when the first failure
/// was logged (Unix epoch seconds).
fn run_through(case: &str, run: Pgbench, outage: impl FnOnce()) -> (f64, f64, f64) {
    let mut bench = run.spawn_under_test();
    let origin = bench.measuring();
    Running::sleep_until(origin + 2.0);
    outage();
    let out = bench.finish();
    assert_eq!(out.status, Status::Exit(0), "{}\n{}", out.stdout, out.stderr);

    // The report: one outage, and the failures it caused.
    let processed = report_count(&out.stdout, "number of transactions actually processed: ");
    let failed = report_count(&out.stdout, "number of failed transactions: ");
    let conn = report_count(&out.stdout, "number of connection failures: ");
    let unknown =
        report_count(&out.stdout, "number of transactions whose COMMIT's outcome is unknown: ");
    assert_eq!(failed, conn, "{}", out.stdout);
    assert!((1..=4).contains(&conn), "each client lost its connection once at most: {conn}");
    assert!(unknown <= conn);
    assert_eq!(report_count(&out.stdout, "number of outages: "), 1, "{}", out.stdout);
    assert!(out.stdout.contains("\noutage 1: at "), "{}", out.stdout);

    // The -P lines: each says its connection failures; the outage's are
    // marked, and together they have every failure.
    let progress: Vec<&str> = out.stderr.lines().filter(|l| l.starts_with("progress: ")).collect();
    let lost_in = |l: &str| {
        let n = l.split(", ").find_map(|f| f.strip_suffix(" connection failures (outage)"));
        n.or_else(|| l.split(", ").find_map(|f| f.strip_suffix(" connection failures")))
            .and_then(|n| n.parse::<u64>().ok())
            .unwrap_or_else(|| panic!("{l}"))
    };
    assert!(progress.len() >= 4, "{}", out.stderr);
    assert!(progress.iter().any(|l| l.ends_with(" (outage)")), "{}", out.stderr);
    assert!(progress.iter().all(|l| lost_in(l) == 0 || l.ends_with(" (outage)")));
    assert!(progress.iter().map(|l| lost_in(l)).sum::<u64>() <= conn);

    // The logs: every transaction once.
    let lines = log_lines(&out);
    let ok = lines.iter().filter(|l| l.2.bytes().all(|b| b.is_ascii_digit())).count();
    let lost = lines.iter().filter(|l| l.2 == "connection" || l.2 == "commit_unknown").count();
    assert_eq!((ok as u64, lost as u64, lines.len() as u64), (processed, conn, processed + conn));
    let unique: HashSet<(u32, u64)> = lines.iter().map(|l| (l.0, l.1)).collect();
    assert_eq!(unique.len(), lines.len(), "a transaction logged twice");
    let failures = lines.iter().filter(|l| !l.2.bytes().all(|b| b.is_ascii_digit()));
    let first_failure = failures.map(|l| l.3).fold(f64::INFINITY, f64::min);

    // The JSON: the same.
    let doc = json_report(case, &out);
    assert_eq!(doc["totals"]["failures"]["connection"].as_u64(), Some(conn));
    assert_eq!(doc["totals"]["failures"]["commit_unknown"].as_u64(), Some(unknown));
    let outages = doc["outages"].as_array().expect("outages");
    assert_eq!(outages.len(), 1, "{outages:?}");
    let (start, end) = (outages[0]["start"].as_f64(), outages[0]["end"].as_f64());
    let (Some(start), Some(end)) = (start, end) else { panic!("{outages:?}") };
    let duration = outages[0]["duration_s"].as_f64().expect("a duration");
    assert!((duration - (end - start)).abs() < 1e-5, "{outages:?}");

    // The CSV: its seconds are the JSON's, and the parts of them in the
    // outage (which started two seconds into six and ended before the
    // end) add up to it.
    let csv = out.read_file("r.csv");
    crate::harness::tables::check_run_table(&csv, &doc);
    let (_, rows) = crate::harness::tables::read(&csv);
    let within: f64 = rows.iter().filter_map(|r| r.last()?.parse::<f64>().ok()).sum();
    assert!((within - duration).abs() < 1e-5, "outage_s adds up to {within}, not {duration}");

    // The page: the outage marked on the throughput chart.
    check_page(case, &out.dir.join("r.html"), &["tps"]);
    let html = out.read_file("r.html");
    assert!(html.contains(">outage</text>"), "no outage in the throughput chart's legend");
    assert!(start <= first_failure, "the outage starts with its first transaction");
    (start, end, first_failure)
}

/// [`run_through`] while a probe runs `query`: the outage is where the
/// probe saw it, within 100 ms plus the probe's interval.
fn through_outage(
    case: &str,
    conninfo: &str,
    outage: impl FnOnce(),
    query: impl Fn() -> bool + Send + 'static,
) {
    let stop = Arc::new(AtomicBool::new(false));
    let prober = probe(query, Arc::clone(&stop));
    let (start, end, _) = run_through(case, reconnecting_run(case, conninfo, &[]), outage);
    stop.store(true, Ordering::Relaxed);
    let seen = prober.join().expect("the probe");
    let (down, up, interval) = probe_window(&seen);
    let slack = 0.1 + interval;
    assert!(
        (start - down).abs() <= slack && (end - up).abs() <= slack,
        "outage {start:.3}..{end:.3}, probe {down:.3}..{up:.3} (interval {interval:.3} s)"
    );
}

#[test]
fn a_restart_is_an_outage_the_clients_go_through() {
    let _one = serial();
    needs!(Server);
    let server = extra_cluster("restart");
    let db = initialized(server, "restart_db");
    let conninfo =
        format!("host={} port={} dbname={}", server.host().display(), server.port, db.name);
    let restart = || server.restart_fast().unwrap_or_else(|e| panic!("restart: {e}"));
    through_outage("restart", &conninfo, restart, move || {
        server.try_query("postgres", "SELECT 1").is_ok()
    });
}

#[test]
fn a_failover_is_an_outage_the_clients_go_through() {
    let _one = serial();
    needs!(Server);
    let major = crate::harness::cluster().server_version_num / 10_000;
    let Some(pair) = primary_with_standby(major, "failover", "") else { return };
    let (primary, standby) = (pair.primary, pair.standby);
    let db = initialized(primary, "failover_db");
    // The standby has replayed the tables before the run.
    let caught_up =
        "SELECT count(*) FROM pg_stat_replication WHERE replay_lsn >= pg_current_wal_lsn()";
    crate::harness::wait_until("the standby to replay the tables", || {
        primary.query("postgres", caught_up) == [["1"]]
    });
    let hosts = |db: &str| {
        format!(
            "host={},{} port={},{} dbname={db} target_session_attrs=read-write",
            primary.host().display(),
            standby.host().display(),
            primary.port,
            standby.port
        )
    };
    let conninfo = hosts(&db.name);
    let probe_conninfo = hosts("postgres");
    let psql = standby.bindir.join("psql");
    let failover = || {
        primary.stop_immediate().unwrap_or_else(|e| panic!("stop the primary: {e}"));
        std::thread::sleep(Duration::from_secs(1));
        promote(standby).unwrap_or_else(|e| panic!("promote: {e}"));
    };
    through_outage("failover", &conninfo, failover, move || {
        std::process::Command::new(&psql)
            .args([
                "-X",
                "-A",
                "-t",
                "-q",
                "-U",
                "postgres",
                "-c",
                "SELECT 1",
                "-d",
                &probe_conninfo,
            ])
            .env_clear()
            .stdin(std::process::Stdio::null())
            .output()
            .is_ok_and(|o| o.status.success())
    });
}

#[test]
fn a_network_cut_is_an_outage_the_clients_go_through() {
    let _one = serial();
    needs!(Server, Root);
    let server = tcp_cluster("netcut");
    let db = initialized(server, "netcut_db");
    let m = Machine::new(7).unwrap_or_else(|e| panic!("network namespace: {e}"));
    // Keepalives and a TCP user timeout of a second find the cut; an
    // attempt to connect during it gives up after 2 s.
    let conninfo = format!(
        "host={} port={} dbname={} keepalives_idle=1 keepalives_interval=1 keepalives_count=1 \
         tcp_user_timeout=1000 connect_timeout=2",
        m.server_addr, server.port, db.name
    );
    let run = reconnecting_run("netcut", &conninfo, &m.exec());
    // When the link went down (the `ip` command: from its start to its
    // end) and when it came back up (the same).
    let mut window = [0.0; 4];
    let cut = || {
        window[0] = epoch();
        m.set_link(false).unwrap_or_else(|e| panic!("cut: {e}"));
        window[1] = epoch();
        std::thread::sleep(Duration::from_secs(2));
        window[2] = epoch();
        m.set_link(true).unwrap_or_else(|e| panic!("restore: {e}"));
        window[3] = epoch();
    };
    let (start, end, found) = run_through("netcut", run, cut);
    let [cutting, cut_at, restoring, restored] = window;
    // Found after the cut began, and within 2 s of when the link was
    // down: the TCP user timeout (1 s), or a keepalive (idle 1 s,
    // interval 1 s) for a connection that was sending nothing.
    assert!(
        found >= cutting && found <= cut_at + 2.0,
        "cut at {cutting:.3}-{cut_at:.3}, found at {found:.3}"
    );
    // The outage starts with a transaction the cut caught: begun before
    // it (each lasts milliseconds; a second allows for a loaded
    // machine), or after it and before the loss was found.
    assert!(start >= cutting - 1.0, "cut at {cutting:.3}, outage from {start:.3}");
    // Over only once the link came back, and within 3.5 s of when it
    // was up: an attempt to connect made during the cut may have to wait
    // for its SYN's retransmission (1 s, then 2 s more) or its
    // connect_timeout (2 s).
    assert!(
        end >= restoring && end <= restored + 3.5,
        "restored at {restoring:.3}-{restored:.3}, outage to {end:.3}"
    );
}

/// The outages of a document: when each one's throughput was back (its
/// end and its recovery, Unix epoch seconds; none: it never was).
fn recoveries(doc: &Value) -> Vec<Option<f64>> {
    let list = doc["outages"].as_array().unwrap_or_else(|| panic!("no outages: {doc}"));
    list.iter().map(|o| Some(o["end"].as_f64()? + o["recovered_s"].as_f64()?)).collect()
}

/// When a document's clients were back from its one outage (Unix epoch
/// seconds): its end (the first success on a connection made again) and
/// the last client's first success on its new connection.
fn reconnections(doc: &Value) -> (f64, f64) {
    let outage = &doc["outages"][0];
    let (start, end) = (outage["start"].as_f64(), outage["end"].as_f64());
    let (Some(start), Some(end)) = (start, end) else { panic!("{outage}") };
    let back = doc["outage_log"]["back_us"].as_array().unwrap_or_else(|| panic!("{doc}"));
    #[allow(clippy::cast_precision_loss)]
    let last = back
        .iter()
        .filter_map(|p| Some((p[0].as_i64()? as f64 / 1e6, p[1].as_i64()? as f64 / 1e6)))
        .filter(|(made, _)| *made >= start)
        .map(|(_, first)| first)
        .fold(end, f64::max);
    (end, last)
}

/// The merged document's notes are the shards' put together: their
/// losses and connections made again one after the other, their counts
/// added bucket by bucket from the merged origin (a shard's moved by the
/// nearest whole number of buckets).
fn check_merged_notes(merged: &Value, shards: &[Value]) {
    let log = |d: &Value, key: &str| -> Vec<Value> {
        d["outage_log"][key].as_array().cloned().unwrap_or_else(|| panic!("no {key}: {d}"))
    };
    let int = |d: &Value, key: &str| -> i64 {
        d["outage_log"][key].as_i64().unwrap_or_else(|| panic!("no {key}: {d}"))
    };
    for key in ["lost_us", "back_us"] {
        let joined: Vec<Value> = shards.iter().flat_map(|d| log(d, key)).collect();
        assert_eq!(log(merged, key), joined, "outage_log.{key}");
    }
    let (origin, bucket) = (int(merged, "origin_us"), int(merged, "bucket_us"));
    let mut sum: Vec<i64> = Vec::new();
    for d in shards {
        let offset = (int(d, "origin_us") - origin + bucket / 2).div_euclid(bucket);
        for (i, n) in log(d, "counts").iter().enumerate() {
            let Ok(at) = usize::try_from(i64::try_from(i).unwrap_or(i64::MAX) + offset) else {
                continue;
            };
            if at >= sum.len() {
                sum.resize(at + 1, 0);
            }
            sum[at] += n.as_i64().unwrap_or_else(|| panic!("a count: {n}"));
        }
    }
    let counts: Vec<i64> = log(merged, "counts").iter().filter_map(Value::as_i64).collect();
    assert_eq!(counts, sum, "outage_log.counts");
}

/// One restart of the server, seen by a run and, at the same time, by the
/// same run split over two shards (`--shard`, one `--start-at`, merged
/// with `--merge`): the merged run reports the outages the run unsharded
/// reports, by the same algorithm on the shards' notes (which it keeps,
/// put together exactly: [`check_merged_notes`]): as many, and each
/// one's throughput back at the same step of the 100 ms grid both measure
/// recovery on, give or take how far apart the two saw their clients come
/// back. Under `-R` and one `--random-seed` both run the same schedule
/// (the shards', put together, are the run's), whatever the machine's
/// speed, so the throughput of the two differs only where their clients
/// were not connected: between the first client back and the last, each
/// process trying again on its own (every 50 ms at most) and, on a loaded
/// machine, scheduled when it may (their first successes were seen
/// 200 ms apart beside four busy loops). The three
/// start together (one `--start-at`, see `harness::shards`); the restart
/// comes once all three have printed their third progress line (three
/// seconds measured, the level before the outage).
#[test]
fn a_restart_merged_from_two_shards_is_the_restart_of_the_run_unsharded() {
    let _one = serial();
    needs!(Server);
    let server = extra_cluster("restart-shards");
    let db = initialized(server, "restart_shards_db");
    let run = |label: &str, shard: Option<usize>| {
        // (-T 20: after the restart, which begins at 3 s, each run needs a
        // second of throughput back before it ends for its recovery to be
        // known; a loaded machine's restart, and a shard's reconnections,
        // took up to six seconds here.)
        let mut a: Vec<String> = ["-n", "-c", "4", "-j", "2", "-T", "20", "-R", "100", "-P", "1"]
            .iter()
            .map(ToString::to_string)
            .collect();
        a.extend(["--reconnect".into(), "--random-seed=5".into(), "--report-json=r.json".into()]);
        a.extend(shard.map(|k| format!("--shard={k}/2")));
        a.push(db.name.clone());
        Pgbench::new(a).on(server).label(label)
    };
    let mut runs = crate::harness::shards::started_together(&[
        run("restart-unsharded", None),
        run("restart-shard-0", Some(0)),
        run("restart-shard-1", Some(1)),
    ]);
    for r in &mut runs {
        r.stderr_line(3, |l| l.starts_with("progress: "));
    }
    server.restart_fast().unwrap_or_else(|e| panic!("restart: {e}"));
    let mut docs = Vec::new();
    for r in runs {
        let out = r.finish();
        assert_eq!(out.status, Status::Exit(0), "{}\n{}", out.stdout, out.stderr);
        assert_eq!(report_count(&out.stdout, "number of outages: "), 1, "{}", out.stdout);
        docs.push(out.read_file("r.json"));
    }
    let whole: Value = serde_json::from_str(&docs[0]).expect("JSON");
    let merged = crate::shards::merge_shards("restart-shards-merge", &docs[1..]);
    assert_eq!(merged.status, Status::Exit(0), "{}", merged.stderr);
    assert_eq!(report_count(&merged.stdout, "number of outages: "), 1, "{}", merged.stdout);
    let m: Value = serde_json::from_str(&merged.read_file("m.json")).expect("m.json");
    let shards: Vec<Value> =
        docs[1..].iter().map(|d| serde_json::from_str(d).expect("a shard's JSON")).collect();
    check_merged_notes(&m, &shards);
    let (whole_back, merged_back) = (recoveries(&whole), recoveries(&m));
    eprintln!(
        "restart-shards: back at {whole_back:?} unsharded, {merged_back:?} merged; clients \
         back at {:?} unsharded, {:?} merged",
        reconnections(&whole),
        reconnections(&m)
    );
    assert_eq!(merged_back.len(), whole_back.len(), "{whole_back:?} {merged_back:?}");
    // Both measure on the grid of 100 ms buckets from the one --start-at:
    // the throughput is back at the same step of it, or as many steps
    // apart (and one more for the rounding to the grid) as the first or
    // the last of their clients came back apart.
    for (a, b) in whole_back.iter().zip(&merged_back) {
        let (Some(a), Some(b)) = (a, b) else {
            panic!(
                "the throughput was not back: {whole_back:?} {merged_back:?}\n\
                 outages {} (run end {}) unsharded, {} (run end {}) merged",
                whole["outages"], whole["end_time_us"], m["outages"], m["end_time_us"]
            )
        };
        let ((end_a, last_a), (end_b, last_b)) = (reconnections(&whole), reconnections(&m));
        let apart = (end_a - end_b).abs().max((last_a - last_b).abs());
        assert!(
            (a - b).abs() <= apart + 0.1 + 1e-5,
            "back at {a} s unsharded, {b} s merged; clients back from {end_a} to {last_a} s \
             unsharded, from {end_b} to {last_b} s merged"
        );
    }
    // The merged document keeps what its outages are made of.
    let counts = |d: &Value| d["outage_log"]["counts"].as_array().map_or(0, Vec::len);
    assert!(counts(&m) >= 90, "{}", m["outage_log"]);
    assert!(counts(&whole) >= 90, "{}", whole["outage_log"]);
}

/// Under `--reconnect`, a client still waiting for the server 5 s after
/// the end of the run (here a statement that sleeps for an hour, as one
/// blocked by the locks of a session lost in a network cut would wait) is
/// given up with a warning, its transaction not counted, and the server
/// is asked to cancel what it runs: the run ends. (The statement cannot end
/// by itself before the give-up: no bound on the machine's speed.)
#[test]
fn clients_still_waiting_after_the_end_are_given_up() {
    let _one = serial();
    needs!(Server);
    let marker = "still_waiting_after_the_end";
    // An hour: the statement outlives the run, to be given up and cancelled.
    let script = format!("SELECT pg_sleep(3600) AS {marker};\n");
    let out = Pgbench::new(["-n", "-c", "2", "-j", "1", "-T", "1", "--reconnect", "-f", "s.sql"])
        .file("s.sql", script)
        .label("give-up")
        .run_under_test();
    assert_eq!(out.status, Status::Exit(0), "{}\n{}", out.stdout, out.stderr);
    let warnings: Vec<&str> = out.stderr.lines().filter(|l| l.contains("warning")).collect();
    let expected: Vec<String> = (0..2)
        .map(|c| {
            format!(
                "pgbench: warning: client {c} still waited for the server 5 s after the end \
                 of the run: its transaction is not counted"
            )
        })
        .collect();
    assert_eq!(warnings, expected, "{}", out.stderr);
    assert_eq!(report_count(&out.stdout, "number of transactions actually processed: "), 0);
    let running = format!(
        "SELECT count(*) FROM pg_stat_activity WHERE query LIKE '%{marker}%' \
         AND pid <> pg_backend_pid()"
    );
    crate::harness::wait_until("the given-up statements to be cancelled", || {
        crate::harness::cluster().query("postgres", &running) == [["0"]]
    });
}
