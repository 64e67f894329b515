//! SIGINT and SIGTERM during a run, against a real server: the program
//! ends by the signal within a second of it, after printing the report of
//! the time until then; every completed transaction is in the `-l` logs
//! once, with no partial line, and in the aggregates and the JSON report;
//! queries in flight are cancelled; a second signal ends the process at
//! once. During `-i` the running command is cancelled, as C pgbench does.

use std::time::{Duration, Instant};

use serde_json::Value;

use crate::harness::bench::pgbench_db;
use crate::harness::checks::json_report;
use crate::harness::cluster::create_db;
use crate::harness::live::catches;
use crate::harness::needs;
use crate::harness::runner::{Output, Status};
use crate::harness::shapes::{LogOpts, messages, parse_agg_line, parse_log_line};
use crate::harness::{Pgbench, serial};

const SIGINT: i32 = libc::SIGINT;
const SIGTERM: i32 = libc::SIGTERM;

/// What the program may do between the signal and its end: a cancel
/// request for each query in flight (a connection to the server each),
/// its connections closed, the logs flushed, the report printed, the JSON
/// written and fsync'd. Milliseconds on an idle machine; four busy loops
/// on two cores stretch that several times, and an fsync may wait for the
/// disk. Five seconds allow for both and stay far below the more than 25
/// s of `-T 30` or `-T 60` left after the signal, which is what tells a
/// run that ended at the signal from one that ran to its end.
const EXIT_WORK: Duration = Duration::from_secs(5);

/// When the signal may come: once the run has measured some transactions
/// (its first `-P` line that counts some), or once the clients' queries
/// run on the server.
#[derive(Clone, Copy)]
enum When<'a> {
    /// After the first `progress:` line with transactions.
    Measured,
    /// When `n` queries whose text contains `marker` run in database `db`.
    Running { db: &'a crate::harness::Db, marker: &'a str, n: usize },
}

/// Runs `args` (`-P 1` and the database appended), sends `signal` at
/// `when`, and checks that the run ended by it, within [`EXIT_WORK`] of
/// its delivery, saying so.
fn interrupted(
    case: &str,
    db: &str,
    args: &[&str],
    files: &[(&str, &str)],
    signal: i32,
    when: When<'_>,
) -> Output {
    let mut all: Vec<&str> = args.to_vec();
    all.extend(["-P", "1", db]);
    let mut p = Pgbench::new(all).label(case);
    for (f, text) in files {
        p = p.file(f, *text);
    }
    let mut run = p.spawn_under_test();
    match when {
        When::Measured => {
            run.progress_with_work();
        }
        When::Running { db, marker, n } => {
            let sql = format!(
                "select count(*) from pg_stat_activity where state = 'active' \
                 and query like '%{marker}%' and pid <> pg_backend_pid()"
            );
            while db.query_one(&sql).parse::<usize>().unwrap_or(0) < n {
                assert!(run.running(), "{case}: it ended before its queries ran");
                std::thread::sleep(Duration::from_millis(10));
            }
        }
    }
    run.signal(signal);
    let out = run.finish();
    assert_eq!(out.status, Status::Signal(signal), "{case}: {}\n{}", out.stdout, out.stderr);
    let after = out.after_signal.unwrap_or_else(|| panic!("{case}: it ended before the signal"));
    assert!(after < EXIT_WORK, "{case}: ran {after:?} after the signal");
    let sig = if signal == SIGTERM { "SIGTERM" } else { "SIGINT" };
    let msgs = messages(&out.stderr);
    assert!(
        msgs.iter().any(|m| m.starts_with(&format!("pgbench: run interrupted by {sig} after "))
            && m.ends_with(" s: the report covers the transactions completed until then\n")),
        "{case}: no interruption message in\n{}",
        out.stderr
    );
    out
}

/// The report's count of transactions (`N` of `N` or `N/M`).
fn processed(case: &str, out: &Output) -> u64 {
    let line = out
        .stdout
        .lines()
        .find_map(|l| l.strip_prefix("number of transactions actually processed: "))
        .unwrap_or_else(|| panic!("{case}: no report:\n{}", out.stdout));
    line.split('/').next().and_then(|n| n.parse().ok()).expect("a count")
}

/// Every `-l` file: complete lines only, each well formed.
fn log_lines(case: &str, out: &Output, opts: LogOpts) -> u64 {
    let mut n = 0;
    for f in out.files().iter().filter(|f| f.starts_with("pgbench_log.")) {
        let text = out.read_file(f);
        assert!(text.is_empty() || text.ends_with('\n'), "{case}: {f} ends in a partial line");
        for line in text.lines() {
            parse_log_line(line, opts).unwrap_or_else(|e| panic!("{case}: {f}: {e}"));
            n += 1;
        }
    }
    n
}

/// The JSON report says the run was interrupted by `sig`; its count.
fn json_count(case: &str, out: &Output, sig: &str) -> u64 {
    let doc = json_report(case, out);
    assert_eq!(doc["status"], "interrupted", "{case}");
    assert_eq!(doc["interrupted_by"], sig, "{case}");
    doc["totals"]["transactions"].as_u64().expect("a count")
}

/// The command line `args` on a database of pgbench's tables (`label`'s),
/// `signal` sent once it measures: its output, and the transactions its
/// report says it processed.
fn signalled(label: &str, args: &str, signal: i32) -> (Output, u64) {
    let db = pgbench_db(label);
    let args: Vec<&str> = args.split_whitespace().collect();
    let out = interrupted(label, &db.name, &args, &[], signal, When::Measured);
    let n = processed(label, &out);
    (out, n)
}

/// The `n` transactions of the report are each in the log (with the lag
/// field under -R: `lag`) and in the JSON's, which says `signal` ended
/// the run.
fn each_counted_once(label: &str, out: &Output, n: u64, lag: bool, signal: &str) {
    assert_eq!(log_lines(label, out, LogOpts { lag, retries: false }), n);
    assert_eq!(json_count(label, out, signal), n);
}

#[test]
fn sigint_under_t_capital_reports_what_the_log_holds() {
    let _one = serial();
    needs!(Server);
    let (out, n) = signalled("int-dur", "-n -S -c 3 -j 2 -T 30 -l --report-json=r.json", SIGINT);
    assert!(n > 0, "int-dur: nothing measured");
    assert!(out.stdout.contains("\nduration: 30 s\n"), "{}", out.stdout);
    each_counted_once("int-dur", &out, n, false, "SIGINT");
    assert!(!out.stderr.contains("Run was aborted"), "{}", out.stderr);
}

#[test]
fn sigint_under_t_reports_the_count_so_far() {
    let _one = serial();
    needs!(Server);
    let (out, n) = signalled("int-cnt", "-n -S -c 2 -t 10000000 -l --report-json=r.json", SIGINT);
    assert!(out.stdout.contains(&format!("processed: {n}/20000000\n")), "{}", out.stdout);
    each_counted_once("int-cnt", &out, n, false, "SIGINT");
}

#[test]
fn sigterm_under_rate_limit() {
    let _one = serial();
    needs!(Server);
    let args = "-n -S -c 2 -R 400 -T 30 -l --report-json=r.json";
    let (out, n) = signalled("term-rate", args, SIGTERM);
    assert!(n > 0);
    each_counted_once("term-rate", &out, n, true, "SIGTERM");
}

#[test]
fn sigint_with_aggregates_counts_every_transaction_once() {
    let _one = serial();
    needs!(Server);
    let args = "-n -S -c 2 -T 30 -l --aggregate-interval=1 --report-json=r.json";
    let (out, n) = signalled("int-agg", args, SIGINT);
    let mut sum = 0;
    for f in out.files().iter().filter(|f| f.starts_with("pgbench_log.")) {
        let text = out.read_file(f);
        assert!(text.ends_with('\n'), "int-agg: {f} ends in a partial line");
        for line in text.lines() {
            sum += parse_agg_line(line).unwrap_or_else(|e| panic!("int-agg: {e}")).cnt();
        }
    }
    assert_eq!(sum, n, "int-agg: the aggregates do not add up to the report");
    assert_eq!(json_count("int-agg", &out, "SIGINT"), n);
}

#[test]
fn sigint_with_reconnects_and_scripts_in_flight() {
    let _one = serial();
    needs!(Server);
    let db = pgbench_db("int-flight");
    let cases: [(&str, &[&str], &str); 5] = [
        (
            "connect",
            &["-C"],
            "\\set aid random(1, 100000)\nselect abalance from pgbench_accounts where aid = :aid;\n",
        ),
        // A 10 ms query: a pipeline the signal may find in flight.
        (
            "pipeline",
            &["-M", "extended"],
            "\\startpipeline\nselect 1;\nselect pg_sleep(0.01);\nselect 2;\n\\endpipeline\n",
        ),
        ("sleep", &[], "select 1;\n\\sleep 700 ms\n"),
        ("shell", &[], "select 1;\n\\shell sleep 0.7\n"),
        ("setshell", &[], "select 1;\n\\setshell x sh -c 'sleep 0.7; echo 1'\n"),
    ];
    for (case, extra, script) in cases {
        let mut args = vec!["-n", "-c", "2", "-T", "30", "-l", "-f", "s.sql"];
        args.extend_from_slice(extra);
        let label = format!("int-{case}");
        let out =
            interrupted(&label, &db.name, &args, &[("s.sql", script)], SIGINT, When::Measured);
        let n = processed(&label, &out);
        assert_eq!(log_lines(&label, &out, LogOpts { lag: false, retries: false }), n, "{label}");
    }
}

/// A query the signal finds running is cancelled on the server, not left
/// to run to its end there: gone long before the minute it sleeps.
#[test]
fn sigint_cancels_the_queries_in_flight() {
    let _one = serial();
    needs!(Server);
    let db = create_db("int-cancel");
    // A minute: the statement the signal finds running, to be cancelled.
    let script = "select pg_sleep(60) as interrupt_me;\n";
    let out = interrupted(
        "int-cancel",
        &db.name,
        &["-n", "-c", "2", "-T", "120", "-f", "s.sql"],
        &[("s.sql", script)],
        SIGINT,
        When::Running { db: &db, marker: "interrupt_me", n: 2 },
    );
    assert_eq!(processed("int-cancel", &out), 0);
    let running = "select count(*) from pg_stat_activity \
                   where query like '%interrupt_me%' and pid <> pg_backend_pid()";
    let gone_by = Instant::now() + Duration::from_secs(30);
    while db.query_one(running) != "0" {
        assert!(Instant::now() < gone_by, "the sleeping queries still run on the server");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Waits until a thread of `child` sleeps writing to a full pipe (its
/// wchan names pipe_write): --debug fills the pipe in a moment, but how
/// long a moment is depends on the machine's load.
fn wait_until_stderr_is_full(child: &mut std::process::Child) {
    let tasks = format!("/proc/{}/task", child.id());
    loop {
        let blocked = std::fs::read_dir(&tasks).into_iter().flatten().flatten().any(|t| {
            std::fs::read_to_string(t.path().join("wchan")).is_ok_and(|w| w.contains("pipe_write"))
        });
        if blocked {
            return;
        }
        assert!(child.try_wait().expect("try_wait").is_none(), "it ended with its stderr unread");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Whether process `pid` has no signal pending (each one sent was
/// delivered, its handler run).
fn nothing_pending(pid: u32) -> bool {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status.lines().filter(|l| l.starts_with("SigPnd:") || l.starts_with("ShdPnd:")).all(|l| {
        l.split_whitespace().nth(1).and_then(|m| u64::from_str_radix(m, 16).ok()) == Some(0)
    })
}

/// The first signal cannot end a process whose stderr is full (nobody
/// reads it): once it is handled, the process is still there. The
/// second one ends it by SIGINT, its stderr still full: nothing but the
/// signal's default action could end it then.
#[test]
fn a_second_sigint_ends_the_process_at_once() {
    let _one = serial();
    needs!(Server);
    let db = pgbench_db("int-twice");
    let p = Pgbench::new(["--debug", "-n", "-S", "-c", "1", "-T", "60", db.name.as_str()]);
    let mut cmd = std::process::Command::new(crate::harness::runner::under_test_path());
    cmd.args(["--debug", "-n", "-S", "-c", "1", "-T", "60", db.name.as_str()]);
    for (k, v) in p.pg_env() {
        cmd.env(k, v);
    }
    cmd.stdout(std::process::Stdio::null()).stderr(std::process::Stdio::piped());
    let mut child = cmd.spawn().expect("start pgbench-rs");
    let _stderr = child.stderr.take();
    wait_until_stderr_is_full(&mut child);
    while !catches(child.id(), SIGINT) {
        std::thread::sleep(Duration::from_millis(1));
    }
    pgbench_rs::send_signal(child.id(), SIGINT).expect("kill");
    while !nothing_pending(child.id()) {
        std::thread::sleep(Duration::from_millis(1));
    }
    assert!(child.try_wait().expect("try_wait").is_none(), "it ended on the first signal");
    pgbench_rs::send_signal(child.id(), SIGINT).expect("kill");
    let status = child.wait().expect("wait");
    use std::os::unix::process::ExitStatusExt;
    assert_eq!(status.signal(), Some(SIGINT), "{status:?}");
}

/// `text` without `-i`'s progress reports (`N of M tuples (P%) done
/// (elapsed E s, remaining R s)` and the line end after one), wherever
/// they are: C's signal handler writes "Cancel request sent" at once, and
/// so it may land inside a progress line.
fn without_progress(text: &str) -> String {
    let mut out = text.to_string();
    while let Some(i) = out.find(" tuples (") {
        let head = out[..i].trim_end_matches(|c: char| c.is_ascii_digit());
        let head = head.strip_suffix(" of ").unwrap_or(head);
        let start = head.trim_end_matches(|c: char| c.is_ascii_digit()).len();
        let end = out[i..].find(" s)").map_or(out.len(), |e| i + e + 3);
        let end = if out[end..].starts_with(['\n', '\r']) { end + 1 } else { end };
        out.replace_range(start..end, "");
    }
    out
}

/// During `-i`, SIGINT cancels the running command, as C pgbench does:
/// the same messages and exit status (the COPY's line number aside). The
/// signal comes once the COPY has said its first progress (its rows are
/// being sent).
#[test]
fn sigint_during_initialization_cancels_as_c_does() {
    let _one = serial();
    needs!(Server);
    let Some(c) = crate::harness::runner::c_pgbench_or_skip(17) else { return };
    let mut outs = Vec::new();
    for which in ["rs", "c"] {
        let db = create_db(&format!("int-init-{which}"));
        let p = Pgbench::new(["-i", "-I", "dtg", "-s", "30", db.name.as_str()])
            .label(&format!("int-init-{which}"));
        let mut run = if which == "rs" { p.spawn_under_test() } else { p.spawn_c_as(c) };
        run.stderr_line(1, |l| l.contains(" tuples ("));
        run.signal(SIGINT);
        let out = run.finish();
        let text: Vec<String> = without_progress(&out.stderr)
            .lines()
            .filter(|l| !l.is_empty())
            .map(|l| match l.split_once("COPY pgbench_accounts, line ") {
                Some((head, _)) => format!("{head}COPY pgbench_accounts, line N"),
                None => l.to_string(),
            })
            .collect();
        outs.push((out.status, text.join("\n")));
    }
    assert_eq!(outs[0], outs[1], "pgbench-rs and C pgbench differ");
    assert_eq!(outs[0].0, Status::Exit(1));
    assert!(outs[0].1.contains("Cancel request sent"), "{}", outs[0].1);
}

/// A signal in the second of five runs of `--repeat` ends it after that
/// run: the reports of the two runs made and their table.
#[test]
fn a_signal_ends_a_repeat_after_the_run_it_interrupted() {
    let _one = serial();
    needs!(Server);
    let db = pgbench_db("repeat-int");
    let args = ["-n", "-S", "-T", "3", "--repeat=5", "--report-json=r.json", db.name.as_str()];
    let mut run = Pgbench::new(args).label("repeat-int").spawn_under_test();
    // Half a second into the second run's measurement (of three seconds).
    let origin = run.event("measuring", 2);
    crate::harness::live::Running::sleep_until(origin + 0.5);
    run.signal(libc::SIGINT);
    let out = run.finish();
    assert_eq!(out.status, Status::Signal(libc::SIGINT), "{}\n{}", out.stdout, out.stderr);
    // The reports of the two runs made, then their table; no further run.
    let n = out.stdout.matches("\ntps = ").count();
    assert_eq!(n, 2, "{}", out.stdout);
    assert!(out.stderr.contains("run 2 of 5"), "{}", out.stderr);
    assert!(!out.stderr.contains("run 3 of 5"), "{}", out.stderr);
    // The table, without the line under it that names the runs the client
    // set (there when a run saturated the client: a loaded machine).
    let table: Vec<&str> = (out.stdout.lines())
        .skip_while(|l| !l.starts_with("summary of the runs"))
        .take_while(|l| !l.starts_with("runs the client set"))
        .collect();
    assert_eq!(table.len(), 3, "{}", out.stdout);
    assert!(table[2].starts_with("      1        1     2  "), "{}", table[2]);
    let doc: Value = serde_json::from_str(&out.read_file("r.json")).expect("r.json is JSON");
    assert_eq!(doc["format"], "pgbench-rs points");
    let runs = doc["points"][0]["runs"].as_array().expect("runs");
    let status: Vec<&str> = runs.iter().filter_map(|r| r["status"].as_str()).collect();
    assert_eq!(status, ["completed", "interrupted"]);
}
